"""Rule sets (rules_data/*.yaml): loading, extends, options, diff, the schema's messages, `trictrac rules`.

Expected values come from /work/shared/domain/rules.md (§3.1 points, §4 D1–D20 differences by
treatise), not from the loader's output; schema messages are asserted whole, FILE:LINE:COL included,
with the line and column counted by hand in the YAML written by each test.
"""

from __future__ import annotations

import itertools
import json
import re

import pytest
from conftest import run_cli
from hypothesis import given, settings, strategies as st

from trictrac_notation.engine.opengame import replay_options
from trictrac_notation.games.trictrac.events import JANS
from trictrac_notation.games.trictrac.schema import VARIANTS
from trictrac_notation.notation.reader import parse
from trictrac_notation.rules.rulesets import (
    RulesError,
    diff_rulesets,
    list_rulesets,
    load_ruleset,
    ruleset_for,
)

IDS = ("jollyvet-1634", "charpentier-1715", "soumille-1738", "soumille-1756", "fallavel-1776", "combine-1780",
       "lepeintre-1818", "guiton-1822", "lelasseux-1852", "modern")
KNOWN = ", ".join(sorted(IDS))
KNOWN_AND_MINE = ", ".join(sorted(IDS + ("mine",)))  # a file's own folder is searched too
ALL = {r.id: r for r in list_rulesets()}
EVIDENCE = re.compile(r"\((S|C|W|M|I)\)( \[(from [a-z0-9-]+|option [a-z0-9-]+)\])?$")


# --- every file loads, and says what rules.md says ----------------------------------------------

def test_every_rule_set_of_the_brief_is_there_oldest_first():
    assert list(ALL) == list(IDS)  # list_rulesets sorts by year


@pytest.mark.parametrize("ruleset_id", IDS)
def test_each_rule_set_is_complete_and_cited(ruleset_id):
    r = ALL[ruleset_id]
    assert set(r.identity) >= {"author", "title", "year", "edition", "place"}
    assert r.movement.sortie == r.variant("sortie")
    for key, _ in r.rules():
        cite = r.citation(key)
        assert cite.startswith("decided: ") or EVIDENCE.search(cite), f"{ruleset_id} {key}: {cite!r}"
    for jan in JANS:
        if r.status(jan) != "off":
            r.points(jan, False, "talon" if jan.startswith("battre-a-") else None)  # a value exists
    for name, variant in VARIANTS.items():
        if r.states(name):
            assert variant.accepts(r.variant(name))


# rules.md §3.1: the same values in every treatise read.
@pytest.mark.parametrize("ruleset_id", IDS)
@pytest.mark.parametrize("jan, doublet, half, points", [
    ("battre-a-vrai", False, "talon", 4), ("battre-a-vrai", True, "talon", 6),
    ("battre-a-vrai", False, "coin", 2), ("battre-a-vrai", True, "coin", 4),
    ("battre-a-faux", False, "talon", 4), ("battre-a-faux", True, "coin", 4),
    ("six-tables", False, None, 4), ("deux-tables", True, None, 6), ("contre-mezeas", False, None, 4),
    ("battre-coin", True, None, 6), ("remplir", False, None, 4), ("conserver", True, None, 6),
    ("impuissance", False, None, 2), ("impuissance", True, None, 2), ("sortie", True, None, 6),
])
def test_points_of_rules_md_3_1(ruleset_id, jan, doublet, half, points):
    assert ALL[ruleset_id].points(jan, doublet, half) == points


@pytest.mark.parametrize("ruleset_id", IDS)
def test_the_jan_de_six_tables_cannot_be_made_with_a_doublet(ruleset_id):
    with pytest.raises(ValueError, match=f"six-tables cannot be made with a doublet under {ruleset_id}"):
        ALL[ruleset_id].points("six-tables", True)


# rules.md §3.7 and §4 D1–D3: the abandoned jans, on / by agreement / off.
@pytest.mark.parametrize("ruleset_id, rencontre, margot, pile", [
    ("jollyvet-1634", "on", "on", "on"),  # described by Jollyvet (W)
    ("charpentier-1715", "optional", "optional", "optional"),  # "no longer in use" (C)
    ("fallavel-1776", "optional", "optional", "optional"),  # "only by agreement", "no longer in Paris" (C)
    ("lepeintre-1818", "off", "off", "optional"),  # wants the pile restored (S part 4 §IV)
    ("guiton-1822", "off", "off", "optional"),  # formerly scored (S ch.1)
    ("lelasseux-1852", "off", "off", "off"),  # not mentioned
    ("modern", "optional", "optional", "optional"),  # revivals (M)
])
def test_abandoned_jans(ruleset_id, rencontre, margot, pile):
    r = ALL[ruleset_id]
    assert (r.status("rencontre"), r.status("margot"), r.status("pile-de-misere")) == (rencontre, margot, pile)
    assert r.has("rencontre") == (rencontre == "on")


