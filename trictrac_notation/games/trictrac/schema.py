"""What a trictrac rule set states (``rules_data/*.yaml``): its jans, points and variants.

The rule-file loader (rules/rules_schema.py) knows no game: it reads each file with the ``SCHEMA`` of the
game the file names (trictrac when it names none), as backgammon's rule sets are read with
games/backgammon/schema.py.  Here are trictrac's: the fifteen jans of the table (vocabulary.py), the two
jans whose points depend on the half of the beaten dame, the variants with what each means, and the
movement rules a rule set gives the replay (``RuleSet.movement``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...rules.rules_schema import GameSchema, Variant
from .moves import MoveRules
from .vocabulary import HIT_JANS, JANS

if TYPE_CHECKING:
    from ...rules.rulesets import RuleSet


class Tiers:
    """The multipliers of a marqué (partie à écrire): a list of ``{times: N, holes: N}``, with
    ``sans_lever: true`` where the tier needs every hole of the winner taken in one relevé.  A tier
    applies when the winner's holes ran without interruption (the pavillon) and reach ``holes``."""

    KEYS = ("times", "holes", "sans_lever")

    @staticmethod
    def describe() -> str:
        return "a list of {times: N, holes: N} (optionally sans_lever: true), e.g. [{times: 2, holes: 6}]"

    @classmethod
    def accepts(cls, value: object) -> bool:
        def whole(v: object, least: int) -> bool:
            return isinstance(v, int) and not isinstance(v, bool) and v >= least
        return isinstance(value, list) and bool(value) and all(
            isinstance(t, dict) and set(t) <= set(cls.KEYS) and whole(t.get("times"), 2)
            and whole(t.get("holes"), 1) and isinstance(t.get("sans_lever", False), bool) for t in value)

    @staticmethod
    def text(value: Any) -> str:
        return "; ".join(f"×{t['times']} from {t['holes']} holes" + (" sans lever" if t.get("sans_lever") else "")
                         for t in value)


class PayoutCases:
    """How the 12-hole partie is paid (rules.md §3.12, §4 D12): a list of ``{stakes: N, when: [CONDITION...],
    why: TEXT}``; the first case whose conditions all hold pays, and the last, without ``when``, pays
    otherwise.  The conditions are facts of the partie's end (games/trictrac/marking.py reads them); in
    ``why``, ``{holes}`` stands for the loser's holes and ``{line}`` for the rule set's ``payout_line``."""

    CONDITIONS = {"loser-no-hole": "the loser took no hole",
                  "grande": "the winner's holes ran without interruption (the grande bredouille)",
                  "pavillon": "the winner holds the pavillon",
                  "below-line": "the loser has fewer holes than the payout_line"}
    KEYS = ("stakes", "when", "why")

    @classmethod
    def describe(cls) -> str:
        return ("a list of {stakes: N, when: [CONDITION...], why: TEXT}, the last without 'when' (conditions: "
                + ", ".join(cls.CONDITIONS) + ")")

    @classmethod
    def accepts(cls, value: object) -> bool:
        def case(c: object, last: bool) -> bool:
            if not isinstance(c, dict) or not set(c) <= set(cls.KEYS) or ("when" in c) == last:
                return False
            stakes, when, why = c.get("stakes"), c.get("when", []), c.get("why")
            return (isinstance(stakes, (int, float)) and not isinstance(stakes, bool) and 0 < stakes <= 1000
                    and isinstance(why, str) and bool(why.strip()) and isinstance(when, list)
                    and (last or bool(when)) and all(isinstance(w, str) and w in cls.CONDITIONS for w in when))
        return isinstance(value, list) and bool(value) and all(
            case(c, i == len(value) - 1) for i, c in enumerate(value))

    @staticmethod
    def text(value: Any) -> str:
        return "; ".join(f"×{c['stakes']:g} " + (f"if {' and '.join(c['when'])}" if c.get("when") else "otherwise")
                         for c in value)


ECRIRE = "partie_a_ecrire=true"

