"""Fuzzing: random bytes, random text from the notation's alphabet and mutated valid records.

Whatever comes in, parse + replay and ``trictrac check`` must end in diagnostics
that point inside the file (1 <= line <= lines + 1, 1 <= column <= line length + 1),
never raise, and the CLI must exit with 0 or 1.  Bounded so that the suite stays fast.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, example, given, settings, strategies as st

from conftest import run_cli
from trictrac_notation.notation import parse
from trictrac_notation.randomgame import random_game_text
from trictrac_notation.replay import replay

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))

VALID = [
    random_game_text(1, "player", max_throws=30),
    random_game_text(2, "soumille", max_throws=30),
    random_game_text(3, "lepeintre", max_throws=30),
    random_game_text(4, "trictrac-org", max_throws=30),
    '[Title "Tout"]\n[Language "fr"]\n\n@blanc T:3 1:3 2:3 3:3 4:3\n@noir points:4\n{avant}\n\n'
    "1. blanc 6-4 +8 [remplir 4, battre-a-vrai] adv +2 [battre-a-faux] T-5 1-5 trou va école 2 {c} "
    "(1. blanc 6-4 T-10 {v} (1. blanc 6-4 1-7 1-5))\n2. blanc carmes T-4 T-4 tient\n",
]

TOKENS = ["[", "]", '"', "{", "}", "(", ")", "@", ":", "-", "+", ".", ",", "'", "&", " ", "\n", "\t",
          "Title", "Coords", "soumille", "white", "black", "blanc", "noir", "opp", "adv", "hole", "holes", "trou",
          "stay", "go", "va", "ecole", "école", "sonnez", "bezet", "6-4", "7-2", "0-3", "T", "T-6", "6'", "11'",
          "off", "12.", "1.", "T:3", "points:4", "remplir", "battre-a-vrai", "A", "&", "J", "w", "B12", "N1",
          "24", "0", "\\", "\ufeff", "é", "\u0301", "\x00", "\r"]


def assert_sane(text: str, diags, path: str = "<record>") -> None:
    lines = text.split("\n")  # the parser counts lines by '\n' only (not form feeds, U+2028...)
    for d in diags:
        assert d.severity in ("error", "warning")
        assert d.path == path
        assert 1 <= d.line <= len(lines) + 1, d.headline()
        width = len(lines[d.line - 1]) if d.line <= len(lines) else 0
        assert 1 <= d.column <= width + 1, d.headline()
        d.format(lines)  # quoting the line never fails


def parse_and_replay(text: str) -> None:
    record, diags = parse(text)
    assert_sane(text, diags)
    result = replay(record, parse_diagnostics=diags)
    assert_sane(text, result.diagnostics)


# --- parse + replay ------------------------------------------------------------------------------

@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes(data):
    parse_and_replay(data.decode("utf-8", errors="replace"))


@FUZZ
@given(st.lists(st.sampled_from(TOKENS), max_size=80).map("".join))
@example('[Title "x]\n1. white 6-4 T-6 T-4\n')
@example("1. white 6-4 T-6 T-4 (1. white 6-4 T-10 (1. white 6-4 T-6 T-4)\n")
@example("1. white 6-4 T-6 T-4 ecole\n2. black 6-4 T-6 T-4\n")
@example("((((((((((((((((((((")
@example("{" * 50 + "}" * 3)
def test_random_text_from_the_notation_alphabet(text):
    parse_and_replay(text)


def _mutate(text: str, rng: random.Random, edits: int) -> str:
    """Delete, duplicate or swap characters, tokens and lines."""
    for _ in range(edits):
        unit = rng.choice(("char", "token", "line"))
        parts = list(text) if unit == "char" else text.split(" ") if unit == "token" else text.split("\n")
        if len(parts) < 2:
            continue
        i, j = rng.randrange(len(parts)), rng.randrange(len(parts))
        op = rng.choice(("delete", "duplicate", "swap"))
        if op == "delete":
            del parts[i]
        elif op == "duplicate":
            parts.insert(j, parts[i])
        else:
            parts[i], parts[j] = parts[j], parts[i]
        text = ("" if unit == "char" else " " if unit == "token" else "\n").join(parts)
    return text


@FUZZ
@given(st.sampled_from(VALID), st.integers(0, 2**32 - 1), st.integers(1, 8))
def test_mutated_valid_records(text, seed, edits):
    parse_and_replay(_mutate(text, random.Random(seed), edits))


# --- the command line ----------------------------------------------------------------------------

@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.one_of(
    st.binary(max_size=200),
    st.builds(lambda t, s, n: _mutate(t, random.Random(s), n).encode("utf-8"),
              st.sampled_from(VALID), st.integers(0, 2**32 - 1), st.integers(1, 8)),
))
def test_check_command_on_fuzzed_files(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("fuzz") / "f.tric"
    path.write_bytes(data)
    code, out, err = run_cli("check", path)
    assert code in (0, 1)
    assert "Traceback" not in out + err
    assert err.rstrip().endswith("warnings") or err.rstrip().endswith("warning")  # the summary line
    for line in out.splitlines():
        if line.startswith(str(path)):
            assert line[len(str(path))].startswith(":")
