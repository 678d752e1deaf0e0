"""The static site: game pages, the rules compendium and tutorials.

The pages are generated here with our own Jinja2 templates (``templates/``) into a
*staging* folder of Markdown and assets; mkdocs with the material theme then turns
that folder into HTML.  Only :func:`build`, :func:`serve` and :class:`SitePlugin`
know about mkdocs, so another static generator could take the staging folder.

Generation is incremental: a game page is rendered again only when its record, the
rule sets or the package (code, templates, viewer) changed; files whose content did
not change are not rewritten.  Everything that comes from a record is escaped.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import sys
import time
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypedDict

import yaml
from markupsafe import Markup, escape
from mkdocs.config import config_options as _opts
from mkdocs.config.base import Config as _Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin

from .. import __version__
from ..core.diagnostics import Diagnostic
from ..core.resources import data_dir
from ..errors import TrictracError
from .analysis_page import OFF, default_judge, page_analysis
from .history import BooksError, Entry, Place, books, grouped, shelve
from .manual import more_nav
from .mkrun import Collect, merge_search_index, mkdocs_logging, read_json, stamp
from .output import write_if_changed as _write
from .paths import (
    ASSETS,
    GAMES,
    MAX_NOTES_BYTES,
    Nav,
    SiteError as SiteError,
    display as _display,
    json_for_script,
    read_source,
)
from .progress import Advance as Advance, ProgressBar as _Progress
from .records import (
    RecordProblem,
    Report,
    failed_page,
    find_records,
    read_record,
    record_id as record_id,
    restored,
    stored,
)

HERE = Path(__file__).resolve().parent  # templates/ and static/
PACKAGE = HERE.parent  # the whole package: its code shapes every page
ROOT_CONFIG = PACKAGE.parent / "mkdocs.yml"
HISTORICAL = "historical"  # games/historical/*.tric: the treatises' own games, a section of their own
BACKGAMMON = "backgammon"  # games/backgammon/*.tric: backgammon's records, a section of their own
# the sections of the games beside the composed ones: folder under games/, title, index page's template
SECTIONS = ((HISTORICAL, "Historical games", "historical_index.md.j2"),
            (BACKGAMMON, "Backgammon games", "backgammon_index.md.j2"))
SOURCE_ONLY = {"compendium.yaml", "corpus.yaml", "books.yaml"}  # read by the generator, not published
LAYOUT_SCRIPT = "layout.js"  # generated: the board's description (layout.py) for the browser's writer
# what every page of the site loads (the plugin adds whichever mkdocs.yml does not list), in this order
SCRIPTS = (LAYOUT_SCRIPT, "board.js", "viewer.js")
STYLESHEETS = ("trictrac.css",)
POLYFILLS = ("iframe-worker.js",)  # before the theme: the search's worker runs in an iframe under file://
# a section's games are listed in the navigation (the sidebar of every page) up to this many; beyond, its
# index page lists them: a sidebar of a thousand games is no help, and it weighs on every page
NAV_GAMES = 50
RULES = "rules"  # the site's own rule sets, rules/NAME.yaml, which a record's Rules header may name
NOTATION = "notation.md"  # the notation's reference, from the package unless a site has its own
log = logging.getLogger("mkdocs.plugins.trictrac-site")

if TYPE_CHECKING:
    from jinja2 import Environment
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

    from .gamepage import Analyst


class _PageEntryBase(TypedDict):
    key: str  # what the page was rendered from (code_key and the record)
    files: list[str]  # the staging files it wrote
    title: str


class PageEntry(_PageEntryBase, total=False):
    """A game page in the cache's manifest (pages.json)."""

    origin: str  # composed or historical (absent from the manifests of older versions)
    diagnostics: list[list[Any]]  # the record's errors and warnings (records.stored)


# --- names and paths ----------------------------------------------------------------------

@lru_cache(maxsize=32)
def _resolved(folder: str) -> str:
    return str(Path(folder).resolve())


def inside(folder: Path, relative: str) -> Path:
    """``folder / relative``, refused if it would land outside ``folder`` (read lexically, below the folder's
    real path: a site's generated files are never links; a build checks a thousand of them)."""
    base = _resolved(str(folder))
    target = os.path.normpath(os.path.join(base, relative))
    if target != base and not target.startswith(base.rstrip(os.sep) + os.sep):
        raise SiteError(f"refused to write {relative!r}: it would land outside the output folder {folder}")
    return Path(target)


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!])")  # Python-Markdown's backslash escapes


