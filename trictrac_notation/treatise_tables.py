"""The treatises' tables of chances, as they are printed, and what the engine counts for the same.

Each :class:`Table` holds the rows of one printed table or of the worked figures of one chapter,
with the source's numbers (``printed``) and a way to compute the same numbers with the engine
(``engine(row)``): a position is built and each of the 36 throws is scored by
``scoring.throw_events`` (:mod:`chances`).  Where the two differ, :data:`DIFFERENCES` says why.
The tests (``tests/test_treatise_tables.py``) check every row; the site's compendium shows them
side by side.

How the positions are built:

* *numbers* (a distance from a dame to the arrow to cover or to beat, the treatises' "nombres
  pour jouer"): a single opposing dame is beaten by White's dames standing at those distances with
  every arrow between open — the treatises count filling and hitting by the same arithmetic
  (Guiton 1822 ch. 2, "utilité de cette méthode"; Lelasseux-Lafosse 1852 §327), and a hit needs
  no legal play, so the numbers alone decide;
* *figures*: the positions the treatises draw or describe, in Lelasseux-Lafosse's figure
  numbering (``"1W2-4W1-…-13B2"``: arrow 1 = White's talon, 12 his coin, 13..24 the other side,
  both colours in White's frame), filled, kept, hit or beaten as the text says.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field

from .board import BLACK, DAMES, OPP_COIN, WHITE, Position
from .chances import ORDERED, numbers, outcomes, reach, ways_count
from .scoring import History

NO_SIX_TABLES = History(None)


@functools.lru_cache(maxsize=4)
def _rules(name: str):
    from .rulesets import load_ruleset

    return load_ruleset(name)


# --- positions ------------------------------------------------------------------------------------

def figure(spec: str, fill_talons: bool = False) -> Position:
    """A position from Lelasseux-Lafosse's figure notation ``"1W2-4W1-…-13B2"`` (arrows 1..24 in
    White's frame).  Dames a figure leaves out are put on their talons (``fill_talons``)."""
    rows = {WHITE: [0] * 24, BLACK: [0] * 24}
    for arrow, color, count in re.findall(r"(\d+)([WB])(\d+)", spec):
        track = int(arrow) - 1
        if color == "W":
            rows[WHITE][track] += int(count)
        else:
            rows[BLACK][23 - track] += int(count)
    if fill_talons:
        for row in rows.values():
            row[0] += DAMES - sum(row)
    position = Position(rows[WHITE], rows[BLACK])
    problems = position.problems()
    if problems:
        raise ValueError(f"figure {spec!r}: {'; '.join(problems)}")
    return position


def numbers_position(dists) -> tuple[Position, int]:
    """White dames at the distances ``dists`` (1..12) from a single Black dame, every arrow between
    open; the target is chosen so that no dame stands on Black's coin.  (position, target track)."""
    dists = tuple(sorted(set(dists)))
    target = next(t for t in range(13, 23) if t - OPP_COIN not in dists)
    white = [0] * 24
    for d in dists:
        white[target - d] = 2 if target - d == 11 else 1  # a coin holds two dames or none
    white[0] = DAMES - sum(white)
    black = [0] * 24
    black[23 - target] = 1
    black[0] = DAMES - 1
    return Position(white, black), target


def hit_ways(dists, rules: str = "lelasseux-1852") -> tuple:
    """Lelasseux-Lafosse's table F for a set of numbers: chances hitting by one way at least, by
    two, by three, and the total of ways over the 36 throws."""
    position, target = numbers_position(dists)
    found = outcomes(position, WHITE, _rules(rules), NO_SIX_TABLES)
    w = ways_count(found, lambda e: e.jan == "battre-a-vrai" and e.target == target)
    return w[1], w[2], w[3], w["ways"]


def jan_chances(position: Position, jan: str, who: str = WHITE, mover: str = WHITE, rules: str = "lelasseux-1852",
                quadrant: str | None = None, target: int | None = None, ways: int = 1) -> int:
    """Chances (of 36) that give ``who`` the jan ``jan`` (in ``quadrant`` / on ``target`` if given,
    by ``ways`` ways at least) when ``mover`` throws from ``position``."""
    found = outcomes(position, mover, _rules(rules), NO_SIX_TABLES)

    def match(e):
        return (e.jan == jan and e.beneficiary == who and (quadrant is None or e.quadrant == quadrant)
                and (target is None or e.target == target))
    return ways_count(found, match)[ways]


