"""Between the kernel's rows and the readable engine's objects: a Position's rows for the kernel, and the
kernel's plays as the Play objects the replay, the reports and the diagrams show."""

from __future__ import annotations

from ....core.board import WHITE, Position, other
from ..play import MoveRules, Play
from ..playtext import Move, Step
from .moves import BAR, OFF, KMove, KPlay, Row, legal


def own_row(position: Position, side: str) -> Row:
    """``side``'s row in his own frame: borne off, points 1-24, the bar."""
    row = position.row(side)
    return [position.borne_off(side), *row[23::-1], position.on_bar(side)]


def rows(position: Position, mover: str) -> tuple[Row, Row]:
    """(the mover's row, the opponent's row turned round: his dames on the mover's points)."""
    return own_row(position, mover), own_row(position, other(mover))[::-1]


def position_of(me: Row, opp: Row, mover: str) -> Position:
    """The Position of the mover's row and the opponent's row as the mover sees it."""
    theirs = opp[::-1]
    mine_track, theirs_track = me[24:0:-1], theirs[24:0:-1]
    if mover == WHITE:
        return Position(mine_track, theirs_track, me[OFF], theirs[OFF], me[BAR], theirs[BAR])
    return Position(theirs_track, mine_track, theirs[OFF], me[OFF], theirs[BAR], me[BAR])


def to_play(play: KPlay, mover: str) -> Play:
    """A kernel play as the readable engine's Play."""
    hops, used, me, opp = play
    return Play(tuple(Step(s, d, h) for s, d, h in hops), used, position_of(me, opp, mover))


def from_moves(moves: tuple[Move, ...] | list[Move]) -> tuple[KMove, ...]:
    """Written moves (playtext.Move) as the kernel's."""
    return tuple((m.src, m.dst, m.hits) for m in moves)


def legal_plays(position: Position, side: str, dice: tuple[int, int], rules: MoveRules) -> list[Play]:
    """:func:`..play.legal_plays`, computed by the kernel."""
    me, opp = rows(position, side)
    return [to_play(p, side) for p in legal(me, opp, dice[0], dice[1], rules)]
