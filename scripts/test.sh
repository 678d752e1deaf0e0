#!/usr/bin/env bash
# Set up .venv with the test extras and run the whole test suite.
set -euo pipefail
source "$(dirname "$0")/_venv.sh" test bench
.venv/bin/python -m pytest -q "$@"
