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
# Static checks first (a second or two): ruff over what pyproject's [tool.mypy] files lists (the whole package),
# the tests and the scripts; mypy --strict over that list.
checked=$(.venv/bin/python - <<'PY'
try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: mypy brings tomli
    import tomli as tomllib
with open("pyproject.toml", "rb") as f:
    print(" ".join(tomllib.load(f)["tool"]["mypy"]["files"]))
PY
)
# shellcheck disable=SC2086  # the list is paths without spaces, split on purpose
.venv/bin/ruff check --quiet $checked tests scripts
.venv/bin/mypy
# the bundled and historical records stay in the canonical layout (trictrac fmt site_src rewrites them)
.venv/bin/trictrac fmt --check -q site_src
.venv/bin/python -m pytest -q "$@"
