"""The compendium's page of what each era's rules are worth in real play: the parties of
``site_src/simulation-player.json`` (``trictrac simulate --player P --json``, made by scripts/simulate_players.sh),
a player on both sides who stays or goes by his own valuation, beside the greedy player's figures
(``simulation.json``); and, between each treatise and the next in time, each figure's difference with its 95 %
interval and the rules that differ between them, with their citations.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jinja2 import Environment

PLAYER_FILE = "simulation-player.json"
Z = 1.959964  # the 95 % two-sided normal quantile, as core/intervals.py uses it

# the figures compared between treatises: (report key, sub-key or None, what it is, digits)
COMPARED = (
    ("pleins_per_releve", "grand-jan", "relevés with the plein of the grand jan made", 3),
    ("go_per_decision", None, "decisions after a hole that go", 3),
    ("holes_per_releve", None, "holes per relevé", 2),
    ("points_per_throw", None, "points per throw", 3),
    ("grande_bredouille", None, "parties won in grande bredouille", 3),
    ("stakes_per_partie", None, "stakes per partie", 2),
)


def estimate(report: dict[str, Any], key: str, sub: str | None) -> dict[str, Any] | None:
    """A figure of a rule set's report: ``{"mean", "ci95"}`` (a share's ``share`` read as its mean)."""
    entry = report.get(key)
    if entry is not None and sub is not None:
        entry = entry.get(sub)
    if not entry:
        return None
    mean = entry.get("mean", entry.get("share"))
    return None if mean is None or entry.get("ci95") is None else {"mean": mean, "ci95": entry["ci95"]}


def difference(a: dict[str, Any] | None, b: dict[str, Any] | None) -> dict[str, Any] | None:
    """``b - a`` with its 95 % interval, the two samples independent (each interval read as ±Z standard errors);
    ``clear`` when the interval leaves out 0."""
    if a is None or b is None:
        return None
    se = math.hypot((a["ci95"][1] - a["ci95"][0]) / (2 * Z), (b["ci95"][1] - b["ci95"][0]) / (2 * Z))
    d = b["mean"] - a["mean"]
    lo, hi = d - Z * se, d + Z * se
    return {"mean": d, "ci95": [lo, hi], "clear": lo > 0 or hi < 0}


def render_real_play(env: Environment, src: Path, ctx: dict[str, Any], greedy: dict[str, Any] | None
                     ) -> dict[str, str]:
    """``rules/real-play.md`` from the site's simulation-player.json (none: no page)."""
    path = src / PLAYER_FILE
    if not path.is_file():
        return {}
    from ..rules.rulesets import diff_rulesets
    from .paths import MAX_NOTES_BYTES, read_source

    data = json.loads(read_source(path, src, MAX_NOTES_BYTES))
    rulesets = {rs.id: rs for rs in ctx["rulesets"]}
    labels = list(data["rules"])
    steps = []
    for a, b in zip(labels, labels[1:], strict=False):
        ra, rb = rulesets.get(a.split("+")[0]), rulesets.get(b.split("+")[0])
        rules = diff_rulesets(ra, rb) if ra is not None and rb is not None else []
        figures = [(what, difference(estimate(data["rules"][a], key, sub), estimate(data["rules"][b], key, sub)),
                    digits) for key, sub, what, digits in COMPARED]
        steps.append({"a": a, "b": b, "rules": rules, "figures": [f for f in figures if f[1] is not None]})
    return {"rules/real-play.md": env.get_template("rules_real_play.md.j2").render(
        ctx | {"rulesets": rulesets}, data=data, greedy=(greedy or {}).get("rules", {}), steps=steps,
        estimate=estimate)}
