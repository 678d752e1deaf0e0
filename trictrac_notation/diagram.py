"""The board diagram as a list of shapes, shared by the SVG writer and matplotlib.

Everything is laid out here once, in user units (an arrow is ``U`` wide); the
back ends (:mod:`svg`, :mod:`plot`) only translate shapes into their own
vocabulary, so the two pictures cannot drift apart.  The layout follows
:mod:`textboard`: the bottom player's talon at the left and his coin at the
right, the top player's side along the top with his talon also at the left, the
middle band between arrows 5 and 6, the band the dames leave by at the left.

The parts that depend only on the coordinate system and the side at the bottom
(frame, arrows, holes, labels) are built once and cached: a diagram then costs
only its dames and annotations.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import NamedTuple

from .board import BLACK, COLORS, OFF, WHITE, Position, other
from .coords import CoordSystem, get_system
from .events import score_text as events_score_text
from .labels import Box, circle_box, first_free, fit_size, text_box
from .moves import QUADRANTS
from .notation import dice_name

# --- units and places ---------------------------------------------------------------

U = 40.0  # width of an arrow, in user units
MARGIN_L = 1.3 * U  # borne-off dames and the players' names
SHORT_L = 1.0 * U  # short band on the talon side: the fichets' start and the pavillon
MIDDLE = 0.8 * U  # the middle band between arrows 5 and 6
SHORT_R = 0.7 * U  # short band between the coins
MARGIN_R = 0.2 * U
LABELS = 0.75 * U  # a row of arrow labels, above and below the board
BAND = 0.9 * U  # a long band with its twelve holes
ARROW = 5.0 * U  # length of an arrow: five dames
GAP = 1.4 * U  # between the tips of facing arrows
R_DAME = 0.44 * U
SHOWN = 5  # dames drawn per arrow; beyond, the count is written on the last one

WIDTH = MARGIN_L + SHORT_L + 12 * U + MIDDLE + SHORT_R + MARGIN_R
FRAME_X0, FRAME_X1 = MARGIN_L, WIDTH - MARGIN_R
FRAME_Y0 = LABELS
TOP_IN = FRAME_Y0 + BAND  # inner edge of the top long band
BOTTOM_IN = TOP_IN + 2 * ARROW + GAP
FRAME_Y1 = BOTTOM_IN + BAND
BOARD_HEIGHT = FRAME_Y1 + LABELS
MID_Y = (TOP_IN + BOTTOM_IN) / 2
SHORT_L_X = FRAME_X0 + SHORT_L / 2  # centre of the left short band

# text sizes (user units)
LABEL_SIZE = 0.5 * U
CAPTION_SIZE = 0.46 * U
LINE = 0.62 * U
TAG_SIZE = 0.36 * U


class Layout(NamedTuple):
    """Text sizes of a diagram.  The compact layout, for narrow screens (a board about 300 px wide),
    has larger text and no caption below the board: the page around it says the throw in words."""

    label: float = LABEL_SIZE  # arrow labels, at most: long ones are made to fit their arrow
    side: float = 0.36 * U  # the players' names
    count: float = 0.5 * U  # the number on the last dame of a pile
    tag: float = TAG_SIZE  # words on the board: à vrai, the filled jan, off
    caption: bool = True
    compact: bool = False


FULL = Layout()
COMPACT = Layout(label=0.66 * U, side=0.54 * U, count=0.66 * U, tag=0.56 * U, caption=False, compact=True)

# --- colours: Okabe-Ito for everything that carries meaning; dames tell apart in greyscale ----

INK = "#222222"
PAPER = "#ffffff"
WOOD = "#8b5e34"
HOLE = "#3a2816"
SURFACE = "#f5eedc"
ARROW_FILL = ("#c9a66b", "#5f7f73")  # tan / grey-green, alternating
DAME_FILL = {WHITE: "#fafafa", BLACK: "#1e1e1e"}
DAME_EDGE = {WHITE: "#333333", BLACK: "#bdbdbd"}
MOVE = "#0072b2"  # blue
VRAI = "#d55e00"  # vermillion: solid ring
FAUX = "#cc79a7"  # reddish purple: dashed ring
PLEIN = "#009e73"  # bluish green
PAVILLON = "#f0e442"  # yellow

JAN_TITLES = {
    "six-tables": "jan de six tables", "deux-tables": "jan de deux tables",
    "contre-deux-tables": "contre-jan de deux tables", "mezeas": "jan de mézéas",
    "contre-mezeas": "contre-jan de mézéas", "battre-a-vrai": "battre à vrai", "battre-a-faux": "battre à faux",
    "battre-coin": "battre le coin", "remplir": "remplir", "conserver": "conserver",
    "impuissance": "dame impuissante", "sortie": "sortie", "rencontre": "jan de rencontre",
    "margot": "Margot la fendue", "pile-de-misere": "pile de misère",
}
QUADRANT_TITLES = {"petit-jan": "petit jan", "grand-jan": "grand jan", "retour": "jan de retour"}
HITS = {"battre-a-vrai": "vrai", "battre-a-faux": "faux"}
FILLS = ("remplir", "conserver")


# --- shapes ---------------------------------------------------------------------------

class Style(NamedTuple):
    """How a shape is painted; sizes in user units."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0  # stroke width
    dash: tuple | None = None  # (on, off)
    opacity: float = 1.0  # fill opacity
    size: float = 0.0  # font size
    anchor: str = "middle"  # text: start, middle or end
    bold: bool = False
    halo: str | None = None  # text: a paper-coloured outline keeping it readable over anything


