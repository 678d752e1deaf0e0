"""Replaying a backgammon record (``[Game "backgammon"]``): positions throw by throw, the cube, the games of a
match, and every illegal play reported at FILE:LINE:COL with the legal plays.

The record is the shared one (notation.parse, record.Record, diagnostics.Reporter, replay.acknowledge); what is
backgammon's is here and in play/cube/rules. Like the trictrac replay, it goes on after an illegal play wherever
the position stays defined (the play is applied as written) and stops only when a move cannot be put on the board.

A record may hold the games of a match one after another: a game ends when a player bears off his last dame, on
a dropped double or a resignation, and the next throw starts the next game from the rule set's layout.
decided: throw numbers count from 1 in each game, as GNU Backgammon's match files number their rows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from ...core.board import COLORS, WHITE, Position, other
from ...core.diagnostics import ERROR, Reporter
from .matfile import MatError, Move, Step, format_play, parse_play
from ...notation.record import Record, Span, Throw
from ...engine.replay import _moves_span, acknowledge
from ...rules.rules_schema import RulesError
from ...rules.rulesets import named_ruleset, ruleset_for
from .cube import BEAVER, CUBE_RULE, DROP, RESIGNS, Cube, Match, Result, borne_off
from .play import ENTER_RULE, Impossible, Play, apply_moves, explain, find_play, legal_plays, quick_play
from .rules import DEFAULT, SCORE_RULE, Rules, game_kind, sound

MAX_LISTED_PLAYS = 12
GAME_NAME = "backgammon"


def is_backgammon(record: Record) -> bool:
    return (record.header("Game") or "").strip().lower() == GAME_NAME


@dataclass(slots=True)
class ThrowResult:
    """What one line of the record did."""

    throw: Throw
    index: int  # 1-based within its game
    game: int  # 1-based
    side: str
    before: Position
    rules: Rules
    after: Position | None = None
    play: Play | None = None  # the legal play made, if any
    moves: tuple = ()  # the written moves, canonical (matfile.Move)
    ok: bool = True
    cube: int = 1  # the cube's value after this line
    result: Result | None = None  # the game ended on this line
    diagnostics: list = field(default_factory=list)
    variations: list = field(default_factory=list)
    _legal: list | None = field(default=None, repr=False)

    @property
    def legal(self) -> list | None:
        if self._legal is None and self.throw.dice is not None:
            self._legal = legal_plays(self.before, self.side, self.throw.dice, self.rules.moves)
        return self._legal

    @property
    def hops(self) -> tuple[Step, ...]:
        return self.play.hops if self.play else ()


@dataclass
class Replay:
    """A backgammon record replayed: its rule set, the match (or money session) and each line's result."""

    record: Record
    rules: Rules
    match: Match
    initial: Position
    throws: list
    diagnostics: list
    stopped: Span | None = None

    @property
    def errors(self) -> list:
        return [d for d in self.diagnostics if d.severity == ERROR]

    @property
    def game(self):
        """Backgammon, the engine's Game of this record (games/backgammon/game.py)."""
        from .game import GAME

        return GAME

    @cached_property
    def final(self) -> dict | None:
        """The last game's result ``{winner, kind, cube, points}``, with the match (or session) score."""
        if not self.match.results:
            return None
        return self.match.results[-1].to_json() | {"match": self.match.to_json()}


class _Game:
    """The state a line of throws runs through (copied for a variation)."""

    def __init__(self, match: Match, position: Position, number: int = 1):
        self.match, self.position, self.number = match, position, number
        self.cube, self.index, self.expected, self.over = Cube(), 0, None, False
        self.crawford = match.next_is_crawford()
        if self.crawford:
            match.crawford_game = number

    def copy(self) -> "_Game":
        twin = _Game.__new__(_Game)
        twin.__dict__.update(self.__dict__)
        twin.cube = Cube(self.cube.value, self.cube.owner, self.cube.turned)
        twin.match = Match(self.match.length, self.match.rules, dict(self.match.score), list(self.match.results),
                           self.match.crawford_game)
        return twin


