"""The records of a site: found, read within bounds, and their diagnostics kept for the build's report.

One bad record never breaks a site: a record that cannot be read (a pipe, a folder, a file too big, a link
leading outside its folder), whose name cannot name a page, or that cannot be drawn is an error of that record —
reported as ``check`` reports it (``FILE:LINE:COL``), while the rest of the site builds.  A game page's
diagnostics are kept in the cache's manifest, so that a page taken from the cache is reported too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markupsafe import escape

from ..core.diagnostics import ERROR, Diagnostic
from ..core.files import Unreadable, read_bounded
from ..notation.reader import MAX_BYTES
from .paths import GAMES, SiteError, own_file

ID_RE = re.compile(r"[a-z0-9_-]+\Z")
RESERVED_IDS = {"index": f"{GAMES}/index is the list of the games"}
GENERATED = (".md", ".data.js", ".score.svg")  # the files a game page writes beside its record


def _id_problem(stem: str) -> tuple[str, str] | None:
    if not ID_RE.match(stem):
        suggestion = re.sub(r"[^a-z0-9_-]+", "-", stem.lower()).strip("-") or "game"
        return (f"record id {stem!r} is refused: a record's file name names its page, so it may only use a-z, "
                f"0-9, '-' and '_'", f"rename it to {suggestion}.tric")
    if stem in RESERVED_IDS:
        return f"record id {stem!r} is reserved: {RESERVED_IDS[stem]}", f"rename it, e.g. {stem}-game.tric"
    return None


def record_id(path: Path) -> str:
    """The page id of a record file: its name without ``.tric``, refused unless it is [a-z0-9_-]+."""
    stem = path.name[: -len(path.suffix)] if path.suffix else path.name
    problem = _id_problem(stem)
    if problem:
        raise SiteError(f"{path}: error: {problem[0]}\n  hint: {problem[1]}")
    return stem


class RecordProblem(SiteError):
    """A record that gives no page: its one diagnostic."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.format())
        self.diagnostic = diagnostic


def _problem(path: Path, message: str, hint: str | None = None) -> RecordProblem:
    return RecordProblem(Diagnostic(ERROR, message, str(path), hint=hint, code="site"))


def find_records(folder: Path) -> tuple[list[tuple[str, Path]], list[Diagnostic]]:
    """The records ``folder/*.tric`` with their page ids, and the diagnostics of those that give no page: a
    name that cannot name a page, a page of the sources it would replace, a link leading outside the folder."""
    found: list[tuple[str, Path]] = []
    problems: list[Diagnostic] = []
    for path in sorted(folder.glob("*.tric")) if folder.is_dir() else []:
        stem = path.name[: -len(".tric")]
        try:
            problem = _id_problem(stem)
            if problem:
                raise _problem(path, *problem)
            clash = [folder / f"{stem}{suffix}" for suffix in GENERATED if (folder / f"{stem}{suffix}").exists()]
            if clash:
                raise _problem(path, f"its page would take the place of {clash[0].name}, a file of the sources "
                               "beside it", f"rename the record or {clash[0].name}")
            try:
                own_file(path, folder)
            except SiteError:
                raise _problem(path, f"not published: it is a link to a file outside {folder.name}/, and the site "
                               "reads only its own files", f"copy the file into {folder.name}/ instead") from None
        except RecordProblem as e:
            problems.append(e.diagnostic)
            continue
        found.append((stem, path))
    return found, problems


def read_record(path: Path) -> bytes:
    """A record's bytes: a regular file within the records' bound, else its one diagnostic (RecordProblem)."""
    try:
        return read_bounded(path, MAX_BYTES)
    except Unreadable as e:
        raise _problem(path, f"not read: {e}") from None


def stored(diagnostics: list[Diagnostic]) -> list[list[Any]]:
    """Diagnostics as the cache's manifest keeps them (errors and warnings: the build reports those)."""
    return [[d.severity, d.message, d.line, d.column, d.length, d.rule, d.hint, d.notes]
            for d in diagnostics if d.severity != "note"]


def restored(kept: list[list[Any]], path: str) -> list[Diagnostic]:
    return [Diagnostic(s, m, path, line, column, length, rule, hint, list(notes))
            for s, m, line, column, length, rule, hint, notes in kept]


def failed_page(gid: str, message: str, diagnostics: list[str]) -> str:
    """The page of a record that could not be drawn: what went wrong, and the record's own diagnostics."""
    listed = "".join(f"<pre><code>{escape(d)}</code></pre>\n" for d in diagnostics)
    title = escape(gid.rsplit("/", 1)[-1])
    return (f"# {title}\n\n<div class=\"admonition failure\"><p class=\"admonition-title\">This record could not be "
            f"drawn</p>\n<p>{escape(message)}</p>\n</div>\n\n{listed}")


@dataclass
class Report:
    """The records' diagnostics over a build, as ``check`` prints them."""

    lines: list[str] = field(default_factory=list)
    errors: int = 0
    warnings: int = 0

    def add(self, diagnostics: list[Diagnostic], text: str | None = None) -> None:
        source = text.split("\n") if text is not None else None
        for d in sorted(diagnostics, key=lambda d: (d.line, d.column)):
            if d.severity == "note":
                continue
            self.errors += d.severity == ERROR
            self.warnings += d.severity != ERROR
            self.lines.append(d.format(source))
