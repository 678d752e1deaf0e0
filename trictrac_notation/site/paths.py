"""Where a game's files go in the staging folder, how a source is read (within bounds, never through a link
leading outside its folder), and JSON safe in a page's scripts (the generator and game pages)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TypeAlias

from ..core.files import Unreadable, read_bounded
from ..errors import TrictracError

GAMES = "games"
ASSETS = "assets/trictrac"
# mkdocs' navigation: a page, or a section's title with its page or its entries
NavItem: TypeAlias = "str | dict[str, str | list[NavItem]]"
Nav: TypeAlias = "list[NavItem]"
MAX_SOURCE_BYTES = 64 * 1024 * 1024  # a page, a picture or a rule file of the site's sources
MAX_NOTES_BYTES = 16 * 1024 * 1024  # compendium.yaml, simulation.json


class SiteError(TrictracError):
    """A site that cannot be built: one clear message (file, what was expected, what to do)."""


def own_file(path: Path, folder: Path) -> Path:
    """``path``, refused when it is a link leading outside ``folder``: the site reads only its own files."""
    if folder.resolve() not in path.resolve().parents:
        raise SiteError(f"{path}: error: not published: it is a link to a file outside {folder.name}/, and the "
                        f"site reads only its own files\n  hint: copy the file into {folder.name}/ instead")
    return path


def read_source(path: Path, folder: Path, limit: int = MAX_SOURCE_BYTES) -> bytes:
    """The bytes of the source file ``path`` of ``folder``: a regular file of at most ``limit`` bytes, not a
    link leading outside the folder (else one SiteError: a FIFO, a device or a huge file never hangs a build)."""
    try:
        return read_bounded(own_file(path, folder), limit)
    except Unreadable as e:
        raise SiteError(f"{path}: error: not read: {e}") from None


def json_for_script(data: object) -> str:
    """JSON that is safe inside an HTML ``<script>`` (no ``</script>``, no ``<!--``) and in JavaScript."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for char, code in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"), ("\u2028", "\\u2028"),
                       ("\u2029", "\\u2029")):
        text = text.replace(char, code)
    return text


def display(path: Path) -> str:
    """A path as the user knows it: relative to the working folder when it can be."""
    path = Path(path).absolute()
    return str(path.relative_to(Path.cwd())) if path.is_relative_to(Path.cwd()) else str(path)
