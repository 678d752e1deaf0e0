"""The replay: positions after each throw in every coordinate system, fausses cases named by their rule,
starting positions, turns, relevés, variations — and the replay going on after an error.
"""

from __future__ import annotations

import pytest
from conftest import board

from trictrac_notation.core.board import WHITE, Position
from trictrac_notation.engine.replay import MAX_LISTED_PLAYS, replay_text


def replayed(text: str):
    """Replay ``text``, asserting it has no diagnostic."""
    result = replay_text(text, "t.tric")
    assert not result.diagnostics, [d.headline() for d in result.diagnostics]
    return result


def positions(result) -> list[Position]:
    return [t.after for t in result.throws]


def errors(text: str) -> list[tuple]:
    """(line, column, message, rule, hint) of each error and warning of replaying ``text``."""
    result = replay_text(text, "t.tric")
    return [(d.line, d.column, d.message, d.rule, d.hint) for d in result.diagnostics]


# --- every coordinate system names the same arrows ------------------------------------------------

OPENING = {  # 1. white 6-4 T-6 T-4   2. black 5-3 T-5 T-3  (rules.md §1.4)
    ("player", "white"): ("T-6 T-4", "T-5 T-3"),
    ("soumille", "white"): ("&-S &-V", "A-F A-D"),  # A = talon of the top player (Black), & = White's
    ("soumille", "black"): ("A-G A-E", "&-T &-X"),
    ("lepeintre", "white"): ("a-g a-e", "y-s y-u"),  # a = talon of the bottom player
    ("lepeintre", "black"): ("y-r y-t", "a-f a-d"),
    ("trictrac-org", "white"): ("B1-B7 B1-B5", "N1-N6 N1-N4"),
    ("absolute", "white"): ("1-7 1-5", "24-19 24-21"),
    ("american", "white"): ("1-7 1-5", "1-6 1-4"),
}

# White leaves his coin into Black's grand jan (stage 3 of M12), Black bears off two dames.
ENDGAME = {
    ("player", "white"): ("T:13 11:2", "1':3 2':3 3':3 4':3 5':3", "11-9' 11-10'", "5'-off 4'-off"),
    ("soumille", "white"): ("&:13 N:2", "Z:3 Y:3 X:3 V:3 T:3", "N-K N-L", "T-off V-off"),
    ("soumille", "black"): ("A:13 M:2", "B:3 C:3 D:3 E:3 F:3", "M-P M-O", "F-off E-off"),
    ("lepeintre", "white"): ("a:13 l:2", "b:3 c:3 d:3 e:3 f:3", "l-o l-n", "f-off e-off"),
    ("lepeintre", "black"): ("y:13 m:2", "x:3 v:3 u:3 t:3 s:3", "m-j m-k", "s-off t-off"),
    ("trictrac-org", "white"): ("B1:13 B12:2", "B2:3 B3:3 B4:3 B5:3 B6:3", "B12-N10 B12-N11", "B6-off B5-off"),
    ("absolute", "white"): ("1:13 12:2", "2:3 3:3 4:3 5:3 6:3", "12-15 12-14", "6-off 5-off"),
    ("american", "white"): ("1:13 12:2", "23:3 22:3 21:3 20:3 19:3", "12-15 12-14", "19-off 20-off"),
}


def _headers(system: str, bottom: str) -> str:
    return f'[Coords "{system}"]\n[Bottom "{bottom}"]\n'


@pytest.mark.parametrize("system, bottom", list(OPENING))
def test_opening_in_every_coordinate_system(system, bottom):
    white, black = OPENING[system, bottom]
    text = _headers(system, bottom) + f"1. white 6-4 {white}\n2. black 5-3 {black}\n"
    got = positions(replayed(text))
    assert got == [board("white: T:13 6:1 4:1"), board("white: T:13 6:1 4:1 / black: T:13 5:1 3:1")]


