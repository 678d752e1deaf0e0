"""The analyst (annotate/analysis.py, annotated.py, ``trictrac analyze``): each throw's rank and cost as a player
values the plays, the stay-or-go decisions judged, the marks by their thresholds, and the analysis written back
into the record so that ``check`` finds in it what it found before and nothing more, and ``convert`` and ``fmt``
keep it.

Judges of known taste stand in for the players here, so that every figure can be worked out by hand: the talon
keeper values a play by the dames it leaves on the talon; the goer and the stayer take the greedy player's ranking
and say go (or stay) by five points.  The real players are judged on the books' positions in test_books_advice.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import run_cli

from trictrac_notation.annotate.analysis import MARKS, analyze, mark_of
from trictrac_notation.annotate.annotated import annotated, annotated_text
from trictrac_notation.engine.opengame import open_game
from trictrac_notation.notation.reader import parse, write
from trictrac_notation.play.greedy import Greedy
from trictrac_notation.play.player import Choice, Decision, decide
from trictrac_notation.rules.rulesets import ruleset_for

ROOT = Path(__file__).resolve().parent.parent


class TalonKeeper(Greedy):
    name = "talon-keeper"
    summary = "values a play by the dames it leaves on the talon"

    def rank(self, situation, dice):
        found = [Choice(c.play, c.points, float(c.play[1][0]), c.events) for c in super().rank(situation, dice)]
        return sorted(found, key=lambda c: -c.value)


class Goer(Greedy):
    name = "goer"
    summary = "greedy, and goes after every hole"

    def stay_or_go(self, situation):
        return decide(0.0, 5.0)


class Stayer(Greedy):
    name = "stayer"
    summary = "greedy, and stays after every hole, by five points"

    def stay_or_go(self, situation):
        return Decision("stay", 5.0, 0.0)


OPENING = """[Rules "guiton-1822"]
[First "white"]

