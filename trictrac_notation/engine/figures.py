"""The book's figures: a transcription's drawing of a position, read and set beside the replay.

A record copies a figure of its treatise as ``figure 2 "aW2-bW2-cW3-…"`` on the throw after which
the figure shows the position (or in the preamble, for the starting position).  The string is the
figure's own encoding, as the transcriptions of the treatises put it in the figure's file name:
``<arrow><W|B><count>`` joined by ``-``, the arrows in the system of the ``FigureCoords`` header
(by default the record's ``Coords``; in the per-player system a White dame's arrow is read from
White's side and a Black dame's from Black's).  Some transcriptions draw a talon as a pile of a few
dames whatever it holds: ``[FigurePile "3"]`` says so, and a talon drawn with that many dames then
means "that many or more".
"""

from __future__ import annotations

import re

from ..core.board import COLORS, OFF, TALON, Position
from ..core.coords import CoordError, CoordSystem, get_system
from ..notation.record import Record

_PART = re.compile(r"(.+?)([WB])([0-9]{1,2})")  # a count of at most two digits (a longer one is refused)
_COLOR = {"W": "white", "B": "black"}


def figure_system(record: Record, default: CoordSystem) -> CoordSystem:
    """The coordinate system of the record's figures (CoordError for an unknown ``FigureCoords``)."""
    name = record.header("FigureCoords")
    return default if not name else get_system(name)


def figure_pile(record: Record) -> int | None:
    """How many dames the figures draw at most on a talon (``FigurePile``), or None."""
    value = (record.header("FigurePile") or "").strip()
    return int(value) if value.isdigit() and 0 < len(value) < 3 else None


def read_figure(spec: str, coords: CoordSystem, bottom: str) -> tuple[dict[str, dict[int, int]], list[str]]:
    """The dames a figure shows, ``{colour: {track: count}}`` in each colour's own frame, and the
    problems met reading it (a part that is not ``<arrow><W|B><count>``, an unknown arrow)."""
    fields: dict[str, dict[int, int]] = {c: {} for c in COLORS}
    problems = []
    for part in filter(None, spec.split("-")):
        m = _PART.fullmatch(part)
        if not m:
            problems.append(f"{part!r} is not <arrow><W|B><count>, like aW2")
            continue
        arrow, color, count = m.group(1), _COLOR[m.group(2)], int(m.group(3))
        try:
            track = coords.parse(arrow, color, bottom)
        except CoordError as e:
            problems.append(f"{part!r}: {e.message}")
            continue
        if track >= OFF:
            problems.append(f"{part!r}: a figure draws no dame off the board")
            continue
        if track in fields[color]:
            problems.append(f"{part!r}: the arrow {arrow} is given twice for {color}")
        fields[color][track] = fields[color].get(track, 0) + count
    if not problems and not any(fields.values()):
        problems.append("the figure shows no dame")
    return fields, problems


def differences(fields: dict[str, dict[int, int]], position: Position, coords: CoordSystem, bottom: str,
                pile: int | None = None) -> list[str]:
    """Where the replay's ``position`` differs from a figure's ``fields``, in the figure's coordinates:
    'white c: 3 in the figure, 2 in the replay' (each of :func:`differing`)."""
    return [f"{color} {coords.format(track, color, bottom)}: {shown} in the figure, {there} in the replay"
            for color, track, shown, there in differing(fields, position, pile)]


def differing(fields: dict[str, dict[int, int]], position: Position, pile: int | None = None
              ) -> list[tuple[str, int, int, int]]:
    """Where the replay's ``position`` differs from a figure's ``fields``: (colour, track in his frame, dames in the
    figure, dames in the replay).  Dames borne off are not drawn and not compared.

    decided: a figure that draws no dame of a colour shows the other player's game only (Lelasseux-Lafosse's
    figures of one side's plein, §§ 47-104): that colour is not compared.  A figure that draws fewer of a
    colour's dames than stand on the board and none on its talon may leave its talon undrawn (LLF figs. 17
    and 18 draw nine Black dames; rules.md § 5 E2, E3: 'six on the talon, not drawn'): its talon is not
    compared, every other arrow is."""
    out: list[tuple[str, int, int, int]] = []
    for color in COLORS:
        row = position.row(color)
        drawn = fields[color]
        if not drawn:
            continue
        talon_undrawn = TALON not in drawn and sum(row) > sum(drawn.values())
        for track in sorted(set(drawn) | {t for t in range(len(row)) if row[t]}):
            shown, there = drawn.get(track, 0), row[track]
            if shown == there or (track == TALON and (talon_undrawn or pile is not None and shown == pile <= there)):
                continue
            out.append((color, track, shown, there))
    return out