# rules.md §4: one row per documented difference.
@pytest.mark.parametrize("ruleset_id, variant, value", [
    ("soumille-1738", "sortie", "slow"), ("soumille-1756", "sortie", "parisian"),  # D11, W note 47
    ("fallavel-1776", "sortie", "slow"), ("guiton-1822", "sortie", "parisian"),  # D11
    ("lepeintre-1818", "fill_ways_two_half_cases", 1), ("lelasseux-1852", "retour_coin_way", False),  # D8, D9
    ("guiton-1822", "remplir_en_passant", False),  # D10
    ("guiton-1822", "payout", "guiton"), ("combine-1780", "payout", "combine"),  # D12
    ("lelasseux-1852", "payout", "single"), ("charpentier-1715", "payout", "single"),
    ("jollyvet-1634", "bredouille_marker", "jeton"), ("soumille-1738", "bredouille_marker", "cravate"),  # D13
    ("fallavel-1776", "bredouille_marker", "etendard"), ("lepeintre-1818", "bredouille_marker", "pavillon"),
    ("charpentier-1715", "margot", "between-blots"), ("fallavel-1776", "margot", "tout-d-une"),  # §3.7
    ("jollyvet-1634", "margot", "landing"), ("modern", "margot_ways", "per-way"),
    ("charpentier-1715", "margot_ways", "one"), ("jollyvet-1634", "rencontre_scope", "partie"),  # §6.3
    ("lepeintre-1818", "ecole_fill_not_made", "double"), ("guiton-1822", "ecole_fill_not_made", "single"),  # D18
    ("charpentier-1715", "deux_tables_once", "per-partie"), ("guiton-1822", "deux_tables_once", "per-releve"),
    ("guiton-1822", "primaute_doublet", "rethrow"), ("lelasseux-1852", "primaute_doublet", "other-throws"),  # D16
    ("lepeintre-1818", "six_tables_throws", 3), ("guiton-1822", "points_per_hole", 12),
    ("lelasseux-1852", "holes_per_partie", 12),
])
def test_variants_of_rules_md_4(ruleset_id, variant, value):
    assert ALL[ruleset_id].variant(variant) == value


def test_jollyvet_rencontre_is_4_6_with_the_other_reading_noted():
    r = ALL["jollyvet-1634"]
    assert (r.points("rencontre", False), r.points("rencontre", True)) == (4, 6)
    assert "p.29 gives 2/4" in r.to_json()["points"]["rencontre"]["note"]


# --- extends ------------------------------------------------------------------------------------

def test_extends_inherits_and_says_so():
    s56 = ALL["soumille-1756"]
    assert s56.extends["id"] == "soumille-1738"
    assert s56.variant("bredouille_marker") == "cravate"  # stated in 1738 only
    assert s56.citation("variants.bredouille_marker").endswith("(W) [from soumille-1738]")
    assert s56.citation("variants.sortie") == "Soumille 1756 per Wikipedia note 47: the provincial method abandoned (W)"
    assert s56.citation("jans.remplir").endswith("[from charpentier-1715]")  # two levels up
    assert s56.citation("extends").endswith("(W)")


def test_an_extending_file_withdraws_options_it_scores_anyway():
    assert set(ALL["charpentier-1715"].available_options) >= {"rencontre", "margot", "pile-de-misere"}
    assert not {"rencontre", "margot", "pile-de-misere"} & set(ALL["jollyvet-1634"].available_options)
    assert "grande-bredouille" in ALL["jollyvet-1634"].available_options  # the others are inherited


# --- diff ---------------------------------------------------------------------------------------

def test_diff_soumille_editions_is_the_sortie_alone():
    assert diff_rulesets(ALL["soumille-1738"], ALL["soumille-1756"]) == [{
        "key": "variants.sortie", "a": "slow", "b": "parisian",
        "cite_a": "Soumille 1738 per Wikipedia note 47: the slow 'provincial' method (W)",
        "cite_b": "Soumille 1756 per Wikipedia note 47: the provincial method abandoned (W)"}]


def test_diff_guiton_and_combine_shows_the_payout_line_at_6_or_7_holes():
    rows = {row["key"]: row for row in diff_rulesets(ALL["guiton-1822"], ALL["combine-1780"])}
    assert (rows["variants.payout"]["a"], rows["variants.payout"]["b"]) == ("guiton", "combine")
    assert rows["variants.payout"]["cite_a"] == "Guiton 1822 ch. 8 (S)"
    assert rows["variants.bredouille_marker"]["b"] == "etendard"
    assert "variants.sortie" not in rows  # both Parisian


def test_diff_lepeintre_guiton_ecole_and_primaute():
    rows = {row["key"]: (row["a"], row["b"]) for row in diff_rulesets(ALL["lepeintre-1818"], ALL["guiton-1822"])}
    assert rows["variants.ecole_fill_not_made"] == ("double", "single")  # D18
    assert rows["variants.primaute_doublet"] == ("other-throws", "rethrow")  # D16
    assert rows["variants.payout"] == ("single", "guiton")  # D12
    assert rows["options.two-half-case-ways"] == ("fill_ways_two_half_cases=2", None)


