"""What the browser draws a game's frames from: the positions, moves and annotations of a replay as
compact data, in the record's terms (no coordinates: the browser lays them out from the board's
description, :mod:`layout`, as :mod:`diagram` does).

A frame holds only what its diagram needs that the page does not already say: ``p`` the position
(:func:`position_code`), ``s`` the mover, ``d`` the dice, ``m`` each dame's way (mover's frame:
``[src, dst]`` or ``[src, via..., dst]``, -1 = from the bar, 24 = borne off; :mod:`looks`), ``b`` the arrows
(White's frame) where a dame was hit to the bar, ``t`` the caption's line of the moves, ``e`` the events in words,
``c`` the caption's notes (a fausse case), ``v`` the beaten dames (``[kind, arrow]``, White's frame), ``j``
the pleins (``[jan, quadrant, beneficiary]``) and ``sc`` the score, given only where it changes:
``{colour: [points, holes, bredouille, words], "k": pavillon}``.  Empty fields are left out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from ..core.board import COLORS, Position
from ..errors import TrictracError
from ..render.diagram import (
    _field,
    _hit,
    _plein,
    arrow_labels,
    event_text,
    move_line,
    player_score_text,
    replay_system,
    throw_view,
)
from ..render.looks import look_of

if TYPE_CHECKING:
    from ..engine.replay import Replay

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"

# a frame's score: {colour: [points, holes, bredouille (0/1), words], "k": the colour holding the pavillon}
FrameScore = dict[str, Any]


class BoardData(TypedDict):
    name: str  # the game's, heading its diagrams' titles
    bottom: str
    labels: list[str]
    prefixes: dict[str, str]


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
    sc: FrameScore | None


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
    return BoardData(name=look_of(replay.game).title, bottom=replay.bottom, labels=[labels[t] for t in range(24)],
                     prefixes=prefixes)


def frames_data(replay: Replay) -> list[ViewFrame]:
    """A frame per position of the main line (0: the start), as the diagram of :func:`diagram.replay_scene`
    draws it."""
    cs, look = replay_system(replay), look_of(replay.game)
    out: list[ViewFrame] = []
    last: FrameScore | None = None
    for n in range(len(replay.throws) + 1):
        position, ann = throw_view(replay, n)
        frame: dict[str, Any] = {"p": position_code(position)}
        if ann is not None:
            frame.update({
                "s": ann.mover, "d": list(ann.dice) if ann.dice else None,
                "m": [list(p) for p in ann.ways()],
                "b": list(ann.knocked),
                "t": move_line(ann, cs, replay.bottom, look),
                "e": [event_text(ev, ann.mover, cs, replay.bottom) for ev in ann.events],
                "c": [str(c) for c in ann.captions],
                "v": [list(h) for h in filter(None, (_hit(ev, ann.mover) for ev in ann.events))],
                "j": [[ev.jan, ev.quadrant, ev.beneficiary] for ev in ann.events if _plein(ev, replay.bottom)],
            })
            score = _score(ann.score, ann.marker)
            if score != last:
                frame["sc"] = last = score
        # the empty fields left out: what remains has the types of ViewFrame
        out.append(cast(ViewFrame, {k: v for k, v in frame.items() if k == "sc" or v not in (None, [])}))
    return out


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

