"""One game page of the site: the record's header and source, the move list with the points of
each throw (fausse cases and écoles flagged), the viewer's data — the positions, moves and annotations
the browser draws each throw's diagram from (:mod:`viewdata`, ``static/board.js``) — the diagrams the
record's author marked, drawn here (they show without JavaScript), and a chart of points and holes.

An author marks a throw's diagram with a comment on its line, ``{diagram}`` or ``{diagram: words}``
(the words are its caption); in the preamble, the starting position's.

Everything taken from the record reaches the page through autoescaped templates, or as JSON
made safe for a ``<script>``; the viewer (``static/viewer.js``) writes it with ``textContent``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from ..core.board import COLORS
from ..core.diagnostics import Diagnostic
from ..notation.reader import WORDS, read_text
from ..notation.record import Throw
from ..render.bookfigures import conventions
from ..render.chart import score_chart
from ..render.diagram import player_score_text
from ..render.legend import legend
from ..render.looks import TRICTRAC, Look, look_of
from .paths import ASSETS, GAMES, json_for_script

if TYPE_CHECKING:
    from collections.abc import Callable

    from jinja2 import Environment

    from ..engine.replay import Replay, ThrowResult
    from .viewdata import ViewFrame

    # the record's analysis from its text and replay (site/analysis_page.py's page_analysis with its cache)
    Analyst: TypeAlias = Callable[[str, Replay], dict[str, Any] | None]

HEADER_ORDER = ("Title", "White", "Black", "Source", "Edition", "Page", "Figure", "Date", "Place", "Event",
                "Rules", "Options", "Annotator", "Note")
DIAGRAM_WIDTH = 560


def render_game(gid: str, path: Path, env: Environment, display_path: str,
                rules: Path | None = None, report: list[Diagnostic] | None = None,
                analyst: Analyst | None = None) -> tuple[dict[str, str], str, str]:
    """The files of game ``gid`` (page, viewer data, chart, the record for download; a historical game's
    id is ``historical/NAME``), its title and where in its treatise it comes from; ``rules``: the site's
    own rules folder, whose rule sets a Rules header may name besides the tool's; ``report``: receives the
    record's diagnostics, as soon as they are known; ``analyst``: the record's analysis (its JSON) from its text
    and replay, or None for none (site/analysis_page.py)."""
    read, diags = read_text(str(path))
    for d in diags:
        d.path = display_path
    result: Replay | None = None
    text = read or ""
    if read is not None:
        result, diags = _replay(read, display_path, rules)
    title = (result.record.header("Title") if result else None) or gid
    look = look_of(result.game) if result else TRICTRAC
    boards: dict[str, str] = {}
    diags, known = list(diags), len(diags)
    if report is not None:
        report.extend(diags)  # known even if the record cannot be drawn
    frames, view = _frames(result, boards, look, diags) if result else ([], [])  # (and what the page leaves out)
    if report is not None:
        report.extend(diags[known:])
    rows = [_row(t, frame) for t, frame in zip(result.throws, frames[1:], strict=False)] if result else []
    analysis = analyst(text, result) if analyst is not None and result is not None and result.throws else None
    if analysis is not None:
        _judged(analysis, rows, view)
    scored = any(f["score"] for f in frames)
    files = {f"{GAMES}/{gid}.data.js": _data_js(gid, title, result, view) if result else _data_js(gid, title)}
    if scored:
        files[f"{GAMES}/{gid}.score.svg"] = score_chart(frames)
    files[f"{GAMES}/{gid}.md"] = env.get_template("game.md.j2").render(
        gid=gid, name=gid.rsplit("/", 1)[-1], title=title, headers=_headers(result), boards=boards,
        origin=_origin(result), start=frames[0].get("diagram") if frames else None,
        figures=[f for f in frames if f.get("figures")], marks=look.marks,
        zero={c: player_score_text(c, {}) for c in COLORS}, final=_final(result, look),
        source=text, source_lines=text.splitlines(),
        display_path=display_path, rows=rows, frames=frames, first=frames[0] if frames else None,
        scored=scored, new_round=look.new_round, diagnostics=[_diag(d, text) for d in diags], assets=f"../{ASSETS}",
        legend=legend(look), conventions=conventions(result.record) if result else "",
        complete=result is not None and result.stopped is None, card=_card(result),
        errors=sum(d.severity == "error" for d in diags), warnings=sum(d.severity == "warning" for d in diags),
        analysis=_analysis_view(analysis) if analysis is not None else None,
    )
    return files, title, _origin(result)


def _judged(analysis: dict[str, Any], rows: list[dict[str, Any]], view: list[ViewFrame]) -> None:
    """The analysis's mistakes on the move list's rows (the mark, the words) and the viewer's frames (``a``)."""
    from .analysis_page import viewer_fields

    fields = viewer_fields(analysis)
    for row in rows:
        field = fields.get(row["n"])
        if field is not None:
            row["judgement"], row["analysis"] = row["judgement"] or field["k"], field["w"]
    for n, field in fields.items():
        if n < len(view):
            view[n]["a"] = field


