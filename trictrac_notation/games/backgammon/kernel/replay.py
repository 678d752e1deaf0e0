"""The quick replay of a backgammon record: a plain record (notation/lightread.py) replayed on the kernel's rows,
every play judged, with the cube, the end of each game and the match's score, for the commands that only need to
know whether a record is clean (``check``) and its score.

It vouches for what it returns: a :class:`....engine.quick.QuickReplay` means the readable replay (engine/replay.py
with :class:`..cube.CubeScorer`) would report no diagnostic at all and end on the same score.  At the first thing
it does not know to be clean — a move it cannot read, a play it cannot show legal or whose hits are not written as
they happen, a double refused, a line out of turn or misnumbered, a throw after the match is won, a header the
replay would question — it returns None, and the caller replays the record the readable way, whose diagnostics
are the reference.  The cube and the match are the readable scorer's own objects (:mod:`..cube`): they change
once a game, and a rule decided there is decided once.  tests/test_bgkernel.py holds both paths equal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core.board import BLACK, COLORS, WHITE
from ....core.coords import DEFAULT_SYSTEM, CoordError, get_system
from ....core.diagnostics import Reporter
from ....engine.quick import QuickReplay
from ..cube import DROP, RESIGNS, GameState, Match, MatchFinal, act, bore_off, match_length, match_start
from ..playtext import MatError, parse_play
from ..rules import DEFAULT, NAME, Rules, load, turn_after
from .bridge import from_moves, position_of
from .moves import BAR, OFF, KMove, KPlay, Row, Written, find_play, joined, quick_written, written

if TYPE_CHECKING:
    from ....notation.lightread import LightRecord
    from ....rules.rulesets import RuleSet

# moves already read: "24/18*" -> its moves (several for "13/10(2)"), or None where the readable reader reports an
# error; kept from one record to the next (records repeat their moves), and bounded
_READ: dict[str, tuple[KMove, ...] | None] = {}
_PLAYS: dict[tuple[str, ...], Written | None] = {}  # and whole plays, as the kernel judges them
MAX_READ = 20_000
_DEFAULT: list[Rules] = []


def quick_replay(light: LightRecord, ruleset: RuleSet | None) -> QuickReplay | None:
    """The record replayed on the kernel under ``ruleset`` (the federation's when None, as the readable replay
    does), or None when it may not be clean."""
    bottom = (light.header("Bottom") or WHITE).lower()
    first = (light.header("First") or "").lower() or None
    if bottom not in COLORS or (first is not None and first not in COLORS):
        return None
    try:
        get_system(light.header("Coords", DEFAULT_SYSTEM) or DEFAULT_SYSTEM)
    except CoordError:
        return None
    reporter = Reporter(light.path)
    length = match_length(light, reporter)
    start = match_start(light, reporter, length)
    if reporter.items:
        return None
    if ruleset is not None:
        rules = Rules.of(ruleset)
    else:
        if not _DEFAULT:
            _DEFAULT.append(load(DEFAULT))
        rules = _DEFAULT[0]
    if len(_PLAYS) > MAX_READ:
        _READ.clear()
        _PLAYS.clear()
    return _Quick(rules).run(light, first, GameState(Match(length, rules, start)))


def read_moves(words: tuple[str, ...]) -> Written | None:
    """The written moves as :func:`..game.read_moves` reads them (one dame's moves joined), ready to be judged;
    None where it reports an error."""
    if words in _PLAYS:
        return _PLAYS[words]
    moves = _read_moves(words)
    found = _PLAYS[words] = written(moves) if moves is not None else None
    return found


def _read_moves(words: tuple[str, ...]) -> tuple[KMove, ...] | None:
    moves: tuple[KMove, ...] = ()
    for word in words:
        if word in _READ:
            read = _READ[word]
        else:
            try:
                read = _READ[word] = from_moves(parse_play(word))
            except MatError:
                read = _READ[word] = None
        if read is None:
            return None
        moves += read
    if len(moves) > 1:
        ends = {m[1] for m in moves if m[1] != OFF}
        if any(m[0] in ends for m in moves):
            return tuple(joined(list(moves)))
    return moves


class _Quick:
    """One quick replay: the rows, the turn, the cube and the match."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.moves = rules.moves
        self.layout: Row = [0] * 26
        for point, n in rules.start.items():
            self.layout[point] = n

    def run(self, light: LightRecord, expected: str | None, state: GameState) -> QuickReplay | None:
        rules, layout, made_of = self.rules, self.layout, self._made
        dames = self.moves.dames
        cubes = light.cubes
        phased = rules.ace_deuce or rules.doublets_again  # else the players simply throw in turn
        rows = {WHITE: layout, BLACK: layout}  # (a row is replaced by the play's, never changed in place)
        index, game_over = 0, False
        phase: tuple[str | None, str] | None = None  # (Backgammon.next_turn's phase: what the player's next line is)
        out: list[tuple[str, int, int, list[int], int, int]] = []
        for i, (number, side, a, b, words, _) in enumerate(light.throws):
            if game_over:  # the next game of the match (CubeScorer.next_game); its throws numbered from 1
                if state.match.over():
                    return None
                state.begin(state.number + 1)
                game_over, index = False, 0
            index += 1
            action = cubes.get(i) if cubes else None
            if number is not None and number != index or (
                    expected is not None and side != expected and action not in RESIGNS):
                return None
            if action is not None:  # before the dice (CubeScorer.before_play)
                if act(state, side, action, rules) is not None or words and (action in RESIGNS or action == DROP):
                    return None
                if action == DROP and a:
                    return None  # dice thrown after the double was dropped
            foe = BLACK if side == WHITE else WHITE
            if a and not state.over:
                theirs = rows[foe]
                made = made_of(rows[side], theirs[::-1], a, b, words)
                if made is None:
                    return None
                rows[side] = after = made[2]
                if made[3][OFF] != theirs[BAR]:  # a dame of his was hit
                    rows[foe] = made[3][::-1]
                if after[OFF] == dames:  # his last dame borne off: the game ends (CubeScorer.throw)
                    bore_off(state, position_of(after, made[3], side), side, rules)
            ended = state.ended
            if ended is None:
                out.append((side, a, b, rows[side], 0, 0))
            else:
                state.ended = None
                out.append((side, a, b, rows[side], *((ended.points, 0) if ended.winner == side else
                                                      (0, ended.points))))
            if not phased:  # who throws next (Backgammon.next_turn)
                expected = foe
            else:
                now = phase[0] if phase is not None and phase[1] == side else None
                if now == NAME and a and a != b:
                    return None  # the doublet named after a 1-2 is no doublet
                after_side, following = turn_after(rules, side, (a, b) if a else None, now)
                expected, phase = after_side, None if after_side != side else (following, side)
            if ended is not None:  # the layout again; either player throws first
                rows = {WHITE: layout, BLACK: layout}
                expected, phase, game_over = None, None, True
        final: dict[str, Any] = MatchFinal(state.match).to_json()
        return QuickReplay(len(out), out, final, final.get("winner"), [])

    def _made(self, me: Row, opp: Row, a: int, b: int, words: tuple[str, ...]) -> KPlay | None:
        """The legal play the written moves make with their hits written as they happen (Backgammon.made_play
        without note_play's warning), or None."""
        play = read_moves(words)
        if play is None:
            return None
        made, exact = quick_written(me, opp, a, b, play, self.moves)
        if exact:
            return made
        found = find_play(me, opp, a, b, play[0], self.moves)
        return found[0] if found is not None and found[1] else None
