"""Match files as FIBS clients and BackgammonGalaxy export them, made from random legal matches (seeded), then
imported and checked as a user would: ``trictrac import`` then ``trictrac check`` on each.

The two dialects, as their descriptions give them: no ``*`` (the hits are the board's to find), each hop one die
in the order played, a player who resigns after rolling leaves his roll without a play before the opponent's
``Wins``; FIBS clients write ``25``/``0`` for the bar and off and ``Wins N points and the match`` with the
game's whole points, BackgammonGalaxy ``bar``/``off``, ``Wins N point`` beside the loser's ``Losses N point`` and,
for the last game, only the points the match needed. The matches are played by random legal plays, with doubles
taken and dropped (no double in the Crawford game) and resignations (single, gammon or backgammon) before or
after a roll.

A file is clean when it imports and checks without a word and its record scores every game as the generator
played it. Prints the files, games, rolls, and how many are clean; exits 1 if one is not.
Usage: python scripts/mat_corpus.py [--files 100] [--seed 1] [--out DIR]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import random
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

FIBS, GALAXY = "fibs", "galaxy"
NAMES = ["alice", "bob", "Cloris", "Damon", "zz_top", "Mme.Lasalle", "player-7", "Ouvrard"]


@dataclass
class Played:
    """One game as the generator played it: the file's cells per player, and its result."""

    score: tuple[int, int]
    cells: list[tuple[int, str]] = field(default_factory=list)  # (player, the cell's text)
    winner: int = 0
    points: int = 0


def _hops(play, dialect: str) -> str:
    def name(point: int, first: bool) -> str:
        if dialect == GALAXY and point in (25, 0):
            return "bar" if point == 25 else "off"
        return str(point)
    return " ".join(f"{name(s.src, True)}/{name(s.dst, False)}" for s in play.hops)


def play_game(rng: random.Random, score: list[int], length: int, crawford: bool, dialect: str) -> Played:
    """One game of random legal plays from the layout, with the cube and resignations."""
    from trictrac_notation.core.board import other
    from trictrac_notation.games.backgammon.play import legal_plays
    from trictrac_notation.games.backgammon.rules import game_kind, load

    rules = load("ffbg")
    game = Played((score[0], score[1]))
    position, player = rules.initial(), rng.randint(0, 1)
    cube, owner = 1, None
    sides = ("white", "black")
    for turn in range(1, 3000):
        side = sides[player]
        if not crawford and owner in (None, player) and turn > 4 and rng.random() < 0.03:
            game.cells.append((player, f" Doubles => {2 * cube}"))
            if rng.random() < 0.35:
                game.cells.append((1 - player, " Drops"))
                game.winner, game.points = player, cube
                return game
            game.cells.append((1 - player, " Takes"))
            cube, owner = 2 * cube, 1 - player
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(position, side, (max(dice), min(dice)), rules.moves)
        resign = turn > 10 and rng.random() < 0.012
        if resign and any(p.hops for p in plays):  # he rolled, then gave up without playing
            game.cells.append((player, f"{dice[0]}{dice[1]}:"))
            game.winner, game.points = 1 - player, cube * rng.choice([1, 1, 1, 2, 3])
            return game
        play = rng.choice(plays)
        game.cells.append((player, f"{dice[0]}{dice[1]}: {_hops(play, dialect)}".rstrip()))
        position = play.after
        if position.borne_off(side) == rules.moves.dames:
            kind = game_kind(position, side, other(side))
            game.winner, game.points = player, cube * {"single": 1, "gammon": 2, "backgammon": 3}[kind]
            return game
        player = 1 - player
    raise RuntimeError("a random game did not end")  # pragma: no cover (the pips fall)


def play_match(rng: random.Random, length: int, dialect: str) -> list[Played]:
    score, games, crawford_done = [0, 0], [], False
    while max(score) < length:
        crawford = length > 1 and not crawford_done and length - 1 in score
        crawford_done |= crawford
        game = play_game(rng, score, length, crawford, dialect)
        games.append(game)
        score[game.winner] += game.points
    return games


