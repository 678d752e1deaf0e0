"""Legal plays, table-driven: positions drawn as text, full legal-play sets asserted.

Each row cites the rule of /work/shared/domain/rules.md it exercises (§2 M1–M13,
§3.5 pleins, §3.8 sortie) or the worked example of §5 it comes from.  Expected
sets were derived by hand from the rule (the reasoning is in the comment when it
is not obvious), never copied from the engine's output.  Arrows are named from
the mover's side: T, 1..11 his own, T', 1'..11' the opponent's (conftest.board).
"""

from __future__ import annotations

import pytest
from conftest import PLAYER, after, assert_plays, board, can_play, legal, play_text

from trictrac_notation.core.board import BLACK, WHITE
from trictrac_notation.games.trictrac.moves import MoveRules, Step, explain_play, plein

SLOW = MoveRules(sortie="slow")
ALL_DICE = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]

# Black fills White's petit jan with threes and has nothing else: White may then stop anywhere in
# Black's half (Black can fill neither of his jans, M12 stage 3) but not on his own arrows 1..5.
BLACK_IN_WHITE_PETIT_JAN = "black: 1':3 2':3 3':3 4':3 5':3"
# Both players in their jan de retour: the bearing-off tables.
BLACK_HOME = "black: T:0 1':3 2':3 3':3 4':3 5':3"


# --- the drawing helper itself (a wrong helper would make every table lie) ------------------------

def test_board_reads_the_notation_cheat_sheet_example():
    p = board("white: T:3 1:3 2:3 3:3 4:3 / black: T:15")
    assert p.white[:6] == (3, 3, 3, 3, 3, 0) and p.total(WHITE) == 15
    assert p.black[0] == 15


def test_board_sends_unlisted_dames_to_the_talon_and_reads_primes_from_the_other_side():
    p = board("black: 11:2 4':3")
    assert p.count(BLACK, 11) == 2
    assert p.count(BLACK, 19) == 3  # White's arrow 4 is Black's track 23 - 4 (rules.md §1.1)
    assert p.opponent_count(WHITE, 4) == 3
    assert p.count(BLACK, 0) == 10 and p.count(WHITE, 0) == 15


@pytest.mark.parametrize("drawing", [
    "white: T:3 1:3",  # T given: only 6 dames
    "white: 11:1",  # a single dame on the coin
    "white: 6:2 / black: 6':2",  # both on White's arrow 6
])
def test_board_refuses_impossible_drawings(drawing):
    with pytest.raises(AssertionError):
        board(drawing)


def test_after_replays_the_text_of_every_legal_play():
    p = board("white: T:13 6:1 7:1")
    for play in legal(p, WHITE, (6, 5)):
        assert after(p, WHITE, play_text(play, WHITE)) == play.result


# --- the table ------------------------------------------------------------------------------------

