"""Where a build writes, without ever losing a user's files or the previous site.

The site is built into a fresh folder beside the output folder and swapped in only when the build succeeded: an
interrupted or failed build leaves the previous site as it was.  The output folder is replaced only if the build
wrote it — it holds :data:`MARKER`, the list of the files it wrote, and nothing else — or if it is empty; the
cache folder only if it holds :data:`CACHE_MARKER` (or only names the build writes).  Two builds of one output
folder, or with one cache, never run at once: each holds a lock (``flock``) for its whole run.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from .paths import SiteError

MARKER = ".trictrac-site.json"  # in a built site: the files the build wrote
CACHE_MARKER = ".trictrac-cache"  # in a cache folder: this folder is the build's own (and its lock)
CACHE_NAMES = {CACHE_MARKER, "docs", "pages.json", "built.json", "compendium.json", "corpus", "jinja", "jinja-pages"}
_NEW, _OLD = "trictrac-new", "trictrac-old"  # the folders of a swap, beside the output folder


def check_folders(out: Path, cache: Path, src: Path) -> None:
    """Refuse an output or cache folder that would hold the sources, or lie among them, or hold each other."""
    def within(a: Path, b: Path) -> bool:
        return a == b or b in a.parents

    out, cache, src = out.resolve(), cache.resolve(), src.resolve()
    for name, folder in (("--out", out), ("--cache", cache)):
        if within(src, folder) or within(folder, src):
            raise SiteError(f"{folder}: error: {name} {'holds' if within(src, folder) else 'lies among'} the "
                            f"site's sources ({src}): the build would write among the author's files\n"
                            f"  hint: give {name} a folder of its own, beside the sources")
    if within(out, cache) or within(cache, out):
        raise SiteError(f"{out}: error: --out and --cache must be two separate folders")


@contextmanager
def locked(lock: Path, what: str, remove: bool = False) -> Iterator[None]:
    """Hold the lock file ``lock`` for the block (removed after it with ``remove``): a second build of the same
    folder stops with one message."""
    import fcntl

    lock.parent.mkdir(parents=True, exist_ok=True)
    with open(lock, "a+", encoding="utf-8") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
            if os.fstat(f.fileno()).st_ino != os.stat(lock).st_ino:  # removed by the build that held it
                raise BlockingIOError(errno.EAGAIN, "lock file replaced")
        except (BlockingIOError, FileNotFoundError):
            raise SiteError(f"{what}: error: another build is using it now\n"
                            "  hint: wait for it to end, then build again") from None
        try:
            yield
        finally:
            if remove:
                with suppress(OSError):
                    os.unlink(lock)
            fcntl.flock(f, fcntl.LOCK_UN)


def claim_cache(cache: Path) -> Path:
    """The cache folder, made if need be and marked as the build's own; refused if it holds anything else."""
    if cache.exists() and not cache.is_dir():
        raise SiteError(f"{cache}: error: --cache names a file, not a folder")
    if cache.is_dir() and not (cache / CACHE_MARKER).is_file():
        others = sorted(p.name for p in cache.iterdir() if p.name not in CACHE_NAMES)
        if others:
            raise SiteError(f"{cache}: error: not a cache of the site build: it holds {_some(others)}, which the "
                            "build did not write and would delete\n  hint: give --cache an empty or a new folder")
    cache.mkdir(parents=True, exist_ok=True)
    (cache / CACHE_MARKER).touch()
    return cache / CACHE_MARKER


def _some(names: list[str]) -> str:
    shown = ", ".join(names[:3])
    return shown + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def written_files(folder: Path) -> list[str]:
    """Every file below ``folder`` (links included), as paths relative to it."""
    out = []
    for root, dirs, files in os.walk(folder):
        base = Path(root).relative_to(folder)
        out += [(base / name).as_posix() for name in files + [d for d in dirs if Path(root, d).is_symlink()]]
    return sorted(out)


