"""The site as its readers meet it, on the bundled site built once (conftest's ``bundled_site``) and read in one
headless Chromium (conftest's ``browser``) where the page's behaviour is the point, in its HTML where the words are:
no page scrolls sideways at 360 or 400 px nor asks for anything outside the site; a problem's starting score; the
viewer for stepping (a throw on which a player goes drawn before its re-piling, variations as branches, words instead
of the notation's encodings, the key to the marks); what the text says, the score shows; the book's figures and their
conventions; pages that say what they show; order and names; backgammon as its players read it; provenance; the
score card's sum; the historian's links."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trictrac_notation.engine.opengame import open_game
from trictrac_notation.render.svg import replay_svg

ROOT = Path(__file__).resolve().parent.parent
GAME = "games/guiton-le-coin-battu.html"  # throw 21: white hits two dames à vrai and goes
REVIRADE = "games/historical/lelasseux-1852-296-taking-the-coin-by-a-revirade.html"  # black starts with 8 points
MATCH = "games/backgammon/backgammon-match.html"
PAGE_TYPES = ["index.html", "authors.html", "games/index.html", GAME, "games/a-ecrire-quatre-marques.html",
              "games/historical/index.html", REVIRADE, "games/historical/lepeintre-1818-1-i-petit-jan.html",
              "games/backgammon/index.html", MATCH, "rules/index.html", "rules/guiton-1822.html",
              "rules/jans/mezeas.html", "rules/compare.html", "rules/arithmetic.html", "rules/simulation.html",
              "tutorials/hitting.html", "family/backgammon.html", "notation.html", "glossary.html", "sources.html",
              "corpus.html"]


@pytest.fixture(scope="module")
def site(bundled_site):
    return bundled_site


def html(site: Path, rel: str) -> str:
    return (site / rel).read_text(encoding="utf-8")


def open_page(browser, site, rel, width=1400, height=900):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto((site / rel).as_uri())
    return page


VIEWER = """() => { const v = document.querySelector('.trictrac-viewer');
    const q = s => (v.querySelector(s) || {}).textContent;
    return {counter: q('.tv-counter'), label: q('.tv-label'), score: q('.tv-score'), status: q('.tv-status')}; }"""


# --- every page type -------------------------------------------------------------------------------------------

def test_no_page_type_scrolls_sideways_at_360_or_400_px_nor_asks_outside_the_site(browser, site):
    context = browser.new_context(viewport={"width": 400, "height": 800})
    outside: list[str] = []
    context.on("request", lambda r: outside.append(r.url) if not r.url.startswith(("file:", "data:")) else None)
    page = context.new_page()
    wide = []
    for rel in PAGE_TYPES:
        page.goto((site / rel).as_uri())
        for width in (360, 400):
            page.set_viewport_size({"width": width, "height": 800})
            over = page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
            if over > 0:
                wide.append((rel, width, over))
    context.close()
    assert wide == [] and outside == [], (wide, outside)


# --- a problem's starting score ----------------------------------------------------------------------------------

def test_a_problems_starting_score_is_shown_at_throw_0_and_starts_the_chart(browser, site):
    page = open_page(browser, site, REVIRADE)
    assert page.evaluate(VIEWER)["score"] == "white 0 holes 0 points black 0 holes 8 points"
    jeton = page.evaluate("() => [...document.querySelectorAll('.tv-diagram .tv-full circle.jeton.black')]"
                          ".map(c => c.dataset.points)")
    assert jeton == ["8"]  # the jeton drawn at eight points on the starting position
    page.close()
    chart = html(site, REVIRADE.replace(".html", ".score.svg"))
    black = re.search(r'class="black points" points="([^"]+)"', chart).group(1).split()
    white = re.search(r'class="white points" points="([^"]+)"', chart).group(1).split()
    assert black[0].split(",")[1] == black[1].split(",")[1] != white[0].split(",")[1]  # 8 from the start, kept


# --- the viewer ----------------------------------------------------------------------------------------------------

def test_a_going_throw_is_drawn_as_played_then_the_repiling_as_a_step_of_its_own(browser, site):
    """Throw 21: white hits two dames à vrai and goes; the rings sit on the dames beaten, then the dames re-piled."""
    page = open_page(browser, site, GAME)
    page.evaluate("() => document.querySelector('tr[data-throw=\"21\"]').click()")
    drawn = page.evaluate("""() => { const svg = document.querySelector('.tv-diagram .tv-full svg');
        const at = c => c.getAttribute('cx') + ',' + c.getAttribute('cy');
        const dames = new Set([...svg.querySelectorAll('circle.dame')].map(at));
        return {rings: [...svg.querySelectorAll('circle.hit')].map(c => dames.has(at(c))),
                words: [...svg.querySelectorAll('text.tag')].map(t => t.textContent)}; }""")
    assert drawn["rings"] == [True, True] and drawn["words"].count("à vrai") == 2, drawn
    assert page.evaluate(VIEWER)["counter"] == "throw 21 / 24"
    page.keyboard.press("ArrowRight")
    state = page.evaluate(VIEWER)
    tracks = page.evaluate("() => [...new Set([...document.querySelectorAll('.tv-diagram .tv-full circle.dame')]"
                           ".map(c => c.dataset.track))].sort()")
    assert state["counter"] == "throw 21 / 24 · re-piled" and "re-piled" in state["label"]
    assert tracks == ["0", "23"]  # every dame on the talons again
    page.keyboard.press("ArrowRight")
    assert page.evaluate(VIEWER)["counter"] == "throw 22 / 24"
    page.close()


def test_variations_are_stepped_through_as_branches_and_every_throw_is_said_in_words(browser, site):
    page = open_page(browser, site, REVIRADE)
    page.focus(".trictrac-viewer")
    page.keyboard.press("End")
    page.keyboard.press("ArrowDown")
    state = page.evaluate(VIEWER)
    assert state["counter"] == "variation 1 of throw 2: throw 1 / 1"
    assert state["label"] == "2. black 6-5: 3-9 4-9; marks 6 (battre à vrai)"
    assert state["score"] == "white 0 holes 0 points black 1 hole 2 points (bredouille)"  # 8 + 6 from its start
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(VIEWER)["counter"] == "variation 1 of throw 2: before it"
    page.keyboard.press("ArrowUp")
    assert page.evaluate(VIEWER)["counter"] == "throw 2 / 2"
    page.evaluate("() => document.querySelector('a.tv-branch[data-branch=\"6\"]').click()")  # one from the list
    state = page.evaluate(VIEWER)
    assert state["counter"] == "variation 7 of throw 2: throw 1 / 1" and state["label"].startswith("2. black 5-3")
    page.close()
    raw = re.compile(r'sic:|figure \S+ "|\[[a-z-]+\]|[a-y]W\d')  # the notation's own encodings
    for rel in ("games/historical/guiton-1822-fig2-dame-in-the-grand-jan.html",
                "games/historical/lepeintre-1818-1-i-petit-jan.html"):
        page = open_page(browser, site, rel)
        labels = page.evaluate("""() => { const label = () => document.querySelector('.tv-label').textContent;
            const out = [label()], next = document.querySelector('.tv-next');
            while (!next.disabled) { next.click(); out.push(label()); }
            return out; }""")
        assert len(labels) > 3 and not [t for t in labels if raw.search(t)], labels
        assert any("a slip of the source acknowledged" in t or "the book's figure" in t for t in labels)
        page.close()


def test_the_viewer_says_its_keys_and_gives_the_key_to_its_marks(site):
    page = html(site, GAME)
    keys = re.search(r'<p class="tv-keys">(.*?)</p>', page, re.S).group(1)
    assert all(f"<kbd>{k}</kbd>" in keys for k in ("←", "→", "Home", "End"))
    legend = re.findall(r"<li><svg[^>]*>.*?</svg><span>(.*?)</span></li>", page, re.S)
    assert len(legend) >= 11 and all(any(w in line for line in legend)
                                     for w in ("jeton", "fichet", "pavillon", "à vrai", "à faux", "plein"))
    assert "↓" in html(site, REVIRADE).split('class="tv-keys"')[1][:400]  # a record with variations says ↓ and ↑


def test_a_piles_count_is_drawn_over_the_arrows(site):
    """In every diagram of the bundled records, each count written on a pile comes after (so over) every arrow."""
    seen = 0
    for rel in ("guiton-le-coin-battu.tric", "historical/lepeintre-1818-1-i-petit-jan.tric",
                "backgammon/backgammon-match.tric"):
        result = open_game(ROOT / "site_src/games" / rel).replay
        for n in range(len(result.throws) + 1):
            svg = replay_svg(result, n)
            counts = [m.start() for m in re.finditer(r'class="count', svg)]
            arrows = [m.start() for m in re.finditer(r'class="(?:move|move-head|knock|knock-head|ghost)"', svg)]
            if counts and arrows:
                seen += 1
                assert max(arrows) < min(counts), (rel, n)
    assert seen > 20


# --- what the text says, the score shows -------------------------------------------------------------------------

def test_an_ecole_is_said_once_and_the_points_counted_are_said_where_they_differ(site):
    page = html(site, "games/historical/guiton-1822-fig2-dame-in-the-grand-jan.html")
    details = {n: re.sub(r"<[^>]+>", "", d) for n, d in re.findall(
        r'<tr class="details" data-throw="(\d+)">(.*?)</tr>', page, re.S)}
    assert details["1"].count("white gains 4") == 1 and "let it stand" in details["1"]
    # throw 3: the rules give black 4 for keeping, but he did not keep: the score stays, and the page says so
    assert "black +4 conserver" in details["3"] and "counted: black +0, white +0" in details["3"]
    assert details["3"].count("white marks 4") == 1 and "did not claim it" in details["3"]


# --- the book's figures ------------------------------------------------------------------------------------------

def test_the_books_figures_name_every_difference_and_their_conventions(site):
    page = html(site, "games/historical/lelasseux-1852-029-first-throws.html")
    pair = next(p for p in page.split('<div class="tt-book-pair">') if "fig. 2: it differs" in p)
    named = re.findall(r"<li>(white|black) (\S+): \d+ in the figure, \d+ in the replay</li>", pair)
    outlined = re.findall(r'class="differs" data-track', pair)
    assert len(named) == 2 and len(outlined) == 2  # each outlined arrow is one named, every one named
    assert "dames borne off are not drawn" in page and "neither is a difference" in page


# --- pages that say what they show ---------------------------------------------------------------------------------

def test_each_table_and_chart_says_what_it_shows(site):
    for rel in ("rules/simulation.html", "rules/compare.html", "rules/jans/mezeas.html", "rules/guiton-1822.html",
                "games/a-ecrire-quatre-marques.html"):
        page = html(site, rel)
        tables = re.findall(r"<table(?! class=\"trictrac-headers)", page)  # (the record's headers are no table)
        shown = len(tables) + len(re.findall(r'<img[^>]+\.svg"', page))
        said = len(re.findall(r"The (?:table|chart|card) shows", page)) + page.count('class="tt-what"')
        assert shown and said >= shown, (rel, shown, said)
    simulation = html(site, "rules/simulation.html")
    assert "None" not in re.sub(r"<[^>]+>", " ", simulation) and "The run took" in simulation


def test_the_compendium_reads_at_1400_px(browser, site):
    """'Each jan' shows every treatise; the matrix's header row stays while its rows scroll; the jans' chart's words
    are whole."""
    page = open_page(browser, site, "rules/simulation.html")
    fit = page.evaluate("""() => [...document.querySelectorAll('.tt-sim')].map(t => { const box = t.parentElement;
        return [box.scrollWidth - box.clientWidth, t.querySelectorAll('thead th').length]; })""")
    assert fit == [[0, 8], [0, 11]], fit
    page.goto((site / "rules/simulation-jans.svg").as_uri())
    cut = page.evaluate("""() => { const svg = document.querySelector('svg'), w = svg.viewBox.baseVal.width;
        const texts = [...svg.querySelectorAll('g[id^=text]')].map(t => t.getBBox());
        return texts.length > 15 ? texts.filter(b => b.x < 0 || b.x + b.width > w).length : -1; }""")
    words = html(site, "rules/simulation-jans.svg")  # (matplotlib draws the letters, and names each text)
    assert cut == 0 and "<!-- Contre-jan de deux tables -->" in words and "<!-- Pile de misère -->" in words
    page.goto((site / "rules/compare.html").as_uri())
    moved = page.evaluate("""() => { const box = document.querySelector('.tt-matrix-tall');
        const head = () => box.querySelector('thead th:nth-child(2)').getBoundingClientRect().top;
        const row = () => box.querySelector('tbody tr').getBoundingClientRect().top;
        const before = [head(), row()]; box.scrollTop = 600; return [head() - before[0], row() - before[1]]; }""")
    assert moved[0] == 0 and moved[1] < -500, moved
    page.close()


# --- order and names ---------------------------------------------------------------------------------------------

def test_historical_games_are_listed_by_book_and_chapter_in_the_books_order(site):
    index = html(site, "games/historical/index.html")
    books = list(re.finditer(r"<h3[^>]*>(.*?)<", index))
    names = [b.group(1).split(",")[0] for b in books]
    assert names[-3:] == ["Lepeintre 1818", "Guiton 1822", "Lelasseux-Lafosse 1852"]  # (after older books, if any)
    years = [int(name[-4:]) for name in names]
    assert years == sorted(years)
    guiton = index[books[-2].start():books[-1].start()]
    chapters = [int(c) for c in re.findall(r"<h4[^>]*>Chapter (\d+)", guiton)]
    assert chapters == sorted(chapters) and 10 in chapters and chapters.index(10) > chapters.index(9)
    listed = re.findall(r"<li>(.*?)</li>", index.split('class="md-content"')[1], re.S)
    assert len(listed) >= 100 and not [item for item in listed if "compos" in item.lower()]


def test_a_composed_record_is_never_among_the_historical_games(tmp_path):
    from trictrac_notation.site.site import build

    src = tmp_path / "src"
    (src / "games/historical").mkdir(parents=True)
    (src / "index.md").write_text("# Test\n\n[Games](games/index.md)\n", encoding="utf-8")
    (src / "games/historical/book.tric").write_text(
        '[Source "Guiton 1822, Traité, ch. 3, fig. II"]\n\n1. white 6-4 T-6 T-4\n', encoding="utf-8")
    (src / "games/historical/mine.tric").write_text(
        '[Source "composed for this site, after Guiton 1822"]\n\n1. white 6-4 T-6 T-4\n', encoding="utf-8")
    report = build(tmp_path / "out", src=src, cache=tmp_path / "cache", progress=False)
    games = next(e["Games"] for e in report.generated.nav if "Games" in e)
    history = next(e["Historical games"] for e in report.generated.nav if "Historical games" in e)
    assert "games/historical/mine.md" in str(games) and "mine" not in str(history) and "book.md" in str(history)
    content = html(tmp_path / "out", "games/historical/index.html").split('class="md-content"')[1]
    assert "mine.html" not in content and "book.html" in content


def test_the_home_page_speaks_to_visitors_and_authors_have_their_own(site):
    home, authors = html(site, "index.html"), html(site, "authors.html")
    assert "Where to start" in home and "trictrac-fence" not in home and 'href="authors.html"' in home
    assert authors.count('class="trictrac-fence"') == 2 and "trictrac site init" in authors


# --- backgammon as its players read it ---------------------------------------------------------------------------

def test_backgammon_is_drawn_as_backgammon_players_read_it(browser, site):
    text = (ROOT / "site_src/games/backgammon/backgammon-match.tric").read_text(encoding="utf-8")
    assert '[White "Nora"]' in text and '[Black "Felix"]' in text and "random" not in text
    page = open_page(browser, site, MATCH)
    board = page.evaluate("""() => { const svg = document.querySelector('.tv-diagram .tv-full svg');
        const use = document.querySelector(svg.querySelector('use').getAttribute('href'));
        const labels = [...use.querySelectorAll('text.label')].map(t => [t.textContent, +t.getAttribute('x'),
            +t.getAttribute('y')]);
        const bottom = Math.max(...labels.map(l => l[2])), row = labels.filter(l => l[2] === bottom);
        const cube = svg.querySelector('rect.cube');
        return {right: row.sort((a, b) => b[1] - a[1])[0][0], left: row[row.length - 1][0],
                cube: cube && [cube.dataset.value, cube.dataset.owner]}; }""")
    assert board == {"right": "1", "left": "12", "cube": ["1", ""]}  # the home board at the bottom right
    state = page.evaluate(VIEWER)
    assert state["status"] == "pips: white 167, black 167" and state["counter"] == "throw 0 / 168"
    doubled = next(m.start() for m in re.finditer(r"double take", text))
    n = text[:doubled].count("\n") - text[:text.index("\n1. ")].count("\n")  # the line's throw in the record
    page.evaluate(f"() => document.querySelector('tr[data-throw=\"{n}\"]').click()")
    state = page.evaluate(VIEWER)
    cube = page.evaluate("() => [...document.querySelectorAll('.tv-diagram .tv-full rect.cube')].map(c => "
                         "[c.dataset.value, c.dataset.owner])")
    assert cube[0][0] == "2" and cube[0][1] in ("white", "black") and "cube at 2" in state["status"]
    assert re.fullmatch(r"game \d · throw \d+ \(\d+ / 168\)", state["counter"])
    assert "match to 3: white" in state["status"] and "pips: white" in state["status"]
    page.close()


# --- provenance, the score card, the historian's links --------------------------------------------------------------

def test_every_value_of_the_matrix_and_the_simulation_says_where_it_comes_from(site):
    matrix = html(site, "rules/compare.html")
    cells = re.findall(r'<td class="([^"]*)"[^>]*>(.*?)</td>', matrix, re.S)
    assert cells and all("tt-prov" in c for cls, c in cells if cls != "none")
    bars = dict(re.findall(r'<a href="([a-z0-9-]+)\.html" title="[^"]*"><span>.*?</a><span class="tt-prov-bar" '
                           r'title="([^"]+)"', matrix))
    assert bars["jollyvet-1634"].startswith("rules: 42 from another treatise")  # Charpentier's, not read in his
    assert bars["guiton-1822"].startswith("rules: 53 from the book itself")
    assert all(f"tt-prov-{k}" in matrix for k in ("book", "compilation", "notes", "modern", "carried", "ours"))
    assert html(site, "rules/simulation.html").count('class="tt-prov-bar"') == 20  # both tables, every treatise


def test_the_score_card_adds_up(site):
    page = html(site, "games/a-ecrire-quatre-marques.html")
    card = page[page.index('<div class="trictrac-card">'):]
    card = card[:card.index("</table>")]
    heads = re.findall(r"<th>(.*?)</th>", card)
    assert heads[1:] == ["white (Araminte)", "black (Clitandre)"]
    owes = re.findall(r'<td class="owes">(.*?)</td>', card)
    for cell in owes:  # each sum written out: '5 + 9 + 5 + 28 = 47'
        terms = re.sub(r"<[^>]+>", "", cell).split("=")
        assert len(terms) == 1 or int(terms[1]) == sum(int(t) for t in terms[0].split("+")), cell
    columns = [[int(v) for v in re.findall(r"(\d+)", re.sub(r"<[^>]+>", " ", td))]
               for td in re.findall(r'<td class="lost">(.*?)</td>', card)]
    lost = {c: sum(v[0] for v in columns[i::2] if v) for i, c in enumerate(("white", "black"))}
    postillons = [re.sub(r"<small>.*?</small>|<[^>]+>", "", p).strip()
                  for p in re.findall(r'<td class="postillons">(.*?)</td>', card)]
    totals = [int(re.sub(r"<[^>]+>", "", cell).split("=")[-1]) for cell in owes]
    assert [lost[c] + int(p or 0) for c, p in zip(("white", "black"), postillons, strict=True)] == totals
    assert "28" in postillons  # the postillon counted in jetons, as the total counts it


def test_a_historical_game_links_its_book_its_neighbours_and_stands_in_the_sidebar(site):
    page = html(site, REVIRADE)
    assert 'href="https://gallica.bnf.fr/ark:/12148/bpt6k98089648"' in page  # volume 2 holds section 4
    before = re.search(r'<a href="([^"]+)" rel="prev">', page).group(1)
    after = re.search(r'<a href="([^"]+)" rel="next">', page).group(1)
    assert before == "lelasseux-1852-296-keeping-off-the-coin-at-ten-points.html"  # § 296's records by name
    assert after == "lelasseux-1852-296-taking-the-coin-first-example.html"
    assert ('<a href="lelasseux-1852-296-taking-the-coin-by-a-revirade.html" class="md-nav__link '
            'md-nav__link--active"') in page  # in the sidebar, under its book and chapter


SOUMILLE = "games/historical/soumille-1738-cloris-and-damon.html"
MYBOOK = "https://github.com/nmatavka/hermes-trictrac/blob/main/gamedocs/mybook.md"


def test_soumilles_game_links_the_transcription_it_was_made_from_and_its_book_says_its_edition(site):
    """The one book with no public scan the transcriptions name: its record links where it was read."""
    banner = re.search(r'<p class="tt-place">(.*?)</p>', html(site, SOUMILLE)).group(1)
    assert banner.startswith('<span class="tt-book">Soumille 1738</span> · transcribed in ')
    assert f'href="{MYBOOK}"' in banner and "the book:" not in banner
    index = html(site, "games/historical/index.html")
    shelf = index[index.index('id="soumille-1738'):index.index('id="lepeintre-1818')]
    assert "Avignon, F. Girard and D. Seguin, 1738" in shelf and f'href="{MYBOOK}"' in shelf
    assert len(re.findall(r"not to its page, for\s+the transcriptions give no page numbers", index)) == 1
    lepeintre = html(site, "games/historical/lepeintre-1818-1-i-petit-jan.html")
    assert ('href="https://gallica.bnf.fr/ark:/12148/bpt6k9374696" rel="external" title="the book or its volume, '
            'not the page: the transcriptions give no page numbers"') in lepeintre


def test_a_books_transcription_is_a_link_like_its_scans(tmp_path):
    from trictrac_notation.site.history import BooksError, books

    (tmp_path / "books.yaml").write_text('Soumille 1738:\n  transcription:\n    - {url: "gamedocs/mybook.md"}\n',
                                         encoding="utf-8")
    with pytest.raises(BooksError, match="'transcription': a list of {url: https://"):
        books(tmp_path)


@pytest.mark.parametrize("source, book, chapter, at", [
    ("Lelasseux-Lafosse 1852, Le jeu de trictrac rendu facile, section 4, ch. XVI, § 296; ch. XX, § 356",
     "Lelasseux-Lafosse 1852", "Section 4, chapter XVI", 296),
    ("Guiton 1822, Traité complet du jeu de trictrac, 2nd ed., ch. 14, section 'Empêcher l'adversaire de passer son "
     "coin', fig. XI", "Guiton 1822", "Chapter 14", 11),
    ("Guiton 1822, Traité complet du jeu de trictrac, 2nd ed., ch. 1, article 'Battre à vrai, battre à faux'",
     "Guiton 1822", "Chapter 1", None),
    ("Lepeintre 1818, Cours complet de trictrac, part 1 'De la marche du jeu', §III 'Du Jan de Mézéas', fig. 8",
     "Lepeintre 1818", "Part 1, §III 'Du Jan de Mézéas'", 8),
    ("Lepeintre 1818, Cours complet de trictrac, part 4 (the laws), rule 56, fig. 26", "Lepeintre 1818",
     "Part 4 (the laws)", 56),
    ("composed for trictrac, after Lepeintre 1818 (Cours complet de trictrac); not a transcription", None, None, None),
    ("the author's own notes", None, None, None),
])
def test_a_records_place_in_its_book_is_read_from_its_source(source, book, chapter, at):
    from trictrac_notation.site.history import place

    where = place(source)
    assert (where and (where.book, where.chapter, where.at)) == ((book, chapter, at) if book else None)


# --- the analysis -----------------------------------------------------------------------------------------------

ANALYSED = "games/kermadeuc-lepeintre.html"


def test_a_game_page_charts_its_analysis_lists_the_mistakes_and_draws_a_better_play(browser, site):
    from trictrac_notation.annotate.analysis import analyze
    from trictrac_notation.play.registry import player
    from trictrac_notation.rules.rulesets import ruleset_for

    record = open_game(ROOT / "site_src/games/kermadeuc-lepeintre.tric").record
    judge = re.search(r"^ +analysis: (\S+)", (ROOT / "mkdocs.yml").read_text(encoding="utf-8"), re.M).group(1)
    judged = analyze(record, ruleset_for(None, record), player(judge))  # the site's judge
    mistakes = judged.mistakes()
    assert mistakes, "the game has mistakes to show"
    page = open_page(browser, site, ANALYSED)
    chart = page.evaluate("""() => { const svg = document.querySelector('.trictrac-value-chart svg');
        return {points: svg.querySelector('polyline.value').getAttribute('points').split(' ').length,
                dots: [...svg.querySelectorAll('circle.mistake')].map(c => +c.dataset.throw),
                box: svg.getBoundingClientRect().width}; }""")
    assert chart["points"] == len(judged.throws) + 1 and chart["box"] > 300
    assert chart["dots"] == [j.n for j in mistakes]
    listed = page.evaluate("() => [...document.querySelectorAll('.tt-mistakes tbody tr')].map(r => "
                           "[+r.dataset.throw, r.querySelector('.judgement').textContent])")
    assert listed == [[j.n, j.mark] for j in mistakes]
    better = next(j for j in mistakes if j.best_action != "go")
    page.evaluate(f"() => document.querySelector('tr.throw[data-throw=\"{better.n}\"]').click()")
    drawn = page.evaluate("""() => { const svg = document.querySelector('.tv-diagram .tv-full svg');
        return {heads: [...svg.querySelectorAll('polygon.better-head')].map(p => p.getAttribute('fill')),
                paths: svg.querySelectorAll('path.better').length, played: svg.querySelectorAll('path.move').length,
                flags: [...document.querySelectorAll('.tv-flags li.flag-analysis')].map(li => li.textContent)}; }""")
    assert drawn["heads"] == ["#e69f00"] * len(better.best.ways)  # a dashed orange arrow a dame of the better play
    assert drawn["paths"] >= len(better.best.ways) and drawn["played"] >= 1
    assert drawn["flags"] == [f"analysis: {better.number}. {better.side} {better.dice[0]}-{better.dice[1]}: "
                              f"{better.mark} costs {better.cost:.1f} points (the play ranks {better.rank} of "
                              f"{better.plays}); best: {better.best.moves} (drawn dashed)"]
    row = page.evaluate(f"() => document.querySelector('tr.throw[data-throw=\"{better.n}\"] .judgement').textContent")
    assert row == better.mark
    page.close()


def test_the_real_play_page_shows_the_players_figures_and_what_differs_from_one_treatise_to_the_next(site):
    """rules/real-play.html from site_src/simulation-player.json: each treatise's plein of the grand jan and decisions
    that go with their intervals, the greedy player's figures beside them, each step's differences as
    realplay.difference computes them, and what a historian may and may not conclude."""
    import json

    from trictrac_notation.site.realplay import difference, estimate

    data = json.loads((Path(__file__).resolve().parent.parent / "site_src/simulation-player.json").read_text())
    page = re.sub(r"\s+", " ", html(site, "rules/real-play.html"))
    text = re.sub(r"<[^>]+>", "", page)
    assert f"--player {data['player_name']} --json" in text and f"{data['games']} parties a treatise" in text
    for r in data["rules"].values():
        for entry in (r["pleins_per_releve"]["grand-jan"], r["go_per_decision"]):
            lo, hi = entry["ci95"]
            assert f'{entry["mean"]:.3f}<span class="tt-ci">{lo:.3f}–{hi:.3f}</span>' in page
    labels = list(data["rules"])
    for a, b in zip(labels, labels[1:], strict=False):
        assert f"{a} → {b}" in text
        d = difference(estimate(data["rules"][a], "pleins_per_releve", "grand-jan"),
                       estimate(data["rules"][b], "pleins_per_releve", "grand-jan"))
        shown = f"{d['mean']:+.3f}"
        assert f"relevés with the plein of the grand jan made: {shown} ({d['ci95'][0]:+.3f} to {d['ci95'][1]:+.3f})" \
            in text
        assert (f"<strong>{shown}</strong>" in page) == d["clear"] or shown == "+0.000"
    assert re.search(r'<span class="tt-ci">greedy \d+\.\d\d</span>', page)  # the greedy player's figures beside
    assert "What a historian may conclude, and what not" in text
