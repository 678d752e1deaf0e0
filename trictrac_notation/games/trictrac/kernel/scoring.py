"""The fast form of trictrac's scoring (:mod:`..scoring`): the events of a throw on rows of integers.

Every value and choice comes from the rule set's :class:`..scoring.Tariff`, as in the readable engine: which
jans are scored, their points, the variants.  An event is a plain tuple (:data:`KEvent`), made an
:class:`..events.Event` only when a caller shows it (:func:`to_events`).  The plays a throw's fills, keeps,
impuissance and sortie depend on are the kernel's (:func:`.moves.legal`), computed only when a quadrant is
within reach or a number may be unplayable, and answered by the play made where the caller knows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .moves import COIN, DAMES, OFF, OPP_COIN, QUADRANTS, KPlay, Step, legal, pleins

if TYPE_CHECKING:
    from ..events import Event
    from ..scoring import Tariff

RETOUR_LO = 18
QUADRANT_NAMES = ("petit-jan", "grand-jan", "retour")

# (jan, for the roller, points, means, half, target (-1: none), quadrant, ways, rule, note)
KEvent = tuple[str, bool, int, int, "str | None", int, "str | None", tuple[int, ...], str, str]
# what the opening jans need beyond the position: (throw in relevé (0: unknown), deux tables made,
# mézéas made, the first player's dice at the second player's first throw (None))
KHistory = tuple[int, bool, bool, "tuple[int, int] | None"]
NO_HISTORY: KHistory = (0, False, False, None)


class KRoll:
    """One throw to score (:class:`..scoring.Roll`): the mover's row (25 counts: track 24 his dames borne
    off), the opponent's in the mover's frame, the dice; the play made when the caller knows it, and the
    legal plays on demand."""

    __slots__ = ("me", "opp", "a", "b", "doublet", "slow", "made", "_legal")

    def __init__(self, me: list[int], opp: list[int], a: int, b: int, slow: bool = False,
                 made: KPlay | None = None, plays: list[KPlay] | None = None):
        self.me = me
        self.opp = opp
        self.a = a
        self.b = b
        self.doublet = a == b
        self.slow = slow
        self.made = made
        self._legal = plays

    def legal(self) -> list[KPlay]:
        plays = self._legal
        if plays is None:
            plays = self._legal = legal(self.me, self.opp, self.a, self.b, self.slow)
        return plays

    def numbers(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The ways of the throw with the resting distances a sum needs (Roll.numbers)."""
        a, b = self.a, self.b
        if a == b:
            return (a, ()), (2 * a, (a,))
        return (a, ()), (b, ()), (a + b, (a, b))

    def unplayed(self) -> tuple[int, ...]:
        made = self.made
        return made[3] if made is not None else self.legal()[0][3]

    def standing(self, q: int) -> list[KPlay]:
        """The legal plays after which quadrant ``q`` (0, 1, 2) is a plein."""
        made = self.made
        if made is not None and not pleins(made[1]):
            return []
        bit = 1 << q
        return [p for p in self.legal() if pleins(p[1]) & bit]

    def keeps(self, q: int) -> bool:
        made = self.made
        if made is not None and pleins(made[1]) & (1 << q):
            return True
        return bool(self.standing(q))

    def step_number(self, step: Step) -> int:
        if step[2] >= 0:
            return 2 * self.a if self.doublet else self.a + self.b
        return step[1] - step[0]


def _event(t: Tariff, jan: str, mine: bool, doublet: bool, ways: tuple[int, ...] = (), means: int = 0,
           half: str | None = None, target: int = -1, quadrant: str | None = None, rule: str = "",
           note: str = "") -> KEvent:
    """An event worth the rule set's points per way (scoring._event)."""
    if not means:
        means = len(ways) if ways else 1
    return (jan, mine, t.points(jan, doublet, half) * means, means, half, target, quadrant, ways,
            rule or "points." + jan, note)


def events(roll: KRoll, t: Tariff, h: KHistory = NO_HISTORY) -> list[KEvent]:
    """Every scoring event of the throw (scoring.throw_events), in the same order."""
    scored = t.scored
    me = roll.me
    out: list[KEvent] = []
    if me[0] >= DAMES - 4 or h[3] is not None:
        out += _opening(roll, t, h)
    out += before_play(roll, t)
    if "remplir" in scored or "conserver" in scored:
        out += _pleins(roll, t)
    if "sortie" in scored:
        out += _sortie(roll, t)
    if "pile-de-misere" in scored:
        out += _pile_de_misere(roll, t)
    if "margot" in scored:
        out += _margot(roll, t)
    if "impuissance" in scored:
        out += _impuissance(roll, t)
    return out


