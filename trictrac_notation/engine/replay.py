"""Replaying a record: positions throw by throw, and every fausse case.

The replay reads the record's coordinates in its coordinate system, applies each
throw's moves, and checks the play against the legal plays of the record's game
(:mod:`.game`: trictrac unless a ``Game`` header names another).
It goes on after an error wherever the position stays defined (an illegal but
physically possible play is applied as written); it stops only when a move
cannot be applied at all.  Scoring, when a rule set is given, is delegated to a
*scorer* (see :mod:`trictrac_notation.games.trictrac.scoring`), called once per throw.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.board import COLORS, OFF, WHITE, Position, other
from ..core.coords import DEFAULT_SYSTEM, CoordError, CoordSystem, get_system
from ..core.diagnostics import (
    ACKNOWLEDGED,
    ERROR,
    NOTE,
    SIC_CODES,
    WARNING,
    Diagnostic,
    Reporter,
    Severity,
    capped,
)
from ..notation.record import Figure, MoveText, Record, Span, Throw
from .figures import differences, figure_pile, figure_system, read_figure
from .game import Game, game_for, game_named, moves_span
from .score import Final, Scorer, ThrowScore

GO_SECTION = "rules.md §3.10"
TOUCH_SECTION = "rules.md §2 M14"
FAUSSE_CASE_SECTION = "rules.md §2 M15"

MAX_LISTED_PLAYS = 12


@dataclass(slots=True)
class ThrowResult:
    """What one throw did."""

    throw: Throw
    index: int  # 1-based, counting the throws of the line being replayed
    releve: int
    side: str
    before: Position
    after: Position | None = None
    steps: list[Any] = field(default_factory=list)  # the game's steps, in the mover's frame
    played_from: Position | None = None  # where the steps were played: ``before``, or after a pour tout the talons
    played: bool = True  # False when the player went (s'en aller) instead of playing the throw
    fausse: tuple[list[Any], Position | None] | None = None  # (steps, position) of a fausse case played again
    let_stand_used: bool = False  # a 'let-stand' covered some irregularity of the line (a fausse case, a mark)
    stood: Any = None  # a fausse case let stand, as a play (the numbers it left unplayed)
    play: Any = None  # the legal play that was made, if any (a Play of the game)
    ok: bool = True
    diagnostics: list[Diagnostic] = field(default_factory=list)
    variations: list[list[ThrowResult]] = field(default_factory=list)
    score: ThrowScore | None = None  # filled by a scorer
    throw_in_releve: int = 0  # how many throws this side has made in the relevé, this one included
    new_releve: bool = False  # the dames are re-piled after this throw
    repiled: Position | None = None  # the position they were re-piled to (None: not re-piled after this throw)
    went_from: Position | None = None  # the player went (s'en aller): the position he left (``after`` is re-piled)
    counts_before: dict[str, int] = field(default_factory=dict)  # throws per side in the relevé before this one
    score_before: Any = None  # the scorer's state before this throw (for variations)
    rules: Any = None  # the game's movement rules (trictrac: a MoveRules)
    game: Game | None = field(default=None, repr=False)
    _legal: list[Any] | None = field(default=None, repr=False)

    @property
    def legal(self) -> list[Any] | None:
        """Every legal play of this throw (None when the dice could not be read); computed on demand."""
        if self._legal is None and self.throw.dice is not None:
            game = self.game or game_named()
            rules = self.rules if self.rules is not None else game.default_rules()
            self._legal = game.legal_plays(self.played_from or self.before, self.side, self.throw.dice, rules)
        return self._legal

    @property
    def start(self) -> Position:
        """Where the steps were played (``played_from``, once the replay has set it)."""
        return self.played_from if self.played_from is not None else self.before


@dataclass
class Replay:
    record: Record
    throws: list[ThrowResult]
    diagnostics: list[Diagnostic]
    initial: Position
    coords: CoordSystem
    bottom: str
    stopped: Span | None = None
    final: Final | None = None  # the scorer's final state, when scoring
    start_score: dict[str, dict[str, Any]] | None = None  # the score at the start (a record's setup may set it)
    start_marker: str | None = None  # ... and who holds the marker of the second series then
    game: Game | None = None
    rules: Any = None  # the game's movement rules the record was replayed with

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]


def coordinate_system(record: Record, reporter: Reporter) -> tuple[CoordSystem, str]:
    """The record's coordinate system and bottom player, reporting bad headers."""
    name = record.header("Coords", DEFAULT_SYSTEM)
    try:
        coords = get_system(name if name is not None else DEFAULT_SYSTEM)
    except CoordError as e:
        reporter.error(e.message, record.header_span("Coords"), hint=e.suggestion, code="bad-header")
        coords = get_system(DEFAULT_SYSTEM)
    bottom = (record.header("Bottom") or WHITE).lower()
    if bottom not in COLORS:
        reporter.error(f"Bottom must be white or black, not {bottom!r}", record.header_span("Bottom"),
                       code="bad-header")
        bottom = WHITE
    return coords, bottom


