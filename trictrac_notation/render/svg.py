"""Board diagrams as SVG text, written directly (no drawing library: it is fast and has no dependency).

The layout comes from :mod:`diagram`; this module only writes its shapes.  The
result is a self-contained ``<svg>`` (presentation attributes, no stylesheet that
would leak into a page) with a viewBox, a ``<title>`` and a ``<desc>`` for screen
readers, and ids unique to its content so that several diagrams can sit in one
HTML page.  Shapes carry classes (``arrow``, ``dame white``, ``hit vrai``…) and
``data-track`` attributes (White's frame) for whoever reads the SVG back.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING

from ..core.board import WHITE, Position
from ..core.coords import CoordSystem
from .diagram import HALO, Annotations, NoSuchThrow, Scene, Shape, Style, replay_scene, scene, throw_annotations
from .looks import TRICTRAC, Look

if TYPE_CHECKING:
    from ..engine.replay import Replay

__all__ = ["Annotations", "NoSuchThrow", "background_svg", "board_svg", "replay_svg", "scene_svg",
           "throw_annotations"]


def _n(x: float) -> str:
    """A coordinate with one decimal, without a useless '.0'."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


@lru_cache(maxsize=256)
def _paint(style: Style, kind: str) -> str:
    """The presentation attributes of a style."""
    out = []
    if kind == "text":
        out.append(f' font-size="{_n(style.size)}"')
        if style.anchor != "start":
            out.append(f' text-anchor="{style.anchor}"')
        if style.bold:
            out.append(' font-weight="bold"')
        if style.halo:
            out.append(f' stroke="{style.halo}" stroke-width="{_n(style.size * HALO)}" stroke-linejoin="round"'
                       ' paint-order="stroke"')
    out.append(f' fill="{style.fill}"' if style.fill else ' fill="none"')
    if style.opacity != 1.0:
        out.append(f' fill-opacity="{style.opacity:g}"')
    if style.stroke and kind != "text":
        out.append(f' stroke="{style.stroke}" stroke-width="{_n(style.width)}"')
        if style.dash:
            out.append(f' stroke-dasharray="{" ".join(_n(d) for d in style.dash)}"')
    return "".join(out)


def _names(shape: Shape) -> str:
    cls = f' class="{shape.cls}"' if shape.cls else ""
    return cls + "".join(f' data-{k}="{escape(str(v))}"' for k, v in shape.data)


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def shape_svg(shape: Shape) -> str:
    """One shape as an SVG element."""
    kind, g = shape.kind, shape.geom
    attrs = _names(shape) + _paint(shape.style, kind)
    if kind == "circle":
        return f'<circle cx="{_n(g[0])}" cy="{_n(g[1])}" r="{_n(g[2])}"{attrs}/>'
    if kind == "polygon":
        return f'<polygon points="{_points(g)}"{attrs}/>'
    if kind == "text":
        return f'<text x="{_n(g[0])}" y="{_n(g[1])}"{attrs}>{escape(g[2], quote=False)}</text>'
    if kind == "rect":
        x, y, w, h, rx = g
        corner = f' rx="{_n(rx)}"' if rx else ""
        return f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}"{corner}{attrs}/>'
    if kind == "path":
        (x0, y0), (cx, cy), (x1, y1) = g
        return f'<path d="M{_n(x0)} {_n(y0)}Q{_n(cx)} {_n(cy)} {_n(x1)} {_n(y1)}"{attrs} stroke-linecap="round"/>'
    if kind == "line":
        (x0, y0), (x1, y1) = g
        return f'<line x1="{_n(x0)}" y1="{_n(y0)}" x2="{_n(x1)}" y2="{_n(y1)}"{attrs}/>'
    raise ValueError(f"unknown shape kind {kind!r}")


@lru_cache(maxsize=64)
def _background_svg(key: tuple[object, ...], shapes: tuple[Shape, ...]) -> str:
    return "".join(map(shape_svg, shapes))


def background_svg(sc: Scene) -> tuple[str, str]:
    """The scene's unchanging part (frame, arrows, labels) as SVG, and an id naming that content: a page
    showing many diagrams may hold it once and let each diagram refer to it (``scene_svg(shared=True)``)."""
    body = _background_svg(sc.background_key, sc.background)
    return "tt-bg-" + hashlib.sha1(body.encode()).hexdigest()[:10], body


def scene_svg(sc: Scene, width: float = 480, id: str | None = None, shared: bool = False) -> str:
    """A laid-out scene as an ``<svg>`` element ``width`` pixels wide.  With ``shared``, the unchanging
    part is a ``<use>`` of the element :func:`background_svg` names, which the page must hold."""
    if shared:
        background = f'<use href="#{background_svg(sc)[0]}"/>'
    else:
        background = _background_svg(sc.background_key, sc.background)
    body = background + "".join(map(shape_svg, sc.shapes))
    title, desc = escape(sc.title, quote=False), escape(sc.desc, quote=False)
    ident = id or "tt-" + hashlib.sha1((body + title + desc).encode()).hexdigest()[:12]
    height = width * sc.height / sc.width
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" id="{escape(ident)}" width="{_n(width)}" height="{_n(height)}" '
        f'viewBox="0 0 {_n(sc.width)} {_n(sc.height)}" role="img" aria-labelledby="{ident}-title {ident}-desc" '
        f'font-family="DejaVu Sans, Verdana, sans-serif">'
        f'<title id="{ident}-title">{title}</title><desc id="{ident}-desc">{desc}</desc>{body}</svg>'
    )


def board_svg(position: Position, *, coords: str | CoordSystem = "player", bottom: str = WHITE,
              annotations: Annotations | None = None, width: float = 480, title: str | None = None,
              id: str | None = None, look: Look = TRICTRAC) -> str:
    """The diagram of ``position`` as SVG text: ``coords`` names the arrows (a system id or a
    CoordSystem), ``bottom`` is the player seen at the bottom, ``title`` heads the caption, ``look`` is the
    game's (:mod:`looks`)."""
    return scene_svg(scene(position, coords=coords, bottom=bottom, annotations=annotations, title=title, look=look),
                     width, id)


def replay_svg(replay: Replay, n: int, *, bottom: str | None = None, coords: str | CoordSystem | None = None,
               width: float = 480, compact: bool = False) -> str:
    """The diagram after throw ``n`` of a replay's main line (0: the starting position), in the
    record's coordinates and orientation unless told otherwise; NoSuchThrow if there is no such throw
    (``compact``: larger text and no caption, for narrow screens)."""
    return scene_svg(replay_scene(replay, n, bottom=bottom, coords=coords, compact=compact), width)
