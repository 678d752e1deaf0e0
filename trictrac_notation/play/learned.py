"""The learned player: the treatise's terms weighed by a small network trained by self-play, TD(λ) as
TD-Gammon was.

The inputs are the terms of :mod:`.treatise` (each the advice of a book) for the position a play leaves; the
value, in :data:`.player.UNIT`, is a linear part — which starts as the treatise's own weights — plus a layer of
``tanh`` units that lets the terms weigh each other (a dame left open counts for more when the opponent's jan is
within a throw, ...).  ``scripts/train_learned.py`` trains it from its seed by playing parties against itself
and writes one small weights file per rule family (``play/weights/<family>.json``, shipped in the package).
Played with a rule set of no trained family, it is the treatise player.

numpy carries the network: one matrix product values every play of a throw at once.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

import numpy as np

from ..core.board import DAMES, other
from ..games.trictrac.kernel.moves import OFF
from .ecrire import stay_or_go as marque_or
from .greedy import choices_of, ranked
from .player import Choice, Decision
from .treatise import TERMS, WEIGHTS, Treatise, end_of_partie, jetons_after, jetons_staying, terms

if TYPE_CHECKING:
    from numpy.typing import NDArray

    from .situation import Dice, Situation

SUMMARY = ("learned: each play valued by its points and by the treatise's terms of the position it leaves, weighed "
           "by a small network trained by self-play (TD(λ)); stays when staying is worth more; under the rules of "
           "a family no weights were trained for (Jollyvet's and Soumille's among them), the treatise player")

FAMILIES = {"guiton-1822": "nineteenth", "lepeintre-1818": "nineteenth", "lelasseux-1852": "nineteenth",
            "modern": "nineteenth"}
"""The rule sets whose play one weights file serves: the nineteenth-century books score the same jans the same
way (Guiton, Lepeintre, Lelasseux-Lafosse, and the modern rules after them)."""


@dataclass
class Net:
    """value(φ) = linear·φ + out·tanh(hidden·(φ / scale) + bias), in points."""

    linear: NDArray[np.float64]  # (terms,)
    hidden: NDArray[np.float64]  # (units, terms)
    bias: NDArray[np.float64]  # (units,)
    out: NDArray[np.float64]  # (units,)
    scale: NDArray[np.float64]  # (terms,)

    @classmethod
    def initial(cls, units: int, rng: np.random.Generator, scale: NDArray[np.float64]) -> Net:
        """The treatise's weights, and hidden units that start near nothing."""
        n = len(TERMS)
        return cls(np.array(WEIGHTS, dtype=float), rng.normal(0.0, 0.3, (units, n)), np.zeros(units),
                   rng.normal(0.0, 0.01, units), scale)

    def values(self, phi: NDArray[np.float64]) -> NDArray[np.float64]:
        """The values of a batch of term vectors (rows)."""
        h = np.tanh((phi / self.scale) @ self.hidden.T + self.bias)
        result: NDArray[np.float64] = phi @ self.linear + h @ self.out
        return result

    def gradient(self, phi: NDArray[np.float64]) -> list[NDArray[np.float64]]:
        """d value / d (linear, hidden, bias, out) at one term vector."""
        x = phi / self.scale
        h = np.tanh(self.hidden @ x + self.bias)
        dh = self.out * (1 - h * h)
        return [phi.copy(), np.outer(dh, x), dh, h]

    def params(self) -> list[NDArray[np.float64]]:
        return [self.linear, self.hidden, self.bias, self.out]

    def to_json(self) -> dict[str, Any]:
        return {"terms": [name for name, _ in TERMS], "linear": self.linear.round(6).tolist(),
                "hidden": self.hidden.round(6).tolist(), "bias": self.bias.round(6).tolist(),
                "out": self.out.round(6).tolist(), "scale": self.scale.round(6).tolist()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Net:
        if data["terms"] != [name for name, _ in TERMS]:
            raise ValueError("the weights were learned for other terms than the treatise's: train them again "
                             "(scripts/train_learned.py)")
        return cls(*(np.array(data[k], dtype=float) for k in ("linear", "hidden", "bias", "out", "scale")))


@functools.cache
def trained(family: str) -> Net | None:
    """The weights shipped for ``family``, None when there are none."""
    path = resources.files(__package__) / "weights" / f"{family}.json"
    if not path.is_file():
        return None
    return Net.from_json(json.loads(path.read_text(encoding="utf-8")))


def term_rows(s: Situation, choices: list[Choice]) -> NDArray[np.float64]:
    """The treatise's terms of the position each play leaves (one row a play), as the treatise player reads
    them (the jetons after the throw)."""
    y = list(s.row(other(s.mover)))
    hole = s.marking.points_per_hole
    return np.array([terms(c.play[1], y, s.tariff, s.slow, *jetons_after(s, c.points), hole) for c in choices],
                    dtype=float)


class Learned:
    """See the module's docstring."""

    name = "learned"
    summary = SUMMARY

    def __init__(self, net: Net | None = None):
        self.net = net  # None: the weights shipped for the rule set's family

    def _net(self, s: Situation) -> Net | None:
        if self.net is not None:
            return self.net
        family = FAMILIES.get(s.ruleset.id)
        return trained(family) if family else None

    def rank(self, situation: Situation, dice: Dice) -> list[Choice]:
        s = situation
        net = self._net(s)
        if net is None:
            return Treatise().rank(s, dice)
        choices = choices_of(s, dice)
        if len(choices) == 1:
            return choices
        values = net.values(term_rows(s, choices))
        return ranked([c._replace(value=c.value + (float(v) if c.play[1][OFF] != DAMES else 0.0))
                       for c, v in zip(choices, values, strict=True)])

    def stay_or_go(self, situation: Situation) -> Decision:
        s = situation
        net = self._net(s)
        if net is None:
            return Treatise().stay_or_go(s)
        m = s.marking
        phi = terms(s.me(), list(s.row(other(s.mover))), s.tariff, s.slow, *jetons_staying(s), m.points_per_hole)
        stay = -s.pending + (float(net.values(np.array([phi]))[0]) if s.me()[OFF] != DAMES else 0.0)
        return marque_or(s, stay + end_of_partie(s), -float(m.players[s.mover].points))
