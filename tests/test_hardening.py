"""Hostile inputs (issue 12 items 1-2, issue 11 item 7): each ends in one positioned message and exit 1 or 2,
never a traceback, a hang or a read of a file that a record names.

Every case below was a traceback, a hang or a leak before the hardening; the comment on each says which.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import time
import tracemalloc

import pytest
from conftest import run_cli

from trictrac_notation.games.trictrac.randomgame import random_record
from trictrac_notation.notation import recovery
from trictrac_notation.notation.reader import MAX_NESTING, parse, write
from trictrac_notation.rules.rulesets import RulesError, load_ruleset, named_ruleset, ruleset_for
from trictrac_notation.site.site import Generator, SiteError

THROW = "1. white 6-4 T-6 T-4"


def positioned(path, err: str) -> list[str]:
    """The error lines of ``err`` that name ``path`` with a line and a column (those of a JSON output too)."""
    if err.startswith("{"):
        data = json.loads(err[:err.rindex("}") + 1])
        return [f"{d['file']}:{d['line']}:{d['column']}: error: {d['message']}" for d in data["diagnostics"]
                if d["severity"] == "error"]
    return [line for line in err.splitlines() if re.match(rf"{re.escape(str(path))}:\d+:\d+: error: ", line)]


def no_traceback(*outputs) -> bool:
    return not any("Traceback" in o for o in outputs)


# --- hangs: error recovery was quadratic --------------------------------------------------------------

@pytest.mark.parametrize("text", [
    '[Title "' + "x" * 40_000 + '"]\n1. white 6-4 T-6 T-4 ]\n',  # 66 s before: the word before each error
    "1. white 6-4 {" + "x" * 40_000 + "} T-6 ]\n",               # was found by a regex quadratic in a long run
    '[Title "' + "x" * 40_000 + '"]\n]\n',
])
def test_one_error_after_a_long_word_is_found_at_once(text):
    start = time.perf_counter()
    record, diags = parse(text)
    assert time.perf_counter() - start < 2.0
    assert [d.message.split(":")[0] for d in diags] == ["unexpected ']'"]


def hostile_record(blocks: int = 50, width: int = 39_000) -> str:
    """About 2 MB: the throws of a legal game, each of the first ``blocks`` with a long comment and an
    'ecole' without its points (an error found at the next throw)."""
    throws = write(random_record(5, max_throws=blocks + 1)).split("\n")[4:blocks + 5]
    lines = ['[Title "hostile"]'] + [f"{t} {{{'x' * width}}} ecole" for t in throws[:blocks]] + throws[blocks:]
    return "\n".join(lines) + "\n"


def test_a_2mb_record_with_50_errors_checks_in_under_2_seconds(tric):
    text = hostile_record()
    assert 1.9e6 < len(text.encode()) <= 2 * 1024 * 1024
    path = tric(text)
    start = time.perf_counter()
    code, out, err = run_cli("check", path)
    elapsed = time.perf_counter() - start
    errors = positioned(path, out)
    assert code == 1 and len(errors) == 50, errors[:3]
    assert all(re.search(r":\d+:\d+: error: expected a number after 'ecole'$", e) for e in errors)
    assert [int(e.split(":")[1]) for e in errors] == list(range(2, 52))
    assert elapsed < 2.0, f"{elapsed:.2f} s"  # minutes before: one whole parse per error


class _Counting(recovery._Resumable):
    made: list = []

    def __init__(self):
        super().__init__()
        _Counting.made.append(self)


def test_recovery_reads_the_text_about_once(monkeypatch):
    """Benchmark-free: the characters parsed by all the runs together, for 50 errors spread over a long
    record of throws, stay close to the record's length (it was one whole parse per error: ~25 times)."""
    lines = write(random_record(11, max_throws=12_000, relevés=100)).split("\n")
    step = len(lines) // 51
    for k in range(1, 51):
        lines[k * step] += " ]"
    text = "\n".join(lines)
    _Counting.made = []
    monkeypatch.setattr(recovery, "_Resumable", _Counting)
    record, diags = parse(text)
    assert sum(d.severity == "error" for d in diags) == 50
    (session,) = _Counting.made
    assert len(text) > 200_000 and session.read <= 1.1 * len(text), (session.read, len(text))


