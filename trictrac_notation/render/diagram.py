"""The board diagram as a list of shapes, shared by the SVG writer and matplotlib.

Everything is laid out here once, in user units, from the board's description (:mod:`layout`: every
measure, place and style); the back ends (:mod:`svg`, :mod:`plot`) only translate shapes into their own
vocabulary, so the pictures cannot drift apart.  The site's viewer lays its frames out in the browser
from the same description (``static/board.js``, the same steps as here, checked frame by frame).

The parts that depend only on the coordinate system and the side at the bottom
(frame, arrows, holes, labels) are built once and cached: a diagram then costs
only its dames and annotations.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..core.board import COLORS, OFF, WHITE, Position, other
from ..core.coords import SYSTEMS, CoordSystem, get_system
from ..errors import TrictracError
from ..games.trictrac.events import score_text as events_score_text
from .labels import Box, circle_box, first_free, fit_size, text_box
from .layout import (
    ARROW,
    BAND,
    BASELINE,
    BOARD_HEIGHT,
    BOTTOM_IN,
    BOW_MAX,
    BOW_MIN,
    BOW_SHARE,
    BREDOUILLE_DX,
    CAPTION_BOTTOM,
    CAPTION_RIGHT,
    CAPTION_SIZE,
    CAPTION_X,
    CHAR,
    COMPACT,
    COUNT_FIT,
    DAME_FILL,
    DICE_HEIGHT,
    DIE,
    DIE_AFTER,
    DIE_CORNER,
    DIE_GAP,
    DIE_TOP,
    FICHET,
    FILLS,
    FLAG,
    FRAME_CORNER,
    FRAME_X0,
    FRAME_X1,
    FRAME_Y0,
    FRAME_Y1,
    FULL,
    HALO,
    HEAD_LEN,
    HEAD_W,
    HITS,
    INK,
    JAN_TITLES,
    LABEL_FIT,
    LINE,
    MID_Y,
    OFF_TAG_DY,
    OUTLINE_IN,
    PAPER,
    PAVILLON_DX,
    PAVILLON_DY,
    PIPS,
    PLEIN_CORNER,
    POLE,
    PREFIX_X,
    QUADRANT_TITLES,
    QUADRANTS,
    R_DAME,
    R_GHOST,
    R_HIT,
    R_HOLE,
    R_JETON,
    R_PIP,
    SHORT_L_X,
    SHOWN,
    SIDE_FIT,
    SIDE_X,
    START_DY,
    STYLES,
    TAG_GAP_DY,
    TAG_HIT_SPAN,
    TAG_PLEIN_DY,
    TAG_PLEIN_SPAN,
    TAG_SLOT,
    TAG_STEP,
    TOP_IN,
    WIDTH,
    Layout,
    Shape,
    Style,
    U,
    band_y,
    bar_spot,
    column_left,
    hole_xy,
    jeton_x,
    label_y,
    off_tray,
    place,
    slot,
    white_track,
)
from .looks import BAR, TRICTRAC, Look, Path, look_of, step_paths, with_rest
from .turned import cube_shapes, mirror

if TYPE_CHECKING:
    from ..engine.replay import Replay, ThrowResult

__all__ = ["HALO", "U", "Annotations", "NoSuchThrow", "Scene", "Shape", "Style", "replay_scene", "scene",
           "throw_annotations", "with_rest"]

Point = tuple[float, float]


@dataclass
class Scene:
    width: float
    height: float
    background: tuple[Shape, ...]  # the cached part (frame, arrows, holes, labels)
    background_key: tuple[object, ...]
    shapes: list[Shape]
    title: str
    desc: str


@dataclass
class Annotations:
    """What happened in a throw, to be drawn over the position it led to.

    ``steps``: trictrac's moves.Step objects of the mover (own frame; dst 24 = borne off), drawn as they are
    when ``paths`` is empty; ``paths``: each dame's way in the mover's frame (:mod:`looks`: from the bar, off
    the board), ``knocked``: the arrows (White's frame) where a dame was hit to the bar, ``words``: the play in
    the game's own notation (else the caption words ``steps``);
    ``events``: trictrac's events.Event objects (hits locate their dame by ``target``, in the
    roller's frame; fills and keeps by ``quadrant`` in the beneficiary's frame);
    ``score``: ``{colour: {"points", "holes", "bredouille"}}`` where ``bredouille``
    means the player marks with two jetons; ``marker``: the colour holding the
    pavillon (or cravate), if any.
    """

    dice: tuple[int, int] | None = None
    mover: str | None = None
    steps: Sequence[Any] = ()
    events: Sequence[Any] = ()
    captions: Sequence[str] = ()
    score: dict[str, Any] | None = None
    marker: str | None = None
    marked: tuple[int, ...] = ()  # arrows (White's frame) to outline: where a book's figure differs from the replay
    cube: tuple[int, str | None] | None = None  # backgammon's doubling cube: its value and owner (None: the middle)
    paths: tuple[Path, ...] = ()
    knocked: tuple[int, ...] = ()
    words: str | None = None

    def ways(self) -> tuple[Path, ...]:
        """The dames' ways to draw: ``paths``, else the steps'."""
        return self.paths or step_paths(self.steps)


# --- the static part ------------------------------------------------------------------

def text(x: float, y: float, s: str, size: float, fill: str = INK, anchor: str = "middle", bold: bool = False,
         halo: str | None = None, cls: str = "", data: tuple[tuple[str, object], ...] = ()) -> Shape:
    """A text whose line is centred on ``y``."""
    return Shape("text", (x, y + BASELINE * size, s), Style(fill=fill, size=size, anchor=anchor, bold=bold, halo=halo),
                 cls, data)


def arrow_labels(coords: CoordSystem, bottom: str, compact: bool) -> tuple[dict[int, str], dict[str, str]]:
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
def background(coords: str | CoordSystem, bottom: str, layout: Layout = FULL, turned: bool = False
               ) -> tuple[Shape, ...]:
    """Frame, bands, 24 arrows, 24 + 3 holes and the arrow labels (each fitted to its arrow's width); ``coords``:
    a system's id, or a game's own (backgammon's points); ``turned``: backgammon's board (:mod:`turned`)."""
    labels, prefixes = arrow_labels(system(coords), bottom, layout.compact)
    at = other(bottom) if turned else bottom
    shapes = board_shapes([labels[wt] for wt in range(24)], prefixes, at, layout, bottom)
    return tuple(mirror(shapes) if turned else shapes)


def board_shapes(labels: list[str], prefixes: dict[str, str], bottom: str, layout: Layout,
                 named: str | None = None) -> list[Shape]:
    """The background from the arrows' labels (White's frame) and the rows' prefixes, the arrows placed for
    ``bottom`` (the colour whose first arrows are at the bottom); ``named``: the player named at the bottom (by
    default ``bottom``; on a turned board, the other)."""
    size = fit_size(labels, layout.label, LABEL_FIT)
    shapes = [
        Shape("rect", (0, 0, WIDTH, BOARD_HEIGHT, 0), STYLES["paper"], "paper"),
        Shape("rect", (FRAME_X0, FRAME_Y0, FRAME_X1 - FRAME_X0, FRAME_Y1 - FRAME_Y0, FRAME_CORNER), STYLES["frame"],
              "frame"),
    ]
    for left in (column_left(0), column_left(6)):
        shapes.append(Shape("rect", (left, TOP_IN, 6 * U, BOTTOM_IN - TOP_IN, 0), STYLES["table"], "table"))
    for wt in range(24):
        row, col = place(wt, bottom)
        x = column_left(col)
        base, tip = (TOP_IN, TOP_IN + ARROW) if row == "top" else (BOTTOM_IN, BOTTOM_IN - ARROW)
        shapes.append(Shape("polygon", ((x, base), (x + U, base), (x + U / 2, tip)), STYLES[f"arrow-{wt % 2}"],
                            "arrow", (("track", wt),)))
        band = FRAME_Y0 + BAND / 2 if row == "top" else FRAME_Y1 - BAND / 2
        shapes.append(Shape("circle", (x + U / 2, band, R_HOLE), STYLES["hole"], "hole"))
        shapes.append(text(x + U / 2, label_y(row), labels[wt], size, cls="label", data=(("track", wt),)))
    for row in ("top", "bottom"):  # after the row's last arrow: the left margin holds the player's name
        if row in prefixes:
            shapes.append(text(column_left(11) + U + PREFIX_X, label_y(row), prefixes[row], size, anchor="start",
                               cls="label prefix"))
    for y in (TOP_IN + START_DY, MID_Y, BOTTOM_IN - START_DY):  # fichets' start, pavillon's hole
        shapes.append(Shape("circle", (SHORT_L_X, y, R_HOLE), STYLES["hole"], "hole start"))
    named = named or bottom
    for color, row in ((other(named), "top"), (named, "bottom")):
        shapes.append(text(SIDE_X, label_y(row), color, fit_size([color], layout.side, column_left(0) - SIDE_FIT,
                                                                 bold=True), anchor="start", bold=True, cls="side"))
    return shapes


# --- the position ---------------------------------------------------------------------

def _dame(x: float, y: float, color: str, wt: int | None, cls: str = "dame") -> Shape:
    return Shape("circle", (x, y, R_DAME), STYLES[f"dame-{color}"], f"{cls} {color}",
                 (("track", wt),) if wt is not None else ())


def _count(x: float, y: float, n: int, color: str, cls: str, size: float) -> Shape:
    return text(x, y, str(n), fit_size([str(n)], size, COUNT_FIT, bold=True), fill=DAME_FILL[other(color)],
                bold=True, cls=cls)


def dames(position: Position, bottom: str, layout: Layout = FULL) -> list[Shape]:
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
                shapes.append(_count(x, y, n, color, "count", layout.count))
        n = position.borne_off(color)
        if n:
            x, y = off_tray(color, bottom)
            shapes.append(_dame(x, y, color, None, "off"))
            shapes.append(_count(x, y, n, color, "count off", layout.count))
            shapes.append(text(x, y + (-OFF_TAG_DY if color == bottom else OFF_TAG_DY), "off", layout.tag, cls="tag"))
        n = position.on_bar(color)
        if n:  # backgammon's dames hit and waiting to enter (never in trictrac)
            x, y = bar_spot(color, bottom)
            shapes.append(_dame(x, y, color, None, "bar"))
            shapes.append(_count(x, y, n, color, "count bar", layout.count))
    return shapes


# --- the score ------------------------------------------------------------------------

def _field(entry: dict[str, Any], key: str, default: Any = 0) -> Any:
    """A field of a player's score entry ({"points", "holes", "bredouille"}), its default when absent."""
    return entry.get(key, default)


def score_marks(score: dict[str, Any] | None, marker: str | None, bottom: str) -> list[Shape]:
    """Jetons for the points (two when marking in bredouille), fichets for the holes, the pavillon."""
    shapes = []
    for color in COLORS:
        entry = (score or {}).get(color)
        if entry is None:
            continue
        points, holes = int(_field(entry, "points") or 0), int(_field(entry, "holes") or 0)
        jx = jeton_x(points)
        if jx is not None:
            x, y = jx, band_y(color, bottom)
            data: tuple[tuple[str, object], ...] = (("points", points),)
            if _field(entry, "bredouille", False):
                shapes.append(Shape("circle", (x - BREDOUILLE_DX, y - BREDOUILLE_DX, R_JETON), STYLES[f"dame-{color}"],
                                    f"jeton {color}", data))
                x, y = x + BREDOUILLE_DX, y + BREDOUILLE_DX
            shapes.append(Shape("circle", (x, y, R_JETON), STYLES[f"dame-{color}"], f"jeton {color}", data))
        x, y = hole_xy(color, holes, bottom)
        shapes.append(Shape("polygon", ((x, y - FICHET), (x + FICHET, y), (x, y + FICHET), (x - FICHET, y)),
                            STYLES[f"fichet-{color}"], f"fichet {color}", (("holes", holes),)))
    if marker in COLORS:
        # decided: the pavillon is drawn in the short band on the talon side, in its holder's half;
        # rules.md §1.5 gives its idle place (the middle hole of that band), not where the holder keeps it.
        x = SHORT_L_X - PAVILLON_DX
        y = MID_Y + (PAVILLON_DY if marker == bottom else -PAVILLON_DY)
        reach, tip, foot = FLAG
        shapes.append(Shape("line", ((x, y + POLE), (x, y - POLE)), STYLES["pole"], "pavillon-pole"))
        shapes.append(Shape("polygon", ((x, y - POLE), (x + reach, y - POLE + tip), (x, y - POLE + foot)),
                            STYLES["pavillon"], f"pavillon {marker}"))
    return shapes


# --- annotations ----------------------------------------------------------------------

def _unit(dx: float, dy: float) -> Point:
    n = (dx * dx + dy * dy) ** 0.5 or 1.0
    return dx / n, dy / n


def curved_arrow(p0: Point, p1: Point, cls: str = "move", shorten_start: float = R_DAME,
                 shorten_end: float = R_DAME, head: bool = True, style: str = "move") -> list[Shape]:
    """A curve from p0 to p1 bowing towards the middle of the board, with a head at p1 (``style``: the
    styles of the curve and, with ``-head``, of its head)."""
    (x0, y0), (x1, y1) = p0, p1
    dx, dy = x1 - x0, y1 - y0
    length = (dx * dx + dy * dy) ** 0.5
    nx, ny = _unit(-dy, dx)
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    if nx * ((FRAME_X0 + FRAME_X1) / 2 - mx) + ny * (MID_Y - my) < 0:
        nx, ny = -nx, -ny
    bow = min(max(BOW_SHARE * length, BOW_MIN), BOW_MAX)
    c = (mx + nx * bow, my + ny * bow)
    ux, uy = _unit(x0 - c[0], y0 - c[1])
    start = (x0 - ux * shorten_start, y0 - uy * shorten_start)
    tx, ty = _unit(x1 - c[0], y1 - c[1])
    tip = (x1 - tx * shorten_end, y1 - ty * shorten_end)
    end = (tip[0] - tx * HEAD_LEN, tip[1] - ty * HEAD_LEN) if head else tip
    shapes = [Shape("path", (start, c, end), STYLES["halo"], "halo"),
              Shape("path", (start, c, end), STYLES[style], cls)]
    if head:
        shapes.append(Shape("polygon", (tip, (end[0] - ty * HEAD_W, end[1] + tx * HEAD_W),
                                        (end[0] + ty * HEAD_W, end[1] - tx * HEAD_W)), STYLES[f"{style}-head"],
                            f"{style}-head"))
    return shapes


def _ghost(x: float, y: float, cls: str = "ghost") -> Shape:
    return Shape("circle", (x, y, R_GHOST), STYLES["ghost"], cls)


def moves(position: Position, mover: str, paths: Iterable[Path], bottom: str) -> list[Shape]:
    """Curved arrows for the dames moved, drawn over the position they led to: one per dame's way
    (:mod:`looks`), through each point it rested on.

    The slot each dame left and reached is found by replaying the ways on the
    position before the throw; a left slot now empty gets a dashed ghost, a
    dame played tout d'une shows where it rested; a dame entering starts on the bar.
    """
    paths = [p for p in paths if BAR <= p[0] < OFF and len(p) >= 2]
    after = list(position.row(mover))
    run = after[:]
    bar = position.on_bar(mover)
    for p in paths:  # undo: the position before the throw
        if p[0] != BAR:
            run[p[0]] += 1
        if p[-1] < OFF:
            run[p[-1]] -= 1
    shapes: list[Shape] = []
    entered = False
    for p in paths:
        src, rests, dst = p[0], [v for v in p[1:-1] if 0 <= v < OFF], p[-1]
        if src == BAR:
            p0 = bar_spot(mover, bottom)
            if not bar and not entered:  # the bar now empty: its dame's place, once
                shapes.append(_ghost(*p0))
            entered = True
        else:
            src_w = white_track(mover, src)
            run[src] -= 1
            k = max(run[src], 0)
            p0 = slot(src_w, bottom, k)
            if after[src] <= k < SHOWN:
                shapes.append(_ghost(*p0))
        if dst >= OFF:
            p1 = off_tray(mover, bottom)
        else:
            p1 = slot(white_track(mover, dst), bottom, max(run[dst], 0))
            run[dst] += 1
        shorten = R_DAME
        for via in rests:
            rest = slot(white_track(mover, via), bottom, after[via])
            shapes.append(_ghost(*rest, "rest"))
            shapes += curved_arrow(p0, rest, head=False, shorten_start=shorten, shorten_end=R_GHOST)
            p0, shorten = rest, R_GHOST
        shapes += curved_arrow(p0, p1, shorten_start=shorten)
    return shapes


def knocked(tracks: Iterable[int], mover: str, bottom: str) -> list[Shape]:
    """Dames hit and sent to the bar (backgammon): a ring where each was, a dashed arrow to the bar."""
    shapes = []
    bar = bar_spot(other(mover), bottom)
    for wt in tracks:
        x, y = slot(wt, bottom, 0)
        shapes.append(Shape("circle", (x, y, R_HIT), STYLES["hit-bar"], "hit bar", (("track", wt),)))
        shapes += curved_arrow((x, y), bar, cls="knock", shorten_start=R_HIT, style="knock")
    return shapes


def _roller(event: Any, mover: str | None) -> str:
    """Whose throw made a hit: the mover, or else the player the points go to (à vrai) or not (à faux)."""
    if mover is not None and mover in COLORS:
        return mover
    beneficiary: str = event.beneficiary
    return beneficiary if event.jan == "battre-a-vrai" else other(beneficiary)


def _hit(ev: Any, mover: str | None) -> tuple[str, int] | None:
    """The kind ('vrai', 'faux') and arrow (White's frame) of a hit, or None."""
    kind = HITS.get(ev.jan)
    if kind is None or ev.target not in range(24) or ev.beneficiary not in COLORS:
        return None
    return kind, white_track(_roller(ev, mover), ev.target)


def hits(events: Iterable[Any], mover: str | None, bottom: str) -> list[Shape]:
    """Beaten dames: a solid ring à vrai, a dashed ring à faux (their words are placed by :func:`tags`)."""
    shapes = []
    for found in filter(None, (_hit(ev, mover) for ev in events)):
        kind, wt = found
        x, y = slot(wt, bottom, 0)
        shapes.append(Shape("circle", (x, y, R_HIT), STYLES[f"hit-{kind}"], f"hit {kind}", (("track", wt),)))
    return shapes


def _plein(ev: Any, bottom: str) -> tuple[str, int, str] | None:
    """Row, first column and name of a plein made or kept, or None."""
    if ev.jan not in FILLS or ev.quadrant not in QUADRANTS or ev.beneficiary not in COLORS:
        return None
    lo, hi = QUADRANTS[ev.quadrant]
    row, first = place(white_track(ev.beneficiary, lo), bottom)
    last = place(white_track(ev.beneficiary, hi - 1), bottom)[1]
    return row, min(first, last), f"{JAN_TITLES[ev.jan]} ({QUADRANT_TITLES[ev.quadrant]})"


def fills(events: Iterable[Any], bottom: str) -> list[Shape]:
    """Pleins made or kept: the six arrows outlined (their names are placed by :func:`tags`)."""
    shapes = []
    for ev in events:
        found = _plein(ev, bottom)
        if found is None:
            continue
        row, col, _ = found
        y = TOP_IN if row == "top" else BOTTOM_IN - ARROW
        shapes.append(Shape("rect", (column_left(col), y, 6 * U, ARROW, PLEIN_CORNER), STYLES["plein"],
                            f"plein {ev.jan}", (("quadrant", ev.quadrant),)))
    return shapes


def outlines(tracks: Iterable[int], bottom: str) -> list[Shape]:
    """Arrows outlined with a dashed vermillion frame (a figure's arrows that differ from the replay)."""
    shapes = []
    for wt in sorted(set(tracks)):
        row, col = place(wt, bottom)
        y = TOP_IN if row == "top" else BOTTOM_IN - ARROW
        shapes.append(Shape("rect", (column_left(col) + OUTLINE_IN, y, U - 2 * OUTLINE_IN, ARROW, PLEIN_CORNER),
                            STYLES["differs"], "differs", (("track", wt),)))
    return shapes


SURFACE_BOX = Box(column_left(0), TOP_IN, column_left(11) + U, BOTTOM_IN)


def _candidates(words: str, size: float, points: Iterable[Point]) -> Iterator[tuple[Point, Box]]:
    return (((x, y), text_box(x, y, words, size, bold=True, halo=True)) for x, y in points)


def _gap_points(x: float, row: str, span: float) -> list[Point]:
    """Places in the gap between the two rows, nearest first: on the row's side, then the other, sliding."""
    ys = (MID_Y - TAG_GAP_DY, MID_Y, MID_Y + TAG_GAP_DY)
    ys = ys if row == "top" else ys[::-1]
    steps = [0.0] + [d * s for d in range(1, int(span / TAG_STEP) + 1) for s in (TAG_STEP, -TAG_STEP)]
    return [(x + dx, y) for dx in steps for y in ys]


def tags(events: Sequence[Any], mover: str | None, bottom: str, shapes: Sequence[Shape],
         layout: Layout = FULL) -> list[Shape]:
    """The words on the board — the filled jans' names, 'à vrai' / 'à faux' by the beaten dames — each
    where it covers no dame and no other word: a hit's on its own arrow when there is room, else in the
    gap between the rows, as near its dame as it can be."""
    obstacles = [circle_box(*sh.geom) for sh in shapes
                 if sh.kind == "circle" and sh.cls.split()[0] in ("dame", "off", "jeton")]
    obstacles += [text_box(sh.geom[0], sh.geom[1] - BASELINE * sh.style.size, sh.geom[2], sh.style.size,
                           sh.style.anchor, sh.style.bold, bool(sh.style.halo))
                  for sh in shapes if sh.kind == "text"]
    size = layout.tag
    wanted = []
    for ev in events:
        found = _plein(ev, bottom)
        if found is not None:
            row, col, name = found
            x = column_left(col) + 3 * U
            y = TOP_IN + ARROW + TAG_PLEIN_DY if row == "top" else BOTTOM_IN - ARROW - TAG_PLEIN_DY
            wanted.append((name, "tag plein", [(x, y)] + _gap_points(x, row, TAG_PLEIN_SPAN)))
    for hit in filter(None, (_hit(ev, mover) for ev in events)):
        kind, wt = hit
        row = place(wt, bottom)[0]
        own = [slot(wt, bottom, k + TAG_SLOT) for k in range(1, SHOWN)]
        wanted.append((f"à {kind}", f"tag {kind}", own + _gap_points(own[0][0], row, TAG_HIT_SPAN)))
    out = []
    for words, cls, points in wanted:
        free = first_free(_candidates(words, size, points), obstacles, SURFACE_BOX)
        (x, y), box = free or next(_candidates(words, size, points[:1]))
        obstacles.append(box)
        out.append(text(x, y, words, size, fill=INK, bold=True, halo=PAPER, cls=cls))
    return out


# --- words --------------------------------------------------------------------------------

def move_text(steps: Iterable[Any], mover: str, coords: CoordSystem, bottom: str) -> str:
    def name(track: int) -> str:
        return coords.format(track, mover, bottom)

    steps = list(steps)
    parts = []
    for s in steps:
        via = f"-{name(s.via)}" if s.via is not None else ""
        parts.append(f"{name(s.src)}{via}-{name(s.dst)}")
    words = " ".join(parts) or "nothing played"
    if any(getattr(s, "puissance", False) for s in steps):
        words += " (coin par puissance)"
    return words


def event_text(ev: Any, mover: str | None, coords: CoordSystem, bottom: str) -> str:
    """One line per event: who gains what, and where."""
    words = f"{ev.beneficiary} +{ev.points} {JAN_TITLES.get(ev.jan, ev.jan)}"
    if ev.jan in HITS and ev.target is not None:
        words += f" on {coords.format(ev.target, _roller(ev, mover), bottom)}"
    if ev.quadrant in QUADRANT_TITLES:
        words += f" ({QUADRANT_TITLES[ev.quadrant]})"
    if ev.means and ev.means > 1:
        words += f", {ev.means} ways"
    if ev.note:
        words += f" ({ev.note})"
    return words


def player_score_text(color: str, entry: dict[str, Any]) -> str:
    """One player's score as every report words it: 'white 1 hole 4 points (bredouille)'."""
    points, holes = int(_field(entry, "points") or 0), int(_field(entry, "holes") or 0)
    words = events_score_text(color, holes, points)
    return words + " (bredouille)" if _field(entry, "bredouille", False) and points else words


def score_text(score: dict[str, Any] | None, marker: str | None) -> str | None:
    if not score:
        return None
    parts = [player_score_text(color, score[color]) for color in COLORS if score.get(color) is not None]
    if marker in COLORS:
        parts.append(f"pavillon: {marker}")
    return "score: " + "; ".join(parts)


def move_line(ann: Annotations, coords: CoordSystem, bottom: str, look: Look = TRICTRAC) -> str | None:
    """The caption's line of the throw: 'white 6-4: T-6 T-4'."""
    if ann.mover in COLORS and (ann.dice or ann.steps or ann.paths):
        dice = f" {look.dice_name(ann.dice)}" if ann.dice else ""
        words = ann.words if ann.words is not None else move_text(ann.steps, ann.mover, coords, bottom)
        return f"{ann.mover}{dice}: {words}"
    return None


def caption_lines(ann: Annotations, coords: CoordSystem, bottom: str, title: str | None,
                  look: Look = TRICTRAC) -> list[tuple[str, bool]]:
    """(text, bold) lines under the board: title, the throw, its events, notes, the score."""
    lines = [(title, True)] if title else []
    moved = move_line(ann, coords, bottom, look)
    if moved:
        lines.append((moved, False))
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
        off, bar = position.borne_off(color), position.on_bar(color)
        parts.append(f"{color} ({side}): {where or 'no dame on the board'}" + (f", {bar} on the bar" if bar else "")
                     + (f", {off} off" if off else ""))
    return "; ".join(parts) + "."


def _die(x: float, y: float, n: int, size: float) -> list[Shape]:
    shapes = [Shape("rect", (x, y, size, size, DIE_CORNER * size), STYLES["die"], "die", (("value", n),))]
    q = size / 4
    for i, j in PIPS.get(n, []):
        shapes.append(Shape("circle", (x + i * q, y + j * q, R_PIP * size), STYLES["pip"], "pip"))
    return shapes


def wrap(words: str, width: int) -> list[str]:
    """Lines of at most ``width`` characters, broken at spaces only (a longer word is cut), filled
    greedily: simple enough for the browser's writer to do the same."""
    lines, line = [], ""
    for word in words.split():
        while len(word) > width:
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            lines.append(line)
            line = word
    return lines + [line] if line else lines


def caption(lines: Sequence[tuple[str, bool]], dice: tuple[int, ...] | None, top: float) -> tuple[list[Shape], float]:
    """The dice and the caption lines below the board; returns the shapes and the height used."""
    if not lines and not dice:
        return [], 0.0
    shapes: list[Shape] = []
    x = CAPTION_X
    if dice:
        for i, d in enumerate(dice):
            shapes += _die(x + i * (DIE + DIE_GAP), top + DIE_TOP, d, DIE)
        x += 2 * DIE + DIE_AFTER
    chars = int((WIDTH - x - CAPTION_RIGHT) / (CHAR * CAPTION_SIZE))
    y = top + LINE / 2
    for words, bold in lines:
        for piece in wrap(words, chars) or [""]:
            shapes.append(text(x, y, piece, CAPTION_SIZE, anchor="start", bold=bold, cls="caption"))
            y += LINE
    used = max(y - LINE / 2 - top, DICE_HEIGHT if dice else 0) + CAPTION_BOTTOM
    return shapes, used


# --- the whole ------------------------------------------------------------------------------

def system(coords: str | CoordSystem) -> CoordSystem:
    return coords if isinstance(coords, CoordSystem) else get_system(coords)


def scene(position: Position, *, coords: str | CoordSystem = "player", bottom: str = WHITE,
          annotations: Annotations | None = None, title: str | None = None, compact: bool = False,
          look: Look = TRICTRAC) -> Scene:
    """Lay out a diagram: the position, seen with ``bottom`` at the bottom, and what happened
    (``compact``: the layout for narrow screens, see :class:`Layout`; ``look``: the game's words)."""
    cs = system(coords)
    if bottom not in COLORS:
        raise ValueError(f"bottom must be 'white' or 'black', not {bottom!r}")
    ann = annotations or Annotations()
    layout = COMPACT if compact else FULL
    events = list(ann.events or ())
    at = other(bottom) if look.turned else bottom  # the colour whose first arrows are drawn at the bottom
    shapes = fills(events, at)
    piled = dames(position, at, layout)
    shapes += [s for s in piled if not s.cls.startswith("count")]
    shapes += score_marks(ann.score, ann.marker, at)
    if ann.mover in COLORS:
        shapes += moves(position, ann.mover, ann.ways(), at)
        shapes += knocked(ann.knocked, ann.mover, at)
    shapes += hits(events, ann.mover, at)
    shapes += outlines(ann.marked, at)
    shapes += cube_shapes(ann.cube, bottom)
    shapes += [s for s in piled if s.cls.startswith("count")]  # over the arrows: a pile's count is never hidden
    shapes += tags(events, ann.mover, at, shapes, layout)
    if look.turned:
        shapes = mirror(shapes)
    lines = caption_lines(ann, cs, bottom, title, look)
    if layout.caption:
        extra, used = caption(lines, tuple(ann.dice) if ann.dice else None, BOARD_HEIGHT)
    else:
        extra, used = [], 0.0
    shapes += extra
    if used:
        shapes.insert(0, Shape("rect", (0, BOARD_HEIGHT, WIDTH, used, 0), STYLES["paper"], "paper"))
    heading = title or (lines[0][0] if lines else f"{look.title} position")
    desc = " ".join(t for t, _ in lines if t != heading)
    desc = (desc + " " if desc else "") + position_text(position, cs, bottom)
    return Scene(WIDTH, BOARD_HEIGHT + used,
                 background(cs if cs.id not in SYSTEMS else cs.id, bottom, layout, look.turned),
                 (cs.id, bottom, layout, look.turned), shapes, title or f"{look.title}: {heading}", desc)


# --- from a replay ----------------------------------------------------------------------------

def throw_annotations(result: ThrowResult, look: Look = TRICTRAC) -> Annotations:
    """Annotations of one replayed throw (a replay.ThrowResult); its score, when a scorer filled
    one, gives the events (``.events``), the marks after the throw (``.after``) and the
    pavillon's holder (``.marker``); ``look``: the game's, which draws the moves."""
    score = result.score if look.marks else None  # the board marks trictrac's points and holes, and its events
    drawn = look.drawn(result)
    captions = list(drawn.notes)
    if result.after is None:
        captions.append("the moves as written could not be applied; the position before the throw is shown")
    elif not result.ok:
        errors = [d.message for d in result.diagnostics if d.severity == "error"]
        captions += errors[:1] or ["fausse case"]
    if result.score is not None:  # the game's own score in words, where the board does not mark it
        captions += look.state(result.score)
    captions += look.status(result.score, drawn_position(result))
    return Annotations(
        dice=result.throw.dice,
        mover=result.side,
        steps=with_rest(result.steps, result.throw.dice, result.played_from or result.before, result.side)
        if result.after is not None and drawn.words is None else [],
        paths=drawn.paths,
        knocked=drawn.knocked,
        words=drawn.words,
        events=list(score.events) if score is not None else [],
        captions=captions,
        score=score.after if score is not None else None,
        marker=getattr(score, "marker", None),  # a game without a marker of the second series may omit it
        cube=look.cube(result.score),
    )


class NoSuchThrow(TrictracError, ValueError):
    """A throw number outside the replay."""


def throw_view(replay: Replay, n: int) -> tuple[Position, Annotations | None]:
    """The position after throw ``n`` of the main line (0: the start) and its annotations: the throw as it was
    played, before the dames are re-piled when it ends a relevé (:func:`repile_view` draws that)."""
    count = len(replay.record.throws)
    if not 0 <= n <= count:
        raise NoSuchThrow(f"throw {n} does not exist: the record has {count} throw{'s' if count != 1 else ''} "
                          f"(give 0 for the starting position, up to {count})")
    if n == 0:
        return replay.initial, start_annotations(replay)
    if n > len(replay.throws):
        where = f" at line {replay.stopped.line}" if replay.stopped else ""
        raise NoSuchThrow(f"throw {n} was not replayed: the position is unknown after an earlier error{where}")
    return result_view(replay.throws[n - 1], look_of(replay.game))


def start_annotations(replay: Replay) -> Annotations | None:
    """What the starting position shows beside its dames: the score a record sets at its start (a problem's
    ``points:8``; None when it sets none, every count 0), or the game's own (backgammon's cube and pip counts)."""
    look = look_of(replay.game)
    score = replay.start_score if look.marks else None
    status, cube = look.status(None, replay.initial), look.cube(None)
    if status or cube:
        return Annotations(captions=tuple(status), cube=cube)
    if not score or not (replay.start_marker or any(any(entry.values()) for entry in score.values())):
        return None
    return Annotations(score=score, marker=replay.start_marker)


def drawn_position(result: ThrowResult) -> Position:
    """A throw's position as played (one a player went from, before the re-piling; before it if it was not)."""
    return next(p for p in (result.went_from, result.after, result.before) if p is not None)


def result_view(result: ThrowResult, look: Look = TRICTRAC) -> tuple[Position, Annotations]:
    return drawn_position(result), throw_annotations(result, look)


def repile_view(result: ThrowResult, look: Look = TRICTRAC) -> tuple[Position, Annotations] | None:
    """The step after a throw that ended a relevé (or a game): the dames re-piled, with the score (a new game's cube
    in the middle); None when the throw re-piled nothing."""
    if result.repiled is None:
        return None
    ann = throw_annotations(result, look)
    return result.repiled, Annotations(score=ann.score, marker=ann.marker, cube=look.cube(None),
                                       captions=(look.new_round, *look.status(result.score, result.repiled)))


def replay_system(replay: Replay, coords: str | CoordSystem | None = None) -> CoordSystem:
    """The labels of a replay's diagrams: ``coords`` if given, else its game's own, else the record's."""
    return system(coords or look_of(replay.game).coords or replay.coords)


def replay_scene(replay: Replay, n: int, *, bottom: str | None = None, coords: str | CoordSystem | None = None,
                 compact: bool = False) -> Scene:
    """The scene after throw ``n``, in the record's coordinates and orientation unless told otherwise."""
    position, annotations = throw_view(replay, n)
    return scene(position, coords=replay_system(replay, coords), bottom=bottom or replay.bottom,
                 annotations=annotations, compact=compact, look=look_of(replay.game))
