"""The cube and the match: who may double, what a take, a drop or a beaver does, what a game scores, and the
score of a match with its Crawford game (seed 002, 'Le cube'; seed 001, 'Cubo de duplicación').

Each check returns the reason an action is not allowed (None when it is), so that the replay reports it at the
record's line and goes on. :class:`CubeScorer` is backgammon's scorer for the engine's replay
(:mod:`trictrac_notation.engine.replay`): the cube on the doubler's line before his dice, a game ended by bearing
off, a drop or a resignation, and the next game of a match (whose Crawford game it knows).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from ...core.board import COLORS, Position, other
from ...core.diagnostics import Reporter
from ...engine.score import ScorerDefaults
from ...notation.record import Record, Span, Throw
from .rules import GAMMON, SCORE_RULE, SINGLE, Rules, game_kind, multiple

if TYPE_CHECKING:
    from ...engine.replay import ThrowResult

CUBE_RULE = "FFBG rules (seed 002), 'Le cube'"
CRAWFORD_RULE = "Wikipedia 'Backgammon' (seed 001), 'Cubo de duplicación': the Crawford rule"
BEAVER_RULE = "Wikipedia 'Backgammon' (seed 001), 'Cubo de duplicación': the beaver"

TAKE, DROP, BEAVER = "double take", "double drop", "double beaver"
FORFEIT = "forfeit"  # the kind of a match given up whole (``resigns-match``)
RESIGNS = {"resigns": SINGLE, "resigns-gammon": GAMMON, "resigns-backgammon": "backgammon", "resigns-match": FORFEIT}


@dataclass
class Cube:
    """The cube of one game: its value and its owner (None: in the middle, either may double)."""

    value: int = 1
    owner: str | None = None
    turned: bool = False  # a double was taken (the Jacoby rule asks)

    def refuse(self, side: str, action: str, rules: Rules, crawford: bool) -> tuple[str, str] | None:
        """Why ``side`` may not double here (rule, reason), or None."""
        if not rules.cube:
            return CUBE_RULE, f"rule set {rules.id} has no cube"
        if crawford:
            return CRAWFORD_RULE, ("no double in the Crawford game (the game after a player first stands one point "
                                   "from the match)")
        if self.owner == other(side):
            return CUBE_RULE, f"the cube is {other(side)}'s (he took it at {self.value}): only he may redouble"
        if action == BEAVER and not rules.beaver:
            return BEAVER_RULE, f"rule set {rules.id} does not allow the beaver (the option 'beaver' does)"
        return None

    def answer(self, side: str, action: str) -> int | None:
        """Apply ``side``'s double and the answer; the points the doubler wins when it is dropped, else None."""
        if action == DROP:
            return self.value
        self.value *= 4 if action == BEAVER else 2
        self.owner, self.turned = other(side), True
        return None


@dataclass
class Result:
    """How a game ended."""

    winner: str
    kind: str  # single, gammon, backgammon; forfeit: the match given up
    cube: int
    points: int
    how: str = "bore off"  # 'bore off', 'drop', 'resigns'

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "kind": self.kind, "cube": self.cube, "points": self.points, "how": self.how}




@dataclass
class Match:
    """The score of a match to ``length`` points (0: a money session, the points simply added up)."""

    length: int
    rules: Rules
    score: dict[str, int] = field(default_factory=lambda: {c: 0 for c in COLORS})
    results: list[Result] = field(default_factory=list)
    crawford_game: int | None = None  # the number of the Crawford game, once it is known

    def over(self) -> bool:
        return bool(self.length) and max(self.score.values()) >= self.length

    def needs(self, side: str) -> int:
        """The points ``side`` still needs to win the match."""
        return max(1, self.length - self.score[side])

    def next_is_crawford(self) -> bool:
        """Whether the game about to start is the Crawford game (none in a match to one point: no game brought
        a player to match point)."""
        if not (self.length > 1 and self.rules.crawford and self.rules.cube) or self.crawford_game is not None:
            return False
        return any(s == self.length - 1 for s in self.score.values())

    def record(self, result: Result) -> None:
        self.results.append(result)
        self.score[result.winner] += result.points  # as gnubg's match files count: a game's whole points

    def to_json(self) -> dict[str, Any]:
        winner = next((c for c in COLORS if self.length and self.score[c] >= self.length), None)
        return {"length": self.length, "score": dict(self.score), "winner": winner,
                "games": len(self.results), "crawford_game": self.crawford_game}