PLAYS = [
    # M1: each die moves one dame, or one dame plays both (tout d'une); T-6 T-4 and T-10 are all.
    pytest.param("white: T:15", WHITE, (6, 4), {"T-6 T-4", "T-10"}, id="M1-opening-6-4"),
    # M7: T-11 would put a single dame on the coin; the coin par puissance needs dames on 6 and 7.
    pytest.param("white: T:15", WHITE, (6, 5), {"T-6 T-5"}, id="M7-opening-6-5-no-single-dame-on-coin"),
    # M4 + M10: sonnez is two dames by 6, or one by 12 — which would land on Black's coin.
    pytest.param("white: T:15", WHITE, (6, 6), {"T-6 T-6"}, id="M4-M10-opening-sonnez"),
    # M4: bezet: two dames by 1 or one dame by 2 — never four moves.
    pytest.param("white: T:15", WHITE, (1, 1), {"T-1 T-1", "T-2"}, id="M4-opening-bezet"),
    # M2: one opposing dame on 4 and two on 2 forbid stopping there; the dames on 6 move both numbers.
    pytest.param("white: T:13 6:2 / black: 4':1 2':2", WHITE, (4, 2), {"6-10 6-8"},
                 id="M2-single-opponent-dame-blocks"),
    # M3 + M5: 6 closed, 4 open: the tout d'une through 4 is the only way to play both numbers.
    pytest.param("white: T:15 / black: 6':2", WHITE, (6, 4), {"T-10"}, id="M3-tout-d-une-one-repos-open"),
    # M3/M13: a single opposing dame closes a repos for passing: nothing can be played.
    pytest.param("white: T:15 / black: 6':2 4':1", WHITE, (6, 4), {"-"}, id="M13-both-repos-closed"),
    # M3 doublet: the only repos is at d.
    pytest.param("white: T:15 / black: 5':2", WHITE, (5, 5), {"-"}, id="M3-doublet-repos-closed"),
    pytest.param("white: T:15 / black: 10':2", WHITE, (5, 5), {"T-5 T-5"}, id="M3-doublet-arrival-closed"),
    # M3: an empty own coin serves as repos (5-11-9'); 8 is closed; T-9 rests on 6.
    pytest.param("white: T:14 5:1 / black: 11:2 8':2 1':2 2':3 3':3 4':3", WHITE, (6, 3), {"5-9'", "T-9"},
                 id="M3-own-empty-coin-as-repos"),
    # M3 + M10: the opponent's empty coin serves as repos (9 via 11' to 6'), though no dame may stop there.
    pytest.param("white: T:14 9:1 / black: 9:2 1':2 2':2 3':3 4':3 5':3", WHITE, (5, 3), {"9-6'"},
                 id="M3-opponent-empty-coin-as-repos"),
    pytest.param("white: T:14 9:1 / black: 9:2 11:2 1':2 2':2 3':2 4':2 5':3", WHITE, (5, 3), {"-"},
                 id="M3-opponent-held-coin-closes-the-repos"),
    # M7: the coin is taken by two dames at once (5-11 6-11), never by one.
    pytest.param("white: T:13 5:1 6:1", WHITE, (6, 5), {"5-11 6-11", "T-6 T-5", "T-6 5-10"}, id="M7-coin-par-effet"),
    # M7: once held, one surcase may be added (7-11 T-1); 11-15 would stop in Black's grand jan (M12).
    pytest.param("white: T:12 7:1 11:2", WHITE, (4, 1), {"T-4 T-1", "T-5", "T-4 7-8", "7-11 T-1"},
                 id="M7-surcase-added-alone"),
    # M7: the coin is left by its last two dames together ...
    pytest.param("white: T:13 11:2 / " + BLACK_IN_WHITE_PETIT_JAN, WHITE, (3, 2), {"11-9' 11-10'"},
                 id="M7-coin-left-by-its-last-two"),
    # ... while a third (surcase) leaves alone; both leaving singly would strand one dame.
    pytest.param("white: T:12 11:3 / " + BLACK_IN_WHITE_PETIT_JAN, WHITE, (3, 2), {"11-7'"},
                 id="M7-surcase-leaves-alone"),
    # M8: par puissance with 6-5 from 6 and 7 (each number one less), both coins empty.
    pytest.param("white: T:13 6:1 7:1", WHITE, (6, 5), {"6-11 7-11", "T-6 T-5"}, id="M8-coin-par-puissance"),
    # M8: forbidden when the opponent holds his coin ...
    pytest.param("white: T:13 6:1 7:1 / black: 11:2", WHITE, (6, 5), {"T-6 T-5"},
                 id="M8-puissance-opponent-holds-coin"),
    # ... and when the coin can be taken par effet (from 5 and 6).
    pytest.param("white: T:12 5:1 6:1 7:1", WHITE, (6, 5), {"5-11 6-11", "T-6 T-5", "T-6 5-10"},
                 id="M8-puissance-not-when-effet"),
    # M8 with a doublet (E25's opening: "took his coin par puissance with sonnez, dames from a6").
    pytest.param("white: T:13 6:2", WHITE, (6, 6), {"6-11 6-11", "T-6 T-6"}, id="M8-puissance-sonnez-E25"),
    # M9: surcases never par puissance: 6-11 7-11 is gone; a surcase par effet (T-11) remains.
    pytest.param("white: T:11 6:1 7:1 11:2", WHITE, (6, 5), {"T-6 T-5", "T-11"}, id="M9-no-surcase-par-puissance"),
    # M10 + M12 stage 3: 6-12 never, but 6 tout d'une through the empty 11' to 10'.
    pytest.param("white: T:14 6:1 / " + BLACK_IN_WHITE_PETIT_JAN, WHITE, (6, 1), {"T-7", "6-10'"},
                 id="M10-never-on-opponent-coin"),
    # M12 stage 1: Black can still fill everything: no stop on 10' (10+3) or 9' (10+4, 11+3).
    pytest.param("white: T:11 10:2 11:2", WHITE, (4, 3), {"T-4 T-3", "T-7"}, id="M12-stage-1"),
    # M5: 6 alone (3-9) or 1 alone (3-4) but not both (10 is held by Black, coin dames blocked): the higher.
    pytest.param("white: 11:14 3:1 / black: 6:2 7:2 8:2 9:2 10:2 11:2 10':2 T:1", WHITE, (6, 1), {"3-9"},
                 id="M5-else-the-higher"),
    # §3.5 filling compulsory (E9, LLF52 §53): only T-5 1-5 fills the petit jan with 5-4.
    pytest.param("white: T:3 1:3 2:3 3:3 4:3", WHITE, (5, 4), {"T-5 1-5"}, id="P1-filling-compulsory-E9"),
    # §3.5 keeping compulsory: the 2-1 must be played by the surplus dames on 6.
    pytest.param("white: T:2 1:2 2:2 3:2 4:2 5:2 6:3", WHITE, (2, 1), {"6-8 6-7", "6-9"}, id="P1-keeping-compulsory"),
    # E15 (LEP18 rule 60, fig. 31): 4-2 fills the grand jan by the 2 from 5 or the 6 tout d'une from 1.
    pytest.param("white: T:2 1:1 5:1 6:2 7:1 8:2 9:2 10:2 11:2", WHITE, (4, 2), {"5-7 T-4", "1-7"},
                 id="P1-E15-two-ways-to-fill"),
    # §3.8 sortants: 6 from 5' and 5 from 4' reach the band exactly; or 5 inside (5'-T').
    pytest.param("white: T:0 5':3 4':3 3':3 2':3 1':3 / " + BLACK_HOME, WHITE, (6, 5),
                 {"5'-off 4'-off", "5'-off 5'-T'"}, id="S-sortants"),
    # §3.8 excédants bear off the farthest dame only ...
    pytest.param("white: T:0 3':5 2':5 1':5 / " + BLACK_HOME, WHITE, (6, 5), {"3'-off 3'-off"},
                 id="S2-excedant-farthest"),
    # ... which changes once the farthest is gone.
    pytest.param("white: T:0 3':1 2':5 1':9 / " + BLACK_HOME, WHITE, (6, 5), {"3'-off 2'-off"},
                 id="S2-excedant-next-farthest"),
    # §3.8 défaillants: two aces from 1' bear one dame off tout d'une, or move two dames inside.
    pytest.param("white: T:0 1':15 / " + BLACK_HOME, WHITE, (1, 1), {"1'-T' 1'-T'", "1'-off"},
                 id="S-defaillants-tout-d-une"),
    # §3.8 all fifteen home: the 1 brings the last dame in, the 6 bears one off (or both inside).
    pytest.param("white: T:0 5':14 6':1 / " + BLACK_HOME, WHITE, (6, 1), {"6'-5' 5'-off", "6'-T' 5'-4'"},
                 id="S1-one-number-brings-the-last-in"),
    # §3.8 Parisian vs slow sortie (§4 D11): with ternes the slow method forbids 2'-off while 3'-T' is playable.
    pytest.param("white: T:0 3':1 2':14 / " + BLACK_HOME, WHITE, (3, 3), {"3'-T' 2'-off", "2'-off 2'-off"},
                 id="S-parisian"),
]


