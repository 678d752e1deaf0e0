"""The ```` ```trictrac ```` fence: a notation snippet drawn as board diagrams, in any Markdown page.

    ```trictrac show=each bottom=white
    [Rules "guiton-1822"]
    @white T:13 6:2
    1. white 6-4 T-6 T-4
    ```

Options on the opening line: ``show`` = ``each`` (the start, then the position after every
throw; the default), ``start``, ``last`` or ``none`` (the source only); ``source`` = ``yes``
(default) or ``no``; ``chances`` = ``no`` (default) or ``yes``: each caption also says what the next
throw from that position can give, out of 36 (it needs a ``Rules`` header); ``bottom``, ``coords``
and ``width`` as for the diagrams.  A snippet with
errors is shown with its errors, each at its line and column in the page, and logged as a
warning (so a strict mkdocs build fails).

Use it in Python-Markdown as ``markdown.Markdown(extensions=["trictrac_notation.site.mdext"])`` (or
``"trictrac"``), in mkdocs as ``markdown_extensions: [trictrac_notation.site.mdext]``; the mkdocs
plugin ``trictrac`` adds the extension and names the page in the error messages.
"""

from __future__ import annotations

import contextvars
import logging
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor
from markupsafe import escape
from mkdocs.config.base import LegacyConfig
from mkdocs.plugins import BasePlugin

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig
    from mkdocs.structure.files import Files
    from mkdocs.structure.pages import Page

    from ..core.diagnostics import Diagnostic
    from ..engine.replay import Replay, ThrowResult
    from ..rules.rulesets import RuleSet

log = logging.getLogger("mkdocs.plugins.trictrac")

OPEN = re.compile(r"^(?P<indent> {0,3})(?P<fence>`{3,}|~{3,})[ \t]*trictrac(?![\w-])(?P<options>[^`\n]*)$")
OPTIONS = {
    "show": ("each", "start", "last", "none"),
    "source": ("yes", "no"),
    "chances": ("no", "yes"),
    "bottom": ("white", "black"),
}
WIDTH = 420

# The page being rendered, set by the mkdocs plugin: (path for messages, lines before the Markdown).
# the page being converted: its published name (its diagnostics on the page), its source file (the build's log),
# the lines before its Markdown (front matter)
_page = contextvars.ContextVar("trictrac_page", default=("<markdown>", "<markdown>", 0))


@dataclass
class Fence:
    line: int  # 1-based line of the opening ``` in the text
    options_text: str
    source: str
    closed: bool = True
    options_column: int = 1  # 1-based column of the options on the opening line
    options: dict[str, Any] = field(default_factory=dict)  # the options read, with their defaults
    columns: dict[str, int] = field(default_factory=dict)  # where each option given stands on the opening line


def find_fences(lines: list[str]) -> list[tuple[int, int, Fence]]:
    """(first line index, end index exclusive, fence) of each ```trictrac block."""
    found = []
    i = 0
    while i < len(lines):
        m = OPEN.match(lines[i])
        if not m:
            i += 1
            continue
        fence = m.group("fence")
        close = re.compile(rf"^ {{0,3}}{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        j = i + 1
        while j < len(lines) and not close.match(lines[j]):
            j += 1
        closed = j < len(lines)
        body = "\n".join(lines[i + 1:j])
        options = m.group("options")
        column = m.start("options") + len(options) - len(options.lstrip()) + 1
        found.append((i, min(j + 1, len(lines)), Fence(i + 1, options.strip(), body + "\n", closed, column)))
        i = j + 1
    return found


def _options(fence: Fence, path: str) -> list[Diagnostic]:
    """Read ``key=value`` options; a bad one is a diagnostic at its column."""
    from ..core.coords import SYSTEMS
    from ..core.diagnostics import Reporter
    from ..notation.record import Span

    rep = Reporter(path)
    opts: dict[str, Any] = {"show": "each", "source": "yes", "chances": "no", "bottom": None, "coords": None,
                            "width": WIDTH}
    column = None
    for m in re.finditer(r"(\S+?)=(\S+)|(\S+)", fence.options_text):
        column = fence.options_column + m.start()
        key, value = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), None)
        span = Span(fence.line, column, len(m.group()))
        fence.columns[key] = column
        allowed = dict(OPTIONS, coords=tuple(SYSTEMS))
        if key == "width" and value and value.isdigit() and 120 <= int(value) <= 2000:
            opts["width"] = int(value)
        elif key == "width":
            rep.error(f"trictrac fence: width must be a number of pixels from 120 to 2000, not {value!r}", span)
        elif key in allowed and value in allowed[key]:
            opts[key] = value
        elif key in allowed:
            rep.error(f"trictrac fence: {key} must be one of {', '.join(allowed[key])}, not {value!r}", span)
        else:
            rep.error(f"trictrac fence: unknown option {m.group()!r}; expected "
                      f"{', '.join(k + '=' for k in (*OPTIONS, 'coords', 'width'))}", span)
    fence.options = opts
    return rep.items


