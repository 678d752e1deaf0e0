"""Every worked example of rules.md §5 with the points its source states.

Positions are drawn as in rules.md (each player's own arrows; dames not listed stand on their
talon; ``5'`` is the opponent's arrow 5).  Where the engine and the source disagree, the test
says why.  Points are checked against the source (``stated``) or against rules.md's own
computation (``computed``) — never against the engine's output.
"""

from __future__ import annotations

import pytest
from conftest import after, board

from trictrac_notation.games.trictrac.marking import Marking, PayoutRule, Player, stakes
from trictrac_notation.games.trictrac.scoring import NO_HISTORY, Roll, throw_events, totals
from trictrac_notation.rules.rulesets import load_ruleset

GUITON = load_ruleset("guiton-1822")
LLF = load_ruleset("lelasseux-1852")
ALL_DICE = [(a, b) for a in range(6, 0, -1) for b in range(a, 0, -1)]


def score(drawing, roller, dice, rules=GUITON, history=NO_HISTORY):
    position = drawing if not isinstance(drawing, str) else board(drawing)
    events = throw_events(Roll(position, roller, dice, rules.movement), rules, history)
    return events, totals(events, roller)


def fills(drawing, roller="white", rules=LLF) -> dict:
    """{dice: (points, ways)} of every throw that fills a plein in this position."""
    out = {}
    for dice in ALL_DICE:
        events, _ = score(drawing, roller, dice, rules)
        filled = [e for e in events if e.jan == "remplir"]
        if filled:
            out[dice] = (filled[0].points, filled[0].means)
    return out


# --- A. Hitting, à vrai / à faux ---------------------------------------------------------------

E2 = "white: 1:1 2:1 3:1 4:1 5:1 6:1 7:1 8:2 9:2 10:2 11:2 / black: 6:1 7:2 8:2 10:2 11:2"
E3 = "white: T:2 3:1 5:1 6:3 7:2 8:2 10:2 11:2 / black: 6:2 7:2 9:1 10:2 11:2"
E6 = "black: T:2 1:1 2:2 3:1 4:2 6:1 8:2 9:2 11:2 / white: T:2 1:2 2:2 3:2 4:2 5:2 7:1 9:1 5':1"
E14 = "black: T:0 1:1 3:1 4:2 6:2 7:1 8:2 9:2 10:2 11:2 / white: T:2 1:1 2:1 6:1 7:2 8:2 9:2 10:2 11:2"

# (example, position, roller, dice, (roller's points, opponent's points), what the source says)
HITS = [
    ("E2 6-3", E2, "black", (6, 3), (16, 0), "stated ways: White 6 and 7 two ways, 3 and 4 one way"),
    ("E2 sonnez", E2, "black", (6, 6), (14, 18), "stated: à vrai on White 1, 6, 7; à faux on 3, 4, 5"),
    ("E3 4-1", E3, "white", (4, 1), (2, 0), "stated ways: by the 4 from a10"),
    ("E3 5-1", E3, "white", (5, 1), (2, 0), "stated: the sum from a8 resting on the empty a9"),
    ("E3 3-1", E3, "white", (3, 1), (4, 0), "stated: the 3 from the coin, the 4 from a10"),
    # E3 and E12 are the same White position: 4-3 also fills the grand jan (E12 lists 4-3 among its fills)
    ("E3 4-3", E3, "white", (4, 3), (6 + 4, 0), "stated: three ways; + the fill of E12"),
    ("E6 5-3", E6, "black", (5, 3), (18, 0), "stated"),
    ("E6 quines", E6, "black", (5, 5), (22, 0), "stated"),
    ("E6 carmes", E6, "black", (4, 4), (20, 0), "stated: coin 6, passed dame 6, 8 on the other two"),
    ("E6 ternes", E6, "black", (3, 3), (20, 0), "stated: coin 6, passed dame 6, White a9 two ways 8"),
    ("E7 6-1", "white: T:7 5:2 6:2 10:2 11:2 / black: T:4 1:1 2:1 5:1 6:2 7:2 10:2 11:2", "white", (6, 1),
     (0, 4), "stated: Black a5 only by 7 from White's coin, both repos closed: à faux"),
    ("E8 6-3", "white: T:12 6:1 11:2 / black: T:13 6:1 8:1", "black", (6, 3), (2, 4),
     "stated: à vrai by 9 from a8; contre-jan de deux tables to White"),
    ("E14 6-3", E14, "black", (6, 3), (12, 0), "stated fill 8; computed + White a6 two ways 4"),
    ("E14 4-2", E14, "black", (4, 2), (8, 2), "stated fill 8; computed White a6 à faux 2"),
    ("E14 ternes", E14, "black", (3, 3), (12, 4), "stated fill 12; computed à faux 4"),
    ("E14 White sonnez", E14, "white", (6, 6), (6 + 4 + 6, 6),
     "stated: fill one way (6); computed: hits Black a7 (4) and a1 (6), Black's a3 à faux (6)"),
]


