"""The partie à écrire (issue 8): every reckoning the treatises print, each with its citation; the
rules as data; properties of the reckoning and the settlement; the ``trictrac marque`` contract.

The checks of records (marqués followed by ``check``, the notation) are in test_ecrire_records.py."""

from __future__ import annotations

import dataclasses
import json

import pytest
from conftest import run_cli
from hypothesis import given, settings, strategies as st

from trictrac_notation.core.board import BLACK, WHITE
from trictrac_notation.games.trictrac.ecrire import EcrireRules, NotPlayed, fiches, reckon, settle
from trictrac_notation.rules.rulesets import list_rulesets, load_ruleset

PLAYING = [rs.id for rs in list_rulesets() if rs.variant("partie_a_ecrire")]
NOT_PLAYING = [rs.id for rs in list_rulesets() if not rs.variant("partie_a_ecrire")]


def rules(ruleset_id: str, options=(), **changes) -> EcrireRules:
    r = EcrireRules.of(load_ruleset(ruleset_id, list(options)))
    return dataclasses.replace(r, **changes) if changes else r


def holes(winner: int, loser: int, winner_is=WHITE) -> dict:
    return {winner_is: winner, (BLACK if winner_is == WHITE else WHITE): loser}


# --- the worked reckonings of the treatises ---------------------------------------------------------

# (citation, rule set, winner's holes, loser's holes, pavillon, refaits, value the treatise prints)
MARQUES = [
    ("LLF52 §222: nine holes against eight, and two of consolation: 11 − 8", "lelasseux-1852", 9, 8, False, 0, 3),
    ("LLF52 §223: eight holes first, then nine de suite: (9 + 2) × 2 − 8", "lelasseux-1852", 9, 8, True, 0, 14),
    ("LLF52 §224: eighteen with the pavillon against six: (18 + 2) × 4 − 6", "lelasseux-1852", 18, 6, True, 0, 74),
    ("LLF52 §224: the same without the pavillon: 18 + 2 − 6", "lelasseux-1852", 18, 6, False, 0, 14),
    ("LLF52 §224: eleven with the pavillon against six: (11 + 2) × 2 − 6", "lelasseux-1852", 11, 6, True, 0, 20),
    ("LLF52 §224: twelve with the pavillon against six: (12 + 2) × 4 − 6, thirty more", "lelasseux-1852", 12, 6,
     True, 0, 50),
    ("LLF52 §225: two holes, the opponent five, sixteen more: no pavillon, 18 + 2 − 5", "lelasseux-1852", 18, 5,
     False, 0, 15),
    ("LEP18 part 1 §VI: six holes in bredouille, the opponent one: 12 + 4 = 16 − 1 = 15", "lepeintre-1818", 6, 1,
     True, 0, 15),
    ("LEP18 part 1 §VI: the same marqué not in bredouille: 6 + 2 − 1", "lepeintre-1818", 6, 1, False, 0, 7),
    ("GUI22 ch. 8 'Marqué simple': a jeton per hole less the loser's, and two", "guiton-1822", 9, 8, False, 0, 3),
    ("GUI22 ch. 8 'Marqué double': two jetons per hole less one per loser's hole, and four", "guiton-1822", 9, 8,
     True, 0, 2 * 9 - 8 + 4),
    ("GUI22 ch. 8 'Marqué quadruple': four jetons per hole less one per loser's hole, and eight", "guiton-1822",
     12, 6, True, 0, 4 * 12 - 6 + 8),
    ("GUI22 ch. 8 'Quand il y a refait': after a refait the consolation is 4", "guiton-1822", 9, 8, False, 1,
     9 + 4 - 8),
    ("GUI22 ch. 8 'Quand il y a refait': after a refait a double marqué's consolation is 8", "guiton-1822", 9, 8,
     True, 1, 2 * 9 - 8 + 8),
    ("GUI22 ch. 8 'Quand il y a refait': after a refait a quadruple marqué's consolation is 16", "guiton-1822",
     12, 6, True, 1, 4 * 12 - 6 + 16),
    ("GUI22 ch. 8: after two refaits the consolation is triple: 6, 12, 24", "guiton-1822", 12, 6, True, 2,
     4 * 12 - 6 + 24),
    ("LLF52 §226: after a refait the consolation is four", "lelasseux-1852", 9, 8, False, 1, 9 + 4 - 8),
    ("LLF52 §226: after two refaits in a row it is six", "lelasseux-1852", 9, 8, False, 2, 9 + 6 - 8),
    ("LEP18 part 1 §VI: after one refait the loser pays the consolation double", "lepeintre-1818", 6, 1, True, 1,
     (6 + 4) * 2 - 1),
]