def before_play(roll: KRoll, t: Tariff) -> list[KEvent]:
    """The events of a throw that no play can change and no history is needed for: the hits à vrai and à faux
    and the coin beaten (:func:`events` gives them in the same words).  What a player weighs of the throws his
    opponent may bring, without listing the opponent's plays."""
    scored = t.scored
    out: list[KEvent] = []
    if "battre-a-vrai" in scored or "battre-a-faux" in scored:
        out += _hits(roll, t)
    if "battre-coin" in scored:
        coin = _battre_coin(roll, t)
        if coin is not None:
            out.append(coin)
    return out


def totals(found: list[KEvent]) -> tuple[int, int]:
    """(points of the roller, points of his opponent)."""
    own = theirs = 0
    for e in found:
        if e[1]:
            own += e[2]
        else:
            theirs += e[2]
    return own, theirs


def to_events(found: list[KEvent], roller: str, t: Tariff) -> list[Event]:
    """The readable engine's Events of kernel events (citations looked up in the rule set)."""
    from ....core.board import other
    from ..events import Event

    rival = other(roller)
    return [Event(jan, roller if mine else rival, points, means, half, None if target < 0 else target, quadrant,
                  list(ways), rule, t.cite(rule), note)
            for jan, mine, points, means, half, target, quadrant, ways, rule, note in found]


# --- the opening jans (§3.2, §3.7) ------------------------------------------------------------------------

def _opening(roll: KRoll, t: Tariff, h: KHistory) -> list[KEvent]:
    me, opp, a, b = roll.me, roll.opp, roll.a, roll.b
    scored = t.scored
    out: list[KEvent] = []
    off_talon = DAMES - me[0] - me[OFF]
    if ("six-tables" in scored and not roll.doublet and h[0] and h[0] <= t.variants["six_tables_throws"]
            and _six_tables(me, a, b)):
        out.append(_event(t, "six-tables", True, False))
    if off_talon == 2 and not me[COIN] and not h[1] and _deux_tables(me, a, b):
        jan = "deux-tables" if not opp[OPP_COIN] else "contre-deux-tables"
        if jan in scored:
            out.append(_event(t, jan, jan == "deux-tables", roll.doublet))
    if off_talon == 2 and me[COIN] == 2 and (a == 1 or b == 1) and not h[2]:
        jan = "mezeas" if not opp[OPP_COIN] else "contre-mezeas"
        if jan in scored:
            out.append(_event(t, jan, jan == "mezeas", roll.doublet))
    first = h[3]
    if "rencontre" in scored and first is not None and (
            first[0] == a and first[1] == b or first[0] == b and first[1] == a):
        out.append(_event(t, "rencontre", True, roll.doublet))
    return out


def _six_tables(me: list[int], a: int, b: int) -> bool:
    missing = [k for k in range(1, 7) if not me[k]]
    if len(missing) != 2:
        return False
    for m1, m2 in ((missing[0], missing[1]), (missing[1], missing[0])):
        s1, s2 = m1 - a, m2 - b
        if s1 < 0 or s2 < 0:
            continue
        if s1 == s2:
            if me[s1] >= 2 + (1 if 1 <= s1 <= 6 else 0):
                return True
        elif me[s1] >= 1 + (1 if 1 <= s1 <= 6 else 0) and me[s2] >= 1 + (1 if 1 <= s2 <= 6 else 0):
            return True
    return False


def _deux_tables(me: list[int], a: int, b: int) -> bool:
    sources = [s for s in range(1, OFF) for _ in range(me[s])]
    if len(sources) != 2:
        return False
    s1, s2 = sources
    for x, y in ((s1, s2), (s2, s1)):
        for d, e in ((a, b), (b, a)):
            if x + d == COIN and y + e == OPP_COIN:
                return True
    return False


# --- battre à vrai / à faux (§3.3) --------------------------------------------------------------------------

