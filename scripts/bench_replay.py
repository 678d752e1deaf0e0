"""Benchmark: parse + replay of trictrac records against python-chess's PGN reader.

Generates random legal trictrac games in the notation and as many random chess
games in PGN, then measures in the same run:

* ours: what ``trictrac check`` does of a record — read it, replay it judging every play, score every throw under a
  rule set and mark the points — in throws per second: ``open_game(..., quick=True)``, which replays a plain record
  on the kernel (games/trictrac/kernel/replay.py) and any other the readable way;
* the peer: ``chess.pgn.read_game`` in plies per second.

The last line is ``ratio: X`` (ours / peer); the target is >= 1.0.
Usage: python scripts/bench_replay.py [--games 1000] [--rules guiton-1822] [--no-scoring] [--repeat 3]
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import time


def trictrac_games(n: int, seed: int, rules: str | None) -> list[str]:
    from trictrac_notation.games.trictrac.randomgame import random_record
    from trictrac_notation.notation.reader import write
    from trictrac_notation.notation.record import Header

    systems = ["player", "soumille", "lepeintre", "trictrac-org", "absolute", "american"]
    texts = []
    for i in range(n):
        record = random_record(seed + i, systems[i % len(systems)])
        if rules:
            record.headers.append(Header("Rules", rules))
        texts.append(write(record))
    return texts


def chess_games(n: int, seed: int, max_plies: int = 160) -> list[str]:
    import chess
    import chess.pgn

    rng = random.Random(seed)
    games = []
    for _ in range(n):
        board = chess.Board()
        game = chess.pgn.Game()
        node = game
        while not board.is_game_over() and board.ply() < max_plies:
            move = rng.choice(list(board.legal_moves))
            node = node.add_variation(move)
            board.push(move)
        games.append(str(game))
    return games


def time_trictrac(texts: list[str], quick: bool = True) -> tuple[int, float, int]:
    """(throws, seconds, records the kernel replayed) for the front door: read, the record's rule set, replay."""
    from trictrac_notation.engine.opengame import open_game

    throws = quick_ones = 0
    start = time.perf_counter()
    for i, text in enumerate(texts):
        opened = open_game(text, path=f"game{i}.tric", kind="text", quick=quick)
        if opened.errors:
            raise SystemExit(f"game {i}: unexpected error: {opened.errors[0].headline()}")
        if opened.quick is not None:
            throws += opened.quick.throws
            quick_ones += 1
        else:
            throws += len(opened.replay.throws)
    return throws, time.perf_counter() - start, quick_ones


def time_stages(texts: list[str]) -> dict[str, float]:
    """Where the time goes, in microseconds per throw: the light reading, the kernel's replay with its scoring, and
    the same records read and replayed the readable way (parse, movement, scoring)."""
    from trictrac_notation.engine.opengame import quick_open, replay_options
    from trictrac_notation.engine.replay import replay
    from trictrac_notation.notation import lightread
    from trictrac_notation.notation.reader import parse

    spent = {"light read": 0.0, "kernel replay": 0.0, "parse": 0.0, "movement": 0.0, "scoring": 0.0}
    throws = 0
    clock = time.perf_counter
    for text in texts:
        t0 = clock()
        lightread.read(text)
        t1 = clock()
        quick_open(text, None, "<bench>")
        t2 = clock()
        record = parse(text)[0]
        t3 = clock()
        throws += len(replay(record).throws)
        t4 = clock()
        replay(record, **replay_options(None, record))
        t5 = clock()
        spent["light read"] += t1 - t0
        spent["kernel replay"] += (t2 - t1) - (t1 - t0)
        spent["parse"] += t3 - t2
        spent["movement"] += t4 - t3
        spent["scoring"] += (t5 - t4) - (t4 - t3)
    return {k: v * 1e6 / throws for k, v in spent.items()}


def time_chess(games: list[str]) -> tuple[int, float]:
    import chess.pgn

    plies = 0
    start = time.perf_counter()
    for text in games:
        game = chess.pgn.read_game(io.StringIO(text))
        plies += game.end().ply()
    return plies, time.perf_counter() - start


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1000, help="games of each kind (default 1000)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="guiton-1822", help="rule set for the scoring replay")
    p.add_argument("--no-scoring", action="store_true", help="replay the movement rules only")
    p.add_argument("--repeat", type=int, default=3, help="timed runs of each; the best is kept (default 3)")
    p.add_argument("--stages", action="store_true", help="also print where the time goes (µs per throw)")
    p.add_argument("--readable", action="store_true", help="also time the readable replay alone (no kernel)")
    args = p.parse_args(argv)
    scoring = not args.no_scoring

    from trictrac_notation.games.trictrac import kernel

    print(f"the kernel {'compiled (mypyc)' if kernel.compiled() else 'as Python source'}")
    print(f"generating {args.games} trictrac games and {args.games} chess games…", file=sys.stderr)
    texts = trictrac_games(args.games, args.seed, args.rules if scoring else None)
    games = chess_games(args.games, args.seed)

    # best of --repeat runs for both, interleaved, so that a busy moment of the machine hurts neither
    runs = [(time_trictrac(texts), time_chess(games)) for _ in range(args.repeat)]
    throws, ours, quick_ones = min((r[0] for r in runs), key=lambda r: r[1])
    plies, peer = min((r[1] for r in runs), key=lambda r: r[1])
    ours_rate, peer_rate = throws / ours, plies / peer
    label = f"read + replay + scoring ({args.rules})" if scoring else "read + replay (movement only)"
    print(f"trictrac {label}: {throws} throws in {ours:.2f} s = {ours_rate:,.0f} throws/s "
          f"({quick_ones} of {len(texts)} records replayed on the kernel, the others the readable way)")
    if args.readable:
        throws_r, readable, _ = time_trictrac(texts, quick=False)
        print(f"the readable replay alone: {throws_r / readable:,.0f} throws/s")
    print(f"python-chess chess.pgn.read_game: {plies} plies in {peer:.2f} s = {peer_rate:,.0f} plies/s")
    if args.stages and scoring:
        stages = time_stages(texts)
        print("per throw: " + ", ".join(f"{k} {v:.1f} µs" for k, v in stages.items())
              + f"; python-chess per ply: {1e6 / peer_rate:.1f} µs")
    print(f"ratio: {ours_rate / peer_rate:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
