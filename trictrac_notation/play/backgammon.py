"""A backgammon player: every legal play (the federation's, games/backgammon/play.py) valued by a heuristic of
the position it leaves, the opponent to throw.

The value is in **pips** from the mover's side (a pip is one point of a dame's way home): the race (the
opponent's pip count less the mover's), plus the points made — in the home board (they keep a hit dame out),
in the outfield, the anchors in the opponent's home board, the longest prime — and the opponent's dames on
the bar, less, for each of the mover's blots, the chances (of 36) the opponent's next throw hits it times the
way it would lose.  The weights are ours, a documented heuristic rather than a strong player (a
neural-network player such as GNU Backgammon's is the yardstick there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..games.backgammon.play import Play, State, legal_plays
from ..games.backgammon.playtext import BAR

if TYPE_CHECKING:
    from ..core.board import Position
    from ..games.backgammon.rules import Rules
    from .situation import Dice

SUMMARY = ("heuristic: each play valued in pips by the position it leaves: the race, the points made (home "
           "board, outfield, anchors, the longest prime), the opponent's dames on the bar, less the blots' risk")

HOME_POINT = 6.0  # a point made in the home board (1-6)
OUTFIELD_POINT = 3.0  # a point made on 7-11
ANCHOR = 4.0  # a point held in the opponent's home board (19-24)
PRIME = 3.0  # each point of the longest run of made points beyond two
ON_BAR = 2.0  # an opponent's dame on the bar, per home point made
TEMPO = 4.0  # the pips a hit dame loses besides its way back (the turn spent entering)


def shots(opp: tuple[int, ...], opp_bar: int, me: tuple[int, ...], point: int) -> int:
    """The throws (of 36) with which the opponent hits a dame on the mover's ``point``: a die, two dice whose
    resting point is open, or a doublet's steps (the opponent's dames stand on the mover's points and move up;
    those on the bar come in from point 0)."""
    n = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if _hits(opp, opp_bar, me, point, a, b):
                n += 1
    return n


def _hits(opp: tuple[int, ...], opp_bar: int, me: tuple[int, ...], point: int, a: int, b: int) -> bool:
    steps = (a,) * 4 if a == b else None
    for src in range(0, point):
        if not (opp_bar if src == 0 else opp[src]):
            continue
        d = point - src
        if opp_bar and src != 0:
            continue  # a dame on the bar enters first
        if steps is None:
            if d in (a, b):
                return True
            if d == a + b and (me[src + a] < 2 or me[src + b] < 2):
                return True
        else:
            for k in range(1, 5):
                if d == a * k:
                    if all(me[src + a * j] < 2 for j in range(1, k)):
                        return True
                    break
    return False


def evaluate(position: Position, side: str) -> float:
    """The value, in pips, of ``position`` to ``side``, who has just played (the opponent to throw)."""
    s = State.of(position, side)
    me, opp, opp_bar = s.me, s.opp, s.opp_bar
    mine = sum(p * me[p] for p in range(1, BAR + 1))
    theirs = sum((BAR - p) * opp[p] for p in range(1, BAR)) + BAR * opp_bar
    value = float(theirs - mine)
    made = [me[p] >= 2 for p in range(BAR)]
    home = sum(made[1:7])
    value += HOME_POINT * home + OUTFIELD_POINT * sum(made[7:12]) + ANCHOR * sum(made[19:25])
    run = longest = 0
    for p in range(1, BAR):
        run = run + 1 if made[p] else 0
        longest = max(longest, run)
    value += PRIME * max(0, longest - 2) + ON_BAR * home * opp_bar
    for p in range(1, BAR):
        if me[p] == 1:
            value -= shots(opp, opp_bar, me, p) / 36 * (BAR - p + TEMPO)
    return value


def rank(position: Position, mover: str, dice: Dice, rules: Rules) -> list[tuple[Play, float]]:
    """Every legal play with its value, best first (ties in the order of the legal plays)."""
    valued = [(p, evaluate(p.after, mover)) for p in legal_plays(position, mover, dice, rules.moves)]
    return sorted(valued, key=lambda pv: -pv[1])
