"""Between the kernel's rows and the readable engine's objects: a Position's rows for the kernel, and the
kernel's plays and events as the Play and Event objects the replay, the reports and the diagrams show."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.board import OFF, WHITE, Position, other
from ..moves import Play, Step
from . import moves as kmoves
from .moves import KPlay, row_of, seen_by
from .scoring import KHistory, KRoll, events, to_events

if TYPE_CHECKING:
    from ..events import Event
    from ..moves import MoveRules
    from ..scoring import History, Roll, Tariff


def rows(position: Position, mover: str) -> tuple[list[int], list[int]]:
    """(the mover's row with his dames borne off, the opponent's dames in the mover's frame)."""
    return row_of(position.row(mover), position.borne_off(mover)), seen_by(position.row(other(mover)))


def to_play(play: KPlay, position: Position, mover: str) -> Play:
    """A kernel play from ``position`` as the readable engine's Play."""
    steps, after, used, unplayed = play
    row = after[:OFF]
    if mover == WHITE:
        result = Position(row, position.black, after[OFF], position.off_black)
    else:
        result = Position(position.white, row, position.off_white, after[OFF])
    return Play(tuple(Step(s, d, None if v < 0 else v, p) for s, d, v, p in steps), used, result, unplayed, mover)


def from_play(play: Play) -> KPlay:
    """A readable Play as the kernel's."""
    return (tuple((s.src, s.dst, -1 if s.via is None else s.via, s.puissance) for s in play.steps),
            row_of(play.row_after, play.result.borne_off(play.mover)), play.dice_used, play.unplayed)


def legal_plays(position: Position, mover: str, dice: tuple[int, int], movement: MoveRules) -> list[Play]:
    """:func:`..moves.legal_plays`, computed by the kernel."""
    me, opp = rows(position, mover)
    return [to_play(p, position, mover)
            for p in kmoves.legal(me, opp, dice[0], dice[1], movement.sortie == "slow")]


def kernel_history(history: History) -> KHistory:
    return history.throw_in_releve or 0, history.deux_tables_made, history.mezeas_made, history.rencontre_dice


def throw_events(roll: Roll, t: Tariff, history: History) -> list[Event]:
    """:func:`..scoring.throw_events` of a readable Roll, computed by the kernel (its legal plays are the
    kernel's own: the Roll's are not asked for)."""
    me, opp = rows(roll.position, roll.roller)
    made = from_play(roll.made) if roll.made is not None else None
    found = events(KRoll(me, opp, roll.dice[0], roll.dice[1], roll.movement.sortie == "slow", made), t,
                   kernel_history(history))
    return to_events(found, roll.roller, t)
