"""The treatise player: a position valued by the principles the treatises teach, each term cited.

A play is worth the points of its throw plus :func:`evaluate` of the position it leaves, the opponent to
throw.  The evaluation is in :data:`.player.UNIT` (points from the side that has just played): the points
the opponent's next throw may take from the dames left open, then, for each side, what his game promises —
each term the advice of a book, weighed in points by the project (the weights are ours: the books give the
principle, seldom a figure):

* the dames left open (Guiton 1822 ch. 11 'Avantage d'avoir du bois à bas': put a dame where it is beaten
  à faux as often as à vrai; ch. 14 'Ne pas s'exposer à être battu à vrai'; Lelasseux-Lafosse 1852 §380-383;
  Lepeintre 1818 part 3 §41-42): the expected points of the opponent's next throw from his hits à vrai and
  the coin he beats, less those his hits à faux give; the points that would give a hole to a side with
  8 or 10 count half — being sent the hole takes away the choice of going (Lepeintre part 3 §39, Guiton
  ch. 13 'Quand on a huit points, éviter d'être battu à faux', Lelasseux-Lafosse §384);
* the coin of rest, and being first to it (Guiton ch. 10, Lelasseux-Lafosse §430), and the throws that
  would take it (Guiton ch. 10 'Multiplier les chances favorables à la prise du coin');
* the cases of the grand jan, the pivot of the game (Guiton ch. 11, Lelasseux-Lafosse §434), the sixth,
  seventh and eighth first and the ninth and tenth last (Guiton ch. 11, Lelasseux-Lafosse §435-436),
  contiguous rather than alternate (Guiton ch. 13 'Préférer les cases contiguës', Lelasseux-Lafosse §440,
  Lepeintre part 3 §46);
* wood down to build with (Guiton ch. 11 'Avantage d'avoir du bois à bas', Lelasseux-Lafosse §437,
  Lepeintre part 3 §12): the numbers that bring a spare dame onto an arrow still to be made, and no bare
  petit jan; no dame passed beyond the grand jan while it may still be made (Guiton ch. 11 on the
  enfilades);
* a jan within a throw of its plein: the chances of filling at the next throw (Guiton ch. 11 'Moment du
  plein', ch. 15's tables; Lelasseux-Lafosse §XX), the plein made: the throws it may still be kept, from
  the throws that keep it — not from the count of points to play (Guiton ch. 13 'Insuffisance de vingt et
  un points'; Lepeintre part 3 §53; Lelasseux-Lafosse §446-447); the petit jan (Guiton ch. 9) and the jan
  de retour (Guiton ch. 12) by the same reckoning, their cases weighed less.

Stay or go (Guiton ch. 13 'Tenues': stay whenever staying has more to gain than to lose; Lelasseux-Lafosse
§385; Lepeintre part 3 §52): staying is worth the points the throw gave the opponent (lost) and the
evaluation of the position, the opponent to throw; going, the points left over on the jetons (lost), the
opening being worth as much to either side.  At the end of a partie the books ask for more: the player who
lacks one hole stays only for a clear gain, the player far behind against one who lacks a hole hazards a
doubtful tenue (Guiton ch. 13 'Cas où l'on doit hasarder une tenue', 'Cas où l'on doit être plus
circonspect'; Lelasseux-Lafosse §387; Lepeintre part 3 §55): half a hole, 6 points, against or for staying.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.board import DAMES, other
from ..games.trictrac.kernel.moves import COIN, OFF, OPP_COIN, QUADRANTS, can_still_fill, legal, pleins, seen_by
from ..games.trictrac.kernel.scoring import KRoll, before_play
from .greedy import ranked, scored_plays
from .player import Choice, Decision, decide
from .situation import THROWS, Dice, Situation

if TYPE_CHECKING:
    from ..games.trictrac.scoring import Tariff

SUMMARY = ("treatise: each play valued by its points and by the position it leaves, weighed by the treatises' "
           "principles (the dames left to be beaten, the coin, the grand jan and its order, wood down, the chances "
           "to fill and to keep); stays when staying has more to gain than to lose")

# the weights, in points (ours: see the module's docstring for the principle each weighs)
COIN_TAKEN = 4.0
COIN_FIRST = 2.0
COIN_CHANCE = 2.0  # times the share of the 36 throws that take the coin
CASE = {6: 1.6, 7: 1.6, 8: 1.3, 9: 1.0, 10: 0.9}  # a case of the grand jan, by arrow
HALF = 0.35  # a half-case, times its arrow's case
FAR_FIRST = 0.6  # a case on the 9th or 10th while the 6th, 7th or 8th is empty
ALTERNATE = 0.6  # an empty arrow between two cases
DIRECT = 0.3  # a number (1-6) bringing a spare dame onto an arrow still to be made
BARE = 2.0  # a bare petit jan and talon while the grand jan is to be made
PASSED = 0.5  # a dame beyond the grand jan while it may still be made
QUADRANT_CASE = (0.3, 0.0, 0.8)  # a case of the petit jan, (grand jan: CASE), of the jan de retour
KEEPS_AT_MOST = 5.0  # the throws a plein is counted to be kept, at most
HALF_A_HOLE = 6.0


def exposure(x: list[int], y: list[int], t: Tariff, slow: bool, x_points: int, y_points: int,
             hole: int) -> float:
    """The expected points of ``y``'s next throw that no play can change, for ``y`` less for ``x`` (rows in
    their own frames): his hits à vrai and the coin beaten, less the points his hits à faux give ``x``; a
    gain that would complete a side's hole counts half (he is sent the hole)."""
    seen = seen_by(x)
    total = 0.0
    for a, b, chances in THROWS:
        own = theirs = 0
        for e in before_play(KRoll(y, seen, a, b, slow), t):
            if e[1]:
                own += e[2]
            else:
                theirs += e[2]
        net = (own if own + y_points < hole else own / 2) - (theirs if theirs + x_points < hole else theirs / 2)
        total += chances * net
    return total / 36


