"""Fuzzing: random bytes, random text from the notation's alphabet and mutated valid records.

Whatever comes in, parse + replay and ``trictrac check`` must end in diagnostics
that point inside the file (1 <= line <= lines + 1, 1 <= column <= line length + 1),
never raise, and the CLI must exit with 0 or 1.  Bounded so that the suite stays fast.
"""

from __future__ import annotations

import functools
import random

from conftest import run_cli
from hypothesis import HealthCheck, example, given, settings, strategies as st

from trictrac_notation.engine.replay import replay
from trictrac_notation.games.trictrac.randomgame import random_game_text
from trictrac_notation.notation.reader import parse

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
        assert d.severity in ("error", "warning", "note")
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


# === the campaign (issue 12 item 3) =============================================================
#
# Seeded and bounded: about 3,500 inputs in the suite (records, commands, `score` requests, rule files
# and site records); TRICTRAC_FUZZ=N runs N record inputs and the other targets in proportion, e.g.
# TRICTRAC_FUZZ=20000.  Each input must end within PER_INPUT seconds, with exit code 0, 1 or 2, no
# traceback, FILE:LINE:COL on every error, valid JSON where JSON is promised, and parse(write(r)) == r.

import json  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from io import StringIO  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from trictrac_notation.core.board import Position  # noqa: E402
from trictrac_notation.engine.opengame import replay_setup  # noqa: E402
from trictrac_notation.games.trictrac.randomgame import random_throws  # noqa: E402
from trictrac_notation.notation.reader import write  # noqa: E402
from trictrac_notation.rules.rulesets import known_ids, rules_dir  # noqa: E402

RECORDS = 1600  # inputs per target in the suite; TRICTRAC_FUZZ scales them all
SCALE = int(os.environ.get("TRICTRAC_FUZZ") or RECORDS) / RECORDS
CHUNKS = 8
PER_INPUT = 2.0  # seconds: far above any input's cost, far below a hang
ROOT = Path(__file__).resolve().parent.parent


def count(n: int) -> int:
    """Inputs of one chunk for a target of ``n`` inputs in the suite."""
    return max(1, round(n * SCALE / CHUNKS))


SEEDS = pytest.mark.parametrize("chunk", range(CHUNKS))

CORPUS = VALID + [p.read_text(encoding="utf-8") for p in sorted((ROOT / "site_src" / "games").rglob("*.tric"))] + [
    '[Rules "guiton-1822"]\n[Options "rencontre"]\n@white T:13 6:1 7:1\n'
    '1. white 4-3 +4 [deux-tables] T-4 T-3\n2. black 6-5 T-6 T-5 touched T adoube {x}\n'
    '3. white 2-1 T-2 T-1 let-stand sic:illegal-play figure 2 "TW11-1W2" (3. white 2-1 T-3)\n4. black 6-6 pour-tout\n',
]
HAZARDS = ["(" * 40, ")" * 40, "[" * 30, "{" * 30, "1" * 12, "9" * 5000, "٦-٤", "６", "+٤", "\u202e", "\ufeff",
           "\x00", "\r\n", "x" * 3000, '"', "\\", "@", ":", "figure 9 \"zW99\"", "touched", "sic:", "replayed",
           "let-stand", "pour-tout", "opp hole", "holes 99999", "ecole", "[Rules \"guiton-1822\"]",
           "[Rules \"/etc/passwd\"]", "[Options \"rencontre, margot\"]", "[Coords \"soumille\"]", "(1. white 6-4 T-6"]


def mutate_hard(text: str, rng: random.Random) -> str:
    """:func:`_mutate`, plus pieces known to have hurt once (deep parens, long numbers, other digits)."""
    text = _mutate(text, rng, rng.randint(1, 8))
    for _ in range(rng.choice((0, 0, 1, 2))):
        i = rng.randrange(len(text) + 1)
        text = text[:i] + rng.choice(HAZARDS + TOKENS) + text[i:]
    return text


def timed(what, fn, *args, bound: float = PER_INPUT):
    start = time.perf_counter()
    result = fn(*args)
    elapsed = time.perf_counter() - start
    assert elapsed < bound, f"{what}: {elapsed:.1f} s"
    return result


def _syntax_errors(diags) -> bool:
    return any(d.code == "syntax" for d in diags)


