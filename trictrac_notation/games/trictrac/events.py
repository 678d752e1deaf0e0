"""What a throw scores: events (jans) and the marking that follows.

Shared vocabulary between the scoring engine (which fills these), the replay
report, the diagrams (which draw hits and fills) and the site.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .vocabulary import JANS as JANS  # the jans, as events name them (re-exported)


@dataclass
class Event:
    """One scoring event of a throw (rules.md §3).

    ``target``: for hits, the arrow of the beaten dame as a track in the **roller's**
    frame (0 = roller's talon, 23 = opponent's talon); ``quadrant``: for fills and
    keeps, 'petit-jan', 'grand-jan' or 'retour'; ``ways``: which numbers made it
    (e.g. [6], [4, 10]) where the treatises count ways (moyens).
    """

    jan: str
    beneficiary: str
    points: int
    means: int = 1
    half: str | None = None  # 'talon' or 'coin' for hits
    target: int | None = None
    quadrant: str | None = None
    ways: list[int] = field(default_factory=list)
    rule: str = ""  # key of the rule set entry that valued it, e.g. 'points.battre-a-vrai'
    citation: str = ""  # the treatise's words: "Guiton 1822, ch. 1" or "decided: ..."
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        data = {"jan": self.jan, "beneficiary": self.beneficiary, "points": self.points, "means": self.means}
        for key in ("half", "target", "quadrant", "rule", "citation", "note"):
            value = getattr(self, key)
            if value not in (None, ""):
                data[key] = value
        if self.target is not None:
            data["target"] = self.target + 1  # fields, as in the `score` contract
        if self.ways:
            data["ways"] = list(self.ways)
        return data


def counted(n: int, noun: str) -> str:
    """'1 hole', '3 holes', '0 points' — for the messages and reports."""
    return f"{n:g} {noun}" if n == 1 else f"{n:g} {noun}s"


def score_text(color: str, holes: int, points: int) -> str:
    """'white 1 hole 4 points': one player's score as the reports print it."""
    return f"{color} {counted(holes, 'hole')} {counted(points, 'point')}"
