"""Replaying a record: positions throw by throw, and every fausse case.

The replay reads the record's coordinates in its coordinate system, applies each
throw's moves, and checks the play against :func:`~trictrac_notation.games.trictrac.moves.legal_plays`.
It goes on after an error wherever the position stays defined (an illegal but
physically possible play is applied as written); it stops only when a move
cannot be applied at all.  Scoring, when a rule set is given, is delegated to a
*scorer* (see :mod:`trictrac_notation.games.trictrac.scoring`), called once per throw.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field

from ..core.board import COLORS, DAMES, OFF, TALON, WHITE, Position, other
from ..core.coords import DEFAULT_SYSTEM, CoordError, CoordSystem, get_system
from ..core.diagnostics import ERROR, NOTE, SIC_CODES, WARNING, Reporter
from .figures import differences, figure_pile, figure_system, read_figure
from ..games.trictrac.moves import (PARISIAN, QUADRANTS, RULES, MoveRules, Play, Step, explain_play, fit_dice, legal_plays,
                    surely_legal)
from ..notation.reader import dice_name
from ..notation.record import Record, Span, Throw

GO_SECTION = "rules.md §3.10"
TOUCH_SECTION = "rules.md §2 M14"
FAUSSE_CASE_SECTION = "rules.md §2 M15"
SORTIE_SECTION = "rules.md §3.8"

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
    steps: list = field(default_factory=list)
    played_from: Position | None = None  # where the steps were played: ``before``, or after a pour tout the talons
    played: bool = True  # False when the player went (s'en aller) instead of playing the throw
    fausse: tuple | None = None  # (steps, position) of a fausse case the opponent had played again
    let_stand_used: bool = False  # a 'let-stand' covered some irregularity of the line (a fausse case, a mark)
    stood: Play | None = None  # a fausse case let stand, as a play (the numbers it left unplayed)
    play: Play | None = None  # the legal play that was made, if any
    ok: bool = True
    diagnostics: list = field(default_factory=list)
    variations: list = field(default_factory=list)  # each a list of ThrowResult
    score: object = None  # filled by a scorer
    throw_in_releve: int = 0  # how many throws this side has made in the relevé, this one included
    new_releve: bool = False  # the dames are re-piled after this throw
    counts_before: dict = field(default_factory=dict)  # throws per side in the relevé before this one
    score_before: object = None  # the scorer's state before this throw (for variations)
    rules: MoveRules = PARISIAN
    _legal: list | None = field(default=None, repr=False)

    @property
    def legal(self) -> list | None:
        """Every legal play of this throw (None when the dice could not be read); computed on demand."""
        if self._legal is None and self.throw.dice is not None:
            self._legal = legal_plays(self.played_from or self.before, self.side, self.throw.dice, self.rules)
        return self._legal


@dataclass
class Replay:
    record: Record
    throws: list
    diagnostics: list
    initial: Position
    coords: CoordSystem
    bottom: str
    stopped: Span | None = None
    final: object = None  # the scorer's final state, when scoring

    @property
    def errors(self) -> list:
        return [d for d in self.diagnostics if d.severity == "error"]


def coordinate_system(record: Record, reporter: Reporter) -> tuple[CoordSystem, str]:
    """The record's coordinate system and bottom player, reporting bad headers."""
    name = record.header("Coords", DEFAULT_SYSTEM)
    try:
        coords = get_system(name)
    except CoordError as e:
        reporter.error(e.message, record.header_span("Coords"), hint=e.suggestion, code="bad-header")
        coords = get_system(DEFAULT_SYSTEM)
    bottom = (record.header("Bottom") or WHITE).lower()
    if bottom not in COLORS:
        reporter.error(f"Bottom must be white or black, not {bottom!r}", record.header_span("Bottom"), code="bad-header")
        bottom = WHITE
    return coords, bottom


def _part_span(move, index: int) -> Span | None:
    """The span of the index-th coordinate of a written move."""
    if move.span is None:
        return None
    offset = sum(len(p) + 1 for p in move.parts[:index])
    return Span(move.span.line, move.span.column + offset, len(move.parts[index]))


