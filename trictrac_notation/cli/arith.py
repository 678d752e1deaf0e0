"""``trictrac chances`` (what each of the 36 throws does from one position) and ``trictrac simulate``
(what each era's rules are worth over many parties).

* ``trictrac chances < position.json`` — the input of ``trictrac score`` without ``dice``; prints
  ``{"chances", "expected", "throws"}`` (a contract used by outside test suites: keep it exactly).
* ``trictrac chances FILE --throw N [--json] [-o OUT]`` — the position before throw N of a record:
  each jan's chances for the player to move and against him, which throws do what, and optionally
  the position drawn with its chances in the caption.
* ``trictrac simulate --rules A,B --games N --seed S [--jobs K] [--json]`` — parties played by the
  greedy player of :mod:`simulate` under each rule set, with 95% confidence intervals.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core.board import COLORS, Position, other
from ..engine.reading import read
from ..games.trictrac.chances import after_throws, caption, outcomes, summary
from ..games.trictrac.request import read_score_request
from ..notation.reader import dice_name
from ..rules.rules_schema import RulesError
from .common import UsageError, _print_diagnostics, at_least, read_json_input, record_ruleset
from .score import _emit

if TYPE_CHECKING:
    from ..core.jsoninput import JSONValue
    from ..engine.replay import Replay
    from ..games.trictrac.events import Event
    from ..games.trictrac.scoring import History
    from ..rules.rulesets import RuleSet
    from .common import Subparsers


def read_chances_request(data: JSONValue) -> tuple[RuleSet, Position, str, History]:
    """(ruleset, position, mover, history) from the ``chances`` input: the ``score`` input without
    ``dice``, read by the ``score`` command's own decoder (one reading of that contract)."""

    if isinstance(data, dict) and "dice" in data:
        raise UsageError("unknown field 'dice': chances scores every one of the 36 throws; "
                         "give the position without dice (or use 'trictrac score' for one throw)")
    ruleset, roll, history = read_score_request({**data, "dice": [1, 1]} if isinstance(data, dict) else data)
    return ruleset, roll.position, roll.roller, history


def chances_json(ruleset: RuleSet, position: Position, mover: str, history: History) -> dict[str, Any]:
    found = outcomes(position, mover, ruleset, history, ordered=True)
    return summary(found, mover) | {"throws": [o.to_json() for o in found]}


def cmd_chances(args: argparse.Namespace) -> int:
    if args.file is None:
        for option in ("throw", "rules", "output"):
            if getattr(args, option) is not None:
                raise UsageError(f"--{option} goes with a record: trictrac chances FILE --throw N")
        data = read_json_input()  # the same defensive reading as score's
        json.dump(chances_json(*read_chances_request(data)), sys.stdout, ensure_ascii=False)
        print()
        return 0
    return _record_chances(args)


# --- a throw of a record ------------------------------------------------------------------------

def record_chances(result: Replay, ruleset: RuleSet, n: int) -> dict[str, Any]:
    """The chances of the position before throw ``n`` of a scored replay, for the player to move."""
    t = result.throws[n - 1]
    position, mover, history, movement = after_throws(result, n - 1, ruleset)
    found = outcomes(position, mover, ruleset, history, movement=movement)
    data = summary(found, mover)
    name = result.coords.format
    rows = []
    for o in found:
        rows.append({"dice": list(o.dice), "chances": o.weight, "total": {c: o.total[c] for c in COLORS},
                     "events": [e.to_json() | {"text": _event_text(e, mover, name)} for e in o.events]})
    return {"file": result.record.path, "throw": n, "number": t.throw.number, "line": t.throw.span.line
            if t.throw.span else None, "side": mover, "rules": ruleset.id + "".join(f"+{o}" for o in ruleset.options),
            "thrown": list(t.throw.dice) if t.throw.dice else None, "position": t.before.to_json(),
            **data, "caption": caption(data, mover), "throws": rows}


def _event_text(e: Event, mover: str, name: Callable[[int, str], str]) -> str:
    where = f" on {name(e.target, mover)}" if e.target is not None else f" ({e.quadrant})" if e.quadrant else ""
    ways = f", ways {'+'.join(map(str, e.ways))}" if len(e.ways) > 1 else ""
    return f"{e.beneficiary} {e.jan} {e.points}{where}{ways}"


