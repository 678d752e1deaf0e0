"""``trictrac import game.mat`` and ``export FILE --format mat``: hand-written match files become records that
replay without a word and score as the file says; random records and matches go to .mat and back unchanged;
GNU Backgammon reads what we export (when it is installed)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from trictrac_notation.cli.main import main
from trictrac_notation.engine.opengame import open_game
from trictrac_notation.games.backgammon.matfile import load_mat, read_mat, write_mat
from trictrac_notation.games.backgammon.matimport import SIDES, import_match
from trictrac_notation.games.backgammon.matrecord import match_to_record, record_text, record_to_match
from trictrac_notation.games.backgammon.playtext import Move
from trictrac_notation.games.backgammon.randomgame import random_record

DATA = Path(__file__).parent / "data" / "mat"
FILES = sorted(DATA.glob("*.mat"))
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


# what each file's games score in the record (the plays' view: a drop scores the cube before the double, a forfeit
# what the match needed), the final score, and what the import says (code, line, column)
EXPECTED = {
    "gammon-bearoff.mat": ([("white", 2)], (2, 0), []),
    "cube-crawford-3pt.mat": ([("black", 2), ("white", 1), ("black", 2)], (1, 4), []),
    "money-beaver.mat": ([("white", 4), ("white", 3)], (7, 0), []),
    "gnubg-selfplay-5pt.mat": ([("black", 1), ("black", 2), ("white", 1), ("black", 1), ("white", 1),
                                ("black", 6)], (2, 10), []),
    "fibs-client-3pt.mat": ([("black", 1), ("black", 2)], (0, 3), []),
    "galaxy-3pt.mat": ([("white", 1), ("black", 1), ("white", 4)], (5, 1), []),  # 'Wins 2 point and the match'
    "forfeit-5pt.mat": ([("black", 5)], (0, 5), []),
    "empty-name-1pt.mat": ([("black", 1)], (0, 1), []),
    "hypergammon-1-3pt.mat": ([("white", 2)], (2, 0), []),
    "hypergammon-2-3pt.mat": ([("white", 1), ("black", 1)], (1, 1), []),
    "resumed-crawford-5pt.mat": ([("black", 2)], (4, 4), [("mat-crawford", 6, 35)]),
}


def test_every_file_has_its_expectations():
    assert set(EXPECTED) == {p.name for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_an_imported_match_replays_silently_and_scores_as_its_plays(path):
    results, final, said = EXPECTED[path.name]
    imported = import_match(load_mat(path), path.name)
    assert [(d.code, d.line, d.column) for d in imported.diagnostics] == said
    result = replay_text(record_text(imported), path.name)
    assert not result.diagnostics, [d.format() for d in result.diagnostics]
    assert [(r.winner, r.points) for r in result.final.match.results] == results
    assert tuple(result.final.match.score.values()) == final


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_a_match_goes_to_a_record_and_back_unchanged(path):
    match = load_mat(path)
    back = record_to_match(replay_text(match_to_record(match)))
    assert plays(back) == plays(match)
    names = tuple(n or side for n, side in zip(match.players, SIDES, strict=True))  # an empty name: the colour's
    assert back.length == match.length and back.players == names
    assert back.games[0].score == match.games[0].score  # a file that starts in the middle of a match too


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


# --- what the board says of a file (issue: match files as other programs write them) ----------------------------

def imported(text: str):
    """A file's text imported: (the record's replay, the import's diagnostics as (severity, code, line, column,
    message))."""
    imp = import_match(read_mat(text, "m.mat"), "m.mat")
    said = [(d.severity, d.code, d.line, d.column, d.message) for d in imp.diagnostics]
    return (replay_text(record_text(imp)) if not imp.errors else None), said, imp


HOP = """ 1 point match

 Game 1
 alice : 0                      bob : 0
  1)                             21: 13/11 6/5
  2) 42: 24/20 20/18             31: 25/22 6/5
