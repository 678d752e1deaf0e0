"""The corpus page and its archive: what a site's historical records transcribe, book by book.

A site that holds ``games/historical/*.tric`` and a ``corpus.yaml`` (its books, its licence, its showpiece game)
gets a page ``corpus.md`` whose figures are counted from the records at every build — records, throw lines (on
the main lines and in variations), the slips each kind of acknowledgement names — so that it stays true as records
are added, and an archive of every record with its replay as JSON (``trictrac replay --json``), versioned with the
package.  The backgammon records (``games/backgammon/*.tric``) drawn from one of the books count too, as that
book's backgammon part: its own row and list, since they are replayed by another game's rules.  The archive is built
again only when a record, the corpus file or the code changes, and byte for byte the same from the same inputs.
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from .. import __version__
from ..notation.reader import parse
from .paths import GAMES

if TYPE_CHECKING:
    from jinja2 import Environment

CORPUS_FILE = "corpus.yaml"  # the site's words about its corpus (read by the generator, not published)
PAGE = "corpus.md"
KINDS = ("sic", "taught", "abridged")  # what a note acknowledges: notation.record.Sic.kind
NO_PAGES = "; the transcription gives no page numbers"  # how a Source says so (tests/test_historical.py)
HISTORICAL, BACKGAMMON = "historical/", "backgammon/"  # the folders of games/ the records come from
_EPOCH = (1980, 1, 1, 0, 0, 0)  # every member of the archive dated alike: the same corpus, the same bytes


class CorpusError(Exception):
    """The site's corpus.yaml cannot be used: ``str()`` is ``FILE: error: what is wrong``."""


@dataclass
class Book:
    """One book of the corpus: the records whose Source header starts with ``source``, and what they hold."""

    source: str
    words: dict[str, str]  # title, transcription, about, untranscribed, backgammon (texts of the site, in Markdown)
    records: list[dict[str, Any]] = field(default_factory=list)  # id, title, place, throws, main, acknowledged
    game: str = "trictrac"  # "backgammon": the book's backgammon records, counted apart

    def total(self, key: str) -> int:
        return sum(r[key] for r in self.records)

    def acknowledged(self, kind: str) -> int:
        return sum(r["acknowledged"][kind] for r in self.records)


def load(src: Path) -> dict[str, Any] | None:
    """The site's corpus.yaml, checked; None when the site has none (then no corpus page)."""
    from .paths import MAX_NOTES_BYTES, read_source

    path = src / CORPUS_FILE
    if not path.is_file() and not path.is_symlink():
        return None
    try:
        data = yaml.safe_load(read_source(path, src, MAX_NOTES_BYTES).decode("utf-8", "replace"))
    except yaml.YAMLError as e:
        raise CorpusError(f"{path}: error: not YAML: {getattr(e, 'problem', None) or e}") from None

    def texts(value: Any, where: str) -> dict[str, str]:
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise CorpusError(f"{path}: error: {where}: expected a mapping of names to texts\n"
                              f"  hint: see the tool's own site_src/{CORPUS_FILE}")
        return {str(k): v for k, v in value.items()}

    if not isinstance(data, dict) or not isinstance(data.get("books"), list) or not data["books"]:
        raise CorpusError(f"{path}: error: expected a mapping with 'books', a list of the books the records "
                          f"come from\n  hint: see the tool's own site_src/{CORPUS_FILE}")
    books = [texts(b, f"books[{i}]") for i, b in enumerate(data["books"])]
    if not all(b.get("source") for b in books):
        raise CorpusError(f"{path}: error: every book names its 'source', the words its records' Source starts with")
    return {"page": texts(data.get("page") or {}, "page"), "books": books,
            "showpiece": texts(data["showpiece"], "showpiece") if data.get("showpiece") else None}


def _backgammon(book: Book) -> Book:
    """The book's backgammon part: its records, its own title and words."""
    title = book.words.get("title") or book.source
    words = {"title": f"{title}: backgammon", "about": book.words.get("backgammon", "")}
    return Book(book.source, words, game="backgammon")


