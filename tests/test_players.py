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
