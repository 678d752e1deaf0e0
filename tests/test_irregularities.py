"""What real games contain (issue 7): going without playing, holes received, the throw pour tout,
a dame touched, a fausse case let stand or played again, the book's figures, and the source's slips
acknowledged with ``sic`` — each as ``check`` reports it (FILE:LINE:COL and its level)."""

from __future__ import annotations

import json

import pytest
from conftest import run_cli

from trictrac_notation.core.board import Position
from trictrac_notation.notation.reader import parse, write

GUITON = '[Rules "guiton-1822"]\n'
# White at 10 points: 4-2 fills his grand jan two ways (8) and beats the coin (4): a hole (E15)
AT_TEN = GUITON + "@white T:2 1:1 5:1 6:2 7:1 8:2 9:2 10:2 11:2 points:10\n"
# White 6-1 beats Black's a5 à faux: Black marks 4 (E7); Black at 10 then takes a hole on White's throw
E7_TEN = GUITON + "@white T:7 5:2 6:2 10:2 11:2\n@black T:4 1:1 2:1 5:1 6:2 7:2 10:2 11:2 points:10\n"
# White's last dame in his jan de retour, Black's dames kept out of it
LAST_DAME = GUITON + "@white T:0 1':1 off:14 points:10\n@black T:0 6:3 7:3 8:3 9:2 10:2 11:2\n"
RETOUR = GUITON + "@white T:0 1':2 2':3 off:10 points:10\n@black T:0 6:3 7:3 8:3 9:2 10:2 11:2\n"
LEPEINTRE = '[Coords "lepeintre"]\n[Bottom "white"]\n'


def check(tric, text, *options):
    """(exit code, the diagnostic headlines without the file name: 'LINE:COL: level: ...')."""
    path = str(tric(text))
    code, out, err = run_cli("check", *options, path)
    return code, [line[len(path) + 1:] for line in out.splitlines() if line.startswith(path + ":")]


