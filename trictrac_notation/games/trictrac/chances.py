"""The arithmetic of the treatises: what each of the 36 throws does from one position.

Lepeintre (1818, part 2), Guiton (1822, ch. 2) and Lelasseux-Lafosse (1852, section IV) count
*chances*: of the 36 ordered throws of two dice (a simple throw such as 6-5 comes two ways, a
doublet one), how many give a jan to the player to move, and how many give one to his opponent.
Here every throw is scored by the engine (``scoring.throw_events``) exactly as ``trictrac score``
scores it, and the counts, the expected points and the treatises' reckoning rules are derived
from those scores.

* :func:`outcomes` — the events and points of every throw from a position;
* :func:`summary` — chances per jan and player, and the expected points (mean over the 36);
* :class:`Tracker` — what the scorer knows of a relevé's past (the opening jans' history),
  kept throw by throw for replays and simulations;
* :func:`reach` — the bare arithmetic of a distance (how many throws carry one dame that far,
  at trictrac and at backgammon where a doublet is played four times).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...core.board import COLORS, WHITE, Position, other
from .events import Event
from .history import Tracker
from .vocabulary import JANS, VERBS

if TYPE_CHECKING:
    from ...engine.replay import Replay
from .kernel.bridge import throw_events
from .moves import PARISIAN
from .scoring import NO_HISTORY, History, Roll, tariff, totals

ORDERED = tuple((a, b) for a in range(1, 7) for b in range(1, 7))  # the 36 chances
UNORDERED = tuple((a, b) for a in range(6, 0, -1) for b in range(a, 0, -1))  # the 21 throws, 6-6 first
JAN_VERBS = VERBS  # how a caption says it: "fills by 20 of 36"


def weight(dice: Sequence[int]) -> int:
    """How many of the 36 chances a throw stands for: 2 for a simple throw, 1 for a doublet."""
    return 1 if dice[0] == dice[1] else 2


@dataclass
class Outcome:
    """One throw from the position: its dice, events and the points each player gets."""

    dice: tuple[int, int]
    events: list[Event]
    total: dict[str, int]  # colour -> points
    weight: int = 1  # chances it stands for (1 when all 36 are listed)

    def to_json(self) -> dict[str, Any]:
        return {"dice": list(self.dice), "events": [e.to_json() for e in self.events],
                "total": {c: self.total[c] for c in COLORS}}


def outcomes(position: Position, mover: str, ruleset: Any, history: History = NO_HISTORY, movement: Any = None,
             ordered: bool = False) -> list[Outcome]:
    """Every throw of ``mover`` from ``position`` scored under ``ruleset``: the 36 ordered throws
    (``ordered``), else the 21 distinct throws each weighted by its chances."""
    t = tariff(ruleset)
    movement = movement or getattr(ruleset, "movement", PARISIAN)
    rival = other(mover)
    out = []
    for dice in ORDERED if ordered else UNORDERED:
        events = throw_events(Roll(position, mover, dice, movement), t, history)
        own, theirs = totals(events, mover)
        out.append(Outcome(dice, events, {mover: own, rival: theirs}, 1 if ordered else weight(dice)))
    return out


def summary(found: list[Outcome], mover: str) -> dict[str, Any]:
    """``{"chances": {colour: {jan: N}}, "expected": {colour: x}}``: N counts the chances (of 36)
    giving that jan to that player; x is the mean of his points over the 36."""
    chances: dict[str, dict[str, int]] = {c: {} for c in COLORS}
    expected = {c: 0 for c in COLORS}
    for o in found:
        for c in COLORS:
            expected[c] += o.total[c] * o.weight
        for jan, who in {(e.jan, e.beneficiary) for e in o.events}:
            chances[who][jan] = chances[who].get(jan, 0) + o.weight
    order = {jan: i for i, jan in enumerate(JANS)}
    return {"chances": {c: dict(sorted(chances[c].items(), key=lambda kv: order[kv[0]])) for c in COLORS},
            "expected": {c: round(expected[c] / 36, 6) for c in COLORS}}


def ways_count(found: list[Outcome], match: Callable[[Event], bool]) -> dict[int | str, int]:
    """For the events selected by ``match(event)``: chances giving at least one, two, three ways
    (Lelasseux-Lafosse's table F columns) and the total of ways over the 36."""
    out: dict[int | str, int] = {1: 0, 2: 0, 3: 0, "ways": 0}
    for o in found:
        means = max((e.means for e in o.events if match(e)), default=0)
        for k in (1, 2, 3):
            out[k] += o.weight if means >= k else 0
        out["ways"] += means * o.weight
    return out


def caption(data: dict[str, Any], mover: str) -> str:
    """The chances in one line under a diagram: 'white to play: fills by 20 of 36, hits by 11 of 36;
    black scores by 4 of 36 (battre-a-faux)'."""
    mine = data["chances"][mover]
    parts = [f"{JAN_VERBS.get(jan, jan)} by {n} of 36" for jan, n in mine.items()]
    theirs = data["chances"][other(mover)]
    text = f"{mover} to play: " + (", ".join(parts) or "no jan")
    if theirs:
        text += f"; {other(mover)} scores " + ", ".join(f"{jan} by {n} of 36" for jan, n in theirs.items())
    exp = data["expected"]
    return text + f" (expected points {mover} {exp[mover]:.2f}, {other(mover)} {exp[other(mover)]:.2f})"


# --- the history of a relevé ------------------------------------------------------------------

def replay_tracker(result: Replay, n: int, ruleset: Any) -> Tracker:
    """The :class:`Tracker` after the first ``n`` throws of a scored replay's main line."""
    tracker = Tracker(ruleset, fresh=not result.record.setup)
    releve = 1
    for t in result.throws[:n]:
        if t.releve != releve:
            releve = t.releve
            tracker.new_releve()
        if t.score is not None and t.throw.dice is not None:
            tracker.record(t.side, t.throw.dice, [e.jan for e in t.score.events])
    if n and result.throws[n - 1].new_releve:
        tracker.new_releve()
    return tracker


def after_throws(result: Replay, n: int, ruleset: Any) -> tuple[Position, str, History, Any]:
    """(position, mover, history, movement) of the throw that follows the first ``n`` throws of a
    scored replay's main line: the record's own next throw when there is one, else the other player
    (the same one after a sortie), from the position reached."""
    if n < len(result.throws):
        t = result.throws[n]
        position, mover, movement = t.before, t.side, t.rules
    else:
        last = result.throws[n - 1] if n else None
        position = result.initial if last is None else (last.after or last.before)
        first = (result.record.header("First") or "").lower()
        mover = (first if first in COLORS else WHITE) if last is None else (
            last.side if last.new_releve else other(last.side))
        movement = ruleset.movement
    return position, mover, replay_tracker(result, n, ruleset).history(mover), movement


# --- the bare arithmetic ------------------------------------------------------------------------

def numbers(dice: Sequence[int], doublet_moves: int = 2) -> set[int]:
    """The distances one dame can cover with a throw: each die, their sum, and for a doublet each
    multiple up to ``doublet_moves`` times the die (2 at trictrac, 4 at backgammon)."""
    a, b = dice
    if a == b:
        return {a * k for k in range(1, doublet_moves + 1)}
    return {a, b, a + b}


def reach(distance: int, doublet_moves: int = 2) -> int:
    """How many of the 36 chances carry one dame over ``distance`` arrows, every arrow on the way
    open (Guiton 1822 ch. 2; his backgammon treatise ch. 1 with ``doublet_moves=4``)."""
    return sum(1 for dice in ORDERED if distance in numbers(dice, doublet_moves))