def test_resuming_gives_what_starting_over_gives(monkeypatch):
    """The resume points change the cost of a repair, never its outcome: with a point before every token
    and with none at all (every repair parses from the start), the same record and diagnostics."""
    import random

    from test_fuzz import VALID, _mutate

    rng = random.Random(12)
    for _ in range(150):
        text = _mutate(rng.choice(VALID), rng, rng.randint(1, 8))
        results = []
        for gap in (1, 10**9):
            monkeypatch.setattr(recovery._Resumable, "GAP", gap)
            record, diags = parse(text)
            results.append((record, [(d.line, d.column, d.message) for d in diags]))
        assert results[0] == results[1], text


# --- tracebacks: nested variations -----------------------------------------------------------------

def nested(depth: int) -> str:
    return '[Rules "guiton-1822"]\n' + THROW + " " + "(1. white 6-4 T-6 T-4 " * depth + ")" * depth + "\n"


COMMANDS = [("check",), ("replay", "--json"), ("convert", "--coords", "soumille"),
            ("compare", "--rules", "guiton-1822,modern"), ("diagram",), ("explain", "--throw", "1")]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_variations_nested_to_the_limit_work_everywhere(tric, command):
    path = tric(nested(MAX_NESTING))
    code, out, err = run_cli(command[0], path, *command[1:])
    assert code == 0 and no_traceback(out, err), err[-300:]


@pytest.mark.parametrize("depth", [MAX_NESTING + 1, 89, 200, 250])  # 89: convert (deepcopy); 200: the
@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])  # transformer; 250: compare and diagram
def test_variations_nested_deeper_are_one_error(tric, command, depth):
    path = tric(nested(depth))
    code, out, err = run_cli(command[0], path, *command[1:])
    assert no_traceback(out, err), err[-300:]
    assert code == 1
    errors = positioned(path, out) + positioned(path, err)
    column = len(THROW) + 2 + MAX_NESTING * len("(1. white 6-4 T-6 T-4 ")
    assert errors and errors[0] == (f"{path}:2:{column}: error: a variation nested {MAX_NESTING + 1} deep: "
                                    f"variations nest at most {MAX_NESTING} deep (this one is set aside with what it "
                                    "holds)")


# --- tracebacks: numbers --------------------------------------------------------------------------

BIG = "1" * 5000


@pytest.mark.parametrize("line, column", [
    (f"1. white {BIG}-1 T-6", 10),          # the dice
    (f"{BIG}. white 6-4 T-6 T-4", 1),       # the throw number
    (f"1. white 6-4 +{BIG} T-6 T-4", 15),   # points marked
    (f"@white T:{BIG}", 10),                # a placement
    (f"{THROW} holes {BIG}", 28),
    (f"1. white 6-4 T-6 T-{BIG}", 20),      # an arrow
])
def test_a_number_of_thousands_of_digits_is_one_error(tric, line, column):
    path = tric(line + "\n")
    code, out, err = run_cli("check", path)
    assert code == 1 and no_traceback(out, err)
    assert positioned(path, out)[0] == f"{path}:1:{column}: error: a number of 5,000 digits: a record's numbers " \
                                        "have at most 9"


@pytest.mark.parametrize("dice", ["٦-٤", "６-４", "𝟔-𝟒"])
def test_dice_in_other_digits_are_refused_not_rewritten(tric, dice):
    """decided: refused.  They were read as 6-4 and written back as 6-4, so the record did not read back as
    written; the notation's arrows and moves are 0-9 already, and the author fixes it in one edit."""
    record, diags = parse(f"1. white {dice} T-6 T-4\n")
    assert [(d.line, d.column, d.message, d.hint) for d in diags] == [
        (1, 10, f"{dice!r} is written with digits other than 0-9", "write it '6-4'")]
    assert record.throws == []


