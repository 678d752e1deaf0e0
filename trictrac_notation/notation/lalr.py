"""The record grammar's LALR parser with the part of Lark it runs on, as one standalone module.

Importing all of Lark and building the parse tables of grammar/trictrac.lark took a short command such as
``trictrac check`` about 0.2 s.  Lark's generator (lark.tools.standalone) writes instead one module holding
the tables ready and only the runtime of an LALR parser; it is generated on first use, compiled, and kept
in the user's cache (core.resources.user_cache) with what it was made from (the grammar's text, Lark's
installation, this file) for Python's version: a changed grammar is generated afresh, nothing to run by hand.
With no cache to be had it is generated in memory, each time.

reader and recovery take Lark's names from here (``Token``, ``Transformer``, ``Tree``, the exceptions,
``TextSlice``, :func:`parser`), so that one run uses one runtime.
"""

from __future__ import annotations
import __future__

import marshal
import os
import sys
from functools import lru_cache
from types import CodeType
from typing import TYPE_CHECKING

from ..core.resources import grammar_path, user_cache, write_whole

OPTIONS = {"parser": "lalr", "lexer": "contextual", "maybe_placeholders": False}
"""How the grammar is built."""


def _code(grammar: str) -> CodeType:
    """The compiled standalone module of ``grammar``: from the cache, else generated (and cached)."""
    import importlib.util
    import zlib

    # what the module is made from: the grammar, Lark as installed and this file (how it is made); kept in
    # the cache file and compared whole (the file's name only tells installations apart)
    lark = importlib.util.find_spec("lark")
    key = (grammar, *(_stamp(path) for path in (lark.origin if lark else None, __file__)))
    place = zlib.crc32(f"{grammar_path()}\0{sys.implementation.cache_tag}".encode())
    cache = user_cache(f"grammar-{place:08x}.marshal")
    if cache is not None:
        try:
            saved, cached = marshal.loads(cache.read_bytes())
            if saved == key and isinstance(cached, CodeType):
                return cached
        except (OSError, ValueError, EOFError, TypeError):  # missing, or cut short by a concurrent writer
            pass
    # compiled with annotations left unevaluated (PEP 563): Lark's type hints cost a short command a few ms
    code: CodeType = compile(_generate(grammar), f"<standalone parser of {grammar_path().name}>", "exec",
                             flags=__future__.annotations.compiler_flag, dont_inherit=True)
    if cache is not None:
        write_whole(cache, marshal.dumps((key, code)))
    return code


def _stamp(path: str | None) -> str:
    stat = os.stat(path) if path else None
    return f"{path}:{stat.st_size}:{stat.st_mtime_ns}" if stat else "-"


def _generate(grammar: str) -> str:
    """The source of the standalone module (Lark's tables and runtime) for ``grammar``."""
    import io

    from lark import Lark
    from lark.tools.standalone import gen_standalone

    out = io.StringIO()
    gen_standalone(Lark(grammar, **OPTIONS), out=out)
    return out.getvalue()


if TYPE_CHECKING:  # the same names, as Lark's own modules define them
    from lark import (
        Lark,
        Token,
        Transformer,
        Tree,
        UnexpectedCharacters,
        UnexpectedEOF,
        UnexpectedInput,
        UnexpectedToken,
    )
    from lark.utils import TextSlice

    def Lark_StandAlone(**kwargs: object) -> Lark: ...  # noqa: N802
else:
    exec(_code(grammar_path().read_text(encoding="utf-8")), globals())

__all__ = ["Lark", "TextSlice", "Token", "Transformer", "Tree", "UnexpectedCharacters", "UnexpectedEOF",
           "UnexpectedInput", "UnexpectedToken", "parser"]


@lru_cache(maxsize=1)
def parser() -> Lark:
    """The grammar's parser (one per process)."""
    return Lark_StandAlone()