class GameState:
    """The cube and the match a line of throws runs through (copied for a variation): the game's number, its
    Crawford flag, whether it is over, and the result of the line being scored."""

    def __init__(self, match: Match, number: int = 1):
        self.match = match
        self.begin(number)

    def begin(self, number: int) -> None:
        """Game ``number`` starts: the cube in the middle; the Crawford game is known when it starts."""
        self.number, self.cube, self.over = number, Cube(), False
        self.ended: Result | None = None
        self.crawford = self.match.next_is_crawford()
        if self.crawford:
            self.match.crawford_game = number

    def copy(self) -> GameState:
        twin = GameState.__new__(GameState)
        twin.__dict__.update(self.__dict__)
        twin.cube = Cube(self.cube.value, self.cube.owner, self.cube.turned)
        m = self.match
        twin.match = Match(m.length, m.rules, dict(m.score), list(m.results), m.crawford_game)
        return twin

    def end(self, result: Result) -> None:
        self.over, self.ended = True, result
        self.match.record(result)


def act(state: GameState, side: str, action: str, rules: Rules) -> tuple[str, str, str | None] | None:
    """``side``'s cube action or resignation applied to the game (a take doubles the cube, a beaver makes it the
    beaverer's at four times its value, a drop or a resignation ends the game); (rule, why, hint) when it breaks a
    rule: a double refused is not applied, a match resigned in money play is a game resigned."""
    cube = state.cube
    if action in RESIGNS:
        kind, winner = RESIGNS[action], other(side)
        refused = None
        if kind == FORFEIT and not state.match.length:
            refused = (SCORE_RULE, f"{side} resigns the match, but this is money play (no Match header)",
                       "a game is resigned with resigns, resigns-gammon or resigns-backgammon")
            kind = SINGLE
        points = (state.match.needs(winner) if kind == FORFEIT else
                  cube.value * (1 if kind == SINGLE else rules.gammon if kind == GAMMON else rules.backgammon))
        state.end(Result(winner, kind, cube.value, points, "resigns"))
        return refused
    why = cube.refuse(side, action, rules, state.crawford)
    if why is not None:
        return why[0], f"{side} doubles, but {why[1]}", None
    before = cube.value
    dropped = cube.answer(side, action)
    if action == DROP:
        assert dropped is not None
        state.end(Result(side, SINGLE, before, dropped, "drop"))
    return None


def bore_off(state: GameState, position: Position, side: str, rules: Rules) -> None:
    """``side`` has borne off his last dame: the game ends, single, gammon or backgammon times the cube."""
    kind = game_kind(position, side, other(side))
    cube = state.cube
    state.end(Result(side, kind, cube.value, cube.value * multiple(kind, rules, cube.turned, state.match.length > 0)))


@dataclass
class GameScore:
    """A line's score (the engine's ThrowScore): the cube after it, and the game it ended (``marque``)."""

    side: str
    cube: int
    marque: Result | None = None
    owner: str | None = None  # who owns the cube after the line (None: in the middle)
    match: tuple[int, dict[str, int]] | None = None  # the match's length (0: money) and its score after the line
    events: list[Any] = field(default_factory=list)
    ecoles: list[Any] = field(default_factory=list)
    applied: dict[str, int] = field(default_factory=dict)  # (no points kept throw by throw)
    marker: str | None = None
    next_first: str | None = None  # a new game: either player may throw first
    next_why: str | None = None

    @property
    def after(self) -> dict[str, dict[str, Any]]:
        return {}

    def summary(self) -> list[str]:
        return [f"cube {self.cube}"] + ([f"{self.marque.winner} wins {self.marque.points}"] if self.marque else [])

    def to_json(self) -> dict[str, Any]:
        return {"cube": self.cube, **({"result": self.marque.to_json()} if self.marque else {})}


@dataclass
class MatchFinal:
    """The end of a record (the engine's Final): the match or money session, and its last game's result."""

    match: Match
    card: Any = None

    @property
    def last(self) -> Result | None:
        return self.match.results[-1] if self.match.results else None

    def to_json(self) -> dict[str, Any]:
        """The last game's result ``{winner, kind, cube, points, how}`` with the match (or session) score."""
        last = self.last
        return (last.to_json() if last else {}) | {"match": self.match.to_json()}

    def summary(self) -> list[str]:
        m = self.match
        target = f" to {m.length}" if m.length else " (money)"
        winner = self.match.to_json()["winner"]
        return [f"match{target}: white {m.score['white']}, black {m.score['black']}"
                + (f"; {winner} wins the match" if winner else "")]