def test_dice_written_with_a_leading_zero_read_back_as_written():
    """Found by the fuzz campaign: '6-01' was read as 6-1 and written back '6-1'."""
    record, diags = parse("1. white 6-04 T-6 T-4\n")
    assert not diags and record.throws[0].dice == (6, 4)
    assert write(record).endswith("1. white 6-04 T-6 T-4\n") and parse(write(record))[0] == record


def test_other_numbers_in_other_digits_are_refused_too():
    for text, word in [("٣. white 6-4 T-6 T-4\n", "٣."), (f"{THROW} +٤\n", "+٤"), ("@white T:١٣\n", "T:١٣")]:
        record, diags = parse(text)
        assert [d.message for d in diags] == [f"{word!r} is written with digits other than 0-9"], text


# --- tracebacks: score --------------------------------------------------------------------------------

def score(text: str) -> tuple[int, str, str]:
    stdin, sys.stdin = sys.stdin, io.StringIO(text)
    try:
        return run_cli("score")
    finally:
        sys.stdin = stdin


REQUEST = {"rules": "guiton-1822", "to_move": "white", "dice": [6, 1], "white": {"1": 15}, "black": {"1": 15}}


@pytest.mark.parametrize("text, message", [
    (json.dumps(REQUEST | {"white": {"²": 15}}), "white: field '²': fields run from \"1\""),  # ValueError before
    ("[" * 5000, "standard input: nested more than 32 deep at line 1 column 33"),         # RecursionError
    ("1" * 4400, "standard input: a number of 4,400 digits (at most 40) at line 1 column 1"),  # ValueError
    (json.dumps(REQUEST | {"throw": 10**50}), "a number of 51 digits (at most 40)"),
    ('{"rules": "guiton-1822", "rules": "modern"}', 'key "rules" given twice in one object at line 1 column 26'),
    ("[NaN]", "NaN is not a JSON value"),
    ("[1e999]", "the number 1e999 is out of range"),
    (json.dumps(REQUEST | {"rules": "/etc/passwd"}), "rules: '/etc/passwd' is not a rule set name"),
    (json.dumps(REQUEST | {"rules": "a" * 300}), "is not a rule set name"),  # OSError: name too long
    (json.dumps(REQUEST | {"rules": "a\0b"}), "is not a rule set name"),    # ValueError: NUL
])
def test_score_reads_json_defensively(text, message):
    code, out, err = score(text)
    assert code == 2 and out == "" and no_traceback(err)
    assert err.startswith("trictrac score: error: ") and message in err and err.count("\n") == 1, err


def test_score_refuses_bytes_that_are_not_utf8(monkeypatch):
    class Stdin:
        buffer = io.BytesIO(b'{"rules": "\xff"}')

    monkeypatch.setattr(sys, "stdin", Stdin())
    code, out, err = run_cli("score")
    assert code == 2 and err == "trictrac score: error: standard input is not UTF-8: byte 0xff at line 1 column 12\n"


# --- tracebacks: rule files -------------------------------------------------------------------------

HEAD = "identity: {author: A, title: T, year: 1800, edition: '1', place: P}\n"


@pytest.mark.parametrize("text, where, message", [
    ("identity: &a\n  author: x\n  title: [*a]\n", "1:11", "YAML anchor &a refused"),   # RecursionError before
    ("identity: " + "[" * 3000 + "]" * 3000 + "\n", "1:26", "nested more than 16 deep"),  # RecursionError
    (HEAD.replace("1800", "1" * 5000), "1:39", "identity.year: unsupported YAML value (a number too long to read)"),
    (HEAD.replace("1800", "0x" + "f" * 5000), "1:39", "identity.year: expected a year such as 1822, got a number "
                                                     "of more than 60 digits"),
    (HEAD + "extends: {id: " + "a" * 300 + ", decided: x}\n", "2:15", "extends.id: "),   # OSError: name too long
    (HEAD + "extends: {id: ../../etc/secret, decided: x}\n", "2:15", "is not a rule set name"),
    ("", "1:1", "empty rule set"),
])
def test_rule_files_are_read_within_bounds(tmp_path, text, where, message):
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err = run_cli("rules", "show", path)
    assert code == 1 and no_traceback(out, err)
    assert err.startswith(f"{path}:{where}: ") and message in err.splitlines()[0], err[:300]


