"""The bounds a record's text keeps to, shared by the two readers (and not needing Lark)."""

from __future__ import annotations

import re

MAX_SYNTAX_ERRORS = 50
MAX_DIGITS = 9
"""A record's numbers (throws, dice, points, holes, counts) have at most 9 digits, in 0-9: a longer one
could not even be converted (Python refuses over 4,300 digits), and a digit of another script
(٦, ６) would be written back as 0-9, so the record would not read back as written."""
MAX_NESTING = 32
"""decided: variations nest at most 32 deep (a variation in a variation ... 32 times); a deeper one is
an error and set aside.  Analyses in the treatises go two or three deep; the bound keeps every tool that
walks a record (transformer, copy, writer, replay, pages) far from Python's recursion limit."""

_LONG_ASCII_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")
_ASCII_RUNS = re.compile(r"[\x00-\x7f]+")


def suspect(text: str) -> bool:
    """Whether ``text`` might hold a number to refuse (quick, and never wrong when it says no): a run of
    ten digits 0-9, or a digit of another script anywhere."""
    if _LONG_ASCII_NUMBER.search(text):
        return True
    return not text.isascii() and any(c.isdecimal() for c in _ASCII_RUNS.sub("", text))
