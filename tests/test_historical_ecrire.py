"""The partie à écrire as the three books work it (issue 21): each worked marqué of Guiton, Lepeintre and
Lelasseux-Lafosse is a record (``[Partie "a-ecrire"]``) whose replay's ``final.marques`` and card give the
book's figure; the table below holds the figure with its citation, read from the book and not from the
engine.  The settlements of whole parties (LLF52 §227, §233-237; LEP18 part 1 §VI) work on lists of
marqués the books give without a game: they are checked from those lists in test_ecrire.py.

The setup key ``pavillon:1``, which these records need to say that a player's holes ran uninterrupted
after the opponent's, is tested at the end.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from trictrac_notation.games.trictrac.ecrire import EcrireRules, reckon
from trictrac_notation.rules.rulesets import load_ruleset

HISTORICAL = Path(__file__).resolve().parent.parent / "site_src" / "games" / "historical"

# (record, winner, (white holes, black holes), who holds the pavillon at the end, value the record writes,
# citation[, the rules' value, why]).  Where White's double hole took the pavillon from Black, White holds it.
MARQUES = [
    ("lelasseux-1852-222-a-simple-marque", "black", (8, 9), None, 3, "LLF52 §222: 9 + 2 − 8, the smallest marqué"),
    ("lelasseux-1852-223-a-marque-in-petite-bredouille", "black", (8, 9), "black", 14,
     "LLF52 §223: nine de suite after eight: (9 + 2) × 2 − 8"),
    ("lelasseux-1852-224-a-marque-in-grande-bredouille", "black", (6, 18), "black", 74,
     "LLF52 §224: (18 + 2) × 4 − 6"),
    ("lelasseux-1852-224-eighteen-holes-without-the-pavillon", "black", (6, 18), None, 14,
     "LLF52 §224: the same without the pavillon, 18 + 2 − 6"),
    ("lelasseux-1852-224-eleven-holes-in-petite-bredouille", "black", (6, 11), "black", 20,
     "LLF52 §224: (11 + 2) × 2 − 6"),
    ("lelasseux-1852-224-twelve-holes-in-grande-bredouille", "black", (6, 12), "black", 50,
     "LLF52 §224: (12 + 2) × 4 − 6, thirty more than with eleven"),
    ("lelasseux-1852-225-twelve-holes-in-a-row-without-the-pavillon", "black", (5, 18), None, 15,
     "LLF52 §225: no re-entering bredouille, 18 + 2 − 5"),
    ("lelasseux-1852-386-what-the-pavillon-is-worth", "black", (0, 10), "black", 24,
     "LLF52 §386: ten holes in bredouille, 24 jetons"),
    ("lelasseux-1852-386-the-grande-bredouille-reached", "black", (0, 12), "black", 56,
     "LLF52 §386: the grande bredouille, at least 56"),
    ("lelasseux-1852-386-the-pavillon-lost", "black", (2, 10), "white", 12,
     "LLF52 §386: the pavillon lost, 'eleven or twelve'", 10, "the book leaves out White's two holes (§222)"),
    ("guiton-1822-ch13-what-the-pavillon-is-worth", "black", (0, 10), "black", 24,
     "GUI22 ch. 13: ten holes in bredouille, 24 jetons"),
    ("guiton-1822-ch13-the-grande-bredouille-reached", "black", (0, 12), "black", 56,
     "GUI22 ch. 13: at least fifty-six jetons, about thirty-two more"),
    ("guiton-1822-ch13-the-pavillon-lost", "black", (2, 10), "white", 10,
     "GUI22 ch. 13: 'reduced to nine or ten' (ten holes, White's double hole off)"),
    ("lepeintre-1818-1-vi-a-marque-in-bredouille", "black", (1, 6), "black", 15,
     "LEP18 part 1 §VI: six holes doubled and the consolation doubled, 16, less one hole"),
]


def final(stem: str) -> dict:
    code, out, _ = run_cli("replay", "--json", HISTORICAL / f"{stem}.tric")
    assert code == 0
    return json.loads(out)["final"]


def _case(row):
    stem, winner, holes, pavillon, book, where, *slip = row
    return pytest.param(stem, winner, holes, pavillon, book, where, *(slip or [book, None]), id=stem)


@pytest.mark.parametrize("stem,winner,holes,pavillon,book,where,rules,why", [_case(r) for r in MARQUES])
def test_a_worked_marque_of_the_books_as_a_record(stem, winner, holes, pavillon, book, where, rules, why):
    data = final(stem)
    (marque,) = data["marques"]
    got = (marque["winner"], (marque["holes"]["white"], marque["holes"]["black"]), marque["pavillon"], marque["value"])
    assert got == (winner, holes, pavillon, book), where
    card = data["card"]
    assert card["played"] == 1 and card["lost"]["white" if winner == "black" else "black"] == [book], where
    ruleset = load_ruleset(json.loads(run_cli("replay", "--json", HISTORICAL / f"{stem}.tric")[1])["headers"]["Rules"])
    reckoned = reckon(EcrireRules.of(ruleset), {"white": holes[0], "black": holes[1]}, pavillon)
    assert reckoned.value == rules, where + (f" ({why})" if why else "")
    assert (rules == book) == (why is None), "a value that differs from the book's says why"


def test_a_refait_and_the_primaute_kept():
    """LLF52 §226: equal holes, six or more, when one goes: the marqué is void; the player who had the
    primauté keeps it; the next consolation is four."""
    data = final("lelasseux-1852-226-a-refait")
    (marque,) = data["marques"]
    assert (marque["refait"], marque["winner"], marque["holes"]) == (True, None, {"white": 7, "black": 7})
    assert data["card"]["refaits"] == 1 and data["card"]["played"] == 0
    assert EcrireRules.of(load_ruleset("lelasseux-1852")).consolation(1) == 4


# --- the setup key pavillon:1 ------------------------------------------------------------------------------

HEAD = '[Rules "lelasseux-1852"]\n[Partie "a-ecrire"]\n[First "black"]\n'


def check(tric, text):
    path = tric(HEAD + text)
    code, out, _ = run_cli("check", path)
    return code, [line.split(":", 1)[1] for line in out.splitlines() if line.startswith(f"{path}:")]


@pytest.mark.parametrize("setup,value", [
    ("@white T:14 6':1 holes:8\n@black T:14 1:1 holes:8 points:10 pavillon:1\n", 14),  # LLF52 §223
    ("@white T:14 6':1 holes:8\n@black T:14 1:1 holes:8 points:10\n", 3),  # no pavillon: §222
    ("@white T:14 6':1 holes:8\n@black T:14 1:1 holes:8 points:10 pavillon:0\n", 3),
    ("@white T:14 6':1\n@black T:14 1:1 holes:8 points:10\n", 22),  # alone with holes: in his series already
])
def test_the_pavillon_of_a_starting_position(tric, setup, value):
    code, found = check(tric, setup + f"1. black 6-4 +2 hole go marque {value}\n")
    assert (code, found) == (0, []), found


@pytest.mark.parametrize("setup,message", [
    ("@white T:14 6':1 holes:8 pavillon:1\n@black T:14 1:1 holes:8 points:10 pavillon:1\n",
     "pavillon:1 for both players: one series of holes at most runs uninterrupted"),
    ("@white T:14 6':1 holes:8\n@black T:14 1:1 points:10 pavillon:1\n",
     "pavillon:1, but black holds no hole: the pavillon marks a series of holes"),
    ("@white T:14 6':1 holes:8\n@black T:14 1:1 holes:8 points:10 pavillon:2\n",
     "pavillon:2: pavillon:1 (his holes run uninterrupted, after the opponent's: he holds the pavillon)"),
])
def test_a_pavillon_that_cannot_be(tric, setup, message):
    code, found = check(tric, setup + "1. black 6-4 T-6 T-4\n")
    assert code == 1 and any(message in f for f in found), found


def test_the_pavillon_of_a_setup_is_lost_to_the_opponent_s_hole(tric):
    """A hole of the opponent's ends the series the setup gave (Guiton 1822 ch. 13: the bredouille exposed):
    White takes his second hole and goes; Black marks simple, 8 + 2 − 2."""
    head = '[Rules "guiton-1822"]\n[Partie "a-ecrire"]\n[First "white"]\n'
    text = "@white T:14 1:1 holes:1 points:10\n@black T:14 6':1 holes:8 pavillon:1\n1. white 6-4 +2 hole go marque 8\n"
    path = tric(head + text)
    assert run_cli("check", path)[0] == 0
    code, out, _ = run_cli("replay", "--json", path)
    (marque,) = json.loads(out)["final"]["marques"]
    assert (marque["winner"], marque["multiplier"], marque["value"]) == ("black", 1, 8)
