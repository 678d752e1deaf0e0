"""The chart of a game page: each player's points (0-11, the jeton's count) and holes after each throw, as
step lines in two panels, written directly as SVG (a few kilobytes and a millisecond; matplotlib, which
drew it before, cost a third of a second a page and ten times the bytes).  matplotlib stays for the
diagrams' PNG and PDF (:mod:`plot`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from html import escape
from typing import Any

from ..core.board import COLORS

WIDTH, HEIGHT = 640.0, 330.0
LEFT, RIGHT, TOP, BOTTOM = 52.0, 12.0, 30.0, 40.0
GAP = 16.0  # between the two panels
SHARE = 0.6  # the points' panel's share of the height
COLOUR = {"white": "#E69F00", "black": "#222222"}  # Okabe-Ito orange (white is not seen on white)
DASH = {"white": None, "black": "6 3"}  # and told apart without colour
INK, GRID = "#222222", "#d9d9d9"
FONT = 12.0


def _n(x: float) -> str:
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


# each player's "points" and "holes" after each throw scored
Series = dict[str, dict[str, list[int]]]


def series(frames: Sequence[Mapping[str, Any]]) -> tuple[list[int], Series]:
    """The throws scored (x) and each player's points and holes after them, from the start (the score the first
    frame gives, else 0).  ``frames``: a game page's frames (:mod:`gamepage`), ``n`` the throw and ``score`` the
    players' scores."""
    xs: list[int] = [0]
    start = (frames[0].get("score") if frames else None) or {}
    out: Series = {c: {k: [start.get(c, {}).get(k, 0)] for k in ("points", "holes")} for c in COLORS}
    for f in frames[1:]:
        if not f.get("score"):
            continue
        xs.append(f["n"])
        for c in COLORS:
            entry = f["score"].get(c, {})
            out[c]["points"].append(entry.get("points", 0))
            out[c]["holes"].append(entry.get("holes", 0))
    return xs, out


def _ticks(top: int, most: int = 6) -> list[int]:
    """Whole-number ticks from 0 to ``top`` (at most ``most`` of them, at a round step)."""
    for step in (1, 2, 5, 10, 20, 50, 100, 200, 500):
        if top // step + 1 <= most:
            return list(range(0, top + 1, step))
    return [0, top]


def _panel(out: list[str], name: str, y0: float, y1: float, top: int, ticks: list[int], xs: list[int], data: Series,
           key: str, sx: Callable[[float], float]) -> None:
    """One panel: its frame, grid, y ticks and label, and both players' step lines."""
    def sy(v: float) -> float:
        return y1 - (v / top) * (y1 - y0)
    out.append(f'<rect x="{_n(LEFT)}" y="{_n(y0)}" width="{_n(WIDTH - LEFT - RIGHT)}" height="{_n(y1 - y0)}" '
               f'fill="none" stroke="{INK}" stroke-width="0.8"/>')
    for t in ticks:
        ty = _n(sy(t))
        out.append(f'<line x1="{_n(LEFT)}" y1="{ty}" x2="{_n(WIDTH - RIGHT)}" y2="{ty}" stroke="{GRID}" '
                   f'stroke-width="0.8"/>')
        out.append(f'<text x="{_n(LEFT - 6)}" y="{_n(sy(t) + FONT * 0.35)}" text-anchor="end">{t}</text>')
    out.append(f'<text transform="translate({_n(FONT + 2)} {_n((y0 + y1) / 2)}) rotate(-90)" '
               f'text-anchor="middle">{name}</text>')
    for c in COLORS:
        values = data[c][key]
        points = [(sx(xs[0]), sy(values[0]))]
        for i in range(1, len(xs)):
            if values[i] != values[i - 1]:  # a step; a run of equal values is one segment
                points += [(sx(xs[i]), sy(values[i - 1])), (sx(xs[i]), sy(values[i]))]
        points.append((sx(xs[-1] + 1), sy(values[-1])))
        dash = f' stroke-dasharray="{DASH[c]}"' if DASH[c] else ""
        out.append(f'<polyline class="{c} {key}" points="{" ".join(f"{_n(x)},{_n(y)}" for x, y in points)}" '
                   f'fill="none" stroke="{COLOUR[c]}" stroke-width="1.8"{dash}/>')


def score_chart(frames: Sequence[Mapping[str, Any]]) -> str:
    """Points (the jeton, 0-11) and holes of both players after each throw, as an SVG document."""
    xs, data = series(frames)
    last = max(xs[-1] + 1, 1)
    span = WIDTH - LEFT - RIGHT

    def sx(x: float) -> float:
        return LEFT + x / last * span
    inner = HEIGHT - TOP - BOTTOM - GAP
    p0, p1 = TOP, TOP + SHARE * inner
    h0, h1 = p1 + GAP, HEIGHT - BOTTOM
    holes = max(max(data[c]["holes"]) for c in COLORS)
    out: list[str] = []
    _panel(out, "points", p0, p1, 12, list(range(0, 12, 2)), xs, data, "points", sx)
    _panel(out, "holes", h0, h1, max(holes, 1), _ticks(max(holes, 1), 4), xs, data, "holes", sx)
    for t in _ticks(last - 1, 8):
        tx = _n(sx(t))
        out.append(f'<line x1="{tx}" y1="{_n(h1)}" x2="{tx}" y2="{_n(h1 + 4)}" stroke="{INK}" stroke-width="0.8"/>')
        out.append(f'<text x="{tx}" y="{_n(h1 + 4 + FONT)}" text-anchor="middle">{t}</text>')
    out.append(f'<text x="{_n(LEFT + span / 2)}" y="{_n(HEIGHT - 6)}" text-anchor="middle">throw</text>')
    x = LEFT
    for c in COLORS:  # the legend, above the points
        dash = f' stroke-dasharray="{DASH[c]}"' if DASH[c] else ""
        out.append(f'<line x1="{_n(x)}" y1="{_n(TOP / 2)}" x2="{_n(x + 24)}" y2="{_n(TOP / 2)}" stroke="{COLOUR[c]}" '
                   f'stroke-width="1.8"{dash}/>')
        out.append(f'<text x="{_n(x + 30)}" y="{_n(TOP / 2 + FONT * 0.35)}">{c}</text>')
        x += 90
    ends = "; ".join(f"{c} {data[c]['holes'][-1]} holes {data[c]['points'][-1]} points" for c in COLORS)
    desc = escape(f"Step lines of both players' points and holes after each of {xs[-1]} throws; at the end: {ends}.")
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(WIDTH)}" height="{_n(HEIGHT)}" '
            f'viewBox="0 0 {_n(WIDTH)} {_n(HEIGHT)}" role="img" font-family="DejaVu Sans, Verdana, sans-serif" '
            f'font-size="{_n(FONT)}" fill="{INK}"><title>Points and holes</title><desc>{desc}</desc>'
            f'<rect width="100%" height="100%" fill="#ffffff"/>{"".join(out)}</svg>\n')