@pytest.mark.parametrize("name,drawing,roller,dice,expected,source", HITS, ids=[h[0] for h in HITS])
def test_hits(name, drawing, roller, dice, expected, source):
    _, got = score(drawing, roller, dice)
    assert got == expected, source


def test_e2_ways_per_target():
    events, _ = score(E2, "black", (6, 3))
    # white arrow k is black track 23 - k
    assert {23 - e.target: e.means for e in events if e.jan == "battre-a-vrai"} == {6: 2, 7: 2, 3: 1, 4: 1}
    events, _ = score(E2, "black", (6, 6))
    assert {23 - e.target for e in events if e.jan == "battre-a-vrai"} == {1, 6, 7}
    assert {23 - e.target for e in events if e.jan == "battre-a-faux"} == {3, 4, 5}


def test_e3_four_three_has_three_ways():
    events, _ = score(E3, "white", (4, 3))
    [hit] = [e for e in events if e.jan == "battre-a-vrai"]
    assert (hit.means, sorted(hit.ways), hit.half, hit.points) == (3, [3, 4, 7], "coin", 6)


# --- B. Filling and keeping ----------------------------------------------------------------------

SIMPLE_4 = lambda *dice: {d: (4, 1) for d in dice}  # noqa: E731


def test_e9_a_whole_case_missing():
    """LLF52 §53: each listed throw fills one way (4); no doublet fills (stated)."""
    assert fills("white: T:3 1:3 2:3 3:3 4:3") == SIMPLE_4(
        (5, 4), (5, 3), (5, 2), (5, 1), (4, 3), (4, 2), (4, 1), (3, 2), (3, 1), (2, 1))
    assert fills("white: T:2 1:4 2:2 3:4 4:3") == {(4, 2): (4, 1), (4, 1): (4, 1), (2, 1): (4, 1),
                                                    (4, 4): (6, 1), (2, 2): (6, 1)}


def test_e10_two_half_cases_one_way():
    """LLF52 §54: always one way (stated)."""
    assert fills("white: T:3 1:3 2:3 3:4 4:1 5:1") == {
        **SIMPLE_4((4, 3), (4, 2), (3, 2), (5, 3), (5, 2), (5, 1), (4, 1), (3, 1), (2, 1)),
        (4, 4): (6, 1), (3, 3): (6, 1), (2, 2): (6, 1)}


def test_e10_two_half_cases_count_two_ways_under_lepeintres_innovation():
    """rules.md §4 D8: Lepeintre proposes two ways (option two-half-case-ways)."""
    lep = load_ruleset("lepeintre-1818", ["two-half-case-ways"])
    got = fills("white: T:3 1:3 2:3 3:4 4:1 5:1", rules=lep)
    assert got[(4, 3)] == (8, 2) and got[(2, 2)] == (12, 2)


E11 = "white: T:3 1:4 2:2 3:3 4:2 5:1"


def test_e11_one_half_case():
    """LLF52 §55–56 (stated)."""
    got = fills(E11)
    assert got[(6, 2)] == (4, 1)  # by the 2
    assert got[(5, 1)] == (4, 1)  # by the 5
    assert got[(3, 1)] == (4, 1)  # by the sum
    assert got[(5, 4)] == (8, 2)
    assert got[(4, 1)] == (8, 2)  # the 4 and the 5: not the 1, whose a4 has no surcase
    assert got[(2, 2)] == (12, 2)
    for dice in ((6, 6), (6, 3), (6, 1)):
        assert dice not in got
    # one dame moved from a1 to a4: the 1 becomes a way too
    assert fills("white: T:3 1:3 2:2 3:3 4:3 5:1")[(4, 1)] == (12, 3)


