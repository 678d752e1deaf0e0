"""The treatises' tables of chances, row by row: the number each prints against the engine's count
of the same position over the 36 throws (trictrac_notation.games.trictrac.treatise_tables, which cites each table).

Where the engine differs, treatise_tables.DIFFERENCES says why and the test holds the engine to its
own number there, so that a change in either is seen.
"""

from __future__ import annotations

import pytest

from trictrac_notation.games.trictrac.chances import ORDERED, numbers, reach
from trictrac_notation.games.trictrac.treatise_tables import DIFFERENCES, TABLES, figure, hit_ways, numbers_position

ROWS = [(t, label, inputs, printed) for t in TABLES for label, inputs, printed in t.rows]


@pytest.mark.parametrize("table,label,inputs,printed", ROWS, ids=[f"{r[0].id}: {r[1]}" for r in ROWS])
def test_row(table, label, inputs, printed):
    got = tuple(table.engine(inputs))
    known = DIFFERENCES.get((table.id, label))
    if known:
        assert got == (known[0],) and got != tuple(printed), f"{table.source}: the difference noted is gone"
    else:
        assert got == tuple(printed), f"{table.source}: {label}"


def test_every_difference_belongs_to_a_row():
    rows = {(t.id, label) for t, label, _, _ in ROWS}
    assert set(DIFFERENCES) <= rows


def test_the_36_chances():
    """Guiton 1822 ch. 2, Lepeintre 1818 part 2 §I: 6 doublets and 15 simple throws coming two ways;
    15 throws below 7 making 70 points, 6 of 7 making 42, 15 above making 140: 252 in all."""
    assert len(ORDERED) == 36 and sum(a == b for a, b in ORDERED) == 6
    below = [a + b for a, b in ORDERED if a + b < 7]
    above = [a + b for a, b in ORDERED if a + b > 7]
    assert (len(below), sum(below), len(above), sum(above)) == (15, 70, 15, 140)
    assert sum(a + b for a, b in ORDERED) == 252


@pytest.mark.parametrize("dists", [(1,), (5, 11), (12, 1), (6, 4, 2, 1), (10, 9, 8, 7)])
def test_numbers_positions_are_sound_and_open(dists):
    """The numbers' positions: sound, one Black dame to beat, White's dames at exactly those distances."""
    position, target = numbers_position(dists)
    assert not position.problems()
    assert position.black.count(1) == 1 and position.opponent_count("white", target) == 1
    assert {target - t for t, n in enumerate(position.white) if n and 0 < target - t <= 12} == set(dists)


def test_ways_agree_with_the_bare_arithmetic():
    """With every arrow open, the engine's ways are the numbers of the throw (each die, the sum;
    a doublet's number and its double) that are among the distances."""
    for dists in [(3, 2, 1), (6, 5, 1), (9, 6, 3), (12, 6)]:
        expected = [len(numbers(d) & set(dists)) for d in ORDERED]
        one, two, three, ways = hit_ways(dists)
        assert (one, two, three, ways) == (sum(n >= 1 for n in expected), sum(n >= 2 for n in expected),
                                            sum(n >= 3 for n in expected), sum(expected))


def test_backgammon_doublets_reach_further():
    """Guiton's backgammon ch. 1: bezet reaches 3 and 4, double-deux 6 and 8, ternes 9 and 12."""
    assert [d for d in range(1, 25) if reach(d, 4) != reach(d)] == [3, 4, 6, 8, 9, 12, 15, 16, 18, 20, 24]


def test_a_figure_is_refused_when_it_is_impossible():
    with pytest.raises(ValueError, match="15"):
        figure("1W3-2W3")
