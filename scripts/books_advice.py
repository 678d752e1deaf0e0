"""The books' advice against the players: the table of tests/test_books_advice.py (every position of the historical
corpus where a treatise names the best play, rejects a play, or says to stay or go), printed with each player's
values and findings, then each player's count of agrees / ties / differs (the counts docs/analysis.md gives).

Usage: python scripts/books_advice.py [--players greedy,lookahead,treatise,learned] [--why]
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections import Counter
from pathlib import Path

TABLE = Path(__file__).resolve().parent.parent / "tests" / "test_books_advice.py"


def table():  # type: ignore[no-untyped-def]
    """The test module that holds the table (one table, read here and tested there)."""
    spec = importlib.util.spec_from_file_location("books_table", TABLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    from trictrac_notation.play.registry import player

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", default="greedy,lookahead,treatise,learned")
    p.add_argument("--why", action="store_true", help="print the reason of each tie and difference")
    args = p.parse_args()
    t = table()
    names = args.players.split(",")
    players = [player(n) for n in names]
    counts = {n: Counter[str]() for n in names}
    for row in [*t.PLAYS, *t.DECISIONS]:
        play = isinstance(row, t.Advice)
        what = (f"{row.book} over {','.join(map(str, row.rejected)) or 'all'}" if play and row.book is not None
                else f"not {row.rejected[0]}" if play else row.book)
        cells = []
        for name, who in zip(names, players, strict=True):
            if play:
                values, top, _ = t.valued(row, who)
                found, shown = t.finding(row, who), " ".join(f"{v:.2f}" for v in values) + f" (best {top:.2f})"
            else:
                found, advice = t.decided(row, who)
                shown = f"stay {advice.stay:.2f} go {advice.go:.2f}"
            counts[name][found] += 1
            why = getattr(row, name)[1] if found == getattr(row, name)[0] else "(the table says otherwise)"
            cells.append(f"{name} {found} {shown}" + (f" — {why}" if args.why and why else ""))
        print(f"{row.record} throw {row.throw} {what} [{row.citation}]: " + "; ".join(cells), flush=True)
    total = len(t.PLAYS) + len(t.DECISIONS)
    print(f"{total} rows, a position and its throw each ({len(t.PLAYS)} plays, "
          f"{len(t.DECISIONS)} stay-or-go decisions):")
    for name in names:
        c = counts[name]
        print(f"  {name} agrees on {c['agrees']} of {total}, ties on {c['ties']}, differs on {c['differs']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
