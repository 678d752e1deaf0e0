"""One game page of the site: the record's header and source, the move list with the points of
each throw (fausse cases and écoles flagged), the viewer's frames — a diagram per throw — and a
chart of points and holes through the game.

Everything taken from the record reaches the page through autoescaped templates, or as JSON
made safe for a ``<script>``; the viewer (``static/viewer.js``) writes it with ``textContent``.
"""

from __future__ import annotations

import io
from pathlib import Path

from .board import COLORS
from .diagnostics import Diagnostic
from .notation import WORDS, dice_name, marks_text, parse, read_text, write_throw
from .replay import replay
from .site import ASSETS, GAMES, json_for_script

HEADER_ORDER = ("Title", "White", "Black", "Source", "Edition", "Page", "Figure", "Date", "Place", "Event",
                "Rules", "Options", "Annotator", "Note")
DIAGRAM_WIDTH = 560


def render_game(gid: str, path: Path, env, display_path: str, rules: Path | None = None) -> tuple[dict, str]:
    """The files of game ``gid`` (page, viewer data, chart, the record for download) and its title;
    ``rules``: the site's own rules folder, whose rule sets a Rules header may name besides the tool's."""
    text, diags = read_text(str(path))
    if text is None:
        text, result = "", None
    else:
        result, diags = _replay(text, display_path, rules)
    title = (result.record.header("Title") if result else None) or gid
    frames = _frames(result) if result else []
    rows = [_row(t, frame) for t, frame in zip(result.throws, frames[1:])] if result else []
    scored = any(f["score"] for f in frames)
    files = {f"{GAMES}/{gid}.data.js": _data_js(gid, title, frames)}
    if scored:
        files[f"{GAMES}/{gid}.score.svg"] = score_chart(frames)
    files[f"{GAMES}/{gid}.md"] = env.get_template("game.md.j2").render(
        gid=gid, title=title, headers=_headers(result), source=text, source_lines=text.splitlines(),
        display_path=display_path, rows=rows, frames=frames, first=frames[0] if frames else None,
        scored=scored, diagnostics=[_diag(d, text) for d in diags], assets=f"../{ASSETS}",
        complete=result is not None and result.stopped is None,
        errors=sum(d.severity == "error" for d in diags), warnings=sum(d.severity == "warning" for d in diags),
    )
    return files, title


def _replay(text: str, display_path: str, rules: Path | None = None):
    """Parse and replay with the record's rule set (named: the tool's, or one of the folder ``rules``);
    a bad Rules header becomes one more diagnostic."""
    from .rulesets import replay_setup

    record, diags = parse(text, display_path)
    options, more = replay_setup(None, record, folder=rules)
    diags += more
    result = replay(record, **options, parse_diagnostics=diags)
    return result, result.diagnostics


def _headers(result) -> list[tuple[str, str]]:
    if result is None:
        return []
    headers = [(h.name, h.value) for h in result.record.headers]
    rank = {name.lower(): i for i, name in enumerate(HEADER_ORDER)}
    return sorted(headers, key=lambda h: rank.get(h[0].lower(), len(rank)))


# --- throws --------------------------------------------------------------------------------

def _score(t) -> dict | None:
    after = getattr(t.score, "after", None) if t is not None else None
    if not after:
        return None
    return {c: {k: after[c].get(k, 0) if isinstance(after[c], dict) else getattr(after[c], k, 0)
                for k in ("points", "holes", "bredouille")} for c in COLORS if c in after}


def _events(t, result) -> list[str]:
    from .diagram import event_text

    events = getattr(t.score, "events", None) or []
    return [event_text(ev, t.side, result.coords, result.bottom) for ev in events]


def _flags(t) -> list[dict]:
    """What is wrong or notable in a throw: fausse case, école, other errors and warnings."""
    flags = []
    for d in t.diagnostics:
        kind = "fausse-case" if d.code == "illegal-play" else "ecole" if d.code and "ecole" in d.code else d.severity
        flags.append({"kind": kind, "text": d.message, "line": d.line, "column": d.column})
    for e in getattr(t.score, "ecoles", None) or []:
        flags.append({"kind": "ecole", "text": _ecole_text(e)})
    return flags


