"""The compendium's arithmetic pages: the treatises' tables of chances beside the engine's counts
(:mod:`treatise_tables`), and what each era's rules are worth in simulated parties with their
charts (the figures of ``trictrac simulate --json``, kept in ``site_src/simulation.json``).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

from markupsafe import Markup

if TYPE_CHECKING:
    from jinja2 import Environment
    from matplotlib.figure import Figure

    from ..games.trictrac.treatise_tables import Table

SIMULATION_FILE = "simulation.json"
# simulation.json as ``trictrac simulate --json`` writes it: {"player", "rules": {label: {"jans", ...}}}
Simulation = dict[str, Any]
# a figure with its 95% interval: {"mean", "ci95": [lo, hi], ...}
Estimate = dict[str, Any]


class SimulationError(Exception):
    """The site's simulation.json cannot be used: ``str()`` is ``FILE: error: what is wrong``."""


class ComparedTable(TypedDict):
    """A treatise's table and its rows beside the engine's counts (``treatise_tables.compared``)."""

    table: Table
    rows: list[dict[str, Any]]


def render_arithmetic(env: Environment, src: Path, ctx: dict[str, Any]) -> tuple[dict[str, str], list[str]]:
    """The pages (``rules/arithmetic.md``, ``rules/simulation.md`` and its charts) and their navigation; ``ctx``:
    what the compendium's templates share (the rule sets, their names and provenance, the jans' words)."""
    from ..games.trictrac.treatise_tables import TABLES, compared

    tables = [ComparedTable(table=t, rows=compared(t)) for t in TABLES]
    files: dict[str, str] = {"rules/arithmetic.md": env.get_template("rules_arithmetic.md.j2").render(
        tables=tables, differences=sum(not r["same"] for t in tables for r in t["rows"]),
        rows=sum(len(t["rows"]) for t in tables))}
    nav = ["rules/arithmetic.md"]
    path = src / SIMULATION_FILE
    if path.is_file() or path.is_symlink():
        from jinja2 import UndefinedError

        from .paths import MAX_NOTES_BYTES, read_source

        try:
            data = json.loads(read_source(path, src, MAX_NOTES_BYTES))
        except ValueError as e:
            raise SimulationError(f"{path}: error: not JSON: {e}") from None
        try:
            names = {jan: words["name"] for jan, words in ctx["jans"].items()}
            from .realplay import PLAYER_FILE

            files["rules/simulation.md"] = env.get_template("rules_simulation.md.j2").render(
                ctx | {"rulesets": {rs.id: rs for rs in ctx["rulesets"]}}, data=data, jans=_jans(data), fmt=_fmt,
                jan_names=names, run_note=run_note, real_play=(src / PLAYER_FILE).is_file())
            files["rules/simulation-jans.svg"] = jan_chart(data, names)
            files["rules/simulation-releve.svg"] = releve_chart(data)
        except (LookupError, TypeError, ValueError, AttributeError, UndefinedError) as e:
            raise SimulationError(f"{path}: error: not the report 'trictrac simulate --json' writes "
                                  f"({type(e).__name__}: {e})\n  hint: write it again with trictrac simulate --json"
                                  ) from None
        nav.append("rules/simulation.md")
    from .realplay import render_real_play

    real = render_real_play(env, src, ctx | {"jans": _jans(real_data(src)), "fmt": _fmt,
                                             "jan_names": {j: w["name"] for j, w in ctx["jans"].items()}},
                            data if path.is_file() else None)
    files.update(real)
    nav += list(real)
    return files, nav


def real_data(src: Path) -> Simulation:
    """The site's simulation of real play (site/realplay.py), or an empty report."""
    from .paths import MAX_NOTES_BYTES, read_source
    from .realplay import PLAYER_FILE

    path = src / PLAYER_FILE
    found: Simulation = json.loads(read_source(path, src, MAX_NOTES_BYTES)) if path.is_file() else {"rules": {}}
    return found


def _jans(data: Simulation) -> list[str]:
    from ..games.trictrac.events import JANS

    seen = {jan for r in data["rules"].values() for jan in r["jans"]}
    return [jan for jan in JANS if jan in seen]


