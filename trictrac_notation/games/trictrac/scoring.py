"""The events of one throw (rules.md §3): every jan with its ways, table and beneficiary.

Events depend on the position before the throw, the dice, what the relevé has seen so
far (the opening jans, :class:`History`) and — for fills, keeps, impuissance and the
sortie only — the legal plays.  Hits are fictive (§3.3) and need no move generation;
legal plays are generated only when a plein is within reach or a number may be
unplayable, and the play actually made (when the replay knows it) answers most of
those questions without generating them.

Nothing here knows a treatise: every value and choice comes from the rule set
(``has`` / ``points`` / ``variant``), read once into a :class:`Tariff`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ...core.board import COIN, DAMES, OFF, OPP_COIN, TALON, Position, half_of, other
from .events import JANS, Event
from .moves import PARISIAN, QUADRANTS, MoveRules, Play, Step, lacking, legal_plays, plein, pleins

if TYPE_CHECKING:
    from ...rules.rulesets import RuleSet

RETOUR_LO = QUADRANTS["retour"][0]


# --- the rule set, read once --------------------------------------------------------------

class Tariff:
    """A rule set's answers looked up once: which jans count, their points, the variants, citations."""

    VARIANTS = ("fill_ways_two_half_cases", "retour_coin_way", "remplir_en_passant", "six_tables_throws",
                "margot", "margot_ways", "pile_de_misere_each_roll")

    def __init__(self, ruleset: RuleSet):
        self.ruleset = ruleset
        self.scored = frozenset(j for j in JANS if ruleset.has(j))
        self._points: dict[tuple[str, bool, str | None], int] = {}
        self._cites: dict[str, str] = {}
        self.variants: dict[str, Any] = {}  # the variants' values (None: not stated, its jan is off)
        for name in self.VARIANTS:
            try:
                self.variants[name] = ruleset.variant(name)
            except KeyError:  # a variant a set need not state (its jan is off)
                self.variants[name] = None

    def points(self, jan: str, doublet: bool, half: str | None = None) -> int:
        key = (jan, doublet, half)
        value = self._points.get(key)
        if value is None:
            value = self._points[key] = self.ruleset.points(jan, doublet, half)
        return value

    def cite(self, key: str) -> str:
        value = self._cites.get(key)
        if value is None:
            value = self._cites[key] = self.ruleset.citation(key)
        return value


@functools.lru_cache(maxsize=32)
def tariff(ruleset: RuleSet) -> Tariff:
    """The :class:`Tariff` of a rule set (cached per RuleSet object)."""
    return Tariff(ruleset)


# --- what a throw is scored from ------------------------------------------------------------

class History:
    """What the opening jans need to know beyond the position (kept by the scorer).

    ``throw_in_releve``: the roller's throws in this relevé, this one included (None:
    unknown, and the jan de six tables is not scored); ``deux_tables_made``: the roller
    already made the jan de deux tables (or its contre-jan) in this partie or relevé;
    ``mezeas_made``: a jan de mézéas (or contre-jan) was already made; ``rencontre_dice``:
    the first player's first throw, given only at the second player's first throw.
    """

    __slots__ = ("throw_in_releve", "deux_tables_made", "mezeas_made", "rencontre_dice")

    def __init__(self, throw_in_releve: int | None = None, deux_tables_made: bool = False,
                 mezeas_made: bool = False, rencontre_dice: tuple[int, int] | None = None):
        self.throw_in_releve = throw_in_releve
        self.deux_tables_made = deux_tables_made
        self.mezeas_made = mezeas_made
        self.rencontre_dice = rencontre_dice


NO_HISTORY = History()


