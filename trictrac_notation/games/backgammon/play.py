"""Backgammon's moves: legal plays, applying a written play, and why a play is illegal.

The rules are the French federation's (FFBG, ``shared/seeds/002``), made data by :class:`MoveRules` so that the
variants of a rule set (Guiton 1822, hypergammon, acey-deucey...) differ by their YAML only.

Points are counted as the federation counts them, in the mover's own frame, 24 down to 1, with 25 for the bar and
0 for off (the numbering of :mod:`.matfile`). The shared :class:`~trictrac_notation.board.Position` keeps each
player's dames in his own frame by *track*: the dames start on track 0 and move up, so point ``p`` is track
``24 - p`` and point N of one player is point 25 - N of the other, as the federation says.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise

from ...core.board import WHITE, Position, other
from .playtext import BAR, OFF, Move, Step, _splits, _without, format_move, moves_from_steps

ENTER_RULE = "FFBG rules (seed 002), 'La rentrée d'un pion à la barre'"
MOVE_RULE = "FFBG rules (seed 002), 'Le déplacement des pions'; Guiton 1822 backgammon ch. II"
BEAR_OFF_RULE = "FFBG rules (seed 002), 'La sortie des pions ou bear-off'"
LEGAL_RULE = "FFBG rules (seed 002), 'Les coups légaux'"
WHOLE_COUNT_RULE = "Guiton 1822 backgammon ch. II, 'Privilège que l'on se crée à la sortie des dames'"


@dataclass(frozen=True)
class MoveRules:
    """What the moves depend on, read from a rule set's variants (rules_data/backgammon/)."""

    dames: int = 15
    doublet_moves: int = 4  # a doublet plays its number this many times
    enter_first: bool = True  # dames on the bar enter before any other dame moves
    hitting: bool = True  # a single opposing dame is hit; without hitting it holds its point
    max_per_point: int = 15  # the British five-dame limit sets 5
    bear_off: str = "any"  # 'most-pips': a play must use as many points as it can (Guiton's whole count)


FFBG = MoveRules()


class State:
    """A position as the mover sees it: ``me[p]`` his dames on point p (25 the bar, 0 off), ``opp[p]`` the
    opponent's dames on the mover's point p, ``opp_bar`` the opponent's dames on the bar."""

    __slots__ = ("me", "opp", "opp_bar")

    def __init__(self, me: tuple[int, ...], opp: tuple[int, ...], opp_bar: int):
        self.me, self.opp, self.opp_bar = me, opp, opp_bar

    @classmethod
    def of(cls, position: Position, side: str) -> State:
        mine, theirs = position.row(side), position.row(other(side))
        me = (position.borne_off(side),) + tuple(mine[24 - p] for p in range(1, 25)) + (position.on_bar(side),)
        opp = (0,) + tuple(theirs[p - 1] for p in range(1, 25)) + (0,)
        return cls(me, opp, position.on_bar(other(side)))

    def position(self, side: str, template: Position) -> Position:
        mine = [0] * 24
        theirs = [0] * 24
        for p in range(1, 25):
            mine[24 - p] = self.me[p]
            theirs[p - 1] = self.opp[p]
        foe = other(side)
        bars = {side: self.me[BAR], foe: self.opp_bar}
        offs = {side: self.me[OFF], foe: template.borne_off(foe)}
        rows = {side: mine, foe: theirs}
        return Position(rows[WHITE], rows[other(WHITE)], offs[WHITE], offs[other(WHITE)],
                        bars[WHITE], bars[other(WHITE)])

    def key(self) -> tuple[tuple[int, ...], tuple[int, ...], int]:
        return self.me, self.opp, self.opp_bar

    def home(self) -> bool:
        """Whether every dame still in play stands in the home table (points 1-6)."""
        return not any(self.me[7:])

    def highest(self) -> int:
        return next((p for p in range(BAR, 0, -1) if self.me[p]), 0)

    def hops(self, die: int, rules: MoveRules) -> Iterator[tuple[int, int, bool]]:
        """Every hop one die can make: (src, dst, hit)."""
        me = self.me
        if me[BAR] and rules.enter_first:
            sources: tuple[int, ...] = (BAR,)
        else:
            sources = tuple(p for p in range(BAR, 0, -1) if me[p])
        home = self.home()
        highest = self.highest()
        for src in sources:
            hop = self.hop(src, die, rules, home, highest)
            if hop is not None:
                yield hop

    def hop(self, src: int, die: int, rules: MoveRules, home: bool, highest: int) -> tuple[int, int, bool] | None:
        """The hop of the dame on ``src`` with ``die`` (src, dst, hit), or None if it cannot be made
        (``home`` and ``highest`` as :meth:`home` and :meth:`highest` answer)."""
        me, opp = self.me, self.opp
        if not me[src] or (src != BAR and me[BAR] and rules.enter_first):
            return None
        dst = src - die
        if dst >= 1:
            if opp[dst] >= 2 or (opp[dst] and not rules.hitting) or me[dst] >= rules.max_per_point:
                return None
            return src, dst, opp[dst] == 1
        if home and (dst == 0 or src == highest):
            return src, OFF, False
        return None

    def after(self, src: int, dst: int, hit: bool) -> State:
        me = list(self.me)
        me[src] -= 1
        me[dst] += 1  # me[OFF] counts the dames borne off
        opp, bar = self.opp, self.opp_bar
        if hit:
            opp = opp[:dst] + (opp[dst] - 1,) + opp[dst + 1:]
            bar += 1
        return State(tuple(me), opp, bar)