@pytest.mark.parametrize("a, b", list(itertools.combinations(IDS, 2)))
def test_diff_is_symmetric_and_empty_only_on_itself(a, b):
    ab = diff_rulesets(ALL[a], ALL[b])
    ba = diff_rulesets(ALL[b], ALL[a])
    assert [(r["key"], r["a"], r["b"]) for r in ab] == [(r["key"], r["b"], r["a"]) for r in ba]
    assert ab and not diff_rulesets(ALL[a], ALL[a])


# --- options ------------------------------------------------------------------------------------

def test_options_switch_jans_on_and_set_variants_with_their_citation():
    modern = ALL["modern"]
    r = modern.with_options(["rencontre", "grande-bredouille"])
    assert r.options == ("rencontre", "grande-bredouille") and modern.options == ()
    assert r.has("rencontre") and not modern.has("rencontre")
    assert r.variant("payout") == "grande-bredouille-double" and modern.variant("payout") == "single"
    assert r.citation("variants.payout") == "trictrac.org d028 (M) [option grande-bredouille]"
    assert [row["key"] for row in diff_rulesets(modern, r)] == ["jans.rencontre", "variants.payout",
                                                                "variants.payout_stakes"]
    assert load_ruleset("lepeintre-1818", ["bonne-compagnie"]).variant("ecole_fill_not_made") == "single"


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(IDS).flatmap(lambda i: st.tuples(st.just(i), st.sets(st.sampled_from(
    sorted(ALL[i].available_options) or ["-"])))))
def test_any_choice_of_options_does_exactly_what_the_options_say(choice):
    ruleset_id, names = choice
    names = sorted(names - {"-"})
    base = ALL[ruleset_id]
    options = base.to_json()["available_options"]
    set_by = {}
    for n in names:
        for var, value in options[n]["variants"].items():
            set_by.setdefault(var, {})[json.dumps(value)] = n  # a value may be a list (marque_bredouille)
    clash = next((sorted(by.values()) for by in set_by.values() if len(by) > 1), None)
    if clash:  # e.g. fallavel-1776: pont and grande-bredouille both set the payout
        with pytest.raises(RulesError, match=" set variant .* differently; choose one"):
            base.with_options(names)
        return
    r = base.with_options(names)
    on = {jan for n in names for jan in options[n]["jans"]}
    set_vars = {var: json.loads(value) for var, by in set_by.items() for value in by}
    for jan in JANS:
        assert r.has(jan) == (base.has(jan) or jan in on)
    for name in VARIANTS:
        if name in set_vars:
            assert r.variant(name) == set_vars[name]
        elif base.states(name):
            assert r.variant(name) == base.variant(name)


def test_unknown_option_names_the_available_ones_and_the_close_one():
    with pytest.raises(RulesError) as e:
        load_ruleset("modern", ["rencontr"])
    assert str(e.value) == ("unknown option 'rencontr' for rule set modern (available: rencontre, margot, "
                            "pile-de-misere, grande-bredouille); did you mean 'rencontre'?")
    assert (e.value.path, e.value.line) == (None, None)


# --- the Python interface's errors ----------------------------------------------------------------

def test_points_variant_and_citation_refuse_what_they_do_not_know():
    g = ALL["guiton-1822"]
    with pytest.raises(ValueError, match=r"battre-a-vrai: say which half"):
        g.points("battre-a-vrai", False)
    with pytest.raises(ValueError, match=r"remplir: no half to choose"):
        g.points("remplir", False, "talon")
    with pytest.raises(KeyError) as e:
        g.variant("sorti")
    assert str(e.value) == "unknown variant 'sorti'; did you mean 'sortie'?"
    with pytest.raises(KeyError) as e:
        g.variant("margot")  # margot is not scored by Guiton: its definition is not stated
    assert str(e.value) == "variants.margot is not stated in rule set guiton-1822"
    with pytest.raises(KeyError) as e:
        g.points("rencontre", False)
    assert str(e.value) == "points.rencontre is not stated in rule set guiton-1822"
    with pytest.raises(KeyError) as e:
        g.citation("variant.sortie")
    assert "did you mean 'variants'?" in str(e.value)


def test_unknown_rule_set_lists_the_known_ones_with_a_suggestion():
    with pytest.raises(RulesError) as e:
        load_ruleset("soumile-1738")
    assert str(e.value) == f"unknown rule set 'soumile-1738' (known: {KNOWN}); did you mean 'soumille-1738'?"


def test_to_json_agrees_with_the_interface():
    data = json.loads(json.dumps(ALL["lepeintre-1818"].to_json()))
    assert data["points"]["battre-a-faux"]["coin"] == {"simple": 2, "doublet": 4}
    assert data["variants"]["ecole_fill_not_made"] == {
        "value": "double",
        "citation": "Lepeintre 1818 part 4 rule 60: the points marked and the points due, in the strict rules (S)"}
    assert data["jans"]["pile-de-misere"]["status"] == "optional"
    assert data["extends"] is None and data["options"] == []


