"""The cube and the match: who may double, what a take, a drop or a beaver does, what a game scores, and the
score of a match with its Crawford game (seed 002, 'Le cube'; seed 001, 'Cubo de duplicación').

Each check returns the reason an action is not allowed (None when it is), so that the replay reports it at the
record's line and goes on.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...core.board import COLORS, other
from .rules import GAMMON, SINGLE, Rules, multiple

CUBE_RULE = "FFBG rules (seed 002), 'Le cube'"
CRAWFORD_RULE = "Wikipedia 'Backgammon' (seed 001), 'Cubo de duplicación': the Crawford rule"
BEAVER_RULE = "Wikipedia 'Backgammon' (seed 001), 'Cubo de duplicación': the beaver"

TAKE, DROP, BEAVER = "double take", "double drop", "double beaver"
RESIGNS = {"resigns": SINGLE, "resigns-gammon": GAMMON, "resigns-backgammon": "backgammon"}


@dataclass
class Cube:
    """The cube of one game: its value and its owner (None: in the middle, either may double)."""

    value: int = 1
    owner: str | None = None
    turned: bool = False  # a double was taken (the Jacoby rule asks)

    def refuse(self, side: str, action: str, rules: Rules, crawford: bool) -> tuple[str, str] | None:
        """Why ``side`` may not double here (rule, reason), or None."""
        if not rules.cube:
            return CUBE_RULE, f"rule set {rules.id} has no cube"
        if crawford:
            return CRAWFORD_RULE, ("no double in the Crawford game (the game after a player first stands one point "
                                   "from the match)")
        if self.owner == other(side):
            return CUBE_RULE, f"the cube is {other(side)}'s (he took it at {self.value}): only he may redouble"
        if action == BEAVER and not rules.beaver:
            return BEAVER_RULE, f"rule set {rules.id} does not allow the beaver (the option 'beaver' does)"
        return None

    def answer(self, side: str, action: str) -> int | None:
        """Apply ``side``'s double and the answer; the points the doubler wins when it is dropped, else None."""
        if action == DROP:
            return self.value
        self.value *= 4 if action == BEAVER else 2
        self.owner, self.turned = other(side), True
        return None


@dataclass
class Result:
    """How a game ended."""

    winner: str
    kind: str  # single, gammon, backgammon
    cube: int
    points: int
    how: str = "bore off"  # 'bore off', 'drop', 'resigns'

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "kind": self.kind, "cube": self.cube, "points": self.points, "how": self.how}


def borne_off(winner: str, kind: str, cube: Cube, rules: Rules, length: int) -> Result:
    return Result(winner, kind, cube.value, cube.value * multiple(kind, rules, cube.turned, length > 0))


@dataclass
class Match:
    """The score of a match to ``length`` points (0: a money session, the points simply added up)."""

    length: int
    rules: Rules
    score: dict[str, int] = field(default_factory=lambda: {c: 0 for c in COLORS})
    results: list[Result] = field(default_factory=list)
    crawford_game: int | None = None  # the number of the Crawford game, once it is known

    def over(self) -> bool:
        return bool(self.length) and max(self.score.values()) >= self.length

    def next_is_crawford(self) -> bool:
        """Whether the game about to start is the Crawford game."""
        if not (self.length and self.rules.crawford and self.rules.cube) or self.crawford_game is not None:
            return False
        return any(s == self.length - 1 for s in self.score.values())

    def record(self, result: Result) -> None:
        self.results.append(result)
        self.score[result.winner] += result.points  # as gnubg's match files count: a game's whole points

    def to_json(self) -> dict[str, Any]:
        winner = next((c for c in COLORS if self.length and self.score[c] >= self.length), None)
        return {"length": self.length, "score": dict(self.score), "winner": winner,
                "games": len(self.results), "crawford_game": self.crawford_game}
