"""The key to a diagram: each mark the board draws, drawn the same way (the same shapes of :mod:`diagram`, the
same styles of :mod:`layout`) in a small swatch beside what it means — for a game page's viewer and any page
showing diagrams.  What a game's board draws is the game's (:mod:`looks`): the jetons, fichets, pavillon, pleins
and hits à vrai or à faux of trictrac; the bar, the dames hit to it and the cube of backgammon."""

from __future__ import annotations

from functools import lru_cache

from .diagram import _count, _dame, _ghost, curved_arrow, text
from .layout import FICHET, FLAG, POLE, R_HIT, R_JETON, STYLES, Shape, U
from .looks import Look
from .svg import shape_svg

W, H = 2.4 * U, 1.2 * U  # a swatch, in the board's units
Y = H / 2


def _swatch(shapes: list[Shape], label: str) -> str:
    """The shapes as a small SVG (the width a page gives it: about 3em)."""
    body = "".join(map(shape_svg, shapes))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W:g} {H:g}" width="48" height="24" '
            f'role="img" aria-label="{label}">{body}</svg>')


def _ring(style: str, x: float = W / 2) -> list[Shape]:
    return [_dame(x, Y, "white", None), Shape("circle", (x, Y, R_HIT), STYLES[style], "hit")]


def _fichet(x: float, color: str) -> Shape:
    return Shape("polygon", ((x, Y - FICHET), (x + FICHET, Y), (x, Y + FICHET), (x - FICHET, Y)),
                 STYLES[f"fichet-{color}"], "fichet")


def _pavillon() -> list[Shape]:
    x, top = W / 2 - FLAG[0] / 2, Y - POLE
    return [Shape("line", ((x, Y + POLE), (x, top)), STYLES["pole"], "pole"),
            Shape("polygon", ((x, top), (x + FLAG[0], top + FLAG[1]), (x, top + FLAG[2])), STYLES["pavillon"],
                  "pavillon")]


def _cube() -> list[Shape]:
    side = 0.8 * U
    return [Shape("rect", (W / 2 - side / 2, Y - side / 2, side, side, 0.12 * U), STYLES["die"], "cube"),
            text(W / 2, Y, "2", 0.45 * U, bold=True, cls="cube-value")]


def _marks(scored: bool) -> list[tuple[list[Shape], str]]:
    """(shapes, words) for each mark a board draws: with ``scored``, trictrac's marks of points and holes and its
    events (:attr:`looks.Look.marks`), else backgammon's bar and cube."""
    left, right = (0.5 * U, Y), (W - 0.5 * U, Y)
    marks: list[tuple[list[Shape], str]] = [
        ([_dame(0.7 * U, Y, "white", None), _dame(W - 0.7 * U, Y, "black", None)], "the two players' dames"),
        ([_dame(W / 2, Y, "black", None), _count(W / 2, Y, 7, "black", "count", 0.5 * U)],
         "more dames on a point than are drawn: their number, on the last dame"),
        ([*curved_arrow(left, right, shorten_start=0.1 * U, shorten_end=0.1 * U)], "a dame's way, from where it "
         "stood to where it stopped"),
        ([_ghost(0.7 * U, Y), *curved_arrow((0.7 * U, Y), right, shorten_end=0.1 * U)],
         "a dashed ring: the place a dame left"),
        ([_ghost(W / 2, Y, "rest")], "a ring on the way: where a dame played with both numbers (tout d'une) rested"),
    ]
    if scored:
        marks += [
            (_ring("hit-vrai"), "a dame beaten à vrai: the points go to the player who threw"),
            (_ring("hit-faux"), "a dame beaten à faux (dashed): the points go to his opponent"),
            ([Shape("rect", (0.2 * U, 0.15 * U, W - 0.4 * U, H - 0.3 * U, 0.1 * U), STYLES["plein"], "plein")],
             "a green frame: a jan filled (a plein made, or kept)"),
            ([Shape("circle", (0.8 * U, Y, R_JETON), STYLES["dame-white"], "jeton"),
              Shape("circle", (W - 0.95 * U, Y - 0.12 * U, R_JETON), STYLES["dame-black"], "jeton"),
              Shape("circle", (W - 0.71 * U, Y + 0.12 * U, R_JETON), STYLES["dame-black"], "jeton")],
             "a jeton on a player's band: his points (12 make a hole); two jetons: he marks in bredouille"),
            ([_fichet(0.8 * U, "white"), _fichet(W - 0.8 * U, "black")],
             "a fichet in a hole of a player's band: his holes"),
            (_pavillon(), "the pavillon: the player whose holes run without a break (in bredouille)"),
            ([Shape("rect", (W / 2 - 0.45 * U, 0.1 * U, 0.9 * U, H - 0.2 * U, 0.1 * U), STYLES["differs"],
                    "differs")], "a red dashed frame (a book's figure): an arrow the figure draws otherwise"),
        ]
    else:
        marks += [
            ([_dame(0.6 * U, Y, "white", None), Shape("circle", (0.6 * U, Y, R_HIT), STYLES["hit-bar"], "hit"),
              *curved_arrow((0.6 * U, Y), right, cls="knock", shorten_start=R_HIT, style="knock")],
             "a dame hit: its ring, and its way to the bar (dashed)"),
            (_cube(), "the doubling cube: its value, beside the player who owns it (in the middle: nobody yet)"),
        ]
    return marks


def legend(look: Look) -> tuple[tuple[str, str], ...]:
    """Each mark of ``look``'s board as (SVG swatch, what it means)."""
    return _legend(look.marks)


@lru_cache(maxsize=2)
def _legend(marks: bool) -> tuple[tuple[str, str], ...]:
    return tuple((_swatch(shapes, words), words) for shapes, words in _marks(marks))