@dataclass(frozen=True)
class Play:
    """A legal play: its hops (one die each, in the order played), the dice they used and the position after."""

    hops: tuple[Step, ...]
    dice: tuple[int, ...]
    after: Position

    @cached_property
    def moves(self) -> tuple[Move, ...]:
        """The play as the federation writes it (one dame's hops chained)."""
        return moves_from_steps(self.hops)

    @property
    def pips(self) -> int:
        return sum(s.src - s.dst for s in self.hops)


def dice_pool(dice: tuple[int, int], rules: MoveRules = FFBG) -> tuple[tuple[int, ...], ...]:
    """The orders in which a throw's numbers may be played."""
    a, b = dice
    if a == b:
        return ((a,) * rules.doublet_moves,)
    return ((a, b), (b, a))


def legal_plays(position: Position, side: str, dice: tuple[int, int], rules: MoveRules = FFBG) -> list[Play]:
    """Every legal play of ``side`` with ``dice``, one per resulting position (seed 002, 'Les coups légaux'):
    as many numbers as can be played; when only one of two can, the higher if it can; a dame on the bar enters
    first; bearing off once all are home, a higher number from the highest point. An empty play when nothing
    can move."""
    start = State.of(position, side)
    found: dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[tuple[Step, ...], tuple[int, ...], State]] = {}
    # state key -> (hops, dice used, state)
    seen: set[tuple[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, ...]]] = set()

    def walk(state: State, pool: tuple[int, ...], hops: tuple[Step, ...], used: tuple[int, ...]) -> None:
        mark = (state.key(), pool)
        if mark in seen:
            return
        seen.add(mark)
        moved = False
        if pool:
            for src, dst, hit in state.hops(pool[0], rules):
                moved = True
                walk(state.after(src, dst, hit), pool[1:], hops + (Step(src, dst, hit),), used + (pool[0],))
        if not moved:
            key = state.key()
            best = found.get(key)
            if best is None or len(used) > len(best[1]):
                found[key] = (hops, used, state)

    for pool in dice_pool(dice, rules):
        walk(start, pool, (), ())
    most = max(len(used) for _, used, _ in found.values())
    kept = [(h, u, s) for h, u, s in found.values() if len(u) == most]
    if most == 1 and dice[0] != dice[1]:
        high = max(u[0] for _, u, _ in kept)
        kept = [k for k in kept if k[1][0] == high]
    plays = [Play(h, u, s.position(side, position)) for h, u, s in kept]
    if rules.bear_off == "most-pips" and plays:
        top = max(p.pips for p in plays)
        plays = [p for p in plays if p.pips == top]
    return plays


