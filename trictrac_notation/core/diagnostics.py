"""Diagnostics in the compiler style: ``FILE:LINE:COL: error: message``.

A diagnostic carries its position, the rule it invokes (a rules.md section),
an optional hint, and optional extra lines (e.g. the legal plays).  Formatting
quotes the offending source line with a caret under the column.
"""

from __future__ import annotations

from dataclasses import dataclass, field

ERROR = "error"
WARNING = "warning"
NOTE = "note"  # a slip of the source that the record acknowledges (``sic:CODE``)

# The codes a record may acknowledge with ``sic:CODE`` (aliases map to the code the checker uses).
SIC_CODES = {
    "illegal-play": "illegal-play", "fausse-case": "illegal-play", "ecole": "ecole", "fausse-ecole": "fausse-ecole",
    "holes": "holes", "go": "go", "out-of-turn": "out-of-turn", "numbering": "numbering", "touched": "touched",
    "pour-tout": "pour-tout", "figure": "figure", "partie-over": "partie-over", "marque": "marque",
}


@dataclass
class Diagnostic:
    severity: str
    message: str
    path: str = "<record>"
    line: int = 1
    column: int = 1
    length: int = 1
    rule: str | None = None  # e.g. "rules.md §2 M2"
    hint: str | None = None
    notes: list = field(default_factory=list)  # extra lines shown under the caret
    code: str | None = None  # short machine id, e.g. "illegal-play", "ecole"

    def headline(self) -> str:
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{self.path}:{self.line}:{self.column}: {self.severity}: {self.message}{rule}"

    def format(self, source_lines: list[str] | None = None) -> str:
        out = [self.headline()]
        if source_lines is not None and 1 <= self.line <= len(source_lines):
            text = source_lines[self.line - 1].rstrip("\n").expandtabs(1)
            out.append(f"  {text}")
            out.append("  " + " " * (self.column - 1) + "^" + "~" * max(0, min(self.length, len(text) - self.column + 1) - 1))
        if self.hint:
            out.append(f"  hint: {self.hint}")
        out.extend(f"  {n}" for n in self.notes)
        return "\n".join(out)

    def to_json(self) -> dict:
        data = {
            "severity": self.severity, "message": self.message, "file": self.path,
            "line": self.line, "column": self.column,
        }
        for key in ("rule", "hint", "code"):
            if getattr(self, key):
                data[key] = getattr(self, key)
        if self.notes:
            data["notes"] = list(self.notes)
        return data


class Reporter:
    """Collects the diagnostics of one file."""

    def __init__(self, path: str):
        self.path = path
        self.items: list[Diagnostic] = []

    def add(self, severity: str, message: str, span=None, **extra) -> Diagnostic:
        line, column, length = (span.line, span.column, span.length) if span else (1, 1, 1)
        d = Diagnostic(severity, message, self.path, line, column, length, **extra)
        self.items.append(d)
        return d

    def error(self, message: str, span=None, **extra) -> Diagnostic:
        return self.add(ERROR, message, span, **extra)

    def warning(self, message: str, span=None, **extra) -> Diagnostic:
        return self.add(WARNING, message, span, **extra)

    def note(self, message: str, span=None, **extra) -> Diagnostic:
        return self.add(NOTE, message, span, **extra)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.items if d.severity == ERROR]

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=lambda d: (d.line, d.column))
