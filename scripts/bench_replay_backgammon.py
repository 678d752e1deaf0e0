"""Benchmark: parse + replay of backgammon records against python-chess's PGN reader.

Random backgammon games in the federation's notation (with the cube, under ``--rules``), replayed by
the engine's replay through ``open_game`` (the legal play checked, the cube, the game's end and score), against
as many random chess games read by ``chess.pgn.read_game`` (bench_replay.py makes them), in the same run.

The last line is ``ratio: X`` (our throws per second / its plies per second).
Usage: python scripts/bench_replay_backgammon.py [--games 300] [--rules ffbg] [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_replay import chess_games, time_chess  # noqa: E402  (the same peer as trictrac's benchmark)


def time_backgammon(texts: list[str]) -> tuple[int, float]:
    from trictrac_notation.engine.opengame import open_game

    throws = 0
    start = time.perf_counter()
    for i, text in enumerate(texts):
        result = open_game(text, path=f"game{i}.tric", kind="text").replay
        assert result is not None
        if result.errors or result.final is None or not result.final.to_json().get("winner"):
            raise SystemExit(f"game {i}: unexpected: {result.errors[0].headline() if result.errors else 'no end'}")
        throws += len(result.throws)
    return throws, time.perf_counter() - start


def main(argv=None) -> int:
    from trictrac_notation.games.backgammon.randomgame import random_record

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=300, help="games of each kind (default 300)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="ffbg", help="backgammon rule set (default ffbg)")
    p.add_argument("--repeat", type=int, default=3, help="timed runs of each; the best is kept (default 3)")
    args = p.parse_args(argv)

    print(f"generating {args.games} backgammon games and {args.games} chess games…", file=sys.stderr)
    texts = [random_record(args.seed + i, args.rules) for i in range(args.games)]
    games = chess_games(args.games, args.seed)
    runs = [(time_backgammon(texts), time_chess(games)) for _ in range(args.repeat)]
    throws, ours = min((r[0] for r in runs), key=lambda r: r[1])
    plies, peer = min((r[1] for r in runs), key=lambda r: r[1])
    ours_rate, peer_rate = throws / ours, plies / peer
    print(f"backgammon parse + replay ({args.rules}, cube and score): {throws} throws in {ours:.2f} s "
          f"= {ours_rate:,.0f} throws/s")
    print(f"python-chess chess.pgn.read_game: {plies} plies in {peer:.2f} s = {peer_rate:,.0f} plies/s")
    print(f"ratio: {ours_rate / peer_rate:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
