#!/usr/bin/env bash
# Worst-case benchmark of the command analyser: `gitvow hook PreToolUse` (release build, default
# policy) on generated commands built to hit every limit (deep nesting, 200 KiB inputs, unterminated
# syntax, a payload just under the 16 MiB limit). Prints median and maximum wall time per case, the
# exit code and the start of the answer. Target: every case well under 100 ms, every answer a verdict.
#
#   bench/gate-worst.sh [RUNS]      (default 10 runs per case; the binary is $GITVOW_BIN, else the release build: bench/bin.sh)
set -euo pipefail

runs=${1:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/bin.sh
source "$root/bench/bin.sh"
bench_bin
if [[ -z "${EPOCHREALTIME:-}" ]]; then
    echo "bench/gate-worst.sh needs bash 5 or newer (for \$EPOCHREALTIME)" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home"
mkdir -p "$HOME" "$work/repo"
git init -q "$work/repo"
repo="$work/repo"

# rep TEXT N: TEXT repeated N times (awk: bash's own string replacement is quadratic).
rep() { REP="$1" awk -v n="$2" 'BEGIN { ORS = ""; s = ENVIRON["REP"]; for (i = 0; i < n; i++) print s }'; }

# payload NAME: the command in $work/NAME.cmd as a Claude Bash call in $work/NAME.json.
payload() {
    {
        printf '{"session_id":"bench","cwd":"%s","hook_event_name":"PreToolUse","permission_mode":"bypassPermissions","tool_name":"Bash","tool_input":{"command":"' "$repo"
        # JSON string escapes: backslash and quote (sed), tab and newline (awk joins the lines).
        LC_ALL=C sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' "$work/$1.cmd" | LC_ALL=C awk 'BEGIN { ORS = "" } { if (NR > 1) print "\\n"; print }'

        printf '"}}'
    } > "$work/$1.json"
}

case_() { # name, command text
    printf '%s' "$2" > "$work/$1.cmd"
    payload "$1"
    names+=("$1")
}
names=()
k=1024
# The floor: a plain command, for the cost of starting the hook at all on this machine now.
case_ floor-ls "ls -la"
case_ nested-subst-36k "echo $(rep '$(' $((18 * k)))git push -f$(rep ')' $((18 * k)))"
case_ nested-subst-200k "$(rep '$(' $((100 * k)))"
case_ nested-paren-200k "$(rep '(' $((200 * k)))"
case_ nested-quoted-subst "$(rep '"$(' $((66 * k)))"
case_ nested-procsubst "$(rep 'cat <(' $((33 * k)))"
case_ nested-param "$(rep '${' $((100 * k)))"
case_ nested-arith "$(rep '$((' $((66 * k)))"
case_ commands-100k "$(rep 'a;' $((100 * k)))"
case_ pipes-100k "$(rep 'a|' $((100 * k)))"
case_ wrappers-40k "$(rep 'sudo ' $((40 * k)))git push -f"
case_ evals-40k "$(rep 'eval ' $((40 * k)))'git push -f'"
case_ word-200k "$(rep a $((200 * k)))"
case_ args-200k "git push $(rep 'x ' $((100 * k)))"
case_ quote-unterminated "echo '$(rep x $((200 * k)))"
case_ heredoc-unterminated "cat <<EOF
$(rep 'line
' $((40 * k)))"
case_ heredocs-50k "cat $(rep '<<A ' $((50 * k)))
"
case_ braces-200k "echo $(rep '{a,b}' $((40 * k)))"
case_ redirections-5k "echo $(rep '> f ' 5000)"
case_ cd-4k "$(rep 'cd a; ' 4000)echo x > f"
case_ touches-300 "rm $(rep '.claude/x ' 300)"
case_ backticks "echo $(rep '`\`' $((20 * k)))"
case_ sql-heredoc-200k "psql <<'SQL'
$(rep "SELECT replace(a, 'DROP TABLE x', '') FROM t;
" $((4 * k)))SQL"
case_ commit-heredoc-100k "git commit -m \"\$(cat <<'EOF'
$(rep 'rm -rf / and git push --force in a message
' $((2 * k)))EOF
)\""
# A payload just under the 16 MiB limit.
case_ payload-16m "$(rep 'a ' $(((16 << 20) / 2 - 4096)))"

echo "gitvow hook on worst-case commands, $runs runs per case ($("$bin" --version))"
printf '%-22s %9s %11s %11s  %s\n' case "size" median max answer
for name in "${names[@]}"; do
    input="$work/$name.json"
    times=()
    for ((i = 0; i < runs; i++)); do
        t0=$EPOCHREALTIME
        "$bin" hook PreToolUse < "$input" > "$work/out" 2> "$work/err" && code=0 || code=$?
        t1=$EPOCHREALTIME
        times+=("$(( ${t1/./} - ${t0/./} ))")
    done
    sorted=$(printf '%s\n' "${times[@]}" | sort -n)
    median=$(sed -n "$(( (runs + 1) / 2 ))p" <<< "$sorted")
    max=$(tail -1 <<< "$sorted")
    size=$(wc -c < "$input")
    answer="exit $code: $(head -c 70 "$work/err" | tr '\n' ' ')"
    awk -v n="$name" -v s="$size" -v m="$median" -v x="$max" -v a="$answer" \
        'BEGIN { printf "%-22s %8.0fK %8.2f ms %8.2f ms  %s\n", n, s / 1024, m / 1000, x / 1000, a }'
done
