"""Benchmark: ``trictrac chances`` of one position in-process, against python-chess expanding one position a ply.

``chances`` scores each of the 36 throws of the player to move (every legal play where a fill, a keep or the
sortie asks for them), as the treatises count chances.  The peer does the like for a chess position: every legal
move pushed, and the reply's legal moves generated.  Positions come from random games of each (one in ten of their
plies); both are timed in turn, the median of each kept.

It prints the median and the 90th percentile of ours in ms (the target: a median of 2 ms at most) and, last,
``ratio: X`` (the peer's median / ours).
Usage: python scripts/bench_chances.py [--games 30] [--rules guiton-1822]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time


def trictrac_positions(games: int) -> list[tuple[object, str]]:
    from trictrac_notation.core.board import Position
    from trictrac_notation.games.trictrac.randomgame import random_throws

    found: list[tuple[object, str]] = []
    for seed in range(games):
        position = Position.initial()
        for i, (side, _dice, play) in enumerate(random_throws(random.Random(seed), max_throws=150)):
            if i % 10 == 0:
                found.append((position, side))
            position = play.result
            if position.borne_off(side) == 15:
                break
    return found


def chess_positions(games: int) -> list[str]:
    import chess

    rng = random.Random(1)
    found = []
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over() and board.ply() < 150:
            if board.ply() % 10 == 0:
                found.append(board.fen())
            board.push(rng.choice(list(board.legal_moves)))
    return found


def time_ours(positions: list[tuple[object, str]], rules: str) -> list[float]:
    from trictrac_notation.games.trictrac.chances import outcomes, summary
    from trictrac_notation.rules.rulesets import load_ruleset

    ruleset = load_ruleset(rules)
    spent = []
    for position, side in positions:
        start = time.perf_counter()
        summary(outcomes(position, side, ruleset, ordered=True), side)
        spent.append(time.perf_counter() - start)
    return spent


def time_chess(fens: list[str]) -> list[float]:
    import chess

    spent = []
    for fen in fens:
        board = chess.Board(fen)
        start = time.perf_counter()
        for move in list(board.legal_moves):
            board.push(move)
            list(board.legal_moves)
            board.pop()
        spent.append(time.perf_counter() - start)
    return spent


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=30, help="random games of each from which positions are taken")
    p.add_argument("--rules", default="guiton-1822")
    args = p.parse_args(argv)
    from trictrac_notation.games.trictrac import kernel

    print(f"load: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores; the kernel "
          f"{'compiled (mypyc)' if kernel.compiled() else 'as Python source'}")
    ours_at, fens = trictrac_positions(args.games), chess_positions(args.games)
    time_ours(ours_at[:5], args.rules)  # (the rule set read, the modules loaded)
    ours, peer = [], []
    for _ in range(3):  # in turn, so that a busy moment of the machine hurts neither
        ours += time_ours(ours_at, args.rules)
        peer += time_chess(fens)
    mine = statistics.median(ours)
    theirs = statistics.median(peer)
    print(f"trictrac chances ({args.rules}), {len(ours_at)} positions × 36 throws: median {1e3 * mine:.2f} ms, "
          f"90th percentile {1e3 * statistics.quantiles(ours, n=10)[-1]:.2f} ms (target: median ≤ 2 ms)")
    print(f"python-chess, a position's moves each pushed and answered: median {1e3 * theirs:.2f} ms "
          f"({len(fens)} positions)")
    print(f"ratio: {theirs / mine:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
