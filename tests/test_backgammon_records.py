"""Backgammon records: the federation's notation read, replayed and checked (FILE:LINE:COL with the legal plays),
the end of a game, the cube and the match, and the command line (check, replay --json, rules)."""

from __future__ import annotations

import io
import json

import pytest

from trictrac_notation.cli.main import main
from trictrac_notation.core.board import BLACK, WHITE
from trictrac_notation.engine.opengame import open_game
from trictrac_notation.games.backgammon.randomgame import random_record
from trictrac_notation.notation.reader import parse, write

HEAD = '[Game "backgammon"]\n'


def replay_text(text: str, path: str = "<record>", rules: str | None = None):
    """A backgammon record's text replayed through the front door (its Rules, Options and Match headers)."""
    return open_game(text, rules, path=path, kind="text").replay


def final(text: str) -> dict:
    result = replay_text(HEAD + text)
    assert not result.errors, [d.format() for d in result.errors]
    return result.final.to_json()


def diagnostics(text: str) -> list[tuple[int, int, str, str]]:
    result = replay_text(HEAD + text, "game.tric")
    return [(d.line, d.column, d.severity, d.message) for d in result.diagnostics]


# --- the notation ------------------------------------------------------------------------------------------------

def test_the_federations_notation_is_read_and_written_back():
    text = (HEAD + '[Rules "ffbg"]\n\n@white 6:5 5:4 off:6\n\n'
            "1. white 6-2 24/18 13/11\n2. black 3-3 24/18 13/10(2)\n3. white double take 5-4 13/9* 5/1 {x}\n"
            "4. black 6-6 bar/19 6/O 13/7*/1*\n5. white double drop\n6. black resigns-gammon\n")
    record, diags = parse(text)
    assert not diags
    t = record.throws
    assert [m.text for m in t[1].moves] == ["24/18", "13/10(2)"]
    assert (t[2].cube, t[2].dice, [m.text for m in t[2].moves]) == ("double take", (5, 4), ["13/9*", "5/1"])
    assert [m.text for m in t[3].moves] == ["bar/19", "6/O", "13/7*/1*"]
    assert (t[4].cube, t[4].dice, t[5].cube) == ("double drop", None, "resigns-gammon")
    assert parse(write(record))[0] == record


def test_a_group_written_with_a_space_is_one_move():
    record, _ = parse(HEAD + "1. white 3-3 24/18 13/10 (2)\n")
    assert [m.text for m in record.throws[0].moves] == ["24/18", "13/10 (2)"]
    assert not replay_text(HEAD + "1. white 3-3 24/18 13/10 (2)\n").diagnostics


def test_trictrac_words_are_not_taken_for_the_cube():
    record, diags = parse("1. white double deux T-2 T-2\n")
    assert not diags and record.throws[0].dice == (2, 2) and record.throws[0].cube is None


# --- checking ------------------------------------------------------------------------------------------------------

def test_an_illegal_play_is_an_error_at_its_place_with_the_legal_plays():
    result = replay_text(HEAD + "1. white 6-2 24/18\n", "game.tric")
    (d,) = result.errors
    assert (d.line, d.column, d.code) == (2, 14, "illegal-play")
    assert "both numbers can be played, so both must be" in d.message
    assert d.notes[0].startswith("legal plays of 6-2: ") and "24/18 13/11" in d.notes[0] and "13/5" in d.notes[0]


def test_entering_first_and_a_lost_turn_against_a_closed_table():
    closed = "@white bar:1 13:5 8:4 6:5\n@black 6:3 5:3 4:2 3:2 2:2 1:3\n\n"
    assert diagnostics(closed + "1. white 6-1\n") == []
    found = diagnostics(closed + "1. white 6-1 13/7 8/7\n")
    assert found[0][:3] == (5, 14, "error") and "1 dame on the bar: it enters before any other dame moves" in \
        found[0][3]


