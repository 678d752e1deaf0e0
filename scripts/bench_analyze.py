"""Benchmark: ``trictrac analyze`` of a 150-throw game on one core, by each player, against the game's own replay.

The game is the first 150 throws of site_src/games/a-ecrire-quatre-marques.tric (a partie à écrire of four marqués:
hits, pleins, holes, goes).  In one run it measures the replay that check makes of those throws (the baseline),
then the analysis of each player (the replay with the score before every throw, every throw's legal plays ranked,
the decisions judged).  The target: the lookahead player's analysis within 30 s.  It prints the machine's load
before and after (the figures mean little on a busy machine) and last ``ratio: X``, the lookahead analysis's time
over the 30 s target (<= 1.0 meets it).
Usage: python scripts/bench_analyze.py [--throws 150] [--players greedy,treatise,lookahead]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent / "site_src/games/a-ecrire-quatre-marques.tric"
TARGET = 30.0


def main() -> None:
    from trictrac_notation.annotate.analysis import analyze, scored
    from trictrac_notation.notation.reader import parse
    from trictrac_notation.play.registry import player
    from trictrac_notation.rules.rulesets import ruleset_for

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--throws", type=int, default=150)
    parser.add_argument("--players", default="greedy,treatise,lookahead")
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f}")
    record = parse(GAME.read_text(encoding="utf-8"), str(GAME))[0]
    record.throws = record.throws[:args.throws]
    ruleset = ruleset_for(None, record)
    start = time.perf_counter()
    scored(record, ruleset)
    baseline = time.perf_counter() - start
    print(f"replay of {len(record.throws)} throws: {baseline:.3f} s")
    seconds = {}
    for name in args.players.split(","):
        start = time.perf_counter()
        found = analyze(record, ruleset, player(name))
        seconds[name] = time.perf_counter() - start
        marks = sum(j.mark is not None for j in found.throws)
        print(f"analyze by {name}: {seconds[name]:.2f} s, {1000 * seconds[name] / len(found.throws):.1f} ms a throw, "
              f"{marks} mistakes marked, {seconds[name] / baseline:.1f} times the replay")
    print(f"load after: {os.getloadavg()[0]:.2f}")
    print(f"ratio: {seconds.get('lookahead', 0.0) / TARGET:.3f}")


if __name__ == "__main__":
    main()
