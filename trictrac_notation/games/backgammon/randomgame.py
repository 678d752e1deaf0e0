"""Random backgammon games and matches as records: for the tests' properties, the .mat round trip and the
replay benchmark. Each throw plays a random legal play; now and then a player doubles and the other takes or
drops (where the rule set has a cube)."""

from __future__ import annotations

import random

from ...core.board import WHITE
from .cube import Cube, Match, MatchFinal
from .kernel.bridge import legal_plays
from .playtext import format_play
from .rules import NAME, Rules, load, turn_after

MAX_THROWS = 2000  # a game of random plays ends long before (the pips fall by at least 2 a throw but for hits)


def random_game_lines(rng: random.Random, rules: Rules, first: str = WHITE, cube: bool = True,
                      crawford: bool = False) -> tuple[list[str], str]:
    """The lines of one random game (numbered from 1) and its winner."""
    position, side, lines = rules.initial(), first, []
    state, phase = Cube(), None
    for n in range(1, MAX_THROWS + 1):
        head = f"{n}. {side}"
        may_double = cube and rules.cube and not crawford and state.owner in (None, side)
        if may_double and n > 2 and rng.random() < 0.04:
            if rng.random() < 0.3:
                lines.append(f"{head} double drop")
                return lines, side
            state.answer(side, "double take")
            head += " double take"
        if phase == NAME:  # acey-deucey: the doublet he names after his 1-2
            named = rng.randint(1, 6)
            dice = (named, named)
        else:
            high, low = sorted((rng.randint(1, 6), rng.randint(1, 6)), reverse=True)
            dice = (high, low)
        play = rng.choice(legal_plays(position, side, dice, rules.moves))
        lines.append(" ".join(filter(None, (head, f"{dice[0]}-{dice[1]}", format_play(play.moves)))))
        position = play.after
        if position.borne_off(side) == rules.moves.dames:
            return lines, side
        side, phase = turn_after(rules, side, dice, phase)
    raise RuntimeError("a random game did not end")  # pragma: no cover (the pips fall)


def random_record(seed: int, rules_id: str = "ffbg", games: int = 1, match: int | None = None,
                  cube: bool = True) -> str:
    """A record of ``games`` random games (or, with ``match``, a match to that many points) under ``rules_id``
    (``ID+OPTION...``: with the rule set's options, written in an Options header)."""
    rng = random.Random(seed)
    name, *options = rules_id.split("+")
    rules = load(name, options)
    head = ['[Game "backgammon"]', f'[Rules "{name}"]'] + ([f'[Options "{" ".join(options)}"]'] if options else [])
    head.append(f'[Title "random game {seed}"]')
    if match is not None:
        head.append(f'[Match "{match}"]')
    body: list[str] = []
    score = {"white": 0, "black": 0}
    crawford_done = False
    played = 0
    while True:
        crawford = (match is not None and bool(match) and rules.crawford and not crawford_done
                    and match - 1 in score.values())
        crawford_done |= crawford
        lines, winner = random_game_lines(rng, rules, rng.choice(["white", "black"]), cube, crawford)
        body += lines
        played += 1
        if match is None and played >= games:
            break
        if match is not None:
            result = replay_match("\n".join(head + [""] + body) + "\n")
            score = result.score
            if result.over():
                break
    return "\n".join(head + [""] + body) + "\n"


def replay_match(text: str) -> Match:
    """The match (or money session) of a backgammon record's text, replayed by the engine."""
    from ...engine.opengame import open_game

    result = open_game(text, kind="text").replay
    final = result.final if result is not None else None
    assert isinstance(final, MatchFinal)
    return final.match
