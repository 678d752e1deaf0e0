"""The corpus page and its archive (site/corpus.py): figures counted from the records at each build, the archive
of every record with its replay as JSON, versioned and licensed; the site's historical section links them."""

from __future__ import annotations

import io
import json
import re
import zipfile
from pathlib import Path

import pytest
from conftest import run_cli

from trictrac_notation import __version__
from trictrac_notation.site.corpus import load, render
from trictrac_notation.site.site import Generator, SiteError, build, templates

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site_src"
HISTORICAL = sorted((SITE / "games" / "historical").glob("*.tric"))
# the backgammon records drawn from the books (not the match played by a program): the books' backgammon parts
BACKGAMMON = sorted(p for p in (SITE / "games" / "backgammon").glob("*.tric")
                    if p.stem.startswith(("guiton-", "lepeintre-")))
ARCHIVE = f"trictrac-corpus-{__version__}.zip"
THROW = re.compile(r"(?:^|[\s(])\d+\.[ \t]*(?:white|black|blanc|noir)\b", re.I | re.M)
NOTED = re.compile(r"(?:^|\s)(sic|taught|abridged):", re.I)


def figures_of(paths: list[Path]) -> list[int]:
    """Records, throws, throws on the main lines, in variations, sic, taught, abridged: read from the text, apart
    from the library (a throw is a number and a player; a main-line throw begins its line; headers and comments
    set aside)."""
    throws = main = 0
    kinds = dict.fromkeys(("sic", "taught", "abridged"), 0)
    for path in paths:
        text = re.sub(r"\{[^{}]*\}|^\[.*\]$", "", path.read_text(encoding="utf-8"), flags=re.M)
        throws += len(THROW.findall(text))
        main += sum(1 for line in text.splitlines() if re.match(r"\d+\.[ \t]*(white|black)\b", line))
        for kind in NOTED.findall(text):
            kinds[kind.lower()] += 1
    return [len(paths), throws, main, throws - main, *kinds.values()]


def table(page: str) -> dict[str, list[int]]:
    """The rows of the page's table: the book's name -> its figures."""
    rows = {}
    for line in page.splitlines():
        cells = [c.strip().strip("*") for c in line.strip().strip("|").split("|")]
        if line.startswith("| ") and len(cells) > 1 and all(c.isdigit() for c in cells[1:]):
            rows[cells[0].replace("\\", "")] = [int(c) for c in cells[1:]]
    return rows


@pytest.fixture(scope="module")
def real(tmp_path_factory):
    """The bundled corpus page and archive, rendered as a build renders them (without mkdocs)."""
    cache = tmp_path_factory.mktemp("corpus")
    return render(templates(), load(SITE), records_of(), cache, "key", SITE / "rules")


def records_of() -> list[tuple[str, Path]]:
    """Every historical record and every backgammon one, as a build passes them (the match among them)."""
    return [(f"historical/{p.stem}", p) for p in HISTORICAL] + \
        [(f"backgammon/{p.stem}", p) for p in sorted((SITE / "games" / "backgammon").glob("*.tric"))]


def test_the_page_counts_every_book_from_its_records(real):
    rows = table(real["corpus.md"])
    books = {"Soumille, Le Grand Trictrac (1738)": "soumille-1738", "Lepeintre, Cours complet de trictrac (1818)":
             "lepeintre-1818", "Guiton, Traité complet du jeu de trictrac (1822)": "guiton-1822",
             "Lelasseux-Lafosse, Le jeu de trictrac rendu facile (1852)": "lelasseux-1852"}
    for title, prefix in books.items():
        assert rows[title] == figures_of([p for p in HISTORICAL if p.stem.startswith(prefix)]), title
    for title, prefix in (("Lepeintre, Cours complet de trictrac (1818): backgammon", "lepeintre-1818-gammon-"),
                          ("Guiton, Traité complet du jeu de trictrac (1822): backgammon", "guiton-1822-bg-")):
        assert rows[title] == figures_of([p for p in BACKGAMMON if p.stem.startswith(prefix)]), title
    assert rows["Guiton, Traité complet du jeu de trictrac (1822): backgammon"][0] == 9
    assert rows["Lepeintre, Cours complet de trictrac (1818): backgammon"][0] == 2
    assert rows["In all"] == figures_of(HISTORICAL + BACKGAMMON)  # the match played by a program is no book's
    assert "In all" in rows and len(rows) == 7
    assert rows["Soumille, Le Grand Trictrac (1738)"] == [1, 85, 85, 0, 18, 3, 0]  # the whole game of Cloris and Damon


def test_the_page_introduces_the_showpiece_and_says_how_to_cite(real):
    page = real["corpus.md"]
    assert "## The whole game: Cloris and Damon" in page
    assert "[Replay the game](games/historical/soumille-1738-cloris-and-damon.md): 85 throws; 18 slips" in page
    assert f"trictrac corpus {__version__}, record `soumille-1738-cloris-and-damon`" in page
    assert f"**Version {__version__}.** [Download the corpus]({ARCHIVE})" in page and "MIT licence" in page


