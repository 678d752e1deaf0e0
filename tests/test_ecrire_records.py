"""Records of a partie à écrire (issue 8): the notation of a marqué (``marque N``, ``refait``), the
headers, what ``check`` finds, ``replay --json``, ``compare`` and the game page's score card.

The bundled partie (site_src/games/a-ecrire-quatre-marques.tric) was composed by program; its
marqués are reckoned here again by hand, from the holes the record writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from trictrac_notation.engine.convert import convert
from trictrac_notation.notation.reader import parse, read, write

ROOT = Path(__file__).resolve().parent.parent
PARTIE = ROOT / "site_src" / "games" / "a-ecrire-quatre-marques.tric"

HEAD = '[Rules "{rules}"]\n[Partie "a-ecrire"]\n[Marques "4"]\n[First "black"]\n'
# black wins a hole by his own throw: his 10 points and a hit à vrai of 2 from the coin's half
SETUP = "@white T:14 6':1 holes:{white}\n@black T:14 1:1 holes:{black} points:10\n"
THROW = "1. black 6-4 +2 hole {decision}{moves} {written}\n"


def record(tric, written="", white=3, black=5, decision="go", rules="guiton-1822", more="", head=None):
    moves = "" if decision == "go" else " 1-7 T-4"
    text = (head if head is not None else HEAD.format(rules=rules)) + SETUP.format(white=white, black=black) \
        + THROW.format(decision=decision, moves=moves, written=written) + more
    return tric(text)


def check(path, *options) -> tuple[int, list[str]]:
    code, out, _ = run_cli("check", *options, path)
    prefix = f"{path}:"
    return code, [line[len(prefix):] for line in out.splitlines() if line.startswith(prefix)]


# --- check ---------------------------------------------------------------------------------------------

def test_a_marque_reckoned_right_checks_clean(tric):
    """Black goes with six holes against three: 6 + 2 − 3 = 5 (Guiton 1822 ch. 8 'Marqué simple')."""
    code, found = check(record(tric, "marque 5"))
    assert (code, found) == (0, [])


def test_a_marque_mis_reckoned_is_an_error_at_its_place(tric):
    path = record(tric, "marque 7")
    code, found = check(path)
    assert code == 1
    assert found == ["7:25: error: marqué mis-reckoned: the record writes 7, but guiton-1822 gives 5 (black marks "
                     "with 6 holes against 3: simple, consolation 2: 6 + 2 − 3 = 5) [rules.md §4 D14]"]


def test_a_source_s_slip_in_a_marque_is_acknowledged_with_sic(tric):
    code, found = check(record(tric, "marque 7 sic:marque {the book reckons 7}"), "--strict")
    assert code == 0 and [f[:11] for f in found] == ["7:25: note:"]


def test_the_card_follows_the_record_s_reckoning(tric):
    """Like points marked, a marqué written differently is reported and kept: the players paid it."""
    code, out, _ = run_cli("replay", "--json", record(tric, "marque 7"))
    marques = json.loads(out)["final"]["marques"]
    assert [(m["winner"], m["value"]) for m in marques] == [("black", 7)]
    assert marques[0]["why"].endswith("the record writes 7, kept on the card")


@pytest.mark.parametrize("kwargs,message", [
    ({"written": "marque 5", "black": 3, "white": 2},
     "7:25: error: 'marque 5', but no marqué ends here: neither player has 6 holes (white 2, black 4)"),
    ({"written": "marque 5", "decision": "stay"},
     "7:35: error: 'marque 5', but no marqué ends here: a marqué ends when a player goes"),
    ({"written": "refait"}, "7:25: error: 'refait', but the holes are not equal: black marks with 6 holes against 3"),
    ({"written": "marque 4", "white": 6}, "7:25: error: 'marque 4', but the marqué ends in a refait: refait: 6 "
                                          "holes each, at least 6"),
])
def test_a_marque_written_where_none_ends_or_otherwise(tric, kwargs, message):
    code, found = check(record(tric, **kwargs))
    assert code == 1 and len(found) == 1 and found[0].startswith(message), found


def test_a_refait_at_equal_holes_when_one_goes(tric):
    """Guiton 1822 ch. 8: the holes equal, six or more, when one goes: the marqué is void."""
    code, found = check(record(tric, "refait", white=6))
    assert (code, found) == (0, [])


def test_lepeintre_s_refait_comes_as_soon_as_the_holes_are_equal(tric):
    """Lepeintre 1818 part 1 §VI: joined at the same number of holes, it is a refait: the dames are re-piled
    though black stays; Guiton wants the go."""
    more = "2. black 6-4 T-6 T-4\n"
    path = record(tric, "refait", white=6, decision="stay", rules="lepeintre-1818", more=more)
    assert check(path) == (0, [])
    code, found = check(path, "--rules", "guiton-1822")
    assert code == 1 and found[0].startswith("7:35: error: 'refait', but no marqué ends here")


@pytest.mark.parametrize("rules,first,ok", [
    ("guiton-1822", "black", True),  # Guiton 1822 ch. 3: the winner of the marqué throws first
    ("guiton-1822", "white", False),
    ("modern", "white", True),  # rules.md §4 D15 (M): the primauté alternates; black threw first
    ("modern", "black", False),
])
def test_who_throws_first_after_a_marque(tric, rules, first, ok):
    more = f"2. {first} 6-4 T-6 T-4\n"
    code, found = check(record(tric, "marque 5", rules=rules, more=more))
    if ok:
        assert (code, found) == (0, [])
    else:
        assert code == 1 and found[0].startswith(f"8:1: error: {first} throws out of turn: it is "
                                                 f"{'white' if first == 'black' else 'black'}'s throw "
                                                 "(first_after_marque"), found


def test_after_a_refait_the_primaute_is_kept(tric):
    """Guiton 1822 ch. 3: the player who had the primauté of the marqué keeps it after a refait."""
    assert check(record(tric, "refait", white=6, more="2. black 6-4 T-6 T-4\n")) == (0, [])
    code, found = check(record(tric, "refait", white=6, more="2. white 6-4 T-6 T-4\n"))
    assert code == 1 and "(first_after_refait same: Guiton 1822 ch. 3" in found[0]


def test_the_throws_after_the_last_marque_are_not_scored(tric):
    text = PARTIE.read_text(encoding="utf-8")
    path = tric(text + "189. blanc 6-4 T-6 T-4\n190. noir 6-4 T-6 T-4\n")
    code, found = check(path)
    line = text.count("\n") + 1  # the first throw added (the record's layout is fmt's)
    assert code == 0 and found == [f"{line}:1: warning: the partie of 4 marqués was over at throw 188: the throws "
                                   "after it are not scored [rules.md §4 D14]"]


def test_a_marque_in_the_pavillon_from_a_starting_position(tric):
    """From a starting position a player is in his series if only he holds holes: black's six holes against
    none count double (Guiton 1822 ch. 8 'Marqué double'): (6 + 2) × 2 = 16."""
    assert check(record(tric, "marque 16", white=0)) == (0, [])


@pytest.mark.parametrize("head,message", [
    ('[Rules "fallavel-1776"]\n[Partie "a-ecrire"]\n[First "black"]\n',
     "2:2: error: rule set fallavel-1776 does not play the partie à écrire (decided: "),
    ('[Rules "guiton-1822"]\n[Partie "a-ecrir"]\n[First "black"]\n',
     "2:2: error: Partie 'a-ecrir': expected \"a-ecrire\" (in marqués) or \"douze-trous\""),
    ('[Rules "guiton-1822"]\n[Partie "a-ecrire"]\n[Marques "5"]\n[First "black"]\n',
     "3:2: error: Marques '5': a partie à écrire between two players has an even number of marqués"),
    ('[Rules "guiton-1822"]\n[Marques "4"]\n[First "black"]\n',
     "2:2: error: a Marques header, but the partie is not à écrire"),
])
def test_bad_partie_headers(tric, head, message):
    code, found = check(record(tric, "", head=head))
    assert code == 1 and any(f.startswith(message) for f in found), found


def test_a_marque_in_a_partie_en_douze_trous_is_an_error(tric):
    head = '[Rules "guiton-1822"]\n[First "black"]\n'
    code, found = check(record(tric, "marque 5", head=head))
    assert found == ["5:25: error: 'marque 5' in a partie en douze trous: only a partie à écrire is played in "
                     "marqués [rules.md §4 D14]"]


# --- the notation ---------------------------------------------------------------------------------------

def test_marque_and_refait_are_written_back_in_english_and_french():
    text = '[Language "fr"]\n\n1. noir 6-4 +2 trou va marqué 5\n2. noir 6-4 +2 trou va refait\n'
    rec, diags = parse(text)
    assert diags == [] and [(t.marque, t.refait) for t in rec.throws] == [(5, False), (None, True)]
    assert write(rec) == text
    rec.headers.clear()
    assert write(rec) == "1. black 6-4 +2 hole go marque 5\n2. black 6-4 +2 hole go refait\n"
    assert parse(write(rec))[0] == rec


def test_a_throw_ends_its_marque_once():
    _, diags = parse("1. black 6-4 +2 hole go marque 5 refait\n")
    assert [(d.line, d.column, d.message) for d in diags] == [
        (1, 34, "a throw ends its marqué once: write 'marque N' (its value) or 'refait', not both")]
    _, diags = parse("1. black 6-4 +2 hole go marque 5 marque 6\n")
    assert [d.message for d in diags] == ["the marqué reckoned twice for the same throw"]


def test_convert_keeps_the_marques():
    record, _, _ = read(str(PARTIE))
    converted, problems = convert(record, "lepeintre")
    assert problems == []
    ends = [(t.marque, t.refait) for t in converted.throws if t.marque is not None or t.refait]
    assert ends == [(56, False), (5, False), (9, False), (None, True), (5, False)]
    assert parse(write(converted))[0] == converted


# --- the bundled partie ------------------------------------------------------------------------------------

def replay_json(path, *options) -> dict:
    code, out, _ = run_cli("replay", "--json", *options, path)
    assert code == 0
    return json.loads(out)


def test_the_bundled_partie_reckoned_by_hand():
    """Guiton 1822 ch. 8, from the holes the record writes (counted in tests by hand, not by the engine):
    black 12 holes de suite against none: (12 + 2) × 4 = 56; white 7 against 4: 7 + 2 − 4 = 5; white 8 against
    1: 9; six holes each when black goes: refait; white 6 against 5 after the refait: 6 + 4 − 5 = 5.
    Black lost three marqués of four: one postillon, 28: he owes 5 + 9 + 5 + 28 = 47, white 56: white loses 9."""
    final = replay_json(PARTIE)["final"]
    got = [(m["winner"], m["holes"]["white"], m["holes"]["black"], m["pavillon"], m["refait"], m["consolation"],
            m["multiplier"], m["value"]) for m in final["marques"]]
    assert got == [("black", 0, 12, "black", False, 2, 4, 56), ("white", 7, 4, None, False, 2, 1, 5),
                   ("white", 8, 1, None, False, 2, 1, 9), (None, 6, 6, None, True, 0, 1, 0),
                   ("white", 6, 5, None, False, 4, 1, 5)]
    card = final["card"]
    assert (card["marques"], card["played"], card["refaits"], card["complete"]) == (4, 4, 1, True)
    assert card["lost"] == {"white": [56], "black": [5, 9, 5]}
    assert (card["postillons"], card["owed"], card["loser"], card["difference"]) == \
        ({"white": 0, "black": 1}, {"white": 56, "black": 47}, "white", 9)


def test_the_bundled_partie_s_pavillons_from_its_holes():
    """The pavillon of each marqué found again from the holes each throw gives: the winner holds it when none
    of the loser's holes comes after his first."""
    data = replay_json(PARTIE)
    gains, pavillons = [], []
    for t in data["throws"]:
        score = t.get("score") or {}
        gains += [c for c in ("white", "black") for _ in range(score.get("holes", {}).get(c, 0))]
        if "marque" in score:
            m = score["marque"]
            winner = m["winner"]
            if winner:
                first = gains.index(winner)
                pavillons.append(winner if all(g == winner for g in gains[first:]) else None)
            gains = []
    assert pavillons == [m["pavillon"] for m in data["final"]["marques"] if m["winner"]]