def quick_play(position: Position, side: str, dice: tuple[int, int], moves: tuple[Move, ...],
               rules: MoveRules = FFBG) -> tuple[Play | None, bool]:
    """The written moves as a play that uses every number of the throw, hop by hop, without listing every
    legal play: such a play is legal at once (it plays as many numbers as can be). (None, False) when the moves
    do not play the whole throw that way (the replay then compares them with :func:`legal_plays`), and always
    under the whole-count rule, which compares the points of every play."""
    if rules.bear_off != "any":
        return None, False
    pool = dice_pool(dice, rules)[0]
    total = sum(m.src - max(m.dst, 1) + (m.dst == OFF) for m in moves)
    if total > sum(pool) or len(moves) > len(pool):
        return None, False
    wanted = hits_of(moves)
    first: list[Play] = []

    def place(k: int, state: State, left: tuple[int, ...], hops: tuple[Step, ...],
              order: tuple[Move, ...]) -> Iterator[tuple[tuple[Step, ...], State]]:
        if k == len(order):
            if not left:
                yield hops, state
            return
        mv = order[k]
        for used, landings in _splits(mv.src, mv.dst, left):
            points = (mv.src, *landings, mv.dst)
            st, made = state, []
            for (a, b), die in zip(pairwise(points), used, strict=False):
                hop = st.hop(a, die, rules, st.home(), st.highest())
                if hop is None or hop[1] != b:
                    break
                made.append(Step(*hop))
                st = st.after(*hop)
            else:
                yield from place(k + 1, st, _without(left, used), hops + tuple(made), order)

    start = State.of(position, side)
    # as written first (a file written back keeps the writer's order), then the bar and the highest points first
    for order in (tuple(moves), tuple(sorted(moves, key=lambda m: -m.src))):
        for hops, state in place(0, start, pool, (), order):
            play = Play(hops, pool, state.position(side, position))
            if tuple(sorted(s.dst for s in hops if s.hit)) == wanted:
                return play, True
            if not first:
                first.append(play)
    return (first[0], False) if first else (None, False)


def _pairs(moves: Iterable[Move]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((m.src, m.dst) for m in moves))


def hits_of(moves: Iterable[Move]) -> tuple[int, ...]:
    """The points hit (decided: which of two dames passing a point hit there is not asked, the position is the
    same)."""
    return tuple(sorted(h for m in moves for h in m.hits))


def find_play(legal: list[Play], moves: tuple[Move, ...]) -> tuple[Play | None, bool]:
    """The legal play the written moves make, and whether its hits are written as they happen (``*``); a play
    whose moves match but whose stars do not is still that play (the stars are a notation, the position decides).
    Where one dame's path could go two ways, the one with the written hits is taken."""
    pairs = _pairs(moves)
    same = [p for p in legal if _pairs(p.moves) == pairs]
    if not same:
        return None, False
    exact = [p for p in same if hits_of(p.moves) == hits_of(moves)]
    if exact:
        return exact[0], True
    quiet = [p for p in same if not any(m.hits for m in p.moves)]
    return (quiet or same)[0], False


class Impossible(ValueError):
    """A written play that cannot even be put on the board: ``index`` is the move at fault."""

    def __init__(self, message: str, index: int):
        super().__init__(message)
        self.message, self.index = message, index


def apply_moves(position: Position, side: str, moves: tuple[Move, ...]) -> Position:
    """The position after the written moves, legal or not (a hit where a single opposing dame stands on a
    point the dame stops at or passes through with a ``*``); :class:`Impossible` when a dame is not there or
    would share a point with two opposing dames."""
    state = State.of(position, side)
    for i, mv in enumerate(moves):
        if not state.me[mv.src]:
            raise Impossible(_no_dame(side, mv.src), i)
        for stop in [h for h in mv.hits if h != mv.dst] + ([mv.dst] if mv.dst != OFF else []):
            if state.opp[stop] >= 2:
                raise Impossible(f"point {stop} is held by {state.opp[stop]} of {other(side)}'s dames: "
                                 f"no dame of {side} may stop there", i)
        src = mv.src
        for h in mv.hits:
            if h != mv.dst and state.opp[h] == 1:  # it stops on the blot, hits it and goes on
                state, src = state.after(src, h, True), h
        state = state.after(src, mv.dst, mv.dst != OFF and state.opp[mv.dst] == 1)
    return state.position(side, position)


def dice_used(moves: tuple[Move, ...], dice: tuple[int, int], rules: MoveRules = FFBG) -> int | None:
    """The most numbers the written moves can use (``6/off`` with 6-3 may be 6/3/off: two); None when they do not
    fit the dice."""
    def most(k: int, pool: tuple[int, ...]) -> int | None:
        if k == len(moves):
            return 0
        best = None
        for used, _ in _splits(moves[k].src, moves[k].dst, pool):
            rest = most(k + 1, _without(pool, used))
            if rest is not None and (best is None or rest + len(used) > best):
                best = rest + len(used)
        return best

    return most(0, dice_pool(dice, rules)[0])