class _Context:
    """What every throw of one replay shares."""

    def __init__(self, record: Record, reporter: Reporter, rules: MoveRules, scorer):
        self.record = record
        self.r = reporter
        self.rules = rules
        self.scorer = scorer
        self.coords, self.bottom = coordinate_system(record, reporter)
        self.steps_read: dict = {}  # (side, written parts) -> Step: records repeat their moves

    def name(self, mover: str):
        return lambda track: self.coords.format(track, mover, self.bottom)

    def play_text(self, play: Play, mover: str) -> str:
        if not play.steps:
            return "(nothing can be played)"
        name = self.name(mover)
        parts = []
        for s in play.steps:
            via = f"-{name(s.via)}" if s.via is not None else ""
            parts.append(f"{name(s.src)}{via}-{name(s.dst)}")
        text = " ".join(parts)
        if play.steps[0].puissance:
            text += " (par puissance)"
        return text


def initial_position(record: Record, ctx: _Context) -> Position:
    """The opening piles, or the record's starting position (``@white ...`` lines)."""
    if not record.setup:
        return Position.initial()
    fields: dict = {c: {} for c in COLORS}
    off: dict = {c: 0 for c in COLORS}
    seen = set()
    for line in record.setup:
        if line.side in seen:
            ctx.r.error(f"the starting position of {line.side} is given twice", line.span, code="bad-setup")
        seen.add(line.side)
        talon_given = False
        for p in line.placements:
            key = p.key.lower()
            if key in ("points", "holes", "bredouille"):
                continue  # scores are read by the scorer
            if p.count < 0:
                ctx.r.error(f"a negative count of dames: {p.key}:{p.count}", p.span, code="bad-setup")
                continue
            if key == "off":
                off[line.side] += p.count
                continue
            try:
                track = ctx.coords.parse(p.key, line.side, ctx.bottom)
            except CoordError as e:
                ctx.r.error(e.message, Span(p.span.line, p.span.column, len(p.key)) if p.span else None,
                            hint=e.suggestion, code="bad-coordinate")
                continue
            if track >= OFF:
                off[line.side] += p.count
                continue
            talon_given |= track == TALON
            fields[line.side][track] = fields[line.side].get(track, 0) + p.count
        placed = sum(fields[line.side].values()) + off[line.side]
        if placed > DAMES or (talon_given and placed != DAMES):
            ctx.r.error(f"{line.side} has {placed} dames in the starting position, not {DAMES}", line.span,
                        code="bad-setup")
        elif not talon_given:
            fields[line.side][TALON] = DAMES - placed
    for color in COLORS:
        if color not in seen:
            fields[color] = {TALON: DAMES}
    position = Position.from_fields(fields, off)
    lines = {line.side: line.span for line in record.setup}
    for color, problem in position.problems_by_color():
        if "dames, not" not in problem:  # already said, with the count, at the player's line
            span = lines.get(color) or record.setup[-1].span
            ctx.r.error(f"impossible starting position: {problem}", span, code="bad-setup")
    return position


def replay(record: Record, rules: MoveRules = PARISIAN, scorer=None, parse_diagnostics=()) -> Replay:
    """Replay ``record`` from its starting position; diagnostics of parsing may be passed in
    so that the result holds them all, sorted by position."""
    reporter = Reporter(record.path)
    reporter.items.extend(parse_diagnostics)
    ctx = _Context(record, reporter, rules, scorer)
    start = initial_position(record, ctx)
    first = (record.header("First") or "").lower() or None
    if first is not None and first not in COLORS:
        reporter.error(f"First must be white or black, not {first!r}", record.header_span("First"), code="bad-header")
        first = None
    _compare_figures(record.figures, start, ctx)
    state = scorer.start(record, start, reporter) if scorer else None
    results, stopped = _replay_line(record.throws, start, first, 1, ctx, state)
    out = Replay(record, results, [], start, ctx.coords, ctx.bottom, stopped)
    if scorer:
        out.final = scorer.finish(state, results, reporter)
    acknowledge(record, reporter)
    out.diagnostics = reporter.sorted()
    return out


def acknowledge(record: Record, reporter: Reporter) -> None:
    """Turn the diagnostics a throw's ``sic:CODE`` names into notes (the source's known slips), and
    report each acknowledgement that matches nothing, or names no diagnostic code.

    A diagnostic belongs to the throw written last before it (variations included)."""
    throws = []

    def collect(line):
        for t in line:
            if t.span is not None:
                throws.append(t)
            for v in t.variations:
                collect(v)

    collect(record.throws)
    if not any(t.sics for t in throws):
        return
    throws.sort(key=lambda t: (t.span.line, t.span.column))
    starts = [(t.span.line, t.span.column) for t in throws]
    used: set = set()
    for d in list(reporter.items):
        if d.severity == NOTE or d.code not in SIC_CODES.values():
            continue
        i = bisect_right(starts, (d.line, d.column)) - 1
        if i < 0:
            continue
        for sic in throws[i].sics:
            if any(SIC_CODES.get(c) == d.code for c in sic.codes):
                d.severity = NOTE
                d.hint = f"acknowledged as a slip of the source ({'sic:' + ','.join(sic.codes)})"
                used |= {(id(sic), c) for c in sic.codes if SIC_CODES.get(c) == d.code}
    for t in throws:
        for sic in t.sics:
            for code in sic.codes:
                if code not in SIC_CODES:
                    reporter.error(f"sic:{code} names no diagnostic code; codes a record may acknowledge: "
                                   + ", ".join(sorted(set(SIC_CODES))), sic.span, code="sic")
                elif (id(sic), code) not in used:
                    reporter.warning(f"sic:{code} acknowledges nothing: this throw has no {code!r} diagnostic "
                                     "(remove it, or fix the record)", sic.span, code="sic")