@pytest.mark.parametrize("cite,ruleset_id,won,lost,pavillon,refaits,value", MARQUES, ids=[m[0][:40] for m in MARQUES])
def test_a_worked_marque_of_the_treatises(cite, ruleset_id, won, lost, pavillon, refaits, value):
    for winner in (WHITE, BLACK):
        m = reckon(rules(ruleset_id), holes(won, lost, winner), winner if pavillon else None, refaits)
        assert (m.winner, m.value, m.refait) == (winner, value, False), cite


# (citation, rule set, consolation × multiplier for a simple, double and quadruple marqué, per refaits before)
CONSOLATIONS = [
    ("GUI22 ch. 8: 2, 4 or 8; after a refait 4, 8 or 16", "guiton-1822", {0: (2, 4, 8), 1: (4, 8, 16)}),
    ("GUI22 ch. 8: after two refaits the consolation is triple", "guiton-1822", {2: (6, 12, 24)}),
    ("LLF52 §222, §223, §226: 2, doubled with the pavillon; 4 after a refait, 6 after two", "lelasseux-1852",
     {0: (2, 4, 8), 1: (4, 8, 16), 2: (6, 12, 24)}),
    ("LEP18 part 1 §VI: the consolation doubled with the bredouille, quadrupled with the grande", "lepeintre-1818",
     {0: (2, 4, 8)}),
]


@pytest.mark.parametrize("cite,ruleset_id,table", CONSOLATIONS, ids=[c[0][:40] for c in CONSOLATIONS])
def test_the_consolation_paid(cite, ruleset_id, table):
    r = rules(ruleset_id)
    for refaits, paid in table.items():
        got = []
        for won, pavillon in ((7, None), (7, WHITE), (12, WHITE)):
            m = reckon(r, holes(won, 3), pavillon, refaits)
            got.append(m.consolation * m.multiplier)
        assert tuple(got) == paid, cite


def test_twelve_holes_de_suite_without_the_pavillon_count_single():
    """LLF52 §225: twelve holes in a row after an interruption make no bredouille: the pavillon decides."""
    m = reckon(rules("lelasseux-1852"), holes(18, 5), None)
    assert (m.multiplier, m.value) == (1, 15)


def test_lepeintre_s_progression_every_six_holes():
    """LEP18 part 1 §VI: in some houses ×8 from eighteen holes, ×16 from twenty-four (the option progression)."""
    plain, more = rules("lepeintre-1818"), rules("lepeintre-1818", ["progression"])
    assert reckon(plain, holes(18, 2), WHITE).multiplier == 4
    assert [reckon(more, holes(n, 2), WHITE).multiplier for n in (6, 11, 12, 17, 18, 24, 30)] == [2, 2, 4, 4, 8, 16, 32]
    assert reckon(more, holes(18, 2), WHITE).value == (18 + 2) * 8 - 2


def test_the_trictrac_combine_pays_more_sans_lever():
    """rules.md §4 D14 (COMB): petite bredouille ×2 with a relevé, ×3 'sans lever'; grande ×4 / ×5."""
    r = rules("combine-1780")
    got = [reckon(r, holes(n, 2), WHITE, sans_lever=s).multiplier for n in (7, 12) for s in (False, True)]
    assert got == [2, 3, 4, 5]
    assert reckon(r, holes(7, 2), None, sans_lever=True).multiplier == 1  # sans lever but no pavillon