def write(games: list[Played], length: int, names: tuple[str, str], dialect: str) -> str:
    """The match as the dialect's program writes it."""
    out = [f" {length} point match", ""]
    score = [0, 0]
    for number, g in enumerate(games, 1):
        out += [f" Game {number}", f" {f'{names[0]} : {g.score[0]}':<31}{names[1]} : {g.score[1]}"]
        cells = ([""] if g.cells and g.cells[0][0] == 1 else []) + [text for _, text in g.cells]
        last = number == len(games)
        points = min(g.points, length - score[g.winner]) if dialect == GALAXY and last else g.points
        unit = "point" if dialect == GALAXY or points == 1 else "points"
        wins = f" Wins {points} {unit}" + (" and the match" if last else "")
        losses = f" Losses {points} point" if dialect == GALAXY else ""
        result = [wins, losses] if g.winner == 0 else [losses, wins]
        if len(cells) % 2 == 1 and g.winner == 1:  # the winner's cell is the next of the row
            cells.append(wins)
            result = [losses, ""]
        for r in range(0, len(cells), 2):
            right = cells[r + 1] if r + 1 < len(cells) else ""
            out.append(f"{r // 2 + 1:3d}) {cells[r]:<27} {right}".rstrip())
        if any(result):
            out.append(f"     {result[0]:<27} {result[1]}".rstrip())
        out.append("")
        score[g.winner] += g.points
    return "\n".join(out)


def check(path: Path) -> tuple[bool, str]:
    """``trictrac import`` then ``trictrac check`` on one file: (clean, what was said)."""
    from trictrac_notation.cli.main import main

    record = path.with_suffix(".tric")
    said, checked = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()):
        imported = main(["import", str(path), "-o", str(record)])
    if imported:
        return False, said.getvalue()
    with contextlib.redirect_stderr(checked), contextlib.redirect_stdout(io.StringIO()):
        code = main(["check", str(record)])
    clean = "1 file checked: 0 errors, 0 warnings\n"  # check's summary, and nothing before it
    return code == 0 and not said.getvalue() and checked.getvalue() == clean, said.getvalue() + checked.getvalue()


def scores(record: Path) -> list[tuple[int, int]]:
    """Each game's (winner, points) as the record's replay scores it."""
    from trictrac_notation.engine.opengame import open_game

    result = open_game(record.read_text(encoding="utf-8"), kind="text").replay
    assert result is not None and result.final is not None
    return [(("white", "black").index(r.winner), r.points) for r in result.final.match.results]


def played(results: list[tuple[int, int]], length: int, dialect: str) -> list[tuple[int, int]]:
    """The results a file can tell: BackgammonGalaxy's last game, only what the match needed (a resignation
    written so loses its kind)."""
    if dialect != GALAXY or not results:
        return results
    score = [0, 0]
    for winner, points in results[:-1]:
        score[winner] += points
    winner, points = results[-1]
    return results[:-1] + [(winner, min(points, length - score[winner]))]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--files", type=int, default=100, help="files of each dialect (default 100)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, help="keep the files here (default: a temporary folder)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        out = args.out or Path(tmp)
        out.mkdir(parents=True, exist_ok=True)
        totals = {"files": 0, "games": 0, "rolls": 0, "clean": 0}
        for dialect in (FIBS, GALAXY):
            for i in range(args.files):
                rng = random.Random(f"mat-corpus:{args.seed}:{dialect}:{i}")
                length = rng.choice([1, 3, 5, 7, 9])
                games = play_match(rng, length, dialect)
                names = tuple(rng.sample(NAMES, 2))
                path = out / f"{dialect}-{i:03d}.mat"
                path.write_text(write(games, length, (names[0], names[1]), dialect) + "\n", encoding="utf-8")
                clean, said = check(path)
                if clean and played(scores(path.with_suffix(".tric")), length, dialect) != played(
                        [(g.winner, g.points) for g in games], length, dialect):
                    clean, said = False, "the record scores the games otherwise than they were played"
                if not clean:
                    print(f"{path.name}: not clean:\n{said}", file=sys.stderr)
                totals["files"] += 1
                totals["games"] += len(games)
                totals["rolls"] += sum(text[:2].isdigit() for g in games for _, text in g.cells)
                totals["clean"] += clean
        print(", ".join(f"{k} {v}" for k, v in totals.items()))
    return 0 if totals["clean"] == totals["files"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
