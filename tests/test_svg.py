"""SVG board diagrams (svg.py over diagram.py): structure read back from the XML.

Positions are drawn as text (conftest.board).  Expected placements come from
rules.md: §1.4 for the letters (Soumille's A is the talon of the player drawn at
the top, Lepeintre's a that of the bottom player), §1.5 for jetons and fichets,
§3.3 for hits à vrai / à faux, §3.5 for pleins.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest
from conftest import board
from hypothesis import given, settings, strategies as st

from trictrac_notation.core.board import BLACK, OFF, WHITE, Position
from trictrac_notation.engine.replay import replay_text
from trictrac_notation.games.trictrac.events import Event
from trictrac_notation.games.trictrac.moves import Step
from trictrac_notation.games.trictrac.randomgame import random_throws
from trictrac_notation.render.svg import Annotations, NoSuchThrow, board_svg, replay_svg, throw_annotations

NS = "{http://www.w3.org/2000/svg}"


# --- reading the SVG back -------------------------------------------------------------

def tree(svg: str):
    return ET.fromstring(svg)


def by_class(root, *classes) -> list:
    """Elements carrying all of ``classes``."""
    return [e for e in root.iter() if set(classes) <= set(e.get("class", "").split())]


def track_of(e) -> int:
    return int(e.get("data-track"))


def arrows(root) -> dict:
    """White-frame track -> (x_left, x_right, y_base, y_tip) of its triangle."""
    out = {}
    for e in by_class(root, "arrow"):
        (x0, y0), (x1, _), (_, ytip) = [tuple(map(float, p.split(","))) for p in e.get("points").split()]
        out[track_of(e)] = (x0, x1, y0, ytip)
    return out


def middle_y(root) -> float:
    a = arrows(root)
    return (a[0][2] + a[23][2]) / 2


def in_bottom_row(root, white_track: int) -> bool:
    return arrows(root)[white_track][2] > middle_y(root)


def text_of(e) -> str:
    return "".join(e.itertext())


def dames_per_track(root, color: str) -> dict:
    out = {}
    for e in by_class(root, "dame", color):
        out[track_of(e)] = out.get(track_of(e), 0) + 1
    return out


def white_tracks(color: str, fields: dict) -> dict:
    return {(t if color == WHITE else 23 - t): n for t, n in fields.items()}


# --- the board itself ---------------------------------------------------------------------

def test_24_arrows_alternate_and_facing_arrows_differ():
    root = tree(board_svg(Position.initial()))
    a = by_class(root, "arrow")
    assert sorted(track_of(e) for e in a) == list(range(24))
    fill = {track_of(e): e.get("fill") for e in a}
    assert len(set(fill.values())) == 2
    for t in range(11):  # along a side the colours alternate (rules.md §1.1)
        assert fill[t] != fill[t + 1]
    for t in range(12):  # arrow t faces the opponent's arrow t: 23 - t in White's frame
        assert fill[t] != fill[23 - t]


def test_initial_position_piles_with_count():
    root = tree(board_svg(Position.initial()))
    assert dames_per_track(root, WHITE) == {0: 5}
    assert dames_per_track(root, BLACK) == {23: 5}
    counts = sorted(text_of(e) for e in by_class(root, "count"))
    assert counts == ["15", "15"]


@pytest.mark.parametrize("drawing", [
    "white: T:7 1:1 3:1 5:2 6:2 11:2 / black: T:8 3:1 6:1 8:2 11:2 7:1",
    "white: T:0 6:2 7:2 8:2 9:3 10:3 11:3 / black: T:3 1:6 2:6",
    "white: T:0 5':6 3':5 1':2 off:2 / black: T:9 4:5 off:1",
])
@pytest.mark.parametrize("bottom", [WHITE, BLACK])
def test_dames_per_arrow_match_the_position(drawing, bottom):
    pos = board(drawing)
    root = tree(board_svg(pos, bottom=bottom))
    for color in (WHITE, BLACK):
        want = {t: min(n, 5) for t, n in white_tracks(color, pos.fields(color)).items()}
        assert dames_per_track(root, color) == want
    counts = {text_of(e) for e in by_class(root, "count") if "off" not in e.get("class")}
    beyond_five = {str(n) for c in (WHITE, BLACK) for n in pos.fields(c).values() if n > 5}
    assert counts == beyond_five
    off = {e.get("class").split()[1] for e in by_class(root, "off") if e.tag == NS + "circle"}
    assert off == {c for c in (WHITE, BLACK) if pos.borne_off(c)}
    off_counts = sorted(text_of(e) for e in by_class(root, "count", "off"))
    assert off_counts == sorted(str(pos.borne_off(c)) for c in off)


def test_seven_dames_show_seven():
    pos = board("white: T:8 6:7 / black: T:15")
    root = tree(board_svg(pos))
    counts = [e for e in by_class(root, "count") if text_of(e) == "7"]
    assert len(counts) == 1
    assert len([e for e in by_class(root, "dame", WHITE) if track_of(e) == 6]) == 5


def test_layout_bottom_player_talon_left_coin_right():
    """textboard's convention: both talons at the left, the bottom player's side at the bottom."""
    for bottom in (WHITE, BLACK):
        root = tree(board_svg(Position.initial(), bottom=bottom))
        a = arrows(root)
        own = (lambda k: k) if bottom == WHITE else (lambda k: 23 - k)  # bottom player's arrow k, White's frame
        assert in_bottom_row(root, own(0)) and in_bottom_row(root, own(11))
        assert not in_bottom_row(root, own(12)) and not in_bottom_row(root, own(23))
        assert a[own(0)][0] < a[own(5)][0] < a[own(6)][0] < a[own(11)][0]
        # the top player's talon is at the left too, over the bottom player's talon
        assert a[own(23)][0] == a[own(0)][0]
        # the middle band lies between arrows 5 and 6: a wider gap there than between 4 and 5
        assert a[own(6)][0] - a[own(5)][1] > a[own(5)][0] - a[own(4)][1] + 10
        # the dames of the bottom player stand on his talon, at the bottom left
        pile = by_class(root, "dame", bottom)
        assert all(float(e.get("cy")) > middle_y(root) for e in pile)


def labels(root) -> dict:
    return {track_of(e): text_of(e) for e in by_class(root, "label")}


def test_labels_per_player_system():
    root = tree(board_svg(Position.initial()))
    lab = labels(root)
    assert lab[0] == "T" and lab[11] == "11" and lab[23] == "T" and lab[12] == "11"


def test_soumille_letters_a_at_the_top_talon():
    """rules.md §1.4: A is the talon of the player drawn at the top, & that of the bottom player."""
    for bottom, top_talon, bottom_talon in ((WHITE, 23, 0), (BLACK, 0, 23)):
        root = tree(board_svg(Position.initial(), coords="soumille", bottom=bottom))
        lab = labels(root)
        assert lab[top_talon] == "A" and lab[bottom_talon] == "&"
        assert not in_bottom_row(root, top_talon) and in_bottom_row(root, bottom_talon)
        assert set(lab.values()) == set("ABCDEFGHIKLMNOPQRSTVXYZ&")


def test_lepeintre_letters_a_at_the_bottom_talon():
    for bottom, bottom_talon, top_talon in ((WHITE, 0, 23), (BLACK, 23, 0)):
        lab = labels(tree(board_svg(Position.initial(), coords="lepeintre", bottom=bottom)))
        assert lab[bottom_talon] == "a" and lab[top_talon] == "y"


def test_flipped_board_puts_black_at_the_bottom():
    pos = board("white: T:13 6:1 4:1 / black: T:14 5:1")
    down = tree(board_svg(pos, bottom=BLACK))
    up = tree(board_svg(pos, bottom=WHITE))
    black_down = [float(e.get("cy")) for e in by_class(down, "dame", BLACK)]
    black_up = [float(e.get("cy")) for e in by_class(up, "dame", BLACK)]
    assert min(black_down) > middle_y(down) > max(black_up)
    sides = [(text_of(e), float(e.get("y"))) for e in by_class(down, "side")]
    assert sorted(sides, key=lambda s: s[1])[-1][0] == BLACK


# --- score: jetons, fichets, pavillon (rules.md §1.5) ---------------------------------

def score_svg(score, marker=None, bottom=WHITE):
    return tree(board_svg(Position.initial(), bottom=bottom, annotations=Annotations(score=score, marker=marker)))


@pytest.mark.parametrize("bottom", [WHITE, BLACK])
@pytest.mark.parametrize("color", [WHITE, BLACK])
def test_jeton_positions(color, bottom):
    own = (lambda k: k) if color == WHITE else (lambda k: 23 - k)
    for points, where in ((2, ("edge", 1)), (4, ("edge", 3)), (6, ("band side", 5)), (8, ("band side", 6)),
                          (10, ("band side", 11))):
        root = score_svg({color: {"points": points, "holes": 0, "bredouille": False}}, bottom=bottom)
        a = arrows(root)
        jetons = by_class(root, "jeton", color)
        assert len(jetons) == 1 and int(jetons[0].get("data-points")) == points
        cx, cy = float(jetons[0].get("cx")), float(jetons[0].get("cy"))
        left, right, base, _ = a[own(where[1])]
        centre = (left + right) / 2
        if where[0] == "edge":  # between arrow k and arrow k + 1
            assert cx == pytest.approx(right, abs=1)
        elif points == 8:  # just beyond the middle band: on arrow 6's near half
            assert left <= cx < centre
        else:  # against the middle band / the short band: on the far half of arrow 5 / 11
            assert centre < cx <= right
        # on the owner's own long band, outside the arrows
        if (color == bottom):
            assert cy > base
        else:
            assert cy < base


def test_no_jeton_at_zero_points_and_two_in_bredouille():
    root = score_svg({WHITE: {"points": 0, "holes": 0}, BLACK: {"points": 4, "holes": 0, "bredouille": True}})
    assert by_class(root, "jeton", WHITE) == []
    two = by_class(root, "jeton", BLACK)
    assert len(two) == 2
    assert {e.get("data-points") for e in two} == {"4"}
    assert "bredouille" in text_of(root)


@pytest.mark.parametrize("holes", [1, 2, 6, 7, 12])
def test_fichet_at_the_foot_of_arrow_holes_minus_one(holes):
    for color, bottom in ((WHITE, WHITE), (BLACK, WHITE), (WHITE, BLACK)):
        root = score_svg({color: {"points": 0, "holes": holes}}, bottom=bottom)
        (fichet,) = by_class(root, "fichet", color)
        points = [tuple(map(float, p.split(","))) for p in fichet.get("points").split()]
        cx = sum(x for x, _ in points) / 4
        cy = sum(y for _, y in points) / 4
        own = holes - 1 if color == WHITE else 23 - (holes - 1)
        left, right, base, _ = arrows(root)[own]
        assert cx == pytest.approx((left + right) / 2, abs=0.5)
        assert (cy > base) == (color == bottom)
        assert int(fichet.get("data-holes")) == holes


def test_fichet_without_holes_waits_in_the_short_band():
    root = score_svg({WHITE: {"points": 2, "holes": 0}, BLACK: {"points": 0, "holes": 0}})
    talon_left = arrows(root)[0][0]
    for color in (WHITE, BLACK):
        (fichet,) = by_class(root, "fichet", color)
        xs = [float(p.split(",")[0]) for p in fichet.get("points").split()]
        assert max(xs) < talon_left


def test_pavillon_marker_in_its_holders_half():
    for marker in (WHITE, BLACK):
        root = score_svg({WHITE: {"points": 0, "holes": 3}, BLACK: {"points": 0, "holes": 5}}, marker=marker)
        (flag,) = by_class(root, "pavillon")
        assert flag.get("class") == f"pavillon {marker}"
        ys = [float(p.split(",")[1]) for p in flag.get("points").split()]
        assert (min(ys) > middle_y(root)) == (marker == WHITE)  # White at the bottom
    assert by_class(score_svg({WHITE: {"points": 2, "holes": 0}}), "pavillon") == []


# --- annotations: hits, fills, moves, dice, captions -------------------------------------------

E2_LIKE = "white: T:9 1:1 3:1 5:2 6:2 / black: T:8 3:1 6:1 8:2 11:2 7:1"


def test_hit_markers_distinct_for_vrai_and_faux():
    pos = board(E2_LIKE)
    events = [
        Event("battre-a-vrai", WHITE, 4, 2, half="coin", target=16),  # black's arrow 7, roller White's frame
        Event("battre-a-faux", BLACK, 4, 1, half="talon", target=20),  # black's arrow 3
    ]
    root = tree(board_svg(pos, annotations=Annotations(dice=(6, 4), mover=WHITE, events=events)))
    (vrai,) = by_class(root, "hit", "vrai")
    (faux,) = by_class(root, "hit", "faux")
    assert track_of(vrai) == 16 and track_of(faux) == 20
    # not by colour alone: the line style and a word differ too
    assert vrai.get("stroke-dasharray") is None and faux.get("stroke-dasharray")
    assert vrai.get("stroke") != faux.get("stroke")
    tags = sorted(text_of(e) for e in by_class(root, "tag") if {"vrai", "faux"} & set(e.get("class").split()))
    assert tags == ["à faux", "à vrai"]
    # the ring surrounds the beaten dame
    (dame,) = [e for e in by_class(root, "dame", BLACK) if track_of(e) == 16]
    assert (float(vrai.get("cx")), float(vrai.get("cy"))) == (float(dame.get("cx")), float(dame.get("cy")))
    captions = [text_of(e) for e in by_class(root, "caption")]
    assert "white +4 battre à vrai on 7', 2 ways" in captions
    assert "black +4 battre à faux on 3'" in captions


def test_hit_target_is_in_the_rollers_frame_for_black_too():
    pos = board("white: T:13 4:1 6:1 / black: T:15")
    ev = Event("battre-a-vrai", BLACK, 4, target=19)  # black's track 19 = white's arrow 4
    root = tree(board_svg(pos, annotations=Annotations(mover=BLACK, dice=(5, 3), events=[ev])))
    assert [track_of(e) for e in by_class(root, "hit")] == [4]
    # without a mover, the roller of a hit à vrai is its beneficiary
    root = tree(board_svg(pos, annotations=Annotations(events=[ev])))
    assert [track_of(e) for e in by_class(root, "hit")] == [4]


def test_filled_jan_highlighted_over_the_beneficiarys_quadrant():
    pos = board("white: T:5 1:2 2:2 3:2 4:2 5:2 / black: T:15")
    ev = Event("remplir", WHITE, 4, quadrant="petit-jan")
    root = tree(board_svg(pos, annotations=Annotations(dice=(2, 1), mover=WHITE, events=[ev])))
    (plein,) = by_class(root, "plein", "remplir")
    x, w = float(plein.get("x")), float(plein.get("width"))
    a = arrows(root)
    assert x <= a[0][0] and x + w >= a[5][1]
    assert x + w < a[6][0]  # stops at the middle band
    y = float(plein.get("y"))
    assert y > middle_y(root) - 1  # White's side, at the bottom
    assert "remplir (petit jan)" in [text_of(e) for e in by_class(root, "tag", "plein")]


def test_jan_de_retour_highlight_lies_on_the_opponents_side():
    pos = board("white: T:0 6:2 7:2 8:2 9:2 10:2 11:5 / black: T:0 5':2 4':2 3':2 2':2 1':2 T':2 11:3")
    ev = Event("conserver", BLACK, 4, quadrant="retour")
    root = tree(board_svg(pos, annotations=Annotations(mover=BLACK, dice=(6, 6), events=[ev])))
    (plein,) = by_class(root, "plein", "conserver")
    a = arrows(root)  # black's retour = White's arrows T..5, at the bottom left when White is at the bottom
    x, w, y = float(plein.get("x")), float(plein.get("width")), float(plein.get("y"))
    assert x <= a[0][0] and x + w >= a[5][1] and y > middle_y(root) - 1


def test_moves_drawn_as_curves_with_ghosts():
    before = board("white: T:13 1:1 6:1 / black: T:15")
    steps = [Step(1, 5), Step(0, 4)]
    pos = before.moved(WHITE, [(s.src, s.dst) for s in steps])
    root = tree(board_svg(pos, annotations=Annotations(dice=(4, 4), mover=WHITE, steps=steps)))
    assert len(by_class(root, "move")) == 2
    assert len(by_class(root, "move-head")) == 2
    (ghost,) = by_class(root, "ghost")  # arrow 1 is empty now; the talon still shows dames
    a = arrows(root)
    assert a[1][0] < float(ghost.get("cx")) < a[1][1]
    assert "white carmes: 1-5 T-4" in [text_of(e) for e in by_class(root, "caption")]
    assert sorted(int(e.get("data-value")) for e in by_class(root, "die")) == [4, 4]


def test_tout_d_une_rests_on_its_resting_arrow():
    before = board("white: T:15 / black: T:15")
    pos = before.moved(WHITE, [(0, 10)])
    root = tree(board_svg(pos, annotations=Annotations(dice=(6, 4), mover=WHITE, steps=[Step(0, 10, via=6)])))
    (rest,) = by_class(root, "rest")
    a = arrows(root)
    assert a[6][0] < float(rest.get("cx")) < a[6][1]
    assert len(by_class(root, "move")) == 2 and len(by_class(root, "move-head")) == 1


def test_borne_off_dame_goes_to_the_band():
    before = board("white: T:0 3':5 2':5 1':5 / black: T:15")
    pos = before.moved(WHITE, [(22, OFF), (21, OFF)])
    root = tree(board_svg(pos, annotations=Annotations(dice=(2, 3), mover=WHITE, steps=[Step(22, OFF), Step(21, OFF)])))
    (off,) = by_class(root, "off", WHITE)
    assert float(off.get("cx")) < arrows(root)[0][0]  # left of the board, by the talons' band
    assert text_of(by_class(root, "count", "off")[0]) == "2"
    heads = by_class(root, "move-head")
    assert len(heads) == 2
    tips = [tuple(map(float, h.get("points").split()[0].split(","))) for h in heads]
    ox, oy = float(off.get("cx")), float(off.get("cy"))
    assert all(abs(x - ox) < 40 and abs(y - oy) < 40 for x, y in tips)
    assert "white 2-3: 1'-off 2'-off" in [text_of(e) for e in by_class(root, "caption")]


def test_score_caption():
    ann = Annotations(score={WHITE: {"points": 6, "holes": 1, "bredouille": False},
                             BLACK: {"points": 0, "holes": 2, "bredouille": False}}, marker=BLACK)
    root = tree(board_svg(Position.initial(), annotations=ann))
    assert " ".join(text_of(e) for e in by_class(root, "caption")) == (
        "score: white 1 hole 6 points; black 2 holes 0 points; pavillon: black")


# --- SVG hygiene: XML, viewBox, title/desc, ids, escaping ---------------------------------------

def test_valid_xml_with_viewbox_title_desc_and_unique_ids():
    a = board_svg(Position.initial(), width=400)
    b = board_svg(board("white: T:13 6:1 4:1"), width=400)
    ra, rb = tree(a), tree(b)
    assert ra.tag == NS + "svg"
    w, h = map(float, ra.get("viewBox").split()[2:])
    assert float(ra.get("width")) == 400 and float(ra.get("height")) == pytest.approx(400 * h / w, abs=0.1)
    for root in (ra, rb):
        title, desc = root.find(NS + "title"), root.find(NS + "desc")
        assert title is not None and desc is not None
        assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    ids = lambda svg: set(re.findall(r'id="([^"]+)"', svg))  # noqa: E731
    assert ids(a) and not ids(a) & ids(b)
    assert "white (bottom): T:13 4:1 6:1" in rb.find(NS + "desc").text


def test_text_is_escaped():
    ann = Annotations(captions=['a <b> & "c" </svg>'])
    svg = board_svg(Position.initial(), annotations=ann, title="Kermadeuc & <Lepeintre>")
    root = tree(svg)
    assert root.find(NS + "title").text == "Kermadeuc & <Lepeintre>"
    captions = [text_of(e) for e in by_class(root, "caption")]
    assert captions[0] == "Kermadeuc & <Lepeintre>" and 'a <b> & "c" </svg>' in captions


def test_repr_svg_for_jupyter():
    pos = board("white: T:13 6:1 4:1")
    assert pos._repr_svg_() == board_svg(pos)
    assert tree(pos._repr_svg_()).tag == NS + "svg"


def test_bad_bottom_and_coords_are_refused():
    with pytest.raises(ValueError, match="bottom must be"):
        board_svg(Position.initial(), bottom="red")
    with pytest.raises(ValueError, match="unknown coordinate system 'soumile'"):
        board_svg(Position.initial(), coords="soumile")


# --- from a replay ------------------------------------------------------------------------------

GAME = """[Title "Test"]
[Coords "player"]
1. white 6-4 T-6 T-4
2. black 5-3 T-5 T-3
3. white 6-3 T-6-9
"""


def test_replay_svg_throws_and_range():
    rep = replay_text(GAME)
    assert not rep.diagnostics
    start = tree(replay_svg(rep, 0))
    assert dames_per_track(start, WHITE) == {0: 5} and by_class(start, "move") == []
    after1 = tree(replay_svg(rep, 1))
    assert dames_per_track(after1, WHITE) == {0: 5, 4: 1, 6: 1}
    assert len(by_class(after1, "move")) == 2
    last = tree(replay_svg(rep, 3))
    (rest,) = by_class(last, "rest")  # written with its resting arrow 6
    a = arrows(last)
    assert a[6][0] < float(rest.get("cx")) < a[6][1]
    flipped = tree(replay_svg(rep, 2, bottom=BLACK, coords="soumille"))
    assert labels(flipped)[0] == "A"
    for n in (-1, 4):
        with pytest.raises(NoSuchThrow, match="the record has 3 throws"):
            replay_svg(rep, n)


def test_tout_d_une_written_without_its_rest_gets_one():
    rep = replay_text("1. white 6-4 T-10\n")
    root = tree(replay_svg(rep, 1))
    (rest,) = by_class(root, "rest")
    a = arrows(root)
    assert a[6][0] < float(rest.get("cx")) < a[6][1]  # the first die's arrow, free


def test_throw_annotations_with_and_without_a_score():
    rep = replay_text(GAME)
    result = rep.throws[0]
    ann = throw_annotations(result)
    assert ann.dice == (6, 4) and ann.mover == WHITE and [(s.src, s.dst) for s in ann.steps] == [(0, 6), (0, 4)]
    assert ann.events == [] and ann.score is None
    ev = Event("battre-a-vrai", WHITE, 4, target=18)
    result.score = SimpleNamespace(events=[ev], after={WHITE: {"points": 4, "holes": 0, "bredouille": False},
                                                      BLACK: {"points": 0, "holes": 0, "bredouille": False}})
    ann = throw_annotations(result)
    assert ann.events == [ev] and ann.score[WHITE]["points"] == 4
    root = tree(replay_svg(rep, 1))
    assert [track_of(e) for e in by_class(root, "hit", "vrai")] == [18]
    assert len(by_class(root, "jeton", WHITE)) == 1


def test_fausse_case_is_captioned():
    rep = replay_text("1. white 6-4 T-6 T-5\n")
    root = tree(replay_svg(rep, 1))
    assert any("fausse case" in text_of(e) for e in by_class(root, "caption"))


# --- property: any position of a random legal game ---------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), stop=st.integers(1, 150), bottom=st.sampled_from([WHITE, BLACK]),
       coords=st.sampled_from(["player", "soumille", "lepeintre", "trictrac-org", "absolute", "american"]))
def test_random_positions_draw_faithfully(seed, stop, bottom, coords):
    import itertools
    import random

    *_, (side, dice, play) = itertools.islice(random_throws(random.Random(seed)), stop)  # the stop-th, or the last
    pos = play.result
    root = tree(board_svg(pos, coords=coords, bottom=bottom,
                          annotations=Annotations(dice=dice, mover=side, steps=list(play.steps))))
    for color in (WHITE, BLACK):
        want = {t: min(n, 5) for t, n in white_tracks(color, pos.fields(color)).items()}
        assert dames_per_track(root, color) == want
    assert len(by_class(root, "move-head")) == len(play.steps)
    names = labels(root)
    assert sorted(names) == list(range(24))
    if coords not in ("player", "american"):  # systems naming physical arrows: 24 different names
        assert len(set(names.values())) == 24