@pytest.mark.parametrize("drawing, color, dice, expected", PLAYS)
def test_legal_plays(drawing, color, dice, expected):
    assert_plays(board(drawing), color, dice, expected)


def test_slow_sortie_bears_off_only_what_cannot_be_played_inside():
    """rules.md §3.8 / §4 D11 (slow 'provincial' method): compare with the S-parisian row."""
    assert_plays(board("white: T:0 3':1 2':14 / " + BLACK_HOME), WHITE, (3, 3), {"3'-T' 2'-off"}, rules=SLOW)


def test_puissance_is_flagged_on_its_steps():
    """M8: the coin par puissance is described as such (each step one less than its number)."""
    plays = legal(board("white: T:13 6:1 7:1"), WHITE, (6, 5))
    (coin,) = [p for p in plays if p.row_after[11] == 2]
    assert {(s.src, s.dst, s.puissance) for s in coin.steps} == {(6, 11, True), (7, 11, True)}


def test_tout_d_une_is_described_with_its_resting_arrow():
    plays = legal(board("white: T:15 / black: 6':2"), WHITE, (6, 4))
    (play,) = plays
    assert play.steps == (Step(0, 10, via=4),) and play.tout_d_une


# --- unplayed numbers (impuissance, M5/M6) -------------------------------------------------------

