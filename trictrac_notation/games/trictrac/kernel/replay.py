"""The quick replay: a plain record (notation/lightread.py) replayed on the kernel's rows, every throw judged
and scored, for the commands that only need to know whether a record is clean (``check``) and its score.

It vouches for what it returns: a :class:`...engine.quick.QuickReplay` means the readable replay (engine/replay.py
with the game's scorer) would report no diagnostic at all and end on the same score.  At the first thing it
does not know to be clean — a coordinate it cannot read, a play it cannot show legal, an école (a fill the play
did not make), a throw out of turn or misnumbered, a throw after the partie is won, a partie à écrire — it
returns None, and the caller replays the record the readable way, whose diagnostics are the reference.
tests/test_quick.py holds the two equal on every record and on random games.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core.board import BLACK, COLORS, WHITE, other
from ....core.coords import DEFAULT_SYSTEM, CoordError, CoordSystem, get_system
from ....core.diagnostics import Diagnostic
from ....engine.quick import QuickReplay
from .moves import DAMES, OFF, KPlay, Step, made_play, pleins, row_of
from .scoring import QUADRANT_NAMES, KRoll, events

if TYPE_CHECKING:
    from ....notation.lightread import LightRecord
    from ....rules.rulesets import RuleSet

FILL_JANS = ("remplir", "conserver")
EN_PASSANT = "variants.remplir_en_passant"
_OPENING = row_of((DAMES,) + (0,) * 23, 0)
# moves already read, per coordinate system, bottom player and mover: "T-6" -> step, or None (unreadable)
_READ: dict[tuple[str, str], dict[str, dict[str, Step | None]]] = {}
MAX_READ = 20_000


def quick_replay(light: LightRecord, ruleset: RuleSet | None) -> QuickReplay | None:
    """The record replayed on the kernel (scored under ``ruleset`` when given), or None when it may not be clean."""
    coords_name = light.header("Coords", DEFAULT_SYSTEM) or DEFAULT_SYSTEM
    bottom = (light.header("Bottom") or WHITE).lower()
    first = (light.header("First") or "").lower() or None
    if bottom not in COLORS or (first is not None and first not in COLORS) or light.cubes:
        return None  # (a cube's action or a resignation is backgammon's)
    if ruleset is not None and (light.header("Partie") is not None or light.header("Marques") is not None):
        return None  # the partie à écrire: its marqués are the scorer's
    try:
        coords = get_system(coords_name)
    except CoordError:
        return None
    reads = _READ.get((coords.id, bottom))
    if reads is None or len(reads[WHITE]) + len(reads[BLACK]) > MAX_READ:
        reads = _READ[(coords.id, bottom)] = {WHITE: {}, BLACK: {}}
    return _Quick(coords, bottom, reads, ruleset).run(light, first)


class _Quick:
    """One quick replay: the rows, the turn, the relevé, and the score when a rule set is given."""

    def __init__(self, coords: CoordSystem, bottom: str, reads: dict[str, dict[str, Step | None]],
                 ruleset: RuleSet | None):
        self.coords, self.bottom, self.reads = coords, bottom, reads
        self.ruleset = ruleset
        self.slow = False  # the movement without a rule set: the Parisian sortie (moves.PARISIAN)
        self.tariff: Any = None
        if ruleset is not None:  # (the scorer's modules: a record checked without rules needs none)
            from ..history import Memory
            from ..marking import Marking
            from ..scoring import tariff

            movement = ruleset.movement
            self.slow = movement is not None and movement.sortie == "slow"
            self.tariff = tariff(ruleset)
            self.marking = Marking(ruleset.variant("points_per_hole"), ruleset.variant("holes_per_partie"))
            self.memory = Memory.of(ruleset)

    def run(self, light: LightRecord, expected: str | None) -> QuickReplay | None:
        reads = self.reads
        rows = {WHITE: _OPENING, BLACK: _OPENING}
        counts = {WHITE: 0, BLACK: 0}
        won_at, repiled = 0, False
        out: list[tuple[str, int, int, list[int], int, int]] = []
        diagnostics: list[Diagnostic] = []
        for index, (number, side, a, b, moves, where) in enumerate(light.throws, 1):
            if number is not None and number != index or expected is not None and side != expected:
                return None
            if won_at and not diagnostics:  # the throws after it are replayed, not scored (Scorer.throw)
                line, column, length = light.span(where)
                diagnostics.append(Diagnostic(
                    "warning", f"the partie was won by {self.marking.winner} at throw {won_at}: the throws after "
                    "it are not scored", light.path, line, column, length, "rules.md §3.12", code="partie-over"))
            me = rows[side]
            opp = rows[other(side)][23::-1]
            made = self._made(me, opp, a, b, reads[side], side, moves)
            if made is None:
                return None
            counts[side] += 1
            own = theirs = 0
            if self.ruleset is not None and not won_at:
                if repiled:  # the scorer learns of a new relevé at its first throw
                    self.marking.relever()
                    self.memory = self.memory.new_releve()
                    repiled = False
                scored = self._score(me, opp, a, b, side, made, counts)
                if scored is None:
                    return None
                own, theirs = scored
                if self.marking.winner is not None:
                    won_at = index
            after = made[1]
            out.append((side, a, b, after, own, theirs))
            rows[side] = after
            if after[OFF] == DAMES:  # the sortie: the dames are re-piled, the same player throws first
                rows = {WHITE: _OPENING, BLACK: _OPENING}
                counts = {WHITE: 0, BLACK: 0}
                repiled = True
                expected = side
            else:
                expected = other(side)
        final = None
        if self.ruleset is not None:
            final = {c: {"points": p.points, "holes": p.holes, "bredouille": p.bredouille}
                     for c, p in self.marking.players.items()}
        return QuickReplay(len(out), out, final, self.marking.winner if self.ruleset is not None else None,
                           diagnostics)

    # --- the play ---------------------------------------------------------------------------------------------

    def _made(self, me: list[int], opp: list[int], a: int, b: int, reads: dict[str, Step | None], side: str,
              moves: tuple[str, ...]) -> KPlay | None:
        """The legal play the written moves make (game.Trictrac.made_play), or None (an error of the replay)."""
        steps: list[Step] = []
        for word in moves:
            if word in reads:
                step = reads[word]
            else:
                step = reads[word] = self._read(side, word)
            if step is None:
                return None
            steps.append(step)
        after = list(me)
        for src, dst, _, _ in steps:
            if not after[src]:
                return None  # no dame to move: an error of the replay
            after[src] -= 1
            after[dst] += 1
        return made_play(me, after, opp, a, b, steps, self.slow)

    def _read(self, side: str, word: str) -> Step | None:
        """A written move as a step (Trictrac.read_steps), or None where that reports an error."""
        parts = word.split("-")
        if len(parts) > 3:
            return None
        try:
            tracks = [self.coords.parse(p, side, self.bottom) for p in parts]
        except CoordError:
            return None
        for i in range(1, len(tracks)):
            if tracks[i] <= tracks[i - 1]:
                return None
        return (tracks[0], tracks[-1], tracks[1] if len(tracks) == 3 else -1, False)

    # --- the score ----------------------------------------------------------------------------------------------

    def _score(self, me: list[int], opp: list[int], a: int, b: int, side: str, made: KPlay,
               counts: dict[str, int]) -> tuple[int, int] | None:
        """The throw's points marked as the scorer marks them when nothing is written; None at an école."""
        n = counts[side]
        history = self.memory.kernel_history(side, n)
        found = events(KRoll(me, opp, a, b, self.slow, made), self.tariff, history)
        self.memory = self.memory.after(side, (a, b), [e[0] for e in found], n, bool(counts[other(side)]))
        if not found:
            return 0, 0
        own = theirs = 0
        standing = pleins(made[1])
        for e in found:
            if not e[1]:
                theirs += e[2]
                continue
            own += e[2]
            quadrant = e[6]
            if quadrant is not None and e[0] in FILL_JANS and e[8] != EN_PASSANT \
                    and not standing & (1 << QUADRANT_NAMES.index(quadrant)):
                return None  # a fill or keep the play did not make: an école (ecoles.audit)
        self.marking.mark(side, own)
        self.marking.mark(other(side), theirs)
        return own, theirs
