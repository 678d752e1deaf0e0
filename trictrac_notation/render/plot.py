"""Board diagrams through matplotlib, for PNG and PDF (print).

The shapes are those of :mod:`diagram`, the same as the SVG's: this module only
turns each into a matplotlib patch or text.  It uses a bare ``Figure`` (no
pyplot, no global state), so it works headless and in threads.
"""

from __future__ import annotations

import os
from itertools import chain
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.board import WHITE, Position
from ..core.coords import CoordSystem
from .diagram import HALO, Annotations, Scene, replay_scene, scene
from .layout import Shape, Style
from .looks import TRICTRAC, Look

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch

    from ..engine.replay import Replay

FORMATS = (".svg", ".png", ".pdf")
_ANCHOR = {"start": "left", "middle": "center", "end": "right"}


def _patch_style(style: Style, k: float) -> dict[str, Any]:
    """matplotlib keywords for a style; ``k`` converts user units to points."""
    kw: dict[str, Any] = {
        "facecolor": style.fill or "none",
        "edgecolor": style.stroke or "none",
        "linewidth": style.width * k if style.stroke else 0,
    }
    if style.fill and style.opacity != 1.0:
        from matplotlib.colors import to_rgba

        kw["facecolor"] = to_rgba(style.fill, style.opacity)
    if style.dash and style.width:
        kw["linestyle"] = (0, tuple(d / style.width for d in style.dash))  # dashes scale with the line width
    return kw


def _artist(shape: Shape, k: float) -> Patch | tuple[str, dict[str, Any]]:
    from matplotlib import patheffects
    from matplotlib.patches import Circle, FancyBboxPatch, PathPatch, Polygon, Rectangle
    from matplotlib.path import Path as MplPath

    kind, g, style = shape.kind, shape.geom, shape.style
    if kind == "text":
        halo = style.size * HALO * k
        effects = [patheffects.withStroke(linewidth=halo, foreground=style.halo)] if style.halo else None
        return ("text", dict(x=g[0], y=g[1], s=g[2], fontsize=style.size * k, ha=_ANCHOR[style.anchor],
                             va="baseline", color=style.fill, fontweight="bold" if style.bold else "normal",
                             path_effects=effects))
    kw = _patch_style(style, k)
    if kind == "circle":
        return Circle(g[:2], g[2], **kw)
    if kind == "polygon":
        return Polygon(g, closed=True, joinstyle="round", **kw)
    if kind == "rect":
        x, y, w, h, rx = g
        if rx:
            return FancyBboxPatch((x, y), w, h, boxstyle=f"round,pad=0,rounding_size={rx}", **kw)
        return Rectangle((x, y), w, h, **kw)
    if kind == "path":
        return PathPatch(MplPath(g, [MplPath.MOVETO, MplPath.CURVE3, MplPath.CURVE3]), capstyle="round",
                         **{**kw, "facecolor": "none"})
    if kind == "line":
        return PathPatch(MplPath(g), **{**kw, "facecolor": "none"})
    raise ValueError(f"unknown shape kind {kind!r}")


def scene_figure(sc: Scene, width_in: float = 6.0) -> Figure:
    """A laid-out scene as a matplotlib Figure ``width_in`` inches wide."""
    from matplotlib.figure import Figure

    k = width_in * 72 / sc.width  # points per user unit
    fig = Figure(figsize=(width_in, width_in * sc.height / sc.width))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, sc.width)
    ax.set_ylim(sc.height, 0)  # SVG's y runs downwards
    ax.set_axis_off()
    for z, shape in enumerate(chain(sc.background, sc.shapes)):
        artist = _artist(shape, k)
        if isinstance(artist, tuple):
            ax.text(**artist[1], zorder=z)
        else:
            artist.set_zorder(z)
            ax.add_patch(artist)
    return fig


def board_figure(position: Position, *, coords: str | CoordSystem = "player", bottom: str = WHITE,
                 annotations: Annotations | None = None, width_in: float = 6.0, title: str | None = None,
                 look: Look = TRICTRAC) -> Figure:
    """The diagram of ``position`` as a matplotlib Figure (see svg.board_svg for the options)."""
    return scene_figure(scene(position, coords=coords, bottom=bottom, annotations=annotations, title=title,
                              look=look), width_in)


def save_diagram(replay: Replay, n: int, path: str | os.PathLike[str], *, bottom: str | None = None,
                 coords: str | CoordSystem | None = None, width: float | None = None, width_in: float = 6.0,
                 dpi: float = 150) -> None:
    """Write the diagram after throw ``n`` to ``path``: .svg directly, .png and .pdf through
    matplotlib.  ``width`` is in pixels (SVG, PNG); ``width_in`` sizes a PDF (and a PNG without
    ``width``).  ValueError for another extension, NoSuchThrow for a throw that is not there."""
    ext = Path(path).suffix.lower()
    if ext not in FORMATS:
        raise ValueError(f"cannot write {ext or 'a file without extension'}: the diagram formats are "
                         f"{', '.join(FORMATS)}")
    sc = replay_scene(replay, n, bottom=bottom, coords=coords)
    if ext == ".svg":
        from .svg import scene_svg

        Path(path).write_text(scene_svg(sc, width or 480), encoding="utf-8")
        return
    if ext == ".png" and width:
        width_in = width / dpi
    from matplotlib import rc_context

    # the words of the SVG's <title> and <desc> go into the file's metadata
    words = {"Title": sc.title, ("Subject" if ext == ".pdf" else "Description"): sc.desc}
    with rc_context({"pdf.fonttype": 42}):  # TrueType: the PDF's text stays text (searchable, selectable)
        scene_figure(sc, width_in).savefig(path, format=ext[1:], dpi=dpi, metadata=words)
