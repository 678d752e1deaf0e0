"""The ``best`` request: ``score``'s input (dice included) with the player, the score and what to decide — or
a RequestError saying what is wrong with it.  Trictrac's position is read by ``score``'s own decoder
(games/trictrac/request.py: one reading of that contract); backgammon's, given as ``"game": "backgammon"``,
in each side's own points (the federation's, 24 down to 1, ``"bar"`` for the dames hit)."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..core.board import BLACK, COLORS, WHITE, Position, other
from ..errors import RequestError
from ..games.trictrac.marking import Marking
from ..games.trictrac.request import SCORE_FIELDS, kind_of, read_score_request
from ..rules.rules_schema import RulesError, suggest
from .registry import DEFAULT, PLAYERS
from .situation import Dice, Situation

if TYPE_CHECKING:
    from ..games.backgammon.rules import Rules
    from ..games.trictrac.ecrire import EcrireRules
    from ..rules.rulesets import RuleSet

BEST_FIELDS = {
    "game": "\"trictrac\" (the default) or \"backgammon\"",
    "player": f"the player: {', '.join(PLAYERS)} (default {DEFAULT}); backgammon's: heuristic",
    "score": "the score before the throw, {\"white\": {\"points\": P, \"holes\": H}, \"black\": {...}}",
    "decide": "\"stay-or-go\": whether the mover, whose throw wins a hole, stays or goes",
    "partie": "\"a-ecrire\" for a partie à écrire, played in marqués (default: the partie of twelve holes)",
    "refaits": "à écrire: the refaits just before this marqué",
}
SIDE_FIELDS = {"points": "points on the jetons, 0 to 11", "holes": "holes taken",
               "bredouille": "true when his points ran uninterrupted", "pavillon": "true when he holds the pavillon"}
BACKGAMMON_PLAYER = "heuristic"
BACKGAMMON_FIELDS = {
    "rules": "the rule set, e.g. \"ffbg\"", "options": "rule options", "to_move": "\"white\" or \"black\"",
    "dice": "the two dice, e.g. [6, 4]",
    "white": "white's dames by his own points, {\"24\": 2, \"13\": 5, \"8\": 3, \"6\": 5, \"bar\": 0}",
    "black": "black's dames by his own points", "off": "dames borne off, {\"white\": 0, \"black\": 0}",
}


@dataclass(frozen=True)
class TrictracRequest:
    player: str
    situation: Situation
    dice: Dice
    decide: bool


@dataclass(frozen=True)
class BackgammonRequest:
    player: str
    rules: Rules
    position: Position
    mover: str
    dice: Dice


def read_best_request(data: Any) -> TrictracRequest | BackgammonRequest:
    """The request of ``best``; RequestError says what is wrong."""
    if not isinstance(data, dict):
        raise RequestError(f"expected one JSON object: the input of 'trictrac score' with its dice, and "
                           f"{', '.join(BEST_FIELDS)}; not {kind_of(data)}")
    game = data.get("game", "trictrac")
    if game not in ("trictrac", "backgammon"):
        raise RequestError(f"game: expected {BEST_FIELDS['game']}, not {json.dumps(game)}")
    if game == "backgammon":
        for key in ("score", "decide"):
            if key in data:
                raise RequestError(f"{key}: backgammon has no jetons, holes or stay-or-go (its cube is not "
                                   "weighed by best)")
        if data.get("player", BACKGAMMON_PLAYER) != BACKGAMMON_PLAYER:
            raise RequestError(f"player: backgammon's plays are ranked by the {BACKGAMMON_PLAYER} player (the "
                               f"others play trictrac), not {json.dumps(data['player'])}")
        return _backgammon(data, BACKGAMMON_PLAYER)
    name = data.get("player", DEFAULT)
    if name not in PLAYERS:
        raise RequestError(f"player: unknown player {json.dumps(name)}{suggest(name, PLAYERS)} "
                           f"(players: {', '.join(PLAYERS)})")
    decide = data.get("decide")
    if decide is not None and decide != "stay-or-go":
        raise RequestError(f"decide: expected \"stay-or-go\", not {json.dumps(decide)}")
    rest = {k: v for k, v in data.items() if k not in BEST_FIELDS}
    for key in rest:
        if key not in SCORE_FIELDS:
            fields = [*SCORE_FIELDS, *BEST_FIELDS]
            raise RequestError(f"unknown field {key!r}{suggest(key, fields)} (fields: {', '.join(fields)})")
    ruleset, roll, history = read_score_request(rest)
    ecrire = _ecrire(data, ruleset)
    marking = read_score(data.get("score", {}), ruleset, ecrire is not None)
    situation = replace(Situation.of_position(ruleset, roll.position, roll.roller, history, marking), ecrire=ecrire,
                        refaits=data.get("refaits", 0))
    return TrictracRequest(name, situation, roll.dice, decide is not None)


def _ecrire(data: dict[str, Any], ruleset: RuleSet) -> EcrireRules | None:
    from ..games.trictrac.ecrire import EcrireRules, NotPlayed

    partie = data.get("partie", "douze-trous")
    refaits = data.get("refaits", 0)
    if partie not in ("douze-trous", "a-ecrire"):
        raise RequestError(f"partie: expected {BEST_FIELDS['partie']}, not {json.dumps(partie)}")
    if not (isinstance(refaits, int) and not isinstance(refaits, bool) and refaits >= 0):
        raise RequestError(f"refaits: expected a whole number from 0, not {json.dumps(refaits)}")
    if partie != "a-ecrire":
        if refaits:
            raise RequestError("refaits: only a partie à écrire has refaits (\"partie\": \"a-ecrire\")")
        return None
    try:
        return EcrireRules.of(ruleset)
    except NotPlayed as e:
        raise RequestError(f"partie: {e}") from None


def read_score(value: Any, ruleset: RuleSet, ecrire: bool = False) -> Marking:
    """The jetons and holes of ``score`` (each side's fields optional, 0 by default); ``ecrire``: a partie à
    écrire, whose holes run on."""
    hole, partie = ruleset.variant("points_per_hole"), None if ecrire else ruleset.variant("holes_per_partie")
    marking = Marking(hole, partie)
    if not isinstance(value, dict) or any(k not in COLORS for k in value):
        raise RequestError(f"score: expected {BEST_FIELDS['score']}")
    for color, side in value.items():
        if not isinstance(side, dict):
            raise RequestError(f"score: {color}: expected {{\"points\": P, \"holes\": H}}, not {kind_of(side)}")
        player = marking.players[color]
        for key, v in side.items():
            if key not in SIDE_FIELDS:
                raise RequestError(f"score: {color}: unknown field {key!r}{suggest(key, SIDE_FIELDS)} (fields: "
                                   f"{', '.join(SIDE_FIELDS)})")
            if key in ("bredouille", "pavillon"):
                if not isinstance(v, bool):
                    raise RequestError(f"score: {color}: {key}: expected true or false, not {json.dumps(v)}")
                setattr(player, key, v)
                continue
            top = hole - 1 if key == "points" else (partie - 1 if partie else 10 ** 6)
            if not (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= top):
                over = " (the partie would be over)" if key == "holes" else ""
                raise RequestError(f"score: {color}: {key}: expected a whole number from 0 to {top}{over}, "
                                   f"not {json.dumps(v)}")
            setattr(player, key, v)
    for color in COLORS:
        player = marking.players[color]
        player.series = player.holes > 0 and marking.players[other(color)].holes == 0 or player.pavillon
        if player.points and "bredouille" not in value.get(color, {}):
            # decided: points given without saying: in bredouille when the opponent has none
            player.bredouille = not marking.players[other(color)].points
    return marking


def _backgammon(data: dict[str, Any], name: str) -> BackgammonRequest:
    from ..games.backgammon.rules import Rules
    from ..rules.rulesets import named_ruleset, require_game

    fields = [*BACKGAMMON_FIELDS, "game", "player"]
    for key in data:
        if key not in fields:
            raise RequestError(f"unknown field {key!r}{suggest(key, fields)} (fields: {', '.join(fields)})")
    for key in ("rules", "to_move", "dice", "white", "black"):
        if key not in data:
            raise RequestError(f"missing field {key!r}: {BACKGAMMON_FIELDS[key]}")
    rules_name, options = data["rules"], data.get("options", [])
    if not isinstance(rules_name, str) or not isinstance(options, list) or not all(isinstance(o, str)
                                                                                    for o in options):
        raise RequestError(f"rules: expected {BACKGAMMON_FIELDS['rules']} and options a list of names")
    try:
        rules = Rules.of(require_game(named_ruleset(rules_name, options), "backgammon"))
    except RulesError as e:
        raise RequestError(f"rules: {e}") from None
    mover = data["to_move"]
    if mover not in COLORS:
        raise RequestError(f"to_move: expected \"white\" or \"black\", not {json.dumps(mover)}")
    dice = data["dice"]
    if (not isinstance(dice, list) or len(dice) != 2
            or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)):
        raise RequestError(f"dice: expected two numbers from 1 to 6, e.g. [6, 4], not {json.dumps(dice)}")
    rows, bars = {}, {}
    for color in COLORS:
        rows[color], bars[color] = _points(data[color], color)
    off = data.get("off", {})
    if not isinstance(off, dict) or any(k not in COLORS or not _count(v) for k, v in off.items()):
        raise RequestError(f"off: expected {BACKGAMMON_FIELDS['off']}")
    position = Position(rows[WHITE], rows[BLACK], off.get(WHITE, 0), off.get(BLACK, 0), bars[WHITE], bars[BLACK])
    problems = []
    for color in COLORS:
        if position.total(color) != rules.moves.dames:
            problems.append(f"{color} has {position.total(color)} dames, not {rules.moves.dames}")
    for t in range(24):
        if position.white[t] and position.black[23 - t]:
            problems.append(f"white and black dames share a point (white's {24 - t})")
    if position.borne_off(mover) == rules.moves.dames:
        problems.append(f"{mover} has borne off all his dames: the game is over")
    if problems:
        raise RequestError("impossible position: " + "; ".join(problems))
    return BackgammonRequest(name, rules, position, mover, (dice[0], dice[1]))


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _points(value: Any, color: str) -> tuple[list[int], int]:
    """A side's row by track (point p is track 24 - p) and his dames on the bar."""
    if not isinstance(value, dict):
        raise RequestError(f"{color}: expected {BACKGAMMON_FIELDS['white']}, not {kind_of(value)}")
    row, bar = [0] * 24, 0
    for key, count in value.items():
        if not _count(count):
            raise RequestError(f"{color}: point {key}: expected a count of dames, not {json.dumps(count)}")
        if key == "bar":
            bar = count
        elif key.isdigit() and 1 <= int(key) <= 24:
            row[24 - int(key)] += count
        else:
            raise RequestError(f"{color}: point {key!r}: points run from \"1\" to \"24\" in each player's own "
                               "frame (24 the farthest from home), \"bar\" for the dames hit; those borne off go "
                               "in \"off\"")
    return row, bar