def explain(position: Position, side: str, dice: tuple[int, int], moves: tuple[Move, ...], legal: list[Play],
            rules: MoveRules = FFBG) -> tuple[str, str]:
    """Why the written moves are not a legal play: (the rule's citation, the reason in words)."""
    state = State.of(position, side)
    if state.me[BAR] and rules.enter_first:
        entering = sum(1 for m in moves if m.src == BAR)
        first_other = next((i for i, m in enumerate(moves) if m.src != BAR), None)
        if first_other is not None and (first_other < state.me[BAR] or entering < state.me[BAR]):
            can = max((sum(1 for s in p.hops if s.src == BAR) for p in legal), default=0)
            if entering < min(can, state.me[BAR]) or first_other < state.me[BAR]:
                n = state.me[BAR]
                return ENTER_RULE, (f"{side} has {n} dame{'s' if n > 1 else ''} on the bar: "
                                    f"{'they enter' if n > 1 else 'it enters'} before any other dame moves")
    pool = dice_pool(dice, rules)[0]
    for mv in moves:
        if not state.me[mv.src]:
            return ENTER_RULE if mv.src == BAR else MOVE_RULE, _no_dame(side, mv.src)
        if mv.dst == OFF and not state.home():  # (said first: no number of the throw would make it legal)
            outside = state.highest()
            where = "the bar" if outside == BAR else f"point {outside}"
            return BEAR_OFF_RULE, (f"{side} bears off from {mv.src} while a dame of his is still outside "
                                   f"his home table (on {where})")
        if next(_splits(mv.src, mv.dst, pool), None) is None:
            return MOVE_RULE, _wrong_distance(mv, pool, dice)
        if mv.dst != OFF and state.opp[mv.dst] >= 2:
            return MOVE_RULE, (f"point {mv.dst} is held by {state.opp[mv.dst]} of {other(side)}'s dames: "
                               "no dame may stop there")
        if mv.dst != OFF and state.opp[mv.dst] == 1 and not rules.hitting:
            return MOVE_RULE, f"a single dame of {other(side)} holds point {mv.dst}: this rule set has no hitting"
        if mv.dst == OFF and mv.src not in dice and mv.src < max(dice) and state.highest() > mv.src:
            return BEAR_OFF_RULE, (f"a higher number bears off from {mv.src} only when no dame stands on a "
                                   f"higher point (one is on {state.highest()})")
        state = state.after(mv.src, mv.dst, mv.dst != OFF and state.opp[mv.dst] == 1)
    used = dice_used(moves, dice, rules)
    if used is None:
        return LEGAL_RULE, f"the moves do not fit the dice {dice[0]}-{dice[1]}"
    most = max((len(p.dice) for p in legal), default=0)
    if used < most:
        if dice[0] != dice[1] and most == 2:
            return LEGAL_RULE, "both numbers can be played, so both must be"
        if dice[0] != dice[1]:
            return LEGAL_RULE, "only one number can be played: it must be the higher where it can"
        return LEGAL_RULE, f"the doublet can be played {most} times, so it must be"
    if rules.bear_off == "most-pips" and legal:
        return WHOLE_COUNT_RULE, (f"the whole count must be played when it can ({legal[0].pips} points): a number "
                                  "may not be spent bearing off by excess to spare a blot")
    if used == most and dice[0] != dice[1] and most == 1:
        return LEGAL_RULE, "only one number can be played: it must be the higher where it can"
    return LEGAL_RULE, "not one of the legal plays of this throw"


def _no_dame(side: str, src: int) -> str:
    """A move from a point (or the bar) where the mover has no dame."""
    return f"{side} has no dame {'on the bar' if src == BAR else f'on {src}'} to move"


def _wrong_distance(mv: Move, pool: tuple[int, ...], dice: tuple[int, int]) -> str:
    """A move that no number of the throw makes, alone or added up (13/12 with 6-2)."""
    reach = sorted({sum(pool[:k]) for k in range(1, len(pool) + 1)} | set(pool)
                   | ({sum(pool)} if len(set(pool)) > 1 else set()))
    listed = ", ".join(map(str, reach[:-1])) + f" or {reach[-1]}" if len(reach) > 1 else str(reach[0])
    n = mv.src - mv.dst
    what = f"bears a dame off from point {mv.src}, {n} points away" if mv.dst == OFF else \
        f"moves a dame {n} point{'s' if n != 1 else ''}"
    return (f"{format_move(mv)} {what}, and the distance is not a number of the throw {dice[0]}-{dice[1]}: "
            f"a dame moves {listed} points")


def pip_count(position: Position, side: str) -> int:
    """The points ``side`` still has to travel to bear every dame off (the bar counts 25)."""
    state = State.of(position, side)
    return sum(p * n for p, n in enumerate(state.me) if p)