def _rules(rules_id, record: Record, r: Reporter) -> Rules:
    """The rule set: --rules, else the Rules header, else the federation's; a trictrac one is refused."""
    try:
        if rules_id or record.header("Rules"):
            ruleset = ruleset_for(rules_id, record)
        else:
            ruleset = named_ruleset(DEFAULT)
            options = [o for o in re.split(r"[,\s]+", record.header("Options") or "") if o]
            try:
                ruleset = ruleset.with_options(options)
            except RulesError as e:
                raise RulesError(f"Options header: {e.message}") from None
    except RulesError as e:
        if rules_id:
            raise
        span = record.header_span("Options" if "Options header" in e.message else "Rules")
        r.error(e.message, span, code="bad-rules", hint="trictrac rules lists the rule sets and their options")
        return Rules.of(named_ruleset(DEFAULT))
    if ruleset.game != GAME_NAME:
        message = f"rule set {ruleset.id} is a {ruleset.game} rule set, not a backgammon one"
        if rules_id:
            raise RulesError(message)
        r.error(message, record.header_span("Rules"), code="bad-rules",
                hint="the backgammon rule sets: ffbg, guiton-1822-backgammon, nackgammon, hypergammon, acey-deucey")
        return Rules.of(named_ruleset(DEFAULT))
    return Rules.of(ruleset)


def _match_length(record: Record, r: Reporter) -> int:
    text = record.header("Match")
    if text is None:
        return 0
    if not text.strip().isdigit():
        r.error(f"Match must be the points of the match (0 for money play), not {text!r}", record.header_span("Match"),
                code="bad-header")
        return 0
    return int(text)


def initial_position(record: Record, rules: Rules, r: Reporter) -> Position:
    """The rule set's layout, or the record's ``@white 6:5 5:4 off:6 bar:1`` lines (points in each player's
    own frame; a player with no line starts on the layout)."""
    start = rules.initial()
    if not record.setup:
        return start
    rows = {c: list(start.row(c)) for c in COLORS}
    off = {c: 0 for c in COLORS}
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
    spans = {line.side: line.span for line in record.setup}
    for color, problem in sound(position, rules):
        r.error(f"impossible starting position: {problem}", spans.get(color) or record.setup[0].span,
                code="bad-setup")
    return position


def replay(record: Record, rules_id: str | None = None, parse_diagnostics=()) -> Replay:
    """Replay a backgammon record; ``rules_id`` as ``--rules`` (RulesError if it is wrong)."""
    r = Reporter(record.path)
    r.items.extend(parse_diagnostics)
    rules = _rules(rules_id, record, r)
    match = Match(_match_length(record, r), rules)
    start = initial_position(record, rules, r)
    game = _Game(match, start)
    results, stopped = _line(record.throws, game, r, rules, record)
    out = Replay(record, rules, game.match, start, results, [], stopped)
    acknowledge(record, r)
    out.diagnostics = r.sorted()
    return out


def _line(throws, game: _Game, r: Reporter, rules: Rules, record: Record):
    results = []
    for throw in throws:
        if game.position is None:
            r.warning("not replayed: the position is unknown after the error above", throw.span,
                      code="replay-stopped")
            return results, throw.span
        if game.over:
            if game.match.over():
                r.error(f"the match is over ({_score(game.match)}): no game follows", throw.span, code="match-over",
                        rule=SCORE_RULE)
                return results, throw.span
            game = _Game(game.match, rules.initial(), game.number + 1)
        before = game.copy() if throw.variations else None
        result = _throw(throw, game, r, rules)
        results.append(result)
        for variation in throw.variations:
            sub_game = before.copy()
            sub, _ = _line(variation, sub_game, r, rules, record)
            result.variations.append(sub)
    return results, None


def _score(match: Match) -> str:
    return f"white {match.score['white']}, black {match.score['black']}"


def _throw(throw: Throw, game: _Game, r: Reporter, rules: Rules) -> ThrowResult:
    mark = len(r.items)
    side = throw.side
    game.index += 1
    if throw.number is not None and throw.number != game.index:
        r.warning(f"throw numbered {throw.number} is throw {game.index} of game {game.number}", throw.span,
                  code="numbering")
    if game.expected is not None and side != game.expected and throw.cube not in RESIGNS:  # one resigns any time
        r.error(f"{side} throws out of turn: it is {game.expected}'s throw", throw.span, code="out-of-turn",
                rule="FFBG rules (seed 002), 'Positionnement et notations': the players throw in turn")
    game.expected = other(side)
    result = ThrowResult(throw, game.index, game.number, side, game.position, rules)
    if throw.cube:
        _cube(result, game, r, rules)
    if not game.over and throw.dice is not None:
        _play(result, r)
    elif throw.moves and not throw.unreadable:
        r.error(f"{side} moves without dice" if not game.over else "no move after the end of the game",
                throw.moves[0].span, code="bad-move")
    if result.after is None and result.ok and not throw.moves:
        result.after = result.before
    if result.after is not None and not game.over and result.after.borne_off(side) == rules.moves.dames:
        kind = game_kind(result.after, side, other(side))
        result.result = borne_off(side, kind, game.cube, rules, game.match.length)
        _end(game, result)
    result.cube = game.cube.value
    game.position = result.after
    result.diagnostics = r.items[mark:]
    return result


