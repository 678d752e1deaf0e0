"""The book's figures on a game page: each figure a record copies (``figure LABEL "SPEC"``) drawn from its
own encoding, in the book's coordinates, to stand beside the replay's position after that throw, with the
arrows where the two differ outlined.  The reading and the comparison are :mod:`figures`' (the checker's)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict

from ..core.board import Position
from ..core.coords import CoordError
from ..engine.figures import differences, differing, figure_pile, figure_system, read_figure
from .diagram import Annotations, scene
from .layout import white_track
from .svg import background_svg, scene_svg

if TYPE_CHECKING:
    from ..engine.replay import Replay
    from ..notation.record import Figure, Record

WIDTH = 400


class BookFigure(TypedDict):
    """A figure as the game page shows it."""

    label: str
    caption: str
    svg: str
    differences: list[str]


def source_name(record: Record) -> str:
    """The treatise a record comes from, short, for a figure's caption: 'Lepeintre 1818'."""
    source = (record.header("Source") or "").strip()
    m = re.match(r"(.*?\b1[5-9]\d\d)\b", source)
    return m.group(1) if m and len(m.group(1)) <= 60 else (source.split(",")[0][:60] or "the book")


def differing_arrows(fields: dict[str, dict[int, int]], position: Position, pile: int | None) -> list[int]:
    """The arrows (White's frame) where the figure's dames differ from the position's, as the checker reads them
    (:func:`figures.differing`): every arrow outlined is one the caption names, and the reverse."""
    return sorted({white_track(color, track) for color, track, _, _ in differing(fields, position, pile)})


def conventions(record: Record) -> str:
    """How to read the record's figures, in words: what the transcription's drawings leave out or stand for, which
    the comparison with the replay allows for."""
    pile = figure_pile(record)
    out = ["dames borne off are not drawn"]
    if pile is not None:
        out.append(f"a talon drawn as a pile of {pile} dames stands for {pile} or more (the transcription draws no "
                   "taller pile)")
    out.append("a figure that draws no dame of one colour shows the other player's game only, and one that draws "
               "fewer of a colour's dames than the board holds and none on its talon leaves that talon undrawn: "
               "neither is a difference")
    return "; ".join(out) + "."


def book_figures(result: Replay, figures: Sequence[Figure] | None, position: Position | None, shared: dict[str, str]
                 ) -> list[BookFigure]:
    """The figures copied on one line of the record, each ``{label, caption, svg, differences}``; the SVG
    refers to its board in ``shared`` (id -> SVG), like the viewer's diagrams."""
    if not figures or position is None:
        return []
    record = result.record
    try:
        system = figure_system(record, result.coords)
    except CoordError:
        return []
    name, pile = source_name(record), figure_pile(record)
    out: list[BookFigure] = []
    for figure in figures:
        fields, problems = read_figure(figure.spec, system, result.bottom)
        caption = f"{name}, fig. {figure.label}"
        if problems:
            out.append({"label": figure.label, "caption": caption, "svg": "",
                        "differences": ["the figure's encoding cannot be read: " + "; ".join(problems)]})
            continue
        sc = scene(Position.from_fields(fields), coords=system, bottom=result.bottom, compact=True,
                   annotations=Annotations(marked=tuple(differing_arrows(fields, position, pile))))
        key, body = background_svg(sc)
        shared[key] = body
        out.append({"label": figure.label, "caption": caption, "svg": scene_svg(sc, WIDTH, shared=True),
                    "differences": differences(fields, position, system, result.bottom, pile)})
    return out
