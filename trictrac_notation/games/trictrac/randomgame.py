"""Random legal games, written in the notation (for property tests and benchmarks).

Each throw picks uniformly among the legal plays, so the games are legal by
construction and wander through every kind of position the rules allow:
tout d'une, the coin par puissance, the passage au retour, the sortie.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from ...core.board import DAMES, WHITE, Position, other
from ...core.coords import get_system
from ...notation.reader import dice_name, write
from ...notation.record import Header, MoveText, Record, Throw
from .moves import PARISIAN, MoveRules, Play, legal_plays


def random_throws(rng: random.Random, max_throws: int = 400, rules: MoveRules = PARISIAN,
                  relevés: int = 1, start: Position | None = None,
                  first: str = WHITE) -> Iterator[tuple[str, tuple[int, int], Play]]:
    """Yield (side, dice, play) for a random game of ``relevés`` relevés (each ends with a sortie)."""
    position = start or Position.initial()
    side = first
    done = 0
    for _ in range(max_throws):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        play = rng.choice(legal_plays(position, side, dice, rules))
        yield side, dice, play
        position = play.result
        if position.borne_off(side) == DAMES:
            done += 1
            if done >= relevés:
                return
            position = Position.initial()  # the winner of the sortie throws first again
        else:
            side = other(side)


def random_record(seed: int, system: str = "player", max_throws: int = 400, relevés: int = 1,
                  doublet_names: bool = True) -> Record:
    """A random legal game as a record in coordinate system ``system``."""
    rng = random.Random(seed)
    coords = get_system(system)
    record = Record(headers=[
        Header("Title", f"Random game {seed}"),
        Header("Coords", system),
        Header("First", WHITE),
    ])
    for number, (side, dice, play) in enumerate(random_throws(rng, max_throws, relevés=relevés), start=1):
        moves = []
        for s in play.steps:
            parts = [coords.format(s.src, side)]
            if s.via is not None and rng.random() < 0.5:
                parts.append(coords.format(s.via, side))
            parts.append(coords.format(s.dst, side))
            moves.append(MoveText(tuple(parts)))
        name = dice_name(dice) if doublet_names and rng.random() < 0.5 else f"{dice[0]}-{dice[1]}"
        record.throws.append(Throw(side, dice, name, number, moves=moves))
    return record


def random_game_text(seed: int, system: str = "player", **kw: Any) -> str:
    return write(random_record(seed, system, **kw))