def alias_bomb(path, levels: int = 9):
    lines = [HEAD, 'a0: &a0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]\n']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]\n")
    path.write_text("".join(lines), encoding="utf-8")
    return path


def test_an_alias_bomb_ends_in_under_a_second_and_100_mb(tmp_path):
    """Issue 11 item 7: 9 lines expanding to 9^9 values took 28 s and 1.9 GB (one more: ~17 GB)."""
    path = alias_bomb(tmp_path / "bomb.yaml")
    tracemalloc.start()
    start = time.perf_counter()
    try:
        with pytest.raises(RulesError) as e:
            load_ruleset(str(path))
        elapsed = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert str(e.value) == f"{path}:2:5: YAML anchor &a0 refused: a rule set writes each value out (no anchors " \
                           "or aliases)"
    assert elapsed < 1.0 and peak < 100 * 2**20, (elapsed, peak)


# --- files a record or a user names ---------------------------------------------------------------------

def test_convert_to_a_missing_folder_is_a_usage_error(tric, tmp_path):
    code, out, err = run_cli("convert", tric(THROW + "\n"), "--coords", "soumille", "-o", tmp_path / "missing" / "x")
    assert code == 2 and no_traceback(err)
    assert err == f"trictrac convert: error: -o {tmp_path / 'missing' / 'x'}: cannot write: No such file or directory\n"


@pytest.mark.parametrize("value", [
    "a" * 300,                 # OSError: file name too long
    "a\x00b",                  # a NUL byte (ValueError before)
    "/dev/zero",               # 3.8 GB read, then MemoryError
    "../rules_data/modern",    # a path, however harmless
    "SECRET",                  # replaced by the path of a readable YAML file outside the project
])
def test_a_rules_header_names_a_rule_set_never_a_file(tric, tmp_path, value):
    secret = tmp_path / "secret.yaml"
    secret.write_text("db_password: hunter2\n", encoding="utf-8")
    value = str(secret) if value == "SECRET" else value
    path = tric(f'[Rules "{value}"]\n{THROW}\n')
    code, out, err = run_cli("check", path)
    assert code == 1 and no_traceback(out, err) and "db_password" not in out + err
    (error,) = positioned(path, out)
    assert error.startswith(f"{path}:1:2: error: Rules header: ") and "is not a rule set name" in error


def test_the_command_line_still_takes_a_file_of_ones_own_within_bounds(tric, tmp_path):
    own = tmp_path / "house.yaml"
    own.write_text("extends: {id: guiton-1822, decided: our house rules}\n" + HEAD, encoding="utf-8")
    path = tric(THROW + "\n")
    assert run_cli("check", "--rules", own, path)[0] == 0
    code, out, err = run_cli("check", "--rules", "/dev/zero", path)
    assert code == 2 and err == ("trictrac check: error: --rules: /dev/zero: cannot read the rule set: not a regular "
                                 "file (a device, a pipe or a socket)\n")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_named_as_a_record_does_not_block(tmp_path):
    fifo = tmp_path / "game.tric"
    os.mkfifo(fifo)
    code, out, err = run_cli("check", fifo)
    assert code == 1 and out == f"{fifo}:1:1: error: is not a regular file (a device, a pipe or a socket), not a " \
                                "record file\n"


def test_a_site_folder_names_its_own_rule_sets(tmp_path):
    folder = tmp_path / "rules"
    folder.mkdir()
    (folder / "house.yaml").write_text("extends: {id: guiton-1822, decided: our house rules}\n" + HEAD,
                                       encoding="utf-8")
    (folder / "empty.yaml").write_text("", encoding="utf-8")
    record, _ = parse(f'[Rules "house"]\n{THROW}\n')
    assert ruleset_for(None, record, folder).id == "house"
    assert named_ruleset("guiton-1822", folder=folder).id == "guiton-1822"  # the tool's remain known
    with pytest.raises(RulesError, match="unknown rule set 'house'"):
        ruleset_for(None, record)  # without the folder
    (folder / "leak.yaml").symlink_to(tmp_path / "outside.yaml")
    (tmp_path / "outside.yaml").write_text(HEAD, encoding="utf-8")
    with pytest.raises(RulesError, match="leak.yaml is a link to a file outside rules/"):
        named_ruleset("leak", folder=folder)


