#!/usr/bin/env bash
# Benchmark of `gitvow hook`: median, p90 and maximum wall time and peak memory per call, in one
# interleaved run (every round runs every case once, so a busy moment of the machine costs all
# cases alike), next to /bin/true (the cost of starting any process) as the floor.
#
#   bench/hook.sh [ROUNDS]      (default 200 rounds)
#
# The setting: the default policy installed as ~/.gitvow/policy.json, in a
# repository that has a policy of its own (the default plus two rules of its own, so two whole
# policies are in force). Cases: PreToolUse for an allowed Bash command, a denied one, an Edit, a
# Codex patch and a 2 KB compound command; PostToolUse and SessionStart (which only record).
# Before the rounds, one call validates the policies (compiles every pattern, as any first call
# after a policy file or gitvow changes does); its time is printed on its own. The rounds start once
# the policies are known by identity (a few seconds later), as for every call after that.
#
# Targets: PreToolUse median <= floor + 0.5 ms (2 KB command: floor + 1 ms), other events
# <= floor + 0.3 ms, peak memory <= 3 MiB.
#
# The binary is $GITVOW_BIN, else the release build (bench/bin.sh).
# Wall time comes from bash's $EPOCHREALTIME around each run (no helper process inside the measured
# interval). Peak memory (max RSS) comes from GNU time (`/usr/bin/time -f %M`).
set -euo pipefail

rounds=${1:-200}
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=bench/bin.sh
source "$root/bench/bin.sh"
bench_bin

if [[ -z "${EPOCHREALTIME:-}" ]]; then
    echo "bench/hook.sh needs bash 5 or newer (for \$EPOCHREALTIME)" >&2
    exit 1
fi
gnu_time=""
if /usr/bin/time -f %M true >/dev/null 2>&1; then
    gnu_time=/usr/bin/time
else
    echo "note: GNU time not found (apt-get install -y time); peak memory is not measured" >&2
fi

# shellcheck source=bench/policies.sh
source "$root/bench/policies.sh"
setup_bench

# The cases: label, expected exit code, stdin, command.
labels=() wants=() inputs=() commands=()
case_() { labels+=("$1"); wants+=("$2"); inputs+=("$3"); commands+=("$4"); }
case_ "floor (/bin/true)" 0 "$work/bash-allow.json" "/bin/true"
case_ "Bash allow" 0 "$work/bash-allow.json" "$bin hook PreToolUse"
case_ "Bash deny" 2 "$work/bash-deny.json" "$bin hook PreToolUse"
case_ "Edit" 0 "$work/edit.json" "$bin hook PreToolUse"
case_ "Codex patch" 0 "$work/codex-patch.json" "$bin hook --agent codex PreToolUse"
case_ "Bash 2 KB compound" 0 "$work/bash-2k.json" "$bin hook PreToolUse"
case_ "PostToolUse" 0 "$work/post.json" "$bin hook PostToolUse"
case_ "SessionStart" 0 "$work/start.json" "$bin hook SessionStart"
n=${#labels[@]}

# The first call validates both policies (and records that they compiled); it is timed on its own.
t0=$EPOCHREALTIME
$bin hook PreToolUse < "$work/bash-allow.json" >/dev/null 2>&1 || true
t1=$EPOCHREALTIME
first=$(( ${t1/./} - ${t0/./} ))
# A call knows the policy files by identity (and hashes nothing) only once their times, and those of
# the prepared policies the first call wrote, are a few seconds old (src/gate/policy/known.rs);
# before that every call reads and hashes both policies. The rounds measure the calls after that,
# as an agent's calls are: wait, and the sanity calls below record the identities.
sleep 4

# Sanity: the verdicts are the ones the cases name.
for ((c = 0; c < n; c++)); do
    got=0
    ${commands[c]} < "${inputs[c]}" >/dev/null 2>&1 || got=$?
    if [[ $got != "${wants[c]}" ]]; then
        echo "bench/hook.sh: ${labels[c]} exited $got, expected ${wants[c]}" >&2
        exit 1
    fi
done

for ((c = 0; c < n; c++)); do : > "$work/times.$c"; done
for ((r = 0; r < rounds; r++)); do
    for ((c = 0; c < n; c++)); do
        t0=$EPOCHREALTIME
        ${commands[c]} < "${inputs[c]}" >/dev/null 2>&1 || true
        t1=$EPOCHREALTIME
        echo $(( ${t1/./} - ${t0/./} )) >> "$work/times.$c"
    done
done

pick() { # file, percentile
    sort -n "$1" | sed -n "$(( ($2 * rounds + 99) / 100 ))p"
}
echo "gitvow hook, $rounds interleaved rounds ($("$bin" --version)); default policy in ~/.gitvow and a repository policy"
printf '%-20s %9s %9s %9s %9s   %s\n' case median p90 max "- floor" "peak memory"
floor=$(pick "$work/times.0" 50)
for ((c = 0; c < n; c++)); do
    peak="n/a"
    if [[ -n $gnu_time ]]; then
        best=0
        for ((i = 0; i < 20; i++)); do
            kb=$({ "$gnu_time" -f %M ${commands[c]} < "${inputs[c]}" 2>&1 >/dev/null || true; } | tail -1)
            if (( kb > best )); then best=$kb; fi
        done
        peak=$(awk -v k="$best" 'BEGIN { printf "%.1f MiB", k / 1024 }')
    fi
    awk -v l="${labels[c]}" -v m="$(pick "$work/times.$c" 50)" -v p="$(pick "$work/times.$c" 90)" -v x="$(sort -n "$work/times.$c" | tail -1)" -v f="$floor" -v k="$peak" \
        'BEGIN { printf "%-20s %6.2f ms %6.2f ms %6.2f ms %+6.2f ms   %s\n", l, m / 1000, p / 1000, x / 1000, (m - f) / 1000, k }'
done
awk -v t="$first" 'BEGIN { printf "first call after a policy change (compiles every pattern of both policies): %.2f ms\n", t / 1000 }'