def md_text(text: str) -> Markup:
    """Text from a record, safe inside Markdown: HTML-escaped, and Markdown's punctuation backslashed."""
    return escape(_MD_SPECIAL.sub(r"\\\1", text))


def front_matter_title(title: str) -> Markup:
    """A YAML title for mkdocs, HTML-escaped: mkdocs themes print page titles without escaping."""
    return Markup(json.dumps(str(escape(title)), ensure_ascii=False))


# --- templates ----------------------------------------------------------------------------

def templates() -> Environment:
    """The Jinja2 environment of the site: autoescaping everywhere, undefined names are errors."""
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    env = Environment(loader=FileSystemLoader(str(HERE / "templates")), autoescape=True,
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["title_yaml"] = front_matter_title
    env.filters["md_text"] = md_text
    env.filters["script_json"] = lambda data: Markup(json_for_script(data))
    return env


def code_key(*more: Path) -> str:
    """A hash of everything that shapes a page besides its record: the package (code, templates,
    viewer), its version and the rule sets (the tool's, and those of the folders ``more``)."""
    h = hashlib.sha256(__version__.encode())
    folders = [PACKAGE, data_dir("rules_data"), *(f for f in more if f.is_dir())]
    for folder in folders:
        own = folder not in (PACKAGE, data_dir("rules_data"))  # a site's: read within bounds, never through links
        for path in sorted(folder.rglob("*")):
            if path.is_file() and path.suffix in (".py", ".j2", ".js", ".css", ".yaml", ".html", ".lark"):
                h.update(str(path.relative_to(folder)).encode())
                h.update(_fingerprint(path, folder) if own else path.read_bytes())
    h.update(data_dir("grammar").joinpath("trictrac.lark").read_bytes())
    return h.hexdigest()


def _fingerprint(path: Path, folder: Path) -> bytes:
    """A site's rule file as the page cache knows it: its bytes, or why it cannot be read (the rules pages and
    the games naming it say so)."""
    from ..rules.rules_schema import MAX_RULES_BYTES

    try:
        return read_source(path, folder, MAX_RULES_BYTES)
    except SiteError as e:
        return str(e).encode()


# --- the generator ------------------------------------------------------------------------

@dataclass
class Generated:
    """What one generation did."""

    staging: Path
    games: list[str] = field(default_factory=list)  # ids, in page order
    rendered: list[str] = field(default_factory=list)  # ids of game pages rendered this time
    reused: list[str] = field(default_factory=list)  # ids taken from the cache
    nav: Nav = field(default_factory=list)
    seconds: float = 0.0
    report: Report = field(default_factory=Report)  # the records' errors and warnings, as check prints them
    places: dict[str, Place] = field(default_factory=dict)  # a historical game's page -> its place in its book
    books: dict[str, dict[str, Any]] = field(default_factory=dict)  # books.yaml: the books' scans


class Generator:
    """Sources (``src``: pages, ``games/*.tric``, compendium notes) → the staging folder ``cache/docs``."""

    def __init__(self, src: Path | None = None, cache: Path | None = None, progress: bool | None = None,
                 nav_games: int = NAV_GAMES, compendium: bool = True, notation: bool = True,
                 manual: Path | None = None, analysis: str = ""):
        self.nav_games, self.compendium, self.notation = nav_games, compendium, notation
        self.analysis = analysis or default_judge()  # the player the game pages' analyses are by ('off': none)
        self.manual = Path(manual) if manual is not None else None  # a folder of pages published under manual/
        self.src = Path(src) if src is not None else data_dir("site_src")
        self.cache = Path(cache) if cache is not None else Path(".site-cache")
        self.staging = self.cache / "docs"
        self.manifest_path = self.cache / "pages.json"
        self.progress = progress
        self._env: Environment | None = None
        self._skipped: set[Path] = set()  # records that give no page, not published either

    @property
    def env(self) -> Environment:
        if self._env is None:
            from jinja2 import FileSystemBytecodeCache

            env = templates()
            folder = self.cache / "jinja-pages"  # compiled once: a rebuild after one record is quick
            folder.mkdir(parents=True, exist_ok=True)
            env.bytecode_cache = FileSystemBytecodeCache(str(folder))
            self._env = env
        return self._env

    def run(self) -> Generated:
        start = time.perf_counter()
        if not self.src.is_dir():
            raise SiteError(f"{self.src}: error: no such folder of site sources (expected site_src/ with "
                            "index.md and games/*.tric)")
        out = Generated(self.staging)
        self._skipped = set()
        wanted: set[Path] = set()
        records = self._records(out) + [(f"{folder}/{gid}", p) for folder, _, _ in SECTIONS
                                        for gid, p in self._records(out, f"{GAMES}/{folder}")]
        manifest = self._manifest()
        key = code_key(self.src / RULES)
        with _Progress(self.progress) as bar:
            sources = self._copy_sources(records)
            manual = self._manual()
            wanted |= sources | manual
            wanted |= self._package_pages()
            wanted |= self._assets()
            advance = bar.task("game pages", len(records))
            new_manifest: dict[str, PageEntry] = {}
            games: list[tuple[str, str, str]] = []
            for gid, path in records:
                try:
                    text = read_record(path)
                except RecordProblem as e:
                    e.diagnostic.path = _display(path)
                    out.report.add([e.diagnostic])
                    advance()
                    continue
                page_key = hashlib.sha256(f"{key}\0{self.analysis}\0".encode() + text).hexdigest()
                entry = manifest.get(gid)
                if entry and entry["key"] == page_key and all((self.staging / f).is_file() for f in entry["files"]):
                    out.reused.append(gid)
                else:
                    advance(0, f"game {gid}")
                    entry = self._render_game(gid, path, text, page_key)
                    out.rendered.append(gid)
                out.report.add(restored(entry.get("diagnostics", []), _display(path)), text.decode("utf-8", "replace"))
                new_manifest[gid] = entry
                wanted |= {inside(self.staging, f) for f in entry["files"]}
                games.append((gid, entry["title"], entry.get("origin", "")))
                advance()
            out.games = [g for g, _, _ in games]
            sections = {folder: [(g.split("/", 1)[1], t, o) for g, t, o in games if g.startswith(f"{folder}/")]
                        for folder, _, _ in SECTIONS}
            # the historical games in the books' order; a record there that transcribes no book goes with the composed
            shelf, strays = shelve(sections[HISTORICAL])
            sections[HISTORICAL] = [(g, t, o) for g, t, o, _ in shelf]
            out.places = {f"{GAMES}/{HISTORICAL}/{g}.md": p for g, _, _, p in shelf}
            try:
                out.books = books(self.src)
            except BooksError as e:
                raise SiteError(str(e)) from None
            composed = [(g, t) for g, t, _ in games if "/" not in g] + [(f"{HISTORICAL}/{g}", t) for g, t, _ in strays]
            pages: dict[str, str | None] = {f"{GAMES}/index.md": self.env.get_template("games_index.md.j2").render(
                games=composed, historical=bool(sections[HISTORICAL]), backgammon=bool(sections[BACKGAMMON]))}
            read = {g for g, _, _ in games}  # (a record that cannot be read is not counted)
            corpus, corpus_files = self._corpus(key, [(g, p) for g, p in records if g in read and (
                g.startswith(f"{HISTORICAL}/") or g.startswith(f"{BACKGAMMON}/"))])
            for rel, data in corpus_files.items():
                _write(inside(self.staging, rel), data)
                wanted.add(inside(self.staging, rel))
            for folder, _, template in SECTIONS:
                if sections[folder]:
                    about = {"corpus": bool(corpus_files), "showpiece": _showpiece(corpus, sections[folder])} \
                        if folder == HISTORICAL else {}
                    pages[f"{GAMES}/{folder}/index.md"] = self.env.get_template(template).render(
                        games=sections[folder], shelf=grouped(shelf), books=out.books, **about)
            compendium, rules_nav = self._compendium(bar, key) if self.compendium else ({}, [])
            pages.update(compendium)
            for name, page in pages.items():
                path = inside(self.staging, name)
                if page is not None:
                    _write(path, page)
                wanted.add(path)
        self._remove_stale(wanted)
        self._save_manifest(new_manifest)
        out.nav = self._nav([g for g, _, _ in games], rules_nav, shelf, [f"{HISTORICAL}/{g}" for g, _, _ in strays])
        out.nav += more_nav(out.nav, sources, manual, self.staging, page_title)
        out.seconds = time.perf_counter() - start
        return out

    # --- sources ----------------------------------------------------------------------------
    def _records(self, out: Generated, sub: str = GAMES) -> list[tuple[str, Path]]:
        """The records of ``sub``; those that give no page are reported (records.py)."""
        found, problems = find_records(self.src / sub)
        for d in problems:
            d.path = _display(Path(d.path))
        out.report.add(problems)
        self._skipped.update(self.src / sub / Path(d.path).name for d in problems)
        return found

    def _copy_sources(self, records: list[tuple[str, Path]]) -> set[Path]:
        """Every source page and file, as is (the records are copied for download)."""
        written = set()
        for path in sorted(self.src.rglob("*")):
            if not path.is_file() or any(part.startswith(".") for part in path.relative_to(self.src).parts) or \
                    path in self._skipped:
                continue
            rel = path.relative_to(self.src).as_posix()
            if rel in SOURCE_ONLY:
                continue
            target = inside(self.staging, rel)
            _write(target, read_source(path, self.src))
            written.add(target)
        return written

    def _manual(self) -> set[Path]:
        from .manual import MANUAL, publish

        if self.manual is not None and (self.src / MANUAL).exists():
            raise SiteError(f"{self.src / MANUAL}: error: the manual is published as {MANUAL}/, and the site's "
                            f"sources have a {MANUAL} of their own\n  hint: rename one of them")
        return publish(self.manual, self.src, self.staging, _write) if self.manual is not None else set()

    def _package_pages(self) -> set[Path]:
        """The notation page, from the package, unless the site has its own or leaves it out."""
        if not self.notation or (self.src / NOTATION).is_file():
            return set()
        target = inside(self.staging, NOTATION)
        _write(target, (data_dir("site_src") / NOTATION).read_bytes())
        return {target}

    def _assets(self) -> set[Path]:
        """The style sheet and scripts (static/), and the board's description for board.js (layout.js)."""
        from ..render.layout import description

        files: dict[str, str | bytes] = {path.name: path.read_bytes() for path in sorted((HERE / "static").glob("*"))}
        files[LAYOUT_SCRIPT] = f"window.TRICTRAC_LAYOUT = {json_for_script(description())};\n"
        written = set()
        for name, content in files.items():
            target = inside(self.staging, f"{ASSETS}/{name}")
            _write(target, content)
            written.add(target)
        return written

    def _remove_stale(self, wanted: set[Path]) -> None:
        """Generated files whose source is gone (a removed record, a renamed page)."""
        for path in sorted(self.staging.rglob("*"), reverse=True):
            if path.is_file() and inside(self.staging, str(path.relative_to(self.staging))) not in wanted:
                path.unlink()
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()

    def _manifest(self) -> dict[str, PageEntry]:
        try:
            manifest: dict[str, PageEntry] = json.loads(self.manifest_path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return manifest

    def _save_manifest(self, manifest: dict[str, PageEntry]) -> None:
        self.cache.mkdir(parents=True, exist_ok=True)
        _write(self.manifest_path, json.dumps(manifest, indent=1, sort_keys=True))

    # --- pages ------------------------------------------------------------------------------
    def _analyst(self) -> Analyst | None:
        """The game pages' analyst: the site's player, its analyses cached beside the pages (analysis_page.py)."""
        if self.analysis == OFF:
            return None
        player, folder, rules = self.analysis, self.cache, self.src / RULES
        return lambda text, result: page_analysis(text, result, player, folder, rules)

    def _render_game(self, gid: str, path: Path, text: bytes, key: str) -> PageEntry:
        """Game ``gid``'s files written, and its entry in the manifest; a record that cannot be drawn gets a page
        that says why, and is one more error of that record."""
        from .gamepage import render_game

        # the name the record is published under: a page never shows a path of the machine that built it
        published = f"{GAMES}/{gid}.tric"
        diagnostics: list[Diagnostic] = []
        try:
            files, title, origin = render_game(gid, path, self.env, display_path=published, rules=self.src / RULES,
                                               report=diagnostics, analyst=self._analyst())
        except Exception as e:  # noqa: BLE001 - one record that cannot be drawn never breaks the site
            failure = Diagnostic("error", f"this record cannot be drawn: {e}" if isinstance(e, TrictracError) else
                                 f"this record cannot be drawn ({type(e).__name__}: {e}): a fault of the tool, "
                                 "please report it with the record", published, code="site")
            lines = text.decode("utf-8", "replace").split("\n")
            diagnostics = [d for d in diagnostics if d.severity != "note"] + [failure]
            files = {f"{GAMES}/{gid}.md": failed_page(gid, failure.message, [d.format(lines) for d in diagnostics])}
            title, origin = gid.rsplit("/", 1)[-1], ""
        for name, content in files.items():
            _write(inside(self.staging, name), content)
        return PageEntry(key=key, files=sorted(files), title=title, origin=origin, diagnostics=stored(diagnostics))

    def _compendium(self, bar: _Progress, key: str) -> tuple[dict[str, str | None], Nav]:
        """The rules compendium, generated again only when the rule sets, its sources or the code
        change (``None`` for a file already in the staging folder as it should be)."""
        from .arith_pages import SimulationError
        from .compendium import CompendiumError, render_compendium

        sources = [self.src / "compendium.yaml", self.src / "simulation.json"]  # notes; simulated figures
        read = b"".join(read_source(s, self.src, MAX_NOTES_BYTES) for s in sources if s.is_file() or s.is_symlink())
        page_key = hashlib.sha256(key.encode() + read).hexdigest()
        saved = self.cache / "compendium.json"
        entry: dict[str, Any] | None
        try:
            entry = json.loads(saved.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            entry = None
        if entry and entry.get("key") == page_key and all((self.staging / f).is_file() for f in entry["files"]):
            return dict.fromkeys(entry["files"]), entry["nav"]
        try:
            files, nav = render_compendium(self.env, self.src, bar, self.src / RULES)
        except (CompendiumError, SimulationError) as e:
            raise SiteError(str(e)) from None
        self.cache.mkdir(parents=True, exist_ok=True)
        _write(saved, json.dumps({"key": page_key, "files": sorted(files), "nav": nav}))
        return dict(files), nav

    def _corpus(self, key: str, records: list[tuple[str, Path]]) -> tuple[dict[str, Any] | None,
                                                                            dict[str, str | bytes]]:
        """The site's corpus.yaml, and the corpus page and archive (corpus.py) when it has historical records
        (``records``: the historical and backgammon ones; the corpus takes the backgammon records of its books)."""
        from .corpus import CorpusError, load, render

        try:
            corpus = load(self.src) if any(g.startswith(f"{HISTORICAL}/") for g, _ in records) else None
            return corpus, render(self.env, corpus, records, self.cache, key, self.src / RULES) if corpus else {}
        except CorpusError as e:
            raise SiteError(str(e)) from None

    def _nav(self, games: list[str], rules_nav: Nav, shelf: list[Entry] | None = None,
             strays: list[str] | None = None) -> Nav:
        """Home, games, tutorials, the compendium, then the reference pages; the historical games (``shelf``, in the
        books' order) by book and chapter, those of its folder that transcribe no book (``strays``) with the
        composed games."""
        def exists(rel: str) -> bool:
            return (self.staging / rel).is_file()

        def titled(entries: Nav) -> Nav:
            """Every page with its title, so that a partial (dirty) mkdocs build names them right."""
            out: Nav = []
            for e in entries:
                if isinstance(e, dict):
                    out.append({k: titled(v) if isinstance(v, list) else v for k, v in e.items()})
                else:
                    out.append({page_title(self.staging / e): e})
            return out

        def listed(pages: list[str]) -> list[str]:
            """A section's games, unless there are too many for a sidebar: its index lists them all."""
            return pages if len(pages) <= self.nav_games else []

        def chapters(folder: str) -> Nav:
            """A section's games by book and chapter, each chapter listed unless it is too long for a sidebar."""
            nav: Nav = []
            for book, parts in grouped(shelf or []):
                listing: Nav = []
                for chapter, entries in parts:
                    pages: Nav = [*listed([f"{GAMES}/{folder}/{e[0]}.md" for e in entries])]
                    if pages:
                        listing.append({chapter or book: pages})
                nav.append({book: listing})
            return nav

        nav: Nav = [{"Home": "index.md"}] if exists("index.md") else []
        composed = [f"{GAMES}/{g}.md" for g in games if "/" not in g or g in (strays or [])]
        nav.append({"Games": titled([f"{GAMES}/index.md", *listed(composed)])})
        for folder, title, _ in SECTIONS:
            section = [f"{GAMES}/{g}.md" for g in games if g.startswith(f"{folder}/") and g not in (strays or [])]
            corpus = ["corpus.md"] if folder == HISTORICAL and exists("corpus.md") else []
            if section:
                entries = chapters(folder) if folder == HISTORICAL else listed(section)
                nav.append({title: titled([f"{GAMES}/{folder}/index.md", *corpus, *entries])})
        for title, folder in (("Tutorials", "tutorials"), ("The tables family", "family")):
            pages = sorted(p.relative_to(self.staging).as_posix() for p in (self.staging / folder).glob("*.md"))
            if pages:
                index = [t for t in pages if t.endswith("/index.md")]
                nav.append({title: titled([*index, *(t for t in pages if t not in index)])})
        if rules_nav:
            nav.append({"Rules of the treatises": titled(rules_nav)})
        for title, rel in (("Notation", "notation.md"), ("Transcribing a game", "transcribing.md"),
                           ("Glossary", "glossary.md"), ("Sources and method", "sources.md"),
                           ("For site authors", "authors.md")):
            if exists(rel):
                nav.append({title: rel})
        return nav


def _showpiece(corpus: dict[str, Any] | None, games: list[tuple[str, str, str]]) -> dict[str, str] | None:
    """The game the site's corpus.yaml puts first (its id, title and words), for the historical games' index."""
    piece = corpus["showpiece"] if corpus else None
    title = next((t for g, t, _ in games if piece and g == piece.get("record")), None)
    return {**piece, "title": title} if piece and title else None


def page_title(path: Path) -> str:
    """A page's title as mkdocs prints it (HTML): its front-matter title, else its first heading."""
    text = path.read_text(encoding="utf-8")
    m = re.match(r"---\s*\n(?:.*\n)*?title:\s*(.+)\n(?:.*\n)*?---", text)
    if m:  # (YAML reads an unquoted 1818 as a number, 2024-05-01 as a date: the title is then the text written)
        value = yaml.safe_load(m.group(1))
        return value if isinstance(value, str) else m.group(1).strip()
    m = re.search(r"^#\s+(.+?)\s*#*$", text, re.M)
    return str(escape(m.group(1))) if m else path.stem.replace("-", " ").capitalize()


# --- mkdocs -------------------------------------------------------------------------------

class _SiteConfig(_Config):
    src = _opts.Optional(_opts.Type(str))  # the sources: by default the docs_dir of mkdocs.yml
    cache = _opts.Type(str, default=".site-cache")
    nav_games = _opts.Type(int, default=NAV_GAMES)
    compendium = _opts.Type(bool, default=True)  # the rules of the treatises (and the site's own)
    notation = _opts.Type(bool, default=True)  # the notation page, unless the site has its own
    manual = _opts.Optional(_opts.Type(str))  # a folder of pages (beside mkdocs.yml) published under manual/
    analysis = _opts.Type(str, default="")  # the player judging the game pages: '' the strongest, 'off' none


class SitePlugin(BasePlugin[_SiteConfig]):
    """The ``trictrac-site`` mkdocs plugin: generate the staging folder, then let mkdocs render it.

    ``trictrac site build``, ``mkdocs build`` and ``mkdocs serve`` all go through it."""

    progress: bool | None = None
    _blocks: dict[str, list[tuple[bool, str]]] = {}
    _sources: set[str] | None = None
    src_override: Path | None = None
    cache_override: Path | None = None
    result: Generated | None = None

    _docs_dir: str | None = None

    def _folders(self, config: MkDocsConfig) -> tuple[Path, Path]:
        base = Path(config.config_file_path).resolve().parent if config.config_file_path else Path.cwd()
        self._docs_dir = self._docs_dir or config.docs_dir  # before on_config puts the staging folder there
        src = self.src_override or (base / self.config.src if self.config.src else Path(self._docs_dir))
        return src, self.cache_override or base / self.config.cache

    def generator(self, config: MkDocsConfig) -> Generator:
        c = self.config
        base = Path(config.config_file_path).resolve().parent if config.config_file_path else Path.cwd()
        # the manual links to the settings' own sources: a build of other sources (--src) goes without it
        manual = base / c.manual if c.manual and self.src_override is None else None
        return Generator(*self._folders(config), self.progress, c.nav_games, c.compendium, c.notation, manual,
                         c.analysis)

    def on_env(self, env: Environment, /, *, config: MkDocsConfig, files: Files) -> Environment:
        """Keep the theme's templates compiled in the cache: a rebuild after touching one record
        should not pay for compiling material's templates again."""
        from jinja2 import FileSystemBytecodeCache

        folder = self._folders(config)[1] / "jinja"
        folder.mkdir(parents=True, exist_ok=True)
        env.bytecode_cache = FileSystemBytecodeCache(str(folder))
        return env

    def on_files(self, files: Files, /, *, config: MkDocsConfig) -> Files:
        """Whether the site has a "Sources and method" page, and the places a citation may point to."""
        from .sources import PAGE, anchors

        page = files.get_file_from_path(PAGE)
        path = page.abs_src_path if page else None
        self._sources = anchors(Path(path).read_text(encoding="utf-8")) if path else None
        return files

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """The generated HTML blocks taken out of Markdown's way (pagehtml.py)."""
        from .pagehtml import stash
        from .sources import PAGE, anchor

        markdown, self._blocks[page.file.src_uri] = stash(markdown)
        if self.result is not None and page.file.src_uri in self.result.places:
            markdown = self._in_the_book(markdown, page)
        return anchor(markdown) if page.file.src_uri == PAGE else markdown

    def _in_the_book(self, markdown: str, page: Page) -> str:
        """A historical game's place in its book, the book's scans, and the games before and after it in the books'
        order (its neighbours in the navigation, when they are historical games too), under its title."""
        from mkdocs.utils import get_relative_url

        from .history import banner

        assert self.result is not None  # (on_page_markdown asks only then)
        places = self.result.places

        def near(other: Page | None) -> tuple[str, str] | None:
            if other is None or other.file is None or other.file.src_uri not in places:
                return None
            return str(other.title), get_relative_url(other.file.url, page.file.url)
        line = banner(places[page.file.src_uri], self.result.books, near(page.previous_page), near(page.next_page))
        return f"{line}\n\n{markdown}"  # (the front matter is already taken off: the theme puts the title above)

    def _citations(self, html: str, page: Page) -> str:
        """Every "rules.md §…" citation a link to the "Sources and method" page."""
        from .sources import link_citations

        if self._sources is None:
            return html
        return link_citations(html, page.file.url, self._sources)

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """The page's own HTML, with the blocks the search indexes put back."""
        from .pagehtml import restore

        return self._citations(restore(html, self._blocks.get(page.file.src_uri, []), True), page)

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str:
        """The finished page, with the blocks the search does not index put back."""
        from .pagehtml import restore

        blocks = self._blocks.pop(page.file.src_uri, [])
        return restore(output, blocks, False, lambda html: self._citations(html, page))

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        self._blocks = {}
        _add_assets(config)
        _add_markdown(config)
        if self.result is None:  # `trictrac site build` generates first; mkdocs build / serve come here
            from .output import claim_cache, locked

            generator = self.generator(config)
            try:
                with locked(claim_cache(generator.cache), str(generator.cache)):
                    self.result = generator.run()
            except SiteError as e:
                raise PluginError(str(e)) from None
            for line in self.result.report.lines:  # mkdocs counts them: its strict mode fails on an error
                log.warning(line)
        config.docs_dir = str(self.result.staging.resolve())
        if not config.nav:
            config.nav = self.result.nav
        return config


# the Markdown extensions the generated pages need (the compendium's footnotes, a game's admonition), and
# the ```trictrac fence: added unless mkdocs.yml lists them
MARKDOWN = ("tables", "footnotes", "admonition", "attr_list", "trictrac_notation.site.mdext")


def _add_markdown(config: MkDocsConfig) -> None:
    names = {e if isinstance(e, str) else type(e).__module__ for e in config.markdown_extensions}
    for name in MARKDOWN:
        if name not in names and not (name.endswith("mdext") and "trictrac" in names):
            config.markdown_extensions.append(name)


def _add_assets(config: MkDocsConfig) -> None:
    """The site's style sheet and scripts, added to the settings unless mkdocs.yml lists them already."""
    def add(entries: MutableSequence[Any], names: Sequence[str]) -> None:
        listed = {str(e) for e in entries}
        entries.extend(f"{ASSETS}/{n}" for n in names if f"{ASSETS}/{n}" not in listed)

    add(config.extra_css, STYLESHEETS)
    add(config.extra_javascript, SCRIPTS)
    # the theme's offline plugin adds the same polyfill from unpkg.com when it comes first: a request outside the
    # site that a reader did not agree to, failing offline on every page; ours is the same code, shipped
    polyfills = [p for p in config.extra.get("polyfills") or [] if not ("iframe-worker" in str(p) and "//" in str(p))]
    config.extra["polyfills"] = polyfills
    add(polyfills, POLYFILLS)


@dataclass
class BuildReport:
    out: Path
    generated: Generated
    seconds: float
    warnings: list[str]
    partial: bool = False  # only the changed pages went through mkdocs
    interrupted: bool = False  # Ctrl-C came while the new site was swapped in


class Interrupted(SiteError):
    """Ctrl-C (or SIGTERM) during a build: what the output folder holds now."""


def settings_file(config_file: str | os.PathLike[str] | None = None) -> Path:
    """The site's settings: the file given, else ``mkdocs.yml`` in the working folder, else the checkout's."""
    if config_file:
        path = Path(config_file)
        if not path.is_file():
            raise SiteError(f"{path}: error: no such settings file (an mkdocs.yml)")
        return path
    for path in (Path("mkdocs.yml"), ROOT_CONFIG):
        if path.is_file():
            return path.resolve()
    raise SiteError("mkdocs.yml: error: no mkdocs.yml here (the site's settings)\n"
                    "  hint: `trictrac site init DIR` makes a site of one's own in DIR (then build it there); "
                    "or give --config FILE")


def _load_config(config_file: Path | None, src: str | os.PathLike[str] | None, cache: str | os.PathLike[str] | None,
                 progress: bool | None, **overrides: Any) -> tuple[MkDocsConfig, SitePlugin]:
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")
    from mkdocs.config import load_config

    config_file = settings_file(config_file)
    config = load_config(config_file=str(config_file), **overrides)
    plugin = config.plugins.get("trictrac-site")
    if not isinstance(plugin, SitePlugin):
        raise SiteError(f"{config_file}: error: the plugin 'trictrac-site' is not listed under plugins:")
    plugin.src_override = Path(src).resolve() if src else None
    plugin.cache_override = Path(cache).resolve() if cache else None
    plugin.progress = progress
    return config, plugin


def build(out: Path | str = "site", *, src: str | os.PathLike[str] | None = None,
          cache: str | os.PathLike[str] | None = None, config_file: str | os.PathLike[str] | None = None,
          progress: bool | None = None, stream: IO[str] | None = None) -> BuildReport:
    """Generate the pages and build the site into ``out`` (strict: any warning, e.g. a broken link,
    fails the build with a :class:`SiteError`).

    The site is built in a new folder and swapped in for ``out`` only when the build succeeded (output.py):
    a failed or interrupted build leaves the previous site as it was, and a folder the build did not write is
    never replaced.  A record's errors do not stop the build (its page shows them): they are in the report."""
    from mkdocs.exceptions import ConfigurationError

    from .output import check_folders

    stream = stream or sys.stderr
    start = time.perf_counter()
    out = Path(out).absolute()
    settings = settings_file(config_file)
    try:
        config, plugin = _load_config(settings, src, cache, progress, site_dir=str(out), strict=True)
    except ConfigurationError as e:
        raise SiteError(f"{settings}: error: {e}") from None
    generator = plugin.generator(config)
    check_folders(out, generator.cache, generator.src)
    try:
        report = _build_into(out, settings, config, plugin, generator, stream, start)
    except KeyboardInterrupt:
        raise Interrupted(f"interrupted: the site was not built, and {_display(out)} is as it was") from None
    if report.interrupted:
        raise Interrupted(f"interrupted: the site was built first, and {_display(out)} holds it")
    return report


def _build_into(out: Path, settings: Path, config: MkDocsConfig, plugin: SitePlugin, generator: Generator,
                stream: IO[str], start: float) -> BuildReport:
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.exceptions import Abort

    from .output import Output, claim_cache, locked

    with locked(out.parent / f".{out.name}.trictrac-lock", str(out), remove=True), \
            locked(claim_cache(generator.cache), str(generator.cache)), Output(out) as output:
        plugin.result = generated = generator.run()
        collect = Collect(generator.src, generated.staging, stream)
        stamped = stamp(settings, out, generated.nav)
        stamp_path = generator.cache / "built.json"
        dirty = (out / "index.html").is_file() and read_json(stamp_path) == stamped
        if dirty:
            output.carry_over()
        config.site_dir = str(output.folder)
        index = read_json(output.folder / "search" / "search_index.json") if dirty else None
        with mkdocs_logging(collect):
            config.plugins.on_startup(command="build", dirty=dirty)
            try:
                stamp_path.unlink(missing_ok=True)
                mkdocs_build(config, dirty=dirty)
            except PluginError as e:
                raise SiteError(str(e)) from None
            except Abort:
                count = len(collect.messages)
                raise SiteError(f"site not built: {count} warning{'s' if count != 1 else ''} in strict mode "
                                f"(above: a broken link or a bad page); {_display(out)} is as it was: fix them "
                                "and build again") from None
            finally:
                config.plugins.on_shutdown()
        if index:
            merge_search_index(output.folder / "search" / "search_index.json", index)
        output.swap()
        _write(stamp_path, json.dumps(stamped))
    return BuildReport(out, generated, time.perf_counter() - start, collect.messages, dirty, bool(output.caught))


def serve(addr: str = "127.0.0.1:8000", *, config_file: str | os.PathLike[str] | None = None) -> None:
    """Serve the site of ``mkdocs.yml``, generating and rebuilding it when a source changes (mkdocs serve)."""
    from mkdocs.commands.serve import serve as mkdocs_serve

    settings = settings_file(config_file)
    _load_config(settings, None, None, None)  # fails early with a clear message
    mkdocs_serve(config_file=str(settings), dev_addr=addr, livereload=True)