def test_a_missing_hit_mark_is_a_warning_not_an_error():
    assert diagnostics("1. white 6-4 24/18 13/9\n2. black 6-1 13/7 8/7*\n") == []  # black's 7 is white's 18
    found = diagnostics("1. white 6-4 24/18 13/9\n2. black 6-1 13/7 8/7\n")
    assert [f[:3] for f in found] == [(3, 14, "warning")]
    assert found[0][3] in ("the hits are not written as they happen: the play is " + p
                           for p in ("13/7 8/7*", "13/7* 8/7"))


def test_a_move_written_whole_may_be_two_dames_hops_in_another_order():
    """Under the five-dame limit 7/4* with 2-1 is 6/4* then 7/6 (the 6-point holds five: no dame passes through
    it first); its only path through 5 would hit there too. The legal play with the written hit is the one made:
    no warning, and the blot on 5 stays."""
    text = '[Options "five-limit"]\n@white 7:1 6:5 13:5 24:4\n@black 21:1 20:1 6:13\n\n1. white 2-1 7/4*\n'
    assert diagnostics(text) == []
    after = replay_text(HEAD + text).throws[0].after
    assert after.on_bar(BLACK) == 1 and after.count(BLACK, 24 - 20) == 1  # (black's 20 is white's 5)
    assert after.count(WHITE, 24 - 4) == 1 and after.count(WHITE, 24 - 6) == 5 and after.count(WHITE, 24 - 7) == 0


def test_turns_alternate_and_a_move_that_cannot_be_made_stops_the_replay():
    found = diagnostics("1. white 6-2 24/18 13/11\n2. white 3-1 8/5 6/5\n")
    assert (found[0][0], found[0][2], "out of turn" in found[0][3]) == (3, "error", True)
    found = diagnostics("1. white 6-2 20/14 13/11\n2. black 3-1 8/5 6/5\n")
    # one error, which says why first: no dame stands where the play starts (not also "cannot be played as
    # written", nor a reason about the point it goes to)
    assert [(f[0], f[1], f[2]) for f in found] == [(2, 14, "error"), (3, 1, "warning")]
    assert "white has no dame on 20 to move" in found[0][3] and "not replayed" in found[1][3]
    found = diagnostics("1. white 6-2 24/18 13/11\n2. black 6-6 bar/19\n")
    assert [(f[0], f[1], f[2], f[3].split(" [")[0]) for f in found] == [
        (3, 14, "error", "illegal play: black plays bar/19 with 6-6: black has no dame on the bar to move")]


# --- the end of a game ---------------------------------------------------------------------------------------------

ENDS = [
    ("@white 1:1 off:14\n@black 6:14 off:1\n\n1. white 2-1 1/off\n", "single", 1, 1),
    ("@white 1:1 off:14\n@black 6:15\n\n1. white 2-1 1/off\n", "gammon", 1, 2),
    ("@white 2:1 off:14\n@black 24:1 6:14\n\n1. white 2-1 2/off\n", "backgammon", 1, 3),
    ("@white 2:1 off:14\n@black bar:1 6:14\n\n1. white double take 2-1 2/off\n", "backgammon", 2, 6),
]


@pytest.mark.parametrize("text, kind, cube, points", ENDS)
def test_single_gammon_backgammon_times_the_cube(text, kind, cube, points):
    f = final(text)
    assert (f["winner"], f["kind"], f["cube"], f["points"]) == ("white", kind, cube, points)


def test_a_dropped_double_scores_the_cube_before_the_double():
    f = final("1. white 6-2 24/18 13/11\n2. black double take 3-1 8/5 6/5\n3. white double drop\n")
    # black doubled to 2 and white took; white redoubles to 4 and black drops: white wins the 2 of the cube
    assert (f["winner"], f["kind"], f["cube"], f["points"], f["how"]) == ("white", "single", 2, 2, "drop")


def test_a_resignation():
    f = final("1. white double take 6-2 24/18 13/11\n2. black resigns-gammon\n")
    assert (f["winner"], f["kind"], f["cube"], f["points"]) == ("white", "gammon", 2, 4)


def test_the_jacoby_rule_counts_gammons_only_once_the_cube_is_turned():
    gammon = "@white 1:1 off:14\n@black 6:15\n\n1. white 2-1 1/off\n"
    assert final('[Options "jacoby"]\n' + gammon)["points"] == 1
    assert final('[Options "jacoby"]\n' + gammon.replace("white 2-1", "white double take 2-1"))["points"] == 4
    assert final('[Options "jacoby"]\n[Match "5"]\n' + gammon)["points"] == 2  # not in a match