class Shape(NamedTuple):
    """One thing to draw.

    ``geom`` by kind: rect (x, y, w, h, corner radius); circle (cx, cy, r);
    polygon ((x, y), ...); path (start, control, end) of a quadratic curve;
    line ((x0, y0), (x1, y1)); text (x, baseline y, string).  ``cls`` and
    ``data`` name the shape for the SVG reader (CSS classes, data-* attributes).
    """

    kind: str
    geom: tuple
    style: Style
    cls: str = ""
    data: tuple = ()


@dataclass
class Scene:
    width: float
    height: float
    background: tuple  # the cached part (frame, arrows, holes, labels)
    background_key: tuple
    shapes: list
    title: str
    desc: str


@dataclass
class Annotations:
    """What happened in a throw, to be drawn over the position it led to.

    ``steps``: moves.Step objects of the mover (own frame; dst 24 = borne off);
    ``events``: events.Event objects (hits locate their dame by ``target``, in the
    roller's frame; fills and keeps by ``quadrant`` in the beneficiary's frame);
    ``score``: ``{colour: {"points", "holes", "bredouille"}}`` where ``bredouille``
    means the player marks with two jetons; ``marker``: the colour holding the
    pavillon (or cravate), if any.
    """

    dice: tuple[int, int] | None = None
    mover: str | None = None
    steps: list = ()
    events: list = ()
    captions: list = ()
    score: dict | None = None
    marker: str | None = None
    marked: tuple = ()  # arrows (White's frame) to outline: where a book's figure differs from the replay


# --- where things are -------------------------------------------------------------------

def column_left(col: int) -> float:
    """Left edge of column ``col`` (0 = talon .. 11 = coin) of either row."""
    return FRAME_X0 + SHORT_L + col * U + (MIDDLE if col >= 6 else 0)


def place(white_track: int, bottom: str) -> tuple[str, int]:
    """Row ('top' or 'bottom') and column of an arrow given in White's frame."""
    owner, col = (WHITE, white_track) if white_track < 12 else (BLACK, 23 - white_track)
    return ("bottom" if owner == bottom else "top"), col


def white_track(color: str, track: int) -> int:
    return track if color == WHITE else 23 - track


def slot(white_t: int, bottom: str, k: float) -> tuple[float, float]:
    """Centre of the k-th dame (0 = against the band) on an arrow."""
    row, col = place(white_t, bottom)
    x = column_left(col) + U / 2
    k = min(k, SHOWN - 1)
    if row == "top":
        return x, TOP_IN + (k + 0.5) * U
    return x, BOTTOM_IN - (k + 0.5) * U


def off_tray(color: str, bottom: str) -> tuple[float, float]:
    """Where a colour's borne-off dames lie: beside the row they leave from (his jan de retour)."""
    y = TOP_IN + 1.2 * U if color == bottom else BOTTOM_IN - 1.2 * U
    return MARGIN_L / 2, y


def band_y(color: str, bottom: str) -> float:
    """Centre line of a player's own long band."""
    return FRAME_Y1 - BAND / 2 if color == bottom else FRAME_Y0 + BAND / 2


def hole_xy(color: str, holes: int, bottom: str) -> tuple[float, float]:
    """Where a player's fichet stands for ``holes`` holes (rules.md §1.5).

    Hole k is at the foot of his arrow k - 1 (the first at the talon, the twelfth
    at the coin); with no hole the fichet waits in the short band on the talon side.
    """
    if holes <= 0:
        return SHORT_L_X, (BOTTOM_IN - 0.6 * U if color == bottom else TOP_IN + 0.6 * U)
    return column_left(min(holes, 12) - 1) + U / 2, band_y(color, bottom)


