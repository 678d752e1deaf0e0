"""The players' floor: the Situation, the Player protocol, the registry, a partie played throw by throw."""

from __future__ import annotations

import random

import pytest

from trictrac_notation.core.board import BLACK, WHITE, Position
from trictrac_notation.games.trictrac.kernel.moves import legal
from trictrac_notation.games.trictrac.kernel.scoring import KRoll, events, totals
from trictrac_notation.play.partie import Partie
from trictrac_notation.play.player import GO, STAY, Decision, Player, best_of
from trictrac_notation.play.registry import UnknownPlayer, names, player
from trictrac_notation.play.situation import OPENING, Situation, ruleset_named

GUITON = ruleset_named("guiton-1822")


def test_every_registered_player_keeps_the_protocol():
    for name in names():
        p = player(name)
        assert isinstance(p, Player) and p.name == name and p.summary


def test_an_unknown_player_is_named_with_a_suggestion():
    with pytest.raises(UnknownPlayer, match="unknown player 'gredy'; did you mean 'greedy'"):
        player("gredy")


def test_greedy_ranks_every_legal_play_by_the_points_of_its_throw():
    """Every legal play is ranked once, best first, valued at the mover's points less his opponent's as
    the kernel scores that play."""
    position = Position.from_fields({WHITE: {0: 11, 5: 1, 6: 1, 11: 2}, BLACK: {0: 12, 4: 1, 11: 2}})
    s = Situation.of_position(GUITON, position, WHITE)
    me, opp = s.me(), s.opp()
    plays = legal(me, opp, 5, 3)
    ranking = player("greedy").rank(s, (5, 3))
    assert sorted(map(str, (c.play[1] for c in ranking))) == sorted(map(str, (p[1] for p in plays)))
    values = [c.value for c in ranking]
    assert values == sorted(values, reverse=True)
    for c in ranking:
        own, theirs = totals(events(KRoll(me, opp, 5, 3, False, c.play, plays), s.tariff, s.history()))
        assert c.points == (own, theirs) and c.value == own - theirs


def test_best_of_draws_only_among_the_best():
    s = Situation.opening(GUITON)
    ranking = player("greedy").rank(s, (6, 5))
    drawn = {best_of(ranking, random.Random(k)).play[1][:24].index(1) for k in range(40)}
    tied = {c.play[1][:24].index(1) for c in ranking if c.value == ranking[0].value}
    assert drawn <= tied


class _Always:
    def __init__(self, decision: str):
        self.decision = decision
        self.asked: list[Situation] = []

    def __call__(self, s: Situation) -> Decision:
        self.asked.append(s)
        return Decision(self.decision, 0.0, 0.0)


def _to_a_hole(decide: _Always) -> tuple[Partie, int]:
    """Greedy plays from a score where white holds 11 points, until white's own throw wins a hole."""
    rng = random.Random(3)
    greedy = player("greedy")
    partie = Partie(GUITON)
    partie.marking.players[WHITE].points = 11
    partie.marking.players[BLACK].points = 5
    for n in range(200):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        thrown = partie.throw(dice, best_of(greedy.rank(partie.situation, dice), rng), decide)
        if thrown.decision is not None:
            return partie, n
    raise AssertionError("no hole in 200 throws")


def test_going_piles_the_dames_again_and_the_goer_throws_first():
    """rules.md §3.10 (Guiton 1822 ch. 5): the goer's opponent does not mark what the throw gave him, every
    jeton goes back, the holes stay and the goer throws first in the new relevé."""
    goes = _Always(GO)
    partie, _ = _to_a_hole(goes)
    asked = goes.asked[0]
    assert asked.mover == WHITE and asked.marking.players[WHITE].holes >= 1
    assert partie.situation.rows == (OPENING, OPENING) and partie.situation.mover == WHITE
    assert [p.points for p in partie.marking.players.values()] == [0, 0]
    assert partie.marking.players[WHITE].holes >= 1


def test_staying_plays_on_and_the_opponent_marks_what_the_throw_gave_him():
    stays = _Always(STAY)
    partie, _ = _to_a_hole(stays)
    asked = stays.asked[0]
    assert partie.situation.mover == BLACK and partie.situation.rows[0] == asked.rows[0] != OPENING
    assert partie.marking.players[BLACK].points == asked.pending % 12



# --- positions drawn as the records draw them -----------------------------------------------------

def situation(white: str, black: str, mover: str = WHITE, rules: str = "guiton-1822") -> Situation:
    """A Situation from two starting-position lines of the notation (``T:13 6:2``: arrow:count in each
    player's own coordinates; ``points:N`` and ``holes:N`` set the score)."""
    from trictrac_notation.engine.opengame import open_game
    from trictrac_notation.play.situation import new_marking

    text = f'[Rules "{rules}"]\n[First "{mover}"]\n\n@white {white}\n@black {black}\n'
    game = open_game(text, kind="text")
    assert game.replay is not None and not [d for d in game.diagnostics if d.severity == "error"]
    ruleset = ruleset_named(rules)
    marking = new_marking(ruleset)
    for color, line in ((WHITE, white), (BLACK, black)):
        for item in line.split():
            key, _, value = item.partition(":")
            if key in ("points", "holes"):
                setattr(marking.players[color], key, int(value))
    return Situation.of_position(ruleset, game.replay.initial, mover, None, marking)


