"""Where the package's data lives: the grammar and the rule sets; and the user's cache.

In a source checkout (and an editable install) they are the top-level
``grammar/`` and ``rules_data/`` folders; a built wheel carries copies inside
the package (see pyproject.toml), found through the same function.  What is slow
to make from them (the grammar's parser, the rule sets read) is kept in the
user's cache (:func:`user_cache`), keyed on what it was made from.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path

_HERE = Path(__file__).resolve().parent.parent  # the package (this module is in core/)


def data_dir(name: str) -> Path:
    """The folder ``name`` ('grammar', 'rules_data', 'records', 'site_src')."""
    for base in (_HERE.parent / name, _HERE / "_data" / name):
        if base.is_dir():
            return base
    raise FileNotFoundError(f"data folder {name!r} not found next to the trictrac_notation package")


def grammar_path() -> Path:
    return data_dir("grammar") / "trictrac.lark"


def user_cache(name: str) -> Path | None:
    """The file ``name`` in the user's cache folder for trictrac ($XDG_CACHE_HOME/trictrac, else
    ~/.cache/trictrac), the folder made if need be; None when there is none to be had (no home, a
    read-only disk): the caller then works without a cache.  What is kept there is only ever a
    speed-up, rebuilt when missing or stale."""
    folder = _cache_folder(os.environ.get("XDG_CACHE_HOME", ""), os.environ.get("HOME", ""))
    return None if folder is None else folder / name


@lru_cache(maxsize=8)
def _cache_folder(base: str, home: str) -> Path | None:
    """The cache folder for these settings of the environment, made (and found writable) once a process: a
    replay of many records asks for it at each one.  ``home`` is only the key: Path.home() reads it."""
    try:
        folder = (Path(base) if os.path.isabs(base) else Path.home() / ".cache") / "trictrac"
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except (OSError, RuntimeError, KeyError):  # RuntimeError / KeyError: no home directory to be found
        return None
    return folder if os.access(folder, os.W_OK) else None


def write_whole(path: Path, data: bytes) -> None:
    """Write a cache file whole or not at all (a concurrent reader never sees half of it); a failure
    leaves no file behind and is not an error: the cache is only a speed-up."""
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        part.write_bytes(data)
        os.replace(part, path)
    except OSError:
        part.unlink(missing_ok=True)


@lru_cache(maxsize=1)
def code_stamp() -> tuple[str, ...]:
    """Where the package's modules are, their names, sizes and modification times, and Python's version:
    what a cache of results this code computed is keyed on, besides its input, so that a change of the
    code rebuilds it.  Taken once a process (the modules loaded are those of the start); only the package's
    folders of modules are looked into (those with an ``__init__.py``), not its data (``_data/``, templates)."""
    import sys

    stamp = [str(_HERE), sys.version]
    _stamp_modules(str(_HERE), ".", stamp)
    return tuple(stamp)


def _stamp_modules(folder: str, relative: str, stamp: list[str]) -> None:
    """``folder``'s modules into ``stamp`` (``relative/name:size:mtime``), then its sub-packages', by name."""
    with os.scandir(folder) as found:
        entries = sorted(found, key=lambda e: e.name)
    packages = []
    for entry in entries:
        if entry.name.endswith(".py") and entry.is_file():
            stat = entry.stat()
            stamp.append(f"{relative}/{entry.name}:{stat.st_size}:{stat.st_mtime_ns}")
        elif entry.is_dir() and entry.name != "__pycache__" and os.path.isfile(os.path.join(entry.path, "__init__.py")):
            packages.append(entry)
    for package in packages:
        _stamp_modules(package.path, package.name if relative == "." else f"{relative}/{package.name}", stamp)