def test_the_archive_holds_every_record_and_its_replay(real):
    data = real[ARCHIVE]
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = set(z.namelist())
        top = ARCHIVE.removesuffix(".zip")
        for path in HISTORICAL:
            assert z.read(f"{top}/records/{path.name}") == path.read_bytes()
            assert f"{top}/replays/{path.stem}.json" in names
        for path in BACKGAMMON:
            assert z.read(f"{top}/records/backgammon/{path.name}") == path.read_bytes()
            assert f"{top}/replays/backgammon/{path.stem}.json" in names
        assert len(names) == 2 * len(HISTORICAL + BACKGAMMON) + 1
        corpus = json.loads(z.read(f"{top}/corpus.json"))
        replay = json.loads(z.read(f"{top}/replays/soumille-1738-cloris-and-damon.json"))
        hit = json.loads(z.read(f"{top}/replays/backgammon/lepeintre-1818-gammon-entering-against-a-closed-table.json"))
    records, throws, main, variations, *_ = figures_of(HISTORICAL + BACKGAMMON)
    assert corpus["version"] == __version__ and corpus["records"] == records == len(HISTORICAL + BACKGAMMON)
    assert (corpus["throws"], corpus["main"], corpus["variations"]) == (throws, main, variations)
    parts = {b["title"]: b for b in corpus["books"]}
    assert parts["Guiton, Traité complet du jeu de trictrac (1822): backgammon"]["game"] == "backgammon"
    path = SITE / "games/backgammon/lepeintre-1818-gammon-entering-against-a-closed-table.tric"
    code, out, _ = run_cli("replay", "--json", str(path))  # a backgammon replay, as the command gives it
    out = out.replace(json.dumps(str(path))[1:-1], f"records/backgammon/{path.name}")
    assert code == 0 and hit["throws"] == json.loads(out)["throws"]
    path = SITE / "games/historical/soumille-1738-cloris-and-damon.tric"
    code, out, _ = run_cli("replay", "--json", str(path))
    given = json.loads(out.replace(json.dumps(str(path))[1:-1], "records/soumille-1738-cloris-and-damon.tric"))
    assert code == 0 and replay["throws"] == given["throws"] and replay["final"] == given["final"]
    assert replay["final"]["holes"] == {"white": 11, "black": 12} and replay["final"]["winner"] == "black"


def test_the_archive_is_the_same_bytes_from_the_same_records_and_is_kept(real, tmp_path):
    again = render(templates(), load(SITE), records_of(), tmp_path, "key", SITE / "rules")
    assert again[ARCHIVE] == real[ARCHIVE]
    (saved,) = (tmp_path / "corpus").glob("*.zip")
    saved.write_bytes(b"kept")  # the next build with the same records takes it from the cache
    assert render(templates(), load(SITE), records_of(), tmp_path, "key", SITE / "rules")[ARCHIVE] == b"kept"


SIC = """[Title "One slip"]
[Source "Book A 1800, § 1"]
[Rules "guiton-1822"]
[First "white"]

1. white 6-5 T-6 T-6 sic:illegal-play {§ 1: the book plays the six twice}
2. black 6-5 T-6 T-5
"""
TAUGHT = """[Title "One fault taught"]
[Source "Book B 1810, § 2"]
[Rules "guiton-1822"]
[First "white"]

1. white 6-5 T-6 T-6 taught:fausse-case {§ 2: the example's fausse case}
  (1. white 6-5 T-6 T-5 {§ 2: as it should be})
2. white 4-2 T-4 T-2 abridged:out-of-turn {§ 2: the book passes over Black's throw}
"""
CORPUS = """page:
  title: The corpus
  licence: Released under the MIT licence.
  cite: Cite the book, then the record.
showpiece:
  record: one-slip
  heading: The showpiece
  about: A word about it.
books:
  - source: Book A 1800
    title: Book A
  - source: Book B 1810
    title: Book B
"""


def small_site(root: Path, corpus: str | None = CORPUS) -> Path:
    src = root / "src"
    (src / "games" / "historical").mkdir(parents=True)
    (src / "index.md").write_text("# A site\n\nThe [games](games/index.md).\n", encoding="utf-8")
    (src / "games" / "composed.tric").write_text('[Title "Composed"]\n1. white 6-4 T-6 T-4\n', encoding="utf-8")
    (src / "games" / "historical" / "one-slip.tric").write_text(SIC, encoding="utf-8")
    if corpus is not None:
        (src / "corpus.yaml").write_text(corpus, encoding="utf-8")
    return src