@SEEDS
def test_campaign_records(chunk):
    """Parse, replay with the record's own rule set, write back: positioned diagnostics, the round trip."""
    rng = random.Random(1000 + chunk)
    for i in range(count(RECORDS)):
        text = mutate_hard(rng.choice(CORPUS), rng)
        what = f"chunk {chunk} input {i}: {text[:300]!r}"
        record, diags = timed(what, parse, text)
        assert_sane(text, diags)
        options, more = replay_setup(None, record)
        result = timed(what, functools.partial(replay, record, **options, parse_diagnostics=diags + more))
        assert_sane(text, [d for d in result.diagnostics if d.path == "<record>"])
        if not _syntax_errors(diags):
            again, _ = parse(write(record))
            assert again == record, what


ERROR_LINE = re.compile(r".*: error: ")


def assert_cli(path, command: str, code: int, out: str, err: str, what: str) -> None:
    assert code in (0, 1, 2), what
    assert "Traceback" not in out + err, what
    for line in (out + err).splitlines():
        if ERROR_LINE.match(line) and not line.startswith(f"trictrac {command}: error: "):
            assert re.match(r"[^:]+(:\d+){2}: error: ", line), f"{what}: unpositioned {line[:200]!r}"
    if code == 2:
        assert err.startswith(f"trictrac {command}: error: ") or err.startswith("usage:"), what


COMMANDS = [
    ("check",), ("replay", "--json"), ("replay",), ("convert", "--coords", "lepeintre"), ("diagram", "--throw", "1"),
    ("explain", "--throw", "1", "--json"), ("compare", "--rules", "guiton-1822,jollyvet-1634", "--json"),
]


