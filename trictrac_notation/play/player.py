"""The Player protocol: rank the legal plays of a throw, and stay or go after a hole.

Every player values in the same unit, :data:`UNIT`, so that players, their rankings and the cost of a
mistake can be compared: **points, from the mover's side** — the points he may expect to mark less those
his opponent may expect to mark, from the throw being valued to the end of the relevé, as the player
estimates them.  Twelve points make a hole (the rule sets' ``points_per_hole``), so a value of 12 is worth
a hole.  A play's value counts the points of its own throw; a player that looks further adds what he
expects of the throws that follow.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, NamedTuple, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..games.trictrac.kernel.moves import KPlay
    from ..games.trictrac.kernel.scoring import KEvent
    from .situation import Dice, Situation

UNIT = ("points: the mover's expected points less his opponent's, from this throw to the end of the relevé "
        "(12 points make a hole)")
STAY, GO = "stay", "go"


class Choice(NamedTuple):
    """One legal play of a throw as a player ranks it."""

    play: KPlay  # the kernel's play: (steps, the mover's row after it, dice used, numbers unplayed)
    points: tuple[int, int]  # the points of the throw with this play: (the mover's, his opponent's)
    value: float  # the player's estimate, in UNIT
    events: list[KEvent]  # the throw's scoring events with this play


class Decision(NamedTuple):
    """Stay (tenir) or go (s'en aller) after a hole won by one's own throw, with the value of each in UNIT."""

    decision: str  # STAY or GO
    stay: float
    go: float


@runtime_checkable
class Player(Protocol):
    """A player of trictrac."""

    name: str
    summary: str  # one sentence: how he chooses (shown by match, simulate, best)

    def rank(self, situation: Situation, dice: Dice) -> list[Choice]:
        """Every legal play of ``dice`` for ``situation.mover``, best first (at least one: a throw that cannot
        be played has the empty play)."""
        ...

    def stay_or_go(self, situation: Situation) -> Decision:
        """The decision of ``situation.mover``, who has just won a hole by his own throw (the Situation is then
        the one :mod:`.situation` describes for it)."""
        ...


def best_of(choices: list[Choice], rng: random.Random | None = None) -> Choice:
    """The first of a ranking, or, among the plays valued as highly as the first, one drawn by ``rng``."""
    if rng is None or len(choices) == 1:
        return choices[0]
    top = choices[0].value
    tied = [c for c in choices if c.value == top]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def decide(stay: float, go: float) -> Decision:
    """Go only when going is worth more: a tie stays, as a player who has not decided plays on."""
    return Decision(GO if go > stay else STAY, stay, go)