@dataclass
class _Turn:
    """Who is expected to throw next, and the relevé bookkeeping."""

    position: Position
    expected: str | None
    releve: int = 1
    counts: dict = field(default_factory=lambda: {c: 0 for c in COLORS})
    why: str | None = None  # why that player throws (after a marqué: the rule of the rule set)


def _replay_line(throws, position: Position, expected: str | None, first_index: int, ctx: _Context, state,
                 releve: int = 1, counts: dict | None = None):
    """Replay a list of throws (the main line or a variation)."""
    turn = _Turn(position, expected, releve, dict(counts) if counts else {c: 0 for c in COLORS})
    results = []
    for offset, throw in enumerate(throws):
        index = first_index + offset
        if turn.position is None:
            ctx.r.warning("not replayed: the position is unknown after the error above", throw.span,
                          code="replay-stopped")
            return results, throw.span
        result = _replay_throw(throw, index, turn, ctx, state)
        results.append(result)
        for variation in throw.variations:
            sub_state = ctx.scorer.fork(result.score_before) if ctx.scorer else None
            sub, _ = _replay_line(variation, result.before, result.side, index, ctx, sub_state,
                                  result.releve, result.counts_before)
            if sub_state is not None:
                ctx.scorer.close(sub_state, ctx.r)
            result.variations.append(sub)
    return results, None


def _replay_throw(throw: Throw, index: int, turn: _Turn, ctx: _Context, state) -> ThrowResult:
    r = ctx.r
    side = throw.side
    if throw.number is not None and throw.number != index:
        r.warning(f"throw numbered {throw.number} is throw {index} of this line", throw.span, code="numbering")
    if turn.expected is not None and side != turn.expected:
        r.error(f"{side} throws out of turn: it is {turn.expected}'s throw" + (f" ({turn.why})" if turn.why else ""),
                throw.span, code="out-of-turn", rule="rules.md §4 D15" if turn.why else "rules.md §3.10")
    turn.why = None
    mark = len(r.items)
    went = throw.decision == "go"
    if throw.pour_tout:
        _check_pour_tout(throw, turn.position, ctx)
        if not went:  # the throw is also the first of the next relevé (Guiton 1822 ch. 7)
            turn.releve += 1
            turn.counts = {c: 0 for c in COLORS}
    counts_before = dict(turn.counts)
    turn.counts[side] += 1
    result = ThrowResult(throw, index, turn.releve, side, turn.position, throw_in_releve=turn.counts[side],
                         counts_before=counts_before, rules=ctx.rules)
    result.played_from = Position.initial() if throw.pour_tout and not went else turn.position
    _play(result, ctx, went)
    if result.after is not None:
        _check_touched(result, ctx)
        _compare_figures(throw.figures, result.after, ctx)
    if state is not None:
        if throw.variations:  # the score a variation starts from
            result.score_before = ctx.scorer.snapshot(state)
        ctx.scorer.throw(state, result, ctx)
    if throw.fausse_case == "let-stand" and not result.let_stand_used and result.after is not None:
        r.warning(f"'let-stand', but nothing on this line was irregular: {side}'s play is legal and his marks are "
                  "right", throw.fausse_case_span, code="let-stand", rule=FAUSSE_CASE_SECTION)
    # the next throw; a marqué ended (à écrire): the scorer says who throws first (None: not checked)
    ended = getattr(result.score, "marque", None) is not None
    turn.expected = other(side)
    turn.position = result.after
    if result.after is not None:
        result.new_releve = went or throw.pour_tout or result.after.borne_off(side) == DAMES or ended
        if result.new_releve and not (throw.pour_tout and not went and not ended):
            turn.position = Position.initial()  # re-piled; the same player throws first
            if went:
                result.after = turn.position
            turn.expected = result.score.next_first if ended else side
            turn.why = result.score.next_why if ended else None
            turn.releve += 1
            turn.counts = {c: 0 for c in COLORS}
    result.diagnostics = r.items[mark:]
    return result


