#!/usr/bin/env python3
"""Trust hooks the way a person does in Codex's /hooks, without --dangerously-bypass-hook-trust.

Asks the real Codex (`codex app-server`, JSON-RPC over stdio) for `hooks/list`,
then prints the TOML to append to $CODEX_HOME/config.toml:

    [hooks.state."<key>"]
    trusted_hash = "<currentHash>"

usage: codex_trust.py CODEX_BIN CWD   (HOME / CODEX_HOME taken from the environment)
"""
import json
import subprocess
import sys
import threading


def main():
    codex, cwd = sys.argv[1], sys.argv[2]
    p = subprocess.Popen([codex, "app-server"], cwd=cwd, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    timer = threading.Timer(30, p.kill)  # never hang the harness
    timer.start()
    try:
        def send(msg):
            p.stdin.write(json.dumps(msg) + "\n")
            p.stdin.flush()

        def wait_for(id_):
            for line in p.stdout:
                try:
                    m = json.loads(line)
                except ValueError:
                    continue
                if m.get("id") == id_:
                    return m
            raise SystemExit("app-server closed before answering id %s" % id_)

        send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"clientInfo": {"name": "gitvow-e2e", "version": "0.0.1"}}})
        wait_for(1)
        send({"jsonrpc": "2.0", "method": "initialized"})
        send({"jsonrpc": "2.0", "id": 2, "method": "hooks/list", "params": {"cwds": [cwd]}})
        res = wait_for(2)
    finally:
        timer.cancel()
        try:
            p.stdin.close()
        except Exception:
            pass
        p.terminate()
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()
    if "error" in res:
        raise SystemExit("hooks/list error: %s" % res["error"])
    n = 0
    for entry in res["result"]["data"]:
        for h in entry.get("hooks", []):
            if h.get("isManaged"):
                continue
            print('[hooks.state.%s]' % json.dumps(h["key"]))
            print('trusted_hash = %s' % json.dumps(h["currentHash"]))
            n += 1
    if n == 0:
        raise SystemExit("hooks/list returned no user hooks")


if __name__ == "__main__":
    main()
