"""The Scorer protocol: what the replay asks of a game's scorer, and what it gives back.

A scorer is called once at the start, once per throw (which fills ``ThrowResult.score``), around each
variation (snapshot, fork, close) and at the end (``Replay.final``).  The diagrams, the site and the reports
read these results through the two protocols below, and nothing else: no guessing with ``hasattr``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..core.board import Position
from ..core.diagnostics import Reporter
from ..notation.record import Record, Throw

if TYPE_CHECKING:
    from .replay import ThrowResult

State = TypeVar("State")


class ThrowScore(Protocol):
    """The scoring of one throw."""

    side: str
    events: list[Any]  # the game's events (trictrac: events.Event: jan, beneficiary, points, target...)
    ecoles: list[Any]  # irregularities of the marking the opponent may score (trictrac's écoles; else empty)
    applied: dict[str, int]  # points put on each player's score by this throw, écoles included ({}: none kept)
    marker: str | None  # who holds the marker of the second series (pavillon...), if anybody
    marque: Any  # the round this throw ended (à écrire's marqué), else None
    next_first: str | None  # after a round ended: who throws first (None: not checked)
    next_why: str | None

    @property
    def after(self) -> dict[str, dict[str, Any]]:
        """colour -> {"points", "holes", "bredouille"} after the throw."""
        ...

    def summary(self) -> list[str]:
        """Text lines for ``trictrac replay``."""
        ...

    def to_json(self) -> dict[str, Any]: ...


class Final(Protocol):
    """The score at the end of the record."""

    card: Any  # a score card of several rounds (à écrire), else None

    def summary(self) -> list[str]: ...

    def to_json(self) -> dict[str, Any]: ...


class Scorer(Protocol[State]):
    """Scores a replay; ``State`` is whatever the scorer carries from throw to throw."""

    def start(self, record: Record, position: Position, reporter: Reporter) -> State: ...

    def throw(self, state: State, result: ThrowResult, ctx: Any) -> None:
        """Score one throw: set ``result.score`` (a ThrowScore), report irregularities through ``ctx.r``."""
        ...

    def snapshot(self, state: State) -> State: ...

    def fork(self, snapshot: State) -> State: ...

    def close(self, state: State, reporter: Reporter) -> None: ...

    def finish(self, state: State, results: list[ThrowResult], reporter: Reporter) -> Final | None:
        """The final score (None: nothing to say yet, e.g. no backgammon game ended)."""
        ...

    def before_play(self, state: State, result: ThrowResult, ctx: Any) -> bool:
        """The line's own items before its dice (backgammon: the cube, a resignation); False when the dice are
        not to be played (the game ended on this line, or there are none)."""
        ...

    def next_game(self, state: State, throw: Throw, reporter: Reporter) -> bool:
        """A throw after the game ended (``ThrowScore.marque``): start the next one; False (reported) when none
        may follow (the match is over) and the line stops there."""
        ...

    def standing(self, state: State) -> tuple[dict[str, dict[str, Any]] | None, str | None]:
        """The score as it stands (``ThrowScore.after``'s form) and the marker's holder; (None, None) for a game
        whose board marks no such score."""
        ...


class ScorerDefaults:
    """The hooks of :class:`Scorer` that a game without a cube or matches leaves as they are."""

    def before_play(self, state: Any, result: ThrowResult, ctx: Any) -> bool:
        return True

    def next_game(self, state: Any, throw: Throw, reporter: Reporter) -> bool:
        return True

    def standing(self, state: Any) -> tuple[dict[str, dict[str, Any]] | None, str | None]:
        return None, None
