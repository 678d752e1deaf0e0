"""trictrac_notation — game records, treatise rules, scoring and diagrams for Grand Trictrac.

The layers, from syntax to pictures: :mod:`notation` (text <-> record model),
:mod:`coords` (the treatises' coordinate systems), :mod:`board` and :mod:`moves`
(positions and legal plays), :mod:`replay` (fausse cases), then scoring, diagrams
and the site.
"""

from typing import TYPE_CHECKING

from .core.board import draw_svg_with

__version__ = "0.1.0"

if TYPE_CHECKING:  # what type checkers see; at run time each name is imported on first use (__getattr__)
    from .core.board import BLACK, WHITE, Position
    from .engine.opengame import OpenedGame, open_game
    from .engine.reading import parse, read
    from .engine.replay import replay, replay_text
    from .errors import TrictracError
    from .games.trictrac.moves import MoveRules, Play, Step, legal_plays
    from .notation.reader import write

__all__ = [
    "BLACK", "WHITE", "Position", "MoveRules", "Play", "Step", "legal_plays", "parse", "read", "write",
    "replay", "replay_text", "open_game", "OpenedGame", "TrictracError",
]
_HOMES = {"BLACK": "core.board", "WHITE": "core.board", "Position": "core.board",
          "MoveRules": "games.trictrac.moves", "Play": "games.trictrac.moves", "Step": "games.trictrac.moves",
          "legal_plays": "games.trictrac.moves", "parse": "engine.reading", "read": "engine.reading",
          "write": "notation.reader", "replay": "engine.replay", "replay_text": "engine.replay",
          "open_game": "engine.opengame", "OpenedGame": "engine.opengame", "TrictracError": "errors"}


def __getattr__(name: str) -> object:
    """The names of ``__all__``, imported on first use (PEP 562): ``trictrac rules`` or ``--version``
    does not load the grammar and the engine."""
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f".{_HOMES[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def _board_svg(position: "Position") -> str:
    """A position's diagram (render/svg.py, imported when a notebook first shows one): the package, above every
    floor, hands it to core/board.py, which cannot import upward."""
    from .render.svg import board_svg

    return board_svg(position)


draw_svg_with(_board_svg)
