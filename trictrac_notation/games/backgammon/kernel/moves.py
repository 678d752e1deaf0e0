"""The fast form of backgammon's moves: legal plays and the judging of a written play, on rows of integers.

The readable engine (:mod:`..play`) is where the federation's rules are learned and cited; this module is the
same rules again, written for speed, and held equal to them by tests/test_bgkernel.py (every record, random games
under every rule set, hypothesis positions).  Nothing here builds a Position or a Play: a side's dames are a
*row*, a list of 26 counts in his own frame — ``row[0]`` the dames borne off, ``row[p]`` those on his point p
(1-24), ``row[25]`` those on the bar, :class:`..play.State`'s ``me`` as a list.

The player to move sees ``me`` (his row) and ``opp``, the opponent's row turned round (``their[::-1]``): his point
p is the opponent's point 25 - p, so ``opp[p]`` counts the opponent's dames on the mover's point p, and ``opp[0]``
is the opponent's bar, where a dame hit goes.  A play is a plain tuple (:data:`KPlay`); its hops, its order
among the plays and the play kept for each resulting position are :func:`..play.legal_plays`'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

from ..play import MoveRules

OFF: Final = 0
BAR: Final = 25
# a resulting position as a key: the mover's row, a byte a point (its bytes read as a number), then one bit per
# point hit (a point's blot is hit at most once in a play: the opponent's dames do not move meanwhile)
_UNIT: Final = tuple(1 << (8 * p) for p in range(26))
_HIT: Final = tuple(1 << (8 * 26 + p) for p in range(26))

Row = list[int]
Hop = tuple[int, int, bool]  # src, dst (0: off), whether it hit
KMove = tuple[int, int, tuple[int, ...]]  # a move as written: src, dst, the points where it hit
KPlay = tuple[tuple[Hop, ...], tuple[int, ...], Row, Row]  # hops, the dice they used, me after, opp after


def row_key(row: Row) -> int:
    """The key of a row (before any hit)."""
    return int.from_bytes(bytes(row), "little")


# --- every legal play (play.legal_plays) ---------------------------------------------------------------------

def legal(me: Row, opp: Row, a: int, b: int, rules: MoveRules) -> list[KPlay]:
    """Every legal play of the mover's throw ``a``-``b``: :func:`..play.legal_plays`'s plays, in its order, each
    with the hops it keeps (an empty play when nothing can move)."""
    return [play for _, play in legal_keyed(me, opp, a, b, rules)]


def legal_keyed(me: Row, opp: Row, a: int, b: int, rules: MoveRules) -> list[tuple[int, KPlay]]:
    """:func:`legal`, each play with its resulting position's key.

    The readable search plays the numbers in each order, hop by hop, and keeps for each resulting position the
    first play found with the most numbers; a position met again with the same numbers left is not searched
    again.  Two different numbers never meet a position twice that way (a dame's hops are all downwards), so
    they are searched by two loops; a doublet's four moves by the same search with its marks."""
    me, opp = list(me), list(opp)
    found: dict[int, KPlay] = {}
    start = row_key(me)
    if a == b:
        _doublet(me, opp, start, (a,) * rules.doublet_moves, rules, found)
    else:
        for first, second in ((a, b), (b, a)):
            firsts = _hops(me, opp, first, rules)
            if not firsts:
                _keep(found, start, (), (), me, opp)
            for h1 in firsts:
                k1 = _play(me, opp, start, h1)
                seconds = _hops(me, opp, second, rules)
                if not seconds:
                    _keep(found, k1, (h1,), (first,), me, opp)
                for h2 in seconds:
                    _keep(found, _play(me, opp, k1, h2), (h1, h2), (first, second), me, opp)
                    _undo(me, opp, h2)
                _undo(me, opp, h1)
    kept = list(found.items())
    most = max(len(p[1]) for _, p in kept)
    kept = [k for k in kept if len(k[1][1]) == most]
    if most == 1 and a != b:
        high = max(p[1][0] for _, p in kept)
        kept = [k for k in kept if k[1][1][0] == high]
    if rules.bear_off == "most-pips" and kept:
        pips = [pips_of(p[0]) for _, p in kept]
        top = max(pips)
        kept = [k for k, n in zip(kept, pips, strict=True) if n == top]
    return kept


def _doublet(me: Row, opp: Row, start: int, pool: tuple[int, ...], rules: MoveRules,
             found: dict[int, KPlay]) -> None:
    """The readable search of a doublet's moves, positions met again with as many moves left searched once."""
    seen: set[tuple[int, int]] = set()

    def walk(key: int, left: int, hops: tuple[Hop, ...], used: tuple[int, ...]) -> None:
        mark = (key, left)
        if mark in seen:
            return
        seen.add(mark)
        moves = _hops(me, opp, pool[0], rules) if left else ()
        for hop in moves:
            walk(_play(me, opp, key, hop), left - 1, hops + (hop,), used + (pool[0],))
            _undo(me, opp, hop)
        if not moves:
            _keep(found, key, hops, used, me, opp)

    walk(start, len(pool), (), ())


def _keep(found: dict[int, KPlay], key: int, hops: tuple[Hop, ...], used: tuple[int, ...], me: Row,
          opp: Row) -> None:
    """A play found: kept unless its position was reached before with as many numbers."""
    best = found.get(key)
    if best is None or len(used) > len(best[1]):
        found[key] = (hops, used, list(me), list(opp))


def _hops(me: Row, opp: Row, die: int, rules: MoveRules) -> list[Hop]:
    """:meth:`..play.State.hops`: every hop one die can make, the bar first, then from the highest point down."""
    if me[BAR] and rules.enter_first:
        sources: list[int] | tuple[int] = (BAR,)
    else:
        sources = [p for p in range(BAR, 0, -1) if me[p]]
    highest = sources[0] if sources else OFF
    hitting, cap = rules.hitting, rules.max_per_point
    out: list[Hop] = []
    for src in sources:
        dst = src - die
        if dst >= 1:
            o = opp[dst]
            if o >= 2 or (o and not hitting) or me[dst] >= cap:
                continue
            out.append((src, dst, o == 1))
        elif (dst == 0 or src == highest) and not any(me[7:]):
            out.append((src, OFF, False))
    return out


def _play(me: Row, opp: Row, key: int, hop: Hop) -> int:
    """Make a hop on the working rows; the key of the position it leads to."""
    _apply(me, opp, hop)
    src, dst, hit = hop
    return key - _UNIT[src] + _UNIT[dst] + (_HIT[dst] if hit else 0)


def pips_of(hops: tuple[Hop, ...]) -> int:
    """The points a play's hops travel (:attr:`..play.Play.pips`)."""
    return sum(s - d for s, d, _ in hops)


# --- one hop, on a working row -------------------------------------------------------------------------------

def _hop(me: Row, opp: Row, src: int, die: int, rules: MoveRules) -> Hop | None:
    """:meth:`..play.State.hop`: the hop of the dame on ``src`` with ``die``, or None."""
    if not me[src] or (src != BAR and me[BAR] and rules.enter_first):
        return None
    dst = src - die
    if dst >= 1:
        o = opp[dst]
        if o >= 2 or (o and not rules.hitting) or me[dst] >= rules.max_per_point:
            return None
        return src, dst, o == 1
    if not any(me[7:]) and (dst == 0 or next(p for p in range(BAR, 0, -1) if me[p]) == src):
        return src, OFF, False  # all home: bearing off, by a higher number from the highest point
    return None


def _apply(me: Row, opp: Row, hop: Hop) -> None:
    """Make a hop on the working rows (a dame hit goes to the opponent's bar, ``opp[0]``)."""
    src, dst, hit = hop
    me[src] -= 1
    me[dst] += 1
    if hit:
        opp[dst] -= 1
        opp[OFF] += 1


def _undo(me: Row, opp: Row, hop: Hop) -> None:
    """Take a hop back."""
    src, dst, hit = hop
    me[src] += 1
    me[dst] -= 1
    if hit:
        opp[dst] += 1
        opp[OFF] -= 1


# --- a written play judged (game.Backgammon.made_play) -------------------------------------------------------

def made_play(me: Row, opp: Row, a: int, b: int, moves: tuple[KMove, ...], rules: MoveRules) -> KPlay | None:
    """The legal play the written ``moves`` make, as :meth:`..game.Backgammon.made_play` finds it: the moves
    placed hop by hop when they play the whole throw (:func:`quick_play`) with the hits they write, else the legal
    play they name (:func:`find_play`) with those hits, else the first placing or the legal play they name; None
    when they make none.  Whether its hits are written as they happen is ``hits_of(play) == written_hits(moves)``."""
    play, exact = quick_play(me, opp, a, b, moves, rules)
    if exact:
        return play
    found = find_play(me, opp, a, b, moves, rules)
    if found is not None and (found[1] or play is None):
        return found[0]
    return play


def hits_of(play: KPlay) -> tuple[int, ...]:
    """The points a play hits, in order (:func:`..play.hits_of` of its moves)."""
    return tuple(sorted(d for _, d, hit in play[0] if hit))


def written_hits(moves: tuple[KMove, ...]) -> tuple[int, ...]:
    """The points the written moves say they hit, in order (:func:`..play.hits_of`)."""
    return tuple(sorted(h for m in moves for h in m[2]))


Way = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]  # the dice a dame uses, where it lands, the dice left
_SPLITS: dict[tuple[int, int, tuple[int, ...]], tuple[Way, ...]] = {}