def test_a_site_build_publishes_the_page_and_archive_and_keeps_them_true(tmp_path):
    src = small_site(tmp_path)
    report = build(tmp_path / "out", src=src, cache=tmp_path / "cache", progress=False)
    section = next(e["Historical games"] for e in report.generated.nav if "Historical games" in e)
    assert [list(e.values())[0] for e in section][:2] == ["games/historical/index.md", "corpus.md"]
    page = (tmp_path / "out" / "corpus.html").read_text(encoding="utf-8")
    assert "<td>Book A</td>" in page and f'href="{ARCHIVE}"' in page
    assert (tmp_path / "out" / ARCHIVE).is_file() and not (tmp_path / "out" / "corpus.yaml").exists()
    index = (tmp_path / "out" / "games" / "historical" / "index.html").read_text(encoding="utf-8")
    assert 'href="../../corpus.html"' in index and "The showpiece" in index and 'href="one-slip.html"' in index
    assert table((tmp_path / "cache" / "docs" / "corpus.md").read_text(encoding="utf-8"))["In all"] == \
        [1, 2, 2, 0, 1, 0, 0]
    (src / "games" / "historical" / "one-fault.tric").write_text(TAUGHT, encoding="utf-8")
    staging = Generator(src, tmp_path / "cache", progress=False, compendium=False).run().staging
    rows = table((staging / "corpus.md").read_text(encoding="utf-8"))
    assert rows["Book B"] == [1, 3, 2, 1, 0, 1, 1] and rows["In all"] == [2, 5, 4, 1, 1, 1, 1]
    with zipfile.ZipFile(staging / ARCHIVE) as z:
        assert sorted(n.split("/", 1)[1] for n in z.namelist()) == [
            "corpus.json", "records/one-fault.tric", "records/one-slip.tric", "replays/one-fault.json",
            "replays/one-slip.json"]


GAMMON = """[Game "backgammon"]
[Title "The gammon of book A"]
[Source "Book A 1800, its backgammon"]
[Rules "ffbg"]
[First "white"]

1. white 6-6 24/18(2) 13/7(2) {its best first throw}
  (1. white 3-1 8/5 6/5 {another})
"""


def test_a_book_s_backgammon_records_have_their_own_row_and_the_match_none(tmp_path):
    src = small_site(tmp_path)
    (src / "games" / "backgammon").mkdir()
    (src / "games" / "backgammon" / "book-gammon.tric").write_text(GAMMON, encoding="utf-8")
    (src / "games" / "backgammon" / "composed.tric").write_text(  # a backgammon game of no book: not counted
        GAMMON.replace("Book A 1800, its backgammon", "composed for the site"), encoding="utf-8")
    staging = Generator(src, tmp_path / "cache", progress=False, compendium=False).run().staging
    page = (staging / "corpus.md").read_text(encoding="utf-8")
    rows = table(page)
    assert list(rows) == ["Book A", "Book A: backgammon", "Book B", "In all"]  # (Book B has no backgammon)
    assert rows["Book A: backgammon"] == [1, 2, 1, 1, 0, 0, 0] and rows["In all"] == [2, 4, 3, 1, 1, 0, 0]
    assert "[The gammon of book A](games/backgammon/book-gammon.md): its backgammon (2 throws, 1 of them in " \
        "variations)" in page
    with zipfile.ZipFile(staging / ARCHIVE) as z:
        names = sorted(n.split("/", 1)[1] for n in z.namelist())
        top = ARCHIVE.removesuffix(".zip")
        replay = json.loads(z.read(f"{top}/replays/backgammon/book-gammon.json"))
    assert names == ["corpus.json", "records/backgammon/book-gammon.tric", "records/one-slip.tric",
                     "replays/backgammon/book-gammon.json", "replays/one-slip.json"]
    assert [t["dice"] for t in replay["throws"]] == [[6, 6]]


def test_the_page_says_what_each_book_leaves_untranscribed_and_splits_the_throws(real):
    page = real["corpus.md"]
    assert page.count("**Not transcribed:**") == 4  # each book, with the reason for every passage left out
    for where in ("Part 1 §V, fig. 12", "The treatise of backgammon", "§213 (fig. 22", "Appendix: the jacquet"):
        assert where in page, where
    assert "the next two columns split the count between the two" in page


def test_no_corpus_file_no_corpus_page(tmp_path):
    generated = Generator(small_site(tmp_path, corpus=None), tmp_path / "cache", progress=False,
                          compendium=False).run()
    assert not (generated.staging / "corpus.md").exists() and not list(generated.staging.glob("*.zip"))
    section = next(e["Historical games"] for e in generated.nav if "Historical games" in e)
    # no corpus page in the section: its index, then the record under its book (and chapter: none here)
    assert section == [{"Historical games": "games/historical/index.md"},
                       {"Book A 1800": [{"Book A 1800": [{"One slip": "games/historical/one-slip.md"}]}]}]


@pytest.mark.parametrize("corpus, message", [
    ("books: [\n", "corpus.yaml: error: not YAML"),
    ("page: {}\n", "corpus.yaml: error: expected a mapping with 'books'"),
    ("books:\n  - title: A\n", "corpus.yaml: error: every book names its 'source'"),
    ("books:\n  - source: A\n    title: [1]\n", "corpus.yaml: error: books[0]: expected a mapping of names to texts"),
])
def test_a_bad_corpus_file_is_one_clear_error(tmp_path, corpus, message):
    src = small_site(tmp_path, corpus)
    with pytest.raises(SiteError) as e:
        Generator(src, tmp_path / "cache", progress=False, compendium=False).run()
    assert message in str(e.value) and "Traceback" not in str(e.value)
