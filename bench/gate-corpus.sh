#!/usr/bin/env bash
# Per-group counts of the gate corpus (tests/integration/gate/corpus.rs) under the default policy:
# cases, cases judged as expected, "blocked" (should block and did / should block) and "allowed"
# (should pass and did / should pass; the difference is the false alarms), then the same corpus judged
# inside gitvow's box (`gitvow run`): harmless cases interrupted there, and cases still stopped.
#
#   bench/gate-corpus.sh        (builds the test binary once; honours CARGO_TARGET_DIR)
#
# The run fails (exit 1) when any case gets another verdict than its expected one; the table is
# printed either way.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=$(GITVOW_CORPUS_REPORT=1 cargo test --quiet --test integration -- --exact --nocapture \
    gate::corpus::the_default_policy_judges_the_corpus gate::corpus::the_box_passes_what_it_confines 2>&1) && status=0 || status=$?
# The table: its header and one line per group, then the total; then the line for the box.
awk '/^group +cases/ {on = 1} on && NF == 5 {print} /^total / {on = 0}' <<< "$out"
grep -o 'in the box: .*' <<< "$out" || true
if (( status != 0 )); then
    grep -E '^\[|cases wrong' <<< "$out" >&2 || echo "$out" >&2
    exit 1
fi
