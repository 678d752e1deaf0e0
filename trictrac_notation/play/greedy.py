"""The greedy player: the points of the throw and nothing else.

Each play is valued by the points its throw scores for the mover less those it gives the opponent; ties —
most throws, since hits, the coin and the opening jans are scored on the position before the throw, not on
the play — keep the order of the kernel's legal plays (:func:`.player.best_of` draws among them).  He always
stays after a hole: his horizon ends with the throw, whose points are marked whichever he decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..games.trictrac.kernel.moves import COIN, OFF, KPlay, legal, pleins
from ..games.trictrac.kernel.scoring import KRoll, events, totals
from .player import Choice, Decision, decide

if TYPE_CHECKING:
    from ..games.trictrac.kernel.scoring import KHistory
    from ..games.trictrac.scoring import Tariff
    from .situation import Dice, Situation

SUMMARY = ("greedy: each throw takes the legal play scoring the most points for the mover on that throw (his "
           "points minus the opponent's), ties broken at random; always stays after a hole")


def scored_plays(me: list[int], opp: list[int], dice: Dice, t: Tariff, history: KHistory,
                 slow: bool) -> list[Choice]:
    """Every legal play with the points of its throw, valued by them (the net points), in the kernel's order.

    Plays that leave the same pleins, bear off as many dames, leave the same coin and leave the same numbers
    unplayed are scored once (the other jans do not depend on the play)."""
    a, b = dice
    plays = legal(me, opp, a, b, slow)
    if len(plays) == 1:
        play = plays[0]
        found = events(KRoll(me, opp, a, b, slow, play, plays), t, history)
        own, theirs = totals(found)
        return [Choice(play, (own, theirs), float(own - theirs), found)]
    landing = "margot" in t.scored and t.variants["margot"] == "landing"
    groups: dict[tuple[object, ...], list[KPlay]] = {}
    for play in plays:
        row = play[1]
        key = (pleins(row), row[OFF], row[COIN], play[3], tuple(s[1] for s in play[0]) if landing else None)
        groups.setdefault(key, []).append(play)
    out: list[Choice] = []
    for group in groups.values():
        found = events(KRoll(me, opp, a, b, slow, group[0], plays), t, history)
        own, theirs = totals(found)
        out += [Choice(p, (own, theirs), float(own - theirs), found) for p in group]
    return out


def ranked(choices: list[Choice]) -> list[Choice]:
    """Best value first; equal values keep their order."""
    return sorted(choices, key=lambda c: -c.value)


class Greedy:
    """See the module's docstring."""

    name = "greedy"
    summary = SUMMARY

    def rank(self, situation: Situation, dice: Dice) -> list[Choice]:
        return ranked(scored_plays(situation.me(), situation.opp(), dice, situation.tariff, situation.history(),
                                   situation.slow))

    def stay_or_go(self, situation: Situation) -> Decision:
        return decide(0.0, 0.0)
