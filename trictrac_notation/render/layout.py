"""The board's description: every measure, place, colour and style of a diagram, as data.

One description, two writers: :mod:`diagram` lays a scene out from it in Python (for :mod:`svg` and
:mod:`plot`), and the site's drawing script (``static/board.js``) lays the viewer's frames out in the
browser from the same description, shipped as JSON by :func:`description`: every upper-case name of this
module, by the same name.  A measure changed here changes both pictures; a test draws every frame both
ways in Chromium and compares them.

Sizes are in user units (an arrow is ``U`` wide).  The layout follows :mod:`textboard`: the bottom
player's talon at the left and his coin at the right, the top player's side along the top with his talon
also at the left, the middle band between arrows 5 and 6, the band the dames leave by at the left.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..core.board import BLACK, WHITE
from ..games.trictrac import vocabulary as _vocabulary
from ..games.trictrac.moves import QUADRANTS as _QUADRANTS
from . import labels as _labels

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

# smaller measures, by what they measure
FRAME_CORNER = 0.15 * U
R_HOLE = 0.09 * U
LABEL_FIT = 0.88 * U  # the widest an arrow's label may be
PREFIX_X = 0.15 * U  # the compact layout's row prefix, after the row's last arrow
SIDE_X = 0.05 * U  # the players' names, in the left margin
SIDE_FIT = 0.4 * U  # ... which they leave this much of
START_DY = 0.6 * U  # the fichets' start holes, from the arrows' bases
COUNT_FIT = 1.6 * R_DAME  # the number on a pile's last dame fits in the dame
OFF_DY = 1.2 * U  # the borne-off dames, from the arrows' bases
OFF_TAG_DY = 0.85 * U  # ... and the word 'off', from them
R_JETON = 0.3 * U
JETON_NEAR = 0.08 * U  # a jeton against the middle band or the coins' band stands this far in
BREDOUILLE_DX = 0.12 * U  # the two jetons of a player in bredouille
FICHET = 0.24 * U  # half a fichet's diagonal
PAVILLON_DX = 0.15 * U  # the pavillon's pole, left of the short band's centre
PAVILLON_DY = 2.0 * U  # ... in its holder's half
POLE = 0.45 * U  # half the pole; the flag hangs from its top
FLAG = (0.45 * U, 0.15 * U, 0.3 * U)  # the flag's reach, its tip below the pole's top, its foot below it
BOW_SHARE, BOW_MIN, BOW_MAX = 0.25, 0.6 * U, 2.5 * U  # how far a move's curve bows towards the middle
HEAD_LEN, HEAD_W = 0.34 * U, 0.17 * U
R_GHOST = 0.9 * R_DAME  # the dashed ring of a slot left empty, or a resting arrow
R_HIT = 0.52 * U
PLEIN_CORNER = 0.1 * U
OUTLINE_IN = 0.04 * U  # a figure's arrow that differs, outlined inside the arrow
TAG_PLEIN_DY = 0.4 * U  # a filled jan's name, beyond the arrows' tips
TAG_GAP_DY = 0.42 * U  # the three lines of the gap between the rows
TAG_STEP = 0.25 * U  # a word slides along the gap by this much
TAG_PLEIN_SPAN, TAG_HIT_SPAN = 3 * U, 6 * U  # ... up to this far from its place
TAG_SLOT = 0.15  # a hit's word on its own arrow: between the dame slots, shifted by this share
BASELINE = 0.35  # a text's baseline, below its line's centre, in its size
HALO = 0.25  # a halo's stroke, in the text's size
CAPTION_X = 0.3 * U
DIE = 0.9 * U
DIE_GAP = 0.2 * U
DIE_TOP = 0.1 * U
DIE_AFTER = 0.6 * U  # between the dice and the caption's lines
CAPTION_RIGHT = 0.2 * U
CHAR = 0.55  # the mean width of a caption's letter, in its size: how many fit a line
DICE_HEIGHT = 1.1 * U  # the least height of a caption with dice
CAPTION_BOTTOM = 0.3 * U
DIE_CORNER = 0.15  # of the die's size
CUBE_SIZE = 0.7 * U  # backgammon's doubling cube, on the bar
CUBE = 0.4 * U  # ... its value's size
CUBE_DY = 3.2 * U  # ... from the middle, in its owner's half
R_PIP = 0.09  # of the die's size
PIPS = {1: [(2, 2)], 2: [(1, 1), (3, 3)], 3: [(1, 1), (2, 2), (3, 3)], 4: [(1, 1), (3, 1), (1, 3), (3, 3)],
        5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)], 6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)]}

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
    # the number on the last dame of a pile (the name, which shadows tuple.count, is the browser's: LAYOUTS)
    count: float = 0.5 * U  # type: ignore[assignment]
    tag: float = TAG_SIZE  # words on the board: à vrai, the filled jan, off
    caption: bool = True
    compact: bool = False


FULL = Layout()
COMPACT = Layout(label=0.66 * U, side=0.54 * U, count=0.66 * U, tag=0.56 * U, caption=False, compact=True)
LAYOUTS = {"full": FULL._asdict(), "compact": COMPACT._asdict()}

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
BETTER = "#e69f00"  # orange: the better play an analysis gives, dashed
PAVILLON = "#f0e442"  # yellow

JAN_TITLES = dict(_vocabulary.TITLES)
QUADRANT_TITLES = {"petit-jan": "petit jan", "grand-jan": "grand jan", "retour": "jan de retour"}
QUADRANTS = {name: list(bounds) for name, bounds in _QUADRANTS.items()}
HITS = dict(_vocabulary.HITS)
FILLS = _vocabulary.FILLS


# --- shapes ---------------------------------------------------------------------------

class Style(NamedTuple):
    """How a shape is painted; sizes in user units."""

    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0  # stroke width
    dash: tuple[float, ...] | None = None  # (on, off)
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
    geom: tuple[Any, ...]  # by kind, as above
    style: Style
    cls: str = ""
    data: tuple[tuple[str, object], ...] = ()


# the styles of the shapes (the text's come with their size, in diagram.text)
STYLES = {
    "paper": Style(fill=PAPER),
    "frame": Style(fill=WOOD, stroke=HOLE, width=0.04 * U),
    "table": Style(fill=SURFACE),
    "arrow-0": Style(fill=ARROW_FILL[0], stroke=HOLE, width=0.02 * U),
    "arrow-1": Style(fill=ARROW_FILL[1], stroke=HOLE, width=0.02 * U),
    "hole": Style(fill=HOLE),
    **{f"dame-{c}": Style(fill=DAME_FILL[c], stroke=DAME_EDGE[c], width=0.05 * U) for c in (WHITE, BLACK)},
    **{f"fichet-{c}": Style(fill=DAME_FILL[c], stroke=DAME_EDGE[o], width=0.05 * U)
       for c, o in ((WHITE, BLACK), (BLACK, WHITE))},
    "pole": Style(stroke=INK, width=0.05 * U),
    "pavillon": Style(fill=PAVILLON, stroke=INK, width=0.04 * U),
    "halo": Style(stroke=PAPER, width=0.2 * U),
    "move": Style(stroke=MOVE, width=0.08 * U),
    "move-head": Style(fill=MOVE, stroke=PAPER, width=0.03 * U),
    "ghost": Style(stroke=MOVE, width=0.05 * U, dash=(0.12 * U, 0.08 * U)),
    # the better play an analysis gives (the site's viewer draws it over the play made)
    "better": Style(stroke=BETTER, width=0.08 * U, dash=(0.22 * U, 0.1 * U)),
    "better-head": Style(fill=BETTER, stroke=PAPER, width=0.03 * U),
    "hit-vrai": Style(stroke=VRAI, width=0.11 * U),
    "hit-faux": Style(stroke=FAUX, width=0.11 * U, dash=(0.14 * U, 0.09 * U)),
    # backgammon: a dame hit, its ring and its way to the bar (dashed: it goes there, nobody carries it)
    "hit-bar": Style(stroke=VRAI, width=0.11 * U),
    "knock": Style(stroke=VRAI, width=0.06 * U, dash=(0.14 * U, 0.09 * U)),
    "knock-head": Style(fill=VRAI, stroke=PAPER, width=0.03 * U),
    "plein": Style(fill=PLEIN, stroke=PLEIN, width=0.12 * U, opacity=0.15),
    "differs": Style(stroke=VRAI, width=0.1 * U, dash=(0.2 * U, 0.12 * U)),
    "die": Style(fill=PAPER, stroke=INK, width=0.05 * U),
    "pip": Style(fill=INK),
}

# the text widths of labels.py, for the browser's labels and words (the same boxes, the same places)
TEXT_WIDTHS = {"widths": _labels.WIDTHS, "lower": _labels.LOWER, "upper": _labels.UPPER, "other": _labels.OTHER,
               "bold": _labels.BOLD, "margin": _labels.MARGIN, "half_height": _labels.HALF_HEIGHT,
               "halo_pad": _labels.HALO_PAD}


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
    y = TOP_IN + OFF_DY if color == bottom else BOTTOM_IN - OFF_DY
    return MARGIN_L / 2, y


def bar_spot(color: str, bottom: str) -> tuple[float, float]:
    """Where a colour's dames on the bar lie (backgammon): on the middle band, on the side of the row they
    enter (the opponent's home table, the start of their own frame)."""
    x = FRAME_X0 + SHORT_L + 6 * U + MIDDLE / 2
    return x, (MID_Y + U if color == bottom else MID_Y - U)


def band_y(color: str, bottom: str) -> float:
    """Centre line of a player's own long band."""
    return FRAME_Y1 - BAND / 2 if color == bottom else FRAME_Y0 + BAND / 2


def hole_xy(color: str, holes: int, bottom: str) -> tuple[float, float]:
    """Where a player's fichet stands for ``holes`` holes (rules.md §1.5).

    Hole k is at the foot of his arrow k - 1 (the first at the talon, the twelfth
    at the coin); with no hole the fichet waits in the short band on the talon side.
    """
    if holes <= 0:
        return SHORT_L_X, (BOTTOM_IN - START_DY if color == bottom else TOP_IN + START_DY)
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
        return column_left(points - 1) + U - (JETON_NEAR if points == 6 else 0)
    if points == 8:
        return column_left(6) + JETON_NEAR
    return column_left(11) + U - JETON_NEAR


def label_y(row: str) -> float:
    return FRAME_Y0 / 2 if row == "top" else FRAME_Y1 + LABELS / 2


def description() -> dict[str, object]:
    """The description as JSON data for the browser: every upper-case name of this module (styles as
    objects, tuples as lists)."""
    out: dict[str, object] = {}
    for name, value in globals().items():
        if not name.isupper() or name.startswith("_") or name in ("WHITE", "BLACK") or isinstance(value, Layout):
            continue  # the colours' names and the layouts as tuples (LAYOUTS has them by field)
        if name == "STYLES":
            value = {k: s._asdict() for k, s in value.items()}
        elif name == "PIPS":
            value = {str(k): v for k, v in value.items()}
        out[name] = value
    return out
