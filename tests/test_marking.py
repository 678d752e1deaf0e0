"""Marking (marking.py): points into holes, bredouille, the series and its marker, s'en aller, the
payout schemes — and, through the replay, a relevé that re-piles the dames.  The worked examples
E27–E31 are in test_worked_examples.py."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from trictrac_notation.core.board import BLACK, WHITE, Position
from trictrac_notation.engine.replay import replay
from trictrac_notation.games.trictrac.marking import CONDITIONS, Marking, PayoutRule, Player, stakes
from trictrac_notation.games.trictrac.randomgame import random_record
from trictrac_notation.games.trictrac.scorer import Scorer
from trictrac_notation.notation.reader import parse
from trictrac_notation.rules.rulesets import load_ruleset


def test_twelve_points_uninterrupted_make_a_double_hole():
    m = Marking()
    m.mark(WHITE, 8)
    gain = m.mark(WHITE, 4)
    assert (gain.holes, gain.doubles, m.players[WHITE].points) == (2, 1, 0)


def test_starting_while_the_opponent_has_points_is_bredouille():
    """rules.md §3.9: he marks with two jetons: 12 more without the first scoring again are double."""
    m = Marking()
    m.mark(BLACK, 2)
    assert m.mark(WHITE, 12).doubles == 1


def test_the_opponent_scoring_in_between_makes_it_simple():
    m = Marking()
    m.mark(WHITE, 8)
    m.mark(BLACK, 2)  # Black marks with two jetons: White loses his bredouille, Black is in his
    assert (m.players[WHITE].bredouille, m.players[BLACK].bredouille) == (False, True)
    gain = m.mark(WHITE, 4)
    assert (gain.holes, gain.doubles, gain.erased) == (1, 0, 2)
    assert m.players[BLACK].points == 0


def test_once_both_are_interrupted_nobody_wins_double():
    """rules.md §3.9: the second jeton is lost as soon as the first scorer scores again."""
    m = Marking()
    m.mark(WHITE, 2)
    m.mark(BLACK, 2)
    m.mark(WHITE, 2)
    assert not m.players[WHITE].bredouille and not m.players[BLACK].bredouille
    assert m.mark(BLACK, 10).holes == 1


def test_remaining_points_after_a_hole_are_in_bredouille():
    """rules.md §3.9: the marker keeps his remaining points, the opponent's are erased: his next 12
    run uninterrupted unless the opponent scores."""
    m = Marking()
    m.mark(WHITE, 2)
    m.mark(BLACK, 2)
    m.mark(WHITE, 14)  # a simple hole (Black marked in between), 4 remaining
    assert (m.players[WHITE].holes, m.players[WHITE].points, m.players[WHITE].bredouille) == (1, 4, True)
    assert m.mark(WHITE, 8).holes == 2


def test_go_keeps_only_the_holes():
    m = Marking()
    m.mark(WHITE, 14)
    m.mark(BLACK, 6)
    m.go()
    assert [(p.points, p.holes, p.bredouille) for p in m.players.values()] == [(0, 2, False), (0, 0, False)]


def test_series_and_marker():
    """rules.md §3.9: the first to take a hole starts a series; the second to start one carries the
    marker (pavillon); a hole of the other ends a series for good."""
    m = Marking()
    m.mark(WHITE, 12)
    assert m.players[WHITE].series and not m.players[WHITE].pavillon
    m.mark(BLACK, 12)
    assert m.players[BLACK].series and m.players[BLACK].pavillon and not m.players[WHITE].series
    m.mark(WHITE, 12)
    assert not any(p.series or p.pavillon for p in m.players.values())


def test_the_partie_ends_at_twelve_holes():
    m = Marking()
    for _ in range(5):
        m.mark(WHITE, 12)  # double holes: 10
    assert m.winner is None
    m.mark(WHITE, 12)
    assert (m.winner, m.players[WHITE].holes) == (WHITE, 12)
    payout = m.payout(PayoutRule.of(load_ruleset("guiton-1822")))
    assert (payout.stakes, payout.why) == (4, "all twelve holes while the loser took none")


@pytest.mark.parametrize("rules,scheme,won,lost,expected", [
    ("lepeintre-1818", "single", Player(holes=12, series=True), Player(), 1),
    ("lepeintre-1818+grande-bredouille", "grande-bredouille-double", Player(holes=12, series=True), Player(), 2),
    ("modern+grande-bredouille", "grande-bredouille-double", Player(holes=12, series=True, pavillon=True),
     Player(holes=4), 2),
    ("lelasseux-1852+grande-bredouille", "grande-bredouille-double", Player(holes=12), Player(holes=4), 1),
    ("guiton-1822", "guiton", Player(holes=12), Player(holes=3), 2),
])
def test_payout_schemes(rules, scheme, won, lost, expected):
    """rules.md §3.12, each rule set's payout_stakes (decided: a grande bredouille is the winner's uninterrupted
    series, begun first or second)."""
    name, *options = rules.split("+")
    rule = PayoutRule.of(load_ruleset(name, options))
    assert rule.scheme == scheme and stakes(rule, won, lost)[0] == expected


def test_a_payout_line_is_needed_where_the_cases_draw_one():
    cases = PayoutRule.of(load_ruleset("guiton-1822")).cases
    with pytest.raises(ValueError, match="payout_line"):
        stakes(PayoutRule("guiton", cases), Player(holes=12), Player(holes=3))


def test_the_payout_conditions_are_those_the_schema_accepts():
    from trictrac_notation.games.trictrac.schema import PayoutCases

    assert set(CONDITIONS) == set(PayoutCases.CONDITIONS)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([WHITE, BLACK]), st.integers(0, 20).map(lambda n: 2 * n)), max_size=60))
def test_holes_never_decrease_and_points_stay_below_a_hole(marks):
    m = Marking()
    before = {WHITE: 0, BLACK: 0}
    for color, points in marks:
        total = m.players[color].points + points
        gain = m.mark(color, points)
        assert gain.holes >= total // 12  # every 12 make at least a hole (two when double)
        for c, p in m.players.items():
            assert p.holes >= before[c] and 0 <= p.points < 12 and p.points % 2 == 0
            before[c] = p.holes


def test_a_releve_re_piles_every_dame_and_keeps_the_holes():
    """Random legal games of three relevés (each ends with a sortie): the throw after the end of a
    relevé starts from the opening piles, the points carry over (a sortie keeps them) and holes never
    decrease."""
    rules = load_ruleset("guiton-1822")
    for seed in range(3):
        record = random_record(seed, relevés=3, max_throws=900)
        result = replay(record, rules=rules.movement, scorer=Scorer(rules, follow_record=False))
        assert not result.errors
        ends = [i for i, t in enumerate(result.throws) if t.new_releve]
        assert ends, "a random game of three relevés has sorties"
        for i in ends[:-1] if ends[-1] == len(result.throws) - 1 else ends:
            assert result.throws[i + 1].before == Position.initial()
        holes = {WHITE: 0, BLACK: 0}
        for t in result.throws:
            if t.score is None:
                continue
            for c, a in t.score.after.items():
                assert a["holes"] >= holes[c]
                holes[c] = a["holes"]


def test_going_re_piles_and_resets_the_jetons():
    text = ('[Rules "guiton-1822"]\n@white T:2 1:1 5:1 6:2 7:1 8:2 9:2 10:2 11:2 points:10\n@black T:15\n'
            '1. white 4-2 +12 hole go\n2. white 6-5 T-6 T-5\n')
    record, _ = parse(text)
    rules = load_ruleset("guiton-1822")
    result = replay(record, rules=rules.movement, scorer=Scorer(rules))
    assert not result.errors, [d.headline() for d in result.errors]
    first, second = result.throws
    assert first.new_releve and second.before == Position.initial()
    assert first.score.after == {WHITE: {"points": 0, "holes": 1, "bredouille": False},
                                 BLACK: {"points": 0, "holes": 0, "bredouille": False}}
