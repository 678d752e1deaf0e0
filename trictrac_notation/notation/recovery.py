"""Parsing a record's text into a tree, with error recovery in linear time (used by notation.parse).

A syntax error is reported, the offending part of the text is set aside (replaced by blanks,
so that every position stays put) and the parse goes on, so one run reports every error.  The
parse does not start over after each repair: it resumes from the last point saved before the
repaired part (see :class:`_Resumable`), so a record with many errors is read in linear time.
Variations nest at most :data:`MAX_NESTING` deep.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from ..core.diagnostics import Reporter
from .lalr import (
    TextSlice,
    Token,
    Tree,
    UnexpectedCharacters,
    UnexpectedEOF,
    UnexpectedInput,
    UnexpectedToken,
    parser as _parser,
)
from .limits import MAX_DIGITS, MAX_NESTING, MAX_SYNTAX_ERRORS, suspect
from .record import Span

if TYPE_CHECKING:
    from lark.parsers.lalr_parser_state import ParserState

Describe = Callable[[Iterable[str]], str]  # words the terminals expected


_HEAD_START = re.compile(r"(?:(\d+)\.[ \t]*)?((?i:white|black|blanc|noir)(?![\w&'-]))?[ \t]*([^\n]*)")


def parse_tree(text: str, syntax: Reporter, describe: Describe) -> Tree[Token] | None:
    """The Lark tree of ``text``, every syntax error reported to ``syntax`` (``describe(names)`` words
    the terminals expected); None after :data:`MAX_SYNTAX_ERRORS` errors."""
    if text.count("(") <= MAX_NESTING and not suspect(text):
        try:  # the common case, at full speed: no error, nothing to refuse, no deep nesting possible
            return _parser().parse(text)
        except UnexpectedInput:
            pass  # parse again with resume points, then repair
    work, closers = text, 0
    session = _Resumable()
    while True:
        try:
            return session.run(work)
        except (UnexpectedInput, _Refused) as e:
            if len(syntax.errors) >= MAX_SYNTAX_ERRORS:
                syntax.error(f"too many syntax errors ({MAX_SYNTAX_ERRORS}); the rest of the file was not read",
                             Span(*_line_col(work, getattr(e, "pos_in_stream", None) or 0)), code="syntax")
                return None
            work, closers, edited = _recover(e, work, syntax, closers, session, describe)
            session.rewind(edited)


def _line_col(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col


_WORD = re.compile(r"[^\s()\[\]{}]*")  # a word stops at brackets, which belong to the structure


def _token_end(text: str, pos: int) -> int:
    m = _WORD.match(text, pos)
    assert m is not None  # (it matches an empty word)
    return max(m.end(), pos + 1)


def _blank(text: str, start: int, end: int) -> str:
    """Replace text[start:end] by spaces, keeping line breaks so positions stay put."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def _broken_head(work: str, start: int, syntax: Reporter) -> bool:
    """Report a throw whose beginning is incomplete ('12.' with no player, a player with no dice)."""
    m = _HEAD_START.match(work, start)
    assert m is not None  # (each of its parts may be empty)
    number, side, rest = m.group(1), m.group(2), m.group(3)
    if not (number or side):
        return False
    if number and not side:
        syntax.error(f"throw {number}: expected a player (white or black) after '{number}.'",
                     Span(*_line_col(work, start), len(number) + 1), code="syntax",
                     hint=f"write e.g. {number}. white 6-4 T-6 T-4")
    elif not rest.strip():
        syntax.error(f"expected the dice after {side!r}", Span(*_line_col(work, m.start(2)), len(side)), code="syntax",
                     hint="write the dice, e.g. 6-4 or sonnez")
    else:
        return False
    return True


def _syntax_hint(word: str, expected: set[str]) -> str | None:
    if "MOVE" in expected and re.fullmatch(r"[A-Za-z0-9&']+", word):
        return "a move is written FROM-TO with a dash, e.g. T-6 or a-off"
    if "POINTS" in expected and re.fullmatch(r"\d+", word):
        return f"points marked are written with a plus sign, e.g. +{word}"
    return None


