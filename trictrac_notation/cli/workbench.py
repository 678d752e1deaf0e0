"""What an editor asks of a record, answered from the library: the throw under the cursor and what it did, the
plays and marks to complete, the fixes of a diagnostic, the outline, the folds, where a name is defined.

The language server (lspserver.py) turns these answers into the protocol's messages; nothing here knows the
protocol, and nothing here knows a rule: the answers are the replay's (``open_game``), ``check``'s diagnostics,
``explain``'s lines, ``convert``'s arrows and ``fmt``'s layout.  Positions are 0-based (line, column) in code
points, as the protocol counts before its encoding; a record's spans are 1-based.
"""

from __future__ import annotations

import difflib
import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ..core.diagnostics import SIC_CODES, Diagnostic
from ..core.textboard import render
from ..engine.opengame import OpenedGame, open_game
from ..engine.replay import ThrowResult
from ..notation.layout import Token, is_head, tokens
from ..notation.reader import marks_text
from ..notation.record import Claim, Marks, Span, Throw

Range = tuple[int, int, int, int]  # start line, start column, end line, end column (0-based)
Edit = tuple[Range, str]
MAX_PLAY_FIXES = 5


@dataclass
class Fix:
    """A code action: its title, kind (``quickfix``, ``refactor.rewrite``, ``source.convert``), the edits."""

    title: str
    kind: str
    edits: list[Edit]
    diagnostic: Diagnostic | None = None
    preferred: bool = False


@dataclass
class Completion:
    label: str
    detail: str
    documentation: str = ""
    kind: str = "play"  # or "marks"


@dataclass
class Symbol:
    name: str
    detail: str
    kind: str  # "headers", "header", "setup", "releve", "throw", "variation"
    range: Range
    children: list[Symbol] = field(default_factory=list)


def rules_folder(path: str | None) -> Path | None:
    """A site's own rules (``rules/NAME.yaml``) beside the record or one folder up (``games/``'s parent)."""
    if not path:
        return None
    here = Path(path).parent
    return next((d / "rules" for d in (here, here.parent) if (d / "rules").is_dir()), None)


def _end(t: Token) -> tuple[int, int]:
    """Where a token ends (0-based line and column)."""
    if "\n" in t.text:
        return t.end_line, len(t.text) - t.text.rindex("\n") - 1
    return t.line, t.column + len(t.text)


def _range(span: Span) -> Range:
    return (span.line - 1, span.column - 1, span.line - 1, span.column - 1 + span.length)


class Document:
    """One record's text as the editor holds it, read and replayed once (on demand)."""

    def __init__(self, text: str, path: str = "<record>", folder: Path | None = None):
        self.text, self.path, self.folder = text, path, folder

    @cached_property
    def opened(self) -> OpenedGame:
        # quick: a plain record the kernel finds clean publishes its (no) diagnostics without the readable
        # replay, which waits until a hover, a completion or an action asks for it
        return open_game(self.text, path=self.path, folder=self.folder, kind="text", quick=True)

    @cached_property
    def tokens(self) -> list[Token]:
        return tokens(self.text)

    @cached_property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    def token_at(self, span: Span | None) -> int | None:
        """The index of the token that begins where ``span`` does."""
        if span is None:
            return None
        return next((i for i, t in enumerate(self.tokens) if (t.line, t.column) == (span.line - 1, span.column - 1)),
                    None)

    def results(self) -> list[ThrowResult]:
        """Every throw replayed, variations included, in the order written."""
        def walk(line: list[ThrowResult]) -> Iterator[ThrowResult]:
            for t in line:
                yield t
                for v in t.variations:
                    yield from walk(v)

        replay = self.opened.replay
        return sorted(walk(replay.throws), key=_where) if replay is not None else []

    def result_at(self, line: int, column: int) -> ThrowResult | None:
        """The throw written last at or before the position (0-based): the line under the cursor."""
        found = None
        for t in self.results():
            if _where(t) <= (line + 1, column + 1):
                found = t
        return found

    def ruleset(self) -> Any:
        return getattr(self.opened.scorer, "ruleset", None)

    def name(self, side: str) -> Any:
        replay = self.opened.replay
        assert replay is not None
        return lambda track: replay.coords.format(track, side, replay.bottom)


