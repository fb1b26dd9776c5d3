#!/usr/bin/env python3
"""The closing line of .ci/run: `N passed, N failed, N skipped` over every test binary of
`cargo test --no-fail-fast` (ignored tests count as skipped), followed by `; did not run: …` naming
each test binary of the package that printed no `test result:` line (it did not build, crashed or
was never started), so that a total never hides a binary that is missing from it.

Usage: totals.py LOG, with cargo's output in LOG; run from the package's root."""
import json
import os
import re
import subprocess
import sys


def expected():
    """(label cargo prints after `Running`, name to show) for every test binary of the package."""
    meta = json.loads(subprocess.run([os.environ.get("CARGO", "cargo"), "metadata", "--no-deps", "--format-version", "1", "--locked"],
                                     capture_output=True, text=True, check=True).stdout)
    root = meta["workspace_root"].rstrip("/") + "/"
    out = []
    for package in meta["packages"]:
        for target in package["targets"]:
            kind = target["kind"][0]
            if not target.get("test") or kind not in ("lib", "bin", "test"):
                continue
            path = target["src_path"].removeprefix(root)
            if kind == "test":
                out.append((path, f"--test {target['name']}"))
            else:
                out.append((f"unittests {path}", "--lib" if kind == "lib" else f"--bin {target['name']}"))
    return out


def main(log):
    counts = [0, 0, 0]
    current, ran = None, set()
    running = re.compile(r"^\s*Running (.+?) \(")
    result = re.compile(r"^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored;")
    with open(log, encoding="utf-8", errors="replace") as f:
        for line in f:
            if m := running.match(line):
                current = m.group(1)
            elif (m := result.match(line)) and current is not None:
                ran.add(current)
                for i in range(3):
                    counts[i] += int(m.group(i + 1))
                current = None
    try:
        missing = [name for label, name in expected() if label not in ran]
    except (OSError, subprocess.CalledProcessError, ValueError) as e:
        missing = [f"(the package's test binaries are unknown: cargo metadata failed: {e})"]
    line = "%d passed, %d failed, %d skipped" % tuple(counts)
    if missing:
        line += "; did not run: " + ", ".join(missing)
    print(line)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