class _Refused(Exception):
    """A token refused before the parser sees it: a '(' that would open a variation deeper than
    :data:`MAX_NESTING`, or a number (``number``: its digits) of more than :data:`MAX_DIGITS` digits
    or in digits other than 0-9."""

    def __init__(self, token: Token, number: re.Match[str] | None = None):
        super().__init__(token)
        self.token, self.number = token, number
        assert token.start_pos is not None and token.end_pos is not None  # the lexer's tokens have their place
        self.start, self.end = token.start_pos, token.end_pos
        self.pos_in_stream = token.start_pos + (number.start() if number else 0)


_DIGITS = re.compile(r"\d+")
_TEN_DIGITS = re.compile(rf"\d{{{MAX_DIGITS + 1}}}")
_FREE_TEXT = ("COMMENT", "STRING")  # their numbers are words, never read as numbers
def _odd_number(tok: Token) -> re.Match[str] | None:
    """The first number of ``tok`` too long to be one of a record's, or written in other digits than 0-9."""
    if tok.type in _FREE_TEXT or (tok.isascii() and not _TEN_DIGITS.search(tok)):
        return None
    return next((m for m in _DIGITS.finditer(tok) if len(m.group()) > MAX_DIGITS or not m.group().isascii()), None)


class _Point:
    """Where a parse may resume: the parser's stacks before the token at ``pos``, and what the
    repairs need to know of the text before it."""

    __slots__ = ("pos", "states", "values", "sizes", "parens", "lsqb", "word")

    def __init__(self, pos: int, states: list[Any] | None, values: list[Any] | None,
                 sizes: tuple[tuple[Tree[Token], int], ...], parens: tuple[int, ...], lsqb: int | None,
                 word: tuple[int, int] | None):
        self.pos, self.states, self.values, self.sizes = pos, states, values, sizes
        self.parens, self.lsqb, self.word = parens, lsqb, word


class _Resumable:
    """The LALR parse of one record, resumed after each repair of the text instead of started over.

    A repair (see :func:`_recover`) changes the text at or after some position; what was parsed
    before it stands, so the parse resumes from the last *resume point* at or before it: the
    parser's stacks saved before a token every :attr:`GAP` characters.  Lark's LALR parser changes
    the trees on its stack only by appending children (its shortcut for left recursion), so a
    point keeps shallow copies of the stacks and the number of children of each tree, and
    resuming cuts those lists back.  A repair thus costs the text since the point before it, and
    a record with many errors is read in linear time (it took one whole parse per error).

    It also keeps what the repairs ask about the text before an error: the '(' still open, the
    '[' of the current brackets and the last word read (tokens written without a space between).
    """

    GAP = 512

    def __init__(self) -> None:
        self.gap = self.GAP
        self.points = [_Point(0, None, None, (), (), None, None)]
        self.parens: list[int] = []
        self.lsqb: int | None = None
        self.word: tuple[int, int] | None = None
        self.read = 0  # characters parsed by all the runs together (the tests bound it)

    def run(self, work: str) -> Tree[Token]:
        """The tree of ``work``; UnexpectedInput or _Refused at the first error."""
        point = self.points[-1]
        ip = _parser().parse_interactive(TextSlice(work, point.pos, len(work)))
        state = ip.parser_state
        if point.states is not None and point.values is not None:
            state.state_stack[:] = point.states
            state.value_stack[:] = point.values
            for tree, size in point.sizes:
                del tree.children[size:]
        self.parens, self.lsqb, self.word = list(point.parens), point.lsqb, point.word
        saved, reached = point.pos, point.pos
        last: Token | None = None
        try:
            for tok in ip.lexer_thread.lex(state):
                pos = reached = tok.start_pos
                if pos - saved >= self.gap:
                    self._save(pos, state)
                    saved = pos
                kind = tok.type
                if kind == "LPAR" and len(self.parens) >= MAX_NESTING:
                    raise _Refused(tok)
                number = _odd_number(tok)
                if number:
                    raise _Refused(tok, number)
                state.feed_token(tok)
                if kind == "LPAR":
                    self.parens.append(pos)
                elif kind == "RPAR":
                    self.parens.pop()
                elif kind == "LSQB":
                    self.lsqb = pos
                word = self.word
                self.word = (word[0] if word and word[1] == pos else pos, tok.end_pos)
                last, reached = tok, tok.end_pos
            result: Tree[Token] = ip.feed_eof(last)
            return result
        finally:
            self.read += reached - point.pos

    def _save(self, pos: int, state: ParserState[Any]) -> None:
        values = list(state.value_stack)
        sizes = tuple((v, len(v.children)) for v in values if isinstance(v, Tree))
        self.points.append(_Point(pos, list(state.state_stack), values, sizes, tuple(self.parens), self.lsqb,
                                  self.word))

    def rewind(self, edited: int) -> None:
        """The text changed from ``edited`` on: forget the points after it."""
        while len(self.points) > 1 and self.points[-1].pos > edited:
            self.points.pop()


