"""Where a historical record stands in its book, read from its ``Source`` header — 'Lelasseux-Lafosse 1852, Le jeu de
trictrac rendu facile, section 1, ch. II, § 53' — so that the historical games are listed by book and chapter in the
books' order (the books by year, the chapters and paragraphs by their numbers), whatever books and chapters the
records come from: nothing here knows a book.

A Source is the book (author and year), its title, then locators from the largest to the smallest: a part or a
numbered section, a chapter, then a paragraph, rule, article or figure.  The part before a ``;`` is the record's
place (what follows names other places it is also found).  A source that names no book by its year, or says it was
composed, is not a transcription: such a record is not listed among the historical games.

The books' facsimiles come from the site's ``books.yaml`` (a book's key, its edition, its scans, the parts each
holds, the transcription the records were made from).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

BOOKS_FILE = "books.yaml"
LINKS = ("facsimile", "transcription")  # the lists of links a book may have, each {url, name}
_BOOK = re.compile(r"(?P<author>\D+?)\s+(?P<year>1[5-9]\d\d)\b")
_CHAPTER = re.compile(r"(part|section|ch\.|chapter|book|livre)\s+([0-9]+|[IVXLC]+)\b|§\s*([IVXLC]+)\b", re.I)
_FINE = re.compile(r"(§§?|rules?|articles?|figs?\.|figures?|p\.|pages?)\s*", re.I)
_NUMBER = re.compile(r"\b([0-9]+|[IVXLC]+)\b")
_COMPOSED = re.compile(r"\bcompos", re.I)
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100}


def number(text: str) -> int | None:
    """An arabic or roman number ('12', 'XIV'), or None."""
    if text.isdigit():
        return int(text)
    if not text or any(c not in _ROMAN for c in text):
        return None
    values = [_ROMAN[c] for c in text]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def segments(text: str) -> list[str]:
    """``text`` split at its commas and semicolons outside quotes (a quote opens after a space and closes before
    one: the apostrophes inside words, 'l'adversaire', do neither); a ``;`` ends the list."""
    out, piece, quoted = [], "", False
    for i, c in enumerate(text):
        before, after = text[i - 1] if i else " ", text[i + 1] if i + 1 < len(text) else " "
        if c == "'" and not quoted and before in " ([":
            quoted = True
        elif c == "'" and quoted and not after.isalpha():
            quoted = False
        elif c in ",;" and not quoted:
            out.append(piece.strip())
            piece = ""
            if c == ";":
                return [s for s in out if s]
            continue
        piece += c
    return [s for s in (*out, piece.strip()) if s]


@dataclass(frozen=True)
class Place:
    """A record's place in its book."""

    book: str  # 'Lelasseux-Lafosse 1852'
    year: int
    title: str  # the book's title as the source gives it ('' if none)
    chapter: str  # 'Section 1, chapter II' ('' when the source names none)
    chapter_key: tuple[int, ...]  # the chapter's numbers, to order the chapters
    at: int | None  # the first number of the finer locators: a paragraph, a rule, a figure

    @property
    def section(self) -> int | None:
        """The part or section the chapter belongs to (its first number), which may say which volume holds it."""
        return self.chapter_key[0] if len(self.chapter_key) > 1 else None


def place(source: str | None) -> Place | None:
    """Where a ``Source`` header says the record stands; None for a source that is no book's transcription."""
    if not source or _COMPOSED.search(source):
        return None
    parts = segments(source)
    m = _BOOK.fullmatch(parts[0]) if parts else None
    if m is None:
        return None
    title, chapter, keys = "", [], []
    at: int | None = None
    finer = False  # a locator below the chapter was met: what follows is no chapter of the record's place
    for part in parts[1:]:
        c, fine = _CHAPTER.match(part), _FINE.match(part)
        if c and not finer and (c.group(3) or not fine):  # (a roman § is a chapter: Lepeintre's §I)
            chapter.append(part)
            keys.append(number((c.group(2) or c.group(3)).upper()) or 0)
        elif fine or c:
            if not finer:
                found = _NUMBER.search(part, fine.end() if fine else 0)  # a named section has none: no order
                at = number(found.group(1)) if found else None
            finer = True
        elif not title and not chapter:
            title = part
    # a part's own title is left out when a chapter follows it: 'Part 1, §I 'Episodes du Jan de six tables''
    label = ", ".join([re.sub(r"\s*'[^']*'$", "", c) for c in chapter[:-1]] + chapter[-1:]).replace("ch.", "chapter")
    return Place(m.group(0), int(m.group("year")), title, label[:1].upper() + label[1:], tuple(keys), at)


def order(entries: list[tuple[str, str, str, Place]]) -> list[tuple[str, str, str, Place]]:
    """(id, title, origin, place) in the books' order: by year and book, chapter numbers, then the paragraph (or
    rule, or figure) within the chapter, then the id."""
    return sorted(entries, key=lambda e: (e[3].year, e[3].book, e[3].chapter_key, e[3].chapter,
                                          e[3].at is None, e[3].at or 0, e[0]))


def grouped(entries: list[tuple[str, str, str, Place]]) -> list[tuple[str, list[tuple[str, list[Any]]]]]:
    """The entries in the books' order, as [(book, [(chapter, [entry...])...])...]."""
    out: list[tuple[str, list[tuple[str, list[Any]]]]] = []
    for entry in order(entries):
        p = entry[3]
        if not out or out[-1][0] != p.book:
            out.append((p.book, []))
        chapters = out[-1][1]
        if not chapters or chapters[-1][0] != p.chapter:
            chapters.append((p.chapter, []))
        chapters[-1][1].append(entry)
    return out


class BooksError(Exception):
    """The site's books.yaml cannot be used: ``str()`` is ``FILE: error: what is wrong``."""


def books(src: Path) -> dict[str, dict[str, Any]]:
    """The site's ``books.yaml``: for each book (its key, 'Guiton 1822') its ``title``, its ``edition``, its
    ``facsimile`` scans, each ``{url, name}`` and optionally ``sections: [N...]``, the parts it holds, and the
    ``transcription`` the records were made from (``{url, name}``); {} when the site has none."""
    path = src / BOOKS_FILE
    if not path.is_file():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as e:
        raise BooksError(f"{path}: error: not YAML: {e}") from None
    good = isinstance(data, dict) and all(
        isinstance(v, dict) and all(isinstance(f, dict) and isinstance(f.get("url"), str)
                                    and str(f["url"]).startswith("https://")
                                    for key in LINKS for f in v.get(key) or [])
        for v in data.values())
    if not good:
        raise BooksError(f"{path}: error: expected, for each book ('Guiton 1822'), a mapping with 'title', "
                         "'edition', 'facsimile': a list of {url: https://…, name: …, sections: [N…]} and "
                         "'transcription': a list of {url: https://…, name: …}")
    return {str(k): v for k, v in data.items()}


def facsimiles(where: Place | None, known: dict[str, dict[str, Any]], kind: str = "facsimile"
               ) -> list[dict[str, str]]:
    """The public scans of a record's book that hold its place: [{url, name}] (a scan naming ``sections`` holds only
    those parts); with ``kind="transcription"``, the transcriptions of the book the records were made from."""
    if where is None or where.book not in known:
        return []
    links = known[where.book].get(kind) or []
    return [{"url": str(f["url"]), "name": str(f.get("name", kind))} for f in links
            if not f.get("sections") or where.section in f["sections"]]


WHOLE = "the book or its volume, not the page: the transcriptions give no page numbers"  # what a scan's link opens
Entry = tuple[str, str, str, Place]  # a historical game: (id, title, origin, place)


def shelve(games: list[tuple[str, str, str]]) -> tuple[list[Entry], list[tuple[str, str, str]]]:
    """The games of the historical section (id, title, origin — the origin begins with the Source) in the books'
    order with their places, and those whose source is no book's (listed with the composed games)."""
    placed, strays = [], []
    for gid, title, origin in games:
        where = place(origin)
        if where is None:
            strays.append((gid, title, origin))
        else:
            placed.append((gid, title, origin, where))
    return order(placed), strays


def banner(where: Place, known: dict[str, dict[str, Any]], before: tuple[str, str] | None,
           after: tuple[str, str] | None) -> str:
    """The line at the top of a historical game's page: its book and chapter, the book's public scans and its
    transcription, and the previous and next games in the books' order (``before``, ``after``: (title, link))."""
    from markupsafe import escape

    chapter = f", {escape(where.chapter)}" if where.chapter else ""
    parts = [f'<span class="tt-book">{escape(where.book)}{chapter}</span>']
    for kind, words, note in (("facsimile", "the book: ", f' title="{WHOLE}"'),
                              ("transcription", "transcribed in ", "")):
        found = facsimiles(where, known, kind)
        if found:
            parts.append(words + ", ".join(f'<a href="{escape(s["url"])}" rel="external"{note}>{escape(s["name"])}</a>'
                                           for s in found))
    links = [f'<a href="{escape(near[1])}" rel="{rel}">{left}{escape(near[0])}{right}</a>'
             for near, rel, left, right in ((before, "prev", "← ", ""), (after, "next", "", " →")) if near]
    out = f'<p class="tt-place">{" · ".join(parts)}</p>'
    if links:
        out += f'\n<nav class="tt-neighbours" aria-label="the games before and after it">{"".join(links)}</nav>'
    return out