def _fmt(entry: Estimate | None, key: str = "mean", digits: int = 2) -> Markup:
    """A figure and, under it, its 95% interval; "—" with no sample."""
    if not entry or entry.get(key) is None:
        return Markup('<span title="no sample">—</span>')
    lo, hi = entry["ci95"]
    return Markup(f'{entry[key]:.{digits}f}<span class="tt-ci">{lo:.{digits}f}–{hi:.{digits}f}</span>')


def run_note(data: Simulation) -> str:
    """How long the run took, in words, saying only what the report gives (a field may be null)."""
    parts = []
    if data.get("seconds") is not None:
        parts.append(f"took {data['seconds']:,.0f} s" + (f" on {data['jobs']} processes" if data.get("jobs") else ""))
    if data.get("throws_per_second"):
        parts.append(f"played {data['throws_per_second']:,} throws a second")
    return f"The run {' and '.join(parts)}, on a machine shared with other work." if parts else ""


def _svg(fig: Figure) -> str:
    out = io.StringIO()
    fig.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None})
    return out.getvalue()


MARKERS = "os^vD<>phX*"  # a rule set's mark on each jan's line: told apart without colour too


def jan_chart(data: Simulation, names: dict[str, str] | None = None) -> str:
    """Per-jan frequency (per thousand throws giving it) by rule set: a mark for each rule set on each jan's
    line, with its 95% interval; the jans named in words (``names``), whole."""
    from matplotlib.figure import Figure

    labels = list(data["rules"])
    jans = _jans(data)
    names = names or {}
    fig = Figure(figsize=(8, 0.42 * len(jans) + 1.6))
    ax = fig.add_subplot()
    spread = 0.6 / max(1, len(labels) - 1)
    for i, label in enumerate(labels):
        r = data["rules"][label]["jans"]
        shown = [(j, r[jan]["per_throw"]) for j, jan in enumerate(jans) if jan in r and r[jan]["per_throw"]["mean"]]
        ys = [j - 0.3 + i * spread for j, _ in shown]
        means = [1000 * e["mean"] for _, e in shown]
        errs = [[m - 1000 * e["ci95"][0] for m, (_, e) in zip(means, shown, strict=True)],
                [1000 * e["ci95"][1] - m for m, (_, e) in zip(means, shown, strict=True)]]
        ax.errorbar(means, ys, xerr=errs, fmt=MARKERS[i % len(MARKERS)], markersize=4, elinewidth=.8, label=label)
    ax.set_yticks(range(len(jans)), [names.get(jan, jan) for jan in jans])
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.grid(axis="x", alpha=.3)
    ax.set_xlabel("throws in a thousand giving the jan (logarithmic scale)")
    ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.12), ncol=5, frameon=False)
    ax.set_title(f"How often each jan is scored ({data['player'].split(':')[0]} player)")
    return _svg(fig)


def releve_chart(data: Simulation) -> str:
    """Points per relevé by rule set: the middle half of the relevés, 10th-90th percentiles, the mean."""
    from matplotlib.figure import Figure

    labels = list(data["rules"])
    stats = []
    for label in labels:
        p = data["rules"][label]["points_per_releve"]
        q10, q25, q50, q75, q90 = p["quartiles"]
        stats.append({"label": label, "whislo": q10, "q1": q25, "med": q50, "q3": q75, "whishi": q90,
                      "mean": p["mean"], "fliers": []})
    fig = Figure(figsize=(8, 3.8))
    ax = fig.add_subplot()
    import inspect

    horizontal = ({"orientation": "horizontal"} if "orientation" in inspect.signature(ax.bxp).parameters
                  else {"vert": False})  # matplotlib 3.10 renamed it
    ax.bxp(stats, showmeans=True, **horizontal)
    ax.set_xlabel("points marked by both players in a relevé (box: middle half; whiskers: 10th–90th percentile)")
    ax.set_title("Points per relevé by treatise")
    ax.invert_yaxis()
    return _svg(fig)