"""


def test_hits_are_where_the_hops_stop_though_no_star_is_written():
    """FIBS clients and BackgammonGalaxy write no '*': the dame hopping 24/20 20/18 hits on 20 (gnubg reads it
    so), and bob's bar/22 follows; the record keeps the stop, 24/20*/18."""
    result, said, imp = imported(HOP)
    assert said == []
    assert imp.games[0].plays[1] == (Move(24, 18, (20,)),)
    assert "2. white 4-2 24/20*/18\n3. black 3-1 bar/22 6/5" in record_text(imp)
    assert not result.diagnostics
    assert result.throws[1].after.on_bar("black") == 1


def test_a_hop_onto_a_held_point_is_refused_where_the_record_could_not_say_it(tmp_path, capsys):
    """51: 24/19 19/18 with 19 held: gnubg refuses it; the record's 24/18 would go by 23 and be accepted."""
    text = (" 1 point match\n\n Game 1\n alice : 0                      bob : 0\n"
            "  1)                             21: 13/11 6/5\n"
            "  2) 51: 24/23 23/18\n")
    held = text.replace("24/23 23/18", "24/19 19/18")  # alice's 19 is bob's 6 point
    _, said, _ = imported(held)
    assert said == [("error", "mat", 6, 10, "the hop 24/19 cannot be made: point 19 is held by 4 of bob's dames: "
                     "no dame may stop there")]
    path = tmp_path / "held.mat"
    path.write_text(held)
    assert main(["import", str(path)]) == 1
    err = capsys.readouterr().err
    assert f"{path}:6:10: error: the hop 24/19 cannot be made" in err and "not imported: 1 error" in err
    result, said, _ = imported(text)  # 19 open: the same hops are a play
    assert said == [] and not result.diagnostics


OVER = (DATA / "gammon-bearoff.mat").read_text()


def test_nothing_follows_a_game_borne_off():
    """A throw after the last dame is borne off, with no 'Game N' line to start a game, is an error: the import
    no longer extends a finished game (or adds a resignation the replay would take as a new game)."""
    text = OVER.replace(" 10) 66: 2/0 2/0 2/0 1/0\n", " 10) 66: 2/0 2/0 2/0 1/0        21: 9/7 9/8\n")
    assert text != OVER
    _, said, _ = imported(text)
    assert said == [("error", "mat", 16, 33, "game 1 is over: alice bore off the last dame before this entry")]
    result, said, imp = imported(OVER)  # as written: over on the board, no resignation line
    assert said == [] and "resigns" not in record_text(imp)
    assert [(r.winner, r.kind, r.points, r.how) for r in result.final.match.results] == [
        ("white", "gammon", 2, "bore off")]


RESIGNED = """ 3 point match

 Game 1
 gnubg : 0                      bob : 0
  1) 21:                         Wins 1 point

 Game 2
 gnubg : 0                      bob : 1
  1) 21:
"""


def test_a_roll_not_played_before_the_result_or_the_end_of_the_file(tmp_path, capsys):
    """gnubg writes '21:' then the opponent's 'Wins 1 point' for a player who resigns after rolling, and the roll
    alone where the file stops: not illegal empty plays. The first is the record's 'resigns 2-1' (and exports
    as it came); the second is kept in a comment, said in a warning."""
    result, said, imp = imported(RESIGNED)
    assert said == [("warning", "mat-unplayed", 9, 6, "the file ends before gnubg's roll 21 is played: the record "
                     "keeps the roll in a comment")]
    record = record_text(imp)
    assert "1. white resigns 2-1 {game 1: gnubg 0, bob 0}\n{game 2: gnubg 0, bob 1} {gnubg threw 2-1 and did " \
           "not play it}\n" in record
    assert not result.diagnostics
    assert [(r.winner, r.points, r.how) for r in result.final.match.results] == [("black", 1, "resigns")]
    path = tmp_path / "r.tric"
    path.write_text(record)
    assert main(["export", str(path), "--format", "mat"]) == 0
    assert "  1) 21:                          Wins 1 point" in capsys.readouterr().out
    studio = RESIGNED.replace("  1) 21:                         Wins", "  1) 21: ????                    Wins")
    assert imported(studio)[1] == said  # Backgammon Studio's '????'


