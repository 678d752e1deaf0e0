"""The players' commands: ``best`` (the JSON contract of issue 19), ``match`` (reproducible from its seed) and
``play`` (a partie driven through standard input, its record read back clean by ``check``)."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

OPENING = {"rules": "guiton-1822", "to_move": "white", "dice": [6, 4], "white": {"1": 15}, "black": {"1": 15},
           "throw": 1}


def best(request: dict | str) -> tuple[int, dict | None, str]:
    code, out, err = run_cli("best", stdin=request if isinstance(request, str) else json.dumps(request))
    return code, json.loads(out) if code == 0 else None, err


def apply(fields: dict[str, int], moves: list[list[int]]) -> dict[str, int]:
    """The mover's fields after ``moves`` ([from, to] in his fields, 25: borne off)."""
    out = dict(fields)
    for src, dst in moves:
        out[str(src)] -= 1
        if dst != 25:
            out[str(dst)] = out.get(str(dst), 0) + 1
    return {k: v for k, v in out.items() if v}


@pytest.mark.parametrize("name", ["greedy", "lookahead", "treatise"])
def test_every_legal_play_ranked_best_first_in_the_inputs_frame(name):
    request = {"rules": "guiton-1822", "to_move": "black", "dice": [5, 3], "player": name,
               "white": {"1": 11, "6": 1, "7": 1, "12": 2}, "black": {"1": 12, "5": 1, "12": 2}}
    code, out, err = best(request)
    assert (code, err) == (0, "") and out["player"] == name
    plays = out["plays"]
    values = [p["value"] for p in plays]
    assert values == sorted(values, reverse=True) and len(plays) > 1
    for p in plays:
        assert set(p) == {"moves", "position", "points", "value"}
        assert p["position"]["black"] == apply(request["black"], p["moves"])  # black's own fields, as given
        assert p["position"]["white"] == request["white"]
        if name == "greedy":  # greedy's value is the points of the throw: his less his opponent's
            assert p["value"] == p["points"]["black"] - p["points"]["white"]
    assert len({json.dumps(p["position"], sort_keys=True) for p in plays}) == len(plays)  # one per position


def test_the_first_throw_is_played_down():
    """Guiton 1822 ch. 13 ('Ne pas jouer tout d'une le premier coup'), Lelasseux-Lafosse 1852 §420, Lepeintre
    1818 part 3 §1: the first throw of a relevé puts two dames down."""
    code, out, _ = best(OPENING)  # the default player: the strongest
    assert code == 0 and out["player"] == "learned" and out["plays"][0]["moves"] == [[1, 7], [1, 5]]
    code, out, _ = best(OPENING | {"player": "treatise"})
    assert code == 0 and out["player"] == "treatise" and out["plays"][0]["moves"] == [[1, 7], [1, 5]]


def test_the_value_of_a_hit_a_vrai_is_its_points():
    """6-2 beats the lone dame on black's 7th arrow à vrai (white's 18th field) from white's 12 and 16: 4 points
    by two ways (Guiton 1822 ch. 1, 'Battre'); every play scores them, whatever the dames do."""
    request = {"rules": "guiton-1822", "to_move": "white", "dice": [6, 2], "player": "greedy",
               "white": {"1": 11, "10": 2, "12": 2}, "black": {"1": 14, "7": 1}}
    code, out, _ = best(request)
    assert code == 0 and {(p["points"]["white"], p["points"]["black"]) for p in out["plays"]} == {(4, 0)}


def test_stay_or_go():
    """A throw that wins a hole: the decision and both values; going when the opponent's plein has spare dames
    and one's own none (Guiton 1822 ch. 11)."""
    request = {"rules": "guiton-1822", "to_move": "white", "dice": [2, 1], "decide": "stay-or-go",
               "white": {"7": 3, "8": 3, "9": 3, "10": 2, "11": 2, "12": 2},
               "black": {"1": 3, "7": 2, "8": 2, "9": 2, "10": 2, "11": 2, "12": 2},
               "score": {"white": {"points": 10, "holes": 1}, "black": {"points": 0, "holes": 3}}}
    code, out, err = best(request)
    assert (code, err) == (0, "")
    assert set(out) == {"player", "decision", "value"} and set(out["value"]) == {"stay", "go"}
    assert out["decision"] == ("go" if out["value"]["go"] > out["value"]["stay"] else "stay")