VARIANTS = {
    "sortie": Variant(("parisian", "slow"),
                      "bearing off: the rapid Parisian method, or the slow provincial one (rules.md §3.8, §4 D11)"),
    "fill_ways_two_half_cases": Variant((1, 2), "ways counted for a fill completing two half-cases (§3.5, D8)"),
    "retour_coin_way": Variant(bool, "a coin dame counts as a fill way in the jan de retour (§3.5, D9)"),
    "remplir_en_passant": Variant(bool, "a fill whose other number must then break the plein scores (§3.5, D10)"),
    "payout": Variant(("single", "grande-bredouille-double", "pont", "guiton", "combine"),
                      "the name of the way the 12-hole partie is paid (§3.12, D12); payout_stakes says how",
                      goes_with="payout_stakes"),
    "payout_stakes": Variant(PayoutCases(), "the stakes of the 12-hole partie, case by case (§3.12, D12)",
                             goes_with="payout"),
    "bredouille_marker": Variant(("jeton", "cravate", "etendard", "pavillon"),
                                 "marker of the second player's series of holes (§3.9, D13)"),
    "margot": Variant(("between-blots", "tout-d-une", "landing"),
                      "which of the three definitions of Margot la fendue (§3.7, §6.2)", requires="margot"),
    "margot_ways": Variant(("one", "per-way"), "Margot counted once, or once per way (§3.7)", requires="margot"),
    "rencontre_scope": Variant(("partie", "releve"),
                               "jan de rencontre at the start of the partie only, or of every relevé (§3.7, §6.3)",
                               requires="rencontre"),
    "ecole_fill_not_made": Variant(("single", "double"),
                                   "école for a fill marked but not made: the points marked, or marked + due "
                                   "(§3.11, D18)"),
    "deux_tables_once": Variant(("per-partie", "per-releve"),
                                "each player makes the jan de deux tables once per partie, or once per relevé "
                                "(§3.2, D20)"),
    "pile_de_misere_each_roll": Variant(bool, "the pile de misère scores again for every roll it is kept (§3.7)",
                                        requires="pile-de-misere"),
    "six_tables_throws": Variant(int, "the jan de six tables is made within the player's first N throws of the "
                                      "relevé (§3.2, D5)", minimum=3),
    "points_per_hole": Variant(int, "points that make a hole (§1.5)", minimum=2),
    "holes_per_partie": Variant(int, "holes that make the partie (§1.5)"),
    "payout_line": Variant(int, "the 12-hole partie is paid more when the loser has fewer holes than this "
                                "(payout_stakes' below-line; §3.12, D12)", requires="payout_stakes:below-line"),
    "primaute_doublet": Variant(("rethrow", "other-throws"),
                                "a doublet at the throw for the first move: thrown again, or void and the other "
                                "player throws (§3.10, D16)"),
    # the partie à écrire (rules.md §4 D14-D15); reckoned by ecrire.py
    "partie_a_ecrire": Variant(bool, "the rule set plays the partie à écrire, in marqués (D14)"),
    "marque_holes": Variant(int, "holes one player needs before a go ends the marqué (D14)", requires=ECRIRE),
    "marque_consolation": Variant(int, "jetons added to the winner's holes before the opponent's are taken off "
                                       "(the consolation, D14)", requires=ECRIRE),
    "marque_bredouille": Variant(Tiers, "multipliers of the winner's holes and consolation when he holds the "
                                        "pavillon (petite / grande bredouille, D14)", requires=ECRIRE),
    "refait_when": Variant(("go", "equal"), "a refait (the marqué void, played again) when a player goes with "
                                            "the holes equal, or as soon as they are equal (D14)", requires=ECRIRE),
    "refait_consolation": Variant(("grows", "same"), "after refaits the consolation is multiplied by one more "
                                                     "for each (2, 4, 6), or stays (D14)", requires=ECRIRE),
    "marques_per_partie": Variant(int, "marqués of a partie when the record does not say (D14)", requires=ECRIRE,
                                  minimum=2),
    "postillon_first": Variant(int, "jetons paid for the first marqué lost beyond one's share, the postillon "
                                    "(D14)", requires=ECRIRE),
    "postillon_next": Variant(int, "jetons paid for each further marqué lost beyond one's share (D14)",
                              requires=ECRIRE),
    "queue_jetons": Variant(int, "jetons the loser of a marqué sets aside; they all go, before the postillons, "
                                 "to the player ahead (the queue des jetons, D14)", requires=ECRIRE),
    "first_after_marque": Variant(("winner", "alternate"), "who throws first in the next marqué: its winner, or "
                                                           "the players in turn (D15)", requires=ECRIRE),
    "first_after_refait": Variant(("same", "alternate"), "who throws first after a refait: the player who had "
                                                         "the primauté, or the other (D15)", requires=ECRIRE),
}


def movement(ruleset: RuleSet) -> MoveRules | None:
    """The movement rules of a rule set (``RuleSet.movement``): its way of bearing off."""
    try:
        sortie = ruleset.variant("sortie")
    except KeyError:  # (UnknownRule) a set that states none: the schema asks every file for it
        return None
    return MoveRules(sortie=sortie)


SCHEMA = GameSchema(JANS, VARIANTS, halved=HIT_JANS, movement=movement)