def _hits(roll: KRoll, t: Tariff) -> list[KEvent]:
    me, opp = roll.me, roll.opp
    if 1 not in opp:
        return []
    scored = t.scored
    vrai, faux = "battre-a-vrai" in scored, "battre-a-faux" in scored
    numbers = roll.numbers()
    out_vrai: list[KEvent] = []
    out_faux: list[KEvent] = []
    target = -1
    for _ in range(opp.count(1)):
        target = opp.index(1, target + 1)
        ways: list[int] = []
        closed = False
        for n, rests in numbers:
            s = target - n
            if s < 0 or not me[s]:
                continue
            if not rests:
                ways.append(n)
                continue
            open_rest = False
            for r in rests:
                if opp[s + r] <= 1:
                    open_rest = True
                    break
            if open_rest:
                ways.append(n)
            else:
                closed = True
        half = "talon" if target < 6 or target > 17 else "coin"
        if ways:
            if vrai:
                out_vrai.append(_event(t, "battre-a-vrai", True, roll.doublet, tuple(ways), half=half, target=target))
        elif closed and faux:
            out_faux.append(_event(t, "battre-a-faux", False, roll.doublet, (numbers[-1][0],), means=1, half=half,
                                   target=target))
    return out_vrai + out_faux


# --- battre le coin (§3.4) -----------------------------------------------------------------------------------

def _battre_coin(roll: KRoll, t: Tariff) -> KEvent | None:
    me = roll.me
    if me[COIN] < 2 or roll.opp[OPP_COIN]:
        return None
    a, b = roll.a, roll.b
    sa, sb = OPP_COIN - a, OPP_COIN - b
    free_a = me[sa] - (2 if sa == COIN else 0)
    ok = free_a >= 2 if roll.doublet else free_a >= 1 and me[sb] - (2 if sb == COIN else 0) >= 1
    return _event(t, "battre-coin", True, roll.doublet) if ok else None


# --- remplir, conserver (§3.5) ---------------------------------------------------------------------------------

def _pleins(roll: KRoll, t: Tariff) -> list[KEvent]:
    me = roll.me
    scored = t.scored
    out: list[KEvent] = []
    for q in range(3):
        lo, hi = QUADRANTS[q]
        arrows = me[lo:hi]
        deficit = 2 * arrows.count(0) + arrows.count(1)
        if deficit > 2:
            continue
        if deficit == 0:
            if "conserver" in scored and roll.keeps(q):
                note = "par impuissance" if roll.unplayed() else ""
                out.append(_event(t, "conserver", True, roll.doublet, quadrant=QUADRANT_NAMES[q], note=note))
            continue
        short = [k for k in range(lo, hi) if me[k] < 2]
        if "remplir" in scored and _reachable(roll, short):
            event = _fill(roll, t, q, lo, hi, short)
            if event is not None:
                out.append(event)
    return out


def _reachable(roll: KRoll, short: list[int]) -> bool:
    me = roll.me
    numbers = roll.numbers()
    for k in short:
        by_a_way = False
        for n, _ in numbers:
            if k - n >= 0 and me[k - n]:
                by_a_way = True
                break
        if not by_a_way and not (k == COIN and (me[OPP_COIN - roll.a] or me[OPP_COIN - roll.b])):
            return False
    return True


def _fill(roll: KRoll, t: Tariff, q: int, lo: int, hi: int, short: list[int]) -> KEvent | None:
    me = roll.me
    quadrant = QUADRANT_NAMES[q]
    plays = roll.standing(q)
    rule = ""
    note = ""
    if not plays:
        if not t.variants["remplir_en_passant"]:
            return None
        plays = _en_passant(roll, q)
        if not plays:
            return None
        rule, note = "variants.remplir_en_passant", "en passant"
    if len(short) == 1 and me[short[0]] == 1:
        hole = short[0]
        ways: set[int] = set()
        for play in plays:
            for step in play[0]:
                if step[1] != hole:
                    continue
                for src, number in _decompositions(roll, step):
                    if not lo <= src < hi or me[src] >= 3:
                        ways.add(number)
        if q == 2 and t.variants["retour_coin_way"]:
            extra = _coin_ways(roll, hole) - ways
            if extra:
                ways |= extra
                rule, note = "variants.retour_coin_way", (note + " " if note else "") + "the coin counted as a way"
        if ways:
            listed = tuple(sorted(ways))
        else:
            listed = (roll.step_number(next(s for p in plays for s in p[0] if s[1] == hole)),)
        return _event(t, "remplir", True, roll.doublet, listed, quadrant=quadrant, rule=rule, note=note)
    if len(short) == 2 and me[short[0]] == 1 and me[short[1]] == 1:
        count = t.variants["fill_ways_two_half_cases"] or 1
        if count != 1:
            rule = "variants.fill_ways_two_half_cases"
        return _event(t, "remplir", True, roll.doublet, means=count, quadrant=quadrant, rule=rule,
                      note=note or "two half-cases")
    return _event(t, "remplir", True, roll.doublet, means=1, quadrant=quadrant, rule=rule, note=note)


