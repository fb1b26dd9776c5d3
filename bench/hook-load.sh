#!/usr/bin/env bash
# Load benchmark of the hook runtime: STREAMS concurrent streams of CALLS `gitvow hook PreToolUse`
# calls each into one repository (half allowed, half denied), with the release build. Prints the
# wall time distribution and checks that the hook log has one well-formed line per call.
#
#   bench/hook-load.sh [STREAMS] [CALLS]      (default 8 streams x 500 calls)
#
# The setting is bench/hook.sh's: the default policy in ~/.gitvow and a repository policy of its
# own. The binary is $GITVOW_BIN, else the release build (bench/bin.sh).
set -euo pipefail

streams=${1:-8}
calls=${2:-500}
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/bin.sh
source "$root/bench/bin.sh"
bench_bin

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export HOME="$work/home"
# shellcheck source=bench/policies.sh
source "$root/bench/policies.sh"
setup_policies "$work/repo"
payload() {
    printf '{"session_id":"load","transcript_path":"/dev/null","cwd":"%s","hook_event_name":"PreToolUse","permission_mode":"bypassPermissions","tool_name":"Bash","tool_input":{"command":"%s"}}' "$work/repo" "$1"
}
payload "ls -la" > "$work/allow.json"
payload "git push --force origin main" > "$work/deny.json"

stream() { # one stream: prints one wall time in microseconds per call, and fails on a wrong answer
    local s=$1 i start end code
    for ((i = 0; i < calls; i++)); do
        if (( (s + i) % 2 )); then f=allow; want=0; else f=deny; want=2; fi
        start=${EPOCHREALTIME/./}
        code=0
        "$bin" hook PreToolUse < "$work/$f.json" >/dev/null 2>"$work/err.$s" || code=$?
        end=${EPOCHREALTIME/./}
        [[ $code == "$want" ]] || { echo "wrong answer: $f gave exit $code" >&2; exit 1; }
        echo $((end - start))
    done
}
for ((s = 0; s < streams; s++)); do stream "$s" > "$work/times.$s" & done
wait
sort -n "$work"/times.* > "$work/all"
n=$(wc -l < "$work/all")
pick() { sed -n "$(( ($1 * n + 99) / 100 ))p" "$work/all"; }
lines=$(wc -l < "$work/repo/.git/gitvow-hooks.log")
bad=$(python3 -c 'import json,sys
bad=0
for l in open(sys.argv[1]):
    try: json.loads(l)
    except Exception: bad+=1
print(bad)' "$work/repo/.git/gitvow-hooks.log")
over=$(awk '$1 > 50000' "$work/all" | wc -l)
printf 'gitvow hook under load: %d streams x %d calls = %d calls, all answered right\n' "$streams" "$calls" "$n"
awk -v m="$(pick 50)" -v p="$(pick 99)" -v x="$(tail -1 "$work/all")" -v o="$over" \
    'BEGIN { printf "wall time: median %.2f ms, p99 %.2f ms, max %.2f ms; %d calls over 50 ms\n", m / 1000, p / 1000, x / 1000, o }'
printf 'hook log: %d lines for %d calls, %d not well-formed\n' "$lines" "$n" "$bad"
