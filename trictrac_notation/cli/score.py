"""The scoring commands: ``score`` (one throw, JSON in and out), ``compare`` (one record under
several rule sets) and ``explain`` (the events of one throw with their rules and citations).

The input and output of ``score`` are a contract used by outside test suites: keep it exactly.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.board import COLORS, other
from ..engine.reading import read
from ..games.trictrac.compare import compare_record
from ..games.trictrac.events import counted, score_text
from ..games.trictrac.explain import explain_throw
from ..games.trictrac.request import read_score_request
from ..games.trictrac.scoring import throw_events, totals
from ..notation.reader import dice_name
from ..rules.rules_schema import RulesError
from .common import UsageError, _print_diagnostics, read_json_input, record_ruleset, trictrac_only

if TYPE_CHECKING:
    from ..core.diagnostics import Diagnostic
    from .common import Subparsers

# --- score ---------------------------------------------------------------------------------------

def cmd_score(args: argparse.Namespace) -> int:
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

def _compare_lines(data: dict[str, Any]) -> list[str]:
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


def _marque_text(m: dict[str, Any] | None) -> str:
    if m is None:
        return "no marqué"
    return "refait" if m["refait"] else f"{m['winner']} {m['value']}" + (f" (×{m['multiplier']})"
                                                                          if m["multiplier"] > 1 else "")


def cmd_compare(args: argparse.Namespace) -> int:
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
    trictrac_only("compare", "weighs trictrac's jans and holes", record, rulesets)
    data = compare_record(record, rulesets)
    _emit(args, data, _compare_lines)
    errors = [d for d in diags if d.severity == "error"]
    if errors:
        _print_diagnostics(errors, text, sys.stderr)
    return 1 if errors else 0


# --- explain -------------------------------------------------------------------------------------

def explain_lines(data: dict[str, Any]) -> list[str]:
    """What ``trictrac explain`` prints of one throw (the language server's hover says the same)."""
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


def cmd_explain(args: argparse.Namespace) -> int:
    from ..engine.opengame import scored_replay

    record, diags, text = read(args.file)
    if record is None:
        return _unreadable(diags, text)
    ruleset = record_ruleset("explain", "weighs trictrac's jans and holes", args.rules, record, text)
    if ruleset is None:
        return 1
    result = scored_replay(record, ruleset, diags)
    if not 1 <= args.throw <= len(result.throws):
        raise UsageError(f"--throw {args.throw}: the main line of {args.file} has {len(result.throws)} "
                         f"replayed throw{'s' if len(result.throws) != 1 else ''} (numbered from 1)")
    _emit(args, explain_throw(result, ruleset, args.throw), explain_lines)
    errors = [d for d in diags if d.severity == "error"]  # the record's own (syntax) errors, as compare does
    if errors:
        _print_diagnostics(errors, text, sys.stderr)
    return 1 if errors else 0


def _unreadable(diags: Sequence[Diagnostic], text: str | None) -> int:
    _print_diagnostics(diags, text, sys.stderr)
    return 1


def _emit(args: argparse.Namespace, data: dict[str, Any], lines: Callable[[dict[str, Any]], list[str]]) -> None:
    """``data`` as JSON with --json, else as the text ``lines(data)``."""
    if args.json:
        json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        for line in lines(data):
            print(line)


# --- registration ----------------------------------------------------------------------------------

def register(sub: Subparsers) -> None:
    s = sub.add_parser("score", help="score one throw: one JSON object on standard input, one on standard output",
                       description='Read {"rules", "options", "to_move", "dice", "white", "black", "off", '
                                   '"throw"} on standard input (each player\'s dames in his own frame: field 1 = '
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

