"""Legal plays of a throw (rules.md §2 and §3.5, §3.8).

A *play* is everything one player does with one throw: zero, one or two steps
(one dame per die), one dame tout d'une, or the coin taken par puissance.  All
hitting is fictive and handled by the scoring engine; here we only decide
where dames may go.

The public entry point is :func:`legal_plays`; :func:`explain_play` says, for a
play that is not legal, which rule it breaks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from ...core.board import COIN, DAMES, OFF, OPP_COIN, Position, other

QUADRANTS = {"petit-jan": (0, 6), "grand-jan": (6, 12), "retour": (18, 24)}
# the numbers a recorded step uses: one die, both (tout d'une), or ("puissance",) for the coin par puissance
Numbers = tuple[int | str, ...]
Fitted = list[tuple["Step", Numbers]]

# rule id -> (where it is written, what it says); quoted by diagnostics.
RULES = {
    "M1": ("rules.md §2 M1", "each die moves one dame by its number, or one dame plays both (tout d'une)"),
    "M2": ("rules.md §2 M2", "no dame may stop on an arrow holding an opponent dame"),
    "M3": ("rules.md §2 M3", "tout d'une needs a resting arrow free of opponent dames"),
    "M4": ("rules.md §2 M4", "a doublet is played once: two dames, or one dame tout d'une"),
    "M5": ("rules.md §2 M5", "both numbers must be played if possible, else the higher"),
    "M7": ("rules.md §2 M7", "the coin de repos is taken and left by two dames at once"),
    "M8": ("rules.md §2 M8",
           "the coin par puissance only when the opponent's coin is empty and it cannot be taken par effet"),
    "M10": ("rules.md §2 M10", "never place a dame on the opponent's coin de repos"),
    "M12": ("rules.md §2 M12", "no dame may stop in an opponent's jan while he can still fill it"),
    "S1": ("rules.md §3.8", "dames are borne off only when all fifteen are in the jan de retour"),
    "S2": ("rules.md §3.8", "a number too big for the band bears off only the farthest dame"),
    "S3": ("rules.md §3.8, §4 D11", "slow sortie: a dame leaves only when the number cannot be played inside"),
    "P1": ("rules.md §3.5", "filling or keeping a plein is compulsory when a full play allows it"),
    "X1": ("rules.md §2 M1", "a dame must stand on the arrow it is moved from"),
}


@dataclass(frozen=True)
class MoveRules:
    """The movement choices a treatise makes (rules.md §4 D11).

    ``sortie``: 'parisian' (rapid; the band is an extra arrow) or 'slow'
    (provincial: a dame leaves only when the number can be played by no dame inside).
    """

    sortie: str = "parisian"


PARISIAN = MoveRules()


@dataclass(frozen=True)
class Step:
    """One dame moved: from ``src`` to ``dst`` (own frame; OFF = borne off)."""

    src: int
    dst: int
    via: int | None = None  # resting arrow of a dame played tout d'une
    puissance: bool = False  # coin taken par puissance

    @property
    def distance(self) -> int:
        return self.dst - self.src


@dataclass(frozen=True)
class Play:
    """A complete use of one throw."""

    steps: tuple[Step, ...]
    dice_used: int  # how many of the two numbers were played (0, 1 or 2)
    result: Position = field(compare=False)
    unplayed: tuple[int, ...] = ()  # the numbers that could not be played
    mover: str = "white"

    @property
    def row_after(self) -> tuple[int, ...]:
        return self.result.row(self.mover)

    @property
    def tout_d_une(self) -> bool:
        return len(self.steps) == 1 and self.steps[0].via is not None


def plein(row: Sequence[int], quadrant: str) -> bool:
    """Whether ``row`` (own frame) has two dames or more on each arrow of a quadrant."""
    lo, hi = QUADRANTS[quadrant]
    return all(row[t] >= 2 for t in range(lo, hi))


def lacking(row: tuple[int, ...] | list[int], quadrant: str) -> int:
    """How many dames the quadrant lacks to be a plein: one throw brings at most two."""
    lo, hi = QUADRANTS[quadrant]
    arrows = row[lo:hi]
    return 2 * arrows.count(0) + arrows.count(1)


def pleins(row: Sequence[int]) -> frozenset[str]:
    return frozenset(q for q in QUADRANTS if plein(row, q))


def can_still_fill(row: Sequence[int], lo: int, hi: int) -> bool:
    """Whether a player still has the material to fill his quadrant lo..hi-1:
    each arrow needs two dames standing on it or behind it (Hall's condition on
    the prefixes; rules.md §2 M12 'enough of his dames not yet past the arrows he lacks')."""
    behind = sum(row[:lo])
    for k in range(lo, hi):
        behind += row[k]
        if behind < 2 * (k - lo + 1):
            return False
    return True


class _Board:
    """Mutable working copy used while generating one throw's plays."""

    __slots__ = ("color", "row", "opp", "off", "no_stop", "rules")

    def __init__(self, position: Position, color: str, rules: MoveRules):
        self.color = color
        self.rules = rules
        self.row = list(position.row(color))
        self.off = position.borne_off(color)
        opp_row = position.row(other(color))
        # opponent dames seen in our frame
        self.opp = opp_row[::-1]
        # arrows of the opponent's half where we may not stop (M10, M12)
        no_stop = {OPP_COIN}
        if can_still_fill(opp_row, 6, 12):
            no_stop.update(range(12, 18))
        if can_still_fill(opp_row, 0, 6):
            no_stop.update(range(18, 24))
        self.no_stop = no_stop

    # --- single steps ------------------------------------------------------------
    def stop_reason(self, dst: int) -> str | None:
        """Why a dame may not stop on ``dst`` (None when it may)."""
        if self.opp[dst]:
            return "M2"
        if dst in self.no_stop:
            return "M10" if dst == OPP_COIN else "M12"
        return None

    def all_home(self) -> bool:
        return sum(self.row[18:24]) + self.off == DAMES

    def bear_reason(self, src: int, dst: int) -> str | None:
        """Why a dame on ``src`` may not be borne off with a number reaching ``dst`` >= OFF."""
        if not self.all_home():
            return "S1"
        if dst > OFF and any(self.row[t] for t in range(18, src)):
            return "S2"
        if self.rules.sortie == "slow" and self._playable_inside(dst - src):
            return "S3"
        return None

    def _playable_inside(self, die: int) -> bool:
        return any(
            self.row[t] and t + die < OFF and self.stop_reason(t + die) is None for t in range(18, 24)
        )

    def step_reason(self, src: int, die: int) -> str | None:
        if not self.row[src]:
            return "X1"
        dst = src + die
        if dst >= OFF:
            return self.bear_reason(src, dst)
        return self.stop_reason(dst)

    def move(self, src: int, dst: int) -> None:
        self.row[src] -= 1
        if dst >= OFF:
            self.off += 1
        else:
            self.row[dst] += 1

    def unmove(self, src: int, dst: int) -> None:
        self.row[src] += 1
        if dst >= OFF:
            self.off -= 1
        else:
            self.row[dst] -= 1

    # --- tout d'une -------------------------------------------------------------
    def tout_d_une_reason(self, src: int, first: int, second: int) -> str | None:
        """Why one dame may not play ``first`` then ``second`` resting in between."""
        if not self.row[src]:
            return "X1"
        via = src + first
        if via >= OFF:
            return "M3"
        if self.opp[via]:
            return "M3"
        self.move(src, via)
        try:
            return self.step_reason(via, second)
        finally:
            self.unmove(src, via)

    def sources(self) -> list[int]:
        return [t for t in range(24) if self.row[t]]

    def position(self, template: Position) -> Position:
        row, off = tuple(self.row), self.off
        if self.color == "white":
            return Position(row, template.black, off, template.off_black)
        return Position(template.white, row, template.off_white, off)


