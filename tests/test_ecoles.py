"""Écoles (ecoles.py, scorer.py): the record's marks against what the rules give, as ``check``
reports them (FILE:LINE:COL, the rule of rules.md §3.11 / §3.10 / §3.9), and the score that follows
what the players marked."""

from __future__ import annotations

import pytest
from conftest import run_cli

from trictrac_notation.engine.replay import replay
from trictrac_notation.games.trictrac.ecoles import audit, check_recorded
from trictrac_notation.games.trictrac.events import Event
from trictrac_notation.games.trictrac.scorer import Scorer
from trictrac_notation.notation.reader import parse
from trictrac_notation.notation.record import Marks
from trictrac_notation.rules.rulesets import load_ruleset

# E3: White 3-1 beats Black's a9 two ways (the 3 from the coin, the 4 from a10): 4 (rules.md §5 E3)
E3 = '[Rules "guiton-1822"]\n@white T:2 3:1 5:1 6:3 7:2 8:2 10:2 11:2\n@black 6:2 7:2 9:1 10:2 11:2\n'
# E7: White 6-1 beats Black's a5 à faux: Black marks 4
E7 = '[Rules "guiton-1822"]\n@white T:7 5:2 6:2 10:2 11:2\n@black T:4 1:1 2:1 5:1 6:2 7:2 10:2 11:2\n'
# E15: White 4-2 fills his grand jan two ways (8) and beats the coin (4)
E15 = '@white T:2 1:1 5:1 6:2 7:1 8:2 9:2 10:2 11:2\n'


def check(tric, text):
    """(exit code, the diagnostic headlines without the file name: 'LINE:COL: error: ...')."""
    path = str(tric(text))
    code, out, err = run_cli("check", path)
    return code, [line[len(path) + 1:] for line in out.splitlines() if line.startswith(path + ":")]


def scored(text, rules="guiton-1822", follow=True):
    record, diags = parse(text)
    ruleset = load_ruleset(rules)
    return replay(record, rules=ruleset.movement, scorer=Scorer(ruleset, follow), parse_diagnostics=diags)


def test_exact_marks_are_silent(tric):
    assert check(tric, E3 + "1. white 3-1 +4 T-3 T-1\n") == (0, [])


@pytest.mark.parametrize("marked,kind,level,unclaimed", [
    # a mark forgotten and not claimed: an irregularity the rules let stand (issue 7)
    (2, "par moins", "warning", "; black did not claim it: the rules let it stand, the points are lost"),
    # more points than the throw gives, not claimed: cannot have happened as written
    (6, "par trop", "error", ""),
])
def test_ecole_par_moins_and_par_trop(tric, marked, kind, level, unclaimed):
    code, out = check(tric, E3 + f"1. white 3-1 +{marked} T-3 T-1\n")
    assert code == (1 if level == "error" else 0)
    assert out == [f"4:14: {level}: école {kind}: white marks {marked} but the rules give 4 (battre-a-vrai 4): "
                   f"black gains 2{unclaimed} [rules.md §3.11]"]


def test_a_recorded_ecole_is_marked_by_the_opponent(tric):
    text = E3 + "1. white 3-1 +2 T-3 T-1 ecole 2\n"
    assert check(tric, text) == (0, [])
    after = scored(text).throws[0].score.after
    assert (after["white"]["points"], after["black"]["points"]) == (2, 2)


def test_fausse_ecole(tric):
    code, out = check(tric, E3 + "1. white 3-1 +4 T-3 T-1 ecole 2\n")
    assert out == ["4:25: error: fausse école: black marks an école of 2 against white, who marked what the rules "
                   "give; a fausse école is itself an école: white may mark 2 [rules.md §3.11]"]


def test_an_ecole_of_the_wrong_amount(tric):
    code, out = check(tric, E3 + "1. white 3-1 +2 T-3 T-1 ecole 4\n")
    assert out == ["4:25: error: école of 4 recorded against white, but the rules give 2: école par moins: white "
                   "marks 2 but the rules give 4 (battre-a-vrai 4): black gains 2 [rules.md §3.11]"]


