"""The score chart of a game page (chart.py), written directly as SVG: each player's points and holes after
each throw as step lines, read back from the SVG through the chart's own scales."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from trictrac_notation.render import chart

NS = "{http://www.w3.org/2000/svg}"


def frames(points: dict, holes: dict) -> list:
    n = len(points["white"])
    return [{"n": 0, "score": None}] + [
        {"n": i + 1, "score": {c: {"points": points[c][i], "holes": holes[c][i]} for c in ("white", "black")}}
        for i in range(n)]


def lines(svg: str) -> dict:
    root = ET.fromstring(svg[svg.index("<svg"):])
    return {p.get("class"): [tuple(map(float, xy.split(","))) for xy in p.get("points").split()]
            for p in root.iter(f"{NS}polyline")}


def steps(points: list) -> list:
    """The values of a step line, one per run, in order (its y coordinates with repeats removed)."""
    ys = [y for _, y in points]
    return [y for i, y in enumerate(ys) if i == 0 or y != ys[i - 1]]


def test_each_players_points_and_holes_are_step_lines_through_their_values():
    points = {"white": [2, 2, 6, 6, 0, 4], "black": [0, 4, 4, 10, 10, 10]}
    holes = {"white": [0, 0, 0, 0, 1, 1], "black": [0, 0, 0, 0, 0, 2]}
    svg = chart.score_chart(frames(points, holes))
    drawn = lines(svg)
    assert set(drawn) == {"white points", "black points", "white holes", "black holes"}
    top, bottom = chart.TOP, chart.TOP + chart.SHARE * (chart.HEIGHT - chart.TOP - chart.BOTTOM - chart.GAP)

    def points_y(v):
        return round(bottom - v / 12 * (bottom - top), 1)
    for color in ("white", "black"):
        runs = [v for i, v in enumerate([0] + points[color]) if i == 0 or v != ([0] + points[color])[i - 1]]
        assert steps(drawn[f"{color} points"]) == [points_y(v) for v in runs]
    xs = sorted({x for x, _ in drawn["white holes"]})
    assert xs[0] == chart.LEFT and xs[-1] == chart.WIDTH - chart.RIGHT  # from the start to past the last throw
    assert len(steps(drawn["black holes"])) == 2 and len(steps(drawn["white holes"])) == 2
    assert re.search(r"at the end: white 1 holes 4 points; black 2 holes 10 points", svg)


def test_unscored_throws_are_skipped_and_the_chart_is_the_same_each_time():
    f = frames({"white": [2, 4], "black": [0, 0]}, {"white": [0, 0], "black": [0, 0]})
    f.insert(2, {"n": 99, "score": None})
    assert chart.score_chart(f) == chart.score_chart(f)
    assert chart.series(f)[0] == [0, 1, 2]
