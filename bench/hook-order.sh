#!/usr/bin/env bash
# Writes build/hook-order.txt: the functions a `gitvow hook` call runs, in the order it first runs
# them, for the linker to place first and together in the binary (build.rs passes it to the linker
# as --symbol-ordering-file).
#
# Why: the hook is a fresh process before every tool call. Its resident memory is mostly the code
# pages it touches, and the kernel maps a file's pages 64 KB at a time: with the hook's functions
# scattered over 4 MB of code, a call maps most of it. Placed together they fill a few windows.
#
#   bench/hook-order.sh       (needs valgrind; takes about a minute)
#
# The names carry the compiler's hashes, which stay the same when code changes but not across
# compiler releases: run this again after a toolchain upgrade (a stale list only means a bigger
# peak memory in bench/hook.sh, never a failed build). The calls are the cases of bench/hook.sh.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/bin.sh
source "$root/bench/bin.sh"
bin=$(release_bin)
command -v valgrind >/dev/null || { echo "bench/hook-order.sh needs valgrind (apt-get install -y valgrind)" >&2; exit 1; }
(cd "$root" && cargo build --release --locked --quiet)
compiler=$(rustc --version)

# shellcheck source=bench/policies.sh
source "$root/bench/policies.sh"
setup_bench

# The first call validates the policies; the others take the path every later call takes.
"$bin" hook PreToolUse < "$work/bash-allow.json" >/dev/null 2>&1 || true
n=0
for call in "bash-deny.json hook PreToolUse" "bash-allow.json hook PreToolUse" "edit.json hook PreToolUse" \
    "codex-patch.json hook --agent codex PreToolUse" "bash-2k.json hook PreToolUse" "post.json hook PostToolUse" \
    "start.json hook SessionStart"; do
    read -r input args <<< "$call"
    n=$((n + 1))
    # shellcheck disable=SC2086
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/calls.$n" "$bin" $args < "$work/$input" >/dev/null 2>&1 || true
done
{
    echo "# Written by bench/hook-order.sh with $compiler; see there."
    # Function names in the order callgrind first names them, each once.
    sed -n 's/^c\?fn=([0-9]*) \(.*\)$/\1/p' "$work"/calls.* | sed "s/'.*//" | grep -v '^0x' | awk '!seen[$0]++'
} > "$root/build/hook-order.txt"
echo "build/hook-order.txt: $(($(wc -l < "$root/build/hook-order.txt") - 1)) functions"