def test_a_resignation_line_takes_the_dice_not_a_play():
    text = '[Game "backgammon"]\n1. white 3-1 8/5 6/5\n2. black resigns 6-4 24/18 13/9\n'
    result = replay_text(text)
    assert [(d.severity, d.line, d.column, d.message) for d in result.diagnostics] == [
        ("error", 3, 22, "black resigns: nothing is played on the line of a resignation")]


CRAWFORD = " 3 point match\n\n Game 1\n alice : 0                      bob : 2\n  1)  Doubles => 2\n  2)  "


def test_a_double_in_the_presumed_crawford_game_is_a_warning_not_a_refusal():
    result, said, imp = imported(" 3 point match\n\n Game 1\n alice : 0                      bob : 2\n"
                                 "  1)  Doubles => 2                Drops\n      Wins 1 point\n")
    assert said == [("warning", "mat-crawford", 5, 7, "a double in game 1, which the score (0-2 to 3) makes the "
                     "Crawford game: the match is read without the Crawford rule (the record's option no-crawford)")]
    assert "no-crawford" in imp.options and not result.diagnostics
    assert result.final.match.score == {"white": 1, "black": 2}


def test_a_file_that_starts_in_the_middle_of_a_match():
    """Scored from its first score line (MatchScore), its Crawford game and end reckoned from there."""
    text = """ 5 point match

 Game 1
 alice : 4                      bob : 2
  1) 31: 8/5 6/5                 64: 24/18 13/9
  2) 62: 13/7 8/6                43: 25/21 24/21
  3) 55:                          Wins 1 point

 Game 2
 alice : 4                      bob : 3
  1) 41: 24/23 13/9
"""
    result, said, imp = imported(text)
    assert said == []
    record = record_text(imp)
    assert '[MatchScore "4-2"]' in record and "no-crawford" not in record
    match = result.final.match
    assert (match.crawford_game, match.score, result.final.to_json()["match"]["winner"]) == (
        1, {"white": 4, "black": 3}, None)


@pytest.mark.parametrize("change, said", [
    # the next game's score line differs from what the plays left
    (("      Wins 2 points\n\n Game 2\n alice : 2", "      Wins 2 points\n\n Game 2\n alice : 1"),
     [("warning", "mat-score", 20, 10, "score 1-0, but the games before, as played, leave it at 2-0")]),
    # a result that is not what the game, borne off, scores
    (("      Wins 2 points\n", "      Wins 1 point\n"),
     [("warning", "mat-result", 17, 7, "Wins 1, but the game as played scores 2 (a gammon with the cube at 1): "
                                       "the record scores 2")]),
    # money play, a gammon with the cube never turned counted single: the Jacoby rule
    ((" 5 point match", " 0 point match"), []),
    (((" 5 point match", " 0 point match"), ("Wins 2 points", "Wins 1 point"), ("alice : 2", "alice : 1")),
     [("warning", "mat-jacoby", 17, 7, "Wins 1 for a gammon with the cube never turned: the Jacoby rule is inferred "
                                       "(the record's option jacoby)")]),
])
def test_results_and_score_lines_reconciled_with_the_plays(change, said):
    text = OVER + "\n Game 2\n alice : 2                      bob : 0\n  1) 31: 8/5 6/5\n"
    for old, new in (change if isinstance(change[0], tuple) else (change,)):
        assert old in text
        text = text.replace(old, new)
    result, got, imp = imported(text)
    assert got == said
    assert not result.diagnostics
    jacoby = any(code == "mat-jacoby" for _, code, *_ in said)
    assert result.final.match.results[0].points == (1 if jacoby else 2)
    assert ("jacoby" in imp.options) == jacoby


def test_a_dropped_double_scores_the_cube_before_it_whatever_the_file_says():
    head = " 3 point match\n\n Game 1\n alice : 0                      bob : 0\n"
    result, said, _ = imported(head + "  1) 31: 8/5 6/5                  Doubles => 2\n"
                                      "  2)  Drops                       Wins 2 points\n")
    assert said == [("warning", "mat-result", 6, 35, "Wins 2, but the game as played scores 1 (the double dropped "
                     "with the cube at 1): the record scores 1")]
    assert result.final.match.score == {"white": 0, "black": 1}