def _lines(data: dict[str, Any]) -> list[str]:
    mover, rival = data["side"], other(data["side"])
    thrown = tuple(data["thrown"]) if data["thrown"] else None
    out = [f"throw {data['number'] or data['throw']}: {mover} to play"
           + (f" (line {data['line']})" if data["line"] else "") + f" — rules {data['rules']}"]
    for who, title in ((mover, f"for {mover}"), (rival, f"against {mover} ({rival} scores)")):
        out.append(f"  {title}:")
        if not data["chances"][who]:
            out.append("    nothing")
        for jan, n in data["chances"][who].items():
            out.append(f"    {jan:<20} {n:>2} of 36")
    exp = data["expected"]
    out.append(f"  expected points: {mover} {exp[mover]:.2f}, {rival} {exp[rival]:.2f} (mean over the 36 throws)")
    out.append("  throws (chances):")
    idle = []
    for row in data["throws"]:
        dice = tuple(row["dice"])
        mark = "  <- thrown" if thrown and sorted(thrown) == sorted(dice) else ""
        if not row["events"]:
            idle.append(dice_name(dice) + ("*" if mark else ""))
            continue
        events = "; ".join(e["text"] for e in row["events"])
        out.append(f"    {dice_name(dice):<12} ({row['chances']}) {events}{mark}")
    if idle:
        chances = sum(r["chances"] for r in data["throws"] if not r["events"])
        thrown_idle = "  (* thrown)" if any("*" in i for i in idle) else ""
        out.append(f"    nothing ({chances}): {', '.join(idle)}{thrown_idle}")
    return out


def _record_chances(args: argparse.Namespace) -> int:
    from ..engine.opengame import scored_replay

    if args.throw is None:
        raise UsageError("with a record, give the throw: trictrac chances FILE --throw N")
    record, diags, text = read(args.file)
    if record is None:
        _print_diagnostics(diags, text, sys.stderr)
        return 1
    ruleset = record_ruleset("chances", "weighs trictrac's jans", args.rules, record, text)
    if ruleset is None:
        return 1
    result = scored_replay(record, ruleset, diags)
    if not 1 <= args.throw <= len(result.throws):
        raise UsageError(f"--throw {args.throw}: the main line of {args.file} has {len(result.throws)} "
                         f"replayed throw{'s' if len(result.throws) != 1 else ''} (numbered from 1)")
    data = record_chances(result, ruleset, args.throw)
    if args.output:
        _draw(result, data, args)
    _emit(args, data, _lines)
    return 0


def _draw(result: Replay, data: dict[str, Any], args: argparse.Namespace) -> None:
    """The position before the throw, its chances in the caption (SVG, PNG or PDF by the extension)."""
    from pathlib import Path

    from ..render.diagram import Annotations, scene
    from ..render.plot import FORMATS, scene_figure
    from ..render.svg import scene_svg

    out = Path(args.output)
    if out.suffix.lower() not in FORMATS:
        raise UsageError(f"-o {out}: the diagram formats are {', '.join(FORMATS)} (chosen by the extension)")
    t = result.throws[data["throw"] - 1]
    sc = scene(t.before, coords=result.coords, bottom=result.bottom, title=f"Before throw {data['throw']}",
               annotations=Annotations(mover=t.side, captions=[data["caption"]]))
    try:
        if out.suffix.lower() == ".svg":
            out.write_text(scene_svg(sc, 480), encoding="utf-8")
        else:
            scene_figure(sc).savefig(out, format=out.suffix[1:].lower(), dpi=150)
    except OSError as e:
        raise UsageError(f"cannot write {out}: {e.strerror or e}") from None


# --- simulate -------------------------------------------------------------------------------------

def cmd_simulate(args: argparse.Namespace) -> int:
    from ..play.simulate import _ruleset, simulate
    from ..site.progress import ProgressBar as _Progress

    labels = [n.strip() for n in args.rules.split(",") if n.strip()]
    if not labels:
        raise UsageError("--rules: name one rule set or more separated by commas, e.g. jollyvet-1634,guiton-1822")
    for label in labels:
        try:
            _ruleset(label)
        except RulesError as e:
            raise UsageError(f"--rules: {e}") from None
    at_least(("--games", args.games, 1), ("--jobs", args.jobs, 1), ("--max-throws", args.max_throws, 10))
    if args.player is not None:
        from ..play.registry import UnknownPlayer, player

        try:
            player(args.player)
        except UnknownPlayer as e:
            raise UsageError(f"--player: {e}") from None
    from ..core.parallel import ClusterError

    with _Progress(None) as bar:
        advance = {label: bar.task(f"simulate {label}", args.games) for label in labels}
        try:
            data = simulate(labels, args.games, args.seed, args.jobs, args.max_throws,
                            progress=lambda label, done: advance[label](done), name=args.player,
                            cluster=args.cluster)
        except ClusterError as e:
            raise UsageError(f"--cluster: {e}") from None
    _emit(args, data, simulate_lines)
    return 0