# --- the schema: every complaint as FILE:LINE:COL -------------------------------------------------

HEAD = 'identity: {author: A, title: T, year: 1900, edition: e, place: p}\n'
EXTENDS = 'extends: {id: guiton-1822, decided: a test}\n'


def errors_of(tmp_path, text: str, name: str = "mine.yaml") -> tuple[str, list[str]]:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesError) as e:
        load_ruleset(str(path))
    return str(path), [str(x) for x in e.value.errors]


def test_a_valid_extending_file_loads(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(HEAD + EXTENDS + "variants:\n  sortie: {value: slow, cite: 'X 1 (S)'}\n", encoding="utf-8")
    r = load_ruleset(str(path))
    assert (r.id, r.variant("sortie"), r.variant("payout")) == ("mine", "slow", "guiton")


def test_unknown_key_with_suggestion(tmp_path):
    path, errors = errors_of(tmp_path, HEAD + EXTENDS + (
        "variants:\n"
        "  sortie:\n"
        "    value: slow\n"
        "    cite: 'X 1 (S)'\n"
        "    nots: hm\n"))
    assert errors == [f"{path}:7:5: unknown key 'nots' in variants.sortie; did you mean 'note'?"]


@pytest.mark.parametrize("text, message", [
    ("varients: {}\n", "3:1: unknown key 'varients' in the top level; did you mean 'variants'?"),
    ("points:\n  remplire: {simple: 4, cite: 'X (S)'}\n",
     "4:3: unknown key 'remplire' in points; did you mean 'remplir'?"),
    ("variants:\n  sorties: {value: slow, cite: 'X (S)'}\n",
     "4:3: unknown key 'sorties' in variants; did you mean 'sortie'?"),
])
def test_unknown_names_in_each_section(tmp_path, text, message):
    path, errors = errors_of(tmp_path, HEAD + EXTENDS + text)
    assert errors == [f"{path}:{message}"]


@pytest.mark.parametrize("text, message", [
    ("variants:\n  sortie: {value: fast, cite: 'X (S)'}\n",
     "4:19: variants.sortie.value: expected one of 'parisian', 'slow', got 'fast'"),
    ("variants:\n  sortie: {value: parisien, cite: 'X (S)'}\n",
     "4:19: variants.sortie.value: expected one of 'parisian', 'slow', got 'parisien'; did you mean 'parisian'?"),
    ("variants:\n  retour_coin_way: {value: 'no', cite: 'X (S)'}\n",
     "4:28: variants.retour_coin_way.value: expected true or false, got 'no'"),
    ("variants:\n  six_tables_throws: {value: 2, cite: 'X (S)'}\n",
     "4:30: variants.six_tables_throws.value: expected a whole number >= 3, got 2"),
    ("points:\n  remplir: {simple: four, doublet: 6, cite: 'X (S)'}\n",
     "4:21: points.remplir.simple: expected an even number of points (2, 4, 6…), got 'four'"),
    ("points:\n  remplir: {simple: 3, doublet: 6, cite: 'X (S)'}\n",
     "4:21: points.remplir.simple: expected an even number of points (2, 4, 6…), got 3"),
    ("jans:\n  margot: {scored: 1, cite: 'X (S)'}\n", "4:20: jans.margot.scored: expected true or false, got 1"),
    ("points:\n  battre-a-vrai: {talon: 4, coin: {simple: 2, doublet: 4}, cite: 'X (S)'}\n",
     "4:26: points.battre-a-vrai.talon: expected {simple: N, doublet: N}, got 4"),
])
def test_wrong_types(tmp_path, text, message):
    path, errors = errors_of(tmp_path, HEAD + EXTENDS + text)
    assert errors == [f"{path}:{message}"]


def test_wrong_year_and_missing_identity_field(tmp_path):
    path, errors = errors_of(tmp_path, "identity: {author: A, title: T, year: MDCCC, edition: e}\n" + EXTENDS)
    assert errors == [f"{path}:1:1: identity: missing 'place'",
                      f"{path}:1:39: identity.year: expected a year such as 1822, got 'MDCCC'"]


@pytest.mark.parametrize("entry, message", [
    ("{value: slow}", "4:3: variants.sortie: missing citation: add 'cite: <treatise, page or §> (S|C|W|M|I)' "
                      "or 'decided: <why>'"),
    ("{value: slow, cite: Soumille 1738}", "4:31: variants.sortie.cite: a citation ends with its evidence mark "
                                           "(S), (C), (W), (M) or (I) (rules.md §0.2)"),
    ("{value: slow, cite: 'X (W)', decided: why}", "4:40: variants.sortie: give either cite or decided, not both"),
    ("{value: slow, decided: ''}", "4:34: variants.sortie.decided: expected a text, got ''"),
])
def test_citations_are_required(tmp_path, entry, message):
    path, errors = errors_of(tmp_path, HEAD + EXTENDS + f"variants:\n  sortie: {entry}\n")
    assert errors == [f"{path}:{message}"]


def test_every_error_of_a_file_is_reported_in_order(tmp_path):
    path, errors = errors_of(tmp_path, HEAD + EXTENDS + (
        "jans:\n"
        "  margot: {scored: yes}\n"
        "variants:\n"
        "  payout: {value: double, cite: 'X (C)'}\n"
        "  payout_stakes: {value: [{stakes: 2, why: twice}], cite: 'X (C)'}\n"))
    assert errors == [
        f"{path}:4:3: jans.margot: missing citation: add 'cite: <treatise, page or §> (S|C|W|M|I)' or 'decided: <why>'",
        f"{path}:6:19: variants.payout.value: expected one of 'single', 'grande-bredouille-double', 'pont', "
        "'guiton', 'combine', got 'double'"]


# --- the payout of the 12-hole partie: its cases are data (rules.md §3.12) -------------------------

PONT_AT_5 = "[{stakes: 2, when: [grande], why: x}, {stakes: 1.5, when: [below-line], why: 'y {holes} < {line}'}, " \
            "{stakes: 1, why: z}]"


@pytest.mark.parametrize("variants, message", [
    ("  payout: {value: single, cite: 'X (C)'}\n",
     "4:3: variants: 'payout' goes with 'payout_stakes': state both"),
    ("  payout_stakes: {value: [{stakes: 1, why: once}], cite: 'X (C)'}\n",
     "4:3: variants: 'payout_stakes' goes with 'payout': state both"),
    ("  payout: {value: single, cite: 'X (C)'}\n  payout_stakes: {value: [{stakes: 2, when: [grand], why: x}, "
     "{stakes: 1, why: y}], cite: 'X (C)'}\n",
     "5:26: variants.payout_stakes.value: expected a list of {stakes: N, when: [CONDITION...], why: TEXT}, the last "
     "without 'when' (conditions: loser-no-hole, grande, pavillon, below-line), got a list"),
    ("  payout: {value: single, cite: 'X (C)'}\n  payout_stakes: {value: [{stakes: 1, when: [grande], why: x}], "
     "cite: 'X (C)'}\n", "5:26: variants.payout_stakes.value: expected a list of"),
])
def test_a_payout_states_its_name_and_its_cases_together(tmp_path, variants, message):
    path, errors = errors_of(tmp_path, HEAD + EXTENDS + "variants:\n" + variants)
    assert len(errors) == 1 and errors[0].startswith(f"{path}:{message}"), errors


def test_an_option_drawing_a_payout_line_states_it(tmp_path):
    path, errors = errors_of(tmp_path, HEAD + EXTENDS.replace("guiton-1822", "lepeintre-1818") + (
        "options:\n"
        "  pont:\n"
        "    description: d\n"
        f"    variants: {{payout: pont, payout_stakes: {PONT_AT_5}}}\n"
        "    cite: 'X (C)'\n"))
    assert errors == [f"{path}:4:3: options.pont: 'payout_line' is not stated (the 12-hole partie is paid more when "
                      "the loser has fewer holes than this (payout_stakes' below-line; §3.12, D12))"]


def test_a_payout_of_ones_own_is_paid_as_its_yaml_says(tmp_path):
    """No scheme's name is read by the engine: a pont drawn at the 5th hole pays 1.5 below it."""
    from trictrac_notation.games.trictrac.marking import PayoutRule, Player, stakes

    path = tmp_path / "mine.yaml"
    path.write_text(HEAD + EXTENDS + "variants:\n  payout: {value: pont, cite: 'X (C)'}\n"
                    f"  payout_stakes: {{value: {PONT_AT_5}, cite: 'X (C)'}}\n"
                    "  payout_line: {value: 5, cite: 'X (C)'}\n",
                    encoding="utf-8")
    rule = PayoutRule.of(load_ruleset(str(path)))
    assert stakes(rule, Player(holes=12), Player(holes=4)) == (1.5, "y 4 holes < 5")
    assert stakes(rule, Player(holes=12), Player(holes=6)) == (1, "z")
    assert stakes(rule, Player(holes=12, series=True), Player(holes=0)) == (2, "x")


@pytest.mark.parametrize("text, message", [
    ("extends: {id: guiton-1882, decided: x}\n",
     f"2:15: unknown rule set 'guiton-1882' (known: {KNOWN_AND_MINE}); did you mean 'guiton-1822'?"),
    ("extends: guiton-1822\n",
     "2:10: extends: expected {id: <rule set>, cite: ... or decided: <why this set is the closest>}, "
     "got 'guiton-1822'"),
    ("extends: {id: guiton-1822}\n",
     "2:1: extends: missing citation: add 'cite: <treatise, page or §> (S|C|W|M|I)' or 'decided: <why>'"),
    ("extends: {id: mine, decided: x}\n", "2:15: extends: a rule set cannot extend itself (mine -> mine)"),
])
def test_bad_extends(tmp_path, text, message):
    path, errors = errors_of(tmp_path, HEAD + text)
    assert errors == [f"{path}:{message}"]


def test_extends_cycle_through_two_files(tmp_path):
    (tmp_path / "b.yaml").write_text(HEAD + "extends: {id: a, decided: x}\n", encoding="utf-8")
    path, errors = errors_of(tmp_path, HEAD + "extends: {id: b, decided: x}\n", "a.yaml")
    assert errors == [f"{tmp_path / 'b.yaml'}:2:15: extends: a rule set cannot extend itself (a -> b -> a)"]


def test_yaml_syntax_error_is_one_line(tmp_path):
    path, errors = errors_of(tmp_path, HEAD + "points: [1, 2\nvariants: {}\n")
    assert errors == [f"{path}:3:9: YAML syntax error: expected ',' or ']', but got ':' "
                      "(while parsing a flow sequence at line 2)"]


@pytest.mark.parametrize("value, message", [
    ("!!python/object:os.system {}",
     "3:11: variants: unsupported YAML tag 'tag:yaml.org,2002:python/object:os.system'"),
    ("{sortie: !!python/name:os.system ''}", "3:20: variants.sortie: unsupported YAML value (could not determine a "
                                            "constructor for the tag 'tag:yaml.org,2002:python/name:os.system')"),
])
def test_python_tags_are_refused(tmp_path, value, message):
    path, errors = errors_of(tmp_path, HEAD + EXTENDS + f"variants: {value}\n")
    assert errors == [f"{path}:{message}"]


def test_duplicate_key_empty_file_and_missing_file(tmp_path):
    path, errors = errors_of(tmp_path, HEAD + EXTENDS + "variants: {}\nvariants: {}\n")
    assert errors == [f"{path}:4:1: duplicate key 'variants' in the file (first at line 3)"]
    path, errors = errors_of(tmp_path, "# nothing\n", "empty.yaml")
    assert errors == [f"{path}:1:1: empty rule set: expected the sections identity, extends, points, jans, "
                      "variants, options"]
    with pytest.raises(RulesError) as e:
        load_ruleset(str(tmp_path / "absent.yaml"))
    assert str(e.value) == f"{tmp_path / 'absent.yaml'}: cannot read the rule set: No such file or directory"


def test_a_file_without_extends_must_state_everything(tmp_path):
    path, errors = errors_of(tmp_path, HEAD + "jans:\n  remplir: {scored: true, cite: 'X (S)'}\n")
    assert errors[:3] == [f"{path}:1:1: missing section 'points'", f"{path}:1:1: missing section 'variants'",
                          f"{path}:2:1: jans: 'six-tables' is not stated (say 'scored: true' or 'scored: false')"]
    assert len(errors) == 2 + len(JANS) - 1  # remplir is stated


def test_a_jan_switched_on_needs_its_points_and_variants(tmp_path):
    path, errors = errors_of(tmp_path, HEAD + (
        "extends: {id: lelasseux-1852, decided: x}\n"
        "jans:\n"
        "  rencontre: {scored: true, cite: 'X (W)'}\n"))
    assert errors == [
        f"{path}:4:3: points: no value for 'rencontre', but jans.rencontre is scored",
        f"{path}:4:3: variants: 'rencontre_scope' is not stated (jan de rencontre at the start of the partie only, "
        "or of every relevé (§3.7, §6.3))"]


def test_options_are_checked(tmp_path):
    path, errors = errors_of(tmp_path, HEAD + EXTENDS + (
        "options:\n"
        "  Pont:\n"
        "    description: d\n"
        "    variants: {payot: pont}\n"
        "    jans: [rencontr]\n"
        "    cite: 'X (C)'\n"
        "  nothing: {description: d, cite: 'X (C)'}\n"
        "  pile-de-misere: ~\n"
        "  margot: ~\n"))
    assert errors == [
        f"{path}:4:3: option name 'Pont': use lower-case words joined by '-'",
        f"{path}:6:16: unknown key 'payot' in options.Pont.variants; did you mean 'payout'?",
        f"{path}:7:12: options.Pont.jans: unknown jan 'rencontr'; did you mean 'rencontre'?",
        f"{path}:9:3: options.nothing: an option switches on jans ('jans: [...]') or sets variants "
        "('variants: {name: value}')"]
    (tmp_path / "ok.yaml").write_text(HEAD + EXTENDS + "options:\n  margot: ~\n", encoding="utf-8")
    with pytest.raises(RulesError) as e:
        load_ruleset(str(tmp_path / "ok.yaml"))
    assert str(e.value) == f"{tmp_path / 'ok.yaml'}:4:3: options.margot: no inherited option of that name to withdraw"


# --- what a replay applies ---------------------------------------------------------------------------

def record(headers: str):
    rec, diags = parse(headers + "1. white 6-4 T-6 T-4\n", "game.tric")
    assert rec is not None and not [d for d in diags if d.severity == "error"], diags
    return rec


def test_replay_options_follow_the_rules_header():
    assert replay_options(None, record('[Rules "soumille-1738"]\n'))["rules"].sortie == "slow"
    assert replay_options(None, record("")) == {"rules": ALL["modern"].movement, "scorer": None}
    r = ruleset_for(None, record('[Rules "Guiton 1822"]\n[Options "pile-de-misere"]\n'))
    assert (r.id, r.options) == ("guiton-1822", ("pile-de-misere",))
    assert ruleset_for(None, record('[Options "rencontre, margot"]\n')).options == ("rencontre", "margot")
    r = ruleset_for("soumille-1756+rencontre", record('[Rules "soumille-1738"]\n[Options "pile-de-misere"]\n'))
    assert (r.id, r.options, r.movement.sortie) == ("soumille-1756", ("rencontre",), "parisian")


def test_a_wrong_rules_or_options_header_points_at_the_header():
    with pytest.raises(RulesError) as e:
        ruleset_for(None, record('[Title "x"]\n[Rules "guiton-1882"]\n'))
    assert str(e.value) == (f"game.tric:2:2: Rules header: unknown rule set 'guiton-1882' (known: {KNOWN}); "
                            "did you mean 'guiton-1822'?")
    with pytest.raises(RulesError) as e:
        ruleset_for(None, record('[Rules "modern"]\n[Options "margo"]\n'))
    assert str(e.value) == ("game.tric:2:2: Options header: unknown option 'margo' for rule set modern "
                            "(available: rencontre, margot, pile-de-misere, grande-bredouille); did you mean 'margot'?")


def test_a_bad_rules_header_is_an_error_of_the_record(tric):
    """The record is wrong, not the command line: FILE:LINE:COL, exit 1, and the moves are still checked."""
    path = tric('[Rules "guiton"]\n1. white 6-4 T-6 T-4\n2. black 6-4 T-6\n')
    code, out, err = run_cli("check", path)
    assert code == 1
    lines = out.splitlines()
    assert lines[0] == (f"{path}:1:2: error: Rules header: unknown rule set 'guiton' (known: {KNOWN}); "
                        "did you mean 'guiton-1822'?")
    assert any(line.startswith(f"{path}:3:14: error: fausse case") for line in lines)


def test_check_with_an_unknown_rules_option_is_a_usage_error(tric):
    path = tric("1. white 6-4 T-6 T-4\n")
    code, out, err = run_cli("check", "--rules", "guiton", path)
    assert code == 2 and out == ""
    assert err == (f"trictrac check: error: --rules: unknown rule set 'guiton' (known: {KNOWN}); "
                   "did you mean 'guiton-1822'?\n")
    code, _, err = run_cli("check", "--rules", "soumille-1738", tric("1. white 6-4 T-6 T-4\n"))
    assert code == 0


def test_marks_without_a_rule_set_are_not_silently_ignored(tric):
    code, out, _ = run_cli("check", tric("1. white 6-4 +4 T-6 T-4\n"))
    assert code == 0
    assert ":1:1: warning: the points and holes marked in this record are not checked: it names no rule set" \
        in out.splitlines()[0]
    code, out, _ = run_cli("check", "--rules", "guiton-1822", tric("1. white 6-4 +4 T-6 T-4\n"))
    assert code == 1 and "ecole" in out


# --- trictrac rules ------------------------------------------------------------------------------------

def squeeze(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines()]


def test_cli_rules_lists_every_set():
    code, out, err = run_cli("rules")
    lines = squeeze(out)
    assert code == 0 and err == ""
    assert lines[0] == "id year author abandoned jans title"
    trictrac = lines[1:lines.index("")]  # then the other games' rule sets, a table each
    assert [line.split()[0] for line in trictrac] == list(IDS)
    assert lines[lines.index("") + 1:lines.index("") + 3] == ["backgammon:", "id year author cube title"]
    assert "jollyvet-1634 1634 Jollyvet rencontre on, margot on, pile-de-misere on ?" in lines
    assert ("guiton-1822 1822 N. Guiton rencontre off, margot off, pile-de-misere optional "
            "Traité complet du jeu de trictrac") in lines


def test_cli_rules_json():
    code, out, _ = run_cli("rules", "--json")
    data = json.loads(out)
    assert code == 0 and [d["id"] for d in data] == list(IDS)
    assert data[-1]["abandoned_jans"] == {"rencontre": "optional", "margot": "optional", "pile-de-misere": "optional"}
    assert data[-1]["year"] == 2013


def test_cli_rules_show():
    code, out, _ = run_cli("rules", "show", "guiton-1822")
    lines = squeeze(out)
    assert code == 0
    assert lines[0] == ("guiton-1822: N. Guiton, Traité complet du jeu de trictrac (1822; 2nd edition (the 1st, 1816, "
                        "was not read; its rule differences are unknown, rules.md §6.7); Paris, Barrois)")
    assert "battre-a-vrai talon 4/6, coin 2/4 Guiton 1822 ch. 1 'Battre' (S)" in lines
    assert "sortie parisian Guiton 1822 ch. 7, rejecting the restrictive decision in a footnote (S)" in lines
    assert "options on: none" in lines
    code, out, _ = run_cli("rules", "show", "modern", "--option", "rencontre")
    assert "options on: rencontre" in squeeze(out)
    assert "rencontre on salondesjeux.fr revival, rules.md §4 D1 (M) [option rencontre]" in squeeze(out)


def test_cli_rules_show_json_and_a_path(tmp_path):
    code, out, _ = run_cli("rules", "show", "soumille-1756+rencontre", "--json")
    data = json.loads(out)
    assert code == 0 and data["id"] == "soumille-1756" and data["options"] == ["rencontre"]
    assert data["variants"]["bredouille_marker"]["from"] == "soumille-1738"
    path = tmp_path / "mine.yaml"
    path.write_text(HEAD + EXTENDS, encoding="utf-8")
    code, out, _ = run_cli("rules", "--json", "show", path)
    assert code == 0 and json.loads(out)["extends"] == {"id": "guiton-1822", "citation": "decided: a test"}


def test_cli_rules_show_errors():
    code, out, err = run_cli("rules", "show", "guiton")
    assert (code, out) == (2, "")
    assert err == f"trictrac rules: error: unknown rule set 'guiton' (known: {KNOWN}); did you mean 'guiton-1822'?\n"
    code, _, err = run_cli("rules", "show", "guiton-1822", "-o", "pile")
    assert code == 2 and err.endswith("(available: pile-de-misere)\n")
    code, _, err = run_cli("rules", "show")
    assert code == 2 and "the following arguments are required: ID" in err


def test_cli_rules_show_a_broken_file_lists_its_errors(tmp_path):
    path = tmp_path / "broken.yaml"
    path.write_text(HEAD + EXTENDS + "variants:\n  sortie: {value: fast}\n", encoding="utf-8")
    code, out, err = run_cli("rules", "show", path)
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{path}:4:3: variants.sortie: missing citation: add 'cite: <treatise, page or §> (S|C|W|M|I)' or "
        "'decided: <why>'",
        f"{path}:4:19: variants.sortie.value: expected one of 'parisian', 'slow', got 'fast'"]


