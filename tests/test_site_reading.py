"""The site reads well, checked in a real headless Chromium on the bundled site opened from file://:
nothing scrolls sideways at 400 px, the move list never splits a throw number or a score, the headers
keep names and values apart, a row of the move list leaves the viewer's buttons in sight, the matrix
shows every treatise with its rule column fixed and a differences-only view, search works without a
server, and the diagrams' words are legible at 320 px and stand apart (measured with the browser's font).

Few tests, each on one page, to keep Chromium's time small (see test_viewer.py for the set-up)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = "games/guiton-le-coin-battu.html"  # Dorante contre Valère: long comments, two hits side by side at 21

# the lines a text is laid out on: one rectangle top per line
LINES = ("e => { const r = document.createRange(); r.selectNodeContents(e); "
         "return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }")


@pytest.fixture(scope="module")
def site(bundled_site):
    return bundled_site


def open_page(browser, site, rel, width, height=900):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto((site / rel).as_uri())
    return page


@pytest.mark.parametrize("width", [400, 1400])
def test_game_page_fits_and_never_splits_a_number_or_a_score(browser, site, width):
    page = open_page(browser, site, GAME, width)
    sideways = page.evaluate("""() => [document.documentElement.scrollWidth - window.innerWidth,
        ...[...document.querySelectorAll('.md-content *')].filter(e => e.scrollWidth > e.clientWidth + 1
            && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)).map(e => e.className || e.tagName)]""")
    assert sideways == [0], sideways
    numbers = page.eval_on_selector_all(".trictrac-movelist td.n a", f"es => es.map({LINES})")
    scores = page.eval_on_selector_all(".trictrac-movelist td.score span", f"es => es.map({LINES})")
    assert len(numbers) == 24 and set(numbers) == {1}
    assert len(scores) == 48 and set(scores) == {1}
    gaps = page.eval_on_selector_all(".trictrac-headers tr", """rows => rows.map(r => {
        const th = r.querySelector('th').getBoundingClientRect(), td = r.querySelector('td');
        const text = document.createRange(); text.selectNodeContents(td);
        const value = text.getClientRects()[0], name = document.createRange();
        name.selectNodeContents(r.querySelector('th')); const label = name.getClientRects()[0];
        return Math.max(value.left - label.right, value.top - label.bottom); })""")
    assert min(gaps) >= 8, gaps  # "Annotatortrictrac project": a label ran into its value
    page.close()


@pytest.mark.parametrize("width", [400, 1400])
def test_stepping_keeps_the_current_row_in_sight_and_never_moves_the_page(browser, site, width):
    """Board and list side by side from 1000 px, stacked below; twenty steps with the keys: the current row is in
    sight inside the list's own box, and the page has not moved; a click on a row shows its throw, the page still."""
    page = open_page(browser, site, GAME, width)
    page.evaluate("() => window.scrollTo(0, document.querySelector('.tv-controls').getBoundingClientRect().top - 60)")
    before = page.evaluate("() => window.scrollY")
    page.focus(".trictrac-viewer")
    for _ in range(20):
        page.keyboard.press("ArrowRight")
    seen = page.evaluate("""() => { const list = document.querySelector('.trictrac-moves').getBoundingClientRect();
        const row = document.querySelector('tr.throw.current').getBoundingClientRect();
        const board = document.querySelector('.trictrac-viewer').getBoundingClientRect();
        return {inside: row.top >= list.top && row.bottom <= list.bottom, y: window.scrollY,
                side: list.left >= board.right, below: list.top >= board.bottom,
                counter: document.querySelector('.tv-counter').textContent}; }""")
    assert seen["inside"] and seen["y"] == before and seen["counter"] == "throw 20 / 24", seen
    assert seen["side"] if width >= 1000 else seen["below"], seen  # side by side, or stacked
    page.evaluate("() => document.querySelector('tr[data-throw=\"3\"] td.n a').click()")  # its link: no jump
    assert page.evaluate("() => [window.scrollY, document.querySelector('.tv-counter').textContent]") == \
        [before, "throw 3 / 24"]
    page.close()


def test_the_matrix_shows_every_treatise_with_a_fixed_rule_column(browser, site):
    page = open_page(browser, site, "rules/compare.html", 1400)
    fit = page.evaluate("""() => { const s = document.querySelector('.tt-matrix-scroll');
        return [s.scrollWidth - s.clientWidth, document.querySelectorAll('.tt-matrix-table thead th').length]; }""")
    assert fit == [0, 11]  # every treatise in sight at 1400 px
    names = page.eval_on_selector_all(".tt-matrix-table thead th a span", f"es => es.map({LINES})")
    assert len(names) == 20 and set(names) == {1}  # 'Lelasseux' over '1852', never broken mid-word
    rows = page.evaluate("() => [...document.querySelectorAll('.tt-matrix-table tbody tr')]"
                         ".filter(r => r.offsetHeight).length")
    page.click("label[for=tt-differences-only]")
    shown = page.evaluate("""() => [...document.querySelectorAll('.tt-matrix-table tbody tr')]
        .filter(r => r.offsetHeight).map(r => r.className)""")
    assert 0 < len(shown) < rows and set(shown) == {"differs"}
    page.set_viewport_size({"width": 700, "height": 900})  # now the table scrolls: the rule column stays
    moved = page.evaluate("""() => { const s = document.querySelector('.tt-matrix-scroll');
        const first = () => s.querySelector('tbody tr.differs th').getBoundingClientRect().left;
        const cell = () => s.querySelector('tbody tr.differs td').getBoundingClientRect().left;
        const before = [first(), cell()]; s.scrollLeft = 300; return [s.scrollWidth > s.clientWidth,
        first() - before[0], cell() - before[1]]; }""")
    assert moved[0] and moved[1] == 0 and moved[2] < -100, moved
    page.close()