def _where(t: ThrowResult) -> tuple[int, int]:
    span = t.throw.span
    return (span.line, span.column) if span else (0, 0)


# --- hover -------------------------------------------------------------------------------------------------

def hover(doc: Document, line: int, column: int) -> str | None:
    """Markdown: the position after the throw under the cursor, its points and holes, and each event with its
    rule and citation as ``trictrac explain`` says them; on a ``Rules`` header, the rule set."""
    header = _header_on(doc, line)
    if header is not None:
        ruleset = doc.ruleset()
        if header.lower() == "rules" and ruleset is not None:
            return f"**{ruleset.id}**: {ruleset.title}\n\n`{ruleset.path}`"
        return None
    t = doc.result_at(line, column)
    replay = doc.opened.replay
    if t is None or replay is None:
        return None
    from ..notation.reader import WORDS, write_throw

    out = [f"**{write_throw(t.throw, WORDS['en'], comments=False, variations=False)}** (relevé {t.releve})"]
    if t.after is not None:
        out.append("```text\n" + render(t.after, replay.coords, replay.bottom) + "\n```")
    ruleset = doc.ruleset()
    if t.score is not None and ruleset is not None and replay.game is not None and replay.game.name == "trictrac":
        from ..games.trictrac.explain import explain_result
        from .score import explain_lines

        out.append("```text\n" + "\n".join(explain_lines(explain_result(t, ruleset, t.index))) + "\n```")
    elif t.score is not None:
        out.append("```text\n" + "\n".join(t.score.summary()) + "\n```")
    return "\n\n".join(out)


def _header_on(doc: Document, line: int) -> str | None:
    record = doc.opened.record
    if record is None:
        return None
    return next((h.name for h in record.headers if h.span is not None and h.span.line == line + 1), None)


# --- completion --------------------------------------------------------------------------------------------

_AFTER_DICE = re.compile(r"(?:[0-9]+\.[ \t]*)?(?i:white|black|blanc|noir)[ \t]+\S+[ \t]")


def completions(doc: Document, line: int, column: int) -> list[Completion]:
    """After a throw's dice: its legal plays in the record's coordinates, and the marks the rules give (the jans
    claimable and their points).  The record is read up to the cursor (the word being typed left out)."""
    text = doc.lines[line][:column] if line < len(doc.lines) else ""
    head = _AFTER_DICE.search(text)
    if head is None:
        return []
    cut = len(text) - len(re.search(r"\S*$", text).group())  # type: ignore[union-attr]  # always matches
    before = "\n".join([*doc.lines[:line], text[:cut]])
    opens = sum(t.kind == "open" for t in tokens(before)) - sum(t.kind == "close" for t in tokens(before))
    upto = Document(before + ")" * max(0, opens) + "\n", doc.path, doc.folder)
    t = upto.result_at(line, head.start())
    if t is None or t.throw.span is None or t.throw.span.line != line + 1 or t.throw.dice is None:
        return []
    game = upto.opened.game
    assert game is not None
    out = []
    for play in t.legal or []:
        written = game.format_play(play, upto.name(t.side))
        out.append(Completion(written, f"a legal play of {game.dice_name(t.throw.dice)}"))
    marks = _due_marks(t)
    if marks is not None:
        mine, theirs, why = marks
        label = mine + (f" opp {theirs}" if theirs else "")
        out.insert(0, Completion(label, f"the points the rules give ({getattr(upto.ruleset(), 'id', '')})",
                                 "\n".join(why), kind="marks"))
    return out


