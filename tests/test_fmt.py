"""``trictrac fmt``: the canonical layout, idempotent, losing nothing (the replay reads the same before and after)."""

from __future__ import annotations

import glob
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from trictrac_notation.annotate import backgammon
from trictrac_notation.annotate.report import replay_json
from trictrac_notation.cli.main import main
from trictrac_notation.engine.opengame import open_game
from trictrac_notation.games.trictrac.randomgame import random_record
from trictrac_notation.notation.layout import HEADER_ORDER, WIDTH, LayoutError, format_record, is_head, tokens
from trictrac_notation.notation.reader import parse, write
from trictrac_notation.notation.record import KNOWN_TAGS

ROOT = Path(__file__).resolve().parents[1]
RECORDS = sorted({*glob.glob(str(ROOT / "site_src/**/*.tric"), recursive=True),
                  *glob.glob(str(ROOT / "tests/data/historical*/*.tric")),
                  *glob.glob(str(ROOT / "tests/data/transcriber/*.tric"))})


def _without_positions(value: Any) -> Any:
    """A replay's JSON without where things were written (the layout moves them)."""
    if isinstance(value, dict):
        return {k: _without_positions(v) for k, v in value.items() if k not in ("line", "column")}
    if isinstance(value, list):
        return [_without_positions(v) for v in value]
    return value


def replay_document(text: str) -> str:
    """``trictrac replay --json`` of a text, positions left out, as one canonical JSON string."""
    opened = open_game(text, path="game.tric", kind="text")
    assert opened.replay is not None
    bg = opened.game is not None and opened.game.name == "backgammon"
    data = (backgammon.replay_json if bg else replay_json)(opened.replay)
    return json.dumps(_without_positions(data), sort_keys=True, ensure_ascii=False)


def test_records_are_found():
    assert len([r for r in RECORDS if "/historical" in r]) >= 100
    assert any("backgammon" in r for r in RECORDS)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: Path(p).name)
def test_every_record_formats_to_the_same_replay_and_stays_formatted(path):
    text = Path(path).read_text(encoding="utf-8")
    if any(d.severity == "error" for d in parse(text, path)[1]):  # a transcriber's test record, with syntax errors
        with pytest.raises(LayoutError):
            format_record(text, path)
        return
    out = format_record(text, path)
    assert replay_document(out) == replay_document(text)
    assert format_record(out, path) == out


LAYOUTS = [
    # headers in order, one a line; the preamble's items after a blank line; one throw a line, single spaces
    ('[First "white"]  [Title "t"]\n[Coords   "player"]\n{note}\n1.  white 6-4\tT-6 T-4 2. black 5-3 T-5 T-3\n',
     '[Title "t"]\n[Coords "player"]\n[First "white"]\n\n{note}\n\n1. white 6-4 T-6 T-4\n2. black 5-3 T-5 T-3\n'),
    # a comment on a header's line moves with it; claims spaced as [jan N, jan]
    ('[Coords "player"] {T, 1..11}\n[Rules "guiton-1822"]\n1. white 3-1 +2 [ battre-a-vrai 2 ,battre-coin] T-3 T-1\n',
     '[Rules "guiton-1822"]\n[Coords "player"] {T, 1..11}\n\n'
     '1. white 3-1 +2 [battre-a-vrai 2, battre-coin] T-3 T-1\n'),
    # a variation on its own lines under its throw; a blank line between throws kept (one)
    ('1. white 6-4 T-6 T-4 (1. white 6-5 T-6 T-5 2. black 6-5 T-6 T-5 (2. black 4-1 T-4 T-1))\n\n\n'
     '2. black 5-3 T-5 T-3\n',
     '1. white 6-4 T-6 T-4\n  (1. white 6-5 T-6 T-5\n   2. black 6-5 T-6 T-5\n     (2. black 4-1 T-4 T-1))\n\n'
     '2. black 5-3 T-5 T-3\n'),
    # a comment written on a line of its own stays there; the starting position one line a player
    ('@white T:13 11:2 @black T:15\n1. white 6-4 T-6 T-4\n   {the next relevé}\n2. black 5-3 T-5 T-3\n',
     '@white T:13 11:2\n@black T:15\n\n1. white 6-4 T-6 T-4\n{the next relevé}\n2. black 5-3 T-5 T-3\n'),
]


@pytest.mark.parametrize(("text", "expected"), LAYOUTS)
def test_the_canonical_layout(text, expected):
    assert format_record(text) == expected
    assert format_record(expected) == expected


