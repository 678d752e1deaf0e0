"""What a game page shows of its record's analysis (annotate/analysis.py): the value chart, the mistakes listed,
each mistake's words in the move list and its better play for the viewer to draw.

The analysis is the slow part of a page, so it has a cache of its own (``CACHE/analysis/``), keyed by the record,
the player and the code that judges (the players, the analyst, the rule sets): a change to a template or to the
viewer renders the pages again without judging them again.  A page judges at most :data:`MAX_PAGE_THROWS` throws
and says so when its record has more.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import __version__
from ..core.resources import data_dir
from .output import write_if_changed

if TYPE_CHECKING:
    from ..engine.replay import Replay

FOLDER = "analysis"
MAX_PAGE_THROWS = 300
"""decided: the throws of a record a page judges (the longest bundled game has 188)."""
OFF = "off"
"""The site setting (mkdocs.yml, ``trictrac-site``'s ``analysis``) that shows no analysis."""


def default_judge() -> str:
    """The player a site's pages are judged by when its settings name none: the strongest."""
    from ..play.registry import DEFAULT

    return DEFAULT


@cache
def judge_key(player: str) -> str:
    """A hash of what an analysis depends on besides its record: the player's name, the package's version and the
    code of the players, the analyst and the kernel, and the rule sets."""
    package = Path(__file__).resolve().parent.parent
    h = hashlib.sha256(f"{__version__}\0{player}\0".encode())
    for folder in (package / "play", package / "annotate", package / "games" / "trictrac", data_dir("rules_data")):
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in (".py", ".yaml", ".npz", ".json"):
                h.update(str(path.relative_to(folder)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def page_analysis(text: str, result: Replay, player: str, cache_folder: Path, rules: Path | None = None
                  ) -> dict[str, Any] | None:
    """The analysis (its JSON, :meth:`..annotate.analysis.Analysis.to_json`) of the record ``text`` replayed as
    ``result``, judged by ``player``; None for a record that is not trictrac or names no rule set.  Taken from
    ``cache_folder`` when it was judged before; ``rules``: the site's own rule sets."""
    from ..rules.rulesets import RulesError, ruleset_for

    record = result.record
    named = record.header("Rules") or record.header("Options")
    if result.game is None or result.game.name != "trictrac" or not named:
        return None
    key = hashlib.sha256(f"{judge_key(player)}\0{rules or ''}\0{text}".encode()).hexdigest()
    path = cache_folder / FOLDER / f"{key}.json"
    try:
        found: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        return found
    except (OSError, ValueError):
        pass
    try:
        ruleset = ruleset_for(None, record, rules)
    except RulesError:
        return None
    from ..annotate.analysis import analyze
    from ..play.registry import player as player_named

    data = analyze(record, ruleset, player_named(player), limit=MAX_PAGE_THROWS).to_json()
    path.parent.mkdir(parents=True, exist_ok=True)
    write_if_changed(path, json.dumps(data, ensure_ascii=False))
    return data


def chart_svg(analysis: dict[str, Any]) -> str:
    """The value chart (render/valuechart.py) of an analysis."""
    from ..render.valuechart import Point, value_chart

    points = [Point(t["throw"], t["value"] if t["side"] == "white" else -t["value"], t["mark"], mistake_words(t))
              for t in analysis["throws"] if "value" in t]
    return value_chart(points, "points", f"What each throw leaves White, as {analysis['player']} values it")


def mistake_words(t: dict[str, Any]) -> str:
    """A judged throw's mistake in one line: '12. white 6-4: ? costs 3.1 points (the play ranks 5 of 17); best:
    T-6 T-4'; '' when it is no mistake."""
    if not t.get("mark"):
        return ""
    return f"{t['number'] if t['number'] is not None else t['throw']}. {t['side']} {t['dice'][0]}-{t['dice'][1]}: " \
           f"{t['words']}"


def mistakes(analysis: dict[str, Any]) -> list[dict[str, Any]]:
    """The page's list of mistakes, in the order of the game."""
    return [{"n": t["throw"], "number": t["number"] if t["number"] is not None else t["throw"], "side": t["side"],
             "dice": f"{t['dice'][0]}-{t['dice'][1]}", "mark": t["mark"], "cost": f"{t['cost']:.1f}",
             "played": "went" if t["done"] == "go" else t["played"]["moves"] if "played" in t else "",
             "best": t["best_action"]} for t in analysis["throws"] if t.get("mark")]


def viewer_fields(analysis: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """For the viewer, each mistake's frame field ``a``: ``k`` its mark, ``w`` the words, ``bw`` the better play's
    ways (the mover's frame, as the frame's ``m``; none when the better thing is to go)."""
    out: dict[int, dict[str, Any]] = {}
    for t in analysis["throws"]:
        if t.get("mark"):
            field: dict[str, Any] = {"k": t["mark"], "w": mistake_words(t)}
            if t["best_action"] != "go" and "best" in t:
                field["bw"] = t["best"]["ways"]
            out[t["throw"]] = field
    return out
