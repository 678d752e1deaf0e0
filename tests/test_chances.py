"""``trictrac chances`` (the JSON contract and a record's throw), the history the opening jans are
scored with, and ``trictrac simulate``."""

from __future__ import annotations

import io
import json
import sys

import pytest
from conftest import run_cli

from trictrac_notation.core.resources import data_dir
from trictrac_notation.engine.replay import replay
from trictrac_notation.games.trictrac.chances import Tracker, caption, outcomes, summary
from trictrac_notation.games.trictrac.scorer import Scorer
from trictrac_notation.games.trictrac.treatise_tables import figure
from trictrac_notation.notation.reader import read
from trictrac_notation.rules.rulesets import load_ruleset, ruleset_for

# E25: White holds his coin with the only two dames he has off his talon (fields in his own frame)
MEZEAS = {"rules": "guiton-1822", "to_move": "white", "white": {"1": 13, "12": 2}, "black": {"1": 13, "11": 2},
          "off": {"white": 0, "black": 0}, "throw": 3}
# Lelasseux-Lafosse 1852 fig. 38: the grand jan lacks two half-cases, five surplus dames behind them
FIG38 = {"rules": "lelasseux-1852", "to_move": "white", "black": {"1": 15},
         "white": {"2": 1, "3": 1, "4": 1, "5": 1, "6": 1, "7": 1, "8": 1, "9": 2, "10": 2, "11": 2, "12": 2}}


def cli_stdin(text: str, *argv) -> tuple[int, str, str]:
    stdin, sys.stdin = sys.stdin, io.StringIO(text)
    try:
        return run_cli(*argv)
    finally:
        sys.stdin = stdin


def chances(request) -> dict:
    code, out, err = cli_stdin(json.dumps(request), "chances")
    assert (code, err) == (0, ""), err
    return json.loads(out)


def test_mezeas_by_the_eleven_throws_with_an_ace():
    """Guiton's mézéas is worth 4, 6 by a doublet: the 10 simple throws with an ace and bezet make
    46 points over the 36 throws; the opponent gets nothing."""
    out = chances(MEZEAS)
    assert out["chances"] == {"white": {"mezeas": 11}, "black": {}}
    assert out["expected"] == {"white": round(46 / 36, 6), "black": 0.0}
    assert [t["dice"] for t in out["throws"]] == [[a, b] for a in range(1, 7) for b in range(1, 7)]


def test_each_throw_is_what_score_says():
    """The contract's throws are exactly ``trictrac score``'s answers for those dice."""
    out = chances(FIG38)
    for entry in out["throws"][::5]:
        code, scored, _ = cli_stdin(json.dumps(FIG38 | {"dice": entry["dice"]}), "score")
        assert code == 0 and json.loads(scored) == {"events": entry["events"], "total": entry["total"]}


def test_fig38_fills_by_thirty():
    """Lelasseux-Lafosse 1852 §349: 2 × 5 × 4 − 4 − 6 = 30 chances fill (each of 4 points, 6 by a doublet)."""
    out = chances(FIG38)
    assert out["chances"]["white"]["remplir"] == 30
    fills = [t for t in out["throws"] if any(e["jan"] == "remplir" for e in t["events"])]
    doublets = sum(t["dice"][0] == t["dice"][1] for t in fills)
    assert sum(e["points"] for t in fills for e in t["events"] if e["jan"] == "remplir") == 4 * (30 - doublets) \
        + 6 * doublets


@pytest.mark.parametrize("text,message", [
    ("{", "standard input is not JSON"),
    (json.dumps(MEZEAS | {"dice": [6, 1]}), "unknown field 'dice'"),
    (json.dumps({k: v for k, v in MEZEAS.items() if k != "rules"}), "missing field 'rules'"),
    (json.dumps(MEZEAS | {"rules": "nobody-1900"}), "rules:"),
    (json.dumps(MEZEAS | {"white": {"1": 14}}), "impossible position"),
    (json.dumps([1, 2]), "expected one JSON object"),
    ("[" * 100000 + "]" * 100000, "nested more than 32 deep"),
    ("{\"rules\": 1" + "0" * 5000 + "}", "digits"),
])
def test_bad_input_is_one_message_and_exit_2(text, message):
    code, out, err = cli_stdin(text, "chances")
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_a_throw_of_a_record():
    """problem-two-ways.tric, throw 1: White's grand jan lacks a dame on B8 with dames 6 (B2), 2 (B6)
    and 7 (the talon) away: 16 + 6 + 2 = 24 chances by the 6 and the 2 (LLF52 §266), and 4-3 by the 7
    (§270): 26; the throw made, 4-2, is marked."""
    path = data_dir("site_src") / "games" / "problem-two-ways.tric"
    code, out, _ = run_cli("chances", path, "--throw", 1, "--json")
    data = json.loads(out)
    assert code == 0 and (data["side"], data["thrown"]) == ("white", [4, 2])
    assert data["chances"]["white"]["remplir"] == 26 and "fills by 26 of 36" in data["caption"]
    code, text, _ = run_cli("chances", path, "--throw", 1)
    assert "remplir              26 of 36" in text and "4-2" in text.split("<- thrown")[0].splitlines()[-1]


