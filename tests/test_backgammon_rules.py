"""Backgammon's legal plays, rule by rule of the federation's rules (shared/seeds/002), on positions drawn as text
(the record's setup lines: each player's points in his own frame), and properties of random positions."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from trictrac_notation.core.board import BLACK, COLORS, WHITE, other
from trictrac_notation.core.diagnostics import Reporter
from trictrac_notation.games.backgammon.game import initial_position
from trictrac_notation.games.backgammon.play import (
    BEAR_OFF_RULE,
    ENTER_RULE,
    LEGAL_RULE,
    MOVE_RULE,
    WHOLE_COUNT_RULE,
    explain,
    legal_plays,
    pip_count,
    quick_play,
)
from trictrac_notation.games.backgammon.playtext import parse_play
from trictrac_notation.games.backgammon.rules import BACKGAMMON, GAMMON, SINGLE, game_kind, load, sound
from trictrac_notation.notation.reader import parse

FFBG = load("ffbg")
GUITON = load("guiton-1822-backgammon")


def position(drawing: str, rules=FFBG):
    """A position from setup lines: ``@white 6:5 5:4 off:6``, ``@black 24:2 bar:1`` (points in each player's
    own frame; a player not drawn stands on the layout)."""
    record, diags = parse('[Game "backgammon"]\n' + "\n".join(line.strip() for line in drawing.strip().splitlines())
                          + "\n")
    assert not diags
    r = Reporter("<test>")
    pos = initial_position(record, rules, r)
    assert not r.items, [d.format() for d in r.items]
    return pos


def plays(pos, dice, rules=FFBG, side=WHITE) -> set:
    """The legal plays as sets of (from, to) moves, e.g. {((24, 18), (13, 11)), ...}."""
    return {tuple(sorted((m.src, m.dst) for m in p.moves)) for p in legal_plays(pos, side, dice, rules.moves)}


def P(*texts: str) -> set:
    return {tuple(sorted((m.src, m.dst) for m in parse_play(t))) for t in texts}


OPENING = FFBG.initial()

# Seed 002, 'La rentrée': white (the seed's Bleu) has two dames on the bar; black holds white's 19 and 20 (his own
# 6 and 5 points), so a 6 or a 5 cannot enter.
ENTERING = """
@white bar:2 13:5 8:3 6:5
@black 6:5 5:3 13:5 8:2
"""
CLOSED = """
@white bar:1 13:5 8:4 6:5
@black 6:3 5:3 4:2 3:2 2:2 1:3
"""
# Seed 002, 'La sortie des pions': four dames on 5, two on 3, two on 2, seven off.
BEARING = """
@white 5:4 3:2 2:2 off:7
@black 6:5 5:5 4:5
"""
# Seed 002, 'Les coups légaux': one dame on 16; black holds white's 7, 12 and 13; the rest cannot move.
HIGHER = """
@white 16:1 2:7 1:7
@black 18:2 13:2 12:2 6:9
"""
# Either number can be played, not both: the single dame runs into black's point on 13 whichever goes first.
EITHER = """
@white 24:1 2:7 1:7
@black 12:2 3:13
"""
# Guiton 1822 backgammon ch. II, second example (modified): dames on 1, 2, 3 and one on 6; 6-3.
GUITON_SECOND = """
@white 6:1 3:2 2:2 1:2 off:8
@black 6:5 5:5 4:5
"""
BLOTS = """
@white 24:2 13:5 8:3 6:5
@black 24:2 13:4 8:3 6:4 16:1 20:1
"""

CASES = [
    # (what the seed says, position, dice, the legal plays expected: all of them, or '>=' some of them)
    ("6-2 from the start: 24/18 13/11 and 24/16 are legal", OPENING, (6, 2), ">=", P("24/18 13/11", "24/16")),
    ("a doublet is played four times: 3-3 24/18 13/10(2)", OPENING, (3, 3), ">=", P("24/18 13/10(2)", "24/18(2)")),
    ("6-6 from the start: four 6s; 18/12 and 7/1 are closed", OPENING, (6, 6), ">=",
     P("24/18(2) 13/7(2)", "24/18(2) 13/7 8/2", "24/18 13/7(3)", "13/7(2) 8/2(2)", "13/7 8/2(3)")),
    ("6-6, 6-5, 5-5: no dame can enter against 19 and 20: the turn is lost", position(ENTERING), (6, 6), "==", {()}),
    ("6-5 cannot enter either", position(ENTERING), (6, 5), "==", {()}),
    ("5-5 cannot enter either", position(ENTERING), (5, 5), "==", {()}),
    ("6-4: only the 4 enters, bar/21; the 6 is lost", position(ENTERING), (6, 4), "==", P("bar/21")),
    ("5-4: only the 4 enters, bar/21", position(ENTERING), (5, 4), "==", P("bar/21")),
    ("4-3: both enter, bar/21 bar/22 (forced)", position(ENTERING), (4, 3), "==", P("bar/21 bar/22")),
    ("4-4: both enter on 21, then two more 4s", position(ENTERING), (4, 4), ">=", P("bar/21(2) 13/9(2)")),
    ("against a closed home table nothing enters", position(CLOSED), (6, 1), "==", {()}),
    ("5-5 bears four dames off the 5 (forced)", position(BEARING), (5, 5), "==", P("5/off(4)")),
    ("5-4: 5/off, then no dame on 4 so the 4 is played 5/1 (forced)", position(BEARING), (5, 4), "==",
     P("5/off 5/1")),
    ("6-3: no dame on 6, so the 6 bears off from 5; the 3 bears off or plays 5/2", position(BEARING), (6, 3), "==",
     P("5/off 3/off", "5/off 5/2")),
    ("5-4 with black's point on 7: only the 5 can be played, 16/11", position(HIGHER), (5, 4), "==", P("16/11")),
    ("6-3 likewise: only the 6, 16/10", position(HIGHER), (6, 3), "==", P("16/10")),
    ("either number but not both: the higher must be played", position(EITHER), (6, 5), "==", P("24/18")),
    ("a hit on the way or at the end: 13/9* 13/8 and 13/4 (via 9 or 8)", position(BLOTS), (5, 4), ">=",
     P("13/9 13/8", "13/4", "24/20 13/8")),
]


@pytest.mark.parametrize("what, pos, dice, how, expected", CASES, ids=[c[0] for c in CASES])
def test_legal_plays_of_seed_002(what, pos, dice, how, expected):
    found = plays(pos, dice)
    if how == "==":
        assert found == expected
    else:
        assert expected <= found


def test_doublets_use_four_numbers_and_two_dice_two():
    assert {len(p.dice) for p in legal_plays(OPENING, WHITE, (1, 1))} == {4}
    assert {len(p.dice) for p in legal_plays(OPENING, WHITE, (6, 2))} == {2}
    assert len(plays(OPENING, (6, 2))) == 14  # 6: 24/18 13/7 8/2; 2: 24/22 13/11 8/6 6/4; and 24/16, 13/5
    assert len(plays(OPENING, (6, 6))) == 11  # a + b + c = 4 with 24/18 at most 2, 13/7 4, 8/2 3


def test_a_hit_sends_the_dame_to_the_bar():
    pos = position(BLOTS)
    (hit,) = [p for p in legal_plays(pos, WHITE, (5, 4)) if {(m.src, m.dst) for m in p.moves} == {(13, 9), (13, 8)}]
    assert [m.hits for m in hit.moves if m.dst == 9] == [(9,)]
    assert (hit.after.on_bar(BLACK), hit.after.on_bar(WHITE), hit.after.count(BLACK, 24 - 16)) == (1, 0, 0)


def test_guiton_owes_the_whole_count_at_the_bear_off():
    """Guiton 1822 backgammon ch. II: the English play 6-3 as 6/3, then bear the same dame off by excess
    (6 points played of 9, to leave no blot); in France the whole count is owed: 6/off 3/off."""
    pos = position(GUITON_SECOND)
    assert P("6/off", "6/off 3/off") <= plays(pos, (6, 3), FFBG)
    assert plays(pos, (6, 3), GUITON) == P("6/off 3/off")
    legal = legal_plays(pos, WHITE, (6, 3), GUITON.moves)
    assert explain(pos, WHITE, (6, 3), parse_play("6/off"), legal, GUITON.moves)[0] == WHOLE_COUNT_RULE


EXPLAIN = [
    # (position, dice, written play, rule cited, words of the reason)
    (ENTERING, (4, 4), "bar/21 13/9(3)", ENTER_RULE, "2 dames on the bar: they enter before any other dame moves"),
    (ENTERING, (4, 3), "13/9 13/10", ENTER_RULE, "on the bar"),
    (CLOSED, (6, 1), "bar/19", MOVE_RULE, "point 19 is held by 3 of black's dames"),
    (BEARING, (6, 3), "3/off 2/off", BEAR_OFF_RULE, "no dame stands on a higher point (one is on 5)"),
    (HIGHER, (5, 4), "16/12", MOVE_RULE, "point 12 is held by 2 of black's dames"),
    (HIGHER, (5, 4), "", LEGAL_RULE, "it must be the higher"),
    (EITHER, (6, 5), "24/19", LEGAL_RULE, "only one number can be played: it must be the higher"),
    ("@white 24:2 13:5 8:3 6:5", (6, 2), "24/18", LEGAL_RULE, "both numbers can be played, so both must be"),
    ("@white 24:2 13:5 8:3 6:5", (6, 2), "24/20 13/9", MOVE_RULE, "the distance is not a number of the throw 6-2"),
    ("@white 24:2 13:5 8:3 6:5", (6, 2), "24/18 13/7", LEGAL_RULE, "do not fit the dice 6-2"),
    ("@white 24:2 13:5 8:3 6:5", (3, 3), "13/10(2)", LEGAL_RULE, "can be played 4 times"),
    ("@white 8:1 5:10 off:4\n@black 6:5 5:5 4:5", (3, 1), "5/off", BEAR_OFF_RULE, "still outside his home table"),
]


@pytest.mark.parametrize("drawing, dice, written, rule, words", EXPLAIN)
def test_why_a_play_is_illegal(drawing, dice, written, rule, words):
    pos = drawing if not isinstance(drawing, str) else position(drawing)
    moves = parse_play(written)
    legal = legal_plays(pos, WHITE, dice)
    assert tuple(sorted((m.src, m.dst) for m in moves)) not in {tuple(sorted((m.src, m.dst) for m in p.moves))
                                                                 for p in legal}
    got_rule, why = explain(pos, WHITE, dice, moves, legal)
    assert (got_rule, words in why) == (rule, True), why


KINDS = [
    ("@white off:15\n@black 1:2 2:3 off:10", SINGLE),
    ("@white off:15\n@black 6:15", GAMMON),
    ("@white off:15\n@black 6:14 24:1", BACKGAMMON),  # black's 24 is white's 1: in the winner's home
    ("@white off:15\n@black 6:14 bar:1", BACKGAMMON),
    ("@white off:15\n@black 6:14 18:1", GAMMON),
]


@pytest.mark.parametrize("drawing, kind", KINDS)
def test_single_gammon_backgammon(drawing, kind):
    assert game_kind(position(drawing), WHITE, BLACK) == kind


# --- properties --------------------------------------------------------------------------------------------------

def random_position(rng: random.Random, rules=FFBG, throws: int = 40):
    pos, side = rules.initial(), rng.choice(COLORS)
    for _ in range(rng.randint(0, throws)):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        pos = rng.choice(legal_plays(pos, side, dice, rules.moves)).after
        if pos.borne_off(side) == rules.moves.dames:
            break
        side = other(side)
    return pos, side


SEEDS = st.integers(0, 10**6)
RULES = st.sampled_from(["ffbg", "hypergammon", "nackgammon", "acey-deucey", "guiton-1822-backgammon"])


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, rules_id=RULES)
def test_dames_are_kept_and_pips_fall_by_the_dice_played(seed, rules_id):
    rules = load(rules_id)
    rng = random.Random(seed)
    pos, side = random_position(rng, rules)
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    for play in legal_plays(pos, side, dice, rules.moves):
        assert all(play.after.total(c) == rules.moves.dames for c in COLORS)
        assert not sound(play.after, rules)
        # the mover's pips fall by the points he played (a dame borne off by excess counts its point only)
        assert pip_count(pos, side) - pip_count(play.after, side) == play.pips
        assert play.pips <= sum(play.dice)
        # a dame hit on the mover's point h stood on the opponent's 25 - h: it goes back to his bar, 25
        hits = [s.dst for s in play.hops if s.hit]
        assert pip_count(play.after, other(side)) - pip_count(pos, other(side)) == sum(hits)


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS)
def test_the_quick_check_agrees_with_the_list_of_legal_plays(seed):
    rng = random.Random(seed)
    pos, side = random_position(rng)
    dice = (rng.randint(1, 6), rng.randint(1, 6))
    for play in legal_plays(pos, side, dice):
        quick, _ = quick_play(pos, side, dice, play.moves)
        if quick is not None:
            assert quick.after == play.after


def test_random_games_end():
    """Every game of random legal plays ends, with all of one player's dames borne off."""
    for rules_id in ("ffbg", "hypergammon", "acey-deucey"):
        rules = load(rules_id)
        for seed in range(5):
            rng = random.Random(seed)
            pos, side = random_position(rng, rules, throws=10**4)
            assert any(pos.borne_off(c) == rules.moves.dames for c in COLORS)


def test_the_family_page_prints_the_matrix_of_the_rule_sets_as_the_files_say():
    from pathlib import Path

    from trictrac_notation.games.backgammon.rules import comparison_markdown

    page = (Path(__file__).parent.parent / "site_src" / "family" / "backgammon-rule-sets.md").read_text("utf-8")
    block = page.split("comparison_markdown() -->\n")[1].split("<!-- end of the matrix -->")[0]
    assert block == comparison_markdown()
    assert "| backgammon | 3 | 2 | 3 | 3 | 3 |" in block  # Guiton: no triple game
