"""The static site: record ids, escaping, fausse cases flagged, strict links, incremental builds, the compendium."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import run_cli, site_settings

from trictrac_notation.rules.rulesets import list_rulesets
from trictrac_notation.site.gamepage import score_chart
from trictrac_notation.site.site import Generator, SiteError, build, inside, json_for_script, md_text, record_id

INDEX = "# Test site\n\nSee the [games](games/index.md) and the [rules](rules/index.md).\n"
HOSTILE = """[Title "Evil <script>alert(1)</script> & co"]
[White "<img src=x onerror=alert(2)>"]
[First "white"]

1. white 6-4 T-6 T-4 {a comment </script><script>alert(3)</script>}
2. black 5-3 T-5 T-3
"""
FAUSSE = """[Title "A fausse case"]
[First "white"]

1. white 6-4 T-6 T-4
2. black 5-3 T-5 T-3
3. white 2-1 T-7 T-1
"""


def make_src(root, records: dict, index: str = INDEX):
    src = root / "src"
    (src / "games").mkdir(parents=True)
    (src / "index.md").write_text(index, encoding="utf-8")
    for name, text in records.items():
        (src / "games" / name).write_text(text, encoding="utf-8")
    return src


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    src = make_src(root, {"hostile.tric": HOSTILE, "fausse.tric": FAUSSE})
    report = build(root / "out", src=src, cache=root / "cache", progress=False)
    return root, src, report


@pytest.mark.parametrize("name, ok", [
    ("kermadeuc-lepeintre.tric", True), ("game_2.tric", True), ("a.tric", True),
    ("Bad Name.tric", False), ("UPPER.tric", False), ("..tric", False), ("a.b.tric", False),
    ("partie-é.tric", False), (".tric", False),
])
def test_record_ids(tmp_path, name, ok):
    path = tmp_path / name
    if ok:
        assert record_id(path) == name[:-5]
    else:
        with pytest.raises(SiteError, match=r"record id .* is refused.*\n  hint: rename it to [a-z0-9_-]+\.tric"):
            record_id(path)


@pytest.mark.parametrize("relative", ["../x.md", "games/../../x.md", "/etc/passwd"])
def test_paths_outside_the_output_are_refused(tmp_path, relative):
    with pytest.raises(SiteError, match="outside the output folder"):
        inside(tmp_path, relative)
    assert inside(tmp_path, "games/x.md") == (tmp_path / "games" / "x.md").resolve()


def test_json_for_script_cannot_close_the_script():
    text = json_for_script({"a": "</script><script>alert(1)</script> <!-- \u2028"})
    assert "<" not in text and ">" not in text and "\u2028" not in text
    import json
    assert json.loads(text)["a"].startswith("</script>")


def test_md_text_escapes_html_and_markdown():
    assert str(md_text("*a* <b> [x](y) #1")) == r"\*a\* &lt;b&gt; \[x\]\(y\) \#1"


def test_pages_of_the_site(site):
    root, _, report = site
    out = root / "out"
    for rel in ("index.html", "games/index.html", "games/hostile.html", "games/hostile.data.js", "games/hostile.tric",
                "games/fausse.html", "rules/index.html", "rules/compare.html", "assets/trictrac/viewer.js"):
        assert (out / rel).is_file(), rel
    assert sorted(report.generated.games) == ["fausse", "hostile"]
    index = (out / "games/index.html").read_text(encoding="utf-8")
    assert 'href="fausse.html"' in index and 'href="hostile.html"' in index


def test_record_text_is_escaped(site):
    root, _, _ = site
    page = (root / "out/games/hostile.html").read_text(encoding="utf-8")
    for attack in ("<script>alert(1)", "<script>alert(3)", "<img src=x"):
        assert attack not in page
    assert "Evil &lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in page  # the title, shown as text
    assert "&lt;img src=x onerror=alert(2)&gt;" in page
    assert "a comment &lt;/script&gt;&lt;script&gt;alert(3)&lt;/script&gt;" in page
    data = (root / "out/games/hostile.data.js").read_text(encoding="utf-8")
    assert "<script" not in data and "</script" not in data and "<img" not in data
    assert r"Evil \u003cscript\u003ealert(1)\u003c/script\u003e \u0026 co" in data  # the title, escaped
    assert "alert(3)" not in data  # the comments are read from the move list by the viewer, with textContent


def _throw_group(page: str, n: int) -> str:
    """The <tbody> of throw n in the move list: its row and the row of its notes."""
    m = re.search(rf'<tbody(?: class="[^"]*")?>\s*<tr class="throw" data-throw="{n}".*?</tbody>', page, re.S)
    assert m, f"no throw {n} in the move list"
    return m.group(0)


def test_fausse_case_is_flagged_with_its_position(site):
    root, _, _ = site
    page = (root / "out/games/fausse.html").read_text(encoding="utf-8")
    assert re.match(r'<tbody class="[^"]*flag-fausse-case', _throw_group(page, 3))
    assert re.search(r"games/fausse\.tric:6:\d+: error: fausse case: white plays T-7 T-1 with 2-1", page)
    assert re.match(r'<tbody>', _throw_group(page, 2))  # a legal throw is not flagged


def test_a_flag_says_its_kind_once(site):
    """'fausse case: fausse case: …' and 'ecole: école: …' were doubled (the kind, then the message's own word)."""
    root, _, _ = site
    flag = re.search(r'<span class="flag flag-fausse-case">([^<]*)</span>', _throw_group(
        (root / "out/games/fausse.html").read_text(encoding="utf-8"), 3)).group(1)
    assert flag.startswith("fausse case: white plays T-7 T-1") and "fausse case: fausse case" not in flag
    data = (root / "out/games/fausse.data.js").read_text(encoding="utf-8")
    assert "fausse case: white plays" in data and "fausse case: fausse case" not in data


@pytest.mark.parametrize("kind, message, shown", [
    ("fausse-case", "fausse case: white plays T-7", "fausse case: white plays T-7"),
    ("ecole", "école par moins: white marks 2", "école par moins: white marks 2"),
    ("ecole", "black gains 2", "école: black gains 2"),
    ("warning", "a mark forgotten", "warning: a mark forgotten"),
])
def test_flag_words(kind, message, shown):
    from trictrac_notation.site.gamepage import _flag
    assert _flag(kind, message)["text"] == shown


def test_no_path_of_the_build_machine_is_published(site):
    """The Checks section printed the record's absolute path on the machine that built the site."""
    root, src, _ = site
    machine = {str(root), str(src.resolve()), str(Path.cwd()), str(Path.home())}
    for path in (root / "out").rglob("*"):
        if path.suffix in (".html", ".js", ".json", ".svg", ".md"):
            text = path.read_text(encoding="utf-8")
            assert not [m for m in machine if m in text], path


def test_compendium_compares_every_rule_set(site):
    root, _, _ = site
    rulesets = list_rulesets()
    compare = (root / "out/rules/compare.html").read_text(encoding="utf-8")
    for rs in rulesets:
        assert f'href="{rs.id}.html"' in compare
        assert (root / f"out/rules/{rs.id}.html").is_file()
        assert rs.citation("jans.remplir") in compare.replace("&#39;", "'").replace("&quot;", '"')
    for jan in ("six-tables", "battre-a-faux", "pile-de-misere"):
        page = (root / f"out/rules/jans/{jan}.html").read_text(encoding="utf-8")
        assert all(str(rs.identity["year"]) in page for rs in rulesets)


def test_every_treatise_page_is_titled_from_its_data(site):
    """Jollyvet's page was titled '? (1634)': its title is not known, so its author names it."""
    root, _, _ = site
    for rs in list_rulesets():
        page = (root / f"out/rules/{rs.id}.html").read_text(encoding="utf-8")
        heading = re.search(r"<h1[^>]*>(.*?)</h1>", page, re.S).group(1)
        heading = re.sub(r"<[^>]+>", "", heading).strip()
        assert "?" not in heading and str(rs.identity["year"]) in heading, (rs.id, heading)
        assert (rs.title in heading) if rs.title != "?" else (rs.identity["author"] in heading)
        assert "<td>?</td>" not in page
    jollyvet = (root / "out/rules/jollyvet-1634.html").read_text(encoding="utf-8")
    assert "<title>Jollyvet (1634)" in jollyvet and "<td>not known</td>" in jollyvet


def test_matrix_marks_what_differs(site):
    """The matrix: readable column names, each differing value highlighted (a treatise that states nothing, "—",
    is silent, not in disagreement), rows named in words, each value's provenance, a 'differences only' switch."""
    root, _, _ = site
    page = (root / "out/rules/compare.html").read_text(encoding="utf-8")
    assert "<span>Lelasseux</span> <span>1852</span>" in page and "<span>Jollyvet</span> <span>1634</span>" in page
    rows = re.findall(r'<tr class="(differs|same)"><th scope="row" title="([^"]*)">(.*?)</th>(.*?)</tr>', page, re.S)
    assert rows and {"differs", "same"} == {r[0] for r in rows}
    for kind, _, _, cells in rows:
        values = [(c, re.sub(r"<wbr>", "", v)) for c, v in re.findall(r'<td class="([^"]*)"[^>]*>(.*?)(?:<sup|</td>)',
                                                                       cells)]
        stated = [(c, v) for c, v in values if c != "none"]
        odd = [v for c, v in stated if "odd" in c]
        assert all(v == "—" for c, v in values if c == "none")
        if kind == "same":
            assert not odd and len({v for _, v in stated}) == 1
        else:
            assert odd and len({v for _, v in stated}) > 1
            common = {v for c, v in stated if "odd" not in c}
            assert len(common) <= 1 and not common & set(odd)
    named = {key: name for _, key, name, _ in rows}
    assert "ways counted for a fill completing two half-cases" in named["variants.fill_ways_two_half_cases"]
    assert "fill_ways_two_half_cases" not in "".join(named.values())  # the schema's words, never a raw key
    assert "ways counted for a fill completing two half-cases: 2" in page.replace("<wbr>", "")  # an option's, too
    jollyvet = next(cells for _, key, _, cells in rows if key == "jans.rencontre")
    assert "scored" in jollyvet and "not scored" in jollyvet
    assert 'id="tt-differences-only"' in page and f"Only the {sum(r[0] == 'differs' for r in rows)} rules" in page


def test_incremental_generation(site):
    root, src, _ = site
    judge = site_settings().get("analysis", "")
    gen = Generator(src, root / "cache", progress=False, analysis=judge)  # as build() judged, by the settings' player
    again = gen.run()
    assert again.rendered == [] and sorted(again.reused) == ["fausse", "hostile"]
    untouched = root / "cache/docs/games/fausse.md"
    stamp = untouched.stat().st_mtime_ns
    record = src / "games/hostile.tric"
    record.write_text(record.read_text(encoding="utf-8") + "{touched}\n", encoding="utf-8")
    touched = gen.run()
    assert touched.rendered == ["hostile"] and touched.reused == ["fausse"]
    assert untouched.stat().st_mtime_ns == stamp
    (src / "games/fausse.tric").unlink()
    removed = gen.run()
    assert removed.games == ["hostile"] and not untouched.exists()


def test_compendium_is_generated_again_only_when_its_sources_change(tmp_path):
    src = make_src(tmp_path, {"fausse.tric": FAUSSE})
    gen = Generator(src, tmp_path / "cache", progress=False)
    gen.run()
    matrix = tmp_path / "cache/docs/rules/compare.md"
    matrix.write_text("stale\n", encoding="utf-8")  # a reused page would keep this
    gen.run()
    assert matrix.read_text(encoding="utf-8") == "stale\n"
    (src / "compendium.yaml").write_text("{}\n", encoding="utf-8")
    gen.run()
    assert matrix.read_text(encoding="utf-8") != "stale\n" and "<table" in matrix.read_text(encoding="utf-8")


def test_broken_link_fails_the_build(tmp_path):
    src = make_src(tmp_path, {}, "# Home\n\nA [broken link](missing.md).\n")
    code, out, err = run_cli("site", "build", "--src", src, "--cache", tmp_path / "cache", "--out", tmp_path / "out",
                             "-q")
    assert code == 1
    assert re.search(r"index\.md: contains a link 'missing\.md', but the target is not found", err)
    assert "site not built: 1 warning in strict mode" in err
    assert "Traceback" not in err


def test_pages_titled_by_a_number_or_a_date_are_built_and_named_as_written(tmp_path):
    # YAML reads an unquoted `title: 1818` as a number and `title: 2024-05-01` as a date: a date in the
    # navigation made the build's stamp (JSON) fail with a traceback; the pages are named by the text written
    src = make_src(tmp_path, {}, "# Home\n\nThe [tutorials](tutorials/index.md).\n")
    (src / "tutorials").mkdir()
    (src / "tutorials/index.md").write_text("---\ntitle: 1818\n---\n\n# Tutorials\n\nOne [dated](dated.md).\n",
                                            encoding="utf-8")
    (src / "tutorials/dated.md").write_text("---\ntitle: 2024-05-01\n---\n\nA page.\n", encoding="utf-8")
    code, _, err = run_cli("site", "build", "--src", src, "--cache", tmp_path / "cache", "--out", tmp_path / "out",
                           "-q")
    assert code == 0 and "Traceback" not in err, err
    nav = json.loads((tmp_path / "cache/built.json").read_text(encoding="utf-8"))["nav"]
    assert {"Tutorials": [{"1818": "tutorials/index.md"}, {"2024-05-01": "tutorials/dated.md"}]} in nav


@pytest.mark.parametrize("name, content, message", [
    ("compendium.yaml", "- a list\n", "expected a mapping with 'intro' (a text) and 'jans'"),
    ("compendium.yaml", "jans: [\n", "not YAML at line 2 column 1"),
    ("compendium.yaml", "intro: 12\n", "intro: expected a text"),
    ("compendium.yaml", "jans: remplir\n", "jans: expected a mapping of jans"),
    ("compendium.yaml", "jans:\n  remplir: fills a quadrant\n",
     "jans.remplir: expected a mapping of name, summary and reference"),
    ("compendium.yaml", "jans:\n  remplir:\n    name: [Remplir]\n",
     "jans.remplir: expected a mapping of name, summary and reference"),
    ("simulation.json", '{"rules": 3', "not JSON: Expecting ',' delimiter: line 1 column 12"),
    ("simulation.json", '{"rules": {"modern": {}}}',
     "not the report 'trictrac simulate --json' writes (KeyError: 'jans')"),
    ("simulation.json", "[1, 2]", "not the report 'trictrac simulate --json' writes"),
])
def test_a_bad_compendium_source_is_one_clear_error(tmp_path, name, content, message):
    # the compendium's notes (compendium.yaml) and simulated figures (simulation.json) of a site's own sources
    src = make_src(tmp_path, {"fausse.tric": FAUSSE})
    (src / name).write_text(content, encoding="utf-8")
    code, _, err = run_cli("site", "build", "--src", src, "--cache", tmp_path / "cache", "--out", tmp_path / "out",
                           "-q")
    assert code == 1 and "Traceback" not in err, err
    assert f"{name}: error: {message}" in err


def test_bad_record_name_fails_the_build(tmp_path):
    src = make_src(tmp_path, {"Bad Name.tric": FAUSSE})
    code, _, err = run_cli("site", "build", "--src", src, "--cache", tmp_path / "cache", "--out", tmp_path / "out",
                           "-q")
    assert code == 1
    assert "Bad Name.tric:1:1: error: record id 'Bad Name' is refused" in err and "rename it to bad-name.tric" in err
    assert (tmp_path / "out/index.html").is_file()  # the rest of the site is built
    games = tmp_path / "out/games"
    assert not list(games.glob("Bad*")) and "Bad Name" not in (games / "index.html").read_text(encoding="utf-8")


def test_score_chart_draws_points_and_holes():
    frames = [{"n": 0, "score": None}] + [
        {"n": n, "score": {"white": {"points": 2 * n % 12, "holes": n // 6}, "black": {"points": 4, "holes": 0}}}
        for n in range(1, 9)]
    svg = score_chart(frames)
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "points" in svg and "holes" in svg and "throw" in svg
    assert score_chart(frames) == svg  # deterministic: an unchanged game gives an unchanged file


def test_rebuild_after_touching_one_record_renders_only_that_page(tmp_path):
    src = make_src(tmp_path, {"one.tric": FAUSSE, "two.tric": HOSTILE})
    out = tmp_path / "out"
    kw = dict(src=src, cache=tmp_path / "cache", progress=False)
    assert not build(out, **kw).partial
    other = out / "games/two.html"
    stamp = other.stat().st_mtime_ns
    record = src / "games/one.tric"
    record.write_text(record.read_text(encoding="utf-8") + "{touched by the test}\n", encoding="utf-8")
    second = build(out, **kw)
    assert second.partial and second.generated.rendered == ["one"]
    assert "touched by the test" in (out / "games/one.html").read_text(encoding="utf-8")
    assert other.stat().st_mtime_ns == stamp
    index = json.loads((out / "search/search_index.json").read_text(encoding="utf-8"))
    pages = {d["location"].split("#")[0] for d in index["docs"]}
    assert {"games/one.html", "games/two.html", "rules/compare.html"} <= pages
    # a new title changes the navigation of every page: a full build
    record.write_text(record.read_text(encoding="utf-8").replace("A fausse case", "Retitled game"), encoding="utf-8")
    third = build(out, **kw)
    assert not third.partial and "Retitled game" in other.read_text(encoding="utf-8")


def test_historical_games_have_their_own_section_origin_and_figures(tmp_path):
    """Issue 7: the treatises' games apart from the composed ones; each page says where in the book it comes
    from; the book's figures stand beside the replay's position, where they differ outlined."""
    sample = (Path(__file__).parent / "data/historical/figures-sample.tric").read_text(encoding="utf-8")
    src = make_src(tmp_path, {"fausse.tric": FAUSSE})
    (src / "games/historical").mkdir()
    (src / "games/historical/figures-sample.tric").write_text(sample, encoding="utf-8")
    report = build(tmp_path / "out", src=src, cache=tmp_path / "cache", progress=False)
    assert report.generated.games == ["fausse", "historical/figures-sample"]
    section = next(e["Historical games"] for e in report.generated.nav if "Historical games" in e)
    chapter = "Part 1, §I (a record written for the site's tests: not a transcription)"  # by book and chapter
    title = "Figures test: the start and two throws in Lepeintre&#39;s letters"
    assert section == [{"Historical games": "games/historical/index.md"},
                       {"Lepeintre 1818": [{chapter: [{title: "games/historical/figures-sample.md"}]}]}]
    out = tmp_path / "out/games"
    assert "figures-sample" not in (out / "index.html").read_text(encoding="utf-8").split("Historical games")[0]
    index = (out / "historical/index.html").read_text(encoding="utf-8")
    assert 'href="figures-sample.html"' in index and "Lepeintre 1818, part 1, §I" in index
    page = (out / "historical/figures-sample.html").read_text(encoding="utf-8")
    assert ("From Lepeintre 1818, part 1, §I (a record written for the site's tests: not a transcription); "
            "Paris, Guillaume, 1818; page 3; figure 1 and 2.") in page.replace("&#39;", "'")
    assert 'href="figures-sample.tric"' in page and 'src="figures-sample.data.js"' in page
    pairs = re.findall(r'<div class="tt-book-pair">(.*?)</div>\s*(?=<div class="tt-book-pair">|<h2)', page, re.S)
    captions = [re.findall(r"<figcaption>(.*?)</figcaption>", p) for p in pairs]
    assert captions == [["The replay at the start", "Lepeintre 1818, fig. 1: as in the replay."],
                        ["The replay, after throw 1", "Lepeintre 1818, fig. 2: as in the replay."],
                        ["The replay, after throw 2", "Lepeintre 1818, fig. 3: it differs from the replay in 2 places:"
                         "<ul><li>white g: 0 in the figure, 1 in the replay</li><li>white h: 1 in the figure, 0 in the "
                         "replay</li></ul>"]]  # every difference named, each an arrow outlined
    assert "a talon drawn as a pile of 3 dames stands for 3 or more" in page  # the figures' conventions
    outlined = [re.findall(r'class="differs" data-track="(\d+)"', p) for p in pairs]
    assert outlined == [[], [], ["6", "7"]]  # g and h: White's arrows 6 and 7
    end = page.index("<figcaption>Lepeintre 1818, fig. 3")
    book = page[page.rindex("<svg", 0, end):end]
    assert book.count('class="dame white"') == 3 + 1 + 1 and 'data-track="7"' in book  # the pile of 3, f, h
    data = (out / "historical/figures-sample.data.js").read_text(encoding="utf-8")
    assert '"historical/figures-sample"' in data and "Lepeintre 1818, fig. 2" in data


MARKED = """[Title "Marked diagrams"]
[First "white"]
{diagram}

1. white 6-4 T-6 T-4 {diagram: two dames off the talon}
2. black 5-3 T-5 T-3 {a plain comment}
"""


def test_the_diagrams_a_record_marks_are_drawn_on_the_page(tmp_path):
    """{diagram} (in the preamble: the start) and {diagram: words} (a caption) draw the position on the page
    itself, as the SVG writer draws it (no JavaScript needed); the mark is not shown as a comment."""
    from trictrac_notation.engine.replay import replay
    from trictrac_notation.notation.reader import parse
    from trictrac_notation.render.diagram import replay_scene
    from trictrac_notation.render.svg import scene_svg

    src = make_src(tmp_path, {"marked.tric": MARKED})
    build(tmp_path / "out", src=src, cache=tmp_path / "cache", progress=False)
    page = (tmp_path / "out/games/marked.html").read_text(encoding="utf-8")
    figures = re.findall(r'<figure class="trictrac-marked">(<svg.*?</svg>)<figcaption>(.*?)</figcaption>', page, re.S)
    assert [c for _, c in figures] == ["The starting position",
                                       'After 1. white 6-4: <span class="comment">two dames off the talon</span>']
    result = replay(parse(MARKED)[0])
    for (svg, _), n in zip(figures, (0, 1), strict=True):
        assert svg == scene_svg(replay_scene(result, n, compact=True), 560, shared=True)
    start = page.index('<div class="trictrac-moves"')
    moves = page[start:page.index("</table>", start)]
    assert 'data-throw="1"' in moves and "{diagram" not in moves and ">diagram<" not in moves
    assert '<span class="comment">a plain comment</span>' in moves
    assert page.count('<figure class="trictrac-marked">') == 2


def test_backgammon_records_are_game_pages(tmp_path):
    """Issue 10: games/backgammon/*.tric are game pages of their own section, with the viewer's data (the bar,
    dames entering from it, hits to the bar, bearing off; the points labelled 24..1), the cube's actions in the
    move list, and none of trictrac's widgets (the points-and-holes line, the score chart)."""
    money = Path(__file__).resolve().parent / "data/backgammon-money.tric"
    src = make_src(tmp_path, {"fausse.tric": FAUSSE})
    (src / "games/backgammon").mkdir()
    (src / "games/backgammon/money.tric").write_text(money.read_text(encoding="utf-8"), encoding="utf-8")
    report = build(tmp_path / "out", src=src, cache=tmp_path / "cache", progress=False)
    assert report.generated.games == ["fausse", "backgammon/money"]
    section = next(e["Backgammon games"] for e in report.generated.nav if "Backgammon games" in e)
    assert [list(e.values())[0] for e in section] == ["games/backgammon/index.md", "games/backgammon/money.md"]
    out = tmp_path / "out/games"
    assert 'href="backgammon/index.html"' in (out / "index.html").read_text(encoding="utf-8")
    assert 'href="money.html"' in (out / "backgammon/index.html").read_text(encoding="utf-8")
    page = (out / "backgammon/money.html").read_text(encoding="utf-8")
    assert 'src="money.data.js"' in page and 'href="money.tric"' in page
    assert "tv-score" not in page and "score.svg" not in page and not (out / "backgammon/money.score.svg").exists()
    row = re.search(r'<tr class="throw" data-throw="11".*?</tr>', page, re.S).group(0)
    assert "<span>double take</span>" in row and "<code>13/7*(2)</code>" in row and '<td class="dice">6-6</td>' in row
    script = (out / "backgammon/money.data.js").read_text(encoding="utf-8")
    data = json.loads(script[script.index("] = ") + 4:].rstrip(";\n"))
    assert data["board"]["name"] == "Backgammon"
    assert data["board"]["labels"] == [str(p) for p in range(24, 12, -1)] + [str(p) for p in range(12, 0, -1)]
    frames = data["frames"]
    assert len(frames) == 32 and all("sc" not in f for f in frames)
    # 8. black 5-5 13/8 6/1*(3): a white dame hit to the bar (white's 24, on the bottom row's first arrow)
    assert frames[8]["m"] == [[11, 16], [18, 23], [18, 23], [18, 23]] and frames[8]["b"] == [0]
    assert frames[8]["p"][50:] == "10"  # one white dame on the bar, none black
    # 9. white 5-3 bar/20 5/2: entering from the bar (-1) onto his 20 (track 4)
    assert frames[9]["m"][0] == [-1, 4] and len(frames[9]["p"]) == 50
    # 19. white 6-6 7/1 6/off(3): three dames borne off (24)
    assert frames[19]["m"] == [[17, 23], [18, 24], [18, 24], [18, 24]] and frames[19]["t"] == "white 6-6: 7/1 6/off(3)"


def test_a_backgammon_page_says_the_cube_the_match_and_the_result_in_the_games_words(tmp_path):
    """The game's own score (backgammon: the cube, the match) in each row of the move list and the final result
    {winner, kind, cube, points} under it, in the words of ``replay``; none of trictrac's score words."""
    from trictrac_notation.engine.opengame import open_game
    from trictrac_notation.site.gamepage import render_game
    from trictrac_notation.site.site import templates

    path = Path(__file__).resolve().parent / "data/backgammon-money.tric"
    replay = open_game(path).replay
    files, title, _ = render_game("backgammon/money", path, templates(), "games/backgammon/money.tric")
    page = files["games/backgammon/money.md"]
    assert title == "A money game with the cube" and "holes" not in page and "tv-score" not in page
    assert replay.final.to_json() | {"match": None} == {"winner": "white", "kind": "gammon", "cube": 2, "points": 4,
                                                       "how": "bore off", "match": None}
    result = page[page.index("## Result"):]
    assert "<li>white wins a gammon, cube at 2: 4 points</li>" in result
    assert "<li>match (money): white 4, black 0</li>" in result
    rows = dict(re.findall(r'<tr class="throw" data-throw="(\d+)".*?<td class="score">(.*?)</td></tr>', page, re.S))
    assert rows["10"] == "" and rows["11"] == '<span class="state">cube at 2, black&#39;s</span>'  # its owner too
    assert rows["31"] == ('<span class="state">cube at 2, black&#39;s</span> '
                          '<span class="state">white wins a gammon, cube at 2: 4 points</span>')
    assert "the game is over: the next starts from the layout" in page
