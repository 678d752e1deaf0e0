"""The treatise player: a position valued by the principles the treatises teach, each term cited.

A play is worth the points of its throw plus :func:`evaluate` of the position it leaves, the opponent to
throw.  The evaluation is in :data:`.player.UNIT` (points from the side that has just played): the points
the opponent's next throw may take from the dames left open, then, for each side, what his game promises —
each term the advice of a book, weighed in points by the project (the weights are ours: the books give the
principle, seldom a figure):

* the dames left open (Guiton 1822 ch. 11 'Avantage d'avoir du bois à bas': put a dame where it is beaten
  à faux as often as à vrai; ch. 14 'Ne pas s'exposer à être battu à vrai'; Lelasseux-Lafosse 1852 §380-383;
  Lepeintre 1818 part 3 §41-42): the expected points of the opponent's next throw from his hits à vrai and
  the coin he beats, less those his hits à faux give, which count half when they would complete the hole of
  a side with 8 or 10 points — being sent the hole takes away the choice of going (Lepeintre part 3 §39,
  Guiton ch. 13 'Quand on a huit points, éviter d'être battu à faux', Lelasseux-Lafosse §384); a hole so
  taken also wipes the other side's points (Lelasseux-Lafosse §295: not to leave dames beaten à vrai when
  the opponent has six or eight points);
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
  plein', ch. 15's tables; Lelasseux-Lafosse §XX), the plein made: the throws it may still be kept — the
  chances of keeping it at the next throw (Guiton ch. 13 'Insuffisance de vingt et un points': the throws
  that keep, not the count of points to play), then as many throws as the points the spare dames have to play
  inside it allow, a throw using some 8 of them (Lepeintre part 3 §53: 'il faut pour tenir, avoir un jeu
  long'; Lelasseux-Lafosse §446-447); the petit jan (Guiton
  ch. 9) and the jan de retour (Guiton ch. 12) by the same reckoning, their cases weighed less.

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
from .ecrire import stay_or_go as marque_or
from .greedy import choices_of, ranked
from .player import Choice, Decision
from .situation import THROWS, Dice, Situation

if TYPE_CHECKING:
    from ..games.trictrac.scoring import Tariff

SUMMARY = ("treatise: each play valued by its points and by the position it leaves, weighed by the treatises' "
           "principles (the dames left to be beaten, the coin, the grand jan and its order, wood down, the chances "
           "to fill and to keep); stays when staying has more to gain than to lose")

TERMS: tuple[tuple[str, str], ...] = (
    ("exposure", "the points the opponent's next throw takes from the dames left open, less those his hits à faux "
                 "give (Guiton 1822 ch. 11, ch. 14; Lelasseux-Lafosse 1852 §380-383; Lepeintre 1818 part 3 §41-42)"),
    ("coin", "the coin of rest taken (Guiton ch. 10; Lelasseux-Lafosse §430)"),
    ("coin-first", "the coin taken while the opponent's is empty: he beats it and stops the puissance (Guiton "
                   "ch. 10; Lelasseux-Lafosse §430)"),
    ("coin-chances", "the share of the 36 throws that take the coin (Guiton ch. 10 'Multiplier les chances "
                     "favorables à la prise du coin'; Lelasseux-Lafosse §431)"),
    ("case-6", "a case on the 6th arrow (Guiton ch. 11 'Avantage qu'il y a à faire d'abord les sixième, septième "
               "et huitième cases'; Lelasseux-Lafosse §435)"),
    ("case-7", "a case on the 7th, the case du diable (the same; Lepeintre part 3 §5)"),
    ("case-8", "a case on the 8th (the same)"),
    ("case-9", "a case on the 9th (Guiton ch. 11 'Danger de faire d'abord les neuvième et dixième cases')"),
    ("case-10", "a case on the 10th, the case de l'écolier (the same; Lelasseux-Lafosse §436)"),
    ("half-case", "a lone dame on an arrow of the grand jan, half a case (Guiton ch. 10 'étaler les deux dames en "
                  "demi-case'; Lelasseux-Lafosse §431)"),
    ("far-first", "a case on the 9th or 10th while the 6th, 7th or 8th is empty (Guiton ch. 11; Lelasseux-Lafosse "
                  "§436)"),
    ("alternate", "an empty arrow between two cases (Guiton ch. 13 'Préférer les cases contiguës aux cases "
                  "alternes'; Lelasseux-Lafosse §440; Lepeintre part 3 §46)"),
    ("direct", "a number bringing a spare dame onto an arrow of the grand jan still to be made (Guiton ch. 11 "
               "'Avantage d'avoir du bois à bas'; Lelasseux-Lafosse §437; Lepeintre part 3 §49-50)"),
    ("bare", "no wood left in the petit jan nor on the talon while the grand jan is to be made (Guiton ch. 11; "
             "Lelasseux-Lafosse §437)"),
    ("passed", "a dame beyond the grand jan while it may still be made (Guiton ch. 11, the enfilades; Lepeintre "
               "part 3 §27)"),
    ("spread", "an arrow of the first ten occupied while the grand jan is to be made: wood down, spread out "
               "(Lepeintre part 3 §10, §12; Guiton ch. 13 'Ne pas jouer tout d'une le premier coup'; "
               "Lelasseux-Lafosse §420)"),
    ("fill", "a jan within one throw of its plein: the chances to fill it at the next throw, times the points of "
             "a fill and of two keeps (Guiton ch. 11 'Moment du plein', ch. 15; Lelasseux-Lafosse §XX)"),
    ("keep", "a plein made: the throws it may still be kept, from the throws that keep it, times the points of a "
             "keep (Guiton ch. 11 'Conservation du plein', ch. 13 'Insuffisance de vingt et un points'; "
             "Lepeintre part 3 §53; Lelasseux-Lafosse §446-447)"),
    ("petit-jan", "a case of the petit jan while it may be made (Guiton ch. 9; Lepeintre part 3 §19-20)"),
    ("retour", "a case of the jan de retour while it may be made (Guiton ch. 12; Lepeintre part 3 §67-74)"),
)
"""The terms of the evaluation, each with the advice it weighs (see the module's docstring)."""

WEIGHTS: tuple[float, ...] = (-1.0, 4.0, 2.0, 4.0, 1.6, 1.6, 1.3, 1.0, 0.9, 0.45, -0.6, -0.6, 0.3, -2.0, -0.5, 0.25,
                              1.0, 1.0, 0.3, 0.8)
"""The weight of each term, in points (ours: the books give the principle, seldom a figure)."""

KEEPS_AT_MOST = 8.0  # the throws a plein is counted to be kept, at most
PIPS_PER_KEEP = 8.0  # the points a throw uses from the spare dames' way inside the jan (a throw brings 7 on average,
# and some are lost: Guiton ch. 13 'Insuffisance de vingt et un points')
HALF_A_HOLE = 6.0


def exposure(x: list[int], y: list[int], t: Tariff, slow: bool, x_points: int, y_points: int,
             hole: int) -> float:
    """The expected points of ``y``'s next throw that no play can change, for ``y`` less for ``x`` (rows in
    their own frames): his hits à vrai and the coin beaten, less the points his hits à faux give ``x``, which
    count half when they would complete ``x``'s hole (he is sent the hole and may not go); a hole taken also
    wipes the other side's points."""
    seen = seen_by(x)
    total = 0.0
    for a, b, chances in THROWS:
        own = theirs = 0
        for e in before_play(KRoll(y, seen, a, b, slow), t):
            if e[1]:
                own += e[2]
            else:
                theirs += e[2]
        # a hole wipes the other side's points off his jetons (rules.md §3.9)
        y_gain = own + (x_points if own and own + y_points >= hole else 0)
        x_gain = theirs if theirs + x_points < hole else theirs / 2 + y_points
        total += chances * (y_gain - x_gain)
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


def side_terms(row: list[int], opp: list[int], t: Tariff, slow: bool) -> list[float]:
    """The terms of :data:`TERMS` but the first for the side whose row is ``row`` (``opp``: the opponent's
    dames in his frame)."""
    out = [0.0] * (len(TERMS) - 1)
    made = pleins(row)
    keep = _per_throw(t, "conserver")
    grand_open = False
    for q, (lo, hi) in enumerate(QUADRANTS):
        bit = 1 << q
        if made & bit:
            p = chances(row, opp, slow, bit)
            latitude = sum(max(0, row[k] - (2 if k >= lo else 0)) * (hi - 1 - k) for k in range(hi))
            out[16] += keep * p * min(1 / (1 - p) if p < 1 else KEEPS_AT_MOST, 1 + latitude / PIPS_PER_KEEP,
                                      KEEPS_AT_MOST)
            continue
        if not can_still_fill(row, lo, hi):
            continue
        if sum(max(0, 2 - row[k]) for k in range(lo, hi)) <= 2:
            out[15] += chances(row, opp, slow, bit) * (_per_throw(t, "remplir") + 2 * keep)
        if q == 0:
            out[17] = sum(1 for k in range(lo, hi) if row[k] >= 2)
        elif q == 2:
            out[18] = sum(1 for k in range(lo, hi) if row[k] >= 2)
        else:
            grand_open = True
    if row[COIN] >= 2:
        out[0] = 1.0
        out[1] = 0.0 if opp[OPP_COIN] else 1.0
    elif grand_open:
        out[2] = _coin_chances(row, opp)
    if grand_open:
        for i, k in enumerate(range(6, 11)):
            if row[k] >= 2:
                out[3 + i] = 1.0
            elif row[k] == 1:
                out[8] += 1
        if any(row[k] == 0 for k in (6, 7, 8)):
            out[9] = (row[9] >= 2) + (row[10] >= 2)
        out[10] = sum(1 for k in range(7, 11) if row[k] < 2 and row[k - 1] >= 2 and row[k + 1] >= 2)
        numbers = set()
        for k in range(6, 11):
            if row[k] < 2:
                for n in range(1, 7):
                    if k - n >= 0 and row[k - n] >= (3 if k - n >= 6 else 1):
                        numbers.add(n)
        out[11] = len(numbers)
        out[12] = 1.0 if sum(row[0:6]) == 0 else 0.0
        out[13] = sum(row[12:OFF])
        out[14] = sum(1 for k in range(1, 11) if row[k])
    return out


def _per_throw(t: Tariff, jan: str) -> float:
    """The points of a jan for one throw, doublets counted at their chances."""
    if jan not in t.scored:
        return 0.0
    return t.points(jan, False) * 30 / 36 + t.points(jan, True) * 6 / 36


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


def terms(x: list[int], y: list[int], t: Tariff, slow: bool, x_points: int = 0, y_points: int = 0,
          hole: int = 12) -> list[float]:
    """The terms of :data:`TERMS` for ``x``, who has just played, ``y`` to throw (rows in their own frames; the
    points each holds on his jetons): each side's terms, ``x``'s less ``y``'s."""
    mine, theirs = side_terms(x, seen_by(y), t, slow), side_terms(y, seen_by(x), t, slow)
    return [exposure(x, y, t, slow, x_points, y_points, hole)] + [a - b for a, b in zip(mine, theirs, strict=True)]


def evaluate(x: list[int], y: list[int], t: Tariff, slow: bool, x_points: int = 0, y_points: int = 0,
             hole: int = 12, weights: tuple[float, ...] = WEIGHTS) -> float:
    """The value of the position to ``x``, who has just played, ``y`` to throw: its terms weighed."""
    if x[OFF] == DAMES or y[OFF] == DAMES:
        return 0.0
    return sum(w * v for w, v in zip(weights, terms(x, y, t, slow, x_points, y_points, hole), strict=True))


class Treatise:
    """See the module's docstring."""

    name = "treatise"
    summary = SUMMARY
    weights = WEIGHTS

    def rank(self, situation: Situation, dice: Dice) -> list[Choice]:
        s = situation
        t, slow = s.tariff, s.slow
        choices = choices_of(s, dice)
        if len(choices) == 1:
            return choices
        y = list(s.row(other(s.mover)))
        hole = s.marking.points_per_hole
        out = []
        for c in choices:
            value = evaluate(c.play[1], y, t, slow, *jetons_after(s, c.points), hole, self.weights)
            out.append(c._replace(value=c.value + value))
        return ranked(out)

    def stay_or_go(self, situation: Situation) -> Decision:
        s = situation
        hole = s.marking.points_per_hole
        stay = -s.pending + evaluate(s.me(), list(s.row(other(s.mover))), s.tariff, s.slow, *jetons_staying(s), hole,
                                     self.weights)
        return marque_or(s, stay + end_of_partie(s), -float(s.marking.players[s.mover].points))


def jetons_after(s: Situation, points: tuple[int, int]) -> tuple[int, int]:
    """The points on each side's jetons after the mover's throw marks ``points`` (his, his opponent's), as the
    terms read them: a hole the mover takes wipes his opponent's points."""
    m = s.marking
    hole = m.points_per_hole
    mine, theirs = m.players[s.mover].points, m.players[other(s.mover)].points
    own, given = points
    return (mine + own) % hole, 0 if mine + own >= hole else (theirs + given) % hole


def jetons_staying(s: Situation) -> tuple[int, int]:
    """The points on each side's jetons if the mover, who has just won a hole, stays: his, and those his throw
    gave his opponent."""
    m = s.marking
    return m.players[s.mover].points, s.pending % m.points_per_hole


def end_of_partie(s: Situation) -> float:
    """What the end of a partie adds to the value of staying (see the module's docstring): less half a hole for
    the player who lacks one hole, half a hole for one of three holes or fewer against a player who lacks one."""
    m = s.marking
    if m.holes_per_partie is None:
        return 0.0
    last = m.holes_per_partie - 1
    if m.players[s.mover].holes >= last:
        return -HALF_A_HOLE
    if m.players[other(s.mover)].holes >= last and m.players[s.mover].holes <= 3:
        return HALF_A_HOLE
    return 0.0
