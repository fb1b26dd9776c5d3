#!/usr/bin/env bash
# Benchmark of `gitvow hook PreToolUse` under the default policy: median and maximum wall time and
# peak memory per call, for a Bash allow, a Bash deny, a Codex patch and an Edit, next to /bin/true
# (the cost of starting any process) as the floor.
#
#   bench/hook.sh [RUNS]        (default 200 runs per case; uses target/release/gitvow)
#
# Wall time comes from bash's $EPOCHREALTIME around each run (no helper process inside the measured
# interval). Peak memory (max RSS) comes from GNU time (`/usr/bin/time -f %M`); without it the
# memory column says so. Targets: median <= 3 ms, peak <= 8 MiB.
set -euo pipefail

runs=${1:-200}
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/target/release/gitvow"
fixtures="$root/tests/fixtures/payloads"

if [[ -z "${EPOCHREALTIME:-}" ]]; then
    echo "bench/hook.sh needs bash 5 or newer (for \$EPOCHREALTIME)" >&2
    exit 1
fi
if [[ ! -x "$bin" ]]; then
    echo "building $bin (once)…" >&2
    (cd "$root" && cargo build --release --quiet)
fi
gnu_time=""
if /usr/bin/time -f %M true >/dev/null 2>&1; then
    gnu_time=/usr/bin/time
else
    echo "note: GNU time not found (apt-get install -y time); peak memory is not measured" >&2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home"
mkdir -p "$HOME" "$work/repo"
git init -q "$work/repo"
repo="$work/repo"

# Payloads: the real captured shapes, moved into the temporary repository.
payload() { # fixture, then sed expressions
    local file=$1; shift
    local cwd
    cwd=$(sed -n 's/.*"cwd":"\([^"]*\)".*/\1/p' "$fixtures/$file")
    sed "s#$cwd#$repo#g" "$fixtures/$file" | sed "$@"
}
payload claude-bash.json -e 's#"command":"[^"]*"#"command":"ls -la \&\& git status"#' -e 's#"permission_mode":"default"#"permission_mode":"bypassPermissions"#' > "$work/bash-allow.json"
payload claude-bash.json -e 's#"command":"[^"]*"#"command":"git push --force origin main"#' > "$work/bash-deny.json"
payload codex-patch.json -e 's#^##' > "$work/codex-patch.json"
payload claude-edit.json -e 's#^##' > "$work/edit.json"

# Sanity: the verdicts are the ones the case names.
check() { # name, expected exit code, command...
    local name=$1 want=$2; shift 2
    local got=0
    "$@" >/dev/null 2>&1 || got=$?
    if [[ $got != "$want" ]]; then
        echo "bench/hook.sh: $name exited $got, expected $want" >&2
        exit 1
    fi
}
check "bash allow" 0 "$bin" hook PreToolUse < "$work/bash-allow.json"
check "bash deny" 2 "$bin" hook PreToolUse < "$work/bash-deny.json"
check "codex patch" 0 "$bin" hook --agent codex PreToolUse < "$work/codex-patch.json"
check "edit" 0 "$bin" hook PreToolUse < "$work/edit.json"

measure() { # label, stdin file, command...
    local label=$1 input=$2; shift 2
    local times=() t0 t1 i
    for ((i = 0; i < runs; i++)); do
        t0=$EPOCHREALTIME
        "$@" < "$input" >/dev/null 2>&1 || true
        t1=$EPOCHREALTIME
        times+=("$(( (${t1/./} - ${t0/./}) ))")
    done
    local sorted median max peak="n/a"
    sorted=$(printf '%s\n' "${times[@]}" | sort -n)
    median=$(sed -n "$(( (runs + 1) / 2 ))p" <<< "$sorted")
    max=$(tail -1 <<< "$sorted")
    if [[ -n $gnu_time ]]; then
        local kb best=0
        for ((i = 0; i < 20; i++)); do
            kb=$({ "$gnu_time" -f %M "$@" < "$input" 2>&1 >/dev/null || true; } | tail -1)
            if (( kb > best )); then best=$kb; fi
        done
        peak=$(awk -v k="$best" 'BEGIN { printf "%.1f MiB", k / 1024 }')
    fi
    awk -v l="$label" -v m="$median" -v x="$max" -v p="$peak" 'BEGIN { printf "%-22s %8.2f ms %8.2f ms   %s\n", l, m / 1000, x / 1000, p }'
}

echo "gitvow hook, $runs runs per case ($("$bin" --version))"
printf '%-22s %11s %11s   %s\n' case median max "peak memory"
measure "floor (/bin/true)" "$work/bash-allow.json" /bin/true
measure "Bash allow" "$work/bash-allow.json" "$bin" hook PreToolUse
measure "Bash deny" "$work/bash-deny.json" "$bin" hook PreToolUse
measure "Codex patch" "$work/codex-patch.json" "$bin" hook --agent codex PreToolUse
measure "Edit" "$work/edit.json" "$bin" hook PreToolUse
