"""The Game protocol: a record's game chosen by its ``Game`` header, trictrac by default, an unknown one an
error at the header that lists the games the engine knows."""

from __future__ import annotations

import pytest

from trictrac_notation.engine.game import KNOWN_GAMES, UnknownGame, game_named
from trictrac_notation.engine.replay import replay_text

OPENING = "1. white 6-4 T-6 T-4\n2. black 5-3 T-5 T-3\n"


@pytest.mark.parametrize("header", ["", '[Game "trictrac"]\n', '[Game "Trictrac"]\n'])
def test_trictrac_is_the_default_game_and_may_be_named(header):
    plain = replay_text(OPENING, "t.tric")
    named = replay_text(header + OPENING, "t.tric")
    assert not named.diagnostics, [d.headline() for d in named.diagnostics]
    assert named.game is game_named("trictrac") and named.game.name == "trictrac"
    assert [t.after for t in named.throws] == [t.after for t in plain.throws]


def test_an_unknown_game_is_an_error_at_its_header_naming_the_known_games():
    result = replay_text('[Title "x"]\n[Game "chequers"]\n' + OPENING, "t.tric")
    [d] = result.errors
    assert (d.path, d.line, d.column, d.code) == ("t.tric", 2, 2, "bad-header")  # at the tag
    assert d.message == "unknown game 'chequers'; known games: " + ", ".join(sorted(KNOWN_GAMES))
    assert "trictrac" in d.hint
    # the replay goes on as trictrac: the opening is replayed
    assert result.throws[1].after is not None and result.throws[1].ok


def test_game_named_rejects_an_unknown_name():
    with pytest.raises(UnknownGame, match="known games: .*trictrac"):
        game_named("go")


def test_the_game_lists_an_illegal_plays_alternatives_in_the_records_notation():
    result = replay_text("1. white 6-4 T-7 T-5\n", "t.tric")  # 6-4 played as 7 and 5 from the talon
    [d] = result.errors
    assert d.code == "illegal-play" and d.notes[0].startswith("legal plays of 6-4: ")
    assert "T-6 T-4" in d.notes[0]


# --- the front door: open_game ------------------------------------------------------------------

RECORD = "site_src/games/jollyvet-rencontre.tric"


def test_open_game_is_parse_rules_and_replay_in_one_call():
    from trictrac_notation import open_game
    from trictrac_notation.engine.opengame import replay_setup
    from trictrac_notation.engine.replay import replay
    from trictrac_notation.notation.reader import read

    record, diags, text = read(RECORD)
    options, more = replay_setup(None, record)
    by_hand = replay(record, **options, parse_diagnostics=diags + more)
    opened = open_game(RECORD)
    assert opened.text == text and opened.record == record
    assert [t.after for t in opened.replay.throws] == [t.after for t in by_hand.throws]
    assert opened.replay.final.to_json() == by_hand.final.to_json()
    assert opened.diagnostics == by_hand.diagnostics and opened.scorer is not None


def test_open_game_takes_a_records_text_and_names_its_diagnostics():
    from trictrac_notation import open_game

    opened = open_game("1. white 6-4 T-7 T-5", path="mine.tric")  # one line with spaces: a text
    [d] = opened.errors
    assert (d.path, d.line, d.column, d.code) == ("mine.tric", 1, 14, "illegal-play")  # at the moves
    assert opened.scorer is None  # no Rules header: the movement only


def test_open_game_reports_an_unreadable_file_and_raises_on_a_bad_rule_set():
    from trictrac_notation import open_game
    from trictrac_notation.rules.rulesets import RulesError

    missing = open_game("no-such-record.tric")
    assert missing.replay is None and [d.message for d in missing.errors] == ["no such file"]
    with pytest.raises(RulesError, match="guiton-1823"):
        open_game(RECORD, "guiton-1823")


def test_every_error_of_the_package_has_one_base():
    from trictrac_notation import errors

    for name, module in errors.WHERE.items():
        error = getattr(errors, name)
        assert issubclass(error, errors.TrictracError) and error.__module__ == f"trictrac_notation.{module}", name
    with pytest.raises(errors.TrictracError, match="known games"):
        game_named("nard")


def test_a_negative_count_of_holes_in_a_partie_a_ecrire_setup_is_an_error_not_a_traceback():
    result = replay_text('[Rules "guiton-1822"]\n[Partie "a-ecrire"]\n@white holes:-1\n1. white 6-4 T-6 T-4\n',
                         "t.tric")
    from trictrac_notation.engine.opengame import open_game

    opened = open_game('[Rules "guiton-1822"]\n[Partie "a-ecrire"]\n@white holes:-1\n1. white 6-4 T-6 T-4\n',
                       path="t.tric", kind="text")
    [d] = opened.errors
    assert (d.line, d.code, d.message) == (
        3, "bad-setup", "holes:-1: a player holds no negative number of holes (a partie à écrire counts them "
                        "without a limit)")
    assert not result.errors  # without a scorer nothing reads the holes
