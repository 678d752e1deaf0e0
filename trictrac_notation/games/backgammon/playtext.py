"""A play as text: the federation's notation (``24/18*/16 13/10(2)``) and a match file's hops (``24/18* 18/16``).

Every point is counted in the mover's own frame, 24 down to 1 (point N of one player is point 25-N of the other),
with 25 for the bar and 0 for off. Standard library only: the match files (:mod:`.matfile`) and the moves
(:mod:`.play`) build on it.

**The federation's notation** (FFBG rules, ``shared/seeds/002``), which a :class:`Move` prints as; a throw is
written higher die first, ``6-2``, then the play:

- ``24/18 13/11``: one dame from 24 to 18, another from 13 to 11;
- ``24/16``: one dame playing both numbers (the federation also allows ``24/18 18/16``);
- ``13/10(2)``: two dames making the same move (a doublet plays its number four times: ``24/18(2)`` with 3-3);
- ``13/7*``: the move hits the single opposing dame on 7 (the hit dame goes to the bar);
- ``bar/21``: a dame entering from the bar (it must enter before any other dame moves);
- ``6/off`` (also ``6/O``): bearing a dame off, allowed once all fifteen are in the home table.

**A match file's hops** (:class:`Step`): each dame's hop per die as ``FROM/TO``, 25 the bar and 0 off (``bar`` and
``off`` are read too), ``*`` after a hit: ``25/20* 6/1``.

- decided: a play is stored as federation moves (:class:`Move`): hops of one dame are chained (``24/18 18/16`` is
  ``24/16``) and a dame moving on from where another arrived counts as the same dame, since the position is the
  same; intermediate points are kept only where the dame hit (``24/18*/16``, as GNU Backgammon writes it).
- decided: ``13/10*(2)`` means the first of the two dames hit; the second lands on the point its companion holds.
- decided: a play that has no hops of its own (built from a record) is split per die only where the path is
  certain (one die, a doublet, a hit on the way) or where the caller's ``can_land`` tells which points are open;
  otherwise a dame playing two different numbers is written whole, ``13/5``, which GNU Backgammon reads and
  resolves to the legal path.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import pairwise

from ...core.diagnostics import excerpt
from ...errors import TrictracError

BAR = 25  # the bar, in the mover's frame: entering with a 1 lands on 24
OFF = 0  # borne off


class MatError(TrictracError, ValueError):
    """A malformed file or play: ``FILE:LINE:COL: error: message``, the line and a caret, a hint."""

    def __init__(self, message: str, line: int = 1, column: int = 1, path: str = "<mat>",
                 source: str = "", hint: str | None = None):
        self.message, self.line, self.column, self.path = message, line, column, path
        self.source, self.hint = source, hint
        super().__init__(str(self))

    def __str__(self) -> str:
        out = [f"{self.path}:{self.line}:{self.column}: error: {self.message}"]
        if self.source:
            shown, column, _ = excerpt(self.source, self.column)  # a short, printable part of the line
            out += [f"  {shown}", "  " + " " * (column - 1) + "^"]
        if self.hint:
            out.append(f"  hint: {self.hint}")
        return "\n".join(out)



@dataclass(frozen=True)
class Step:
    """One hop as a .mat file writes it: ``src/dst`` (25 the bar, 0 off), ``*`` if it hit."""
    src: int
    dst: int
    hit: bool = False


@dataclass(frozen=True)
class Move:
    """One dame's move in the federation's notation: from ``src`` to ``dst`` (25 bar, 0 off); ``hits`` are the
    points where it hit, in the order passed (the last may be ``dst``)."""
    src: int
    dst: int
    hits: tuple[int, ...] = ()




# --- the federation's notation ----------------------------------------------------------------------------------

_PLAY_TOKEN = re.compile(r"\s*(?P<tok>[^\s(]+)(?:\s*\((?P<n>\d+)\))?")


def _point(text: str, first: bool) -> int | None:
    low = text.lower()
    if first and low == "bar":
        return BAR
    if not first and low in ("off", "o"):
        return OFF
    if text.isdigit() and len(text) <= 2:
        n = int(text)
        if (1 <= n <= BAR) if first else (OFF <= n < BAR):
            return n
    return None


def _parse_path(token: str, column: int, source: str, path: str) -> tuple[list[int], list[bool]]:
    """``24/18*/16`` -> points [24, 18, 16] and hit flags [False, True, False]."""
    parts = token.split("/")
    if len(parts) < 2:
        raise MatError(f"expected a move FROM/TO, found {token!r}", 1, column, path, source,
                       "a move is written 24/18, bar/21, 6/off; a hit adds *: 13/7*")
    points: list[int] = []
    hits: list[bool] = []
    col = column
    for i, part in enumerate(parts):
        hit = part.endswith("*")
        name = part[:-1] if hit else part
        p = _point(name, first=i == 0)
        if p is None or (i == 0 and hit):
            where = "start (1-24 or bar)" if i == 0 else "point (0-24 or off)"
            raise MatError(f"expected a {where}, found {part!r}", 1, col, path, source)
        if points and p >= points[-1]:
            raise MatError(f"a dame moves down from {points[-1]} toward 0, not to {name}", 1, col, path, source,
                           "every point is counted in the mover's own frame, 24 down to 1")
        if p == OFF and i < len(parts) - 1:
            raise MatError("nothing follows off", 1, col, path, source)
        if p == OFF and hit:
            raise MatError("a dame borne off hits nothing", 1, col, path, source)
        points.append(p)
        hits.append(hit)
        col += len(part) + 1
    return points, hits


def parse_play(text: str, path: str = "<play>") -> tuple[Move, ...]:
    """The federation's play text (``24/18 13/11``, ``13/10(2)``, ``bar/21*``, ``6/O``) as canonical moves
    (``13/10 10/9*`` is ``13/9*``)."""
    moves: list[Move] = []
    pos = 0
    while pos < len(text):
        m = _PLAY_TOKEN.match(text, pos)
        if not m or not m.group("tok"):
            if text[pos:].strip():
                raise MatError(f"unexpected {text[pos:].strip()[0]!r}", 1, pos + 1, path, text)
            break
        column = m.start("tok") + 1
        points, hits = _parse_path(m.group("tok"), column, text, path)
        move = Move(points[0], points[-1], tuple(p for p, h in zip(points, hits, strict=True) if h))
        n = int(m.group("n") or 1)
        if not 1 <= n <= 4:
            raise MatError(f"a move is repeated 1 to 4 times, not {n}", 1, m.start("n") + 1, path, text)
        moves.append(move)
        quiet = Move(move.src, move.dst, tuple(h for h in move.hits if h != move.dst))
        moves += [quiet] * (n - 1)  # decided: only the first of the group hits on the final point
        pos = m.end()
    return _joined(moves)


def _name(point: int) -> str:
    return "bar" if point == BAR else "off" if point == OFF else str(point)


def format_move(move: Move) -> str:
    inner = [f"{h}*" for h in move.hits if h != move.dst]
    last = _name(move.dst) + ("*" if move.dst in move.hits else "")
    return "/".join([_name(move.src), *inner, last])


def format_play(moves: tuple[Move, ...] | list[Move]) -> str:
    """Moves as the federation writes them; identical moves grouped with their count (``13/10(2)``)."""
    groups: dict[tuple[int, int, tuple[int, ...]], list[Move]] = {}
    for mv in moves:
        key = (mv.src, mv.dst, tuple(h for h in mv.hits if h != mv.dst))
        groups.setdefault(key, []).append(mv)
    out = []
    for group in groups.values():
        hit = next((mv for mv in group if mv.dst in mv.hits), group[0])
        out.append(format_move(hit) + (f"({len(group)})" if len(group) > 1 else ""))
    return " ".join(out)


# --- .mat hops <-> federation moves -----------------------------------------------------------------------------

def parse_steps(text: str, path: str = "<mat>", line: int = 1, column: int = 1, source: str = "") -> tuple[Step, ...]:
    """A .mat play (``25/20* 6/1``, also ``bar/20``, ``6/off``, ``24/18/16``, ``13/10(2)``) as hops."""
    return tuple(step for step, _ in placed_steps(text, path, line, column, source))


def placed_steps(text: str, path: str = "<mat>", line: int = 1, column: int = 1,
                 source: str = "") -> list[tuple[Step, int]]:
    """The hops of a .mat play, each with the column of the move that writes it (``column``: the play's)."""
    steps: list[tuple[Step, int]] = []
    for m in re.finditer(r"[^\s(]+(?:\((\d+)\))?", text):
        token = m.group(0).split("(")[0]
        col = column + m.start()
        try:
            points, hits = _parse_path(token, col, source, path)
        except MatError as e:
            raise MatError(e.message, line, e.column, path, source, e.hint) from None
        hops = [Step(a, b, h) for a, b, h in zip(points, points[1:], hits[1:], strict=False)]
        n = int(m.group(1) or 1)
        steps += [(s, col) for s in hops + [Step(s.src, s.dst) for s in hops] * (n - 1)]
    return steps


def format_steps(steps: tuple[Step, ...] | list[Step]) -> str:
    """Hops as GNU Backgammon writes them in a .mat file: ``25/20* 6/0``."""
    return " ".join(f"{s.src}/{s.dst}{'*' if s.hit else ''}" for s in steps)


def moves_from_steps(steps: tuple[Step, ...] | list[Step]) -> tuple[Move, ...]:
    """Chain the hops of each dame into federation moves (``24/18 18/16`` -> ``24/16``)."""
    chains: list[list[int]] = []  # the points a dame passed, its current end last
    hits: list[list[int]] = []
    touched: list[int] = []  # chain indices, most recently extended last
    for s in steps:
        i = next((k for k in reversed(touched) if chains[k][-1] == s.src), None)
        if i is None:
            chains.append([s.src])
            hits.append([])
            i = len(chains) - 1
        chains[i].append(s.dst)
        if s.hit:
            hits[i].append(s.dst)
        if i in touched:
            touched.remove(i)
        touched.append(i)
    return _joined([Move(c[0], c[-1], tuple(h)) for c, h in zip(chains, hits, strict=True)])


def _joined(moves: list[Move]) -> tuple[Move, ...]:
    """The canonical play: a dame moving on from where another arrived is, for the position, the same dame
    (``13/8 8/5`` is ``13/5``), so such moves are joined; the first keeps its place."""
    moves = list(moves)
    while True:
        pair = next(((i, j) for i, a in enumerate(moves) for j, b in enumerate(moves)
                     if i != j and a.dst != OFF and b.src == a.dst), None)
        if pair is None:
            return tuple(moves)
        i, j = pair
        a, b = moves[i], moves[j]
        moves[i] = Move(a.src, b.dst, a.hits + b.hits)
        del moves[j]


def _pool(dice: tuple[int, int]) -> tuple[int, ...]:
    return (dice[0],) * 4 if dice[0] == dice[1] else tuple(dice)


def _splits(src: int, dst: int, pool: tuple[int, ...]) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The ways one dame goes from src to dst with dice of the pool, in the pool's order: (dice, landings)."""
    seen = set()
    for i, d in enumerate(pool):
        if d in seen:
            continue
        seen.add(d)
        nxt = src - d
        if nxt == dst or (dst == OFF and nxt < OFF):  # exact, or bearing off with a higher number
            yield (d,), ()
        elif nxt > dst and nxt > OFF:
            for used, landings in _splits(nxt, dst, pool[:i] + pool[i + 1:]):
                yield (d,) + used, (nxt,) + landings


def _without(pool: tuple[int, ...], used: tuple[int, ...]) -> tuple[int, ...]:
    rest = list(pool)
    for d in used:
        rest.remove(d)
    return tuple(rest)


def steps_from_moves(moves: tuple[Move, ...] | list[Move], dice: tuple[int, int],
                     can_land: Callable[[int], bool] | None = None) -> tuple[Step, ...]:
    """Federation moves as .mat hops for this throw. With ``can_land(point)`` (the mover's frame: may a dame
    stop there?) every hop is one die, the throw's order tried first. Without it a dame playing two different
    numbers stays whole (``13/5``) unless a hit on the way fixes its path: which way is open depends on the
    position, and GNU Backgammon picks the legal one when it reads the file (decided: a guessed path could be
    closed, and gnubg drops an illegal hop without a word). ValueError if the dice cannot play the moves."""
    def place(k: int, pool: tuple[int, ...]) -> list[Step] | None:
        if k == len(moves):
            return []
        mv = moves[k]
        for used, landings in _splits(mv.src, mv.dst, pool):
            inner = [h for h in mv.hits if h != mv.dst]
            if any(h not in landings for h in inner) or (can_land and not all(map(can_land, landings))):
                continue
            rest = place(k + 1, _without(pool, used))
            if rest is not None:
                if can_land is None and len(set(used)) > 1 and not inner:
                    landings = ()  # whole: the path is the reader's to find
                points = (mv.src, *landings, mv.dst)
                return [Step(a, b, b in mv.hits) for a, b in pairwise(points)] + rest
        return None

    out = place(0, _pool(dice))
    if out is None:
        raise ValueError(f"{format_play(moves)} cannot be played with {dice[0]}-{dice[1]}")
    return tuple(out)


def _fits(steps: tuple[Step, ...], dice: tuple[int, int]) -> bool:
    """Whether the dice can make these hops (each hop one number, or several for a hop written whole)."""
    def place(k: int, pool: tuple[int, ...]) -> bool:
        return k == len(steps) or any(place(k + 1, _without(pool, used))
                                      for used, _ in _splits(steps[k].src, steps[k].dst, pool))
    return place(0, _pool(dice))


def mat_to_record(text: str) -> str:
    """A .mat play as the federation writes it: ``24/18 18/16`` -> ``24/16``, ``25/20`` -> ``bar/20``."""
    return format_play(moves_from_steps(parse_steps(text)))


def record_to_mat(text: str, dice: tuple[int, int], can_land: Callable[[int], bool] | None = None) -> str:
    """A federation play as .mat hops for this throw: ``24/16`` with 6-2 -> ``24/18 18/16``."""
    return format_steps(steps_from_moves(parse_play(text), dice, can_land))


