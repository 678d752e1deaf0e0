"""``trictrac analyze FILE... [--player P] [--rules ID] [--json] [-o OUT.tric] [--jobs K | --cluster ADDRESS]``:
each throw of a record judged by a player (annotate/analysis.py) — the rank of the play made, what it cost against
the best in points, the stay-or-go decisions, the mistakes marked ``?!``, ``?``, ``??`` — and, with ``-o``, the
record written again with the analysis in it (annotate/annotated.py).

Several records are analysed on ``--jobs`` processes, or on an existing Dask cluster (``--cluster``), with the same
results.  Exit 0; 1 when a record cannot be analysed (it cannot be read, or its Rules header is bad); 2 for a
usage error (an unknown player, a bad --rules, a record of another game or naming no rule set).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from .common import UsageError, _check_rules_option

if TYPE_CHECKING:
    from .common import Subparsers


def cmd_analyze(args: argparse.Namespace) -> int:
    from ..annotate.batch import Task, run_all
    from ..core.parallel import ClusterError
    from ..play.registry import UnknownPlayer, player

    _check_rules_option(args)
    try:
        player(args.player)
    except UnknownPlayer as e:
        raise UsageError(f"--player: {e}") from None
    if args.output and len(args.files) != 1:
        raise UsageError("-o writes one annotated record: give one FILE with it")
    if args.jobs < 1:
        raise UsageError(f"--jobs {args.jobs}: give a whole number from 1")
    tasks = [Task(path, args.player, args.rules, bool(args.output)) for path in args.files]
    results: list[dict[str, Any]] = []
    failed = False
    try:
        for result in run_all(tasks, args.jobs, args.cluster):
            if "problem" in result:
                if result["usage"]:
                    raise UsageError("\n".join(result["problem"]))
                print("\n".join(result["problem"]), file=sys.stderr)
                failed = True
                continue
            results.append(result)
            if not args.json:
                for line in analysis_lines(result):
                    print(line)
    except ClusterError as e:
        raise UsageError(f"--cluster: {e}") from None
    if args.json:
        data: Any = [_json(r) for r in results] if len(args.files) > 1 else _json(results[0]) if results else None
        if data is not None:
            json.dump(data, sys.stdout, ensure_ascii=False, indent=1)
            print()
    if args.output and results:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(results[0]["annotated"])
        except OSError as e:
            raise UsageError(f"cannot write {args.output}: {e.strerror or e}") from None
    return 1 if failed else 0


def _json(result: dict[str, Any]) -> dict[str, Any]:
    return {"file": result["file"], "errors": result["errors"], **result["analysis"]}


def analysis_lines(result: dict[str, Any]) -> list[str]:
    """One record's analysis as text: the player, each side's loss and marks, then each mistake."""
    a = result["analysis"]
    out = [f"{result['file']}: {len(a['throws'])} throws judged by {a['player']} under {a['rules']} (values in "
           f"points, 12 to a hole)"]
    if result["errors"]:
        out.append(f"  the record has {result['errors']} error{'s' if result['errors'] != 1 else ''} (trictrac check): "
                   "the throws that do not replay are not judged")
    for side, t in a["totals"].items():
        marks = ", ".join(f"{n} {m}" for m, n in t["marks"].items() if n) or "no mistake marked"
        out.append(f"  {side}: {t['throws']} throws, {t['cost']:.1f} points lost; {marks}")
    for j in a["throws"]:
        if not j.get("mark"):
            continue
        made = "went" if j["done"] == "go" else j["played"]["moves"] or "(nothing to play)"
        head = f"{j['number'] if j['number'] is not None else j['throw']}. {j['side']} {j['dice'][0]}-{j['dice'][1]}"
        best = j["best_action"] or "(nothing to play)"
        rank = f", the play ranks {j['rank']} of {j['plays']}" if j["rank"] else ""
        decision = ""
        if "decision" in j:
            d = j["decision"]
            decision = f"; {d['made']}, the player would {d['advised']} ({d['value']['stay']:.1f} against " \
                       f"{d['value']['go']:.1f})"
        out.append(f"  {head} {made} {j['mark']}  costs {j['cost']:.1f}{rank}{decision}; best: {best} "
                   f"(line {j['line']})")
    if a["left_out"]:
        out.append(f"  {a['left_out']} throws after the first {len(a['throws'])} not judged")
    return out


def register(sub: Subparsers) -> None:
    from ..annotate.analysis import marks_words
    from ..play.registry import DEFAULT, names

    a = sub.add_parser(
        "analyze", help="judge each throw of records by a player: the play's rank, its cost, the mistakes marked",
        description="For every throw of each record's main line: the played play's rank among the legal plays as "
                    "the player ranks them, what it cost against the best (in points, twelve to a hole), the "
                    f"stay-or-go decisions judged, and a mark on the mistakes: {marks_words()}. -o writes the "
                    "record again with the marks, a comment on each mistake and a variation giving the best play.")
    a.add_argument("files", nargs="+", metavar="FILE", help="trictrac records naming their rule set (or --rules)")
    a.add_argument("--player", default=DEFAULT, metavar="P", help=f"the judge: {', '.join(names())} "
                                                                   f"(default {DEFAULT})")
    a.add_argument("--rules", metavar="ID", help="rule set (default: each record's Rules header)")
    a.add_argument("--json", action="store_true", help="the analysis as JSON (an array of them for several files)")
    a.add_argument("-o", "--output", metavar="OUT.tric", help="write the record with the analysis in it")
    a.add_argument("--jobs", type=int, default=1, metavar="K", help="analyse the records on K processes")
    a.add_argument("--cluster", metavar="ADDRESS", help="analyse them on the Dask cluster whose scheduler is at "
                                                        "ADDRESS (e.g. tcp://10.0.0.5:8786); needs the cluster extra")
    a.set_defaults(func=cmd_analyze)
