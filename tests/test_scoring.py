"""The events of one throw (scoring.py): each jan made and not made, the treatise differences of
rules.md §4 that change a score, and properties over random legal positions.

Positions are drawn as in conftest.board (each player's own arrows, ``5'`` = the opponent's
arrow 5).  The worked examples of rules.md §5 are in test_worked_examples.py.
"""

from __future__ import annotations

import random

import pytest
from conftest import board
from hypothesis import given, settings, strategies as st

from trictrac_notation.core.board import BLACK, WHITE, Position, other
from trictrac_notation.games.trictrac.events import JANS
from trictrac_notation.games.trictrac.moves import legal_plays
from trictrac_notation.games.trictrac.randomgame import random_throws
from trictrac_notation.games.trictrac.scoring import NO_HISTORY, History, Roll, throw_events, totals
from trictrac_notation.rules.rulesets import list_rulesets, load_ruleset

GUITON = load_ruleset("guiton-1822")
JOLLYVET = load_ruleset("jollyvet-1634")
MODERN = load_ruleset("modern")
BLACK_GRAND_JAN = "black: T:0 6:3 7:3 8:3 9:2 10:2 11:2"  # keeps Black out of White's retour


def events(drawing, dice, rules=GUITON, roller=WHITE, history=NO_HISTORY, made=None):
    position = board(drawing)
    if made is not None:
        made = next(p for p in legal_plays(position, roller, dice, rules.movement) if p.steps == made)
    return throw_events(Roll(position, roller, dice, rules.movement, made=made), rules, history)


def jans(drawing, dice, rules=GUITON, **kw) -> list:
    """(jan, beneficiary, points) of each event."""
    return [(e.jan, e.beneficiary, e.points) for e in events(drawing, dice, rules, **kw)]


# --- each jan, made and not made ------------------------------------------------------------

