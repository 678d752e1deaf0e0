"""``trictrac rules``: list the rule sets, show one with its citations, diff two.

Exit codes: 0 ok, 1 a rule-set file is wrong (every error printed as FILE:LINE:COL),
2 usage (unknown rule set or option).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..rules.rules_schema import RulesError
from ..rules.rulesets import RuleSet, diff_rulesets, game_dirs, game_ids, known_ids, load_ruleset

if TYPE_CHECKING:
    from .common import Subparsers

ABANDONED = ("rencontre", "margot", "pile-de-misere")


def register(subparsers: Subparsers) -> None:
    p = subparsers.add_parser("rules", help="the rule sets of the treatises: list, show one, diff two",
                              description="Without a sub-command: list the rule sets.")
    p.add_argument("--json", action="store_true", help="emit JSON")
    p.set_defaults(func=cmd_list)
    sub = p.add_subparsers(dest="rules_command", metavar="SUBCOMMAND")

    s = sub.add_parser("show", help="one rule set, resolved (after extends), with its citations")
    s.add_argument("id", metavar="ID", help="a rule set id, ID+OPTION..., or the path of a .yaml file")
    s.add_argument("-o", "--option", action="append", default=[], metavar="NAME", help="switch an option on")
    s.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="emit JSON")
    s.set_defaults(func=cmd_show)

    d = sub.add_parser("diff", help="the rules that differ between two rule sets, with both citations")
    d.add_argument("a", metavar="A", help="a rule set id (ID+OPTION... for options) or a .yaml path")
    d.add_argument("b", metavar="B")
    d.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="emit JSON")
    d.set_defaults(func=cmd_diff)


def _load(spec: str, options: Sequence[str] = ()) -> RuleSet:
    """``ID[+OPTION...]``; an unknown id or option is a usage error, a wrong file is reported as such."""
    from .common import UsageError

    name, *more = spec.split("+")
    try:
        return load_ruleset(name, [*more, *options])
    except RulesError as e:
        if e.path is None:
            raise UsageError(e.message) from None
        raise


def _file_errors(e: RulesError) -> int:
    for error in e.errors:
        print(f"{error}", file=sys.stderr)
    return 1


def _dump(data: object) -> None:
    json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
    print()


# --- list ---------------------------------------------------------------------------------

def cmd_list(args: argparse.Namespace) -> int:
    rulesets, status = [], 0
    for ruleset_id in known_ids():
        try:
            rulesets.append(load_ruleset(ruleset_id))
        except RulesError as e:
            status = _file_errors(e)
    rulesets.sort(key=lambda r: (r.identity["year"], r.id))
    if args.json:
        _dump([{"id": r.id, **r.identity, "abandoned_jans": {j: r.status(j) for j in ABANDONED},
                "available_options": r.available_options} for r in rulesets])
        return status
    rows = [(r.id, str(r.identity["year"]), r.identity["author"],
             ", ".join(f"{j} {r.status(j)}" for j in ABANDONED), r.title) for r in rulesets]
    _table([("id", "year", "author", "abandoned jans", "title")] + rows)
    for game in (d.name for d in game_dirs()):  # the other games' rule sets, a table each
        others = []
        for ruleset_id in game_ids(game):
            try:
                others.append(load_ruleset(ruleset_id))
            except RulesError as e:
                status = _file_errors(e)
        others.sort(key=lambda r: (r.identity["year"], r.id))
        print(f"\n{game}:")
        _table([("id", "year", "author", "cube", "title")] + [
            (r.id, str(r.identity["year"]), r.identity["author"], "yes" if r.variant("cube") else "no", r.title)
            for r in others])
    return status


def _table(rows: Sequence[Sequence[str]]) -> None:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]) - 1)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row[:-1], widths, strict=True)) + "  " + row[-1])


# --- show ---------------------------------------------------------------------------------

def cmd_show(args: argparse.Namespace) -> int:
    try:
        ruleset = _load(args.id, args.option)
    except RulesError as e:
        return _file_errors(e)
    if getattr(args, "json", False):
        _dump(ruleset.to_json())
        return 0
    for line in show_lines(ruleset):
        print(line)
    return 0


def show_lines(ruleset: RuleSet) -> list[str]:
    """A rule set as text: each rule, its value and where it comes from."""
    who = ruleset.identity
    out = [f"{ruleset.id}: {who['author']}, {who['title']} ({who['year']}; {who['edition']}; {who['place']})"]
    if "note" in who:
        out.append(f"  note: {who['note']}")
    if ruleset.extends:
        out.append(f"extends {ruleset.extends['id']}: {ruleset.citation('extends')}")
    out.append(f"options on: {', '.join(ruleset.options) or 'none'}")
    titles = {"points": "points (simple/doublet, per way)", "jans": "jans", "variants": "variants",
              "options": "options (by agreement: trictrac rules show ID --option NAME)"}
    section = None
    for key, value in ruleset.rules():
        head, _, name = key.partition(".")
        if head != section:
            section = head
            out += ["", titles[head]]
        out.append(f"  {name:<25} {_show_value(value, ruleset, key):<24} {ruleset.citation(key)}")
        if head in ("variants", "options"):
            about = ruleset.schema.variants[name].about if head == "variants" else ruleset.available_options[name]
            out.append(f"  {'':<25} {'':<24} = {about}")
    return out


def _show_value(value: object, ruleset: RuleSet, key: str) -> str:
    """The value of the rule ``key`` (``points.remplir``, ``variants.payout_stakes``...) in words."""
    if isinstance(value, dict):
        if "talon" in value:
            return f"talon {_show_value(value['talon'], ruleset, key)}, coin {_show_value(value['coin'], ruleset, key)}"
        return f"{value['simple']}/{value['doublet']}" if "doublet" in value else f"{value['simple']} (no doublet)"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):  # a variant of its own kind (the tiers of marque_bredouille, payout_stakes' cases)
        return ruleset.schema.variants[key.partition(".")[2]].text(value)
    return "—" if value is None else str(value)


# --- diff ---------------------------------------------------------------------------------

def cmd_diff(args: argparse.Namespace) -> int:
    try:
        a, b = _load(args.a), _load(args.b)
    except RulesError as e:
        return _file_errors(e)
    rows = diff_rulesets(a, b)
    if getattr(args, "json", False):
        _dump({"a": a.id, "b": b.id, "options_a": list(a.options), "options_b": list(b.options), "differences": rows})
        return 0
    print(f"{args.a} vs {args.b}: {len(rows)} rule{'s differ' if len(rows) != 1 else ' differs'}")
    width = max(len(args.a), len(args.b))
    for row in rows:
        print(row["key"])
        for side, spec in (("a", args.a), ("b", args.b)):
            ruleset = a if side == "a" else b
            print(f"  {spec:<{width}}  {_show_value(row[side], ruleset, row['key']):<24} "
                  f"{row['cite_' + side] or 'not stated'}")
    return 0
