"""The fast form of trictrac's movement rules: legal plays on rows of integers.

The readable engine (:mod:`.moves`, :mod:`.scoring`) is where the rules are learned and cited; this module
is the same rules again, written for speed, and held equal to them by tests/test_kernel.py (every record,
random games under every rule set, hypothesis positions).  Nothing here builds a Position or a Play: a side's
dames are a *row*, a list of 25 counts in its own frame (track 24 counts the dames borne off), and a play is
a plain tuple.  Callers build objects only for what they show (:func:`to_play`).

A position seen by the player to move is ``me`` (his row) and ``opp`` (the opponent's dames, track by track
in the mover's frame: ``opp[t]`` is the opponent's own track ``23 - t``).  The order in which plays are found
and the play kept for each resulting position are those of :func:`.moves.legal_plays`, so that both forms list
the same plays in the same words.
"""

from __future__ import annotations

from typing import Final

COIN: Final = 11
OPP_COIN: Final = 12
OFF: Final = 24
DAMES: Final = 15
RETOUR: Final = 18
# one dame on each track, as a key: a resulting position is keyed by sum(count << 4 * track)
_UNIT: Final = tuple(1 << (4 * t) for t in range(25))
# quadrants as (lo, hi): petit jan, grand jan, jan de retour (the order of moves.QUADRANTS)
QUADRANTS: Final = ((0, 6), (6, 12), (18, 24))

# A step: (src, dst, via, puissance) with via = -1 when the dame rests nowhere.
Step = tuple[int, int, int, bool]
# A play: (steps, row after (25 counts), dice used, numbers unplayed).
KPlay = tuple[tuple[Step, ...], list[int], int, tuple[int, ...]]


def row_of(counts: tuple[int, ...] | list[int], off: int) -> list[int]:
    """A kernel row from a Position's row and its dames borne off."""
    row = list(counts)
    row.append(off)
    return row


def seen_by(opponent: tuple[int, ...] | list[int]) -> list[int]:
    """The opponent's dames in the mover's frame (his track t is the mover's 23 - t)."""
    return list(opponent[23::-1])


def can_still_fill(row: tuple[int, ...] | list[int], lo: int, hi: int) -> bool:
    """:func:`.moves.can_still_fill`: two dames standing on or behind each arrow of lo..hi-1."""
    behind = 0
    for k in range(lo):
        behind += row[k]
    need = 0
    for k in range(lo, hi):
        behind += row[k]
        need += 2
        if behind < need:
            return False
    return True


def open_arrows(opp: list[int]) -> list[bool]:
    """Where a dame of the mover may stop (M2, M10, M12): no opponent dame, not his coin, not a jan he can
    still fill."""
    theirs = opp[::-1]  # the opponent's own frame
    grand = can_still_fill(theirs, 6, 12)
    petit = can_still_fill(theirs, 0, 6)
    out = [not opp[t] for t in range(OFF)]
    out[OPP_COIN] = False
    if grand:
        for t in range(12, 18):
            out[t] = False
    if petit:
        for t in range(18, 24):
            out[t] = False
    return out


def legal(me: list[int], opp: list[int], a: int, b: int, slow: bool = False) -> list[KPlay]:
    """Every legal play of the mover's throw ``a``-``b`` (moves.legal_plays: same plays, same order, the same
    steps kept for each resulting position); ``slow``: the slow (provincial) sortie."""
    return _obliged(candidates(me, opp, a, b, slow, open_arrows(opp)), a, b)


