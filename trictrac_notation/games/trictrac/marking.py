"""Marking: points into holes, bredouille, the pavillon, and the payout of the partie.

The state is what the two jetons and the two fichets show (rules.md §1.5): each player's
points (0..11) and holes, and the two uninterrupted runs that double a score — the
*bredouille* of points (12 points taken while the opponent marked nothing: a double hole,
§3.9) and the *series* of holes (a partie won while the opponent took no hole: the
grande bredouille, marked by the pavillon or its older equivalents when the second
player starts one, §3.9, §3.12).  Nothing here knows a treatise: the hole size, the
partie length (None in a partie à écrire, where a go ends each marqué: ecrire.py) and the
payout (the cases of the rule set's YAML) are given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, TypedDict

from ...core.board import BLACK, COLORS, WHITE, other
from .events import counted

if TYPE_CHECKING:
    from ...rules.rulesets import RuleSet


class PlayerJSON(TypedDict):
    points: int
    holes: int
    bredouille: bool


class PayoutJSON(TypedDict):
    winner: str
    scheme: str
    stakes: float
    why: str


@dataclass
class Player:
    """One player's jetons and fichet."""

    points: int = 0
    holes: int = 0
    bredouille: bool = False  # his points run while the opponent marked nothing: the hole counts double
    series: bool = False  # his holes run while the opponent took none: a grande bredouille so far
    pavillon: bool = False  # his series began while the opponent held holes (he carries the marker)
    lifted: int = 0  # relevés since his series began (a marqué 'sans lever' has none)

    def to_json(self) -> PlayerJSON:
        return {"points": self.points, "holes": self.holes, "bredouille": self.bredouille}


@dataclass
class Gain:
    """What marking some points did: holes won (a double hole counts two), and how."""

    color: str
    points: int
    holes: int = 0
    doubles: int = 0  # holes marked double (bredouille)
    erased: int = 0  # the opponent's points wiped off when the hole was marked


@dataclass
class Marking:
    """The score of one partie."""

    points_per_hole: int = 12
    holes_per_partie: int | None = 12  # None: no number of holes ends the partie (à écrire)
    players: dict[str, Player] = field(default_factory=lambda: {WHITE: Player(), BLACK: Player()})
    winner: str | None = None

    def copy(self) -> Marking:
        return Marking(self.points_per_hole, self.holes_per_partie,
                       {c: replace(p) for c, p in self.players.items()}, self.winner)

    def mark(self, color: str, points: int) -> Gain:
        """``color`` marks ``points`` (rules.md §3.9).

        A player who starts from no points marks in bredouille (the first scorer with one jeton,
        the second with two); any points he marks end the opponent's bredouille.  Every 12 make a
        hole, double while in bredouille; marking a hole wipes the opponent's points, so the
        next 12 of the same throw run uninterrupted and count double (re-entering bredouille,
        example E28).
        """
        gain = Gain(color, points)
        if points <= 0:
            return gain
        me, opp = self.players[color], self.players[other(color)]
        if me.points == 0:
            me.bredouille = True
        opp.bredouille = False
        me.points += points
        holes, me.points = divmod(me.points, self.points_per_hole)  # computed: +999999999 is no loop
        if holes:
            first = 2 if me.bredouille else 1  # the holes after the first run uninterrupted: double
            gain.holes += first + 2 * (holes - 1)
            gain.doubles += (first == 2) + holes - 1
            gain.erased += opp.points
            opp.points = 0
            me.bredouille = True
        if gain.holes:
            self.add_holes(color, gain.holes)
        return gain

    def add_holes(self, color: str, holes: int) -> None:
        """``color`` takes ``holes`` (negative to strike some off): the series of §3.9 and the end of the partie.

        A player taking his first hole starts a series, and carries the pavillon if the opponent
        already held holes; taking a hole ends the opponent's series (and his pavillon).
        """
        me, opp = self.players[color], self.players[other(color)]
        if holes > 0:
            if me.holes == 0:
                me.series = True
                me.pavillon = opp.holes > 0
                me.lifted = 0
            opp.series = opp.pavillon = False
        me.holes = max(0, me.holes + holes)
        if self.winner is None and self.holes_per_partie is not None and me.holes >= self.holes_per_partie:
            self.winner = color

    def take_off(self, color: str, points: int) -> None:
        """Points marked wrongly taken off ``color``'s jetons (an école claimed against them)."""
        player = self.players[color]
        player.points = max(0, player.points - points)

    def go(self) -> None:
        """S'en aller (rules.md §3.10): all jetons back, only the holes stay."""
        for p in self.players.values():
            p.points = 0
            p.bredouille = False

    def relever(self) -> None:
        """The dames are re-piled (a go or a sortie): a series of holes now runs across a relevé."""
        for p in self.players.values():
            p.lifted += p.series

    def new_marque(self) -> None:
        """A marqué is over (à écrire): jetons, fichets and the pavillon start again."""
        self.players = {c: Player() for c in self.players}

    def to_json(self) -> dict[str, PlayerJSON]:
        return {c: self.players[c].to_json() for c in COLORS}

    def payout(self, rule: PayoutRule) -> Payout | None:
        """The stakes the winner takes under the rule set's payout (rules.md §3.12, §4 D12), once the partie
        is won."""
        if self.winner is None:
            return None
        won, lost = self.players[self.winner], self.players[other(self.winner)]
        return Payout(self.winner, rule.scheme, *stakes(rule, won, lost))


