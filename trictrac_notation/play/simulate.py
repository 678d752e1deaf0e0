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

import random
import time
from collections.abc import Callable, Iterable
from typing import Any, TypedDict

from ..core.intervals import clustered_share, mean_ci, ratio_ci, wilson
from ..games.trictrac.events import JANS
from ..games.trictrac.kernel.scoring import QUADRANT_NAMES
from ..games.trictrac.marking import PayoutRule
from .greedy import SUMMARY, Greedy
from .parallel import in_order
from .partie import Partie
from .player import best_of
from .registry import player
from .situation import ruleset_named

PLAYER = SUMMARY
DEFAULT_PLAYER = "greedy"


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
    pleins: list[int]  # each relevé's pleins made (by either player): a bit each, in QUADRANT_NAMES' order
    decisions: int  # stay-or-go decisions taken (a hole won by one's own throw)
    goes: int  # ... that went


# one rule set's report and the whole report, as the README's simulate section describes their JSON
Report = dict[str, Any]


_ruleset = ruleset_named  # (the name the command line knew)


def game_rng(seed: int, game: int) -> random.Random:
    """The generator of game ``game``: depends on the seed and the game's number only."""
    return random.Random(f"trictrac-simulate:{seed}:{game}")


# --- one partie --------------------------------------------------------------------------------

def play_partie(label: str, seed: int, game: int, max_throws: int = 6000, name: str = DEFAULT_PLAYER
                ) -> PartieStats:
    """One partie under the rule set ``label`` (``ID[+OPTION...]``) played by the player ``name`` on both sides,
    who stays or goes by his own valuation: whole-number statistics."""
    ruleset = _ruleset(label)
    rng = game_rng(seed, game)
    partie = Partie(ruleset)
    judge = Greedy() if name == DEFAULT_PLAYER else player(name)
    stats = PartieStats(throws=0, points=0, jans={}, releves=[], won=False, grande=False, stakes=0.0,
                        partie_throws=0, pleins=[], decisions=0, goes=0)
    jans = stats["jans"]
    releve_throws = releve_holes = releve_points = filled = 0
    while stats["throws"] < max_throws:
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        choice = best_of(judge.rank(partie.situation, dice), rng)
        thrown = partie.throw(dice, choice, judge.stay_or_go)
        if thrown.decision is not None:
            stats["decisions"] += 1
            stats["goes"] += thrown.decision.decision == "go"
        for e in choice.events:
            if e[0] == "remplir" and e[6] in QUADRANT_NAMES:
                filled |= 1 << QUADRANT_NAMES.index(e[6])
        stats["throws"] += 1
        releve_throws += 1
        seen: dict[str, int] = {}
        for e in choice.events:
            seen[e[0]] = seen.get(e[0], 0) + e[2]
        for jan, points in seen.items():
            entry = jans.setdefault(jan, [0, 0])
            entry[0] += 1
            entry[1] += points
        own, theirs = choice.points
        stats["points"] += own + theirs
        releve_points += own + theirs
        releve_holes += thrown.holes[0] + thrown.holes[1]
        if thrown.won:
            payout = partie.marking.payout(PayoutRule.of(ruleset))
            assert payout is not None  # (the partie is won)
            stats.update({"won": True, "grande": partie.marking.players[payout.winner].series,
                          "stakes": payout.stakes, "partie_throws": stats["throws"]})
        if thrown.releve_over:
            stats["releves"].append((releve_throws, releve_holes, releve_points))
            stats["pleins"].append(filled)
            if stats["won"]:
                break
            releve_throws = releve_holes = releve_points = filled = 0
    return stats


def _chunk(task: tuple[str, int, int, int, int, str]) -> list[PartieStats]:
    label, seed, start, stop, max_throws, name = task
    return [play_partie(label, seed, g, max_throws, name) for g in range(start, stop)]


# --- statistics --------------------------------------------------------------------------------

def quartiles(values: Iterable[float]) -> list[float]:
    """The 10th, 25th, 50th, 75th and 90th percentiles (nearest rank)."""
    if not values:
        return []
    ordered = sorted(values)
    return [ordered[min(len(ordered) - 1, int(q * len(ordered)))] for q in (0.1, 0.25, 0.5, 0.75, 0.9)]


def play_figures(games: list[PartieStats]) -> Report:
    """What a player's own choices make of a rule set (``simulate --player``): each plein's share of the relevés
    in which either player made it, the share of the stay-or-go decisions that went, the share of relevés ended
    by a go — each with its 95 % interval, the parties as clusters."""
    releves = [len(g["pleins"]) for g in games]
    pleins = {name: clustered_share([sum(bool(p >> k & 1) for p in g["pleins"]) for g in games], releves)
              for k, name in enumerate(QUADRANT_NAMES)}
    return {"pleins_per_releve": pleins,
            "go_per_decision": clustered_share([g["goes"] for g in games], [g["decisions"] for g in games]),
            "goes_per_releve": clustered_share([g["goes"] for g in games], releves)}


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
             progress: Callable[[str, int], object] | None = None, chunk: int = 25, name: str | None = None,
             cluster: str | None = None) -> Report:
    """Play ``games`` parties under each rule set of ``labels``; the report (see the README's
    *simulate* section for its JSON).  ``progress(label, done)`` is called as games finish.  ``name``: the player
    on both sides (None: the greedy player, and the report as it always was; a player named adds his own play's
    figures, :func:`play_figures`); ``cluster``: a Dask scheduler's address to run the parties on."""
    for label in labels:
        _ruleset(label)  # a bad label fails here, before any process starts
    judge = player(name or DEFAULT_PLAYER)  # an unknown name fails here too
    tasks = [(label, seed, s, min(s + chunk, games), max_throws, judge.name) for label in labels
             for s in range(0, games, chunk)]
    start = time.perf_counter()
    results: dict[str, list[PartieStats]] = {label: [] for label in labels}
    for task, out in in_order(_chunk, tasks, jobs, cluster):
        results[task[0]] += out
        if progress:
            progress(task[0], len(out))
    seconds = time.perf_counter() - start
    report = {label: aggregate(results[label]) | (play_figures(results[label]) if name else {}) for label in labels}
    total = sum(r["throws"] for r in report.values())
    named = {"player_name": judge.name} if name else {}
    return {"player": judge.summary if name else PLAYER, **named, "games": games, "seed": seed, "jobs": jobs,
            "seconds": round(seconds, 2), "throws_per_second": round(total / seconds) if seconds else None,
            "rules": report}
