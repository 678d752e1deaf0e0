"""A partie played throw by throw: the marking, stay or go, the sortie and the relevés (rules.md §3.9, §3.10).

:class:`Partie` holds what the table holds — both rows, the score, the relevé's memory — and applies one
throw at a time: the mover's chosen play, his points then his opponent's, the decision to stay or go when his
own throw won a hole, and a new relevé after a go or a sortie (the goer, or the player who bore off first,
throws first).  The simulations, ``match`` and ``play`` drive it; the dice and the choices are theirs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ..core.board import DAMES, WHITE, other
from ..games.trictrac.kernel.moves import OFF
from .player import GO, Choice, Decision
from .situation import Dice, Situation, new_marking

if TYPE_CHECKING:
    from ..games.trictrac.marking import Marking
    from ..rules.rulesets import RuleSet


class Thrown(NamedTuple):
    """What one throw did."""

    side: str
    dice: Dice
    choice: Choice
    holes: tuple[int, int]  # holes taken on this throw: (the mover's, his opponent's)
    decision: Decision | None  # asked when the mover's own throw won a hole
    releve_over: bool  # a go or a sortie: the dames are piled again
    won: bool  # this throw decided the partie


class Partie:
    """One partie under ``ruleset``; ``first`` throws first.  :attr:`situation` is what the player to move
    sees; its ``marking`` is the partie's own, marked on as the partie goes (copy it to keep it)."""

    def __init__(self, ruleset: RuleSet, first: str = WHITE, marking: Marking | None = None):
        self.ruleset = ruleset
        self.marking = marking or new_marking(ruleset)
        self.situation = Situation.opening(ruleset, first, self.marking)
        self.throws = 0

    @property
    def winner(self) -> str | None:
        return self.marking.winner

    def throw(self, dice: Dice, choice: Choice, decide: Callable[[Situation], Decision] | None = None) -> Thrown:
        """Apply the mover's throw of ``dice`` played as ``choice``; ``decide`` says whether he stays or goes
        after a hole his own throw won (never asked: he stays)."""
        s, m = self.situation, self.marking
        side = s.mover
        own, theirs = choice.points
        won_before = m.winner is not None
        self.throws += 1
        row = choice.play[1]
        gain = m.mark(side, own)
        decision = None
        if gain.holes and decide is not None:
            decision = decide(s.deciding(dice, choice, m))
        went = decision is not None and decision.decision == GO
        rival_holes = 0
        if went:
            m.go()  # the opponent does not mark what the throw gave him
        else:
            rival_holes = m.mark(other(side), theirs).holes
        sortie = row[OFF] == DAMES
        if went or sortie:
            m.relever()
            self.situation = s.releve(side)  # the goer, or the first to bear off all his dames, throws first
        else:
            self.situation = s.after(dice, row, [e[0] for e in choice.events])
        return Thrown(side, dice, choice, (gain.holes, rival_holes), decision, went or sortie,
                      m.winner is not None and not won_before)

