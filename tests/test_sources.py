"""The domain reference published as "Sources and method", and every "rules.md §…" citation a link to it."""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from trictrac_notation.site.site import build
from trictrac_notation.site.sources import anchor, anchors, link_citations

ROOT = Path(__file__).resolve().parent.parent
KNOWN = {"s2", "s3", "s3-11", "M14", "M6", "s3-6", "D1", "E17", "s6-1", "s5"}


@pytest.mark.parametrize("html, page, expected", [
    ("see rules.md §3.11.", "games/x.html",
     'see <a class="tt-cite" href="../sources.html#s3-11">rules.md §3.11</a>.'),
    ("[rules.md §2 M14]", "notation.html", '[<a class="tt-cite" href="sources.html#M14">rules.md §2 M14</a>]'),
    ("rules.md §2 M6, §3.6 and more", "rules/jans/x.html",
     '<a class="tt-cite" href="../../sources.html#M6">rules.md §2 M6</a>, '
     '<a class="tt-cite" href="../../sources.html#s3-6">§3.6</a> and more'),
    ("rules.md §3.10 E17", "a.html", '<a class="tt-cite" href="sources.html#E17">rules.md §3.10 E17</a>'),
    ("rules.md §3.9 (C)", "a.html", '<a class="tt-cite" href="sources.html#s3">rules.md §3.9</a> (C)'),  # no §3.9 here
    ("the rules.md file", "a.html", 'the <a class="tt-cite" href="sources.html">rules.md</a> file'),
    ('<a href="x">rules.md §3</a>', "a.html", '<a href="x">rules.md §3</a>'),
    ('<p title="rules.md §3">x</p>', "a.html", '<p title="rules.md §3">x</p>'),
    ("<svg><desc>rules.md §3</desc></svg> rules.md §3", "a.html",
     '<svg><desc>rules.md §3</desc></svg> <a class="tt-cite" href="sources.html#s3">rules.md §3</a>'),
    ("<script>var a = 'rules.md §3';</script>", "a.html", "<script>var a = 'rules.md §3';</script>"),
])
def test_link_citations(html, page, expected):
    assert link_citations(html, page, KNOWN) == expected


def test_anchor_gives_every_numbered_place_an_id():
    text = ("## 2. Movement rules\n\n| # | rule |\n|---|---|\n| M14 | touched |\n\n### 3.11 Écoles\n\n"
            "**E17 — LEP18 rule 63.** text\n\n## 6. Open points\n\n1. Jollyvet\n2. Margot\n")
    out = anchor(text)
    assert "## 2. Movement rules {#s2}" in out and "### 3.11 Écoles {#s3-11}" in out
    assert '| <span id="M14"></span>M14 |' in out and out.count('<span id="E17"></span>**E17') == 1
    assert '1. <span id="s6-1"></span>Jollyvet' in out
    assert anchors(text) == {"s2", "M14", "s3-11", "E17", "s6", "s6-1", "s6-2"}


class _Citations(HTMLParser):
    """The text of a page outside links and scripts that still says "rules.md", and the ids and links it has."""

    SKIP = {"a", "script", "style", "svg", "title", "head"}

    def __init__(self):
        super().__init__()
        self.open: list[str] = []
        self.bare: list[str] = []
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.add(attrs["id"])
        if tag == "a" and "tt-cite" in (attrs.get("class") or ""):
            self.links.append(attrs["href"])
        if tag in self.SKIP:
            self.open.append(tag)

    def handle_endtag(self, tag):
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag):]

    def handle_data(self, data):
        if "rules.md" in data and not self.open:
            self.bare.append(data.strip())


def _read(path: Path) -> _Citations:
    parser = _Citations()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_every_citation_of_the_site_is_a_link_to_its_place(tmp_path_factory):
    """About 200 citations pointed to "rules.md §…", which the site neither published nor explained."""
    root = tmp_path_factory.mktemp("sources")
    build(root / "out", cache=root / "cache", progress=False)  # the checkout's settings: its sources and manual
    out = root / "out"
    assert (out / "manual/contracts.html").is_file()
    sources = _read(out / "sources.html")
    assert {"s0-1", "s3-11", "M14", "D1", "E17", "s6-1"} <= sources.ids
    links = 0
    for page in out.rglob("*.html"):
        found = _read(page)
        assert not found.bare, (page, found.bare[:3])
        for href in found.links:
            url = urlsplit(href)
            assert (page.parent / url.path).resolve() == (out / "sources.html").resolve(), (page, href)
            assert not url.fragment or url.fragment in sources.ids, (page, href)
            links += 1
    assert links > 150