UNPLAYED = [
    pytest.param("white: T:15 / black: 6':2 4':1", WHITE, (6, 4), (6, 4), id="nothing-playable"),
    pytest.param("white: T:15 / black: 5':2", WHITE, (5, 5), (5, 5), id="doublet-nothing-playable"),
    pytest.param("white: 11:14 3:1 / black: 6:2 7:2 8:2 9:2 10:2 11:2 10':2 T:1", WHITE, (6, 1), (1,),
                 id="lower-unplayed"),
    pytest.param("white: T:15", WHITE, (6, 4), (), id="all-played"),
]


@pytest.mark.parametrize("drawing, color, dice, unplayed", UNPLAYED)
def test_unplayed_numbers(drawing, color, dice, unplayed):
    plays = legal(board(drawing), color, dice)
    assert {p.unplayed for p in plays} == {unplayed}
    assert {p.dice_used for p in plays} == {2 - len(unplayed)}


# --- the worked examples of rules.md §5 about movement --------------------------------------------

E16 = "white: 6:3 7:3 8:3 9:2 10:2 11:2 / black: 6:2 7:2 8:2 9:3 10:3 11:3"


def test_E16_white_keeps_by_impuissance_the_six_unplayable():
    """E16 (LEP18 §IV fig. 10): White 6-5 plays the 5 from 6 to his coin; no 6 can be played."""
    (play,) = assert_plays(board(E16), WHITE, (6, 5), {"6-11"})
    assert play.unplayed == (6,)
    assert plein(play.row_after, "grand-jan")


def test_E16_then_black_keeps_by_impuissance():
    """E16 continued: Black 6-2 keeps (the 2 from 9 to his coin), the 6 unplayable."""
    position = after(board(E16), WHITE, "6-11")
    (play,) = assert_plays(position, BLACK, (6, 2), {"9-11"})
    assert play.unplayed == (6,)
    assert plein(play.row_after, "grand-jan")