def splits(src: int, dst: int, pool: tuple[int, ...]) -> tuple[Way, ...]:
    """:func:`..playtext._splits`: the ways one dame goes from src to dst with dice of the pool, in the pool's
    order, as (dice, landings), with the dice they leave — a function of three small values, kept once computed."""
    key = (src, dst, pool)
    found = _SPLITS.get(key)
    if found is None:
        found = _SPLITS[key] = tuple((used, landings, _without(pool, used)) for used, landings in _ways(src, dst, pool))
    return found


def _ways(src: int, dst: int, pool: tuple[int, ...]) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    out: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    seen: set[int] = set()
    for i, d in enumerate(pool):
        if d in seen:
            continue
        seen.add(d)
        nxt = src - d
        if nxt == dst or (dst == OFF and nxt < OFF):
            out.append(((d,), ()))
        elif nxt > dst and nxt > OFF:
            out += [((d,) + used, (nxt,) + landings) for used, landings in _ways(nxt, dst, pool[:i] + pool[i + 1:])]
    return out


def _without(pool: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(pool)
    for d in used:
        rest.remove(d)
    return tuple(rest)


def quick_play(me: Row, opp: Row, a: int, b: int, moves: tuple[KMove, ...],
               rules: MoveRules) -> tuple[KPlay | None, bool]:
    """:func:`..play.quick_play`: the written moves placed hop by hop so that they play the whole throw (as
    written, then the bar and the highest points first), the first placing whose hits are the written ones, else
    the first placing; (None, False) when none plays the whole throw, and always under the whole-count rule."""
    return quick_written(me, opp, a, b, written(moves), rules)


Written = tuple[tuple[KMove, ...], int, tuple[int, ...]]  # the moves, the points they cover, the hits they write


def written(moves: tuple[KMove, ...]) -> Written:
    """What :func:`quick_written` asks of a written play, worked out once (a record repeats its plays): the
    points its moves cover (a dame borne off counts its point) and the hits they write."""
    total = 0
    for src, dst, _ in moves:
        total += src - (dst if dst > 1 else 1) + (dst == OFF)
    return moves, total, written_hits(moves)


def quick_written(me: Row, opp: Row, a: int, b: int, play: Written, rules: MoveRules) -> tuple[KPlay | None, bool]:
    """:func:`quick_play` of a play read by :func:`written`."""
    if rules.bear_off != "any":
        return None, False
    moves, total, wanted = play
    pool = (a,) * rules.doublet_moves if a == b else (a, b)
    if total > (a * rules.doublet_moves if a == b else a + b) or len(moves) > len(pool):
        return None, False
    work_me, work_opp = list(me), list(opp)
    first_way = _first_placing(work_me, work_opp, moves, pool, rules)  # the first placing the search would find
    if first_way is not None and first_way[1] == wanted:
        return (first_way[0], pool, work_me, work_opp), True
    work_me, work_opp = list(me), list(opp)
    first: KPlay | None = None
    ordered = tuple(sorted(moves, key=lambda m: -m[0]))
    for order in (moves, ordered) if ordered != moves else (moves,):
        for hops in _place(work_me, work_opp, order, 0, pool, (), rules):
            found = (hops, pool, list(work_me), list(work_opp))
            if hits_of(found) == wanted:
                return found, True
            if first is None:
                first = found
    return first, False


def _first_placing(me: Row, opp: Row, moves: tuple[KMove, ...], pool: tuple[int, ...],
                   rules: MoveRules) -> tuple[tuple[Hop, ...], tuple[int, ...]] | None:
    """The moves placed as written, each by its first way with the dice left: the first placing :func:`_place`
    yields when it plays the whole throw (its search begins there), with the points it hits; else None.  The
    working rows are left as it ends.  (:func:`_hop` written out: this is the common case of a replay.)"""
    enter_first, hitting, cap = rules.enter_first, rules.hitting, rules.max_per_point
    hops: list[Hop] = []
    hits: list[int] = []
    left = pool
    for src, dst, _ in moves:
        ways = _SPLITS.get((src, dst, left))
        if ways is None:
            ways = splits(src, dst, left)
        if not ways:
            return None
        used, _, rest = ways[0]
        at = src
        for die in used:
            if not me[at] or (at != BAR and me[BAR] and enter_first):
                return None
            to = at - die  # (a landing of the way, or its end: splits made them so)
            if to >= 1:
                o = opp[to]
                if o >= 2 or (o and not hitting) or me[to] >= cap:
                    return None
                me[at] -= 1
                me[to] += 1
                if o:
                    opp[to] = 0
                    opp[OFF] += 1
                    hits.append(to)
                hops.append((at, to, o == 1))
            else:
                if any(me[7:]) or (to < 0 and next(p for p in range(BAR, 0, -1) if me[p]) != at):
                    return None
                me[at] -= 1
                me[OFF] += 1
                hops.append((at, OFF, False))
            at = to
        left = rest
    if left:
        return None
    return tuple(hops), (tuple(sorted(hits)) if len(hits) > 1 else tuple(hits))


def _place(me: Row, opp: Row, order: tuple[KMove, ...], k: int, left: tuple[int, ...], hops: tuple[Hop, ...],
           rules: MoveRules) -> Iterator[tuple[Hop, ...]]:
    """The placings of moves k... with the dice ``left``, hop by hop on the working rows (as they stand when a
    placing is yielded)."""
    if k == len(order):
        if not left:
            yield hops
        return
    src, dst, _ = order[k]
    for used, landings, rest in splits(src, dst, left):
        points = (src, *landings, dst)
        made: list[Hop] = []
        for i, die in enumerate(used):
            hop = _hop(me, opp, points[i], die, rules)
            if hop is None or hop[1] != points[i + 1]:
                break
            _apply(me, opp, hop)
            made.append(hop)
        else:
            yield from _place(me, opp, order, k + 1, rest, hops + tuple(made), rules)
        for hop in reversed(made):
            _undo(me, opp, hop)


def find_play(me: Row, opp: Row, a: int, b: int, moves: tuple[KMove, ...],
              rules: MoveRules) -> tuple[KPlay, bool] | None:
    """:func:`..play.find_play` over the legal plays: the one the written moves make, and whether its hits are
    written as they happen; None when none has their moves.  The play with the written hits ends where the
    moves and those hits end, so it is looked for there first."""
    pairs = sorted((s, d) for s, d, _ in moves)
    wanted = written_hits(moves)
    plays = legal_keyed(me, opp, a, b, rules)
    after = list(me)
    for src, dst, _ in moves:
        after[src] -= 1
        after[dst] += 1
    if min(after) >= 0:
        key = row_key(after)
        for h in set(wanted):
            key += _HIT[h]
        for k, play in plays:
            if k == key and pairs_of(play[0]) == pairs and hits_of(play) == wanted:
                return play, True  # (the only play that ends there)
    same = [p for _, p in plays if pairs_of(p[0]) == pairs]
    if not same:
        return None
    exact = [p for p in same if hits_of(p) == wanted]
    if exact:
        return exact[0], True
    quiet = [p for p in same if not any(hit for _, _, hit in p[0])]
    return (quiet or same)[0], False


# --- hops as the federation writes them (playtext.moves_from_steps) ------------------------------------------

def pairs_of(hops: tuple[Hop, ...]) -> list[tuple[int, int]]:
    """The (from, to) of each move of a play as the federation writes it, in order (``find_play``'s pairs)."""
    return sorted((s, d) for s, d, _ in moves_of(hops))


def moves_of(hops: tuple[Hop, ...]) -> list[KMove]:
    """:func:`..playtext.moves_from_steps`: the hops of each dame chained into moves, then joined."""
    chains: list[list[int]] = []  # the points a dame passed, its current end last
    hits: list[list[int]] = []
    touched: list[int] = []  # chain indices, the most recently extended last
    for src, dst, hit in hops:
        i = next((k for k in reversed(touched) if chains[k][-1] == src), None)
        if i is None:
            chains.append([src])
            hits.append([])
            i = len(chains) - 1
        chains[i].append(dst)
        if hit:
            hits[i].append(dst)
        if i in touched:
            touched.remove(i)
        touched.append(i)
    return joined([(c[0], c[-1], tuple(h)) for c, h in zip(chains, hits, strict=True)])


def joined(moves: list[KMove]) -> list[KMove]:
    """:func:`..playtext._joined`: a dame moving on from where another arrived is, for the position, the same
    dame, so such moves are joined; the first keeps its place."""
    moves = list(moves)
    while True:
        pair = next(((i, j) for i, m in enumerate(moves) for j, n in enumerate(moves)
                     if i != j and m[1] != OFF and n[0] == m[1]), None)
        if pair is None:
            return moves
        i, j = pair
        (src, _, h1), (_, dst, h2) = moves[i], moves[j]
        moves[i] = (src, dst, h1 + h2)
        del moves[j]
