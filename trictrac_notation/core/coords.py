"""Coordinate systems of the treatises (rules.md §1.4).

A system turns the text of an arrow into a track in the mover's own frame and
back.  Some systems are per player (T,1..11 and the American 1..24 are read from
the mover's side), others name the physical arrows (Soumille's letters from the
top player's talon, Lepeintre's from the bottom player's, trictrac.org's B1..N12,
the absolute 1..24 from White's talon), so they need to know who sits at the
bottom of the diagram.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..errors import TrictracError
from .board import OFF, WHITE, other

OFF_WORDS = ("off",)


class CoordError(TrictracError, ValueError):
    """An arrow name that does not exist in the chosen system."""

    def __init__(self, message: str, suggestion: str | None = None):
        super().__init__(message)
        self.message = message
        self.suggestion = suggestion


@dataclass(frozen=True)
class CoordSystem:
    """One way of naming arrows.  ``names[i]`` is the name of index i; ``anchor`` says
    whose frame the index is: 'mover', 'top', 'bottom', 'white' (or 'per-side' for B/N)."""

    id: str
    title: str
    names: tuple[str, ...]
    anchor: str
    opponent_names: tuple[str, ...] = ()
    doc: str = ""
    # name -> index in the anchor's frame (opponent names already mirrored)
    _index: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        index = {n: i for i, n in enumerate(self.names)}
        index.update({n: 23 - i for i, n in enumerate(self.opponent_names)})
        object.__setattr__(self, "_index", index)

    # --- text -> track ------------------------------------------------------------
    def parse(self, text: str, mover: str, bottom: str = WHITE) -> int:
        """Track of ``text`` in ``mover``'s frame; OFF for the band."""
        index = self._index.get(text)
        if index is None:
            if text.lower() in OFF_WORDS:
                return OFF
            raise CoordError(*self._unknown(text))
        if self.anchor == "mover":
            return index
        return _to_mover(index, self._owner(index, bottom), mover)

    def _owner(self, index: int, bottom: str) -> str:
        """Whose frame the index is counted in."""
        if self.anchor == "bottom":
            return bottom
        if self.anchor == "top":
            return other(bottom)
        return WHITE

    def _unknown(self, text: str) -> tuple[str, str | None]:
        known = list(self.names) + list(self.opponent_names) + list(OFF_WORDS)
        import difflib  # (a hint for a bad arrow: not paid by a short command)

        close = self._neighbours(text) or difflib.get_close_matches(text, known, n=3, cutoff=0.5)
        if not close:
            folded = [k for k in known if k.lower() == text.lower()]
            close = folded
        hint = f"did you mean {' or '.join(repr(c) for c in close)}?" if close else None
        return (f"unknown arrow {text!r} in the {self.title} system ({self.doc})", hint)

    def _neighbours(self, text: str) -> list[str]:
        """For a letter the system skips (J, U, W; w, z): the letters on either side of it;
        for a number out of range (B0, 13): the nearest arrow with the same prefix."""
        m = re.fullmatch(r"([A-Za-z]*)([0-9]{1,9})('?)", text)  # (a longer number: no neighbour)
        if m:
            prefix, number, prime = m.group(1), int(m.group(2)), m.group(3)
            same = [(abs(int(n[len(prefix):-1 if prime else None]) - number), n)
                    for n in self.names + self.opponent_names
                    if re.fullmatch(re.escape(prefix) + r"\d+" + re.escape(prime), n)]
            return [min(same)[1]] if same else []
        if len(text) != 1 or not text.isalpha():
            return []
        letters = [n for n in self.names if len(n) == 1 and n.isalpha() and n.isupper() == text.isupper()]
        below = [n for n in letters if n < text]
        above = [n for n in letters if n > text]
        return ([below[-1]] if below else []) + ([above[0]] if above else [])

    # --- track -> text ------------------------------------------------------------
    def format(self, track: int, mover: str, bottom: str = WHITE) -> str:
        if track >= OFF:
            return OFF_WORDS[0]
        if self.anchor == "mover":
            if track < 12 or not self.opponent_names:
                return self.names[track]
            return self.opponent_names[23 - track]
        owner = self._owner(0, bottom)
        return self.names[track if owner == mover else 23 - track]

    def label(self, white_track: int, bottom: str = WHITE) -> str:
        """Name of a physical arrow given by its track in White's frame (for diagrams)."""
        if self.anchor == "mover":
            # per-player names: label each arrow from its own side's owner
            return self.names[white_track] if white_track < 12 else self.names[23 - white_track]
        return self.format(white_track, WHITE, bottom)


def _to_mover(index: int, owner: str, mover: str) -> int:
    return index if owner == mover else 23 - index


_PLAYER = ("T",) + tuple(str(k) for k in range(1, 12))

SYSTEMS = {
    s.id: s
    for s in (
        CoordSystem(
            "player", "per-player T,1..11", _PLAYER, "mover",
            opponent_names=tuple(n + "'" for n in _PLAYER),
            doc="the mover's own arrows are T, 1..11; the opponent's are written with a prime: T', 1'..11'",
        ),
        CoordSystem(
            "soumille", "Soumille letters", tuple("ABCDEFGHIKLMNOPQRSTVXYZ&"), "top",
            doc="A..& without J, U, W; A is the talon of the player drawn at the top",
        ),
        CoordSystem(
            "lepeintre", "Lepeintre letters", tuple("abcdefghijklmnopqrstuvxy"), "bottom",
            doc="a..y without w, z; a is the talon of the player drawn at the bottom",
        ),
        CoordSystem(
            "trictrac-org", "trictrac.org B1..B12 / N1..N12",
            tuple(f"B{k}" for k in range(1, 13)) + tuple(f"N{k}" for k in range(12, 0, -1)), "white",
            doc="B1..B12 along White's side from his talon, N1..N12 along Black's side from his talon",
        ),
        CoordSystem(
            "absolute", "absolute 1..24", tuple(str(k) for k in range(1, 25)), "white",
            doc="1 is White's talon, 12 White's coin, 13 Black's coin, 24 Black's talon",
        ),
        CoordSystem(
            "american", "American 1..24 per player", tuple(str(k) for k in range(1, 25)), "mover",
            doc="read from the mover's side: 1 his talon, 12 his coin, 13 the opponent's coin, 24 the opponent's talon",
        ),
    )
}

DEFAULT_SYSTEM = "player"


def get_system(name: str) -> CoordSystem:
    """The system called ``name``; CoordError with a suggestion otherwise."""
    try:
        return SYSTEMS[name]
    except KeyError:
        import difflib

        close = difflib.get_close_matches(name, list(SYSTEMS), n=1, cutoff=0.4)
        raise CoordError(
            f"unknown coordinate system {name!r}; known: {', '.join(SYSTEMS)}",
            f"did you mean {close[0]!r}?" if close else None,
        ) from None