def test_compare_reckons_the_partie_under_two_other_rule_sets():
    """Lelasseux-Lafosse 1852 reckons it as Guiton; the Trictrac combiné pays black's twelve holes, all taken
    in one relevé, ×5 'sans lever' and its paris 4 jetons: white loses 70 − (5 + 9 + 5 + 4) = 47."""
    code, out, _ = run_cli("compare", PARTIE, "--rules", "guiton-1822,lelasseux-1852,combine-1780", "--json")
    data = json.loads(out)
    finals = data["final"]
    assert [m["value"] for m in finals["lelasseux-1852"]["marques"]] == [56, 5, 9, 0, 5]
    assert [m["value"] for m in finals["combine-1780"]["marques"]] == [70, 5, 9, 0, 5]
    assert [(f["card"]["loser"], f["card"]["difference"]) for f in finals.values()] == \
        [("white", 9), ("white", 9), ("white", 47)]
    first = data["throws"][0]
    assert (first["number"], first["marque"]["combine-1780"]["multiplier"]) == (36, 5)
    assert data["outcome_differs"]
    releves = {t["releve"] for t in replay_json(PARTIE)["throws"] if t["index"] <= 36 and t["index"] >= 12}
    assert len(releves) == 1  # black's first hole (throw 12) to his go: one relevé, sans lever
    code, text, _ = run_cli("compare", PARTIE, "--rules", "guiton-1822,combine-1780")
    assert "marqué: guiton-1822 black 56 (×4) | combine-1780 black 70 (×5)" in text
    assert "combine-1780: marqués black 70 (×5), white 5, white 9, refait, white 5; white loses 47" in text


