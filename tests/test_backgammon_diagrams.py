"""Backgammon diagrams draw the moves as trictrac's do (render/looks.py, diagram.moves / knocked): an arrow per
dame from where it stood — the bar for a dame entering — through each point it rested on to where it stands, or
to the tray of the dames borne off; a dame hit gets a ring and a dashed arrow to the bar.  Checked on the
scene's shapes (where each curve starts and ends), for either player at the bottom, and through the CLI."""

from __future__ import annotations

import math

import pytest

from trictrac_notation.cli.main import main
from trictrac_notation.core.board import other
from trictrac_notation.engine.opengame import open_game
from trictrac_notation.render import layout
from trictrac_notation.render.diagram import replay_scene
from trictrac_notation.render.layout import HEAD_LEN, R_DAME, R_GHOST, R_HIT, WIDTH

HEAD = '[Game "backgammon"]\n'


def turned(xy: tuple[float, float]) -> tuple[float, float]:
    """Where a place of trictrac's board is on backgammon's, turned half round (render/turned.py): its rows swapped,
    then mirrored left to right."""
    return WIDTH - xy[0], xy[1]


def slot(track: int, bottom: str, k: float) -> tuple[float, float]:
    return turned(layout.slot(track, other(bottom), k))


def bar_spot(color: str, bottom: str) -> tuple[float, float]:
    return turned(layout.bar_spot(color, other(bottom)))


def off_tray(color: str, bottom: str) -> tuple[float, float]:
    return turned(layout.off_tray(color, other(bottom)))


def curves(scene, cls: str) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The (start, end) of each curve of a class, in the order drawn."""
    return [(sh.geom[0], sh.geom[2]) for sh in scene.shapes if sh.kind == "path" and sh.cls == cls]


def near(p, q, within: float) -> bool:
    return math.dist(p, q) <= within + 1e-6


def drawn(text: str, n: int = 1, bottom: str | None = None):
    replay = open_game(HEAD + text, kind="text").replay
    assert not replay.errors, replay.errors
    return replay_scene(replay, n, bottom=bottom)


@pytest.mark.parametrize("bottom", ["white", "black"])
def test_a_dame_entering_from_the_bar_hits_and_the_hit_dame_goes_to_the_bar(bottom):
    # white enters on his 21 (track 3) with the 4, hitting Black's blot there, then plays 2/1 with the 1
    sc = drawn("@white bar:1 2:2 1:1 off:11\n@black 4:1 6:3 8:3 13:5 off:3\n\n1. white 4-1 bar/21* 2/1\n",
               bottom=bottom)
    moves = curves(sc, "move")
    assert len(moves) == 2
    (start, end), (start2, end2) = moves
    assert near(start, bar_spot("white", bottom), R_DAME) and near(end, slot(3, bottom, 0), R_DAME + HEAD_LEN)
    assert near(start2, slot(22, bottom, 1), R_DAME) and near(end2, slot(23, bottom, 1), R_DAME + HEAD_LEN)
    rings = [sh for sh in sc.shapes if sh.cls == "hit bar"]
    assert [sh.data for sh in rings] == [(("track", 3),)] and near(rings[0].geom[:2], slot(3, bottom, 0), 0)
    [(k0, k1)] = curves(sc, "knock")  # from the ring to Black's bar, where his dame now waits
    assert near(k0, slot(3, bottom, 0), R_HIT) and near(k1, bar_spot("black", bottom), R_DAME + HEAD_LEN)
    assert [sh.cls for sh in sc.shapes if sh.cls.startswith("bar")] == ["bar black"]
    assert [sh.cls for sh in sc.shapes if sh.cls == "ghost"] == ["ghost", "ghost"]  # the bar, and white's 2 emptied
    assert sc.title == "Backgammon: white 4-1: bar/21* 2/1" and "black (" in sc.desc and "1 on the bar" in sc.desc


def test_bearing_off_ends_on_the_tray_and_a_dame_playing_both_numbers_shows_where_it_rested():
    text = "@white 6:1 2:2 off:12\n@black 24:15\n\n1. white 6-2 6/off\n2. black 3-1 24/20\n3. white 2-2 2/off(2)\n"
    sc = drawn(text, 1)  # 6/off with 6-2: the dame rests on 4 (the 2), then the 6 bears it off
    legs = curves(sc, "move")
    assert len(legs) == 2 and [sh.geom[:2] for sh in sc.shapes if sh.cls == "rest"] == [slot(20, "white", 0)]
    assert near(legs[0][0], slot(18, "white", 0), R_DAME) and near(legs[1][1], off_tray("white", "white"),
                                                                   R_DAME + HEAD_LEN)
    assert near(legs[0][1], legs[1][0], 2 * R_GHOST)  # the two legs meet at the rest
    sc = drawn(text, 2)  # black's 24/20 with 3-1: one dame off the top of his pile of 15, resting on the way
    legs = curves(sc, "move")
    assert len(legs) == 2 and [sh.cls for sh in sc.shapes if sh.cls == "rest"] == ["rest"]
    assert near(legs[0][0], slot(23, "white", 4), R_DAME) and near(legs[1][1], slot(19, "white", 0),
                                                                   R_DAME + HEAD_LEN)
    sc = drawn(text, 3)
    assert [near(e, off_tray("white", "white"), R_DAME + HEAD_LEN) for _, e in curves(sc, "move")] == [True, True]
    assert sc.title == "Backgammon: white 2-2: 2/off(2)"


def test_the_points_are_labelled_from_the_bottom_players_side():
    sc = drawn("1. white 6-2 13/5\n", bottom="black")
    labels = {sh.data[0][1]: sh.geom[2] for sh in sc.background if sh.cls == "label"}
    assert labels[0] == "1" and labels[23] == "24" and labels[11] == "12"  # White's track 0 is Black's point 1


def test_the_cli_draws_the_arrows_of_a_backgammon_throw(tmp_path, capsys):
    path = tmp_path / "bg.tric"
    path.write_text(HEAD + "@white bar:1 2:2 1:1 off:11\n@black 4:1 6:3 8:3 13:5 off:3\n\n"
                    "1. white 4-1 bar/21* 2/1\n")
    assert main(["diagram", str(path), "--throw", "1"]) == 0
    svg = capsys.readouterr().out
    assert svg.count('class="move"') == 2 and svg.count('class="knock"') == 1 and 'class="hit bar"' in svg
    assert "white 4-1: bar/21* 2/1" in svg