@pytest.mark.parametrize("ruleset_id", PLAYING)
def test_a_refait_is_equal_holes_at_the_number_of_a_marque(ruleset_id):
    """GUI22 ch. 8, LLF52 §226: equal holes, six or more: the marqué is void."""
    r = rules(ruleset_id)
    m = reckon(r, {WHITE: 7, BLACK: 7}, WHITE)
    assert (m.winner, m.value, m.refait) == (None, 0, True)
    with pytest.raises(ValueError, match="needs 6 holes"):
        reckon(r, {WHITE: 5, BLACK: 5})


# (citation, marqués, lost by white, lost by black, postillons, owed, loser, difference, fiches)
SETTLEMENTS = [
    ("LLF52 §235: 19, 69 against 51, 14, 5, 7 and a postillon of 28: 105 − 88 = 17, two fiches", 6,
     [19, 69], [51, 14, 5, 7], (0, 1), (88, 105), BLACK, 17, 2),
    ("LLF52 §234: seven small marqués and two postillons (68) against 27, 15, 38 (80): the postillonné wins 12",
     10, [3, 5, 6, 4, 7, 4, 3], [27, 15, 38], (2, 0), (68, 80), BLACK, 12, 1),
    ("LLF52 §236: 19, 69, 15 (103) against 51, 14, 5, 7, 3 and a postillon (108): he loses 5, one fiche", 8,
     [19, 69, 15], [51, 14, 5, 7, 3], (0, 1), (103, 108), BLACK, 5, 1),
    ("LLF52 §236: the last marqué 14 instead of 15: he loses 6", 8,
     [19, 69, 14], [51, 14, 5, 7, 3], (0, 1), (102, 108), BLACK, 6, 1),
    ("LLF52 §237: 51, 14, 5, 7 (77) against 19, 69, 33, 13 (134): 57, six fiches", 8,
     [51, 14, 5, 7], [19, 69, 33, 13], (0, 0), (77, 134), BLACK, 57, 6),
    ("LLF52 §237: the eighth marqué 12 instead of 13: 56, still six fiches", 8,
     [51, 14, 5, 7], [19, 69, 33, 12], (0, 0), (77, 133), BLACK, 56, 6),
    ("LEP18 part 1 §VI, GUI22 ch. 8: all eight marqués lost: postillonné four times, 28 + 8 + 8 + 8", 8,
     [1] * 8, [], (4, 0), (8 + 52, 0), WHITE, 60, 6),
]


@pytest.mark.parametrize("cite,marques,white,black,postillons,owed,loser,difference,fiche", SETTLEMENTS,
                         ids=[s[0][:40] for s in SETTLEMENTS])
def test_a_worked_settlement_of_the_treatises(cite, marques, white, black, postillons, owed, loser, difference,
                                              fiche):
    s = settle(rules("lelasseux-1852"), marques, {WHITE: white, BLACK: black})
    assert (s.postillons[WHITE], s.postillons[BLACK]) == postillons, cite
    assert (s.owed[WHITE], s.owed[BLACK]) == owed, cite
    assert (s.loser, s.difference, fiches(s.difference)) == (loser, difference, fiche), cite


# (citation, jetons set aside per marqué, lost by white, lost by black, (loser, difference) with the queue)
QUEUES = [
    ("LLF52 §234: the queue des jetons raises the postillonné's gain to 18, two fiches", 2,
     [3, 5, 6, 4, 7, 4, 3], [27, 15, 38], (BLACK, 18)),
    ("LLF52 §235: one jeton per marqué: 17 − 2 = 15", 1, [19, 69], [51, 14, 5, 7], (BLACK, 15)),
    ("LLF52 §235: two jetons per marqué: 17 − 4 = 13, one fiche", 2, [19, 69], [51, 14, 5, 7], (BLACK, 13)),
    ("LLF52 §236: one jeton per marqué: he loses only two jetons", 1, [19, 69, 15], [51, 14, 5, 7, 3], (BLACK, 2)),
    ("LLF52 §236: two jetons per marqué: he gains one jeton", 2, [19, 69, 15], [51, 14, 5, 7, 3], (WHITE, 1)),
    ("LLF52 §236: the last marqué 14, two jetons: neither gain nor loss", 2, [19, 69, 14], [51, 14, 5, 7, 3],
     (None, 0)),
]


