"""The fast reader (notation/fastread.py) makes the very record Lark's path makes, or gives the text to Lark.

Compared whole: every field of every item, the spans (which take no part in ``==``) and the flags
included.  Soundness: whatever the text — bundled records, random games, texts generated from the
notation's pieces with odd spacing and casing, mutated records — when the fast reader reads it, Lark reads
the same record with no diagnostic.  Coverage: it reads every bundled record that has no diagnostic, and
every text the writer writes.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st
from test_fuzz import TOKENS, VALID, _mutate

from trictrac_notation.core.coords import SYSTEMS
from trictrac_notation.games.trictrac.randomgame import random_record
from trictrac_notation.notation import fastread, larkread
from trictrac_notation.notation.reader import parse, write

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = sorted([*ROOT.glob("site_src/games/**/*.tric"), *ROOT.glob("tests/data/**/*.tric")])
PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


def whole(value: object) -> object:
    """``value`` as nested tuples of every field (spans and flags too)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, *((f.name, whole(getattr(value, f.name))) for f in dataclasses.fields(value)))
    if isinstance(value, (list, tuple)):
        return tuple(whole(v) for v in value)
    return value


def read_both(text: str) -> bool:
    """Whether the fast reader read ``text``; when it did, Lark reads the same, without a diagnostic."""
    fast = fastread.read(text, "x.tric")
    if fast is None:
        return False
    record, diagnostics = larkread.parse(text, "x.tric")
    assert [d.headline() for d in diagnostics] == []
    assert whole(fast) == whole(record)
    return True


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_bundled_record(path):
    try:
        text = path.read_text(encoding="utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError:
        pytest.skip("not UTF-8: refused before parsing")
    clean = not larkread.parse(text, str(path))[1]
    assert read_both(text) == clean, "the fast reader reads every bundled record that has no diagnostic"


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_random_games(system):
    for seed in range(8):
        record = random_record(seed, system, max_throws=200)
        text = write(record)
        assert read_both(text)
        assert parse(text)[0] == record


# --- generated texts --------------------------------------------------------------------------------------

ORDINARY_SPACE = st.sampled_from([" ", "  ", "\t", "\n", " \n ", "\r\n"])
SPACE = st.integers(0, 15).flatmap(lambda i: ORDINARY_SPACE if i else st.sampled_from(["", "\f", "\u00a0", "\v"]))
ORDINARY_WORD = st.sampled_from([
    "T-6", "T-4-8", "6-10", "1-9", "&-Y-R", "11'-6'", "24/18*", "13/10(2)", "13/10 (2)", "bar/21", "6/O",
    "+4", "+12", "+0", "+4 [remplir 4, battre-a-vrai]", "+2 [battre-a-faux 2]", "+6 []", "opp +2",
    "adv +2 [battre-a-faux]", "opp hole", "adv trou 2", "hole", "holes 2", "trous 3", "hole 1-9", "stay", "go",
    "Tient", "va", "part", "ecole 4", "école 2", "ECOLES 6", "marque 8", "marqué 4", "refait", "pour-tout",
    "Pour-Tout", "adoube", "j'adoube", "touched T", "touchée 6", "let-stand", "laissée", "replayed", "rejouée",
    "sic:ecole", "sic:illegal-play,figure", "SIC:Go",
    "taught:fausse-case", "Taught:ecole,touched", "abridged:out-of-turn", "score white 1/4br black 0/6",
    "score-before noir 12/0 BLANC 11/8", "score black 0/0\nwhite 0/2",
    'figure 2 "1W3-2B2"', 'fig. 3a "x"', 'fig 4"y"',
    "{a comment}", "{multi\nline}", "stay{c}", "go-T", "white-6", "?", "??", "?!", "!", "!!", "!?", "?{c}",
])
ODD_WORD = st.sampled_from([
    "+4[remplir]", "+4 [remplir,]", "+4 [nojan 2]", "+4 [remplir 4", "opp 4", "hole 2x", "ecole x", "touched T-6",
    "sic", "sic:", "taught", "taught:", "taughtx:ecole", "abridged", "abridged:,", "score", "score white 1/4",
    "score white 1/4 white 0/0", "score white 1-4 black 0/0", "score 12. white 1/4 black 0/0", "score-before",
    "{", "}", "(", ")", "[", "]", '"', ",", "fig:2", "12.", "T-6,", "T-6-", "4", "whıte", "blacK",
    "sonnez", "double deux", "tıent", "ſtay", "T-4?", "???", "?x", "!?!", "? ?",
])
WORD = st.integers(0, 9).flatmap(lambda i: ORDINARY_WORD if i else ODD_WORD)  # ordinary 9 times in 10


def _heads(sides: list[str], dice: list[str]) -> st.SearchStrategy[str]:
    return st.builds(lambda n, side, d: f"{n}{side} {d}", st.sampled_from(["", "1. ", "12.", "3.\t", "007. "]),
                     st.sampled_from(sides), st.sampled_from(dice))


ORDINARY_HEAD = _heads(["white", "black", "blanc", "noir", "WHITE", "Noir"],
                       ["6-4", "1-1", "sonnez", "Carmes", "double-deux", "double take 6-2", "resigns"])
ODD_HEAD = _heads(["white", "whitey", "whıte", "blacK"], ["7-2", "6-04", "T-6", "double deux", "double drop"])
HEAD = st.integers(0, 5).flatmap(lambda i: ORDINARY_HEAD if i else ODD_HEAD)
ORDINARY_PREAMBLE = st.sampled_from([
    '[Title "A game"]', '[Rules "guiton-1822"]', '[Coords  "soumille" ]', '[Note "a \\"q\\" b"]',
    "@white T:3 1:3 points:4", "@black holes:5 11:2", '@white 6:-1', 'figure 1 "spec"', "{preamble}",
])
PREAMBLE = st.integers(0, 7).flatmap(lambda i: ORDINARY_PREAMBLE if i else st.sampled_from(
    ['[Tilte "x"]', '[Title\n"x"]', "@ black holes:5 11:2", "@white fig:2", "@noir"]))


def _join(parts: list[str], spaces: list[str]) -> str:
    return "".join(p + s for p, s in zip(parts, spaces, strict=True))


@st.composite
def records(draw: st.DrawFn) -> str:
    preamble = draw(st.lists(PREAMBLE, max_size=4))
    throws = []
    for _ in range(draw(st.integers(0, 4))):
        items = draw(st.lists(WORD, max_size=3))
        if draw(st.booleans()):  # a variation
            inner = [draw(HEAD), *draw(st.lists(WORD, max_size=3))]
            items.append("(" + " ".join(inner) + ")")
        throws.append(" ".join([draw(HEAD), *items]))
    parts = [*preamble, *throws]
    return _join(parts, draw(st.lists(SPACE, min_size=len(parts), max_size=len(parts))))


@PROPERTY
@given(records())
@example('[Title "x"]\n\n1. white 6-4 T-6 T-4\n2. black hole 1-9\n')
@example("1. white 6-4 T-6\nT-4 +2 [remplir 2] opp +4 {c} (1. white 5-5 T-5 (1. white 1-1 T-1))\n")
@example("1. white double take 6-2 24/18 13/10(2)\n2. black resigns\n")
def test_generated_records(text):
    if read_both(text):
        return
    record, diagnostics = parse(text, "x.tric")
    if not diagnostics:  # what the writer writes, the fast reader reads
        assert read_both(write(record))


@PROPERTY
@given(st.sampled_from(VALID), st.integers(0, 2**32 - 1), st.integers(1, 8))
def test_mutated_records(text, seed, edits):
    read_both(_mutate(text, random.Random(seed), edits))


@PROPERTY
@given(st.lists(st.sampled_from(TOKENS), max_size=80).map("".join))
def test_text_from_the_notation_alphabet(text):
    read_both(text)


@pytest.mark.parametrize("text, side, decision", [
    ("1. whıte 6-4 T-6 T-4 tıent\n", "white", "stay"),  # dotless ı: Unicode's case folding reads it as i
    ("@blacK T:15\n1. blacK 6-4 T-6 T-4 ſtay\n", "black", "stay"),  # the Kelvin sign as k, the long s as s
])
def test_what_unicode_case_folding_reads_as_a_keyword(text, side, decision):
    """The grammar's case-blind terminals take these; the Lark path read them into a traceback (KeyError)."""
    assert fastread.read(text) is None  # (not the fast reader's: it gives such words to Lark)
    record, diagnostics = parse(text)
    assert (record.throws[0].side, record.throws[0].decision) == (side, decision)
    assert [d.code for d in diagnostics] == []