def test_points_received_mis_marked_belong_on_the_next_line(tric):
    """rules.md §3.11: omitting points received is consummated when the player throws: the école is
    written on his next line, and reported at the mark he got wrong."""
    text = E7 + "1. white 6-1 +0 opp +2 5-11 T-1\n2. black 2-1 +0 T-2 T-1\n"
    code, out = check(tric, text)
    assert out == ["4:21: warning: école par moins: black marks 2 from this throw but the rules give him 4 "
                   "(battre-a-faux 4): white gains 2; white did not claim it: the rules let it stand, the points "
                   "are lost [rules.md §3.11]"]
    assert check(tric, text.replace("T-2 T-1", "T-2 T-1 ecole 2")) == (0, [])


# Guiton 1822 ch. 3, 'Second exemple': Black beats White's lone dame of 4 à faux by 6-5 (4 for White), and
# White throws without marking them; his 5-4 beats Black's dame of 9 à vrai two ways (4) and that of 3 à faux
# (4 for Black).
SECOND_EXAMPLE = ('[Rules "guiton-1822"]\n[First "black"]\n@white T:8 4:1 9:2 10:2 11:2 {}\n'
                  "@black T:5 3:1 7:2 8:2 9:1 10:2 11:2 {}\n"
                  "1. black 6-5 opp +0 T-5-11\n"
                  "2. white 5-4 +4 [battre-a-vrai] opp +4 [battre-a-faux] T-5 T-4 ecole 4\n")


def test_the_ecole_of_points_received_is_marked_before_the_throw_s_points():
    """Guiton: Black may not mark his 8 in bredouille: the école is marked first (as White throws), White's 4
    then take the bredouille from him, and the 4 à faux come after them (rules.md §3.11: points received and
    écoles are marked before the throw)."""
    after = scored(SECOND_EXAMPLE.format("", "")).throws[1].score.after
    assert after["black"] == {**after["black"], "points": 8, "bredouille": False}
    assert after["white"]["points"] == 4


def test_an_ecole_of_points_received_can_take_the_hole_first():
    """Guiton: had each had 8 points, Black's école would have taken the hole, wiping White's 8, before White
    marked his 4."""
    result = scored(SECOND_EXAMPLE.format("points:8", "points:8"))
    score = result.throws[1].score
    assert (score.holes["black"], score.holes["white"]) == (1, 0)
    assert score.after["white"]["points"] == 4 and score.after["black"]["points"] == 4


def test_the_score_follows_what_was_marked_and_compare_mode_does_not(tric):
    text = E7 + "1. white 6-1 +0 opp +2 5-11 T-1\n"
    assert scored(text).throws[0].score.after["black"]["points"] == 2
    assert scored(text, follow=False).throws[0].score.after["black"]["points"] == 4


@pytest.mark.parametrize("rules,ecole", [("guiton-1822", 8), ("lepeintre-1818", 16)])
def test_a_fill_marked_but_not_made(tric, rules, ecole):
    """rules.md §3.11, §4 D18, E15: marked 8 for the fill and not filled: école of the points marked
    (Guiton), of the points marked and due (Lepeintre's strict rule 60)."""
    code, out = check(tric, f'[Rules "{rules}"]\n' + E15 + "1. white 4-2 +12 T-4 T-2\n")
    assert out[0] == (f"3:14: error: white marks the remplir of the grand jan (8) but does not make it: école of "
                      f"{ecole} (the points marked{' and the points due' if ecole == 16 else ''}) for black "
                      "[rules.md §3.11]")
    assert out[1].startswith("3:18: error: fausse case: white plays T-4 T-2 with 4-2")


def test_a_fill_not_made_nor_marked(tric):
    code, out = check(tric, '[Rules "guiton-1822"]\n' + E15 + "1. white 4-2 +4 T-4 T-2\n")
    assert out[0] == ("3:14: warning: white does not make the remplir of the grand jan (8) that the throw allows: "
                      "black marks 8; black did not claim it: the rules let it stand, the points are lost "
                      "[rules.md §3.11]")


