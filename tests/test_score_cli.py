"""The scoring commands: ``score`` (the JSON contract of issue 3), ``compare``, ``explain``, and the
scoring shown by ``replay --rules``."""

from __future__ import annotations

import io
import json

import pytest
from conftest import run_cli

from trictrac_notation.rules.rulesets import load_ruleset


def score(request) -> tuple[int, dict | None, str]:
    """``trictrac score`` with ``request`` (a dict, or raw text) on standard input."""
    import sys

    text = request if isinstance(request, str) else json.dumps(request)
    stdin, sys.stdin = sys.stdin, io.StringIO(text)
    try:
        code, out, err = run_cli("score")
    finally:
        sys.stdin = stdin
    return code, json.loads(out) if code == 0 else None, err


CONTRACT = {"rules": "soumille-1756", "options": ["rencontre"], "to_move": "white", "dice": [6, 4],
            "white": {"1": 13, "12": 2}, "black": {"1": 15}, "off": {"white": 0, "black": 0}, "throw": 3}


def test_the_contract_example():
    """The issue's example: White holds his coin with his only two dames off the talon, no ace: nothing."""
    code, out, err = score(CONTRACT)
    assert (code, out, err) == (0, {"events": [], "total": {"white": 0, "black": 0}}, "")


def test_mezeas_through_the_contract():
    """E25: the coin taken with the only two dames off the talon, then 6-1 → +4 (fields: 12 = his coin)."""
    code, out, _ = score(CONTRACT | {"dice": [6, 1], "black": {"1": 13, "11": 2}})
    assert out == {"events": [{"jan": "mezeas", "beneficiary": "white", "points": 4, "means": 1,
                               "rule": "points.mezeas",
                               "citation": load_ruleset("soumille-1756").citation("points.mezeas")}],
                   "total": {"white": 4, "black": 0}}


def test_hits_give_field_numbers_in_the_movers_frame():
    """E2, Black 6-3 → +16: White's a6, a7 two ways, a3, a4 one way.  Fields in Black's frame: White's
    arrow k is Black's track 23 - k, field 24 - k."""
    request = {"rules": "guiton-1822", "to_move": "black", "dice": [6, 3],
               "white": {str(k + 1): 1 for k in range(1, 8)} | {"9": 2, "10": 2, "11": 2, "12": 2},
               "black": {"1": 6, "7": 1, "8": 2, "9": 2, "11": 2, "12": 2}}
    code, out, _ = score(request)
    assert out["total"] == {"white": 0, "black": 16}
    assert {24 - e["target"]: (e["means"], e["half"]) for e in out["events"]} == {
        6: (2, "coin"), 7: (2, "coin"), 3: (1, "talon"), 4: (1, "talon")}


def test_the_jan_de_rencontre_needs_the_first_throw():
    request = CONTRACT | {"dice": [4, 6], "throw": 1, "white": {"1": 15}, "first_throw": [6, 4]}
    assert score(request)[1]["total"] == {"white": 4, "black": 0}
    request["options"] = []
    assert score(request)[1]["total"] == {"white": 0, "black": 0}


def test_six_tables_and_deux_tables_history():
    six = {"rules": "guiton-1822", "to_move": "white", "dice": [2, 1], "white": {"1": 11, "4": 1, "5": 1, "6": 1,
                                                                                "7": 1}, "black": {"1": 15}}
    assert score(six | {"throw": 3})[1]["events"][0]["jan"] == "six-tables"
    assert score(six)[1]["events"] == []  # the throw count is needed
    deux = {"rules": "guiton-1822", "to_move": "white", "dice": [4, 3], "white": {"1": 13, "8": 1, "10": 1},
            "black": {"1": 15}}
    assert score(deux)[1]["total"] == {"white": 4, "black": 0}
    assert score(deux | {"made": ["deux-tables"]})[1]["total"] == {"white": 0, "black": 0}


