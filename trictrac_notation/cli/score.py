"""The scoring commands: ``score`` (one throw, JSON in and out), ``compare`` (one record under
several rule sets) and ``explain`` (the events of one throw with their rules and citations).

The input and output of ``score`` are a contract used by outside test suites: keep it exactly.
"""

from __future__ import annotations

import json
import re
import sys

from ..core.board import COLORS, DAMES, OFF, Position, other
from .common import UsageError, _print_diagnostics, read_json_input
from ..notation.reader import dice_name, read
from ..rules.rules_schema import RulesError, suggest
from ..games.trictrac.scoring import History, Roll, tariff, throw_events, totals
from ..games.trictrac import vocabulary
from ..games.trictrac.events import counted, score_text

# where rules.md describes each jan (quoted by explain); the variants that can decide whether (or how
# much) a jan scores (compare): from the jans' table
SECTIONS = vocabulary.SECTIONS
JAN_VARIANTS = vocabulary.VARIANTS


# --- score ---------------------------------------------------------------------------------------

SCORE_FIELDS = {
    "rules": "the rule set, e.g. \"guiton-1822\"",
    "options": "rule options, e.g. [\"rencontre\"]",
    "to_move": "\"white\" or \"black\"",
    "dice": "the two dice, e.g. [6, 4]",
    "white": "white's dames in his own frame, {\"1\": 13, \"12\": 2} (field 1 = his talon)",
    "black": "black's dames in his own frame",
    "off": "dames borne off, {\"white\": 0, \"black\": 0}",
    "throw": "the mover's throws in this relevé, this one included",
    "first_throw": "the first player's first throw, when this is the second player's first (jan de rencontre)",
    "made": "once-only jans the mover already made: [\"deux-tables\"], [\"mezeas\"]",
}


def read_score_request(data) -> tuple:
    """(ruleset, roll, history) from the ``score`` input; UsageError says what is wrong."""
    if not isinstance(data, dict):
        raise UsageError(f"expected one JSON object with the fields {', '.join(SCORE_FIELDS)}, not {_kind(data)}")
    for key in data:
        if key not in SCORE_FIELDS:
            raise UsageError(f"unknown field {key!r}{suggest(key, SCORE_FIELDS)} "
                             f"(fields: {', '.join(SCORE_FIELDS)})")
    for key in ("rules", "to_move", "dice", "white", "black"):
        if key not in data:
            raise UsageError(f"missing field {key!r}: {SCORE_FIELDS[key]}")
    ruleset = request_ruleset(data)
    mover = data["to_move"]
    if mover not in COLORS:
        raise UsageError(f"to_move: expected \"white\" or \"black\", not {json.dumps(mover)}")
    dice = _dice(data["dice"], "dice")
    fields = {color: _fields(data[color], color) for color in COLORS}
    off = data.get("off", {})
    if not isinstance(off, dict) or any(k not in COLORS or not _count(v) for k, v in off.items()):
        raise UsageError(f"off: expected {SCORE_FIELDS['off']}")
    position = Position.from_fields(fields, off)
    problems = position.problems()
    if position.borne_off(mover) == DAMES:
        problems.append(f"{mover} has borne off all fifteen dames: the relevé is over")
    if problems:
        raise UsageError("impossible position: " + "; ".join(problems))
    throw = data.get("throw")
    if throw is not None and not (_count(throw) and throw >= 1):
        raise UsageError(f"throw: expected a whole number from 1, {SCORE_FIELDS['throw']}")
    first = _dice(data["first_throw"], "first_throw") if "first_throw" in data else None
    made = data.get("made", [])
    if not isinstance(made, list) or any(m not in ("deux-tables", "mezeas") for m in made):
        raise UsageError(f"made: expected a list of \"deux-tables\" and \"mezeas\", {SCORE_FIELDS['made']}")
    history = History(throw, "deux-tables" in made, "mezeas" in made, first if throw == 1 else None)
    return ruleset, Roll(position, mover, dice, ruleset.movement), history