CASES = [
    # --- go: the throw that won the hole is not played (GUI22 ch. 5; LLF52 §156)
    ("go unplayed", AT_TEN + "1. white 4-2 +12 hole go\n2. white 6-5 T-6 T-5\n", 0, []),
    ("moves on a go line", AT_TEN + "1. white 4-2 +12 5-7 T-4 hole go\n", 1, [
        "3:18: error: white goes (s'en aller) but plays 5-7 T-4: one can no longer go after touching a dame; a "
        "throw after which one goes is not played [rules.md §3.10]"]),
    ("moves after go", AT_TEN + "1. white 4-2 +12 hole go 5-7 T-4\n", 1, [
        "3:26: error: white goes (s'en aller) but plays 5-7 T-4: one can no longer go"]),
    ("the sortie, then go", LAST_DAME + "1. white 2-1 +4 [sortie] 1'-off hole go\n", 0, []),
    # --- holes won on the opponent's throw
    ("opp hole", E7_TEN + "1. white 6-1 +0 opp +4 opp hole 5-11 T-1\n", 0, []),
    ("opp holes mis-marked", E7_TEN + "1. white 6-1 +0 opp +4 opp holes 3 5-11 T-1\n", 1, [
        "4:24: error: black marks 3 holes from the opponent's throw, but his 4 points make 1"]),
    ("opp hole on a throw that gives nothing", GUITON + "1. white 6-5 +0 opp hole T-6 T-5\n", 1, [
        "2:17: error: black marks 1 hole from the opponent's throw, but his 0 points make none: the throw gives "
        "him nothing"]),
    # --- the throw pour tout (GUI22 ch. 7; LEP18 rules 74-75)
    ("pour tout", RETOUR + "1. white 6-5 pour-tout +4 [sortie] hole T-6 T-5\n2. black 4-3 T-4 T-3\n", 0, []),
    ("pour tout, then go", RETOUR + "1. white 6-5 pour-tout +4 [sortie] hole go\n2. white 4-3 T-4 T-3\n", 0, []),
    ("pour tout from outside the retour", GUITON + "@white T:0 9:2 1':2 off:11\n"
     "@black T:0 6:3 7:3 8:3 9:2 10:2 11:2\n1. white 6-5 pour-tout +4 T-6 T-5\n", 1, [
         "4:14: error: white throws pour tout but still has dames outside his jan de retour (on 9)"]),
    # --- dame touchée, j'adoube (rules.md §2 M14)
    ("touched and played", GUITON + "1. white 6-5 touched T T-6 T-5\n", 0, []),
    ("touched, not played", GUITON + "@white T:13 1:1 2:1\n1. white 6-5 touched 1 T-6 T-5\n", 0, [
        "3:22: warning: white touched the dame on 1 without saying j'adoube and did not play it, though a legal "
        "play moves it: black could have required it [rules.md §2 M14]"]),
    ("touched after j'adoube", GUITON + "@white T:13 1:1 2:1\n1. white 6-5 adoube touched 1 T-6 T-5\n", 0, []),
    ("touched where he has none", GUITON + "1. white 6-5 touched 3 T-6 T-5\n", 1, [
        "2:22: error: white touches a dame on 3, but he has none there [rules.md §2 M14]"]),
    # --- a fausse case let stand, or played again (GUI22 ch. 3)
    ("fausse case let stand", GUITON + "1. white 6-5 T-6 T-6 let-stand\n", 0, [
        "2:14: warning: fausse case: white plays T-6 T-6 with 6-5"]),
    ("let-stand on a regular line", GUITON + "1. white 6-5 T-6 T-5 let-stand\n", 0, [
        "2:22: warning: 'let-stand', but nothing on this line was irregular: white's play is legal and his marks "
        "are right"]),
    # the number a fausse case let stand leaves unplayed is impuissance (GUI22 ch. 3 'Fausse case')
    ("unplayed by a fausse case let stand", GUITON + "@white 5:1 6:3 7:2 8:2 9:2 10:2 11:3\n@black T:13 11:2\n"
     "1. white 6-5 +4 opp +2 [impuissance] 5-10 let-stand\n", 0, [
         "4:38: warning: fausse case: white plays 5-10 with 6-5: both numbers can be played"]),
    # points over the due that the opponent lets stand (GUI22 ch. 3; LLF52 §167; LEP18 rule 48)
    ("marks let stand", AT_TEN + "1. white 4-2 +14 5-7 T-4 let-stand\n", 0, [
        "3:14: warning: école par trop: white marks 14 but the rules give 12"]),
    # a fausse école is itself an école, claimed on the next line of the one who marked it (GUI22 ch. 3)
    ("fausse école unclaimed", GUITON + "@white T:9 6:2 8:2 9:2\n1. white 4-3 +0 T-4 T-3 ecole 4\n"
     "2. black 6-5 T-6 T-5\n", 1, ["3:25: error: fausse école: black marks an école of 4 against white"]),
    ("fausse école claimed", GUITON + "@white T:9 6:2 8:2 9:2\n1. white 4-3 +0 T-4 T-3 ecole 4\n"
     "2. black 6-5 T-6 T-5 ecole 4\n", 0, []),
    # holes not marked are lost, no école (GUI22 ch. 5; LEP18 rule 51)
    ("holes under-marked", GUITON + "@white 5:2 6:2 7:2 8:2 9:3 10:2 11:2 points:10 bredouille:0\n"
     "@black 3:2 5:1 6:4 7:2 8:2 9:2 11:2 points:2\n1. black 4-3 3-10\n"
     "2. white 5-2 +14 [conserver 4, battre-a-vrai 10] hole go\n", 0, [
         "5:50: warning: white marks 1 hole, but his 14 points make 3 (a bredouille hole counts two): the holes "
         "not marked are lost (no école)"]),
    ("fausse case played again", GUITON + "1. white 6-5 T-6 T-6 replayed T-6 T-5\n", 0, [
        "2:14: warning: fausse case: white plays T-6 T-6 with 6-5"]),
    ("played again, wrongly", GUITON + "1. white 6-5 T-6 T-6 replayed T-4 T-5\n", 1, [
        "2:14: warning: fausse case: white plays T-6 T-6 with 6-5",
        "2:31: error: fausse case: white plays T-4 T-5 with 6-5"]),
    # --- the source's slips acknowledged
    ("sic", GUITON + "1. white 6-5 T-6 T-6 sic:illegal-play\n", 0, [
        "2:14: note: fausse case: white plays T-6 T-6 with 6-5"]),
    ("sic by its alias", GUITON + "1. white 6-5 T-6 T-6 sic:fausse-case\n", 0, ["2:14: note: fausse case"]),
    ("sic on a forgotten mark", AT_TEN + "1. white 4-2 +4 5-7 T-4 sic:ecole\n", 0, ["3:14: note: école par moins"]),
    ("sic acknowledging nothing", GUITON + "1. white 6-5 T-6 T-5 sic:ecole\n", 0, [
        "2:22: warning: sic:ecole acknowledges nothing: this throw has no 'ecole' diagnostic"]),
    ("sic naming no code", GUITON + "1. white 6-5 T-6 T-5 sic:oops\n", 1, [
        "2:22: error: sic:oops names no diagnostic code; codes a record may acknowledge: ecole, fausse-case"]),
    ("sic naming nothing", GUITON + "1. white 6-5 T-6 T-5 sic\n", 1, [
        "2:22: error: sic names no diagnostic: write sic:CODE, the code of the slip it acknowledges"]),
    # --- the faults an example teaches on purpose, acknowledged in their own words
    ("taught", GUITON + "1. white 6-5 T-6 T-6 taught:illegal-play\n", 0, [
        "2:14: note: fausse case: white plays T-6 T-6 with 6-5"]),
    ("taught by an alias, in capitals", AT_TEN + "1. white 4-2 +4 5-7 T-4 TAUGHT:ecole\n", 0, [
        "3:14: note: école par moins"]),
    ("taught acknowledging nothing", GUITON + "1. white 6-5 T-6 T-5 taught:fausse-case\n", 0, [
        "2:22: warning: taught:fausse-case acknowledges nothing: this throw has no 'fausse-case' diagnostic"]),
    ("taught naming no code", GUITON + "1. white 6-5 T-6 T-5 taught:oops\n", 1, [
        "2:22: error: taught:oops names no diagnostic code; codes a record may acknowledge: ecole, fausse-case"]),
    ("taught naming nothing", GUITON + "1. white 6-5 T-6 T-5 taught:\n", 1, [
        "2:22: error: taught names no diagnostic: write taught:CODE, the code of the fault the example teaches"]),
    ("abridged", GUITON + "1. white 6-5 T-6 T-5\n2. white 4-2 T-4 T-2 abridged:out-of-turn\n", 0, [
        "3:1: note: white throws out of turn: it is black's throw [rules.md §3.10]"]),
    ("abridged naming nothing", GUITON + "1. white 6-5 T-6 T-5 abridged\n", 1, [
        "2:22: error: abridged names no diagnostic: write abridged:CODE, the code of the irregularity left by "
        "what the source passes over"]),
    ("a slip and a taught fault on one line", GUITON + "1. white 6-5 +2 T-6 T-6 taught:fausse-case sic:ecole\n",
     0, ["2:14: note: école par trop", "2:17: note: fausse case"]),
    # --- the running score a book prints: after the throw, or before it (score-before)
    ("a running score agrees", AT_TEN + "1. white 4-2 +12 5-7 T-4 hole stay score white 1/10br black 0/0\n"
     "2. black 6-5 T-6 T-5 score-before black 0/0 white 1/10br\n", 0, []),
    ("a running score differs", AT_TEN + "1. white 4-2 +12 5-7 T-4 hole stay score white 1/0 black 0/4\n", 0, [
        "3:36: warning: the running score written, white 1/0 black 0/4, is not the replay's after it, white 1/10br "
        "black 0/0 [rules.md §1.5, §3.9]"]),
    ("a bredouille left out", E7_TEN + "1. white 6-1 T-6 T-1 score white 0/0 black 1/2\n", 0, [
        "4:22: warning: the running score written, white 0/0 black 1/2, is not the replay's after it, white 0/0 "
        "black 1/2br"]),
    ("a running score before the throw", AT_TEN + "1. white 4-2 +12 5-7 T-4 hole stay score-before white 1/0 "
     "black 0/0\n", 0, ["3:36: warning: the running score written, white 1/0 black 0/0, is not the replay's before "
                         "this throw, white 0/10 black 0/0"]),
    ("a book's running score acknowledged", AT_TEN + "1. white 4-2 +12 5-7 T-4 hole stay score white 0/10 black 0/0 "
     "sic:score\n", 0, ["3:36: note: the running score written, white 0/10 black 0/0"]),
    ("a running score of one player twice", GUITON + "1. white 6-5 T-6 T-5 score white 0/0 white 0/0\n", 1, [
        "2:38: error: score gives white's score twice: write both players', e.g. score white 1/4 black 0/6"]),
    ("a running score cut short", GUITON + "1. white 6-5 T-6 T-5 score white 0/0\n2. black 6-5 T-6 T-5\n", 1, [
        "2:28: error: score gives white's score alone: write both players', e.g. score white 1/4 black 0/6"]),
    ("a running score with no score", GUITON + "1. white 6-5 T-6 T-5 score\n", 1, [
        "2:22: error: the record ends too early: expected a player's holes/points, like white 1/4 or black 0/8br"]),
    # --- the book's figures
    ("a figure agrees", LEPEINTRE + '[FigurePile "3"]\nfigure 0 "aW3-yB3"\n1. white 6-5 a-g a-f figure 1 '
     '"aW3-fW1-gW1-yB3"\n', 0, []),
    ("a figure differs", LEPEINTRE + '1. white 6-5 a-g a-f figure 1 "aW13-fW1-hW1-yB15"\n', 0, [
        "3:22: warning: the replay differs from figure 1: white g: 0 in the figure, 1 in the replay; white h: 1 "
        "in the figure, 0 in the replay"]),
    ("a pile drawn without FigurePile", LEPEINTRE + 'figure 0 "aW3-yB3"\n', 0, [
        "3:1: warning: the replay differs from figure 0: white a: 3 in the figure, 15 in the replay; black y: 3"]),
    ("a figure differing, acknowledged", LEPEINTRE + '1. white 6-5 a-g a-f figure 1 "aW13-fW1-hW1-yB15" '
     'sic:figure\n', 0, ["3:22: note: the replay differs from figure 1"]),
    ("a figure badly copied", LEPEINTRE + '1. white 6-5 a-g a-f figure 1 "aW13-zW1-fW"\n', 1, [
        "3:22: error: figure 1: 'zW1': unknown arrow 'z' in the Lepeintre letters system"]),
]


