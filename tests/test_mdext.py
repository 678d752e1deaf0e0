"""The ```trictrac fence as a Python-Markdown extension: diagrams drawn from notation, errors at page positions."""

from __future__ import annotations

import logging
import re

import markdown
import pytest

PAGE = """# A page

Some text.

```trictrac{options}
[Title "Opening"]
1. white 6-4 T-6 T-4
2. black 5-3 T-5 T-3
```

```python
print("untouched")
```
"""


def convert(text: str, ext: str = "trictrac_notation.site.mdext") -> str:
    return markdown.Markdown(extensions=[ext, "fenced_code"]).convert(text)


@pytest.mark.parametrize("options, figures", [("", 3), (" show=each", 3), (" show=start", 1), (" show=last", 1),
                                              (" show=none", 0)])
def test_fence_draws_the_positions_asked_for(options, figures):
    html = convert(PAGE.format(options=options))
    assert html.count('<figure class="trictrac-diagram">') == figures
    assert html.count("<svg") == figures
    assert '<pre class="trictrac-source"><code>[Title &#34;Opening&#34;]' in html
    assert '<code class="language-python">print(&quot;untouched&quot;)' in html


def test_captions_name_each_throw():
    html = convert(PAGE.format(options=""))
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", html)
    assert captions == ["Opening", "1. white 6-4 T-6 T-4", "2. black 5-3 T-5 T-3"]


def test_the_diagram_changes_with_the_throws():
    html = convert(PAGE.format(options=""))
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    assert len(set(svgs)) == 3


def test_source_can_be_hidden_and_options_combined():
    html = convert(PAGE.format(options=" source=no show=last bottom=black width=300"))
    assert "trictrac-source" not in html
    assert html.count("<svg") == 1 and 'width="300"' in html


def test_registered_under_its_short_name():
    assert convert(PAGE.format(options=" show=last"), ext="trictrac").count("<svg") == 1


def test_errors_point_at_the_page_line_and_are_logged(caplog):
    text = PAGE.format(options="").replace("2. black 5-3 T-5 T-3", "2. black 5-3 T-5 T-9")
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.trictrac"):
        html = convert(text)
    # the bad move is on line 8 of the page, its moves start at column 14
    assert re.search(r"&lt;markdown&gt;:8:14: error: fausse case: black plays T-5 T-9 with 5-3", html)
    assert any(re.match(r"<markdown>:8:14: error: fausse case", r.getMessage()) for r in caplog.records)
    assert "<svg" in html  # the positions are still drawn


def test_bad_option_is_reported_at_its_column(caplog):
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.trictrac"):
        html = convert(PAGE.format(options=" show=everything"))
    assert "&lt;markdown&gt;:5:13: error: trictrac fence: show must be one of each, start, last, none, not " \
           "&#39;everything&#39;" in html
    assert caplog.records


def test_record_text_in_a_fence_is_escaped():
    html = convert('```trictrac show=start\n[Title "<script>alert(1)</script>"]\n```\n')
    assert "<script>alert(1)" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_unclosed_fence_is_an_error():
    html = convert("```trictrac show=start\n1. white 6-4 T-6 T-4\n")
    assert "the ``` is never closed" in html


BACKGAMMON = """```trictrac{options}
[Game "backgammon"]
[Rules "ffbg"]
1. white 6-2 24/18 13/11
2. black 5-3 8/3 6/3
```
"""


def test_a_backgammon_snippet_is_drawn_as_backgammon():
    """The fence draws any game of the family: backgammon's points, its arrows, its captions."""
    html = convert(BACKGAMMON.format(options=" show=last"))
    assert "trictrac-error" not in html
    captions = re.findall(r"<figcaption>(.*?)</figcaption>", html)
    assert captions and captions[0].startswith("2. black 5-3 8/3 6/3")
    svg = re.search(r"<svg.*?</svg>", html, re.S).group()
    labels = set(re.findall(r'class="label"[^>]*>(\d+)<', svg))
    assert {str(n) for n in range(1, 25)} <= labels  # the federation's 24 points, not trictrac's tables
    assert svg.count('class="move"') == 2  # the arrows of 8/3 6/3


def test_chances_in_a_backgammon_snippet_is_an_error_at_the_option():
    html = convert(BACKGAMMON.format(options=" show=last chances=yes"))
    assert ("&lt;markdown&gt;:1:23: error: trictrac fence: chances=yes is trictrac&#39;s arithmetic of the jans; "
            "this snippet is a backgammon record") in html
    assert html.count("<svg") == 1  # the position is still drawn