def test_e11_quines_disagreement():
    """LLF52 says quines do not fill.  In the position as rules.md gives it (Black on his talon) the
    first 5 fills from the talon (three dames) and the second can be played a1-6 or a3-8 keeping the
    plein, so the engine counts the fill (6).  LLF's figure most likely had arrows 6 and 8 closed by
    Black (rules.md transcribes White only): with them closed the second 5 must break the plein and
    the engine agrees with the source (remplir en passant scores nothing, §3.5)."""
    assert fills(E11)[(5, 5)] == (6, 1)
    assert (5, 5) not in fills(E11 + " / black: 6':2 8':2")


def test_e12_grand_jan_case_missing():
    """LLF52 §68 (stated)."""
    assert set(fills("white: T:2 3:1 5:1 6:3 7:2 8:2 10:2 11:2")) == {(6, 4), (6, 3), (4, 3)}
    assert set(fills("white: T:0 3:1 4:1 5:1 6:3 7:3 8:2 10:2 11:2")) == {
        (6, 5), (6, 4), (6, 3), (6, 2), (5, 4), (5, 3), (5, 2), (4, 3), (4, 2), (3, 2)}


def test_e13_grand_jan_half_case():
    """LLF52 §72–73 (stated): fill iff a die or the sum is 6, 4 or 2, or the sum is 7."""
    got = fills("white: T:0 3:1 4:1 6:3 7:2 8:3 9:2 10:1 11:2")
    simple = {(a, b) for a, b in ALL_DICE if a != b}
    assert {d for d in got if d in simple} == {
        (a, b) for a, b in simple if {a, b, a + b} & {6, 4, 2} or a + b == 7}
    assert got[(6, 4)] == got[(6, 1)] == got[(5, 2)] == (8, 2)
    assert got[(4, 2)] == (12, 3)
    assert got[(3, 2)] == got[(2, 1)] == got[(3, 1)] == (4, 1)


def test_e14_fill_ways():
    """CHA fig. 5 (stated): 6-3 and 4-2 fill two ways, ternes 12; White's sonnez one way although two
    talon dames reach (ways are numbers, not dames)."""
    for dice, points in (((6, 3), 8), ((4, 2), 8), ((3, 3), 12)):
        events, _ = score(E14, "black", dice)
        assert [e.points for e in events if e.jan == "remplir"] == [points]
    events, _ = score(E14, "white", (6, 6))
    assert [(e.points, e.means) for e in events if e.jan == "remplir"] == [(6, 1)]


E15 = "white: T:2 1:1 5:1 6:2 7:1 8:2 9:2 10:2 11:2"


def test_e15_two_ways_and_the_coin_beaten():
    """LEP18 rule 60 (stated): fills two ways (+8), the 2 from a5 and the 6 tout d'une from a1.  The
    example does not mention it, but with White's coin held, Black's empty and surcases on 8 and 10
    the same 4-2 beats the coin (rules.md §3.4): 4 more."""
    events, got = score(E15, "white", (4, 2))
    [fill] = [e for e in events if e.jan == "remplir"]
    assert (fill.points, sorted(fill.ways)) == (8, [2, 6])
    assert got == (12, 0) and {e.jan for e in events} == {"remplir", "battre-coin"}


E16 = "white: T:0 6:3 7:3 8:3 9:2 10:2 11:2 / black: T:0 6:2 7:2 8:2 9:3 10:3 11:3"


def test_e16_conserver_par_impuissance():
    """LEP18 §IV fig. 10: White 6-5 keeps, the 6 unplayable: White +4, Black +2 (stated); then Black
    6-2 keeps by impuissance: Black +4, White +2 (stated; points computed)."""
    events, got = score(E16, "white", (6, 5))
    assert got == (4, 2)
    assert {e.jan: e.note for e in events} == {"conserver": "par impuissance", "impuissance": ""}
    position = after(board(E16), "white", "6-11")  # the only 5 that keeps
    assert score(position, "black", (6, 2))[1] == (4, 2)


def test_e17_sonnez_unplayable():
    """LEP18 rule 63 fig. 27 (partial diagram: 13 White and 11 Black dames). White 6-6 → +14, Black +4
    (computed).  The missing dames are put where they change nothing: two White surcases on the coin
    (their sixes land on Black's a6, a single dame: blocked), four Black dames on his talon."""
    events, got = score("white: T:0 6:2 7:2 8:2 9:2 10:2 11:5 / black: T:4 6:1 7:1 8:2 9:2 10:2 11:3",
                        "white", (6, 6))
    assert got == (14, 4)
    assert sorted(e.jan for e in events) == ["battre-a-vrai", "battre-a-vrai", "conserver", "impuissance"]


