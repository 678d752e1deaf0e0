"""Backgammon behind the engine's Game protocol (:mod:`trictrac_notation.engine.game`).

The per-throw questions are answered here from :mod:`.play` (moves written ``24/18*``, ``13/10(2)``, ``bar/21``,
``6/off`` in the mover's points; the federation's legal plays; why a play is illegal). ``movement(ruleset)`` is a
:class:`~.rules.Rules` (the moves, the start, the cube and the scores of a backgammon rule set); the cube, the end
of a game and the games of a match are :class:`~.cube.CubeScorer`'s, which every replay of a backgammon record
uses. The engine's replay is the only one: what differs from trictrac is said by the attributes below. The legal
plays are listed by the rules' fast form, :mod:`.kernel` (the same plays, held equal to :mod:`.play`'s by the
tests), which also replays a plain record for ``check`` (:meth:`Backgammon.quick_replay`).

A record may hold the games of a match one after another: a game ends when a player bears off his last dame, on
a dropped double or a resignation, and the next throw starts the next game from the rule set's layout.
decided: throw numbers count from 1 in each game, as GNU Backgammon's match files number their rows.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from ...core.board import COLORS, WHITE, Position, other
from ...core.diagnostics import Reporter
from ...engine.game import GameDefaults, NextTurn, Reading, moves_span
from ...engine.quick import QuickReplay
from ...notation.lightread import LightRecord
from ...notation.record import MoveText, Record, Span, Throw
from .cube import RESIGNS, CubeScorer
from .kernel import bridge
from .play import ENTER_RULE, Impossible, Play, apply_moves, explain, find_play, hits_of, quick_play
from .playtext import MatError, Move, format_play, parse_play
from .rules import DEFAULT, NAME, Rules, load, sound, turn_after

HIT_RULE = "FFBG rules (seed 002), 'Le déplacement des pions': * marks a hit"
MOVE_HINT = "a backgammon move is FROM/TO in the mover's points: 24/18, 13/7*, 13/10(2), bar/21, 6/off"


class Backgammon(GameDefaults):
    """Backgammon as the French federation rules it (seed 002) and its variants (rules_data/backgammon/)."""

    name = "backgammon"
    dames = 15
    # a backgammon record marks no points as it goes: its +N, holes, écoles, stay/go are errors of the record
    # (engine/reading.py), rather than being read and ignored
    jans: tuple[str, ...] = ()
    marks_points = False
    illegal_play = "illegal play"
    turn_rule = "FFBG rules (seed 002), 'Positionnement et notations': the players throw in turn"
    numbers_each_game = True
    judges_before_applying = True  # seed 002's players are told the legal plays even of a play off the board
    default_ruleset = DEFAULT
    rules_hint = "trictrac rules lists the rule sets and their options"

    def default_rules(self) -> Rules:
        return load(DEFAULT)

    def movement(self, ruleset: Any) -> Rules:
        return Rules.of(ruleset)

    def scorer(self, ruleset: Any, follow_record: bool = True) -> CubeScorer:
        return CubeScorer(Rules.of(ruleset))

    def standing_scorer(self, rules: Any) -> CubeScorer:
        return CubeScorer(self._rules(rules))

    def dice_name(self, dice: tuple[int, int]) -> str:
        return f"{dice[0]}-{dice[1]}"

    def opening(self) -> Position:
        return self.default_rules().initial()

    def layout(self, rules: Any) -> Position:
        return self._rules(rules).initial()

    def acts_out_of_turn(self, throw: Throw) -> bool:
        return throw.cube in RESIGNS  # one resigns any time

    def initial_position(self, record: Record, reading: Reading) -> Position:
        return initial_position(record, self._rules(reading.rules), reading.r)

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
            reading.r.error(f"cannot be played as written: {e.message}", span, code="no-dame",
                            rule=ENTER_RULE if "bar" in e.message else None)
            return None

    def legal_plays(self, position: Position, side: str, dice: tuple[int, int], rules: Any) -> list[Play]:
        return bridge.legal_plays(position, side, dice, self._rules(rules).moves)  # (play.legal_plays's, fast)

    def _rules(self, rules: Any) -> Rules:
        """The rules given, or the federation's when a caller passes none of backgammon's."""
        return rules if isinstance(rules, Rules) else self.default_rules()

    def made_play(self, position: Position, side: str, dice: tuple[int, int], steps: list[Move],
                  after: Position | None, rules: Any, legal: Callable[[], list[Play]]) -> Play | None:
        """The play the written moves make: placed hop by hop when they play the whole throw; else, or when no
        placing hits where the moves say, the legal play with their moves (a move written whole, ``7/4*``, may be
        two dames' hops in an order no single path takes: ``6/4* 7/6`` under the five-dame limit), its hits as
        written if one has them; else the first placing."""
        play, exact = quick_play(position, side, dice, tuple(steps), self._rules(rules).moves)
        if exact:
            return play
        found, found_exact = find_play(legal(), tuple(steps))
        return found if found_exact or play is None else play

    def note_play(self, play: Play, steps: list[Move], side: str, span: Span | None, reading: Reading) -> None:
        if hits_of(play.moves) != hits_of(steps):
            reading.r.warning(f"the hits are not written as they happen: the play is {format_play(play.moves)}",
                              span, code="hit-mark", rule=HIT_RULE)

    def next_turn(self, throw: Throw, side: str, phase: Any, rules: Any, reading: Reading) -> NextTurn:
        """The players throw in turn but where the rule set says otherwise (acey-deucey: after a 1-2 the same
        player's next line is the doublet he names, and the line after it his other throw)."""
        chosen = self._rules(rules)
        dice = throw.dice
        kind, player = phase if isinstance(phase, tuple) else (None, None)
        phase = kind if player == side else None  # another player's line (out of turn) names nothing
        if phase == NAME and dice is not None and dice[0] != dice[1]:
            reading.r.error(f"{side} names a doublet after his 1-2 and plays it: {dice[0]}-{dice[1]} is not a "
                            "doublet", throw.dice_span, code="named-doublet", rule=chosen.cite("ace_deuce"),
                            hint="write the doublet he names as this line's throw, e.g. 5-5, with its four moves")
        after, following = turn_after(chosen, side, dice, phase)
        if after != side:
            return NextTurn(after)
        if following == NAME:
            return NextTurn(side, f"{side} names a doublet after his 1-2", chosen.cite("ace_deuce"), (NAME, side))
        again = "after the doublet he named" if phase == NAME else "after his doublet"
        return NextTurn(side, f"{side} throws again {again}",
                        chosen.cite("ace_deuce" if phase == NAME else "doublets_again"), (following, side))

    def explain(self, position: Position, side: str, dice: tuple[int, int], steps: list[Move], rules: Any,
                legal: list[Play], name: Callable[[int], str]) -> tuple[str, str, list[str]]:
        rule, why = explain(position, side, dice, tuple(steps), legal, self._rules(rules).moves)
        return rule, why, []

    def stood_play(self, steps: list[Move], dice: tuple[int, int], after: Position, side: str) -> Play:
        return Play((), (), after)  # backgammon has no fausse case let stand: the play is simply the one made

    def format_play(self, play: Play, name: Callable[[int], str]) -> str:
        return format_play(play.moves) or "(no dame can move)"

    def quick_replay(self, light: LightRecord, ruleset: Any) -> QuickReplay | None:
        from .kernel.replay import quick_replay

        return quick_replay(light, ruleset)


GAME = Backgammon()


def initial_position(record: Record, rules: Rules, r: Reporter) -> Position:
    """The rule set's layout, or the record's ``@white 6:5 5:4 off:6 bar:1`` lines (points in each player's
    own frame; a player with no line starts on the layout)."""
    start = rules.initial()
    if not record.setup:
        return start
    rows = {c: list(start.row(c)) for c in COLORS}
    off = dict.fromkeys(COLORS, 0)
    bar = {c: start.on_bar(c) for c in COLORS}
    for line in record.setup:
        rows[line.side], bar[line.side] = [0] * 24, 0
        for p in line.placements:
            key = p.key.lower()
            span = Span(p.span.line, p.span.column, len(p.key)) if p.span else line.span
            if p.count < 0:
                r.error(f"a negative count of dames: {p.key}:{p.count}", span, code="bad-setup")
            elif key in ("off", "o"):
                off[line.side] += p.count
            elif key == "bar":
                bar[line.side] += p.count
            elif key.isdigit() and 1 <= int(key) <= 24:
                rows[line.side][24 - int(key)] += p.count
            else:
                r.error(f"unknown point {p.key!r}: a backgammon position names points 1-24 in the player's own "
                        "frame, bar and off", span, code="bad-coordinate")
    position = Position(rows[WHITE], rows[other(WHITE)], off[WHITE], off[other(WHITE)], bar[WHITE],
                        bar[other(WHITE)])
    spans: dict[str | None, Span | None] = {line.side: line.span for line in record.setup}
    for color, problem in sound(position, rules):
        r.error(f"impossible starting position: {problem}", spans.get(color) or record.setup[0].span,
                code="bad-setup")
    return position


@lru_cache(maxsize=4096)
def _parsed(text: str) -> tuple[Move, ...]:
    """A play's text read once: records repeat their plays."""
    return parse_play(text)


def read_moves(written: Sequence[MoveText], r: Reporter, where: Span | None = None) -> tuple[Move, ...] | None:
    """The written moves as canonical federation moves; None (and an error at the move) if one cannot be read."""
    try:
        return _parsed(" ".join(mt.text for mt in written))
    except MatError as e:
        whole = e  # said at its move when one move alone is wrong, else of the whole play
    for mt in written:
        try:
            parse_play(mt.text)
        except MatError as e:
            span = Span(mt.span.line, mt.span.column + e.column - 1, 1) if mt.span else where
            r.error(f"{e.message} in {mt.text!r}", span, code="bad-move", hint=e.hint or MOVE_HINT)
            return None
    r.error(whole.message, moves_span(written) or where, code="bad-move")  # e.g. more than four dames in a group
    return None
