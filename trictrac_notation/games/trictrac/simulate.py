"""What each era's rules are worth: whole parties played by a simple greedy player under a rule set.

The player takes, at every throw, the legal play that scores him the most points on that throw
(his points minus those it gives the opponent); ties — most throws, since hits, the coin and the
opening jans are scored on the position before the throw, not on the play — are broken at random.
He always stays (tient) after winning a hole, so every relevé runs to the sortie; the winner of the
sortie throws first in the next relevé.  A partie is decided when a player reaches the rule set's
holes; the relevé then in progress is still played out to its sortie (the marking going on) so that
the relevé figures cover whole relevés — the partie's own figures stop at its winning throw.

Everything is reproducible from the seed: game ``i`` draws its dice and its tie-breaks from its own
generator seeded by ``(seed, i)``, so the results are the same whatever the number of processes.
Per game only whole numbers are kept (throws, points, events and their points, relevés), and they
are added up in game order.
"""

from __future__ import annotations

import functools
import random
import time
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypedDict

from ...core.board import BLACK, DAMES, WHITE, Position, other
from ...core.intervals import clustered_share, mean_ci, ratio_ci, wilson
from .events import JANS
from .history import Tracker
from .kernel.moves import COIN, OFF, KPlay, legal, pleins, row_of, seen_by, within_reach
from .kernel.scoring import KEvent, KHistory, KRoll, events, totals
from .marking import Marking, PayoutRule
from .scoring import Tariff, tariff

if TYPE_CHECKING:
    from ...rules.rulesets import RuleSet

PLAYER = ("greedy: each throw takes the legal play scoring the most points for the mover on that throw (his "
          "points minus the opponent's), ties broken at random; always stays after a hole")


class PartieStats(TypedDict):
    """One partie's whole numbers (see :func:`play_partie`)."""

    throws: int
    points: int
    jans: dict[str, list[int]]  # jan -> [throws giving it, its points]
    releves: list[tuple[int, int, int]]  # each relevé's throws, holes and points
    won: bool
    grande: bool
    stakes: float
    partie_throws: int


# one rule set's report and the whole report, as the README's simulate section describes their JSON
Report = dict[str, Any]


@functools.cache
def _ruleset(label: str) -> RuleSet:
    from ...rules.rulesets import require_game, ruleset_for

    return require_game(ruleset_for(label, None), "trictrac")


def game_rng(seed: int, game: int) -> random.Random:
    """The generator of game ``game``: depends on the seed and the game's number only."""
    return random.Random(f"trictrac-simulate:{seed}:{game}")


# --- one partie --------------------------------------------------------------------------------

def _choose(me: list[int], opp: list[int], dice: tuple[int, int], t: Tariff, history: KHistory, slow: bool,
            rng: random.Random) -> tuple[KPlay, list[KEvent]]:
    """The greedy play and its events, on the kernel's rows.  Plays that leave the same pleins, bear off as
    many dames, leave the same coin and leave the same numbers unplayed are scored once (the other jans do not
    depend on the play); the rest is decided on the points."""
    a, b = dice
    plays = legal(me, opp, a, b, slow)
    if len(plays) == 1:
        play = plays[0]
        return play, events(KRoll(me, opp, a, b, slow, play, plays), t, history)
    landing = "margot" in t.scored and t.variants["margot"] == "landing"
    reach = within_reach(me)
    groups: dict[tuple[int, int, int, tuple[int, ...], tuple[int, ...] | None], list[KPlay]] = {}
    for play in plays:
        row = play[1]
        groups.setdefault((pleins(row, reach) if reach else 0, row[OFF], row[COIN], play[3],
                           tuple(s[1] for s in play[0]) if landing else None), []).append(play)
    best: list[tuple[KPlay, list[KEvent]]] = []  # the plays of the most points, each with its events
    best_net: int | None = None
    scored: dict[tuple[object, ...], list[KEvent]] = {}  # the events of a group's kind: only a full coin differs
    for key, group in groups.items():
        kind = (key[0], key[1], key[2] == DAMES, key[3], key[4])
        if kind in scored:
            found = scored[kind]
        else:
            found = scored[kind] = events(KRoll(me, opp, a, b, slow, group[0], plays), t, history)
        own, theirs = totals(found)
        net = own - theirs
        if best_net is None or net > best_net:
            best, best_net = [], net
        if net == best_net:
            best += [(p, found) for p in group]
    return best[0] if len(best) == 1 else rng.choice(best)