def chances(row: list[int], opp: list[int], slow: bool, bit: int) -> float:
    """The share of the 36 throws after which some legal play leaves the jan ``bit`` (1 petit, 2 grand,
    4 retour) a plein: to fill it, or to keep it."""
    n = 0
    for a, b, w in THROWS:
        for play in legal(row, opp, a, b, slow):
            if pleins(play[1]) & bit:
                n += w
                break
    return n / 36


def side_value(row: list[int], opp: list[int], t: Tariff, slow: bool) -> float:
    """What the game of the side whose row is ``row`` promises (``opp``: the opponent's dames in his frame)."""
    value = 0.0
    made = pleins(row)
    keep = t.points("conserver", False) * 30 / 36 + t.points("conserver", True) * 6 / 36 \
        if "conserver" in t.scored else 0.0
    fill = t.points("remplir", False) * 30 / 36 + t.points("remplir", True) * 6 / 36 if "remplir" in t.scored else 0.0
    grand_open = False
    for q, (lo, hi) in enumerate(QUADRANTS):
        bit = 1 << q
        if made & bit:
            p = chances(row, opp, slow, bit)
            value += keep * min(p / (1 - p) if p < 1 else KEEPS_AT_MOST, KEEPS_AT_MOST)
            continue
        if not can_still_fill(row, lo, hi):
            continue
        grand_open |= q == 1
        deficit = sum(max(0, 2 - row[k]) for k in range(lo, hi))
        if deficit <= 2:
            p = chances(row, opp, slow, bit)
            value += p * (fill + keep * 2)
        if q == 1:
            value += _grand_jan(row, opp)
        else:
            value += QUADRANT_CASE[q] * sum(1 for k in range(lo, hi) if row[k] >= 2)
    if grand_open:
        value += _wood(row)
    return value