def _due_marks(t: ThrowResult) -> tuple[str, str | None, list[str]] | None:
    """The marks the rules give this throw: the roller's ``+N [jan N, ...]``, the opponent's (or None), and each
    event in words; None when the throw is not scored."""
    score: Any = t.score  # a trictrac scorer's (events, due, labels); another game's has no jans to claim
    if score is None or not hasattr(score, "events"):
        return None
    written: dict[str, str] = {}
    for side in (t.side, "black" if t.side == "white" else "white"):
        events = [e for e in score.events if e.beneficiary == side]
        written[side] = marks_text(Marks(score.due[side], [Claim(e.jan, e.points) for e in events] or None))
    opp = "black" if t.side == "white" else "white"
    why = [f"{label}" for label in getattr(score, "labels", [])]
    return written[t.side], (written[opp] if score.due[opp] else None), why


# --- code actions ------------------------------------------------------------------------------------------

def fixes(doc: Document, diagnostics: list[Diagnostic], line: int) -> list[Fix]:
    """The fixes of the diagnostics given (the client's, at the cursor) and the rewrites of the throw on
    ``line``: a legal play for a fausse case, the marks the rules give, ``sic`` for a slip of the source, and
    the record in each other coordinate system."""
    out: list[Fix] = []
    for d in diagnostics:
        t = doc.result_at(d.line - 1, d.column - 1)
        if t is None:
            continue
        if d.code == "illegal-play" and d.severity == "error":
            out.extend(_play_fixes(doc, t, d))
        if d.code == "ecole":
            out.extend(_marks_fixes(doc, t, d))
        if d.code in SIC_CODES.values() and d.severity != "note":
            out.append(_sic_fix(doc, t, d))
    t = doc.result_at(line, 10**6)
    if t is not None and t.throw.span is not None and t.throw.span.line == line + 1:
        out.extend(_marks_fixes(doc, t, None))
    out.extend(convert_fixes(doc))
    unique: dict[str, Fix] = {}
    for f in out:  # a diagnostic's fix first, the same rewrite offered for the line left out
        unique.setdefault(f.title, f)
    return list(unique.values())


def _play_fixes(doc: Document, t: ThrowResult, d: Diagnostic) -> list[Fix]:
    game = doc.opened.game
    if game is None or t.throw.dice is None:
        return []
    written = [m.text for m in t.throw.moves]
    plays = [game.format_play(p, doc.name(t.side)) for p in t.legal or []]

    def closeness(play: str) -> tuple[int, float]:
        return (-len(set(play.split()) & set(written)),
                -difflib.SequenceMatcher(None, play, " ".join(written)).ratio())

    out = []
    for k, play in enumerate(sorted(plays, key=closeness)[:MAX_PLAY_FIXES]):
        out.append(Fix(f"Play {play} (a legal play of {game.dice_name(t.throw.dice)})", "quickfix",
                       _replace_moves(doc, t.throw, play), d, preferred=k == 0))
    return out


def _replace_moves(doc: Document, throw: Throw, play: str) -> list[Edit]:
    """The throw's written moves replaced by ``play`` (written where the first was; after the dice if none)."""
    spans = [m.span for m in throw.moves if m.span is not None]
    if not spans:
        anchor = throw.dice_span or throw.span
        assert anchor is not None
        end = _range(anchor)
        return [((end[2], end[3], end[2], end[3]), " " + play)]
    first, *rest = spans
    edits: list[Edit] = [(_range(first), play)]
    for span in rest:  # each later move goes, with the space before it
        r = _range(span)
        edits.append(((r[0], r[1] - 1, r[2], r[3]), ""))
    return edits