@pytest.mark.parametrize("cite,jetons,white,black,expected", QUEUES, ids=[q[0][:40] for q in QUEUES])
def test_the_queue_des_jetons(cite, jetons, white, black, expected):
    """LLF52 §228: the jetons set aside for the marqués go, before the postillons, to the player ahead."""
    r = rules("lelasseux-1852", queue_jetons=jetons)
    s = settle(r, len(white) + len(black), {WHITE: white, BLACK: black})
    assert s.with_queue() == expected, cite


@pytest.mark.parametrize("jetons,expected", [(12, 1), (17, 2), (15, 2), (13, 1), (5, 1), (4, 0), (57, 6), (56, 6)])
def test_jetons_counted_in_fiches(jetons, expected):
    """LLF52 §230, §233-237: ten jetons a fiche, five or more left over count as one."""
    assert fiches(jetons) == expected


def test_a_partie_has_an_even_number_of_marques():
    with pytest.raises(ValueError, match="even number of marqués"):
        settle(rules("guiton-1822"), 5, {WHITE: [3, 4], BLACK: [5, 6, 7]})
    with pytest.raises(ValueError, match="3 marqués lost in a partie of 4"):
        settle(rules("guiton-1822"), 4, {WHITE: [3, 4], BLACK: [5]})


# --- the rules as data ------------------------------------------------------------------------------

def test_who_plays_the_partie_a_ecrire():
    """rules.md §4 D14: Guiton, Lepeintre, Lelasseux-Lafosse, the Trictrac combiné and the modern rules play it;
    the sets whose à écrire rules no source we read gives say they do not, and why."""
    assert set(PLAYING) == {"combine-1780", "lepeintre-1818", "guiton-1822", "lelasseux-1852", "modern"}
    for ruleset_id in NOT_PLAYING:
        with pytest.raises(NotPlayed, match=f"rule set {ruleset_id} does not play the partie à écrire \\(decided: "):
            rules(ruleset_id)


@pytest.mark.parametrize("ruleset_id,expected", [
    ("guiton-1822", ("winner", "same", 28, 8, "go")),  # GUI22 ch. 3, ch. 8
    ("lelasseux-1852", ("winner", "same", 28, 8, "go")),  # LLF52 §221, §226, §227
    ("lepeintre-1818", ("winner", "same", 28, 8, "equal")),  # LEP18 part 1 §VI (the priority decided)
    ("combine-1780", ("alternate", "alternate", 4, 4, "go")),  # rules.md §4 D14-D15 (C)
    ("modern", ("alternate", "alternate", 28, 8, "go")),  # rules.md §4 D15 (M)
])
def test_the_rules_of_each_treatise(ruleset_id, expected):
    r = rules(ruleset_id)
    assert (r.first_after_marque, r.first_after_refait, r.postillon_first, r.postillon_next, r.refait_when) == expected
    for name, citation in r.citations.items():
        assert citation, name


def test_the_payout_line_of_the_12_hole_partie_is_data():
    """rules.md §3.12: Guiton draws the single/double line at six holes, the Trictrac combiné at seven."""
    assert [load_ruleset(i).variant("payout_line") for i in ("guiton-1822", "combine-1780")] == [6, 7]


# --- properties -------------------------------------------------------------------------------------

@st.composite
def marques(draw):
    ruleset_id = draw(st.sampled_from(PLAYING))
    r = rules(ruleset_id, ["progression"] if ruleset_id == "lepeintre-1818" and draw(st.booleans()) else [])
    high = draw(st.integers(r.marque_holes, 40))
    low = draw(st.integers(0, 40))
    white_high = draw(st.booleans())
    h = {WHITE: high, BLACK: low} if white_high else {WHITE: low, BLACK: high}
    pavillon = draw(st.sampled_from([None] + [c for c in (WHITE, BLACK) if h[c]]))
    return r, h, pavillon, draw(st.integers(0, 4)), draw(st.booleans())


