"""The replay's scorer: events, marks, écoles, holes and the partie, throw by throw.

:func:`replay.replay` calls :meth:`Scorer.start` once, :meth:`Scorer.throw` for every throw
(``snapshot`` / ``fork`` for variations) and :meth:`Scorer.finish` at the end.  Each throw gets
a :class:`ThrowScore` (``result.score``): its events, what the rules give, what the record
says was marked, the écoles, the holes and the score after it.

Two ways of keeping the score:

* ``follow_record=True`` (``check``, ``replay``): the score follows what the players marked
  where the record says it (``+N``, ``opp +N``, ``ecole N``, ``hole``/``holes N``, ``stay``/``go``)
  and uses the computed value where nothing is written; every difference is reported.
* ``follow_record=False`` (``compare``): computed values only — the record's marks are one
  treatise's opinion; only its moves and its stay/go decisions are kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ...core.board import BLACK, COLORS, WHITE, Position, other
from ...core.diagnostics import Reporter
from ...engine.game import Reading
from ...engine.score import ScorerDefaults
from ...notation.record import Record, Span, Throw
from ...rules.rulesets import RuleSet
from .ecoles import SECTION as ECOLE_SECTION, Audit, Ecole, audit, check_recorded
from .events import Event, counted, score_text
from .history import Memory
from .kernel.bridge import throw_events
from .marking import Gain, Marking, PayoutRule, Player
from .scoring import History, Roll, Tariff, sortie_events, tariff, unplayed_events

if TYPE_CHECKING:
    from ...engine.replay import ThrowResult
    from .ecrire import Card, EcrireRules, Marque

GO_SECTION = "rules.md §3.10"
ECRIRE_SECTION = "rules.md §4 D14"
PARTIES = {"a-ecrire": "a-ecrire", "a ecrire": "a-ecrire", "à écrire": "a-ecrire", "à-écrire": "a-ecrire",
           "ecrire": "a-ecrire", "douze-trous": "douze-trous", "douze trous": "douze-trous", "12 trous": "douze-trous",
           "12-trous": "douze-trous"}


@dataclass
class ScoreState:
    """What the scorer carries from throw to throw."""

    marking: Marking
    memory: Memory  # the opening jans made and the first throw, in the relevé (history.py)
    releve: int = 1
    pending: dict[str, list[Ecole]] = field(default_factory=dict)  # colour -> écoles consummated at his next throw
    won_at: int | None = None  # index of the throw that won the partie
    warned_over: bool = False
    # the jetons and fichets as ThrowScore keeps them: ((colour, points, holes, bredouille), ...)
    shown: tuple[tuple[str, int, int, bool], ...] = ()
    pavillon: str | None = None
    card: Card | None = None  # the partie à écrire's score card (None: a 12-hole partie)
    marque_first: str | None = None  # who threw first in the marqué under way

    def show(self) -> None:
        white, black = self.marking.players[WHITE], self.marking.players[BLACK]
        self.shown = ((WHITE, white.points, white.holes, white.bredouille),
                      (BLACK, black.points, black.holes, black.bredouille))
        self.pavillon = WHITE if white.pavillon else BLACK if black.pavillon else None

    def copy(self) -> ScoreState:
        card = replace(self.card, played=list(self.card.played)) if self.card else None
        return replace(self, marking=self.marking.copy(), pending={c: list(v) for c, v in self.pending.items()},
                       card=card)


@dataclass(eq=False)
class ThrowScore:
    """The scoring of one throw (``ThrowResult.score``; the engine's ThrowScore protocol).

    ``events``: the events (events.Event); ``due``: colour -> points the rules give; ``marked``:
    what the record says (points, opp, holes, decision, ecoles; None where not written);
    ``applied``: colour -> points put on the jetons for this throw (écoles included);
    ``ecoles``: the ecoles.Ecole found; ``holes``: colour -> holes taken; ``went``: the roller
    went (s'en aller); ``after``: colour -> {"points", "holes", "bredouille"} after the throw;
    ``winner``: set on the throw that wins the partie; ``marker``: who carries the marker of
    the second series of holes (None: nobody), ``marker_name`` what it is (pavillon, étendard…);
    ``marque``: the marqué this throw ended (ecrire.Marque, à écrire), ``next_first`` who throws first
    after it (None: not checked).
    """

    side: str
    events: list[Event]
    due: dict[str, int]
    _throw: Any = field(repr=False)
    ecoles: list[Ecole]
    marker_name: str
    _name: Callable[[int], str] = field(default=str, repr=False)
    applied: dict[str, int] = field(init=False)
    holes: dict[str, int] = field(init=False)
    went: bool = False
    _after: tuple[tuple[str, int, int, bool], ...] = ()
    winner: str | None = None
    marker: str | None = None
    marque: Marque | None = None
    next_first: str | None = None
    next_why: str | None = None

    def __post_init__(self) -> None:
        self.applied = {self.side: 0, other(self.side): 0}
        self.holes = {self.side: 0, other(self.side): 0}

    @property
    def marked(self) -> dict[str, Any]:
        t = self._throw
        return {"points": t.marks.points if t.marks else None, "opp": t.opp_marks.points if t.opp_marks else None,
                "holes": t.holes, "decision": t.decision, "ecoles": [e.points for e in t.ecoles],
                **({"marque": "refait" if t.refait else t.marque} if t.refait or t.marque is not None else {})}

    @property
    def after(self) -> dict[str, dict[str, Any]]:
        return {c: {"points": p, "holes": h, "bredouille": b} for c, p, h, b in self._after}

    @property
    def labels(self) -> list[str]:
        """One short text per event, its target named in the record's coordinates."""
        return [_label(e, self._name) for e in self.events]

    def summary(self) -> list[str]:
        """Text lines for ``trictrac replay``."""
        lines = []
        for color in (self.side, other(self.side)):
            mine = [_label(e, self._name) for e in self.events if e.beneficiary == color]
            if mine:
                lines.append(f"  {color} +{self.due[color]}: " + ", ".join(mine))
        for e in self.ecoles:
            lines.append(f"  {'note' if e.kind == 'none' else 'école'}: {e.text}")
        for color in COLORS:
            if self.holes.get(color):
                lines.append(f"  {color} takes {counted(self.holes[color], 'hole')}"
                             + (" and goes (s'en aller)" if self.went and color == self.side else ""))
        lines.append("  score: " + "; ".join(
            score_text(c, a["holes"], a["points"]) + (" (bredouille)" if a["bredouille"] and a["points"] else "")
            + (f" ({self.marker_name})" if self.marker == c else "") for c, a in self.after.items()))
        if self.winner:
            lines.append(f"  {self.winner} wins the partie")
        if self.marque:
            lines.append(f"  marqué: {self.marque.why}")
        return lines

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "events": [e.to_json() for e in self.events],
            "due": dict(self.due),
            "marked": dict(self.marked),
            "applied": dict(self.applied),
            "ecoles": [e.to_json() for e in self.ecoles],
            "holes": dict(self.holes),
            "went": self.went,
            "after": self.after,
            **({"winner": self.winner} if self.winner else {}),
            **({"marker": self.marker, "marker_name": self.marker_name} if self.marker else {}),
            **({"marque": self.marque.to_json()} if self.marque else {}),
        }


@dataclass
class Final:
    """The score at the end of the record (``Replay.final``)."""

    rules: str
    marking: Marking
    payout: PayoutRule
    marker_name: str
    won_at: int | None
    card: Card | None = None  # the partie à écrire's score card

    def to_json(self) -> dict[str, Any]:
        payout = self.marking.payout(self.payout) if self.card is None else None
        holder = next((c for c, p in self.marking.players.items() if p.pavillon), None)
        ecrire = {"marques": [m.to_json() for m in self.card.played], "card": self.card.to_json()} if self.card else {}
        return {
            "rules": self.rules,
            "holes": {c: p.holes for c, p in self.marking.players.items()},
            "points": {c: p.points for c, p in self.marking.players.items()},
            "winner": self.marking.winner,
            "won_at_throw": self.won_at,
            "payout": payout.to_json() if payout else None,
            "marker": holder,
            "marker_name": self.marker_name,
            **ecrire,
        }

    def summary(self) -> list[str]:
        m = self.marking
        out = ["final score: " + "; ".join(score_text(c, p.holes, p.points) for c, p in m.players.items())]
        if self.card is not None:
            return out + self.card.lines()
        payout = m.payout(self.payout)
        if payout:
            out.append(f"{payout.winner} wins the partie at throw {self.won_at}: {payout.stakes:g} stake"
                       f"{'s' if payout.stakes != 1 else ''} ({payout.scheme}: {payout.why})")
        return out


class Scorer(ScorerDefaults):
    """Scores a replay under one rule set (see the module docstring for ``follow_record``)."""

    def __init__(self, ruleset: RuleSet, follow_record: bool = True):
        self.ruleset = ruleset
        self.tariff: Tariff = tariff(ruleset)
        self.follow = follow_record
        self.payout = PayoutRule.of(ruleset)
        self.ecrire: EcrireRules | None = None  # set by start() for a record of a partie à écrire
        self.marker = ruleset.variant("bredouille_marker")
        self.fill_not_made = ruleset.variant("ecole_fill_not_made")
        self.deux_tables_scope = ruleset.variant("deux_tables_once")
        self.rencontre_scope = ruleset.variant("rencontre_scope") if "rencontre" in self.tariff.scored else "partie"

    # --- the replay hook ----------------------------------------------------------------------

    def start(self, record: Record, position: Position, reporter: Reporter) -> ScoreState:
        """The score at the start: 0 everywhere, or the ``points:N holes:N bredouille:1 pavillon:1`` of the setup
        lines; a partie à écrire when the record says so (``[Partie "a-ecrire"]``, ``[Marques "N"]``)."""
        card = self._partie(record, reporter)
        marking = Marking(self.ruleset.variant("points_per_hole"),
                          None if card else self.ruleset.variant("holes_per_partie"))
        flags: dict[str, Span | None] = {}  # colour -> the span of his pavillon:1
        for line in record.setup:
            player = marking.players[line.side]
            for p in line.placements:
                key = p.key.lower()
                limit: dict[str, Any] = {"points": marking.points_per_hole, "holes": marking.holes_per_partie,
                                         "bredouille": 2, "pavillon": 2}
                if key in limit:
                    if not 0 <= p.count < (limit[key] or p.count + 1):
                        why = _SETUP_RANGE[key].format(limit[key] - 1) if limit[key] else _NO_LIMIT
                        reporter.error(f"{p.key}:{p.count}: {why}", p.span, code="bad-setup", rule="rules.md §1.5")
                        continue
                    if key == "pavillon":
                        if p.count:
                            flags[line.side] = p.span
                        continue
                    setattr(player, key, bool(p.count) if key == "bredouille" else p.count)
        players = marking.players
        for color in COLORS:  # decided: from a setup, a player is in his series if only he holds holes
            players[color].series = players[color].holes > 0 and players[other(color)].holes == 0
        self._pavillon_setup(players, flags, reporter)
        state = ScoreState(marking, Memory(self.deux_tables_scope, self.rencontre_scope, not record.setup), card=card)
        state.show()
        return state

    @staticmethod
    def _pavillon_setup(players: dict[str, Player], flags: dict[str, Span | None], reporter: Reporter) -> None:
        """``pavillon:1``: the player's holes were all taken after the opponent's, without interruption: he
        holds the pavillon, which a starting position cannot otherwise say when both players hold holes
        (Guiton 1822 ch. 8; Lelasseux-Lafosse 1852 §223)."""
        if len(flags) > 1:
            reporter.error("pavillon:1 for both players: one series of holes at most runs uninterrupted",
                           flags[BLACK], code="bad-setup", rule="rules.md §3.9")
            return
        for color, span in flags.items():
            me, opp = players[color], players[other(color)]
            if not me.holes:
                reporter.error(f"pavillon:1, but {color} holds no hole: the pavillon marks a series of holes",
                               span, code="bad-setup", rule="rules.md §3.9", hint=f"add holes:N to {color}'s line")
                continue
            me.series, me.pavillon, opp.series = True, opp.holes > 0, False

    def _partie(self, record: Record, reporter: Reporter) -> Card | None:
        """The score card of a partie à écrire, or None for a partie en douze trous (the default)."""
        self.ecrire = None
        name = record.header("Partie")
        count = record.header("Marques")
        span = record.header_span("Partie")
        kind = PARTIES.get(" ".join(name.lower().split())) if name else "douze-trous"
        if kind is None:
            reporter.error(f"Partie {name!r}: expected \"a-ecrire\" (in marqués) or \"douze-trous\"", span,
                           code="bad-header", rule=ECRIRE_SECTION)
        if kind != "a-ecrire":
            if count is not None:
                reporter.error("a Marques header, but the partie is not à écrire", record.header_span("Marques"),
                               code="bad-header", rule=ECRIRE_SECTION, hint='add [Partie "a-ecrire"]')
            return None
        from .ecrire import Card, EcrireRules, NotPlayed  # (here: a partie en douze trous does without them)

        try:
            self.ecrire = EcrireRules.of(self.ruleset)
        except NotPlayed as e:
            reporter.error(f"{e}: the record is scored as a partie en douze trous", span, code="bad-rules",
                           rule=ECRIRE_SECTION, hint="trictrac rules lists the rule sets; those with "
                                                     "partie_a_ecrire: yes play it")
            return None
        marques = self.ecrire.marques_per_partie
        if count is not None:
            if count.strip().isdigit() and int(count) >= 2 and int(count) % 2 == 0:
                marques = int(count)
            else:
                reporter.error(f"Marques {count!r}: a partie à écrire between two players has an even number of "
                               f"marqués (4, 6, 8…); {marques} are assumed", record.header_span("Marques"),
                               code="bad-header", rule="Lelasseux-Lafosse 1852 §220")
        return Card(self.ecrire, marques)

    def snapshot(self, state: ScoreState) -> ScoreState:
        return state.copy()

    def standing(self, state: ScoreState) -> tuple[dict[str, dict[str, Any]], str | None]:
        """The jetons, fichets and pavillon as they stand (at the start: the record's setup may give them)."""
        return {c: {"points": p, "holes": h, "bredouille": b} for c, p, h, b in state.shown}, state.pavillon

    def fork(self, snapshot: ScoreState) -> ScoreState:
        return snapshot.copy()

    def throw(self, state: ScoreState, result: ThrowResult, ctx: Reading) -> None:
        throw, side = result.throw, result.side
        before = state.shown  # the score as the throw is made (a record's score-before)
        if result.releve != state.releve:
            self._new_releve(state, result.releve)
        if throw.dice is None:
            return
        if state.won_at is not None:
            if not state.warned_over:
                state.warned_over = True
                over = f"the partie of {state.card.marques} marqués was over" if state.card else \
                    f"the partie was won by {state.marking.winner}"
                ctx.r.warning(f"{over} at throw {state.won_at}: the throws after it are not scored", throw.span,
                              code="partie-over", rule=ECRIRE_SECTION if state.card else "rules.md §3.12")
            return
        if state.card is not None and state.marque_first is None:
            state.marque_first = side
        if state.card is None and self.follow and (throw.marque is not None or throw.refait):
            ctx.r.error(f"'{'refait' if throw.refait else f'marque {throw.marque}'}' in a partie en douze trous: "
                        "only a partie à écrire is played in marqués", throw.marque_span, code="marque",
                        rule=ECRIRE_SECTION, hint='add the header [Partie "a-ecrire"]')
        if throw.pour_tout:
            events = sortie_events(self.tariff, side, throw.dice[0] == throw.dice[1])
        else:
            roll = Roll(result.before, side, throw.dice, ctx.rules, made=result.play)
            events = throw_events(roll, self.tariff, self._history(state, result))
            if result.stood is not None and not any(e.jan == "impuissance" for e in events):
                events += unplayed_events(self.tariff, side, throw.dice[0] == throw.dice[1], result.stood.unplayed)
        self._remember(state, result, events)
        if (not events and throw.marks is None and throw.opp_marks is None and throw.holes is None
                and throw.opp_holes is None and throw.decision is None and not throw.ecoles
                and not state.pending.get(side) and not self._may_end(state, throw)):
            score = ThrowScore(side, events, {side: 0, other(side): 0}, throw, [], self.marker, ctx.name(side))
            score._after, score.marker = state.shown, state.pavillon  # nothing to mark
            result.score = score
            self._standing(state, throw, ctx.r, before)
            return
        # decided: a player who goes plays nothing (so no fill is 'not made'), but he lifts his dames to
        # re-pile them, which consummates an école (Lepeintre 1818 rule 64)
        row_after = result.after.row(side) if result.after is not None and result.played and not throw.pour_tout \
            else None
        found = audit(side, events, row_after, bool(result.steps) or not result.played,
                      throw.marks if self.follow else None, throw.opp_marks if self.follow else None,
                      throw.span, self.fill_not_made)
        if throw.fausse_case == "let-stand":  # the opponent let this line's irregularities stand
            for e in found.ecoles:
                e.let_stand = True
                result.let_stand_used |= not e.omission
        score = ThrowScore(side, events, {side: found.due_own, other(side): found.due_opp}, throw,
                           list(found.ecoles), self.marker, ctx.name(side))
        self._mark(state, result, found, score, ctx)
        result.score = score
        self._standing(state, throw, ctx.r, before)

    def finish(self, state: ScoreState, results: list[ThrowResult], reporter: Reporter) -> Final:
        """The score at the end of the main line (its pending écoles reported by :meth:`close`)."""
        self.close(state, reporter)
        return Final(self.ruleset.id, state.marking, self.payout, self.marker, state.won_at, state.card)

    def close(self, state: ScoreState, reporter: Reporter) -> None:
        """The end of a line (the main line or a variation).

        decided: points received and mis-marked on its last throws, whose école would be consummated
        only at the player's next throw, are reported all the same: the record still disagrees."""
        if self.follow:
            for e in (e for pending in state.pending.values() for e in pending):
                _unclaimed(reporter, e)
        state.pending = {}

    # --- the relevé ---------------------------------------------------------------------------

    def _new_releve(self, state: ScoreState, releve: int) -> None:
        state.marking.relever()
        state.releve = releve
        state.memory = state.memory.new_releve()

    def _history(self, state: ScoreState, result: ThrowResult) -> History:
        return state.memory.history(result.side, result.throw_in_releve)

    def _remember(self, state: ScoreState, result: ThrowResult, events: list[Event]) -> None:
        dice = result.throw.dice
        assert dice is not None  # only a throw whose dice were read is scored
        state.memory = state.memory.after(result.side, dice, [e.jan for e in events], result.throw_in_releve,
                                          bool(result.counts_before.get(other(result.side))))

    # --- marking ---------------------------------------------------------------------------------

    def _mark(self, state: ScoreState, result: ThrowResult, found: Audit, score: ThrowScore, ctx: Reading) -> None:
        """The opponent's école of the points the roller failed to mark when they were given him (consummated
        as he throws), then the roller, then the opponent with what the throw gives him and the écoles of its
        own marks (rules.md §3.3 'Marking order', §3.9, §3.10, §3.11; Guiton 1822 ch. 3, 'Second exemple':
        the école is marked before the points the throw wins, so these do not keep the bredouille)."""
        throw, side = result.throw, result.side
        rival = other(side)
        m = state.marking
        r = ctx.r
        follow = self.follow
        went = throw.decision == "go"
        ecole_points, claimed, first = self._ecoles(state, result, found, score, ctx, went)
        first_gain = m.mark(rival, first)
        score.applied[rival] += first
        own = found.marked_own if follow and found.marked_own is not None else found.due_own
        if claimed and own > found.due_own:
            # decided: an école par trop that the opponent claims also takes the points marked wrongly off,
            # and the holes they made (Lelasseux-Lafosse 1852 §193; Lepeintre 1818 rule 54)
            own = found.due_own
        opp = found.marked_opp if follow and found.marked_opp is not None else found.due_opp
        gain = m.mark(side, own)
        score.applied[side] += own
        score.holes[side] = self._holes(m, side, own, gain, throw.holes if follow else None, throw.holes_span, r)
        if went and not gain.holes:
            r.error(f"{side} goes (s'en aller) but his own throw won no hole: only a hole won by one's own "
                    "throw allows going; he must stay", throw.decision_span, code="go", rule=GO_SECTION)
        elif throw.decision == "stay" and not gain.holes:
            r.warning(f"{side} stays, but his throw won no hole: there is nothing to decide", throw.decision_span,
                      code="go", rule=GO_SECTION)
        if went:
            m.go()
            if follow and found.marked_opp:
                r.warning(f"{rival} marks {found.marked_opp} from a throw after which {side} goes: the opponent "
                          "does not mark what that throw gave him", throw.opp_marks.span if throw.opp_marks else None,
                          code="go", rule=GO_SECTION)
            if follow and throw.opp_holes:
                r.error(f"{rival} marks {counted(throw.opp_holes, 'hole')} from a throw after which {side} goes: "
                        "the opponent does not mark what that throw gave him", throw.opp_holes_span, code="holes",
                        rule=GO_SECTION)
            opp = 0
        received = opp + ecole_points - first
        rival_gain = m.mark(rival, received)
        score.applied[rival] += received
        rival_gain = Gain(rival, first + received, first_gain.holes + rival_gain.holes,
                          first_gain.doubles + rival_gain.doubles, first_gain.erased + rival_gain.erased)
        score.holes[rival] = self._holes(m, rival, first + received, rival_gain,
                                         throw.opp_holes if follow else None, throw.opp_holes_span, r, received=True)
        score.went = went
        if state.card is not None:
            self._marque(state, result, score, ctx)
        state.show()
        score._after, score.marker = state.shown, state.pavillon
        if m.winner is not None and state.won_at is None:
            state.won_at = result.index
            score.winner = m.winner

    def _standing(self, state: ScoreState, throw: Throw, r: Reporter,
                  before: tuple[tuple[str, int, int, bool], ...]) -> None:
        """The running score the record copies from its source (``score white 1/4br black 0/6``) against the
        replay's after the throw (``score-before``: the replay's ``before`` it).  decided: a player's bredouille
        is compared where he has points (a player with none shows no jeton)."""
        if throw.standing is None or not self.follow or len({t.side for t in throw.standing.tallies}) < 2:
            return  # (a side given twice is a syntax error already)
        shown_then = before if throw.standing.before else state.shown
        after = {color: (holes, points, bredouille) for color, points, holes, bredouille in shown_then}

        def shown(color: str, holes: int, points: int, bredouille: bool) -> str:
            return f"{color} {holes}/{points}{'br' if bredouille and points else ''}"

        written = [(t.side, t.holes, t.points, t.bredouille) for t in throw.standing.tallies]
        if all((h, p) == after[c][:2] and (not p or b == after[c][2]) for c, h, p, b in written):
            return
        when = "before this throw" if throw.standing.before else "after it"
        r.warning(f"the running score written, {' '.join(shown(*t) for t in written)}, is not the replay's {when}, "
                  f"{' '.join(shown(c, *after[c]) for c, *_ in written)}", throw.standing.span, code="score",
                  rule="rules.md §1.5, §3.9",
                  hint="mend the record where it mis-reads the source; where the source itself is wrong, "
                       "acknowledge it with sic:score and say why")

    # --- the partie à écrire --------------------------------------------------------------------

    @staticmethod
    def _may_end(state: ScoreState, throw: Throw) -> bool:
        """Whether a throw that marks nothing must still be looked at: it may end a marqué."""
        return state.card is not None and (throw.marque is not None or throw.refait)

    def _marque(self, state: ScoreState, result: ThrowResult, score: ThrowScore, ctx: Reading) -> None:
        """End the marqué if this throw ends it (ecrire.EcrireRules.ends): reckon it, put it on the card,
        say who throws first next, and compare with the record's ``marque N`` / ``refait``."""
        from .ecrire import first_after, reckon

        m, throw, r = state.marking, result.throw, ctx.r
        ecrire, card = self.ecrire, state.card
        assert ecrire is not None and card is not None  # a partie à écrire (see _may_end)
        holes: dict[str, int] = {c: m.players[c].holes for c in COLORS}
        written = "refait" if throw.refait else throw.marque
        if not ecrire.ends(holes, score.went):
            if self.follow and written is not None:
                need = ecrire.marque_holes
                r.error(f"'{'refait' if throw.refait else f'marque {written}'}', but no marqué ends here: "
                        + ("a marqué ends when a player goes" if max(holes.values()) >= need else
                           f"neither player has {need} holes ({', '.join(f'{c} {holes[c]}' for c in COLORS)})"),
                        throw.marque_span, code="marque", rule=ECRIRE_SECTION)
            return
        holder = next((c for c in COLORS if m.players[c].series), None)
        marque = reckon(ecrire, holes, holder, card.refaits,
                        sans_lever=holder is not None and not m.players[holder].lifted)
        marque.throw = result.index
        if self.follow and written is not None:
            self._check_marque(marque, written, throw, r)
        card.played.append(marque)
        score.marque = marque
        if self.follow:
            score.next_first = first_after(ecrire, marque, state.marque_first or result.side)
            rule = "first_after_refait" if marque.refait else "first_after_marque"
            score.next_why = f"{rule} {getattr(ecrire, rule)}: {ecrire.citations[rule]}"
        m.new_marque()
        state.marque_first = None
        if card.over:
            state.won_at = result.index

    def _check_marque(self, marque: Marque, written: int | str, throw: Throw, r: Reporter) -> None:
        """The record's reckoning against the rules'; a different value is kept (the players paid it)."""
        if marque.refait and written != "refait":
            r.error(f"'marque {written}', but the marqué ends in a refait: {marque.why}", throw.marque_span,
                    code="marque", rule=ECRIRE_SECTION, hint="write 'refait' on this throw")
        elif not marque.refait and written == "refait":
            r.error(f"'refait', but the holes are not equal: {marque.why}", throw.marque_span, code="marque",
                    rule=ECRIRE_SECTION, hint=f"write 'marque {marque.value}' on this throw")
        elif written != marque.value and not marque.refait:
            r.error(f"marqué mis-reckoned: the record writes {written}, but {self.ruleset.id} gives {marque.value} "
                    f"({marque.why})", throw.marque_span, code="marque", rule=ECRIRE_SECTION,
                    hint=f"write 'marque {marque.value}', or sic:marque if the source reckoned it so")
            marque.why += f"; the record writes {written}, kept on the card"
            marque.value = int(written)  # a number: 'refait' is handled above

    @staticmethod
    def _holes(m: Marking, color: str, points: int, gain: Gain, written: int | None, span: Span | None, r: Reporter,
               received: bool = False) -> int:
        """The holes ``color`` takes: the record's count where it gives one (``hole``/``holes N``, or
        ``opp hole`` for holes received), checked against what his points make.

        A count between the holes marked all single and all double is a bredouille mis-marked, which the
        rules let stand (no école for a hole marked single for double, Lepeintre 1818 rules 52-53): a
        warning; whole holes mis-marked are an école of 12 points: an error."""
        if written is None or written == gain.holes:
            return gain.holes
        units = gain.holes - gain.doubles  # the 12-point blocks, each a hole single or double
        whose = f"{color} marks {counted(written, 'hole')}" + (" from the opponent's throw" if received else "")
        if gain.holes:
            make = f"make {gain.holes}" + (" (a bredouille hole counts two)" if gain.doubles else "")
        elif not points:
            make = "make none: the throw gives him nothing"
        else:
            make = f"make no hole (he reaches {m.players[color].points} of {m.points_per_hole})"
        message = f"{whose}, but his {points} points {make}"
        if units and units <= written <= 2 * units:
            r.warning(message + ": a hole marked single for double, or the reverse, is no école; the score "
                      "follows the record", span, code="holes", rule="rules.md §3.9, §3.11")
        elif written < gain.holes:
            # decided: holes not marked are simply lost, no école (Guiton 1822 ch. 5; Lepeintre 1818 rule 51)
            r.warning(message + ": the holes not marked are lost (no école); the score follows the record", span,
                      code="holes", rule="rules.md §3.9, §3.11")
        else:
            r.error(message, span, code="holes", rule="rules.md §3.9, §3.11",
                    hint="no école for a hole marked single instead of double or the reverse; whole holes "
                         "mis-marked are an école of 12 points")
        m.add_holes(color, written - gain.holes)
        return written

    def _ecoles(self, state: ScoreState, result: ThrowResult, found: Audit, score: ThrowScore, ctx: Reading,
                went: bool) -> tuple[int, bool, int]:
        """Écoles against the roller: those of his own marks and fills, and those of the points he
        received last time (consummated now that he throws) — compared with his ``ecole N`` items.
        Returns the points his opponent marks for them, whether an école was claimed, and how many of those
        points are for the points received, marked before the throw's own (rules.md §3.11: mark points
        received and écoles, throw, mark one's own points)."""
        throw, side = result.throw, result.side
        rival = other(side)
        pending = state.pending.pop(side, [])
        due = found.against(side) + pending
        early = sum(e.points for e in pending if e.kind == "received")
        if found.ecoles and not went:  # after a go the opponent marks nothing, so no école of his
            state.pending.setdefault(rival, []).extend(found.against(rival))
        if not due and not found.ecoles and not throw.ecoles:
            return 0, False, 0
        score.ecoles += [e for e in due if e not in score.ecoles]
        if not self.follow:
            return sum(e.points for e in due), bool(due), early
        r = ctx.r
        for e in found.ecoles:
            if e.kind == "none":
                r.warning(e.text, e.span, code="ecole", rule=ECOLE_SECTION)
        recorded = sum(e.points for e in throw.ecoles)
        verdict = check_recorded(side, recorded, due)
        span = throw.ecoles[0].span if throw.ecoles else None
        if verdict.kind == "unrecorded":
            for e in due:
                _unclaimed(r, e)
        elif verdict.kind == "fausse-ecole":
            # a fausse école is itself an école against the one who marked it, claimed (or not) on his next
            # line; claimed, the points he marked wrongly are taken off (Guiton 1822 ch. 3, LEP18 rule 61)
            state.pending.setdefault(rival, []).append(
                Ecole(rival, recorded, "fausse-ecole", verdict.text, span, let_stand=throw.fausse_case == "let-stand"))
        elif verdict.kind == "wrong":
            r.error(verdict.text, span, code="ecole", rule=ECOLE_SECTION)
        if recorded and verdict.kind in ("ok", "wrong"):
            for e in due:
                if e.kind == "fausse-ecole":
                    state.marking.take_off(e.against, e.points)  # his wrongly marked école comes off
        return recorded, recorded > 0 and verdict.kind != "fausse-ecole", early if verdict.kind == "ok" else 0


_SETUP_RANGE = {
    "points": "a player holds 0 to {} points (every 12 make a hole)",
    "holes": "a partie in play has 0 to {} holes",
    "bredouille": "bredouille:1 (his points run in bredouille) or bredouille:0",
    "pavillon": "pavillon:1 (his holes run uninterrupted, after the opponent's: he holds the pavillon) or pavillon:0",
}
_NO_LIMIT = "a player holds no negative number of holes (a partie à écrire counts them without a limit)"


def _unclaimed(r: Reporter, e: Ecole) -> None:
    """An école the opponent did not mark: an omission the rules let stand (a warning); marks the throw
    cannot give, an error unless the record says the opponent let them stand (``let-stand``: a warning)."""
    code = "fausse-ecole" if e.kind == "fausse-ecole" else "ecole"
    if e.omission:
        r.warning(f"{e.text}; {e.gainer} did not claim it: the rules let it stand, the points are lost", e.span,
                  code=code, rule=ECOLE_SECTION, hint=_ecole_hint(e))
    elif e.let_stand:
        r.warning(f"{e.text}; {e.gainer} let it stand: the points marked stay", e.span, code=code,
                  rule=ECOLE_SECTION)
    else:
        r.error(e.text, e.span, code=code, rule=ECOLE_SECTION, hint=_ecole_hint(e))


def _ecole_hint(e: Ecole) -> str:
    line = f"{e.against}'s next line" if e.kind == "received" else f"{e.against}'s line"
    return f"if {e.gainer} marked it, write 'ecole {e.points}' on {line}"


def _label(event: Event, name: Callable[[int], str]) -> str:
    """'battre-a-vrai 4 (6, 9 on 5')' — the jan, its points, its ways and where."""
    parts = []
    if event.ways and len(event.ways) > 1 or event.jan in ("battre-a-vrai", "battre-a-faux", "remplir", "margot"):
        parts.append(", ".join(str(w) for w in event.ways))
    if event.target is not None:
        parts.append(f"on {name(event.target)}")
    if event.quadrant:
        parts.append(event.quadrant)
    if event.note:
        parts.append(event.note)
    detail = " ".join(p for p in parts if p)
    return f"{event.jan} {event.points}" + (f" ({detail})" if detail else "")
