"""The events of one throw of a scored replay, each with the rule that scores it and the treatise's citation
(``trictrac explain``)."""

from __future__ import annotations

from typing import Any, cast

from ...engine.replay import Replay, ThrowResult
from ...rules.rulesets import RuleSet
from .compare import ruleset_label
from .scorer import ThrowScore
from .vocabulary import SECTIONS


def explain_throw(result: Replay, ruleset: RuleSet, n: int) -> dict[str, Any]:
    """The events of throw ``n`` of a scored replay, each with its rule and citation."""
    return explain_result(result.throws[n - 1], ruleset, n)


def explain_result(t: ThrowResult, ruleset: RuleSet, n: int) -> dict[str, Any]:
    """The events of one throw of a scored replay (``n``: its index on its line, variations included)."""
    score = cast(ThrowScore | None, t.score)  # a trictrac replay's: the scorer of scorer.py
    data: dict[str, Any] = {
        "index": n, "number": t.throw.number, "side": t.side, "dice": list(t.throw.dice) if t.throw.dice else None,
        "line": t.throw.span.line if t.throw.span else None, "rules": ruleset_label(ruleset),
        "events": [], "due": None, "marked": None, "ecoles": [], "holes": None, "after": None,
        "diagnostics": [d.to_json() for d in t.diagnostics],
    }
    if score is None:
        return data
    for e, label in zip(score.events, score.labels, strict=True):
        data["events"].append(e.to_json() | {"text": label, "section": f"rules.md {SECTIONS[e.jan]}",
                                             "scored_by": ruleset.citation(f"jans.{e.jan}")})
    data.update(due=score.due, marked=score.marked, ecoles=[e.to_json() for e in score.ecoles], holes=score.holes,
                went=score.went, after=score.after)
    return data
