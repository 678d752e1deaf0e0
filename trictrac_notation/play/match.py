"""Parties between two players: who wins how often, with its 95 % interval.

The first player named plays white, the second black; they take turns to throw first (white in the even
parties, black in the odd).  Partie ``i`` draws its dice and the players' tie-breaks from its own generator,
seeded by the seed and ``i``, so a match gives the same figures whatever the number of processes.  A partie
that reaches ``max_throws`` without a winner is counted apart (neither won it).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any, NamedTuple

from ..core.board import BLACK, WHITE
from ..core.intervals import mean_ci, wilson
from ..games.trictrac.marking import PayoutRule
from .parallel import in_order
from .partie import Partie
from .player import Player, best_of
from .registry import player
from .situation import ruleset_named


class Outcome(NamedTuple):
    """One partie: its winner (None: unfinished), the stakes paid, its throws and the holes each side took."""

    winner: str | None
    stakes: float
    throws: int
    holes: tuple[int, int]  # (white's, black's)
    goes: tuple[int, int]  # how often each side went (s'en aller)


def partie_rng(seed: int, partie: int) -> random.Random:
    return random.Random(f"trictrac-match:{seed}:{partie}")


def play_one(players: tuple[Player, Player], label: str, seed: int, partie: int, max_throws: int = 6000) -> Outcome:
    """Partie number ``partie`` of a match between ``players`` (white, black) under ``label``."""
    rng = partie_rng(seed, partie)
    ruleset = ruleset_named(label)
    game = Partie(ruleset, first=WHITE if partie % 2 == 0 else BLACK)
    by_side = {WHITE: players[0], BLACK: players[1]}
    goes = {WHITE: 0, BLACK: 0}
    while game.winner is None and game.throws < max_throws:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        mover = by_side[game.situation.mover]
        thrown = game.throw(dice, best_of(mover.rank(game.situation, dice), rng), mover.stay_or_go)
        if thrown.decision is not None and thrown.decision.decision == "go":
            goes[thrown.side] += 1
    payout = game.marking.payout(PayoutRule.of(ruleset))
    holes = (game.marking.players[WHITE].holes, game.marking.players[BLACK].holes)
    return Outcome(game.winner, payout.stakes if payout else 0.0, game.throws, holes, (goes[WHITE], goes[BLACK]))


def _chunk(task: tuple[tuple[str, str], str, int, int, int, int]) -> list[Outcome]:
    names, label, seed, start, stop, max_throws = task
    players = (player(names[0]), player(names[1]))
    return [play_one(players, label, seed, i, max_throws) for i in range(start, stop)]


def match(names: tuple[str, str], label: str, parties: int, seed: int, jobs: int = 1, max_throws: int = 6000,
          progress: Callable[[int], object] | None = None, chunk: int = 5) -> dict[str, Any]:
    """``parties`` parties between the players ``names`` (the first white) under the rule set ``label``: the
    report (see docs/players.md for its JSON).  ``progress(done)`` is called as parties finish."""
    ruleset_named(label)  # a bad label fails here, before any process starts
    players = (player(names[0]), player(names[1]))  # and a bad name
    tasks = [(names, label, seed, s, min(s + chunk, parties), max_throws) for s in range(0, parties, chunk)]
    start = time.perf_counter()
    outcomes: list[Outcome] = []
    for _, out in in_order(_chunk, tasks, jobs):
        outcomes += out
        if progress:
            progress(len(out))
    seconds = time.perf_counter() - start
    return report(players, label, seed, jobs, outcomes, seconds)


def report(players: tuple[Player, Player], label: str, seed: int, jobs: int, outcomes: list[Outcome],
           seconds: float) -> dict[str, Any]:
    """The figures of a match: each player's parties won and their share with its Wilson interval (of the
    finished parties), the stakes each won per partie, the length of a partie."""
    finished = [o for o in outcomes if o.winner is not None]
    sides = {}
    for side, p, k in ((WHITE, players[0], 0), (BLACK, players[1], 1)):
        won = [o for o in finished if o.winner == side]
        sides[p.name if players[0].name != players[1].name else f"{p.name} ({side})"] = {
            "side": side, "won": len(won), "share": wilson(len(won), len(finished)),
            "stakes_per_partie": mean_ci([o.stakes if o.winner == side else -o.stakes for o in finished]),
            "won_first": sum(1 for i, o in enumerate(outcomes) if o.winner == side and (i % 2) == k),
            "goes": sum(o.goes[k] for o in outcomes)}
    return {"players": sides, "rules": label, "parties": len(outcomes), "finished": len(finished), "seed": seed,
            "jobs": jobs, "seconds": round(seconds, 2),
            "partie_length": mean_ci([o.throws for o in finished]),
            "summaries": {p.name: p.summary for p in players}}
