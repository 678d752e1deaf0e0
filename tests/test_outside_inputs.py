"""Hostile and odd input as an outside campaign sent it (issue 23, items 12, 13 and 16): every input read within
bounds, `import` too; no amplification and no arithmetic hang; the smaller findings.  Each reproducer is here
with its message and its exit code."""

from __future__ import annotations

import logging
import os
import re
import time
from types import SimpleNamespace

import pytest
from conftest import run_cli
from hypothesis import given, strategies as st

HEAD = '[Rules "guiton-1822"]\n[First "white"]\n\n'


# --- item 12: import reads within bounds ----------------------------------------------------------------------

def test_import_of_a_device_is_one_message():
    """`import /dev/zero` grew to 3.7 GB, then MemoryError."""
    assert run_cli("import", "/dev/zero") == (
        1, "", "/dev/zero:1:1: error: cannot read the file: not a regular file (a device, a pipe or a socket)\n")


def test_import_of_a_pipe_does_not_block(tmp_path):
    """A FIFO blocked forever."""
    os.mkfifo(tmp_path / "match.mat")
    start = time.monotonic()
    code, _, err = run_cli("import", tmp_path / "match.mat")
    assert (code, err) == (1, f"{tmp_path / 'match.mat'}:1:1: error: cannot read the file: not a regular file "
                              "(a device, a pipe or a socket)\n")
    assert time.monotonic() - start < 5


def test_import_never_quotes_what_is_not_a_match_file(monkeypatch):
    """`import /proc/self/environ` quoted the whole environment in its error message."""
    monkeypatch.setenv("TRICTRAC_SECRET", "hunter2")
    code, out, err = run_cli("import", "/proc/self/environ")
    assert (code, out, err) == (1, "", "/proc/self/environ:1:1: error: not a text file (it holds NUL bytes): not a "
                                       "match file\n")


def test_import_quotes_a_short_printable_excerpt(tmp_path):
    line = "  1) 31: 8/5 6/5" + " 6/5" * 5000 + "\x1b[31m"
    (tmp_path / "long.mat").write_text(f" 5 point match\n\n Game 1\n alice : 0   bob : 0\n{line}\n", encoding="utf-8")
    code, _, err = run_cli("import", tmp_path / "long.mat")
    first, quoted, caret = err.splitlines()
    assert code == 1 and first.startswith(f"{tmp_path / 'long.mat'}:5:20016: error: expected a point")
    assert quoted.startswith("  …6/5 6/5") and quoted.endswith("6/5?[31m") and len(quoted) == 103
    assert "\x1b" not in quoted and quoted[len(caret) - 1] == "5" and caret.endswith("^")


def test_a_too_big_match_file_is_refused_unread(tmp_path):
    with open(tmp_path / "big.mat", "wb") as f:
        f.truncate(64 * 1024 * 1024)  # sparse: nothing on the disk
    code, _, err = run_cli("import", tmp_path / "big.mat")
    assert (code, err) == (1, f"{tmp_path / 'big.mat'}:1:1: error: cannot read the file: 67,108,864 bytes, more "
                              "than 16,777,216\n")


# --- item 13: no amplification --------------------------------------------------------------------------------

@pytest.mark.parametrize("claims, more", [(7500, "7,489"), (15000, "14,989")])
def test_a_line_of_thousands_of_mistakes_prints_a_few(tmp_path, claims, more):
    """A 30 KB record (one throw followed by 7,500 claims `+4`) made check print 451 MB; a 60 KB one 1.8 GB."""
    path = tmp_path / "claims.tric"
    path.write_text('[First "white"]\n\n1. white 6-4 T-6 T-4' + " +4" * claims + "\n", encoding="utf-8")
    code, out, err = run_cli("check", path)
    assert code == 1 and len(out) < 5000, len(out)
    assert f"claims.tric:3:55: error: {more} more diagnostics on this line not shown (at most 10)" in out
    assert max(len(line) for line in out.splitlines()) < 250
    assert err == "1 file checked: 11 errors, 1 warning\n"