def _marks_fixes(doc: Document, t: ThrowResult, d: Diagnostic | None) -> list[Fix]:
    """The marks the rules give written in place of the written ones (or after the dice)."""
    due = _due_marks(t)
    if due is None:
        return []
    mine, theirs, _ = due
    throw, out = t.throw, []
    if theirs and throw.opp_marks is None:  # the opponent's points go on the roller's line, after his own
        mine = f"{mine} opp {theirs}"
    for marks, text, who in ((throw.marks, mine, t.side), (throw.opp_marks, theirs, "opp")):
        if marks is None or marks.span is None or text is None:
            continue
        i = doc.token_at(marks.span)
        if i is None:
            continue
        j = i + 1 if i + 1 < len(doc.tokens) and doc.tokens[i + 1].kind == "claims" else i
        start, end = doc.tokens[i], _end(doc.tokens[j])
        written = doc.text[start.offset:doc.tokens[j].offset + len(doc.tokens[j].text)]
        if " ".join(written.split()) != text:
            out.append(Fix(f"Mark {text} for {who} (what the rules give)", "quickfix" if d else "refactor.rewrite",
                           [((start.line, start.column, *end), text)], d, preferred=d is not None))
    if throw.marks is None and d is None and throw.dice_span is not None:
        r = _range(throw.dice_span)
        out.append(Fix(f"Add the claim {mine} (what the rules give)", "refactor.rewrite",
                       [((r[2], r[3], r[2], r[3]), " " + mine)]))
    return out


def _sic_fix(doc: Document, t: ThrowResult, d: Diagnostic) -> Fix:
    """``sic:CODE`` on the throw's line: the source's slip acknowledged (added to a ``sic`` already there)."""
    code = next(c for c, to in SIC_CODES.items() if to == d.code)
    sics = [s for s in t.throw.sics if s.span is not None]
    if sics:
        r = _range(sics[-1].span)  # type: ignore[arg-type]  # kept above
        edit: Edit = ((r[2], r[3], r[2], r[3]), "," + code)
    else:
        edit = (_item_end(doc, t.throw), " sic:" + code)
    return Fix(f"Acknowledge as a slip of the source (sic:{code})", "quickfix", [edit], d)


def _item_end(doc: Document, throw: Throw) -> Range:
    """Where an item is added to a throw: after its last item before a comment, a variation or the next throw."""
    i = doc.token_at(throw.span)
    assert i is not None
    last = doc.tokens[i]
    for k in range(i + 1, len(doc.tokens)):
        t = doc.tokens[k]
        if t.kind in ("comment", "open", "close") or is_head(doc.tokens, k):
            break
        last = t
    line, column = _end(last)
    return (line, column, line, column)


def convert_fixes(doc: Document) -> list[Fix]:
    """The record in each other coordinate system, arrows renamed where they stand (``trictrac convert``'s
    reading and writing of each arrow; the layout, comments and variations untouched)."""
    from ..core.coords import SYSTEMS
    from ..engine.convert import convert

    opened, replay = doc.opened, doc.opened.replay
    if opened.record is None or replay is None or opened.errors or replay.game is None \
            or replay.game.name != "trictrac":
        return []
    out = []
    for system in sorted(SYSTEMS):
        if system == replay.coords.id:
            continue
        converted, problems = convert(opened.record, system)
        if problems:
            continue
        edits = [(_range(span), new) for span, old, new in _renamed(opened.record, converted) if old != new]
        edits += _header_edits(doc, converted)
        out.append(Fix(f"Convert the record to {system} coordinates", f"source.convert.{system}", edits))
    return out