@pytest.mark.parametrize("system, bottom", list(ENDGAME))
def test_setup_opponent_side_and_sortie_in_every_coordinate_system(system, bottom):
    white_setup, black_setup, white, black = ENDGAME[system, bottom]
    text = (_headers(system, bottom) + f"@white {white_setup}\n@black {black_setup}\n"
            f"1. white 3-2 {white}\n2. black 6-5 {black}\n")
    result = replayed(text)
    assert result.initial == board("white: T:13 11:2 / black: 1':3 2':3 3':3 4':3 5':3")
    assert positions(result) == [
        board("white: T:13 9':1 10':1 / black: 1':3 2':3 3':3 4':3 5':3"),
        board("white: T:13 9':1 10':1 / black: off:2 1':3 2':3 3':3 4':2 5':2"),
    ]


UNKNOWN_ARROWS = [
    ("player", "12", "11"),  # the nearest arrow that exists (the coin)
    ("trictrac-org", "B13", "B12"),
    ("absolute", "25", "24"),
    ("lepeintre", "G", "g"),  # wrong case
    ("player", "t", "T"),
]


@pytest.mark.parametrize("system, bad, suggested", UNKNOWN_ARROWS)
def test_unknown_arrow_names_its_system_with_a_suggestion(system, bad, suggested):
    text = f'[Coords "{system}"]\n1. white 6-4 {bad}-6 T-4\n'
    ((line, column, message, _, hint), *rest) = errors(text)
    assert (line, column) == (2, 14)
    assert message.startswith(f"unknown arrow {bad!r} in the ")
    assert f"{suggested!r}" in hint


@pytest.mark.parametrize("system, bad", [("soumille", "J"), ("soumille", "U"), ("lepeintre", "w"), ("lepeintre", "z")])
def test_letters_missing_from_the_lettered_systems_are_errors(system, bad):
    ((line, column, message, _, _), *_) = errors(f'[Coords "{system}"]\n1. white 6-4 {bad}-6 T-4\n')
    assert (line, column) == (2, 14)
    assert message.startswith(f"unknown arrow {bad!r}") and "without" in message  # the message says which are missing


@pytest.mark.parametrize("system, bad, suggested", [("soumille", "J", "I"), ("lepeintre", "w", "v")])
def test_letters_missing_from_the_lettered_systems_get_a_suggestion(system, bad, suggested):
    ((_, _, _, _, hint), *_) = errors(f'[Coords "{system}"]\n1. white 6-4 {bad}-6 T-4\n')
    assert hint and repr(suggested) in hint


def test_unknown_coordinate_system_header():
    ((line, column, message, _, hint), *_) = errors('[Coords "amercan"]\n')
    assert (line, column) == (1, 2)
    assert message.startswith("unknown coordinate system 'amercan'") and hint == "did you mean 'american'?"


@pytest.mark.parametrize("tag, value", [("Bottom", "left"), ("First", "red")])
def test_bad_bottom_and_first_headers(tag, value):
    assert errors(f'[{tag} "{value}"]\n') == [(1, 2, f"{tag} must be white or black, not {value!r}", None, None)]


# --- moves that cannot be applied ---------------------------------------------------------------

def test_move_of_a_dame_that_is_not_there_stops_the_replay():
    text = "1. white 6-4 T-6 T-4\n2. black 6-4 T-6 T-4\n3. white 6-5 5-11 T-5\n4. black 1-1 T-1 T-1\n"
    assert errors(text) == [
        (3, 14, "there is no white dame on 5 to move", "rules.md §2 M1", None),
        (4, 1, "not replayed: the position is unknown after the error above", None, None),
    ]


def test_backwards_move():
    text = "1. white 6-4 T-6 T-4\n2. black 6-4 T-6 4-T\n"
    ((line, column, message, rule, _), *_) = errors(text)
    assert (line, column, rule) == (2, 18, "rules.md §1.1")
    assert message.startswith("'4-T' goes backwards")


