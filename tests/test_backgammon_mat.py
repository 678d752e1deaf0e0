"""``trictrac import game.mat`` and ``export FILE --format mat``: hand-written match files become records that
replay without a word and score as the file says; random records and matches go to .mat and back unchanged;
GNU Backgammon reads what we export (when it is installed)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from trictrac_notation.cli.main import main
from trictrac_notation.engine.opengame import open_game
from trictrac_notation.games.backgammon.matfile import load_mat, read_mat, write_mat
from trictrac_notation.games.backgammon.matrecord import match_to_record, record_to_match
from trictrac_notation.games.backgammon.randomgame import random_record

FILES = sorted((Path(__file__).parent / "data" / "mat").glob("*.mat"))
GNUBG = shutil.which("gnubg") or ("/usr/games/gnubg" if Path("/usr/games/gnubg").exists() else None)


def replay_text(text: str, path: str = "<record>", rules: str | None = None):
    """A backgammon record's text replayed through the front door (its Rules, Options and Match headers)."""
    return open_game(text, rules, path=path, kind="text").replay


def plays(match) -> list[list[tuple]]:
    """Each game's entries: player, kind, dice, cube and the dames moved (in any order)."""
    return [[(a.player, a.kind, a.dice, a.cube, sorted((m.src, m.dst) for m in a.play)) for a in g.actions]
            for g in match.games]


def scores(match) -> list[tuple]:
    """Each game's score before it, winner and points."""
    return [(g.score, g.winner, g.points) for g in match.games]


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_an_imported_match_replays_silently_and_scores_as_the_file(path):
    match = load_mat(path)
    result = replay_text(match_to_record(match), path.name)
    assert not result.diagnostics, [d.format() for d in result.diagnostics]
    assert [(r.winner, r.points) for r in result.final.match.results] == [
        ("white" if g.winner == 0 else "black", g.points) for g in match.games]
    assert scores(record_to_match(result)) == scores(match)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_a_match_goes_to_a_record_and_back_unchanged(path):
    match = load_mat(path)
    back = record_to_match(replay_text(match_to_record(match)))
    assert plays(back) == plays(match)
    assert back.length == match.length and back.players == match.players


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), length=st.sampled_from([None, 3, 5]),
       rules_id=st.sampled_from(["ffbg", "nackgammon", "hypergammon"]))
def test_random_records_round_trip_through_mat(seed, length, rules_id):
    text = random_record(seed, rules_id, games=2, match=length)
    result = replay_text(text)
    assert not result.diagnostics
    match = record_to_match(result)
    assert read_mat(write_mat(match)) == match
    again = replay_text(match_to_record(read_mat(write_mat(match))))
    assert not again.diagnostics
    assert [t.after for t in again.throws] == [t.after for t in result.throws]
    assert again.final.to_json()["match"]["score"] == result.final.to_json()["match"]["score"]


def test_the_commands(tmp_path, capsys):
    record = tmp_path / "m.tric"
    record.write_text(random_record(7, match=3))
    mat = tmp_path / "m.mat"
    assert main(["export", str(record), "--format", "mat", "-o", str(mat)]) == 0
    assert mat.read_text().splitlines()[0] == " 3 point match"
    assert main(["import", str(mat)]) == 0
    out = capsys.readouterr().out
    assert out.startswith('[Game "backgammon"]\n[Rules "ffbg"]\n[Title "m"]\n')
    assert replay_text(out).final.to_json() == replay_text(record.read_text()).final.to_json()


def test_errors_are_told_not_exported(tmp_path, capsys):
    bad = tmp_path / "bad.tric"
    bad.write_text('[Game "backgammon"]\n1. white 6-2 24/18\n')
    assert main(["export", str(bad), "--format", "mat"]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:2:14: error: illegal play" in err and "not exported: fix the errors first" in err
    trictrac = tmp_path / "t.tric"
    trictrac.write_text("1. white 6-4 T-6 T-4\n")
    assert main(["export", str(trictrac), "--format", "mat"]) == 1
    assert "not a backgammon record" in capsys.readouterr().err
    mat = tmp_path / "bad.mat"
    mat.write_text(" 3 point match\n\n Game 1\n a : 0    b : 0\n  1) 77: 8/1\n")
    assert main(["import", str(mat)]) == 1
    assert f"{mat}:5:6: error: dice 77: each die shows 1 to 6" in capsys.readouterr().err


@pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon is not installed")
def test_gnubg_reads_what_we_export(tmp_path):
    """Random matches exported by us, imported into GNU Backgammon and exported by it, give the same plays and
    results (gnubg drops an illegal play without a word, so a lost play would show)."""
    commands = ["set display off", "set confirm new off", "set confirm save off"]
    ours = {}
    for seed in (11,):
        path = tmp_path / f"r{seed}.mat"
        match = record_to_match(replay_text(random_record(seed, match=5)))
        path.write_text(write_mat(match))
        ours[seed] = match
        commands += [f"import mat {path}", f"export match mat {tmp_path / f'back{seed}.mat'}"]
    home = tmp_path / "home"
    home.mkdir()
    subprocess.run([GNUBG, "-t", "-q"], input="\n".join(commands) + "\n", text=True, capture_output=True,
                   timeout=300, env={"HOME": str(home), "PATH": "/usr/bin:/bin"}, check=False)
    for seed, match in ours.items():
        back = load_mat(tmp_path / f"back{seed}.mat")
        assert scores(back) == scores(match)
        assert plays(back) == plays(match)
