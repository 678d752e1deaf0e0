"""The players' commands: ``best`` (the legal plays of a throw ranked, or stay or go: JSON in and out, a
contract outside test suites rely on), ``match`` (parties between two players) and ``play`` (a partie
against a player in the terminal, its record written as it goes)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from .common import UsageError, at_least, read_json_input
from .score import _emit

if TYPE_CHECKING:
    from .common import Subparsers


def cmd_best(args: argparse.Namespace) -> int:
    from ..play.best import best
    from ..play.request import read_best_request

    json.dump(best(read_best_request(read_json_input())), sys.stdout, ensure_ascii=False)
    print()
    return 0


def _known_player(option: str, name: str) -> None:
    from ..play.registry import PLAYERS
    from ..rules.rules_schema import suggest

    if name not in PLAYERS:
        raise UsageError(f"{option}: unknown player {name!r}{suggest(name, PLAYERS)} (players: {', '.join(PLAYERS)})")


def _known_rules(label: str) -> None:
    from ..play.situation import ruleset_named
    from ..rules.rules_schema import RulesError

    try:
        ruleset_named(label)
    except RulesError as e:
        raise UsageError(f"--rules: {e}") from None


def cmd_match(args: argparse.Namespace) -> int:
    from ..play.match import match
    from ..play.registry import PLAYERS
    from ..site.progress import ProgressBar as _Progress

    names = [n.strip() for n in args.players.split(",")]
    if len(names) != 2 or not all(names):
        raise UsageError(f"--players: name two players separated by a comma, e.g. treatise,greedy (players: "
                         f"{', '.join(PLAYERS)})")
    for name in names:
        _known_player("--players", name)
    _known_rules(args.rules)
    at_least(("--parties", args.parties, 1), ("--jobs", args.jobs, 1), ("--max-throws", args.max_throws, 10))
    with _Progress(None) as bar:
        advance = bar.task(f"match {names[0]} against {names[1]}", args.parties)
        data = match((names[0], names[1]), args.rules, args.parties, args.seed, args.jobs, args.max_throws,
                     progress=advance)
    _emit(args, data, match_lines)
    return 0


def match_lines(data: dict[str, Any]) -> list[str]:
    """The match report as text (95% Wilson intervals in brackets)."""
    names = list(data["players"])
    out = [f"{names[0]} against {names[1]} under {data['rules']}: {data['parties']} parties "
           f"({data['finished']} finished), seed {data['seed']}, {data['jobs']} process"
           f"{'es' if data['jobs'] != 1 else ''}: {data['seconds']} s"]
    for name, p in data["players"].items():
        share = p["share"]
        lo, hi = share["ci95"] if share["share"] is not None else (0, 0)
        pct = f"{100 * share['share']:.1f}% [{100 * lo:.1f}%, {100 * hi:.1f}%]" if share["share"] is not None \
            else "-"
        stakes = p["stakes_per_partie"]["mean"]
        out.append(f"  {name:<20} ({p['side']}) won {p['won']:>5}  {pct:<22} stakes per partie "
                   f"{stakes:+.2f}" if stakes is not None else f"  {name} ({p['side']}) won {p['won']}")
        out.append(f"  {'':<20}  {p['won_first']} of them throwing first; went {p['goes']} times")
    length = data["partie_length"]
    if length["mean"] is not None:
        out.append(f"  a partie lasts {length['mean']:.1f} throws [{length['ci95'][0]:.1f}, {length['ci95'][1]:.1f}]")
    return out


def cmd_play(args: argparse.Namespace) -> int:
    from .terminal import play_in_terminal

    _known_player("--player", args.player)
    _known_rules(args.rules)
    return play_in_terminal(args.player, args.rules, args.side, args.seed, args.output, sys.stdin, sys.stdout)


def register(sub: Subparsers) -> None:
    from ..play.registry import DEFAULT, PLAYERS

    b = sub.add_parser(
        "best", help="the legal plays of a throw ranked best first, or stay or go: one JSON object in, one out",
        description="Read the input of 'trictrac score' (dice included) on standard input, with optional \"player\" "
                    f"({', '.join(PLAYERS)}; default {DEFAULT}), \"score\" ({{\"white\": {{\"points\": P, "
                    "\"holes\": H}, \"black\": {...}}) and \"decide\": \"stay-or-go\"; print {\"player\", \"plays\": "
                    "[{\"moves\", \"position\", \"points\", \"value\"}, ...]} best first, or {\"decision\", \"value\": "
                    "{\"stay\", \"go\"}}. \"game\": \"backgammon\" ranks a backgammon throw. Values are points from "
                    "the mover's side (12 to a hole); backgammon's are pips.")
    b.set_defaults(func=cmd_best)

    m = sub.add_parser("match", help="parties between two players, the share each won with its 95%% interval",
                       description="Play --parties parties between the two players of --players (the first white; "
                                   "they throw first in turn) and report each one's share of the parties won with "
                                   "its 95% Wilson interval, the stakes won per partie and the partie's length. The "
                                   "same --seed gives the same figures whatever --jobs.")
    m.add_argument("--players", required=True, metavar="A,B", help=f"two players: {', '.join(PLAYERS)}")
    m.add_argument("--rules", default="guiton-1822", metavar="ID", help="rule set (default guiton-1822)")
    m.add_argument("--parties", type=int, default=100, metavar="N", help="parties (default 100)")
    m.add_argument("--seed", type=int, default=1, metavar="S", help="the seed of the dice (default 1)")
    m.add_argument("--jobs", type=int, default=1, metavar="K", help="processes (default 1)")
    m.add_argument("--max-throws", type=int, default=6000, metavar="T",
                   help="give up a partie after this many throws (default 6000)")
    m.add_argument("--json", action="store_true", help="the report as JSON")
    m.set_defaults(func=cmd_match)

    p = sub.add_parser("play", help="play a partie against a player in the terminal, its record written as it goes",
                       description="Throw by throw: the board, the dice and the legal plays numbered; answer with "
                                   "a number (h: the player's advice, q: stop). The record is written to -o as "
                                   "the partie goes, and 'trictrac check' reads it.")
    p.add_argument("--player", default=DEFAULT, metavar="NAME", help=f"your opponent: {', '.join(PLAYERS)} "
                                                                     f"(default {DEFAULT})")
    p.add_argument("--rules", default="guiton-1822", metavar="ID", help="rule set (default guiton-1822)")
    p.add_argument("--side", choices=["white", "black"], default="white", help="your side (default white)")
    p.add_argument("--seed", type=int, default=None, metavar="S", help="the seed of the dice (default: random)")
    p.add_argument("-o", "--output", default="partie.tric", metavar="OUT.tric",
                   help="the record (default partie.tric)")
    p.set_defaults(func=cmd_play)