CUBE_ERRORS = [
    ("1. white double take 6-2 24/18 13/11\n2. black 3-1 8/5 6/5\n3. white double take 6-1 13/7 8/7\n",
     4, "the cube is black's"),
    ('[Rules "guiton-1822-backgammon"]\n1. white double take 6-2 24/18 13/11\n', 3, "has no cube"),
    ("1. white double beaver 6-2 24/18 13/11\n", 2, "does not allow the beaver"),
]


@pytest.mark.parametrize("text, line, words", CUBE_ERRORS)
def test_who_may_double(text, line, words):
    (d,) = [d for d in replay_text(HEAD + text).errors]
    assert (d.line, d.code, words in d.message) == (line, "cube", True), d.message


def test_the_beaver_where_the_rules_allow_it():
    f = final('[Options "beaver"]\n@white 1:1 off:14\n@black 6:14 off:1\n\n1. white double beaver 2-1 1/off\n')
    assert (f["cube"], f["points"]) == (4, 4)


def test_a_match_its_score_and_the_crawford_game():
    game1 = "@white 1:1 off:14\n@black 6:15\n\n1. white 2-1 1/off\n"  # a gammon: white 2 of 3
    f = final('[Match "3"]\n' + game1 + "1. black 6-2 24/18 13/11\n2. white resigns\n")
    assert f["match"] == {"length": 3, "score": {"white": 2, "black": 1}, "winner": None, "games": 2,
                          "crawford_game": 2}
    result = replay_text(HEAD + '[Match "3"]\n' + game1 + "1. black double take 6-2 24/18 13/11\n")
    assert [(d.line, "Crawford game" in d.message) for d in result.errors] == [(7, True)]
    no_rule = replay_text(HEAD + '[Match "3"]\n[Options "no-crawford"]\n' + game1 + "1. black double drop\n")
    assert not no_rule.errors and no_rule.final.to_json()["match"]["score"] == {"white": 2, "black": 1}


def test_nothing_after_the_match_is_won():
    result = replay_text(HEAD + '[Match "1"]\n@white 1:1 off:14\n@black 6:15\n\n1. white 2-1 1/off\n'
                         "1. black 6-2 24/18 13/11\n")
    assert [(d.line, d.code) for d in result.errors] == [(7, "match-over")]
    assert result.final.to_json()["match"]["winner"] == "white"


# --- rule sets -------------------------------------------------------------------------------------------------------

def test_a_trictrac_rule_set_is_refused_at_the_rules_header():
    result = replay_text(HEAD + '[Rules "guiton-1822"]\n1. white 6-2 24/18 13/11\n')
    assert [(d.line, d.code, "is a trictrac rule set, and this record is backgammon" in d.message)
            for d in result.errors] == [(2, "bad-rules", True)]


@pytest.mark.parametrize("rules_id", ["ffbg", "guiton-1822-backgammon", "nackgammon", "hypergammon", "acey-deucey"])
def test_random_games_of_every_rule_set_replay_without_a_word(rules_id):
    for seed in range(3):
        result = replay_text(random_record(seed, rules_id))
        assert not result.diagnostics and result.final.to_json()["winner"] in ("white", "black")


def test_hypergammon_and_acey_deucey_start_as_their_rules_say():
    hyper = replay_text(HEAD + '[Rules "hypergammon"]\n1. white 6-5 24/18 23/18\n')
    assert not hyper.diagnostics and hyper.initial.total("white") == 3
    acey = replay_text(HEAD + '[Rules "acey-deucey"]\n1. white 6-5 bar/19 bar/20\n2. black 4-1 bar/21 21/20\n'
                       "3. white 3-1 19/16 bar/24\n")
    assert not acey.diagnostics  # dames in hand enter as the player likes, others moving meanwhile
    assert acey.throws[-1].after.on_bar("white") == 12


# --- a move whose distance no number of the throw makes -----------------------------------------------------------