def _play(result: ThrowResult, ctx: _Context, went: bool) -> None:
    """Read and apply the throw's moves (and, after a fausse case played again, the play that stands)."""
    throw, side, start = result.throw, result.side, result.played_from
    steps = _read_steps(throw.moves, side, ctx)
    if steps is None:
        return
    after = _apply(start, side, steps, throw.moves, ctx)
    if went and (steps or throw.pour_tout) and not (after is not None and after.borne_off(side) == DAMES):
        if steps:  # only the throw that bears off the last dame is played before going
            ctx.r.error(f"{side} goes (s'en aller) but plays {' '.join(m.text for m in throw.moves)}: one can no "
                        "longer go after touching a dame; a throw after which one goes is not played",
                        _moves_span(throw.moves), code="go", rule=GO_SECTION,
                        hint="write the throw without its moves, or 'stay' if he played it")
        steps, after = [], start
    result.steps, result.after = steps, after
    if went and not steps:
        result.played = False  # the dames are re-piled at once: nothing to check
        return
    if after is None or throw.dice is None or throw.unreadable:
        return  # a throw holding a syntax error is not judged on the part read
    if throw.fausse_case is None:
        _check_play(result, ctx)
        return
    _check_play(result, ctx, severity=WARNING)
    result.let_stand_used = not result.ok
    if result.ok and throw.fausse_case == "replayed":
        ctx.r.warning(f"'replayed', but {side}'s play is legal: there is no fausse case", throw.fausse_case_span,
                      code="let-stand", rule=FAUSSE_CASE_SECTION)
    if throw.fausse_case == "replayed":
        result.fausse = (steps, after)
        again = _read_steps(throw.replayed, side, ctx)
        result.steps, result.after, result.play, result.ok = [], None, None, True
        if again is not None:
            result.steps, result.after = again, _apply(start, side, again, throw.replayed, ctx)
            if result.after is not None:
                _check_play(result, ctx, moves=throw.replayed)


def _moves_span(moves) -> Span | None:
    """The span from the first written move to the last, when they share a line."""
    span = moves[0].span if moves else None
    last = moves[-1].span if moves else None
    if span and last and last.line == span.line:
        span = Span(span.line, span.column, last.column + last.length - span.column)
    return span


def _check_pour_tout(throw: Throw, position: Position, ctx: _Context) -> None:
    """The throw pour tout needs every dame of the player in his jan de retour (or borne off)."""
    side = throw.side
    row = position.row(side)
    lo = QUADRANTS["retour"][0]
    outside = [t for t in range(lo) if row[t]]
    if outside:
        name = ctx.name(side)(outside[0])
        ctx.r.error(f"{side} throws pour tout but still has dames outside his jan de retour (on {name}): only the "
                    "player certain to bear off first may throw once for the sortie and the next relevé",
                    throw.pour_tout_span, code="pour-tout", rule=SORTIE_SECTION)


def _check_touched(result: ThrowResult, ctx: _Context) -> None:
    """A dame touched without j'adoube must be played if it can be (rules.md §2 M14)."""
    throw, side = result.throw, result.side
    for touched in throw.touched:
        try:
            track = ctx.coords.parse(touched.arrow, side, ctx.bottom)
        except CoordError as e:
            ctx.r.error(e.message, touched.span, hint=e.suggestion, code="bad-coordinate")
            continue
        if track >= OFF or not result.played_from.count(side, track):
            ctx.r.error(f"{side} touches a dame on {touched.arrow}, but he has none there", touched.span,
                        code="touched", rule=TOUCH_SECTION)
            continue
        if throw.adoube or any(s.src == track for s in result.steps) or throw.dice is None:
            continue
        if any(s.src == track for p in result.legal for s in p.steps):
            ctx.r.warning(f"{side} touched the dame on {touched.arrow} without saying j'adoube and did not play "
                          f"it, though a legal play moves it: {other(side)} could have required it", touched.span,
                          code="touched", rule=TOUCH_SECTION)


def _compare_figures(figures, position: Position, ctx: _Context) -> None:
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