def _recover(e: UnexpectedInput | _Refused, work: str, syntax: Reporter, closers: int, at: _Resumable,
             describe: Describe) -> tuple[str, int, int]:
    """Report one syntax error; return the text with the offending part set aside, the count of
    ')' added at the end, and where the text was changed (the parse resumes before it)."""
    if isinstance(e, _Refused):
        return _recover_refused(e, work, syntax), closers, e.start
    eof = isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken) and e.token.type == "$END")
    expected: set[str]
    if isinstance(e, UnexpectedToken):
        expected = set(e.expected)
        start = len(work) if eof or e.token.start_pos is None else e.token.start_pos
        end = max(e.token.end_pos or start, _token_end(work, start)) if not eof else start
    elif isinstance(e, UnexpectedCharacters):
        expected = set(e.allowed or ())
        start = e.pos_in_stream if e.pos_in_stream is not None else len(work)
        end = _token_end(work, start)
    else:
        assert isinstance(e, UnexpectedEOF)  # (the third kind of UnexpectedInput)
        expected, start = set(e.expected), len(work)
        end = start
    if "RPAR" in expected and not at.parens:
        expected.discard("RPAR")  # LALR shares the state with the inside of a variation
    if isinstance(e, UnexpectedCharacters) and work[start] == "{":
        # no '}' before the next '{': the comment is open; set its line aside, not the rest of the file
        line_end = work.find("\n", start)
        syntax.error("unterminated comment: '{' is never closed", Span(*_line_col(work, start)), code="syntax",
                     hint="close the comment with '}' (comments do not nest)")
        return _blank(work, start, len(work) if line_end < 0 else line_end), closers, start
    if expected & _IN_BRACKETS:
        opener = at.lsqb if at.lsqb is not None else work.rfind("[", 0, start)
        return _recover_in_brackets(work, opener, start, end, expected, syntax, describe), closers, opener
    word = _last_word(work, at.word)
    if eof:
        if "RPAR" in expected and closers < MAX_NESTING:
            syntax.error(f"'(' is never closed: expected {describe(expected)}",
                         Span(*_line_col(work, at.parens[-1])), code="syntax", hint="close the variation with ')'")
            return work + ")", closers + 1, len(work)
        before, after = word or (0, 0)
        syntax.error(f"the record ends too early: expected {describe(expected)}",
                     Span(*_line_col(work, before), after - before), code="syntax")
        return _blank(work, before, after), closers, before
    if "THROW_HEAD" in expected and _broken_head(work, start, syntax):
        end = work.find("\n", start)
        return _blank(work, start, len(work) if end < 0 else end), closers, start
    if word and expected <= _ARGUMENTS and work.find("\n", word[1], start) < 0:
        # a keyword whose argument is wrong ('opp 4', 'ecole x'): one error, the keyword set aside too
        before, keyword_end = word
        keyword, bad = work[before:keyword_end], work[start:end]
        if bad[0] in "{(":  # a comment or a variation follows: only the keyword is set aside
            syntax.error(f"expected {describe(expected)} after {keyword!r}",
                         Span(*_line_col(work, before), len(keyword)), code="syntax")
            return _blank(work, before, keyword_end), closers, before
        syntax.error(f"expected {describe(expected)} after {keyword!r}, not {bad!r}",
                     Span(*_line_col(work, before), end - before), code="syntax",
                     hint=_syntax_hint(bad, expected))
        claims = re.compile(r"[ \t]*\[[^\]\n]*\]").match(work, end)  # the jans claimed go with the points
        return _blank(work, before, claims.end() if claims else end), closers, before
    if word and work.find("\n", word[1], start) >= 0 and "THROW_HEAD" not in expected:
        # the line before ends with something unfinished ('ecole' with no points): say so there
        before, after = word
        unfinished = work[before:after]
        syntax.error(f"expected {describe(expected)} after {unfinished!r}",
                     Span(*_line_col(work, before), len(unfinished)), code="syntax")
        return _blank(work, before, after), closers, before
    bad = work[start:end]
    syntax.error(f"unexpected {bad!r}: expected {describe(expected)}",
                 Span(*_line_col(work, start), max(1, end - start)), hint=_syntax_hint(bad, expected), code="syntax")
    return _blank(work, start, end), closers, start