def test_a_move_naming_two_resting_arrows():
    ((line, column, message, _, _),) = errors("1. white 6-4 T-2-4-10\n")
    assert (line, column) == (1, 14) and "at most one resting arrow" in message


# --- fausses cases -----------------------------------------------------------------------------------

FAUSSES_CASES = [
    # (setup, throw, rule quoted, words of the reason)
    ("", "1. white 6-5 T-11", "M7", "a single dame would stand on the coin de repos"),
    ("", "1. white 6-4 T-6", "M5", "both numbers can be played; this play uses 1"),
    ("", "1. white 6-4 T-7 T-3", "M1", "do not fit the dice 6-4"),
    ("", "1. white double-deux T-2 T-2 T-2 T-2", "M4", "4 dames moved"),
    ("@white T:14 6:1\n@black 1':3 2':3 3':3 4':3 5':3\n", "1. white 6-1 6-11' T-1", "M10",
     "11' is the opponent's coin de repos"),
    ("@white T:14 6:1\n@black 1':3 2':3 3':3 4':3 5':3\n", "1. white 6-1 T-6 T-1", "M2", "1 is held by the opponent"),
    ("@black 6':2 4':1\n", "1. white 6-4 T-10", "M3", "every resting arrow on the way is closed"),
    ("@white T:11 10:2 11:2\n", "1. white 4-3 10-10' T-4", "M12", "the opponent can still fill the jan where 10' lies"),
    ("@white T:13 6:1 7:1\n@black 11:2\n", "1. white 6-5 6-11 7-11", "M8", "the opponent holds his coin"),
    ("@white T:3 1:3 2:3 3:3 4:3\n", "1. white 5-4 T-5 T-4", "§3.5", "filling or keeping is compulsory"),
    ("@white T:0 5':13 6':2\n@black T:0 1':3 2':3 3':3 4':3 5':3\n", "1. white 6-1 5'-off 6'-5'", "§3.8",
     "not all fifteen are in the jan de retour"),
]


@pytest.mark.parametrize("setup, throw, rule, reason", FAUSSES_CASES)
def test_fausse_case_names_the_rule(setup, throw, rule, reason):
    text = setup + throw + "\n"
    line = text.count("\n")
    result = replay_text(text, "t.tric")
    (d,) = result.diagnostics
    moves = throw.split(maxsplit=3)[3]
    column = throw.index(moves) + 1
    assert (d.severity, d.line, d.column, d.length) == ("error", line, column, len(moves))  # the caret spans the moves
    assert d.message.startswith(f"fausse case: white plays {moves} with ")
    assert reason in d.message
    assert d.rule.startswith("rules.md") and d.rule.endswith(rule)
    assert d.notes[0].startswith("legal plays of ")
    assert not result.throws[-1].ok


def test_fausse_case_lists_the_legal_plays_in_the_record_coordinates():
    text = '[Coords "lepeintre"]\n1. white 6-4 a-g\n'
    (d,) = replay_text(text, "t.tric").diagnostics
    assert d.notes == ["legal plays of 6-4: a-g-k | a-g a-e"]


def test_long_lists_of_legal_plays_are_cut():
    text = "@white 1:1 2:1 3:1 4:1 5:1 6:1 7:1 8:1 9:1 10:1\n1. white 2-1 T-1\n"
    (d,) = replay_text(text, "t.tric").diagnostics
    listed = d.notes[0].split(": ", 1)[1].split(" | ")
    assert len(listed) == MAX_LISTED_PLAYS + 1 and listed[-1].startswith("… and ") and listed[-1].endswith(" more")


def test_puissance_available_is_mentioned():
    (d,) = replay_text("@white T:13 6:1 7:1\n1. white 6-5 T-6\n", "t.tric").diagnostics
    assert "(the coin may be taken par puissance with this throw)" in d.notes