def test_e18_ecole_impossible():
    """LLF52 §197 fig. 20 (stated): White +6 (keeps) +6 (talon dame à vrai via the empty a6); Black
    +12 (a4, a5 à faux) +4 (two unplayable sixes)."""
    events, got = score("white: T:0 6:2 7:2 8:3 9:3 10:3 11:2 / black: T:1 3:2 4:1 5:1 7:2 8:2 9:2 10:2 11:2",
                        "white", (6, 6), LLF)
    assert got == (12, 16)


def test_e19_forced_rupture():
    """CHA fig. 2 (stated): every complete play breaks the grand jan: Black scores nothing; White +6."""
    events, got = score("black: T:0 5:1 6:3 7:2 8:2 9:2 10:3 11:2 / white: T:3 4:1 5:2 6:3 7:2 10:2 11:2",
                        "black", (6, 6))
    assert got == (0, 6) and [e.jan for e in events] == ["battre-a-faux"]


E20 = "black: T:0 T':2 1':2 2':2 3':2 4':3 5':2 11:2 / white: T:0 T':8 1':2 2':1 3':2 5':2"


def test_e20_jan_de_retour_before_the_coin_is_left():
    """CHA fig. 3 (stated): Black 6-1 keeps (the 6 cannot be played): +4, White +2; 5-1 must break."""
    assert score(E20, "black", (6, 1))[1] == (4, 2)
    assert score(E20, "black", (5, 1))[1] == (0, 0)


E21 = ("black: T:0 T':2 1':2 2':2 3':1 4':2 5':2 6':1 9':1 11:2 / "
       "white: T:0 T':2 1':2 2':2 3':2 4':2 5':1 7':1 9':1 11:2")


def remplir(roller, dice, rules) -> int:
    return sum(e.points for e in score(E21, roller, dice, rules)[0] if e.jan == "remplir")


@pytest.mark.parametrize("roller,dice,prevailing", [("black", (6, 3), 8), ("white", (4, 3), 4), ("white", (6, 1), 0)])
def test_e21_the_coin_pair_is_no_fill_way(roller, dice, prevailing):
    """CHA fig. 6, prevailing rule (stated; fill components only): Black 6-3 fills by the 6 from White 9
    and the 3 from White 6 (8); White 4-3 by the 4 (4); White 6-1 not at all."""
    assert remplir(roller, dice, load_ruleset("charpentier-1715")) == prevailing


@pytest.mark.parametrize("roller,dice,old", [("black", (6, 3), 12), ("white", (4, 3), 8), ("white", (6, 1), 0)])
def test_e21_older_opinion_counts_the_coin(roller, dice, old):
    """CHA fig. 6, older opinion (charpentier-1715 option coin-par-puissance): the coin dame's sum is
    one more way of a fill the throw makes (12, 8).  It never makes a fill by itself — the coin pair
    cannot really move — which is why White 6-1, whose only candidate is the coin dame by 7, scores
    nothing under both opinions, as CHA says."""
    assert remplir(roller, dice, load_ruleset("charpentier-1715", ["coin-par-puissance"])) == old


# --- C. Opening jans -----------------------------------------------------------------------------

@pytest.mark.parametrize("drawing,dice,expected", [
    ("white: 7:1 9:1", (4, 3), (4, 0)),  # 9+3 reaches Black's coin, 7+4 his own (stated)
    ("white: 7:1 9:1", (5, 2), (4, 0)),  # stated
    ("white: 8:1 9:1", (3, 3), (6, 0)),  # stated
    ("white: 7:1 9:1 / black: 11:2", (4, 3), (0, 4)),  # contre-jan (stated)
    ("white: 8:1 9:1 / black: 11:2", (3, 3), (0, 6)),  # contre-jan (stated)
])
def test_e24_jan_de_deux_tables(drawing, dice, expected):
    """LEP18 part 1 §II."""
    events, got = score(drawing, "white", dice)
    assert got == expected
    assert [e.jan for e in events] == ["deux-tables" if expected[0] else "contre-deux-tables"]


@pytest.mark.parametrize("drawing,dice,expected", [
    ("white: 11:2 / black: 10:2", (6, 1), (4, 0)),  # stated
    ("white: 11:2 / black: 10:2", (1, 1), (6, 0)),  # béset (stated)
    ("white: 11:2 / black: 11:2", (6, 1), (0, 4)),  # contre-jan (stated)
])
def test_e25_jan_de_mezeas(drawing, dice, expected):
    """LEP18 part 1 §III."""
    assert score(drawing, "white", dice)[1] == expected