_READ_CACHES: dict[tuple[str, str, str], tuple[CoordSystem, dict[Any, Any]]] = {}
MAX_READ_CACHE = 20_000  # moves kept per game, coordinate system and bottom player


def _steps_read(game: Game, coords: CoordSystem, bottom: str) -> dict[Any, Any]:
    """The game's cache of moves read for these coordinates (records repeat their moves, and a corpus
    its records' moves: kept from one replay to the next, for the same system object, and bounded)."""
    key = (game.name, coords.id, bottom)
    kept = _READ_CACHES.get(key)
    if kept is None or kept[0] is not coords or len(kept[1]) > MAX_READ_CACHE:
        kept = _READ_CACHES[key] = (coords, {})
    return kept[1]


class _Context:
    """What every throw of one replay shares."""

    def __init__(self, record: Record, reporter: Reporter, rules: Any, scorer: Scorer[Any] | None,
                 game: Game | None = None):
        self.record = record
        self.r = reporter
        self.game = game or game_for(record, reporter)
        self.rules = rules if rules is not None else self.game.default_rules()
        self.scorer: Scorer[Any] | None = scorer if scorer is not None else self.game.standing_scorer(self.rules)
        self.coords, self.bottom = coordinate_system(record, reporter)
        self.steps_read = _steps_read(self.game, self.coords, self.bottom)

    def name(self, mover: str) -> Callable[[int], str]:
        return lambda track: self.coords.format(track, mover, self.bottom)

    def play_text(self, play: Any, mover: str) -> str:
        return self.game.format_play(play, self.name(mover))


def replay(record: Record, rules: Any = None, scorer: Scorer[Any] | None = None,
           parse_diagnostics: Iterable[Diagnostic] = (), game: Game | None = None) -> Replay:
    """Replay ``record`` from its starting position; diagnostics of parsing may be passed in
    so that the result holds them all, sorted by position.  ``rules``: the game's movement rules
    (its default when None); ``game``: the record's ``Game`` header's when None."""
    reporter = Reporter(record.path)
    reporter.items.extend(parse_diagnostics)
    ctx = _Context(record, reporter, rules, scorer, game)
    start = ctx.game.initial_position(record, ctx)
    first = (record.header("First") or "").lower() or None
    if first is not None and first not in COLORS:
        reporter.error(f"First must be white or black, not {first!r}", record.header_span("First"), code="bad-header")
        first = None
    _compare_figures(record.figures, start, ctx)
    scorer = ctx.scorer
    state = scorer.start(record, start, reporter) if scorer else None
    standing = scorer.standing(state) if scorer else (None, None)
    results, stopped = _replay_line(record.throws, start, first, 1, ctx, state)
    out = Replay(record, results, [], start, ctx.coords, ctx.bottom, stopped, game=ctx.game, rules=ctx.rules,
                 start_score=standing[0], start_marker=standing[1])
    if scorer:
        out.final = scorer.finish(state, results, reporter)
    acknowledge(record, reporter)
    out.diagnostics = capped(reporter.sorted())
    return out


