"""Benchmark: parse + replay of backgammon records against python-chess's PGN reader.

Random backgammon games in the federation's notation (with the cube, under ``--rules``), checked as ``trictrac
check`` checks them — ``open_game(..., quick=True)``: a plain record replayed on the kernel
(games/backgammon/kernel/replay.py: each play judged, the cube, the game's end and the match's score), any other
the readable way — against as many random chess games read by ``chess.pgn.read_game`` (bench_replay.py makes
them), in the same run.

The last line is ``ratio: X`` (our throws per second / its plies per second); the target is >= 1.0.
Usage: python scripts/bench_replay_backgammon.py [--games 300] [--rules ffbg] [--repeat 3] [--readable]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_replay import chess_games, time_chess  # noqa: E402  (the same peer as trictrac's benchmark)


def time_backgammon(texts: list[str], quick: bool = True) -> tuple[int, float, int]:
    """(throws, seconds, records the kernel replayed) for check's front door: read, the rule set, replay."""
    from trictrac_notation.engine.opengame import open_game

    throws = quick_ones = 0
    start = time.perf_counter()
    for i, text in enumerate(texts):
        opened = open_game(text, path=f"game{i}.tric", kind="text", quick=quick)
        if opened.errors:
            raise SystemExit(f"game {i}: unexpected error: {opened.errors[0].headline()}")
        if opened.quick is not None:
            final = opened.quick.final
            throws += opened.quick.throws
            quick_ones += 1
        else:
            result = opened.replay
            assert result is not None
            final = result.final.to_json() if result.final is not None else None
            throws += len(result.throws)
        if not final or not final.get("winner"):
            raise SystemExit(f"game {i}: unexpected: no end")
    return throws, time.perf_counter() - start, quick_ones


def main(argv=None) -> int:
    from trictrac_notation.games.backgammon.randomgame import random_record

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=300, help="games of each kind (default 300)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="ffbg", help="backgammon rule set (default ffbg)")
    p.add_argument("--repeat", type=int, default=3, help="timed runs of each; the best is kept (default 3)")
    p.add_argument("--readable", action="store_true", help="also time the readable replay alone (no kernel)")
    args = p.parse_args(argv)

    from trictrac_notation.games.backgammon import kernel

    print(f"the kernel {'compiled (mypyc)' if kernel.compiled() else 'as Python source'}")
    print(f"generating {args.games} backgammon games and {args.games} chess games…", file=sys.stderr)
    texts = [random_record(args.seed + i, args.rules) for i in range(args.games)]
    games = chess_games(args.games, args.seed)
    # best of --repeat runs for both, interleaved, so that a busy moment of the machine hurts neither
    runs = [(time_backgammon(texts), time_chess(games)) for _ in range(args.repeat)]
    throws, ours, quick_ones = min((r[0] for r in runs), key=lambda r: r[1])
    plies, peer = min((r[1] for r in runs), key=lambda r: r[1])
    ours_rate, peer_rate = throws / ours, plies / peer
    print(f"backgammon read + replay ({args.rules}, cube and score): {throws} throws in {ours:.2f} s "
          f"= {ours_rate:,.0f} throws/s ({quick_ones} of {len(texts)} records replayed on the kernel, the others "
          "the readable way)")
    if args.readable:
        throws_r, readable, _ = time_backgammon(texts, quick=False)
        print(f"the readable replay alone: {throws_r / readable:,.0f} throws/s")
    print(f"python-chess chess.pgn.read_game: {plies} plies in {peer:.2f} s = {peer_rate:,.0f} plies/s")
    print(f"ratio: {ours_rate / peer_rate:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
