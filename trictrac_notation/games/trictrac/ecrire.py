"""The partie à écrire: the reckoning of a marqué, the score card and the settlement of a partie
(rules.md §4 D14-D15).

A marqué ends when a player goes while one of the two holds the rule set's ``marque_holes`` (or,
where ``refait_when`` is ``equal``, as soon as the holes are equal at that number).  The player with
more holes *marks*: his holes plus the consolation, times the multiplier of his bredouille, less
the loser's holes.  Equal holes are a *refait*: the marqué is void, played again, and the next
consolation grows.  At the end of the partie each player owes the values of the marqués he lost
and the postillons of those beyond his share.  Every number comes from the rule set's variants
(schema.VARIANTS, ``partie_a_ecrire`` to ``first_after_refait``); nothing here knows a treatise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.board import BLACK, COLORS, WHITE, other
from ...errors import TrictracError
from .events import counted

if TYPE_CHECKING:
    from ...rules.rulesets import RuleSet

VARIANT_NAMES = ("marque_holes", "marque_consolation", "marque_bredouille", "refait_when", "refait_consolation",
                 "marques_per_partie", "postillon_first", "postillon_next", "queue_jetons", "first_after_marque",
                 "first_after_refait")
JETONS_PER_FICHE = 10
"""Ten jetons make a fiche, and a remainder of five or more counts as one for the gainer (Guiton 1822 ch. 8,
Lepeintre 1818 part 1 §VI, Lelasseux-Lafosse 1852 §222, §230, §233: all three agree)."""


class NotPlayed(TrictracError, ValueError):
    """The rule set does not play the partie à écrire; the message says why, with its citation."""


@dataclass(frozen=True)
class EcrireRules:
    """What a rule set says of the partie à écrire (see the variants' descriptions in schema.py)."""

    id: str
    marque_holes: int
    marque_consolation: int
    marque_bredouille: tuple[dict[str, Any], ...]
    refait_when: str
    refait_consolation: str
    marques_per_partie: int
    postillon_first: int
    postillon_next: int
    queue_jetons: int
    first_after_marque: str
    first_after_refait: str
    citations: dict[str, str] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, ruleset: RuleSet) -> EcrireRules:
        """The à écrire rules of ``ruleset`` (rulesets.RuleSet); NotPlayed if it does not play it."""
        if not ruleset.variant("partie_a_ecrire"):
            raise NotPlayed(f"rule set {ruleset.id} does not play the partie à écrire "
                            f"({ruleset.citation('variants.partie_a_ecrire')})")
        values = {name: ruleset.variant(name) for name in VARIANT_NAMES}
        values["marque_bredouille"] = tuple(
            sorted((dict(t) for t in values["marque_bredouille"]), key=lambda t: t["times"]))
        return cls(ruleset.id, **values,
                   citations={name: ruleset.citation(f"variants.{name}") for name in VARIANT_NAMES})

    def consolation(self, refaits: int) -> int:
        """The consolation of a marqué played after ``refaits`` refaits in a row."""
        grows = self.refait_consolation == "grows"
        return self.marque_consolation * (1 + refaits if grows else 1)

    def multiplier(self, holes: int, pavillon: bool, sans_lever: bool) -> int:
        """The highest tier the winner reaches: only with the pavillon (his holes all uninterrupted)."""
        if not pavillon:
            return 1
        return max((t["times"] for t in self.marque_bredouille
                    if holes >= t["holes"] and (sans_lever or not t.get("sans_lever"))), default=1)

    def ends(self, holes: Mapping[str, int], went: bool) -> bool:
        """Whether the marqué is over after a throw leaving ``holes`` (the roller went or not)."""
        if max(holes.values()) < self.marque_holes:
            return False
        return went or (self.refait_when == "equal" and holes[WHITE] == holes[BLACK])


@dataclass
class Marque:
    """One marqué reckoned (a refait has no winner and no value)."""

    winner: str | None
    holes: dict[str, int]
    pavillon: str | None
    refait: bool
    consolation: int
    multiplier: int
    value: int
    why: str
    citation: str
    refaits: int = 0  # refaits just before it
    sans_lever: bool = False
    throw: int | None = None  # the replay's index of the throw that ended it

    @property
    def loser(self) -> str | None:
        return other(self.winner) if self.winner else None

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "holes": {c: self.holes[c] for c in COLORS}, "pavillon": self.pavillon,
                "refait": self.refait, "consolation": self.consolation, "multiplier": self.multiplier,
                "value": self.value, "why": self.why, "citation": self.citation,
                **({"throw": self.throw} if self.throw is not None else {})}


