"""trictrac_notation — game records, treatise rules, scoring and diagrams for Grand Trictrac.

The layers, from syntax to pictures: :mod:`notation` (text <-> record model),
:mod:`coords` (the treatises' coordinate systems), :mod:`board` and :mod:`moves`
(positions and legal plays), :mod:`replay` (fausse cases), then scoring, diagrams
and the site.
"""

__version__ = "0.1.0"

from .core.board import BLACK, WHITE, Position  # noqa: E402
from .games.trictrac.moves import MoveRules, Play, Step, legal_plays  # noqa: E402
from .notation.reader import parse, read, write  # noqa: E402
from .engine.replay import replay, replay_text  # noqa: E402
from .engine.opengame import OpenedGame, open_game  # noqa: E402
from .errors import TrictracError  # noqa: E402

__all__ = [
    "BLACK", "WHITE", "Position", "MoveRules", "Play", "Step", "legal_plays", "parse", "read", "write",
    "replay", "replay_text", "open_game", "OpenedGame", "TrictracError",
]