def test_E17_sonnez_moves_nothing():
    """E17 (LEP18 rule 63, fig. 27): White 6-6 moves nothing ('he moves nothing').

    decided: the figure draws 13 White and 11 Black dames; the missing ones are put on the
    owners' coins as surcases, where they neither move with a 6 nor open a repos.
    """
    p = board("white: 6:2 7:2 8:2 9:2 10:2 11:5 / black: 6:1 7:1 8:2 9:2 10:2 11:7")
    (play,) = assert_plays(p, WHITE, (6, 6), {"-"})
    assert play.unplayed == (6, 6)


def test_E18_no_six_while_black_can_fill_his_grand_jan():
    """E18 (LLF52 §197, fig. 20): no six playable — Black's a6 is empty but he can still fill (M12),
    and the 12 from 11 through it lands on Black's talon dame."""
    p = board("white: 6:2 7:2 8:3 9:3 10:3 11:2 / black: T:1 3:2 4:1 5:1 7:2 8:2 9:2 10:2 11:2")
    (play,) = assert_plays(p, WHITE, (6, 6), {"-"})
    assert play.unplayed == (6, 6)


E19 = "black: 5:1 6:3 7:2 8:2 9:2 10:3 11:2 / white: T:3 4:1 5:2 6:3 7:2 10:2 11:2"


def test_E19_forced_rupture():
    """E19 (CHA fig. 2): Black sonnez: the only complete plays run one dame tout d'une across the
    empty White 9 (or 8) into White's petit jan, breaking the grand jan — M5 outranks keeping."""
    plays = assert_plays(board(E19), BLACK, (6, 6), {"8-3'", "9-2'"})
    assert all(p.tout_d_une and not plein(p.row_after, "grand-jan") for p in plays)
    assert {p.steps[0].via for p in plays} == {23 - 9, 23 - 8}  # resting on White's 9 or 8


def test_E19_keeping_alone_is_not_enough():
    """E19: 5-11 keeps the plein but plays one six of two: illegal (M5)."""
    assert not can_play(board(E19), BLACK, (6, 6), "5-11")


E20 = "black: T':2 1':2 2':2 3':2 4':3 5':2 11:2 / white: T':8 1':2 2':1 3':2 5':2"


def test_E20_black_6_1_keeps_with_the_surcase():
    """E20 (CHA fig. 3): Black 6-1 keeps by playing the 1 with the surcase on White 4; the 6 cannot be
    played (the coin pair cannot split, no bearing off while the coin is out)."""
    (play,) = assert_plays(board(E20), BLACK, (6, 1), {"4'-3'"})
    assert play.unplayed == (6,)
    assert plein(play.row_after, "retour")


def test_E20_black_5_1_must_break():
    """E20: Black 5-1 must break: the 5 from White 5 to White's talon, then any 1."""
    expected = {"5'-T' " + one for one in ("1'-T'", "2'-1'", "3'-2'", "4'-3'", "5'-4'")}
    plays = assert_plays(board(E20), BLACK, (5, 1), expected)
    assert not any(plein(p.row_after, "retour") for p in plays)


def test_E20_white_quines_plays_inside():
    """E20: White 5-5 cannot bear off (nothing exactly 5 from the band, 5' is the farthest) → both 5s inside."""
    (play,) = assert_plays(board(E20), WHITE, (5, 5), {"5'-T' 5'-T'"})
    assert play.result.borne_off(WHITE) == 0


# --- which throws fill (the plein obligation decides the legal plays) ------------------------------

def filling_throws(drawing: str, color: str, quadrant: str) -> set[str]:
    """The throws whose legal plays all fill ``quadrant``; asserts that a throw never half-fills
    (filling is compulsory, §3.5: if one legal play fills, every legal play does)."""
    p = board(drawing)
    out = set()
    for dice in ALL_DICE:
        fills = [plein(play.row_after, quadrant) for play in legal(p, color, dice)]
        assert all(fills) or not any(fills), f"{dice}: filling is compulsory, yet some plays do not fill"
        if all(fills):
            out.add(f"{dice[0]}-{dice[1]}")
    return out


