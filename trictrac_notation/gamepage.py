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
from .diagram import player_score_text
from .diagnostics import Diagnostic
from .notation import WORDS, dice_name, marks_text, parse, read_text, write_throw
from .replay import replay
from .site import ASSETS, GAMES, json_for_script

HEADER_ORDER = ("Title", "White", "Black", "Source", "Edition", "Page", "Figure", "Date", "Place", "Event",
                "Rules", "Options", "Annotator", "Note")
DIAGRAM_WIDTH = 560


def render_game(gid: str, path: Path, env, display_path: str, rules: Path | None = None) -> tuple[dict, str, str]:
    """The files of game ``gid`` (page, viewer data, chart, the record for download; a historical game's
    id is ``historical/NAME``), its title and where in its treatise it comes from; ``rules``: the site's
    own rules folder, whose rule sets a Rules header may name besides the tool's."""
    text, diags = read_text(str(path))
    for d in diags:
        d.path = display_path
    if text is None:
        text, result = "", None
    else:
        result, diags = _replay(text, display_path, rules)
    title = (result.record.header("Title") if result else None) or gid
    boards: dict = {}
    frames = _frames(result, boards) if result else []
    rows = [_row(t, frame) for t, frame in zip(result.throws, frames[1:])] if result else []
    scored = any(f["score"] for f in frames)
    files = {f"{GAMES}/{gid}.data.js": _data_js(gid, title, frames)}
    if scored:
        files[f"{GAMES}/{gid}.score.svg"] = score_chart(frames)
    files[f"{GAMES}/{gid}.md"] = env.get_template("game.md.j2").render(
        gid=gid, name=gid.rsplit("/", 1)[-1], title=title, headers=_headers(result), boards=boards,
        origin=_origin(result),
        figures=[f for f in frames if f.get("figures")], zero={c: player_score_text(c, {}) for c in COLORS}, source=text, source_lines=text.splitlines(),
        display_path=display_path, rows=rows, frames=frames, first=frames[0] if frames else None,
        scored=scored, diagnostics=[_diag(d, text) for d in diags], assets=f"../{ASSETS}",
        complete=result is not None and result.stopped is None, card=_card(result),
        errors=sum(d.severity == "error" for d in diags), warnings=sum(d.severity == "warning" for d in diags),
    )
    return files, title, _origin(result)


def _replay(text: str, display_path: str, rules: Path | None = None):
    """Parse and replay with the record's rule set (named: the tool's, or one of the folder ``rules``);
    a bad Rules header becomes one more diagnostic."""
    from .rulesets import replay_setup

    record, diags = parse(text, display_path)
    options, more = replay_setup(None, record, folder=rules)
    diags += more
    result = replay(record, **options, parse_diagnostics=diags)
    return result, result.diagnostics


def _card(result) -> dict | None:
    """The score card of a partie à écrire (templates/card.md.j2), with the players' names."""
    card = getattr(result.final, "card", None) if result is not None else None
    if card is None:
        return None
    names = {c: result.record.header(c.capitalize()) or c for c in COLORS}
    return card.view() | {"names": names}


ORIGIN = (("Source", "{}"), ("Edition", "{}"), ("Page", "page {}"), ("Figure", "figure {}"))


def _origin(result) -> str:
    """Where in its treatise a record comes from, in one line: 'Lepeintre 1818, part 1 §II; 1818 edition;
    page 12; figure 3' (its Source, Edition, Page and Figure headers)."""
    if result is None:
        return ""
    return "; ".join(form.format(v) for name, form in ORIGIN if (v := (result.record.header(name) or "").strip()))


def _headers(result) -> list[tuple[str, str]]:
    if result is None:
        return []
    headers = [(h.name, h.value) for h in result.record.headers]
    rank = {name.lower(): i for i, name in enumerate(HEADER_ORDER)}
    return sorted(headers, key=lambda h: rank.get(h[0].lower(), len(rank)))


# --- throws --------------------------------------------------------------------------------

def _score(t) -> dict | None:
    """Each player's points, holes and bredouille after the throw, with ``text``: the score in the
    words of every other report (``white 1 hole 4 points``)."""
    after = getattr(t.score, "after", None) if t is not None else None
    if not after:
        return None
    score = {c: {k: after[c].get(k, 0) if isinstance(after[c], dict) else getattr(after[c], k, 0)
                 for k in ("points", "holes", "bredouille")} for c in COLORS if c in after}
    for color, entry in score.items():
        entry["text"] = player_score_text(color, entry)
    return score


def _events(t, result) -> list[str]:
    from .diagram import event_text

    events = getattr(t.score, "events", None) or []
    return [event_text(ev, t.side, result.coords, result.bottom) for ev in events]


