"""The ``score`` request: one throw described in JSON (the contract outside test suites rely on), decoded
into a rule set, a roll and the relevé's history — or a RequestError saying what is wrong with it."""

from __future__ import annotations

import json
import re
from typing import Any, cast

from ...core.board import COLORS, DAMES, OFF, Position
from ...errors import RequestError
from ...rules.rules_schema import RulesError, suggest
from ...rules.rulesets import RuleSet
from .moves import MoveRules
from .scoring import History, Roll

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


def read_score_request(data: Any) -> tuple[RuleSet, Roll, History]:
    """(ruleset, roll, history) from the ``score`` input; RequestError says what is wrong."""
    if not isinstance(data, dict):
        raise RequestError(f"expected one JSON object with the fields {', '.join(SCORE_FIELDS)}, not {kind_of(data)}")
    for key in data:
        if key not in SCORE_FIELDS:
            raise RequestError(f"unknown field {key!r}{suggest(key, SCORE_FIELDS)} "
                               f"(fields: {', '.join(SCORE_FIELDS)})")
    for key in ("rules", "to_move", "dice", "white", "black"):
        if key not in data:
            raise RequestError(f"missing field {key!r}: {SCORE_FIELDS[key]}")
    ruleset = request_ruleset(data)
    mover = data["to_move"]
    if mover not in COLORS:
        raise RequestError(f"to_move: expected \"white\" or \"black\", not {json.dumps(mover)}")
    dice = _dice(data["dice"], "dice")
    fields = {color: _fields(data[color], color) for color in COLORS}
    off = data.get("off", {})
    if not isinstance(off, dict) or any(k not in COLORS or not _count(v) for k, v in off.items()):
        raise RequestError(f"off: expected {SCORE_FIELDS['off']}")
    position = Position.from_fields(fields, off)
    problems = position.problems()
    if position.borne_off(mover) == DAMES:
        problems.append(f"{mover} has borne off all fifteen dames: the relevé is over")
    if problems:
        raise RequestError("impossible position: " + "; ".join(problems))
    throw = data.get("throw")
    if throw is not None and not (_count(throw) and throw >= 1):
        raise RequestError(f"throw: expected a whole number from 1, {SCORE_FIELDS['throw']}")
    first = _dice(data["first_throw"], "first_throw") if "first_throw" in data else None
    made = data.get("made", [])
    if not isinstance(made, list) or any(m not in ("deux-tables", "mezeas") for m in made):
        raise RequestError(f"made: expected a list of \"deux-tables\" and \"mezeas\", {SCORE_FIELDS['made']}")
    history = History(throw, "deux-tables" in made, "mezeas" in made, first if throw == 1 else None)
    return ruleset, Roll(position, mover, dice, cast(MoveRules, ruleset.movement)), history


def request_ruleset(data: dict[str, Any]) -> RuleSet:
    """The rule set of a JSON request (``score``, ``marque``, ``chances``): its ``rules`` with its ``options``;
    a name only: the input never makes us read a file."""
    from ...rules.rulesets import named_ruleset, require_game

    rules, options = data["rules"], data.get("options", [])
    if not isinstance(rules, str):
        raise RequestError(f"rules: expected {SCORE_FIELDS['rules']}, not {kind_of(rules)}")
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise RequestError(f"options: expected a list of names, {SCORE_FIELDS['options']}")
    try:
        return require_game(named_ruleset(rules, options), "trictrac")
    except RulesError as e:
        raise RequestError(f"rules: {e}") from None


def kind_of(value: Any) -> str:
    """How an error names a JSON value of the wrong kind: 'an object', 'a list'... or the value."""
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean"}.get(type(value), json.dumps(value))


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _dice(value: Any, name: str) -> tuple[int, int]:
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in value)):
        raise RequestError(f"{name}: expected two numbers from 1 to 6, e.g. [6, 4], not {json.dumps(value)}")
    return value[0], value[1]


def _fields(value: Any, color: str) -> dict[int, int]:
    if not isinstance(value, dict):
        raise RequestError(f"{color}: expected {SCORE_FIELDS[color]}, not {kind_of(value)}")
    out = {}
    for key, count in value.items():
        if not (re.fullmatch("[0-9]{1,2}", key) and 1 <= int(key) <= OFF):
            raise RequestError(f"{color}: field {key!r}: fields run from \"1\" (his talon) to \"24\" (the "
                               "opponent's talon) in each player's own frame; dames borne off go in \"off\"")
        if not _count(count):
            raise RequestError(f"{color}: field {key}: expected a count of dames, not {json.dumps(count)}")
        out[int(key) - 1] = count
    return out
