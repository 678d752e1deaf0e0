"""A record judged by a player, throw by throw, as GNU Backgammon analyses a match: for each throw of the main line,
the legal plays ranked by the player (:mod:`..play`), the rank of the play made, what it cost against the best in
the player's unit (points: :data:`..play.player.UNIT`), the stay-or-go decision judged where the mover's own throw
won a hole, and a mark on the mistakes (:data:`MARKS`, the notation's judgements).

The replay gives each throw's position, the score and the relevé's memory before it (the scorer's state), so the
player sees the table as the players saw it; the ranking and the decisions run on the kernel's rows.

A throw is *done* one of three ways: a play (the mover stays, or no hole was won), a go (he marks his points and
holes and does not play), or something the player cannot judge (a fausse case, a pour-tout, a throw whose dice or
position the replay could not read): that last is listed with the reason and no cost.  The value of what was done
and of the best thing to do are in the ranking's frame: a play's value, plus, where the throw won a hole, what the
player says going is worth over staying after that play (``Decision.go - Decision.stay``) when the mover goes, or
when the player would (the best action).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..core.board import BLACK, COLORS, WHITE
from ..games.trictrac.kernel.moves import KPlay, row_of
from ..play.player import GO, STAY, UNIT, Choice, Decision
from ..play.situation import Situation

if TYPE_CHECKING:
    from ..core.board import Position
    from ..core.diagnostics import Diagnostic, Reporter
    from ..engine.replay import Replay, ThrowResult
    from ..notation.record import Record, Throw
    from ..play.player import Player
    from ..rules.rulesets import RuleSet

MARKS: tuple[tuple[str, float], ...] = (("??", 6.0), ("?", 3.0), ("?!", 1.0))
"""decided: the notation's judgements of a mistake by what it cost, in points (twelve make a hole): a blunder
(``??``) costs half a hole or more, a mistake (``?``) a quarter of a hole — a simple jan's four points, nearly —,
an inaccuracy (``?!``) a point; a smaller loss is not marked (the players' estimates are not that exact)."""

MAX_THROWS = 1000
"""The throws of a main line judged at most (a record of more is judged up to there, and says so)."""

Way = list[int]  # a dame's way in the mover's frame: [src, dst] or [src, rest, dst] (24: borne off)


def mark_of(cost: float) -> str | None:
    """The judgement a loss of ``cost`` points earns (:data:`MARKS`), or None."""
    for mark, least in MARKS:
        if cost >= least - 1e-9:
            return mark
    return None


@dataclass
class Option:
    """A play as the analysis shows it: its moves in the record's coordinates, each dame's way, its value."""

    moves: str
    ways: list[Way]
    value: float
    points: tuple[int, int]  # the points its throw scores: (the mover's, his opponent's)


@dataclass
class Judged:
    """One throw of the main line judged (see the module's docstring)."""

    n: int  # its place in the main line, from 1
    number: int | None  # its number as written
    side: str
    dice: tuple[int, int]
    line: int | None  # the record's line
    plays: int = 0  # legal plays the player ranked
    rank: int | None = None  # of the play made, 1 the best (plays valued alike share a rank); None: no play judged
    done: str = "play"  # 'play', 'go', or why the throw is not judged
    played: Option | None = None
    best: Option | None = None
    decision: str | None = None  # where the mover's own throw won a hole: what he did, 'stay' or 'go'
    advice: Decision | None = None  # ... and what the player says (after the play made, or the best one)
    value: float = 0.0  # of what was done, the mover's side
    best_value: float = 0.0  # of the best thing to do
    cost: float = 0.0
    mark: str | None = None
    best_goes: bool = False  # the player would go after the best play

    @property
    def judged(self) -> bool:
        return self.done in ("play", "go")

    @property
    def white(self) -> float:
        """The value of what was done, from White's side (the chart's)."""
        return self.value if self.side == WHITE else -self.value

    @property
    def best_action(self) -> str:
        """What the player would have done: 'go', or the best play's moves."""
        if self.advice is not None and self.advice.decision == GO and (self.decision == GO or self.best_goes):
            return GO
        return self.best.moves if self.best is not None else ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"throw": self.n, "number": self.number, "side": self.side, "dice": list(self.dice),
                               "line": self.line, "done": self.done}
        if not self.judged:
            return out
        out |= {"plays": self.plays, "rank": self.rank, "value": round(self.value, 3),
                "best_value": round(self.best_value, 3), "cost": round(self.cost, 3), "mark": self.mark,
                "best_action": self.best_action}
        for key, option in (("played", self.played), ("best", self.best)):
            if option is not None:
                out[key] = {"moves": option.moves, "ways": option.ways, "value": round(option.value, 3),
                            "points": {"mover": option.points[0], "opponent": option.points[1]}}
        if self.mark is not None:
            out["words"] = cost_words(self)
        if self.decision is not None and self.advice is not None:
            out["decision"] = {"made": self.decision, "advised": self.advice.decision,
                               "value": {STAY: round(self.advice.stay, 3), GO: round(self.advice.go, 3)}}
        return out


