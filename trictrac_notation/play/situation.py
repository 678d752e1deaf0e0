"""What a player reads: a moment of a partie of trictrac, on the kernel's rows.

Both sides' rows (25 counts each in the side's own frame, index 24 the dames borne off), the side to move,
the score (each side's points, holes, bredouille and pavillon: a :class:`..games.trictrac.marking.Marking`),
the relevé's memory for the opening jans (:class:`..games.trictrac.history.Memory` with each side's throws
in the relevé) and the rule set.  A Situation is a value: the methods that move it on return a new one.

For a stay-or-go decision the Situation is the one the decider faces once his throw is played and his own
points marked: ``mover`` is the decider, ``rows`` are after his play, ``marking`` holds the holes he just won
and his points left over, and ``pending`` the points his throw gave the opponent, which the opponent marks
only if he stays (rules.md §3.10).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ..core.board import BLACK, DAMES, WHITE, Position, other
from ..games.trictrac.history import Memory
from ..games.trictrac.kernel.moves import row_of, seen_by
from ..games.trictrac.marking import Marking
from ..games.trictrac.scoring import Tariff, tariff

if TYPE_CHECKING:
    from ..games.trictrac.ecrire import EcrireRules
    from ..games.trictrac.kernel.scoring import KHistory
    from ..games.trictrac.scoring import History
    from ..rules.rulesets import RuleSet
    from .player import Choice

Dice = tuple[int, int]
Row = tuple[int, ...]
OPENING: Row = (DAMES,) + (0,) * 24
"""A side's row at the start of a relevé: fifteen dames on the talon."""
THROWS: tuple[tuple[int, int, int], ...] = tuple((a, b, 1 if a == b else 2) for a in range(1, 7) for b in range(a, 7))
"""The 21 distinct throws with their chances out of 36: (die, die, chances)."""


@functools.cache
def ruleset_named(label: str) -> RuleSet:
    """The trictrac rule set ``ID[+OPTION...]`` (RulesError if there is none), read once."""
    from ..rules.rulesets import require_game, ruleset_for

    return require_game(ruleset_for(label, None), "trictrac")


def new_marking(ruleset: RuleSet) -> Marking:
    """The score at the start of a partie under ``ruleset``."""
    return Marking(ruleset.variant("points_per_hole"), ruleset.variant("holes_per_partie"))


@dataclass(frozen=True)
class Situation:
    """A moment of a partie as the player to move sees it (see the module's docstring).

    ``marking`` is shared, not copied, between a Situation and those made from it: read it, never mark on it
    (:meth:`Marking.copy` first).  ``throws``: each side's throws so far in this relevé, (white's, black's),
    or None when unknown (the jan de six tables, which needs it, is then not scored)."""

    ruleset: RuleSet
    rows: tuple[Row, Row]  # (white's, black's), each in its own frame
    mover: str
    marking: Marking
    memory: Memory
    throws: tuple[int, int] | None = (0, 0)
    pending: int = 0  # stay or go only: the points the decider's throw gave his opponent
    ecrire: EcrireRules | None = None  # a partie à écrire: its rules (None: a partie of twelve holes)
    refaits: int = 0  # à écrire: the refaits just before this marqué

    @classmethod
    def opening(cls, ruleset: RuleSet, mover: str = WHITE, marking: Marking | None = None) -> Situation:
        """The start of a relevé (of the partie when ``marking`` is None)."""
        return cls(ruleset, (OPENING, OPENING), mover, marking or new_marking(ruleset), Memory.of(ruleset))

    @classmethod
    def of_position(cls, ruleset: RuleSet, position: Position, mover: str, history: History | None = None,
                    marking: Marking | None = None) -> Situation:
        """A Situation from the readable engine's Position and the History a throw of ``mover`` is scored with
        (the ``score`` request's fields ``throw``, ``made`` and ``first_throw``)."""
        rows = tuple(row_of(position.row(c), position.borne_off(c)) for c in (WHITE, BLACK))
        memory = Memory.of(ruleset, fresh=True)
        throws: tuple[int, int] | None = None
        if history is not None:
            memory = replace(memory, deux_tables=frozenset({mover}) if history.deux_tables_made else frozenset(),
                             mezeas=history.mezeas_made,
                             opening=(other(mover), history.rencontre_dice) if history.rencontre_dice else None)
            n = history.throw_in_releve
            if n:
                # the opponent has thrown as often, or once more when he threw first: only the jan de six
                # tables (his first three throws) reads it
                throws = (n - 1, n - 1)
        return cls(ruleset, (tuple(rows[0]), tuple(rows[1])), mover, marking or new_marking(ruleset), memory,
                   throws)

    # --- what the kernel reads ---------------------------------------------------------------------------

    @property
    def tariff(self) -> Tariff:
        return tariff(self.ruleset)

    @property
    def slow(self) -> bool:
        """The slow (provincial) sortie (rules.md §3.8)."""
        movement = self.ruleset.movement
        return movement is not None and movement.sortie == "slow"

    def row(self, side: str) -> Row:
        return self.rows[0] if side == WHITE else self.rows[1]

    def me(self) -> list[int]:
        """The mover's row (a fresh list)."""
        return list(self.row(self.mover))

    def opp(self) -> list[int]:
        """The opponent's dames in the mover's frame (a fresh list)."""
        return seen_by(self.row(other(self.mover)))

    def history(self) -> KHistory:
        """What the mover's next throw is scored with (the opening jans)."""
        return self.history_of(self.mover)

    def history_of(self, side: str) -> KHistory:
        """What the next throw of ``side`` is scored with."""
        n = 0 if self.throws is None else self.throws[0 if side == WHITE else 1] + 1
        return self.memory.kernel_history(side, n)

    def position(self) -> Position:
        """The readable engine's Position (for what is shown)."""
        white, black = self.rows
        return Position(white[:24], black[:24], white[24], black[24])

    # --- moving on ---------------------------------------------------------------------------------------

    def after(self, dice: Dice, row: Sequence[int], jans: Sequence[str], marking: Marking | None = None) -> Situation:
        """The Situation once the mover has played ``dice`` to ``row`` (his row after the play), his throw
        having scored the events of ``jans``: the opponent to move (the relevé goes on)."""
        side = self.mover
        opponent_threw = self.throws is not None and self.throws[1 if side == WHITE else 0] > 0
        n = self.throws[0 if side == WHITE else 1] + 1 if self.throws is not None else 2
        memory = self.memory.after(side, dice, jans, n, opponent_threw)
        rows = (tuple(row), self.rows[1]) if side == WHITE else (self.rows[0], tuple(row))
        throws = None if self.throws is None else (
            (self.throws[0] + 1, self.throws[1]) if side == WHITE else (self.throws[0], self.throws[1] + 1))
        return Situation(self.ruleset, rows, other(side), marking or self.marking, memory, throws, 0, self.ecrire,
                         self.refaits)

    def deciding(self, dice: Dice, choice: Choice, marking: Marking) -> Situation:
        """The Situation of the mover who must stay or go after playing ``choice`` and marking his points on
        ``marking`` (see the module's docstring)."""
        after = self.after(dice, choice.play[1], [e[0] for e in choice.events], marking)
        return replace(after, mover=self.mover, pending=choice.points[1])

    def releve(self, first: str, marking: Marking | None = None) -> Situation:
        """A new relevé (after a sortie or a go), ``first`` to throw."""
        return Situation(self.ruleset, (OPENING, OPENING), first, marking or self.marking, self.memory.new_releve(),
                         ecrire=self.ecrire, refaits=self.refaits)