@pytest.mark.parametrize("name,text,code,expected", CASES, ids=[c[0] for c in CASES])
def test_check(tric, name, text, code, expected):
    got_code, got = check(tric, text)
    assert len(got) == len(expected), got
    for line, want in zip(got, expected, strict=True):
        assert line.startswith(want), (line, want)
    assert got_code == code


def test_strict_fails_on_warnings_and_notes_are_summed(tric):
    text = GUITON + "1. white 6-5 T-6 T-6 let-stand\n2. black 6-5 T-6 T-6 sic:illegal-play\n"
    assert check(tric, text)[0] == 0
    assert check(tric, text, "--strict")[0] == 1
    code, out, err = run_cli("check", str(tric(text)))
    assert "0 errors, 1 warning, 1 note (slips of the source acknowledged)" in err
    assert check(tric, GUITON + "1. white 6-5 T-6 T-6 sic:illegal-play\n", "--strict")[0] == 0


def full_check(tric, text):
    """The lines ``check`` prints for ``text`` (stdout, then stderr), the file's name taken out."""
    path = str(tric(text))
    _, out, err = run_cli("check", path)
    return (out + err).replace(path, "FILE")


def test_a_taught_fault_has_its_own_words_and_count(tric):
    taught = full_check(tric, GUITON + "1. white 6-5 T-6 T-6 taught:illegal-play\n")
    assert "FILE:2:14: note: fausse case" in taught
    assert "hint: the fault the source's example commits on purpose, to teach it (taught:illegal-play)" in taught
    assert "slip" not in taught
    assert "0 errors, 0 warnings, 1 note (faults taught by the source's examples, acknowledged)" in taught
    both = full_check(tric, GUITON + "1. white 6-5 T-6 T-6 taught:illegal-play\n2. black 6-5 T-6 T-6 "
                                     "sic:illegal-play\n3. white 6-5 T-6 T-6 sic:fausse-case\n")
    assert "hint: acknowledged as a slip of the source (sic:illegal-play)" in both
    assert "0 errors, 0 warnings, 3 notes (2 slips of the source, 1 fault taught by its examples)" in both
    one_line = full_check(tric, GUITON + "1. white 6-5 +2 T-6 T-6 taught:fausse-case sic:ecole\n")
    assert "école par trop: white marks 2 but the rules give 0 (nothing): black gains 2 [rules.md §3.11]\n" \
           "  1. white 6-5 +2 T-6 T-6 taught:fausse-case sic:ecole\n" \
           "               ^~\n  hint: acknowledged as a slip of the source (sic:ecole)" in one_line
    assert "hint: the fault the source's example commits on purpose, to teach it (taught:fausse-case)" in one_line
    abridged = full_check(tric, GUITON + "1. white 6-5 T-6 T-5\n2. white 4-2 T-4 T-2 abridged:out-of-turn\n"
                                         "3. white 4-2 T-4 T-2 sic:out-of-turn\n")
    assert "hint: the source passes over what comes between, on purpose (abridged:out-of-turn)" in abridged
    assert "0 errors, 0 warnings, 2 notes (1 slip of the source, 1 passage abridged by it)" in abridged