@dataclass
class Analysis:
    """A record's main line judged by a player."""

    player: str
    summary: str  # how the player chooses
    rules: str
    throws: list[Judged] = field(default_factory=list)
    left_out: int = 0  # throws of the main line past :data:`MAX_THROWS`, not judged
    diagnostics: list[Diagnostic] = field(default_factory=list, repr=False)  # the replay's (check's)

    def mistakes(self) -> list[Judged]:
        return [j for j in self.throws if j.mark is not None]

    def totals(self) -> dict[str, dict[str, Any]]:
        """Each player's throws judged, their cost added up and their marks counted."""
        out: dict[str, dict[str, Any]] = {}
        for side in COLORS:
            mine = [j for j in self.throws if j.side == side and j.judged]
            out[side] = {"throws": len(mine), "cost": round(sum(j.cost for j in mine), 3),
                         "marks": {m: sum(j.mark == m for j in mine) for m, _ in MARKS}}
        return out

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "summary": self.summary, "unit": UNIT, "rules": self.rules,
                "marks": {m: least for m, least in MARKS}, "totals": self.totals(), "left_out": self.left_out,
                "throws": [j.to_json() for j in self.throws]}


def situation_before(result: ThrowResult, ruleset: RuleSet) -> Situation:
    """What the mover saw: the rows where his throw was played, the score and the relevé's memory before it (the
    scorer's state), each side's throws so far in the relevé."""
    state = result.score_before
    position = result.start
    rows = tuple(tuple(row_of(position.row(c), position.borne_off(c))) for c in (WHITE, BLACK))
    counts = result.counts_before
    return Situation(ruleset, (rows[0], rows[1]), result.side, state.marking.copy(), state.memory,
                     (counts.get(WHITE, 0), counts.get(BLACK, 0)))


def _why_not(result: ThrowResult) -> str | None:
    """Why a throw cannot be judged, or None."""
    throw = result.throw
    if throw.dice is None or result.score_before is None:
        return "not read"
    if throw.pour_tout:
        return "pour-tout"
    if not result.played:
        return None if throw.decision == GO else "not played"
    if result.play is None or result.fausse is not None or result.stood is not None:
        return "not a legal play"
    return None


def judge(result: ThrowResult, ruleset: RuleSet, player: Player, n: int,
          name: Callable[[int, str], str]) -> Judged:
    """Throw ``n`` of the main line (``result``) judged by ``player``; ``name(track, mover)`` writes an arrow in
    the record's coordinates."""
    throw = result.throw
    judged = Judged(n, throw.number, result.side, throw.dice or (0, 0), throw.span.line if throw.span else None)
    why = _why_not(result)
    if why is not None:
        judged.done = why
        return judged
    dice = (throw.dice[0], throw.dice[1]) if throw.dice else (0, 0)
    s = situation_before(result, ruleset)
    ranked = player.rank(s, dice)
    if not ranked:
        judged.done = "no play ranked"
        return judged
    judged.plays = len(ranked)
    best = ranked[0]
    judged.best = _option(best, result.side, name)
    went = not result.played
    judged.done = GO if went else "play"
    made: Choice | None = None
    if not went:
        row = row_of(result.play.row_after, result.play.result.borne_off(result.side))
        made = next((c for c in ranked if list(c.play[1]) == row), None)
        if made is None:  # (the player ranked every legal play: never expected)
            judged.done = "not ranked"
            return judged
        judged.played = _option(made, result.side, name)
        judged.played.moves = " ".join(m.text for m in throw.moves)  # as written (the kernel may write it otherwise)
        judged.rank = 1 + sum(c.value > made.value + 1e-9 for c in ranked)
    best_go = _going_over_staying(s, dice, best, player)
    best_value = best.value + max(0.0, best_go[0])
    judged.best_goes = best_go[0] > 0
    if went:
        value, advice = best.value + best_go[0], best_go[1]
        judged.decision = GO
    else:
        assert made is not None
        made_go = best_go if made is best else _going_over_staying(s, dice, made, player)
        advice = made_go[1]
        value = made.value
        if advice is not None:
            judged.decision = throw.decision or STAY  # (a player who plays on stays)
            if judged.decision == GO:  # the last dame borne off: played, and going
                value += made_go[0]
    judged.advice = advice
    judged.value, judged.best_value = value, max(best_value, value)
    judged.cost = judged.best_value - value
    judged.mark = mark_of(judged.cost)
    return judged


def _going_over_staying(s: Situation, dice: tuple[int, int], choice: Choice, player: Player
                        ) -> tuple[float, Decision | None]:
    """What going is worth over staying once ``choice`` is played, as the player says, when the mover's own points
    win a hole (else (0, None)): the decision is taken in the Situation :class:`..play.partie.Partie` gives it."""
    own, theirs = choice.points
    marking = s.marking.copy()
    if not marking.mark(s.mover, own).holes:
        return 0.0, None
    after = s.after(dice, choice.play[1], [e[0] for e in choice.events], marking)
    decision = player.stay_or_go(replace(after, mover=s.mover, pending=theirs))
    return decision.go - decision.stay, decision


