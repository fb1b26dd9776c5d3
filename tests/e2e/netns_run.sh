#!/usr/bin/env bash
# Starts the mock model on 127.0.0.1:PORT, runs one agent command against it, stops the mock.
# usage: netns_run.sh PYTHON PORT RUN_DIR TIMEOUT_SECONDS -- COMMAND...
#   RUN_DIR holds script.json (the mock's tool calls); the mock logs to RUN_DIR/mock.jsonl.
# The caller starts this under `unshare -n` when the machine allows it: the namespace has only a
# loopback device, so nothing the agent tries can leave the machine, and PORT cannot collide with
# another run. The environment is the agent's: the caller cleared and set it.
set -u
PY=$1 PORT=$2 RUN=$3 LIMIT=$4; shift 4; [ "$1" = -- ] && shift
ip link set lo up 2>/dev/null || true   # a fresh namespace starts with loopback down
"$PY" "$(dirname "$0")/mock_llm.py" --port "$PORT" --script "$RUN/script.json" \
  --log "$RUN/mock.jsonl" --ready "$RUN/mock.ready" 2>"$RUN/mock.stderr" &
MOCK=$!
trap 'kill "$MOCK" 2>/dev/null; wait "$MOCK" 2>/dev/null' EXIT
for _ in $(seq 200); do [ -e "$RUN/mock.ready" ] && break; sleep 0.05; done
[ -e "$RUN/mock.ready" ] || { echo "mock model did not start: $(cat "$RUN/mock.stderr")" >&2; exit 125; }
# -k: an agent that ignores TERM (or leaves a hook running) is killed, never left behind
timeout -k 5 "$LIMIT" "$@" </dev/null