def _analysis_view(analysis: dict[str, Any]) -> dict[str, Any]:
    """What the page's Analysis section shows: the player, each side's loss, the chart, the mistakes."""
    from markupsafe import Markup

    from .analysis_page import chart_svg, mistakes

    return {"player": analysis["player"], "summary": analysis["summary"], "totals": analysis["totals"],
            "marks": analysis["marks"], "left_out": analysis["left_out"], "chart": Markup(chart_svg(analysis)),
            "mistakes": mistakes(analysis), "judged": sum("value" in t for t in analysis["throws"])}


def _replay(text: str, display_path: str, rules: Path | None = None) -> tuple[Replay | None, list[Diagnostic]]:
    """Parse and replay with the record's rule set (named: the tool's, or one of the folder ``rules``);
    a bad Rules header becomes one more diagnostic."""
    from ..engine.opengame import open_game

    opened = open_game(text, path=display_path, folder=rules, kind="text")
    return opened.replay, opened.diagnostics


def _card(result: Replay | None) -> dict[str, Any] | None:
    """The score card of a partie à écrire (templates/card.md.j2): its columns, the players' names beside their
    colours, and the sum each owes written out — the marqués he lost and his postillons in jetons."""
    card = result.final.card if result is not None and result.final is not None else None
    if card is None or result is None:
        return None
    names = {c: result.record.header(c.capitalize()) or "" for c in COLORS}
    view: dict[str, Any] = card.view()
    settlement = view["settlement"]
    if settlement:
        rules = card.rules
        postillons = {c: rules.postillon_first + rules.postillon_next * (n - 1) if n else 0
                      for c, n in settlement["postillons"].items()}
        view["sums"] = {c: " + ".join(str(v) for v in [*settlement["lost"][c], postillons[c]] if v) or "0"
                        for c in COLORS}
        view["postillon_jetons"] = postillons
    return view | {"names": names}


def _final(result: Replay | None, look: Look) -> list[str]:
    """How the record ends, in its game's words (backgammon: who won, how, the cube, the points and the match
    score), where the page does not say it already (trictrac's last row holds the final score)."""
    final = result.final if result is not None else None
    return look.result(final) if final is not None else []


ORIGIN = (("Source", "{}"), ("Edition", "{}"), ("Page", "page {}"), ("Figure", "figure {}"))


def _origin(result: Replay | None) -> str:
    """Where in its treatise a record comes from, in one line: 'Lepeintre 1818, part 1 §II; 1818 edition;
    page 12; figure 3' (its Source, Edition, Page and Figure headers)."""
    if result is None:
        return ""
    return "; ".join(form.format(v) for name, form in ORIGIN if (v := (result.record.header(name) or "").strip()))


def _headers(result: Replay | None) -> list[tuple[str, str]]:
    if result is None:
        return []
    headers = [(h.name, h.value) for h in result.record.headers]
    rank = {name.lower(): i for i, name in enumerate(HEADER_ORDER)}
    return sorted(headers, key=lambda h: rank.get(h[0].lower(), len(rank)))


# --- throws --------------------------------------------------------------------------------