def test_a_file_of_thousands_of_mistakes_gives_a_bounded_report():
    from trictrac_notation.core.diagnostics import Diagnostic, capped

    many = [Diagnostic("warning" if n % 2 else "error", f"mistake {n}", "many.tric", 1 + n // 2, 1 + n % 2)
            for n in range(1600, 0, -1)]  # 800 lines of two, given last first
    shown = capped(many)
    assert len(shown) == 501 and [d.message for d in shown[:3]] == ["mistake 1", "mistake 2", "mistake 3"]
    last = shown[-1]
    assert (last.severity, last.line, last.code) == ("error", 251, "too-many")
    assert last.message == "1,100 more diagnostics in this file not shown (at most 500)"
    line = capped([Diagnostic("note", f"n{n}", "x", 7, n) for n in range(1, 13)] +
                  [Diagnostic("warning", "w", "x", 7, 20)])
    assert [d.message for d in line][-2:] == ["n10", "3 more diagnostics on this line not shown (at most 10)"]
    assert line[-1].severity == "warning"  # as grave as the gravest left out


def test_the_json_of_a_line_of_mistakes_is_bounded_too(tmp_path):
    path = tmp_path / "claims.tric"
    path.write_text('[First "white"]\n\n1. white 6-4 T-6 T-4' + " +4" * 7500 + "\n", encoding="utf-8")
    code, out, _ = run_cli("replay", "--json", path)
    assert code == 1 and len(out) < 20_000


# --- item 13: no arithmetic hang ------------------------------------------------------------------------------

@pytest.mark.parametrize("mark, message", [
    ("+999999999", "école par trop: white marks 999999999 but the rules give 0 (nothing): black gains 999999999"),
    ("opp +999999999", "école par trop: black marks 999999999 from this throw but the rules give him 0 "
                       "(nothing): white gains 999999999"),
    ("ecole 999999999", "fausse école: black marks an école of 999999999 against white, who marked what the rules "
                        "give; a fausse école is itself an école: white may mark 999999999"),
])
def test_a_huge_mark_is_computed_not_looped(tmp_path, mark, message):
    """`+999999999` took about a minute of CPU in check, replay and diagram: the marking subtracted 12 at a time."""
    path = tmp_path / "huge.tric"
    path.write_text(f"{HEAD}1. white 6-4 T-6 T-4 {mark}\n", encoding="utf-8")
    start = time.monotonic()
    code, out, _ = run_cli("check", path)
    assert code == 1 and message in out
    assert run_cli("replay", path)[0] == 1
    assert run_cli("diagram", path, "--throw", "1", "-o", tmp_path / "huge.svg")[0] == 1  # drawn, with its error
    assert (tmp_path / "huge.svg").stat().st_size > 1000
    assert time.monotonic() - start < 10


def _marked_by_steps(points_per_hole: int, start: int, bredouille: bool, points: int) -> tuple[int, int, int]:
    """The marking as it was written, 12 points at a time: (points left, holes, holes that counted double)."""
    holes = doubles = 0
    total = start + points
    while total >= points_per_hole:
        total -= points_per_hole
        won = 2 if bredouille else 1
        holes, doubles, bredouille = holes + won, doubles + (won == 2), True
    return total, holes, doubles


@given(st.integers(0, 11), st.integers(1, 200), st.booleans())
def test_the_computed_marking_is_the_marking_step_by_step(start, points, opponent_marked):
    from trictrac_notation.games.trictrac.marking import Marking

    marking = Marking(12, 12)
    if start:
        marking.mark("white", start)
    if opponent_marked:
        marking.mark("black", 1)
    bredouille = marking.players["white"].bredouille
    gain = marking.mark("white", points)
    expected = _marked_by_steps(12, start, bredouille or start == 0, points)
    assert (marking.players["white"].points, gain.holes, gain.doubles) == expected


def test_a_diagram_of_100000_pixels_is_a_usage_error(tmp_path):
    """`diagram --width 100000 -o x.png` was a MemoryError traceback."""
    path = tmp_path / "game.tric"
    path.write_text(f"{HEAD}1. white 6-4 T-6 T-4\n", encoding="utf-8")
    assert run_cli("diagram", path, "--width", "100000", "-o", tmp_path / "x.png") == (
        2, "", "trictrac diagram: error: --width 100000: give a number of pixels from 50 to 4000\n")
    assert not (tmp_path / "x.png").exists()
    code, out, _ = run_cli("diagram", path, "--width", "50")
    assert code == 0 and 'width="50"' in out


def test_a_page_draws_a_bounded_number_of_diagrams(tmp_path):
    """`{diagram}` on every throw turned 139 KB into a 22.6 MB page: at most 50, and the page says so."""
    from trictrac_notation.games.trictrac.randomgame import random_record
    from trictrac_notation.notation.reader import write
    from trictrac_notation.site.gamepage import MAX_DRAWN, render_game
    from trictrac_notation.site.site import templates

    text = write(random_record(7, max_throws=300))
    marked = "\n".join(line + (" {diagram}" if line[:1].isdigit() else "") for line in text.splitlines())
    path = tmp_path / "every.tric"
    path.write_text(marked + "\n", encoding="utf-8")
    report: list = []
    files, _, _ = render_game("every", path, templates(), "games/every.tric", report=report)
    page = files["games/every.md"]
    assert page.count('class="trictrac-marked"') == MAX_DRAWN and len(page) < 600_000
    (warning,) = [d for d in report if d.code == "too-many-diagrams"]
    assert warning.severity == "warning" and re.fullmatch(
        r"\d+ diagrams marked or copied here and after are not drawn on the page: a page draws at most 50 \(the "
        r"viewer shows every throw\)", warning.message)
    assert "not drawn on the page" in page


def test_a_record_copying_hundreds_of_book_figures_makes_a_bounded_page(tmp_path):
    """23 KB of book figures made a 133 MB site: a record copying three figures on each of its 106 throws (318
    figures, 12 KB) draws at most 50 diagrams, in 1.25 MB of page and viewer data (most of it the figures'
    differences listed); every figure drawn beside the replay made 7.4 MB."""
    from trictrac_notation.games.trictrac.randomgame import random_record
    from trictrac_notation.notation.reader import write
    from trictrac_notation.site.gamepage import render_game
    from trictrac_notation.site.site import templates

    lines, n = [], 0
    for line in write(random_record(7, max_throws=300)).splitlines():
        if line[:1].isdigit():
            n += 1
            line += "".join(f' figure {n}{k} "TW13-1W1-2W1-TB15"' for k in "abc")
        lines.append(line)
    path = tmp_path / "figures.tric"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report: list = []
    files, _, _ = render_game("figures", path, templates(), "games/figures.tric", report=report)
    page = files["games/figures.md"]
    pairs = page.count('<div class="tt-book-pair">')
    left_out = page.count("<li>not drawn: the page draws at most 50 diagrams</li>")
    assert pairs == 3 * n == 318 and pairs - left_out == 3 * (50 // 5)  # each throw's 3 figures and 2 replays: 5
    assert sum(len(f) for f in files.values() if f) < 1_500_000
    assert [d.code for d in report].count("too-many-diagrams") == 1


# --- item 16: the smaller ones --------------------------------------------------------------------------------

def test_site_init_of_an_empty_name_writes_nothing(tmp_path, monkeypatch):
    """`site init ""` wrote into the current folder."""
    monkeypatch.chdir(tmp_path)
    assert run_cli("site", "init", "") == (1, "", "trictrac site: error: no folder named: give the new site's "
                                                  "folder, e.g. `trictrac site init my-games`\n")
    assert not list(tmp_path.iterdir())


def test_site_init_never_writes_through_a_link(tmp_path):
    """`site init` wrote through dangling symlinks to files outside its folder."""
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine/mkdocs.yml").symlink_to(tmp_path / "outside.yml")
    code, _, err = run_cli("site", "init", tmp_path / "mine")
    assert code == 1 and f"{tmp_path / 'mine/mkdocs.yml'}: error: already there" in err
    (tmp_path / "other").mkdir()
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "other/docs").symlink_to(tmp_path / "elsewhere")
    code, _, err = run_cli("site", "init", tmp_path / "other")
    assert code == 1 and f"{tmp_path / 'other/docs'}: error: a link leading outside {tmp_path / 'other'}" in err
    assert not (tmp_path / "outside.yml").exists() and not list((tmp_path / "elsewhere").iterdir())


def test_a_fence_error_names_the_page_not_the_machine_s_path(caplog):
    """A fence error showed the machine's absolute path on the page."""
    import markdown

    from trictrac_notation.site.mdext import TrictracPlugin

    plugin = TrictracPlugin()
    text = "# A page\n\n```trictrac\n1. white 6-4 T-6 T-9\n```\n"
    page = SimpleNamespace(file=SimpleNamespace(abs_src_path="/home/author/secret/docs/lesson.md",
                                                src_uri="lessons/lesson.md"))
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.trictrac"):
        markdown_text = plugin.on_page_markdown(text, page=page, config=None, files=None)  # type: ignore[arg-type]
        html = markdown.Markdown(extensions=["trictrac_notation.site.mdext"]).convert(markdown_text)
        plugin.on_page_content(html, page=page, config=None, files=None)  # type: ignore[arg-type]
    assert "lessons/lesson.md:4:14: error: fausse case" in html and "/home/author" not in html
    assert any(r.getMessage().startswith("/home/author/secret/docs/lesson.md:4:14: error") for r in caplog.records)


def test_import_says_the_plays_the_rules_refuse(tmp_path):
    """`import` wrote illegal plays and exited 0."""
    (tmp_path / "illegal.mat").write_text(
        " 1 point match\n\n Game 1\n alice : 0                      bob : 0\n"
        "  1) 31: 8/5                     64: 24/18 13/9\n  2) 61: 13/7 8/7                 Wins 1 point\n",
        encoding="utf-8")
    code, _, err = run_cli("import", tmp_path / "illegal.mat", "-o", tmp_path / "illegal.tric")
    lines = err.splitlines()
    assert code == 1 and lines[0].startswith(f"{tmp_path / 'illegal.tric'}:8:14: error: illegal play: white plays "
                                             "8/5 with 3-1: both numbers can be played, so both must be")
    assert lines[-1] == (f"{tmp_path / 'illegal.mat'}: imported, with 1 error: the record holds what the rules "
                         "refuse (above, as `trictrac check` reports it)")
    assert (tmp_path / "illegal.tric").is_file()  # written all the same, to be mended
    assert run_cli("check", tmp_path / "illegal.tric")[0] == 1


def test_extends_of_a_pipe_says_what_it_is(tmp_path):
    """`extends: fifo` said "unknown rule set 'fifo'" while listing it as known."""
    os.mkfifo(tmp_path / "fifo.yaml")
    (tmp_path / "mine.yaml").write_text(
        "extends: {id: fifo, decided: a test}\nidentity:\n  title: x\n  author: y\n  year: 1700\n  edition: a\n"
        "  place: b\n", encoding="utf-8")
    code, _, err = run_cli("rules", "show", tmp_path / "mine.yaml")
    assert code == 1 and err.startswith(f"{tmp_path / 'mine.yaml'}:1:15: rule set 'fifo': fifo.yaml is not a "
                                        "regular file (a folder, a pipe or a device); it is not read")