def _recover_refused(e: _Refused, work: str, syntax: Reporter) -> str:
    tok = e.token
    if e.number is None:
        syntax.error(f"a variation nested {MAX_NESTING + 1} deep: variations nest at most {MAX_NESTING} deep "
                     "(this one is set aside with what it holds)", Span(*_line_col(work, e.start)),
                     code="syntax", hint="give the line of play as a variation of an outer throw, or in a comment")
        return _blank(work, e.start, _variation_end(work, e.start))
    digits = e.number.group()
    if len(digits) > MAX_DIGITS:
        syntax.error(f"a number of {len(digits):,} digits: a record's numbers have at most {MAX_DIGITS}",
                     Span(*_line_col(work, e.pos_in_stream), min(len(digits), 80)), code="syntax")
    else:
        start, end = e.number.span()
        while start > 0 and not tok[start - 1].isspace():
            start -= 1
        while end < len(tok) and not tok[end].isspace():
            end += 1
        word = tok[start:end]
        plain = _DIGITS.sub(lambda m: str(int(m.group())), word)
        syntax.error(f"{word!r} is written with digits other than 0-9", Span(*_line_col(work, e.start + start),
                     len(word)), code="syntax", hint=f"write it {plain!r}")
    return _blank(work, e.start, e.end)


# what a keyword waits for: 'opp +4', 'ecole 4', 'holes 2'
_ARGUMENTS = {"POINTS", "INT", "HOLE"}

# terminals only expected between '[' and ']' (a header, or the jans claimed with points)
_IN_BRACKETS = {"TAG", "STRING", "RSQB", "JAN"}


def _recover_in_brackets(work: str, opener: int, start: int, end: int, expected: set[str], syntax: Reporter,
                         describe: Describe) -> str:
    """An error inside [...]: report it once and set the bracket's whole line aside."""
    line_end = work.find("\n", opener)
    line_end = len(work) if line_end < 0 else line_end
    if start >= line_end:
        last = len(work[:line_end].rstrip())
        syntax.error("'[' is never closed on its line: expected " + describe(expected),
                     Span(*_line_col(work, last)), code="syntax", hint="close it with ']'")
    elif work[start] == '"':
        syntax.error("unterminated string: '\"' is never closed on its line", Span(*_line_col(work, start)),
                     code="syntax", hint='a value is written between double quotes, e.g. [Title "Partie"]')
    else:
        word = work[start:min(end, line_end)]
        hint = 'a value is written between double quotes, e.g. [Title "Partie"]' if "STRING" in expected else None
        syntax.error(f"unexpected {word!r}: expected {describe(expected)}",
                     Span(*_line_col(work, start), max(1, len(word))), code="syntax", hint=hint)
    return _blank(work, opener, line_end)


_SPACE_RUN = re.compile(r"\S*")


def _last_word(work: str, glued: tuple[int, int] | None) -> tuple[int, int] | None:
    """(start, end) of the word before an error: the end of the tokens read last without a space
    between them (``glued``), from the last blank inside them (a comment may hold some)."""
    if glued is None:
        return None
    start, end = glued
    m = _SPACE_RUN.match(work[start:end][::-1])
    assert m is not None  # (it matches an empty run)
    return end - m.end(), end


_PARENS = re.compile(r'\{[^{}]*\}|"(?:\\.|[^"\\\n])*"|[()]')  # comments and strings are skipped


def _variation_end(work: str, start: int) -> int:
    """The end of the variation opened at ``start`` (after its ')'), or of the text if it is never closed."""
    depth = 0
    for m in _PARENS.finditer(work, start):
        if m.group() == "(":
            depth += 1
        elif m.group() == ")":
            depth -= 1
            if not depth:
                return m.end()
    return len(work)
