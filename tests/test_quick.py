"""The quick path (notation/lightread.py, games/trictrac/kernel/replay.py) held equal to the full one.

``check`` opens a record with ``quick=True``: a plain record is read by the light reader and replayed on the
kernel, and the readable replay runs only when the kernel cannot vouch for the result.  Whatever the quick path
returns must be what the full path gives: the same diagnostics (to the character), the same final score; and
what the light reader reads must be the record the full readers make.
"""

from __future__ import annotations

import glob
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from trictrac_notation.core.board import Position
from trictrac_notation.engine.opengame import open_game, quick_open
from trictrac_notation.games.trictrac.game import GAME
from trictrac_notation.games.trictrac.kernel.bridge import from_play, rows
from trictrac_notation.games.trictrac.kernel.moves import made_play
from trictrac_notation.games.trictrac.moves import PARISIAN, MoveRules, Step
from trictrac_notation.games.trictrac.randomgame import random_record, random_throws
from trictrac_notation.notation import lightread
from trictrac_notation.notation.limits import suspect
from trictrac_notation.notation.reader import parse, write
from trictrac_notation.notation.record import Header

RECORDS = sorted(glob.glob("site_src/games/*.tric") + glob.glob("site_src/games/historical/*.tric")
                 + glob.glob("tests/data/*/*.tric"))
SYSTEMS = ["player", "soumille", "lepeintre", "trictrac-org", "absolute", "american"]
RULES = [None, "guiton-1822", "jollyvet-1634", "lepeintre-1818", "modern+margot", "soumille-1738", "lelasseux-1852",
         "fallavel-1776+rencontre"]


def _final(opened):
    final = opened.replay.final
    if final is None:
        return None, None
    return {c: {"points": p.points, "holes": p.holes, "bredouille": p.bredouille}
            for c, p in final.marking.players.items()}, final.marking.winner


def assert_same(source: str, path: str = "<record>", rules: str | None = None, kind: str = "text") -> bool:
    """The quick path, where it answers, agrees with the full one; returns whether it answered."""
    quick = open_game(source, rules, path=path, kind=kind, quick=True)
    if quick.quick is None:
        return False
    full = open_game(source, rules, path=path, kind=kind)
    lines = (full.text or "").split("\n")
    assert [d.format(lines) for d in quick.diagnostics] == [d.format(lines) for d in full.diagnostics], path
    assert (quick.quick.final, quick.quick.winner) == _final(full), path
    assert quick.quick.throws == len(full.replay.throws)
    assert [r[3] for r in quick.quick.results] == [
        list(t.after.row(t.side)) + [t.after.borne_off(t.side)] for t in full.replay.throws]
    assert quick.replay is not None and quick.record is not None  # the readable replay, when asked for
    return True


def _random_text(seed: int, rules: str | None, relevés: int = 1) -> str:
    record = random_record(seed, SYSTEMS[seed % len(SYSTEMS)], relevés=relevés)
    if rules:
        name, *options = rules.split("+")
        record.headers.append(Header("Rules", name))
        if options:
            record.headers.append(Header("Options", " ".join(options)))
    return write(record)


@pytest.mark.parametrize("path", RECORDS, ids=os.path.basename)
def test_every_record(path):
    assert_same(path, path, kind="file")


def test_random_games_under_several_rule_sets():
    """Random games (most of them won in the first relevé: the throws after the win are a warning) take the
    quick path and give what the full one gives."""
    answered = 0
    for seed in range(40):
        answered += assert_same(_random_text(seed, RULES[seed % len(RULES)], 1 + seed % 3))
    assert answered >= 30  # the quick path is the common one


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES))
def test_random_games_by_hypothesis(seed, rules):
    assert_same(_random_text(seed, rules))