def test_the_bundled_partie_s_card_on_its_page():
    """The card as on paper (LLF52 §233): each player's column holds the marqués he lost, then his postillons
    and what he owes; each value links to the throw that ended its marqué."""
    from trictrac_notation.site.gamepage import render_game
    from trictrac_notation.site.site import templates

    files, *_ = render_game("a-ecrire-quatre-marques", PARTIE, templates(), "a-ecrire-quatre-marques.tric")
    page = files["games/a-ecrire-quatre-marques.md"]
    card = page[page.index("## Score card"):page.index("## Points and holes")]
    rows = [line for line in card.splitlines() if line.startswith("<tr>")]
    assert rows == [
        "<tr><td>1 (0–12 ×4)</td><td class=\"lost\"><a href=\"#throw-36\" title=\"black marks with 12 holes and "
        "the pavillon against 0: ×4, consolation 2: (12 + 2) × 4 − 0 = 56\">56</a></td><td class=\"lost\"></td></tr>",
        "<tr><td>2 (7–4)</td><td class=\"lost\"></td><td class=\"lost\"><a href=\"#throw-82\" title=\"white marks "
        "with 7 holes against 4: simple, consolation 2: 7 + 2 − 4 = 5\">5</a></td></tr>",
        "<tr><td>3 (8–1)</td><td class=\"lost\"></td><td class=\"lost\"><a href=\"#throw-119\" title=\"white marks "
        "with 8 holes against 1: simple, consolation 2: 8 + 2 − 1 = 9\">9</a></td></tr>",
        "<tr><td>refait (6–6)</td><td class=\"lost\"></td><td class=\"lost\"></td></tr>",
        "<tr><td>4 (6–5)</td><td class=\"lost\"></td><td class=\"lost\"><a href=\"#throw-188\" title=\"white marks "
        "with 6 holes against 5: simple, consolation 4 after 1 refait: 6 + 4 − 5 = 5\">5</a></td></tr>",
        # the postillon in jetons, as the total counts it (the first marqué lost beyond one's share: 28)
        "<tr><td>postillons</td><td class=\"postillons\"></td><td class=\"postillons\">28 <small>(1 postillon)</small>"
        "</td></tr>",
        "<tr><td><strong>owes</strong></td><td class=\"owes\"><strong>56</strong></td><td class=\"owes\">"
        "5 + 9 + 5 + 28 = <strong>47</strong></td></tr>",  # the card's arithmetic written out
    ]
    assert "<thead><tr><th>marqué (holes white–black)</th><th>white (Araminte)</th><th>black (Clitandre)</th>" in card
    assert "The partie of 4 marqués is over: white (Araminte) loses 56 − 47 = 9 jetons (1 fiche)" in card


def test_the_card_fits_a_narrow_screen(browser, bundled_site):
    """At 400 px nothing of the partie's page scrolls sideways (as tests/test_site_reading.py asks of a game)."""
    page = browser.new_page(viewport={"width": 400, "height": 900})
    page.goto((bundled_site / "games" / "a-ecrire-quatre-marques.html").as_uri())
    sideways = page.evaluate("""() => [document.documentElement.scrollWidth - window.innerWidth,
        ...[...document.querySelectorAll('.md-content *')].filter(e => e.scrollWidth > e.clientWidth + 1
            && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX)).map(e => e.className || e.tagName)]""")
    assert sideways == [0], sideways
    assert page.inner_text(".trictrac-card tbody tr:last-child") == "owes\t56\t5 + 9 + 5 + 28 = 47"
    page.close()
