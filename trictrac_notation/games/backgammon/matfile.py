"""GNU Backgammon's Jellyfish match files (``.mat``): read them into a neutral structure, write them back.

``trictrac import`` and ``export --format mat`` build on it; what a file's plays do on the board (hits, the end
of a game, a roll left unplayed, the score) is :mod:`.matimport`'s. The plays are written in the federation's
notation and the file's hops (:mod:`.playtext`).

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
hop is written per die as ``FROM/TO`` with 25 for the bar and 0 for off, ``*`` after a hit. ``Wins N point(s)``
ends a game in the winner's column.

Other programs' dialects, read too (the documentation's page on match files lists them):

- a roll with no play (``41:``, or Backgammon Studio's ``41: ????``) last in a game: a roll its player had not
  played when the game ended or the file stopped (gnubg writes ``41:`` then ``Wins 1 point`` for a player who
  resigns after rolling);
- BackgammonGalaxy's ``Losses N point`` in the loser's column, alone or beside the winner's ``Wins``; its
  ``Wins N point and the match`` counts only what the match needed;
- a forfeit, ``Wins 100 points``; an empty player name (`` : 0``); FIBS clients' plays without ``*``;
- gnubg's ``; [Variation "HyperGammon (1)"]`` to ``(3)``: hypergammon with one, two or three dames.

What GNU Backgammon 1.07 was seen to do on import (``import mat``): it accepts whole moves (``13/5``), ``(2)``,
``bar``/``off``, ``Cannot Move`` and ``Wins N points and the match``; it reads the hops in order and recomputes
hits (a ``*`` that hits nothing is ignored); it silently drops a play it finds illegal (so a wrong file loses
plays without a message); it keeps ``; [Event ...]`` headers but not ``; [Player 1 ...]``.

- decided: a play read from a file is written back with the file's own hops (:attr:`Action.hops`).
- decided: the Crawford game is not marked in the file (gnubg infers it): it is the first game in which one
  player stands one point from the match; with ``; [Crawford "Off"]`` there is none. This reader keeps what
  the file says; whether the score lines and results agree with the plays is :mod:`.matimport`'s to say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .playtext import (
    BAR,
    OFF,
    MatError,
    Move,
    Step,
    _fits,
    format_play,
    format_steps,
    mat_to_record,
    moves_from_steps,
    parse_play,
    parse_steps,
    placed_steps,
    record_to_mat,
    steps_from_moves,
)

# the plays' notation lives in .playtext; its names stay importable from here, where they were first documented
__all__ = ["ROLL", "DOUBLE", "BEAVER", "TAKE", "DROP", "Action", "Game", "Match", "Place", "crawford_game",
           "read_mat", "load_mat", "write_mat", "BAR", "OFF", "MatError", "Move", "Step", "format_play",
           "format_steps", "mat_to_record", "moves_from_steps", "parse_play", "parse_steps", "record_to_mat",
           "steps_from_moves"]

ROLL, DOUBLE, BEAVER, TAKE, DROP = "roll", "double", "beaver", "take", "drop"
RIGHT_COLUMN = 16  # a row's first entry starting at or past this column (1-based) is the second player's
UNPLAYED = "????"  # Backgammon Studio's play of a roll not played


# --- the structure ----------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Action:
    """One entry of a player's column: a throw and its play (empty: no dame could move, or the roll was not
    played), or a cube action (``cube`` is the value offered by a double or a beaver)."""
    player: int  # 0 the first (left) column, 1 the second
    kind: str = ROLL
    dice: tuple[int, int] | None = None
    play: tuple[Move, ...] = ()
    cube: int = 0
    # the play's hops as the file wrote them (or as a replay resolved them), written back as they are; not
    # compared: ``24/18 18/16`` and ``24/22 22/16`` are the same play
    hops: tuple[Step, ...] = field(default=(), compare=False)
    line: int = field(default=0, compare=False)  # where the file writes it (0: not read from a file)
    column: int = field(default=0, compare=False)
    hop_columns: tuple[int, ...] = field(default=(), compare=False)  # where each hop is written

    def notation(self) -> str:
        """The entry as a record line writes it: ``6-2 24/18 13/11``, ``double``, ``take``..."""
        if self.kind != ROLL:
            return self.kind
        assert self.dice is not None
        return " ".join(filter(None, (f"{self.dice[0]}-{self.dice[1]}", format_play(self.play))))


@dataclass(frozen=True)
class Place:
    """Where a file writes something: line and column, 1-based."""
    line: int = 0
    column: int = 0


@dataclass(frozen=True)
class Game:
    number: int
    score: tuple[int, int]  # each player's score before the game, as the file states it
    actions: tuple[Action, ...] = ()
    winner: int | None = None  # None: the file gives no result
    points: int = 0  # what the file's result says the game scores
    match_won: bool = field(default=False, compare=False)  # written '... and the match'
    at: Place = field(default=Place(), compare=False)  # the 'Game N' line
    score_at: Place = field(default=Place(), compare=False)  # the first score's digits
    result_at: Place = field(default=Place(), compare=False)  # the result ('Wins N', 'Losses N')


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
        """The number of the Crawford game the score lines give, if the match has one."""
        return crawford_game(self.length, self.crawford_rule, [g.score for g in self.games])


def crawford_game(length: int, rule: bool, scores: list[tuple[int, int]]) -> int | None:
    """The number of the first game played at a score where one player stands a point from the match (none in
    a match to one point)."""
    if not rule or length < 2:
        return None
    for i, score in enumerate(scores):
        if length - 1 in score and max(score) < length:
            return i + 1
    return None


# --- reading ----------------------------------------------------------------------------------------------------

_HEADER = re.compile(r'^\s*;\s*\[\s*(?P<key>[^\s"\]]+)\s+"(?P<value>[^"]*)"\s*\]\s*$')
_LENGTH = re.compile(r"^\s*(?P<n>\d+)\s+points?\s+match\b", re.IGNORECASE)
_GAME = re.compile(r"^\s*Game\s+(?P<n>\d+)\s*$", re.IGNORECASE)
# names may be empty (' : 0      bob : 0'); the first runs to the first ' : digits', the second after them
_SCORE = re.compile(r"^\s*(?P<a>.*?)\s*:\s*(?P<sa>\d+)\s+(?P<b>.*?)\s*:\s*(?P<sb>\d+)\s*$")
_ROW = re.compile(r"^\s*(?P<n>\d+)\)")
_CELL = re.compile(r"(?P<dice>\d\d):|(?P<double>Doubles)\s*=>\s*(?P<dv>\d+)|(?P<beaver>Beavers)\s*=>\s*(?P<bv>\d+)"
                   r"|(?P<take>Takes)\b|(?P<drop>Drops)\b|(?P<cannot>Cannot\s+Move)\b"
                   r"|(?P<result>Wins|Losses)\s+(?P<rv>\d+)\s+points?(?P<match>\s+and\s+the\s+match)?"
                   r"|(?P<move>\S+)", re.IGNORECASE)
WINS, LOSSES = "wins", "losses"


@dataclass
class _Cell:
    column: int  # 1-based
    kind: str
    value: int = 0
    dice: tuple[int, int] | None = None
    steps: list[Step] = field(default_factory=list)
    move_text: str = ""
    move_column: int = 0
    hop_columns: list[int] = field(default_factory=list)
    match_won: bool = False


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
            elif m.group("result"):
                kind = WINS if m.group("result").lower() == WINS else LOSSES
                cells.append(_Cell(col, kind, int(m.group("rv")), match_won=bool(m.group("match"))))
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
            if c.kind == ROLL and c.move_text == UNPLAYED:
                c.move_text = ""  # not played: an empty play, as gnubg writes it
            elif c.kind == ROLL and c.move_text and c.dice is not None:
                placed = placed_steps(c.move_text, self.path, line, c.move_column, self.lines[line - 1])
                c.steps, c.hop_columns = [s for s, _ in placed], [col for _, col in placed]
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
            i, game, names = self.game(i, number, length, players, Place(n, _indent(raw)))
            players = names
            games.append(game)
        if length is None:
            raise self.error("no match length (' N point match') in the file", max(1, len(self.lines)), 1)
        return Match(length, players or ("", ""), tuple(games), tuple(headers))

    def game(self, i: int, number: int, length: int, players: tuple[str, str] | None,
             at: Place) -> tuple[int, Game, tuple[str, str]]:
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
        score_at = Place(n, m.start("sa") + 1)
        if length and max(score) >= length:
            raise self.error(f"game {number} at {score[0]}-{score[1]}: the match to {length} is already won", n,
                             m.start("sa") + 1)
        state = _Cube(self)
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
            if not row and any(c.kind not in (WINS, LOSSES) for c in cells):
                raise self.error("expected a numbered row ('  3) 52: 13/8 13/11')", n, cells[0].column)
            for k, c in enumerate(cells):
                player = 1 if (k > 0 or c.column >= RIGHT_COLUMN) else 0
                if k > 0 and cells[0].column >= RIGHT_COLUMN:
                    raise self.error("a row holds two entries at most, the first player's then the second's", n,
                                     c.column)
                seq.append((player, c, n))
        actions: list[Action] = []
        winner, points, won, result_at = None, 0, False, Place()
        for player, c, n in seq:
            if c.kind in (WINS, LOSSES):
                who = player if c.kind == WINS else 1 - player
                if winner is not None and (who, c.value) != (winner, points):
                    raise self.error(f"{c.kind.capitalize()} {c.value}: the game's result is already "
                                     f"{names[winner] or 'player ' + str(winner + 1)} winning {points}", n,
                                     c.column)
                if winner is None:
                    state.result(who, n, c.column)
                    winner, points, won, result_at = who, c.value, c.match_won, Place(n, c.column)
                continue
            if winner is not None:
                raise self.error("nothing follows the end of the game", n, c.column)
            if actions and player == actions[-1].player:
                name = names[player] or f"player {player + 1}"
                raise self.error(f"{name} plays twice in a row", n, c.column,
                                 "the entries alternate: the first player's column, then the second's")
            state.apply(player, c, n)
            play = moves_from_steps(c.steps) if c.kind == ROLL else ()
            actions.append(Action(player, c.kind, c.dice, play, c.value, tuple(c.steps), n, c.column,
                                  tuple(c.hop_columns)))
        if winner is None and state.dropped is not None:
            raise self.error("a dropped double ends the game: 'Wins N point(s)' expected", seq[-1][2], 1)
        return i, Game(number, score, tuple(actions), winner, points, won, at, score_at, result_at), names


def _indent(raw: str) -> int:
    return len(raw) - len(raw.lstrip()) + 1


class _Cube:
    """The cube through a game: who may double, what a take, a drop and the result must be (what the result is
    worth is :mod:`.matimport`'s to reconcile with the plays)."""

    def __init__(self, reader: _Reader):
        self.reader = reader
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

    def result(self, winner: int, n: int, column: int) -> None:
        err = self.reader.error
        if self.dropped is not None and winner == self.dropped:
            raise err("the player who dropped cannot win the game", n, column)
        if self.dropped is None and self.offer is not None:
            raise err("the double was not answered", n, column)


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
