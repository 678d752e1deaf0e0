"""What a backgammon rule set states (``game: backgammon`` files of rules_data/backgammon/).

No jans and no points: a backgammon rule set is its variants (the moves, the start, the cube, what a game and a
match score), each cited or ``decided``, with options (Jacoby, Crawford, the beaver...) that set variants.
The rule-file loader (rules_schema) reads these files as it reads trictrac's: extends, citations, bounds.
"""

from __future__ import annotations

import re

from ...rules.rules_schema import GameSchema, Variant

START = re.compile(r"^\s*(?:(?:[1-9]|1[0-9]|2[0-4]|bar):[0-9]{1,2}\s*)+$")


class Start:
    """A starting layout in the mover's own points: ``"24:2 13:5 8:3 6:5"`` (``bar:15``: every dame waits to
    enter); the same for both players."""

    @staticmethod
    def describe() -> str:
        return 'points and counts in the mover\'s frame, e.g. "24:2 13:5 8:3 6:5" (bar:N for dames to enter)'

    @staticmethod
    def accepts(value: object) -> bool:
        return isinstance(value, str) and bool(START.match(value))

    @staticmethod
    def text(value: str) -> str:
        return value


def start_counts(value: str) -> dict[int, int]:
    """``"24:2 13:5"`` -> ``{24: 2, 13: 5}`` (25 for the bar)."""
    out: dict[int, int] = {}
    for part in value.split():
        where, _, n = part.partition(":")
        point = 25 if where == "bar" else int(where)
        out[point] = out.get(point, 0) + int(n)
    return out


VARIANTS = {
    "dames": Variant(int, "dames a side"),
    "start": Variant(Start, "the starting layout of each player, in his own points"),
    "doublet_moves": Variant(int, "how many times a doublet's number is played"),
    "enter_first": Variant(bool, "dames on the bar enter before any other dame moves"),
    "hitting": Variant(bool, "a single opposing dame is hit and sent to the bar (else it holds its point)"),
    "max_per_point": Variant(int, "the most dames of one player on a point"),
    "bear_off": Variant(("any", "most-pips"), "any legal bearing off, or only the plays that use the most points "
                                              "(the whole count, Guiton)"),
    "cube": Variant(bool, "the doubling cube is used"),
    "beaver": Variant(bool, "the player doubled may redouble at once and keep the cube (money play)"),
    "gammon": Variant(int, "the multiple won when the loser has borne off no dame"),
    "backgammon": Variant(int, "the multiple won when the loser, with no dame off, still has one on the bar or "
                               "in the winner's home table"),
    "jacoby": Variant(bool, "gammons and backgammons count only once the cube has been turned (money play)"),
    "crawford": Variant(bool, "no double in the game after a player first stands one point from the match"),
    "ace_deuce": Variant(bool, "after playing a 1-2 the player names a doublet, plays it, and throws again (the "
                               "record writes the doublet named as his next line)"),
    "doublets_again": Variant(bool, "a player who throws a doublet throws again"),
}

SCHEMA = GameSchema((), VARIANTS)