def _start_score(result: Replay, look: Look) -> dict[str, dict[str, Any]] | None:
    """The score the record sets at its start (a problem's points), as :func:`_score` words it; None if none."""
    from ..render.diagram import start_annotations

    start = start_annotations(result)
    return _worded(start.score) if start is not None and start.score and look.marks else None


def _score(t: ThrowResult, look: Look) -> dict[str, dict[str, Any]] | None:
    """Each player's points, holes and bredouille after the throw, with ``text``: the score in the
    words of every other report (``white 1 hole 4 points``); None for a game that marks no such score."""
    after = t.score.after if t.score is not None and look.marks else None
    return _worded(after) if after else None


def _worded(after: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A score (colour -> points, holes, bredouille) with each player's words beside it."""
    score: dict[str, dict[str, Any]] = {c: {k: after[c].get(k, 0) for k in ("points", "holes", "bredouille")}
                                        for c in COLORS if c in after}
    for color, entry in score.items():
        entry["text"] = player_score_text(color, entry)
    return score


FLAG_WORDS = {"fausse-case": "fausse case", "ecole": "école", "error": "error", "warning": "warning", "note": "note"}


def _state(t: ThrowResult, look: Look) -> list[str]:
    """The score of a game that marks no points and holes, in its own words (backgammon: the cube, the game the
    throw ended)."""
    return look.state(t.score) if t.score is not None else []


def _flag(kind: str, text: str, line: int | None = None, column: int | None = None) -> dict[str, Any]:
    """A flag and the one line it is shown as: its kind's word, unless the message already starts with it
    (the replay's 'fausse case: …' and the scorer's 'école par moins: …' say it themselves)."""
    word = FLAG_WORDS.get(kind, kind)
    shown = text if text.lower().startswith(word) else f"{word}: {text}"
    return {"kind": kind, "text": shown, "line": line, "column": column}


def _flags(t: ThrowResult) -> list[dict[str, Any]]:
    """What is wrong or notable in a throw: fausse case, école, other errors and warnings — each once: an école the
    checker reports (with what became of its points: claimed, let stand, lost) is not said again from the score."""
    flags = []
    for d in t.diagnostics:
        kind = "fausse-case" if d.code == "illegal-play" else "ecole" if d.code and "ecole" in d.code else d.severity
        flags.append(_flag(kind, d.message, d.line, d.column))
    for e in t.score.ecoles if t.score is not None else []:
        text = _ecole_text(e)
        if not any(text in f["text"] for f in flags):
            flags.append(_flag("ecole", text + ("" if e.gainer is None else f": {e.gainer} marks it")))
    return flags


def _ecole_text(e: Any) -> str:
    """An école in words: the scorer's own sentence, else who gains how many points."""
    return str(e.text or f"école: {e.gainer} +{e.points}")


def _counted(t: ThrowResult) -> str | None:
    """What the throw put on each player's jetons, where it is not what its events say: 'counted: black +0, white
    +4' (the record's marks, an école, a go) — the same score as the score column and the chart."""
    if t.score is None or not t.score.applied:
        return None
    applied = t.score.applied
    due = {c: sum(e.points for e in t.score.events if e.beneficiary == c) for c in COLORS}
    if all(applied.get(c, 0) == due[c] for c in COLORS):
        return None
    return "counted: " + ", ".join(f"{c} +{applied.get(c, 0)}" for c in (t.side, *(c for c in COLORS if c != t.side)))


def _svg(result: Replay, n: int, shared: dict[str, str], compact: bool) -> str:
    """The diagram after throw n, referring to its board drawn once in the page (``shared``: id -> SVG)."""
    from ..render.diagram import replay_scene
    from ..render.svg import background_svg, scene_svg

    sc = replay_scene(result, n, compact=compact)
    key, body = background_svg(sc)
    shared[key] = body
    return scene_svg(sc, DIAGRAM_WIDTH, shared=True)


def _svgs(result: Replay, n: int, shared: dict[str, str]) -> str:
    """The diagram after throw n, full and compact: the page's style sheet shows one, by the screen's width."""
    return "".join(f'<div class="tv-{"compact" if compact else "full"}">{_svg(result, n, shared, compact)}</div>'
                   for compact in (False, True))


MARK = re.compile(r"\s*diagram\s*(?::\s*(?P<words>.*?))?\s*", re.S | re.I)


def _line(throw: Throw) -> int:
    return throw.span.line if throw.span is not None else 1


MAX_DRAWN = 50  # diagrams drawn on one page (the author's marks, the book's figures): beyond, the viewer shows them


class _Budget:
    """The diagrams a page may still draw: a record marking every throw, or copying hundreds of figures, makes a
    page of a bounded size, and the page says what it left out."""

    def __init__(self) -> None:
        self.left = MAX_DRAWN
        self.left_out: list[int] = []  # the lines of the marks and figures not drawn

    def take(self, count: int, line: int) -> bool:
        if count > self.left:
            self.left_out.append(line)
            return False
        self.left -= count
        return True

    def figures(self, result: Replay, figures: Any, position: Any, shared: dict[str, str], line: int
                ) -> list[Any]:
        from ..render.bookfigures import book_figures

        if figures and not self.take(len(figures) + 2, line):  # each figure, and the replay's diagram twice
            return [{"label": f.label, "caption": f"fig. {f.label}", "svg": "",
                     "differences": [f"not drawn: the page draws at most {MAX_DRAWN} diagrams"]} for f in figures]
        return book_figures(result, figures, position, shared)

    def diagnostic(self, path: str) -> Diagnostic:
        return Diagnostic("warning", f"{len(self.left_out)} diagram{'s' if len(self.left_out) != 1 else ''} "
                          f"marked or copied here and after {'is' if len(self.left_out) == 1 else 'are'} not drawn "
                          f"on the page: a page draws at most {MAX_DRAWN} (the viewer shows every throw)", path,
                          self.left_out[0], 1, code="too-many-diagrams")


def _marked_diagram(comments: list[Any], result: Replay, n: int, shared: dict[str, str], budget: _Budget,
                    line: int = 1) -> tuple[list[Any], dict[str, str] | None]:
    """The comments without the author's mark ``{diagram}`` / ``{diagram: words}``, and the marked
    diagram (compact: it reads at any width; the page says the throw in words), if any: the mark's words
    are its caption (a comment there, which the viewer shows with the others)."""
    kept: list[Any] = []
    words: list[str] = []
    marked = False
    for c in comments:
        m = MARK.fullmatch(str(c))
        if m:
            marked = True
            words += [m.group("words")] if m.group("words") else []
        else:
            kept.append(c)
    if not marked or not budget.take(1, line):
        return (comments if not marked else kept + words), None
    return kept, {"svg": _svg(result, n, shared, True), "words": " ".join(words)}


def _frames(result: Replay, shared: dict[str, str], look: Look = TRICTRAC, report: list[Diagnostic] | None = None
            ) -> tuple[list[dict[str, Any]], list[ViewFrame]]:
    """The page's frames and the viewer's.  Frame 0 is the start; frame n the position after throw n of
    the main line; each with its diagram if the author marked it, and the book's figures of that
    position if the record copies any (drawn beside the replay's own diagram); ``report`` receives a warning
    for the diagrams a page leaves out."""
    from ..render.diagram import result_view
    from .viewdata import frames_data, throw_words

    view = frames_data(result)
    budget = _Budget()
    comments, diagram = _marked_diagram(list(result.record.comments), result, 0, shared, budget)
    frames: list[dict[str, Any]] = [
        {"n": 0, "label": "starting position", "side": None, "score": _start_score(result, look), "state": [],
         "events": [], "flags": [], "comments": comments, "diagram": diagram,
         "figures": budget.figures(result, result.record.figures, result.initial, shared, 0)}]
    for n, t in enumerate(result.throws, 1):  # n: the frame, the throw's place in the main line (a backgammon
        comments, diagram = _marked_diagram(list(t.throw.comments), result, n, shared, budget, _line(t.throw))
        events = view[n].get("e", [])  # (match numbers each game's throws from 1)
        counted = _counted(t)
        frames.append({
            "n": n, "label": throw_words(t.throw, t), "side": t.side, "score": _score(t, look),
            "state": _state(t, look), "events": events + ([counted] if counted else []), "flags": _flags(t),
            "comments": comments, "diagram": diagram,
            "figures": budget.figures(result, getattr(t.throw, "figures", None), result_view(t, look)[0], shared,
                                      _line(t.throw)),
        })
    for frame in frames:
        if frame["figures"]:
            frame["svg"] = _svgs(result, frame["n"], shared) if any(f["svg"] for f in frame["figures"]) else ""
    if budget.left_out and report is not None:
        report.append(budget.diagnostic(result.record.path))
    for frame, data in zip(frames, view, strict=False):  # what the viewer says beside its diagram
        extra = {k: v for k, v in (("l", frame["label"] if frame["n"] else None), ("g", frame["figures"])) if v}
        data.update(extra)  # type: ignore[typeddict-item]  # (the page's own fields, beside the frame's)
    return frames, view


def _row(t: ThrowResult, frame: dict[str, Any]) -> dict[str, Any]:
    """A line of the move list; the events, score and flags are the viewer frame's."""
    from .viewdata import throw_words

    throw = t.throw
    return {
        "n": frame["n"], "number": throw.number, "side": t.side, "line": throw.span.line if throw.span else None,
        "dice": t.game.dice_name(throw.dice) if throw.dice and t.game else throw.dice_text,
        "moves": [m.text for m in throw.moves], "marked": _marked(throw),
        "judgement": throw.judgement, "analysis": None,  # the record's judgement; the analysis's words (_judged)
        "events": frame["events"], "score": frame["score"], "state": frame["state"], "flags": frame["flags"],
        "comments": frame["comments"],
        "diagram": frame["diagram"],
        "variations": [[{"words": throw_words(x.throw, x), "comments": x.throw.comments} for x in v]
                       for v in t.variations],
        "repiled": t.new_releve,
        "group": " ".join([f"flag-{f['kind']}" for f in frame["flags"]] + (["repiled"] if t.new_releve else [])),
    }


def _marked(throw: Throw) -> list[str]:
    """What the record marks on a throw line, in pieces a line may break between (never inside one): the points
    and holes (trictrac), the cube (backgammon)."""
    from .viewdata import marks_words

    parts = [throw.cube] if throw.cube else []
    if throw.marks is not None:
        parts.append(f"+{marks_words(throw.marks)}")
    if throw.opp_marks is not None:
        parts.append(f"{WORDS['en']['opp']} +{marks_words(throw.opp_marks)}")
    if throw.holes:
        parts.append(WORDS["en"]["hole"] if throw.holes == 1 else f"{WORDS['en']['holes']} {throw.holes}")
    if throw.decision:
        parts.append(WORDS["en"].get(throw.decision, throw.decision))
    parts += [f"{WORDS['en']['ecole']} {e.points}" for e in throw.ecoles]
    return parts


def _diag(d: Diagnostic, text: str) -> dict[str, Any]:
    return {"severity": d.severity, "text": d.format(text.split("\n") if text else None), "line": d.line}


def _shipped(frame: ViewFrame, listed: bool = True) -> dict[str, Any]:
    """A viewer frame as the page ships it: without what the page's move list says already (``listed``: a throw of
    the main line, not the start), which the viewer reads there (the events in words, the score in words; the flags
    and comments too)."""
    out: dict[str, Any] = {k: v for k, v in frame.items() if k != "e"}
    if out.get("sc") and listed:
        out["sc"] = {k: v[:3] if k in COLORS else v for k, v in out["sc"].items()}
    return out


def _data_js(gid: str, title: str, result: Replay | None = None, frames: Sequence[ViewFrame] = ()) -> str:
    """The viewer's data as a script that registers it (``<script src>`` works from file://, fetch does not)."""
    from .viewdata import board_data

    data: dict[str, Any] = {"id": gid, "title": title, "width": DIAGRAM_WIDTH,
                            "frames": [_shipped(f, n > 0) for n, f in enumerate(frames)]}
    if result is not None:
        data["board"] = board_data(result)
    return ("(window.TRICTRAC_GAMES = window.TRICTRAC_GAMES || {})[" + json_for_script(gid) + "] = "
            + json_for_script(data) + ";\n")