def candidates(me: list[int], opp: list[int], a: int, b: int, slow: bool, open_: list[bool]) -> list[KPlay]:
    """Every play within the movement rules, one per resulting position, before M5 and the plein obligation."""
    row = list(me)
    unit = _UNIT
    key0 = 0
    for t in range(25):
        if row[t]:
            key0 += row[t] * unit[t]
    coin_before = row[COIN]
    found: dict[int, KPlay] = {}
    doublet = a == b

    # the coin par puissance (M8): first, so that its steps are kept where a play par effet ends the same
    if not row[COIN] and not opp[OPP_COIN] and a != 1 and b != 1:
        sa, sb = 12 - a, 12 - b
        if (row[sa] >= 2 if doublet else row[sa] and row[sb]):
            ea, eb = 11 - a, 11 - b
            if not (row[ea] >= 2 if doublet else row[ea] and row[eb]):
                after = list(row)
                after[sa] -= 1
                after[sb] -= 1
                after[COIN] += 2
                found[key0 - unit[sa] - unit[sb] + 2 * unit[COIN]] = (
                    ((sa, COIN, -1, True), (sb, COIN, -1, True)), after, 2, ())

    sources = [t for t in range(OFF) if row[t]]
    home = _home(row)

    # one dame tout d'une (M1, M3): the first order whose resting arrow is free and whose end is open
    for src in sources:
        for first in ((a,) if doublet else (a, b)):
            via = src + first
            if via >= OFF or opp[via]:
                continue
            dst = src + a + b
            if dst < OFF:
                if not open_[dst]:
                    continue
            else:
                row[src] -= 1
                row[via] += 1
                ok = _home(row) and _may_bear(row, via, dst, slow, open_)
                row[src] += 1
                row[via] -= 1
                if not ok:
                    continue
                dst = OFF
            coin = row[COIN] - (src == COIN) + (dst == COIN)
            key = key0 - unit[src] + unit[dst]
            if (coin != 1 or coin_before == 1) and key not in found:  # a lone dame on the coin: none (M7)
                after = list(row)
                after[src] -= 1
                after[dst] += 1
                found[key] = (((src, dst, via, False),), after, 2, ())
            break

    # two dames, one number each (M1, M2, M10, M12; the sortie S1-S3).  A dame the first number brought, played on
    # by the second, ends where the tout d'une above put it: that play is found already.  Two numbers played by two
    # dames inside the board end where the other order ends: the second order is looked at only when a dame may be
    # borne off on the way (the sortie's conditions depend on the order).
    outside = 0
    for t in range(RETOUR):
        outside += row[t]
    for first, second in (((a, b),) if doublet else ((a, b), (b, a))):
        if first != a and outside >= 2:
            break
        # the sources whose dame the second number carries to an open arrow inside the board
        inside2 = [t for t in sources if t + second < OFF and open_[t + second]]
        for src1 in sources:
            dst1 = _carried(row, src1, first, home, slow, open_)
            if dst1 < 0:
                continue
            row[src1] -= 1
            row[dst1] += 1
            key1 = key0 - unit[src1] + unit[dst1]
            seconds = inside2
            if outside < 2 and (home or _home(row)):  # and those borne off: every source in the jan de retour
                seconds = sorted(set(seconds) | {t for t in range(RETOUR, OFF) if row[t] and t + second >= OFF})
            for src2 in seconds:
                if not row[src2]:
                    continue
                dst2 = src2 + second
                if dst2 >= OFF:
                    if not _may_bear(row, src2, dst2, slow, open_):
                        continue
                    dst2 = OFF
                coin = row[COIN] - (src2 == COIN) + (dst2 == COIN)
                if coin == 1 and coin_before != 1:
                    continue
                key = key1 - unit[src2] + unit[dst2]
                if key not in found:
                    after = list(row)
                    after[src2] -= 1
                    after[dst2] += 1
                    found[key] = (((src1, dst1, -1, False), (src2, dst2, -1, False)), after, 2, ())
            row[src1] += 1
            row[dst1] -= 1

    # one number only
    for die in ((a,) if doublet else (a, b)):
        for src in sources:
            dst = _carried(row, src, die, home, slow, open_)
            if dst < 0:
                continue
            coin = row[COIN] - (src == COIN) + (dst == COIN)
            if coin == 1 and coin_before != 1:
                continue
            key = key0 - unit[src] + unit[dst]
            if key not in found:
                after = list(row)
                after[src] -= 1
                after[dst] += 1
                found[key] = (((src, dst, -1, False),), after, 1, (b if die == a and not doublet else a,))

    if not found:
        return [((), list(row), 0, (a, b))]
    return list(found.values())


def _home(row: list[int]) -> bool:
    """All fifteen dames in the jan de retour or borne off (S1)."""
    n = row[OFF]
    for t in range(RETOUR, OFF):
        n += row[t]
    return n == DAMES


def _carried(row: list[int], src: int, die: int, home: bool, slow: bool, open_: list[bool]) -> int:
    """Where the number ``die`` carries the dame on ``src`` (OFF: borne off), or -1 where it may neither stop (M2,
    M10, M12) nor leave (S1-S3; ``home``: all the mover's dames are in his jan de retour)."""
    dst = src + die
    if dst < OFF:
        return dst if open_[dst] else -1
    return OFF if home and _may_bear(row, src, dst, slow, open_) else -1


def _may_bear(row: list[int], src: int, dst: int, slow: bool, open_: list[bool]) -> bool:
    """Whether, all his dames being home (S1), the dame on ``src`` may be borne off by a number reaching
    ``dst`` >= OFF (S2, S3)."""
    if dst > OFF:
        for t in range(RETOUR, src):
            if row[t]:
                return False
    if slow:
        die = dst - src
        for t in range(RETOUR, OFF - die):
            if row[t] and open_[t + die]:
                return False
    return True