def acknowledge(record: Record, reporter: Reporter) -> None:
    """Turn the diagnostics a throw's ``sic:CODE`` (the source's known slips) or ``taught:CODE`` (the faults
    its examples commit on purpose) names into notes, and report each acknowledgement that matches nothing,
    or names no diagnostic code.

    A diagnostic belongs to the throw written last before it (variations included); of the line's
    acknowledgements naming its code, the first takes it."""
    throws = [t for t in record.every_throw() if t.span is not None]
    if not any(t.sics for t in throws):
        return
    spans = {id(t): t.span for t in throws if t.span is not None}  # every throw collected has one
    throws.sort(key=lambda t: (spans[id(t)].line, spans[id(t)].column))
    starts = [(spans[id(t)].line, spans[id(t)].column) for t in throws]
    used: set[tuple[int, str]] = set()
    for d in list(reporter.items):
        if d.severity == NOTE or d.code not in SIC_CODES.values():
            continue
        i = bisect_right(starts, (d.line, d.column)) - 1
        if i < 0:
            continue
        sic = next((s for s in throws[i].sics if any(SIC_CODES.get(c) == d.code for c in s.codes)), None)
        if sic is not None:
            d.severity, d.acknowledged = NOTE, sic.kind
            d.hint = f"{ACKNOWLEDGED[sic.kind]} ({sic.kind}:{','.join(sic.codes)})"
            used |= {(id(sic), c) for c in sic.codes if SIC_CODES.get(c) == d.code}
    for t in throws:
        for sic in t.sics:
            for code in sic.codes:
                if code not in SIC_CODES:
                    reporter.error(f"{sic.kind}:{code} names no diagnostic code; codes a record may acknowledge: "
                                   + ", ".join(sorted(set(SIC_CODES))), sic.span, code="sic")
                elif (id(sic), code) not in used:
                    reporter.warning(f"{sic.kind}:{code} acknowledges nothing: this throw has no {code!r} "
                                     "diagnostic (remove it, or fix the record)", sic.span, code="sic")


@dataclass
class _Turn:
    """Who is expected to throw next, and the relevé bookkeeping."""

    position: Position | None  # None: unknown after an error (the line stops)
    expected: str | None
    releve: int = 1
    counts: dict[str, int] = field(default_factory=lambda: {c: 0 for c in COLORS})
    why: str | None = None  # why that player throws (after a marqué: the rule of the rule set)
    why_rule: str | None = None  # the rule that says who throws
    phase: Any = None  # the game's note of where the turn stands (acey-deucey: a doublet to name)
    index: int = 0  # the number of the last throw
    game_over: bool = False  # the game ended on the last throw (the scorer's marque): the next one starts


def _replay_line(throws: list[Throw], position: Position, expected: str | None, first_index: int, ctx: _Context,
                 state: Any, releve: int = 1, counts: dict[str, int] | None = None,
                 phase: Any = None) -> tuple[list[ThrowResult], Span | None]:
    """Replay a list of throws (the main line or a variation)."""
    turn = _Turn(position, expected, releve, dict(counts) if counts else {c: 0 for c in COLORS},
                 index=first_index - 1, phase=phase)
    results: list[ThrowResult] = []
    for throw in throws:
        if turn.position is None:
            ctx.r.warning("not replayed: the position is unknown after the error above", throw.span,
                          code="replay-stopped")
            return results, throw.span
        if turn.game_over:  # the next game of a match (a new relevé for trictrac's scorer: nothing to do)
            if ctx.scorer is not None and not ctx.scorer.next_game(state, throw, ctx.r):
                return results, throw.span
            turn.game_over = False
            if ctx.game.numbers_each_game:
                turn.index = 0
        turn.index += 1
        index, phase = turn.index, turn.phase
        result = _replay_throw(throw, index, turn, turn.position, ctx, state)
        results.append(result)
        for variation in throw.variations:
            sub_state = ctx.scorer.fork(result.score_before) if ctx.scorer else None
            sub, _ = _replay_line(variation, result.before, result.side, index, ctx, sub_state,
                                  result.releve, result.counts_before, phase)
            if ctx.scorer is not None and sub_state is not None:
                ctx.scorer.close(sub_state, ctx.r)
            result.variations.append(sub)
    return results, None


