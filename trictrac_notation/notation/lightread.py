"""The light reader: a record's throws read into plain tuples, for the fast paths that replay without objects.

The fast reader (fastread.py) builds the very Record that Lark's path makes — throws, moves and spans as objects
— because diagnostics, the writer and the pages need them.  A clean record being checked needs none of that:
only its headers and, for each throw, its number, player, dice and the coordinates of its moves.  This reader
reads that much with one regular expression, and only from the plainest records: headers, comments, and throws
made of a number, a player, dice (``6-4``, ``sonnez``, ``double deux``) and moves.  At anything else — a mark, a
hole, a variation, a setup, a figure, an unknown header, odd white space — it returns None and the caller takes
the full path, whose readers and diagnostics stay the reference.  It knows no game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .build import PLAIN_DICE, SIDES, unquote
from .limits import suspect
from .record import DOUBLET_NAMES, KNOWN_TAGS

# number, player, dice, moves, where: (n or None, side, a, b, ("T-6", "T-4"), (offset, length)), the throw
# written at ``offset`` of the text, its number and player ``length`` characters long (the span diagnostics give);
# a line without dice (a cube action's) has a = b = 0
LightThrow = tuple["int | None", str, int, int, tuple[str, ...], tuple[int, int]]

_DICE = {**PLAIN_DICE, **{name: (d, d) for name, d in DOUBLET_NAMES.items()}}
_KNOWN = frozenset(KNOWN_TAGS)
_HEADER = re.compile(r'[ \t\r\n]*\[[ \t]*([A-Za-z][A-Za-z0-9_-]*)[ \t]*("(?:\\.|[^"\\\n])*")[ \t]*\](?=[ \t\r\n]|\Z)')
_COMMENT = re.compile(r"[ \t\r\n]*\{[^{}]*\}(?=[ \t\r\n]|\Z)")
# one throw: its number, player, the cube's action (backgammon), dice, then moves separated by blanks, each ending
# at a blank or the end
_THROW = re.compile(r"""[ \t\r\n]*
    (?:([0-9]+)\.[ \t]*)?
    (white|black|blanc|noir|White|Black|Blanc|Noir|WHITE|BLACK|BLANC|NOIR)
    (?:[ \t]+((?i:double[ \t]+(?:take|drop|beaver)|resigns(?:-gammon|-backgammon|-match)?))(?![\w&'-]))?
    (?:[ \t]+((?i:double)[ \t]+[a-z]+|[^\s{}()\[\]]+)
    ((?:[ \t]+(?!(?i:pour-tout|let-stand)(?![\w&'-]))
        (?:[A-Za-z0-9&']+(?:-[A-Za-z0-9&']+)+|[A-Za-z0-9]+(?:/[A-Za-z0-9]+\*?)+(?:\([0-9]\))?))*))?
    (?=[ \t\r\n]|\Z)""", re.X)
_END = re.compile(r"[ \t\r\n]*\Z")


@dataclass(slots=True)
class LightRecord:
    """The headers and throws of a plain record."""

    path: str
    text: str
    headers: list[tuple[str, str]] = field(default_factory=list)
    throws: list[LightThrow] = field(default_factory=list)
    cubes: dict[int, str] = field(default_factory=dict)  # throw index -> 'double take', 'resigns'... (backgammon)

    def header(self, name: str, default: str | None = None) -> str | None:
        key = name.lower()
        for tag, value in self.headers:
            if tag.lower() == key:
                return value
        return default

    def span(self, where: tuple[int, int]) -> tuple[int, int, int]:
        """(line, column, length) of a throw's ``where``, as the full reader's Span gives it."""
        offset, length = where
        text = self.text
        return text.count("\n", 0, offset) + 1, offset - text.rfind("\n", 0, offset), length

    def header_span(self, name: str) -> None:
        """Where a header was written: the light reader keeps no spans (a caller that must point at one takes
        the full path)."""
        return None


def read(text: str, path: str = "<record>") -> LightRecord | None:
    """The light record of ``text``, or None when it is not one of the plainest records."""
    if suspect(text) or "\f" in text or "\v" in text:
        return None
    record = LightRecord(path, text)
    pos = 0
    n = len(text)
    headers = record.headers
    while True:  # the preamble: headers and comments
        m = _HEADER.match(text, pos)
        if m is not None:
            if m.group(1) not in _KNOWN:
                return None  # (an unknown tag is a warning of the full reader)
            headers.append((m.group(1), unquote(m.group(2))))
            pos = m.end()
            continue
        m = _COMMENT.match(text, pos)
        if m is None:
            break
        pos = m.end()
    throws = record.throws
    throw_match, comment_match, dice_of = _THROW.match, _COMMENT.match, _DICE.get
    while True:
        m = throw_match(text, pos)
        if m is None:
            m = comment_match(text, pos)
            if m is not None:
                pos = m.end()
                continue
            if _END.match(text, pos) is None:
                return None
            return record
        number, side, cube, dice_text, moves = m.groups()
        if dice_text is None:
            if cube is None:
                return None  # a player alone
            dice = (0, 0)
        else:
            read_dice = dice_of(dice_text) or dice_of(re.sub(r"[ \t]+", "-", dice_text.lower()))
            if read_dice is None:
                return None
            dice = read_dice
        if cube is not None:
            record.cubes[len(throws)] = " ".join(cube.lower().split())
        start = m.start(1) if number else m.start(2)
        throws.append((int(number) if number else None, SIDES[side.lower()], dice[0], dice[1],
                       tuple(moves.split()) if moves else (), (start, m.end(2) - start)))
        pos = m.end()
        if pos >= n:
            return record
