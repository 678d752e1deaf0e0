"""Reading and writing game records (the syntax layer).

:func:`parse` turns text into a :class:`~trictrac_notation.notation.record.Record` and a
list of diagnostics; it never raises on bad input.  Most records are read by the fast reader
(fastread.py), which needs no Lark; a record it is not sure of goes to Lark (larkread.py): a syntax
error is reported, the offending token is set aside and the parse resumes, so one run reports every
error.  :func:`write` turns a record back into text that parses to an equal record.
"""

from __future__ import annotations

import re

from ..core.diagnostics import Diagnostic, Reporter
from . import fastread
from .limits import MAX_NESTING, MAX_SYNTAX_ERRORS  # noqa: F401 (the limits are part of the API)
from .record import DOUBLET_NAME, DOUBLET_NAMES, Figure, Marks, Record, Span, Throw

MAX_BYTES = 2 * 1024 * 1024

WORDS = {
    "en": {"white": "white", "black": "black", "stay": "stay", "go": "go", "hole": "hole", "holes": "holes",
           "ecole": "ecole", "opp": "opp", "touched": "touched", "let-stand": "let-stand", "replayed": "replayed",
           "marque": "marque", "refait": "refait"},
    "fr": {"white": "blanc", "black": "noir", "stay": "tient", "go": "va", "hole": "trou", "holes": "trous",
           "ecole": "école", "opp": "adv", "touched": "touchée", "let-stand": "laissée", "replayed": "rejouée",
           "marque": "marqué", "refait": "refait"},
}



def parse(text: str, path: str = "<record>") -> tuple[Record, list[Diagnostic]]:
    """Parse ``text``; return the record and every diagnostic found on the way."""
    record = fastread.read(text, path)
    if record is not None:
        return record, []
    from .larkread import parse as parse_with_lark

    return parse_with_lark(text, path)


# --- writing ----------------------------------------------------------------------

def _words(record: Record) -> dict[str, str]:
    lang = (record.header("Language") or "en").lower()
    return WORDS["fr"] if lang.startswith("fr") else WORDS["en"]


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def marks_text(m: Marks) -> str:
    """``+8 [remplir 4, battre-a-vrai]`` as written."""
    out = f"+{m.points}"
    if m.claims is not None:
        out += " [" + ", ".join(c.jan + (f" {c.points}" if c.points is not None else "") for c in m.claims) + "]"
    return out


def _holes_text(n: int, words: dict[str, str]) -> str:
    return words["hole"] if n == 1 else f"{words['holes']} {n}"


def figure_text(f: Figure) -> str:
    return f"figure {f.label} {_quote(f.spec)}"


def _reads_as(text: str, dice: tuple[int, int]) -> bool:
    """Whether the dice written ``text`` read as ``dice`` ('6-4', and as written '6-04')."""
    m = re.fullmatch(r"([0-9]{1,9})-([0-9]{1,9})", text)
    return m is not None and (int(m.group(1)), int(m.group(2))) == tuple(dice)