def request_ruleset(data: dict):
    """The rule set of a JSON request (``score``, ``marque``, ``chances``): its ``rules`` with its ``options``;
    a name only: the input never makes us read a file."""
    from ..rules.rulesets import named_ruleset

    rules, options = data["rules"], data.get("options", [])
    if not isinstance(rules, str):
        raise UsageError(f"rules: expected {SCORE_FIELDS['rules']}, not {_kind(rules)}")
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise UsageError(f"options: expected a list of names, {SCORE_FIELDS['options']}")
    try:
        return named_ruleset(rules, options)
    except RulesError as e:
        raise UsageError(f"rules: {e}") from None


def _kind(value) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}.get(type(value), json.dumps(value))


def _count(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _dice(value, name: str) -> tuple:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in value)):
        raise UsageError(f"{name}: expected two numbers from 1 to 6, e.g. [6, 4], not {json.dumps(value)}")
    return value[0], value[1]


def _fields(value, color: str) -> dict:
    if not isinstance(value, dict):
        raise UsageError(f"{color}: expected {SCORE_FIELDS[color]}, not {_kind(value)}")
    out = {}
    for key, count in value.items():
        if not (re.fullmatch("[0-9]{1,2}", key) and 1 <= int(key) <= OFF):
            raise UsageError(f"{color}: field {key!r}: fields run from \"1\" (his talon) to \"24\" (the opponent's "
                             "talon) in each player's own frame; dames borne off go in \"off\"")
        if not _count(count):
            raise UsageError(f"{color}: field {key}: expected a count of dames, not {json.dumps(count)}")
        out[int(key) - 1] = count
    return out


def cmd_score(args) -> int:
    data = read_json_input()
    ruleset, roll, history = read_score_request(data)
    events = throw_events(roll, ruleset, history)
    own, theirs = totals(events, roll.roller)
    total = {roll.roller: own, other(roll.roller): theirs}
    json.dump({"events": [e.to_json() for e in events], "total": {c: total[c] for c in COLORS}}, sys.stdout,
              ensure_ascii=False)
    print()
    return 0


# --- compare -------------------------------------------------------------------------------------

def _label(ruleset) -> str:
    return ruleset.id + "".join(f"+{o}" for o in ruleset.options)


def compare_record(record, rulesets: list) -> dict:
    """Replay ``record`` under each rule set on computed values only; the throws where points,
    holes or the outcome differ, each difference with the rule key that made it and every set's citation."""
    from ..engine.opengame import scored_replay

    labels = [_label(rs) for rs in rulesets]
    runs = [scored_replay(record, rs, follow_record=False) for rs in rulesets]
    throws = []
    for index, results in enumerate(zip(*(run.throws for run in runs)), start=1):
        first = results[0]
        scores = [t.score for t in results]
        if None in scores:  # the partie is over under some set (or the dice are unreadable): see the finals
            continue
        diffs = _event_differences(scores, rulesets, labels, first.throw.doublet)
        holes = {label: (s.holes if s else {}) for label, s in zip(labels, scores)}
        holes_differ = len({json.dumps(h, sort_keys=True) for h in holes.values()}) > 1
        marques = {label: (s.marque.to_json() if s.marque else None) for label, s in zip(labels, scores)}
        marques_differ = len({json.dumps(m and [m["winner"], m["value"]]) for m in marques.values()}) > 1
        if diffs or holes_differ or marques_differ:
            throws.append({
                "index": index, "number": first.throw.number, "side": first.side,
                "dice": list(first.throw.dice) if first.throw.dice else None,
                "line": first.throw.span.line if first.throw.span else None,
                "differences": diffs,
                **({"holes": holes} if holes_differ else {}),
                **({"marque": marques} if marques_differ else {}),
                "score": {label: (s.after if s else None) for label, s in zip(labels, scores)},
            })
    finals = {label: (run.final.to_json() if run.final else None) for label, run in zip(labels, runs)}
    outcome = {label: (f["winner"], f["payout"]["stakes"] if f and f["payout"] else None, json.dumps(f and f["holes"]),
                       json.dumps(f and f.get("card") and [f["card"]["loser"], f["card"]["difference"]]))
               for label, f in finals.items()}
    return {"file": record.path, "rules": labels, "throws": throws, "final": finals,
            "outcome_differs": len(set(outcome.values())) > 1,
            "errors": {label: [d.to_json() for d in run.errors] for label, run in zip(labels, runs)}}