def test_search_works_offline_from_file(browser, site):
    """With the network blocked: no page asks for anything outside the site, and once the search says it is ready
    (its worker has the index) an accented word and a plain one find their pages."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    outside: list[str] = []

    def route(r):
        if r.request.url.startswith("file:"):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()
    context.route("**/*", route)
    page = context.new_page()
    page.goto((site / "index.html").as_uri())
    page.click(".md-search__input")
    page.wait_for_function("() => /Type to start/.test(document.querySelector('.md-search-result__meta').textContent)",
                           timeout=20000)
    # (a word few pages hold: the corpus has many records about the pavillon, which outrank the glossary's line)
    for word, where in (("mézéas", "rules/jans/mezeas.html"), ("cravate", "glossary.html")):
        page.fill(".md-search__input", "")
        page.keyboard.type(word)
        page.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0", timeout=10000)
        links = page.eval_on_selector_all(".md-search-result__item a", "es => es.map(e => e.getAttribute('href'))")
        assert "matching" in page.text_content(".md-search-result__meta")
        assert any(where in link for link in links), (word, links)
    assert outside == [], outside  # not the theme's polyfill from unpkg.com, nor anything else
    context.close()


WORDS_APART = """svg => {
    svg.querySelectorAll('use').forEach(u => {  // the shared board, drawn in place as the browser draws it
        const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
        g.innerHTML = document.querySelector(u.getAttribute('href')).innerHTML; u.replaceWith(g); });
    const words = [...svg.querySelectorAll('text')].filter(t => /^(label|side|tag|caption)/.test(t.getAttribute('class') || ''));
    const dames = [...svg.querySelectorAll('circle')].filter(c => /^(dame|off)/.test(c.getAttribute('class') || ''));
    const box = e => e.getBoundingClientRect();
    const meets = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const out = [];
    words.forEach((w, i) => { words.slice(i + 1).forEach(v => { if (meets(box(w), box(v))) out.push(w.textContent + ' / ' + v.textContent); });
        dames.forEach(d => { const b = box(d), r = b.width / 2, cx = b.left + r, cy = b.top + r, t = box(w);
            const dx = Math.max(t.left - cx, 0, cx - t.right), dy = Math.max(t.top - cy, 0, cy - t.bottom);
            if (dx * dx + dy * dy < r * r * 0.95) out.push(w.textContent + ' on a dame'); }); });
    const smallest = Math.min(...words.filter(w => !/caption/.test(w.getAttribute('class'))).map(w => parseFloat(getComputedStyle(w).fontSize) * w.getScreenCTM().a));
    return {collisions: out, smallest: smallest, words: words.length};
}"""  # noqa: E501


@pytest.mark.parametrize("rel, throw, width", [
    (GAME, 21, 320), (GAME, 21, 1400), ("games/problem-two-ways.html", 1, 320),
    ("games/problem-two-ways.html", 1, 1400)])
def test_diagram_words_are_legible_and_apart(browser, site, rel, throw, width):
    """Measured in the browser: 'à vrai vrai' (Dorante throw 21) and 'N10N11N12' are gone, and below 30em
    the compact diagram's words are drawn at 9 px or more."""
    page = open_page(browser, site, rel, width)
    page.evaluate(f"() => document.querySelector('tr[data-throw=\"{throw}\"]').click()")
    layout = "compact" if width < 480 else "full"
    svg = page.query_selector(f".tv-diagram .tv-{layout} svg")
    assert svg.is_visible() and not page.query_selector(
        f".tv-diagram .tv-{'full' if layout == 'compact' else 'compact'} svg").is_visible()
    found = svg.evaluate(WORDS_APART)
    assert found["words"] > 20 and not found["collisions"], found
    assert found["smallest"] >= (9 if layout == "compact" else 7), found
    page.close()


def test_the_notation_is_coloured_and_the_workbench_pictured(browser, site):
    """A ```tric block is coloured by the notation's Pygments lexer (the players, the dice, the moves, the
    comments each its colour), and the page on transcribing shows the pictures drawn from the language server."""
    page = open_page(browser, site, "transcribing.html", 1200)
    colours = page.evaluate("""() => {
        const block = [...document.querySelectorAll('.highlight code')]
            .find(c => c.textContent.includes('1. white 6-1'));
        const colour = sel => { const e = block.querySelector(sel); return e && getComputedStyle(e).color; };
        return {text: getComputedStyle(block).color, player: colour('.nc'), dice: colour('.m'), move: colour('.nv'),
                comment: colour('.cm'), tag: colour('.nt'), jan: colour('.nf'),
                images: [...document.querySelectorAll('article img')].map(i => [i.getAttribute('src'), i.naturalWidth]),
                nav: [...document.querySelectorAll('.md-nav__link')]
                    .some(a => a.textContent.trim() === 'Transcribing a game')};
    }""")
    parts = [colours[k] for k in ("player", "dice", "move", "comment", "tag", "jan")]
    assert all(parts) and len(set(parts)) >= 4 and colours["text"] not in (colours["player"], colours["comment"])
    assert sorted(src for src, _ in colours["images"]) == [
        "transcribing-completion.svg", "transcribing-diagnostics.svg", "transcribing-hover.svg"]
    assert all(width > 300 for _, width in colours["images"]) and colours["nav"]
