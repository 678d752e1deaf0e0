"""The events of one throw of a scored replay, each with the rule that scores it and the treatise's citation
(``trictrac explain``)."""

from __future__ import annotations

from .compare import ruleset_label
from .vocabulary import SECTIONS


def explain_throw(result, ruleset, n: int) -> dict:
    """The events of throw ``n`` of a scored replay, each with its rule and citation."""
    t = result.throws[n - 1]
    score = t.score
    data = {
        "index": n, "number": t.throw.number, "side": t.side, "dice": list(t.throw.dice) if t.throw.dice else None,
        "line": t.throw.span.line if t.throw.span else None, "rules": ruleset_label(ruleset),
        "events": [], "due": None, "marked": None, "ecoles": [], "holes": None, "after": None,
        "diagnostics": [d.to_json() for d in t.diagnostics],
    }
    if score is None:
        return data
    for e, label in zip(score.events, score.labels):
        data["events"].append(e.to_json() | {"text": label, "section": f"rules.md {SECTIONS[e.jan]}",
                                             "scored_by": ruleset.citation(f"jans.{e.jan}")})
    data.update(due=score.due, marked=score.marked, ecoles=[e.to_json() for e in score.ecoles], holes=score.holes,
                went=score.went, after=score.after)
    return data
