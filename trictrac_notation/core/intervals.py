"""95% confidence intervals for the figures the tool prints from samples: proportions, means and ratios.

A proportion's interval is Wilson's score interval, which stays within [0, 1] and keeps its coverage near 0 and 1,
where the normal approximation (p ± 1.96·√(p(1-p)/n)) gives bounds below 0 for a rare event. A proportion counted
over correlated draws (the throws of one game) takes Wilson's interval at the sample's effective size: the size
a simple random sample would need to be as precise, from the variance with the games as sampling units (the
design effect of Kish; the interval as Korn and Graubard, *Survey Methodology* 24, 1998, build it from that size).
Means and ratios of unbounded quantities keep the normal approximation.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypedDict

Z95 = 1.959964  # the normal distribution's 97.5th percentile


class Estimate(TypedDict):
    """A mean, ratio or proportion with its 95% interval; None where there is nothing to estimate."""

    mean: float | None
    ci95: list[float] | None
    n: int


class Share(TypedDict):
    """A proportion with its 95% Wilson interval."""

    share: float | None
    ci95: list[float] | None
    n: int


def wilson_bounds(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval of a proportion ``p`` observed on ``n`` draws (n may be an effective size)."""
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def wilson(k: int, n: int, digits: int = 4) -> Share:
    """A proportion k/n and its 95% Wilson interval."""
    if not n:
        return {"share": None, "ci95": None, "n": 0}
    lo, hi = wilson_bounds(k / n, n)
    return {"share": round(k / n, digits), "ci95": [round(lo, digits), round(hi, digits)], "n": n}


def _ratio_variance(nums: Sequence[float], dens: Sequence[float], r: float) -> float:
    """The variance of Σnum/Σden by the delta method, each (num, den) one sampling unit."""
    n, mean_den = len(nums), sum(dens) / len(dens)
    if n < 2:
        return 0.0
    resid = [a - r * b for a, b in zip(nums, dens, strict=True)]
    return sum(x * x for x in resid) / (n - 1) / n / mean_den ** 2


def clustered_share(counts: Sequence[int], sizes: Sequence[int], digits: int = 5) -> Estimate:
    """The proportion Σcounts/Σsizes of draws made in clusters (``counts[i]`` of the ``sizes[i]`` draws of unit
    i: the throws of one game) and its 95% Wilson interval at the effective sample size p(1-p)/variance, the
    variance with the units as the sampling units (at most the number of draws; all of them when the variance
    is nil, as for a proportion of 0 or 1)."""
    total = sum(sizes)
    if not counts or not total:
        return {"mean": None, "ci95": None, "n": total}
    p = sum(counts) / total
    var = _ratio_variance(counts, sizes, p)
    n_eff = min(float(total), p * (1 - p) / var) if var > 0 and 0 < p < 1 else float(total)
    lo, hi = wilson_bounds(p, n_eff)
    return {"mean": round(p, digits), "ci95": [round(lo, digits), round(hi, digits)], "n": total}


def mean_ci(values: Sequence[float], digits: int = 4) -> Estimate:
    """Mean and 95% confidence interval (normal approximation)."""
    n = len(values)
    if not n:
        return {"mean": None, "ci95": None, "n": 0}
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1)) if n > 1 else 0.0
    h = Z95 * sd / math.sqrt(n)
    return {"mean": round(m, digits), "ci95": [round(m - h, digits), round(m + h, digits)], "n": n}


def ratio_ci(nums: Sequence[int], dens: Sequence[int], digits: int = 5) -> Estimate:
    """Σnum/Σden over units and its 95% interval (delta method, the units as sampling units): for ratios that
    are not proportions (points per throw); a proportion takes :func:`clustered_share`."""
    total = sum(dens)
    if not nums or not total:
        return {"mean": None, "ci95": None, "n": total}
    r = sum(nums) / total
    h = Z95 * math.sqrt(_ratio_variance(nums, dens, r))
    return {"mean": round(r, digits), "ci95": [round(r - h, digits), round(r + h, digits)], "n": total}