# --- D. Scoring administration -------------------------------------------------------------------

def marking(a_points=0, b_points=0, a_bred=False, b_bred=False, a_holes=0, b_holes=0) -> Marking:
    m = Marking()
    m.players = {"white": Player(a_points, a_holes, a_bred), "black": Player(b_points, b_holes, b_bred)}
    return m


def test_e27_bredouille_interrupted_within_one_roll():
    """CHA / TRÉV 1771: A (white) has 4 as first scorer; B hits à vrai for 6 (marked first), then A
    marks 12 à faux → one simple hole, 4 remaining; B's 6 erased."""
    m = marking(a_points=4, a_bred=True)
    m.mark("black", 6)
    gain = m.mark("white", 12)
    assert (gain.holes, gain.doubles) == (1, 0)
    assert (m.players["white"].points, m.players["white"].holes, m.players["black"].points) == (4, 1, 0)


@pytest.mark.parametrize("a,b,b_bred,gained,holes,left", [
    (8, 8, True, 18, 3, 2),  # CHA = TRÉV: first hole simple, second double
    (4, 4, True, 16, 1, 8),  # LLF52 §146
])
def test_e28_re_entering_bredouille(a, b, b_bred, gained, holes, left):
    m = marking(a_points=a, b_points=b, b_bred=b_bred)
    gain = m.mark("white", gained)
    assert (gain.holes, m.players["white"].points) == (holes, left)


def test_e29_marking_order():
    """GUI22 ch.3, LLF52 §207: the roller marks first; his hole erases the opponent's 10."""
    m = marking(10, 10)
    m.mark("white", 2)  # à vrai
    m.mark("black", 2)  # à faux
    assert [(p.points, p.holes) for p in m.players.values()] == [(0, 1), (2, 0)]
    m = marking(10, 10)
    m.mark("white", 4)  # keeps by impuissance
    m.mark("black", 2)  # the unplayable number
    assert [(p.points, p.holes) for p in m.players.values()] == [(2, 1), (2, 0)]


def test_e30_pavillon():
    """TTO d028: Black already holds holes (his series runs); White has 8 in bredouille, Black 2.
    Black hits for 4 (Black 6, White débredouillé); White fills two ways (+8): one simple hole, 4
    remaining — and White, second to start a series, takes the pavillon, ending Black's series."""
    m = marking(a_points=8, b_points=2, a_bred=True, b_holes=2)
    m.players["black"].series = True
    m.mark("black", 4)
    assert not m.players["white"].bredouille and m.players["black"].points == 6
    gain = m.mark("white", 8)
    white = m.players["white"]
    assert (gain.holes, gain.doubles, white.points, white.holes, white.pavillon) == (1, 0, 4, 1, True)
    assert not m.players["black"].series


@pytest.mark.parametrize("loser_holes,pavillon,guiton,combine", [
    (0, False, 4, 4),
    (3, True, 3, 3),
    (6, False, 1, 2),
    (5, False, 2, 2),
    (7, False, 1, 1),
])
def test_e31_payouts_guiton_and_combine(loser_holes, pavillon, guiton, combine):
    """GUI22 ch.8 vs COMB: the line (6 or 7 holes) comes from each rule set's payout_line."""
    won = Player(holes=12, series=pavillon or loser_holes == 0, pavillon=pavillon)
    lost = Player(holes=loser_holes)
    for rules, expected in (("guiton-1822", guiton), ("combine-1780", combine)):
        assert stakes(PayoutRule.of(load_ruleset(rules)), won, lost)[0] == expected


@pytest.mark.parametrize("loser_holes,grande,expected,why", [
    (6, False, 1.5, "the loser did not pass the pont (7th hole): 6 holes"),
    (7, False, 1, "the loser passed the pont"),
    (0, True, 2, "grande bredouille: paid double"),
])
def test_e31_payout_pont(loser_holes, grande, expected, why):
    """DICT18 'passer le pont' (rules.md §3.12 (2)): Fallavel's option pont, its line at the 7th hole a
    payout_line of its YAML."""
    rule = PayoutRule.of(load_ruleset("fallavel-1776", ["pont"]))
    assert (rule.scheme, rule.line) == ("pont", 7)
    assert stakes(rule, Player(holes=12, series=grande), Player(holes=loser_holes)) == (expected, why)