@pytest.mark.parametrize("request_text,message", [
    ("{\"rules\": ", "standard input is not JSON: Expecting value at line 1 column 11"),
    ("[1, 2]", "expected one JSON object with the fields rules, options, to_move, dice, white, black, off, throw, "
               "first_throw, made, not a list"),
    (json.dumps(CONTRACT | {"rules": "soumille"}), "rules: unknown rule set 'soumille'"),
    (json.dumps(CONTRACT | {"options": ["rencontr"]}), "did you mean 'rencontre'?"),
    (json.dumps(CONTRACT | {"dice": [7, 1]}), "dice: expected two numbers from 1 to 6, e.g. [6, 4], not [7, 1]"),
    (json.dumps(CONTRACT | {"to_move": "red"}), "to_move: expected \"white\" or \"black\", not \"red\""),
    (json.dumps(CONTRACT | {"white": {"1": 13, "12": 1}}),
     "impossible position: white has 14 dames, not 15; white has a single dame on his coin de repos"),
    (json.dumps(CONTRACT | {"white": {"0": 15}}), "white: field '0': fields run from \"1\" (his talon) to \"24\""),
    (json.dumps(CONTRACT | {"white": {}, "off": {"white": 15}}), "white has borne off all fifteen dames"),
    (json.dumps(CONTRACT | {"blak": {}}), "unknown field 'blak'; did you mean 'black'?"),
    (json.dumps({k: v for k, v in CONTRACT.items() if k != "dice"}), "missing field 'dice'"),
])
def test_bad_input_exits_2_with_one_clear_message(request_text, message):
    code, out, err = score(request_text)
    assert code == 2 and out is None
    assert err.startswith("trictrac score: error: ") and message in err and "Traceback" not in err
    assert err.count("\n") == 1


# --- compare --------------------------------------------------------------------------------------

RECORD = """[Rules "guiton-1822"]
1. white 6-4 T-6 T-4
2. black 6-4 T-6 T-4
3. white 5-4 T-5 T-4
"""


def test_compare_names_the_deciding_rule_and_each_citation(tric):
    """Black's first throw repeats White's: a jan de rencontre (4, to Black) under Jollyvet and the modern
    option, not under Guiton (rules.md §4 D1); nothing else differs."""
    code, out, err = run_cli("compare", tric(RECORD), "--rules", "guiton-1822,modern+rencontre,jollyvet-1634",
                             "--json")
    data = json.loads(out)
    assert code == 0 and data["rules"] == ["guiton-1822", "modern+rencontre", "jollyvet-1634"]
    [throw] = data["throws"]
    [diff] = throw["differences"]
    assert (throw["index"], diff["jan"], diff["beneficiary"], diff["rule"]) == (
        2, "rencontre", "black", "jans.rencontre")
    assert diff["points"] == {"guiton-1822": 0, "modern+rencontre": 4, "jollyvet-1634": 4}
    assert diff["citations"]["guiton-1822"] == "rules.md §4 D1: not mentioned by Guiton 1822 (I)"
    assert diff["citations"]["jollyvet-1634"] == "Jollyvet 1656 p.19 per Wikipedia (W)"
    assert diff["citations"]["modern+rencontre"].endswith("[option rencontre]")


def test_compare_text_and_outcome(tric):
    code, out, _ = run_cli("compare", tric(RECORD), "--rules", "guiton-1822,jollyvet-1634")
    lines = out.splitlines()
    assert lines[1] == "2. black 6-4  (line 3)"
    assert lines[2] == "  rencontre for black: guiton-1822 0 | jollyvet-1634 4"
    assert lines[3] == "    rule jans.rencontre:"
    assert lines[-1] == "the outcome is the same"


def test_compare_needs_two_known_sets(tric):
    path = tric(RECORD)
    code, _, err = run_cli("compare", path, "--rules", "guiton-1822")
    assert code == 2 and "name at least two rule sets" in err
    code, _, err = run_cli("compare", path, "--rules", "guiton-1822,jolyvet-1634")
    assert code == 2 and "did you mean 'jollyvet-1634'?" in err


# --- explain --------------------------------------------------------------------------------------

E3 = '[Rules "guiton-1822"]\n@white T:2 3:1 5:1 6:3 7:2 8:2 10:2 11:2\n@black 6:2 7:2 9:1 10:2 11:2\n'


def test_explain_gives_each_event_its_rule_and_citation(tric):
    path = tric(E3 + "1. white 4-3 +10 5-9 6-9\n")
    code, out, _ = run_cli("explain", path, "--throw", "1")
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "throw 1: white 4-3 (line 4) — rules guiton-1822"
    assert lines[1] == "  battre-a-vrai → white +6, 3 ways: battre-a-vrai 6 (4, 3, 7 on 9')  [rules.md §3.3]"
    assert lines[2] == "      points.battre-a-vrai: Guiton 1822 ch. 1 'Battre' (S)"
    assert lines[3] == "  remplir → white +4: remplir 4 (grand-jan)  [rules.md §3.5]"
    assert "  due: white +10, black +0" in lines