def test_a_throw_drawn_with_its_chances(tmp_path):
    path = data_dir("site_src") / "games" / "problem-two-ways.tric"
    out = tmp_path / "before.svg"
    code, _, _ = run_cli("chances", path, "--throw", 1, "-o", out)
    assert code == 0 and "fills by 26 of 36" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("argv,message", [
    (("--throw", 9), "replayed throw"), ((), "give the throw"), (("--throw", 1, "-o", "x.gif"), "diagram formats"),
])
def test_bad_options_for_a_record(argv, message):
    path = data_dir("site_src") / "games" / "problem-two-ways.tric"
    code, _, err = run_cli("chances", path, *argv)
    assert code == 2 and message in err


def test_summary_counts_chances_not_events():
    """Two hits by one throw are one chance; a simple throw is two chances."""
    found = outcomes(figure("1W13-7W2-10B1-11B1-24B13"), "white", load_ruleset("guiton-1822"))
    data = summary(found, "white")
    both = [o for o in found if len({e.target for e in o.events if e.jan == "battre-a-vrai"}) == 2]
    assert (4, 3) in [o.dice for o in both] and data["chances"]["white"]["battre-a-vrai"] == sum(
        o.weight for o in found if any(e.jan == "battre-a-vrai" for e in o.events))
    assert "hits by 24 of 36" in caption(data, "white")


# --- the history of the opening jans ------------------------------------------------------------

class RecordingScorer(Scorer):
    """The replay's scorer, remembering the history it scores each throw with."""

    def __init__(self, ruleset):
        super().__init__(ruleset, follow_record=False)
        self.seen = {}

    def _history(self, state, result):
        history = super()._history(state, result)
        self.seen[result.index] = history
        return history


@pytest.mark.parametrize("name", sorted(p.name for p in (data_dir("site_src") / "games").glob("*.tric")))
def test_the_tracker_knows_what_the_scorer_knows(name):
    from trictrac_notation.games.trictrac.chances import replay_tracker

    record, _, _ = read(str(data_dir("site_src") / "games" / name))
    ruleset = ruleset_for(None, record)
    scorer = RecordingScorer(ruleset)
    result = replay(record, rules=ruleset.movement, scorer=scorer)
    assert scorer.seen
    for index, history in scorer.seen.items():
        mine = replay_tracker(result, index - 1, ruleset).history(result.throws[index - 1].side)
        assert (mine.throw_in_releve, mine.deux_tables_made, mine.mezeas_made, mine.rencontre_dice) == (
            history.throw_in_releve, history.deux_tables_made, history.mezeas_made, history.rencontre_dice)


def test_a_new_releve_forgets_the_opening_jans():
    t = Tracker(load_ruleset("jollyvet-1634"))
    t.record("white", (6, 5), [])
    assert t.history("black").rencontre_dice == (6, 5)
    t.record("black", (4, 2), [])
    assert t.history("white").throw_in_releve == 2 and t.history("white").rencontre_dice is None
    t.new_releve()
    assert t.history("white").throw_in_releve == 1


# --- simulate ------------------------------------------------------------------------------------

def test_simulate_is_the_same_whatever_the_processes():
    code1, out1, _ = run_cli("simulate", "--rules", "guiton-1822", "--games", 3, "--seed", 5, "--json")
    code2, out2, _ = run_cli("simulate", "--rules", "guiton-1822", "--games", 3, "--seed", 5, "--jobs", 2, "--json")
    one, two = json.loads(out1), json.loads(out2)
    assert code1 == code2 == 0 and one["rules"] == two["rules"] and one["player"].startswith("greedy")
    r = one["rules"]["guiton-1822"]
    assert r["games"] == 3 and r["releves"] >= 3 and r["throws"] > 0
    lo, hi = r["points_per_throw"]["ci95"]
    assert lo <= r["points_per_throw"]["mean"] <= hi


