"""The command line: ``trictrac check`` like a compiler, ``replay`` as text and JSON, ``convert``.

Most runs are in-process (conftest.run_cli); a few go through a real subprocess to
see exactly what a user sees (exit code, no traceback).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import board, run_cli

from trictrac_notation.core.coords import SYSTEMS
from trictrac_notation.games.trictrac.randomgame import random_game_text
from trictrac_notation.notation.reader import parse

BROKEN = Path(__file__).parent / "data" / "broken"
HEADLINE = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning): (?P<message>.*?)"
                      r"(?: \[(?P<rule>rules\.md §[^\]]+)\])?$")


def headlines(out: str) -> list[tuple]:
    """(line, column, severity, rule) of each diagnostic printed by check."""
    found = []
    for text in out.splitlines():
        m = HEADLINE.match(text)
        if m:
            found.append((int(m["line"]), int(m["col"]), m["severity"], m["rule"]))
    return found


def cli(*argv) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "trictrac_notation.cli.main", *map(str, argv)],
                          capture_output=True, text=True, timeout=60)


# --- check: the broken records of tests/data/broken ----------------------------------------------

BROKEN_EXPECTED = {
    "fausses-cases.tric": [(6, 14, "error", "rules.md §2 M5"), (8, 14, "error", "rules.md §2 M1"),
                           (9, 14, "error", "rules.md §2 M10")],
    "syntax.tric": [(1, 1, "warning", None), (1, 2, "warning", None), (4, 10, "error", None), (5, 10, "error", None),
                    (6, 26, "error", None), (7, 10, "error", None), (8, 22, "error", None)],
    "coordinates.tric": [(6, 20, "error", None), (7, 1, "warning", None)],
    "no-dame.tric": [(5, 14, "error", "rules.md §2 M1"), (6, 1, "warning", None)],
    "setup.tric": [(3, 2, "error", None)],
    "latin1.tric": [(1, 19, "error", None)],
    "empty.tric": [(1, 1, "error", None)],
}


def test_every_broken_record_has_expectations():
    assert {p.name for p in BROKEN.glob("*.tric")} == set(BROKEN_EXPECTED)


@pytest.mark.parametrize("name", sorted(BROKEN_EXPECTED))
def test_check_broken_record(name):
    path = BROKEN / name
    code, out, err = run_cli("check", path)
    assert code == 1
    assert headlines(out) == BROKEN_EXPECTED[name]
    assert all(line.startswith(f"{path}:") for line in out.splitlines() if HEADLINE.match(line))
    errors = sum(e[2] == "error" for e in BROKEN_EXPECTED[name])
    warnings = len(BROKEN_EXPECTED[name]) - errors
    assert err == (f"1 file checked: {errors} error{'s' * (errors != 1)}, "
                   f"{warnings} warning{'s' * (warnings != 1)}\n")


def test_check_output_quotes_the_line_with_a_caret_and_lists_the_legal_plays():
    path = BROKEN / "fausses-cases.tric"
    _, out, _ = run_cli("check", path)
    block = out.split("\n" + str(path))[0].splitlines()
    assert block == [
        f"{path}:6:14: error: fausse case: black plays T-6 with 6-4: both numbers can be played; "
        "this play uses 1 [rules.md §2 M5]",
        "  2. black 6-4 T-6 {one number of two}",
        "               ^~~",
        "  legal plays of 6-4: T-6-10 | T-6 T-4",  # rules.md §2 M1, M3: both from the talon, or one dame by 10
    ]


def test_check_lists_the_legal_plays_of_a_later_position():
    """Line 9 of fausses-cases.tric: White (T:11 6:2 5:1 4:1) throws 6-1; 5-11 would leave one dame on the
    coin (M7), 6-12 lands on Black's coin (M10), 7+ stops in Black's grand jan (M12)."""
    _, out, _ = run_cli("check", BROKEN / "fausses-cases.tric")
    (plays,) = [line for line in out.splitlines() if line.startswith("  legal plays of 6-1: ")]
    assert set(plays.split(": ", 1)[1].split(" | ")) == {
        "T-6-7", "T-6 T-1", "T-6 4-5", "T-6 5-6", "4-10 T-1", "4-10 5-6", "4-10 6-7"}


def test_check_hint_lines():
    _, out, _ = run_cli("check", BROKEN / "syntax.tric")
    assert "  hint: did you mean 'sonnez'?" in out.splitlines()
    assert "  hint: did you mean 'Title'?" in out.splitlines()


# --- check: exit codes, several files, files that cannot be read ------------------------------------

def test_check_clean_record_exits_0(tric):
    path = tric("1. white 6-4 T-6 T-4\n2. black 5-3 T-5 T-3\n")
    assert run_cli("check", path) == (0, "", "1 file checked: 0 errors, 0 warnings\n")
    assert run_cli("check", "-q", path) == (0, "", "")


def test_check_warnings_only_exits_0(tric):
    code, out, err = run_cli("check", tric('[Titel "x"]\n1. white 6-4 T-6 T-4\n'))
    assert code == 0 and headlines(out) == [(1, 2, "warning", None)]
    assert err == "1 file checked: 0 errors, 1 warning\n"


def test_check_several_files(tric):
    good = tric("1. white 6-4 T-6 T-4\n")
    bad = tric("1. white 6-5 T-11\n")
    code, out, err = run_cli("check", good, bad, BROKEN / "no-dame.tric")
    assert code == 1
    assert [m.group(1) for m in re.finditer(r"^(\S+?):\d+:\d+: ", out, re.M)] == [
        str(bad), str(BROKEN / "no-dame.tric"), str(BROKEN / "no-dame.tric")]
    assert err == "3 files checked: 2 errors, 1 warning\n"


def test_check_missing_file(tmp_path):
    path = tmp_path / "nowhere.tric"
    code, out, err = run_cli("check", path)
    assert code == 1 and out == f"{path}:1:1: error: no such file\n"


def test_check_a_directory(tmp_path):
    code, out, _ = run_cli("check", tmp_path)
    assert code == 1 and out == f"{tmp_path}:1:1: error: is a directory, not a record file\n"


@pytest.mark.parametrize("content", ["", "\n\n   \n", "\ufeff"])
def test_check_empty_file(tric, content):
    path = tric(content)
    code, out, _ = run_cli("check", path)
    assert code == 1 and out.startswith(f"{path}:1:1: error: empty record: expected header tags")


def test_check_non_utf8_file_points_at_the_bad_byte(tric):
    path = tric(b'[Title "x"]\n1. white 6-4 T-6 T-4 {jou\xe9}\n')
    code, out, _ = run_cli("check", path)
    assert code == 1
    assert out.splitlines() == [
        f"{path}:2:26: error: not UTF-8: byte 0xe9 cannot be decoded",
        "  hint: save the file as UTF-8 (e.g. iconv -f latin1 -t utf-8)"]


def test_check_utf8_with_bom_and_crlf(tric):
    path = tric("\ufeff[Title \"é\"]\r\n1. white 6-4 T-6 T-4\r\n2. black 6-5 T-11\r\n".encode("utf-8"))
    code, out, _ = run_cli("check", path)
    assert code == 1 and headlines(out) == [(3, 14, "error", "rules.md §2 M7")]


def test_check_a_10_mb_file_is_refused_clearly(tmp_path):
    path = tmp_path / "huge.tric"
    with open(path, "wb") as f:
        f.truncate(10 * 1024 * 1024)  # sparse: fast to make
    code, out, _ = run_cli("check", path)
    assert code == 1
    assert re.fullmatch(rf"{re.escape(str(path))}:1:1: error: file is 10\.5 MB; a record may be at most \d+ MB "
                        r"\(split it, one game per file\)\n", out)


@pytest.mark.parametrize("argv", [[], ["check"], ["check", "--rules"], ["nosuch"], ["convert", "x.tric"],
                                  ["convert", "x.tric", "--coords", "klingon"]])
def test_usage_errors_exit_2(argv):
    code, out, err = run_cli(*argv)
    assert code == 2 and "usage: trictrac" in err and "Traceback" not in err


def test_real_process_exit_codes_and_no_traceback(tric):
    good = tric("1. white 6-4 T-6 T-4\n")
    runs = [cli("check", good), cli("check", BROKEN / "fausses-cases.tric"), cli("check"),
            cli("check", BROKEN / "latin1.tric", BROKEN / "empty.tric")]
    assert [r.returncode for r in runs] == [0, 1, 2, 1]
    assert not any("Traceback" in r.stderr for r in runs)
    assert headlines(runs[1].stdout) == BROKEN_EXPECTED["fausses-cases.tric"]


# --- replay ------------------------------------------------------------------------------------------

def test_replay_text_shows_each_throw_and_position(tric):
    path = tric('[Title "t"]\n1. white 6-4 T-6 T-4\n2. black 6-5 T-11\n')
    code, out, err = run_cli("replay", path)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == "t"
    assert "1. white 6-4 T-6 T-4" in lines
    assert "2. black 6-5 T-11   <-- fausse case" in lines
    # after throw 1 White has 13 on his talon, one on 4 and one on 6 (the diagram's bottom row)
    after_1 = lines[lines.index("1. white 6-4 T-6 T-4") + 4].split()
    assert after_1 == ["13o", ".", ".", ".", "1o", ".", "|", "1o", ".", ".", ".", ".", "."]
    assert err.startswith(f"{path}:3:14: error: fausse case")


def test_replay_text_in_another_coordinate_system(tric):
    path = tric("1. white 6-4 T-6 T-4\n")
    code, out, _ = run_cli("replay", path, "--coords", "lepeintre")
    assert code == 0
    assert "   a   b   c   d   e   f |   g   h   i   j   k   l   white's side" in out.splitlines()


def test_replay_json(tric):
    path = tric('[Title "t"]\n1. white 6-4 T-6 T-4\n2. black 6-5 T-11\n3. white 5-5 4-9 6-11\n')
    code, out, _ = run_cli("replay", path, "--json")
    assert code == 1
    data = json.loads(out)
    assert data["headers"] == {"Title": "t"} and data["coords"] == "player" and data["complete"]
    assert data["initial"]["white"] == {"1": 15}  # field = track + 1
    first, second, third = data["throws"]
    assert (first["side"], first["dice"], first["legal"], first["line"]) == ("white", [6, 4], True, 2)
    assert first["steps"] == [{"from": 1, "to": 7}, {"from": 1, "to": 5}]
    assert first["position"]["white"] == {"1": 13, "5": 1, "7": 1}
    assert second["legal"] is False and second["position"]["black"] == {"1": 14, "12": 1}
    (d,) = second["diagnostics"]
    assert (d["line"], d["column"], d["severity"], d["rule"]) == (3, 14, "error", "rules.md §2 M7")
    assert d["notes"] == ["legal plays of 6-5: T-6 T-5"]
    assert third["position"]["white"] == {"1": 13, "10": 1, "12": 1}  # a lone dame on the coin: applied as written
    assert data["errors"] == 2 and [x["line"] for x in data["diagnostics"]] == [3, 4]


def test_replay_json_positions_match_the_replay(tric):
    text = random_game_text(7, "soumille", max_throws=40)
    code, out, _ = run_cli("replay", tric(text), "--json")
    assert code == 0
    from trictrac_notation.engine.replay import replay_text

    expected = [t.after.to_json() for t in replay_text(text).throws]
    assert [t["position"] for t in json.loads(out)["throws"]] == expected


def test_replay_of_an_unreadable_file(tmp_path):
    code, out, err = run_cli("replay", tmp_path / "nowhere.tric", "--json")
    assert code == 1 and out == "" and err == f"{tmp_path / 'nowhere.tric'}:1:1: error: no such file\n"


# --- convert -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_convert_into_each_system_and_back(tric, tmp_path, system):
    text = random_game_text(11, "player", max_throws=60)
    source = tric(text)
    code, there, err = run_cli("convert", source, "--coords", system)
    assert code == 0 and err == ""
    assert f'[Coords "{system}"]' in there
    converted = tric(there)
    assert run_cli("check", "-q", converted) == (0, "", "")
    out = tmp_path / "back.tric"
    assert run_cli("convert", converted, "--coords", "player", "-o", out) == (0, "", "")
    assert parse(out.read_text(encoding="utf-8"))[0] == parse(text)[0]


def test_convert_a_known_opening_to_lepeintre(tric):
    code, out, _ = run_cli("convert", tric("1. white 6-4 T-6 T-4\n2. black 5-3 T-5 T-3\n"), "--coords", "lepeintre")
    assert code == 0
    assert out.splitlines()[-2:] == ["1. white 6-4 a-g a-e", "2. black 5-3 y-s y-u"]  # as in site_src/notation.md


def test_convert_refuses_a_record_with_errors(tric):
    path = tric("1. white sonet T-6 T-6\n")
    code, out, err = run_cli("convert", path, "--coords", "soumille")
    assert code == 1 and out == ""
    assert f"{path}: not converted: fix the errors first" in err


def test_convert_reports_unknown_arrows(tric):
    path = tric('[Coords "soumille"]\n1. white 6-4 &-J &-V\n')
    code, out, err = run_cli("convert", path, "--coords", "player")
    assert code == 1 and out == ""
    assert err.startswith(f"{path}:2:16: error: unknown arrow 'J' in the Soumille letters system")


def test_board_helper_and_cli_agree(tric):
    """The JSON positions and conftest.board speak of the same arrows."""
    _, out, _ = run_cli("replay", tric("1. white 6-4 T-6 T-4\n"), "--json")
    assert json.loads(out)["throws"][0]["position"] == board("white: T:13 6:1 4:1").to_json()


def test_the_quoted_line_is_the_diagnostic_line_even_after_a_form_feed(tric):
    _, out, _ = run_cli("check", tric("{page one\fpage two}\n1. white 6-5 T-11\n"))
    assert out.splitlines()[1] == "  1. white 6-5 T-11"