def test_a_long_comment_is_wrapped_and_reads_as_the_same_words():
    words = " ".join(f"word{i}" for i in range(60))
    out = format_record(f"1. white 6-4 T-6 T-4 {{{words}}}\n")
    lines = out.splitlines()
    assert len(lines) > 3 and all(len(line) <= WIDTH for line in lines)
    assert lines[0].startswith("1. white 6-4 T-6 T-4 {word0 word1") and lines[1].startswith("    word")
    assert parse(out)[0].throws[0].comments == [words]


def test_the_header_order_names_every_tag():
    assert sorted(HEADER_ORDER) == sorted(KNOWN_TAGS)


def test_a_record_with_syntax_errors_is_not_formatted():
    with pytest.raises(LayoutError) as e:
        format_record("1. white 6-4 T-6 T-4 [remplir\n", "bad.tric")
    assert e.value.diagnostics and e.value.diagnostics[0].line == 1


# --- the property: any layout of any record ------------------------------------------------------------

def _scrambled(text: str, rng: random.Random) -> str:
    """The same record laid out at random: the white space between its tokens doubled, tabbed or broken over
    lines (never inside a throw's head: number, player and dice share their line)."""
    toks = tokens(text)
    glued = set()  # tokens that must stay on the line of the one before
    for i in range(len(toks)):
        if is_head(toks, i):
            glued |= {i + 1, i + 2} if toks[i].text.endswith(".") else {i + 1}
    out = [toks[0].text] if toks else []
    for i in range(1, len(toks)):
        breaks = [] if i in glued else ["\n", " \n  ", "\r\n\r\n"]
        out.append(rng.choice([" ", "  ", "\t", *breaks]) + toks[i].text)
    return "".join(out) + "\n"


@st.composite
def records(draw: st.DrawFn) -> str:
    """A random legal game with comments (long ones too) and variations, as text."""
    seed = draw(st.integers(0, 10_000))
    record = random_record(seed, max_throws=draw(st.integers(1, 25)))
    rng = random.Random(seed)
    vocabulary = ["the", "coin", "dame", "jan", "plein", "relevé", "école", "(à faux)", "—"]
    for t in record.throws:
        if rng.random() < 0.3:
            t.comments.append(" ".join(rng.choice(vocabulary) for _ in range(rng.randint(0, 40))))
    if len(record.throws) > 2 and draw(st.booleans()):
        record.throws[1].variations.append(random_record(seed + 1, max_throws=2).throws)
    if draw(st.booleans()):
        record.comments.append("a note before the throws")
    return _scrambled(write(record), rng)


@settings(max_examples=60, deadline=None)
@given(records())
def test_any_layout_formats_to_the_same_record_and_replay(text):
    out = format_record(text)
    assert parse(out)[0] == parse(text)[0]
    assert replay_document(out) == replay_document(text)
    assert format_record(out) == out


# --- the command ------------------------------------------------------------------------------------------

def test_fmt_check_names_the_files_that_would_change_and_writes_nothing(tmp_path, capsys):
    messy = tmp_path / "messy.tric"
    messy.write_text('[First "white"] [Title "t"]\n1.   white 6-4 T-6 T-4\n', encoding="utf-8")
    clean = tmp_path / "clean.tric"
    clean.write_text('[Title "t"]\n[First "white"]\n\n1. white 6-4 T-6 T-4\n', encoding="utf-8")
    assert main(["fmt", "--check", str(messy), str(clean)]) == 1
    err = capsys.readouterr().err
    assert f"would reformat {messy}" in err and str(clean) not in err.replace("left unchanged", "")
    assert "1 file would be reformatted, 1 file would be left unchanged." in err
    assert messy.read_text(encoding="utf-8").startswith('[First "white"] [Title "t"]')
    assert main(["fmt", str(messy), str(clean)]) == 0
    assert messy.read_text(encoding="utf-8") == clean.read_text(encoding="utf-8")
    assert main(["fmt", "--check", "-q", str(tmp_path)]) == 0  # a folder: every record under it
    err = capsys.readouterr().err
    assert err.endswith(f"reformatted {messy}\n1 file reformatted, 1 file left unchanged.\n")


def test_fmt_leaves_a_record_with_errors_untouched(tmp_path, capsys):
    bad = tmp_path / "bad.tric"
    text = "1.  white 6-4 T-6 T-4 [remplir\n"
    bad.write_text(text, encoding="utf-8")
    assert main(["fmt", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:1:" in err and f"{bad}: not formatted: fix the syntax errors first" in err
    assert bad.read_text(encoding="utf-8") == text
