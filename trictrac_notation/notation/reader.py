"""Reading and writing game records (the syntax layer).

:func:`parse` turns text into a :class:`~trictrac_notation.notation.record.Record` and a
list of diagnostics; it never raises on bad input.  A syntax error is reported,
the offending token is set aside and the parse resumes, so one run reports every
error.  :func:`write` turns a record back into text that parses to an equal record.
"""

from __future__ import annotations

import difflib
import re
from bisect import bisect_right
from collections.abc import Iterable
from typing import Any

from ..core.board import BLACK, WHITE, Color
from ..core.diagnostics import Diagnostic, Reporter
from .lalr import Token, Transformer
from .record import (
    DOUBLET_NAME,
    DOUBLET_NAMES,
    JAN_SLUGS,
    KNOWN_TAGS,
    Claim,
    Ecole,
    Figure,
    Header,
    Marks,
    MoveText,
    Placement,
    Record,
    Setup,
    Sic,
    Span,
    Throw,
    Touched,
)
from .recovery import MAX_NESTING, MAX_SYNTAX_ERRORS, parse_tree  # noqa: F401 (the limits are part of the API)

MAX_BYTES = 2 * 1024 * 1024

# what a throw's items read as: (kind, value, where), e.g. ("move", MoveText, Span)
Item = tuple[str, Any, Span | None]

# terminal name -> how to say it in an error message
EXPECTED = {
    "TAG": "a tag name",
    "STRING": 'a quoted value like "Soumille"',
    "DICE": "the dice, like 6-4 or sonnez",
    "MOVE": "a move like T-6",
    "POINTS": "points marked like +4",
    "OPP": "opp (the opponent's marks)",
    "HOLE": "hole / holes N",
    "ECOLE": "ecole N",
    "DECISION": "stay or go",
    "MARQUE": "marque N (the marqué reckoned)",
    "REFAIT": "refait",
    "POUR_TOUT": "pour-tout",
    "ADOUBE": "adoube",
    "TOUCHED": "touched X (a dame touched)",
    "LET_STAND": "let-stand",
    "REPLAYED": "replayed and the play that stands",
    "SIC": "sic:CODE (a slip of the source acknowledged)",
    "FIGURE": 'figure N "SPEC" (the book\'s figure)',
    "FIGURE_LABEL": "the figure's label, like 2",
    "ARROW": "an arrow, like 5 or g",
    "JAN": "a jan name like battre-a-vrai",
    "INT": "a number",
    "COMMENT": "a {comment}",
    "LSQB": "'['",
    "RSQB": "']'",
    "LPAR": "a (variation)",
    "RPAR": "')' closing the variation",
    "COMMA": "','",
    "THROW_HEAD": "a throw like 12. white 6-4 T-6 T-4",
    "PLACE": "a placement like T:13",
    "THROW": "the next throw, like 12. white 6-4",
    "THROW_NUMBER": "a throw number like 12.",
    "SIDE": "a player (white or black)",
    "AT": "'@' and a starting position",
    "$END": "the end of the record",
}
# the order in which expectations are listed: most useful first
_ORDER = list(EXPECTED)

SIDES: dict[str, Color] = {"white": WHITE, "blanc": WHITE, "black": BLACK, "noir": BLACK}
DECISIONS = {"stay": "stay", "tient": "stay", "tenir": "stay", "go": "go", "va": "go", "part": "go"}
WORDS = {
    "en": {"white": "white", "black": "black", "stay": "stay", "go": "go", "hole": "hole", "holes": "holes",
           "ecole": "ecole", "opp": "opp", "touched": "touched", "let-stand": "let-stand", "replayed": "replayed",
           "marque": "marque", "refait": "refait"},
    "fr": {"white": "blanc", "black": "noir", "stay": "tient", "go": "va", "hole": "trou", "holes": "trous",
           "ecole": "école", "opp": "adv", "touched": "touchée", "let-stand": "laissée", "replayed": "rejouée",
           "marque": "marqué", "refait": "refait"},
}


def _span(tok: Token) -> Span:
    assert tok.line is not None and tok.column is not None  # the parser gives its tokens their place
    return Span(tok.line, tok.column, max(1, len(tok)))


_HEAD = re.compile(r"(?:(?P<number>\d+)\.[ \t]*)?(?P<side>\w+)"
                   r"(?:[ \t]+(?P<cube>(?i:double[ \t]+(?:take|drop|beaver)|resigns(?:-gammon|-backgammon)?))"
                   r"(?![\w&'-]))?(?:[ \t]+(?P<dice>(?i:double[ \t]+deux)|[^\s{}()\[\]]+))?")
