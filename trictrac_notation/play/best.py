"""``best``: a position, a throw and a player in; the legal plays ranked, or the decision to stay or go, out (the
JSON contract of docs/contracts.md#best).  Moves and positions are written in each side's own frame exactly
as the request gives them: trictrac's fields 1 (the talon) to 24, 25 for a dame borne off; backgammon's
points 24 down to 1, 25 the bar and 0 off."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.board import BLACK, COLORS, WHITE, other
from ..errors import RequestError
from ..games.trictrac.events import counted
from ..games.trictrac.kernel.moves import OFF
from ..notation.reader import dice_name
from . import backgammon
from .registry import player
from .request import BackgammonRequest, TrictracRequest

if TYPE_CHECKING:
    from ..games.backgammon.play import Play as BackgammonPlay
    from .player import Choice
    from .situation import Situation

DIGITS = 4


def best(request: TrictracRequest | BackgammonRequest) -> dict[str, Any]:
    """The answer to a ``best`` request (see the module's docstring)."""
    if isinstance(request, BackgammonRequest):
        return {"player": request.player,
                "plays": [_backgammon_json(p, v)
                          for p, v in backgammon.rank(request.position, request.mover, request.dice, request.rules)]}
    p = player(request.player)
    s = request.situation
    ranking = p.rank(s, request.dice)
    if not request.decide:
        return {"player": p.name, "plays": [play_json(s, c) for c in ranking]}
    choice = ranking[0]
    marking = s.marking.copy()
    own, theirs = choice.points
    held = marking.players[s.mover].points
    if not marking.mark(s.mover, own).holes:
        raise RequestError(f"decide: {s.mover}'s throw {dice_name(request.dice)} wins no hole (he holds "
                           f"{counted(held, 'point')} and the best play scores him {own}): only a hole won by his "
                           "own throw lets him go; give the score with which it does")
    d = p.stay_or_go(s.deciding(request.dice, choice, marking))
    return {"player": p.name, "decision": d.decision, "value": {"stay": round(d.stay, DIGITS),
                                                                "go": round(d.go, DIGITS)}}


def play_json(s: Situation, c: Choice) -> dict[str, Any]:
    """One ranked play: its moves in the mover's fields, the position after it, its points, its value."""
    steps, after = c.play[0], c.play[1]
    rows = {WHITE: list(s.rows[0]), BLACK: list(s.rows[1])}
    rows[s.mover] = list(after)
    own, theirs = c.points
    points = {s.mover: own, other(s.mover): theirs}
    return {"moves": [[src + 1, dst + 1] for src, dst, _, _ in steps],
            "position": {**{color: {str(t + 1): n for t, n in enumerate(rows[color][:OFF]) if n} for color in COLORS},
                         "off": {color: rows[color][OFF] for color in COLORS}},
            "points": {color: points[color] for color in COLORS}, "value": round(c.value, DIGITS)}


def _backgammon_json(play: BackgammonPlay, value: float) -> dict[str, Any]:
    after = play.after
    position: dict[str, Any] = {}
    for color in COLORS:
        fields: dict[str, int] = {str(24 - t): n for t, n in enumerate(after.row(color)) if n}
        if after.on_bar(color):
            fields["bar"] = after.on_bar(color)
        position[color] = fields
    position["off"] = {color: after.borne_off(color) for color in COLORS}
    return {"moves": [[h.src, h.dst] for h in play.hops], "position": position,
            "points": {color: 0 for color in COLORS}, "value": round(value, DIGITS)}
