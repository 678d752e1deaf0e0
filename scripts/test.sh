#!/usr/bin/env bash
# Set up .venv with the test extras and run the whole test suite.
set -euo pipefail
source "$(dirname "$0")/_venv.sh" test bench
# The viewer tests drive a real headless Chromium: Debian's package (never `playwright install`,
# which downloads a browser build). Installed as root, or through sudo when there is one.
if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) || echo "warning: chromium not installed: the viewer tests will be skipped" >&2
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        (sudo apt-get update -qq && sudo apt-get install -y -qq chromium >/dev/null) || echo "warning: chromium not installed: the viewer tests will be skipped" >&2
    else
        echo "warning: no chromium and no root to install it: the viewer tests will be skipped" >&2
    fi
fi
# the floors (pyproject.toml [tool.importlinter]): no module imports from a floor above its own
if ! out=$(.venv/bin/lint-imports --no-cache --no-logo 2>&1); then
    echo "$out" >&2
    exit 1
fi
.venv/bin/python -m pytest -q "$@"