def _renamed(before: Any, after: Any) -> Iterator[tuple[Span, str, str]]:
    """(span, old, new) of every arrow the conversion renamed: setups, moves, touched dames."""
    from ..engine.game import part_span

    for a, b in zip(before.setup, after.setup, strict=True):
        for p, q in zip(a.placements, b.placements, strict=True):
            if p.span is not None:
                yield Span(p.span.line, p.span.column, len(p.key)), p.key, q.key

    def throws(xs: list[Throw], ys: list[Throw]) -> Iterator[tuple[Span, str, str]]:
        for x, y in zip(xs, ys, strict=True):
            for mx, my in zip([*x.moves, *x.replayed], [*y.moves, *y.replayed], strict=True):
                for k, (old, new) in enumerate(zip(mx.parts, my.parts, strict=True)):
                    span = part_span(mx, k)
                    if span is not None:
                        yield span, old, new
            for tx, ty in zip(x.touched, y.touched, strict=True):
                if tx.span is not None:
                    yield tx.span, tx.arrow, ty.arrow
            for vx, vy in zip(x.variations, y.variations, strict=True):
                yield from throws(vx, vy)

    yield from throws(before.throws, after.throws)


def _header_edits(doc: Document, converted: Any) -> list[Edit]:
    """The ``Coords`` header (and ``FigureCoords``, which the conversion adds) as the converted record has them:
    rewritten where they are, or added after the last header."""
    headers = [t for t in doc.tokens if t.kind == "header"]
    edits: list[Edit] = []
    added = []
    for name in ("Coords", "FigureCoords"):
        value = converted.header(name)
        if value is None:
            continue
        new = f'[{name} "{value}"]'
        there = next((t for t in headers if re.match(rf'\[\s*{name}\s*"', t.text, re.I)), None)
        if there is not None:
            edits.append(((there.line, there.column, *_end(there)), new))
        else:
            added.append(new)
    if added and headers:
        line, column = _end(headers[-1])
        edits.append(((line, column, line, column), "".join("\n" + h for h in added)))
    elif added:
        edits.append(((0, 0, 0, 0), "".join(h + "\n" for h in added)))
    return edits


# --- outline, folds, definitions ------------------------------------------------------------------------

def _extents(doc: Document) -> dict[tuple[int, int], Range]:
    """Each throw's extent, from its head to its last token (its variations included), by its head's place."""
    toks, depth, depths = doc.tokens, 0, []
    for t in toks:  # the variations open before each token
        depths.append(depth)
        depth += {"open": 1, "close": -1}.get(t.kind, 0)
    heads = [i for i in range(len(toks)) if is_head(toks, i)]
    out = {}
    for n, i in enumerate(heads):
        ends = [k for k in range(i + 1, len(toks)) if toks[k].kind == "close" and depths[k] <= depths[i]]
        ends += [k for k in heads[n + 1:] if depths[k] <= depths[i]][:1]
        end = min(ends) - 1 if ends else len(toks) - 1
        out[(toks[i].line, toks[i].column)] = (toks[i].line, toks[i].column, *_end(toks[end]))
    return out


def symbols(doc: Document) -> list[Symbol]:
    """The outline: the headers, the starting position, each relevé with its throws and their variations."""
    record, replay = doc.opened.record, doc.opened.replay
    if record is None:
        return []
    out: list[Symbol] = []
    headers = [h for h in record.headers if h.span is not None]
    if headers:
        children = [Symbol(h.name, h.value, "header", _whole_line(doc, h.span.line - 1)) for h in headers
                    if h.span is not None]
        out.append(Symbol("headers", f"{len(children)} tags", "headers",
                          (children[0].range[0], 0, *children[-1].range[2:]), children))
    for s in record.setup:
        if s.span is not None:
            out.append(Symbol(f"@{s.side}", " ".join(f"{p.key}:{p.count}" for p in s.placements), "setup",
                              _whole_line(doc, s.span.line - 1)))
    if replay is None:
        return out
    extents = _extents(doc)

    def throw_symbol(t: ThrowResult) -> Symbol:
        from ..notation.reader import WORDS, write_throw

        span = t.throw.span
        assert span is not None
        r = extents.get((span.line - 1, span.column - 1), _range(span))
        head = f"{t.throw.number}. " if t.throw.number is not None else ""
        name = head + f"{t.side} {t.throw.dice_text or '?'}"
        sym = Symbol(name, write_throw(t.throw, WORDS["en"], comments=False, variations=False), "throw", r)
        for k, v in enumerate(t.variations, start=1):
            kids = [throw_symbol(x) for x in v if x.throw.span is not None]
            if kids:
                sym.children.append(Symbol(f"variation {k}", f"{len(kids)} throws", "variation",
                                           (kids[0].range[0], max(0, kids[0].range[1] - 1), *kids[-1].range[2:]),
                                           kids))
        return sym

    releves: dict[int, list[Symbol]] = {}
    for t in replay.throws:
        if t.throw.span is not None:
            releves.setdefault(t.releve, []).append(throw_symbol(t))
    for n, kids in releves.items():
        out.append(Symbol(f"relevé {n}", f"{len(kids)} throws", "releve",
                          (kids[0].range[0], 0, *kids[-1].range[2:]), kids))
    return out


