"""Benchmark: the simulation's full-scoring throws per second, on one core and on two, against
python-chess playing random games (``Board.push`` + legal-move generation).

In one run it measures:

* ours, one process: ``simulate`` (legal plays, the greedy choice, every jan scored, the marking)
  in throws per second;
* ours, two processes: the same games with ``--jobs 2``; the speed-up should be >= 1.8;
* the peer: random chess games, each ply generating the legal moves and pushing one, in plies per
  second (one process), timed in turn with ours (``--repeat``, the best of each kept).

It prints the machine's load before and after (the figures mean little on a busy machine), with
``--profile`` where the time of one process goes, and last ``ratio: X`` (ours on one core / the
peer); the target is >= 1.0.
Usage: python scripts/bench_simulate.py [--games 60] [--rules guiton-1822] [--profile]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time


def time_ours(rules: str, games: int, seed: int, jobs: int) -> tuple[int, float]:
    from trictrac_notation.play.simulate import simulate

    start = time.perf_counter()
    data = simulate([rules], games, seed, jobs=jobs, chunk=max(1, games // (25 * jobs)))
    return data["rules"][rules]["throws"], time.perf_counter() - start


def time_chess(plies: int, seed: int) -> tuple[int, float]:
    import chess

    rng = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while done < plies:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.ply() < 200 and done < plies:
            board.push(rng.choice(list(board.legal_moves)))
            done += 1
    return done, time.perf_counter() - start


def profile(rules: str, games: int, seed: int) -> None:
    """Where one process spends its time, by module and by function (own time)."""
    import cProfile
    import pstats

    from trictrac_notation.play.simulate import play_partie

    prof = cProfile.Profile()
    prof.enable()
    for g in range(games):
        play_partie(rules, seed, g)
    prof.disable()
    stats = pstats.Stats(prof)
    total = sum(v[2] for v in stats.stats.values())
    by_module: dict = {}
    for (path, _, _name), (_, _, tottime, _, _) in stats.stats.items():
        module = os.path.basename(path) if "trictrac_notation" in path else "python and libraries"
        by_module[module] = by_module.get(module, 0) + tottime
    print("where the time goes (own time, one process):")
    for module, t in sorted(by_module.items(), key=lambda kv: -kv[1])[:8]:
        print(f"  {module:<24} {100 * t / total:5.1f}%")
    print("  top functions:")
    top = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])[:8]
    for (path, _line, name), (_, calls, tottime, _cumtime, _) in top:
        print(f"    {os.path.basename(path)}:{name:<24} {100 * tottime / total:5.1f}%  ({calls} calls)")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200, help="parties simulated (default 200)")
    p.add_argument("--rules", default="guiton-1822")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--profile", action="store_true", help="also print where the time goes")
    p.add_argument("--repeat", type=int, default=3,
                   help="timed runs of ours (one process) and of the peer, interleaved; the best of each is kept")
    args = p.parse_args(argv)

    from trictrac_notation.games.trictrac import kernel

    print(f"load before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores; "
          f"the kernel {'compiled (mypyc)' if kernel.compiled() else 'as Python source'}")
    runs = []
    for _ in range(args.repeat):  # interleaved, so that a busy moment of the machine hurts neither
        one_throws, one_s = time_ours(args.rules, args.games, args.seed, 1)
        runs.append(((one_throws, one_s), time_chess(max(20000, one_throws // 2), args.seed)))
    one_throws, one_s = min((r[0] for r in runs), key=lambda r: r[1])
    plies, chess_s = min((r[1] for r in runs), key=lambda r: r[1])
    two_throws, two_s = time_ours(args.rules, args.games, args.seed, 2)
    assert one_throws == two_throws, "the two runs must play the same games"
    ours, ours2 = one_throws / one_s, two_throws / two_s
    peer = plies / chess_s
    print(f"ours, 1 process:  {one_throws} throws in {one_s:.2f} s: {ours:,.0f} throws/s "
          f"({1e6 / ours:.0f} µs a throw)")
    print(f"ours, 2 processes: {two_throws} throws in {two_s:.2f} s: {ours2:,.0f} throws/s")
    print(f"speed-up with 2 processes: {ours2 / ours:.2f} (target >= 1.8)")
    print(f"python-chess, Board.push + legal moves: {plies} plies in {chess_s:.2f} s: {peer:,.0f} plies/s "
          f"({1e6 / peer:.0f} µs a ply)")
    if args.profile:
        profile(args.rules, max(5, args.games // 4), args.seed)
    print(f"load after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"ratio: {ours / peer:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
