#!/bin/bash
# Fresh first visits in WebKit, Firefox ESR and Chromium, alternately (two rounds), against a
# server already running (./scripts/serve --port 8123). Usage: bash bench/trial/all.sh [URL] [PUPPETEER_DIR]
# PUPPETEER_DIR: a folder holding node_modules/puppeteer-core (firefox.mjs is copied there).
cd "$(dirname "$0")/../.." || exit 1
URL=${1:-http://127.0.0.1:8123/}
PUP=${2:-/tmp/puppeteer}
cp bench/trial/firefox.mjs "$PUP/firefox-trial.mjs"
for round in 1 2; do
  echo "round $round, load average: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo -n "webkit   "; timeout 300 xvfb-run -a .venv/bin/python bench/trial/webkit.py "$URL" 150 2>/dev/null | head -1
  echo -n "firefox  "; (cd "$PUP" && timeout 300 node firefox-trial.mjs "$URL" 2>/dev/null | head -1)
  echo -n "chromium "; timeout 300 .venv/bin/python bench/trial/chromium.py "$URL" 2>/dev/null | head -1
done
