"""Grand Trictrac behind the engine's Game protocol (:mod:`trictrac_notation.engine.game`).

What the replay asks of a game, answered with trictrac's rules: the piles on the talons, moves written
``FROM-[REST-]TO`` in the record's coordinate system, the legal plays of :mod:`.moves` (par puissance, the
coin's rules), the fausse case explained, the throw pour tout.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ...core.board import COLORS, DAMES, OFF, TALON, WHITE, Position
from ...core.coords import CoordError
from ...engine.game import GameDefaults, Reading, part_span
from ...notation.reader import dice_name
from ...notation.record import MoveText, Record, Span, Throw
from .kernel import bridge
from .moves import PARISIAN, QUADRANTS, RULES, MoveRules, Play, Step, explain_play, fit_dice, surely_legal
from .vocabulary import JANS

if TYPE_CHECKING:
    from ...engine.quick import QuickReplay
    from ...notation.lightread import LightRecord

SORTIE_SECTION = "rules.md §3.8"
SCORE_KEYS = ("points", "holes", "bredouille", "pavillon")  # a setup's scores: read by the scorer


class Trictrac(GameDefaults):
    """Grand Trictrac (the game of the treatises of 1634-1852)."""

    name = "trictrac"
    dames = DAMES
    jans = JANS

    def default_rules(self) -> MoveRules:
        return PARISIAN

    def movement(self, ruleset: Any) -> MoveRules:
        movement: MoveRules = ruleset.movement
        return movement

    def scorer(self, ruleset: Any, follow_record: bool = True) -> Any:
        from .scorer import Scorer

        return Scorer(ruleset, follow_record)

    def dice_name(self, dice: tuple[int, int]) -> str:
        return dice_name(dice)

    def opening(self) -> Position:
        return Position.initial()

    def initial_position(self, record: Record, reading: Reading) -> Position:
        """The opening piles, or the record's starting position (``@white ...`` lines)."""
        if not record.setup:
            return self.opening()
        r = reading.r
        fields: dict[str, dict[int, int]] = {c: {} for c in COLORS}
        off: dict[str, int] = {c: 0 for c in COLORS}
        seen: set[str] = set()
        for line in record.setup:
            if line.side in seen:
                r.error(f"the starting position of {line.side} is given twice", line.span, code="bad-setup")
            seen.add(line.side)
            talon_given = False
            for p in line.placements:
                key = p.key.lower()
                if key in SCORE_KEYS:
                    continue  # scores are read by the scorer
                if p.count < 0:
                    r.error(f"a negative count of dames: {p.key}:{p.count}", p.span, code="bad-setup")
                    continue
                if key == "off":
                    off[line.side] += p.count
                    continue
                try:
                    track = reading.coords.parse(p.key, line.side, reading.bottom)
                except CoordError as e:
                    r.error(e.message, Span(p.span.line, p.span.column, len(p.key)) if p.span else None,
                            hint=e.suggestion, code="bad-coordinate")
                    continue
                if track >= OFF:
                    off[line.side] += p.count
                    continue
                talon_given |= track == TALON
                fields[line.side][track] = fields[line.side].get(track, 0) + p.count
            placed = sum(fields[line.side].values()) + off[line.side]
            if placed > DAMES or (talon_given and placed != DAMES):
                r.error(f"{line.side} has {placed} dames in the starting position, not {DAMES}", line.span,
                        code="bad-setup")
            elif not talon_given:
                fields[line.side][TALON] = DAMES - placed
        for color in COLORS:
            if color not in seen:
                fields[color] = {TALON: DAMES}
        position = Position.from_fields(fields, off)
        lines: dict[str, Span | None] = {line.side: line.span for line in record.setup}
        for who, problem in position.problems_by_color():
            if "dames, not" not in problem:  # already said, with the count, at the player's line
                span = (lines.get(who) if who else None) or record.setup[-1].span
                r.error(f"impossible starting position: {problem}", span, code="bad-setup")
        return position

    def check_throw(self, throw: Throw, position: Position, reading: Reading) -> None:
        """The throw pour tout needs every dame of the player in his jan de retour (or borne off)."""
        if not throw.pour_tout:
            return
        side = throw.side
        row = position.row(side)
        lo = QUADRANTS["retour"][0]
        outside = [t for t in range(lo) if row[t]]
        if outside:
            name = reading.name(side)(outside[0])
            reading.r.error(f"{side} throws pour tout but still has dames outside his jan de retour (on {name}): "
                            "only the player certain to bear off first may throw once for the sortie and the next "
                            "relevé", throw.pour_tout_span, code="pour-tout", rule=SORTIE_SECTION)

    def read_steps(self, moves: Sequence[MoveText], side: str, reading: Reading) -> list[Step] | None:
        """The written moves as steps in the mover's frame; None if a coordinate cannot be read."""
        steps = []
        known = reading.steps_read
        for move in moves:
            step = known.get((side, move.parts))
            if step is not None:
                steps.append(step)
                continue
            tracks = []
            for i, part in enumerate(move.parts):
                try:
                    tracks.append(reading.coords.parse(part, side, reading.bottom))
                except CoordError as e:
                    reading.r.error(e.message, part_span(move, i), hint=e.suggestion, code="bad-coordinate")
                    return None
            if len(tracks) > 3:
                reading.r.error(f"{move.text!r}: a move names its start, at most one resting arrow, and its end",
                                move.span, code="bad-move")
                return None
            for i in range(1, len(tracks)):
                if tracks[i] <= tracks[i - 1]:
                    reading.r.error(f"{move.text!r} goes backwards: dames only move from the talon towards the coin "
                                    "and on to the opponent's talon", move.span, rule="rules.md §1.1",
                                    code="bad-move")
                    return None
            via = tracks[1] if len(tracks) == 3 else None
            step = known[side, move.parts] = Step(tracks[0], tracks[-1], via=via)
            steps.append(step)
        return steps

    def apply(self, position: Position, side: str, steps: list[Step], moves: Sequence[MoveText],
              reading: Reading) -> Position | None:
        """Move the dames as written; None (and an error) if a dame is not there."""
        row = list(position.row(side))
        off = position.borne_off(side)
        for step, move in zip(steps, moves, strict=False):  # a move read is a step
            if row[step.src] <= 0:
                reading.r.error(f"there is no {side} dame on {move.parts[0]} to move", part_span(move, 0),
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

    def legal_plays(self, position: Position, side: str, dice: tuple[int, int], rules: MoveRules) -> list[Play]:
        return bridge.legal_plays(position, side, (dice[0], dice[1]), rules)

    def made_play(self, position: Position, side: str, dice: tuple[int, int], steps: list[Step], after: Position,
                  rules: MoveRules, legal: Callable[[], list[Play]]) -> Play | None:
        """The legal play made; a dame resting on an arrow the opponent holds makes none (rules.md §1.1)."""
        if surely_legal(position, side, dice, steps, rules):
            return Play(tuple(steps), 2, after, (), side)
        written_rests_open = all(s.via is None or not position.opponent_count(side, s.via) for s in steps)
        for p in legal():
            if p.result == after and written_rests_open:
                return p
        return None

    def explain(self, position: Position, side: str, dice: tuple[int, int], steps: list[Step], rules: MoveRules,
                legal: list[Play], name: Callable[[int], str]) -> tuple[str, str, list[str]]:
        rule, why = explain_play(position, side, dice, steps, rules, legal, name)
        puissance = [p for p in legal if p.steps and p.steps[0].puissance]
        notes = ["(the coin may be taken par puissance with this throw)"] if puissance and not any(
            s.puissance for s in steps) else []
        return RULES[rule][0], why, notes

    def stood_play(self, steps: list[Step], dice: tuple[int, int], after: Position, side: str) -> Play:
        """A fausse case let stand, as the play made: the numbers it leaves unplayed are impuissance
        (Guiton 1822 ch. 3, 'Fausse case': the opponent who lets it stand marks 2 for the number not played)."""
        fit = fit_dice(steps, dice) or []
        played = [n for _, numbers in fit for n in numbers if isinstance(n, int)]
        unplayed = list(dice)
        for n in played:
            if n in unplayed:
                unplayed.remove(n)
        return Play(tuple(steps), len(dice) - len(unplayed), after, tuple(unplayed) if fit else (), side)

    def quick_replay(self, light: LightRecord, ruleset: Any) -> QuickReplay | None:
        from .kernel.replay import quick_replay

        return quick_replay(light, ruleset)

    def format_play(self, play: Play, name: Callable[[int], str]) -> str:
        if not play.steps:
            return "(nothing can be played)"
        parts = []
        for s in play.steps:
            via = f"-{name(s.via)}" if s.via is not None else ""
            parts.append(f"{name(s.src)}{via}-{name(s.dst)}")
        text = " ".join(parts)
        if play.steps[0].puissance:
            text += " (par puissance)"
        return text


GAME = Trictrac()
