"""The bundled game records (site_src/games) and the transcriber's broken copies (tests/data/transcriber).

The bundled records were composed by hand and their marks counted by hand from rules.md §3, with a
worksheet in the comments: a clean ``trictrac check`` therefore means that the scoring engine and that
independent count agree on every point, hole and go.  A failure points at one of the two.

Each transcriber record is a copy with realistic mistakes; its sidecar ``NAME.expected`` lists every
diagnostic ``trictrac check`` must print, as ``LINE:COL: severity: start of the message``, optionally
followed by ``  hint: start of the hint``; ``#`` lines describe the mistakes.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import run_cli

from trictrac_notation.core.coords import SYSTEMS
from trictrac_notation.engine.convert import convert
from trictrac_notation.engine.opengame import replay_options
from trictrac_notation.engine.replay import replay
from trictrac_notation.notation.reader import read

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted((ROOT / "site_src" / "games").glob("*.tric"))
TRANSCRIBER = ROOT / "tests" / "data" / "transcriber"
REQUIRED_HEADERS = ("Title", "Source", "Rules", "Coords", "First")
GAME_HEADERS = ("White", "Black")  # a problem from a starting position may leave the players unnamed
HEADLINE = re.compile(r"^(?P<line>\d+):(?P<col>\d+): (?P<severity>error|warning): (?P<message>.*)$")


def replayed(path: Path):
    record, diags, _ = read(str(path))
    assert record is not None, diags
    return record, replay(record, **replay_options(None, record), parse_diagnostics=diags)


def all_throws(results):
    """Every throw result of a replay, variations included."""
    for t in results:
        yield t
        for line in t.variations:
            yield from all_throws(line)


def printed(path: Path) -> tuple[int, list[tuple]]:
    """``trictrac check PATH``: the exit code and each diagnostic as (line, col, severity, message, hint)."""
    code, out, _ = run_cli("check", path)
    found = []
    prefix = f"{path}:"
    for text in out.splitlines():
        if text.startswith(prefix) and (m := HEADLINE.match(text[len(prefix):])):
            found.append([int(m["line"]), int(m["col"]), m["severity"], m["message"], None])
        elif text.startswith("  hint: ") and found:
            found[-1][4] = text[len("  hint: "):]
    return code, [tuple(d) for d in found]


def expected(path: Path) -> list[tuple]:
    """The sidecar's diagnostics as (line, col, severity, message start, hint start or None)."""
    items = []
    for text in path.with_suffix(".expected").read_text(encoding="utf-8").splitlines():
        if not text.strip() or text.startswith("#"):
            continue
        if text.startswith("  hint: "):
            items[-1][4] = text[len("  hint: "):]
            continue
        m = HEADLINE.match(text)
        assert m, f"{path.name}.expected: cannot read {text!r}"
        items.append([int(m["line"]), int(m["col"]), m["severity"], m["message"], None])
    return [tuple(i) for i in items]


# --- the bundled records ---------------------------------------------------------------------------

def test_the_bundled_records_are_there():
    names = {p.name for p in GAMES}
    assert "kermadeuc-lepeintre.tric" in names  # the demo's record (scripts/demo.sh)
    assert len(names) >= 3


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_a_bundled_record_checks_clean(path):
    code, found = printed(path)
    assert found == [] and code == 0


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_a_bundled_record_has_honest_headers(path):
    record, _ = replayed(path)
    for name in REQUIRED_HEADERS + (() if record.setup else GAME_HEADERS):
        assert record.header(name), f"{path.name}: no {name} header"
    assert "compos" in record.header("Source").lower(), "the Source must say the record was composed, not transcribed"
    assert record.header("Coords") in SYSTEMS


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_a_bundled_record_holds_a_complete_releve(path):
    _, result = replayed(path)
    ends = [t for t in result.throws if t.new_releve]
    assert ends, "no go and no sortie: the relevé never ends"
    for t in ends:
        assert t.throw.decision == "go" and t.throw.holes or t.after.borne_off(t.side) == 15


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_a_bundled_record_reads_the_same_in_another_system(path):
    """Written in its own system: converted to absolute arrows it replays through the same positions."""
    record, result = replayed(path)
    converted, problems = convert(record, "absolute" if record.header("Coords") != "absolute" else "player")
    assert problems == []
    again = replay(converted, **replay_options(None, converted))
    assert [t.after for t in again.throws] == [t.after for t in result.throws]


def test_the_demo_record_is_lepeintre_s():
    record, _ = replayed(ROOT / "site_src" / "games" / "kermadeuc-lepeintre.tric")
    assert (record.header("Coords"), record.header("Bottom"), record.header("Rules")) == \
        ("lepeintre", "white", "lepeintre-1818")


def test_the_bundled_records_show_what_the_treatises_teach():
    """Together they hold: Lepeintre's, Soumille's and the per-player arrows, a French record, a starting
    position, variations, the opening jans, the coin par puissance, hits à vrai and à faux, a plein
    filled and kept, a hole held (stay) and a hole with go, an école."""
    systems, languages, claims, decisions = set(), set(), set(), set()
    puissance = variations = setups = ecoles = 0
    for path in GAMES:
        record, result = replayed(path)
        systems.add(record.header("Coords"))
        languages.add(record.header("Language", "en"))
        setups += bool(record.setup)
        for t in all_throws(result.throws):
            th = t.throw
            variations += len(th.variations)
            ecoles += len(th.ecoles)
            decisions.add(th.decision)
            puissance += any(s.puissance for s in (t.play.steps if t.play else ()))
            for marks in filter(None, (th.marks, th.opp_marks)):
                claims.update(c.jan for c in marks.claims or ())
    assert {"lepeintre", "soumille", "player"} <= systems
    assert "fr" in languages and setups and variations and puissance and ecoles
    assert {"stay", "go"} <= decisions
    assert {"six-tables", "deux-tables", "contre-deux-tables", "mezeas", "battre-coin", "battre-a-vrai",
            "battre-a-faux", "remplir", "conserver"} <= claims


# --- the transcriber's records ---------------------------------------------------------------------

BROKEN = sorted(TRANSCRIBER.glob("*.tric"))


def test_every_transcriber_record_has_its_expectations():
    assert len(BROKEN) >= 3
    assert all(p.with_suffix(".expected").exists() for p in BROKEN)


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.name)
def test_a_transcriber_record_gets_exactly_its_diagnostics(path):
    code, found = printed(path)
    want = expected(path)
    assert code == 1
    assert [d[:3] for d in found] == [w[:3] for w in want]
    for got, (line, col, _, message, hint) in zip(found, want, strict=True):
        assert got[3].startswith(message), f"{line}:{col}: {got[3]!r} does not start with {message!r}"
        if hint is not None:
            assert got[4] is not None and got[4].startswith(hint), f"{line}:{col}: hint {got[4]!r}"