@SEEDS
def test_campaign_commands(chunk, tmp_path):
    """The commands on mutated record files: exit codes, positions, JSON where --json promises it."""
    rng = random.Random(2000 + chunk)
    for i in range(count(RECORDS // 2)):
        text = mutate_hard(rng.choice(CORPUS), rng)
        path = tmp_path / f"r{i}.tric"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        command, *options = rng.choice(COMMANDS)
        what = f"chunk {chunk} input {i}: trictrac {command} {' '.join(options)} on {text[:300]!r}"
        code, out, err = timed(what, run_cli, command, path, *options)
        assert_cli(path, command, code, out, err, what)
        if "--json" in options and code in (0, 1) and out:
            json.loads(out)
        if command == "convert" and code == 0:
            record, diags = parse(out)
            assert not _syntax_errors(diags), what


def score_requests(rng: random.Random) -> list:
    """Valid requests from random games: the position before a throw, each player's dames in his frame."""
    requests = []
    position = Position.initial()
    for n, (mover, dice, play) in enumerate(random_throws(rng, max_throws=40)):
        requests.append({"rules": rng.choice(known_ids()), "to_move": mover, "dice": list(dice), "throw": n // 2 + 1,
                         **position.to_json()})
        position = play.result
    return requests


NOISE = [None, True, False, 0, -1, 1, 6, 7, 13, 24, 25, 10**50, 2.0, 1e300, "white", "black", "²", "٦", "",
         "guiton-1822", "/etc/passwd", "../x", "a" * 300, "1", "24", "mezeas", "deux-tables", "\ud800", "\x00"]


def json_noise(rng: random.Random, depth: int = 0):
    """A random JSON value, awkward ones favoured."""
    kind = rng.randrange(4) if depth < 3 else 0
    if kind == 0:
        return rng.choice(NOISE + [rng.randint(-3, 30)])
    if kind == 1:
        return [json_noise(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if kind == 2:
        return {rng.choice(["1", "12", "white", "x", "²", "25"]): json_noise(rng, depth + 1)
                for _ in range(rng.randint(0, 3))}
    return [[[[[[]]]]]]


def mutate_request(request: dict, rng: random.Random) -> str:
    data = json.loads(json.dumps(request))
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(6)
        keys = list(data)
        if op == 0 and keys:
            del data[rng.choice(keys)]
        elif op == 1 and keys:
            data[rng.choice(keys)] = json_noise(rng)
        elif op == 2:
            data[rng.choice(["made", "first_throw", "options", "off", "extra", "blak"])] = json_noise(rng)
        elif op == 3:
            side = data.get(rng.choice(["white", "black"]))
            if isinstance(side, dict):
                side[rng.choice(["0", "1", "13", "24", "25", "²", "x", "1" * 50])] = json_noise(rng)
    text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
    if rng.random() < 0.3:
        text = _mutate(text, rng, rng.randint(1, 4))
    if rng.random() < 0.05:
        text = rng.choice(["[" * 5000, "1" * 4400, "", "null", '{"a": NaN}', "\ufeff{}", text * 2])
    return text


def run_score(text: str):
    stdin, sys.stdin = sys.stdin, StringIO(text)
    try:
        return run_cli("score")
    finally:
        sys.stdin = stdin


@SEEDS
def test_campaign_score(chunk):
    """`score` on valid and mutated requests: one JSON line out (exit 0) or one message (exit 2)."""
    rng = random.Random(3000 + chunk)
    requests = score_requests(rng)
    for i in range(count(RECORDS // 2)):
        request = rng.choice(requests)
        text = json.dumps(request) if rng.random() < 0.15 else mutate_request(request, rng)
        what = f"chunk {chunk} input {i}: {text[:300]!r}"
        code, out, err = timed(what, run_score, text)
        assert code in (0, 2) and "Traceback" not in out + err, what + err[-500:]
        if code == 0:
            data = json.loads(out)
            assert out.count("\n") == 1 and set(data) == {"events", "total"}, what
        else:
            assert out == "" and err.startswith("trictrac score: error: ") and err.count("\n") == 1, what + err


YAML_HAZARDS = ["&a ", "*a", "<<: *a\n", "!!python/object:os.system ", "[" * 40, "{" * 40, "0x" + "f" * 3000,
                "1" * 5000, "\t", ": ", "- ", "? ", "%YAML 1.1\n", "---\n", "...\n", "~", "'", '"', "\ud7ff",
                "extends: {id: ../../etc/passwd, decided: x}\n", "extends: {id: " + "a" * 300 + ", decided: x}\n",
                "year: 99999\n", "scored: yes\n", "value: .inf\n"]


@SEEDS
def test_campaign_rule_files(chunk, tmp_path):
    """`rules show` on mutated rule files: exit 0, 1 (every error at FILE:LINE:COL) or 2, within bounds."""
    rng = random.Random(4000 + chunk)
    sources = sorted(rules_dir().glob("*.yaml"))
    for i in range(count(RECORDS // 6)):
        text = _mutate(rng.choice(sources).read_text(encoding="utf-8"), rng, rng.randint(1, 6))
        for _ in range(rng.choice((0, 1, 2))):
            at = rng.randrange(len(text) + 1)
            text = text[:at] + rng.choice(YAML_HAZARDS) + text[at:]
        path = tmp_path / f"mine{i}.yaml"
        path.write_text(text, encoding="utf-8", errors="replace")
        what = f"chunk {chunk} input {i}: {text[:300]!r}"
        code, out, err = timed(what, run_cli, "rules", "show", path, "--json")
        assert code in (0, 1, 2) and "Traceback" not in out + err, what + err[-500:]
        if code == 0:
            json.loads(out)
        elif code == 1:
            for line in err.splitlines():
                assert re.match(r"[^:]+\.yaml:\d+:\d+: ", line), f"{what}: {line[:200]!r}"


@SEEDS
def test_campaign_site_records(chunk, tmp_path):
    """Site records: a mutated record becomes a page (its errors on it), never a failed build."""
    from trictrac_notation.site.site import Generator

    rng = random.Random(5000 + chunk)
    src = tmp_path / "src"
    (src / "games").mkdir(parents=True)
    (src / "index.md").write_text("# Fuzz\n", encoding="utf-8")
    texts = [mutate_hard(rng.choice(CORPUS), rng) for _ in range(count(16))]
    for i, text in enumerate(texts):
        (src / "games" / f"g{i}.tric").write_text(text, encoding="utf-8", errors="surrogatepass")
    generated = timed(f"chunk {chunk}: {len(texts)} pages", Generator(src, tmp_path / "cache", progress=False).run,
                      bound=5 + PER_INPUT * len(texts))
    assert sorted(generated.games) == sorted(f"g{i}" for i in range(len(texts)))
    for i in range(len(texts)):
        page = (tmp_path / "cache" / "docs" / "games" / f"g{i}.md").read_text(encoding="utf-8")
        assert "Traceback" not in page
