"""GNU Backgammon's Jellyfish match files (``.mat``): read them into a neutral structure, write them back.

Standalone on purpose (standard library only): the backgammon rules, ``trictrac import`` and ``export --format
mat`` build on it.

**The federation's notation** (FFBG rules, ``shared/seeds/002``), which a :class:`Move` prints as. Every point is
counted in the mover's own frame, 24 down to 1 (point N of one player is point 25-N of the other); a throw is
written higher die first, ``6-2``, then the play:

- ``24/18 13/11``: one dame from 24 to 18, another from 13 to 11;
- ``24/16``: one dame playing both numbers (the federation also allows ``24/18 18/16``);
- ``13/10(2)``: two dames making the same move (a doublet plays its number four times: ``24/18(2)`` with 3-3);
- ``13/7*``: the move hits the single opposing dame on 7 (the hit dame goes to the bar);
- ``bar/21``: a dame entering from the bar (it must enter before any other dame moves);
- ``6/off`` (also ``6/O``): bearing a dame off, allowed once all fifteen are in the home table.

**The .mat format**, as GNU Backgammon 1.07 writes it (its manual says Jellyfish Match "is not formally defined";
learnt from gnubg's own exports, checked by importing our files into it)::

    ; [EventDate "2026.11.22"]           comment lines; ``; [Key "Value"]`` ones are kept as headers

     5 point match                       0 for a money session

     Game 1
     alice : 0                      bob : 0        the score at the start of the game
      1)                             21: 13/11 24/23
      2) 52: 13/8 24/22              63: 8/5 11/5
      3) 53: 25/20* 6/1               Doubles => 2
      4)  Takes                      66:
      5)  Doubles => 4                Drops
          Wins 2 points

Rows alternate the two players' entries: the left column is the first player, the right the second (a game the
second player opens leaves row 1's left cell empty). An entry is a throw (``52:`` and the play; nothing after it, or
``Cannot Move``, when no dame can move), ``Doubles => N``, ``Beavers => N``, ``Takes`` or ``Drops``. Each dame's
hop is written per die as ``FROM/TO`` with 25 for the bar and 0 for off (``bar`` and ``off`` are read too), ``*``
after a hit. ``Wins N point(s)`` ends a game in the winner's column.

Decided (open questions of the format are listed in the report of the branch that wrote this):

- decided: a play is stored as federation moves (:class:`Move`): hops of one dame are chained (``24/18 18/16`` is
  ``24/16``) and a dame moving on from where another arrived counts as the same dame, since the position is the
  same; intermediate points are kept only where the dame hit (``24/18*/16``, as GNU Backgammon writes it).
- decided: ``13/10*(2)`` means the first of the two dames hit; the second lands on the point its companion holds.
- decided: a play read from a file is written back with the file's own hops (:attr:`Action.hops`). A play that
  has none (built from a record) is split per die only where the path is certain (one die, a doublet, a hit on
  the way) or where the caller's ``can_land`` tells which points are open; otherwise a dame playing two
  different numbers is written whole, ``13/5``, which GNU Backgammon reads and resolves to the legal path.

What GNU Backgammon 1.07 was seen to do on import (``import mat``): it accepts whole moves (``13/5``), ``(2)``,
``bar``/``off``, ``Cannot Move`` and ``Wins N points and the match``; it recomputes hits and ignores a ``*`` that
hits nothing; it silently drops a play it finds illegal (so a wrong file loses plays without a message); it
keeps ``; [Event ...]`` headers but not ``; [Player 1 ...]``.
- decided: the Crawford game is not marked in the file (gnubg infers it): it is the first game in which one
  player stands one point from the match; with ``; [Crawford "Off"]`` there is none.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

from ...core.diagnostics import excerpt
from ...errors import TrictracError

BAR = 25  # the bar, in the mover's frame: entering with a 1 lands on 24
OFF = 0  # borne off

ROLL, DOUBLE, BEAVER, TAKE, DROP = "roll", "double", "beaver", "take", "drop"
RIGHT_COLUMN = 16  # a row's first entry starting at or past this column (1-based) is the second player's


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


# --- the structure ----------------------------------------------------------------------------------------------

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


@dataclass(frozen=True)
class Action:
    """One entry of a player's column: a throw and its play (empty: no dame could move), or a cube action
    (``cube`` is the value offered by a double or a beaver)."""
    player: int  # 0 the first (left) column, 1 the second
    kind: str = ROLL
    dice: tuple[int, int] | None = None
    play: tuple[Move, ...] = ()
    cube: int = 0
    # the play's hops as the file wrote them (or as a replay resolved them), written back as they are; not
    # compared: ``24/18 18/16`` and ``24/22 22/16`` are the same play
    hops: tuple[Step, ...] = field(default=(), compare=False)

    def notation(self) -> str:
        """The entry as a record line writes it: ``6-2 24/18 13/11``, ``double``, ``take``..."""
        if self.kind != ROLL:
            return self.kind
        assert self.dice is not None
        return " ".join(filter(None, (f"{self.dice[0]}-{self.dice[1]}", format_play(self.play))))


@dataclass(frozen=True)
class Game:
    number: int
    score: tuple[int, int]  # each player's score before the game
    actions: tuple[Action, ...] = ()
    winner: int | None = None  # None: the game was not finished
    points: int = 0


@dataclass(frozen=True)
class Match:
    length: int  # points to win; 0 for a money session
    players: tuple[str, str]
    games: tuple[Game, ...] = ()
    headers: tuple[tuple[str, str], ...] = ()

    @property
    def crawford_rule(self) -> bool:
        return self.length > 0 and dict(self.headers).get("Crawford", "On").lower() != "off"

    @property
    def crawford(self) -> int | None:
        """The number of the Crawford game, if the match has one."""
        return _crawford(self.length, self.crawford_rule, [g.score for g in self.games])


def _crawford(length: int, rule: bool, scores: list[tuple[int, int]]) -> int | None:
    if not rule:
        return None
    for i, score in enumerate(scores):
        if length - 1 in score and max(score) < length:
            return i + 1
    return None


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
    steps: list[Step] = []
    for m in re.finditer(r"[^\s(]+(?:\((\d+)\))?", text):
        token = m.group(0).split("(")[0]
        col = column + m.start()
        try:
            points, hits = _parse_path(token, col, source, path)
        except MatError as e:
            raise MatError(e.message, line, e.column, path, source, e.hint) from None
        hops = [Step(a, b, h) for a, b, h in zip(points, points[1:], hits[1:], strict=False)]
        n = int(m.group(1) or 1)
        steps += hops + [Step(s.src, s.dst) for s in hops] * (n - 1)
    return tuple(steps)


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


# --- reading ----------------------------------------------------------------------------------------------------

_HEADER = re.compile(r'^\s*;\s*\[\s*(?P<key>[^\s"\]]+)\s+"(?P<value>[^"]*)"\s*\]\s*$')
_LENGTH = re.compile(r"^\s*(?P<n>\d+)\s+points?\s+match\b", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(?P<n>\d+)\s*$", re.IGNORECASE)
_SCORE = re.compile(r"^\s*(?P<a>\S.*?)\s*:\s*(?P<sa>\d+)\s+(?P<b>\S.*?)\s*:\s*(?P<sb>\d+)\s*$")
_ROW = re.compile(r"^\s*(?P<n>\d+)\)")
_CELL = re.compile(r"(?P<dice>\d\d):|(?P<double>Doubles)\s*=>\s*(?P<dv>\d+)|(?P<beaver>Beavers)\s*=>\s*(?P<bv>\d+)"
                   r"|(?P<take>Takes)\b|(?P<drop>Drops)\b|(?P<cannot>Cannot\s+Move)\b"
                   r"|(?P<wins>Wins)\s+(?P<wv>\d+)\s+points?(?:\s+and\s+the\s+match)?|(?P<move>\S+)", re.IGNORECASE)


@dataclass
class _Cell:
    column: int  # 1-based
    kind: str
    value: int = 0
    dice: tuple[int, int] | None = None
    steps: list[Step] = field(default_factory=list)
    move_text: str = ""
    move_column: int = 0


class _Reader:
    def __init__(self, text: str, path: str):
        self.lines, self.path = text.lstrip("\ufeff").splitlines(), path

    def error(self, message: str, line: int, column: int = 1, hint: str | None = None) -> MatError:
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return MatError(message, line, column, self.path, source, hint)

    def cells(self, text: str, offset: int, line: int) -> list[_Cell]:
        """The entries of a row (text from ``offset``, 0-based) with their columns."""
        cells: list[_Cell] = []
        for m in _CELL.finditer(text, offset):
            col = m.start() + 1
            if m.group("dice"):
                a, b = int(m.group("dice")[0]), int(m.group("dice")[1])
                if not (1 <= a <= 6 and 1 <= b <= 6):
                    raise self.error(f"dice {a}{b}: each die shows 1 to 6", line, col)
                cells.append(_Cell(col, ROLL, dice=(a, b)))
            elif m.group("double") or m.group("beaver"):
                kind, v = (DOUBLE, m.group("dv")) if m.group("double") else (BEAVER, m.group("bv"))
                cells.append(_Cell(col, kind, int(v)))
            elif m.group("take") or m.group("drop"):
                cells.append(_Cell(col, TAKE if m.group("take") else DROP))
            elif m.group("wins"):
                cells.append(_Cell(col, "wins", int(m.group("wv"))))
            elif m.group("cannot"):
                if not cells or cells[-1].kind != ROLL or cells[-1].move_text:
                    raise self.error("'Cannot Move' stands after a throw", line, col)
            else:
                if not cells or cells[-1].kind != ROLL:
                    raise self.error(f"unexpected {m.group('move')!r}", line, col,
                                     "an entry is a throw (52: 13/8 13/11), Doubles => N, Takes, Drops or "
                                     "Wins N points")
                c = cells[-1]
                if not c.move_text:
                    c.move_column = col
                c.move_text = text[c.move_column - 1:m.end()]
        for c in cells:
            if c.kind == ROLL and c.move_text and c.dice is not None:
                c.steps = list(parse_steps(c.move_text, self.path, line, c.move_column, self.lines[line - 1]))
                if not _fits(tuple(c.steps), c.dice):
                    raise self.error(f"the play {c.move_text!r} does not fit the dice {c.dice[0]}{c.dice[1]}",
                                     line, c.move_column, "each hop moves a dame by one die (a doublet "
                                     "four times); 25 is the bar, 0 off")
        return cells

    def read(self) -> Match:
        headers: list[tuple[str, str]] = []
        length = None
        games: list[Game] = []
        players: tuple[str, str] | None = None
        i = 0
        while i < len(self.lines):
            raw = self.lines[i]
            n = i + 1
            i += 1
            if not raw.strip():
                continue
            if raw.lstrip().startswith(";"):
                h = _HEADER.match(raw)
                if h:
                    headers.append((h.group("key"), h.group("value")))
                continue
            if length is None:
                m = _LENGTH.match(raw)
                if not m:
                    raise self.error("expected the match length, e.g. ' 5 point match'", n, _indent(raw),
                                     "a money session is ' 0 point match'")
                length = int(m.group("n"))
                continue
            m = _GAME.match(raw)
            if not m:
                raise self.error(f"expected 'Game {len(games) + 1}'", n, _indent(raw))
            number = int(m.group("n"))
            if number != len(games) + 1:
                raise self.error(f"game {number} where game {len(games) + 1} was expected", n, m.start("n") + 1)
            if games and games[-1].winner is None:
                raise self.error(f"game {number - 1} has no result (Wins N points)", n, _indent(raw))
            i, game, names = self.game(i, number, length, headers, games, players)
            players = names
            games.append(game)
        if length is None:
            raise self.error("no match length (' N point match') in the file", max(1, len(self.lines)), 1)
        return Match(length, players or ("", ""), tuple(games), tuple(headers))

    def game(self, i: int, number: int, length: int, headers: list[tuple[str, str]], games: list[Game],
             players: tuple[str, str] | None) -> tuple[int, Game, tuple[str, str]]:
        """One game from line index ``i`` (after its ``Game N`` line): (next index, game, player names)."""
        while i < len(self.lines) and not self.lines[i].strip():
            i += 1
        n = i + 1
        m = _SCORE.match(self.lines[i]) if i < len(self.lines) else None
        if not m:
            raise self.error("expected the players and their scores: ' alice : 0     bob : 0'", n, 1)
        names = (m.group("a"), m.group("b"))
        if players is not None and names != players:
            raise self.error(f"players {names[0]!r} and {names[1]!r}, but game 1 has {players[0]!r} and "
                             f"{players[1]!r}", n, m.start("a") + 1)
        score = (int(m.group("sa")), int(m.group("sb")))
        if games:
            last = games[-1]
            want = tuple(s + (last.points if p == last.winner else 0) for p, s in enumerate(last.score))
            if score != want:
                raise self.error(f"score {score[0]}-{score[1]}, but game {number - 1} left it at "
                                 f"{want[0]}-{want[1]}", n, m.start("sa") + 1)
            if length and max(want) >= length:
                raise self.error(f"game {number} after the match was won ({want[0]}-{want[1]} to {length})", n, 1)
        rule = length > 0 and dict(headers).get("Crawford", "On").lower() != "off"
        crawford = _crawford(length, rule, [g.score for g in games] + [score]) == number
        state = _Cube(self, crawford)
        i += 1
        seq: list[tuple[int, _Cell, int]] = []  # (player, cell, line)
        rows = 0
        while i < len(self.lines) and not _GAME.match(self.lines[i]):
            raw, n = self.lines[i], i + 1
            i += 1
            if not raw.strip() or raw.lstrip().startswith(";"):
                continue
            row = _ROW.match(raw)
            if row:
                rows += 1
                if int(row.group("n")) != rows:
                    raise self.error(f"row {row.group('n')} where row {rows} was expected", n, row.start("n") + 1)
            cells = self.cells(raw, row.end() if row else 0, n)
            if not cells:
                continue
            if not row and any(c.kind != "wins" for c in cells):
                raise self.error("expected a numbered row ('  3) 52: 13/8 13/11')", n, cells[0].column)
            for k, c in enumerate(cells):
                player = 1 if (k > 0 or c.column >= RIGHT_COLUMN) else 0
                if k > 0 and cells[0].column >= RIGHT_COLUMN:
                    raise self.error("a row holds two entries at most, the first player's then the second's", n,
                                     c.column)
                seq.append((player, c, n))
        actions: list[Action] = []
        winner, points = None, 0
        for player, c, n in seq:
            if winner is not None:
                raise self.error("nothing follows the end of the game", n, c.column)
            if c.kind == "wins":
                winner, points = player, c.value
                state.result(player, points, n, c.column)
                continue
            if actions and player == actions[-1].player:
                who = names[player]
                raise self.error(f"{who} plays twice in a row", n, c.column,
                                 "the entries alternate: the first player's column, then the second's")
            state.apply(player, c, n)
            play = moves_from_steps(c.steps) if c.kind == ROLL else ()
            actions.append(Action(player, c.kind, c.dice, play, c.value, tuple(c.steps)))
        if winner is None and state.dropped is not None:
            raise self.error("a dropped double ends the game: 'Wins N point(s)' expected", seq[-1][2], 1)
        return i, Game(number, score, tuple(actions), winner, points), names


def _indent(raw: str) -> int:
    return len(raw) - len(raw.lstrip()) + 1


class _Cube:
    """The cube through a game: who may double, what a take, a drop and the result must be."""

    def __init__(self, reader: _Reader, crawford: bool):
        self.reader, self.crawford = reader, crawford
        self.value, self.owner = 1, None  # type: int, int | None
        self.offer: tuple[int, int] | None = None  # (doubler, value offered)
        self.dropped: int | None = None  # the player who dropped

    def apply(self, player: int, c: _Cell, n: int) -> None:
        err = self.reader.error
        if self.dropped is not None:
            raise err("the game ended with the drop", n, c.column)
        if c.kind in (ROLL, DOUBLE) and self.offer is not None:
            raise err("a double must be answered: Takes, Drops or Beavers", n, c.column)
        if c.kind == DOUBLE:
            if self.crawford:
                raise err("no double in the Crawford game", n, c.column,
                          "the game after a player first stands one point from the match is played without "
                          "the cube; '; [Crawford \"Off\"]' in the header turns the rule off")
            if self.owner not in (None, player):
                raise err("the cube is the opponent's: only its owner may redouble", n, c.column)
            if c.value != 2 * self.value:
                raise err(f"a double from {self.value} offers {2 * self.value}, not {c.value}", n, c.column)
            self.offer = (player, c.value)
        elif c.kind in (TAKE, DROP, BEAVER):
            if self.offer is None or self.offer[0] == player:
                raise err(f"{c.kind} without a double to answer", n, c.column)
            if c.kind == BEAVER:
                if c.value != 2 * self.offer[1]:
                    raise err(f"a beaver redoubles {self.offer[1]} to {2 * self.offer[1]}, not {c.value}", n,
                              c.column)
                self.value, self.owner = c.value, player
            elif c.kind == TAKE:
                self.value, self.owner = self.offer[1], player
            else:
                self.dropped = player
            if c.kind != DROP:
                self.offer = None

    def result(self, winner: int, points: int, n: int, column: int) -> None:
        err = self.reader.error
        if self.dropped is not None:
            if winner == self.dropped:
                raise err("the player who dropped cannot win the game", n, column)
            if points != self.value:
                raise err(f"a dropped double scores the cube before it, {self.value}, not {points}", n, column)
        elif self.offer is not None:
            raise err("the double was not answered", n, column)
        elif points not in (self.value, 2 * self.value, 3 * self.value):
            raise err(f"with the cube at {self.value} a game scores {self.value}, {2 * self.value} (gammon) or "
                      f"{3 * self.value} (backgammon), not {points}", n, column)


def read_mat(text: str, path: str = "<mat>") -> Match:
    """A .mat file's text as a :class:`Match`; :class:`MatError` (with LINE:COL) if it is malformed."""
    return _Reader(text, path).read()


