"""The value chart of an analysed game, as chess sites draw theirs: after each throw of the main line, how much
White may expect to be ahead as a player values the position, the area between that line and even shaded, and
each mistake a dot of its mark's colour linking to the throw (the page's move list has an anchor per throw).

Written directly as SVG, as the score chart is (:mod:`chart`): a few kilobytes, meant to be inlined in the page so
that its links work and its text is the page's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from .chart import GRID, INK, _n

WIDTH, HEIGHT = 640.0, 200.0
LEFT, RIGHT, TOP, BOTTOM = 52.0, 12.0, 14.0, 34.0
FONT = 11.0
SHADE = {"white": "#f3e3c0", "black": "#9a9a9a"}  # the side of even each player is ahead on
LINE = "#222222"
MARK_COLOUR = {"?!": "#d9a400", "?": "#e8710a", "??": "#c5221f"}  # inaccuracy, mistake, blunder
SCALES = (6, 12, 24, 48, 96, 192)  # the half-height of the chart in points: the first that holds every value


@dataclass(frozen=True)
class Point:
    """One throw on the chart: its frame (1 for the first throw), White's advantage after it (in the player's
    unit), and, for a mistake, its mark and a line of words (the throw, what it cost)."""

    n: int
    white: float
    mark: str | None = None
    words: str = ""


def value_chart(points: Sequence[Point], unit: str = "points", title: str = "Value") -> str:
    """The chart as an SVG element (no XML declaration: it is inlined)."""
    last = max((p.n for p in points), default=1)
    top = next((s for s in SCALES if all(abs(p.white) <= s for p in points)), SCALES[-1])
    x0, x1, y0, y1 = LEFT, WIDTH - RIGHT, TOP, HEIGHT - BOTTOM
    mid = (y0 + y1) / 2

    def sx(n: float) -> float:
        return x0 + n / max(last, 1) * (x1 - x0)

    def sy(v: float) -> float:
        return mid - max(-top, min(top, v)) / top * (y1 - y0) / 2

    out = [f'<rect x="{_n(x0)}" y="{_n(y0)}" width="{_n(x1 - x0)}" height="{_n(y1 - y0)}" fill="#ffffff" '
           f'stroke="{INK}" stroke-width="0.8"/>']
    for v in (top, top / 2, 0, -top / 2, -top):
        y = _n(sy(v))
        out.append(f'<line x1="{_n(x0)}" y1="{y}" x2="{_n(x1)}" y2="{y}" stroke="{INK if v == 0 else GRID}" '
                   f'stroke-width="{"1" if v == 0 else "0.8"}"/>')
        out.append(f'<text x="{_n(x0 - 5)}" y="{_n(sy(v) + FONT * 0.35)}" text-anchor="end">{_n(v):s}</text>')
    out.append(f'<text transform="translate({_n(FONT)} {_n(mid)}) rotate(-90)" text-anchor="middle">{escape(unit)}'
               '</text>')
    line = [(sx(0), sy(0))] + [(sx(p.n), sy(p.white)) for p in points]
    if points:
        for side, sign in (("white", 1), ("black", -1)):  # each side's advantage shaded on its side of even
            clipped = [(x, mid - max(0.0, sign * (mid - y)) * sign) for x, y in line]
            shape = [(line[0][0], mid), *clipped, (line[-1][0], mid)]
            out.append(f'<polygon class="shade {side}" points="{_pairs(shape)}" fill="{SHADE[side]}" stroke="none"/>')
        out.append(f'<polyline class="value" points="{_pairs(line)}" fill="none" stroke="{LINE}" stroke-width="1.4"/>')
    for p in points:
        if p.mark in MARK_COLOUR:
            label = escape(p.words or f"throw {p.n}: {p.mark}")
            out.append(f'<a href="#throw-{p.n}"><circle class="mistake" data-throw="{p.n}" cx="{_n(sx(p.n))}" '
                       f'cy="{_n(sy(p.white))}" r="4" fill="{MARK_COLOUR[p.mark]}" stroke="{INK}" stroke-width="0.6">'
                       f'<title>{label}</title></circle></a>')
    for t in _ticks(last):
        out.append(f'<text x="{_n(sx(t))}" y="{_n(y1 + FONT + 3)}" text-anchor="middle">{t}</text>')
    out.append(f'<text x="{_n((x0 + x1) / 2)}" y="{_n(HEIGHT - 4)}" text-anchor="middle">throw (above the line: '
               'White ahead; below: Black)</text>')
    marked = sum(p.mark in MARK_COLOUR for p in points)
    desc = escape(f"{title} after each of {last} throws, from White's side in {unit}, between {-top} and {top}; "
                  f"{marked} mistake{'s' if marked != 1 else ''} marked.")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="tt-value-chart" width="{_n(WIDTH)}" '
            f'height="{_n(HEIGHT)}" viewBox="0 0 {_n(WIDTH)} {_n(HEIGHT)}" role="img" '
            f'font-family="DejaVu Sans, Verdana, sans-serif" font-size="{_n(FONT)}" fill="{INK}">'
            f"<title>{escape(title)}</title><desc>{desc}</desc>{''.join(out)}</svg>")


def _pairs(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _ticks(last: int) -> list[int]:
    """Throw numbers along the axis: a round step, at most ten."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000):
        if last // step <= 10:
            return list(range(0, last + 1, step))
    return [0, last]