def jeton_x(points: int) -> float | None:
    """Where the jeton stands on its owner's long band for ``points`` (None at 0).

    decided: 2, 4 and 6 stand at the far edge of arrows 1, 3 and 5 (the last one against
    the middle band), 8 just beyond the middle band, 10 against the short band between
    the coins — LLF52 §141 and GUI22 ch.1 as read in rules.md §1.5 (the treatises say
    'before' or 'opposite the gap', both fit); odd counts are drawn at the even count
    below, and the exact number is in the caption.
    """
    points = max(0, points) % 12 // 2 * 2
    if points == 0:
        return None
    if points <= 6:
        return column_left(points - 1) + U - (0.08 * U if points == 6 else 0)
    if points == 8:
        return column_left(6) + 0.08 * U
    return column_left(11) + U - 0.08 * U


# --- the static part ------------------------------------------------------------------

def _text(x, y, s, size, fill=INK, anchor="middle", bold=False, halo=None, cls="", data=()) -> Shape:
    return Shape("text", (x, y + 0.35 * size, s), Style(fill=fill, size=size, anchor=anchor, bold=bold, halo=halo),
                 cls, data)


def arrow_labels(coords: CoordSystem, bottom: str, compact: bool) -> dict:
    """Each arrow's label (White's frame) and the prefix its row shares, written once at the row's end
    in the compact layout (trictrac.org's B and N): ``{track: text}``, ``{row: prefix}``."""
    labels = {wt: coords.label(wt, bottom) for wt in range(24)}
    prefixes = {}
    if compact:
        for row in ("top", "bottom"):
            tracks = [wt for wt in range(24) if place(wt, bottom)[0] == row]
            first = labels[tracks[0]]
            prefix = first[:len(first) - len(first.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ"))]
            if prefix and all(labels[t].startswith(prefix) and labels[t][len(prefix):] for t in tracks):
                prefixes[row] = prefix
                for t in tracks:
                    labels[t] = labels[t][len(prefix):]
    return labels, prefixes


@lru_cache(maxsize=64)
def background(coords_id: str, bottom: str, layout: Layout = FULL) -> tuple:
    """Frame, bands, 24 arrows, 24 + 3 holes and the arrow labels (each fitted to its arrow's width)."""
    coords = get_system(coords_id)
    labels, prefixes = arrow_labels(coords, bottom, layout.compact)
    size = fit_size(labels.values(), layout.label, 0.88 * U)
    shapes = [
        Shape("rect", (0, 0, WIDTH, BOARD_HEIGHT, 0), Style(fill=PAPER), "paper"),
        Shape("rect", (FRAME_X0, FRAME_Y0, FRAME_X1 - FRAME_X0, FRAME_Y1 - FRAME_Y0, 0.15 * U),
              Style(fill=WOOD, stroke=HOLE, width=0.04 * U), "frame"),
    ]
    for left in (column_left(0), column_left(6)):
        shapes.append(Shape("rect", (left, TOP_IN, 6 * U, BOTTOM_IN - TOP_IN, 0), Style(fill=SURFACE), "table"))
    hole = Style(fill=HOLE)
    for wt in range(24):
        row, col = place(wt, bottom)
        x = column_left(col)
        base, tip = (TOP_IN, TOP_IN + ARROW) if row == "top" else (BOTTOM_IN, BOTTOM_IN - ARROW)
        shapes.append(Shape("polygon", ((x, base), (x + U, base), (x + U / 2, tip)),
                            Style(fill=ARROW_FILL[wt % 2], stroke=HOLE, width=0.02 * U), "arrow",
                            (("track", wt),)))
        band = FRAME_Y0 + BAND / 2 if row == "top" else FRAME_Y1 - BAND / 2
        shapes.append(Shape("circle", (x + U / 2, band, 0.09 * U), hole, "hole"))
        shapes.append(_text(x + U / 2, _label_y(row), labels[wt], size, cls="label", data=(("track", wt),)))
    for row, prefix in prefixes.items():  # after the row's last arrow: the left margin holds the player's name
        shapes.append(_text(column_left(11) + U + 0.15 * U, _label_y(row), prefix, size, anchor="start",
                            cls="label prefix"))
    for y in (TOP_IN + 0.6 * U, MID_Y, BOTTOM_IN - 0.6 * U):  # fichets' start, pavillon's hole
        shapes.append(Shape("circle", (SHORT_L_X, y, 0.09 * U), hole, "hole start"))
    for color, row in ((other(bottom), "top"), (bottom, "bottom")):
        shapes.append(_text(0.05 * U, _label_y(row), color, fit_size([color], layout.side, column_left(0) - 0.4 * U,
                                                                    bold=True), anchor="start", bold=True, cls="side"))
    return tuple(shapes)


def _label_y(row: str) -> float:
    return FRAME_Y0 / 2 if row == "top" else FRAME_Y1 + LABELS / 2


# --- the position ---------------------------------------------------------------------

def _dame(x, y, color, wt, cls="dame") -> Shape:
    return Shape("circle", (x, y, R_DAME), Style(fill=DAME_FILL[color], stroke=DAME_EDGE[color], width=0.05 * U),
                 f"{cls} {color}", (("track", wt),) if wt is not None else ())


def _count(x, y, n, color, cls="count", size=0.5 * U) -> Shape:
    return _text(x, y, str(n), fit_size([str(n)], size, 1.6 * R_DAME, bold=True), fill=DAME_FILL[other(color)],
                 bold=True, cls=cls)


def dames(position: Position, bottom: str, layout: Layout = FULL) -> list:
    shapes = []
    for color in COLORS:
        row = position.row(color)
        for t in range(24):
            n = row[t]
            if not n:
                continue
            wt = white_track(color, t)
            for k in range(min(n, SHOWN)):
                x, y = slot(wt, bottom, k)
                shapes.append(_dame(x, y, color, wt))
            if n > SHOWN:
                shapes.append(_count(x, y, n, color, size=layout.count))
        n = position.borne_off(color)
        if n:
            x, y = off_tray(color, bottom)
            shapes.append(_dame(x, y, color, None, "off"))
            shapes.append(_count(x, y, n, color, "count off", size=layout.count))
            shapes.append(_text(x, y + (-0.85 if color == bottom else 0.85) * U, "off", layout.tag, cls="tag"))
    return shapes


# --- the score ------------------------------------------------------------------------

def _field(entry, key, default=0):
    """A score entry's field, whether the scorer gives dicts or objects."""
    if isinstance(entry, dict):
        return entry.get(key, default)
    return getattr(entry, key, default)


def score_marks(score: dict | None, marker: str | None, bottom: str) -> list:
    """Jetons for the points (two when marking in bredouille), fichets for the holes, the pavillon."""
    shapes = []
    for color in COLORS:
        entry = (score or {}).get(color)
        if entry is None:
            continue
        points, holes = int(_field(entry, "points") or 0), int(_field(entry, "holes") or 0)
        x = jeton_x(points)
        if x is not None:
            y = band_y(color, bottom)
            style = Style(fill=DAME_FILL[color], stroke=DAME_EDGE[color], width=0.05 * U)
            data = (("points", points),)
            if _field(entry, "bredouille", False):
                shapes.append(Shape("circle", (x - 0.12 * U, y - 0.12 * U, 0.3 * U), style, f"jeton {color}", data))
                x, y = x + 0.12 * U, y + 0.12 * U
            shapes.append(Shape("circle", (x, y, 0.3 * U), style, f"jeton {color}", data))
        x, y = hole_xy(color, holes, bottom)
        d = 0.24 * U
        shapes.append(Shape("polygon", ((x, y - d), (x + d, y), (x, y + d), (x - d, y)),
                            Style(fill=DAME_FILL[color], stroke=DAME_EDGE[other(color)], width=0.05 * U),
                            f"fichet {color}", (("holes", holes),)))
    if marker in COLORS:
        # decided: the pavillon is drawn in the short band on the talon side, in its holder's half;
        # rules.md §1.5 gives its idle place (the middle hole of that band), not where the holder keeps it.
        x = SHORT_L_X - 0.15 * U
        y = MID_Y + (2.0 if marker == bottom else -2.0) * U
        shapes.append(Shape("line", ((x, y + 0.45 * U), (x, y - 0.45 * U)), Style(stroke=INK, width=0.05 * U),
                            "pavillon-pole"))
        shapes.append(Shape("polygon", ((x, y - 0.45 * U), (x + 0.45 * U, y - 0.3 * U), (x, y - 0.15 * U)),
                            Style(fill=PAVILLON, stroke=INK, width=0.04 * U), f"pavillon {marker}"))
    return shapes


# --- annotations ----------------------------------------------------------------------

def _unit(dx, dy):
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    return dx / n, dy / n


def curved_arrow(p0, p1, cls="move", shorten_start=R_DAME, shorten_end=R_DAME, head=True) -> list:
    """A curve from p0 to p1 bowing towards the middle of the board, with a head at p1."""
    (x0, y0), (x1, y1) = p0, p1
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5
    nx, ny = _unit(-dy, dx)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    if nx * ((FRAME_X0 + FRAME_X1) / 2 - mx) + ny * (MID_Y - my) < 0:
        nx, ny = -nx, -ny
    bow = min(max(0.25 * length, 0.6 * U), 2.5 * U)
    c = (mx + nx * bow, my + ny * bow)
    ux, uy = _unit(x0 - c[0], y0 - c[1])
    start = (x0 - ux * shorten_start, y0 - uy * shorten_start)
    tx, ty = _unit(x1 - c[0], y1 - c[1])
    tip = (x1 - tx * shorten_end, y1 - ty * shorten_end)
    head_len, head_w = 0.34 * U, 0.17 * U
    end = (tip[0] - tx * head_len, tip[1] - ty * head_len) if head else tip
    shapes = [
        Shape("path", (start, c, end), Style(stroke=PAPER, width=0.2 * U), "halo"),
        Shape("path", (start, c, end), Style(stroke=MOVE, width=0.08 * U), cls),
    ]
    if head:
        shapes.append(Shape("polygon", (tip, (end[0] - ty * head_w, end[1] + tx * head_w),
                                        (end[0] + ty * head_w, end[1] - tx * head_w)),
                            Style(fill=MOVE, stroke=PAPER, width=0.03 * U), "move-head"))
    return shapes


def _ghost(x, y, cls="ghost") -> Shape:
    return Shape("circle", (x, y, R_DAME * 0.9), Style(stroke=MOVE, width=0.05 * U, dash=(0.12 * U, 0.08 * U)), cls)


def moves(position: Position, mover: str, steps, bottom: str) -> list:
    """Curved arrows for the dames moved, drawn over the position they led to.

    The slot each dame left and reached is found by replaying the steps on the
    position before the throw; a left slot now empty gets a dashed ghost, a
    dame played tout d'une shows where it rested.
    """
    steps = [s for s in steps if 0 <= s.src < OFF]
    after = list(position.row(mover))
    run = after[:]
    for s in steps:  # undo: the position before the throw
        run[s.src] += 1
        if s.dst < OFF:
            run[s.dst] -= 1
    shapes = []
    for s in steps:
        src_w = white_track(mover, s.src)
        run[s.src] -= 1
        k = max(run[s.src], 0)
        p0 = slot(src_w, bottom, k)
        if after[s.src] <= k < SHOWN:
            shapes.append(_ghost(*p0))
        if s.dst >= OFF:
            p1 = off_tray(mover, bottom)
        else:
            p1 = slot(white_track(mover, s.dst), bottom, max(run[s.dst], 0))
            run[s.dst] += 1
        if s.via is not None and 0 < s.via < OFF:
            rest = slot(white_track(mover, s.via), bottom, after[s.via])
            shapes.append(_ghost(*rest, "rest"))
            shapes += curved_arrow(p0, rest, head=False, shorten_end=R_DAME * 0.9)
            shapes += curved_arrow(rest, p1, shorten_start=R_DAME * 0.9)
        else:
            shapes += curved_arrow(p0, p1)
    return shapes


def _roller(event, mover):
    """Whose throw made a hit: the mover, or else the player the points go to (à vrai) or not (à faux)."""
    if mover in COLORS:
        return mover
    return event.beneficiary if event.jan == "battre-a-vrai" else other(event.beneficiary)


def hits(events, mover, bottom: str) -> list:
    """Beaten dames: a solid ring à vrai, a dashed ring à faux (their words are placed by :func:`tags`)."""
    shapes = []
    for ev in events:
        kind = HITS.get(getattr(ev, "jan", None))
        if kind is None or getattr(ev, "target", None) not in range(24) or ev.beneficiary not in COLORS:
            continue
        wt = white_track(_roller(ev, mover), ev.target)
        x, y = slot(wt, bottom, 0)
        colour, dash = (VRAI, None) if kind == "vrai" else (FAUX, (0.14 * U, 0.09 * U))
        shapes.append(Shape("circle", (x, y, 0.52 * U), Style(stroke=colour, width=0.11 * U, dash=dash),
                            f"hit {kind}", (("track", wt),)))
    return shapes


def _plein(ev, bottom):
    """Row, first column and name of a plein made or kept, or None."""
    if (getattr(ev, "jan", None) not in FILLS or getattr(ev, "quadrant", None) not in QUADRANTS
            or getattr(ev, "beneficiary", None) not in COLORS):
        return None
    lo, hi = QUADRANTS[ev.quadrant]
    row, first = place(white_track(ev.beneficiary, lo), bottom)
    last = place(white_track(ev.beneficiary, hi - 1), bottom)[1]
    return row, min(first, last), f"{JAN_TITLES[ev.jan]} ({QUADRANT_TITLES[ev.quadrant]})"


def fills(events, bottom: str) -> list:
    """Pleins made or kept: the six arrows outlined (their names are placed by :func:`tags`)."""
    shapes = []
    for ev in events:
        found = _plein(ev, bottom)
        if found is None:
            continue
        row, col, _ = found
        y = TOP_IN if row == "top" else BOTTOM_IN - ARROW
        shapes.append(Shape("rect", (column_left(col), y, 6 * U, ARROW, 0.1 * U),
                            Style(fill=PLEIN, stroke=PLEIN, width=0.12 * U, opacity=0.15),
                            f"plein {ev.jan}", (("quadrant", ev.quadrant),)))
    return shapes


def outlines(tracks, bottom: str) -> list:
    """Arrows outlined with a dashed vermillion frame (a figure's arrows that differ from the replay)."""
    shapes = []
    for wt in sorted(set(tracks)):
        row, col = place(wt, bottom)
        y = TOP_IN if row == "top" else BOTTOM_IN - ARROW
        shapes.append(Shape("rect", (column_left(col) + 0.04 * U, y, 0.92 * U, ARROW, 0.1 * U),
                            Style(stroke=VRAI, width=0.1 * U, dash=(0.2 * U, 0.12 * U)), "differs",
                            (("track", wt),)))
    return shapes


SURFACE_BOX = Box(column_left(0), TOP_IN, column_left(11) + U, BOTTOM_IN)


def _candidates(text, size, points):
    return (((x, y), text_box(x, y, text, size, bold=True, halo=True)) for x, y in points)


def _gap_points(x, row, span):
    """Places in the gap between the two rows, nearest first: on the row's side, then the other, sliding."""
    ys = (MID_Y - 0.42 * U, MID_Y, MID_Y + 0.42 * U)
    ys = ys if row == "top" else ys[::-1]
    steps = [0.0] + [d * s for d in range(1, int(span / (0.25 * U)) + 1) for s in (0.25 * U, -0.25 * U)]
    return [(x + dx, y) for dx in steps for y in ys]


def tags(events, mover, bottom: str, shapes, layout: Layout = FULL) -> list:
    """The words on the board — the filled jans' names, 'à vrai' / 'à faux' by the beaten dames — each
    where it covers no dame and no other word: a hit's on its own arrow when there is room, else in the
    gap between the rows, as near its dame as it can be."""
    obstacles = [circle_box(*sh.geom) for sh in shapes
                 if sh.kind == "circle" and sh.cls.split()[0] in ("dame", "off", "jeton")]
    obstacles += [text_box(sh.geom[0], sh.geom[1] - 0.35 * sh.style.size, sh.geom[2], sh.style.size,
                           sh.style.anchor, sh.style.bold, bool(sh.style.halo))
                  for sh in shapes if sh.kind == "text"]
    size = layout.tag
    wanted = []
    for ev in events:
        found = _plein(ev, bottom)
        if found is not None:
            row, col, name = found
            x = column_left(col) + 3 * U
            y = TOP_IN + ARROW + 0.4 * U if row == "top" else BOTTOM_IN - ARROW - 0.4 * U
            wanted.append((name, "tag plein", [(x, y)] + _gap_points(x, row, 3 * U)))
    for ev in events:
        kind = HITS.get(getattr(ev, "jan", None))
        if kind is None or getattr(ev, "target", None) not in range(24) or ev.beneficiary not in COLORS:
            continue
        wt = white_track(_roller(ev, mover), ev.target)
        row = place(wt, bottom)[0]
        own = [slot(wt, bottom, k + 0.15) for k in range(1, SHOWN)]
        wanted.append((f"à {kind}", f"tag {kind}", own + _gap_points(own[0][0], row, 6 * U)))
    out = []
    for text, cls, points in wanted:
        found = first_free(_candidates(text, size, points), obstacles, SURFACE_BOX)
        (x, y), box = found or next(_candidates(text, size, points[:1]))
        obstacles.append(box)
        out.append(_text(x, y, text, size, fill=INK, bold=True, halo=PAPER, cls=cls))
    return out


# --- words --------------------------------------------------------------------------------

def move_text(steps, mover: str, coords: CoordSystem, bottom: str) -> str:
    name = lambda t: coords.format(t, mover, bottom)  # noqa: E731
    parts = []
    for s in steps:
        via = f"-{name(s.via)}" if s.via is not None else ""
        parts.append(f"{name(s.src)}{via}-{name(s.dst)}")
    text = " ".join(parts) or "nothing played"
    if any(getattr(s, "puissance", False) for s in steps):
        text += " (coin par puissance)"
    return text


def event_text(ev, mover, coords: CoordSystem, bottom: str) -> str:
    """One line per event: who gains what, and where."""
    text = f"{ev.beneficiary} +{ev.points} {JAN_TITLES.get(ev.jan, ev.jan)}"
    if ev.jan in HITS and ev.target is not None:
        text += f" on {coords.format(ev.target, _roller(ev, mover), bottom)}"
    if ev.quadrant in QUADRANT_TITLES:
        text += f" ({QUADRANT_TITLES[ev.quadrant]})"
    if ev.means and ev.means > 1:
        text += f", {ev.means} ways"
    if getattr(ev, "note", ""):
        text += f" ({ev.note})"
    return text


def player_score_text(color: str, entry) -> str:
    """One player's score as every report words it: 'white 1 hole 4 points (bredouille)'."""
    points, holes = int(_field(entry, "points") or 0), int(_field(entry, "holes") or 0)
    text = events_score_text(color, holes, points)
    return text + " (bredouille)" if _field(entry, "bredouille", False) and points else text


def score_text(score: dict | None, marker: str | None) -> str | None:
    if not score:
        return None
    parts = [player_score_text(color, score[color]) for color in COLORS if score.get(color) is not None]
    if marker in COLORS:
        parts.append(f"pavillon: {marker}")
    return "score: " + "; ".join(parts)


def caption_lines(ann: Annotations, coords: CoordSystem, bottom: str, title: str | None) -> list[tuple[str, bool]]:
    """(text, bold) lines under the board: title, the throw, its events, notes, the score."""
    lines = [(title, True)] if title else []
    if ann.mover in COLORS and (ann.dice or ann.steps):
        dice = f" {dice_name(tuple(ann.dice))}" if ann.dice else ""
        lines.append((f"{ann.mover}{dice}: {move_text(ann.steps, ann.mover, coords, bottom)}", False))
    lines += [(event_text(ev, ann.mover, coords, bottom), False) for ev in ann.events]
    lines += [(str(c), False) for c in ann.captions]
    score = score_text(ann.score, ann.marker)
    if score:
        lines.append((score, False))
    return lines


def position_text(position: Position, coords: CoordSystem, bottom: str) -> str:
    """The position in words, for screen readers."""
    parts = []
    for color in COLORS:
        fields = position.fields(color).items()
        where = " ".join(f"{coords.label(white_track(color, t), bottom)}:{n}" for t, n in fields)
        side = "bottom" if color == bottom else "top"
        off = position.borne_off(color)
        parts.append(f"{color} ({side}): {where or 'no dame on the board'}" + (f", {off} off" if off else ""))
    return "; ".join(parts) + "."


def _die(x, y, n, size) -> list:
    shapes = [Shape("rect", (x, y, size, size, 0.15 * size), Style(fill=PAPER, stroke=INK, width=0.05 * U),
                    "die", (("value", n),))]
    q = size / 4
    pips = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)], 4: [(1, 1), (3, 1), (1, 3), (3, 3)],
            5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)], 6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)]}
    for i, j in pips.get(n, []):
        shapes.append(Shape("circle", (x + i * q, y + j * q, 0.09 * size), Style(fill=INK), "pip"))
    return shapes


