"""The canonical layout of a record (``trictrac fmt``), and the text's tokens it works on.

The layout changes white space only, and the order of the headers: the headers first, one a line, in the
order of :data:`HEADER_ORDER`; then the starting position, the book's figures and the comments of the
preamble, one a line; then one throw a line, each variation on lines of its own under its throw, indented.
Items keep their order and their text; a run of white space becomes one space; a comment longer than the line
is wrapped at :data:`WIDTH` (a comment's white space is layout: see ``build.comment``); a comment the author
wrote on a line of its own stays on a line of its own; a blank line between throws stays (one).

Nothing is lost, and the layout is checked rather than trusted: :func:`format_record` reads the text it makes
and refuses (:class:`LayoutError`) unless it is the same record — as black compares the syntax trees.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ..core.diagnostics import Diagnostic
from .reader import parse
from .record import KNOWN_TAGS, Record

WIDTH = 100
"""decided: a record's lines hold at most 100 characters where a comment can be wrapped (a line of
moves is never broken: one throw a line)."""

HEADER_ORDER = (
    "Game", "Title", "Event", "Place", "Date", "Source", "Edition", "Page", "Figure",
    "Rules", "Options", "Partie", "Marques", "Match", "MatchScore",
    "Coords", "Bottom", "FigureCoords", "FigurePile", "Language",
    "White", "Black", "First", "Annotator", "Note", "Id",
)
"""decided: what the game is and where it comes from, the rules it is played by, how it is written, who plays
it, then the notes; a tag the notation does not know comes last, in the order written."""

_RANK = {tag.lower(): i for i, tag in enumerate(HEADER_ORDER)}
assert set(HEADER_ORDER) == set(KNOWN_TAGS)

_WS = " \t\r\n\f"
# one token after white space; a slash move may carry its repeat, "13/10 (2)"
_TOKEN = re.compile(r"""
    (?P<header>\[[ \t\r\n\f]*[A-Za-z][A-Za-z0-9_-]*[ \t\r\n\f]*"(?:\\.|[^"\\\n])*"[ \t\r\n\f]*\])
  | (?P<claims>\[[^\[\]{}"]*\])
  | (?P<comment>\{[^{}]*\})
  | (?P<string>"(?:\\.|[^"\\\n])*")
  | (?P<open>\()
  | (?P<close>\))
  | (?P<word>[A-Za-z0-9]+(?:/[A-Za-z0-9]+\*?)+[ \t]*\([0-9]\)|[^ \t\r\n\f{}()\[\]"]+)
  | (?P<other>.)
""", re.X | re.S)
_SIDE = r"(?i:white|black|blanc|noir)"
_HEAD = re.compile(rf"(?:[0-9]+\.[ \t]*)?{_SIDE}")
_NUMBER = re.compile(r"[0-9]+\.")
_PLACE = re.compile(r"[A-Za-z0-9&']+:-?[0-9]+")
_FIGURE = re.compile(r"(?i:figure|fig\.?)")


@dataclass
class Token:
    """A piece of the text: its kind (header, claims, comment, string, open, close, word, other), its text,
    where it starts (0-based line and column, offset), and whether it begins its line or follows a blank one."""

    kind: str
    text: str
    offset: int
    line: int
    column: int
    first: bool = False
    blank: bool = False

    @property
    def end_line(self) -> int:
        return self.line + self.text.count("\n")


def tokens(text: str) -> list[Token]:
    """The text's tokens in order (a token the notation has no use for is kind ``other``)."""
    out: list[Token] = []
    pos, line, line_start, breaks = 0, 0, 0, 2  # the text's start counts as after a blank line
    n = len(text)
    while True:
        while pos < n and text[pos] in _WS:
            if text[pos] == "\n":
                line, line_start, breaks = line + 1, pos + 1, breaks + 1
            pos += 1
        if pos >= n:
            return out
        m = _TOKEN.match(text, pos)
        assert m is not None and m.lastgroup is not None  # 'other' takes any one character
        out.append(Token(m.lastgroup, m.group(), pos, line, pos - line_start, breaks > 0, breaks > 1 and bool(out)))
        breaks = 0
        inside = m.group().count("\n")
        if inside:
            line, line_start = line + inside, m.group().rindex("\n") + pos + 1
        pos = m.end()


def is_head(tokens_: list[Token], i: int) -> bool:
    """Whether token ``i`` begins a throw: ``12.`` before a player, or a player's name (``12.white`` glued)."""
    t = tokens_[i]
    if t.kind != "word":
        return False
    if _HEAD.fullmatch(t.text):
        return i == 0 or not (tokens_[i - 1].kind == "word" and _NUMBER.fullmatch(tokens_[i - 1].text)
                              and tokens_[i - 1].line == t.line)
    return (bool(_NUMBER.fullmatch(t.text)) and i + 1 < len(tokens_) and tokens_[i + 1].line == t.line
            and tokens_[i + 1].kind == "word" and bool(re.fullmatch(_SIDE, tokens_[i + 1].text)))


class LayoutError(Exception):
    """The record cannot be laid out: it has syntax errors, or the layout would not read as the same record."""

    def __init__(self, message: str, diagnostics: list[Diagnostic] | None = None):
        super().__init__(message)
        self.message = message
        self.diagnostics = diagnostics or []


# --- the layout -------------------------------------------------------------------------------

@dataclass
class _Lines:
    """The lines being written: a token goes after a space, or on a new line at an indentation."""

    out: list[str] = field(default_factory=list)
    line: str = ""

    def newline(self, indent: int = 0, blank: bool = False) -> None:
        if self.line.strip():
            self.out.append(self.line.rstrip())
        if blank and self.out and self.out[-1]:
            self.out.append("")
        self.line = " " * indent

    def add(self, text: str, glued: bool = False) -> None:
        glued = glued or not self.line.strip() or self.line.endswith("(")
        self.line += text if glued else " " + text

    width: float = WIDTH

    def comment(self, text: str, indent: int) -> None:
        """A comment, its words wrapped at WIDTH onto lines indented by ``indent`` (its first word never
        leaves the brace: a comment begun on a line stays on it)."""
        words = text[1:-1].split()
        if not words:
            self.add("{}")
            return
        self.add("{" + words[0] + ("}" if len(words) == 1 else ""))
        for k, word in enumerate(words[1:], start=2):
            piece = word + ("}" if k == len(words) else "")
            if len(self.line) + 1 + len(piece) > self.width:
                self.out.append(self.line.rstrip())
                self.line = " " * indent + piece
            else:
                self.line += " " + piece

    def text(self) -> str:
        self.newline()
        while self.out and not self.out[-1]:
            self.out.pop()
        return "\n".join(self.out) + "\n"


def _normal(t: Token) -> str:
    """A token's text in the canonical spacing (a header on one line, claims as ``[jan 4, jan]``)."""
    if t.kind == "header":
        m = re.fullmatch(r'\[\s*([A-Za-z][A-Za-z0-9_-]*)\s*(".*")\s*\]', t.text, re.S)
        assert m is not None
        return f"[{m.group(1)} {m.group(2)}]"
    if t.kind == "claims":
        inner = t.text[1:-1].strip()
        return "[" + ", ".join(" ".join(c.split()) for c in inner.split(",")) + "]" if inner else "[]"
    return t.text


def _preamble_items(toks: list[Token]) -> Iterator[list[Token]]:
    """The preamble's items, each with the comments written after it on its line: a header, a setup line
    (``@white`` and its placements), a figure (``figure 2 "SPEC"``), a comment."""
    i = 0
    while i < len(toks):
        t = toks[i]
        j = i + 1
        if t.kind == "word" and t.text.startswith("@"):
            if t.text == "@" and j < len(toks) and toks[j].kind == "word":
                j += 1
            while j < len(toks) and toks[j].kind == "word" and _PLACE.fullmatch(toks[j].text):
                j += 1
        elif t.kind == "word" and _FIGURE.fullmatch(t.text):
            j += 2 if j + 1 < len(toks) and toks[j + 1].kind == "string" else 1
        if t.kind != "comment" or not t.first:  # a comment beginning its line is an item of its own
            while j < len(toks) and toks[j].kind == "comment" and not toks[j].first:
                j += 1
        yield toks[i:j]
        i = j


def _header_rank(item: list[Token]) -> int:
    m = re.match(r"\[\s*([A-Za-z][A-Za-z0-9_-]*)", item[0].text)
    return _RANK.get(m.group(1).lower(), len(_RANK)) if m else len(_RANK)


def _throws(toks: list[Token], lines: _Lines, indent: int, inline: bool = False) -> None:
    """One throw a line from ``indent``; a variation on its own lines, two further in; a comment wrapped four
    further in; a comment that began its line (and a blank line before a throw) kept.  ``inline``: the
    tokens up to the first throw's head go on the line begun (a variation's, after its '(')."""
    i = 0
    while i < len(toks):
        t = toks[i]
        head = is_head(toks, i)
        if head and not inline:
            lines.newline(indent, blank=t.blank)
            lines.add(t.text)
        elif t.kind == "open":
            depth, j = 1, i + 1
            while depth:  # the matching ')' (a record read without errors has one)
                depth += {"open": 1, "close": -1}.get(toks[j].kind, 0)
                j += 1
            lines.newline(indent + 2)
            lines.add("(")
            _throws(toks[i + 1:j - 1], lines, indent + 3, inline=True)
            lines.add(")", glued=True)
            i = j
            continue
        elif t.kind == "comment":
            if t.first and not inline:
                lines.newline(indent, blank=t.blank)
            lines.comment(t.text, indent + 4)
        else:
            lines.add(_normal(t))
        inline = inline and not head
        i += 1


def layout(text: str, width: float = WIDTH) -> str:
    """The text in the canonical layout, unchecked (see :func:`format_record`); ``width`` ``math.inf``: no
    comment wrapped (each throw and its comments on one line: a throw's line whatever the wrapping)."""
    toks = tokens(text)
    start = next((i for i in range(len(toks)) if is_head(toks, i)), len(toks))
    items = list(_preamble_items(toks[:start]))
    headers = sorted((item for item in items if item[0].kind == "header"), key=_header_rank)
    lines = _Lines(width=width)
    for item in headers:
        lines.newline()
        lines.add(_normal(item[0]))
        for c in item[1:]:
            lines.comment(c.text, 4)
    body = [item for item in items if item[0].kind != "header"]
    for k, item in enumerate(body):
        lines.newline(blank=k == 0 or item[0].blank)
        for t in item:
            if t.kind == "comment":
                lines.comment(t.text, 4)
            else:
                lines.add(_normal(t))
    if start < len(toks):
        toks[start].blank = True
        _throws(toks[start:], lines, 0)
    return lines.text()


def _comparable(record: Record) -> Record:
    """The record as the layout keeps it: the headers in their order, the preamble's comments as a set (a
    comment on a header's line moves with it)."""
    record.headers.sort(key=lambda h: _RANK.get(h.name.lower(), len(_RANK)))
    record.comments.sort()
    return record


def format_record(text: str, path: str = "<record>") -> str:
    """The record's text in the canonical layout; LayoutError when it has syntax errors, or (a fault of the
    layout, never expected) when the text made would not read as the same record."""
    before, diagnostics = parse(text, path)
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        raise LayoutError("not formatted: fix the syntax errors first", errors)
    out = layout(text)
    after, again = parse(out, path)
    if any(d.severity == "error" for d in again) or _comparable(after) != _comparable(before):
        raise LayoutError("not formatted: the layout would change the record (please report it)")
    return out
