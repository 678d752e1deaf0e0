"""A backgammon rule set as the engine uses it: the moves, the start, and what a game, the cube and a match score.

Everything comes from the rule set's variants (rules_data/backgammon/*.yaml): Guiton's backgammon, hypergammon or
acey-deucey differ from the federation's by their files only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.board import COLORS, Position, other
from ...rules.rulesets import RuleSet, named_ruleset
from .play import MoveRules, State
from .schema import start_counts

DEFAULT = "ffbg"
"""decided: a backgammon record with no Rules header is replayed by the federation's rules (seed 002)."""

SINGLE, GAMMON, BACKGAMMON = "single", "gammon", "backgammon"
SCORE_RULE = "FFBG rules (seed 002), 'La partie simple, gammon et backgammon'"


@dataclass(frozen=True)
class Rules:
    """A resolved backgammon rule set."""

    id: str
    moves: MoveRules
    start: dict[int, int]  # point -> dames, in each player's own frame (25 the bar)
    cube: bool
    beaver: bool
    gammon: int
    backgammon: int
    jacoby: bool
    crawford: bool
    ruleset: RuleSet | None = None
    ace_deuce: bool = False  # acey-deucey: after a 1-2 the player names a doublet, plays it, and throws again
    doublets_again: bool = False  # acey-deucey: a doublet thrown gives another throw

    @classmethod
    def of(cls, ruleset: RuleSet) -> Rules:
        v = ruleset.variant
        moves = MoveRules(v("dames"), v("doublet_moves"), v("enter_first"), v("hitting"), v("max_per_point"),
                          v("bear_off"))
        return cls(ruleset.id, moves, start_counts(v("start")), v("cube"), v("beaver"), v("gammon"),
                   v("backgammon"), v("jacoby"), v("crawford"), ruleset, v("ace_deuce"), v("doublets_again"))

    def initial(self) -> Position:
        """Both players on the rule set's starting layout."""
        row = [0] * 24
        for point, n in self.start.items():
            if point <= 24:
                row[24 - point] = n
        bar = self.start.get(25, 0)
        return Position(row, row, 0, 0, bar, bar)

    def cite(self, variant: str) -> str:
        return self.ruleset.citation(f"variants.{variant}") if self.ruleset else "FFBG rules (seed 002)"


NAME, AGAIN = "name a doublet", "throw again"  # the phases of an acey-deucey turn


def turn_after(rules: Rules, side: str, dice: tuple[int, int] | None, phase: str | None) -> tuple[str, str | None]:
    """Who throws after ``side``'s line with ``dice`` (``phase``: what that line was, NAME for a doublet named),
    and the phase of the next line: NAME after a 1-2 (acey-deucey: he names a doublet and plays it), AGAIN when
    he throws again (after the doublet named, or a doublet thrown), None when the turn passes."""
    if phase == NAME:
        return side, AGAIN  # the 1-2's other throw
    if dice is not None and rules.ace_deuce and sorted(dice) == [1, 2]:
        return side, NAME
    if dice is not None and rules.doublets_again and dice[0] == dice[1]:
        return side, AGAIN
    return other(side), None


def load(name: str = DEFAULT, options: Sequence[str] = ()) -> Rules:
    return Rules.of(named_ruleset(name, options))


def game_kind(position: Position, winner: str, loser: str) -> str:
    """Single, gammon or backgammon once ``winner`` has borne off his last dame (seed 002): a gammon when the
    loser has borne off none; a backgammon when he also still has a dame on the bar or in the winner's home."""
    if position.borne_off(loser):
        return SINGLE
    state = State.of(position, loser)
    if state.me[25] or any(state.me[19:25]):  # the loser's points 19-24 are the winner's home table
        return BACKGAMMON
    return GAMMON


def multiple(kind: str, rules: Rules, cube_turned: bool, match: bool) -> int:
    """The multiple of the cube a game of ``kind`` wins (the Jacoby rule: gammons count only once the cube was
    turned, in money play)."""
    if kind == SINGLE or (rules.jacoby and not match and not cube_turned):
        return 1
    return rules.gammon if kind == GAMMON else rules.backgammon


def sound(position: Position, rules: Rules) -> list[tuple[str | None, str]]:
    """What makes a backgammon position impossible under ``rules``: (colour, problem)."""
    found: list[tuple[str | None, str]] = []
    for color in COLORS:
        total = position.total(color)
        if total != rules.moves.dames:
            found.append((color, f"{color} has {total} dames, not {rules.moves.dames}"))
        if any(n < 0 for n in position.row(color)):
            found.append((color, f"{color} has a negative number of dames somewhere"))
    for t in range(24):
        if position.white[t] and position.black[23 - t]:
            found.append((None, f"white and black dames share a point (white's point {24 - t})"))
    return found


def rule_sets() -> list[RuleSet]:
    """The backgammon rule sets of rules_data/backgammon/, the federation's first, then by year."""
    from ...rules.rulesets import game_ids

    found = [named_ruleset(i) for i in game_ids("backgammon")]
    return sorted(found, key=lambda r: (r.id != DEFAULT, r.identity["year"], r.id))


def comparison_markdown() -> str:
    """The matrix of the backgammon rule sets (one row a variant, one column a set) and, under it, where each
    set differs from the federation's, with its citation: the family pages print it as it is."""
    from .schema import VARIANTS

    sets = rule_sets()
    def cell(r: RuleSet, name: str) -> str:
        value = r.variant(name)
        return "yes" if value is True else "no" if value is False else f"`{value}`" if name == "start" else str(value)

    out = ["| variant | " + " | ".join(f"`{r.id}`" for r in sets) + " |", "|---|" + "---|" * len(sets)]
    out += [f"| {name.replace('_', ' ')} | " + " | ".join(cell(r, name) for r in sets) + " |" for name in VARIANTS]
    out += ["", "| rule set | options (by agreement) |", "|---|---|"]
    out += [f"| `{r.id}` | " + ("; ".join(f"`{o}`: {d}" for o, d in r.available_options.items()) or "—") + " |"
            for r in sets]
    base = sets[0]
    for r in sets[1:]:
        out += ["", f"**`{r.id}`** ({r.identity['author']}, {r.title}, {r.identity['year']}) differs from "
                    f"`{base.id}` in:", ""]
        out += [f"- {name.replace('_', ' ')}: {cell(r, name)} — {r.citation('variants.' + name)}"
                for name in VARIANTS if r.variant(name) != base.variant(name)]
    return "\n".join(out) + "\n"
