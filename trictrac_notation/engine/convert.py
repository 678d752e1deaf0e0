"""Rewriting a record in another coordinate system (``trictrac convert``).

Only arrow names change: each is read in the old system from its mover's side
and written in the new one, so nothing else of the record can be lost.  The book's
figures keep their own encoding: a record converted away from the figures' system
says which system they are in (``FigureCoords``).
"""

from __future__ import annotations

import copy

from ..core.coords import CoordError, get_system
from ..core.diagnostics import Diagnostic, Reporter
from ..notation.record import MoveText, Record, Span, Throw
from .game import part_span
from .replay import coordinate_system

NON_ARROW_KEYS = ("off", "points", "holes", "bredouille")


def convert(record: Record, system: str) -> tuple[Record, list[Diagnostic]]:
    """A copy of ``record`` written in ``system``, and the problems met (unknown arrows)."""
    reporter = Reporter(record.path)
    old, bottom = coordinate_system(record, reporter)
    new = get_system(system)
    out = copy.deepcopy(record)

    def rename(text: str, mover: str, span: Span | None) -> str:
        try:
            track = old.parse(text, mover, bottom)
        except CoordError as e:
            reporter.error(e.message, span, hint=e.suggestion, code="bad-coordinate")
            return text
        return new.format(track, mover, bottom)

    for line in out.setup:
        for p in line.placements:
            if p.key.lower() not in NON_ARROW_KEYS:
                p.key = rename(p.key, line.side, p.span)

    def moves(t: Throw, written: list[MoveText]) -> list[MoveText]:
        return [MoveText(tuple(rename(part, t.side, part_span(m, i)) for i, part in enumerate(m.parts)), m.span)
                for m in written]

    figures = bool(out.figures)

    def convert_throws(throws: list[Throw]) -> None:
        nonlocal figures
        for t in throws:
            t.moves = moves(t, t.moves)
            t.replayed = moves(t, t.replayed)
            for x in t.touched:
                x.arrow = rename(x.arrow, t.side, x.span)
            figures |= bool(t.figures)
            for v in t.variations:
                convert_throws(v)

    convert_throws(out.throws)
    if figures and not out.header("FigureCoords"):
        out.set_header("FigureCoords", old.id)
    out.set_header("Coords", new.id)
    return out, reporter.items