def _owned(out: Path) -> None:
    """Refuse to replace ``out`` unless it is empty or a site the build wrote, untouched since."""
    if not out.exists() and not out.is_symlink():
        return
    if out.is_symlink() or not out.is_dir():
        raise SiteError(f"{out}: error: --out names {'a link' if out.is_symlink() else 'a file'}, not a folder\n"
                        "  hint: give --out a folder (it is made if need be)")
    if not any(out.iterdir()):
        return
    try:
        listed = set(json.loads((out / MARKER).read_text(encoding="utf-8"))["files"])
    except (OSError, ValueError, KeyError, TypeError):
        raise SiteError(f"{out}: error: not replaced: this folder was not written by the site build (it has no "
                        f"{MARKER}), and building would delete its files\n  hint: give --out an empty or a new "
                        "folder; if it is a site an earlier version built, delete it yourself once") from None
    extra = [f for f in written_files(out) if f not in listed and f != MARKER]
    if extra:
        raise SiteError(f"{out}: error: not replaced: {_some(extra)} {'was' if len(extra) == 1 else 'were'} not "
                        "written by the site build, and building would delete "
                        f"{'it' if len(extra) == 1 else 'them'}\n  hint: move {'it' if len(extra) == 1 else 'them'} "
                        f"out of {out.name}/ (the site is rebuilt whole) and build again")


class Output:
    """A build of the site folder ``out``: :attr:`folder` is where to build (new, beside ``out``), and
    :meth:`swap` puts it in the place of ``out`` once the build succeeded.  Left without a swap (an error, an
    interruption), the new folder is removed and ``out`` stays as it was."""

    def __init__(self, out: Path):
        self.out = out
        self.folder = out  # until __enter__
        self.swapped = False
        self.caught: list[int] = []  # the signals that came during the swap

    def __enter__(self) -> Output:
        _owned(self.out)
        self.out.parent.mkdir(parents=True, exist_ok=True)
        for stale in self.out.parent.glob(f".{self.out.name}.{_NEW}-*"):  # a build killed outright
            if (stale / MARKER).is_file() or not any(stale.iterdir()):
                shutil.rmtree(stale, ignore_errors=True)
        self.folder = Path(tempfile.mkdtemp(prefix=f".{self.out.name}.{_NEW}-", dir=self.out.parent))
        os.chmod(self.folder, 0o777 & ~_umask())  # a site as readable as a folder made by hand
        (self.folder / MARKER).write_text(json.dumps({"files": []}), encoding="utf-8")  # ours, should we die
        return self

    def __exit__(self, *exc: Any) -> None:
        if not self.swapped:
            shutil.rmtree(self.folder, ignore_errors=True)

    def carry_over(self) -> None:
        """Start from the previous site (a partial build writes only the pages that changed)."""
        if self.out.is_dir():
            shutil.copytree(self.out, self.folder, symlinks=True, dirs_exist_ok=True)

    def swap(self) -> None:
        """The new site in the place of the old one, which is then removed; Ctrl-C waits for the swap to end."""
        files = [f for f in written_files(self.folder) if f != MARKER]
        (self.folder / MARKER).write_text(json.dumps({"files": files}, indent=0), encoding="utf-8")
        with _deferred_signals() as self.caught:
            old = None
            if self.out.is_dir():
                old = Path(tempfile.mkdtemp(prefix=f".{self.out.name}.{_OLD}-", dir=self.out.parent))
                os.replace(self.out, old / "site")
            os.replace(self.folder, self.out)
            self.swapped = True
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)


@contextmanager
def _deferred_signals() -> Iterator[list[int]]:
    """SIGINT and SIGTERM held back for the block (two renames): the signals that came are listed."""
    caught: list[int] = []
    saved = {}
    try:
        for sig in (signal.SIGINT, signal.SIGTERM):
            saved[sig] = signal.signal(sig, lambda number, frame: caught.append(number))
    except ValueError:  # not the main thread: signals go to the main thread anyway
        saved = {}
    try:
        yield caught
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file: an interrupted write never leaves half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_if_changed(path: Path, content: str | bytes) -> bool:
    """Write ``content`` unless the file already holds it (so that unchanged files keep their date)."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return False
    except OSError:
        pass
    write_atomic(path, data)
    return True
