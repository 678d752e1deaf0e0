"""Reading a record with Lark: the grammar's LALR parser, its error recovery, and the transformer from
its tree to the record model (notation/build.py gives the items their meaning).

The fast reader (fastread.py) reads ordinary records without it; every record it is not sure of, and every
record with a syntax error, comes here, so the diagnostics (FILE:LINE:COL, messages, recovery) are Lark's.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from typing import Any

from ..core.diagnostics import Diagnostic, Reporter
from . import build
from .build import DECISIONS, SIDES, Item
from .lalr import Token, Transformer
from .record import Claim, Ecole, Figure, Header, Marks, MoveText, Placement, Record, Setup, Span, Throw, Touched
from .recovery import parse_tree

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
    "TAUGHT": "taught:CODE (the fault an example teaches, acknowledged)",
    "ABRIDGED": "abridged:CODE (what the source leaves out on purpose, acknowledged)",
    "FIGURE": 'figure N "SPEC" (the book\'s figure)',
    "JUDGEMENT": "a judgement like ? or ?! (an annotator's)",
    "SCORE": "score white H/P black H/P (the running score the source prints; score-before: before the throw)",
    "TALLY": "a player's holes/points, like white 1/4 or black 0/8br",
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


def _span(tok: Token) -> Span:
    assert tok.line is not None and tok.column is not None  # the parser gives its tokens their place
    return Span(tok.line, tok.column, max(1, len(tok)))


_HEAD = re.compile(r"(?:(?P<number>\d+)\.[ \t]*)?(?P<side>\w+)"
                   r"(?:[ \t]+(?P<cube>(?i:double[ \t]+(?:take|drop|beaver)|resigns(?:-gammon|-backgammon|-match)?))"
                   r"(?![\w&'-]))?(?:[ \t]+(?P<dice>(?i:double[ \t]+deux)|[^\s{}()\[\]]+))?")
_MOVE = re.compile(r"[^\s(]+(?:[ \t]*\(\d\))?|\S+")  # backgammon's "13/10 (2)" is one move


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
        return [build.comment(c.value) if isinstance(c, Token) else c for c in children]

    def header(self, children: list[Token]) -> Header:
        tag, string = children
        return build.header(str(tag), str(string), _span(tag), self.r)

    def setup(self, children: list[Token]) -> Setup:
        side, *places = children
        placements = []
        for p in places:
            key, _, count = p.rpartition(":")
            placements.append(Placement(key, int(count), _span(p)))
        return Setup(SIDES[build.folded(side)], placements, _span(side))

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
        else:
            assert dice_span is not None
            dice, dice_text, is_move = build.dice(dice_text, dice_span, self.r)
            if is_move:
                moves_from = m.start("dice")
        t = Throw(SIDES[build.folded(m.group("side"))], dice, dice_text, int(number) if number else None,
                  span=span(0, m.end("side")), dice_span=dice_span)
        if m.group("cube"):
            t.cube, t.cube_span = re.sub(r"\s+", " ", m.group("cube").lower()), span(m.start("cube"), m.end("cube"))
        t.moves = [MoveText(tuple(mv.group().split("-")), span(mv.start(), mv.end()))
                   for mv in _MOVE.finditer(text, moves_from)]
        for item in children[1:]:
            build.add_item(t, item, self.r)
        return t

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
        return build.claim(str(jan), int(children[1]) if len(children) > 1 else None, _span(jan))

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
        return build.sic(str(children[0]), _span(children[0]), self.r)

    taught = abridged = sic  # the same item, its kind read from the word

    def standing(self, children: list[Token]) -> Item:
        word, *tallies = children
        read = [(side, value, _span(t)) for t in tallies for side, value in [str(t).split(None, 1)]]
        return build.standing(str(word), _span(word), read, self.r)

    def figure(self, children: list[Token]) -> Item:
        word, label, spec = children
        return ("figure", Figure(str(label), build.unquote(spec), _span(word)), _span(word))

    def decision(self, children: list[Token]) -> Item:
        tok = children[0]
        return ("decision", DECISIONS[build.folded(tok)], _span(tok))

    def ecole(self, children: list[Token]) -> Item:
        word, n = children
        return ("ecole", Ecole(int(n), _span(word)), _span(word))

    def marque(self, children: list[Token]) -> Item:
        word, n = children
        return ("marque", int(n), _span(word))

    def refait(self, children: list[Token]) -> Item:
        return ("refait", True, _span(children[0]))

    def judgement(self, children: list[Token]) -> Item:
        return ("judgement", str(children[0]), _span(children[0]))

    def comment(self, children: list[Token]) -> Item:
        tok = children[0]
        return ("comment", build.comment(tok), _span(tok))

    def variation(self, children: list[Any]) -> Item:
        throws = [c for c in children if isinstance(c, Throw)]
        first = children[0]
        span = first.span if isinstance(first, Throw) else _span(first)
        return ("variation", throws, span)


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
    """Parse ``text`` with Lark; return the record and every diagnostic found on the way."""
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
    throws = sorted(record.every_throw(), key=_start)
    starts = [_start(t) for t in throws]
    for error in errors:
        holder = bisect_right(starts, (error.line, error.column)) - 1
        if holder >= 0:
            throws[holder].unreadable = True


def _start(t: Throw) -> tuple[int, int]:
    assert t.span is not None  # every throw read has its place
    return t.span.line, t.span.column

