"""What the browser draws a game's frames from: the positions, moves and annotations of a replay as
compact data, in the record's terms (no coordinates: the browser lays them out from the board's
description, :mod:`layout`, as :mod:`diagram` does).

A frame holds only what its diagram needs that the page does not already say: ``p`` the position
(:func:`position_code`), ``s`` the mover, ``d`` the dice, ``m`` the steps (mover's frame: ``[src, dst]``
or ``[src, via, dst]``, 24 = borne off), ``t`` the caption's line of the moves, ``e`` the events in words,
``c`` the caption's notes (a fausse case), ``v`` the beaten dames (``[kind, arrow]``, White's frame), ``j``
the pleins (``[jan, quadrant, beneficiary]``) and ``sc`` the score, given only where it changes:
``{colour: [points, holes, bredouille, words], "k": pavillon}``.  Empty fields are left out.
"""

from __future__ import annotations

from ..core.board import COLORS, OFF
from ..render.diagram import _field, _hit, _plein, arrow_labels, event_text, move_line, player_score_text, system, throw_view

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def position_code(position) -> str:
    """A position in 50 characters: each colour's 24 arrows (own frame) and borne-off dames, a digit
    (base 36) each, White's first."""
    return "".join(DIGITS[n] for c in COLORS for n in (*position.row(c), position.borne_off(c)))


def board_data(replay) -> dict:
    """The board of a game's diagrams: who is at the bottom, the arrows' labels (White's frame), and the
    compact layout's row prefixes (trictrac.org's B and N)."""
    cs = system(replay.coords)
    labels, _ = arrow_labels(cs, replay.bottom, False)
    _, prefixes = arrow_labels(cs, replay.bottom, True)
    return {"bottom": replay.bottom, "labels": [labels[t] for t in range(24)], "prefixes": prefixes}


def frames_data(replay) -> list[dict]:
    """A frame per position of the main line (0: the start), as the diagram of :func:`diagram.replay_scene`
    draws it."""
    cs = system(replay.coords)
    out, last = [], None
    for n in range(len(replay.throws) + 1):
        position, ann = throw_view(replay, n)
        frame = {"p": position_code(position)}
        if ann is not None:
            frame.update({
                "s": ann.mover, "d": list(ann.dice) if ann.dice else None,
                "m": [[s.src, s.dst] if s.via is None else [s.src, s.via, s.dst] for s in ann.steps
                      if 0 <= s.src < OFF],
                "t": move_line(ann, cs, replay.bottom),
                "e": [event_text(ev, ann.mover, cs, replay.bottom) for ev in ann.events],
                "c": [str(c) for c in ann.captions],
                "v": [list(h) for h in filter(None, (_hit(ev, ann.mover) for ev in ann.events))],
                "j": [[ev.jan, ev.quadrant, ev.beneficiary] for ev in ann.events if _plein(ev, replay.bottom)],
            })
            score = _score(ann.score, ann.marker)
            if score != last:
                frame["sc"] = last = score
        out.append({k: v for k, v in frame.items() if k == "sc" or v not in (None, [])})
    return out


def _score(score, marker) -> dict | None:
    if not score:
        return None
    out = {}
    for color in COLORS:
        entry = score.get(color)
        if entry is not None:
            points, holes = int(_field(entry, "points") or 0), int(_field(entry, "holes") or 0)
            out[color] = [points, holes, int(bool(_field(entry, "bredouille", False))),
                          player_score_text(color, entry)]
    if marker in COLORS:
        out["k"] = marker
    return out

