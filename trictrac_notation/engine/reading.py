"""A record read in its game's words: the notation's reader, then the checks only the game can make.

The reader (notation/) knows no game: a claim ``[remplir 4]`` is read as written, and the jans it may name are
those of the record's game (its ``[Game "..."]`` header), handed over here.  :func:`parse` and :func:`read`
are notation.reader's, with those checks: what the command line, the front door (opengame) and the package's
``trictrac_notation.parse`` / ``read`` call.
"""

from __future__ import annotations

from ..core.diagnostics import Diagnostic, Reporter
from ..notation import reader
from ..notation.build import check_claims, refuse_marks
from ..notation.record import Record
from .game import game_for


def game_checks(record: Record) -> list[Diagnostic]:
    """What the record's game finds wrong in its words: each claim naming a jan the game does not have; in a
    game that marks no points as it goes (backgammon), each point, hole or école written."""
    reporter = Reporter(record.path)
    game = game_for(record)
    if game.marks_points:
        check_claims(record, game.jans, reporter)
    else:
        refuse_marks(record, game.name, reporter)
    return reporter.items


def parse(text: str, path: str = "<record>") -> tuple[Record, list[Diagnostic]]:
    """Parse ``text`` (notation.reader.parse) and check it in its game's words; never raises on bad input."""
    record, diags = reader.parse(text, path)
    return record, diags + game_checks(record)


def read(path: str) -> tuple[Record | None, list[Diagnostic], str | None]:
    """Read and parse a record file (notation.reader.read), checked in its game's words."""
    record, diags, text = reader.read(path)
    return record, diags + (game_checks(record) if record is not None else []), text