def reckon(rules: EcrireRules, holes: Mapping[str, int], pavillon: str | None = None, refaits: int = 0,
           sans_lever: bool = False) -> Marque:
    """The marqué that ends with ``holes``; ``pavillon``: the player whose holes were all taken without
    interruption (he holds the pavillon), ``refaits``: the refaits just before, ``sans_lever``: the
    pavillon's holes all taken in one relevé.  ValueError if neither player has the holes of a marqué."""
    if max(holes.values()) < rules.marque_holes:
        raise ValueError(f"no marqué ends with {_holes_text(holes)}: a player needs {rules.marque_holes} holes")
    if pavillon is not None and not holes[pavillon]:
        raise ValueError(f"{pavillon} cannot hold the pavillon without a hole")
    cite = rules.citations
    consolation = rules.consolation(refaits)
    if holes[WHITE] == holes[BLACK]:
        following = rules.consolation(refaits + 1)
        return Marque(None, dict(holes), pavillon, True, 0, 1, 0,
                      f"refait: {counted(holes[WHITE], 'hole')} each, at least {rules.marque_holes}: the marqué is "
                      f"void and played again, with a consolation of {following}",
                      cite.get("refait_when", ""), refaits, sans_lever)
    winner = WHITE if holes[WHITE] > holes[BLACK] else BLACK
    won, lost = holes[winner], holes[other(winner)]
    multiplier = rules.multiplier(won, pavillon == winner, sans_lever)
    value = multiplier * (won + consolation) - lost
    reckoning = f"({won} + {consolation}) × {multiplier} − {lost}" if multiplier > 1 else \
        f"{won} + {consolation} − {lost}"
    kind = {1: "simple"}.get(multiplier, f"×{multiplier}" + (" sans lever" if sans_lever and any(
        t.get("sans_lever") and t["times"] == multiplier for t in rules.marque_bredouille) else ""))
    why = (f"{winner} marks with {counted(won, 'hole')}" + (" and the pavillon" if pavillon == winner else "")
           + f" against {lost}: {kind}, consolation {consolation}"
           + (f" after {counted(refaits, 'refait')}" if refaits else "") + f": {reckoning} = {value}")
    keys = ["marque_consolation"] + (["marque_bredouille"] if multiplier > 1 else []) + \
        (["refait_consolation"] if refaits else [])
    citation = "; ".join(dict.fromkeys(cite[k] for k in keys if k in cite))
    return Marque(winner, dict(holes), pavillon, False, consolation, multiplier, value, why, citation, refaits,
                  sans_lever)


def first_after(rules: EcrireRules, marque: Marque, first: str) -> str:
    """Who throws first after ``marque``, ``first`` having thrown first in it (rules.md §4 D15)."""
    if marque.refait:
        return first if rules.first_after_refait == "same" else other(first)
    assert marque.winner is not None  # a marqué not refait has a winner (reckon)
    return marque.winner if rules.first_after_marque == "winner" else other(first)


@dataclass
class Settlement:
    """Who owes what at the end of a partie (or so far): the paper-and-pencil method of
    Lelasseux-Lafosse 1852 §233, and the queue des jetons of §228 beside it."""

    marques: int
    lost: dict[str, list[int]]
    postillons: dict[str, int]
    owed: dict[str, int]
    loser: str | None
    difference: int
    queue: dict[str, Any]  # {"to": colour or None, "jetons": N}: the jetons set aside, to the player ahead
    complete: bool

    def contract(self) -> dict[str, Any]:
        """The output of ``trictrac marque`` for a settlement (an outside contract: keep it exactly)."""
        return {"postillons": dict(self.postillons), "owed": dict(self.owed), "loser": self.loser,
                "difference": self.difference}

    def with_queue(self) -> tuple[str | None, int]:
        """(loser, difference) when the jetons set aside are counted (Lelasseux-Lafosse 1852 §234-236)."""
        signed = self.owed[WHITE] - self.owed[BLACK]  # > 0: white loses
        to = self.queue["to"]
        if to is not None:
            signed += self.queue["jetons"] * (-1 if to == WHITE else 1)
        return (WHITE if signed > 0 else BLACK if signed < 0 else None), abs(signed)

    def to_json(self) -> dict[str, Any]:
        loser, difference = self.with_queue()
        return {**self.contract(), "marques": self.marques, "lost": {c: list(self.lost[c]) for c in COLORS},
                "complete": self.complete, "fiches": fiches(self.difference), "queue_jetons": dict(self.queue),
                "with_queue": {"loser": loser, "difference": difference, "fiches": fiches(difference)}}