def test_coin_par_puissance_written_as_the_real_moves():
    result = replayed("@white T:13 6:1 7:1\n1. white 6-5 6-11 7-11\n")
    assert all(s.puissance for s in result.throws[0].play.steps)
    assert result.throws[0].after == board("white: T:13 11:2")


def test_tout_d_une_written_either_way():
    for moves in ("T-10", "T-4-10", "T-6-10"):
        assert positions(replayed(f"1. white 6-4 {moves}\n")) == [board("white: T:14 10:1")]


def test_tout_d_une_through_a_closed_resting_arrow_is_a_fausse_case():
    (d,) = replay_text("@black 6':2\n1. white 6-4 T-6-10\n", "t.tric").diagnostics
    assert d.rule == "rules.md §2 M3"


def test_the_replay_goes_on_after_a_fausse_case():
    """An illegal but possible play is applied as written and the next throws are checked from there."""
    text = "1. white 6-4 T-6\n2. black 6-4 T-6 T-4\n3. white 1-1 6-11'\n4. black 2-1 T-1\n"
    result = replay_text(text, "t.tric")
    assert [(d.line, d.rule) for d in result.diagnostics] == [
        (1, "rules.md §2 M5"), (3, "rules.md §2 M1"), (4, "rules.md §2 M5")]
    assert result.throws[0].after == board("white: T:14 6:1")
    assert result.throws[2].after.fields(WHITE) == {0: 14, 12: 1}  # on Black's coin, as written
    assert [t.ok for t in result.throws] == [False, True, False, False]


def test_a_lone_dame_on_the_coin_does_not_make_every_later_throw_an_error():
    text = "1. white 6-5 T-11\n2. black 6-4 T-6 T-4\n3. white 6-4 T-6 T-4\n4. black 6-4 T-6 T-4\n5. white 3-1 T-3 T-1\n"
    assert [d.line for d in replay_text(text, "t.tric").diagnostics] == [1]


def test_the_replay_reports_every_error_of_a_file():
    text = ("1. white 6-5 T-11\n"  # M7
            "2. black 7-2 T-2\n"  # impossible dice: the move is applied, the play cannot be judged
            "3. white 6-4 T-6\n"  # M5
            "4. black sonet T-6 T-6\n")  # unknown doublet
    result = replay_text(text, "t.tric")
    assert [d.line for d in result.errors] == [1, 2, 3, 4]


# --- turns, numbering, relevés ----------------------------------------------------------------------

def test_out_of_turn():
    assert errors("1. white 6-4 T-6 T-4\n2. white 6-4 T-6 T-4\n") == [
        (2, 1, "white throws out of turn: it is black's throw", "rules.md §3.10", None)]


def test_first_header_decides_who_begins():
    assert errors('[First "black"]\n1. white 6-4 T-6 T-4\n')[0][:3] == (
        2, 1, "white throws out of turn: it is black's throw")
    replayed('[First "black"]\n1. noir 6-4 T-6 T-4\n')


def test_throw_numbers_are_checked():
    assert errors("1. white 6-4 T-6 T-4\n3. black 6-4 T-6 T-4\n") == [
        (2, 1, "throw numbered 3 is throw 2 of this line", None, None)]


def test_going_re_piles_and_the_same_player_throws_again():
    text = "1. white 6-4 +4 hole go\n2. white 6-5 T-6 T-5\n3. black 6-4 T-6 T-4\n"
    result = replayed(text)
    assert result.throws[0].new_releve and result.throws[1].releve == 2
    assert result.throws[1].before == Position.initial()


def test_bearing_off_the_last_dame_ends_the_releve():
    text = "@white T:0 1':1 off:14\n1. white 2-1 1'-off\n2. white 6-4 T-6 T-4\n"
    result = replayed(text)
    assert result.throws[0].after.borne_off(WHITE) == 15 and result.throws[0].new_releve
    assert result.throws[1].before == Position.initial()


# --- starting positions --------------------------------------------------------------------------

