"""Benchmark: how quickly the command line answers, against a bare ``python -c pass``.

Runs, in the same run and interleaved (so the machine's load weighs on both alike), the installed
console script ``trictrac`` and ``python -c pass`` of the same interpreter, several times each, and
prints the median wall time of each command and its ratio to Python's own start (and, informative, the
best of the runs, which the machine's load disturbs less):

* ``trictrac check`` of one small bundled record (the target: ratio <= 4.0, printed last);
* ``trictrac replay --json`` of the same record and ``trictrac score`` of one throw (informative).

Both run with compiled bytecode available (``PYTHONDONTWRITEBYTECODE`` is dropped and the bytecode kept in
a temporary folder, PYTHONPYCACHEPREFIX): that is how an installed package runs.  The first run of each
command, not counted, fills that folder and the user's cache (the grammar's parser, see recovery.py).
Usage: python scripts/bench_cli.py [--runs 21] [--record site_src/games/problem-two-ways.tric]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCORE_INPUT = ('{"rules": "guiton-1822", "to_move": "white", "dice": [6, 1], '
               '"white": {"1": 13, "12": 2}, "black": {"1": 15}}')


def console_script() -> str:
    """The ``trictrac`` installed next to this interpreter (a virtual environment's), else on PATH."""
    here = Path(sys.executable).parent / "trictrac"
    found = str(here) if here.exists() else shutil.which("trictrac")
    if not found:
        sys.exit("bench_cli: no `trictrac` console script: pip install -e . first")
    return found


def timed(argv: list[str], env: dict, stdin: str | None) -> float:
    start = time.perf_counter()
    done = subprocess.run(argv, env=env, input=stdin, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"bench_cli: {' '.join(argv)} failed ({done.returncode}):\n{done.stderr}")
    return elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=21, help="runs of each command (the median is kept)")
    ap.add_argument("--record", default=str(ROOT / "site_src/games/problem-two-ways.tric"))
    args = ap.parse_args()

    trictrac = console_script()
    commands = {
        "python -c pass": ([sys.executable, "-c", "pass"], None),
        "trictrac replay --json": ([trictrac, "replay", "--json", args.record], None),
        "trictrac score": ([trictrac, "score"], SCORE_INPUT),
        "trictrac check": ([trictrac, "check", args.record], None),
    }
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as pycache:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = pycache
        first = {name: timed(argv, env, stdin) for name, (argv, stdin) in commands.items()}
        times: dict[str, list[float]] = {name: [] for name in commands}
        for _ in range(args.runs):
            for name, (argv, stdin) in commands.items():
                times[name].append(timed(argv, env, stdin))
    median = {name: statistics.median(t) for name, t in times.items()}
    best = {name: min(t) for name, t in times.items()}
    base = "python -c pass"
    print(f"record: {os.path.relpath(args.record)}; {args.runs} runs each: median wall time (best of the runs)")
    for name in commands:
        ratio = "" if name == base else f"  ratio {median[name] / median[base]:.2f} ({best[name] / best[base]:.2f})"
        print(f"{name:24} {median[name] * 1000:6.1f} ms ({best[name] * 1000:5.1f})  "
              f"first run {first[name] * 1000:4.0f} ms{ratio}")
    print(f"ratio: {median['trictrac check'] / median[base]:.2f}")


if __name__ == "__main__":
    main()
