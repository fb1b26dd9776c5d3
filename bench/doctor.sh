#!/usr/bin/env bash
# Times `gitvow doctor --user` on a user install of the first seven agents, then of all eleven, live
# probes included (hook commands the way each agent starts them, cline's hook file, the OpenCode and
# Kilo plugins under Node.js when `node` is on the PATH). Targets: median under 1 s, under 300 ms
# for the seven.
# The binary is $GITVOW_BIN, else the release build (bench/bin.sh).
#
# Usage: bench/doctor.sh [RUNS]        RUNS timed runs (default 9) after one warm-up; prints the median.
# Every run uses a temporary HOME; the real home directory is never read or written.
set -euo pipefail

runs=${1:-9}
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/bin.sh
source "$root/bench/bin.sh"
bench_bin

if [[ -z "${EPOCHREALTIME:-}" ]]; then
    echo "bench/doctor.sh needs bash 5 or newer (for \$EPOCHREALTIME)" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# One line per agent set: a fresh HOME, a user install, then the timed doctor runs.
measure() {
    local label=$1
    shift
    export HOME="$work/$label"
    mkdir -p "$HOME"
    cd "$HOME"
    local agents=()
    for a in "$@"; do agents+=(--agent "$a"); done
    "$bin" install --user --yes "${agents[@]}" >/dev/null
    # Doctor exits 0 on this healthy install (warnings only): anything else means the figure is wrong.
    "$bin" doctor --user >"$work/out.txt" || { cat "$work/out.txt" >&2; echo "bench/doctor.sh: doctor failed" >&2; exit 1; }
    grep -q "under node" "$work/out.txt" || echo "note: node not on the PATH, the plugin probes ran through /bin/sh" >&2
    local times=()
    for ((i = 0; i < runs; i++)); do
        t0=$EPOCHREALTIME
        "$bin" doctor --user >/dev/null
        t1=$EPOCHREALTIME
        times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) * 1000 }')")
    done
    local sorted median max
    sorted=$(printf '%s\n' "${times[@]}" | sort -n)
    median=$(echo "$sorted" | awk -v n="$runs" 'NR == int((n + 1) / 2) { print }')
    max=$(echo "$sorted" | tail -1)
    echo "gitvow doctor --user, $# agents ($label), live probes: median ${median} ms, max ${max} ms over ${runs} runs"
}

measure seven claude codex gemini cursor copilot factory opencode
measure eleven claude codex gemini cursor copilot factory opencode qwen cline kilo auggie