class Headed(Protocol):
    """What the match's headers are read from: a Record, or the light reader's record."""

    def header(self, name: str, default: str | None = None) -> str | None: ...

    def header_span(self, name: str) -> Span | None: ...


def match_length(record: Headed, r: Reporter) -> int:
    """The ``Match`` header: the points of the match, 0 (or none) for money play."""
    text = record.header("Match")
    if text is None:
        return 0
    if not text.strip().isdigit():
        r.error(f"Match must be the points of the match (0 for money play), not {text!r}", record.header_span("Match"),
                code="bad-header")
        return 0
    return int(text)


def match_start(record: Headed, r: Reporter, length: int) -> dict[str, int]:
    """The ``MatchScore`` header (``"3-1"``: white's points, then black's): the score before the record's first
    game, for a record that starts in the middle of a match; 0-0 without it."""
    text = record.header("MatchScore")
    if text is None:
        return {c: 0 for c in COLORS}
    parts = text.replace(" ", "").split("-")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        r.error(f"MatchScore must be white's points and black's, as \"3-1\", not {text!r}",
                record.header_span("MatchScore"), code="bad-header")
        return {c: 0 for c in COLORS}
    score: dict[str, int] = dict(zip(COLORS, map(int, parts), strict=True))
    if length and max(score.values()) >= length:
        r.error(f"MatchScore {text}: the match to {length} would already be won", record.header_span("MatchScore"),
                code="bad-header")
        return {c: 0 for c in COLORS}
    return score


def _score(match: Match) -> str:
    return f"white {match.score['white']}, black {match.score['black']}"


class CubeScorer(ScorerDefaults):
    """The cube and the match of a backgammon record, for the engine's replay (its Scorer protocol)."""

    def __init__(self, rules: Rules):
        self.rules = rules

    def start(self, record: Record, position: Position, reporter: Reporter) -> GameState:
        length = match_length(record, reporter)
        return GameState(Match(length, self.rules, match_start(record, reporter, length)))

    def snapshot(self, state: GameState) -> GameState:
        return state.copy()

    def fork(self, snapshot: GameState) -> GameState:
        return snapshot.copy()

    def close(self, state: GameState, reporter: Reporter) -> None:
        return None

    def next_game(self, state: GameState, throw: Throw, reporter: Reporter) -> bool:
        if state.match.over():
            reporter.error(f"the match is over ({_score(state.match)}): no game follows", throw.span,
                           code="match-over", rule=SCORE_RULE)
            return False
        state.begin(state.number + 1)
        return True

    def before_play(self, state: GameState, result: ThrowResult, ctx: Any) -> bool:
        """The cube's action or a resignation; whether the dice are then played (not after the game's end)."""
        throw, side, r = result.throw, result.side, ctx.r
        if throw.cube:
            self._cube(state, throw, side, r)
        if not state.over and throw.dice is not None:
            return True
        if throw.moves and not throw.unreadable and throw.cube not in RESIGNS:  # (a resignation's says why)
            r.error(f"{side} moves without dice" if not state.over else "no move after the end of the game",
                    throw.moves[0].span, code="bad-move")
        return False

    def _cube(self, state: GameState, throw: Throw, side: str, r: Reporter) -> None:
        action = throw.cube
        assert action is not None
        refused = act(state, side, action, self.rules)
        if refused is not None:
            rule, why, hint = refused
            r.error(why, throw.cube_span, code="cube", rule=rule, hint=hint)
        if action in RESIGNS:
            if throw.moves:  # dice may stand: the throw he resigned on instead of playing it
                r.error(f"{side} resigns: nothing is played on the line of a resignation", throw.moves[0].span,
                        code="bad-move", hint=f"write the play on a line of its own before '{action}'")
        elif refused is None and action == DROP and (throw.dice is not None or throw.moves):
            r.error(f"{other(side)} dropped the double: the game is over, {side} throws no more",
                    throw.dice_span or throw.span, code="bad-move", rule=CUBE_RULE)

    def throw(self, state: GameState, result: ThrowResult, ctx: Any) -> None:
        """A game ends when the mover bears off his last dame; the line's score: the cube, the game it ended."""
        after, side = result.after, result.side
        if after is not None and not state.over and after.borne_off(side) == self.rules.moves.dames:
            bore_off(state, after, side, self.rules)
        result.score = GameScore(side, state.cube.value, state.ended, state.cube.owner,
                                 (state.match.length, dict(state.match.score)))
        state.ended = None

    def finish(self, state: GameState, results: list[ThrowResult], reporter: Reporter) -> MatchFinal:
        return MatchFinal(state.match)