def _coin_ok(row: Sequence[int], before: int = 0) -> bool:
    """The coin holds no lone dame after the play (M7) — unless it already held one
    before (a position only reachable through an earlier fausse case)."""
    return row[COIN] != 1 or before == 1


def legal_plays(position: Position, color: str, dice: tuple[int, int], rules: MoveRules = PARISIAN) -> list[Play]:
    """Every legal play of ``color`` throwing ``dice`` in ``position``.

    Plays that lead to the same position are listed once.  The list is never
    empty: when nothing can be played it holds the empty play.
    """
    candidates = _candidates(position, color, dice, rules)
    return _obliged(candidates, dice)


def _candidates(position: Position, color: str, dice: tuple[int, int], rules: MoveRules) -> dict[object, Play]:
    """All plays respecting the movement rules, keyed by resulting position (the mover's row and dames
    borne off), before the 'play as much as possible' and plein obligations."""
    a, b = dice
    board = _Board(position, color, rules)
    row = board.row
    coin_before = row[COIN]
    found: dict[object, Play] = {}
    # where a dame may stop: the opponent's dames and the no-stop arrows stay put during one throw
    open_ = [not board.opp[t] and t not in board.no_stop for t in range(OFF)]

    def may_play(src: int, die: int) -> bool:
        """board.step_reason(src, die) is None, for a src holding a dame."""
        dst = src + die
        return open_[dst] if dst < OFF else board.bear_reason(src, dst) is None

    def add(steps: Iterable[Step], used: int, numbers_played: Iterable[int]) -> None:
        if not _coin_ok(row, coin_before):
            return
        key = (tuple(row), board.off)
        if key not in found:
            unplayed = list(dice)
            for n in numbers_played:
                unplayed.remove(n)
            found[key] = Play(tuple(steps), used, board.position(position), tuple(unplayed), color)

    # the coin par puissance (M8): comes first so that its description wins ties
    for steps in _puissance(board, a, b):
        for s in steps:
            board.move(s.src, s.dst)
        add(steps, 2, (a, b))
        for s in steps:
            board.unmove(s.src, s.dst)

    # one dame tout d'une (M1, M3)
    orders = ((a, b),) if a == b else ((a, b), (b, a))
    for src in board.sources():
        for first, second in orders:
            if board.tout_d_une_reason(src, first, second) is None:
                dst = min(src + a + b, OFF)
                board.move(src, dst)
                add([Step(src, dst, via=src + first)], 2, (a, b))
                board.unmove(src, dst)
                break

    # two dames, one number each
    for first, second in orders:
        for src1 in board.sources():
            if not may_play(src1, first):
                continue
            dst1 = min(src1 + first, OFF)
            board.move(src1, dst1)
            for src2 in board.sources():
                if may_play(src2, second):
                    dst2 = min(src2 + second, OFF)
                    board.move(src2, dst2)
                    add([Step(src1, dst1), Step(src2, dst2)], 2, (first, second))
                    board.unmove(src2, dst2)
            board.unmove(src1, dst1)

    # one number only
    for die in (a,) if a == b else (a, b):
        for src in board.sources():
            if may_play(src, die):
                dst = min(src + die, OFF)
                board.move(src, dst)
                add([Step(src, dst)], 1, (die,))
                board.unmove(src, dst)

    if not found:
        found[position] = Play((), 0, position, (a, b), color)
    return found