def test_simulate_another_seed_plays_other_games():
    a = json.loads(run_cli("simulate", "--rules", "guiton-1822", "--games", 2, "--seed", 1, "--json")[1])
    b = json.loads(run_cli("simulate", "--rules", "guiton-1822", "--games", 2, "--seed", 2, "--json")[1])
    assert a["rules"]["guiton-1822"]["throws"] != b["rules"]["guiton-1822"]["throws"]


def test_the_greedy_play_has_the_most_points():
    """Scoring the plays in groups gives the best play's points, checked against every play scored.
    Under Jollyvet (whose Margot looks at where the dames stop) some throws offer plays of different
    worth; under most rule sets the points of a throw hardly ever depend on the play."""
    import random

    from trictrac_notation.core.board import Position
    from trictrac_notation.games.trictrac.kernel.bridge import rows, to_play
    from trictrac_notation.games.trictrac.kernel.scoring import NO_HISTORY as NO_KERNEL_HISTORY, totals as kernel_totals
    from trictrac_notation.games.trictrac.moves import legal_plays
    from trictrac_notation.games.trictrac.randomgame import random_throws
    from trictrac_notation.games.trictrac.scoring import Roll, tariff, throw_events, totals
    from trictrac_notation.play.greedy import ranked, scored_plays
    from trictrac_notation.play.player import best_of

    rs = load_ruleset("jollyvet-1634")
    t = tariff(rs)
    rng = random.Random(7)
    checked = 0
    for seed in (1, 2):
        position = Position.initial()
        for side, dice, play in random_throws(random.Random(seed), max_throws=300):
            legal = legal_plays(position, side, dice)
            nets = []
            for p in legal:
                own, theirs = totals(throw_events(Roll(position, side, dice, made=p, legal=legal), t), side)
                nets.append(own - theirs)
            me, opp = rows(position, side)
            chosen, _, _, events = best_of(ranked(scored_plays(me, opp, dice, t, NO_KERNEL_HISTORY, False)), rng)
            own, theirs = kernel_totals(events)
            assert own - theirs == max(nets) and to_play(chosen, position, side) in legal
            checked += len(set(nets)) > 1
            position = play.result if play.result.borne_off(side) < 15 else Position.initial()
    assert checked  # some throws did offer plays of different worth


@pytest.mark.parametrize("argv,message", [
    (("--rules", "nobody-1900"), "--rules"), (("--rules", "guiton-1822", "--games", 0), "--games 0"),
])
def test_simulate_bad_options(argv, message):
    code, _, err = run_cli("simulate", *argv)
    assert code == 2 and message in err


def test_the_fence_captions_chances():
    """chances=yes: Lelasseux-Lafosse's fig. 38 in a fence says it fills by 30 of 36 (§349)."""
    import markdown

    html = markdown.Markdown(extensions=["trictrac_notation.site.mdext"]).convert(
        '```trictrac show=start chances=yes\n[Rules "lelasseux-1852"]\n'
        "@white 1:1 2:1 3:1 4:1 5:1 6:1 7:1 8:2 9:2 10:2 11:2\n```\n")
    assert "white to play:" in html and "fills by 30 of 36" in html and "trictrac-error" not in html


def test_the_fence_needs_rules_for_chances():
    import markdown

    html = markdown.Markdown(extensions=["trictrac_notation.site.mdext"]).convert(
        "```trictrac chances=yes\n@white T:13 6:2\n```\n")
    assert "chances=yes needs a [Rules" in html


@pytest.mark.parametrize("rules", ["lelasseux-1852", "jollyvet-1634"])
def test_the_order_of_the_dice_does_not_matter(rules):
    """From positions of random legal games, 6-4 and 4-6 score alike: the 36 chances are 21 throws,
    15 of them counted twice (Guiton 1822 ch. 2)."""
    import random

    from hypothesis import given, settings, strategies as st

    from trictrac_notation.core.board import Position
    from trictrac_notation.games.trictrac.randomgame import random_throws

    rs = load_ruleset(rules)

    @settings(max_examples=8, deadline=None)
    @given(st.integers(0, 10 ** 6), st.integers(0, 120))
    def check(seed, stop):
        position, side = Position.initial(), "white"
        for i, (side, _dice, play) in enumerate(random_throws(random.Random(seed), max_throws=stop + 1)):
            if i == stop:
                break
            position = play.result if play.result.borne_off(side) < 15 else Position.initial()
        found = {o.dice: o for o in outcomes(position, side, rs, ordered=True)}
        for (a, b), o in found.items():
            assert o.total == found[(b, a)].total
        data = summary(list(found.values()), side)
        assert all(0 < n <= 36 for c in data["chances"].values() for n in c.values())

    check()