def test_cli_rules_diff():
    code, out, _ = run_cli("rules", "diff", "soumille-1738", "soumille-1756")
    assert code == 0
    assert squeeze(out) == [
        "soumille-1738 vs soumille-1756: 1 rule differs",
        "variants.sortie",
        "soumille-1738 slow Soumille 1738 per Wikipedia note 47: the slow 'provincial' method (W)",
        "soumille-1756 parisian Soumille 1756 per Wikipedia note 47: the provincial method abandoned (W)"]
    code, out, _ = run_cli("rules", "diff", "guiton-1822", "lelasseux-1852")
    assert "guiton-1822 guiton Guiton 1822 ch. 8 (S)" in squeeze(out)
    assert "lelasseux-1852 — not stated" in squeeze(out)  # no pile-de-misere option there


@pytest.mark.parametrize("argv", [("rules", "diff", "--json", "modern", "modern+margot"),
                                  ("rules", "--json", "diff", "modern", "modern+margot")])
def test_cli_rules_diff_json(argv):
    code, out, _ = run_cli(*argv)
    data = json.loads(out)
    assert code == 0 and (data["a"], data["b"], data["options_b"]) == ("modern", "modern", ["margot"])
    assert data["differences"] == [{"key": "jans.margot", "a": "optional", "b": "on",
                                    "cite_a": "rules.md §4 D2: no, optional (M)",
                                    "cite_b": "modern revival in the compilation, rules.md §3.7 (M) [option margot]"}]


def test_cli_rules_diff_unknown_id():
    code, out, err = run_cli("rules", "diff", "modern", "lepeintre")
    assert (code, out) == (2, "")
    assert "did you mean 'lepeintre-1818'?" in err


def test_rules_show_and_diff_word_the_payout_cases():
    """A variant whose value is a list is worded by its own kind (``rules show`` took every list for
    marque_bredouille's tiers and ended in a KeyError on the pont's cases)."""
    code, out, err = run_cli("rules", "show", "fallavel-1776", "--option", "pont")
    row = next(line for line in out.splitlines() if line.startswith("  payout_stakes "))
    assert (code, err) == (0, "") and "×2 if grande; ×1.5 if below-line; ×1 otherwise" in row
    assert "[option pont]" in row
    code, out, err = run_cli("rules", "diff", "guiton-1822", "combine-1780+grande-bredouille")
    lines = out.splitlines()
    guiton = lines[lines.index("variants.payout_stakes") + 1]
    assert code == 0 and guiton.startswith("  guiton-1822                     ×4 if loser-no-hole; ×3 if grande and "
                                           "pavillon; ×2 if below-line; ×1 otherwise Guiton 1822 ch. 8")
