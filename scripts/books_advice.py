"""The books' advice against the players: every position of the historical corpus where a record's main line
plays a throw one way and a variation plays the same throw another way (the book's play and the play it
rejects, in the treatises' records), each player's values of the two, and how often each player prefers the
book's play.

Usage: python scripts/books_advice.py [--players greedy,lookahead,treatise,learned] [--records GLOB]
It prints one line a comparison, then each player's count. tests/test_players_books.py holds the same table for
the treatise and lookahead players, with the reasons where they differ from the books.
"""

from __future__ import annotations

import argparse
import glob
import sys
from collections.abc import Iterator
from typing import Any

NOT_ADVICE = {"lelasseux-1852-029-first-throws.tric"}  # §§ 29-30 show how a throw may be played, not which is better


def comparisons(pattern: str) -> Iterator[tuple[str, int, Any, tuple[int, int], list[int], list[list[int]]]]:
    """(record, throw number, situation, dice, the book's row, the rejected rows) of every record matching."""
    from trictrac_notation.engine.opengame import open_game
    from trictrac_notation.games.trictrac.kernel.bridge import from_play
    from trictrac_notation.play.situation import Situation

    for path in sorted(glob.glob(pattern)):
        if path.rsplit("/", 1)[-1] in NOT_ADVICE:
            continue
        game = open_game(path)
        replay = game.replay
        if replay is None or getattr(game.scorer, "ruleset", None) is None or game.scorer.ruleset.game != "trictrac":
            continue
        for t in replay.throws:
            if not t.variations or t.play is None or t.throw.dice is None or t.score_before is None:
                continue
            book = from_play(t.play)[1]
            rejected = [from_play(v[0].play)[1] for v in t.variations
                        if v and v[0].play is not None and v[0].side == t.side and v[0].throw.dice is not None
                        and sorted(v[0].throw.dice) == sorted(t.throw.dice)]
            rejected = [r for r in rejected if r != book]
            if not rejected:
                continue
            state = t.score_before
            s = Situation.of_position(game.scorer.ruleset, t.before, t.side,
                                      state.memory.history(t.side, t.throw_in_releve), state.marking.copy())
            yield path.rsplit("/", 1)[-1], t.throw.number, s, t.throw.dice, book, rejected


def main() -> int:
    from trictrac_notation.play.registry import player

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", default="greedy,lookahead,treatise,learned")
    p.add_argument("--records", default="site_src/games/historical/*.tric")
    args = p.parse_args()
    names = args.players.split(",")
    players = [player(n) for n in names]
    agree = {n: 0 for n in names}
    total = 0
    for record, number, s, dice, book, rejected in comparisons(args.records):
        cells = []
        for name, who in zip(names, players, strict=True):
            values = {tuple(c.play[1]): c.value for c in who.rank(s, dice)}
            ok = all(values[tuple(book)] > values[tuple(r)] for r in rejected)
            agree[name] += ok
            worst = max(values[tuple(r)] for r in rejected)
            cells.append(f"{name} {'agrees' if ok else 'differs'} ({values[tuple(book)]:.2f} against {worst:.2f})")
        total += 1
        print(f"{record} throw {number} {dice[0]}-{dice[1]}: " + "; ".join(cells), flush=True)
    print(f"{total} positions: " + ", ".join(f"{n} agrees with the book on {agree[n]}" for n in names))
    return 0


if __name__ == "__main__":
    sys.exit(main())