def _option(choice: Choice, mover: str, name: Callable[[int, str], str]) -> Option:
    return Option(play_moves(choice.play, mover, name), play_ways(choice.play), choice.value, choice.points)


def play_moves(play: KPlay, mover: str, name: Callable[[int, str], str]) -> str:
    """A kernel play as the notation writes it (``T-6 T-4``, ``T-4-10``; the coin par puissance as the dames' real
    moves), or '' when nothing can be played."""
    return " ".join(f"{name(src, mover)}{'' if via < 0 else '-' + name(via, mover)}-{name(dst, mover)}"
                    for src, dst, via, _ in play[0])


def play_ways(play: KPlay) -> list[Way]:
    """Each dame's way, as the viewer draws the moves (viewdata's ``m``)."""
    return [[src, dst] if via < 0 else [src, via, dst] for src, dst, via, _ in play[0]]


class _EveryScore:
    """A scorer that keeps the score before every throw in ``ThrowResult.score_before`` (the replay keeps it only
    where a variation starts from it), and otherwise is the record's own."""

    def __init__(self, inner: Any):
        self.inner = inner

    def start(self, record: Record, position: Position, reporter: Reporter) -> Any:
        return self.inner.start(record, position, reporter)

    def throw(self, state: Any, result: ThrowResult, ctx: Any) -> None:
        self.inner.throw(state, result, ctx)

    def snapshot(self, state: Any) -> Any:
        return self.inner.snapshot(state)

    def fork(self, snapshot: Any) -> Any:
        return self.inner.fork(snapshot)

    def close(self, state: Any, reporter: Reporter) -> None:
        self.inner.close(state, reporter)

    def finish(self, state: Any, results: list[ThrowResult], reporter: Reporter) -> Any:
        return self.inner.finish(state, results, reporter)

    def before_play(self, state: Any, result: ThrowResult, ctx: Any) -> bool:
        if result.score_before is None:
            result.score_before = self.inner.snapshot(state)
        return bool(self.inner.before_play(state, result, ctx))

    def next_game(self, state: Any, throw: Throw, reporter: Reporter) -> bool:
        return bool(self.inner.next_game(state, throw, reporter))

    def standing(self, state: Any) -> tuple[dict[str, dict[str, Any]] | None, str | None]:
        found: tuple[dict[str, dict[str, Any]] | None, str | None] = self.inner.standing(state)
        return found


def scored(record: Record, ruleset: RuleSet) -> Replay:
    """``record`` replayed under ``ruleset`` as ``check`` does, with the score before every throw."""
    from ..engine.game import game_for
    from ..engine.replay import replay

    game = game_for(record)
    return replay(record, rules=game.movement(ruleset), scorer=_EveryScore(game.scorer(ruleset)), game=game)


def analyze(record: Record, ruleset: RuleSet, player: Player, limit: int = MAX_THROWS,
            progress: Callable[[int], object] | None = None) -> Analysis:
    """The main line of a trictrac ``record`` replayed under ``ruleset`` and judged by ``player`` (its first
    ``limit`` throws)."""
    replay = scored(record, ruleset)
    cs, bottom = replay.coords, replay.bottom

    def name(track: int, mover: str) -> str:
        return cs.format(track, mover, bottom)

    label = ruleset.id + "".join(f"+{o}" for o in ruleset.options)
    out = Analysis(player.name, player.summary, label, left_out=max(0, len(replay.throws) - limit),
                   diagnostics=replay.diagnostics)
    for n, result in enumerate(replay.throws[:limit], 1):
        out.throws.append(judge(result, ruleset, player, n, name))
        if progress is not None:
            progress(n)
    return out


def cost_words(j: Judged, unit: str = "points") -> str:
    """A mistake in words: '? costs 3.2 points (rank 5 of 17); best: T-6 T-4' / '... best: go'."""
    what = f"{j.mark} " if j.mark else ""
    rank = f" (the play ranks {j.rank} of {j.plays})" if j.rank is not None else ""
    decision = ""
    if j.decision is not None and j.advice is not None:
        decision = f"; {'went' if j.decision == GO else 'stayed'}, the player would {j.advice.decision}"
    return f"{what}costs {j.cost:.1f} {unit}{rank}{decision}; best: {j.best_action}"


def marks_words() -> str:
    """The marks and their thresholds in words: '?! an inaccuracy (1 point or more), …'."""
    words = {"??": "a blunder", "?": "a mistake", "?!": "an inaccuracy"}
    return ", ".join(f"{m} {words[m]} ({least:g} point{'s' if least != 1 else ''} or more)"
                     for m, least in reversed(MARKS))