def _puissance(board: _Board, a: int, b: int) -> list[list[Step]]:
    """The coin taken par puissance, if the throw allows it (rules.md §2 M8)."""
    row = board.row
    if row[COIN] or board.opp[OPP_COIN] or a == 1 or b == 1:
        return []
    need: dict[int, int] = {}
    for d in (a, b):
        need[12 - d] = need.get(12 - d, 0) + 1
    if any(row[t] < n for t, n in need.items()):
        return []
    effet: dict[int, int] = {}
    for d in (a, b):
        effet[11 - d] = effet.get(11 - d, 0) + 1
    if all(row[t] >= n for t, n in effet.items()):
        return []  # can be taken par effet: puissance forbidden
    return [[Step(12 - a, COIN, puissance=True), Step(12 - b, COIN, puissance=True)]]


def _obliged(candidates: dict[object, Play], dice: tuple[int, int]) -> list[Play]:
    """Apply M5 (play both numbers, else the higher) then the plein obligation (§3.5)."""
    plays = list(candidates.values())
    most = max(p.dice_used for p in plays)
    plays = [p for p in plays if p.dice_used == most]
    if most == 1 and dice[0] != dice[1]:
        high = max(dice)
        with_high = [p for p in plays if high not in p.unplayed]
        plays = with_high or plays
    if most == 0:
        return plays
    return _plein_obligation(plays)


def _plein_obligation(plays: list[Play]) -> list[Play]:
    """Keep the plays whose set of standing pleins is not strictly contained in another's.

    decided: a play 'fills or keeps' a quadrant when the quadrant is a plein after it;
    a play is compulsory over another when it makes or keeps every plein the other does
    and more (rules.md §3.5 leaves the case of competing pleins open).
    """
    if not plays:
        return plays
    color_rows = [(p, pleins(p.row_after)) for p in plays]
    sets = {s for _, s in color_rows}
    if len(sets) == 1:
        return plays
    return [p for p, s in color_rows if not any(s < other_set for other_set in sets)]


# --- why a play is not legal ------------------------------------------------------