def _read_steps(moves, side: str, ctx: _Context) -> list | None:
    """The written moves as steps in the mover's frame; None if a coordinate cannot be read."""
    steps = []
    known = ctx.steps_read
    for move in moves:
        step = known.get((side, move.parts))
        if step is not None:
            steps.append(step)
            continue
        tracks = []
        for i, part in enumerate(move.parts):
            try:
                tracks.append(ctx.coords.parse(part, side, ctx.bottom))
            except CoordError as e:
                ctx.r.error(e.message, _part_span(move, i), hint=e.suggestion, code="bad-coordinate")
                return None
        if len(tracks) > 3:
            ctx.r.error(f"{move.text!r}: a move names its start, at most one resting arrow, and its end", move.span,
                        code="bad-move")
            return None
        for i in range(1, len(tracks)):
            if tracks[i] <= tracks[i - 1]:
                ctx.r.error(f"{move.text!r} goes backwards: dames only move from the talon towards the coin "
                            "and on to the opponent's talon", move.span, rule="rules.md §1.1", code="bad-move")
                return None
        via = tracks[1] if len(tracks) == 3 else None
        step = known[side, move.parts] = Step(tracks[0], tracks[-1], via=via)
        steps.append(step)
    return steps


def _apply(position: Position, side: str, steps: list, moves, ctx: _Context) -> Position | None:
    """Move the dames as written; None (and an error) if a dame is not there."""
    row = list(position.row(side))
    off = position.borne_off(side)
    for step, move in zip(steps, moves):
        if row[step.src] <= 0:
            ctx.r.error(f"there is no {side} dame on {move.parts[0]} to move", _part_span(move, 0),
                        rule=RULES["X1"][0], code="no-dame")
            return None
        row[step.src] -= 1
        if step.dst < OFF:
            row[step.dst] += 1
        else:
            off += 1
    if side == WHITE:
        return Position(row, position.black, off, position.off_black)
    return Position(position.white, row, position.off_white, off)


_LET = {"let-stand": "the opponent let it stand", "replayed": "the opponent had it played again"}


def _check_play(result: ThrowResult, ctx: _Context, severity: str = ERROR, moves=None) -> None:
    """Compare the play with the legal plays; report a fausse case (a warning when the record says
    what the opponent did with it: let it stand, or had it played again)."""
    throw, side, before = result.throw, result.side, result.played_from
    moves = throw.moves if moves is None else moves
    steps = result.steps
    if surely_legal(before, side, throw.dice, steps, ctx.rules):
        result.play = Play(tuple(steps), 2, result.after, (), side)
        return
    legal = result.legal
    written_rests_open = all(s.via is None or not before.opponent_count(side, s.via) for s in steps)
    for p in legal:
        if p.result == result.after and written_rests_open:
            result.play = p
            return
    puissance = [p for p in legal if p.steps and p.steps[0].puissance]
    result.ok = False
    name = ctx.name(side)
    rule, why = explain_play(before, side, throw.dice, steps, ctx.rules, legal, name)
    written = " ".join(m.text for m in moves) or "nothing"
    span = _moves_span(moves) or throw.dice_span
    listed = [ctx.play_text(p, side) for p in legal[:MAX_LISTED_PLAYS]]
    more = len(legal) - MAX_LISTED_PLAYS
    notes = [f"legal plays of {dice_name(throw.dice)}: " + " | ".join(listed) + (f" | … and {more} more" if more > 0 else "")]
    if puissance and not any(s.puissance for s in steps):
        notes.append("(the coin may be taken par puissance with this throw)")
    let = f" ({_LET[throw.fausse_case]})" if severity != ERROR else ""
    if throw.fausse_case == "let-stand":
        result.stood = _stood(steps, throw.dice, result.after, side)
    ctx.r.add(severity, f"fausse case: {side} plays {written} with {dice_name(throw.dice)}: {why}{let}", span,
              rule=RULES[rule][0], notes=notes, code="illegal-play")


def _stood(steps, dice, after: Position, side: str) -> Play:
    """A fausse case let stand, as the play made: the numbers it leaves unplayed are impuissance
    (Guiton 1822 ch. 3, 'Fausse case': the opponent who lets it stand marks 2 for the number not played)."""
    fit = fit_dice(steps, dice) or []
    played = [n for _, numbers in fit for n in numbers if isinstance(n, int)]
    unplayed = list(dice)
    for n in played:
        if n in unplayed:
            unplayed.remove(n)
    return Play(tuple(steps), len(dice) - len(unplayed), after, tuple(unplayed) if fit else (), side)


def replay_text(text: str, path: str = "<record>", rules: MoveRules = PARISIAN, scorer=None) -> Replay:
    """Parse and replay in one go."""
    from ..notation.reader import parse

    record, diags = parse(text, path)
    return replay(record, rules, scorer, diags)