@dataclass
class Payout:
    winner: str
    scheme: str
    stakes: float
    why: str

    def to_json(self) -> PayoutJSON:
        return {"winner": self.winner, "scheme": self.scheme, "stakes": self.stakes, "why": self.why}


@dataclass(frozen=True)
class PayoutRule:
    """How a rule set pays the 12-hole partie, as its YAML says (variants ``payout``: the name shown,
    ``payout_stakes``: the cases, ``payout_line``: the line of the ``below-line`` cases)."""

    scheme: str
    cases: tuple[dict[str, Any], ...]
    line: int | None = None

    @classmethod
    def of(cls, ruleset: RuleSet) -> PayoutRule:
        line = ruleset.variant("payout_line") if ruleset.states("payout_line") else None
        return cls(ruleset.variant("payout"), tuple(ruleset.variant("payout_stakes")), line)


CONDITIONS: dict[str, Callable[[Player, Player, int | None], bool]] = {
    "loser-no-hole": lambda won, lost, line: lost.holes == 0,
    "grande": lambda won, lost, line: won.series,
    "pavillon": lambda won, lost, line: won.pavillon,
    "below-line": lambda won, lost, line: line is not None and lost.holes < line,
}
"""The conditions of the cases of ``payout_stakes`` (games/trictrac/schema.py, PayoutCases).

decided: the grande bredouille is the winner's uninterrupted series, whether he began it first or second (with
the marker): the older markers (pierced jeton, cravate) exist precisely to show that the second series counts."""


def stakes(rule: PayoutRule, won: Player, lost: Player) -> tuple[float, str]:
    """How many stakes a partie is paid, and why (rules.md §3.12, example E31): the first case of the rule
    set's ``payout_stakes`` whose conditions all hold."""
    for case in rule.cases:
        when = case.get("when", ())
        if "below-line" in when and rule.line is None:
            raise ValueError(f"the {rule.scheme!r} payout needs the rule set's payout_line")
        if all(CONDITIONS[c](won, lost, rule.line) for c in when):
            why = str(case["why"]).replace("{holes}", counted(lost.holes, "hole")).replace("{line}", str(rule.line))
            return case["stakes"], why
    raise ValueError(f"no case of the {rule.scheme!r} payout applies (the last one has no 'when')")
