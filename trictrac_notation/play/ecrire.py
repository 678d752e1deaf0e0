"""The partie à écrire's decision: going ends the marqué once one of the players holds its holes (Guiton 1822
ch. 8; Lelasseux-Lafosse 1852 §221), so the choice is between the marqué now and the marqué to come.

Both are valued as the marqué's value to the decider — his holes plus the consolation, times his multiplier,
less the loser's holes (games/trictrac/ecrire.py), negative when he loses it — a hole of the card counted 12
points, as a hole is in :data:`.player.UNIT`.  Going is worth the marqué as it stands; staying, the marqué once
the position has given what the player expects of it (his value of staying, in holes, added to the decider's
holes when it is for him, to his opponent's when it is against him).  The books ask for prudence: the player
whose hole gives him the marqué without the pavillon goes, unless he is all but sure of the next hole — a
hole or two more add only a few jetons and staying may lose the marqué (Guiton ch. 13 'Marquer quand on n'a pas
le pavillon'; Lepeintre 1818 part 3 §60-61) —, so staying then counts a hole less; with the pavillon the
multiplier near at hand is reckoned as it is (Guiton ch. 13 'Quand il faut chercher à tenir pour gagner la
grande bredouille'; Lepeintre part 3 §64).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.board import other
from .player import Decision, decide

if TYPE_CHECKING:
    from ..games.trictrac.ecrire import EcrireRules
    from .situation import Situation


def marque_value(rules: EcrireRules, mine: float, theirs: float, series: bool, their_series: bool,
                 refaits: int) -> float:
    """The marqué's value to a player of ``mine`` holes against ``theirs`` (``series``: his holes all ran
    uninterrupted, he holds the pavillon), negative when he loses it; 0 for a refait."""
    if mine == theirs:
        return 0.0
    consolation = rules.consolation(refaits)
    if mine > theirs:
        return rules.multiplier(int(mine), series, False) * (mine + consolation) - theirs
    return -(rules.multiplier(int(theirs), their_series, False) * (theirs + consolation) - mine)


def stay_or_go(s: Situation, stay: float, go: float) -> Decision:
    """The decision, the marqué weighed when going would end it (else ``stay`` and ``go`` as they are)."""
    rules = s.ecrire
    m = s.marking
    me, him = m.players[s.mover], m.players[other(s.mover)]
    if rules is None or max(me.holes, him.holes) < rules.marque_holes:
        return decide(stay, go)
    hole = m.points_per_hole
    gain = stay / hole
    now = marque_value(rules, me.holes, him.holes, me.series, him.series, s.refaits)
    later = marque_value(rules, me.holes + max(gain, 0.0), him.holes + max(-gain, 0.0), me.series, him.series,
                         s.refaits)
    prudence = 1.0 if now > 0 and not me.series else 0.0
    return decide(hole * (later - prudence), hole * now)
