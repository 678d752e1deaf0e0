"""A plain-text diagram of a position, for terminals, `trictrac replay` and ``str(position)``.

The player at the bottom has his talon on the left and his coin on the right,
as in the treatises' figures; the other player's side runs along the top.
White dames are ``o``, black dames ``x``; the arrows are labelled in any
coordinate system.
"""

from __future__ import annotations

from .board import BLACK, WHITE, Position, other
from .coords import DEFAULT_SYSTEM, CoordSystem, get_system

MARK = {WHITE: "o", BLACK: "x"}
CELL = 4


def _cell(text: str) -> str:
    return text.rjust(CELL)


def _white_tracks(side: str) -> list[int]:
    """White-frame tracks of a side's arrows, left to right (talon first)."""
    return list(range(12)) if side == WHITE else [23 - k for k in range(12)]


def _occupant(position: Position, white_track: int) -> str:
    w = position.white[white_track]
    b = position.black[23 - white_track]
    if w:
        return f"{w}{MARK[WHITE]}"
    if b:
        return f"{b}{MARK[BLACK]}"
    return "."


def _line(cells: list[str]) -> str:
    return "".join(_cell(c) for c in cells[:6]) + " |" + "".join(_cell(c) for c in cells[6:])


def render(position: Position, system: str | CoordSystem = DEFAULT_SYSTEM, bottom: str = WHITE) -> str:
    """The diagram as lines of text (``system``: a system's name, or the system itself)."""
    coords = system if isinstance(system, CoordSystem) else get_system(system)
    top = other(bottom)
    lines = []
    for side, labels_first in ((top, True), (bottom, False)):
        tracks = _white_tracks(side)
        labels = _line([coords.label(t, bottom) for t in tracks]) + f"   {side}'s side"
        dames = _line([_occupant(position, t) for t in tracks])
        lines.extend([labels, dames] if labels_first else [dames, labels])
        if labels_first:
            lines.append(" " * (6 * CELL) + " |")
    bar = (f"bar: white {position.bar_white}, black {position.bar_black}   "
           if position.bar_white or position.bar_black else "")
    lines.append(
        f"{bar}off: white {position.off_white}, black {position.off_black}   (o = white, x = black)"
    )
    return "\n".join(lines)
