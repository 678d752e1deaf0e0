"""What a diagram draws for backgammon that trictrac's board has not: the board turned half round, so that the
bottom player's home is at the bottom right as backgammon diagrams draw it (GNU Backgammon's, bkgm.com's), and the
doubling cube on the bar.

The board is laid out as trictrac's with the rows swapped (the bottom player's first twelve points along the top,
his home half along the bottom) and then mirrored left to right: every shape's x becomes ``WIDTH - x`` (a text's
anchor too), so that the words stay readable.  :mod:`diagram` calls :func:`mirror` on the board before the caption
is added below it; ``static/board.js`` does the same."""

from __future__ import annotations

from collections.abc import Iterable

from ..core.board import COLORS
from .layout import (
    BASELINE,
    CUBE,
    CUBE_DY,
    CUBE_SIZE,
    FRAME_X0,
    INK,
    MID_Y,
    MIDDLE,
    SHORT_L,
    STYLES,
    WIDTH,
    Shape,
    Style,
    U,
)

_ANCHOR = {"start": "end", "end": "start", "middle": "middle"}


def mirror(shapes: Iterable[Shape]) -> list[Shape]:
    """The shapes mirrored left to right across the diagram's width."""
    out = []
    for s in shapes:
        g = s.geom
        if s.kind == "rect":
            geom: tuple[object, ...] = (WIDTH - g[0] - g[2], *g[1:])
        elif s.kind == "circle":
            geom = (WIDTH - g[0], *g[1:])
        elif s.kind == "text":
            geom = (WIDTH - g[0], *g[1:])
            out.append(s._replace(geom=geom, style=s.style._replace(anchor=_ANCHOR[s.style.anchor])))
            continue
        else:  # polygon, path, line: their points
            geom = tuple((WIDTH - x, y) for x, y in g)
        out.append(s._replace(geom=geom))
    return out


def cube_shapes(cube: tuple[int, str | None] | None, bottom: str) -> list[Shape]:
    """The doubling cube on the bar: in the middle while nobody owns it (showing 64, as backgammon boards do, at 1),
    else in its owner's half (``bottom``: the colour whose row is at the bottom in the layout's frame)."""
    if cube is None:
        return []
    value, owner = cube
    x = FRAME_X0 + SHORT_L + 6 * U + MIDDLE / 2
    y = MID_Y if owner not in COLORS else MID_Y + (CUBE_DY if owner == bottom else -CUBE_DY)
    words = "64" if value == 1 and owner is None else str(value)
    half = CUBE_SIZE / 2
    return [Shape("rect", (x - half, y - half, CUBE_SIZE, CUBE_SIZE, 0.12 * U), STYLES["die"], "cube",
                  (("value", value), ("owner", owner or ""))),
            Shape("text", (x, y + BASELINE * CUBE, words), Style(fill=INK, size=CUBE, bold=True), "cube-value")]