# --- the tables ------------------------------------------------------------------------------------

@dataclass
class Table:
    id: str
    title: str
    source: str  # treatise, chapter, § or page
    columns: tuple  # the printed columns after the row's label
    rows: list  # (label, inputs, printed tuple)
    engine: object  # inputs -> tuple of the same columns
    how: str = ""  # how the engine's figures are obtained
    notes: dict = field(default_factory=dict)  # label -> why the engine differs

    def compared(self) -> list[dict]:
        out = []
        for label, inputs, printed in self.rows:
            got = tuple(self.engine(inputs))
            out.append({"label": label, "printed": printed, "engine": got, "same": got == tuple(printed),
                        "note": self.notes.get(label, "")})
        return out


def _label(nums) -> str:
    return ", ".join(map(str, nums))


def _numbers_rows(pairs) -> list:
    return [(_label(nums), nums, (value,)) for nums, value in pairs]


# Guiton 1822 ch. 2 (the list after the decomposition of each number) and table II of ch. 15;
# Lelasseux-Lafosse 1852 §263 (a direct number gives itself plus 10, an indirect one 13 minus it).
REACH = {1: 11, 2: 12, 3: 13, 4: 14, 5: 15, 6: 16, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
# Guiton, Traité du backgammon, ch. 1: the numbers whose chances change when a doublet is played four times.
REACH_BACKGAMMON = {**REACH, 3: 14, 4: 15, 6: 17, 8: 6, 9: 5, 12: 3}

# Lelasseux-Lafosse 1852, table F (end of volume 2), first page: the numbers (distances) grouped by
# their sum, and the chances hitting or filling by one way at least, by two, by three, and the ways.
TABLE_F = [
    ((1,), 11, 0, 0, 11), ((2,), 12, 0, 0, 12), ((3,), 13, 0, 0, 13), ((2, 1), 20, 3, 0, 23),
    ((4,), 14, 0, 0, 14), ((3, 1), 20, 4, 0, 24), ((5,), 15, 0, 0, 15), ((4, 1), 21, 4, 0, 25),
    ((3, 2), 21, 4, 0, 25), ((6,), 16, 0, 0, 16), ((5, 1), 22, 4, 0, 26), ((4, 2), 23, 3, 0, 26),
    ((3, 2, 1), 27, 7, 2, 36), ((7,), 6, 0, 0, 6), ((6, 1), 23, 4, 0, 27), ((5, 2), 23, 4, 0, 27),
    ((4, 3), 23, 4, 0, 27), ((4, 2, 1), 27, 10, 0, 37), ((8,), 5, 0, 0, 5), ((7, 1), 15, 2, 0, 17),
    ((6, 2), 24, 4, 0, 28), ((5, 3), 24, 4, 0, 28), ((5, 2, 1), 27, 11, 0, 38), ((4, 3, 1), 28, 8, 2, 38),
    ((9,), 4, 0, 0, 4), ((8, 1), 16, 0, 0, 16), ((7, 2), 16, 2, 0, 18), ((6, 3), 26, 3, 0, 29),
    ((6, 2, 1), 28, 11, 0, 39), ((5, 4), 25, 4, 0, 29), ((5, 3, 1), 27, 12, 0, 39), ((4, 3, 2), 28, 11, 0, 39),
    ((10,), 3, 0, 0, 3), ((9, 1), 15, 0, 0, 15), ((8, 2), 15, 2, 0, 17), ((7, 3), 17, 2, 0, 19),
    ((7, 2, 1), 22, 7, 0, 29), ((6, 4), 26, 4, 0, 30), ((6, 3, 1), 29, 11, 0, 40), ((5, 4, 1), 30, 8, 2, 40),
    ((5, 3, 2), 30, 8, 2, 40), ((4, 3, 2, 1), 32, 14, 4, 50),
    ((11,), 2, 0, 0, 2), ((10, 1), 14, 0, 0, 14), ((9, 2), 16, 0, 0, 16), ((8, 3), 16, 2, 0, 18),
    ((8, 2, 1), 23, 5, 0, 28), ((7, 4), 18, 2, 0, 20), ((7, 3, 1), 22, 8, 0, 30), ((6, 5), 27, 4, 0, 31),
    ((6, 4, 1), 29, 12, 0, 41), ((6, 3, 2), 30, 11, 0, 41), ((5, 4, 2), 30, 11, 0, 41),
    ((5, 3, 2, 1), 32, 15, 4, 51),
    ((12,), 1, 0, 0, 1), ((11, 1), 13, 0, 0, 13), ((10, 2), 15, 0, 0, 15), ((9, 3), 15, 2, 0, 17),
    ((9, 2, 1), 24, 3, 0, 27), ((8, 4), 18, 1, 0, 19), ((8, 3, 1), 23, 6, 0, 29), ((7, 5), 19, 2, 0, 21),
    ((7, 4, 1), 23, 8, 0, 31), ((7, 3, 2), 23, 8, 0, 31), ((6, 5, 1), 32, 8, 2, 42), ((6, 4, 2), 33, 7, 2, 42),
    ((6, 3, 2, 1), 32, 18, 2, 52), ((5, 4, 3), 30, 12, 0, 42), ((5, 4, 2, 1), 32, 18, 2, 52),
    ((12, 1), 12, 0, 0, 12), ((11, 2), 14, 0, 0, 14), ((10, 3), 16, 0, 0, 16), ((9, 4), 16, 2, 0, 18),
    ((9, 3, 1), 22, 6, 0, 28), ((8, 5), 18, 2, 0, 20), ((8, 4, 1), 25, 5, 0, 30), ((8, 3, 2), 22, 8, 0, 30),
    ((7, 6), 20, 2, 0, 22), ((7, 5, 1), 24, 8, 0, 32), ((7, 4, 2), 25, 7, 0, 32), ((7, 3, 2, 1), 27, 13, 2, 42),
    ((6, 5, 2), 31, 12, 0, 43), ((6, 4, 3), 32, 11, 0, 43), ((6, 4, 2, 1), 33, 18, 2, 53),
    ((5, 4, 3, 1), 33, 16, 4, 53),
    ((12, 2), 13, 0, 0, 13), ((11, 3), 15, 0, 0, 15), ((11, 2, 1), 22, 3, 0, 25), ((10, 4), 15, 2, 0, 17),
    ((10, 3, 1), 23, 4, 0, 27), ((9, 5), 17, 2, 0, 19), ((9, 4, 1), 23, 6, 0, 29), ((9, 3, 2), 23, 6, 0, 29),
    ((8, 6), 19, 2, 0, 21), ((8, 5, 1), 25, 6, 0, 31), ((8, 4, 2), 25, 6, 0, 31), ((8, 3, 2, 1), 28, 11, 2, 41),
    ((7, 6, 1), 27, 4, 2, 33), ((7, 5, 2), 27, 4, 2, 33), ((7, 4, 3), 27, 4, 2, 33), ((7, 4, 2, 1), 27, 16, 0, 43),
    ((6, 5, 3), 33, 11, 0, 44), ((6, 5, 2, 1), 33, 19, 2, 54), ((6, 4, 3, 1), 33, 19, 2, 54),
    ((5, 4, 3, 2), 33, 19, 2, 54),
    ((12, 3), 14, 0, 0, 14), ((12, 2, 1), 21, 3, 0, 24), ((11, 4), 16, 0, 0, 16), ((11, 3, 1), 22, 4, 0, 26),
    ((10, 5), 17, 1, 0, 18), ((10, 4, 1), 22, 6, 0, 28), ((10, 3, 2), 24, 4, 0, 28), ((9, 6), 18, 2, 0, 20),
    ((9, 5, 1), 24, 6, 0, 30), ((9, 4, 2), 25, 5, 0, 30), ((9, 3, 2, 1), 29, 9, 2, 40), ((8, 7), 11, 0, 0, 11),
    ((8, 6, 1), 26, 6, 0, 32), ((8, 5, 2), 24, 8, 0, 32), ((8, 4, 3), 25, 7, 0, 32), ((8, 4, 2, 1), 29, 13, 0, 42),
    ((7, 6, 2), 26, 8, 0, 34), ((7, 5, 3), 26, 8, 0, 34), ((7, 5, 2, 1), 29, 13, 2, 44),
    ((7, 4, 3, 1), 30, 10, 4, 44), ((6, 5, 4), 33, 12, 0, 45), ((6, 5, 3, 1), 34, 19, 2, 55),
    ((6, 4, 3, 2), 35, 18, 2, 55),
    ((12, 4), 15, 0, 0, 15), ((12, 3, 1), 21, 4, 0, 25), ((11, 5), 15, 2, 0, 17), ((11, 4, 1), 23, 4, 0, 27),
    ((11, 3, 2), 23, 4, 0, 27),
]