CASES = [
    # jan de six tables: four of the arrows 1..6 covered, the third throw covers the other two (§3.2)
    ("six-tables", "white: 3:1 4:1 5:1 6:1", (2, 1), GUITON, {"history": History(3)}, [("six-tables", WHITE, 4)]),
    ("six-tables after the third throw", "white: 3:1 4:1 5:1 6:1", (2, 1), GUITON, {"history": History(4)}, []),
    ("six-tables, throw count unknown", "white: 3:1 4:1 5:1 6:1", (2, 1), GUITON, {}, []),
    ("six-tables from the talon", "white: 1:1 2:1 5:1 6:1", (4, 3), GUITON, {"history": History(3)},
     [("six-tables", WHITE, 4)]),
    # covering 3 and 4 from the arrows 1 and 2 would uncover them (the engine note of §3.2)
    ("six-tables: a covered arrow may not be emptied", "white: 1:1 2:1 5:1 6:1", (2, 1), GUITON,
     {"history": History(3)}, []),
    # jan de deux tables (§3.2; E24 has the stated cases)
    ("deux-tables, three dames off", "white: 7:1 9:1 3:1", (4, 3), GUITON, {}, []),
    ("deux-tables, no number reaches a coin", "white: 7:1 9:1", (6, 1), GUITON, {}, []),
    ("deux-tables, already made", "white: 7:1 9:1", (4, 3), GUITON, {"history": History(2, deux_tables_made=True)},
     []),
    # jan de mézéas (§3.2; E25 has the stated cases)
    ("mezeas without an ace", "white: 11:2 / black: 10:2", (6, 2), GUITON, {}, []),
    ("mezeas, a third dame off", "white: 11:2 3:1 / black: 10:2", (6, 1), GUITON, {}, []),
    ("mezeas already made", "white: 11:2 / black: 10:2", (6, 1), GUITON, {"history": History(mezeas_made=True)},
     []),
    # battre: a case (two dames) is never beaten; a die hit is never à faux (§3.3)
    ("no hit on a case", "white: T:13 5:2 / black: T:13 6:2", (6, 6), GUITON, {}, []),
    # (hits are fictive: White can play nothing here, and still beats à vrai)
    ("a die hit is à vrai even with the sum closed", "white: T:14 1:1 / black: T:10 4':1 3':2 2':2", (3, 2), GUITON,
     {}, [("battre-a-vrai", WHITE, 4), ("impuissance", BLACK, 4)]),
    # battre le coin (§3.4): the coin pair cannot serve, the sum never counts, the opponent's coin empty
    ("coin beaten", "white: 11:3 6:1", (6, 1), GUITON, {}, [("battre-coin", WHITE, 4)]),
    ("coin pair alone cannot beat", "white: 11:2 6:1", (6, 1), GUITON, {}, []),
    ("quines from a single dame", "white: 11:2 7:1", (5, 5), GUITON, {}, []),
    ("opponent's coin held", "white: 11:3 6:1 / black: 11:2", (6, 1), GUITON, {}, []),
    # sortie (§3.8): the last dames borne off by this throw
    ("sortie", f"white: T:0 1':1 T':1 off:13 / {BLACK_GRAND_JAN}", (2, 1), GUITON, {}, [("sortie", WHITE, 4)]),
    ("sortie by a doublet", f"white: T:0 1':2 off:13 / {BLACK_GRAND_JAN}", (2, 2), GUITON, {}, [("sortie", WHITE, 6)]),
    ("three dames left", f"white: T:0 2':1 T':2 off:12 / {BLACK_GRAND_JAN}", (3, 1), GUITON, {}, []),
    # the number the last dame leaves unused is no impuissance: nothing is left to play it (issue 7)
    ("sortie by one number", f"white: T:0 T':1 off:14 / {BLACK_GRAND_JAN}", (6, 5), GUITON, {},
     [("sortie", WHITE, 4)]),
    ("sortie by one number of a doublet", f"white: T:0 T':1 off:14 / {BLACK_GRAND_JAN}", (4, 4), GUITON, {},
     [("sortie", WHITE, 6)]),
    # pile de misère (§3.7): all fifteen on the own coin, and again each throw it is kept
    ("pile de misère made", "white: T:0 9:1 10:1 11:13", (2, 1), JOLLYVET, {},
     [("battre-coin", WHITE, 4), ("pile-de-misere", WHITE, 4)]),
    ("pile de misère kept", "white: T:0 11:15", (2, 1), JOLLYVET, {},
     [("pile-de-misere", WHITE, 4), ("impuissance", BLACK, 4)]),
    ("pile de misère not scored", "white: T:0 11:15", (2, 1), GUITON, {}, [("impuissance", BLACK, 4)]),
    ("pile de misère by option", "white: T:0 11:15", (2, 1), load_ruleset("guiton-1822", ["pile-de-misere"]), {},
     [("pile-de-misere", WHITE, 4), ("impuissance", BLACK, 4)]),
    # jan de rencontre (§3.7): the second player's first throw repeats the first player's
    ("rencontre", "", (4, 6), JOLLYVET, {"history": History(1, rencontre_dice=(6, 4))}, [("rencontre", WHITE, 4)]),
    ("rencontre by a doublet", "", (3, 3), JOLLYVET, {"history": History(1, rencontre_dice=(3, 3))},
     [("rencontre", WHITE, 6)]),
    ("no rencontre", "", (5, 4), JOLLYVET, {"history": History(1, rencontre_dice=(6, 4))}, []),
    ("rencontre not scored", "", (6, 4), GUITON, {"history": History(1, rencontre_dice=(6, 4))}, []),
]


@pytest.mark.parametrize("name,drawing,dice,rules,kw,expected", CASES, ids=[c[0] for c in CASES])
def test_jans(name, drawing, dice, rules, kw, expected):
    assert jans(drawing or "white: T:15", dice, rules, **kw) == expected


def test_impuissance_is_two_per_unplayable_number():
    """rules.md §2 M6: doublet or not, 2 per number that cannot be played, to the opponent."""
    wall = "white: T:0 6:2 7:2 8:2 9:2 10:2 11:5 / black: T:4 6:1 7:1 8:2 9:2 10:2 11:3"
    assert [(e.jan, e.beneficiary, e.points, e.ways) for e in events(wall, (6, 6)) if e.jan == "impuissance"] == [
        ("impuissance", BLACK, 4, [6, 6])]
    assert not [e for e in events("white: T:15", (6, 5)) if e.jan == "impuissance"]


def test_hit_values_follow_the_half_of_the_target():
    """rules.md §3.3: talon half 4/6, coin half 2/4 per way."""
    talon_half = events("white: T:14 2:1 / black: T:14 5':1", (3, 3))  # target White's a5: talon half
    coin_half = events("white: T:14 2:1 / black: T:14 8':1", (3, 3))  # target White's a8: coin half
    assert [(e.half, e.points, e.ways) for e in talon_half] == [("talon", 6, [3])]
    assert [(e.half, e.points, e.ways) for e in coin_half] == [("coin", 4, [6])]