def _ci(entry: dict[str, Any], key: str = "mean", digits: int = 2) -> str:
    if entry.get(key) is None:
        return "-"
    lo, hi = entry["ci95"]
    return f"{entry[key]:.{digits}f} [{lo:.{digits}f}, {hi:.{digits}f}]"


def simulate_lines(data: dict[str, Any]) -> list[str]:
    """The simulation report as text: one block per rule set (95% intervals in brackets)."""
    out = [f"player: {data['player']}",
           f"{data['games']} parties per rule set, seed {data['seed']}, {data['jobs']} process"
           f"{'es' if data['jobs'] != 1 else ''}: {data['seconds']} s, {data['throws_per_second']} throws/s"]
    for label, r in data["rules"].items():
        gb = r["grande_bredouille"]
        played = [f"  plein of the {q.replace('-', ' '):<10}{_ci(e, digits=3)} of relevés"
                  for q, e in r.get("pleins_per_releve", {}).items()]
        if "go_per_decision" in r:
            played += [f"  goes                  {_ci(r['go_per_decision'], digits=3)} of the decisions, "
                       f"{_ci(r['goes_per_releve'], digits=3)} a relevé"]
        out += [f"{label}: {r['games']} parties ({r['won']} finished), {r['releves']} relevés, {r['throws']} throws",
                f"  points per throw      {_ci(r['points_per_throw'], digits=3)}",
                f"  holes per relevé      {_ci(r['holes_per_releve'])}",
                f"  points per relevé     {_ci(r['points_per_releve'], digits=1)}",
                f"  relevé length         {_ci(r['releve_length'], digits=1)} throws",
                f"  grande bredouille     {_ci(gb, 'share', 3)} of finished parties",
                f"  stakes per partie     {_ci(r['stakes_per_partie'])}",
                f"  partie length         {_ci(r['partie_length'], digits=1)} throws", *played,
                "  jan                   share of throws             mean points"]
        for jan, j in r["jans"].items():
            out.append(f"    {jan:<20}{_ci(j['per_throw'], digits=4):<28}{_ci(j['mean_points'])}")
    return out


def register(sub: Subparsers) -> None:
    c = sub.add_parser(
        "chances", help="what each of the 36 throws does from a position: chances per jan, expected points",
        description="Without FILE: read the input of 'trictrac score' without \"dice\" on standard input and "
                    "print {\"chances\": {colour: {jan: N}}, \"expected\": {colour: x}, \"throws\": [...]} (N of "
                    "the 36 ordered throws; x the mean points). With FILE --throw N: the position before that "
                    "throw of the record, for the player to move and against him.")
    c.add_argument("file", nargs="?", metavar="FILE", help="a record (else the position is read as JSON)")
    c.add_argument("--throw", type=int, metavar="N", help="the throw, counted from 1 on the main line")
    c.add_argument("--rules", metavar="ID", help="rule set (default: the record's Rules header)")
    c.add_argument("--json", action="store_true", help="the chances of the record's throw as JSON")
    c.add_argument("-o", "--output", metavar="OUT", help="also draw the position with its chances in the caption "
                                                         "(.svg, .png or .pdf)")
    c.set_defaults(func=cmd_chances)

    s = sub.add_parser("simulate", help="play parties with a greedy player under each rule set and compare them",
                       description="Play --games parties under each rule set with a simple greedy player (the "
                                   "play scoring the most points on each throw; ties at random) and report, per "
                                   "rule set, points per throw, each jan's frequency and mean value, holes per "
                                   "relevé, relevé length and the share of parties won in grande bredouille, with "
                                   "95% confidence intervals. The same --seed gives the same figures whatever --jobs.")
    s.add_argument("--rules", required=True, metavar="ID,ID,...", help="rule sets separated by commas, each "
                                                                       "ID[+OPTION...]")
    s.add_argument("--games", type=int, default=200, metavar="N", help="parties per rule set (default 200)")
    s.add_argument("--seed", type=int, default=1, metavar="S", help="the seed of the dice (default 1)")
    s.add_argument("--jobs", type=int, default=1, metavar="K", help="processes (default 1)")
    s.add_argument("--player", metavar="P", help="the player on both sides, who also stays or goes by his own "
                                                 "valuation; his report adds each plein's share of the relevés "
                                                 "and the goes (default: the greedy player, who always stays)")
    s.add_argument("--cluster", metavar="ADDRESS", help="play the parties on the Dask cluster whose scheduler is at "
                                                        "ADDRESS, with the same figures (the cluster extra)")
    s.add_argument("--max-throws", type=int, default=6000, metavar="T",
                   help="give up a partie after this many throws (default 6000)")
    s.add_argument("--json", action="store_true", help="the report as JSON")
    s.set_defaults(func=cmd_simulate)