MAX_MAT_BYTES = 16 * 1024 * 1024  # a match file: a 51-point match of gnubg's is about 200 KB


def load_mat(path: str | Path) -> Match:
    """The match file ``path``, read as records are: a regular file of at most :data:`MAX_MAT_BYTES` (never a
    device, a pipe or a folder), text without NUL bytes; else one MatError."""
    from ...core.files import Unreadable, read_bounded

    p = Path(path)
    try:
        data = read_bounded(p, MAX_MAT_BYTES)
    except Unreadable as e:
        raise MatError(f"cannot read the file: {e}", 1, 1, str(p)) from None
    if b"\x00" in data:
        raise MatError("not a text file (it holds NUL bytes): not a match file", 1, 1, str(p))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = data.decode("latin-1")  # Jellyfish wrote Windows code pages; names are the only text
    return read_mat(text, str(p))


# --- writing ----------------------------------------------------------------------------------------------------

def _entry(a: Action) -> str:
    if a.kind == ROLL:
        assert a.dice is not None
        hops = format_steps(a.hops or steps_from_moves(a.play, a.dice))
        return f"{a.dice[0]}{a.dice[1]}: {hops}".rstrip()
    return {DOUBLE: f" Doubles => {a.cube}", BEAVER: f" Beavers => {a.cube}", TAKE: " Takes", DROP: " Drops"}[a.kind]