def test_a_sum_rests_on_an_arrow_with_one_opposing_dame():
    """rules.md §3.3: a repos holding exactly one opposing dame is open (and that dame is beaten too)."""
    got = events("white: T:14 1:1 / black: T:13 4':1 7':1", (3, 3))
    assert sorted((e.jan, e.target, e.ways) for e in got) == [("battre-a-vrai", 4, [3]), ("battre-a-vrai", 7, [6])]


def test_a_fill_way_needs_a_surplus_dame():
    """rules.md §3.5, E11: the 1 from an arrow of two dames is no way, though the 4 could refill it."""
    [fill] = [e for e in events("white: T:3 1:4 2:2 3:3 4:2 5:1", (4, 1)) if e.jan == "remplir"]
    assert sorted(fill.ways) == [4, 5]


@pytest.mark.parametrize("drawing,dice,ways,points", [
    # Lelasseux-Lafosse 1852 §304: "with 6 and 3 the common throws are 6-3 and 3-3": 3-3 fills by the 3
    # (the surcase of 7) and by the 6 (the dame of 4 tout d'une through 7) — the same position either way
    ("white: T:0 4:1 6:2 7:3 8:2 9:2 10:1 11:4", (3, 3), [3, 6], 12),
    # the same with two numbers: 5-1 fills by the 1 from 9 (its surcase) and by the 6 from 4 through 9
    ("white: T:0 4:1 6:2 7:2 8:2 9:3 10:1 11:4", (5, 1), [1, 6], 8),
    # an arrow of two refilled by the other number is still no way (E11): 4-1 by the 4 and the 5 only
    ("white: T:3 1:4 2:2 3:3 4:2 5:1", (4, 1), [4, 5], 8),
])
def test_a_dame_played_tout_d_une_through_a_surcase_fills_both_ways(drawing, dice, ways, points):
    """Issue 7: the legal plays list a position once, so the tout d'une through an arrow holding a
    surcase hides the surcase's way by the other number; both are ways (LLF52 §§ 304-308)."""
    [fill] = [e for e in events(drawing, dice, load_ruleset("lelasseux-1852")) if e.jan == "remplir"]
    assert (sorted(fill.ways), fill.points) == (ways, points)


# --- rules.md §4: treatise differences that change a score --------------------------------------

def test_d1_rencontre_scored_by_jollyvet_not_by_guiton():
    history = History(1, rencontre_dice=(6, 4))
    assert totals(events("white: T:15", (6, 4), JOLLYVET, history=history), WHITE) == (4, 0)
    assert totals(events("white: T:15", (6, 4), GUITON, history=history), WHITE) == (0, 0)


MARGOT = "black: 5':1 7':1"  # two black demi-cases on White's 5 and 7, White's 6 empty


def test_d2_margot_definitions():
    """§3.7: between-blots (a die or the sum falls there), per way (modern) or once (Charpentier);
    landing (Jollyvet): only a dame of the play made; tout d'une (Fallavel): only the sum, into the
    opponent's petit jan."""
    modern = load_ruleset("modern", ["margot"])
    assert [(e.jan, e.beneficiary, e.target, e.points) for e in events(MARGOT, (6, 1), modern)
            if e.jan == "margot"] == [("margot", BLACK, 6, 2)]
    # a 3 from White's a3 and the 6 (3+3) from his talon both fall on 6: two ways for the modern
    # revival (4 each, a doublet), one for Charpentier
    assert [e.points for e in events("white: T:14 3:1 / " + MARGOT, (3, 3), modern) if e.jan == "margot"] == [8]
    charpentier = load_ruleset("charpentier-1715", ["margot"])
    assert [e.points for e in events("white: T:14 3:1 / " + MARGOT, (3, 3), charpentier)
            if e.jan == "margot"] == [4]
    # Jollyvet: no margot unless a dame of the play made stops there
    assert not [e for e in events(MARGOT, (6, 1), JOLLYVET) if e.jan == "margot"]
    from trictrac_notation.games.trictrac.moves import Step

    landed = events(MARGOT, (6, 1), JOLLYVET, made=(Step(0, 6), Step(0, 1)))
    assert [(e.jan, e.points) for e in landed if e.jan == "margot"] == [("margot", 2)]
    # Fallavel: the sum into Black's petit jan only — White's 6 is not there
    fallavel = load_ruleset("fallavel-1776", ["margot"])
    assert not [e for e in events(MARGOT, (6, 1), fallavel) if e.jan == "margot"]
    retour = "white: T:12 11:2 5:1 / black: T:10 4:1 6:1 11:2 1:1"  # black blots on his 4 and 6, his 5 empty
    assert [(e.target, e.ways) for e in events(retour, (6, 1), fallavel) if e.jan == "margot"] == [(18, [7])]