@pytest.mark.parametrize("change, message", [
    ({"player": "tretise"}, "player: unknown player \"tretise\"; did you mean 'treatise'?"),
    ({"decide": "stay"}, "decide: expected \"stay-or-go\", not \"stay\""),
    ({"decide": "stay-or-go"}, "decide: white's throw 6-4 wins no hole"),
    ({"score": {"white": {"points": 12}}}, "score: white: points: expected a whole number from 0 to 11"),
    ({"score": {"white": {"holes": 12}}}, "score: white: holes: expected a whole number from 0 to 11 (the "
                                          "partie would be over)"),
    ({"score": {"white": {"point": 2}}}, "score: white: unknown field 'point'; did you mean 'points'?"),
    ({"playr": "greedy"}, "unknown field 'playr'; did you mean 'player'?"),
    ({"game": "go"}, "game: expected \"trictrac\" (the default) or \"backgammon\""),
    ({"dice": [7, 1]}, "dice: expected two numbers from 1 to 6"),
])
def test_bad_requests_are_one_message_and_exit_2(change, message):
    code, out, err = best(OPENING | change)
    assert code == 2 and out is None and err.count("\n") == 1
    assert err.startswith("trictrac best: error: " + message)


def test_bad_json_is_one_message():
    code, _, err = best("{\"rules\": ")
    assert code == 2 and err.startswith("trictrac best: error: standard input is not JSON")


BACKGAMMON = {"game": "backgammon", "rules": "ffbg", "to_move": "white", "dice": [3, 1],
              "white": {"24": 2, "13": 5, "8": 3, "6": 5}, "black": {"24": 2, "13": 5, "8": 3, "6": 5}}


def test_backgammon_opening_three_one_makes_the_five_point():
    """The opening 3-1 is played 8/5 6/5 by every modern opening table (GNU Backgammon's among them)."""
    code, out, err = best(BACKGAMMON)
    assert (code, err) == (0, "") and out["player"] == "heuristic"
    first = out["plays"][0]
    assert sorted(map(tuple, first["moves"])) == [(6, 5), (8, 5)]
    assert first["position"]["white"] == {"24": 2, "13": 5, "8": 2, "6": 4, "5": 2}
    assert first["points"] == {"white": 0, "black": 0}


def test_backgammon_errors():
    code, _, err = best(BACKGAMMON | {"decide": "stay-or-go"})
    assert code == 2 and "decide: backgammon has no jetons" in err
    code, _, err = best(BACKGAMMON | {"white": {"24": 2, "13": 5, "8": 3, "6": 4}})
    assert code == 2 and "impossible position: white has 14 dames, not 15" in err
    code, _, err = best(BACKGAMMON | {"player": "treatise"})
    assert code == 2 and "player: backgammon's plays are ranked by the heuristic player" in err


# --- match -------------------------------------------------------------------------------------------

def test_a_match_is_the_same_from_its_seed_whatever_the_processes():
    argv = ["match", "--players", "greedy,treatise", "--parties", 4, "--seed", 3, "--json"]
    code1, out1, _ = run_cli(*argv)
    code2, out2, _ = run_cli(*argv, "--jobs", 2)
    a, b = json.loads(out1), json.loads(out2)
    assert code1 == code2 == 0
    for d in (a, b):
        d.pop("seconds"), d.pop("jobs")
    assert a == b
    won = a["players"]["treatise"]["won"] + a["players"]["greedy"]["won"]
    assert won == a["finished"] == 4 and a["players"]["treatise"]["share"]["n"] == 4
    lo, hi = a["players"]["treatise"]["share"]["ci95"]
    assert 0 <= lo <= a["players"]["treatise"]["share"]["share"] <= hi <= 1  # Wilson: never outside [0, 1]


def test_match_text_and_usage_errors():
    code, out, _ = run_cli("match", "--players", "greedy,greedy", "--parties", 2, "--seed", 1)
    assert code == 0 and out.startswith("greedy (white) against greedy (black) under guiton-1822: 2 parties")
    for argv, message in ((["--players", "greedy"], "--players: name two players"),
                          (["--players", "greedy,gredy"], "unknown player 'gredy'; did you mean 'greedy'?"),
                          (["--players", "greedy,greedy", "--rules", "guiton"], "--rules:"),
                          (["--players", "greedy,greedy", "--parties", 0], "--parties 0: give a whole number")):
        code, _, err = run_cli("match", *argv)
        assert code == 2 and message in err


