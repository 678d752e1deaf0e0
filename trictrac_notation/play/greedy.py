"""The greedy player: the points of the throw and nothing else.

Each play is valued by the points its throw scores for the mover less those it gives the opponent; ties —
most throws, since hits, the coin and the opening jans are scored on the position before the throw, not on
the play — keep the order of the kernel's legal plays (:func:`.player.best_of` draws among them).  He always
stays after a hole: his horizon ends with the throw, whose points are marked whichever he decides.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.board import DAMES
from ..games.trictrac.kernel.moves import COIN, OFF, KPlay, legal, pleins, within_reach
from ..games.trictrac.kernel.scoring import KEvent, KRoll, events, totals
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

    Plays that leave the same pleins (of the quadrants one throw may fill), bear off as many dames, leave the
    same coin and leave the same numbers unplayed are scored once (the other jans do not depend on the play),
    and groups that differ only in a coin not full share their events."""
    a, b = dice
    plays = legal(me, opp, a, b, slow)
    if len(plays) == 1:
        play = plays[0]
        found = events(KRoll(me, opp, a, b, slow, play, plays), t, history)
        own, theirs = totals(found)
        return [Choice(play, (own, theirs), float(own - theirs), found)]
    landing = "margot" in t.scored and t.variants["margot"] == "landing"
    reach = within_reach(me)
    groups: dict[tuple[int, int, int, tuple[int, ...], tuple[int, ...] | None], list[KPlay]] = {}
    for play in plays:
        row = play[1]
        groups.setdefault((pleins(row, reach) if reach else 0, row[OFF], row[COIN], play[3],
                           tuple(s[1] for s in play[0]) if landing else None), []).append(play)
    out: list[Choice] = []
    scored: dict[tuple[object, ...], list[KEvent]] = {}  # the events of a group's kind: only a full coin differs
    for key, group in groups.items():
        kind = (key[0], key[1], key[2] == DAMES, key[3], key[4])
        if kind in scored:
            found = scored[kind]
        else:
            found = scored[kind] = events(KRoll(me, opp, a, b, slow, group[0], plays), t, history)
        own, theirs = totals(found)
        out += [Choice(p, (own, theirs), float(own - theirs), found) for p in group]
    return out


def choices_of(s: Situation, dice: Dice) -> list[Choice]:
    """:func:`scored_plays` of the mover's throw in ``s``."""
    return scored_plays(s.me(), s.opp(), dice, s.tariff, s.history(), s.slow)


def ranked(choices: list[Choice]) -> list[Choice]:
    """Best value first; equal values keep their order."""
    return sorted(choices, key=lambda c: -c.value)


class Greedy:
    """See the module's docstring."""

    name = "greedy"
    summary = SUMMARY

    def rank(self, situation: Situation, dice: Dice) -> list[Choice]:
        return ranked(choices_of(situation, dice))

    def stay_or_go(self, situation: Situation) -> Decision:
        return decide(0.0, 0.0)
