"""The backgammon of the treatises (issue 21): Guiton's Traité du jeu de Backgammon (1822) and Lepeintre's
appendix on the gammon (1818), their examples as records in site_src/games/backgammon/.

Each record checks clean under --strict (its slips acknowledged with sic, the plays Guiton's examples show
only to refuse them with taught) and cites its treatise; the figures the books state on those positions
are checked here against the engine, each with its citation.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import run_cli

from trictrac_notation.core.board import WHITE
from trictrac_notation.engine.opengame import replay_options
from trictrac_notation.engine.replay import replay
from trictrac_notation.games.backgammon.play import legal_plays
from trictrac_notation.notation.reader import read

FOLDER = Path(__file__).resolve().parent.parent / "site_src" / "games" / "backgammon"
RECORDS = sorted(FOLDER.glob("guiton-1822-bg-*.tric")) + sorted(FOLDER.glob("lepeintre-1818-gammon-*.tric"))


def replayed(name: str):
    record, diags, _ = read(str(FOLDER / f"{name}.tric"))
    options = replay_options(None, record)
    return record, replay(record, **options, parse_diagnostics=diags), options["rules"].moves


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_backgammon_record_of_the_treatises_checks_clean(path):
    code, out, _ = run_cli("check", "--strict", path)
    assert code == 0 and ": error:" not in out and ": warning:" not in out, out
    record, _, _ = read(str(path))
    assert re.match(r"(Guiton 1822, Traité du jeu de Backgammon|Lepeintre 1818, Cours complet de trictrac, appendix)",
                    record.header("Source")), record.header("Source")
    assert "the transcription gives no page numbers" in record.header("Source")


def test_guiton_s_table_of_first_throws_covers_the_21_throws():
    """ch. III: one play for each of the 21 throws (6-2 given two ways), all from the layout."""
    record, result, _ = replayed("guiton-1822-bg-the-first-throws")
    throws = [result.throws[0], *(v[0] for v in result.throws[0].variations)]
    dice = sorted((max(t.throw.dice), min(t.throw.dice)) for t in throws)
    assert sorted(set(dice)) == sorted((a, b) for a in range(1, 7) for b in range(1, a + 1))
    assert [d for d in set(dice) if dice.count(d) > 1] == [(6, 2)]
    assert all(t.ok for t in throws)


def ace_point_throws(position, movement) -> list[str]:
    """The throws (high-low) with which White can hold his ace point (two dames on it) keeping the points of his
    table he holds, 2 to 6 (a point N of his own is the track 24 − N of his frame)."""
    held = [n for n in range(2, 7) if position.count(WHITE, 24 - n) >= 2]
    return [f"{b}-{a}" for a in range(1, 7) for b in range(a, 7)
            if any(p.after.count(WHITE, 23) >= 2 and all(p.after.count(WHITE, 24 - n) >= 2 for n in held)
                   for p in legal_plays(position, WHITE, (a, b), movement))]


def test_guiton_s_2_1_raises_the_chances_for_the_ace_point():
    """ch. IV, 'Bien disposer son jeu pour faire des cases': eight chances before, twenty after, by Guiton's
    method for a case at trictrac (the surplus dames paired two by two).  After the play his twenty are the
    ten pairs of the five surplus dames (distances 6, 5, 4, 3, 2); before, his eight are 6-4, 6-3, 4-3, carmes
    and sonnez (the two dames of 7).  At backgammon a doublet is played four times, which his method leaves out
    (he warns of it, ch. I): double-deux and ternes make the point in both positions, and sonnez before cannot
    be played without breaking a point of the table, so the engine counts 9 and 22."""
    _, result, movement = replayed("guiton-1822-bg-making-the-ace-point")
    assert ace_point_throws(result.initial, movement) == ["2-2", "3-3", "4-3", "6-3", "4-4", "6-4"]
    after = ace_point_throws(result.throws[0].after, movement)
    assert [t for t in after if t not in ("2-2", "3-3")] == [f"{b}-{a}" for a in (2, 3, 4, 5) for b in (3, 4, 5, 6)
                                                            if b > a]


@pytest.mark.parametrize("name,refused", [
    ("guiton-1822-bg-bear-off-first-example", "6/3 4/off"),
    ("guiton-1822-bg-bear-off-second-example-a-blot", "6/3/off"),
    ("guiton-1822-bg-bear-off-third-example", "3/2/off"),
])
def test_guiton_refuses_the_english_privilege_at_the_bear_off(name, refused):
    """ch. II, 'Privilège que l'on se crée à la sortie des dames': the French play is the record's, legal;
    the English one, its variation, is the fault the example teaches (taught:illegal-play)."""
    _, result, _ = replayed(name)
    french, english = result.throws[0], result.throws[0].variations[0][0]
    assert french.ok and not english.ok
    assert " ".join(m.text for m in english.throw.moves) == refused
    assert [(s.kind, s.codes) for s in english.throw.sics] == [("taught", ("illegal-play",))]


def test_guiton_s_ternes_cannot_be_played():
    """ch. II, 'Impuissance de jouer lors de la sortie des dames': no play at all."""
    _, result, movement = replayed("guiton-1822-bg-ternes-blocked-at-the-bear-off")
    assert [p.moves for p in legal_plays(result.initial, WHITE, (3, 3), movement)] in ([], [()])


def test_lepeintre_s_blocked_entries():
    """appendix, fig. 29: carmes, quines and 5-4 do not enter; the aces do (Lepeintre's slip, acknowledged)."""
    _, result, movement = replayed("lepeintre-1818-gammon-entering-against-a-closed-table")
    after_hits = result.throws[0].after
    assert after_hits.on_bar(WHITE) == 2
    for dice in ((4, 4), (5, 5), (5, 4)):
        assert all(not p.moves for p in legal_plays(after_hits, WHITE, dice, movement)), dice
    for dice in ((1, 1), (4, 1), (5, 1)):
        assert any(m.src == 25 and m.dst == 24 for p in legal_plays(after_hits, WHITE, dice, movement)
                   for m in p.moves), dice