# --- what the quick path refuses, or reads ----------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    '[Title "x"]\n1. white 6-4 T-6 T-4 +4',  # a mark: the full path's
    '[Title "x"]\n1. white 6-4 T-6 T-4 (1. white 6-4 T-10)',  # a variation
    '[Nonsense "x"]\n1. white 6-4 T-6 T-4',  # an unknown tag: a warning of the full reader
    '[Title "x"]\n@white T:13 1:2\n1. white 6-4 T-6 T-4',  # a setup
    '1. white 6-4 T-6 T-4 pour-tout',  # a keyword that looks like a move
    '1. white 6-4 T-6 T-4 let-stand',
    '1. white 6-4 T-6{glued} T-4',  # a comment glued to a move
    '1. white 6-4 T-6 T-5',  # a fausse case: an error
    '2. white 6-4 T-6 T-4',  # misnumbered: a warning
    '[First "black"]\n1. white 6-4 T-6 T-4',  # out of turn: an error
    '1. white 6-4 T-6 Q-4',  # an unknown arrow: an error
    '[Rules "guiton-1823"]\n1. white 6-4 T-6 T-4',  # an unknown rule set: an error at the header
])
def test_the_quick_path_leaves_the_record_to_the_full_one(text):
    assert quick_open(text, None, "<record>") is None
    opened = open_game(text, kind="text", quick=True)
    assert opened.quick is None and opened.replay is not None


def test_the_light_reader_reads_the_record_the_full_reader_makes():
    text = ('[Title "A \\"quoted\\" title"]\n[Coords "player"]\n{a comment}\n'
            "1. white double deux T-2 T-2 {its comment}\n2. black 6-5 T-11\n3. white Sonnez\n"
            "4. black 5-3 T-5 T-3\r\n5. White 6-1 2-8 2-3")
    light = lightread.read(text, "x.tric")
    record, diagnostics = parse(text, "x.tric")
    assert light is not None and not diagnostics
    assert light.headers == [(h.name, h.value) for h in record.headers]
    assert [(n, s, a, b, m) for n, s, a, b, m, _ in light.throws] == [
        (t.number, t.side, t.dice[0], t.dice[1], tuple(m.text for m in t.moves)) for t in record.throws]
    assert [light.span(w) for *_, w in light.throws] == [tuple(t.span) for t in record.throws]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), system=st.sampled_from(SYSTEMS))
def test_light_reading_equals_full_reading(seed, system):
    text = write(random_record(seed, system, max_throws=60))
    light = lightread.read(text)
    record, diagnostics = parse(text)
    if diagnostics or suspect(text):  # the light reader leaves a number of ten digits to the full one
        assert light is None
        return
    assert light is not None
    assert [(n, s, (a, b), m, light.span(w)) for n, s, a, b, m, w in light.throws] == [
        (t.number, t.side, t.dice, tuple(m.text for m in t.moves), tuple(t.span)) for t in record.throws]


# --- the written play judged: kernel and readable replay ---------------------------------------------------------

def test_the_kernel_judges_written_plays_as_the_replay_does():
    """Every play of random games, written as the replay reads it (with and without the resting arrow of a dame
    played tout d'une), and a few unplayable writings: kernel.made_play gives the play Trictrac.made_play gives."""
    rng = random.Random(3)
    compared = 0
    for seed in range(12):
        movement = MoveRules("slow") if seed % 3 == 0 else PARISIAN
        position = Position.initial()
        for side, dice, play in random_throws(random.Random(seed), max_throws=200, rules=movement):
            writings = [list(play.steps), [Step(s.src, s.dst) for s in play.steps]]
            if play.steps and rng.random() < 0.3:  # a step moved one arrow too far: usually illegal
                s = play.steps[0]
                if s.dst < 23:
                    writings.append([Step(s.src, s.dst + 1)] + list(play.steps[1:]))
            for steps in writings:
                compared += _compare_judgement(position, side, dice, steps, movement)
            position = play.result if play.result.borne_off(side) < 15 else position.initial()
    assert compared > 1000


def _compare_judgement(position, side, dice, steps, movement) -> int:
    me, opp = rows(position, side)
    after = list(me)
    for s in steps:
        if not after[s.src]:
            return 0  # the replay stops at the missing dame before judging
        after[s.src] -= 1
        after[min(s.dst, 24)] += 1
    applied = position.moved(side, [(s.src, s.dst) for s in steps])
    readable = GAME.made_play(position, side, dice, steps, applied, movement,
                              lambda: GAME.legal_plays(position, side, dice, movement))
    kernel = made_play(me, after, opp, dice[0], dice[1],
                       [(s.src, s.dst, -1 if s.via is None else s.via, s.puissance) for s in steps],
                       movement.sortie == "slow")
    assert kernel == (from_play(readable) if readable is not None else None), (position, side, dice, steps)
    return 1