def _event_differences(scores, rulesets, labels, doublet: bool) -> list:
    keyed = []
    for s in scores:
        events = {}
        for e in (s.events if s else ()):
            events[(e.jan, e.beneficiary, e.target, e.quadrant)] = e
        keyed.append(events)
    keys = list(dict.fromkeys(k for events in keyed for k in events))
    out = []
    for key in keys:
        points = {label: (events[key].points if key in events else 0) for label, events in zip(labels, keyed)}
        if len(set(points.values())) == 1:
            continue
        present = [events[key] for events in keyed if key in events]
        rule = _deciding_rule(key[0], present, rulesets, doublet)
        jan, beneficiary, target, quadrant = key
        out.append({
            "jan": jan, "beneficiary": beneficiary,
            **({"target": target + 1} if target is not None else {}), **({"quadrant": quadrant} if quadrant else {}),
            "points": points, "ways": {label: (events[key].ways if key in events else []) for label, events
                                       in zip(labels, keyed)},
            "rule": rule,
            "citations": {label: _citation(rs, rule) for label, rs in zip(labels, rulesets)},
        })
    return out


def _deciding_rule(jan: str, present, rulesets, doublet: bool) -> str:
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
            return e.rule
    return "state"


def _points(rs, jan, doublet, half):
    try:
        return rs.points(jan, doublet, half)
    except (KeyError, ValueError):
        return None


def _variant(rs, name):
    try:
        return rs.variant(name)
    except KeyError:
        return None


def _citation(rs, rule: str) -> str:
    if rule == "state":
        return "the score or the relevé differs from an earlier throw"
    try:
        return rs.citation(rule)
    except KeyError:
        return "not stated"


def _compare_lines(data: dict) -> list[str]:
    labels = data["rules"]
    out = [f"compare {data['file']}: " + " | ".join(labels)]
    for t in data["throws"]:
        dice = dice_name(tuple(t["dice"])) if t["dice"] else "?"
        out.append(f"{t['number'] or t['index']}. {t['side']} {dice}" + (f"  (line {t['line']})" if t["line"] else ""))
        for d in t["differences"]:
            where = f" on field {d['target']}" if "target" in d else (f" ({d['quadrant']})" if "quadrant" in d else "")
            out.append(f"  {d['jan']}{where} for {d['beneficiary']}: "
                       + " | ".join(f"{label} {d['points'][label]}" for label in labels))
            cites = d["citations"]
            if d["rule"] == "state" or len(set(cites.values())) == 1:
                out.append(f"    rule {d['rule']}: {cites[labels[0]]}")
            else:
                out.append(f"    rule {d['rule']}:")
                out.extend(f"      {label}: {cites[label]}" for label in labels)
        if "holes" in t:
            out.append("  holes taken: " + " | ".join(
                f"{label} " + (", ".join(f"{c} {n}" for c, n in h.items() if n) or "none")
                for label, h in t["holes"].items()))
        if "marque" in t:
            out.append("  marqué: " + " | ".join(f"{label} {_marque_text(m)}" for label, m in t["marque"].items()))
            out.extend(f"    {label}: {m['why']} [{m['citation']}]" for label, m in t["marque"].items() if m)
    if not data["throws"]:
        out.append("no throw scores differently")
    out.append("final:")
    for label, f in data["final"].items():
        if f is None:
            out.append(f"  {label}: not scored")
            continue
        if f.get("card"):
            card = f["card"]
            verdict = f"{card['loser']} loses {card['difference']}" if card["loser"] else "neither loses"
            out.append(f"  {label}: marqués " + ", ".join(_marque_text(m) for m in f["marques"])
                       + f"; {verdict}" + ("" if card["complete"] else f" so far ({card['played']} of "
                                                                          f"{card['marques']} marqués)"))
            continue
        line = f"  {label}: " + ", ".join(f"{c} {counted(n, 'hole')}" for c, n in f["holes"].items())
        if f["winner"]:
            p = f["payout"]
            line += f"; {f['winner']} wins at throw {f['won_at_throw']}, {p['stakes']:g} stake" \
                    f"{'s' if p['stakes'] != 1 else ''} ({p['scheme']}: {p['why']})"
        out.append(line)
    out.append("the outcome differs" if data["outcome_differs"] else "the outcome is the same")
    return out