def test_a_forfeit_gives_up_the_match():
    result, said, imp = imported((DATA / "forfeit-5pt.mat").read_text())
    assert said == [] and "4. white resigns-match" in record_text(imp)
    assert result.final.to_json()["kind"] == "forfeit" and result.final.match.score == {"white": 0, "black": 5}
    money = replay_text('[Game "backgammon"]\n1. white resigns-match\n')
    assert [d.message for d in money.diagnostics] == [
        "white resigns the match, but this is money play (no Match header)"]


def test_the_dialects_as_records():
    """Each hand-written dialect file as the record its plays make (the lines that show the dialect)."""
    shown = {
        "fibs-client-3pt.mat": ["4. white 6-4 24/20*/14*", "6. white resigns 5-2", "6. black double drop"],
        "galaxy-3pt.mat": ["5. black 4-3 13/9 13/10*", "6. white resigns 5-3", "7. white double drop"],
        "empty-name-1pt.mat": ['[White "white"]', "{game 1: white 0, bob 0}"],
        "hypergammon-1-3pt.mat": ['[Rules "hypergammon"]', '[Options "one-dame"]', "3. white 6-6 13/off"],
        "hypergammon-2-3pt.mat": ['[Options "two-dames"]', "2. white 1-1 24/20"],
    }
    for name, lines in shown.items():
        record = match_to_record(load_mat(DATA / name))
        for line in lines:
            assert line in record, (name, line)


@pytest.mark.parametrize("rules_id, code, said", [
    ("acey-deucey", 1, "error: GNU Backgammon cannot play acey-deucey"),
    ("guiton-1822-backgammon", 0, "warning: GNU Backgammon scores a gammon twice and a backgammon three times the "
                                  "cube; guiton-1822-backgammon scores them 2 and 2 times"),
])
def test_export_says_what_gnubg_cannot_play(tmp_path, capsys, rules_id, code, said):
    record = tmp_path / "r.tric"
    record.write_text(random_record(3, rules_id))
    assert main(["export", str(record), "--format", "mat"]) == code
    out = capsys.readouterr()
    assert f"{record}:2:2: {said}" in out.err
    assert bool(out.out) == (code == 0)


def test_hypergammon_goes_to_gnubg_by_its_variation():
    for options, variation in (("", "HyperGammon (3)"), ("two-dames", "HyperGammon (2)")):
        text = random_record(5, "hypergammon").replace('[Rules "hypergammon"]',
                                                       f'[Rules "hypergammon"]\n[Options "{options}"]')
        if options:
            text = text.split("\n\n")[0] + "\n\n1. white 2-1 24/22 23/22\n"
        mat = write_mat(record_to_match(replay_text(text)))
        assert f'; [Variation "{variation}"]' in mat
        assert import_match(read_mat(mat)).options == ([options] if options else [])


