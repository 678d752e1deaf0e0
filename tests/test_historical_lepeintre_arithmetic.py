"""Lepeintre 1818, part 2 (the arithmetic) and part 3's principle 7, against the engine's count of chances.

The records ``site_src/games/historical/lepeintre-1818-2-*.tric`` and ``-3-i-*`` set up the positions of
figs. 4 and 15 to 20 and play the throws the book names; here each count the book states is compared with
the engine's over the 36 chances from the record's starting position.  ``target`` is the arrow of the
beaten dame in the thrower's frame (0 his talon, 23 the opponent's): Lepeintre's letters a..y (no w, z)
for the player drawn at the bottom, so his Q is 16 and, in the other player's frame, F is 23 - 5 = 18.
"""

from __future__ import annotations

import pytest
from test_historical_lepeintre import ROOT, replayed

from trictrac_notation.core.board import other
from trictrac_notation.games.trictrac.chances import outcomes
from trictrac_notation.rules.rulesets import load_ruleset

LEPEINTRE = load_ruleset("lepeintre-1818")
HISTORICAL = ROOT / "site_src" / "games" / "historical"
_CACHE: dict[str, list] = {}


def found(stem: str, side: str):
    """The outcomes of each of the 36 chances of ``side`` throwing from the record's starting position."""
    if (stem, side) not in _CACHE:
        _, result = replayed(HISTORICAL / f"lepeintre-1818-{stem}.tric")
        _CACHE[(stem, side)] = outcomes(result.initial, side, LEPEINTRE, movement=result.rules, ordered=True)
    return _CACHE[(stem, side)]


def chances(stem: str, side: str, jan: str, target: int | None = None, numbers: set[int] | None = None) -> int:
    """The chances in which ``jan`` is made (for 'battre-a-faux': by the opponent) at ``target`` if given;
    with ``numbers``, only the throws with one of those numbers on a die, each of which must make it."""
    beneficiary = other(side) if jan == "battre-a-faux" else side
    count = 0
    for o in found(stem, side):
        made = any(e.jan == jan and e.beneficiary == beneficiary and target in (None, e.target) for e in o.events)
        if numbers is None:
            count += made
        elif numbers & set(o.dice):
            assert made, f"{o.dice} has one of {numbers} and does not make {jan}"
            count += 1
    return count


# (record, side, jan, target, numbers, the book's count, citation)
CHANCES = [
    ("2-ii-fig15-beating-a-lone-dame", "white", "battre-a-vrai", 16, {5}, 11,
     "part 2 §II, fig. 15: the dame of Q beaten by the 5s, eleven chances"),
    ("2-ii-fig15-beating-a-lone-dame", "white", "battre-a-vrai", 17, {6}, 11,
     "part 2 §II: the dame of R beaten by the 6s, eleven"),
    ("2-ii-fig15-beating-a-lone-dame", "white", "battre-a-vrai", 16, {5, 6}, 20,
     "part 2 §II: the dame of Q by the 5s and the 6s (from L and K), twenty"),
    ("2-ii-fig15-beating-a-lone-dame", "white", "battre-a-vrai", 15, {4, 5, 6}, 27,
     "part 2 §II: the dame of P by the 4s, 5s and 6s (from L, K and J), twenty-seven"),
    ("2-ii-fig15-beating-a-lone-dame", "white", "battre-a-vrai", 15, None, 27,
     "part 2 §II: (no other throw beats P, even by a sum)"),
    ("2-iii-fig17-four-numbers-to-fill", "white", "remplir", None, None, 33,
     "part 2 §III, fig. 17: all but 5-3 and quines fill G, thirty-three"),
    ("2-v-fig18-filling-with-direct-numbers", "white", "remplir", None, None, 28,
     "part 2 §V, fig. 18: the 2s and 5s, 4-3, 6-1 and carmes, 5 + 2 + 16 + 4 + 1 = 28"),
    ("2-v-fig18-filling-with-indirect-numbers", "black", "remplir", None, None, 18,
     "part 2 §V, fig. 18: the sums 7 to 10 from U, V, X and Y, 6 + 5 + 4 + 3 = 18"),
    ("2-v-fig19-beating-the-coin", "white", "battre-coin", None, None, 9,
     "part 2 §V, fig. 19: three cases, three times three, nine"),
    ("2-v-fig20-beaten-a-faux", "black", "battre-a-faux", 18, None, 21,
     "part 2 §V, fig. 20: beaten à faux on F (the sums of 7 and more), twenty-one"),
    ("2-v-fig20-beaten-a-faux", "black", "battre-a-faux", 19, None, 15, "part 2 §V: on E, fifteen"),
    ("2-v-fig20-beaten-a-faux", "black", "battre-a-faux", 20, None, 10, "part 2 §V: on D, ten"),
    ("3-i-fig4-two-dames-apart", "white", "deux-tables", None, None, 4,
     "part 3 §I principle 7, fig. 4: from H and J, one chance more than from I and J"),
    ("3-i-two-dames-side-by-side", "white", "deux-tables", None, None, 3,
     "part 3 §I principle 7: from I and J only 4-2 and ternes"),
]


@pytest.mark.parametrize("stem,side,jan,target,numbers,book,where", CHANCES,
                         ids=[f"{r[0][:12]}:{r[2]}:{r[3]}:{r[5]}" for r in CHANCES])
def test_the_book_s_count_of_chances(stem, side, jan, target, numbers, book, where):
    assert chances(stem, side, jan, target, numbers) == book, where


def test_the_sum_4_1_beats_q_too():
    """The book counts the throws that beat Q by a direct number; 4-1 beats it too, its sum from L resting
    on P, where the Author's lone dame does not close the passage: 22 chances in all."""
    assert chances("2-ii-fig15-beating-a-lone-dame", "white", "battre-a-vrai", 16) == 22


def test_every_arithmetic_record_is_counted():
    records = {p.stem.removeprefix("lepeintre-1818-") for p in HISTORICAL.glob("lepeintre-1818-[23]-*.tric")}
    assert records == {row[0] for row in CHANCES}
