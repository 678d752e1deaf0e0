"""Presenting a replay: text lines for the terminal, and the JSON document of ``replay --json``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..core.textboard import render
from ..notation.reader import WORDS, write_throw

if TYPE_CHECKING:
    from ..core.diagnostics import Diagnostic
    from ..engine.replay import Replay, ThrowResult
    from ..notation.record import Span

JSON_VERSION = 1


class Replayed(Protocol):
    """What :func:`diagnostics_json` reads of any game's replay."""

    @property
    def diagnostics(self) -> Sequence[Diagnostic]: ...

    @property
    def stopped(self) -> Span | None: ...


def _steps_json(steps: Iterable[Any], side: str) -> list[dict[str, Any]]:
    return [
        {"from": s.src + 1, "to": s.dst + 1 if s.dst < 24 else "off",
         **({"via": s.via + 1} if s.via is not None else {}), **({"puissance": True} if s.puissance else {})}
        for s in steps
    ]


def throw_json(t: ThrowResult) -> dict[str, Any]:
    """One throw of a replay as JSON (fields are in the mover's frame: 1 = his talon)."""
    data: dict[str, Any] = {
        "index": t.index,
        "number": t.throw.number,
        "line": t.throw.span.line if t.throw.span else None,
        "side": t.side,
        "releve": t.releve,
        "dice": list(t.throw.dice) if t.throw.dice else None,
        "moves": [m.text for m in t.throw.moves],
        "steps": _steps_json(t.steps, t.side),
        **({"went": True} if not t.played else {}),
        **({"pour_tout": True} if t.throw.pour_tout else {}),
        **({"fausse_case": {"kind": t.throw.fausse_case, "steps": _steps_json(t.fausse[0], t.side)}}
           if t.fausse else {"fausse_case": {"kind": t.throw.fausse_case}} if t.throw.fausse_case else {}),
        "legal": t.ok and t.after is not None,
        "position": t.after.to_json() if t.after is not None else None,
        "repiled": t.new_releve,
        "diagnostics": [d.to_json() for d in t.diagnostics],
    }
    if t.score is not None:
        data["score"] = t.score.to_json()
    if t.variations:
        data["variations"] = [[throw_json(x) for x in v] for v in t.variations]
    return data


def diagnostics_json(result: Replayed) -> dict[str, Any]:
    """A replay's diagnostics and their counts, and whether it went to the end (any game's replay)."""
    return {
        "diagnostics": [d.to_json() for d in result.diagnostics],
        "errors": sum(d.severity == "error" for d in result.diagnostics),
        "warnings": sum(d.severity == "warning" for d in result.diagnostics),
        "notes": sum(d.severity == "note" for d in result.diagnostics),
        "complete": result.stopped is None,
    }


def replay_json(result: Replay) -> dict[str, Any]:
    rec = result.record
    data: dict[str, Any] = {
        "version": JSON_VERSION,
        "file": rec.path,
        "headers": {h.name: h.value for h in rec.headers},
        "coords": result.coords.id,
        "bottom": result.bottom,
        "initial": result.initial.to_json(),
        "throws": [throw_json(t) for t in result.throws],
        **diagnostics_json(result),
    }
    if result.final is not None:
        data["final"] = result.final.to_json()
    return data


def replay_lines(result: Replay, system: str | None = None, bottom: str | None = None) -> Iterator[str]:
    """The replay as text: each throw as written, then the position after it."""
    system = system or result.coords.id
    bottom = bottom or result.bottom
    words = WORDS["en"]
    title = result.record.header("Title")
    if title:
        yield title
        yield ""
    yield "starting position:"
    yield render(result.initial, system, bottom)
    for t in result.throws:
        yield ""
        flag = "" if t.ok else "   <-- fausse case"
        yield write_throw(t.throw, words, variations=False) + flag
        if t.score is not None:
            yield from t.score.summary()
        if t.after is not None:
            yield render(t.after, system, bottom)
            if t.new_releve:
                yield "(the dames are re-piled: a new relevé begins)"
    if result.final is not None:
        yield ""
        yield from result.final.summary()

