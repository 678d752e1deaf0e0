"""How each game is drawn and worded: the one place the diagrams, the viewer's data and the game pages ask what
differs between the games — the labels of the points, a throw's moves as the ways its dames went (from the bar,
off the board), the dames a move sent to the bar, the words of a throw, whether the board marks a score of
points and holes — chosen by the replay's game (:func:`look_of`), never by an ``if`` on a game's name in the
drawing code or the site.

A dame's way (a *path*) is a tuple of tracks of the mover's own frame, as the board keeps them: its start, the
points it rested on, its end; :data:`BAR` as the start of a dame entering from the bar, ``OFF`` (24) as the end
of a dame borne off.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from ..annotate.backgammon import COORDS as BACKGAMMON_COORDS
from ..core.board import BLACK, OFF, WHITE, Position
from ..core.coords import CoordSystem
from ..games.backgammon import playtext
from ..games.backgammon.cube import GameScore
from ..games.backgammon.play import Play as BackgammonPlay, pip_count
from ..notation.reader import dice_name as trictrac_dice_name

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..engine.replay import ThrowResult
    from ..engine.score import Final, ThrowScore

BAR = -1  # a path's start: the dame entered from the bar
Path = tuple[int, ...]


@dataclass(frozen=True)
class Drawn:
    """What a throw's arrows draw: each dame's way, the dames it hit to the bar (White's frame), and the words
    of the play when the game writes it in its own notation (None: the diagram words it from the steps)."""

    paths: tuple[Path, ...] = ()
    knocked: tuple[int, ...] = ()
    words: str | None = None
    notes: tuple[str, ...] = ()  # the game's own items of the line, in words (backgammon's cube)


class Look(Protocol):
    """What the drawing code asks of a game."""

    title: str  # a diagram's title starts with it ('Trictrac: …'); 'Trictrac position' for a bare board
    coords: CoordSystem | None  # the labels of the points when the game has its own; None: the record's Coords
    marks: bool  # the board marks the score (points and holes: jetons, fichets, pavillon) and events (pleins, hits)
    new_round: str  # what happens after a throw that ends a round (``ThrowResult.new_releve``), in words
    turned: bool  # drawn as the game's diagrams draw it: backgammon's with the bottom player's home at the bottom
    # right (the board turned half round from trictrac's, whose bottom player has his talon at the bottom left)

    def dice_name(self, dice: tuple[int, int]) -> str:
        """The words of a throw's dice in a caption ('double deux', '2-2')."""
        ...

    def drawn(self, result: ThrowResult) -> Drawn:
        """The arrows and words of a replayed throw."""
        ...

    def state(self, score: ThrowScore) -> list[str]:
        """The game's own score after a throw in words, where the board does not mark it (backgammon: the cube,
        the game the throw ended)."""
        ...

    def result(self, final: Final) -> list[str]:
        """How the record ends in words, where the page does not say it already (backgammon: who won, how, the
        cube, the points, the match)."""
        ...

    def status(self, score: ThrowScore | None, position: Position) -> list[str]:
        """What a reader of the game wants beside the board at any moment, in words (backgammon: each side's pip
        count, the match score); the cube is drawn (:meth:`cube`)."""
        ...

    def cube(self, score: ThrowScore | None) -> tuple[int, str | None] | None:
        """The doubling cube to draw on the board: its value and its owner (None: in the middle); None: no cube."""
        ...


def white_track(color: str, track: int) -> int:
    return track if color == WHITE else 23 - track


# --- trictrac --------------------------------------------------------------------------------------

def with_rest(steps: Sequence[Any], dice: tuple[int, int] | None, before: Position, mover: str) -> list[Any]:
    """The steps, with the resting arrow of a dame played tout d'une when the record omits it.

    decided: it is drawn resting on the arrow of the first die that holds no opponent
    dame (rules.md §2 M3; when both are open either is right, the record does not say).
    """
    steps = list(steps)
    if len(steps) != 1 or not dice or steps[0].via is not None or steps[0].dst - steps[0].src != sum(dice):
        return steps
    s = steps[0]
    for d in dice:
        if s.src + d < OFF and not before.opponent_count(mover, s.src + d):
            return [replace(s, via=s.src + d)]
    return steps


def step_paths(steps: Sequence[Any]) -> tuple[Path, ...]:
    """Trictrac's steps (``src``, ``via``, ``dst``) as paths; a step off the board's tracks is not drawn."""
    return tuple((s.src, s.dst) if s.via is None else (s.src, s.via, s.dst) for s in steps if 0 <= s.src < OFF)


class TrictracLook:
    title = "Trictrac"
    coords: CoordSystem | None = None
    marks = True
    new_round = "the dames are re-piled"
    turned = False

    def dice_name(self, dice: tuple[int, int]) -> str:
        return trictrac_dice_name(dice)

    def drawn(self, result: ThrowResult) -> Drawn:
        """Nothing of its own: the diagram draws and words trictrac's steps (:func:`with_rest`)."""
        return Drawn()

    def state(self, score: ThrowScore) -> list[str]:
        return []  # the jetons, fichets and pavillon on the board, the score's words in the move list

    def result(self, final: Final) -> list[str]:
        return []  # the last row's score is the final one; a partie à écrire has its card

    def status(self, score: ThrowScore | None, position: Position) -> list[str]:
        return []  # the jetons and fichets are on the board, the score's words beside it

    def cube(self, score: ThrowScore | None) -> tuple[int, str | None] | None:
        return None


# --- backgammon ------------------------------------------------------------------------------------

def point_track(point: int) -> int:
    """A backgammon point of the mover's frame (25 the bar, 0 off) as a track of the board."""
    return BAR if point == playtext.BAR else OFF if point == playtext.OFF else 24 - point


def hop_paths(hops: Sequence[playtext.Step]) -> tuple[list[tuple[list[int], list[int]]], list[int]]:
    """The hops of a play chained dame by dame (``13/7 7/5``: one dame by 7), as (points passed, points hit)."""
    chains: list[tuple[list[int], list[int]]] = []
    for s in hops:
        chain = next((c for c in reversed(chains) if c[0][-1] == s.src), None)
        if chain is None:
            chain = ([s.src], [])
            chains.append(chain)
        else:  # the chain moves last: a dame moving on is the one that arrived last
            chains.remove(chain)
            chains.append(chain)
        chain[0].append(s.dst)
        if s.hit:
            chain[1].append(s.dst)
    return chains, [p for _, hit in chains for p in hit]


# decided: a diagram labels all 24 points in the frame of the player at the bottom (24 where his back dames start,
# 1 his last point), as GNU Backgammon draws its board; the record's moves stay in each mover's own frame (seed 002)
POINTS_FROM_BOTTOM = CoordSystem(
    "backgammon-bottom", "backgammon points 24..1 of the player at the bottom", BACKGAMMON_COORDS.names, "bottom",
    doc="the federation's numbering, read from the side of the player at the bottom of the diagram")


class BackgammonLook:
    title = "Backgammon"
    coords: CoordSystem | None = POINTS_FROM_BOTTOM
    marks = False
    new_round = "the game is over: the next starts from the layout"
    turned = True

    def dice_name(self, dice: tuple[int, int]) -> str:
        return f"{dice[0]}-{dice[1]}"

    def drawn(self, result: ThrowResult) -> Drawn:
        """The legal play's hops dame by dame (each rest drawn), else the moves as written, from their start to
        their end; the dames hit go to the bar."""
        notes = (f"{result.side}: {result.throw.cube}",) if result.throw.cube else ()
        if result.after is None:
            return Drawn(notes=notes)
        play, moves = result.play, list(result.steps)
        if isinstance(play, BackgammonPlay):
            chains, hit = hop_paths(play.hops)
            words = playtext.format_play(play.moves)
        else:
            chains = [([m.src, m.dst], list(m.hits)) for m in moves]
            hit = [p for m in moves for p in m.hits]
            words = playtext.format_play(moves)
        paths = tuple(tuple(point_track(p) for p in points) for points, _ in chains)
        knocked = tuple(white_track(result.side, point_track(p)) for p in hit)
        return Drawn(paths, knocked, words or "no dame moves", notes)

    def state(self, score: ThrowScore) -> list[str]:
        """The cube once turned, and the game the line ended (``replay --json``'s ``cube`` and ``result``)."""
        data = score.to_json()
        cube = data.get("cube", 1)
        owner = self.cube(score)
        words = [f"cube at {cube}" + (f", {owner[1]}'s" if owner and owner[1] else "")] if cube != 1 else []
        return words + ([game_result(data["result"])] if data.get("result") else [])

    def status(self, score: ThrowScore | None, position: Position) -> list[str]:
        """Each side's pip count, and the match's score (or a money session's points) after the line."""
        words = [f"pips: white {pip_count(position, WHITE)}, black {pip_count(position, BLACK)}"]
        match = score.match if isinstance(score, GameScore) else None
        if match is not None and (match[0] or any(match[1].values())):
            length, points = match
            words.append(f"{f'match to {length}' if length else 'money'}: white {points[WHITE]}, black {points[BLACK]}")
        return words

    def cube(self, score: ThrowScore | None) -> tuple[int, str | None] | None:
        """The cube after the line (at 1 in the middle when no line has said otherwise)."""
        if not isinstance(score, GameScore):
            return 1, None
        return score.cube, score.owner

    def result(self, final: Final) -> list[str]:
        """The last game's result and the match (or money session) score (``replay --json``'s ``final``)."""
        data = final.to_json()
        words = [game_result(data)] if data.get("winner") else []
        return words + [line.strip() for line in final.summary()]


KINDS = {"single": "a single game", "gammon": "a gammon", "backgammon": "a backgammon"}
HOW = {"drop": "the double dropped", "resigns": "by resignation"}


def game_result(data: dict[str, Any]) -> str:
    """A game's result ``{winner, kind, cube, points, how}`` in words: 'white wins a gammon, cube at 2: 4 points'."""
    points = data.get("points", 0)
    how = HOW.get(str(data.get("how")), "")
    return (f"{data.get('winner')} wins {KINDS.get(str(data.get('kind')), data.get('kind'))}"
            f"{f' ({how})' if how else ''}, cube at {data.get('cube', 1)}: {points} point{'s' if points != 1 else ''}")


TRICTRAC = TrictracLook()
LOOKS: dict[str, Look] = {"trictrac": TRICTRAC, "backgammon": BackgammonLook()}


def look_of(game: Game | None) -> Look:
    """The look of a replay's game (trictrac's when it names none)."""
    return LOOKS.get(game.name if game is not None else "trictrac", TRICTRAC)