def test_d3_pile_de_misere():
    pile = "white: T:0 11:15"
    assert totals(events(pile, (2, 1), JOLLYVET), WHITE) == (4, 4)
    assert totals(events(pile, (2, 1), GUITON), WHITE) == (0, 4)


def test_d10_remplir_en_passant(tmp_path):
    """§3.5, D10: no set in rules_data scores it; a set that extends Guiton and switches it on does.
    White fills his petit jan with the 5 from the talon; the 6 must then be played from the talon too,
    breaking it (Black closes White's 7 to 10 and holds his coin, so no other 6 can be played)."""
    position = "white: T:3 1:2 2:2 3:2 4:2 5:1 6:3 / black: T:5 7':2 8':2 9':2 10':2 11:2"
    assert not [e for e in events(position, (6, 5)) if e.jan == "remplir"]
    path = tmp_path / "en-passant.yaml"
    path.write_text("identity: {author: test, title: test, year: 1900, edition: test, place: test}\n"
                    "extends: {id: guiton-1822, decided: a test}\n"
                    "variants:\n  remplir_en_passant: {value: true, decided: a test}\n", encoding="utf-8")
    passing = load_ruleset(str(path))
    [fill] = [e for e in events(position, (6, 5), passing) if e.jan == "remplir"]
    assert (fill.points, fill.note, fill.rule) == (4, "en passant", "variants.remplir_en_passant")


def test_d11_slow_sortie_prevents_keeping_by_the_band():
    """§3.8, D11: with the Parisian sortie the aces bear two dames off the talon arrow and keep the
    jan de retour; the slow method obliges to play them inside, breaking it."""
    retour = f"white: T:0 5':2 4':2 3':2 2':2 1':2 T':5 / {BLACK_GRAND_JAN}"
    assert jans(retour, (1, 1), GUITON) == [("conserver", WHITE, 6)]
    assert jans(retour, (1, 1), load_ruleset("soumille-1738")) == []


# --- properties over random legal positions ---------------------------------------------------------

RULESETS = [load_ruleset("jollyvet-1634"), load_ruleset("guiton-1822"), load_ruleset("modern", ["margot"]),
            load_ruleset("charpentier-1715", ["rencontre", "margot", "pile-de-misere", "coin-par-puissance"])]


def random_positions(seed: int, count: int = 40):
    """(position, side, dice) of the throws of a random legal game."""
    rng = random.Random(seed)
    position = Position.initial()
    for side, dice, play in random_throws(rng, max_throws=count, relevés=3):
        yield position, side, dice
        position = play.result if play.result.borne_off(side) < 15 else Position.initial()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), which=st.integers(0, len(RULESETS) - 1))
def test_points_are_always_even_and_mirroring_swaps_the_colours(seed, which):
    rules = RULESETS[which]
    for position, side, dice in random_positions(seed):
        history = History(3, rencontre_dice=dice)
        got = throw_events(Roll(position, side, dice, rules.movement), rules, history)
        assert all(e.points > 0 and e.points % 2 == 0 and e.jan in JANS for e in got)
        mirrored = throw_events(Roll(position.mirrored(), other(side), dice, rules.movement), rules, history)
        swap = [(e.jan, other(e.beneficiary), e.points, e.target, e.quadrant, e.ways) for e in mirrored]
        assert swap == [(e.jan, e.beneficiary, e.points, e.target, e.quadrant, e.ways) for e in got]


def test_every_rule_set_scores_the_opening_and_a_hit():
    """Smoke over rules_data: every set loads into the engine and values a simple hit by its own table."""
    for rules in list_rulesets():
        got = events("white: T:14 2:1 / black: T:14 5':1", (3, 3), rules)
        assert [(e.jan, e.points) for e in got] == [("battre-a-vrai", rules.points("battre-a-vrai", True, "talon"))]