def _replay_throw(throw: Throw, index: int, turn: _Turn, position: Position, ctx: _Context, state: Any) -> ThrowResult:
    """One throw from ``position`` (the turn's, known)."""
    r = ctx.r
    side = throw.side
    game = ctx.game
    mark = len(r.items)
    if throw.number is not None and throw.number != index:
        where = f"game {turn.releve}" if game.numbers_each_game else "this line"
        r.warning(f"throw numbered {throw.number} is throw {index} of {where}", throw.span, code="numbering")
    if turn.expected is not None and side != turn.expected and not game.acts_out_of_turn(throw):
        r.error(f"{side} throws out of turn: it is {turn.expected}'s throw" + (f" ({turn.why})" if turn.why else ""),
                throw.span, code="out-of-turn", rule=turn.why_rule or game.turn_rule)
    turn.why = None
    went = throw.decision == "go"
    ctx.game.check_throw(throw, position, ctx)
    if throw.pour_tout and not went:  # the throw is also the first of the next relevé (Guiton 1822 ch. 7)
        turn.releve += 1
        turn.counts = {c: 0 for c in COLORS}
    counts_before = dict(turn.counts)
    turn.counts[side] += 1
    result = ThrowResult(throw, index, turn.releve, side, position, throw_in_releve=turn.counts[side],
                         counts_before=counts_before, rules=ctx.rules, game=ctx.game)
    result.played_from = ctx.game.opening() if throw.pour_tout and not went else position
    scorer = ctx.scorer if state is not None else None
    if scorer is not None and throw.variations:  # the score a variation starts from
        result.score_before = scorer.snapshot(state)
    if scorer is None or scorer.before_play(state, result, ctx):
        _play(result, ctx, went)
    elif not throw.moves:  # a line of the cube, or that ended the game: the position stays
        result.after = position
    if result.after is not None and (throw.touched or throw.figures):
        _check_touched(result, ctx)
        _compare_figures(throw.figures, result.after, ctx)
    if scorer is not None:
        scorer.throw(state, result, ctx)
    if throw.fausse_case == "let-stand" and not result.let_stand_used and result.after is not None:
        r.warning(f"'let-stand', but nothing on this line was irregular: {side}'s play is legal and his marks are "
                  "right", throw.fausse_case_span, code="let-stand", rule=FAUSSE_CASE_SECTION)
    # the next throw; a marqué ended (à écrire): the scorer says who throws first (None: not checked)
    ended = result.score is not None and result.score.marque is not None
    following = game.next_turn(throw, side, turn.phase, ctx.rules, ctx)
    turn.expected, turn.why, turn.why_rule, turn.phase = following.side, following.why, following.rule, following.phase
    turn.position = result.after
    if result.after is not None:
        result.new_releve = went or throw.pour_tout or result.after.borne_off(side) == ctx.game.dames or ended
        turn.game_over = ended
        if result.new_releve and not (throw.pour_tout and not went and not ended):
            turn.position = result.repiled = ctx.game.layout(ctx.rules)  # re-piled; the same player throws first
            if went:
                result.went_from, result.after = result.after, turn.position
            turn.expected = result.score.next_first if result.score is not None and ended else side
            turn.why = result.score.next_why if result.score is not None and ended else None
            turn.why_rule, turn.phase = "rules.md §4 D15" if turn.why else None, None
            turn.releve += 1
            turn.counts = {c: 0 for c in COLORS}
    result.diagnostics = capped(r.items[mark:])
    return result


