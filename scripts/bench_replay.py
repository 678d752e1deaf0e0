"""Benchmark: parse + replay of trictrac records against python-chess's PGN reader.

Generates random legal trictrac games in the notation and as many random chess
games in PGN, then measures in the same run:

* ours: ``parse`` + ``replay`` (with full scoring under a rule set) in throws per second;
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


def time_trictrac(texts: list[str], scoring: bool) -> tuple[int, float]:
    from trictrac_notation.engine.opengame import open_game
    from trictrac_notation.engine.replay import replay
    from trictrac_notation.notation.reader import parse

    throws = 0
    start = time.perf_counter()
    for i, text in enumerate(texts):
        if scoring:  # the front door: parse, the record's rule set, replay
            result = open_game(text, path=f"game{i}.tric", kind="text").replay
        else:
            record, diagnostics = parse(text, f"game{i}.tric")
            result = replay(record, parse_diagnostics=diagnostics)
        if result.errors:
            raise SystemExit(f"game {i}: unexpected error: {result.errors[0].headline()}")
        throws += len(result.throws)
    return throws, time.perf_counter() - start


def time_stages(texts: list[str]) -> dict:
    """Where the time goes, in microseconds per throw: parsing, the movement check, the scoring."""
    from trictrac_notation.engine.opengame import replay_options
    from trictrac_notation.engine.replay import replay
    from trictrac_notation.notation.reader import parse

    spent = {"parse": 0.0, "movement": 0.0, "scoring": 0.0}
    throws = 0
    clock = time.perf_counter
    for text in texts:
        t0 = clock()
        record = parse(text)[0]
        t1 = clock()
        throws += len(replay(record).throws)
        t2 = clock()
        replay(record, **replay_options(None, record))
        t3 = clock()
        spent["parse"] += t1 - t0
        spent["movement"] += t2 - t1
        spent["scoring"] += (t3 - t2) - (t2 - t1)
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
    args = p.parse_args(argv)
    scoring = not args.no_scoring

    print(f"generating {args.games} trictrac games and {args.games} chess games…", file=sys.stderr)
    texts = trictrac_games(args.games, args.seed, args.rules if scoring else None)
    games = chess_games(args.games, args.seed)

    # best of --repeat runs for both, interleaved, so that a busy moment of the machine hurts neither
    runs = [(time_trictrac(texts, scoring), time_chess(games)) for _ in range(args.repeat)]
    throws, ours = min((r[0] for r in runs), key=lambda r: r[1])
    plies, peer = min((r[1] for r in runs), key=lambda r: r[1])
    ours_rate, peer_rate = throws / ours, plies / peer
    label = f"parse + replay + scoring ({args.rules})" if scoring else "parse + replay (movement only)"
    print(f"trictrac {label}: {throws} throws in {ours:.2f} s = {ours_rate:,.0f} throws/s")
    print(f"python-chess chess.pgn.read_game: {plies} plies in {peer:.2f} s = {peer_rate:,.0f} plies/s")
    if args.stages and scoring:
        stages = time_stages(texts)
        print("per throw: " + ", ".join(f"{k} {v:.1f} µs" for k, v in stages.items())
              + f"; python-chess per ply: {1e6 / peer_rate:.1f} µs")
    print(f"ratio: {ours_rate / peer_rate:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
