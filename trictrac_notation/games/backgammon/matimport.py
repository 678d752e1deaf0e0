"""A match file's games followed on the board, as GNU Backgammon reads them, before they become a record.

:mod:`.matfile` reads what a file writes; here each play is put on the board hop by hop in the order written, so
that a hit is where the dame stops on a blot (FIBS clients and BackgammonGalaxy never write ``*``) and a hop onto a
held point is refused where the record, which keeps a dame's path only through its hits, could not say so. The
board also says when a game ended (a player bore off his last dame: nothing may follow it), whether a roll left
without a play was one its player could have played (he resigned on it, or the file stops there), and what each
game scores; the file's results, score lines and Crawford game are then reconciled with it:

- decided: a result (``Wins N``) or a score line that differs from what the plays give is a warning, and the
  record scores what the plays give — except BackgammonGalaxy's ``Wins N point and the match``, which counts
  only the points the match needed, and a result the Jacoby rule explains (money play, a gammon with the cube
  never turned counted single), which makes the record's ``jacoby`` option, said in a warning;
- decided: a game that is not over on the board and has a result was resigned: ``Wins N`` gives the kind (N the
  cube, twice or three times it); more than a backgammon in a match, what the match needed or more (a forfeit,
  ``Wins 100 points``), is the match given up (``resigns-match``);
- decided: the first game played at a score where a player needs one point is presumed the Crawford game (the
  file does not say it; a file that starts in the middle of a match may have played it already): a double in it
  is a warning and the record has no Crawford rule (``no-crawford``), rather than a refusal of the file;
- decided: a file whose first game starts at another score than 0-0 is scored from that score (the record's
  ``MatchScore`` header).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from typing import NamedTuple

from ...core.board import Position, other
from ...core.diagnostics import ERROR, WARNING, Diagnostic, Severity
from .matfile import BEAVER, DOUBLE, DROP, ROLL, TAKE, Action, Game, Match
from .play import State, legal_plays
from .playtext import BAR, OFF, Move, Step, _splits, _without, moves_from_steps
from .rules import BACKGAMMON, DEFAULT, GAMMON, SINGLE, Rules, game_kind, load

SIDES = ("white", "black")  # the first (left) player of a .mat file is white
BORE_OFF, DROPPED = "bore off", "drop"
RESIGN_WORDS = {SINGLE: "resigns", GAMMON: "resigns-gammon", BACKGAMMON: "resigns-backgammon"}
FORFEIT_WORD = "resigns-match"
# the games GNU Backgammon 1.07 plays: its Variation header, and our rule set and options with the same layout
GNUBG_VARIATIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "Standard": (DEFAULT, ()), "NackGammon": ("nackgammon", ()), "HyperGammon (1)": ("hypergammon", ("one-dame",)),
    "HyperGammon (2)": ("hypergammon", ("two-dames",)), "HyperGammon (3)": ("hypergammon", ()),
    "Hypergammon": ("hypergammon", ()),  # as this tool's earlier exports wrote it
}


@dataclass
class GameView:
    """One game as the board saw it, and how the record writes its end."""

    game: Game
    plays: list[tuple[Move, ...]] = field(default_factory=list)  # per action, the hits where they happened
    cube: int = 1  # the cube's value at the end
    turned: bool = False  # a double was taken
    ended: str | None = None  # BORE_OFF or DROPPED: over on the board
    winner: int | None = None  # the file's, or the player who bore off
    kind: str = SINGLE  # of a game borne off
    unplayed: Action | None = None  # its last roll, which its player could have played and did not
    resign: str | None = None  # the loser's word for a game given up: resigns, resigns-gammon...
    points: int | None = None  # what the record scores (None: unfinished)


@dataclass
class Imported:
    """A match file made ready to be written as a record, with what was said about it."""

    match: Match
    rules: str
    options: list[str]
    start: tuple[int, int]  # the score before the first game
    games: list[GameView]
    diagnostics: list[Diagnostic]

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == ERROR]


class _Say:
    """The diagnostics of one file, at its lines."""

    def __init__(self, path: str):
        self.path, self.items = path, []  # type: str, list[Diagnostic]

    def __call__(self, severity: Severity, message: str, line: int, column: int, hint: str | None = None,
                 code: str = "mat") -> None:
        self.items.append(Diagnostic(severity, message, self.path, max(1, line), max(1, column), hint=hint,
                                     code=code))


def rules_of(match: Match) -> tuple[str, list[str]]:
    """The rule set and options a file's headers name: gnubg's ``Variation`` (``NackGammon``, ``HyperGammon (1)``
    to ``(3)``), or ours (``Rules``, which our exports write beside it)."""
    meta = dict(match.headers)

    def key(name: str) -> str:
        return re.sub(r"[\s()]", "", name).lower()

    variations = {key(name): found for name, found in GNUBG_VARIATIONS.items()}
    rules, options = variations.get(key(meta.get("Variation", "")), (DEFAULT, ()))
    return meta.get("Rules") or rules, list(options)


def _name(match: Match, player: int) -> str:
    return match.players[player] or SIDES[player]


# --- each game on the board -------------------------------------------------------------------------------------

def _blocked(state: State, src: int, dst: int, rules: Rules, foe: str) -> str | None:
    """Why a dame cannot hop from ``src`` to ``dst`` whatever the rules of a legal play (None: it can)."""
    if not state.me[src]:
        return f"no dame {'on the bar' if src == BAR else f'on {src}'} to move"
    if dst != OFF and state.opp[dst] >= 2:
        return f"point {dst} is held by {state.opp[dst]} of {foe}'s dames: no dame may stop there"
    if dst != OFF and state.opp[dst] and not rules.moves.hitting:
        return f"a dame of {foe} holds point {dst}: {rules.id} has no hitting"
    return None


Dice = tuple[int, ...]


class _Refused(NamedTuple):
    """A play that cannot be put on the board: the hop at fault (its index among the file's hops) and why."""
    hop: int
    why: str


def _put(position: Position, side: str, a: Action, rules: Rules, foe: str) -> tuple[tuple[Step, ...], State] | _Refused:
    """The file's hops of ``a`` in the order written, each one die (a hop written whole takes a path whose
    stops are open, a quiet one first): the hops with their hits and the state after."""
    assert a.dice is not None
    pool0 = (a.dice[0],) * 4 if a.dice[0] == a.dice[1] else a.dice
    failed = [_Refused(0, f"the dice {a.dice[0]}{a.dice[1]} do not make these hops in the order written")]

    def ways(k: int, state: State, pool: tuple[int, ...]) -> Iterator[tuple[int, State, tuple[Step, ...], Dice]]:
        """Each way hop k can go: (hits on the way, state after, its one-die hops, the dice left)."""
        hop = a.hops[k]
        for used, landings in _splits(hop.src, hop.dst, pool):
            st, made = state, []
            for s, d in pairwise((hop.src, *landings, hop.dst)):
                why = _blocked(st, s, d, rules, foe)
                if why:
                    if k >= failed[0].hop:  # the furthest the play got, and why it stopped there
                        failed[0] = _Refused(k, why)
                    break
                hit = d != OFF and st.opp[d] == 1
                made.append(Step(s, d, hit))
                st = st.after(s, d, hit)
            else:
                yield sum(s.hit for s in made[:-1]), st, tuple(made), _without(pool, used)

    def place(k: int, state: State, pool: tuple[int, ...]) -> tuple[tuple[Step, ...], State] | None:
        if k == len(a.hops):
            return (), state
        for _, st, made, left in sorted(ways(k, state, pool), key=lambda w: w[0]):
            rest = place(k + 1, st, left)
            if rest is not None:
                return made + rest[0], rest[1]
        return None

    found = place(0, State.of(position, side), pool0)
    return found if found is not None else failed[0]


def _follow(match: Match, game: Game, rules: Rules, say: _Say, last: bool) -> GameView:
    """Game ``game`` on the board: its plays with their hits, how it ended, its cube."""
    view = GameView(game, winner=game.winner)
    position: Position | None = rules.initial()
    offer = 1
    for k, a in enumerate(game.actions):
        if view.ended == BORE_OFF:
            assert view.winner is not None
            say(ERROR, f"game {game.number} is over: {_name(match, view.winner)} bore off the last dame before "
                       f"this entry", a.line, a.column,
                "a new game starts with its own 'Game N' line and score line")
            view.plays += [later.play for later in game.actions[k:]]
            break
        if a.kind == DOUBLE:
            offer = a.cube
        elif a.kind == TAKE:
            view.cube, view.turned = offer, True
        elif a.kind == BEAVER:
            view.cube, view.turned = a.cube, True
        elif a.kind == DROP:
            view.ended = DROPPED
        if a.kind != ROLL:
            view.plays.append(())
            continue
        assert a.dice is not None
        side = SIDES[a.player]
        if position is None:  # a play before could not be put on the board: the rest as the file writes it
            view.plays.append(a.play)
            continue
        if not a.hops:
            plays = legal_plays(position, side, a.dice, rules.moves)
            if k == len(game.actions) - 1 and (game.winner is not None or last) and any(p.hops for p in plays):
                view.unplayed = a
            view.plays.append(())
            continue
        put = _put(position, side, a, rules, _name(match, 1 - a.player))
        if isinstance(put, _Refused):
            hop = a.hops[put.hop]
            say(ERROR, f"the hop {hop.src}/{hop.dst} cannot be made: {put.why}", a.line, _column(a, put.hop),
                "GNU Backgammon reads the hops in the order written and refuses this play")
            position = None
            view.plays.append(a.play)
            continue
        steps, state = put
        for i, (written, made) in enumerate(_by_hop(a.hops, steps)):
            if written.hit and not made[-1].hit:
                say(WARNING, f"'*' where nothing is hit: {written.src}/{written.dst} lands on no blot", a.line,
                    _column(a, i), "ignored, as GNU Backgammon does", code="mat-hit")
        view.plays.append(moves_from_steps(steps))
        position = state.position(side, position)
        if position.borne_off(side) == rules.moves.dames:
            view.ended, view.kind = BORE_OFF, game_kind(position, side, other(side))
            if view.winner is None:
                view.winner = a.player
            elif view.winner != a.player:
                say(ERROR, f"{_name(match, game.winner or 0)} wins in the file, but "
                           f"{_name(match, a.player)} bore off the last dame", game.result_at.line,
                    game.result_at.column)
    return view


def _column(a: Action, hop: int) -> int:
    return a.hop_columns[hop] if hop < len(a.hop_columns) else a.column


def _by_hop(written: tuple[Step, ...], made: tuple[Step, ...]) -> Iterator[tuple[Step, tuple[Step, ...]]]:
    """Each written hop with the one-die hops it was played as."""
    i = 0
    for hop in written:
        j = i
        while made[j].dst != hop.dst:
            j += 1
        yield hop, made[i:j + 1]
        i = j + 1


# --- the match: results, scores, Crawford, Jacoby ---------------------------------------------------------------

def _multiple(kind: str, rules: Rules, jacoby: bool, turned: bool, money: bool) -> int:
    if kind == SINGLE or (jacoby and money and not turned):
        return 1
    return rules.gammon if kind == GAMMON else rules.backgammon


def _jacoby(match: Match, views: list[GameView], rules: Rules, say: _Say) -> bool:
    """Whether the results say the Jacoby rule (money play): a gammon borne off with the cube never turned,
    counted single, and none counted whole."""
    if match.length or rules.jacoby:
        return rules.jacoby
    open_gammons = [v for v in views if v.ended == BORE_OFF and v.kind != SINGLE and not v.turned
                    and v.game.winner is not None]
    single = [v for v in open_gammons if v.game.points == v.cube]
    if not single or any(v.game.points == v.cube * _multiple(v.kind, rules, False, False, True)
                         for v in open_gammons):
        return False
    v = single[0]
    say(WARNING, f"Wins {v.game.points} for a {v.kind} with the cube never turned: the Jacoby rule is inferred "
                 "(the record's option jacoby)", v.game.result_at.line, v.game.result_at.column, code="mat-jacoby")
    return True


def _resigned(view: GameView, needed: int | None, rules: Rules, say: _Say) -> tuple[str, int]:
    """The loser's word and the points of a game won by resignation (the file's ``Wins N``)."""
    g, cube = view.game, view.cube
    kinds = [(k, cube * _multiple(k, rules, False, True, False)) for k in (SINGLE, GAMMON, BACKGAMMON)]
    exact = next((k for k, p in kinds if p == g.points), None)
    if exact is not None:
        return RESIGN_WORDS[exact], g.points
    if needed is not None and g.points >= needed:  # what the match needed: the game's kind, or the match
        enough = next((k for k, p in kinds if p >= needed), None)
        return (RESIGN_WORDS[enough], cube * _multiple(enough, rules, False, True, False)) if enough else \
            (FORFEIT_WORD, needed)
    say(WARNING, f"Wins {g.points} with the cube at {cube}: a resignation scores {cube}, {kinds[1][1]} or "
                 f"{kinds[2][1]}; the record scores a single game ({cube})", g.result_at.line, g.result_at.column,
        code="mat-result")
    return RESIGN_WORDS[SINGLE], cube


def import_match(match: Match, path: str = "<mat>") -> Imported:
    """The file's games followed on the board and reconciled with its results (see the module's decisions)."""
    say = _Say(path)
    rules_id, options = rules_of(match)
    meta = dict(match.headers)
    if match.length and not match.crawford_rule:
        options.append("no-crawford")
    if meta.get("Jacoby", "").lower() == "on":
        options.append("jacoby")
    if any(a.kind == BEAVER for g in match.games for a in g.actions):
        options.append("beaver")
    try:
        rules = load(rules_id, options)
    except ValueError as e:  # an unknown rule set or option named by the file
        say(ERROR, f"the file's rules cannot be used: {e}", 1, 1, "GNU Backgammon's variations are read: "
            "Standard, NackGammon, HyperGammon (1) to (3)")
        return Imported(match, rules_id, options, (0, 0), [], say.items)
    views = [_follow(match, g, rules, say, k == len(match.games) - 1) for k, g in enumerate(match.games)]
    if _jacoby(match, views, rules, say) and "jacoby" not in options:
        options.append("jacoby")
    length = match.length
    start = match.games[0].score if match.games else (0, 0)
    score = list(start)
    crawford_rule, crawford_seen = length > 1 and rules.crawford and rules.cube, False
    for k, view in enumerate(views):
        g = view.game
        if k and g.score != tuple(score):
            say(WARNING, f"score {g.score[0]}-{g.score[1]}, but the games before, as played, leave it at "
                         f"{score[0]}-{score[1]}", g.score_at.line, g.score_at.column, code="mat-score")
        if k and views[k - 1].winner is None:
            say(ERROR, f"game {g.number - 1} has no result (Wins N points) and is not over on the board", g.at.line,
                g.at.column)
        if crawford_rule and not crawford_seen and length - 1 in score:
            crawford_seen = True
            double = next((a for a in g.actions if a.kind == DOUBLE), None)
            if double is not None:
                say(WARNING, f"a double in game {g.number}, which the score ({score[0]}-{score[1]} to {length}) "
                             "makes the Crawford game: the match is read without the Crawford rule (the record's "
                             "option no-crawford)", double.line, double.column, code="mat-crawford")
                options.append("no-crawford")
                crawford_rule = False
        _result(match, view, score, rules, "jacoby" in options, say)
        if view.points is not None and view.winner is not None:
            score[view.winner] += view.points
    for view in views:
        if view.unplayed is not None:
            _say_unplayed(match, view, say)
    return Imported(match, rules_id, list(dict.fromkeys(options)), start, views, say.items)


def _result(match: Match, view: GameView, score: list[int], rules: Rules, jacoby: bool, say: _Say) -> None:
    """What the game scores in the record, and where the file's result differs."""
    g, length = view.game, match.length
    if view.winner is None:
        return
    needed = length - score[view.winner] if length else None
    if view.ended is None:  # not over on the board: given up
        view.resign, view.points = _resigned(view, needed, rules, say)
        return
    if view.ended == DROPPED:
        view.points, what = view.cube, f"the double dropped with the cube at {view.cube}"
    else:
        view.points = view.cube * _multiple(view.kind, rules, jacoby, view.turned, not length)
        what = f"a {view.kind} with the cube at {view.cube}"
    if g.winner is None or g.points == view.points or (needed is not None and g.points == needed < view.points):
        return  # no result written, the same, or what the match needed (BackgammonGalaxy)
    say(WARNING, f"Wins {g.points}, but the game as played scores {view.points} ({what}): the record scores "
                 f"{view.points}", g.result_at.line, g.result_at.column, code="mat-result")


def _say_unplayed(match: Match, view: GameView, say: _Say) -> None:
    a = view.unplayed
    assert a is not None and a.dice is not None
    roll = f"{_name(match, a.player)}'s roll {a.dice[0]}{a.dice[1]}"
    if view.winner is None:
        say(WARNING, f"the file ends before {roll} is played: the record keeps the roll in a comment", a.line,
            a.column, code="mat-unplayed")
    elif view.winner == a.player:
        say(WARNING, f"{roll} is not played: {_name(match, 1 - a.player)} resigned first; the record keeps the "
                     "roll in a comment", a.line, a.column, code="mat-unplayed")