def _obliged(plays: list[KPlay], a: int, b: int) -> list[KPlay]:
    """Both numbers if possible, else the higher (M5); then the plein obligation (§3.5)."""
    most = 0
    for p in plays:
        if p[2] > most:
            most = p[2]
    if most == 0:
        return plays
    kept = [p for p in plays if p[2] == most]
    if most == 1 and a != b:
        high = a if a > b else b
        with_high = [p for p in kept if high not in p[3]]
        if with_high:
            kept = with_high
    if len(kept) == 1 or not _near_pleins(kept[0][1]):
        return kept
    sets = [pleins(p[1]) for p in kept]
    first = sets[0]
    if all(s == first for s in sets):
        return kept
    return [p for p, s in zip(kept, sets, strict=True) if not any(s != o and s & o == s for o in sets)]


def _near_pleins(row: list[int]) -> bool:
    """Whether some quadrant lacks at most four dames after one play: only then may another play of the same
    throw (which moves at most two dames in, or out) make it a plein."""
    for lo, hi in QUADRANTS:
        arrows = row[lo:hi]
        if 2 * arrows.count(0) + arrows.count(1) <= 4:
            return True
    return False


def pleins(row: list[int], among: int = 7) -> int:
    """The quadrants standing full (two dames or more on each arrow) as bits: 1 petit jan, 2 grand jan,
    4 jan de retour; only those of ``among`` are looked at."""
    out = 0
    bit = 1
    for lo, hi in QUADRANTS:
        if among & bit and min(row[lo:hi]) >= 2:
            out |= bit
        bit <<= 1
    return out


def within_reach(row: list[int]) -> int:
    """The quadrants (bits as :func:`pleins`) one throw may leave full: those lacking at most two dames (a throw
    brings two at most); no play of the throw makes or keeps another."""
    out = 0
    bit = 1
    for lo, hi in QUADRANTS:
        arrows = row[lo:hi]
        if 2 * arrows.count(0) + arrows.count(1) <= 2:
            out |= bit
        bit <<= 1
    return out


# --- a written play judged (game.Trictrac.made_play) --------------------------------------------------------------

def made_play(me: list[int], after: list[int], opp: list[int], a: int, b: int, steps: list[Step],
              slow: bool = False) -> KPlay | None:
    """The legal play the written ``steps`` make (``after``: ``me`` with them applied, every source having held its
    dame), or None when they make none: the steps as written when they are surely legal (moves.surely_legal, found
    without listing the plays), else the legal play that ends where they end (its own steps), as the readable
    replay keeps it."""
    sure = _sure_inside(me, after, opp, a, b, steps)
    if sure is None:
        sure = _sure_fitted(me, after, opp, a, b, steps, slow)
    if sure:
        return (tuple(steps), after, 2, ())
    for step in steps:
        if step[2] >= 0 and opp[step[2]]:
            return None  # a dame resting on an arrow the opponent holds makes no play (rules.md §1.1)
    for play in legal(me, opp, a, b, slow):
        if play[1] == after:
            return play
    return None


def _may_stop(opp: list[int], dst: int) -> bool:
    """open_arrows(opp)[dst] for one arrow inside the board, the opponent's jans looked at only when needed."""
    if opp[dst] or dst == OPP_COIN:
        return False
    if dst < 12:
        return True
    lo, hi = (6, 12) if dst < 18 else (0, 6)
    behind = 0
    for k in range(lo):
        behind += opp[23 - k]
    for k in range(lo, hi):
        behind += opp[23 - k]
        if behind < 2 * (k - lo + 1):
            return True
    return False


def _near_plein_broken(me: list[int], after: list[int]) -> bool:
    """A quadrant within two dames of a plein before the play, with an arrow under two after it: another play
    might fill or keep more (moves._surely_legal_inside's last test)."""
    for lo, hi in QUADRANTS:
        arrows = me[lo:hi]
        if sum(arrows) >= 10 and 2 * arrows.count(0) + arrows.count(1) <= 2 and min(after[lo:hi]) < 2:
            return True
    return False


def _sure_inside(me: list[int], after: list[int], opp: list[int], a: int, b: int, steps: list[Step]) -> bool | None:
    """moves._surely_legal_inside: the common plays — two dames, or one tout d'une, inside the board — judged
    without fitting the dice; None for the others."""
    if len(steps) == 2:
        (s1, d1, v1, p1), (s2, d2, v2, p2) = steps
        if v1 >= 0 or v2 >= 0 or p1 or p2 or d1 >= OFF or d2 >= OFF:
            return None
        e1, e2 = d1 - s1, d2 - s2
        if not (e1 == a and e2 == b or e1 == b and e2 == a):
            return None
        if not _may_stop(opp, d1) or not _may_stop(opp, d2):
            return False  # (both sources held a dame: the steps were applied in their order)
    elif len(steps) == 1:
        src, dst, via, puissance = steps[0]
        if puissance or dst >= OFF or dst - src != a + b:
            return None
        firsts: tuple[int, ...] = (a,) if a == b else (a, b)
        if via >= 0:
            firsts = tuple(f for f in firsts if src + f == via)
            if not firsts:
                return None
        if not _may_stop(opp, dst) or all(opp[src + f] for f in firsts):
            return False
    else:
        return None
    if after[COIN] == 1 and me[COIN] != 1:
        return False
    return not _near_plein_broken(me, after)