def _ecole_text(e) -> str:
    if isinstance(e, str):
        return e
    if hasattr(e, "to_json"):
        e = e.to_json()
    if isinstance(e, dict):
        who, points = e.get("beneficiary") or e.get("to"), e.get("points")
        why = e.get("reason") or e.get("note") or ""
        return f"école: {who} +{points}" + (f" ({why})" if why else "") if who else f"école: {e}"
    return f"école: {e}"


def _label(t) -> str:
    return write_throw(t.throw, WORDS["en"], comments=False, variations=False)


def _frames(result) -> list[dict]:
    """Frame 0 is the start; frame n the position after throw n of the main line."""
    from .svg import replay_svg

    frames = [{"n": 0, "label": "starting position", "side": None, "svg": replay_svg(result, 0, width=DIAGRAM_WIDTH),
               "score": None, "events": [], "flags": []}]
    for t in result.throws:
        frames.append({
            "n": t.index, "label": _label(t), "side": t.side,
            "svg": replay_svg(result, t.index, width=DIAGRAM_WIDTH),
            "score": _score(t), "events": _events(t, result), "flags": _flags(t),
            "comments": list(t.throw.comments),
        })
    return frames


def _row(t, frame: dict) -> dict:
    """A line of the move list; the events, score and flags are the viewer frame's."""
    throw = t.throw
    marks = marks_text(throw.marks) if throw.marks is not None else ""
    return {
        "n": t.index, "number": throw.number, "side": t.side, "line": throw.span.line if throw.span else None,
        "dice": dice_name(throw.dice) if throw.dice else throw.dice_text,
        "moves": " ".join(m.text for m in throw.moves), "marks": marks,
        "holes": throw.holes, "decision": throw.decision,
        "events": frame["events"], "score": frame["score"], "flags": frame["flags"], "comments": list(throw.comments),
        "variations": [" ".join(write_throw(x.throw, WORDS["en"]) for x in v) for v in t.variations],
        "repiled": t.new_releve,
    }


def _diag(d: Diagnostic, text: str) -> dict:
    return {"severity": d.severity, "text": d.format(text.split("\n") if text else None), "line": d.line}


def _data_js(gid: str, title: str, frames: list) -> str:
    """The viewer's data as a script that registers it (``<script src>`` works from file://, fetch does not)."""
    data = {"id": gid, "title": title, "frames": frames}
    return ("(window.TRICTRAC_GAMES = window.TRICTRAC_GAMES || {})[" + json_for_script(gid) + "] = "
            + json_for_script(data) + ";\n")


# --- the chart -----------------------------------------------------------------------------

def score_chart(frames: list) -> str:
    """Points (the jeton, 0-10) and holes of both players after each throw, as an SVG chart."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    xs, series = [0], {c: {"points": [0], "holes": [0]} for c in COLORS}
    for f in frames[1:]:
        if not f["score"]:
            continue
        xs.append(f["n"])
        for c in COLORS:
            entry = f["score"].get(c, {})
            series[c]["points"].append(entry.get("points", 0))
            series[c]["holes"].append(entry.get("holes", 0))
    fig = Figure(figsize=(8, 4.2))
    points_ax, holes_ax = fig.subplots(2, 1, sharex=True, height_ratios=(3, 2))
    style = {"white": {"color": "#E69F00", "marker": "o"}, "black": {"color": "#222222", "marker": "s"}}
    for c in COLORS:
        points_ax.step(xs, series[c]["points"], where="post", label=c, color=style[c]["color"], linewidth=1.6)
        holes_ax.step(xs, series[c]["holes"], where="post", label=c, color=style[c]["color"], linewidth=1.6)
    points_ax.set_ylabel("points")
    points_ax.set_ylim(-0.5, 12)
    points_ax.set_yticks(range(0, 12, 2))
    holes_ax.set_ylabel("holes")
    holes_ax.set_xlabel("throw")
    holes_ax.yaxis.get_major_locator().set_params(integer=True)
    points_ax.legend(loc="upper left", ncols=2, frameon=False)
    for ax in (points_ax, holes_ax):
        ax.grid(axis="y", alpha=0.3)
    fig.subplots_adjust(left=0.08, right=0.98, top=0.96, bottom=0.12, hspace=0.12)  # fixed: tight_layout costs 0.1 s
    out = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "trictrac"}):  # stable ids: an unchanged game, an unchanged file
        fig.savefig(out, format="svg", metadata={"Date": None})
    return out.getvalue()
