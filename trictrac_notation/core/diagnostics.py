"""Diagnostics in the compiler style: ``FILE:LINE:COL: error: message``.

A diagnostic carries its position, the rule it invokes (a rules.md section),
an optional hint, and optional extra lines (e.g. the legal plays).  Formatting
quotes the offending source line with a caret under the column.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Final, Literal, Protocol, TypedDict

Severity = Literal["error", "warning", "note"]
ERROR: Final = "error"
WARNING: Final = "warning"
NOTE: Final = "note"  # an irregularity the record acknowledges: a slip of the source or a fault it teaches

# What a record says of an irregularity it acknowledges: ``sic:CODE`` a slip of the source, ``taught:CODE``
# the fault an example commits on purpose to teach it, ``abridged:CODE`` the irregularity left by what the
# source passes over on purpose (the opponent's throws between those it tells); the words a note says it with.
ACKNOWLEDGED = {"sic": "acknowledged as a slip of the source",
                "taught": "the fault the source's example commits on purpose, to teach it",
                "abridged": "the source passes over what comes between, on purpose"}
# The codes a record may acknowledge with ``sic:CODE``, ``taught:CODE`` or ``abridged:CODE`` (aliases map to the
# checker's code).
SIC_CODES = {
    "illegal-play": "illegal-play", "fausse-case": "illegal-play", "ecole": "ecole", "fausse-ecole": "fausse-ecole",
    "holes": "holes", "go": "go", "out-of-turn": "out-of-turn", "numbering": "numbering", "touched": "touched",
    "pour-tout": "pour-tout", "figure": "figure", "partie-over": "partie-over", "marque": "marque", "score": "score",
}


QUOTE_WIDTH = 100  # a diagnostic quotes at most this many characters of its line, around its column
MAX_PER_LINE = 10  # diagnostics shown for one line: a line of 7,500 mistakes is not 7,500 quotes
MAX_PER_FILE = 500  # and for one file
_GRAVITY = {"note": 0, "warning": 1, "error": 2}


def excerpt(text: str, column: int, length: int = 1, width: int = QUOTE_WIDTH) -> tuple[str, int, int]:
    """What a diagnostic quotes of its line: the line, printable (a control character as '?', a tab as one
    space), cut to ``width`` characters around ``column`` with '…' where it is cut; and the column and length of
    the span within what is quoted."""
    text = "".join(c if c.isprintable() else " " if c == "\t" else "?" for c in text)
    if len(text) <= width:
        return text, column, length
    start = max(0, min(column - 1 - width // 3, len(text) - width))
    end = start + width
    shown = ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
    return shown, column - start + (1 if start else 0), max(1, min(length, end - column + 1))


def capped(diagnostics: list[Diagnostic], per_line: int = MAX_PER_LINE,
           per_file: int = MAX_PER_FILE) -> list[Diagnostic]:
    """``diagnostics`` in the order of their position, at most ``per_line`` of one line and ``per_file`` in all;
    where some are left out, one diagnostic (as grave as the gravest left out) says how many."""
    def summary(left: list[Diagnostic], where: str, most: int) -> Diagnostic:
        first = left[0]
        worst = max(left, key=lambda d: _GRAVITY[d.severity]).severity
        return Diagnostic(worst, f"{len(left):,} more diagnostic{'s' if len(left) != 1 else ''} {where} not shown "
                          f"(at most {most})", first.path, first.line, first.column, code="too-many")

    ordered = sorted(diagnostics, key=lambda d: (d.line, d.column))
    out: list[Diagnostic] = []
    i = 0
    while i < len(ordered):
        j = i
        while j < len(ordered) and ordered[j].line == ordered[i].line:
            j += 1
        out += ordered[i:min(j, i + per_line)]
        if j - i > per_line:
            out.append(summary(ordered[i + per_line:j], "on this line", per_line))
        i = j
    if len(out) > per_file:
        out = out[:per_file] + [summary(out[per_file:], "in this file", per_file)]
    return out


@dataclass
class Diagnostic:
    severity: Severity
    message: str
    path: str = "<record>"
    line: int = 1
    column: int = 1
    length: int = 1
    rule: str | None = None  # e.g. "rules.md §2 M2"
    hint: str | None = None
    notes: list[str] = field(default_factory=list)  # extra lines shown under the caret
    code: str | None = None  # short machine id, e.g. "illegal-play", "ecole"
    acknowledged: str | None = None  # what made it a note: 'sic', 'taught' or 'abridged' (ACKNOWLEDGED)

    def headline(self) -> str:
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{self.path}:{self.line}:{self.column}: {self.severity}: {self.message}{rule}"

    def format(self, source_lines: list[str] | None = None) -> str:
        out = [self.headline()]
        if source_lines is not None and 1 <= self.line <= len(source_lines):
            text, column, length = excerpt(source_lines[self.line - 1].rstrip("\n"), self.column, self.length)
            out.append(f"  {text}")
            tildes = max(0, min(length, len(text) - column + 1) - 1)
            out.append("  " + " " * (column - 1) + "^" + "~" * tildes)
        if self.hint:
            out.append(f"  hint: {self.hint}")
        out.extend(f"  {n}" for n in self.notes)
        return "\n".join(out)

    def to_json(self) -> DiagnosticJSON:
        data: DiagnosticJSON = {
            "severity": self.severity, "message": self.message, "file": self.path,
            "line": self.line, "column": self.column,
        }
        if self.rule:
            data["rule"] = self.rule
        if self.hint:
            data["hint"] = self.hint
        if self.code:
            data["code"] = self.code
        if self.notes:
            data["notes"] = list(self.notes)
        if self.acknowledged:
            data["acknowledged"] = self.acknowledged
        return data


class _DiagnosticJSONBase(TypedDict):
    severity: Severity
    message: str
    file: str
    line: int
    column: int


class DiagnosticJSON(_DiagnosticJSONBase, total=False):
    """A diagnostic as ``--json`` prints it."""

    rule: str
    hint: str
    code: str
    notes: list[str]
    acknowledged: str


class Located(Protocol):
    """Where a diagnostic points (a record's ``Span``)."""

    @property
    def line(self) -> int: ...
    @property
    def column(self) -> int: ...
    @property
    def length(self) -> int: ...


class Reporter:
    """Collects the diagnostics of one file."""

    def __init__(self, path: str):
        self.path = path
        self.items: list[Diagnostic] = []

    def add(self, severity: Severity, message: str, span: Located | None = None, *, rule: str | None = None,
            hint: str | None = None, notes: Iterable[str] = (), code: str | None = None) -> Diagnostic:
        line, column, length = (span.line, span.column, span.length) if span else (1, 1, 1)
        d = Diagnostic(severity, message, self.path, line, column, length, rule, hint, list(notes), code)
        self.items.append(d)
        return d

    def error(self, message: str, span: Located | None = None, *, rule: str | None = None, hint: str | None = None,
              notes: Iterable[str] = (), code: str | None = None) -> Diagnostic:
        return self.add(ERROR, message, span, rule=rule, hint=hint, notes=notes, code=code)

    def warning(self, message: str, span: Located | None = None, *, rule: str | None = None,
                hint: str | None = None, notes: Iterable[str] = (), code: str | None = None) -> Diagnostic:
        return self.add(WARNING, message, span, rule=rule, hint=hint, notes=notes, code=code)

    def note(self, message: str, span: Located | None = None, *, rule: str | None = None, hint: str | None = None,
             notes: Iterable[str] = (), code: str | None = None) -> Diagnostic:
        return self.add(NOTE, message, span, rule=rule, hint=hint, notes=notes, code=code)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == ERROR]

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.line, d.column))