# --- the site ------------------------------------------------------------------------------------------

def site_src(root, records: dict):
    src = root / "src"
    (src / "games").mkdir(parents=True)
    (src / "index.md").write_text("# Site\n", encoding="utf-8")
    for name, text in records.items():
        (src / "games" / name).write_text(text, encoding="utf-8")
    return src


def generate(root, src):
    return Generator(src, root / "cache", progress=False).run()


def test_a_record_linking_outside_the_games_folder_is_not_published(tmp_path):
    secret = tmp_path / "passwd"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n", encoding="utf-8")
    src = site_src(tmp_path, {"ok.tric": THROW + "\n"})
    (src / "games" / "leak.tric").symlink_to(secret)
    generated = generate(tmp_path, src)  # an error of that record: the rest of the site is built
    assert generated.games == ["ok"] and generated.report.errors == 1
    assert re.search(r"leak\.tric:1:1: error: not published: it is a link to a file outside games/",
                     generated.report.lines[0])
    assert not any("root:x" in p.read_text(errors="replace") for p in (tmp_path / "cache").rglob("*") if p.is_file())


def test_a_source_linking_outside_the_site_is_not_published(tmp_path):
    secret = tmp_path / "notes.md"
    secret.write_text("private\n", encoding="utf-8")
    src = site_src(tmp_path, {"ok.tric": THROW + "\n"})
    (src / "notes.md").symlink_to(secret)
    with pytest.raises(SiteError, match=r"notes\.md: error: not published: it is a link to a file outside src/"):
        generate(tmp_path, src)


def test_a_link_inside_the_games_folder_is_followed(tmp_path):
    src = site_src(tmp_path, {"ok.tric": THROW + "\n"})
    (src / "games" / "again.tric").symlink_to(src / "games" / "ok.tric")
    assert sorted(generate(tmp_path, src).games) == ["again", "ok"]


def test_a_reserved_page_name_is_refused(tmp_path):
    src = site_src(tmp_path, {"index.tric": THROW + "\n"})  # silently overwrote the list of games before
    generated = generate(tmp_path, src)
    assert generated.games == [] and "record id 'index' is reserved: games/index is the list of the games" in \
        generated.report.lines[0]


def test_a_site_page_never_shows_a_file_a_record_names(tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("db_password: hunter2\n", encoding="utf-8")
    src = site_src(tmp_path, {"leak.tric": f'[Rules "{secret}"]\n{THROW}\n'})
    generate(tmp_path, src)
    page = (tmp_path / "cache" / "docs" / "games" / "leak.md").read_text(encoding="utf-8")
    assert "is not a rule set name" in page
    assert "db_password" not in page and "hunter2" not in page


def test_a_site_uses_its_rules_folder_and_reports_an_empty_rule_file(tmp_path):
    """An empty YAML was a TypeError in Diagnostic.format (no column), which stopped the site build."""
    src = site_src(tmp_path, {"house.tric": f'[Rules "house"]\n{THROW} +4\n',
                              "empty.tric": f'[Rules "empty"]\n{THROW}\n'})
    (src / "rules").mkdir()
    (src / "rules" / "house.yaml").write_text("extends: {id: guiton-1822, decided: our rules}\n" + HEAD,
                                              encoding="utf-8")
    (src / "rules" / "empty.yaml").write_text("", encoding="utf-8")
    generate(tmp_path, src)
    games = tmp_path / "cache" / "docs" / "games"
    assert "rules/empty.yaml:1:1" in (games / "empty.md").read_text(encoding="utf-8")
    house = (games / "house.md").read_text(encoding="utf-8")
    assert "unknown rule set" not in house and "école par trop" in house  # scored by the house rules
    assert (games / "house.score.svg").is_file()