def render_fence(fence: Fence, path: str = "<markdown>") -> tuple[str, list[Diagnostic]]:
    """The HTML of one fence and its diagnostics (lines and columns are those of the page)."""
    from ..engine.opengame import open_game
    from ..render.svg import replay_svg

    diags = _options(fence, path)
    opened = open_game(fence.source, path=path, kind="text")
    record, result, scorer = opened.record, opened.replay, opened.scorer
    assert record is not None and result is not None  # a text is always read
    shifted = [replace(d, line=d.line + fence.line) for d in result.diagnostics]
    diags += shifted
    if not fence.closed:
        from ..core.diagnostics import Diagnostic

        diags.append(Diagnostic("error", "trictrac fence: the ``` is never closed", path, fence.line, 1))
    opts = fence.options
    show = opts["show"]
    count = len(result.throws)
    numbers = {"each": range(0, count + 1), "start": [0], "last": [count], "none": []}[show]
    kw: dict[str, Any] = {"width": opts["width"]}
    if opts["bottom"]:
        kw["bottom"] = opts["bottom"]
    if opts["coords"]:
        kw["coords"] = opts["coords"]
    game = opened.game.name if opened.game is not None else "trictrac"
    if opts["chances"] == "yes" and (scorer is None or game != "trictrac"):
        from ..core.diagnostics import Diagnostic

        why = (f"chances=yes is trictrac's arithmetic of the jans; this snippet is a {game} record"
               if game != "trictrac" else "chances=yes needs a [Rules \"...\"] header to score the throws")
        diags.append(Diagnostic("error", f"trictrac fence: {why}", path, fence.line,
                                fence.columns.get("chances", fence.options_column)))
        opts["chances"] = "no"
    figures = []
    for n in numbers:
        caption = (record.header("Title") or "starting position") if n == 0 else _caption(result.throws[n - 1])
        if opts["chances"] == "yes" and scorer is not None:
            caption += " — " + _chances(result, n, scorer.ruleset)
        figures.append((replay_svg(result, n, **kw), caption))
    lines = fence.source.splitlines()
    errors = [d.format([""] * (fence.line) + lines) for d in diags if d.severity == "error"]
    html = ['<div class="trictrac-fence">']
    if opts["source"] == "yes":
        html.append(f'<pre class="trictrac-source"><code>{escape(fence.source.rstrip())}</code></pre>')
    for message in errors:
        html.append(f'<pre class="trictrac-error">{escape(message)}</pre>')
    if figures:
        html.append('<div class="trictrac-figures">')
        for svg, caption in figures:
            html.append(f'<figure class="trictrac-diagram">{svg}<figcaption>{escape(caption)}</figcaption></figure>')
        html.append("</div>")
    html.append("</div>")
    return "\n".join(html), diags


def _caption(t: ThrowResult) -> str:
    from ..notation.reader import WORDS, write_throw

    text = write_throw(t.throw, WORDS["en"], variations=False)
    if t.score is not None:
        text += " — " + "; ".join(t.score.summary())
    return text


def _chances(result: Replay, n: int, ruleset: RuleSet) -> str:
    """What the throw after the first ``n`` can give: 'black to play: hits by 11 of 36, …'."""
    from ..games.trictrac.chances import after_throws, caption, outcomes, summary

    position, mover, history, movement = after_throws(result, n, ruleset)
    return caption(summary(outcomes(position, mover, ruleset, history, movement), mover), mover)


class TrictracPreprocessor(Preprocessor):
    """Replace each ```trictrac fence by its diagrams (stashed as raw HTML) before other fences are read."""

    def run(self, lines: list[str]) -> list[str]:
        fences = find_fences(lines)
        if not fences:
            return lines
        path, source, offset = _page.get()  # a page never shows a path of the machine that built it
        out, last = [], 0
        for start, end, fence in fences:
            out.extend(lines[last:start])
            fence.line += offset
            html, diags = render_fence(fence, path)
            for d in diags:
                if d.severity == "error":
                    log.warning(replace(d, path=source).headline())
            out.extend(["", self.md.htmlStash.store(html), ""])
            last = end
        out.extend(lines[last:])
        return out


class TrictracExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:
        # after normalize_whitespace (30), which would strip the stash's markers, and before fenced_code
        # and pymdownx.superfences (25), which would take the block as plain code
        md.preprocessors.register(TrictracPreprocessor(md), "trictrac_fence", 28)


def makeExtension(**kwargs: Any) -> TrictracExtension:  # noqa: N802 - the name Python-Markdown looks for
    return TrictracExtension(**kwargs)


# --- mkdocs ---------------------------------------------------------------------------------

class TrictracPlugin(BasePlugin[LegacyConfig]):  # LegacyConfig: BasePlugin's default, a plugin without options
    """mkdocs plugin ``trictrac``: adds the fence extension and names the page in its messages."""

    _token: contextvars.Token[tuple[str, str, int]] | None = None

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig:
        names = [e if isinstance(e, str) else type(e).__module__ for e in config.markdown_extensions]
        if not any(n in ("trictrac", __name__) for n in names):
            config.markdown_extensions.append(__name__)
        return config

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        offset = 0  # (a page generated in memory has no source file)
        if page.file.abs_src_path is not None:
            try:
                with open(page.file.abs_src_path, encoding="utf-8-sig") as f:
                    offset = max(0, len(f.read().splitlines()) - len(markdown.splitlines()))
            except OSError:
                pass
        self._token = _page.set((page.file.src_uri, page.file.abs_src_path or page.file.src_uri, offset))
        return markdown

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig, files: Files) -> str:
        """The page is converted: later Markdown (outside this page) is no longer named after it."""
        if self._token is not None:
            _page.reset(self._token)
            self._token = None
        return html