# --- stay or go --------------------------------------------------------------------------------------

# (white, the decider who has just won a hole; black; what the books advise)
TENUES = [
    # a long game against a retarded one: his plein made, three spare dames still on the talon to keep it with
    # (Lepeintre 1818 part 3 §53: 'il faut pour tenir, avoir un jeu long'; Guiton 1822 ch. 13 'Tenues')
    ("6:2 7:2 8:2 9:2 10:2 11:2 T:3 points:2 holes:1", "T:13 1:1 2:1", STAY),
    # his plein made with no spare dame (his next throw breaks it) against a plein with three spares: going
    # wipes out the opponent's fine game (Guiton ch. 11 'Le grand jan': 's'il prend le trou il s'en va, et
    # anéantit ainsi l'avantage de son adversaire'; Lepeintre part 3 §52)
    ("6:2 7:3 8:3 9:3 10:2 11:2 points:2 holes:1", "T:3 6:2 7:2 8:2 9:2 10:2 11:2", GO),
]


@pytest.mark.parametrize("white, black, advice", TENUES)
@pytest.mark.parametrize("name", ["lookahead", "treatise"])
def test_stay_or_go_as_the_books_advise(name, white, black, advice):
    decision = player(name).stay_or_go(situation(white, black))
    assert decision.decision == advice
    assert (decision.go > decision.stay) == (advice == GO)  # decided by the values it gives


def test_the_end_of_the_partie_weighs_half_a_hole_on_the_tenue():
    """Guiton 1822 ch. 13 ('Cas où l'on doit être plus circonspect', 'Cas où l'on doit hasarder une tenue'):
    with eleven holes one stays only for a clear gain; far behind one who has eleven, one hazards a tenue."""
    from trictrac_notation.play.treatise import HALF_A_HOLE

    treatise = player("treatise")
    white, black = TENUES[0][:2]
    base = treatise.stay_or_go(situation(white.replace("holes:1", "holes:5"), black + " holes:4"))
    near = treatise.stay_or_go(situation(white.replace("holes:1", "holes:11"), black + " holes:4"))
    behind = treatise.stay_or_go(situation(white.replace("holes:1", "holes:2"), black + " holes:11"))
    assert near.stay == pytest.approx(base.stay - HALF_A_HOLE) and near.go == base.go
    assert behind.stay == pytest.approx(base.stay + HALF_A_HOLE)


def test_every_decision_of_a_partie_follows_the_values_given():
    """A partie between the two players that look ahead: each stay or go is the larger of its two values."""
    from trictrac_notation.play.match import play_one

    asked = []

    class Recording:
        def __init__(self, inner):
            self.inner, self.name, self.summary = inner, inner.name, inner.summary

        def rank(self, s, dice):
            return self.inner.rank(s, dice)

        def stay_or_go(self, s):
            decision = self.inner.stay_or_go(s)
            asked.append(decision)
            return decision

    play_one((Recording(player("treatise")), Recording(player("treatise"))), "guiton-1822", 2, 0)
    assert asked
    for d in asked:
        assert d.decision == (GO if d.go > d.stay else STAY)


# --- the learned player --------------------------------------------------------------------------------

def test_the_learned_weights_shipped_are_the_treatise_s_terms():
    from trictrac_notation.play.learned import FAMILIES, trained
    from trictrac_notation.play.treatise import TERMS

    for family in set(FAMILIES.values()):
        net = trained(family)
        assert net is not None and net.linear.shape == (len(TERMS),) and net.hidden.shape[1] == len(TERMS)


def test_the_learned_value_is_the_throw_s_points_and_the_network_s_value_of_the_position():
    import numpy as np

    from trictrac_notation.play.learned import FAMILIES, term_rows, trained

    s = situation("T:11 5:1 7:1 11:2", "T:11 4:1 6:1 11:2")
    net = trained(FAMILIES["guiton-1822"])
    ranking = player("learned").rank(s, (6, 3))
    values = net.values(term_rows(s, ranking))
    for c, v in zip(ranking, values, strict=True):
        assert c.value == pytest.approx(c.points[0] - c.points[1] + float(v))
    assert np.all(np.diff([c.value for c in ranking]) <= 0)


def test_the_learned_player_of_a_rule_set_of_no_trained_family_is_the_treatise_player():
    s = situation("T:11 5:1 7:1 11:2", "T:11 4:1 6:1 11:2", rules="jollyvet-1634")
    assert [(c.play[1], c.value) for c in player("learned").rank(s, (6, 3))] == \
        [(c.play[1], c.value) for c in player("treatise").rank(s, (6, 3))]


def test_training_is_reproducible_from_its_seed():
    """scripts/train_learned.py: the same seed gives the same weights, another seed others."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    from train_learned import train

    a, b, c = (train("guiton-1822", 1, seed, units=4, max_throws=60, scale_throws=60) for seed in (3, 3, 4))
    assert a.to_json() == b.to_json() != c.to_json()