def settle(rules: EcrireRules, marques: int, lost: Mapping[str, Sequence[int]], complete: bool = True) -> Settlement:
    """The settlement of a partie of ``marques`` marqués, ``lost`` giving the values of the marqués each
    player lost.  With ``complete``, every marqué must be there; otherwise the card so far.
    ValueError says what is wrong."""
    if marques < 2 or marques % 2:
        raise ValueError(f"a partie à écrire between two players has an even number of marqués, not {marques} "
                         "(Lelasseux-Lafosse 1852 §220)")
    played = sum(len(lost[c]) for c in COLORS)
    if played > marques or (complete and played != marques):
        raise ValueError(f"{counted(played, 'marqué')} lost in a partie of {marques}")
    share = marques // 2
    over: dict[str, int] = {c: max(0, len(lost[c]) - share) for c in COLORS}
    owed: dict[str, int] = {
        c: sum(lost[c]) + (rules.postillon_first + rules.postillon_next * (over[c] - 1) if over[c] else 0)
        for c in COLORS}
    loser = WHITE if owed[WHITE] > owed[BLACK] else BLACK if owed[BLACK] > owed[WHITE] else None
    paid = {c: sum(lost[c]) for c in COLORS}  # before the postillons: who has more jetons
    ahead = WHITE if paid[WHITE] < paid[BLACK] else BLACK if paid[BLACK] < paid[WHITE] else None
    queue = {"to": ahead, "jetons": rules.queue_jetons * len(lost[other(ahead)]) if ahead else 0}
    return Settlement(marques, {c: list(lost[c]) for c in COLORS}, over, owed, loser,
                      abs(owed[WHITE] - owed[BLACK]), queue, played == marques)


def fiches(jetons: int) -> int:
    """Jetons counted in fiches: ten a fiche, five or more left over count as one (JETONS_PER_FICHE)."""
    whole, rest = divmod(jetons, JETONS_PER_FICHE)
    return whole + (rest * 2 >= JETONS_PER_FICHE)


@dataclass
class Card:
    """The score card of a partie à écrire, as the players keep it on paper: the marqués in order
    (refaits included), what each player lost, and the settlement so far."""

    rules: EcrireRules
    marques: int  # marqués of the partie
    played: list[Marque] = field(default_factory=list)  # Marque, refaits included

    @property
    def counted(self) -> int:
        """Marqués played, refaits not counted (they are played again)."""
        return sum(not m.refait for m in self.played)

    @property
    def over(self) -> bool:
        return self.counted >= self.marques

    @property
    def refaits(self) -> int:
        """Refaits in a row at the end of the card: they raise the next consolation."""
        n = 0
        for m in reversed(self.played):
            if not m.refait:
                break
            n += 1
        return n

    def lost(self) -> dict[str, list[int]]:
        out: dict[str, list[int]] = {c: [] for c in COLORS}
        for m in self.played:
            if not m.refait and m.loser is not None:  # a marqué not refait has a loser
                out[m.loser].append(m.value)
        return out

    def settlement(self) -> Settlement | None:
        if self.marques < 2 or self.marques % 2 or self.counted > self.marques:
            return None
        return settle(self.rules, self.marques, self.lost(), complete=False)

    def columns(self) -> list[dict[str, Any]]:
        """One column per marqué, as drawn on the game page."""
        cols = []
        number = 0
        for m in self.played:
            number += not m.refait
            cols.append({"number": None if m.refait else number, "refait": m.refait, "winner": m.winner,
                         "loser": m.loser, "holes": m.holes, "pavillon": m.pavillon, "value": m.value,
                         "multiplier": m.multiplier, "consolation": m.consolation, "why": m.why, "throw": m.throw})
        return cols

    def view(self) -> dict[str, Any]:
        """What the game page draws (templates/card.md.j2): the columns, the settlement so far."""
        s = self.settlement()
        return {"rules": self.rules.id, "marques": self.marques, "counted": self.counted,
                "columns": self.columns(), "settlement": s.to_json() if s else None, "over": self.over}

    def to_json(self) -> dict[str, Any]:
        """The card: marqués of the partie and played, refaits, and the settlement so far (postillons,
        owed, loser, difference, the queue des jetons); ``complete`` once every marqué is played."""
        s = self.settlement()
        return {"rules": self.rules.id, "marques": self.marques, "played": self.counted,
                "refaits": sum(m.refait for m in self.played), "lost": self.lost(),
                **(s.to_json() if s else {"complete": False})}

    def lines(self) -> list[str]:
        """The card as text, for ``trictrac replay``."""
        out = [f"partie à écrire in {self.marques} marqués ({self.rules.id}): {self.counted} played"]
        for col in self.columns():
            label = f"marqué {col['number']}" if col["number"] else "refait"
            out.append(f"  {label}" + (f" (throw {col['throw']})" if col["throw"] else "") + f": {col['why']}")
        s = self.settlement()
        if s is None:
            return out
        out.append("  lost: " + "; ".join(
            f"{c} " + (" + ".join(map(str, s.lost[c])) or "nothing")
            + (f" + {counted(s.postillons[c], 'postillon')}" if s.postillons[c] else "") + f" = {s.owed[c]}"
            for c in COLORS))
        verdict = f"{s.loser} loses {s.difference} ({counted(fiches(s.difference), 'fiche')})" if s.loser \
            else "neither loses"
        out.append(f"  {'settlement' if s.complete else 'so far'}: {verdict}")
        return out


def _holes_text(holes: Mapping[str, int]) -> str:
    return ", ".join(f"{c} {holes[c]}" for c in COLORS)
