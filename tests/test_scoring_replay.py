"""The scorer inside a replay (scorer.py): what a relevé and a partie remember — the once-only jans,
the jan de rencontre, the end of the partie and its payout, variations, setups with a score."""

from __future__ import annotations

from trictrac_notation.engine.opengame import replay_options
from trictrac_notation.engine.replay import replay
from trictrac_notation.games.trictrac.scorer import Scorer
from trictrac_notation.notation.reader import parse
from trictrac_notation.rules.rulesets import load_ruleset

# relevé 1: White makes the jan de deux tables (7+4 to his coin, 9+3 to Black's), which wins a hole: he
# goes.  Relevé 2: two dames on 6, and 6-5 would make it again.
TWO_RELEVES = """@white T:13 7:1 9:1 points:10
1. white 4-3 hole go
2. white sonnez T-6 T-6
3. black 6-5 T-6 T-5
4. white 6-5 T-6 T-5
"""


def scored(text, rules, follow=True):
    record, diags = parse(text)
    ruleset = rules if not isinstance(rules, str) else load_ruleset(rules)
    return replay(record, rules=ruleset.movement, scorer=Scorer(ruleset, follow), parse_diagnostics=diags)


def jans_of(result, index):
    return [e.jan for e in result.throws[index - 1].score.events]


def test_d20_deux_tables_once_per_releve_or_per_partie():
    """rules.md §4 D20: Guiton lets each player make it again in a new relevé; Charpentier (and the
    Principes) once per partie."""
    guiton = scored(TWO_RELEVES, "guiton-1822")
    assert not guiton.errors, [d.headline() for d in guiton.errors]
    assert jans_of(guiton, 1) == ["deux-tables"] and guiton.throws[0].score.holes["white"] == 1
    assert "deux-tables" in jans_of(guiton, 4)
    charpentier = scored(TWO_RELEVES, "charpentier-1715")
    assert jans_of(charpentier, 1) == ["deux-tables"] and "deux-tables" not in jans_of(charpentier, 4)


RENCONTRE = "1. white 6-4 T-6 T-4\n2. black 4-6 T-6 T-4\n"


def test_the_jan_de_rencontre_at_the_start_of_the_partie():
    jollyvet = scored(RENCONTRE, "jollyvet-1634")
    assert [(e.jan, e.beneficiary, e.points) for e in jollyvet.throws[1].score.events] == [("rencontre", "black", 4)]
    assert jans_of(scored(RENCONTRE, "guiton-1822"), 2) == []
    assert jans_of(scored(RENCONTRE.replace("black 4-6", "black 5-4").replace("T-6 T-4\n", "T-5 T-4\n", 1)
                          .replace("2. black 5-4 T-6 T-4", "2. black 5-4 T-5 T-4"), "jollyvet-1634"), 2) == []


def test_no_rencontre_from_a_starting_position():
    """decided: a relevé that does not begin from the opening piles has no first throws to compare."""
    assert jans_of(scored("@white T:15\n@black T:15\n" + RENCONTRE, "jollyvet-1634"), 2) == []


def test_the_options_header_switches_a_jan_on():
    record, _ = parse('[Rules "modern"]\n[Options "rencontre"]\n' + RENCONTRE)
    result = replay(record, **replay_options(None, record))
    assert [e.jan for e in result.throws[1].score.events] == ["rencontre"]


WIN = ('@white T:2 3:1 5:1 6:3 7:2 8:2 10:2 11:2 points:10 holes:11\n@black 6:2 7:2 9:1 10:2 11:2 holes:3\n'
       "1. white 4-3 5-9 6-9 hole\n2. black 6-5 T-6 T-5\n")


def test_the_partie_ends_and_is_paid_by_the_rule_sets_scheme():
    """White at 11 holes and 10 points takes the twelfth with 10 more: the partie is won; Guiton pays
    ×2 (Black has 3 holes, fewer than 6, no pavillon), Lelasseux-Lafosse once (rules.md §3.12)."""
    result = scored(WIN, "guiton-1822")
    assert result.throws[0].score.winner == "white"
    final = result.final.to_json()
    assert (final["winner"], final["won_at_throw"], final["holes"]) == ("white", 1, {"white": 12, "black": 3})
    assert final["payout"] == {"winner": "white", "scheme": "guiton", "stakes": 2,
                               "why": "the loser has 3 holes, fewer than 6"}
    assert scored(WIN, "lelasseux-1852").final.to_json()["payout"]["stakes"] == 1
    over = [d for d in result.diagnostics if d.code == "partie-over"]
    assert [(d.line, d.severity) for d in over] == [(4, "warning")]
    assert result.throws[1].score is None


def test_a_variation_starts_from_the_score_before_its_throw():
    text = ('@white T:2 3:1 5:1 6:3 7:2 8:2 10:2 11:2\n@black 6:2 7:2 9:1 10:2 11:2\n'
            "1. white 3-1 T-3 T-1 (1. white 4-3 5-9 6-9 2. black 6-5 T-6 T-5)\n2. black 6-5 T-6 T-5\n")
    result = scored(text, "guiton-1822")
    main, variation = result.throws[0], result.throws[0].variations[0]
    assert main.score.after["white"]["points"] == 4
    assert variation[0].score.after["white"]["points"] == 10
    # in the variation Black's 6-5 beats White's 3 à faux (11 from his 6: both rests closed): White's
    # 10 + 4 make a hole, double since Black has marked nothing, 2 over
    assert variation[1].score.after["white"] == {"points": 2, "holes": 2, "bredouille": True}
    # the main line goes on from its own score: 4, and Black's 6-5 there gives White 8 à faux (his 5 and
    # his 1, each 11 from Black's 6): 12, a double hole
    assert result.throws[1].score.after["white"] == {"points": 0, "holes": 2, "bredouille": True}


def test_setup_points_out_of_range_are_reported():
    result = scored("@white points:14\n1. white 6-4 T-6 T-4\n", "guiton-1822")
    assert [(d.line, d.code, d.message) for d in result.errors] == [
        (1, "bad-setup", "points:14: a player holds 0 to 11 points (every 12 make a hole)")]


def test_setup_holes_and_bredouille_are_checked():
    result = scored("@white holes:12 bredouille:3\n1. white 6-4 T-6 T-4\n", "guiton-1822")
    assert [(d.column, d.message) for d in result.errors] == [
        (8, "holes:12: a partie in play has 0 to 11 holes"),
        (17, "bredouille:3: bredouille:1 (his points run in bredouille) or bredouille:0")]
    assert scored("@white points:6 bredouille:1\n1. white 6-4 T-6 T-4\n", "guiton-1822").throws[0].score.after[
        "white"] == {"points": 6, "holes": 0, "bredouille": True}