def _play(result: ThrowResult, ctx: _Context, went: bool) -> None:
    """Read and apply the throw's moves (and, after a fausse case played again, the play that stands)."""
    throw, side, start = result.throw, result.side, result.start
    steps = ctx.game.read_steps(throw.moves, side, ctx)
    if steps is None:
        return
    if ctx.game.judges_before_applying and not went and throw.dice is not None and not throw.unreadable:
        result.steps = steps  # the legal play is found without applying; an illegal one is applied after its error
        if _found_play(result, ctx):
            result.after = result.play.after
            return
        _report_illegal(result, ctx, ERROR, throw.moves)
        mark = len(ctx.r.items)
        result.after = ctx.game.apply(start, side, steps, throw.moves, ctx)
        del ctx.r.items[mark:]  # why it cannot be put on the board is the reason the error above gives
        return
    after = ctx.game.apply(start, side, steps, throw.moves, ctx)
    if went and (steps or throw.pour_tout) and not (after is not None and after.borne_off(side) == ctx.game.dames):
        if steps:  # only the throw that bears off the last dame is played before going
            ctx.r.error(f"{side} goes (s'en aller) but plays {' '.join(m.text for m in throw.moves)}: one can no "
                        "longer go after touching a dame; a throw after which one goes is not played",
                        moves_span(throw.moves), code="go", rule=GO_SECTION,
                        hint="write the throw without its moves, or 'stay' if he played it")
        steps, after = [], start
    result.steps, result.after = steps, after
    if went and not steps:
        result.played = False  # the dames are re-piled at once: nothing to check
        return
    if after is None or throw.dice is None or throw.unreadable:
        return  # a throw holding a syntax error is not judged on the part read
    _judge(result, ctx, steps)


def _judge(result: ThrowResult, ctx: _Context, steps: list[Any]) -> None:
    """Check the play applied (``result.after``); a fausse case let stand or played again (trictrac)."""
    throw, side, start = result.throw, result.side, result.start
    if throw.fausse_case is None:
        _check_play(result, ctx)
        return
    _check_play(result, ctx, severity=WARNING)
    result.let_stand_used = not result.ok
    if result.ok and throw.fausse_case == "replayed":
        ctx.r.warning(f"'replayed', but {side}'s play is legal: there is no fausse case", throw.fausse_case_span,
                      code="let-stand", rule=FAUSSE_CASE_SECTION)
    if throw.fausse_case == "replayed":
        result.fausse = (steps, result.after)
        again = ctx.game.read_steps(throw.replayed, side, ctx)
        result.steps, result.after, result.play, result.ok = [], None, None, True
        if again is not None:
            result.steps, result.after = again, ctx.game.apply(start, side, again, throw.replayed, ctx)
            if result.after is not None:
                _check_play(result, ctx, moves=throw.replayed)


def _check_touched(result: ThrowResult, ctx: _Context) -> None:
    """A dame touched without j'adoube must be played if it can be (rules.md §2 M14)."""
    throw, side = result.throw, result.side
    for touched in throw.touched:
        try:
            track = ctx.coords.parse(touched.arrow, side, ctx.bottom)
        except CoordError as e:
            ctx.r.error(e.message, touched.span, hint=e.suggestion, code="bad-coordinate")
            continue
        if track >= OFF or not result.start.count(side, track):
            ctx.r.error(f"{side} touches a dame on {touched.arrow}, but he has none there", touched.span,
                        code="touched", rule=TOUCH_SECTION)
            continue
        if throw.adoube or any(s.src == track for s in result.steps) or throw.dice is None:
            continue
        if any(s.src == track for p in result.legal or () for s in p.steps):
            ctx.r.warning(f"{side} touched the dame on {touched.arrow} without saying j'adoube and did not play "
                          f"it, though a legal play moves it: {other(side)} could have required it", touched.span,
                          code="touched", rule=TOUCH_SECTION)


