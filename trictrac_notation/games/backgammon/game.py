"""Backgammon behind the engine's Game protocol (:mod:`trictrac_notation.engine.game`).

The per-throw questions are answered here from :mod:`.play` (moves written ``24/18*``, ``13/10(2)``, ``bar/21``,
``6/off`` in the mover's points; the federation's legal plays; why a play is illegal). ``movement(ruleset)`` is a
:class:`~.rules.Rules` (the moves, the start, the cube and the scores of a backgammon rule set).

What the protocol does not carry yet, backgammon's own replay (:mod:`.replay`) does: the cube on the doubler's
line, a game ended by a drop or a resignation, the next game of a match from the layout with either player first,
throws numbered from 1 in each game, the layout and the number of dames of the rule set (hypergammon: 3), and
"illegal play" for trictrac's "fausse case". ``trictrac check`` and ``replay`` use that replay for
``[Game "backgammon"]`` records.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...core.board import Position
from ...engine.game import Reading
from ...notation.record import MoveText, Record
from .matfile import Move, format_play
from .play import Impossible, Play, apply_moves, explain, find_play, legal_plays, quick_play
from .replay import initial_position, read_moves
from .rules import DEFAULT, Rules, load


class Backgammon:
    """Backgammon as the French federation rules it (seed 002) and its variants (rules_data/backgammon/)."""

    name = "backgammon"
    dames = 15

    def default_rules(self) -> Rules:
        return load(DEFAULT)

    def movement(self, ruleset: Any) -> Rules:
        return Rules.of(ruleset)

    def scorer(self, ruleset: Any, follow_record: bool = True) -> Any:
        return None  # the cube and the match are backgammon's replay's (see the module's docstring)

    def dice_name(self, dice: tuple[int, int]) -> str:
        return f"{dice[0]}-{dice[1]}"

    def opening(self) -> Position:
        return self.default_rules().initial()

    def initial_position(self, record: Record, reading: Reading) -> Position:
        rules = getattr(reading, "rules", None)
        return initial_position(record, rules if isinstance(rules, Rules) else self.default_rules(), reading.r)

    def check_throw(self, throw: Any, position: Position, reading: Reading) -> None:
        return None

    def read_steps(self, moves: Sequence[MoveText], side: str, reading: Reading) -> list[Move] | None:
        read = read_moves(moves, reading.r)
        return None if read is None else list(read)

    def apply(self, position: Position, side: str, steps: list[Move], moves: Sequence[MoveText],
              reading: Reading) -> Position | None:
        try:
            return apply_moves(position, side, tuple(steps))
        except Impossible as e:
            span = moves[min(e.index, len(moves) - 1)].span if moves else None
            reading.r.error(f"cannot be played as written: {e.message}", span, code="no-dame")
            return None

    def legal_plays(self, position: Position, side: str, dice: tuple[int, int], rules: Any) -> list[Play]:
        return legal_plays(position, side, dice, self._rules(rules).moves)

    def _rules(self, rules: Any) -> Rules:
        """The rules given, or the federation's when a caller passes none of backgammon's."""
        return rules if isinstance(rules, Rules) else self.default_rules()

    def made_play(self, position: Position, side: str, dice: tuple[int, int], steps: list[Move], after: Position,
                  rules: Any, legal: Callable[[], list[Play]]) -> Play | None:
        play, _ = quick_play(position, side, dice, tuple(steps), self._rules(rules).moves)
        return play if play is not None else find_play(legal(), tuple(steps))[0]

    def explain(self, position: Position, side: str, dice: tuple[int, int], steps: list[Move], rules: Any,
                legal: list[Play], name: Callable[[int], str]) -> tuple[str, str, list[str]]:
        rule, why = explain(position, side, dice, tuple(steps), legal, self._rules(rules).moves)
        return rule, why, []

    def stood_play(self, steps: list[Move], dice: tuple[int, int], after: Position, side: str) -> Play:
        return Play((), (), after)  # backgammon has no fausse case let stand: the play is simply the one made

    def format_play(self, play: Play, name: Callable[[int], str]) -> str:
        return format_play(play.moves) or "(no dame can move)"


GAME = Backgammon()