def fit_dice(steps: Sequence[Step], dice: tuple[int, int]) -> Fitted | None:
    """Assign the numbers of ``dice`` to recorded ``steps``.

    Returns one ``(step, numbers)`` pair per step — ``numbers`` being one die, both
    (tout d'une) or a die reduced by one (par puissance) — or None when the
    distances cannot come from these dice.  A borne-off dame may use a number
    bigger than its distance to the band.
    """
    a, b = dice

    def fits(step: Step, n: int) -> bool:
        return step.distance == n or (step.dst >= OFF and n > step.distance)

    if len(steps) == 1:
        s = steps[0]
        singles: list[Numbers] = [(n,) for n in dict.fromkeys((a, b)) if fits(s, n)]
        whole: list[Numbers] = [(a, b)] if fits(s, a + b) else []
        if s.via is not None:
            return [(s, (a, b))] if whole and s.via - s.src in (a, b) else None
        choice = singles + whole
        return [(s, choice[0])] if choice else None
    if len(steps) == 2:
        for x, y in ((a, b), (b, a)):
            if fits(steps[0], x) and fits(steps[1], y):
                return [(steps[0], (x,)), (steps[1], (y,))]
        if all(st.dst == COIN for st in steps) and sorted(st.distance for st in steps) == sorted((a - 1, b - 1)):
            return [(st, ("puissance",)) for st in steps]
    return None if steps else []


def explain_play(position: Position, color: str, dice: tuple[int, int], steps: Iterable[Step],
                 rules: MoveRules = PARISIAN, legal: list[Play] | None = None,
                 name: Callable[[int], str] = str) -> tuple[str, str]:
    """The rule a play outside ``legal_plays`` breaks, and a sentence saying how.

    ``steps`` are the dames moved as recorded (own frame); ``name`` turns a
    track into the record's coordinates for the sentence.
    """
    a, b = dice
    made = list(steps)
    fitted = fit_dice(made, dice)
    if fitted is None:
        moved = ", ".join(f"{name(s.src)}-{name(s.dst)} ({s.distance})" for s in made)
        if len(made) > 2:
            return ("M4" if a == b else "M1"), f"{len(made)} dames moved ({moved}) but a throw moves at most two"
        return "M1", f"the moves {moved} do not fit the dice {a}-{b}"
    board = _Board(position, color, rules)
    broken = _break_rules(board, fitted, dice, color, name)
    if broken:
        return broken
    if not _coin_ok(board.row, position.count(color, COIN)):
        return "M7", "a single dame would stand on the coin de repos (it is taken and left by two at once)"
    legal = legal if legal is not None else legal_plays(position, color, dice, rules)
    most = max(p.dice_used for p in legal)
    used = sum(len(n) if n != ("puissance",) else 1 for _, n in fitted)
    if used < most:
        return "M5", f"{'both numbers' if most == 2 else 'one number'} can be played; this play uses {used}"
    if most == 1 and a != b and max(a, b) not in [n[0] for _, n in fitted]:
        return "M5", f"only one number can be played, and then it must be the higher, {max(a, b)}"
    return "P1", "another play fills or keeps a plein, and filling or keeping is compulsory"


def _break_rules(board: _Board, fitted: Fitted, dice: tuple[int, int], color: str,
                 name: Callable[[int], str] = str) -> tuple[str, str] | None:
    """Play the fitted steps on ``board`` one by one; the first rule a step breaks, or None."""
    a, b = dice
    for step, numbers in fitted:
        if numbers == ("puissance",):
            why = _puissance_reason(board, a, b)
            if why:
                return "M8", why
        elif len(numbers) == 2:
            # (numbers is (a, b) here: fit_dice's whole throw)
            orders: tuple[tuple[int, int], ...] = ((a, b),) if a == b else ((a, b), (b, a))
            if step.via is not None:
                orders = tuple(o for o in orders if step.src + o[0] == step.via)
            reasons = [board.tout_d_une_reason(step.src, f, g) for f, g in orders]
            first = reasons[0] if reasons else None
            if all(reasons) and first is not None:
                return first, _say(first, step, color, name)
        else:
            die = numbers[0]
            assert isinstance(die, int)  # (a die: not the coin par puissance, handled above)
            reason = board.step_reason(step.src, die)
            if reason:
                return reason, _say(reason, step, color, name)
        board.move(step.src, step.dst)
    return None


def surely_legal(position: Position, color: str, dice: tuple[int, int], steps: Iterable[Step],
                 rules: MoveRules = PARISIAN) -> bool:
    """True when a written play is certainly among :func:`legal_plays` — found without enumerating them.

    That is the case when it plays both numbers, breaks no movement rule, and no
    quadrant it leaves unfilled is within two dames of a plein (so no other play
    can fill or keep more).  False means only "not sure": ask legal_plays.
    """
    made = steps if isinstance(steps, (list, tuple)) else list(steps)
    quick = _surely_legal_inside(position, color, dice, made)
    return quick if quick is not None else _surely_legal_fitted(position, color, dice, made, rules)


