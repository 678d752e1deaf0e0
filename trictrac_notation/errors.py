"""One base class for every exception the package raises on purpose, so that a caller can catch them all.

Each exception keeps its name and lives in the module that raises it (``core.coords.CoordError``,
``rules.rules_schema.RulesError``, ``cli.common.UsageError``...); all derive from :class:`TrictracError`, and
each can also be imported from here by name (``from trictrac_notation.errors import CoordError``).
"""

from __future__ import annotations

import importlib


class TrictracError(Exception):
    """The base of every error of trictrac_notation: a bad record, rule set, request, file or option."""


class RequestError(TrictracError, ValueError):
    """A JSON request (``score``, ``marque``, ``chances``) that is not what its contract says."""


# name -> the module that defines it (imported on demand: this module imports nothing of the package)
WHERE = {
    "CoordError": "core.coords", "BadJSON": "core.jsoninput", "Unreadable": "core.files",
    "RulesError": "rules.rules_schema", "UnknownGame": "engine.game", "NotPlayed": "games.trictrac.ecrire",
    "MatError": "games.backgammon.playtext", "UnknownPlayer": "play.registry", "NoSuchThrow": "render.diagram",
    "SiteError": "site.paths", "InitError": "site.siteinit", "UsageError": "cli.common",
}


def __getattr__(name: str) -> type[TrictracError]:
    if name not in WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    error: type[TrictracError] = getattr(importlib.import_module(f"trictrac_notation.{WHERE[name]}"), name)
    return error


__all__ = ["TrictracError", "RequestError", *WHERE]
