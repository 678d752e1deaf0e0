"""Text boxes in a diagram: how wide a label is, and where a label may stand without covering another
label or a dame.

Widths are estimated from the advance widths of DejaVu Sans, the diagrams' first font (a little on the
wide side, so that a box holds the text in any of the fallback fonts): good enough to fit a label in
its arrow and to keep two labels apart, with no font file to read at build time.
"""

from __future__ import annotations

from typing import NamedTuple

# advance widths of DejaVu Sans, in em (Book; Bold is about 9% wider)
WIDTHS = {
    **dict.fromkeys("0123456789", 0.636), " ": 0.318, "'": 0.275, "’": 0.318, "-": 0.361, ".": 0.318,
    ",": 0.318, ":": 0.337, ";": 0.337, "(": 0.39, ")": 0.39, "/": 0.337, "+": 0.838, "&": 0.78, "=": 0.838,
    "i": 0.278, "j": 0.278, "l": 0.278, "f": 0.352, "t": 0.392, "r": 0.411, "I": 0.295, "J": 0.295,
    "m": 0.974, "w": 0.818, "M": 0.863, "W": 0.989, "é": 0.615, "è": 0.615, "à": 0.613, "â": 0.613,
}
LOWER, UPPER, OTHER = 0.62, 0.72, 0.7
BOLD = 1.09
MARGIN = 1.06  # widths are rounded up by this much
HALF_HEIGHT = 0.6  # a text's box reaches this far above and below its line's centre, in its size
HALO_PAD = 0.125  # a halo (a stroke a quarter of the size wide) widens the box by half its width


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of ``text`` at font ``size`` (user units)."""
    em = sum(WIDTHS.get(c, LOWER if c.islower() else UPPER if c.isupper() else OTHER) for c in text)
    return em * size * (BOLD if bold else 1.0) * MARGIN


class Box(NamedTuple):
    x0: float
    y0: float
    x1: float
    y1: float

    def overlaps(self, other: "Box") -> bool:
        return self.x0 < other.x1 and other.x0 < self.x1 and self.y0 < other.y1 and other.y0 < self.y1

    def inside(self, other: "Box") -> bool:
        return other.x0 <= self.x0 and self.x1 <= other.x1 and other.y0 <= self.y0 and self.y1 <= other.y1


def text_box(x: float, y: float, text: str, size: float, anchor: str = "middle", bold: bool = False,
             halo: bool = False) -> Box:
    """The box of a text whose line is centred on ``y`` (the writers' convention: baseline at y + 0.35 size);
    a halo (the paper-coloured outline) widens it by a quarter of the size."""
    w = text_width(text, size, bold)
    x0 = x - w / 2 if anchor == "middle" else x - w if anchor == "end" else x
    pad = HALO_PAD * size if halo else 0.0
    return Box(x0 - pad, y - HALF_HEIGHT * size - pad, x0 + w + pad, y + HALF_HEIGHT * size + pad)


def circle_box(cx: float, cy: float, r: float) -> Box:
    return Box(cx - r, cy - r, cx + r, cy + r)


def fit_size(texts, size: float, width: float, bold: bool = False) -> float:
    """The largest font size up to ``size`` at which every text is at most ``width`` wide."""
    widest = max((text_width(t, 1.0, bold) for t in texts), default=0.0)
    return min(size, width / widest) if widest else size


def first_free(candidates, obstacles: list, within: Box | None = None):
    """The first candidate ``(point, box)`` whose box meets no obstacle (and lies ``within``), or None."""
    for point, box in candidates:
        if within is not None and not box.inside(within):
            continue
        if not any(box.overlaps(o) for o in obstacles):
            return point, box
    return None
