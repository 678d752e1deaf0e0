"""The relevé's memory for the opening jans: who has thrown how often, which once-only jans were made, and the
first throw a jan de rencontre may answer.  One copy, kept by the scorer (``ScoreState.memory``) and by the
chances and the simulations (:class:`Tracker`, which also counts the throws itself).

decided: the jan de mézéas is made once per relevé by either player (LLF52 §126 'only one player, once');
the jan de rencontre needs a relevé begun from the opening piles.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ...core.board import BLACK, WHITE, other
from .kernel.scoring import KHistory
from .scoring import History, tariff
from .vocabulary import ONCE


@dataclass(frozen=True)
class Memory:
    """What a relevé remembers of its past throws (immutable: a variation starts from a copy for free)."""

    deux_scope: str  # the variant deux_tables_once: 'per-releve' forgets the jan de deux tables at a relevé
    rencontre_scope: str  # 'releve' or 'partie': where a jan de rencontre may still be made
    fresh: bool = True  # the relevé began from the opening piles
    deux_tables: frozenset[str] = frozenset()  # who made the jan de deux tables (or its contre-jan) in its scope
    mezeas: bool = False  # a jan de mézéas (or contre-jan) was made in this relevé
    opening: tuple[str, tuple[int, int]] | None = None  # (colour, dice) of the first throw, a rencontre may follow
    rencontre_open: bool = True

    @classmethod
    def of(cls, ruleset: Any, fresh: bool = True) -> Memory:
        scored = tariff(ruleset).scored
        return cls(ruleset.variant("deux_tables_once"),
                   ruleset.variant("rencontre_scope") if "rencontre" in scored else "partie", fresh)

    def history(self, side: str, n: int) -> History:
        """What throw ``n`` of ``side`` in the relevé (1 for his first) is scored with."""
        opening = self.opening
        rencontre = opening[1] if opening and n == 1 and opening[0] != side else None
        return History(n, side in self.deux_tables, self.mezeas, rencontre)

    def kernel_history(self, side: str, n: int) -> KHistory:
        """:meth:`history` as the kernel takes it: (n, deux tables made, mézéas made, the dice a rencontre
        answers)."""
        opening = self.opening
        return n, side in self.deux_tables, self.mezeas, opening[1] if opening and n == 1 and opening[0] != side \
            else None

    def after(self, side: str, dice: Sequence[int], jans: Iterable[str], n: int, opponent_threw: bool) -> Memory:
        """The memory after throw ``n`` of ``side`` scored the events of ``jans`` (``opponent_threw``: in this
        relevé)."""
        deux, mezeas = self.deux_tables, self.mezeas
        for jan in jans:
            kind = ONCE.get(jan)
            if kind == "deux_tables":
                deux = deux | {side}
            elif kind == "mezeas":
                mezeas = True
        if self.fresh and self.rencontre_open and n == 1 and not opponent_threw:
            return replace(self, deux_tables=deux, mezeas=mezeas, opening=(side, (dice[0], dice[1])))
        rencontre_open = self.rencontre_open and n <= 1
        if (deux is self.deux_tables and mezeas == self.mezeas and self.opening is None
                and rencontre_open == self.rencontre_open):
            return self  # nothing to remember: most throws of a relevé (immutable, so shared)
        return replace(self, deux_tables=deux, mezeas=mezeas, opening=None, rencontre_open=rencontre_open)

    def new_releve(self) -> Memory:
        """The memory when the dames are re-piled."""
        return replace(self, fresh=True, mezeas=False,
                       deux_tables=frozenset() if self.deux_scope == "per-releve" else self.deux_tables,
                       opening=None, rencontre_open=self.rencontre_scope == "releve")


class Tracker:
    """The :class:`Memory` of a relevé with its own count of the throws: for the chances and the simulations,
    which have no replay to count them.  Feed it each scored throw (:meth:`record`) and each new relevé
    (:meth:`new_releve`); :meth:`history` is what a throw of ``side`` is scored with."""

    def __init__(self, ruleset: Any, fresh: bool = True):
        self.memory = Memory.of(ruleset, fresh)
        self.counts = {WHITE: 0, BLACK: 0}

    def history(self, side: str) -> History:
        return self.memory.history(side, self.counts[side] + 1)

    def kernel_history(self, side: str) -> KHistory:
        """:meth:`history` as the kernel takes it."""
        return self.memory.kernel_history(side, self.counts[side] + 1)

    def record(self, side: str, dice: Sequence[int], jans: Iterable[str]) -> None:
        """Throw ``side`` ``dice``, which scored the events of ``jans``."""
        n = self.counts[side] + 1
        self.memory = self.memory.after(side, dice, jans, n, bool(self.counts[other(side)]))
        self.counts[side] = n

    def new_releve(self) -> None:
        self.counts = {WHITE: 0, BLACK: 0}
        self.memory = self.memory.new_releve()