def test_a_note_says_in_replay_json_which_acknowledgement_made_it(tric):
    data = json.loads(run_cli("replay", tric(GUITON + "1. white 6-5 T-6 T-6 taught:illegal-play\n2. black 6-5 "
                                                     "T-6 T-6 sic:illegal-play\n"), "--json")[1])
    notes = [(d["line"], d["acknowledged"]) for d in data["diagnostics"] if d["severity"] == "note"]
    assert notes == [(2, "taught"), (3, "sic")]


@pytest.mark.parametrize("word", ["taught:illegal-play", "taught:ecole,touched", "sic:ecole",
                                  "score white 0/0 black 0/0", "score-before black 0/0 white 0/0"])
def test_convert_keeps_the_acknowledgement(tric, word):
    text = ('[Rules "guiton-1822"]\n[Coords "player"]\n'
            f"1. white 6-5 T-6 T-6 {word} {{the example}}\n2. black 4-2 T-4 T-2\n")
    code, out, err = run_cli("convert", str(tric(text)), "--coords", "absolute")
    assert code == 0, err
    assert f"1. white 6-5 1-7 1-7 {word} {{the example}}" in out
    again = parse(out)[0].throws[0]
    if word.startswith("score"):
        assert again.standing == parse(text)[0].throws[0].standing and again.standing.before == ("-before" in word)
    else:
        assert (again.sics[0].kind, ",".join(again.sics[0].codes)) == tuple(word.split(":"))


