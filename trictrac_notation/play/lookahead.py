"""The lookahead player: a play is worth its points less what the opponent's best answer is worth to him.

Each legal play is valued by the points of its throw (the mover's less his opponent's) less the expected
value, to the opponent, of his reply: over his 21 distinct throws weighted by their chances, the answer that
is worth most to him by the same valuation — the points of his throw, less, one throw deeper, the expected
points of the mover's best answer to it.  How deep it looks is fixed by the position, not by the clock, so
that a partie replays the same from its seed:

* two throws (the play, then the opponent's 21 answers) always;
* three throws (then the mover's 21 answers to each of the opponent's ``breadth`` best-scoring answers) when
  the throw has at most ``deeper`` legal plays (three, and the opponent's two best answers).

The value is in :data:`.player.UNIT`: points, the horizon being the throws it looks at (what comes after them
is counted as nothing).  After a hole it stays or goes by the same valuation: staying is worth the points
the throw gave the opponent (lost) and the value of the position for the opponent to move (three throws); going
is worth the points left over on the jetons (lost): the opening, two throws deep, is worth as much to either
side.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.board import DAMES, other
from ..games.trictrac.kernel.moves import OFF, seen_by
from .ecrire import stay_or_go as marque_or
from .greedy import choices_of, ranked, scored_plays
from .player import Choice, Decision
from .situation import THROWS, Dice, Situation

if TYPE_CHECKING:
    from ..games.trictrac.kernel.scoring import KHistory
    from ..games.trictrac.scoring import Tariff

SUMMARY = ("lookahead: each play valued by its points less the expected worth of the opponent's best answer over "
           "his 21 throws (his points less the mover's, and one throw deeper when the throw has few plays); stays "
           "or goes by the same valuation")


def best_points(me: list[int], opp: list[int], t: Tariff, history: KHistory, slow: bool) -> float:
    """The expected net points of the mover's best-scoring play, over his 21 throws."""
    total = 0.0
    for a, b, chances in THROWS:
        total += chances * max(c.value for c in scored_plays(me, opp, (a, b), t, history, slow))
    return total / 36


def answer(theirs: list[int], mine: list[int], t: Tariff, history: KHistory, slow: bool, breadth: int = 0,
           later: KHistory | None = None) -> float:
    """The expected worth, to the opponent whose row is ``theirs`` (his frame) facing ``mine`` (the mover's
    row, the mover's frame), of his best answer over his 21 throws.  With ``breadth``, each of his
    ``breadth`` best-scoring answers is worth its points less the mover's best points in reply (``later``:
    the mover's history then)."""
    seen = seen_by(mine)
    total = 0.0
    for a, b, chances in THROWS:
        choices = scored_plays(theirs, seen, (a, b), t, history, slow)
        if breadth and later is not None:
            best = None
            for c in ranked(choices)[:breadth]:
                after = c.play[1]
                worth = c.value
                if after[OFF] != DAMES:
                    worth -= best_points(mine, seen_by(after), t, later, slow)
                best = worth if best is None or worth > best else best
            assert best is not None
        else:
            best = max(c.value for c in choices)
        total += chances * best
    return total / 36


class Lookahead:
    """See the module's docstring."""

    name = "lookahead"
    summary = SUMMARY

    def __init__(self, deeper: int = 3, breadth: int = 2):
        self.deeper = deeper
        self.breadth = breadth

    def rank(self, situation: Situation, dice: Dice) -> list[Choice]:
        s = situation
        t, slow = s.tariff, s.slow
        choices = choices_of(s, dice)
        if len(choices) == 1:
            return choices
        deep = len(choices) <= self.deeper
        theirs = list(s.row(other(s.mover)))
        mine_later = _later(s.history())
        out = []
        for c in choices:
            after = c.play[1]
            value = c.value
            if after[OFF] != DAMES:  # (a sortie ends the relevé: nothing follows it)
                h = s.after(dice, after, [e[0] for e in c.events]).history()
                value -= answer(theirs, after, t, h, slow, self.breadth if deep else 0, mine_later)
            out.append(c._replace(value=value))
        return ranked(out)

    def stay_or_go(self, situation: Situation) -> Decision:
        s = situation
        rival = other(s.mover)
        me = s.me()
        stay = -float(s.pending)
        if me[OFF] != DAMES:  # (after a sortie the relevé starts again whichever he decides)
            stay -= answer(list(s.row(rival)), me, s.tariff, s.history_of(rival), s.slow, self.breadth, s.history())
        return marque_or(s, stay, -s.marking.players[s.mover].points)


def _later(h: KHistory) -> KHistory:
    """The mover's history at his next throw (the rencontre answers only a first throw)."""
    return (h[0] + 1 if h[0] else 0, h[1], h[2], None)
