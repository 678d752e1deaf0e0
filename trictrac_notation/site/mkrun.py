"""mkdocs as a build runs it: its warnings shown with the sources' paths, and what a partial build needs (the
stamp that says whether one may be partial, the search index of the pages not rebuilt)."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

from .. import __version__
from .output import write_if_changed
from .paths import Nav, display


class Collect(logging.Handler):
    """mkdocs' warnings, shown as they come with the staging paths turned back into source paths."""

    def __init__(self, src: Path, staging: Path, stream: IO[str]):
        super().__init__(logging.WARNING)
        self.src, self.staging, self.stream = src, staging, stream
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage().replace(str(self.staging.resolve()) + os.sep, display(self.src) + os.sep)
        message = re.sub(r"Doc file '([^']+)'", lambda m: f"{display(self.src / m.group(1))}:", message)
        message = f"{record.levelname.lower()}: {message}"
        self.messages.append(message)
        print(message, file=self.stream)


@contextmanager
def mkdocs_logging(handler: logging.Handler) -> Iterator[None]:
    logger = logging.getLogger("mkdocs")
    saved = logger.level, logger.propagate
    quiet = _QuietDirty()
    logging.getLogger("mkdocs.commands.build").addFilter(quiet)
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    logger.propagate = False
    try:
        yield
    finally:
        logging.getLogger("mkdocs.commands.build").removeFilter(quiet)
        logger.removeHandler(handler)
        logger.setLevel(saved[0])
        logger.propagate = saved[1]


class _QuietDirty(logging.Filter):
    """mkdocs warns on every partial build; ours are partial only when the navigation is unchanged."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "'dirty' build" not in record.getMessage()


def stamp(config_file: Path, out: Path, nav: Nav) -> dict[str, object]:
    """What a build's output depends on beyond the pages' own files: settings, versions, the navigation."""
    import material
    import mkdocs

    return {"out": str(out), "nav": nav, "config": hashlib.sha256(Path(config_file).read_bytes()).hexdigest(),
            "versions": [__version__, mkdocs.__version__, getattr(material, "__version__", "")]}


def read_json(path: Path) -> Any:
    """The JSON of a file the build wrote, or None if it is not there or not JSON."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def merge_search_index(path: Path, previous: dict[str, Any]) -> None:
    """After a partial build the search index holds only the pages rebuilt: keep the others' entries."""
    current = read_json(path)
    if not current or "docs" not in current or "docs" not in previous:
        return
    rebuilt = {d["location"].split("#")[0] for d in current["docs"]}
    current["docs"] = [d for d in previous["docs"] if d["location"].split("#")[0] not in rebuilt] + current["docs"]
    text = json.dumps(current, ensure_ascii=False, separators=(",", ":"))
    write_if_changed(path, text)
    script = path.with_suffix(".js")  # the offline plugin's copy, read by the search from file://
    if script.is_file():
        write_if_changed(script, f"var __index = {text}")
