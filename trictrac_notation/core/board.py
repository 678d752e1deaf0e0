"""The board: where the 30 dames stand.

Each player's dames are kept in his *own frame* (rules.md §1.1): track 0 is his
talon, 1..10 his arrows, 11 his coin de repos, 12 the opponent's coin, 23 the
opponent's talon, and 24 (``OFF``) the band they are borne off over.  Track t of
one player is track 23 - t of the other.  Nothing here knows about rules; a
Position only answers "who stands where".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Final, Literal, TypeAlias, TypeVar

Color = Literal["white", "black"]
WHITE: Final = "white"
BLACK: Final = "black"
COLORS: tuple[Color, Color] = (WHITE, BLACK)
V = TypeVar("V")
# a mapping keyed by colour: by Color when built from COLORS, by str when read (a dict's keys are invariant)
ByColor: TypeAlias = Mapping[Color, V] | Mapping[str, V]

TALON = 0
COIN = 11
OPP_COIN = 12
OFF = 24
DAMES = 15


def other(color: str) -> Color:
    """The opponent of ``color``."""
    return BLACK if color == WHITE else WHITE


def mirror_track(track: int) -> int:
    """The same arrow seen from the opponent's frame."""
    return 23 - track


def half_of(track: int) -> str:
    """The table (physical half) holding a track: 'talon' or 'coin' (rules.md §1.2)."""
    return "talon" if track < 6 or track > 17 else "coin"