# --- play --------------------------------------------------------------------------------------------

def test_a_partie_played_through_standard_input_is_a_clean_record(tmp_path):
    """Each answer plays the first legal play, then 'g' goes if asked (else it is re-asked for a play); 'h' asks
    for advice first.  The record is written as the partie goes, and check reads it clean."""
    record = tmp_path / "partie.tric"
    answers = "h\n" + "1\ng\n" * 400
    code, out, err = run_cli("play", "--player", "greedy", "--seed", 5, "-o", record, stdin=answers)
    assert (code, err) == (0, "")
    assert "advice:" in out and "You throw" in out and f"The record is in {record}" in out
    text = record.read_text(encoding="utf-8")
    assert text.startswith('[Title "A partie against the greedy player"]\n[Rules "guiton-1822"]')
    assert " go\n" in text  # a go was answered, and written with no moves
    code, _, err = run_cli("check", record)
    assert code == 0 and err.strip().endswith("1 file checked: 0 errors, 0 warnings")


def test_play_stops_when_asked_and_keeps_what_was_played(tmp_path):
    record = tmp_path / "short.tric"
    code, out, _ = run_cli("play", "--player", "treatise", "--side", "black", "--seed", 2, "-o", record,
                           stdin="1\n1\nq\n")
    assert code == 0
    throws = [line for line in record.read_text(encoding="utf-8").splitlines() if line[:1].isdigit()]
    assert 2 <= len(throws) <= 5 and all(" black " in t or " white " in t for t in throws)
    assert run_cli("check", record)[0] == 0


def test_the_best_contract_s_examples_print_what_they_say():
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs/contracts.md").read_text(encoding="utf-8")
    section = text[text.index("## best"):text.index("## match")]
    blocks = section.split("```sh\n")[1:]
    assert len(blocks) == 2
    for block in blocks:
        command, shown = block.split("```")[0].strip().splitlines()
        request = command[command.index("'") + 1:command.rindex("'")]
        code, out, _ = run_cli("best", stdin=request)
        assert (code, json.loads(out)) == (0, json.loads(shown))


ECRIRE = {"rules": "guiton-1822", "partie": "a-ecrire", "to_move": "white", "dice": [6, 1], "decide": "stay-or-go"}
NEUTRAL = {"white": {"1": 11, "5": 1, "7": 1, "12": 2}, "black": {"1": 11, "4": 1, "6": 1, "12": 2}}
STRONG = {"white": {"7": 2, "8": 2, "9": 2, "10": 2, "11": 2, "12": 2, "1": 3}, "black": {"1": 13, "2": 1, "3": 1}}


def test_a_ecrire_the_hole_that_gives_the_marque_goes():
    """Lepeintre 1818 part 3 §60, Guiton 1822 ch. 13 'Marquer quand on n'a pas le pavillon': at six holes, go,
    though one might take a few more (the mézéas of 6-1 gives White his sixth hole)."""
    score = {"white": {"points": 10, "holes": 5, "bredouille": False}, "black": {"holes": 2}}
    code, out, err = best(ECRIRE | NEUTRAL | {"score": score})
    assert (code, err) == (0, "") and out["decision"] == "go"
    assert out["value"]["go"] == 12 * (6 + 2 - 2)  # the marqué now: 6 holes and the consolation, less 2


def test_a_ecrire_the_pavillon_with_a_fine_game_stays_for_the_grande_bredouille():
    """Guiton 1822 ch. 13 'Quand il faut chercher à tenir pour gagner la grande bredouille'; Lepeintre part 3
    §64: ten holes uninterrupted, the plein made with a long game against a backward one: stay."""
    code, out, _ = best(ECRIRE | STRONG | {"score": {"white": {"points": 10, "holes": 9, "pavillon": True},
                                                     "black": {"holes": 0}}})
    assert code == 0 and out["decision"] == "stay" and out["value"]["stay"] > out["value"]["go"]


def test_a_ecrire_requests():
    code, _, err = best(OPENING | {"partie": "a-ecrire", "rules": "jollyvet-1634"})
    assert code == 2 and err.startswith("trictrac best: error: partie: rule set jollyvet-1634 does not play")
    code, _, err = best(OPENING | {"refaits": 1})
    assert code == 2 and "refaits: only a partie à écrire has refaits" in err