def gnubg_run(commands: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    home.mkdir(exist_ok=True)
    assert GNUBG is not None
    return subprocess.run([GNUBG, "-t", "-q"], input="\n".join(commands) + "\n", text=True, capture_output=True,
                          timeout=120, env={"HOME": str(home), "PATH": "/usr/bin:/bin"}, check=False)


SELF_PLAY = [(3, 7), (3, 11), (1, 5)]  # (match length, gnubg's seed): a few seconds in all


@pytest.mark.skipif(GNUBG is None, reason="GNU Backgammon is not installed")
def test_gnubg_plays_matches_and_we_score_them_as_it_does(tmp_path):
    """GNU Backgammon plays a few short matches against itself (0-ply, fixed seeds) and writes them: each imports
    without a word, replays without a diagnostic, scores every game as gnubg scored it (its 'Wins N' and the
    next game's score line), and goes back to gnubg from our export unchanged."""
    commands = ["set display off", "set confirm new off", "set confirm save off", "set defaultnames gnubg other"]
    for p in (0, 1):
        commands += [f"set player {p} gnubg", f"set player {p} chequerplay evaluation plies 0",
                     f"set player {p} cubedecision evaluation plies 0"]
    for length, seed in SELF_PLAY:
        commands += [f"set seed {seed}", f"new match {length}", f"export match mat {tmp_path / f'g{seed}.mat'}"]
    gnubg_run(commands, tmp_path / "home")
    back = ["set confirm new off", "set confirm save off"]
    ours = {}
    for length, seed in SELF_PLAY:
        theirs = load_mat(tmp_path / f"g{seed}.mat")
        assert theirs.length == length and theirs.players == ("gnubg", "other")
        imp = import_match(theirs, f"g{seed}.mat")
        assert imp.diagnostics == []
        result = replay_text(record_text(imp))
        assert not result.diagnostics, [d.format() for d in result.diagnostics]
        gnubg_scores = [(SIDES[g.winner], g.points) for g in theirs.games]
        assert [(r.winner, r.points) for r in result.final.match.results] == gnubg_scores
        assert result.final.to_json()["match"]["winner"] is not None  # gnubg played each match to its end
        ours[seed] = record_to_match(result)
        (tmp_path / f"ours{seed}.mat").write_text(write_mat(ours[seed]))
        back += [f"import mat {tmp_path / f'ours{seed}.mat'}", f"export match mat {tmp_path / f'back{seed}.mat'}"]
    gnubg_run(back, tmp_path / "home")
    for seed, match in ours.items():
        again = load_mat(tmp_path / f"back{seed}.mat")
        assert scores(again) == scores(match) and plays(again) == plays(match)


def test_fibs_and_galaxy_exports_of_random_matches_import_and_check_clean(capsys, monkeypatch):
    """scripts/mat_corpus.py's FIBS-client and BackgammonGalaxy files (no '*', resignations after a roll, Losses
    cells, the last result capped) import and check without a word and score as they were played: a few here,
    the corpus of its own runs in the documentation."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("mat_corpus", Path(__file__).parent.parent / "scripts" /
                                                  "mat_corpus.py")
    assert spec is not None and spec.loader is not None
    corpus = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "mat_corpus", corpus)  # (its dataclasses look their module up)
    spec.loader.exec_module(corpus)
    assert corpus.main(["--files", "3", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("files 6, games ") and out.endswith(", clean 6\n")


@pytest.mark.parametrize("name, text, code, said", [
    ("hop", HOP, 0, ""),
    ("held", HOP.replace("  2) 42: 24/20 20/18             31: 25/22 6/5\n", "  2) 51: 24/19 19/18\n"), 1,
     "held.mat:6:10: error: the hop 24/19 cannot be made: point 19 is held by 4 of bob's dames"),
    ("over", OVER.replace(" 10) 66: 2/0 2/0 2/0 1/0\n", " 10) 66: 2/0 2/0 2/0 1/0        21: 9/7 9/8\n"), 1,
     "over.mat:16:33: error: game 1 is over: alice bore off the last dame before this entry"),
    ("resigned", RESIGNED, 0, "resigned.mat:9:6: warning: the file ends before gnubg's roll 21 is played"),
    ("crawford", " 3 point match\n\n Game 1\n alice : 0                      bob : 2\n"
                 "  1)  Doubles => 2                Drops\n      Wins 1 point\n", 0,
     "crawford.mat:5:7: warning: a double in game 1, which the score (0-2 to 3) makes the Crawford game"),
])
def test_the_minimal_files_through_the_command(tmp_path, capsys, monkeypatch, name, text, code, said):
    """The issue's minimal files through 'trictrac import' (exit code, message at FILE:LINE:COL) and, when
    imported, 'trictrac check' of the record: clean."""
    monkeypatch.chdir(tmp_path)
    Path(f"{name}.mat").write_text(text)
    assert main(["import", f"{name}.mat", "-o", f"{name}.tric"]) == code
    err = capsys.readouterr().err
    assert said in err and (said or not err)
    if code == 0:
        assert main(["check", f"{name}.tric"]) == 0
        assert capsys.readouterr().err.endswith("0 errors, 0 warnings\n")
    else:
        assert not Path(f"{name}.tric").exists()
