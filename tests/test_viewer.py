"""The game viewer in a real headless Chromium (Debian's), opened from file:// with no server.

scripts/test.sh installs Chromium (apt-get) when it is missing; without it these tests are skipped,
saying why.  The points shown are checked against a score given to the page builder, so the test
exercises the viewer whatever the scoring engine does."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from trictrac_notation.site import gamepage
from trictrac_notation.site.site import build

RECORD = """[Title "Viewer test"]
[First "white"]

1. white 6-4 T-6 T-4
2. black 5-3 T-5 T-3
3. white sonnez T-6 T-6 {a comment}
4. black 2-1 T-2 T-1
"""



def fake_score(t):
    """White gains 2 points a throw of his, Black 4 a throw of his: visible, known numbers, given to the page
    builder as a scorer's result (what the move list and the viewer's diagram and score both read)."""
    after = {"white": {"points": 2 * ((t.index + 1) // 2), "holes": 0, "bredouille": False},
             "black": {"points": 4 * (t.index // 2), "holes": 1, "bredouille": False}}
    return SimpleNamespace(after=after, events=[], ecoles=[], marker=None, applied={})


@pytest.fixture(scope="module")
def page_url(tmp_path_factory):
    root = tmp_path_factory.mktemp("viewer")
    (root / "src/games").mkdir(parents=True)
    (root / "src/index.md").write_text("# Test\n\n[Game](games/viewer.md)\n", encoding="utf-8")
    (root / "src/games/viewer.tric").write_text(RECORD, encoding="utf-8")
    real = gamepage._replay

    def scored(*args, **kw):
        result, diags = real(*args, **kw)
        for t in result.throws:
            t.score = fake_score(t)
        return result, diags

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(gamepage, "_replay", scored)
        build(root / "out", src=root / "src", cache=root / "cache", progress=False)
    return (root / "out/games/viewer.html").as_uri()


def state(page) -> dict:
    return page.evaluate("""() => {
        const v = document.querySelector('.trictrac-viewer');
        return {counter: v.querySelector('.tv-counter').textContent, label: v.querySelector('.tv-label').textContent,
                svg: v.querySelector('.tv-diagram').innerHTML, white: v.querySelector('.tv-score-white').textContent,
                black: v.querySelector('.tv-score-black').textContent,
                flags: v.querySelector('.tv-flags').textContent,
                prevDisabled: v.querySelector('.tv-prev').disabled, nextDisabled: v.querySelector('.tv-next').disabled,
                current: [...document.querySelectorAll('tr.current')].map(r => r.dataset.throw)};
    }""")


def test_step_through_a_game(browser, page_url):
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_url)
    start = state(page)
    assert start["counter"] == "throw 0 / 4" and start["label"] == "starting position"
    assert start["white"] == "white 0 holes 0 points" and start["prevDisabled"] and not start["nextDisabled"]

    page.click(".tv-next")
    one = state(page)
    assert one["counter"] == "throw 1 / 4" and one["label"] == "1. white 6-4: T-6 T-4"
    assert one["svg"] != start["svg"]
    assert one["white"] == "white 0 holes 2 points" and one["black"] == "black 1 hole 0 points"
    assert one["current"] == ["1"]

    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    three = state(page)
    assert three["counter"] == "throw 3 / 4" and three["label"] == "3. white sonnez: T-6 T-6"
    assert three["white"] == "white 0 holes 4 points" and three["black"] == "black 1 hole 4 points"
    assert "a comment" in three["flags"] and three["svg"] not in (one["svg"], start["svg"])

    page.keyboard.press("ArrowLeft")
    two = state(page)
    assert two["counter"] == "throw 2 / 4" and two["black"] == "black 1 hole 4 points"
    assert two["white"] == "white 0 holes 2 points"

    page.click(".tv-prev")
    page.click(".tv-prev")
    assert state(page)["svg"] == start["svg"] and state(page)["counter"] == "throw 0 / 4"

    page.keyboard.press("End")
    end = state(page)
    assert end["counter"] == "throw 4 / 4" and end["nextDisabled"]
    page.keyboard.press("ArrowRight")  # past the end: stays
    assert state(page)["counter"] == "throw 4 / 4"
    assert not [e for e in errors if "viewer" in e or "TRICTRAC" in e], errors
    page.close()


def test_a_row_of_the_move_list_jumps_to_its_throw(browser, page_url):
    page = browser.new_page()
    page.goto(page_url)
    page.click('tr[data-throw="3"] td:nth-child(3)')
    assert state(page)["counter"] == "throw 3 / 4" and state(page)["current"] == ["3"]
    page.close()