def test_no_ecole_when_no_dame_was_touched(tric):
    """E17: White sonnez gives 14 and nothing can be played; marking 8 loses 6 but is no école."""
    text = ('[Rules "guiton-1822"]\n@white T:0 6:2 7:2 8:2 9:2 10:2 11:5\n@black T:4 6:1 7:1 8:2 9:2 10:2 11:3\n'
            "1. white sonnez +8 opp +4\n")
    assert check(tric, text) == (0, [
        "4:17: warning: white marks 8 but the rules give 14 (battre-a-vrai 4, battre-a-vrai 4, conserver 6); no "
        "école, since he moved no dame: the 6 points are lost unless he marks them before his next throw (the "
        "école impossible) [rules.md §3.11]"])


def test_holes_mis_marked(tric):
    """rules.md §3.9: 10 + 4 make one hole; the record says two.  The score follows the record."""
    text = E3.replace("@black", "@white points:10\n@black").replace("11:2\n@white points:10", "11:2 points:10")
    text = text + "1. white 3-1 +4 T-3 T-1 holes 2\n"
    code, out = check(tric, text)
    assert out == ["4:25: warning: white marks 2 holes, but his 4 points make 1: a hole marked single for double, "
                   "or the reverse, is no école; the score follows the record [rules.md §3.9, §3.11]"]
    assert scored(text).throws[0].score.after["white"]["holes"] == 2
    code, out = check(tric, text.replace("holes 2", "holes 3"))  # whole holes mis-marked: an école of 12
    assert code == 1 and out == ["4:25: error: white marks 3 holes, but his 4 points make 1 [rules.md §3.9, §3.11]"]


def test_e32_marks_three_holes_of_one_and_goes(tric):
    """rules.md §5 E32 (GUI22 ch.5): at 10, gaining 12 makes one hole (the 10 left over); marking three
    holes is reported, the go stands (a hole was won), the score keeps what was marked."""
    text = ('[Rules "guiton-1822"]\n@white T:2 1:1 5:1 6:2 7:1 8:2 9:2 10:2 11:2 points:10\n'
            "1. white 4-2 +12 holes 3 go\n")
    code, out = check(tric, text)
    assert out == ["3:18: error: white marks 3 holes, but his 12 points make 1 [rules.md §3.9, §3.11]"]
    result = scored(text)
    assert result.throws[0].new_releve and result.throws[0].score.after["white"]["holes"] == 3


def test_go_without_a_hole(tric):
    code, out = check(tric, '[Rules "guiton-1822"]\n1. white 6-4 +0 go\n')
    assert out == ["2:17: error: white goes (s'en aller) but his own throw won no hole: only a hole won by one's own "
                   "throw allows going; he must stay [rules.md §3.10]"]


def test_a_throw_with_no_marks_is_simply_scored(tric):
    text = E3 + "1. white 3-1 T-3 T-1\n"
    assert check(tric, text) == (0, [])
    assert scored(text).throws[0].score.after["white"]["points"] == 4


# --- the functions themselves -------------------------------------------------------------------

def hit(points, beneficiary="white"):
    return Event("battre-a-vrai", beneficiary, points)


def test_audit_sums_what_is_due_to_each():
    found = audit("white", [hit(4), hit(2, "black")], None, True, Marks(4), Marks(2))
    assert (found.due_own, found.due_opp, found.ecoles) == (4, 2, [])


def test_check_recorded_verdicts():
    found = audit("white", [hit(4)], None, True, Marks(2))
    due = found.against("white")
    assert [check_recorded("white", n, due).kind for n in (2, 0, 4)] == ["ok", "unrecorded", "wrong"]
    assert check_recorded("white", 2, []).kind == "fausse-ecole"


def test_an_ecole_par_trop_claimed_takes_the_wrong_points_and_their_hole_off(tric):
    """LLF52 §193, LEP18 rule 54: the opponent who claims the école of points marked wrongly takes them off
    (with the hole they made) and marks the école for himself."""
    text = '[Rules "lelasseux-1852"]\n@white T:15 points:6\n1. white 6-5 +6 ecole 6 T-6 T-5\n'
    assert check(tric, text) == (0, [])
    after = scored(text, "lelasseux-1852").throws[0].score.after
    assert (after["white"]["holes"], after["white"]["points"], after["black"]["points"]) == (0, 6, 6)
    unclaimed = scored(text.replace(" ecole 6", ""), "lelasseux-1852").throws[0].score.after
    assert unclaimed["white"]["holes"] == 1  # not claimed, the points stand (LEP18 rule 48)