_MOVE = re.compile(r"[^\s(]+(?:[ \t]*\(\d\))?|\S+")  # backgammon's "13/10 (2)" is one move
_PLAIN_DICE = {f"{a}-{b}": (a, b) for a in range(1, 7) for b in range(1, 7)}
# arrows are short (T, 11', B12, &, off): 'doble-deux' is a misspelt doublet, 'T-6' a move
_LOOKS_LIKE_MOVE = re.compile(r"(?=.*[A-Za-z&'])[A-Za-z0-9&']{1,3}(-[A-Za-z0-9&']{1,3})+", re.I)


class _Offsets:
    """Spans of the parts of a token that may run over several lines."""

    __slots__ = ("tok", "text")

    def __init__(self, tok: Token):
        self.tok, self.text = tok, str(tok)

    def span(self, start: int, end: int) -> Span:
        tok = self.tok
        assert tok.line is not None and tok.column is not None
        breaks = self.text.count("\n", 0, start)
        if not breaks:
            return Span(tok.line, tok.column + start, end - start)
        return Span(tok.line + breaks, start - self.text.rfind("\n", 0, start), end - start)


class _Build(Transformer[Token, Any]):
    """Tree -> record model, with the light semantic checks that need no rules."""

    def __init__(self, reporter: Reporter):
        super().__init__()
        self.r = reporter

    # --- preamble ---------------------------------------------------------------
    def start(self, children: list[Any]) -> Record:
        preamble, throws = children[0], children[1:]
        rec = Record(path=self.r.path)
        for item in preamble:
            if isinstance(item, Header):
                rec.headers.append(item)
            elif isinstance(item, Setup):
                rec.setup.append(item)
            elif isinstance(item, tuple):  # ("figure", Figure, span)
                rec.figures.append(item[1])
            else:
                rec.comments.append(item)
        rec.throws = list(throws)
        return rec

    def preamble(self, children: list[Any]) -> list[Any]:
        return [c.value[1:-1] if isinstance(c, Token) else c for c in children]

    def header(self, children: list[Token]) -> Header:
        tag, string = children
        value = re.sub(r"\\(.)", r"\1", string[1:-1])
        if tag not in KNOWN_TAGS:
            folded = {t.lower(): t for t in KNOWN_TAGS}
            close = ([folded[tag.lower()]] if tag.lower() in folded
                     else difflib.get_close_matches(tag, KNOWN_TAGS, 1, 0.6))
            self.r.warning(f"unknown tag {str(tag)!r} (kept as is)", _span(tag),
                           hint=f"did you mean {close[0]!r}?" if close else f"known tags: {', '.join(KNOWN_TAGS)}",
                           code="unknown-tag")
        return Header(str(tag), value, _span(tag))

    def setup(self, children: list[Token]) -> Setup:
        side, *places = children
        placements = []
        for p in places:
            key, _, count = p.rpartition(":")
            placements.append(Placement(key, int(count), _span(p)))
        return Setup(SIDES[side.lower()], placements, _span(side))

    # --- throws -------------------------------------------------------------------
    def throw(self, children: list[Any]) -> Throw:
        head = children[0]
        text = str(head)
        m = _HEAD.match(text)
        assert m is not None  # the grammar's THROW_HEAD reads as _HEAD
        number = m.group("number")
        dice_text = m.group("dice")
        line, column = head.line, head.column
        one_line = "\n" not in text

        def span(start: int, end: int) -> Span:
            if one_line:
                return Span(line, column + start, end - start)
            return _Offsets(head).span(start, end)

        dice_span = span(m.start("dice"), m.end("dice")) if dice_text is not None else None
        moves_from = m.end()
        if dice_text is None:  # backgammon: a dropped double or a resignation ends the game before the dice
            dice, dice_text = None, ""
        elif dice_text in _PLAIN_DICE:
            dice = _PLAIN_DICE[dice_text]
        elif dice_text.lower() not in DOUBLET_NAMES and _LOOKS_LIKE_MOVE.fullmatch(dice_text):
            self.r.error(f"the dice are missing: {dice_text!r} is a move", dice_span, code="bad-dice",
                         hint="write the dice after the player, e.g. 12. white 6-4 T-6 T-4")
            dice, dice_text, moves_from = None, "", m.start("dice")
        else:
            dice, dice_text = self._dice(dice_text, dice_span)
        t = Throw(SIDES[m.group("side").lower()], dice, dice_text, int(number) if number else None,
                  span=span(0, m.end("side")), dice_span=dice_span)
        if m.group("cube"):
            t.cube, t.cube_span = re.sub(r"\s+", " ", m.group("cube").lower()), span(m.start("cube"), m.end("cube"))
        t.moves = [MoveText(tuple(mv.group().split("-")), span(mv.start(), mv.end()))
                   for mv in _MOVE.finditer(text, moves_from)]
        for item in children[1:]:
            self._add_item(t, item)
        return t

    def _add_item(self, t: Throw, item: Item) -> None:
        kind, value, span = item
        if kind == "move" and t.fausse_case == "replayed":
            t.replayed.append(value)  # the moves after 'replayed' are the play that stands
        elif kind in _LISTS:
            getattr(t, _LISTS[kind]).append(value)
        elif kind in _ONCE:
            attr, span_attr, what = _ONCE[kind]
            if getattr(t, attr) not in (None, False):
                self.r.error(f"{what} twice for the same throw", span, code="syntax",
                             hint="write one +N with all the jans" if kind == "marks" else None)
            elif (kind, t.marque is not None, t.refait) in (("marque", False, True), ("refait", True, False)):
                self.r.error("a throw ends its marqué once: write 'marque N' (its value) or 'refait', not both",
                             span, code="syntax")
            setattr(t, attr, value)
            if span_attr:
                setattr(t, span_attr, span)
        elif kind in ("let-stand", "replayed"):
            if t.fausse_case is not None:
                self.r.error(f"'{value}' after '{t.fausse_case}': the opponent either lets a fausse case stand or "
                             "has it played again, once", span, code="syntax")
                return
            t.fausse_case, t.fausse_case_span = kind, span
            if not t.moves:
                self.r.error(f"'{value}' follows no play: write the fausse case as played, then '{value}'",
                             span, code="syntax", hint="e.g. 12. white 6-5 T-6 T-6 let-stand")

    def _dice(self, text: str, span: Span | None) -> tuple[tuple[int, int] | None, str]:
        name = re.sub(r"\s+", "-", text.lower())  # "double deux" is double-deux
        if name in DOUBLET_NAMES:
            d = DOUBLET_NAMES[name]
            return (d, d), name
        m = re.fullmatch(r"(\d+)-(\d+)", text)
        if m:
            d1, d2 = int(m.group(1)), int(m.group(2))
            if 1 <= d1 <= 6 and 1 <= d2 <= 6:
                return (d1, d2), text
            self.r.error(f"impossible dice {text!r}: each die shows 1 to 6", span, code="bad-dice")
            return None, text
        close = difflib.get_close_matches(name, list(DOUBLET_NAMES), 1, 0.6)
        self.r.error(f"unknown dice {text!r}: expected two numbers like 6-4 or a doublet name "
                     f"({', '.join(DOUBLET_NAMES)})", span,
                     hint=f"did you mean {close[0]!r}?" if close else None, code="bad-dice")
        return None, text

    def move(self, children: list[Token]) -> Item:
        tok = children[0]
        return ("move", MoveText(tuple(tok.split("-")), _span(tok)), _span(tok))

    def marks(self, children: list[Any]) -> Item:
        tok = children[0]
        claims = children[1] if len(children) > 1 else None
        return ("marks", Marks(int(tok[1:]), claims, _span(tok)), _span(tok))

    def opp_marks(self, children: list[Any]) -> Item:
        opp, tok = children[0], children[1]
        claims = children[2] if len(children) > 2 else None
        return ("opp_marks", Marks(int(tok[1:]), claims, _span(tok)), _span(opp))

    def claims(self, children: list[Claim]) -> list[Claim]:
        return list(children)

    def claim(self, children: list[Token]) -> Claim:
        jan = children[0]
        slug = jan.lower()
        if slug not in JAN_SLUGS:
            close = difflib.get_close_matches(slug, JAN_SLUGS, 1, 0.5)
            self.r.error(f"unknown jan {str(jan)!r}", _span(jan), code="unknown-jan",
                         hint=f"did you mean {close[0]!r}?" if close else f"jans: {', '.join(JAN_SLUGS)}")
        points = int(children[1]) if len(children) > 1 else None
        return Claim(slug, points, _span(jan))

    def holes(self, children: list[Token]) -> Item:
        word = children[0]
        count = int(children[1]) if len(children) > 1 else 1
        return ("holes", count, _span(word))

    def opp_holes(self, children: list[Token]) -> Item:
        opp = children[0]
        count = int(children[2]) if len(children) > 2 else 1
        return ("opp_holes", count, _span(opp))

    def pour_tout(self, children: list[Token]) -> Item:
        return ("pour_tout", True, _span(children[0]))

    def adoube(self, children: list[Token]) -> Item:
        return ("adoube", True, _span(children[0]))

    def touched(self, children: list[Token]) -> Item:
        word, arrow = children
        return ("touched", Touched(str(arrow), _span(arrow)), _span(word))

    def let_stand(self, children: list[Token]) -> Item:
        return ("let-stand", str(children[0]), _span(children[0]))

    def replayed(self, children: list[Token]) -> Item:
        return ("replayed", str(children[0]), _span(children[0]))

    def sic(self, children: list[Token]) -> Item:
        tok = children[0]
        codes = tuple(c.lower() for c in tok.partition(":")[2].split(",") if c)
        if not codes:
            self.r.error("sic names no diagnostic: write sic:CODE, the code of the slip it acknowledges",
                         _span(tok), code="sic", hint="e.g. sic:ecole or sic:illegal-play,figure")
        return ("sic", Sic(codes, _span(tok)), _span(tok))

    def figure(self, children: list[Token]) -> Item:
        word, label, spec = children
        return ("figure", Figure(str(label), re.sub(r"\\(.)", r"\1", spec[1:-1]), _span(word)), _span(word))

    def decision(self, children: list[Token]) -> Item:
        tok = children[0]
        return ("decision", DECISIONS[tok.lower()], _span(tok))

    def ecole(self, children: list[Token]) -> Item:
        word, n = children
        return ("ecole", Ecole(int(n), _span(word)), _span(word))

    def marque(self, children: list[Token]) -> Item:
        word, n = children
        return ("marque", int(n), _span(word))

    def refait(self, children: list[Token]) -> Item:
        return ("refait", True, _span(children[0]))

    def comment(self, children: list[Token]) -> Item:
        tok = children[0]
        return ("comment", tok[1:-1], _span(tok))

    def variation(self, children: list[Any]) -> Item:
        throws = [c for c in children if isinstance(c, Throw)]
        first = children[0]
        span = first.span if isinstance(first, Throw) else _span(first)
        return ("variation", throws, span)


