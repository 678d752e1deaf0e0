"""What the browser draws a game's frames from: the positions, moves and annotations of a replay as
compact data, in the record's terms (no coordinates: the browser lays them out from the board's
description, :mod:`layout`, as :mod:`diagram` does).

A frame holds only what its diagram needs that the page does not already say: ``p`` the position
(:func:`position_code`), ``s`` the mover, ``d`` the dice, ``m`` each dame's way (mover's frame:
``[src, dst]`` or ``[src, via..., dst]``, -1 = from the bar, 24 = borne off; :mod:`looks`), ``b`` the arrows
(White's frame) where a dame was hit to the bar, ``t`` the caption's line of the moves, ``e`` the events in words,
``c`` the caption's notes (a fausse case), ``v`` the beaten dames (``[kind, arrow]``, White's frame), ``cu``
backgammon's cube (``[value, owner]``), ``ix`` the game and the throw in it (a match numbers each game's throws), ``j``
the pleins (``[jan, quadrant, beneficiary]``) and ``sc`` the score, given only where it changes along its line:
``{colour: [points, holes, bredouille, words], "k": pavillon}``; ``r`` the step after a throw that ended a relevé
(or a game): the dames re-piled, a frame of its own; ``br`` the throw's variations, each a line of frames to step
through as a branch (with their words, ``l`` and ``e``, which the page's move list does not give); ``a`` a mistake
the analysis marks (:mod:`analysis_page`: its mark, its words, the better play's ways).  Empty fields are left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from ..core.board import COLORS, Position
from ..errors import TrictracError
from ..notation.reader import marks_text
from ..render.diagram import (
    Annotations,
    _field,
    _hit,
    _plein,
    arrow_labels,
    event_text,
    move_line,
    player_score_text,
    repile_view,
    replay_system,
    result_view,
    start_annotations,
)
from ..render.layout import JAN_TITLES
from ..render.looks import look_of

if TYPE_CHECKING:
    from ..core.coords import CoordSystem
    from ..engine.replay import Replay, ThrowResult
    from ..notation.record import Throw
    from ..render.looks import Look

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"

# a frame's score: {colour: [points, holes, bredouille (0/1), words], "k": the colour holding the pavillon}
FrameScore = dict[str, Any]


class BoardData(TypedDict):
    name: str  # the game's, heading its diagrams' titles
    bottom: str
    labels: list[str]
    prefixes: dict[str, str]
    turned: bool  # backgammon's board: the bottom player's home at the bottom right (render/turned.py)
    per_game: bool  # the throws are numbered in each game (a match's): frames say which (``ix``)


class _FrameBase(TypedDict):
    p: str


class ViewFrame(_FrameBase, total=False):
    """One frame for the browser, its fields as the module's docstring says."""

    s: str
    d: list[int]
    m: list[list[int]]
    b: list[int]
    t: str
    e: list[str]
    c: list[str]
    v: list[list[Any]]
    j: list[list[Any]]
    cu: list[Any]
    ix: list[int]
    sc: FrameScore | None
    r: ViewFrame
    br: list[list[ViewFrame]]
    l: str  # noqa: E741  (the throw in words: the page ships it short, as the other fields)
    a: dict[str, Any]  # the analysis's mistake: its mark, words and better play (site/analysis_page.py)


class CannotDraw(TrictracError):
    """A position the viewer cannot draw (more dames on one arrow than a digit says)."""


def position_code(position: Position) -> str:
    """A position in 50 characters: each colour's 24 arrows (own frame) and borne-off dames, a digit
    (base 36) each, White's first; then, when a dame is on the bar (backgammon), White's and Black's there."""
    bars = [position.on_bar(c) for c in COLORS]
    most = max((*bars, *(n for c in COLORS for n in (*position.row(c), position.borne_off(c)))))
    if most >= len(DIGITS):
        raise CannotDraw(f"a point holds {most} dames, and the viewer draws at most {len(DIGITS) - 1} on one")
    code = "".join(DIGITS[n] for c in COLORS for n in (*position.row(c), position.borne_off(c)))
    return code + "".join(DIGITS[n] for n in bars) if any(bars) else code


def board_data(replay: Replay) -> BoardData:
    """The board of a game's diagrams: who is at the bottom, the arrows' labels (White's frame), and the
    compact layout's row prefixes (trictrac.org's B and N)."""
    cs = replay_system(replay)
    labels, _ = arrow_labels(cs, replay.bottom, False)
    _, prefixes = arrow_labels(cs, replay.bottom, True)
    look = look_of(replay.game)
    return BoardData(name=look.title, bottom=replay.bottom, labels=[labels[t] for t in range(24)], prefixes=prefixes,
                     turned=look.turned, per_game=bool(replay.game and replay.game.numbers_each_game))


def frames_data(replay: Replay) -> list[ViewFrame]:
    """A frame per position of the main line (0: the start, with the score the record sets there), as the diagram
    of :func:`diagram.replay_scene` draws it; a throw's re-piling and its variations inside its frame."""
    cs, look = replay_system(replay), look_of(replay.game)
    start = start_annotations(replay)
    first = _frame(replay.initial, start, cs, replay.bottom, look)
    score = _score(start.score, start.marker) if start else None
    if score:
        first["sc"] = score
    return [first, *_line(replay.throws, cs, replay.bottom, look, score, False)]


