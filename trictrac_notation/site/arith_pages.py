"""The compendium's arithmetic pages: the treatises' tables of chances beside the engine's counts
(:mod:`treatise_tables`), and what each era's rules are worth in simulated parties with their
charts (the figures of ``trictrac simulate --json``, kept in ``site_src/simulation.json``).
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

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


def render_arithmetic(env: Environment, src: Path) -> tuple[dict[str, str], list[str]]:
    """The pages (``rules/arithmetic.md``, ``rules/simulation.md`` and its charts) and their navigation."""
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
            files["rules/simulation.md"] = env.get_template("rules_simulation.md.j2").render(
                data=data, jans=_jans(data), fmt=_fmt)
            files["rules/simulation-jans.svg"] = jan_chart(data)
            files["rules/simulation-releve.svg"] = releve_chart(data)
        except (LookupError, TypeError, ValueError, AttributeError, UndefinedError) as e:
            raise SimulationError(f"{path}: error: not the report 'trictrac simulate --json' writes "
                                  f"({type(e).__name__}: {e})\n  hint: write it again with trictrac simulate --json"
                                  ) from None
        nav.append("rules/simulation.md")
    return files, nav


def _jans(data: Simulation) -> list[str]:
    from ..games.trictrac.events import JANS

    seen = {jan for r in data["rules"].values() for jan in r["jans"]}
    return [jan for jan in JANS if jan in seen]


def _fmt(entry: Estimate | None, key: str = "mean", digits: int = 2) -> str:
    if not entry or entry.get(key) is None:
        return "–"
    lo, hi = entry["ci95"]
    return f"{entry[key]:.{digits}f} ({lo:.{digits}f}–{hi:.{digits}f})"


def _svg(fig: Figure) -> str:
    out = io.StringIO()
    fig.savefig(out, format="svg", bbox_inches="tight", metadata={"Date": None})
    return out.getvalue()


def jan_chart(data: Simulation) -> str:
    """Per-jan frequency (share of throws giving it) by rule set, with 95% intervals."""
    from matplotlib.figure import Figure

    labels = list(data["rules"])
    jans = _jans(data)
    fig = Figure(figsize=(8, 0.45 * len(jans) * max(1, len(labels) / 3) + 1.2))
    ax = fig.add_subplot()
    height = 0.8 / len(labels)
    for i, label in enumerate(labels):
        r = data["rules"][label]["jans"]
        ys = [j + i * height for j in range(len(jans))]
        means = [r[jan]["per_throw"]["mean"] if jan in r else 0 for jan in jans]
        errs = [[m - r[jan]["per_throw"]["ci95"][0] if jan in r else 0 for m, jan in zip(means, jans, strict=True)],
                [r[jan]["per_throw"]["ci95"][1] - m if jan in r else 0 for m, jan in zip(means, jans, strict=True)]]
        ax.barh(ys, means, height=height, xerr=errs, label=label, capsize=1.5)
    ax.set_yticks([j + 0.4 - height / 2 for j in range(len(jans))], jans)
    ax.invert_yaxis()
    ax.set_xscale("log")
    ax.set_xlabel("share of throws giving the jan (log scale)")
    ax.legend(fontsize=8, loc="lower right")
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