# item kind -> the Throw list it goes to
_LISTS = {"move": "moves", "touched": "touched", "sic": "sics", "figure": "figures", "ecole": "ecoles",
          "comment": "comments", "variation": "variations"}
# item kind -> (the Throw field it sets, its span field, what it is): given once per throw
_ONCE = {
    "marks": ("marks", None, "points marked"),
    "opp_marks": ("opp_marks", None, "the opponent's points marked"),
    "opp_holes": ("opp_holes", "opp_holes_span", "the opponent's holes marked"),
    "holes": ("holes", "holes_span", "holes marked"),
    "decision": ("decision", "decision_span", "stay/go given"),
    "pour_tout": ("pour_tout", "pour_tout_span", "pour-tout given"),
    "adoube": ("adoube", None, "adoube given"),
    "marque": ("marque", "marque_span", "the marqué reckoned"),
    "refait": ("refait", "marque_span", "refait given"),
}


# --- syntax errors --------------------------------------------------------------

def _describe_expected(names: Iterable[str]) -> str:
    wanted = set(names)
    if {"THROW_NUMBER", "SIDE"} <= wanted:
        wanted -= {"THROW_NUMBER", "SIDE"}
        wanted.add("THROW")
    ordered = sorted(wanted, key=lambda n: _ORDER.index(n) if n in _ORDER else len(_ORDER))
    words = [EXPECTED.get(n, n) for n in ordered]
    if not words:
        return "nothing more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def parse(text: str, path: str = "<record>") -> tuple[Record, list[Diagnostic]]:
    """Parse ``text``; return the record and every diagnostic found on the way."""
    syntax = Reporter(path)
    tree = parse_tree(text, syntax, _describe_expected)
    if tree is None:  # too many syntax errors
        return Record(path=path), syntax.items
    semantic = Reporter(path)
    record: Record = _Build(semantic).transform(tree)
    record.path = path
    _mark_unreadable(record, syntax.items)
    return record, syntax.items + semantic.items


def _mark_unreadable(record: Record, errors: list[Diagnostic]) -> None:
    """Flag each throw holding a syntax error: what was read of it is not the whole throw."""
    if not errors:
        return
    throws: list[Throw] = []

    def collect(line: list[Throw]) -> None:
        for t in line:
            throws.append(t)
            for v in t.variations:
                collect(v)

    collect(record.throws)
    throws.sort(key=_start)
    starts = [_start(t) for t in throws]
    for error in errors:
        holder = bisect_right(starts, (error.line, error.column)) - 1
        if holder >= 0:
            throws[holder].unreadable = True


def _start(t: Throw) -> tuple[int, int]:
    assert t.span is not None  # every throw read has its place
    return t.span.line, t.span.column


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
    parts.extend(f"{words['ecole']} {e.points}" for e in t.ecoles)
    if t.marque is not None:
        parts.append(f"{words['marque']} {t.marque}")
    if t.refait:
        parts.append(words["refait"])
    parts.extend("sic:" + ",".join(s.codes) for s in t.sics)
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