class Position:
    """An immutable placement of both players' dames.

    ``counts[color]`` is a tuple of 24 dame counts in that colour's own frame;
    ``off[color]`` counts the dames already borne off; ``bar[color]`` the dames hit and waiting to
    enter (backgammon; always 0 in trictrac, where a beaten dame stays on the board).
    """

    __slots__ = ("white", "black", "off_white", "off_black", "bar_white", "bar_black", "_hash")

    def __init__(self, white: Iterable[int], black: Iterable[int], off_white: int = 0, off_black: int = 0,
                 bar_white: int = 0, bar_black: int = 0):
        self.white = tuple(white)
        self.black = tuple(black)
        self.off_white = off_white
        self.off_black = off_black
        self.bar_white = bar_white
        self.bar_black = bar_black
        self._hash: int | None = None

    # --- construction -------------------------------------------------------------
    @classmethod
    def initial(cls) -> Position:
        """Both players with their 15 dames piled on their talons."""
        pile = (DAMES,) + (0,) * 23
        return cls(pile, pile)

    @classmethod
    def from_fields(cls, fields: ByColor[Mapping[int, int]], off: ByColor[int] | None = None) -> Position:
        """Build from ``{colour: {track: count}}`` in each colour's own frame."""
        rows = {}
        for color in COLORS:
            row = [0] * 24
            for track, count in fields.get(color, {}).items():
                row[track] += count
            rows[color] = row
        off = off or {}
        return cls(rows[WHITE], rows[BLACK], off.get(WHITE, 0), off.get(BLACK, 0))

    # --- queries ------------------------------------------------------------------
    def row(self, color: str) -> tuple[int, ...]:
        return self.white if color == WHITE else self.black

    def borne_off(self, color: str) -> int:
        return self.off_white if color == WHITE else self.off_black

    def on_bar(self, color: str) -> int:
        """Dames of ``color`` hit and not yet entered again (backgammon)."""
        return self.bar_white if color == WHITE else self.bar_black

    def count(self, color: str, track: int) -> int:
        """Dames of ``color`` on ``track`` of his own frame."""
        return self.row(color)[track]

    def opponent_count(self, color: str, track: int) -> int:
        """Opponent dames standing on ``track`` of ``color``'s frame."""
        return self.row(other(color))[mirror_track(track)]

    def total(self, color: str) -> int:
        """Dames on the board, on the bar and borne off: 15 in any sound trictrac position."""
        return sum(self.row(color)) + self.borne_off(color) + self.on_bar(color)

    def problems(self) -> list[str]:
        """What makes this position impossible (empty list when it is sound)."""
        return [message for _, message in self.problems_by_color()]

    def problems_by_color(self) -> list[tuple[str | None, str]]:
        """The problems with the colour they concern (None when they concern both)."""
        found: list[tuple[str | None, str]] = []
        for color in COLORS:
            row = self.row(color)
            if any(n < 0 for n in row) or self.borne_off(color) < 0:
                found.append((color, f"{color} has a negative number of dames somewhere"))
            total = self.total(color)
            if total != DAMES:
                found.append((color, f"{color} has {total} dames, not {DAMES}"))
            if row[COIN] == 1:
                found.append((color, f"{color} has a single dame on his coin de repos (it needs two)"))
            if row[OPP_COIN]:
                found.append((color, f"{color} has dames on the opponent's coin de repos"))
        for t in range(24):
            if self.white[t] and self.black[mirror_track(t)]:
                found.append((None, f"white and black dames share an arrow (white track {t})"))
        return found

    # --- changes ------------------------------------------------------------------
    def moved(self, color: str, steps: Iterable[tuple[int, int]]) -> Position:
        """A new position after ``color`` moves dames from src to dst tracks (dst may be OFF)."""
        row = list(self.row(color))
        off = self.borne_off(color)
        for src, dst in steps:
            row[src] -= 1
            if dst >= OFF:
                off += 1
            else:
                row[dst] += 1
        if color == WHITE:
            return Position(row, self.black, off, self.off_black, self.bar_white, self.bar_black)
        return Position(self.white, row, self.off_white, off, self.bar_white, self.bar_black)

    def mirrored(self) -> Position:
        """The same position with the colours swapped."""
        return Position(self.black, self.white, self.off_black, self.off_white, self.bar_black, self.bar_white)

    # --- value semantics ----------------------------------------------------------
    def key(self) -> tuple[object, ...]:
        return (self.white, self.black, self.off_white, self.off_black, self.bar_white, self.bar_black)

    def __eq__(self, other_pos: object) -> bool:
        return isinstance(other_pos, Position) and self.key() == other_pos.key()

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self.key())
        return self._hash

    def __repr__(self) -> str:
        bar = f", bar=({self.bar_white}, {self.bar_black})" if self.bar_white or self.bar_black else ""
        return (f"Position(white={self.fields(WHITE)}, black={self.fields(BLACK)}, "
                f"off=({self.off_white}, {self.off_black}){bar})")

    def fields(self, color: str) -> dict[int, int]:
        """``{track: count}`` for the occupied tracks of ``color``."""
        return {t: n for t, n in enumerate(self.row(color)) if n}

    def to_json(self) -> dict[str, dict[str, int]]:
        """Each colour's occupied fields in the `score` contract's frame (field = track + 1)."""
        out: dict[str, dict[str, int]] = {
            color: {str(t + 1): n for t, n in self.fields(color).items()} for color in COLORS}
        out["off"] = {c: self.borne_off(c) for c in COLORS}
        if self.bar_white or self.bar_black:
            out["bar"] = {c: self.on_bar(c) for c in COLORS}
        return out

    def __str__(self) -> str:
        from .textboard import render  # (imported when a position is first printed)
        return render(self)

    def _repr_svg_(self) -> str | None:
        """Jupyter shows a position as its diagram, drawn by the render floor (see :func:`draw_svg_with`)."""
        return _svg_drawing(self) if _svg_drawing is not None else None


# What a notebook shows of a position: the diagram is drawn on a floor above this one (render/svg.py), so the
# package hands the drawing over when it is imported (trictrac_notation/__init__.py), before any Position exists.
_svg_drawing: Callable[[Position], str] | None = None


def draw_svg_with(drawing: Callable[[Position], str]) -> None:
    """Make ``drawing`` the SVG a notebook shows of a position (``Position._repr_svg_``)."""
    global _svg_drawing
    _svg_drawing = drawing
