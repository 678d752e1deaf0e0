"""The generated HTML of a page kept out of Markdown's way.

A game page is mostly HTML our templates wrote (autoescaped, well formed): the move list, the source.
Python-Markdown would parse all of it again to find where its raw HTML blocks end, and the theme's search
would read all of it for its index — together most of a big page's build time, and an index holding every
move of every game.  So a template marks such blocks::

    <!-- trictrac:html -->            (kept out of the search index)
    <!-- trictrac:html search -->     (indexed)
    ...
    <!-- /trictrac:html -->

and the site's plugin takes them out before Markdown (:func:`stash`), puts the indexed ones back after it
(:func:`restore` on the page's content) and the others into the finished page (:func:`restore` on the
output).  Without the plugin the markers are plain HTML comments around raw HTML: the page is still valid
Markdown.
"""

from __future__ import annotations

import re
import secrets

BLOCK = re.compile(r"^<!-- trictrac:html( search)? -->\n(.*?)^<!-- /trictrac:html -->\n?", re.M | re.S)
_NONCE = secrets.token_hex(6)


def stash(markdown: str) -> tuple[str, list[tuple[bool, str]]]:
    """The Markdown with each block replaced by a placeholder paragraph, and the blocks (searchable, html)."""
    blocks: list[tuple[bool, str]] = []

    def keep(m):
        blocks.append((bool(m.group(1)), m.group(2)))
        return f"\ntrictrac{_NONCE}block{len(blocks) - 1}\n\n"
    return BLOCK.sub(keep, markdown), blocks


def _placeholder(i: int) -> str:
    return f"<p>trictrac{_NONCE}block{i}</p>"


def _held(i: int) -> str:
    return f'<div data-trictrac-html="{_NONCE}-{i}"></div>'


def restore(html: str, blocks: list, searchable: bool, transform=lambda h: h) -> str:
    """Put back into ``html`` the blocks that are (or are not) ``searchable``: the page's content after
    Markdown gets the searchable ones, and an empty holder for each other, which the finished page gets
    (``transform``: what the page's other HTML went through, e.g. the citations' links)."""
    for i, (search, block) in enumerate(blocks):
        if search == searchable:
            marker = _placeholder(i) if searchable else _held(i)
            html = html.replace(marker, transform(block), 1)
        elif searchable:
            html = html.replace(_placeholder(i), _held(i), 1)
    return html
