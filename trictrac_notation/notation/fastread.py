"""The fast reader: ordinary records read without Lark, to the very record Lark's path makes.

Lark's contextual lexer compiles the regular expressions of its 18 states in each process (≈ 45 ms of a
short command) and its tree and transformer cost ≈ 35 µs a throw.  Most records hold only what this
reader knows: headers, setups, figures, comments, throws with their dice, moves, marks with the jans
claimed, holes, stay/go, écoles, the marqué, the running score, the usual marks (pour-tout, adoube, touched,
let-stand, replayed, sic, taught, abridged), judgements (?, ?! …) and variations.  It reads them with one
small scanner and a hand-written descent of the grammar (grammar/trictrac.lark), and builds through
notation/build.py as Lark's transformer does.

It is sure or it gives up: at anything it does not know, or that the grammar might lex otherwise (a
word glued to a bracket, a header that spans lines, a backgammon cube or "(2)", a number of 10 digits
or in other digits than 0-9, odd white space), and at the first diagnostic, :func:`read` returns None
and the record goes to Lark — so every error, its FILE:LINE:COL and the recovery are Lark's.
tests/test_fastread.py checks that both paths give the same records, spans included.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial

from ..core.diagnostics import Reporter
from . import build
from .build import DECISIONS, SIDES, Item
from .limits import MAX_NESTING, suspect
from .record import JUDGEMENTS, Claim, Ecole, Figure, Marks, MoveText, Placement, Record, Setup, Span, Throw, Touched

# One token after Lark's white space (its %ignore WS: space, tab, form feed, CR, LF), LF apart to count lines.
# A throw's head is THROW_HEAD's beginning: number, player, backgammon's cube action, dice (a head with
# neither is not one: the reader gives up); a word runs to white space or a bracket (item() tells it).
_TOKEN = re.compile(r"""[ \t\r\f]*(?:
    (?P<nl>\n)
  | (?P<head>(?:(?P<number>[0-9]+)\.[ \t]*)?(?P<side>(?i:white|black|blanc|noir))(?![\w&'-])
             (?:[ \t]+(?P<cube>(?i:double[ \t]+(?:take|drop|beaver)
                                 |resigns(?:-gammon|-backgammon|-match)?))(?![\w&'-]))?
             (?:[ \t]+(?P<dice>[^\s{}()\[\]]+))?)
  | (?P<word>[^ \t\r\n\f{}()\[\]]+)
  | (?P<comment>\{[^{}]*\})
  | (?P<open>\()
  | (?P<close>\))
  | (?P<bracket>\[)
  | (?P<end>\Z)
)""", re.X)
_HEADER = re.compile(r'\[[ \t]*([A-Za-z][A-Za-z0-9_-]*)[ \t]*("(?:\\.|[^"\\\n])*")[ \t]*\]')
_MOVE = re.compile(r"[A-Za-z0-9&']+(?:-[A-Za-z0-9&']+)+")
_CLAIM = re.compile(r"[ \t]*([A-Za-z][A-Za-z-]*)(?:[ \t]+([0-9]+))?[ \t]*([,\]])")
# the rarer ones, compiled when first met (re keeps them): a short command pays for none of them
_FIGURE = r'[ \t]+([A-Za-z0-9][A-Za-z0-9_.-]*)[ \t]*("(?:\\.|[^"\\\n])*")'
_NO_CLAIM = r"[ \t]*\]"
_SLASH_MOVE = r"[A-Za-z0-9]+(?:/[A-Za-z0-9]+\*?)+"  # backgammon's 24/18*
_REPEAT = r"[ \t]*\([0-9]\)"  # backgammon's "13/10(2)", "13/10 (2)": one move
_PLACE = r"([A-Za-z0-9&']+):(-?[0-9]+)"
_SIC = r"(?i:sic|taught|abridged)(?::[A-Za-z-]*(?:,[A-Za-z-]+)*)?"
_ARROW = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789&'")


def _number(word: str) -> bool:
    """Whether ``word`` is a number in digits 0-9 (the grammar's INT)."""
    return word.isdigit() and word.isascii()


# the words of the grammar's keywords (their terminals are case-blind), as the kind of item they begin
_KEYWORDS = {
    **{w: "opp" for w in ("opp", "adv")},
    **{w: "hole" for w in ("hole", "holes", "trou", "trous")},
    **{w: "ecole" for w in ("ecole", "ecoles", "école", "écoles")},
    **{w: "decision" for w in DECISIONS},
    **{w: "marque" for w in ("marque", "marqué")},
    "refait": "refait",
    "pour-tout": "pour_tout",
    **{w: "adoube" for w in ("adoube", "jadoube", "j'adoube")},
    **{w: "touched" for w in ("touched", "touche", "touché", "touchee", "touchée")},
    **{w: "let-stand" for w in ("let-stand", "laissee", "laissée")},
    **{w: "replayed" for w in ("replayed", "rejoue", "rejoué", "rejouee", "rejouée")},
    **{w: "figure" for w in ("figure", "fig", "fig.")},
    "score": "standing",
    "score-before": "standing",
}
# Span(line, column, length) without the NamedTuple's own __new__ (a Python call): a throw makes several
_new_span: Callable[[tuple[int, int, int]], Span] = partial(tuple.__new__, Span)
_SIMPLE = {"refait": True, "pour_tout": True, "adoube": True}  # keywords that stand alone, and their value


class _Unsure(Exception):
    """Something this reader does not know: the record goes to Lark."""


def read(text: str, path: str = "<record>") -> Record | None:
    """The record of ``text``, or None when it is not an ordinary record (Lark reads it then)."""
    if suspect(text):
        return None
    reporter = Reporter(path)
    try:
        record = _Reader(text, reporter).record(path)
    except _Unsure:
        return None
    return None if reporter.items else record


class _Reader:
    """One pass over the text: ``pos`` the next character, ``line`` its line, ``line_start`` where it begins."""

    def __init__(self, text: str, reporter: Reporter):
        self.text, self.r = text, reporter
        self.pos, self.line, self.line_start = 0, 1, 0
        self.back: re.Match[str] | None = None  # a token read ahead, given again by next()

    def next(self) -> re.Match[str]:
        """The next token (line breaks counted and skipped)."""
        m = self.back
        if m is not None:
            self.back = None
            return m
        text = self.text
        while True:
            m = _TOKEN.match(text, self.pos)
            if m is None:
                raise _Unsure
            self.pos = m.end()
            kind = m.lastgroup
            if kind == "nl":
                self.line += 1
                self.line_start = self.pos
                continue
            if kind == "comment":
                breaks = m.group().count("\n")
                if breaks:
                    self.line += breaks
                    self.line_start = text.rindex("\n", 0, self.pos) + 1
            return m

    def span(self, start: int, length: int) -> Span:
        """Where the text from ``start`` (on the current line) was written."""
        return _new_span((self.line, start - self.line_start + 1, max(1, length)))

    def word_span(self, m: re.Match[str]) -> Span:
        return self.span(m.start("word"), m.end() - m.start("word"))

    # --- the preamble -------------------------------------------------------------------
    def record(self, path: str) -> Record:
        rec = Record(path=path)
        while True:
            m = self.next()
            kind = m.lastgroup
            if kind == "head":
                rec.throws = self.throws(m, 0)
                return rec
            if kind == "end":
                return rec
            if kind == "comment":
                rec.comments.append(build.comment(m.group("comment")))
            elif kind == "bracket":
                h = _HEADER.match(self.text, m.start("bracket"))
                if h is None:
                    raise _Unsure
                rec.headers.append(build.header(h.group(1), h.group(2), self.span(h.start(1), len(h.group(1))),
                                                self.r))
                self.pos = h.end()
            elif kind == "word":
                word = m.group("word")
                if word[0] == "@":
                    rec.setup.append(self.setup(m))
                elif _keyword(word) == "figure":
                    rec.figures.append(self.figure(m)[1])
                else:
                    raise _Unsure
            else:
                raise _Unsure

    def setup(self, m: re.Match[str]) -> Setup:
        """``@white T:3 1:3``; ``m`` is its first word."""
        side_at, side = m.start("word") + 1, m.group("word")[1:]
        if not side:  # "@ white"
            m = self.next()
            if m.lastgroup != "word":
                raise _Unsure
            side_at, side = m.start("word"), m.group("word")
        if side.lower() not in SIDES or not side.isascii():
            raise _Unsure
        found = Setup(SIDES[side.lower()], [], self.span(side_at, len(side)))
        while True:
            m = self.next()
            place = re.fullmatch(_PLACE, m.group("word")) if m.lastgroup == "word" else None
            if place is None:
                self.back = m
                return found
            if place.group(1).lower() in ("fig", "figure"):  # 'fig:2' is lexed as a figure
                raise _Unsure
            found.placements.append(Placement(place.group(1), int(place.group(2)), self.word_span(m)))

    def figure(self, m: re.Match[str]) -> Item:
        """``figure LABEL "SPEC"``; ``m`` is its first word."""
        f = re.compile(_FIGURE).match(self.text, m.end())
        if f is None:
            raise _Unsure
        self.pos = f.end()
        span = self.word_span(m)
        return ("figure", Figure(f.group(1), build.unquote(f.group(2)), span), span)

    # --- the throws -----------------------------------------------------------------------
    def throws(self, m: re.Match[str], depth: int) -> list[Throw]:
        """The throws from the head ``m`` to the end of the record, or of the variation ``depth`` deep (its
        ')' read)."""
        t = self.throw(m)
        found = [t]
        r = self.r
        while True:
            m = self.next()
            kind = m.lastgroup
            if kind == "word":
                word = m.group("word")
                if "-" in word and _MOVE.fullmatch(word) and word.lower() not in _KEYWORDS:
                    span = _new_span((self.line, m.start("word") - self.line_start + 1, len(word)))
                    move = MoveText(tuple(word.split("-")), span)
                    (t.replayed if t.fausse_case == "replayed" else t.moves).append(move)  # as build.add_item
                else:
                    build.add_item(t, self.item(m, word), r)
            elif kind == "head":
                t = self.throw(m)
                found.append(t)
            elif kind == "comment":
                t.comments.append(build.comment(m.group("comment")))
            elif kind == "open" and depth < MAX_NESTING:  # deeper, Lark refuses it
                t.variations.append(self.variation(depth + 1))
            elif kind == "close" and depth or kind == "end" and not depth:
                return found
            else:
                raise _Unsure

    def throw(self, m: re.Match[str]) -> Throw:
        start, side = m.start("head"), SIDES.get(m.group("side").lower())
        written, cube = m.group("dice"), m.group("cube")
        if side is None or written is None and cube is None:  # 'whıte' (Unicode's case folding), 'white' alone
            raise _Unsure
        dice: tuple[int, int] | None = None
        dice_text, dice_span = "", None
        if written is not None:  # (bad dice are reported, and the record goes to Lark)
            dice_span = self.span(m.start("dice"), len(written))
            dice, dice_text, _ = build.dice(written, dice_span, self.r)
        number = m.group("number")
        t = Throw(side, dice, dice_text, int(number) if number else None, span=self.span(start, m.end("side") - start),
                  dice_span=dice_span)
        if cube is not None:  # backgammon, before the dice
            t.cube, t.cube_span = " ".join(cube.lower().split()), self.span(m.start("cube"), len(cube))
        return t

    def variation(self, depth: int) -> list[Throw]:
        """``(`` read: its comments (not kept, as in Lark's path), then its throws."""
        while True:
            m = self.next()
            if m.lastgroup == "head":
                return self.throws(m, depth)
            if m.lastgroup != "comment":
                raise _Unsure

    def item(self, m: re.Match[str], word: str) -> Item:
        """The item that the word ``m`` begins (a move is read by the caller)."""
        span = self.word_span(m)
        kind = _keyword(word)
        if kind is None:
            if word in JUDGEMENTS:
                return ("judgement", word, span)
            if word[0] == "+" and _number(word[1:]):
                return ("marks", self.marks(word, span), span)
            if word[:3].lower() in ("sic", "tau", "abr") and word.isascii() and re.fullmatch(_SIC, word):
                return build.sic(word, span, self.r)
            if "/" in word and re.fullmatch(_SLASH_MOVE, word):
                repeat = re.compile(_REPEAT).match(self.text, m.end())
                if repeat:
                    self.pos = repeat.end()
                    word = self.text[m.start("word"):self.pos]
                    span = self.span(m.start("word"), len(word))
                return ("move", MoveText((word,), span), span)
            raise _Unsure
        if kind in _SIMPLE:
            return (kind, _SIMPLE[kind], span)
        if kind == "decision":
            return (kind, DECISIONS[word.lower()], span)
        if kind in ("let-stand", "replayed"):
            return (kind, word, span)
        if kind == "hole":
            return ("holes", self.count(), span)
        if kind == "opp":
            following = self.next()
            points = following.group("word") if following.lastgroup == "word" else ""
            if _keyword(points) == "hole":
                return ("opp_holes", self.count(), span)
            if points[:1] == "+" and _number(points[1:]):
                return ("opp_marks", self.marks(points, self.word_span(following)), span)
            raise _Unsure
        if kind == "figure":
            return self.figure(m)
        if kind == "standing":
            return self.standing(word, span)
        argument = self.next()  # ecole N, marque N, touched X
        value = argument.group("word") if argument.lastgroup == "word" else ""
        if kind == "touched" and value and _ARROW.issuperset(value):
            return (kind, Touched(value, self.word_span(argument)), span)
        if kind != "touched" and _number(value):
            return (kind, Ecole(int(value), span), span) if kind == "ecole" else (kind, int(value), span)
        raise _Unsure

    def standing(self, word: str, span: Span) -> Item:
        """``score`` read: two tallies, each a player and H/P[br] (the scanner reads them as throw heads; a
        second that is not one is given back)."""
        tallies: list[tuple[str, str, Span]] = []
        for _ in range(2):
            t = self.next()
            dice = t.group("dice") if t.lastgroup == "head" else None
            if dice is None or t.group("number") or t.group("cube") or not re.fullmatch(build.TALLY, dice):
                if not tallies:
                    raise _Unsure
                self.back = t
                break
            tallies.append((t.group("side"), dice, self.span(t.start("side"), t.end("dice") - t.start("side"))))
        return build.standing(word, span, tallies, self.r)

    def count(self) -> int:
        """The number after 'hole' (1 when none is written)."""
        m = self.next()
        self.back = m
        if m.lastgroup == "word" and m.group("word")[0] in "0123456789":
            word = m.group("word")
            if _number(word):
                self.back = None
                return int(word)
            if not (_MOVE.fullmatch(word) or re.fullmatch(_SLASH_MOVE, word)):  # a move: Lark's MOVE comes first
                raise _Unsure
        return 1

    def marks(self, word: str, span: Span) -> Marks:
        """``+N``, and the jans claimed if a '[' follows."""
        m = self.next()
        if m.lastgroup != "bracket":
            self.back = m
            return Marks(int(word[1:]), None, span)
        claims: list[Claim] = []
        text, pos = self.text, m.end()
        none = re.compile(_NO_CLAIM).match(text, pos)
        if none:
            self.pos = none.end()
            return Marks(int(word[1:]), claims, span)
        while True:
            c = _CLAIM.match(text, pos)
            if c is None:
                raise _Unsure
            points = c.group(2)
            claims.append(build.claim(c.group(1), int(points) if points else None,
                                      self.span(c.start(1), len(c.group(1)))))
            pos = c.end()
            if c.group(3) == "]":
                self.pos = pos
                return Marks(int(word[1:]), claims, span)


def _keyword(word: str) -> str | None:
    """The keyword ``word`` is (case-blind, as the grammar's terminals), if it is one."""
    kind = _KEYWORDS.get(word.lower())
    if kind is not None and not word.isascii() and any(c not in "éÉ" for c in word if not c.isascii()):
        raise _Unsure  # Unicode's case folding is the regular expressions' business
    return kind