def count(corpus: dict[str, Any], records: list[tuple[str, Path]]) -> list[Book]:
    """The books, each with its records counted and followed by its backgammon part when it has one
    (``records``: (id, path) of games/historical/*.tric, and of games/backgammon/*.tric — these only when their
    Source names a book)."""
    books = [Book(b["source"], b) for b in corpus["books"]]
    parts = {b.source: _backgammon(b) for b in books}
    other = Book("", {"title": "Other sources"})
    for gid, path in records:
        record, _ = parse(path.read_text(encoding="utf-8"), path.name)
        source = record.header("Source") or ""
        book = next((b for b in books if source.startswith(b.source)), None)
        if gid.startswith(BACKGAMMON):
            if book is None:
                continue  # a backgammon game of no book (composed, or played by a program): not the corpus's
            book = parts[book.source]
        book = book or other
        every = list(record.every_throw())
        kinds = Counter(s.kind for t in every for s in t.sics)
        book.records.append({
            "id": gid, "title": record.header("Title") or gid, "source": source,
            "place": source[len(book.source):].removesuffix(NO_PAGES).lstrip(" ,;"),
            "throws": len(every), "main": len(record.throws), "acknowledged": {k: kinds[k] for k in KINDS}})
    shelf = [part for b in books for part in (b, parts[b.source]) if part is b or part.records]
    return shelf + ([other] if other.records else [])


def archive_name() -> str:
    return f"trictrac-corpus-{__version__}.zip"


def archive(books: list[Book], records: dict[str, Path], rules: Path | None) -> bytes:
    """The records, the replay of each as JSON, and what the corpus holds, in one zip (sorted, dated alike)."""
    from ..annotate import backgammon
    from ..annotate.report import replay_json
    from ..engine.opengame import open_game

    top = archive_name().removesuffix(".zip")
    members: dict[str, bytes] = {}
    for book in books:
        for r in book.records:
            name = r["id"].removeprefix(HISTORICAL)  # the backgammon records in a folder of their own
            text = records[r["id"]].read_text(encoding="utf-8")
            members[f"{top}/records/{name}.tric"] = text.encode("utf-8")
            opened = open_game(text, path=f"records/{name}.tric", folder=rules, kind="text")
            if opened.replay is not None:  # as `trictrac replay --json` gives it, each game its own presentation
                bg = opened.game is not None and opened.game.name == "backgammon"
                data = (backgammon.replay_json if bg else replay_json)(opened.replay)
                members[f"{top}/replays/{name}.json"] = json.dumps(data, ensure_ascii=False, indent=1).encode()
    members[f"{top}/corpus.json"] = json.dumps(summary(books), ensure_ascii=False, indent=1).encode()
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(members):
            info = zipfile.ZipInfo(name, _EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, members[name])
    return buffer.getvalue()


def _figures(books: list[Book]) -> list[int]:
    """Records, throws, throws on the main lines, in variations, and the acknowledgements of each kind."""
    throws, main = (sum(b.total(k) for b in books) for k in ("throws", "main"))
    return [sum(len(b.records) for b in books), throws, main, throws - main,
            *(sum(b.acknowledged(k) for b in books) for k in KINDS)]


def summary(books: list[Book]) -> dict[str, Any]:
    """What the corpus holds, as the page says it: per book and in all (the archive's corpus.json)."""
    def lines(part: list[Book]) -> dict[str, int]:
        records, throws, main, variations, *_ = _figures(part)
        return {"records": records, "throws": throws, "main": main, "variations": variations}

    return {"version": __version__, "books": [
        {"source": b.source or None, "title": b.words.get("title", b.source), "game": b.game, **lines([b]),
         "acknowledged": {k: b.acknowledged(k) for k in KINDS}, "records": b.records} for b in books], **lines(books)}


def render(env: Environment, corpus: dict[str, Any], records: list[tuple[str, Path]], cache: Path, key: str,
           rules: Path | None) -> dict[str, str | bytes]:
    """The corpus page and the archive, keyed on the records, the corpus file and ``key`` (the code): the archive
    is taken from ``cache`` when none of them changed."""
    books = count(corpus, records)
    digest = hashlib.sha256(key.encode() + json.dumps(corpus, sort_keys=True).encode())
    for gid, path in records:
        digest.update(gid.encode() + b"\0" + path.read_bytes())
    saved = cache / "corpus" / f"{digest.hexdigest()}.zip"
    if saved.is_file():
        data = saved.read_bytes()
    else:
        data = archive(books, dict(records), rules)
        saved.parent.mkdir(parents=True, exist_ok=True)
        for old in saved.parent.glob("*.zip"):
            old.unlink()
        saved.write_bytes(data)
    showpiece = corpus["showpiece"]
    shown = next((r for b in books for r in b.records if showpiece and r["id"].endswith("/" + showpiece["record"])),
                 None)
    rows = [(b.words.get("title") or b.source, _figures([b])) for b in books]
    page = env.get_template("corpus.md.j2").render(
        page=corpus["page"], books=books, rows=rows, version=__version__, archive=archive_name(),
        size=(len(data) + 1023) // 1024, showpiece=showpiece, shown=shown, games=GAMES,
        total=_figures(books), backgammon=any(b.game == "backgammon" for b in books))
    return {PAGE: page, archive_name(): data}