def _end(game: _Game, result: ThrowResult) -> None:
    game.over = True
    game.match.record(result.result)


def _cube(result: ThrowResult, game: _Game, r: Reporter, rules: Rules) -> None:
    throw, side = result.throw, result.side
    action = throw.cube
    if action in RESIGNS:
        kind = RESIGNS[action]
        winner = other(side)
        points = game.cube.value * (1 if kind == "single" else rules.gammon if kind == "gammon" else rules.backgammon)
        result.result = Result(winner, kind, game.cube.value, points, "resigns")
        _end(game, result)
        if throw.dice is not None or throw.moves:
            r.error(f"{side} resigns: nothing is played on the line of a resignation", throw.dice_span or throw.span,
                    code="bad-move")
        return
    refused = game.cube.refuse(side, action, rules, game.crawford)
    if refused:
        rule, why = refused
        r.error(f"{side} doubles, but {why}", throw.cube_span, code="cube", rule=rule)
        return
    before = game.cube.value
    dropped = game.cube.answer(side, action)
    if action == DROP:
        result.result = Result(side, "single", before, dropped, "drop")
        _end(game, result)
        if throw.dice is not None or throw.moves:
            r.error(f"{other(side)} dropped the double: the game is over, {side} throws no more",
                    throw.dice_span or throw.span, code="bad-move", rule=CUBE_RULE)
    elif action == BEAVER:
        pass  # the cube is the beaverer's at four times its value


def _play(result: ThrowResult, r: Reporter) -> None:
    """Read the written moves, find the legal play they make, or report why they are none and apply them."""
    throw, side, before = result.throw, result.side, result.before
    moves = _read_moves(throw, r)
    if moves is None:
        return
    result.moves = moves
    play, stars = quick_play(before, side, throw.dice, moves, result.rules.moves)
    if play is None:
        play, stars = find_play(result.legal, moves)
    legal = result.legal if play is None else []
    span = _moves_span(throw.moves) or throw.dice_span
    if play is not None:
        result.play, result.after = play, play.after
        if not stars:
            r.warning(f"the hits are not written as they happen: the play is {format_play(play.moves)}", span,
                      code="hit-mark", rule="FFBG rules (seed 002), 'Le déplacement des pions': * marks a hit")
        return
    result.ok = False
    rule, why = explain(before, side, throw.dice, moves, legal, result.rules.moves)
    written = format_play(moves) or "nothing"
    listed = [format_play(p.moves) or "(no dame can move)" for p in legal[:MAX_LISTED_PLAYS]]
    more = len(legal) - MAX_LISTED_PLAYS
    dice = f"{throw.dice[0]}-{throw.dice[1]}"
    notes = [f"legal plays of {dice}: " + " | ".join(listed) + (f" | … and {more} more" if more > 0 else "")]
    r.error(f"illegal play: {side} plays {written} with {dice}: {why}", span, code="illegal-play", rule=rule,
            notes=notes)
    try:
        result.after = apply_moves(before, side, moves)
    except Impossible as e:
        r.error(f"cannot be played as written: {e.message}", throw.moves[min(e.index, len(throw.moves) - 1)].span,
                code="no-dame", rule=ENTER_RULE if "bar" in e.message else None)
        result.after = None


@lru_cache(maxsize=4096)
def _parsed(text: str) -> tuple[Move, ...]:
    """A play's text read once: records repeat their plays."""
    return parse_play(text)


def _read_moves(throw: Throw, r: Reporter) -> tuple[Move, ...] | None:
    return read_moves(throw.moves, r, throw.span)


def read_moves(written, r: Reporter, where: Span | None = None) -> tuple[Move, ...] | None:
    """The written moves (MoveText) as canonical federation moves; None (and an error at the move) if one
    cannot be read."""
    try:
        return _parsed(" ".join(mt.text for mt in written))
    except MatError:
        pass  # found again below, at its move
    for mt in written:
        try:
            parse_play(mt.text)
        except MatError as e:
            span = Span(mt.span.line, mt.span.column + e.column - 1, 1) if mt.span else where
            r.error(f"{e.message} in {mt.text!r}", span, code="bad-move", hint=e.hint or
                    "a backgammon move is FROM/TO in the mover's points: 24/18, 13/7*, 13/10(2), bar/21, 6/off")
            return None
    try:
        return parse_play(" ".join(mt.text for mt in written))
    except MatError as e:  # e.g. more than four dames in a group
        r.error(e.message, _moves_span(written) or where, code="bad-move")
        return None


def replay_text(text: str, path: str = "<record>", rules_id: str | None = None) -> Replay:
    """Parse and replay in one go."""
    from ...notation.reader import parse

    record, diags = parse(text, path)
    return replay(record, rules_id, diags)
