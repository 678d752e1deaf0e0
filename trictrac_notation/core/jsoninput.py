"""One JSON document given on standard input by a program or a person, read defensively.

Used by the commands that take JSON (``score``; ``marque`` and ``chances`` may use it too): whatever
comes in, the result is a plain value or one :class:`BadJSON` saying what is wrong and where —
never a traceback.  Bounded: at most :data:`MAX_JSON_CHARS` characters, nesting at most
:data:`MAX_JSON_DEPTH` deep (Python's parser would hit its recursion limit near 1,000), integers of at
most :data:`MAX_DIGITS` digits (Python refuses to convert those of over 4,300), finite numbers only,
and no key given twice in an object (JSON would silently keep the last).
"""

from __future__ import annotations

import json
import math
import re
from ..errors import TrictracError

MAX_JSON_CHARS = 1024 * 1024
MAX_JSON_DEPTH = 32
MAX_DIGITS = 40


class BadJSON(TrictracError, ValueError):
    """Input that is not read: ``str()`` says what is wrong, with the line and column where known."""


class _Refused(Exception):
    """A value refused; ``near``: the text it was read from, the ``nth`` time it occurs (to say where)."""

    def __init__(self, message: str, near: str | None = None, nth: int = 1):
        super().__init__(message)
        self.near, self.nth = near, nth


def read_json_stream(stream, source: str = "standard input"):
    """The JSON value on ``stream`` (a text stream; its bytes are read as UTF-8 when it has them)."""
    buffer = getattr(stream, "buffer", None)
    if buffer is not None:
        data = buffer.read(4 * MAX_JSON_CHARS + 1)  # a character is at most 4 bytes
        if len(data) > 4 * MAX_JSON_CHARS:
            return read_json(" " * (MAX_JSON_CHARS + 1), source)  # too long: say so as for text
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            line, column = data.count(b"\n", 0, e.start) + 1, e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
            raise BadJSON(f"{source} is not UTF-8: byte 0x{data[e.start]:02x} at line {line} column {column}") from None
    else:
        text = stream.read(MAX_JSON_CHARS + 1)
    return read_json(text.removeprefix("\ufeff"), source)


def read_json(text: str, source: str = "standard input"):
    """The JSON value of ``text``; BadJSON if it is not JSON or goes beyond the bounds."""
    if len(text) > MAX_JSON_CHARS:
        raise BadJSON(f"{source} holds more than {MAX_JSON_CHARS:,} characters; one request is a few hundred")
    _check_depth(text, source)
    try:
        return json.loads(text, parse_int=_integer, parse_float=_number, parse_constant=_constant,
                          object_pairs_hook=_object)
    except json.JSONDecodeError as e:
        raise BadJSON(f"{source} is not JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    except _Refused as e:
        where = -1
        for _ in range(e.nth if e.near else 0):
            where = text.find(e.near, where + 1)
        at = f" at line {_line(text, where)} column {_column(text, where)}" if where >= 0 else ""
        raise BadJSON(f"{source}: {e}{at}") from None


_STRUCTURE = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')  # strings are skipped whole


def _check_depth(text: str, source: str) -> None:
    depth = 0
    for m in _STRUCTURE.finditer(text):
        c = m.group()
        if c in "[{":
            depth += 1
            if depth > MAX_JSON_DEPTH:
                raise BadJSON(f"{source}: nested more than {MAX_JSON_DEPTH} deep at line {_line(text, m.start())} "
                              f"column {_column(text, m.start())}")
        elif c in "]}":
            depth -= 1


def _line(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _column(text: str, pos: int) -> int:
    return pos - (text.rfind("\n", 0, pos) + 1) + 1


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise _Refused(f"a number of {len(digits.lstrip('-')):,} digits (at most {MAX_DIGITS})", digits[:50])
    return int(digits)


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"the number {text[:20]} is out of range", text[:50])
    return value


def _constant(name: str):
    raise _Refused(f"{name} is not a JSON value", name)


def _object(pairs: list) -> dict:
    out = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"key {json.dumps(key)} given twice in one object", json.dumps(key), 2)
        out[key] = value
    return out
