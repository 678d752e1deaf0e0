"""The site build never loses a user's files or the previous site, one bad record never breaks a site, and the
author is told what is wrong with his records (issue 23 items 12, 14, 15 and 16; issue 22 item 6).

Each test runs `trictrac site build` as an author would, in a real folder made by `trictrac site init` (the
rules of the treatises left out: a build takes about a second)."""

from __future__ import annotations

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import run_cli

GOOD = '[Title "A good game"]\n[First "white"]\n\n1. white 6-4 T-6 T-4\n2. black 5-3 T-5 T-3\n'
WARNED = GOOD + "3. white 2-1 T-7 T-1 let-stand\n"  # a fausse case the opponent let stand: a warning


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    folder = tmp_path_factory.mktemp("template") / "mine"
    assert run_cli("site", "init", folder)[0] == 0
    settings = folder / "mkdocs.yml"
    settings.write_text(settings.read_text(encoding="utf-8").replace("compendium: true", "compendium: false"),
                        encoding="utf-8")
    (folder / "docs/index.md").write_text("# Mine\n\nThe [games](games/index.md).\n", encoding="utf-8")
    (folder / "docs/games/good.tric").write_text(GOOD, encoding="utf-8")
    return folder


@pytest.fixture
def mine(template, tmp_path, monkeypatch):
    """An author's site folder, with his own files beside it, as the working folder."""
    folder = tmp_path / "mine"
    shutil.copytree(template, folder)
    (folder / "letter.txt").write_text("my own words\n", encoding="utf-8")
    (folder / "docs/.notes").write_text("drafts\n", encoding="utf-8")
    monkeypatch.chdir(folder)
    return folder


def build(*options: str) -> tuple[int, str, str]:
    return run_cli("site", "build", "-q", *options)