def _grand_jan(row: list[int], opp: list[int]) -> float:
    """The cases of the grand jan, their order and their neighbours, and the coin (while it may be made)."""
    value = 0.0
    for k, w in CASE.items():
        if row[k] >= 2:
            value += w
        elif row[k] == 1:
            value += w * HALF
    empty_early = any(row[k] == 0 for k in (6, 7, 8))
    if empty_early:
        value -= FAR_FIRST * ((row[9] >= 2) + (row[10] >= 2))
    for k in range(7, 11):
        if row[k] < 2 and row[k - 1] >= 2 and row[k + 1] >= 2:
            value -= ALTERNATE
    if row[COIN] >= 2:
        value += COIN_TAKEN + (COIN_FIRST if not opp[OPP_COIN] else 0.0)
    else:
        value += COIN_CHANCE * _coin_chances(row, opp)
    return value


def _coin_chances(row: list[int], opp: list[int]) -> float:
    """The share of the 36 throws that take the coin: naturally, or par puissance while the opponent's coin
    is empty (rules.md §2 M8)."""
    n = 0
    puissance = not opp[OPP_COIN]
    for a, b, w in THROWS:
        sa, sb = COIN - a, COIN - b
        natural = row[sa] >= 2 if a == b else row[sa] >= 1 and row[sb] >= 1
        if not natural and puissance and a != 1 and b != 1:
            pa, pb = OPP_COIN - a, OPP_COIN - b
            natural = row[pa] >= 2 if a == b else row[pa] >= 1 and row[pb] >= 1
        n += w * natural
    return n / 36


def _wood(row: list[int]) -> float:
    """Wood down while the grand jan is to be made: the direct numbers onto its open arrows, no bare petit jan,
    no dame passed beyond it."""
    numbers = set()
    for k in range(6, 11):
        if row[k] >= 2:
            continue
        for n in range(1, 7):
            src = k - n
            if src >= 0 and row[src] >= (3 if src >= 6 else 1):
                numbers.add(n)
    value = DIRECT * len(numbers)
    if sum(row[0:6]) == 0:
        value -= BARE
    return value - PASSED * sum(row[12:OFF])


def evaluate(x: list[int], y: list[int], t: Tariff, slow: bool, x_points: int = 0, y_points: int = 0,
             hole: int = 12) -> float:
    """The value of the position to ``x``, who has just played, ``y`` to throw (rows in their own frames; the
    points each holds on his jetons)."""
    if x[OFF] == DAMES or y[OFF] == DAMES:
        return 0.0
    return (side_value(x, seen_by(y), t, slow) - side_value(y, seen_by(x), t, slow)
            - exposure(x, y, t, slow, x_points, y_points, hole))


class Treatise:
    """See the module's docstring."""

    name = "treatise"
    summary = SUMMARY

    def rank(self, situation: Situation, dice: Dice) -> list[Choice]:
        s = situation
        t, slow = s.tariff, s.slow
        choices = scored_plays(s.me(), s.opp(), dice, t, s.history(), slow)
        if len(choices) == 1:
            return choices
        rival = other(s.mover)
        y = list(s.row(rival))
        m = s.marking
        hole = m.points_per_hole
        points = m.players[s.mover].points
        y_points = m.players[rival].points
        out = []
        for c in choices:
            own, theirs = c.points
            x_after = (points + own) % hole
            y_after = 0 if points + own >= hole else (y_points + theirs) % hole  # (a hole wipes the other's points)
            out.append(c._replace(value=c.value + evaluate(c.play[1], y, t, slow, x_after, y_after, hole)))
        return ranked(out)

    def stay_or_go(self, situation: Situation) -> Decision:
        s = situation
        m = s.marking
        rival = other(s.mover)
        mine = m.players[s.mover]
        stay = -s.pending + evaluate(s.me(), list(s.row(rival)), s.tariff, s.slow, mine.points,
                                     s.pending % m.points_per_hole, m.points_per_hole)
        go = -float(mine.points)
        if m.holes_per_partie is not None:
            last = m.holes_per_partie - 1
            if mine.holes >= last:
                stay -= HALF_A_HOLE
            elif m.players[rival].holes >= last and mine.holes <= 3:
                stay += HALF_A_HOLE
        return decide(stay, go)