def play_partie(label: str, seed: int, game: int, max_throws: int = 6000) -> PartieStats:
    """One partie under the rule set ``label`` (``ID[+OPTION...]``): whole-number statistics."""
    ruleset = _ruleset(label)
    t = tariff(ruleset)
    movement = ruleset.movement
    assert movement is not None, "a trictrac rule set has its movement rules"
    slow = movement.sortie == "slow"
    rng = game_rng(seed, game)
    marking = Marking(ruleset.variant("points_per_hole"), ruleset.variant("holes_per_partie"))
    tracker = Tracker(ruleset)
    opening = row_of(Position.initial().white, 0)
    rows = {WHITE: opening, BLACK: opening}
    side = WHITE
    stats = PartieStats(throws=0, points=0, jans={}, releves=[], won=False, grande=False, stakes=0.0,
                        partie_throws=0)
    jans = stats["jans"]
    releve_throws = releve_holes = releve_points = 0
    while stats["throws"] < max_throws:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        me = rows[side]
        play, found = _choose(me, seen_by(rows[other(side)]), dice, t, tracker.kernel_history(side), slow, rng)
        tracker.record(side, dice, [e[0] for e in found])
        stats["throws"] += 1
        releve_throws += 1
        seen: dict[str, int] = {}
        for e in found:
            seen[e[0]] = seen.get(e[0], 0) + e[2]
        for jan, points in seen.items():
            entry = jans.setdefault(jan, [0, 0])
            entry[0] += 1
            entry[1] += points
        own, theirs = totals(found)
        stats["points"] += own + theirs
        releve_points += own + theirs
        releve_holes += marking.mark(side, own).holes
        releve_holes += marking.mark(other(side), theirs).holes
        if marking.winner is not None and not stats["won"]:
            payout = marking.payout(PayoutRule.of(ruleset))
            assert payout is not None  # (the partie is won)
            stats.update({"won": True, "grande": marking.players[marking.winner].series, "stakes": payout.stakes,
                          "partie_throws": stats["throws"]})
        rows[side] = play[1]
        if play[1][OFF] == DAMES:
            stats["releves"].append((releve_throws, releve_holes, releve_points))
            if stats["won"]:
                break
            releve_throws = releve_holes = releve_points = 0
            rows = {WHITE: opening, BLACK: opening}
            tracker.new_releve()  # the winner of the sortie throws first again
        else:
            side = other(side)
    return stats


def _chunk(task: tuple[str, int, int, int, int]) -> list[PartieStats]:
    label, seed, start, stop, max_throws = task
    return [play_partie(label, seed, g, max_throws) for g in range(start, stop)]


# --- statistics --------------------------------------------------------------------------------

def quartiles(values: Iterable[float]) -> list[float]:
    """The 10th, 25th, 50th, 75th and 90th percentiles (nearest rank)."""
    if not values:
        return []
    ordered = sorted(values)
    return [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.1, 0.25, 0.5, 0.75, 0.9)]


def aggregate(games: list[PartieStats]) -> Report:
    """The report of one rule set from its games' statistics (in game order)."""
    throws = [g["throws"] for g in games]
    releves = [r for g in games for r in g["releves"]]
    won = [g for g in games if g["won"]]
    jans: dict[str, dict[str, Any]] = {}
    for jan in JANS:
        counts = [g["jans"].get(jan, [0, 0])[0] for g in games]
        if not any(counts):
            continue
        points = [g["jans"].get(jan, [0, 0])[1] for g in games]
        jans[jan] = {"per_throw": clustered_share(counts, throws), "mean_points": ratio_ci(points, counts),
                     "throws": sum(counts)}
    return {
        "games": len(games), "won": len(won), "throws": sum(throws), "releves": len(releves),
        "points_per_throw": ratio_ci([g["points"] for g in games], throws),
        "jans": jans,
        "holes_per_releve": mean_ci([h for _, h, _ in releves]),
        "points_per_releve": mean_ci([p for _, _, p in releves]) | {"quartiles": quartiles([p for _, _, p in releves])},
        "releve_length": mean_ci([n for n, _, _ in releves]),
        "grande_bredouille": wilson(sum(g["grande"] for g in won), len(won)),
        "stakes_per_partie": mean_ci([g["stakes"] for g in won]),
        "partie_length": mean_ci([g["partie_throws"] for g in won]),
    }


def simulate(labels: list[str], games: int, seed: int, jobs: int = 1, max_throws: int = 6000,
             progress: Callable[[str, int], object] | None = None, chunk: int = 25) -> Report:
    """Play ``games`` parties under each rule set of ``labels``; the report (see the README's
    *simulate* section for its JSON).  ``progress(label, done)`` is called as games finish."""
    for label in labels:
        _ruleset(label)  # a bad label fails here, before any process starts
    tasks = [(label, seed, s, min(s + chunk, games), max_throws) for label in labels for s in range(0, games, chunk)]
    start = time.perf_counter()
    results: dict[str, list[PartieStats]] = {label: [] for label in labels}
    outputs: Iterable[list[PartieStats]]
    if jobs <= 1:
        outputs = map(_chunk, tasks)
        pool = None
    else:
        import multiprocessing

        pool = multiprocessing.get_context("fork" if hasattr(__import__("os"), "fork") else "spawn").Pool(jobs)
        outputs = pool.imap(_chunk, tasks)
    try:
        for task, out in zip(tasks, outputs, strict=True):
            results[task[0]] += out
            if progress:
                progress(task[0], len(out))
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    seconds = time.perf_counter() - start
    report = {label: aggregate(results[label]) for label in labels}
    total = sum(r["throws"] for r in report.values())
    return {"player": PLAYER, "games": games, "seed": seed, "jobs": jobs, "seconds": round(seconds, 2),
            "throws_per_second": round(total / seconds) if seconds else None, "rules": report}