# numbers a written step uses: one die, both (tout d'une), or 0 for the coin par puissance
Fit = tuple[int, ...]


def _fits(src: int, dst: int, n: int) -> bool:
    return dst - src == n or (dst >= OFF and n > dst - src)


def _fit_dice(steps: list[Step], a: int, b: int) -> list[Fit] | None:
    """moves.fit_dice: the numbers each written step uses, or None when the distances fit no number."""
    if len(steps) == 1:
        src, dst, via, _ = steps[0]
        whole = _fits(src, dst, a + b)
        if via >= 0:
            return [(a, b)] if whole and via - src in (a, b) else None
        for n in ((a,) if a == b else (a, b)):
            if _fits(src, dst, n):
                return [(n,)]
        return [(a, b)] if whole else None
    if len(steps) == 2:
        (s1, d1, _, _), (s2, d2, _, _) = steps
        for x, y in ((a, b), (b, a)):
            if _fits(s1, d1, x) and _fits(s2, d2, y):
                return [(x,), (y,)]
        if d1 == COIN and d2 == COIN and sorted((d1 - s1, d2 - s2)) == sorted((a - 1, b - 1)):
            return [(0,), (0,)]
    return None if steps else []


def _sure_fitted(me: list[int], after: list[int], opp: list[int], a: int, b: int, steps: list[Step],
                 slow: bool) -> bool:
    """moves._surely_legal_fitted: the numbers fitted to the steps, each step played on a working row."""
    fitted = _fit_dice(steps, a, b)
    if not fitted or sum(1 if n == (0,) else len(n) for n in fitted) != 2:
        return False
    open_ = open_arrows(opp)
    row = list(me)
    for (src, dst, via, _), numbers in zip(steps, fitted, strict=True):
        if numbers == (0,):
            if opp[OPP_COIN] or row[COIN] or not _puissance_allowed(row, opp, a, b):
                return False
        elif len(numbers) == 2:
            orders: tuple[tuple[int, int], ...] = ((a, b),) if a == b else ((a, b), (b, a))
            if via >= 0:
                orders = tuple(o for o in orders if src + o[0] == via)
            if orders and not any(_tout_d_une_ok(row, opp, src, f, g, slow, open_) for f, g in orders):
                return False
        elif not _step_ok(row, src, numbers[0], slow, open_):
            return False
        row[src] -= 1
        row[dst if dst < OFF else OFF] += 1
    if row[COIN] == 1 and me[COIN] != 1:
        return False
    for lo, hi in QUADRANTS:
        arrows = me[lo:hi]
        if min(row[lo:hi]) < 2 and 2 * arrows.count(0) + arrows.count(1) <= 2:
            return False
    return True


def _step_ok(row: list[int], src: int, die: int, slow: bool, open_: list[bool]) -> bool:
    """moves._Board.step_reason is None: a dame on ``src`` may play ``die``."""
    return bool(row[src]) and _carried(row, src, die, src + die >= OFF and _home(row), slow, open_) >= 0


def _tout_d_une_ok(row: list[int], opp: list[int], src: int, first: int, second: int, slow: bool,
                   open_: list[bool]) -> bool:
    """moves._Board.tout_d_une_reason is None: one dame plays ``first`` then ``second``, resting in between."""
    if not row[src]:
        return False
    via = src + first
    if via >= OFF or opp[via]:
        return False
    row[src] -= 1
    row[via] += 1
    ok = _step_ok(row, via, second, slow, open_)
    row[src] += 1
    row[via] -= 1
    return ok


def _puissance_allowed(row: list[int], opp: list[int], a: int, b: int) -> bool:
    """moves._puissance is not empty: the coin may be taken par puissance with this throw (M8)."""
    if row[COIN] or opp[OPP_COIN] or a == 1 or b == 1:
        return False
    sa, sb, ea, eb = 12 - a, 12 - b, 11 - a, 11 - b
    if not (row[sa] >= 2 if a == b else row[sa] and row[sb]):
        return False
    return not (row[ea] >= 2 if a == b else row[ea] and row[eb])