def _row(number: int | None, left: str, right: str) -> str:
    head = f"{number:3d})" if number is not None else "    "
    return f"{head} {left:<27} {right}".rstrip()


def write_mat(match: Match) -> str:
    """The match as GNU Backgammon writes a .mat file (hops per die, 25 the bar, 0 off)."""
    out = [f'; [{k} "{v}"]' for k, v in match.headers]
    out += ["", f" {match.length} point match", ""] if out else [f" {match.length} point match", ""]
    for g in match.games:
        out += [f" Game {g.number}", f" {f'{match.players[0]} : {g.score[0]}':<31}{match.players[1]} : {g.score[1]}"]
        cells = ([""] if g.actions and g.actions[0].player == 1 else []) + [_entry(a) for a in g.actions]
        first = 1 if g.actions and g.actions[0].player == 1 else 0
        wins = ""
        if g.winner is not None:
            wins = f" Wins {g.points} point{'s' if g.points != 1 else ''}"  # as gnubg: no "and the match"
            last = g.actions[-1].player if g.actions else 1 - first
            if g.winner != last and len(cells) % 2 == 1:
                cells.append(wins)  # in the next cell of the row, the winner's
                wins = ""
        for r in range(0, len(cells), 2):
            out.append(_row(r // 2 + 1, cells[r], cells[r + 1] if r + 1 < len(cells) else ""))
        if wins:
            out.append(_row(None, wins if g.winner == 0 else "", wins if g.winner == 1 else ""))
        out.append("")
    return "\n".join(out) + "\n"