def test_E9_a_whole_case_missing():
    """E9 (LLF52 §53, fig. 6): every simple throw with a 5 or two of 1..4 fills; no doublet does."""
    assert filling_throws("white: T:3 1:3 2:3 3:3 4:3", WHITE, "petit-jan") == {
        "5-4", "5-3", "5-2", "5-1", "4-3", "4-2", "4-1", "3-2", "3-1", "2-1"}


def test_E9_variant():
    assert filling_throws("white: T:2 1:4 2:2 3:4 4:3", WHITE, "petit-jan") == {"4-2", "4-1", "2-1", "4-4", "2-2"}


def test_E10_two_half_cases():
    """E10 (LLF52 §54, fig. 7)."""
    assert filling_throws("white: T:3 1:3 2:3 3:4 4:1 5:1", WHITE, "petit-jan") == {
        "4-4", "4-3", "4-2", "3-3", "3-2", "2-2", "5-3", "5-2", "5-1", "4-1", "3-1", "2-1"}


def test_E11_one_half_case():
    """E11 (LLF52 §55–56, fig. 8): the throws the source says fill, and those it says do not.

    5-5 is left out: the source says it does not fill, yet with only White drawn T-5 1-6 fills and
    keeps everything (reported as an open point: Black's dames of the figure are unknown).
    """
    fills = filling_throws("white: T:3 1:4 2:2 3:3 4:2 5:1", WHITE, "petit-jan")
    assert {"6-2", "5-1", "3-1", "5-4", "4-1", "2-2"} <= fills
    assert not {"6-6", "6-3", "6-1"} & fills


def test_E12_grand_jan_case_missing():
    """E12 (LLF52 §68, fig. 10): only 6-4, 6-3, 4-3 fill; with the talon dames on 4 and 7, ten throws."""
    assert filling_throws("white: T:2 3:1 5:1 6:3 7:2 8:2 10:2 11:2", WHITE, "grand-jan") == {"6-4", "6-3", "4-3"}
    assert filling_throws("white: T:0 3:1 4:1 5:1 6:3 7:3 8:2 10:2 11:2", WHITE, "grand-jan") == {
        "6-5", "6-4", "6-3", "6-2", "5-4", "5-3", "5-2", "4-3", "4-2", "3-2"}


def test_E13_grand_jan_half_case():
    """E13 (LLF52 §72–73, fig. 12): fill iff a die or the sum is 6, 4 or 2, or the sum is 7."""
    expected = {f"{a}-{b}" for a, b in ALL_DICE if {a, b, a + b} & {2, 4, 6} or a + b == 7}
    assert filling_throws("white: T:0 3:1 4:1 6:3 7:2 8:3 9:2 10:1 11:2", WHITE, "grand-jan") == expected


def test_E14_fills():
    """E14 (CHA fig. 5): Black fills with 6-3, 4-2 and 3-3; White fills with sonnez."""
    drawing = "black: T:0 1:1 3:1 4:2 6:2 7:1 8:2 9:2 10:2 11:2 / white: T:2 1:1 2:1 6:1 7:2 8:2 9:2 10:2 11:2"
    assert {"6-3", "4-2", "3-3"} <= filling_throws(drawing, BLACK, "grand-jan")
    assert "6-6" in filling_throws(drawing, WHITE, "grand-jan")


# --- why a play is illegal (explain_play, quoted by `trictrac check`) -----------------------------

def steps_of(color: str, text: str) -> list[Step]:
    out = []
    for move in text.split():
        parts = [PLAYER.parse(x, color) for x in move.split("-")]
        out.append(Step(parts[0], parts[-1], parts[1] if len(parts) == 3 else None))
    return out