def test_setup_puts_unlisted_dames_on_the_talon():
    result = replayed("@white 1:3 2:3 3:3 4:3\n@black off:2 11:2\n")
    assert result.initial == board("white: T:3 1:3 2:3 3:3 4:3 / black: T:11 11:2 off:2")


SETUP_ERRORS = [
    ("@white T:3 1:3 2:3 3:3 4:3 5:3\n", [(1, 2, "white has 18 dames in the starting position, not 15")]),
    ("@white T:3 1:3\n", [(1, 2, "white has 6 dames in the starting position, not 15")]),
    ("@white 6:-2\n", [(1, 8, "a negative count of dames: 6:-2")]),
    ("@white 11:1\n",
     [(1, 2, "impossible starting position: white has a single dame on his coin de repos (it needs two)")]),
    # the line that puts a dame where the other player's already stand
    ("@white 6:2\n@black 6':2\n",
     [(2, 2, "impossible starting position: white and black dames share an arrow (white track 6)")]),
    ("@white 6:2\n@white 7:2\n", [(2, 2, "the starting position of white is given twice"),
                                   (2, 2, "white has 17 dames in the starting position, not 15")]),
    ("@white 16:2\n", [(1, 8, "unknown arrow '16' in the per-player T,1..11 system (the mover's own arrows are T, "
                              "1..11; the opponent's are written with a prime: T', 1'..11')")]),
]


@pytest.mark.parametrize("text, expected", SETUP_ERRORS)
def test_setup_errors(text, expected):
    assert [e[:3] for e in errors(text)] == expected


# --- variations -------------------------------------------------------------------------------------

def test_variations_start_from_the_position_before_their_throw():
    text = ("1. white 6-4 T-6 T-4 (1. white 6-4 T-10 (1. white 6-4 T-4-10) 2. black 1-1 T-2)\n"
            "2. black 6-4 T-6 T-4\n")
    result = replayed(text)
    (line,) = result.throws[0].variations
    assert [t.after for t in line] == [board("white: T:14 10:1"), board("white: T:14 10:1 / black: T:14 2:1")]
    (inner,) = line[0].variations
    assert inner[0].after == board("white: T:14 10:1")
    assert result.throws[1].after == board("white: T:13 6:1 4:1 / black: T:13 6:1 4:1")


def test_errors_inside_variations_are_reported_at_their_place():
    text = "1. white 6-4 T-6 T-4 (1. white 6-4 T-11 (1. white 6-4 T-5 T-5))\n2. black 6-4 T-6 T-4 (2. black 6-4 T-12)\n"
    assert [(line, column) for line, column, *_ in errors(text)] == [(1, 36), (1, 55), (2, 38)]


def test_setup_problem_is_reported_on_the_line_of_its_player():
    assert [e[:2] for e in errors("@white 6:2\n@black 11:1\n")] == [(2, 2)]


def test_a_syntax_error_in_the_moves_is_not_also_a_fausse_case():
    assert [e[:2] for e in errors("1. white 6-4 T-6 T4\n")] == [(1, 18)]


@pytest.mark.parametrize("system", ["player", "soumille", "lepeintre", "trictrac-org", "absolute", "american"])
def test_every_suggested_arrow_exists(system):
    """Whatever the typo, the names a hint offers are arrows of the record's own system."""
    import re

    from trictrac_notation.core.coords import CoordError, get_system

    coords = get_system(system)
    for bad in ("0", "12", "13", "25", "99", "J", "U", "W", "j", "w", "z", "Z1", "B0", "B13", "N13", "T''", "X'", "of"):
        try:
            coords.parse(bad, WHITE)
        except CoordError as e:
            for name in re.findall(r"'([^']+'?)'|\"([^\"]+)\"", e.suggestion or ""):
                suggested = name[0] or name[1]
                coords.parse(suggested, WHITE)  # raises if the hint offers a name that does not exist