@settings(max_examples=300, deadline=None)
@given(marques())
def test_a_marque_is_won_by_more_holes_and_worth_something(case):
    r, h, pavillon, refaits, sans_lever = case
    m = reckon(r, h, pavillon, refaits, sans_lever)
    if h[WHITE] == h[BLACK]:
        assert m.refait and m.value == 0 and m.winner is None
        return
    assert m.winner == max(h, key=h.get)
    assert m.value > 0
    assert m.value == m.multiplier * (h[m.winner] + m.consolation) - h[m.loser]
    assert m.multiplier == 1 or pavillon == m.winner


@settings(max_examples=200, deadline=None)
@given(marques())
def test_a_refait_raises_the_next_consolation(case):
    r, h, pavillon, refaits, sans_lever = case
    if h[WHITE] == h[BLACK] or r.refait_consolation != "grows":
        return
    now, after = reckon(r, h, pavillon, refaits, sans_lever), reckon(r, h, pavillon, refaits + 1, sans_lever)
    assert after.consolation > now.consolation and after.value > now.value


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(PLAYING), st.integers(1, 6).map(lambda n: 2 * n), st.data())
def test_the_settlement_is_zero_sum(ruleset_id, marques_count, data):
    """What one player is behind by, the other is ahead by; counted independently from the marqués."""
    r = rules(ruleset_id)
    losers = data.draw(st.lists(st.sampled_from([WHITE, BLACK]), min_size=marques_count, max_size=marques_count))
    values = data.draw(st.lists(st.integers(1, 200), min_size=marques_count, max_size=marques_count))
    lost = {c: [v for who, v in zip(losers, values, strict=True) if who == c] for c in (WHITE, BLACK)}
    s = settle(r, marques_count, lost)
    share = marques_count // 2

    def postillons(n):
        return sum(r.postillon_first if i == 0 else r.postillon_next for i in range(max(0, n - share)))

    balance = {c: sum(lost[o]) + postillons(len(lost[o])) - sum(lost[c]) - postillons(len(lost[c]))
               for c, o in ((WHITE, BLACK), (BLACK, WHITE))}
    assert balance[WHITE] + balance[BLACK] == 0
    if s.loser is None:
        assert balance[WHITE] == 0
    else:
        assert balance[s.loser] == -s.difference
    loser, difference = s.with_queue()  # the jetons set aside move between the two players only
    assert difference == abs(balance[WHITE] - (s.queue["jetons"] if s.queue["to"] == BLACK else
                                               -s.queue["jetons"] if s.queue["to"] == WHITE else 0))


# --- trictrac marque: the contract --------------------------------------------------------------------

def marque(request) -> tuple[int, dict | None, str]:
    """``trictrac marque`` with ``request`` (a dict, or raw text) on standard input."""
    code, out, err = run_cli("marque", stdin=request if isinstance(request, str) else json.dumps(request))
    return code, json.loads(out) if code == 0 else None, err


def test_the_contract_for_one_marque():
    """The issue's example: nine holes with the pavillon against eight (LLF52 §223)."""
    code, out, err = marque({"rules": "lelasseux-1852", "holes": {"white": 9, "black": 8}, "pavillon": "white",
                             "refaits": 0})
    assert (code, err) == (0, "")
    assert set(out) == {"winner", "value", "refait", "consolation", "multiplier", "why", "citation"}
    assert (out["winner"], out["value"], out["refait"], out["consolation"], out["multiplier"]) == \
        ("white", 14, False, 2, 2)
    assert out["why"].endswith("(9 + 2) × 2 − 8 = 14") and "§223" in out["citation"]


def test_the_contract_for_a_refait_and_after_it():
    code, out, _ = marque({"rules": "guiton-1822", "holes": {"white": 8, "black": 8}, "pavillon": None})
    assert (code, out["winner"], out["value"], out["refait"]) == (0, None, 0, True)
    code, out, _ = marque({"rules": "guiton-1822", "holes": {"white": 6, "black": 9}, "pavillon": "black",
                           "refaits": 1})
    assert (out["winner"], out["consolation"], out["multiplier"], out["value"]) == ("black", 4, 2, 2 * 13 - 6)