def _surely_legal_fitted(position: Position, color: str, dice: tuple[int, int], steps: Sequence[Step],
                         rules: MoveRules = PARISIAN) -> bool:
    """:func:`surely_legal` the general way: the dice fitted to the steps, played on a working board."""
    fitted = fit_dice(list(steps), dice)
    if not fitted or sum(1 if n == ("puissance",) else len(n) for _, n in fitted) != 2:
        return False
    board = _Board(position, color, rules)
    if _break_rules(board, fitted, dice, color) or not _coin_ok(board.row, position.count(color, COIN)):
        return False
    before, after = position.row(color), board.row
    for quadrant, (lo, hi) in QUADRANTS.items():
        if min(after[lo:hi]) < 2 and lacking(before, quadrant) <= 2:
            return False
    return True


def _surely_legal_inside(position: Position, color: str, dice: tuple[int, int],
                         steps: Sequence[Step]) -> bool | None:
    """:func:`surely_legal` for the common plays — two dames, or one tout d'une, moved inside the board —
    without fitting the dice or building a working board (the replay asks it of nearly every throw);
    None for the others (bearing off, par puissance, a written play that fits no die), left to the general
    way.  Same verdicts: tests/test_properties.py compares both."""
    a, b = dice
    if not (1 <= a <= 6 and 1 <= b <= 6):
        return None
    row = position.row(color)
    opp = position.row(other(color))  # in the opponent's frame: our track k is his 23 - k
    if len(steps) == 2:
        s, t = steps
        if s.via is not None or t.via is not None or s.puissance or t.puissance or s.src < 0 or t.src < 0 \
                or s.dst >= OFF or t.dst >= OFF:
            return None
        d1, d2 = s.dst - s.src, t.dst - t.src
        if not (d1 == a and d2 == b or d1 == b and d2 == a):
            return None
        if not row[s.src] or not _may_stop(opp, s.dst):
            return False
        after = list(row)
        after[s.src] -= 1
        after[s.dst] += 1
        if not after[t.src] or not _may_stop(opp, t.dst):
            return False
        after[t.src] -= 1
        after[t.dst] += 1
    elif len(steps) == 1:
        s = steps[0]
        if s.puissance or s.src < 0 or s.dst >= OFF or s.dst - s.src != a + b:
            return None
        firsts: tuple[int, ...] = (a,) if a == b else (a, b)
        if s.via is not None:
            firsts = tuple(f for f in firsts if s.src + f == s.via)
            if not firsts:
                return None
        # a resting arrow free of opponent dames (M3), and the end open (M2, M10, M12)
        if not row[s.src] or not _may_stop(opp, s.dst) or all(opp[23 - s.src - f] for f in firsts):
            return False
        after = list(row)
        after[s.src] -= 1
        after[s.dst] += 1
    else:
        return None
    if after[COIN] == 1 and row[COIN] != 1:
        return False
    for lo, hi in QUADRANTS.values():  # a quadrant within two dames of a plein is seldom: test that first
        arrows = row[lo:hi]
        if 2 * arrows.count(0) + arrows.count(1) <= 2 and min(after[lo:hi]) < 2:
            return False
    return True


def _may_stop(opp: Sequence[int], dst: int) -> bool:
    """_Board.stop_reason(dst) is None, from the opponent's row in his own frame (dst < OFF)."""
    if opp[23 - dst] or dst == OPP_COIN:
        return False
    if dst < 12:
        return True
    return not can_still_fill(opp, 6, 12) if dst < 18 else not can_still_fill(opp, 0, 6)


def _puissance_reason(board: _Board, a: int, b: int) -> str | None:
    if board.opp[OPP_COIN]:
        return "the opponent holds his coin: the coin cannot be taken par puissance"
    if board.row[COIN]:
        return "the coin par puissance is only for taking an empty coin"
    if not _puissance(board, a, b):
        return "the coin can be taken par effet, so not par puissance"
    return None


_SAY = {
    "X1": "there is no {who} dame on {src} to move",
    "M2": "{dst} is held by the opponent",
    "M3": "the dame cannot play tout d'une: every resting arrow on the way is closed by opponent dames",
    "M10": "{dst} is the opponent's coin de repos",
    "M12": "the opponent can still fill the jan where {dst} lies, so no dame may stop there",
    "S1": "a dame is borne off while not all fifteen are in the jan de retour",
    "S2": "a number too big for the band bears off only the farthest dame",
    "S3": "the slow sortie forbids bearing off while the number can be played inside",
}


def _say(rule: str, step: Step, color: str, name: Callable[[int], str]) -> str:
    return _SAY.get(rule, RULES[rule][1]).format(who=color, src=name(step.src), dst=name(step.dst))