EXPLAIN = [
    pytest.param("white: T:15", WHITE, (6, 5), "T-11", "M7", id="M7-single-dame-on-coin"),
    pytest.param("white: T:15", WHITE, (6, 5), "T-6 T-5 T-1", "M1", id="M1-three-dames"),
    pytest.param("white: T:15", WHITE, (2, 2), "T-2 T-2 T-2 T-2", "M4", id="M4-doublet-four-moves"),
    pytest.param("white: T:15", WHITE, (6, 5), "T-7 T-4", "M1", id="M1-distances-do-not-fit"),
    pytest.param("white: T:15", WHITE, (6, 5), "T-6", "M5", id="M5-one-number-of-two"),
    pytest.param("white: T:15", WHITE, (6, 5), "5-11 6-11", "X1", id="X1-no-dame-there"),
    pytest.param("white: T:14 6:1 / " + BLACK_IN_WHITE_PETIT_JAN, WHITE, (6, 1), "6-11' T-1", "M10", id="M10"),
    pytest.param("white: T:14 6:1 / " + BLACK_IN_WHITE_PETIT_JAN, WHITE, (6, 1), "T-6 T-1", "M2", id="M2"),
    pytest.param("white: T:15 / black: 6':2 4':1", WHITE, (6, 4), "T-10", "M3", id="M3-no-via"),
    pytest.param("white: T:15 / black: 6':2 4':1", WHITE, (6, 4), "T-4-10", "M3", id="M3-via-single-dame"),
    pytest.param("white: T:11 10:2 11:2", WHITE, (4, 3), "10-10' T-4", "M12", id="M12-stage-1"),
    pytest.param(E19, BLACK, (6, 6), "8-9' 9-8'", "M12", id="M12-stage-2-E19"),
    pytest.param("white: T:3 1:3 2:3 3:3 4:3", WHITE, (5, 4), "T-5 T-4", "P1", id="P1-not-filling-E9"),
    pytest.param("white: T:13 6:1 7:1 / black: 11:2", WHITE, (6, 5), "6-11 7-11", "M8", id="M8-opponent-holds-coin"),
    pytest.param("white: T:12 5:1 6:1 7:1", WHITE, (6, 5), "6-11 7-11", "M8", id="M8-effet-possible"),
    pytest.param("white: T:0 5':13 6':2 / " + BLACK_HOME, WHITE, (6, 1), "5'-off 6'-5'", "S1", id="S1-not-all-home"),
    pytest.param("white: T:0 3':5 2':5 1':5 / " + BLACK_HOME, WHITE, (6, 5), "2'-off 3'-off", "S2",
                 id="S2-not-farthest"),
    pytest.param("white: 11:14 3:1 / black: 6:2 7:2 8:2 9:2 10:2 11:2 10':2 T:1", WHITE, (6, 1), "3-4", "M5",
                 id="M5-not-the-higher"),
]


@pytest.mark.parametrize("drawing, color, dice, moves, rule", EXPLAIN)
def test_explain_play_names_the_broken_rule(drawing, color, dice, moves, rule):
    p = board(drawing)
    assert not can_play(p, color, dice, moves)
    got, why = explain_play(p, color, dice, steps_of(color, moves), name=lambda t: PLAYER.format(t, color))
    assert got == rule, why
    assert why  # a sentence, quoted by `trictrac check`


def test_explain_play_slow_sortie():
    p = board("white: T:0 3':1 2':14 / " + BLACK_HOME)
    rule, why = explain_play(p, WHITE, (3, 3), steps_of(WHITE, "2'-off 2'-off"), SLOW)
    assert rule == "S3" and "inside" in why


def test_explain_play_speaks_in_the_record_coordinates():
    p = board("white: T:14 6:1 / " + BLACK_IN_WHITE_PETIT_JAN)
    _, why = explain_play(p, WHITE, (6, 1), steps_of(WHITE, "6-11' T-1"), name=lambda t: PLAYER.format(t, WHITE))
    assert why == "11' is the opponent's coin de repos"
