"""The domain reference (``rules.md``) published as the site's "Sources and method" page, and every
"rules.md §…" citation of the site made a link to the place it cites.

The page (``site_src/sources.md``) is the reference as the project keeps it; :func:`anchor` gives its
sections and numbered items stable ids as it is rendered (``s3-11`` for §3.11, ``M14`` for the movement
rule M14, ``D1`` for the difference D1, ``E17`` for the worked example E17, ``s6-1`` for the first open
point of §6), so that the copy can be refreshed from the reference without editing it by hand.
:func:`link_citations` then turns the citations of any page's HTML into links to those ids.
"""

from __future__ import annotations

import posixpath
import re

PAGE = "sources.md"
HTML = "sources.html"

_HEADING = re.compile(r"^(#{2,6})\s+(\d+)\.(\d+)?\s+(.*?)\s*$")
_ROW = re.compile(r"^\|\s*([MD]\d+)\s*\|")
_EXAMPLE = re.compile(r"^\*\*(E\d+)\b")
_OPEN_POINT = re.compile(r"^(\d+)\.\s")


def anchor(markdown: str) -> str:
    """The reference's Markdown with an id on each numbered section, rule, difference, example and open point."""
    out, section = [], None
    for line in markdown.split("\n"):
        m = _HEADING.match(line)
        if m and "{#" not in line:
            hashes, major, minor, text = m.groups()
            section = major if not minor else f"{major}-{minor}"
            line = f"{hashes} {major}.{minor or ''} {text} {{#s{section}}}"
        elif (m := _ROW.match(line)) is not None:
            line = line.replace(m.group(1), f'<span id="{m.group(1)}"></span>{m.group(1)}', 1)
        elif (m := _EXAMPLE.match(line)) is not None:
            line = f'<span id="{m.group(1)}"></span>' + line
        elif section == "6" and (m := _OPEN_POINT.match(line)) is not None:
            line = line[:m.end()] + f'<span id="s6-{m.group(1)}"></span>' + line[m.end():]
        out.append(line)
    return "\n".join(out)


def anchors(markdown: str) -> set[str]:
    """The ids :func:`anchor` gives the page."""
    return {a or b for a, b in re.findall(r'\{#([\w-]+)\}|<span id="([\w-]+)"></span>', anchor(markdown))}


# one citation: §3.11, §2 M14, §4 D1, §5 E32, §6.1; after "rules.md", more may follow: "rules.md §2 M6, §3.6"
_PLACE = r"§\s?(\d+)(?:\.(\d+))?(?:\s([MDE]\d+))?"
_CITATION = re.compile(r"rules\.md(?:\s" + _PLACE + r"((?:,\s?" + _PLACE + r")*))?")
_ONE = re.compile(_PLACE)
_SKIP = ("a", "script", "style", "svg", "title", "head", "textarea")
_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)[^>]*?(/?)>")


def target(major: str, minor: str | None, item: str | None, known: set[str]) -> str:
    """The id a citation points to: its item if the page has it, else its section, else the page's top."""
    for candidate in (item, f"s{major}-{minor}" if minor else None, f"s{major}"):
        if candidate and candidate in known:
            return "#" + candidate
    return ""


def _links(match: re.Match, href: str, known: set[str]) -> str:
    text = match.group(0)
    if match.group(1) is None:  # a bare "rules.md"
        return f'<a class="tt-cite" href="{href}">{text}</a>'
    places = list(_ONE.finditer(text))
    out, end = [], 0
    for k, place in enumerate(places):
        start = 0 if k == 0 else place.start()  # the first link takes "rules.md" with it
        out.append(text[end:start])
        out.append(f'<a class="tt-cite" href="{href}{target(*place.groups(), known)}">{text[start:place.end()]}</a>')
        end = place.end()
    return "".join(out) + text[end:]


def link_citations(html: str, page_url: str, known: set[str]) -> str:
    """Every "rules.md §…" in the text of ``html`` (not inside a link, a script, an SVG or a tag)
    made a link to the "Sources and method" page, relative to the page at ``page_url``."""
    if "rules.md" not in html:
        return html
    href = posixpath.relpath(HTML, posixpath.dirname(page_url) or ".")
    out, pos, skipping = [], 0, []
    for tag in _TAG.finditer(html):
        text = html[pos:tag.start()]
        out.append(text if skipping else _CITATION.sub(lambda m: _links(m, href, known), text))
        out.append(tag.group(0))
        closing, name, selfclosing = tag.group(1), tag.group(2).lower(), tag.group(3)
        if name in _SKIP and not selfclosing:
            if closing:
                if name in skipping:
                    del skipping[len(skipping) - 1 - skipping[::-1].index(name):]
            else:
                skipping.append(name)
        pos = tag.end()
    tail = html[pos:]
    out.append(tail if skipping else _CITATION.sub(lambda m: _links(m, href, known), tail))
    return "".join(out)
