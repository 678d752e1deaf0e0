"""One record under several rule sets: the throws where the points, the holes or the outcome differ, each
difference with the rule that makes it and every set's citation (``trictrac compare``)."""

from __future__ import annotations

import json
from typing import Any, cast

from ...engine.opengame import scored_replay
from ...notation.record import Record
from ...rules.rulesets import RuleSet
from .events import Event
from .scorer import ThrowScore
from .scoring import tariff
from .vocabulary import VARIANTS as JAN_VARIANTS


def ruleset_label(ruleset: RuleSet) -> str:
    """'guiton-1822+rencontre': a rule set's id with its options."""
    label: str = ruleset.id + "".join(f"+{o}" for o in ruleset.options)
    return label


def compare_record(record: Record, rulesets: list[RuleSet]) -> dict[str, Any]:
    """Replay ``record`` under each rule set on computed values only; the throws where points,
    holes or the outcome differ, each difference with the rule key that made it and every set's citation."""
    labels = [ruleset_label(rs) for rs in rulesets]
    runs = [scored_replay(record, rs, follow_record=False) for rs in rulesets]
    throws: list[dict[str, Any]] = []
    for index, results in enumerate(zip(*(run.throws for run in runs), strict=False), start=1):
        first = results[0]
        scores = [cast(ThrowScore | None, t.score) for t in results]  # trictrac's scorer's
        if None in scores:  # the partie is over under some set (or the dice are unreadable): see the finals
            continue
        known = cast(list[ThrowScore], scores)
        diffs = _event_differences(known, rulesets, labels, first.throw.doublet)
        holes = {label: (s.holes if s else {}) for label, s in zip(labels, known, strict=True)}
        holes_differ = len({json.dumps(h, sort_keys=True) for h in holes.values()}) > 1
        marques = {label: (s.marque.to_json() if s.marque else None) for label, s in zip(labels, known, strict=True)}
        marques_differ = len({json.dumps(m and [m["winner"], m["value"]]) for m in marques.values()}) > 1
        if diffs or holes_differ or marques_differ:
            throws.append({
                "index": index, "number": first.throw.number, "side": first.side,
                "dice": list(first.throw.dice) if first.throw.dice else None,
                "line": first.throw.span.line if first.throw.span else None,
                "differences": diffs,
                **({"holes": holes} if holes_differ else {}),
                **({"marque": marques} if marques_differ else {}),
                "score": {label: (s.after if s else None) for label, s in zip(labels, known, strict=True)},
            })
    finals: dict[str, Any] = {label: (run.final.to_json() if run.final else None)
                              for label, run in zip(labels, runs, strict=True)}
    outcome = {label: (f["winner"], f["payout"]["stakes"] if f and f["payout"] else None, json.dumps(f and f["holes"]),
                       json.dumps(f and f.get("card") and [f["card"]["loser"], f["card"]["difference"]]))
               for label, f in finals.items()}
    return {"file": record.path, "rules": labels, "throws": throws, "final": finals,
            "outcome_differs": len(set(outcome.values())) > 1,
            "errors": {label: [d.to_json() for d in run.errors] for label, run in zip(labels, runs, strict=True)}}


def _event_differences(scores: list[ThrowScore], rulesets: list[RuleSet], labels: list[str],
                       doublet: bool) -> list[dict[str, Any]]:
    keyed: list[dict[tuple[Any, ...], Event]] = []
    for s in scores:
        events = {}
        for e in s.events:
            events[(e.jan, e.beneficiary, e.target, e.quadrant)] = e
        keyed.append(events)
    keys = list(dict.fromkeys(k for events in keyed for k in events))
    out: list[dict[str, Any]] = []
    for key in keys:
        points = {label: (events[key].points if key in events else 0)
                  for label, events in zip(labels, keyed, strict=True)}
        if len(set(points.values())) == 1:
            continue
        present = [events[key] for events in keyed if key in events]
        rule = _deciding_rule(key[0], present, rulesets, doublet)
        jan, beneficiary, target, quadrant = key
        out.append({
            "jan": jan, "beneficiary": beneficiary,
            **({"target": target + 1} if target is not None else {}), **({"quadrant": quadrant} if quadrant else {}),
            "points": points, "ways": {label: (events[key].ways if key in events else []) for label, events
                                       in zip(labels, keyed, strict=True)},
            "rule": rule,
            "citations": {label: _citation(rs, rule) for label, rs in zip(labels, rulesets, strict=True)},
        })
    return out


def _deciding_rule(jan: str, present: list[Event], rulesets: list[RuleSet], doublet: bool) -> str:
    """The rule key that makes ``jan`` score differently: whether it is scored, its value per way, a
    variant about it, or — when the sets agree on all of these — 'state' (an earlier throw differed)."""
    if len({jan in tariff(rs).scored for rs in rulesets}) > 1:
        return f"jans.{jan}"
    half = present[0].half
    if len({_points(rs, jan, doublet, half) for rs in rulesets}) > 1:
        return f"points.{jan}"
    for name in JAN_VARIANTS.get(jan, ()):
        if len({str(_variant(rs, name)) for rs in rulesets}) > 1:
            return f"variants.{name}"
    for e in present:
        if e.rule.startswith("variants."):
            return str(e.rule)
    return "state"


def _points(rs: RuleSet, jan: str, doublet: bool, half: str | None) -> Any:
    try:
        return rs.points(jan, doublet, half)
    except (KeyError, ValueError):
        return None


def _variant(rs: RuleSet, name: str) -> Any:
    try:
        return rs.variant(name)
    except KeyError:
        return None


def _citation(rs: RuleSet, rule: str) -> str:
    if rule == "state":
        return "the score or the relevé differs from an earlier throw"
    try:
        return str(rs.citation(rule))
    except KeyError:
        return "not stated"