class Roll:
    """One throw to score: the position before it, the roller, the dice, and its legal plays on demand.

    ``made`` is the legal play actually made when the caller knows it (the replay does);
    ``legal`` may be the list of legal plays or a function computing it.
    """

    __slots__ = ("position", "roller", "dice", "doublet", "me", "opp", "movement", "made", "_legal")

    def __init__(self, position: Position, roller: str, dice: Sequence[int], movement: MoveRules = PARISIAN,
                 made: Play | None = None, legal: list[Play] | Callable[[], list[Play]] | None = None):
        self.position = position
        self.roller = roller
        self.dice = (dice[0], dice[1])
        self.doublet = dice[0] == dice[1]
        self.me = position.row(roller)
        self.opp = position.row(other(roller))[::-1]  # opponent dames seen in the roller's frame
        self.movement = movement
        self.made = made
        self._legal = legal

    @property
    def legal(self) -> list[Play]:
        if self._legal is None:
            self._legal = legal_plays(self.position, self.roller, self.dice, self.movement)
        elif callable(self._legal):
            self._legal = self._legal()
        return self._legal

    def numbers(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The ways of the throw with the resting distances a sum needs: ((n, rests), ...)."""
        a, b = self.dice
        if self.doublet:
            return (a, ()), (2 * a, (a,))
        return (a, ()), (b, ()), (a + b, (a, b))

    def unplayed(self) -> tuple[int, ...]:
        """The numbers that cannot be played (rules.md §2 M5, M6)."""
        if self.made is not None:
            return self.made.unplayed
        return self.legal[0].unplayed

    def standing(self, quadrant: str) -> list[Play]:
        """The legal plays after which ``quadrant`` is a plein."""
        made = self.made
        if made is not None and not pleins(made.row_after):
            return []  # the plein obligation: had any play made a plein, this one would not be legal
        return [p for p in self.legal if plein(p.row_after, quadrant)]

    def keeps(self, quadrant: str) -> bool:
        made = self.made
        if made is not None and plein(made.row_after, quadrant):
            return True
        return bool(self.standing(quadrant))

    def step_number(self, step: Step) -> int:
        """The number (way) a step of a legal play uses: a die, or the sum for a dame played tout d'une."""
        if step.via is not None:
            return 2 * self.dice[0] if self.doublet else self.dice[0] + self.dice[1]
        return step.dst - step.src


# --- the events ------------------------------------------------------------------------------

def throw_events(roll: Roll, rules: RuleSet | Tariff, history: History = NO_HISTORY) -> list[Event]:
    """Every scoring event of ``roll`` under ``rules`` (a RuleSet or its Tariff), in marking order
    within each beneficiary: opening jans, hits, the coin, pleins, sortie, then the opponent's."""
    t = rules if isinstance(rules, Tariff) else tariff(rules)
    scored = t.scored
    events: list[Event] = []
    if roll.me[TALON] >= DAMES - 4 or history.rencontre_dice is not None:  # the opening jans need a full talon
        events += _opening(roll, t, history)
    if "battre-a-vrai" in scored or "battre-a-faux" in scored:
        events += _hits(roll, t)
    if "battre-coin" in scored:
        events += _battre_coin(roll, t)
    if "remplir" in scored or "conserver" in scored:
        events += _pleins(roll, t)
    if "sortie" in scored:
        events += _sortie(roll, t)
    if "pile-de-misere" in scored:
        events += _pile_de_misere(roll, t)
    if "margot" in scored:
        events += _margot(roll, t)
    if "impuissance" in scored:
        events += _impuissance(roll, t)
    return events


def _event(t: Tariff, jan: str, who: str, doublet: bool, ways: Sequence[int] = (), means: int | None = None,
           half: str | None = None, target: int | None = None, quadrant: str | None = None, rule: str | None = None,
           note: str = "") -> Event:
    """An event worth the rule set's points per way."""
    means = means if means is not None else max(1, len(ways))
    rule = rule or f"points.{jan}"
    return Event(jan, who, t.points(jan, doublet, half) * means, means, half, target, quadrant, list(ways),
                 rule, t.cite(rule), note)


# --- the opening jans (§3.2, §3.7) -------------------------------------------------------------

def _opening(roll: Roll, t: Tariff, h: History) -> list[Event]:
    me, opp, a, b = roll.me, roll.opp, roll.dice[0], roll.dice[1]
    roller, rival = roll.roller, other(roll.roller)
    out: list[Event] = []
    off_talon = DAMES - me[TALON] - roll.position.borne_off(roller)
    # jan de six tables: four of the arrows 1..6 covered, the two numbers cover the other two
    if ("six-tables" in t.scored and not roll.doublet and h.throw_in_releve is not None
            and h.throw_in_releve <= t.variants["six_tables_throws"] and _six_tables(me, a, b)):
        out.append(_event(t, "six-tables", roller, False))
    # jan de deux tables: exactly two dames off the talon, one number carries one to the own
    # coin, the other the other to the opponent's coin (by puissance: nothing moves)
    if off_talon == 2 and not me[COIN] and not h.deux_tables_made and _deux_tables(me, a, b):
        jan = "deux-tables" if not opp[OPP_COIN] else "contre-deux-tables"
        if jan in t.scored:
            out.append(_event(t, jan, roller if jan == "deux-tables" else rival, roll.doublet))
    # jan de mézéas: the coin taken with the only two dames off the talon, and an ace thrown
    if off_talon == 2 and me[COIN] == 2 and 1 in roll.dice and not h.mezeas_made:
        jan = "mezeas" if not opp[OPP_COIN] else "contre-mezeas"
        if jan in t.scored:
            out.append(_event(t, jan, roller if jan == "mezeas" else rival, roll.doublet))
    # jan de rencontre: the second player's first throw repeats the first player's
    if "rencontre" in t.scored and h.rencontre_dice is not None and sorted(h.rencontre_dice) == sorted(roll.dice):
        out.append(_event(t, "rencontre", roller, roll.doublet))
    return out


def _six_tables(me: Sequence[int], a: int, b: int) -> bool:
    """Whether exactly four of the arrows 1..6 are covered and the two numbers (one dame each)
    cover the other two while every covered arrow stays covered (rules.md §3.2, engine note)."""
    missing = [k for k in range(1, 7) if not me[k]]
    if len(missing) != 2:
        return False
    for m1, m2 in (missing, missing[::-1]):
        s1, s2 = m1 - a, m2 - b
        if s1 < 0 or s2 < 0:
            continue
        need = {s1: 1}
        need[s2] = need.get(s2, 0) + 1
        # a source among the arrows 1..6 must keep a dame; the talon only needs the dames
        if all(me[s] >= n + (1 if 1 <= s <= 6 else 0) for s, n in need.items()):
            return True
    return False


def _deux_tables(me: Sequence[int], a: int, b: int) -> bool:
    """The two dames off the talon reach the own coin (11) and the opponent's (12) by one number each."""
    sources = [s for s in range(1, OFF) if me[s] for _ in range(me[s])]
    if len(sources) != 2:
        return False
    s1, s2 = sources
    return any(x + d == COIN and y + e == OPP_COIN for x, y in ((s1, s2), (s2, s1)) for d, e in ((a, b), (b, a)))


# --- battre à vrai / à faux (§3.3) ------------------------------------------------------------

def _hits(roll: Roll, t: Tariff) -> list[Event]:
    """Each opposing demi-case that the roll could beat: à vrai by every way that reaches it, or
    à faux when only the sum reaches it and every resting arrow is closed (two opposing dames or more)."""
    me, opp = roll.me, roll.opp
    numbers = roll.numbers()
    out_vrai: list[Event] = []
    out_faux: list[Event] = []
    vrai, faux = "battre-a-vrai" in t.scored, "battre-a-faux" in t.scored
    if 1 not in opp:
        return []
    for target, count in enumerate(opp):
        if count != 1:
            continue
        ways: list[int] = []
        closed = False
        for n, rests in numbers:
            s = target - n
            if s < 0 or not me[s]:
                continue
            if not rests or any(opp[s + r] <= 1 for r in rests):
                ways.append(n)
            else:
                closed = True
        half = half_of(target)
        if ways:
            if vrai:
                out_vrai.append(_event(t, "battre-a-vrai", roll.roller, roll.doublet, ways, half=half, target=target))
        elif closed and faux:
            out_faux.append(_event(t, "battre-a-faux", other(roll.roller), roll.doublet, [numbers[-1][0]], means=1,
                                   half=half, target=target))
    return out_vrai + out_faux


# --- battre le coin (§3.4) ----------------------------------------------------------------------

def _battre_coin(roll: Roll, t: Tariff) -> list[Event]:
    """Own coin held, the opponent's empty, and two different dames reach it, one per number; the
    pair holding the own coin cannot serve (its surcases can); the sum never counts."""
    me, opp = roll.me, roll.opp
    if me[COIN] < 2 or opp[OPP_COIN]:
        return []
    a, b = roll.dice
    free = list(me)
    free[COIN] -= 2
    ok = free[OPP_COIN - a] >= 2 if roll.doublet else free[OPP_COIN - a] >= 1 and free[OPP_COIN - b] >= 1
    return [_event(t, "battre-coin", roll.roller, roll.doublet)] if ok else []


# --- remplir, conserver (§3.5) -------------------------------------------------------------------

def _pleins(roll: Roll, t: Tariff) -> list[Event]:
    me = roll.me
    out: list[Event] = []
    for quadrant, (lo, hi) in QUADRANTS.items():
        deficit = lacking(me, quadrant)
        if deficit > 2:
            continue
        short = [k for k in range(lo, hi) if me[k] < 2]
        if deficit == 0:
            if "conserver" in t.scored and roll.keeps(quadrant):
                note = "par impuissance" if roll.unplayed() else ""
                out.append(_event(t, "conserver", roll.roller, roll.doublet, quadrant=quadrant, note=note))
        elif "remplir" in t.scored and _reachable(roll, short):
            event = _fill(roll, t, quadrant, lo, hi, short)
            if event:
                out.append(event)
    return out


def _reachable(roll: Roll, lacking: Iterable[int]) -> bool:
    """A cheap necessary condition for a fill: every lacking arrow can receive a dame by some way
    (or, for the coin, par puissance)."""
    me = roll.me
    for k in lacking:
        by_a_way = any(k - n >= 0 and me[k - n] for n, _ in roll.numbers())
        if not by_a_way and not (k == COIN and any(me[OPP_COIN - d] for d in roll.dice)):
            return False
    return True


def _fill(roll: Roll, t: Tariff, quadrant: str, lo: int, hi: int, lacking: list[int]) -> Event | None:
    """The fill of ``quadrant`` and its ways (rules.md §3.5).

    decided: a number is a way when some complete legal play puts a dame on the lacking arrow
    with that number, from outside the quadrant or from a surcase (an arrow of three or more),
    and leaves the plein standing (rules.md §3.5 'engine interpretation', refined by E11: 4-1
    fills by the 4 and the 5, not by the 1 from an arrow of two refilled by the other number).
    The coin's pair never reaches the jan de retour in a real play (a single die from the coin
    stops short of it, and one dame may not leave alone), so only ``retour_coin_way`` counts it.
    Ways are counted only when exactly one dame is missing; two half-cases count
    ``fill_ways_two_half_cases`` ways, a whole case one way.
    decided: under ``retour_coin_way`` a dame of the coin pair adds a way to a fill the throw makes,
    but never makes a fill by itself (the pair cannot really move; example E21, White 6-1 → 0).
    """
    me = roll.me
    plays = roll.standing(quadrant)
    rule = None
    note = ""
    if not plays:
        if not t.variants["remplir_en_passant"]:
            return None
        plays = _en_passant(roll, quadrant)
        if not plays:
            return None
        rule, note = "variants.remplir_en_passant", "en passant"
    if len(lacking) == 1 and me[lacking[0]] == 1:
        hole = lacking[0]
        ways: set[int] = set()
        for play in plays:
            for step in play.steps:
                if step.dst != hole:
                    continue
                for src, number in _decompositions(roll, step):
                    if not lo <= src < hi or me[src] >= 3:
                        ways.add(number)
        if quadrant == "retour" and t.variants["retour_coin_way"]:
            extra = _coin_ways(roll, hole) - ways
            if extra:
                ways |= extra
                rule, note = "variants.retour_coin_way", (note + " " if note else "") + "the coin counted as a way"
        listed = sorted(ways) or [roll.step_number(next(s for p in plays for s in p.steps if s.dst == hole))]
        return _event(t, "remplir", roll.roller, roll.doublet, listed, quadrant=quadrant, rule=rule, note=note)
    if len(lacking) == 2 and all(me[k] == 1 for k in lacking):
        count = t.variants["fill_ways_two_half_cases"] or 1
        if count != 1:
            rule = "variants.fill_ways_two_half_cases"
        return _event(t, "remplir", roll.roller, roll.doublet, means=count, quadrant=quadrant, rule=rule,
                      note=note or "two half-cases")
    return _event(t, "remplir", roll.roller, roll.doublet, means=1, quadrant=quadrant, rule=rule, note=note)


def _decompositions(roll: Roll, step: Step) -> list[tuple[int, int]]:
    """The (source, number) pairs by which ``step`` brings a dame to its arrow.

    A dame played tout d'une through a resting arrow that holds a dame of the roller leads to the
    same position as that dame playing the rest while the first stops on the resting arrow (3-3 from
    h-6 to h through h-3 = h-3 to h by 3 and h-6 to h-3): the legal plays list the position once,
    but both numbers are ways of filling (Lelasseux-Lafosse 1852 §304: 'with 6 and 3, the common
    throws are 6-3 and 3-3', i.e. 3-3 fills two ways)."""
    found = [(step.src, roll.step_number(step))]
    if step.via is None:
        return found
    a, b = roll.dice
    for first, rest in {(a, b), (b, a)}:
        mid = step.src + first
        if mid + rest == step.dst and mid != COIN and roll.me[mid]:
            found.append((mid, rest))
    return found


def _en_passant(roll: Roll, quadrant: str) -> list[Play]:
    """Plays whose first or second step alone makes the plein that the whole play breaks
    (remplir en passant, rules.md §3.5), as one-step plays for counting ways."""
    found: list[Play] = []
    for play in roll.legal:
        if len(play.steps) != 2:
            continue
        for step in play.steps:
            row = list(roll.me)
            row[step.src] -= 1
            if step.dst < OFF:
                row[step.dst] += 1
            if plein(row, quadrant):
                found.append(Play((step,), 1, play.result, (), roll.roller))
    return found


def _coin_ways(roll: Roll, hole: int) -> set[int]:
    """Ways by which a dame of the own coin's pair would reach ``hole`` (counted only by the older
    opinion, variant retour_coin_way; rules.md §3.5, example E21)."""
    me, opp = roll.me, roll.opp
    if me[COIN] < 2:
        return set()
    ways: set[int] = set()
    for n, rests in roll.numbers():
        if COIN + n != hole:
            continue
        if not rests or any(not opp[COIN + r] for r in rests):
            ways.add(n)
    return ways


# --- sortie, pile de misère, impuissance, margot ---------------------------------------------------

def _sortie(roll: Roll, t: Tariff) -> list[Event]:
    """The first to bear off all fifteen scores for that last throw (rules.md §3.8)."""
    left = DAMES - roll.position.borne_off(roll.roller)
    if left == 0 or left > 2 or sum(roll.me[RETOUR_LO:OFF]) != left:
        return []
    if roll.made is not None:
        done = roll.made.result.borne_off(roll.roller) == DAMES
    else:
        done = any(p.result.borne_off(roll.roller) == DAMES for p in roll.legal)
    return [_event(t, "sortie", roll.roller, roll.doublet)] if done else []


def sortie_events(rules: RuleSet | Tariff, roller: str, doublet: bool) -> list[Event]:
    """The events of a throw *pour tout* (Guiton 1822 ch. 7, Lepeintre 1818 rules 74-75): the player
    certain to bear off first throws once for the sortie and the next relevé; the throw scores the
    sortie alone (decided: nothing else of the old relevé, whose remaining dames count as borne off)."""
    t = rules if isinstance(rules, Tariff) else tariff(rules)
    return [_event(t, "sortie", roller, doublet)] if "sortie" in t.scored else []


def unplayed_events(rules: RuleSet | Tariff, roller: str, doublet: bool, numbers: Sequence[int]) -> list[Event]:
    """Impuissance for ``numbers`` left unplayed by a fausse case the opponent let stand (Guiton 1822
    ch. 3, 'Fausse case': he then marks 2 for the number not played)."""
    t = rules if isinstance(rules, Tariff) else tariff(rules)
    if not numbers or "impuissance" not in t.scored:
        return []
    return [_event(t, "impuissance", other(roller), doublet, list(numbers), note="left by a fausse case let stand")]


def _pile_de_misere(roll: Roll, t: Tariff) -> list[Event]:
    """All fifteen dames stacked on the own coin: scored when made, and again each throw it is kept
    if the rule set says so (rules.md §3.7)."""
    me = roll.me
    if me[COIN] < DAMES - 2:
        return []
    plays = [roll.made] if roll.made is not None else roll.legal
    if not any(p.row_after[COIN] == DAMES for p in plays):
        return []
    if me[COIN] == DAMES:
        if not t.variants["pile_de_misere_each_roll"]:
            return []
        return [_event(t, "pile-de-misere", roll.roller, roll.doublet, rule="variants.pile_de_misere_each_roll",
                       note="kept")]
    return [_event(t, "pile-de-misere", roll.roller, roll.doublet)]


def _impuissance(roll: Roll, t: Tariff) -> list[Event]:
    """Each number that cannot be played gives the opponent its points (rules.md §2 M6).

    decided: the numbers left over by the throw that bears off the player's last dame are no
    impuissance: no dame is left to play them, and the sortie is scored alone (Guiton 1822 ch. 7
    and Lelasseux-Lafosse 1852 §118 give the last throw the sortie's points and nothing else)."""
    unplayed = roll.unplayed()
    if not unplayed:
        return []
    play = roll.made if roll.made is not None else roll.legal[0]
    if play.result.borne_off(roll.roller) == DAMES:
        return []
    return [_event(t, "impuissance", other(roll.roller), roll.doublet, list(unplayed))]


def _margot(roll: Roll, t: Tariff) -> list[Event]:
    """Margot la fendue (rules.md §3.7): a dame that falls on an empty arrow lying between two
    opposing demi-cases costs its player the points, to the opponent.

    The variant ``margot`` picks the definition: 'between-blots' (a die or the sum, fictive like a
    hit), 'tout-d-une' (the sum only, into the opponent's petit jan), 'landing' (a dame of the play
    made actually stops there).
    decided: 'landing' needs the play made, so the score command (which has none) never finds it.
    """
    me, opp = roll.me, roll.opp
    kind = t.variants["margot"]
    arrows: dict[int, set[int]] = {}
    if kind == "landing":
        if roll.made is None:
            return []
        for step in roll.made.steps:
            if step.dst < OFF and _between_blots(me, opp, step.dst):
                arrows.setdefault(step.dst, set()).add(roll.step_number(step))
    else:
        numbers = roll.numbers()[-1:] if kind == "tout-d-une" else roll.numbers()
        for n, rests in numbers:
            for s in range(0, OFF - n):
                dst = s + n
                if not me[s] or (kind == "tout-d-une" and dst < RETOUR_LO) or not _between_blots(me, opp, dst):
                    continue
                if not rests or any(opp[s + r] <= 1 for r in rests):
                    arrows.setdefault(dst, set()).add(n)
    per_way = t.variants["margot_ways"] == "per-way"
    rival = other(roll.roller)
    return [_event(t, "margot", rival, roll.doublet, sorted(ways), means=len(ways) if per_way else 1, target=dst)
            for dst, ways in sorted(arrows.items())]


def _between_blots(me: Sequence[int], opp: Sequence[int], k: int) -> bool:
    return 0 < k < 23 and not me[k] and not opp[k] and opp[k - 1] == 1 and opp[k + 1] == 1


# --- totals ------------------------------------------------------------------------------------------

def totals(events: Iterable[Event], roller: str) -> tuple[int, int]:
    """(points of the roller, points of his opponent) of a list of events."""
    own = sum(e.points for e in events if e.beneficiary == roller)
    return own, sum(e.points for e in events) - own