1. white 6-4 T-6 T-4 {the book's opening}
2. black 5-2 T-5 T-2
3. white 5-3 4-9 6-9
4. black 3-1 2-5 5-6
"""


def analysed(text: str, judge, rules: str | None = None):
    record = parse(text, "t.tric")[0]
    return record, analyze(record, ruleset_for(rules, record), judge)


@pytest.mark.parametrize("cost, mark", [(0.0, None), (0.99, None), (1.0, "?!"), (2.9, "?!"), (3.0, "?"),
                                        (5.99, "?"), (6.0, "??"), (40.0, "??")])
def test_the_marks_by_their_thresholds(cost, mark):
    assert mark_of(cost) == mark
    assert [m for m, _ in MARKS] == ["??", "?", "?!"]


def test_each_throw_ranked_and_costed_as_the_judge_values_the_plays():
    _, a = analysed(OPENING, TalonKeeper())
    first, second, third, fourth = a.throws
    # 6-4 from fifteen on the talon: two plays (the kernel keeps one of T-6-10 and T-4-10: one position); T-6 T-4
    # leaves 13 on the talon, the tout d'une 14
    assert (first.plays, first.rank, first.value, first.best_value, first.cost, first.mark) == (2, 2, 13, 14, 1, "?!")
    assert first.best.moves in ("T-6-10", "T-4-10") and first.played.moves == "T-6 T-4"
    assert first.best.ways in ([[0, 6, 10]], [[0, 4, 10]]) and first.played.ways == [[0, 6], [0, 4]]
    assert (second.rank, second.cost, second.mark) == (2, 1, "?!")
    assert (third.rank, third.cost, third.mark, third.played.moves, third.value) == (1, 0, None, "4-9 6-9", 13)
    assert (fourth.rank, fourth.cost, fourth.mark, fourth.played.moves, fourth.value) == (1, 0, None, "2-5 5-6", 13)
    assert first.white == 13 and second.white == -13  # the chart's: from White's side
    assert a.totals() == {"white": {"throws": 2, "cost": 1.0, "marks": {"??": 0, "?": 0, "?!": 1}},
                          "black": {"throws": 2, "cost": 1.0, "marks": {"??": 0, "?": 0, "?!": 1}}}


def test_a_fausse_case_is_listed_and_not_judged():
    _, a = analysed(OPENING.replace("T-5 T-2", "T-5 T-3"), TalonKeeper())
    assert [j.done for j in a.throws] == ["play", "not a legal play", "play", "not a legal play"]  # (no dame on 2)
    assert a.throws[1].to_json() == {"throw": 2, "number": 2, "side": "black", "dice": [5, 2], "line": 5,
                                     "done": "not a legal play"}


PROBLEM = (ROOT / "site_src/games/problem-two-ways.tric").read_text(encoding="utf-8")


def test_going_judged_against_the_judges_decision():
    # throw 3: White's conserver makes his hole, and he goes (the record's 'hole go')
    _, a = analysed(PROBLEM, Goer())
    went = a.throws[2]
    assert (went.done, went.decision, went.advice.decision, went.cost, went.mark) == ("go", "go", "go", 0, None)
    _, a = analysed(PROBLEM, Stayer())
    went = a.throws[2]
    assert (went.decision, went.advice.decision, went.cost, went.mark, went.best_action) == (
        "go", "stay", 5, "?", went.best.moves)
    assert went.rank is None and went.played is None


def test_staying_judged_against_the_judges_decision():
    stayed = PROBLEM.replace("hole go {", "hole stay B2-B7 B5-B8 {")
    _, a = analysed(stayed, Stayer())
    assert (a.throws[2].decision, a.throws[2].cost, a.throws[2].mark) == ("stay", 0, None)
    _, a = analysed(stayed, Goer())
    j = a.throws[2]
    assert (j.done, j.decision, j.advice.decision, j.cost, j.mark, j.best_action) == ("play", "stay", "go", 5, "?",
                                                                                       "go")


def diagnostics(text: str) -> list[tuple]:
    """What check says of a record, each diagnostic by its throw's number rather than its line (the analysis
    writes the record in the canonical layout, which may move lines)."""
    opened = open_game(text, path="t.tric", kind="text")
    lines = text.split("\n")
    return sorted((d.severity, d.code, d.message, lines[d.line - 1].split()[0] if d.line else "") for d in
                  opened.diagnostics)


@pytest.mark.parametrize("text, judge", [
    (OPENING, TalonKeeper()),
    (OPENING.replace("T-5 T-2", "T-5 T-3"), TalonKeeper()),  # an error: kept, and nothing added
    (PROBLEM, Stayer()),
    (PROBLEM.replace("hole go {", "hole stay B2-B7 B5-B8 {"), Goer()),
    ((ROOT / "site_src/games/kermadeuc-lepeintre.tric").read_text(), TalonKeeper()),
], ids=["plays", "fausse-case", "went", "stayed", "book"])
def test_the_record_written_back_checks_as_before_and_keeps_the_analysis(text, judge):
    record, a = analysed(text, judge)
    assert a.mistakes(), "the case has mistakes to write"
    out = annotated_text(text, record, a)
    assert parse(out)[0] == annotated(record, a)
    assert len(out.splitlines()) == len(text.splitlines()), "in the author's layout: every line where it was"
    assert diagnostics(out) == diagnostics(text)
    again = parse(out)[0]
    marked = {t.number: t for t in again.throws if t.judgement}
    assert {j.number: j.mark for j in a.mistakes()} == {n: t.judgement for n, t in marked.items()}
    for j in a.mistakes():
        t = marked[j.number]
        assert any(c.startswith(f"analysis ({judge.name}): {j.mark} costs {j.cost:.1f} points") for c in t.comments)
        (line,) = t.variations[-1]
        assert line.comments[-1].startswith(f"analysis ({judge.name}): the best")
        assert " ".join(m.text for m in line.moves) == ("" if j.best_action == "go" else j.best.moves)
        assert line.decision == ("go" if j.best_action == "go" else "stay" if j.decision == "go" else None)
    # analysed again: the same record, not annotated twice
    assert annotated_text(out, again, analysed(out, judge)[1]) == out


def test_convert_and_fmt_keep_the_analysis(tmp_path):
    record, a = analysed(OPENING, TalonKeeper())
    path = tmp_path / "a.tric"
    path.write_text(write(annotated(record, a)), encoding="utf-8")
    code, out, _ = run_cli("convert", path, "--coords", "lepeintre")
    assert code == 0
    converted = parse(out)[0]
    assert [t.judgement for t in converted.throws] == ["?!", "?!", None, None]
    assert [len(t.variations) for t in converted.throws] == [1, 1, 0, 0]
    assert converted.throws[0].variations[0][0].moves[0].text in ("a-g-k", "a-e-k")
    assert run_cli("fmt", path)[0] == 0
    assert parse(path.read_text(encoding="utf-8"))[0] == parse(write(annotated(record, a)))[0]


def test_analyze_prints_the_mistakes_and_writes_the_record(tmp_path):
    path = tmp_path / "g.tric"
    path.write_text(PROBLEM, encoding="utf-8")
    code, out, err = run_cli("analyze", path, "--player", "greedy", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert (data["player"], data["rules"], data["errors"]) == ("greedy", "lepeintre-1818", 0)
    assert [t["rank"] for t in data["throws"]] == [1, 1, None]
    assert data["throws"][2]["decision"] == {"made": "go", "advised": "stay", "value": {"stay": 0.0, "go": 0.0}}
    code, out, _ = run_cli("analyze", path, "--player", "greedy", "-o", tmp_path / "out.tric")
    assert code == 0 and "3 throws judged by greedy under lepeintre-1818" in out
    assert (tmp_path / "out.tric").read_text(encoding="utf-8") == PROBLEM  # no mistake to write


@pytest.mark.parametrize("argv, message", [
    (["--player", "nobody"], "--player: unknown player 'nobody'"),
    (["--rules", "guiton-1900"], "--rules:"),
    (["EXTRA", "-o", "x.tric"], "-o writes one annotated record"),
])
def test_usage_errors(argv, message, tmp_path):
    path = tmp_path / "g.tric"
    path.write_text(OPENING, encoding="utf-8")
    argv = [a if a != "EXTRA" else str(path) for a in argv]
    code, out, err = run_cli("analyze", path, *argv)
    assert (code, out) == (2, "") and message in err


def test_a_record_of_another_game_or_without_rules_is_a_usage_error(tmp_path):
    plain = tmp_path / "plain.tric"
    plain.write_text("1. white 6-4 T-6 T-4\n", encoding="utf-8")
    code, _, err = run_cli("analyze", plain)
    assert code == 2 and "names no rule set" in err
    code, _, err = run_cli("analyze", ROOT / "site_src/games/backgammon/backgammon-match.tric")
    assert code == 2 and "backgammon record" in err
