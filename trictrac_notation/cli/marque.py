"""``trictrac marque``: the reckoning of a partie à écrire, one JSON object in and one out.

A contract used by outside test suites (like ``score``): keep its fields exactly.

* the end of one marqué: ``{"rules", "holes": {"white", "black"}, "pavillon": colour | null,
  "refaits": N}`` → ``{"winner", "value", "refait", "consolation", "multiplier", "why", "citation"}``;
* the settlement of a partie: ``{"rules", "marques", "lost": {"white": [...], "black": [...]}}`` →
  ``{"postillons", "owed", "loser", "difference"}``.

Optional in both: ``options`` (rule options, as for ``score``); for a marqué, ``sans_lever`` (the
pavillon's holes all taken within one relevé, where a rule set pays more for it).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeGuard, TypeVar

from ..core.board import COLORS
from ..games.trictrac.ecrire import EcrireRules, NotPlayed, reckon, settle
from ..games.trictrac.request import kind_of as _kind
from ..rules.rules_schema import suggest
from .common import UsageError

if TYPE_CHECKING:
    from ..core.jsoninput import JSONValue
    from .common import Subparsers

T = TypeVar("T")

MARQUE_FIELDS = {
    "rules": 'the rule set, e.g. "guiton-1822"',
    "options": 'rule options, e.g. ["progression"]',
    "holes": 'each player\'s holes when the marqué ends, {"white": 9, "black": 8}',
    "pavillon": '"white" or "black": the player whose holes all ran without interruption (he holds the '
                'pavillon), or null',
    "refaits": "how many refaits came just before this marqué (0, 1, 2…)",
    "sans_lever": "true when the pavillon's holes were all taken within one relevé",
}
SETTLE_FIELDS = {
    "rules": MARQUE_FIELDS["rules"],
    "options": MARQUE_FIELDS["options"],
    "marques": "the marqués of the partie, an even number (4, 6, 8…)",
    "lost": 'the values of the marqués each player lost, {"white": [19, 69], "black": [51, 14, 5, 7]}',
}
LIMIT = 10 ** 6  # no partie comes near it: a bound on what the numbers may be


def read_marque_request(data: JSONValue) -> dict[str, Any]:
    """The output for one request (a marqué or a settlement); UsageError says what is wrong."""
    if not isinstance(data, dict):
        raise UsageError(f"expected one JSON object, either a marqué ({', '.join(MARQUE_FIELDS)}) or a "
                         f"settlement ({', '.join(SETTLE_FIELDS)}), not {_kind(data)}")
    if ("holes" in data) == ("lost" in data):
        raise UsageError("give either \"holes\" (the end of one marqué) or \"lost\" (the settlement of a partie)")
    fields = MARQUE_FIELDS if "holes" in data else SETTLE_FIELDS
    for key in data:
        if key not in fields:
            raise UsageError(f"unknown field {key!r}{suggest(key, fields)} (fields: {', '.join(fields)})")
    for key in ("rules", "holes") if "holes" in data else ("rules", "marques", "lost"):
        if key not in data:
            raise UsageError(f"missing field {key!r}: {fields[key]}")
    rules = _rules(data)
    if "holes" in data:
        holes = _per_player(data["holes"], "holes", _whole)
        pavillon = data.get("pavillon")
        if pavillon is not None and (not isinstance(pavillon, str) or pavillon not in COLORS):
            raise UsageError(f"pavillon: expected {MARQUE_FIELDS['pavillon']}, not {json.dumps(pavillon)[:40]}")
        refaits = data.get("refaits", 0)
        if not _whole(refaits) or refaits > 100:
            raise UsageError(f"refaits: expected {MARQUE_FIELDS['refaits']}, not {json.dumps(refaits)[:40]}")
        sans_lever = data.get("sans_lever", False)
        if not isinstance(sans_lever, bool):
            raise UsageError(f"sans_lever: expected true or false, not {json.dumps(sans_lever)[:40]}")
        try:
            m = reckon(rules, holes, pavillon, refaits, sans_lever)
        except ValueError as e:
            raise UsageError(str(e)) from None
        return {"winner": m.winner, "value": m.value, "refait": m.refait, "consolation": m.consolation,
                "multiplier": m.multiplier, "why": m.why, "citation": m.citation}
    marques = data["marques"]
    if not _whole(marques):
        raise UsageError(f"marques: expected {SETTLE_FIELDS['marques']}, not {json.dumps(marques)[:40]}")
    lost = _per_player(data["lost"], "lost", _values)
    try:
        return settle(rules, marques, lost).contract()
    except ValueError as e:
        raise UsageError(str(e)) from None


def _rules(data: dict[str, Any]) -> EcrireRules:
    from ..games.trictrac.request import request_ruleset

    try:
        return EcrireRules.of(request_ruleset(data))
    except NotPlayed as e:
        raise UsageError(str(e)) from None


def _per_player(value: JSONValue, name: str, check: Callable[[object], TypeGuard[T]]) -> dict[str, T]:
    if isinstance(value, dict) and set(value) == set(COLORS):
        found: dict[str, T] = {c: v for c in COLORS if check(v := value[c])}
        if len(found) == len(COLORS):
            return found
    what = MARQUE_FIELDS.get(name) or SETTLE_FIELDS[name]
    raise UsageError(f"{name}: expected {what}")


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= LIMIT


def _values(value: object) -> TypeGuard[list[int]]:
    return isinstance(value, list) and len(value) <= LIMIT and all(_whole(v) and v > 0 for v in value)


def cmd_marque(args: argparse.Namespace) -> int:
    from .common import read_json_input

    data = read_json_input()
    json.dump(read_marque_request(data), sys.stdout, ensure_ascii=False)
    print()
    return 0


def register(sub: Subparsers) -> None:
    m = sub.add_parser("marque", help="reckon a marqué or settle a partie à écrire: one JSON object on standard "
                                      "input, one on standard output",
                       description='Read {"rules", "holes": {"white", "black"}, "pavillon", "refaits"} and print '
                                   '{"winner", "value", "refait", "consolation", "multiplier", "why", "citation"}; '
                                   'or read {"rules", "marques", "lost": {"white": [...], "black": [...]}} and print '
                                   '{"postillons", "owed", "loser", "difference"}. Optional: "options"; for a '
                                   'marqué "sans_lever".')
    m.set_defaults(func=cmd_marque)