WRONG_DISTANCE = [  # (throw and moves, the words of the reason, a legal play listed)
    ("6-2 13/12", "13/12 moves a dame 1 point, and the distance is not a number of the throw 6-2: "
                  "a dame moves 2, 6 or 8 points", "24/18 13/11"),
    ("3-3 13/3", "13/3 moves a dame 10 points, and the distance is not a number of the throw 3-3: "
                 "a dame moves 3, 6, 9 or 12 points", "24/21(2) 13/10(2)"),
    ("6-4 24/18 13/10", "13/10 moves a dame 3 points, and the distance is not a number of the throw 6-4: "
                        "a dame moves 4, 6 or 10 points", "24/18 13/9"),
    ("5-4 13/8 24/14", "24/14 moves a dame 10 points, and the distance is not a number of the throw 5-4: "
                       "a dame moves 4, 5 or 9 points", "13/8 24/20"),
]


@pytest.mark.parametrize("play, words, listed", WRONG_DISTANCE)
def test_a_move_of_a_distance_the_throw_has_not_says_so_with_the_legal_plays(play, words, listed):
    d = replay_text(HEAD + f"1. white {play}\n", "g.tric").errors[0]
    assert (d.line, d.column, d.code) == (2, 14, "illegal-play"), d.format()
    assert d.message == f"illegal play: white plays {play[4:]} with {play[:3]}: {words}"
    assert d.notes[0].startswith(f"legal plays of {play[:3]}: ") and listed in d.notes[0].split(": ")[1].split(" | ")


def test_the_distance_of_a_bearing_off():
    (d, *_) = replay_text(HEAD + "@white 6:3 5:2 off:10\n1. white 3-2 6/off\n").errors
    assert "6/off bears a dame off from point 6, 6 points away, and the distance is not a number of the throw 3-2: " \
           "a dame moves 2, 3 or 5 points" in d.message, d.message


# --- acey-deucey's 1-2 (seed 001, 'Juegos relacionados') ---------------------------------------------------------

ACEY = HEAD + '[Rules "acey-deucey"]\n'
ACEY_CASES = [  # (lines, [(line, code, words)] expected: none for a legal record)
    ("1. white 2-1 bar/24 bar/23\n2. white 5-5 bar/20(4)\n3. white 6-4 bar/19 bar/21\n4. black 6-5 bar/19 bar/20\n",
     []),
    # a doublet thrown gives another throw, and a 1-2 in that throw names a doublet again
    ("1. white 3-3 bar/22(4)\n2. white 1-2 bar/24 bar/23\n3. white 6-6 bar/19(4)\n4. white 4-3 bar/21 bar/22\n"
     "5. black 6-5 bar/19 bar/20\n", []),
    # the other player may not throw before the doublet is named
    ("1. white 2-1 bar/24 bar/23\n2. black 6-5 bar/19 bar/20\n",
     [(4, "out-of-turn", "black throws out of turn: it is white's throw (white names a doublet after his 1-2)")]),
    # the line after a 1-2 names a doublet
    ("1. white 2-1 bar/24 bar/23\n2. white 6-4 bar/19 bar/21\n",
     [(4, "named-doublet", "white names a doublet after his 1-2 and plays it: 6-4 is not a doublet")]),
    # after the doublet named, the same player throws again
    ("1. white 2-1 bar/24 bar/23\n2. white 5-5 bar/20(4)\n3. black 6-4 bar/19 bar/21\n",
     [(5, "out-of-turn", "it is white's throw (white throws again after the doublet he named)")]),
    # the doublet named is played four times, as a doublet thrown
    ("1. white 2-1 bar/24 bar/23\n2. white 5-5 bar/20(2)\n",
     [(4, "illegal-play", "the doublet can be played 4 times, so it must be")]),
]


@pytest.mark.parametrize("lines, expected", ACEY_CASES)
def test_acey_deuceys_1_2_names_a_doublet_and_throws_again(lines, expected):
    found = [(d.line, d.code, d.message) for d in replay_text(ACEY + lines).errors]
    assert [(line, code) for line, code, _ in found] == [(line, code) for line, code, _ in expected], found
    for (_, _, message), (_, _, words) in zip(found, expected, strict=True):
        assert words in message, message


