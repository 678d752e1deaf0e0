"""The fast form of backgammon's rules, on rows of integers (see docs/development.md, "Two forms of the rules").

moves.py and replay.py are plain, typed Python; an install compiles them with mypyc where it can (setup.py), and
the same source runs as it is where it cannot.  :func:`compiled` says which form runs.
"""

from __future__ import annotations


def compiled() -> bool:
    """Whether the kernel's modules run compiled (mypyc) rather than as Python source."""
    from . import moves, replay

    return all(not m.__file__.endswith(".py") for m in (moves, replay) if m.__file__)