def _line(results: list[ThrowResult], cs: CoordSystem, bottom: str, look: Look, last: FrameScore | None,
          branch: bool) -> list[ViewFrame]:
    """The frames of a line of throws (the main line, or a variation: a ``branch``, whose frames carry their words
    and always their first score)."""
    out: list[ViewFrame] = []
    for result in results:
        position, ann = result_view(result, look)
        frame = _frame(position, ann, cs, bottom, look)
        score = _score(ann.score, ann.marker)
        if score != last or (branch and not out):
            frame["sc"] = last = score
        repiled = repile_view(result, look)
        if repiled is not None:
            frame["r"] = _frame(*repiled, cs, bottom, look)
        if result.game is not None and result.game.numbers_each_game:
            frame["ix"] = [result.releve, result.index]  # game, and throw of that game
        if branch:
            frame["l"] = throw_words(result.throw, result)
            frame["e"] = [event_text(ev, ann.mover, cs, bottom) for ev in ann.events]
        if result.variations:
            frame["br"] = [_line(v, cs, bottom, look, None, True) for v in result.variations]
        out.append(frame)
    return out


def _frame(position: Position, ann: Annotations | None, cs: CoordSystem, bottom: str, look: Look) -> ViewFrame:
    """One frame: the position and what its diagram draws over it (the empty fields left out)."""
    frame: dict[str, Any] = {"p": position_code(position)}
    if ann is not None:
        frame.update({
            "s": ann.mover, "d": list(ann.dice) if ann.dice else None,
            "m": [list(p) for p in ann.ways()] if ann.mover else None,
            "b": list(ann.knocked),
            "t": move_line(ann, cs, bottom, look),
            "e": [event_text(ev, ann.mover, cs, bottom) for ev in ann.events],
            "c": [str(c) for c in ann.captions],
            "v": [list(h) for h in filter(None, (_hit(ev, ann.mover) for ev in ann.events))],
            "j": [[ev.jan, ev.quadrant, ev.beneficiary] for ev in ann.events if _plein(ev, bottom)],
            "cu": list(ann.cube) if ann.cube else None,
        })
    # the empty fields left out: what remains has the types of ViewFrame
    return cast(ViewFrame, {k: v for k, v in frame.items() if v not in (None, [])})


SLIPS = {"ecole": "école", "fausse-ecole": "fausse école", "fausse-case": "fausse case"}  # a sic: code in words


def throw_words(throw: Throw, result: ThrowResult | None = None) -> str:
    """A throw in words for the viewer's line above the board: '2. black sonnez: 3-9 4-10; marks 8 (battre à
    vrai); a slip of the source acknowledged (fausse case)' — never the notation's own encodings (a figure's
    string, a ``sic:`` code)."""
    game = result.game if result is not None else None
    dice = game.dice_name(throw.dice) if throw.dice and game else throw.dice_text
    head = " ".join(x for x in (f"{throw.number}." if throw.number is not None else "", throw.side, throw.cube or "",
                                dice or "") if x)
    moves = " ".join(m.text for m in throw.moves)
    parts = [f"{head}: {moves}" if moves else head]
    parts += [f"{who}{marks_words(m)}" for who, m in (("marks ", throw.marks), ("the opponent marks ",
                                                                                 throw.opp_marks)) if m is not None]
    if throw.holes:
        parts.append("a hole" if throw.holes == 1 else f"{throw.holes} holes")
    if throw.opp_holes:
        parts.append(f"the opponent {'a hole' if throw.opp_holes == 1 else f'{throw.opp_holes} holes'}")
    parts += {"go": ["goes (s'en aller)"], "stay": ["stays"]}.get(throw.decision or "", [])
    parts += [f"école {e.points}" for e in throw.ecoles]
    if throw.fausse_case:
        parts.append("a fausse case the opponent " + ("let stand" if throw.fausse_case == "let-stand" else
                                                      "had played again: " + " ".join(m.text for m in throw.replayed)))
    if throw.marque is not None or throw.refait:
        parts.append("refait" if throw.refait else f"the marqué is worth {throw.marque}")
    slips = sorted({SLIPS.get(c, c.replace("-", " ")) for s in throw.sics for c in s.codes})
    if slips:
        parts.append(f"a slip of the source acknowledged ({', '.join(slips)})")
    parts += [f"the book's figure {f.label} beside" for f in throw.figures]
    return "; ".join(parts)


def marks_words(m: Any) -> str:
    """'8 (battre à vrai, remplir 4)' from the record's '+8 [battre-a-vrai, remplir 4]'."""
    if m.claims is None:
        return str(m.points)
    named = ", ".join(JAN_TITLES.get(c.jan, c.jan) + (f" {c.points}" if c.points is not None else "")
                      for c in m.claims)
    return f"{m.points} ({named})" if named else marks_text(m)[1:]


def _score(score: dict[str, Any] | None, marker: str | None) -> FrameScore | None:
    if not score:
        return None
    out: FrameScore = {}
    for color in COLORS:
        entry = score.get(color)
        if entry is not None:
            points, holes = int(_field(entry, "points") or 0), int(_field(entry, "holes") or 0)
            out[color] = [points, holes, int(bool(_field(entry, "bredouille", False))),
                          player_score_text(color, entry)]
    if marker in COLORS:
        out["k"] = marker
    return out

