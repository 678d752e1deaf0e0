"""A backgammon replay presented: text lines for the terminal and the JSON document of ``replay --json``
(the shape of the trictrac one: headers, initial, throws, diagnostics, counts, complete, final)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ..core.board import COLORS, Position
from ..core.coords import CoordSystem
from ..core.textboard import render
from ..games.backgammon.cube import GameScore, MatchFinal, Result
from ..games.backgammon.play import State, pip_count
from ..notation.reader import WORDS, write_throw
from .report import JSON_VERSION, diagnostics_json

if TYPE_CHECKING:
    from ..engine.replay import Replay, ThrowResult

COORDS = CoordSystem(
    "backgammon", "backgammon points 24..1 per player", tuple(str(24 - t) for t in range(24)), "mover",
    doc="the federation's numbering, read from the mover's side: 24 where his back dames start, 1 his last point",
)


def position_json(position: Position) -> dict[str, Any]:
    """Each player's dames by his own points (``"24": 2``), on the bar and borne off, and his pip count."""
    out: dict[str, Any] = {}
    for color in COLORS:
        me = State.of(position, color).me
        out[color] = {str(p): me[p] for p in range(24, 0, -1) if me[p]}
    out["bar"] = {c: position.on_bar(c) for c in COLORS}
    out["off"] = {c: position.borne_off(c) for c in COLORS}
    out["pips"] = {c: pip_count(position, c) for c in COLORS}
    return out


def _score(t: ThrowResult) -> tuple[int, Result | None]:
    """The cube after the line and the game it ended (the backgammon scorer's)."""
    score = t.score
    return (score.cube, score.marque) if isinstance(score, GameScore) else (1, None)


def final_of(result: Replay) -> MatchFinal | None:
    """The match (or money session), once a game of it has ended."""
    final = result.final
    return final if isinstance(final, MatchFinal) and final.last is not None else None


def throw_json(t: ThrowResult) -> dict[str, Any]:
    cube, ended = _score(t)
    data: dict[str, Any] = {
        "index": t.index,
        "game": t.releve,
        "number": t.throw.number,
        "line": t.throw.span.line if t.throw.span else None,
        "side": t.side,
        **({"cube_action": t.throw.cube} if t.throw.cube else {}),
        "dice": list(t.throw.dice) if t.throw.dice else None,
        "moves": [m.text for m in t.throw.moves],
        "hops": [{"from": s.src, "to": s.dst, **({"hit": True} if s.hit else {})} for s in hops(t)],
        "legal": t.ok and t.after is not None,
        "cube": cube,
        "position": position_json(t.after) if t.after is not None else None,
        "diagnostics": [d.to_json() for d in t.diagnostics],
    }
    if ended is not None:
        data["result"] = ended.to_json()
    if t.variations:
        data["variations"] = [[throw_json(x) for x in v] for v in t.variations]
    return data


def replay_json(result: Replay) -> dict[str, Any]:
    rec = result.record
    data: dict[str, Any] = {
        "version": JSON_VERSION,
        "game": "backgammon",
        "file": rec.path,
        "headers": {h.name: h.value for h in rec.headers},
        "rules": result.rules.id,
        "coords": COORDS.id,
        "initial": position_json(result.initial),
        "throws": [throw_json(t) for t in result.throws],
        **diagnostics_json(result),
    }
    final = final_of(result)
    if final is not None:
        data["final"] = final.to_json()
    return data


def hops(t: ThrowResult) -> tuple[Any, ...]:
    """The play's hops, one die each (playtext.Step), as the replay resolved them; none for an illegal play."""
    return tuple(t.play.hops) if t.play is not None else ()


def replay_lines(result: Replay, bottom: str | None = None) -> Iterator[str]:
    """The replay as text: each line as written, then the position after it (points in the players' frames)."""
    bottom = bottom or "white"
    words = WORDS["en"]
    title = result.record.header("Title")
    if title:
        yield title
        yield ""
    yield f"starting position ({result.rules.id}):"
    yield render(result.initial, COORDS, bottom)
    for t in result.throws:
        yield ""
        yield write_throw(t.throw, words, variations=False) + ("" if t.ok else "   <-- illegal")
        cube, ended = _score(t)
        if t.after is not None:
            yield render(t.after, COORDS, bottom)
            yield f"pips: white {pip_count(t.after, 'white')}, black {pip_count(t.after, 'black')}; cube {cube}"
        if ended is not None:
            r = ended
            yield f"game {t.releve}: {r.winner} wins a {r.kind} game ({r.how}), cube {r.cube}: {r.points} point" + \
                ("s" if r.points != 1 else "")
    final = final_of(result)
    if final is not None:
        yield ""
        yield from final.summary()
