#!/usr/bin/env bash
# Set up .venv with the test extras and run the whole test suite.
set -euo pipefail
source "$(dirname "$0")/_venv.sh" test bench cluster
# Debian packages some tests drive, installed as root (or through sudo when there is one), else skipped with a
# warning: the viewer tests drive a real headless Chromium (Debian's package, never `playwright install`, which
# downloads a browser build); the match-file tests have GNU Backgammon play, import and export (`gnubg`, in
# /usr/games).
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v gnubg >/dev/null 2>&1 || [ -x /usr/games/gnubg ] || missing+=(gnubg)
if [ ${#missing[@]} -gt 0 ]; then
    run=""  # as root; else through sudo; else none can be installed
    if [ "$(id -u)" != 0 ]; then
        if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then run=sudo; else run=none; fi
    fi
    # shellcheck disable=SC2086  # $run is empty or one word, split on purpose
    if [ "$run" = none ] || ! ($run apt-get update -qq && $run apt-get install -y -qq "${missing[@]}" >/dev/null); then
        echo "warning: not installed: ${missing[*]} (no root, or apt-get failed): the tests that drive it" \
             "(the viewer: chromium; the GNU Backgammon round trips: gnubg) will be skipped" >&2
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