def test_explain_json_and_rules_option(tric):
    path = tric(E3 + "1. white 4-3 5-9 6-9\n")
    code, out, _ = run_cli("explain", path, "--throw", "1", "--rules", "lelasseux-1852", "--json")
    data = json.loads(out)
    assert data["rules"] == "lelasseux-1852"
    assert [(e["jan"], e["points"], e["section"]) for e in data["events"]] == [
        ("battre-a-vrai", 6, "rules.md §3.3"), ("remplir", 4, "rules.md §3.5")]
    assert data["events"][0]["citation"].startswith("Lelasseux-Lafosse 1852")


def test_explain_a_throw_that_does_not_exist(tric):
    code, _, err = run_cli("explain", tric(E3 + "1. white 4-3 5-9 6-9\n"), "--throw", "5")
    assert code == 2 and "has 1 replayed throw (numbered from 1)" in err


# --- replay --rules -------------------------------------------------------------------------------

def test_replay_shows_points_holes_and_ecoles(tric):
    path = tric(E3.replace("11:2\n@black", "11:2 points:8\n@black") + "1. white 4-3 +8 5-9 6-9 hole\n")
    code, out, err = run_cli("replay", path)
    assert "  white +10: battre-a-vrai 6 (4, 3, 7 on 9'), remplir 4 (grand-jan)" in out
    assert ("  école: école par moins: white marks 8 but the rules give 10 (battre-a-vrai 6, remplir 4): black "
            "gains 2") in out
    assert "  white takes 1 hole" in out
    assert "  score: white 1 hole 4 points (bredouille); black 0 holes 0 points" in out
    assert out.rstrip().endswith("final score: white 1 hole 4 points; black 0 holes 0 points")
    assert code == 0 and "warning: école par moins" in err  # forgotten, not claimed: a warning


def test_replay_json_has_the_score(tric):
    code, out, _ = run_cli("replay", tric(E3 + "1. white 4-3 5-9 6-9\n"), "--json")
    data = json.loads(out)
    score = data["throws"][0]["score"]
    assert score["due"] == {"white": 10, "black": 0}
    assert score["after"]["white"] == {"points": 10, "holes": 0, "bredouille": True}
    assert data["final"]["holes"] == {"white": 0, "black": 0} and data["final"]["winner"] is None


def test_no_rules_header_means_no_scoring(tric):
    code, out, _ = run_cli("replay", tric("1. white 6-4 T-6 T-4\n"), "--json")
    assert "score" not in json.loads(out)["throws"][0] and "final" not in json.loads(out)


# --- a bad Rules header: an error of the record, wherever FILE is read ------------------------------

BODY = E3.split("\n", 1)[1] + "1. white 4-3 5-9 6-9\n"
BAD_HEADERS = [  # (headers, the line of the faulty one, what the error says)
    ('[Rules "guiton-1823"]\n', 1, "Rules header: unknown rule set 'guiton-1823' (known: "),
    ('[Rules "guiton-1822"]\n[Options "nope"]\n', 2,
     "Options header: unknown option 'nope' for rule set guiton-1822 (available: pile-de-misere)"),
    ('[Rules "ffbg"]\n', 1, "rule set ffbg is a backgammon rule set, and this record is trictrac"),
]
FILE_COMMANDS = [("chances", "--throw", "1"), ("explain", "--throw", "1"), ("diagram",), ("replay",), ("check",)]


@pytest.mark.parametrize("headers,line,says", BAD_HEADERS, ids=["rules", "options", "other-game"])
@pytest.mark.parametrize("command", FILE_COMMANDS, ids=lambda c: c[0])
def test_a_bad_rules_header_is_reported_at_its_file_line_and_column(tric, command, headers, line, says):
    """As ``check`` reports it: FILE:LINE:COL of the header, the line quoted, exit 1 (chances said
    "--rules: ..." as though the command line were wrong, and explain made it a usage error)."""
    path = tric(headers + BODY)
    code, out, err = run_cli(command[0], path, *command[1:])
    said = err if command[0] != "check" else out  # check prints its diagnostics on standard output
    assert code == 1 and f"{path}:{line}:2: error: {says}" in said, said
    assert "  " + headers.splitlines()[line - 1] in said.splitlines() and "--rules" not in out + err


@pytest.mark.parametrize("command", FILE_COMMANDS, ids=lambda c: c[0])
def test_a_bad_rules_option_is_a_usage_error_that_names_it(tric, command):
    """A rule set given on the command line is the command line's mistake: exit 2, "--rules: ..." (explain
    did not name the option)."""
    code, _, err = run_cli(command[0], tric('[Rules "guiton-1822"]\n' + BODY), *command[1:], "--rules", "guiton-1823")
    assert code == 2 and err.startswith(f"trictrac {command[0]}: error: --rules: unknown rule set 'guiton-1823' ")