def snapshot(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_folder_of_the_users_is_never_emptied(mine):
    """`site build --out DIR` emptied DIR first: a user's files vanished, exit 0."""
    (mine / "papers").mkdir()
    (mine / "papers/thesis.txt").write_text("years of work\n", encoding="utf-8")
    code, _, err = build("--out", "papers")
    assert code == 1 and err.count("\n") == 2, err
    assert err.startswith(f"trictrac site: {mine / 'papers'}: error: not replaced: this folder was not written "
                          "by the site build (it has no .trictrac-site.json), and building would delete its files")
    assert (mine / "papers/thesis.txt").read_text(encoding="utf-8") == "years of work\n"


def test_a_file_as_the_output_folder_is_one_message(mine):
    """An existing file as --out was a traceback."""
    code, _, err = build("--out", "letter.txt")
    assert (code, err.splitlines()[0]) == (1, f"trictrac site: {mine / 'letter.txt'}: error: --out names a file, "
                                              "not a folder")
    assert (mine / "letter.txt").read_text(encoding="utf-8") == "my own words\n"


def test_a_file_the_user_put_in_the_built_site_is_not_deleted(mine):
    assert build()[0] == 0
    (mine / "site/games/my-notes.txt").write_text("mine\n", encoding="utf-8")
    code, _, err = build()
    assert code == 1 and "error: not replaced: games/my-notes.txt was not written by the site build" in err
    assert (mine / "site/games/my-notes.txt").is_file() and (mine / "site/games/good.html").is_file()


def test_a_cache_folder_is_never_one_of_the_users(mine):
    """`--cache DIR` deleted DIR/docs/*, hidden files included; `--cache .` staged the generated pages among the
    author's sources and deleted docs/.notes."""
    (mine / "work/docs").mkdir(parents=True)
    (mine / "work/docs/.plan").write_text("plan\n", encoding="utf-8")
    (mine / "work/todo.txt").write_text("todo\n", encoding="utf-8")
    code, _, err = build("--cache", "work")
    assert code == 1 and f"{mine / 'work'}: error: not a cache of the site build: it holds todo.txt" in err
    code, _, err = build("--cache", ".")
    assert code == 1 and f"{mine}: error: --cache holds the site's sources ({mine / 'docs'})" in err
    code, _, err = build("--cache", "docs/cache")
    assert code == 1 and "error: --cache lies among the site's sources" in err
    assert (mine / "work/docs/.plan").is_file() and (mine / "work/todo.txt").is_file()
    assert (mine / "docs/.notes").read_text(encoding="utf-8") == "drafts\n"
    assert sorted(p.name for p in (mine / "docs").iterdir()) == [".notes", "games", "index.md", "rules"]


def test_a_second_build_of_the_same_folder_waits_for_the_first(mine):
    """Two builds into one folder at once left a mixed site and a FileNotFoundError traceback."""
    from trictrac_notation.site.output import locked

    assert build()[0] == 0
    before = snapshot(mine / "site")
    with locked(mine / ".site.trictrac-lock", "site", remove=True):  # a first build, running
        code, _, err = build()
    assert (code, err) == (1, f"trictrac site: {mine / 'site'}: error: another build is using it now\n"
                              "  hint: wait for it to end, then build again\n")
    assert snapshot(mine / "site") == before and build()[0] == 0


def test_a_failed_build_leaves_the_previous_site(mine):
    """A failed strict build had already rewritten site/."""
    assert build()[0] == 0
    before = snapshot(mine / "site")
    (mine / "docs/broken.md").write_text("# Broken\n\nA [link](nowhere.md).\n", encoding="utf-8")
    (mine / "docs/games/good.tric").write_text(GOOD.replace("A good game", "Changed"), encoding="utf-8")
    code, _, err = build()
    assert code == 1 and "site not built: 1 warning in strict mode" in err and "site is as it was" in err, err
    assert snapshot(mine / "site") == before
    assert not [p for p in mine.iterdir() if "trictrac" in p.name]  # no half-built folder left beside it


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_mid_build_ends_with_one_line_and_loses_nothing(mine, sig):
    """Ctrl-C was a KeyboardInterrupt traceback and in one trial left 6 of 40 game pages."""
    for n in range(40):
        (mine / f"docs/games/g{n:02d}.tric").write_text(GOOD.replace("A good game", f"Game {n}"), encoding="utf-8")
    assert build()[0] == 0
    before, sources = snapshot(mine / "site"), snapshot(mine / "docs")
    for n in range(40):  # every page to render again: a build of several seconds
        (mine / f"docs/games/g{n:02d}.tric").write_text(GOOD.replace("A good game", f"Game {n}!"), encoding="utf-8")
    sources = snapshot(mine / "docs")
    process = subprocess.Popen([sys.executable, "-m", "trictrac_notation.cli.main", "site", "build", "-q"], cwd=mine,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = mine / ".site-cache/docs/games/g00.md"  # the first page rendered again: the build is among them

    def started() -> bool:
        try:
            return "Game 0!" in first.read_text(encoding="utf-8")
        except OSError:
            return False
    deadline = time.monotonic() + 60
    while not started() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    assert process.poll() is None, "the build ended before it could be interrupted"
    process.send_signal(sig)
    out, err = process.communicate(timeout=60)
    assert (process.returncode, out, err) == (130, "", "trictrac site: interrupted: the site was not built, and "
                                                        "site is as it was\n")
    assert snapshot(mine / "site") == before and snapshot(mine / "docs") == sources
    assert (mine / "letter.txt").is_file() and not [p for p in mine.iterdir() if "trictrac" in p.name]
    assert build()[0] == 0 and "Game 3!" in (mine / "site/games/g03.html").read_text(encoding="utf-8")


def test_one_bad_record_never_breaks_a_site(mine):
    """The 12-byte record `@white 5:99` crashed the whole build with an IndexError in the viewer's data; a FIFO
    named x.tric hung it, a folder named x.tric was a traceback; foo.tric beside foo.md swapped pages between
    builds.  Each is an error of that record, listed as check lists it, exit 1; the rest of the site builds."""
    games = mine / "docs/games"
    (games / "many.tric").write_text("@white 5:99", encoding="utf-8")
    os.mkfifo(games / "pipe.tric")
    (games / "folder.tric").mkdir()
    (games / "twice.tric").write_text(GOOD, encoding="utf-8")
    (games / "twice.md").write_text("# The author's own page\n", encoding="utf-8")
    (games / "historical").mkdir()
    (games / "historical/book.tric").write_text('[Source "A book, p. 3"]\n' + GOOD, encoding="utf-8")
    os.mkfifo(games / "historical/pipe.tric")  # the corpus counts the historical records: not this one
    (mine / "docs/corpus.yaml").write_text("books:\n  - source: A book\n    title: A book\n", encoding="utf-8")
    (games / "huge.tric").write_text('[Rules "guiton-1822"]\n[First "white"]\n\n1. white 6-4 T-6 T-4 +999999999\n',
                                     encoding="utf-8")  # hung the build: the marking went 12 points at a time
    code, _, err = build()
    assert code == 1, err
    lines = err.splitlines()
    assert "docs/games/folder.tric:1:1: error: not read: is a folder, not a file" in lines
    assert "docs/games/pipe.tric:1:1: error: not read: not a regular file (a device, a pipe or a socket)" in lines
    assert "docs/games/historical/pipe.tric:1:1: error: not read: not a regular file (a device, a pipe or a socket)" \
        in lines
    assert ("docs/games/twice.tric:1:1: error: its page would take the place of twice.md, a file of the sources "
            "beside it") in lines
    assert "docs/games/many.tric:1:2: error: white has 99 dames in the starting position, not 15" in lines
    assert ("docs/games/many.tric:1:1: error: this record cannot be drawn: a point holds 99 dames, and the viewer "
            "draws at most 35 on one") in lines
    assert ("docs/games/huge.tric:4:22: error: école par trop: white marks 999999999 but the rules give 0 (nothing): "
            "black gains 999999999 [rules.md §3.11]") in lines
    assert lines[-1] == "trictrac site: the records have 7 errors and 0 warnings (above; their pages show them too)"
    site = mine / "site/games"
    assert "A good game" in (site / "good.html").read_text(encoding="utf-8") and (site / "huge.html").is_file()
    assert "This record could not be drawn" in (site / "many.html").read_text(encoding="utf-8")
    assert "The author" in (site / "twice.html").read_text(encoding="utf-8")
    assert not (site / "pipe.html").exists() and not (site / "folder.html").exists()
    assert (site / "historical/book.html").is_file() and (mine / "site/corpus.html").is_file()


def test_the_author_is_told_of_a_warning_and_strict_fails_on_it(mine):
    (mine / "docs/games/warned.tric").write_text(WARNED, encoding="utf-8")
    code, _, err = build()
    assert code == 0 and err.startswith("docs/games/warned.tric:6:14: warning: fausse case: white plays T-7 T-1")
    assert err.splitlines()[-1] == ("trictrac site: the records have 0 errors and 1 warning (above; their pages "
                                    "show them too)")
    code, _, err = build("--strict")  # the same report for a page taken from the cache
    assert code == 1 and err.startswith("docs/games/warned.tric:6:14: warning: fausse case")


def test_the_sources_are_read_within_bounds(mine):
    """Every file of docs/rules/ was read whole for the page cache before any size or link check (1.6 GB for a
    1.5 GB file); a compendium.yaml linking outside the site was read and published."""
    import tracemalloc

    from trictrac_notation.site.site import Generator, SiteError

    with open(mine / "docs/rules/huge.yaml", "wb") as f:
        f.truncate(512 * 1024 * 1024)  # sparse: 512 MB to read, none on the disk
    tracemalloc.start()
    with pytest.raises(SiteError, match=r"docs/rules/huge\.yaml: error: not read: 536,870,912 bytes, more than "):
        Generator(mine / "docs", mine / "cache", progress=False, compendium=False, notation=False).run()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 64 * 1024 * 1024
    (mine / "docs/rules/huge.yaml").unlink()
    secret = mine.parent / "secret.yaml"
    secret.write_text("intro: the password is hunter2\n", encoding="utf-8")
    (mine / "docs/compendium.yaml").symlink_to(secret)
    with pytest.raises(SiteError, match=r"docs/compendium\.yaml: error: not published: it is a link to a file "
                                        r"outside docs/"):
        Generator(mine / "docs", mine / "cache", progress=False, notation=False).run()