def test_a_fausse_ecole_claimed_moves_the_points_to_the_player_wronged(tric):
    from trictrac_notation.engine.replay import replay
    from trictrac_notation.games.trictrac.scorer import Scorer
    from trictrac_notation.rules.rulesets import load_ruleset

    rules = load_ruleset("guiton-1822")
    record, _ = parse(GUITON + "@white T:9 6:2 8:2 9:2\n1. white 4-3 +0 T-4 T-3 ecole 4\n"
                               "2. black 6-5 T-6 T-5 ecole 4\n")
    first, second = replay(record, rules.movement, Scorer(rules)).throws
    assert (first.score.after["white"]["points"], first.score.after["black"]["points"]) == (0, 4)
    assert (second.score.after["white"]["points"], second.score.after["black"]["points"]) == (4, 0)


def test_replay_json_shows_the_re_piled_position_after_go_and_the_pour_tout_play(tric):
    data = json.loads(run_cli("replay", tric(AT_TEN + "1. white 4-2 +12 hole go\n"), "--json")[1])
    first = data["throws"][0]
    assert first["went"] and first["repiled"] and first["steps"] == []
    assert first["position"] == Position.initial().to_json()
    data = json.loads(run_cli("replay", tric(RETOUR + "1. white 6-5 pour-tout +4 [sortie] hole T-6 T-5\n"),
                              "--json")[1])
    first = data["throws"][0]
    assert first["pour_tout"] and first["releve"] == 2
    assert first["position"]["white"] == {"1": 13, "6": 1, "7": 1} and first["position"]["black"] == {"1": 15}
    assert first["score"]["events"][0]["jan"] == "sortie" and first["score"]["after"]["white"]["holes"] == 1


def test_the_fausse_case_played_again_is_kept_beside_the_play_that_stands(tric):
    data = json.loads(run_cli("replay", tric(GUITON + "1. white 6-5 T-6 T-6 replayed T-6 T-5\n"), "--json")[1])
    first = data["throws"][0]
    assert first["fausse_case"] == {"kind": "replayed", "steps": [{"from": 1, "to": 7}, {"from": 1, "to": 7}]}
    assert first["steps"] == [{"from": 1, "to": 7}, {"from": 1, "to": 6}]