def caption(lines, dice, top: float) -> tuple[list, float]:
    """The dice and the caption lines below the board; returns the shapes and the height used."""
    if not lines and not dice:
        return [], 0.0
    shapes = []
    x = 0.3 * U
    size = 0.9 * U
    if dice:
        for i, d in enumerate(dice):
            shapes += _die(x + i * (size + 0.2 * U), top + 0.1 * U, d, size)
        x += 2 * size + 0.6 * U
    chars = int((WIDTH - x - 0.2 * U) / (0.55 * CAPTION_SIZE))
    y = top + LINE / 2
    for text, bold in lines:
        for piece in textwrap.wrap(text, chars) or [""]:
            shapes.append(_text(x, y, piece, CAPTION_SIZE, anchor="start", bold=bold, cls="caption"))
            y += LINE
    used = max(y - LINE / 2 - top, 1.1 * U if dice else 0) + 0.3 * U
    return shapes, used


# --- the whole ------------------------------------------------------------------------------

def system(coords) -> CoordSystem:
    return coords if isinstance(coords, CoordSystem) else get_system(coords)


def scene(position: Position, *, coords="player", bottom: str = WHITE, annotations: Annotations | None = None,
          title: str | None = None, compact: bool = False) -> Scene:
    """Lay out a diagram: the position, seen with ``bottom`` at the bottom, and what happened
    (``compact``: the layout for narrow screens, see :class:`Layout`)."""
    cs = system(coords)
    if bottom not in COLORS:
        raise ValueError(f"bottom must be 'white' or 'black', not {bottom!r}")
    ann = annotations or Annotations()
    layout = COMPACT if compact else FULL
    events = list(ann.events or ())
    shapes = fills(events, bottom)
    shapes += dames(position, bottom, layout)
    shapes += score_marks(ann.score, ann.marker, bottom)
    if ann.mover in COLORS and ann.steps:
        shapes += moves(position, ann.mover, list(ann.steps), bottom)
    shapes += hits(events, ann.mover, bottom)
    shapes += outlines(ann.marked, bottom)
    shapes += tags(events, ann.mover, bottom, shapes, layout)
    lines = caption_lines(ann, cs, bottom, title)
    if layout.caption:
        extra, used = caption(lines, tuple(ann.dice) if ann.dice else None, BOARD_HEIGHT)
    else:
        extra, used = [], 0.0
    shapes += extra
    if used:
        shapes.insert(0, Shape("rect", (0, BOARD_HEIGHT, WIDTH, used, 0), Style(fill=PAPER), "paper"))
    heading = title or (lines[0][0] if lines else "Trictrac position")
    desc = " ".join(t for t, _ in lines if t != heading)
    desc = (desc + " " if desc else "") + position_text(position, cs, bottom)
    return Scene(WIDTH, BOARD_HEIGHT + used, background(cs.id, bottom, layout), (cs.id, bottom, layout), shapes,
                 f"Trictrac: {heading}" if not title else title, desc)