def write_throw(t: Throw, words: dict[str, str], *, comments: bool = True, variations: bool = True) -> str:
    """One throw as text; a caption may leave out its comments and variations."""
    parts = []
    if t.number is not None:
        parts.append(f"{t.number}.")
    parts.append(words[t.side])
    if t.cube:
        parts.append(t.cube)
    if t.dice_text and (t.dice is None or t.dice_text.lower() in DOUBLET_NAMES or _reads_as(t.dice_text, t.dice)):
        parts.append(t.dice_text)
    elif t.dice is not None:
        parts.append(f"{t.dice[0]}-{t.dice[1]}")
    moves_first = t.dice is None and not t.dice_text  # the dice are missing: a move stood in their place
    if moves_first:
        parts.extend(m.text for m in t.moves)
    if t.pour_tout:
        parts.append("pour-tout")
    if t.marks is not None:
        parts.append(marks_text(t.marks))
    if t.opp_marks is not None:
        parts.append(f"{words['opp']} {marks_text(t.opp_marks)}")
    if t.opp_holes is not None:
        parts.append(f"{words['opp']} " + _holes_text(t.opp_holes, words))
    if t.adoube:
        parts.append("adoube")
    parts.extend(f"{words['touched']} {x.arrow}" for x in t.touched)
    if not moves_first:
        parts.extend(m.text for m in t.moves)
    if t.fausse_case is not None:
        parts.append(words[t.fausse_case])
        parts.extend(m.text for m in t.replayed)
    if t.holes is not None:
        parts.append(_holes_text(t.holes, words))
    if t.decision is not None:
        parts.append(words[t.decision])
    if t.judgement is not None:
        parts.append(t.judgement)
    parts.extend(f"{words['ecole']} {e.points}" for e in t.ecoles)
    if t.marque is not None:
        parts.append(f"{words['marque']} {t.marque}")
    if t.refait:
        parts.append(words["refait"])
    if t.standing is not None:
        tallies = " ".join(f"{words[x.side]} {x.text}" for x in t.standing.tallies)
        parts.append(("score-before " if t.standing.before else "score ") + tallies)
    parts.extend(f"{s.kind}:" + ",".join(s.codes) for s in t.sics)
    parts.extend(figure_text(f) for f in t.figures)
    if comments:
        parts.extend("{" + c + "}" for c in t.comments)
    for v in t.variations if variations else ():
        parts.append("(" + " ".join(write_throw(x, words) for x in v) + ")")
    return " ".join(parts)


def write(record: Record) -> str:
    """The record as text; ``parse(write(r))`` equals ``r``."""
    words = _words(record)
    lines = [f"[{h.name} {_quote(h.value)}]" for h in record.headers]
    if record.headers:
        lines.append("")
    for s in record.setup:
        lines.append(f"@{words[s.side]} " + " ".join(f"{p.key}:{p.count}" for p in s.placements))
    lines.extend(figure_text(f) for f in record.figures)
    lines.extend("{" + c + "}" for c in record.comments)
    if record.setup or record.comments or record.figures:
        lines.append("")
    lines.extend(write_throw(t, words) for t in record.throws)
    return "\n".join(lines) + "\n"


def dice_name(dice: tuple[int, int]) -> str:
    """'6-4', or the doublet's name."""
    return DOUBLET_NAME[dice[0]] if dice[0] == dice[1] else f"{dice[0]}-{dice[1]}"


# --- files ------------------------------------------------------------------------

def read_text(path: str) -> tuple[str | None, list[Diagnostic]]:
    """The text of a record file, or None and one clear diagnostic (missing, not a regular file, too big,
    not UTF-8, empty)."""
    from ..core.files import Unreadable, read_bounded

    rep = Reporter(path)
    try:
        data = read_bounded(path, MAX_BYTES)
    except Unreadable as e:
        message = {
            "missing": "no such file",
            "folder": "is a directory, not a record file",
            "special": "is not a regular file (a device, a pipe or a socket), not a record file",
            "too-big": f"file is {(e.size or 0) / 1e6:.1f} MB; a record may be at most "
                       f"{MAX_BYTES // (1024 * 1024)} MB (split it, one game per file)",
        }.get(e.kind, f"cannot read: {e}")
        rep.error(message, code="file")
        return None, rep.items
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        rep.error(f"not UTF-8: byte 0x{data[e.start]:02x} cannot be decoded", Span(line, col), code="file",
                  hint="save the file as UTF-8 (e.g. iconv -f latin1 -t utf-8)")
        return None, rep.items
    text = text.removeprefix("\ufeff")
    if not text.strip():
        rep.error("empty record: expected header tags like [Title \"...\"] and throws like 1. white 6-4 T-6 T-4",
                  code="file")
        return None, rep.items
    return text, rep.items


def read(path: str) -> tuple[Record | None, list[Diagnostic], str | None]:
    """Read and parse a record file: (record or None, diagnostics, text)."""
    text, diags = read_text(path)
    if text is None:
        return None, diags, None
    record, more = parse(text, path)
    return record, diags + more, text