def test_pour_tout_is_the_first_throw_of_the_new_releve():
    """After pour tout the jan de six tables counts the pour-tout play as the player's first throw."""
    from trictrac_notation.engine.replay import replay
    from trictrac_notation.games.trictrac.scorer import Scorer
    from trictrac_notation.rules.rulesets import load_ruleset

    rules = load_ruleset("guiton-1822")
    record, _ = parse(RETOUR + "1. white 2-1 pour-tout T-2 T-1\n2. black 6-5 T-6 T-5\n3. white 4-3 T-4 T-3\n"
                      "4. black 6-5 T-6 T-5\n5. white 6-5\n")
    result = replay(record, rules.movement, Scorer(rules))
    assert [t.throw_in_releve for t in result.throws] == [1, 1, 2, 2, 3]
    assert [e.jan for e in result.throws[4].score.events][:1] == ["six-tables"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_new_constructs_round_trip(language):
    text = (f'[Language "{language}"]\n[FigureCoords "lepeintre"]\nfigure 0 "aW15-yB15"\n'
            '1. white 6-5 pour-tout +4 [sortie] opp +2 opp holes 2 adoube touched 5 T-6 T-6 replayed T-6 T-5 '
            'hole go sic:illegal-play,ecole figure 1a "aW13"\n'
            "2. black 4-2 T-4 T-4 let-stand\n")
    record, diags = parse(text)
    assert not diags
    first = record.throws[0]
    assert (first.pour_tout, first.opp_holes, first.adoube, [t.arrow for t in first.touched]) == (True, 2, True, ["5"])
    assert (first.fausse_case, [m.text for m in first.replayed]) == ("replayed", ["T-6", "T-5"])
    assert [s.codes for s in first.sics] == [("illegal-play", "ecole")]
    assert [(f.label, f.spec) for f in first.figures] == [("1a", "aW13")]
    assert record.figures[0].spec == "aW15-yB15" and record.throws[1].fausse_case == "let-stand"
    written = write(record)
    assert parse(written) == (record, [])
    if language == "fr":
        assert "adv trous 2" in written and "touchée 5" in written and "rejouée T-6 T-5" in written


def test_french_keywords_are_read():
    record, diags = parse("1. blanc 6-5 T-6 T-6 laissée adv trou\n2. noir 6-5 touchée T T-6 T-6 rejouée T-6 T-5\n")
    assert not diags
    assert record.throws[0].fausse_case == "let-stand" and record.throws[0].opp_holes == 1
    assert record.throws[1].touched[0].arrow == "T" and record.throws[1].fausse_case == "replayed"


def test_let_stand_needs_a_play_and_comes_once():
    record, diags = parse("1. white 6-5 let-stand\n2. black 6-5 T-6 T-6 let-stand replayed T-6 T-5\n")
    assert [(d.line, d.column, d.message.split(":")[0]) for d in diags] == [
        (1, 14, "'let-stand' follows no play"),
        (2, 32, "'replayed' after 'let-stand'")]


def test_convert_keeps_the_new_constructs(tric):
    """Touched arrows and the play that stands are renamed; the figures keep their own encoding."""
    text = (LEPEINTRE + 'figure 0 "aW15-yB15"\n1. white 6-5 touched a a-g a-g replayed a-g a-f '
            'figure 1 "aW13-fW1-gW1-yB15"\n2. black 6-5 y-r y-s sic:figure\n')
    code, out, err = run_cli("convert", tric(text), "--coords", "player")
    assert code == 0, err
    record, diags = parse(out)
    assert not diags and record.header("FigureCoords") == "lepeintre"
    first = record.throws[0]
    assert [m.text for m in first.moves] == ["T-6", "T-6"] and [m.text for m in first.replayed] == ["T-6", "T-5"]
    assert first.touched[0].arrow == "T" and first.figures[0].spec == "aW13-fW1-gW1-yB15"
    assert run_cli("check", tric(out))[0] == 0


def test_points_received_mis_marked_in_a_variation_are_reported(tric):
    """A variation ends before the opponent's next throw consummates the école: it is reported all the same."""
    text = E7_TEN.replace(" points:10", "") + "1. white 6-1 +0 opp +4 5-11 T-1 (1. white 6-1 +0 opp +30 5-11 T-1)\n"
    assert check(tric, text) == (1, [
        "4:54: error: école par trop: black marks 30 from this throw but the rules give him 4 (battre-a-faux 4): "
        "white gains 26 [rules.md §3.11]"])