def _marque_text(m: dict | None) -> str:
    if m is None:
        return "no marqué"
    return "refait" if m["refait"] else f"{m['winner']} {m['value']}" + (f" (×{m['multiplier']})"
                                                                          if m["multiplier"] > 1 else "")


def cmd_compare(args) -> int:
    from ..rules.rulesets import ruleset_for

    record, diags, text = read(args.file)
    if record is None:
        return _unreadable(diags, text)
    names = [n.strip() for n in args.rules.split(",") if n.strip()]
    if len(names) < 2:
        raise UsageError("--rules: name at least two rule sets separated by commas, e.g. "
                         "jollyvet-1634,soumille-1756,guiton-1822")
    try:
        rulesets = [ruleset_for(name, record) for name in names]
    except RulesError as e:
        raise UsageError(f"--rules: {e}") from None
    _trictrac_only("compare", record, rulesets)
    data = compare_record(record, rulesets)
    _emit(args, data, _compare_lines)
    errors = [d for d in diags if d.severity == "error"]
    if errors:
        _print_diagnostics(errors, text, sys.stderr)
    return 1 if errors else 0


# --- explain -------------------------------------------------------------------------------------

def explain_throw(result, ruleset, n: int) -> dict:
    """The events of throw ``n`` of a scored replay, each with its rule and citation."""
    t = result.throws[n - 1]
    score = t.score
    data = {
        "index": n, "number": t.throw.number, "side": t.side, "dice": list(t.throw.dice) if t.throw.dice else None,
        "line": t.throw.span.line if t.throw.span else None, "rules": _label(ruleset),
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


def _explain_lines(data: dict) -> list[str]:
    dice = dice_name(tuple(data["dice"])) if data["dice"] else "?"
    out = [f"throw {data['number'] or data['index']}: {data['side']} {dice}"
           + (f" (line {data['line']})" if data["line"] else "") + f" — rules {data['rules']}"]
    if data["due"] is None:
        out.append("  not scored" + (": " + data["diagnostics"][0]["message"] if data["diagnostics"] else ""))
        return out
    if not data["events"]:
        out.append("  no event: nothing to mark")
    for e in data["events"]:
        ways = f", {e['means']} way{'s' if e['means'] != 1 else ''}" if e["means"] != 1 or e.get("ways") else ""
        out.append(f"  {e['jan']} → {e['beneficiary']} +{e['points']}{ways}: {e['text']}  [{e['section']}]")
        out.append(f"      {e['rule']}: {e['citation']}")
    out.append("  due: " + ", ".join(f"{c} +{n}" for c, n in data["due"].items()))
    written = {k: v for k, v in data["marked"].items() if v not in (None, [])}
    if written:
        out.append("  as written: " + ", ".join(f"{k} {v}" for k, v in written.items()))
    for e in data["ecoles"]:
        out.append(f"  école: {e['reason']}")
    for c, n in data["holes"].items():
        if n:
            out.append(f"  {c} takes {counted(n, 'hole')}" + (" and goes" if data.get("went") and
                                                               c == data["side"] else ""))
    out.append("  score after: " + "; ".join(score_text(c, a["holes"], a["points"]) for c, a in data["after"].items()))
    for d in data["diagnostics"]:
        out.append(f"  {d['severity']}: {d['message']}" + (f" [{d['rule']}]" if d.get("rule") else ""))
    return out


def cmd_explain(args) -> int:
    from ..engine.opengame import scored_replay
    from ..rules.rulesets import ruleset_for

    record, diags, text = read(args.file)
    if record is None:
        return _unreadable(diags, text)
    try:
        ruleset = ruleset_for(args.rules, record)
    except RulesError as e:
        raise UsageError(str(e)) from None
    _trictrac_only("explain", record, [ruleset])
    result = scored_replay(record, ruleset, diags)
    if not 1 <= args.throw <= len(result.throws):
        raise UsageError(f"--throw {args.throw}: the main line of {args.file} has {len(result.throws)} "
                         f"replayed throw{'s' if len(result.throws) != 1 else ''} (numbered from 1)")
    _emit(args, explain_throw(result, ruleset, args.throw), _explain_lines)
    errors = [d for d in diags if d.severity == "error"]  # the record's own (syntax) errors, as compare does
    if errors:
        _print_diagnostics(errors, text, sys.stderr)
    return 1 if errors else 0


def _trictrac_only(command: str, record, rulesets) -> None:
    """compare and explain weigh trictrac's scoring: another game's record or rule set is a usage error."""
    from ..engine.game import game_for

    game = game_for(record).name
    if game != "trictrac":
        raise UsageError(f"{command} weighs trictrac's jans and holes; {record.path} is a {game} record "
                         "(trictrac check and replay --json read it)")
    other = [r.id for r in rulesets if r.game != "trictrac"]
    if other:
        raise UsageError(f"--rules: {', '.join(other)}: not trictrac rule sets")


def _unreadable(diags, text) -> int:
    _print_diagnostics(diags, text, sys.stderr)
    return 1


def _emit(args, data: dict, lines) -> None:
    """``data`` as JSON with --json, else as the text ``lines(data)``."""
    if args.json:
        json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        for line in lines(data):
            print(line)


# --- registration ----------------------------------------------------------------------------------

def register(sub) -> None:
    s = sub.add_parser("score", help="score one throw: one JSON object on standard input, one on standard output",
                       description="Read {\"rules\", \"options\", \"to_move\", \"dice\", \"white\", \"black\", \"off\", "
                                   "\"throw\"} on standard input (each player's dames in his own frame: field 1 = "
                                   "his talon, 12 = his coin, 24 = the opponent's talon) and print {\"events\", "
                                   "\"total\"}. Optional history: \"first_throw\" (the first player's first throw, "
                                   "for the jan de rencontre), \"made\" ([\"deux-tables\"], [\"mezeas\"]).")
    s.set_defaults(func=cmd_score)

    c = sub.add_parser("compare", help="replay one record under several rule sets and show where the score differs")
    c.add_argument("file", metavar="FILE")
    c.add_argument("--rules", required=True, metavar="ID,ID,...",
                   help="rule sets separated by commas, each ID[+OPTION...], e.g. jollyvet-1634,soumille-1756")
    c.add_argument("--json", action="store_true", help="the differences as JSON")
    c.set_defaults(func=cmd_compare)

    e = sub.add_parser("explain", help="each event of one throw with the rule and the treatise's citation")
    e.add_argument("file", metavar="FILE")
    e.add_argument("--throw", type=int, required=True, metavar="N", help="the throw, counted from 1 on the main line")
    e.add_argument("--rules", metavar="ID", help="rule set (default: the record's Rules header)")
    e.add_argument("--json", action="store_true", help="the explanation as JSON")
    e.set_defaults(func=cmd_explain)