def _whole_line(doc: Document, line: int) -> Range:
    return (line, 0, line, len(doc.lines[line]) if line < len(doc.lines) else 0)


def folds(doc: Document) -> list[tuple[int, int, str]]:
    """(first line, last line, kind) of what folds: variations and comments over several lines, the headers."""
    toks, out, stack = doc.tokens, [], []
    for t in toks:
        if t.kind == "open":
            stack.append(t.line)
        elif t.kind == "close" and stack:
            first = stack.pop()
            if t.line > first:
                out.append((first, t.line, "region"))
        elif t.kind == "comment" and t.end_line > t.line:
            out.append((t.line, t.end_line, "comment"))
    headers = [t for t in toks if t.kind == "header"]
    if len(headers) > 1:
        out.append((headers[0].line, headers[-1].end_line, "region"))
    return sorted(out)


def definition(doc: Document, line: int, column: int, cache: Path) -> tuple[str, Range] | None:
    """Where the name under the cursor is defined: a ``Rules`` header's rule file; a ``Figure`` header's
    figure item in the record; a ``figure`` item's drawing (an SVG of the book's figure, written in ``cache``)."""
    record = doc.opened.record
    if record is None:
        return None
    header = _header_on(doc, line)
    if header is not None and header.lower() == "rules":
        ruleset = doc.ruleset()
        return (ruleset.path, (0, 0, 0, 0)) if ruleset is not None else None
    if header is not None and header.lower() == "figure":
        label = record.header("Figure")
        for f in [*record.figures, *(f for t in record.every_throw() for f in t.figures)]:
            if f.label == label and f.span is not None:
                return doc.path, _range(f.span)
        return None
    replay = doc.opened.replay
    if replay is None:
        return None
    drawn: list[tuple[Any, Any]] = [(f, replay.initial) for f in record.figures]
    drawn += [(f, t.after) for t in doc.results() for f in t.throw.figures]
    for f, position in drawn:
        if f.span is not None and f.span.line == line + 1 and position is not None:
            return _figure_file(doc, f, position, cache), (0, 0, 0, 0)
    return None


def _figure_file(doc: Document, figure: Any, position: Any, cache: Path) -> str:
    """The book's figure drawn as the game page draws it, in a file of its own."""
    from ..render.bookfigures import book_figures

    replay = doc.opened.replay
    assert replay is not None
    shared: dict[str, str] = {}
    drawn = book_figures(replay, [figure], position, shared)[0]
    body = drawn["svg"] or "<svg xmlns='http://www.w3.org/2000/svg'/>"
    svg = body.replace("</svg>", "".join(f"<defs>{s}</defs>" for s in shared.values()) + "</svg>", 1) \
        if shared and "</svg>" in body else body
    cache.mkdir(parents=True, exist_ok=True)
    name = hashlib.sha1(svg.encode()).hexdigest()[:16]
    path = cache / f"figure-{figure.label}-{name}.svg"
    path.write_text(svg, encoding="utf-8")
    return str(path)
