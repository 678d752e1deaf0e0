"""What a game's quick replay returns: a record replayed on the game's kernel and found clean.

A game may replay a plain record (notation/lightread.py) without building its objects (the Game protocol's
``quick_replay``); it returns a :class:`QuickReplay` only when the readable replay would report no diagnostic
at all, and None otherwise.  :func:`..opengame.open_game` with ``quick=True`` uses it: a clean record is then
checked without the readable replay, which runs only when someone asks for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core.diagnostics import Diagnostic


@dataclass(frozen=True)
class QuickReplay:
    """``throws``: how many; ``results``: per throw (side, die, die, the mover's row after, points he marks,
    points his opponent marks); ``final``: the score at the end as the game's replay gives it — trictrac: each
    colour's points, holes and bredouille (None without a rule set); backgammon: its Final's JSON, the last
    game's result with the match; ``winner``: who won the partie (backgammon: the last game), or None;
    ``diagnostics``: the few the quick replay knows how to give exactly as the readable replay gives them (a
    throw after the partie is won).  A game's rows are its kernel's (backgammon: 26 counts, borne off first, the
    bar last; a line without dice has dice 0-0)."""

    throws: int
    results: list[tuple[str, int, int, list[int], int, int]]
    final: dict[str, Any] | None
    winner: str | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
