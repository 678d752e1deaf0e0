"""Benchmark: board diagrams (and, later, the site build).

Diagram half: SVG diagrams of positions from random legal trictrac games, each
annotated with its throw (dice and moved dames), against ``chess.svg.board``
boards (with the last move marked) of positions from random chess games, in the
same run, in boards per second.

Site half: the bundled site's full build and the build after touching one record
(:func:`bench_site`, printed before the ratio line; target: touched / full <= 0.2).

The last line is ``ratio: X`` (our diagrams per second / python-chess's); the target is >= 1.0.
Usage: python scripts/bench_diagram.py [--boards 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

SYSTEMS = ["player", "soumille", "lepeintre", "trictrac-org", "absolute", "american"]


def trictrac_boards(n: int, seed: int) -> list[tuple]:
    """(position, annotations, coords, bottom) after n throws of random games."""
    from trictrac_notation.games.trictrac.randomgame import random_throws
    from trictrac_notation.render.svg import Annotations

    boards = []
    game = 0
    while len(boards) < n:
        rng = random.Random(seed + game)
        for side, dice, play in random_throws(rng):
            annotations = Annotations(dice=dice, mover=side, steps=list(play.steps))
            boards.append((play.result, annotations, SYSTEMS[game % len(SYSTEMS)], ("white", "black")[game % 2]))
            if len(boards) == n:
                break
        game += 1
    return boards


def chess_boards(n: int, seed: int, max_plies: int = 160) -> list[tuple]:
    """(board, last move) after n plies of random chess games."""
    import chess

    rng = random.Random(seed)
    boards = []
    while len(boards) < n:
        board = chess.Board()
        while not board.is_game_over() and board.ply() < max_plies and len(boards) < n:
            move = rng.choice(list(board.legal_moves))
            board.push(move)
            boards.append((board.copy(stack=False), move))
    return boards


def time_trictrac(boards) -> tuple[float, int]:
    from trictrac_notation.render.svg import board_svg

    size = 0
    start = time.perf_counter()
    for position, marks, coords, bottom in boards:
        size += len(board_svg(position, coords=coords, bottom=bottom, annotations=marks, width=400))
    return time.perf_counter() - start, size // len(boards)


def time_chess(boards) -> tuple[float, int]:
    import chess.svg

    size = 0
    start = time.perf_counter()
    for board, move in boards:
        size += len(chess.svg.board(board, lastmove=move, size=400))
    return time.perf_counter() - start, size // len(boards)


def bench_diagrams(args) -> float:
    """Time both kinds of diagrams, print the figures, return the ratio (ours / peer)."""
    print(f"generating {args.boards} trictrac positions and {args.boards} chess positions…", file=sys.stderr)
    ours_boards = trictrac_boards(args.boards, args.seed)
    peer_boards = chess_boards(args.boards, args.seed)
    time_trictrac(ours_boards[:50])  # warm the caches of both, as a site build would
    time_chess(peer_boards[:50])
    ours, ours_size = time_trictrac(ours_boards)
    peer, peer_size = time_chess(peer_boards)
    ours_rate, peer_rate = len(ours_boards) / ours, len(peer_boards) / peer
    print(f"trictrac svg.board_svg (annotated): {len(ours_boards)} boards in {ours:.2f} s = {ours_rate:,.0f} boards/s "
          f"({ours_size:,} bytes each)")
    print(f"python-chess chess.svg.board (last move): {len(peer_boards)} boards in {peer:.2f} s = "
          f"{peer_rate:,.0f} boards/s ({peer_size:,} bytes each)")
    return ours_rate / peer_rate


# --- site-build timing ----------------------------------------------------------------------

def bench_site(args) -> None:
    """The bundled site: a full build from an empty cache, then the build after touching one record,
    in this process (the libraries imported beforehand, as both builds need them), and the same
    touched build as a user runs it (``trictrac site build`` in a fresh process, with its start-up).
    The sources are copied to a temporary folder first, so the checkout is left alone."""
    import shutil
    import subprocess
    import tempfile
    from pathlib import Path

    import matplotlib.figure  # noqa: F401 - imported before timing: a cost of any process, not of the build
    import mkdocs.commands.build  # noqa: F401

    from trictrac_notation.core.resources import data_dir
    from trictrac_notation.site.site import build

    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "site_src"
        shutil.copytree(data_dir("site_src"), src)
        records = sorted((src / "games").glob("*.tric"))
        kw = {"src": src, "cache": Path(tmp) / "cache", "progress": False}
        full = build(Path(tmp) / "out", **kw)
        print(f"site build, full (empty cache, {len(records)} records, {len(full.generated.rendered)} game pages): "
              f"{full.seconds:.2f} s (pages generated in {full.generated.seconds:.2f} s, the rest is mkdocs)")
        if not records:
            return
        with records[0].open("a", encoding="utf-8") as f:
            f.write("{touched by the benchmark}\n")
        touched = build(Path(tmp) / "out", **kw)
        print(f"site build after touching {records[0].name}: {touched.seconds:.2f} s = "
              f"{touched.seconds / full.seconds:.2f} of the full build (target <= 0.2; "
              f"{'only the changed pages through mkdocs' if touched.partial else 'mkdocs rebuilt every page'})")
        with records[0].open("a", encoding="utf-8") as f:
            f.write("{touched again}\n")
        exe = Path(sys.executable).with_name("trictrac")
        start = time.perf_counter()
        subprocess.run([str(exe), "site", "build", "--src", str(src), "--cache", f"{tmp}/cache", "--out",
                        f"{tmp}/out", "-q"], check=True)
        print(f"the same as a command (trictrac site build, with Python's start-up and imports): "
              f"{time.perf_counter() - start:.2f} s")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--boards", type=int, default=2000, help="diagrams of each kind (default 2000)")
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    ratio = bench_diagrams(args)
    bench_site(args)
    print(f"ratio: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