def _decompositions(roll: KRoll, step: Step) -> list[tuple[int, int]]:
    found = [(step[0], roll.step_number(step))]
    if step[2] < 0:
        return found
    a, b = roll.a, roll.b
    for first, rest in ((a, b),) if a == b else ((a, b), (b, a)):
        mid = step[0] + first
        if mid + rest == step[1] and mid != COIN and roll.me[mid]:
            found.append((mid, rest))
    return found


def _en_passant(roll: KRoll, q: int) -> list[KPlay]:
    """Plays whose first or second step alone makes the plein that the whole play breaks, as one-step plays."""
    found: list[KPlay] = []
    bit = 1 << q
    for play in roll.legal():
        steps = play[0]
        if len(steps) != 2:
            continue
        for step in steps:
            row = list(roll.me)
            row[step[0]] -= 1
            if step[1] < OFF:
                row[step[1]] += 1
            if pleins(row) & bit:
                found.append(((step,), play[1], 1, ()))
    return found


def _coin_ways(roll: KRoll, hole: int) -> set[int]:
    me, opp = roll.me, roll.opp
    ways: set[int] = set()
    if me[COIN] < 2:
        return ways
    for n, rests in roll.numbers():
        if COIN + n != hole:
            continue
        if not rests:
            ways.add(n)
            continue
        for r in rests:
            if not opp[COIN + r]:
                ways.add(n)
                break
    return ways


# --- sortie, pile de misère, impuissance, margot -------------------------------------------------------------

def _sortie(roll: KRoll, t: Tariff) -> list[KEvent]:
    me = roll.me
    left = DAMES - me[OFF]
    if left == 0 or left > 2:
        return []
    home = 0
    for k in range(RETOUR_LO, OFF):
        home += me[k]
    if home != left:
        return []
    made = roll.made
    done = made[1][OFF] == DAMES if made is not None else any(p[1][OFF] == DAMES for p in roll.legal())
    return [_event(t, "sortie", True, roll.doublet)] if done else []


def _pile_de_misere(roll: KRoll, t: Tariff) -> list[KEvent]:
    me = roll.me
    if me[COIN] < DAMES - 2:
        return []
    made = roll.made
    plays = [made] if made is not None else roll.legal()
    if not any(p[1][COIN] == DAMES for p in plays):
        return []
    if me[COIN] == DAMES:
        if not t.variants["pile_de_misere_each_roll"]:
            return []
        return [_event(t, "pile-de-misere", True, roll.doublet, rule="variants.pile_de_misere_each_roll",
                       note="kept")]
    return [_event(t, "pile-de-misere", True, roll.doublet)]


def _impuissance(roll: KRoll, t: Tariff) -> list[KEvent]:
    unplayed = roll.unplayed()
    if not unplayed:
        return []
    made = roll.made
    play = made if made is not None else roll.legal()[0]
    if play[1][OFF] == DAMES:
        return []
    return [_event(t, "impuissance", False, roll.doublet, unplayed)]


def _margot(roll: KRoll, t: Tariff) -> list[KEvent]:
    me, opp = roll.me, roll.opp
    kind = t.variants["margot"]
    arrows: dict[int, set[int]] = {}
    if kind == "landing":
        made = roll.made
        if made is None:
            return []
        for step in made[0]:
            dst = step[1]
            if dst < OFF and _between_blots(me, opp, dst):
                arrows.setdefault(dst, set()).add(roll.step_number(step))
    else:
        numbers = roll.numbers()
        if kind == "tout-d-une":
            numbers = numbers[-1:]
        for n, rests in numbers:
            for s in range(0, OFF - n):
                dst = s + n
                if not me[s] or (kind == "tout-d-une" and dst < RETOUR_LO) or not _between_blots(me, opp, dst):
                    continue
                if not rests or any(opp[s + r] <= 1 for r in rests):
                    arrows.setdefault(dst, set()).add(n)
    per_way = t.variants["margot_ways"] == "per-way"
    return [_event(t, "margot", False, roll.doublet, tuple(sorted(ways)), means=len(ways) if per_way else 1,
                   target=dst)
            for dst, ways in sorted(arrows.items())]


def _between_blots(me: list[int], opp: list[int], k: int) -> bool:
    return 0 < k < 23 and not me[k] and not opp[k] and opp[k - 1] == 1 and opp[k + 1] == 1