def _compare_figures(figures: list[Figure], position: Position, ctx: _Context) -> None:
    """Each figure of the book against the replay's position (a difference is a warning)."""
    if not figures:
        return
    try:
        system = figure_system(ctx.record, ctx.coords)
    except CoordError as e:
        ctx.r.error(e.message, ctx.record.header_span("FigureCoords"), hint=e.suggestion, code="bad-header")
        return
    for figure in figures:
        fields, problems = read_figure(figure.spec, system, ctx.bottom)
        if problems:
            ctx.r.error(f"figure {figure.label}: " + "; ".join(problems), figure.span, code="figure")
            continue
        found = differences(fields, position, system, ctx.bottom, figure_pile(ctx.record))
        if found:
            ctx.r.warning(f"the replay differs from figure {figure.label}: " + "; ".join(found), figure.span,
                          code="figure")


_LET = {"let-stand": "the opponent let it stand", "replayed": "the opponent had it played again"}


def _check_play(result: ThrowResult, ctx: _Context, severity: Severity = ERROR,
                moves: Sequence[MoveText] | None = None) -> None:
    """Compare the play with the legal plays; report a fausse case (a warning when the record says
    what the opponent did with it: let it stand, or had it played again).  The throw's dice were read
    and the play applied (``result.after``)."""
    moves = result.throw.moves if moves is None else moves
    if not _found_play(result, ctx, moves):
        _report_illegal(result, ctx, severity, moves)


def _found_play(result: ThrowResult, ctx: _Context, moves: Sequence[MoveText] | None = None) -> bool:
    """Whether the play written is one of the legal plays (``result.play``, noted by the game)."""
    throw, side, before, after = result.throw, result.side, result.start, result.after
    assert throw.dice is not None and (after is not None or ctx.game.judges_before_applying)
    moves = throw.moves if moves is None else moves

    def legal_plays() -> list[Any]:
        return result.legal or []  # computed from the dice

    result.play = ctx.game.made_play(before, side, throw.dice, result.steps, after, ctx.rules, legal_plays)
    if result.play is not None:
        ctx.game.note_play(result.play, result.steps, side, moves_span(moves) or throw.dice_span, ctx)
    return result.play is not None


def _report_illegal(result: ThrowResult, ctx: _Context, severity: Severity, moves: Sequence[MoveText]) -> None:
    """The fausse case (illegal play) with its reason, its rule and the legal plays."""
    throw, side, before, after = result.throw, result.side, result.start, result.after
    assert throw.dice is not None
    steps, game = result.steps, ctx.game
    legal = result.legal or []
    result.ok = False
    rule, why, more_notes = game.explain(before, side, throw.dice, steps, ctx.rules, legal, ctx.name(side))
    written = " ".join(m.text for m in moves) or "nothing"
    span = moves_span(moves) or throw.dice_span
    listed = [ctx.play_text(p, side) for p in legal[:MAX_LISTED_PLAYS]]
    more = len(legal) - MAX_LISTED_PLAYS
    dice = game.dice_name(throw.dice)
    notes = [f"legal plays of {dice}: " + " | ".join(listed) + (f" | … and {more} more" if more > 0 else "")]
    notes += more_notes
    let = f" ({_LET[throw.fausse_case]})" if severity != ERROR and throw.fausse_case else ""
    if throw.fausse_case == "let-stand" and after is not None:
        result.stood = game.stood_play(steps, throw.dice, after, side)
    ctx.r.add(severity, f"{game.illegal_play}: {side} plays {written} with {dice}: {why}{let}", span,
              rule=rule, notes=notes, code="illegal-play")


def replay_text(text: str, path: str = "<record>", rules: Any = None, scorer: Scorer[Any] | None = None) -> Replay:
    """Parse and replay in one go."""
    from .reading import parse

    record, diags = parse(text, path)
    return replay(record, rules, scorer, diags)
