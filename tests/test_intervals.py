"""The intervals of the figures the tool prints from samples (core/intervals.py): a proportion's stays within
[0, 1] (a rare jan's share of throws was printed ``mezeas 0.0001 [-0.0001, 0.0002]``)."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from trictrac_notation.core.intervals import clustered_share, mean_ci, ratio_ci, wilson, wilson_bounds


@pytest.mark.parametrize("k, n, share, ci95", [
    (0, 10, 0.0, [0.0, 0.2775]),  # Wilson (1927): nothing seen in 10 draws still allows 28%
    (5, 10, 0.5, [0.2366, 0.7634]),
    (10, 10, 1.0, [0.7225, 1.0]),
    (1, 10000, 0.0001, [0.0, 0.0006]),  # the normal approximation gives [-0.0001, 0.0003]
    (0, 0, None, None),
])
def test_wilson(k, n, share, ci95):
    assert wilson(k, n) == {"share": share, "ci95": ci95, "n": n}


@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 200)), min_size=1, max_size=30))
def test_a_proportion_counted_in_clusters_stays_within_0_and_1(units):
    units = [(min(k, n), n) for k, n in units]
    est = clustered_share([k for k, _ in units], [n for _, n in units])
    if est["mean"] is None:
        assert sum(n for _, n in units) == 0
        return
    lo, hi = est["ci95"]
    assert 0 <= lo <= est["mean"] <= hi <= 1


def test_a_rare_jan_in_one_game_of_many():
    """One throw in 10,000 (100 games of 100 throws): the delta method's interval went below 0; Wilson's at the
    sample's effective size does not, and is no narrower than the same count drawn independently."""
    counts, sizes = [1] + [0] * 99, [100] * 100
    old = ratio_ci(counts, sizes)
    assert old["ci95"][0] < 0  # the normal approximation, kept for ratios that are not proportions
    new = clustered_share(counts, sizes)
    assert new["mean"] == 0.0001 and new["ci95"][0] >= 0
    independent = wilson_bounds(0.0001, 10000)
    assert new["ci95"][1] >= round(independent[1], 5)


def test_clustering_widens_the_interval():
    """The same 50% share, counted in whole games (all or nothing) rather than spread evenly over their throws:
    10 games give the precision of 9 draws (the sample variance's n - 1), not of 1,000."""
    clustered = clustered_share([100] * 5 + [0] * 5, [100] * 10)["ci95"]
    spread = clustered_share([50] * 10, [100] * 10)["ci95"]
    assert clustered == [round(b, 5) for b in wilson_bounds(0.5, 9)]
    assert spread == [round(b, 5) for b in wilson_bounds(0.5, 1000)]


def test_means_and_ratios():
    assert mean_ci([1, 1, 1])["ci95"] == [1, 1]
    r = ratio_ci([2, 4], [1, 2])
    assert r["mean"] == 2 and r["ci95"] == [2, 2]


def test_simulate_reports_each_jans_share_within_0_and_1():
    from trictrac_notation.play.simulate import PartieStats, aggregate

    def game(jans: dict[str, list[int]]) -> PartieStats:
        return PartieStats(throws=5000, points=0, jans=jans, releves=[(5000, 0, 0)], won=False, grande=False,
                           stakes=0.0, partie_throws=0)

    report = aggregate([game({"mezeas": [1, 4]})] + [game({}) for _ in range(1)])
    share = report["jans"]["mezeas"]["per_throw"]
    assert share["mean"] == 0.0001 and 0 <= share["ci95"][0] <= share["ci95"][1] <= 1
