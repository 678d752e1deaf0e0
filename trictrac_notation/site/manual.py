"""Pages beside the generated ones: a manual folder published under ``manual/``, and every page an author
adds that the navigation would otherwise leave out.

A manual (the checkout's ``docs/``: ``manual: docs`` under the plugin) is written to be read in the
repository as well as on the site, so its links to the site's sources (``../site_src/notation.md``) are
turned into links to the published pages (``../notation.md``).  A page of the sources that no section of the
navigation names gets an entry of its own: a page an author adds always appears.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from markupsafe import escape

from .paths import Nav, SiteError, read_source

MANUAL = "manual"  # where a manual's pages go on the site
MANUAL_TITLE = "Manual"
_LINK = re.compile(r"(\]\()([^)\s#]+)((?:#[^)\s]*)?\))")


def manual_pages(folder: Path) -> list[Path]:
    """The Markdown pages of the manual ``folder`` (hidden files and folders left out)."""
    return sorted(p for p in folder.rglob("*.md") if not _hidden(p, folder))


def relink(text: str, page: Path, folder: Path, src: Path) -> tuple[str, list[Path]]:
    """A manual page's Markdown with its links to the site's sources turned into links to their pages, and the
    other files of the manual it links to (pictures), to be published beside it."""
    staged = Path(MANUAL) / page.relative_to(folder)
    files: list[Path] = []

    def one(m: re.Match[str]) -> str:
        target = m.group(2)
        if "://" in target or target.startswith(("/", "mailto:")):
            return m.group(0)
        path = Path(os.path.normpath(page.parent / target))
        if _below(path, folder):
            if path.suffix != ".md" and not _hidden(path, folder):
                files.append(path)
        elif _below(path, src):
            target = Path(os.path.relpath(path.relative_to(src), staged.parent)).as_posix()
        return m.group(1) + target + m.group(3)

    return _LINK.sub(one, text), files


def manual_nav(pages: list[str], title_of: dict[str, str], index_text: str | None) -> Nav:
    """The manual's section: its index first, then the pages in the order the index links to them, then the
    others by name."""
    order = {name: i for i, name in enumerate(_LINK_TARGET.findall(index_text or ""))}
    index = f"{MANUAL}/index.md"
    rest = sorted((p for p in pages if p != index),
                  key=lambda p: (order.get(p[len(MANUAL) + 1:], len(order)), p))
    entries: Nav = [{title_of[p]: p} for p in ([index] if index in pages else []) + rest]
    return [{MANUAL_TITLE: entries}] if entries else []


_LINK_TARGET = re.compile(r"\]\(([^)\s#]+)")


def unlisted(nav: Nav, pages: list[str]) -> list[str]:
    """The pages (paths on the site) that ``nav`` does not name."""
    named: set[str] = set()

    def walk(entries: Nav) -> None:
        for e in entries:
            if isinstance(e, str):
                named.add(e)
            else:
                for value in e.values():
                    walk(value) if isinstance(value, list) else named.add(value)
    walk(nav)
    return [p for p in pages if p not in named]


def nav_of(pages: list[str], title_of: dict[str, str]) -> Nav:
    """Entries for pages no section names: a page at the top as itself, the pages of a folder as a section
    (titled by the folder's index page, else by the folder's name)."""
    nav: Nav = []
    folders: dict[str, list[str]] = {}
    for page in sorted(pages):
        if "/" in page:
            folders.setdefault(page.split("/", 1)[0], []).append(page)
        else:
            nav.append({title_of[page]: page})
    for folder, inner in folders.items():
        index = f"{folder}/index.md"
        title = title_of[index] if index in inner else str(escape(folder.replace("-", " ").capitalize()))
        nav.append({title: [{title_of[p]: p} for p in sorted(inner, key=lambda p: (p != index, p))]})
    return nav


def _below(path: Path, folder: Path) -> bool:
    return Path(os.path.abspath(path)).is_relative_to(os.path.abspath(folder))


def _hidden(path: Path, folder: Path) -> bool:
    return any(part.startswith(".") for part in path.relative_to(folder).parts)


def publish(folder: Path, src: Path, staging: Path, write: Callable[[Path, str | bytes], object]) -> set[Path]:
    """The manual's pages written under ``staging/manual/``, their links to the sources turned into links to the
    site's pages, and the pictures they show; the files written."""
    if not folder.is_dir():
        raise SiteError(f"{folder}: error: no such folder (the manual, `manual:` under the plugin)")
    written, files = set(), set()
    for page in manual_pages(folder):
        text, linked = relink(read_source(page, folder).decode("utf-8", "replace"), page, folder, src)
        files.update(linked)
        target = staging / MANUAL / page.relative_to(folder)
        write(target, text)
        written.add(target)
    for path in sorted(files):
        target = staging / MANUAL / path.relative_to(folder)
        write(target, read_source(path, folder))
        written.add(target)
    return written


def more_nav(nav: Nav, sources: set[Path], manual: set[Path], staging: Path,
             title: Callable[[Path], str]) -> Nav:
    """The manual's section, and an entry for each page of the sources (``sources``: the files copied to
    ``staging``) that no section of ``nav`` names."""
    def pages(written: set[Path]) -> list[str]:
        return sorted(p.relative_to(staging).as_posix() for p in written if p.suffix == ".md")

    titles = {p: title(staging / p) for p in pages(sources) + pages(manual)}
    index = staging / MANUAL / "index.md"
    more = manual_nav(pages(manual), titles, index.read_text("utf-8") if manual and index.is_file() else None)
    return more + nav_of(unlisted(nav + more, pages(sources)), titles)