def test_the_contract_for_the_settlement():
    """The issue's example, LLF52 §235."""
    code, out, err = marque({"rules": "lelasseux-1852", "marques": 6,
                             "lost": {"white": [19, 69], "black": [51, 14, 5, 7]}})
    assert (code, err) == (0, "")
    assert out == {"postillons": {"white": 0, "black": 1}, "owed": {"white": 88, "black": 105}, "loser": "black",
                   "difference": 17}


@pytest.mark.parametrize("request_,message", [
    ("{", "standard input is not JSON"),
    ("[1, 2]", "expected one JSON object"),
    ({"rules": "guiton-1822", "holes": {"white": 9, "black": 8}, "pavilon": None}, "unknown field 'pavilon'; did "
                                                                                    "you mean 'pavillon'?"),
    ({"rules": "guiton-1822"}, 'give either "holes"'),
    ({"rules": "guiton-1822", "holes": {"white": 9, "black": 8}, "lost": {}}, 'give either "holes"'),
    ({"rules": "guiton-1823", "holes": {"white": 9, "black": 8}}, "rules: unknown rule set 'guiton-1823'"),
    ({"rules": "fallavel-1776", "holes": {"white": 9, "black": 8}}, "rule set fallavel-1776 does not play the "
                                                                    "partie à écrire"),
    ({"rules": "guiton-1822", "holes": {"white": 4, "black": 2}}, "no marqué ends with white 4, black 2"),
    ({"rules": "guiton-1822", "holes": {"white": -1, "black": 8}}, "holes: expected"),
    ({"rules": "guiton-1822", "holes": {"white": True, "black": 8}}, "holes: expected"),
    ({"rules": "guiton-1822", "holes": {"white": 10 ** 30, "black": 8}}, "holes: expected"),
    ({"rules": "guiton-1822", "holes": {"white": 9}}, "holes: expected"),
    ({"rules": "guiton-1822", "holes": {"white": 9, "black": 8}, "pavillon": "red"}, "pavillon: expected"),
    ({"rules": "guiton-1822", "holes": {"white": 9, "black": 0}, "pavillon": "black"}, "black cannot hold the "
                                                                                       "pavillon without a hole"),
    ({"rules": "guiton-1822", "holes": {"white": 9, "black": 8}, "refaits": -1}, "refaits: expected"),
    ({"rules": "guiton-1822", "marques": 5, "lost": {"white": [1, 2], "black": [3, 4, 5]}}, "even number of "
                                                                                           "marqués"),
    ({"rules": "guiton-1822", "marques": 4, "lost": {"white": [1, 0], "black": [3, 4]}}, "lost: expected"),
    ({"rules": "guiton-1822", "marques": 4, "lost": {"white": [1], "black": [3, 4]}}, "3 marqués lost in a "
                                                                                      "partie of 4"),
    ({"rules": "guiton-1822", "marques": 4, "lost": {"white": [1, 2], "black": [3, 4]}, "pavillon": None},
     "unknown field 'pavillon'"),
])
def test_a_bad_request_is_exit_2_and_one_message(request_, message):
    code, out, err = marque(request_)
    assert code == 2 and out is None
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("trictrac marque: error: ") and message in lines[0], err


def test_the_contracts_page_s_marque_examples_print_what_it_says():
    """The JSON contracts page documents marque with examples in and out: they must stay true."""
    from pathlib import Path

    lines = (Path(__file__).resolve().parent.parent / "docs/contracts.md").read_text(encoding="utf-8").splitlines()
    examples = [(line, lines[i + 1]) for i, line in enumerate(lines) if line.endswith("| trictrac marque")]
    assert len(examples) == 2
    for command, printed in examples:
        request = command[command.index("'") + 1:command.rindex("'")]
        code, out, _ = run_cli("marque", stdin=request)
        assert (code, json.loads(out)) == (0, json.loads(printed))