FLAG_WORDS = {"fausse-case": "fausse case", "ecole": "école", "error": "error", "warning": "warning", "note": "note"}


def _flag(kind: str, text: str, line=None, column=None) -> dict:
    """A flag and the one line it is shown as: its kind's word, unless the message already starts with it
    (the replay's 'fausse case: …' and the scorer's 'école par moins: …' say it themselves)."""
    word = FLAG_WORDS.get(kind, kind)
    shown = text if text.lower().startswith(word) else f"{word}: {text}"
    return {"kind": kind, "text": shown, "line": line, "column": column}


def _flags(t) -> list[dict]:
    """What is wrong or notable in a throw: fausse case, école, other errors and warnings (each once)."""
    flags = []
    for d in t.diagnostics:
        kind = "fausse-case" if d.code == "illegal-play" else "ecole" if d.code and "ecole" in d.code else d.severity
        flags.append(_flag(kind, d.message, d.line, d.column))
    for e in getattr(t.score, "ecoles", None) or []:
        flag = _flag("ecole", _ecole_text(e))
        if flag["text"] not in (f["text"] for f in flags):
            flags.append(flag)
    return flags


def _ecole_text(e) -> str:
    """An école in words: the scorer's own sentence when it has one."""
    if isinstance(e, str):
        return e
    if getattr(e, "text", None):
        return e.text
    if hasattr(e, "to_json"):
        e = e.to_json()
    if isinstance(e, dict):
        who, points = e.get("beneficiary") or e.get("to"), e.get("points")
        why = e.get("reason") or e.get("note") or ""
        return f"école: {who} +{points}" + (f" ({why})" if why else "") if who else f"école: {e}"
    return f"école: {e}"


def _label(t) -> str:
    return write_throw(t.throw, WORDS["en"], comments=False, variations=False)


def _svgs(result, n: int, shared: dict) -> str:
    """The diagram after throw n twice, full and compact (the page's style sheet shows one, by the screen's
    width), each referring to its board drawn once in the page (``shared``: id -> SVG of the board)."""
    from .diagram import replay_scene
    from .svg import background_svg, scene_svg

    out = []
    for compact in (False, True):
        sc = replay_scene(result, n, compact=compact)
        key, body = background_svg(sc)
        shared[key] = body
        out.append(f'<div class="tv-{"compact" if compact else "full"}">'
                   f'{scene_svg(sc, DIAGRAM_WIDTH, shared=True)}</div>')
    return "".join(out)


def _frames(result, shared: dict) -> list[dict]:
    """Frame 0 is the start; frame n the position after throw n of the main line; each with the book's
    figures of that position, if the record copies any."""
    from .bookfigures import book_figures

    frames = [{"n": 0, "label": "starting position", "side": None, "svg": _svgs(result, 0, shared),
               "score": None, "events": [], "flags": [],
               "figures": book_figures(result, result.record.figures, result.initial, shared)}]
    for t in result.throws:
        after = t.after if t.after is not None else t.before
        frames.append({
            "n": t.index, "label": _label(t), "side": t.side, "svg": _svgs(result, t.index, shared),
            "score": _score(t), "events": _events(t, result), "flags": _flags(t),
            "comments": list(t.throw.comments),
            "figures": book_figures(result, getattr(t.throw, "figures", None), after, shared),
        })
    return frames


def _row(t, frame: dict) -> dict:
    """A line of the move list; the events, score and flags are the viewer frame's."""
    throw = t.throw
    return {
        "n": t.index, "number": throw.number, "side": t.side, "line": throw.span.line if throw.span else None,
        "dice": dice_name(throw.dice) if throw.dice else throw.dice_text,
        "moves": [m.text for m in throw.moves], "marked": _marked(throw),
        "events": frame["events"], "score": frame["score"], "flags": frame["flags"], "comments": list(throw.comments),
        "variations": [" ".join(write_throw(x.throw, WORDS["en"]) for x in v) for v in t.variations],
        "repiled": t.new_releve,
    }


def _marked(throw) -> list[str]:
    """What the record marks on a throw line, in pieces a line may break between (never inside one)."""
    parts = []
    if throw.marks is not None:
        parts.append(marks_text(throw.marks))
    if throw.opp_marks is not None:
        parts.append(f"{WORDS['en']['opp']} {marks_text(throw.opp_marks)}")
    if throw.holes:
        parts.append(WORDS["en"]["hole"] if throw.holes == 1 else f"{WORDS['en']['holes']} {throw.holes}")
    if throw.decision:
        parts.append(WORDS["en"].get(throw.decision, throw.decision))
    parts += [f"{WORDS['en']['ecole']} {e.points}" for e in throw.ecoles]
    return parts


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