def test_the_option_no_ace_deuce_makes_the_1_2_a_throw_like_another():
    lines = "1. white 2-1 bar/24 bar/23\n2. black 5-5 bar/20(4)\n"
    assert not replay_text(ACEY + '[Options "no-ace-deuce"]\n' + lines).errors
    assert [d.code for d in replay_text(ACEY + lines).errors] == ["out-of-turn"]
    assert [d.code for d in replay_text(HEAD + "1. white 2-1 24/23 13/11\n2. white 5-5 13/3(2)\n").errors] \
        == ["out-of-turn"]  # the federation's 1-2 is a throw like another


# --- the command line -------------------------------------------------------------------------------------------------

def test_check_and_replay_json(tmp_path, capsys):
    path = tmp_path / "g.tric"
    path.write_text(HEAD + '[Match "3"]\n@white 1:1 off:14\n@black 6:15\n\n1. white 2-1 1/off\n'
                           "1. black 6-2 24/18\n")
    assert main(["check", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:7:14: error: illegal play: black plays 24/18 with 6-2" in out and "legal plays of 6-2:" in out
    assert main(["replay", "--json", str(path)]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "backgammon" and data["rules"] == "ffbg" and data["errors"] == 1
    assert data["final"]["kind"] == "gammon" and data["final"]["match"]["score"] == {"white": 2, "black": 0}
    assert data["throws"][0]["position"]["off"] == {"white": 15, "black": 0}
    assert data["throws"][1]["position"]["pips"]["black"] == 167 - 6  # game 2: the layout, then 24/18 as written


@pytest.mark.parametrize("argv,says", [
    (["convert", "--coords", "absolute"], "convert rewrites trictrac's coordinate systems"),
    (["compare", "--rules", "ffbg,guiton-1822-backgammon"], "compare weighs trictrac's jans and holes"),
    (["explain", "--throw", "1"], "explain weighs trictrac's jans and holes"),
    (["chances", "--throw", "1"], "chances weighs trictrac's jans"),
])
def test_trictrac_only_commands_refuse_a_backgammon_record(tmp_path, capsys, argv, says):
    path = tmp_path / "g.tric"
    path.write_text(HEAD + "1. white 6-2 24/18 13/11\n")
    assert main([*argv, str(path)]) == 2
    err = capsys.readouterr().err
    assert f"trictrac {argv[0]}: error: {says}" in err and f"{path} is a backgammon record" in err


@pytest.mark.parametrize("argv,request_", [
    (["score"], {"rules": "ffbg", "to_move": "white", "dice": [6, 4], "white": {"1": 15}, "black": {"1": 15}}),
    (["chances"], {"rules": "ffbg", "to_move": "white", "white": {"1": 15}, "black": {"1": 15}}),
    (["marque"], {"rules": "ffbg", "marques": 6, "lost": {"white": [19], "black": [5]}}),
    (["simulate", "--rules", "ffbg", "--games", "1"], None),
])
def test_trictrac_contracts_refuse_a_backgammon_rule_set(monkeypatch, capsys, argv, request_):
    if request_ is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(request_)))
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "ffbg is a backgammon rule set; this needs a trictrac one: " in err and "guiton-1822" in err


def test_rules_lists_the_backgammon_rule_sets(capsys):
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    for name in ("ffbg", "guiton-1822-backgammon", "nackgammon", "hypergammon", "acey-deucey"):
        assert name in out
    assert main(["rules", "show", "guiton-1822-backgammon"]) == 0
    assert "Partie simple et double" in capsys.readouterr().out


def test_the_engine_is_the_replay_of_backgammon_records():
    """One replay loop: the engine's, asking games/backgammon/game.py for the moves, the legal plays and the
    reasons, and its cube scorer for the cube and the games of a match; check goes through open_game."""
    from trictrac_notation.engine.game import game_named
    from trictrac_notation.engine.opengame import open_game
    from trictrac_notation.games.backgammon.cube import CubeScorer

    text = HEAD + "1. white 6-2 24/18 13/11\n2. black 3-3 24/18 13/10(2)\n3. white 5-4 24/20 13/8\n" \
                  "4. black 6-1 13/7 8/7*\n5. white 4-3 bar/22 20/16\n"
    opened = open_game(text, kind="text")
    assert opened.game is game_named("backgammon") and not opened.diagnostics
    assert isinstance(opened.replay.final, object) and opened.replay.rules.id == "ffbg"
    assert isinstance(game_named("backgammon").standing_scorer(opened.replay.rules), CubeScorer)
    assert [t.index for t in opened.replay.throws] == [1, 2, 3, 4, 5]
    (d,) = replay_text(HEAD + "1. white 6-2 24/18\n").errors
    assert d.code == "illegal-play" and "both numbers can be played" in d.message and "24/18 13/11" in d.notes[0]


@pytest.mark.parametrize("page", ["docs/backgammon.md", "site_src/notation.md"])
def test_the_documented_example_checks_clean(page):
    from pathlib import Path

    text = (Path(__file__).parent.parent / page).read_text("utf-8")
    start = text.index('[Game "backgammon"]\n[Rules "ffbg"]\n[Match')
    result = replay_text(text[start:text.index("```", start)], page)
    assert not result.diagnostics and result.final.to_json()["how"] == "drop"


def test_a_rule_set_of_the_other_game_is_an_error_at_the_header(tmp_path, capsys):
    from trictrac_notation.engine.opengame import open_game

    opened = open_game('[Rules "ffbg"]\n1. white 6-4 T-6 T-4\n', kind="text", path="t.tric")
    assert [(d.line, d.code, "ffbg is a backgammon rule set" in d.message) for d in opened.errors] == \
        [(1, "bad-rules", True)]


def test_a_backgammon_position_is_drawn_with_its_bar_and_its_dames_borne_off(tmp_path, capsys):
    path = tmp_path / "bg.tric"
    path.write_text(HEAD + "@white 2:1 1:2 off:12\n@black 6:14 bar:1\n\n1. white 2-1 2/off 1/off\n")
    assert main(["diagram", str(path), "--throw", "1"]) == 0
    svg = capsys.readouterr().out
    assert svg.count('class="bar black"') == 1 and svg.count('class="off white"') == 1
    assert ">14<" in svg and ">1<" in svg  # the counts on the borne-off pile and on the bar
    assert "game 1: after 1. white 2-1 2/off 1/off" in svg
    png = tmp_path / "bg.png"
    assert main(["diagram", str(path), "-o", str(png)]) == 0 and png.read_bytes()[:4] == b"\x89PNG"


NOT_BACKGAMMON = [  # (the throw's line, the item's words, its column)
    ("1. white 6-2 +4 [battre-a-vrai] 24/18 13/11", "points marked (+4)", 14),
    ("1. white 6-2 24/18 13/11 hole", "holes marked (1)", 26),
    ("1. white 6-2 24/18 13/11 holes 2", "holes marked (2)", 26),
    ("1. white 6-2 24/18 13/11 ecole 2", "an école (2)", 26),
    ("1. white 6-2 24/18 13/11 stay", "'stay'", 26),
    ("1. white 6-2 24/18 13/11 (1. white 6-2 24/16 opp +2)", "points marked (+2)", 50),
    ("1. white 6-2 24/18 13/11 score white 0/0 black 0/0", "a running score", 26),
]


@pytest.mark.parametrize("line, what, column", NOT_BACKGAMMON)
def test_trictrac_score_items_in_a_backgammon_record_are_errors_at_their_place(line, what, column):
    """A backgammon record marks no points as it goes: its score is the cube and the result. A +N, a hole, an école
    or stay/go is an error where it is written (it was read and ignored, with or without a rule set)."""
    for head in (HEAD, HEAD + '[Rules "ffbg"]\n'):
        errors = replay_text(head + line + "\n", "g.tric").errors
        assert [(d.line, d.column, d.code, d.message.split(":")[0]) for d in errors] == [
            (head.count("\n") + 1, column, "not-in-game", what)], [d.format() for d in errors]
        assert "a backgammon record marks no points, holes or écoles as it goes" in errors[0].message
