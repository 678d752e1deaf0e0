"""Benchmark: what a player's decision costs, and ``trictrac best`` of one position against ``trictrac score`` of
the same position (the command that only scores it), measured in the same run.

It measures:

* each player's ``rank`` of one throw, in process, over positions of parties the treatise player plays against
  itself: mean, 95th percentile and worst, in milliseconds;
* ``trictrac best`` through the installed console script, for each player, on three positions (the opening, a
  position of the middle of a relevé, the stay-or-go example of docs/contracts.md): the median of --runs
  runs, against ``trictrac score`` of the opening (the target: one position in under a second);

and last ``ratio: X``: the slowest median of ``best`` (any player, any position) over ``score``'s median.
Run it on a plain (non-editable) install.
Usage: python scripts/bench_best.py [--positions 300] [--runs 5]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

PLAYERS = ("greedy", "lookahead", "treatise", "learned")
OPENING = {"rules": "guiton-1822", "to_move": "white", "dice": [6, 4], "white": {"1": 15}, "black": {"1": 15},
           "throw": 1}
MIDDLE = {"rules": "guiton-1822", "to_move": "black", "dice": [5, 3], "white": {"1": 7, "5": 1, "7": 2, "8": 2, "9": 1,
                                                                               "12": 2},
          "black": {"1": 6, "3": 1, "5": 1, "7": 2, "8": 1, "9": 2, "12": 2}}
DECIDE = {"rules": "guiton-1822", "to_move": "white", "dice": [2, 1], "decide": "stay-or-go",
          "white": {"7": 3, "8": 3, "9": 3, "10": 2, "11": 2, "12": 2},
          "black": {"1": 3, "7": 2, "8": 2, "9": 2, "10": 2, "11": 2, "12": 2},
          "score": {"white": {"points": 10, "holes": 1}, "black": {"holes": 3}}}


def positions(n: int, seed: int) -> list:
    from trictrac_notation.play.partie import Partie
    from trictrac_notation.play.player import best_of
    from trictrac_notation.play.registry import player
    from trictrac_notation.play.situation import ruleset_named

    rng = random.Random(seed)
    treatise = player("treatise")
    ruleset = ruleset_named("guiton-1822")
    partie, out = Partie(ruleset), []
    while len(out) < n:
        s = partie.situation
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        out.append((s, dice))
        partie.throw(dice, best_of(treatise.rank(s, dice), rng), treatise.stay_or_go)
        if partie.winner is not None:
            partie = Partie(ruleset)
    return out


def in_process(n: int, seed: int) -> None:
    from trictrac_notation.play.registry import player

    sample = positions(n, seed)
    print(f"rank of one throw, in process, over {n} positions of treatise self-play (ms):")
    for name in PLAYERS:
        p = player(name)
        times = []
        for s, dice in sample:
            start = time.perf_counter()
            p.rank(s, dice)
            times.append(1000 * (time.perf_counter() - start))
        times.sort()
        print(f"  {name:<10} mean {statistics.mean(times):7.2f}  p95 {times[int(0.95 * len(times))]:7.2f}  "
              f"worst {times[-1]:7.2f}")


def cli_median(command: str, request: dict, runs: int) -> float:
    exe = Path(sys.executable).with_name("trictrac")
    text = json.dumps(request)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run([str(exe), command], input=text, capture_output=True, text=True, check=False)
        times.append(time.perf_counter() - start)
        if done.returncode:
            raise SystemExit(f"trictrac {command} failed: {done.stderr}")
    return statistics.median(times)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--positions", type=int, default=300)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f}")
    in_process(args.positions, args.seed)
    score = cli_median("score", OPENING, args.runs)
    print(f"trictrac score of the opening: {1000 * score:.0f} ms (median of {args.runs})")
    slowest = 0.0
    for name in PLAYERS:
        cells = []
        for label, request in (("opening", OPENING), ("middle", MIDDLE), ("stay-or-go", DECIDE)):
            t = cli_median("best", request | {"player": name}, args.runs)
            slowest = max(slowest, t)
            cells.append(f"{label} {1000 * t:5.0f} ms")
        print(f"trictrac best, {name:<10} " + ", ".join(cells))
    print(f"load after: {os.getloadavg()[0]:.2f}")
    print(f"ratio: {slowest / score:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