# --- from a replay ----------------------------------------------------------------------------

def with_rest(steps, dice, before: Position, mover: str) -> list:
    """The steps, with the resting arrow of a dame played tout d'une when the record omits it.

    decided: it is drawn resting on the arrow of the first die that holds no opponent
    dame (rules.md §2 M3; when both are open either is right, the record does not say).
    """
    steps = list(steps)
    if len(steps) != 1 or not dice or steps[0].via is not None or steps[0].dst - steps[0].src != sum(dice):
        return steps
    s = steps[0]
    for d in dice:
        if s.src + d < OFF and not before.opponent_count(mover, s.src + d):
            return [replace(s, via=s.src + d)]
    return steps


def throw_annotations(result) -> Annotations:
    """Annotations of one replayed throw (a replay.ThrowResult); its score, when a scorer filled
    one, gives the events (``.events``), the marks after the throw (``.after``) and the
    pavillon's holder (``.marker``, optional)."""
    score = getattr(result, "score", None)
    captions = []
    if result.after is None:
        captions.append("the moves as written could not be applied; the position before the throw is shown")
    elif not result.ok:
        errors = [d.message for d in result.diagnostics if d.severity == "error"]
        captions += errors[:1] or ["fausse case"]
    return Annotations(
        dice=result.throw.dice,
        mover=result.side,
        steps=with_rest(result.steps, result.throw.dice, result.played_from or result.before, result.side)
        if result.after else [],
        events=list(getattr(score, "events", None) or []),
        captions=captions,
        score=getattr(score, "after", None),
        marker=getattr(score, "marker", None),
    )


class NoSuchThrow(ValueError):
    """A throw number outside the replay."""


def throw_view(replay, n: int) -> tuple[Position, Annotations | None]:
    """The position after throw ``n`` of the main line (0: the start) and its annotations."""
    count = len(replay.record.throws)
    if not 0 <= n <= count:
        raise NoSuchThrow(f"throw {n} does not exist: the record has {count} throw{'s' if count != 1 else ''} "
                          f"(give 0 for the starting position, up to {count})")
    if n == 0:
        return replay.initial, None
    if n > len(replay.throws):
        where = f" at line {replay.stopped.line}" if replay.stopped else ""
        raise NoSuchThrow(f"throw {n} was not replayed: the position is unknown after an earlier error{where}")
    result = replay.throws[n - 1]
    position = result.after if result.after is not None else result.before
    return position, throw_annotations(result)


def replay_scene(replay, n: int, *, bottom: str | None = None, coords=None, compact: bool = False) -> Scene:
    """The scene after throw ``n``, in the record's coordinates and orientation unless told otherwise."""
    position, annotations = throw_view(replay, n)
    return scene(position, coords=system(coords or replay.coords), bottom=bottom or replay.bottom,
                 annotations=annotations, compact=compact)
