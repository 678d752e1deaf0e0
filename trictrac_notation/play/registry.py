"""The players by name: what ``best --player``, ``match --players`` and ``play`` accept.

Each entry is a module and a class, imported only when the player is asked for (a player with weights
reads them then).
"""

from __future__ import annotations

import importlib

from ..errors import TrictracError
from ..rules.rules_schema import suggest
from .player import Player

PLAYERS: dict[str, tuple[str, str]] = {
    "greedy": ("greedy", "Greedy"),
    "lookahead": ("lookahead", "Lookahead"),
    "treatise": ("treatise", "Treatise"),
    "learned": ("learned", "Learned"),
}
"""name -> (module of this package, class): the players, weakest first."""

DEFAULT = "learned"
"""The player ``best`` and ``play`` use when none is named: the strongest."""


class UnknownPlayer(TrictracError, ValueError):
    """A player's name that is not in :data:`PLAYERS`; ``str()`` names them."""


def names() -> list[str]:
    return list(PLAYERS)


def player(name: str) -> Player:
    """A new player named ``name``."""
    if name not in PLAYERS:
        raise UnknownPlayer(f"unknown player {name!r}{suggest(name, PLAYERS)} (players: {', '.join(PLAYERS)})")
    module, cls = PLAYERS[name]
    made: Player = getattr(importlib.import_module(f".{module}", __package__), cls)()
    return made
