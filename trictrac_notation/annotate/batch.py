"""Analyses of records, one task a record: what ``trictrac analyze`` runs in this process, on the machine's cores
or on a Dask cluster (:mod:`..core.parallel`), with the same results whichever way.

A task is plain data (the file's path, the player's name, the rule set asked for, whether the annotated record
is wanted) and its result is plain data too (the analysis as JSON, the annotated record's text, or what stopped
it), so that it travels to another process or machine and back.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from ..core.parallel import ordered_map


class Task(NamedTuple):
    path: str
    player: str
    rules: str | None  # --rules, else the record's headers
    annotate: bool  # also write the record with the analysis in it


def run(task: Task) -> dict[str, Any]:
    """One record analysed: ``{"file", "analysis", "errors"}`` (the errors ``check`` finds in it: the analysis judges
    what replays; and ``"annotated"``: the record's text with the analysis in it), or ``{"file", "problem": [lines],
    "usage": bool}`` when it cannot be: it cannot be read, or its Rules header is bad (its errors as ``check``
    prints them), or it is not a trictrac record or names no rule set (a usage error)."""
    from ..engine.game import game_for
    from ..engine.opengame import replay_setup
    from ..notation.reader import read_text
    from ..play.registry import player
    from ..rules.rulesets import RulesError, ruleset_for
    from .analysis import analyze

    text, diagnostics = read_text(task.path)
    if text is None:
        return {"file": task.path, "problem": [d.format(None) for d in diagnostics], "usage": False}
    from ..engine.reading import parse

    record, found = parse(text, task.path)
    lines = text.split("\n")
    game = game_for(record).name
    if game != "trictrac":
        return {"file": task.path, "usage": True,
                "problem": [f"{task.path}: analyze judges trictrac's plays; this is a {game} record"]}
    if not task.rules and not record.header("Rules") and not record.header("Options"):
        return {"file": task.path, "usage": True,
                "problem": [f"{task.path}: names no rule set: add a Rules header or give --rules ID"]}
    try:
        bad = [d for d in replay_setup(task.rules, record)[1] if d.severity == "error"]
        ruleset = None if bad else ruleset_for(task.rules, record)
    except RulesError as e:
        return {"file": task.path, "problem": [f"{task.path}: {e}"], "usage": True}
    if ruleset is None:
        return {"file": task.path, "problem": [d.format(lines) for d in bad], "usage": False}
    analysis = analyze(record, ruleset, player(task.player))
    errors = sum(d.severity == "error" for d in found + analysis.diagnostics)
    out: dict[str, Any] = {"file": task.path, "analysis": analysis.to_json(), "errors": errors}
    if task.annotate:
        from .annotated import annotated_text

        out["annotated"] = annotated_text(text, record, analysis)
    return out


def run_all(tasks: Sequence[Task], jobs: int = 1, cluster: str | None = None) -> Iterator[dict[str, Any]]:
    """Each task's result, in the tasks' order (see :func:`..core.parallel.ordered_map`)."""
    return ordered_map(run, tasks, jobs, cluster)
