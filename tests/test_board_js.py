"""The browser's writer (static/board.js) draws every frame as the SVG writer (svg.py) does: both lay the
frame out from the one description of the board (layout.py), board.js from the compact data a game page
ships (viewdata.py).  Checked in a real headless Chromium on every frame of the bundled games and of
random games in every coordinate system, both layouts, both sides at the bottom: the same elements in
the same order — the dames with their arrow and colour, the arrows' curves and heads, hits, pleins, the
jetons and fichets, the words and where they stand, the caption — attribute by attribute (only the
element ids, which name each drawing, differ).  Also that the built page's viewer shows those drawings."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from trictrac_notation.engine.opengame import replay_setup
from trictrac_notation.engine.replay import replay
from trictrac_notation.games.backgammon.randomgame import random_record as random_backgammon
from trictrac_notation.games.trictrac.randomgame import random_record
from trictrac_notation.notation.reader import parse, write
from trictrac_notation.notation.record import Header
from trictrac_notation.render.layout import description
from trictrac_notation.render.svg import replay_svg
from trictrac_notation.site.viewdata import board_data, frames_data

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "trictrac_notation/site/static"
SYSTEMS = ["player", "soumille", "lepeintre", "trictrac-org", "absolute", "american"]
DRAW_ALL = """g => { const out = []; for (let n = 0; n < g.frames.length; n++)
    for (const c of [false, true]) out.push(TrictracBoard.frameSVG(g, n, c, 560, 'js')); return out; }"""


def random_game(seed: int) -> str:
    """A scored random game of 150 throws (hits, pleins, holes, relevés), in a system by the seed."""
    record = random_record(seed, SYSTEMS[seed % len(SYSTEMS)], max_throws=150, relevés=150)
    record.headers.append(Header("Rules", "guiton-1822"))
    if seed % 2 and SYSTEMS[seed % len(SYSTEMS)] not in ("soumille", "lepeintre"):  # (written from White's side)
        record.headers.append(Header("Bottom", "black"))
    return write(record)


def backgammon_game(seed: int) -> str:
    """A random backgammon game (hits, dames on the bar entering, bearing off), Black at the bottom for odd seeds."""
    text = random_backgammon(seed, cube=False)
    return text.replace("[Title", '[Bottom "black"]\n[Title', 1) if seed % 2 else text


def games() -> dict:
    texts = {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8")
             for p in sorted((ROOT / "site_src/games").rglob("*.tric"))}
    texts.update({f"random {seed}": random_game(seed) for seed in range(len(SYSTEMS))})
    texts.update({f"random backgammon {seed}": backgammon_game(seed) for seed in range(2)})
    return texts


def elements(svg: str) -> list:
    """Every element of an SVG in order: tag, attributes (without the ids) and text."""
    return [(e.tag, {k: v for k, v in e.attrib.items() if k not in ("id", "aria-labelledby")}, e.text or "")
            for e in ET.fromstring(svg).iter()]


@pytest.fixture(scope="module")
def page(browser):
    page = browser.new_page()
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(content=f"window.TRICTRAC_LAYOUT = {json.dumps(description())};")
    page.add_script_tag(content=(STATIC / "board.js").read_text(encoding="utf-8"))
    yield page
    page.close()


@pytest.mark.parametrize("name, text", list(games().items()), ids=list(games()))
def test_every_frame_is_drawn_in_the_browser_as_the_svg_writer_draws_it(page, name, text):
    record, diags = parse(text, name)
    options, more = replay_setup(None, record)
    result = replay(record, **options, parse_diagnostics=diags + more)
    game = {"board": board_data(result), "frames": frames_data(result)}
    drawn = page.evaluate(DRAW_ALL, game)
    assert len(drawn) == 2 * (len(result.throws) + 1)
    kinds = set()
    for i, js in enumerate(drawn):
        n, compact = divmod(i, 2)
        ours = elements(replay_svg(result, n, compact=bool(compact), width=560))
        theirs = elements(js)
        assert len(theirs) == len(ours), (name, n, compact)
        for a, b in zip(ours, theirs, strict=True):
            assert a == b, (name, n, "compact" if compact else "full")
        kinds |= {e[1].get("class", "").split(" ")[0] for e in ours}
    if name.startswith("random backgammon"):  # the bar, its dames entering, hits and bearing off were drawn
        assert {"dame", "bar", "count", "move", "move-head", "ghost", "rest", "hit", "knock", "knock-head", "die",
                "caption", "off"} <= kinds, kinds
        assert not kinds & {"jeton", "fichet", "pavillon", "plein"}, kinds
        assert any(e[1].get("class") == "count bar" for svg in drawn for e in elements(svg))
    elif name.startswith("random"):  # the games drew everything the comparison is meant to cover
        assert {"dame", "count", "move", "move-head", "ghost", "hit", "tag", "jeton", "fichet", "die", "caption",
                "off"} <= kinds, kinds


@pytest.mark.parametrize("folder, throws", [("", (1, 40, 150)), ("backgammon/", (8, 9, 11, 19))],
                         ids=["trictrac", "backgammon"])
def test_the_page_viewer_shows_the_drawings(browser, tmp_path, folder, throws):
    """The built page's viewer: its diagram after a throw is the SVG writer's (the board by reference), but for the
    better play the page's analysis draws over it; a backgammon page's too (a dame hit to the bar, entering from
    it, the cube's double, bearing off)."""
    from trictrac_notation.site.site import build

    text = (ROOT / "tests/data/backgammon-money.tric").read_text(encoding="utf-8") if folder \
        else random_game(3)
    (tmp_path / f"src/games/{folder}").mkdir(parents=True)
    (tmp_path / "src/index.md").write_text("# Test\n\n[Games](games/index.md)\n", encoding="utf-8")
    (tmp_path / f"src/games/{folder}g.tric").write_text(text, encoding="utf-8")
    build(tmp_path / "out", src=tmp_path / "src", cache=tmp_path / "cache", progress=False)
    record, diags = parse(text)
    options, more = replay_setup(None, record)
    result = replay(record, **options, parse_diagnostics=diags + more)
    page = browser.new_page(viewport={"width": 1400, "height": 900})
    errors: list = []
    page.on("pageerror", lambda e: errors.append(e))
    page.goto((tmp_path / f"out/games/{folder}g.html").as_uri())
    for n in throws:
        page.evaluate(f"() => document.querySelector('tr[data-throw=\"{n}\"]').click()")
        svg = page.evaluate("""() => { const svg = document.querySelector('.tv-diagram .tv-full svg').cloneNode(true);
            svg.querySelectorAll('use').forEach(u => { const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
                g.innerHTML = document.querySelector(u.getAttribute('href')).innerHTML; u.replaceWith(g); });
            return svg.outerHTML; }""")  # noqa: E501
        theirs = [e for e in elements(svg) if e[0] != "{http://www.w3.org/2000/svg}g"
                  and "better" not in e[1].get("class", "")]  # the better play of the page's analysis: the viewer's own
        assert theirs == elements(replay_svg(result, n, width=560)), n
    assert not errors
    page.close()


DRAW_STEPS = """g => { const B = TrictracBoard, scores = B.scores(g.frames), out = [];
    const svg = (frame, score, compact) => B.sceneSVG(B.scene(g.board, frame, score, compact), 560, 'js');
    g.frames.forEach((f, n) => {
        if (f.r) { for (const c of [false, true]) { out.push(['r', n, 0, c, svg(f.r, scores[n], c)]); } }
        (f.br || []).forEach((line, v) => { let last = null; line.forEach((b, k) => {
            if ('sc' in b) { last = b.sc; } out.push(['b', n, v, k, svg(b, last, false)]); }); });
    }); return out; }"""


@pytest.mark.parametrize("name", ["guiton-le-coin-battu.tric", "backgammon/backgammon-match.tric",
                                  "historical/lelasseux-1852-296-taking-the-coin-by-a-revirade.tric"])
def test_the_repiling_and_the_variations_are_drawn_as_the_svg_writer_draws_them(page, name):
    """The viewer's steps that are no frame of the main line: the dames re-piled after a throw that ends a relevé (or
    a game), and each throw of a variation — in the browser as in Python (diagram.repile_view, result_view)."""
    from trictrac_notation.engine.opengame import open_game
    from trictrac_notation.render.diagram import repile_view, replay_system, result_view, scene
    from trictrac_notation.render.looks import look_of
    from trictrac_notation.render.svg import scene_svg

    result = open_game(ROOT / "site_src/games" / name).replay
    look = look_of(result.game)
    drawn = page.evaluate(DRAW_STEPS, {"board": board_data(result), "frames": frames_data(result)})
    for kind, n, v, k, js in drawn:
        throw = result.throws[n - 1]
        view = repile_view(throw, look) if kind == "r" else result_view(throw.variations[v][k], look)
        assert view is not None
        ours = scene(view[0], coords=replay_system(result), bottom=result.bottom, annotations=view[1],
                     compact=kind == "r" and bool(k), look=look)
        assert elements(scene_svg(ours, 560)) == elements(js), (name, kind, n, v, k)
    assert ("b" if "revirade" in name else "r") in {kind for kind, *_ in drawn}  # (a variation; a re-piling)
