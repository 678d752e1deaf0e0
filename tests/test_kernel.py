"""The kernel (games/trictrac/kernel/) held equal to the readable engine (moves.py, scoring.py).

Two forms of the rules, one truth: for every throw looked at, the kernel must give the same legal plays (the same
plays, in the same order, described by the same steps) as :func:`moves.legal_plays`, and the same events (jan,
beneficiary, points, ways, rule, citation, note) as :func:`scoring.throw_events`, both when the play made is
known (the replay) and when it is not (``score``, ``chances``).  The throws come from every bundled and
historical record, from random games under every rule set with each of its options, and from random sound
positions drawn by hypothesis.  ``TRICTRAC_EQUIV=N`` runs a long campaign over N random positions.
"""

from __future__ import annotations

import glob
import itertools
import os
import random

import pytest
from conftest import board
from hypothesis import HealthCheck, given, settings, strategies as st

from trictrac_notation.core.board import BLACK, COIN, COLORS, DAMES, OFF, OPP_COIN, WHITE, Position, other
from trictrac_notation.engine.opengame import open_game
from trictrac_notation.games.trictrac.kernel import moves as kmoves
from trictrac_notation.games.trictrac.kernel.bridge import from_play, kernel_history, rows, to_play
from trictrac_notation.games.trictrac.kernel.scoring import KRoll, events, to_events
from trictrac_notation.games.trictrac.moves import legal_plays
from trictrac_notation.games.trictrac.randomgame import random_throws
from trictrac_notation.games.trictrac.scoring import NO_HISTORY, History, Roll, tariff, throw_events
from trictrac_notation.rules.rules_schema import RulesError
from trictrac_notation.rules.rulesets import list_rulesets, load_ruleset

RECORDS = sorted(glob.glob("site_src/games/*.tric") + glob.glob("site_src/games/historical/*.tric")
                 + glob.glob("tests/data/*/*.tric"))


def _variants() -> list[tuple[str, ...]]:
    """Every trictrac rule set alone, with each of its options, and with all of them (where they agree)."""
    out = []
    for rs in list_rulesets():
        if rs.game != "trictrac":
            continue
        names = list(rs.available_options)
        out.append((rs.id,))
        out += [(rs.id, name) for name in names]
        if len(names) > 1:
            try:
                load_ruleset(rs.id, names)
                out.append((rs.id, *names))
            except RulesError:  # two options set one variant differently (a choice between them)
                pass
    return out


VARIANTS = _variants()
RULESETS = {v: load_ruleset(v[0], v[1:]) for v in VARIANTS}


def _plays(plays):
    return [(p.steps, p.result, p.dice_used, p.unplayed, p.mover) for p in plays]


def assert_same(position: Position, side: str, dice: tuple[int, int], ruleset, history: History = NO_HISTORY,
                made_index: int | None = None) -> int:
    """The kernel and the readable engine agree on this throw: its legal plays, and its events with the play made
    unknown and with one legal play made (``made_index``, else each in turn when they are few).  Returns the
    number of comparisons."""
    movement = ruleset.movement
    readable = legal_plays(position, side, dice, movement)
    me, opp = rows(position, side)
    slow = movement.sortie == "slow"
    kernel = kmoves.legal(me, opp, dice[0], dice[1], slow)
    where = f"{side} {dice[0]}-{dice[1]} from {position!r} under {ruleset!r}"
    assert _plays([to_play(p, position, side) for p in kernel]) == _plays(readable), where
    assert [from_play(p) for p in readable] == kernel, where
    t = tariff(ruleset)
    kh = kernel_history(history)
    choices = [None] + (list(range(len(readable))) if made_index is None and len(readable) <= 4 else
                        [made_index if made_index is not None else len(readable) // 2])
    for i in choices:
        made = readable[i] if i is not None else None
        expected = throw_events(Roll(position, side, dice, movement, made=made), t, history)
        found = events(KRoll(me, opp, dice[0], dice[1], slow, from_play(made) if made else None), t, kh)
        assert to_events(found, side, t) == expected, f"{where}, play made {made}"
    return len(choices)


# --- every bundled and historical record -------------------------------------------------------------------------

@pytest.mark.parametrize("path", RECORDS, ids=os.path.basename)
def test_every_throw_of_every_record(path):
    """Each throw of the record's main line and variations, under the record's rule set (or Guiton's for a record
    that names none), with the relevé's history as the replay knows it and the play the record makes."""
    opened = open_game(path, kind="file")
    replay = opened.replay
    if replay is None or replay.game is None or replay.game.name != "trictrac":
        pytest.skip("not a trictrac record")
    ruleset = opened.scorer.ruleset if opened.scorer is not None else load_ruleset("guiton-1822")
    compared = 0
    stack = [replay.throws]
    while stack:
        for result in stack.pop():
            stack += result.variations
            dice = result.throw.dice
            start = result.start
            if dice is None or any(start.total(c) != DAMES or min(start.row(c)) < 0 for c in COLORS):
                continue  # no dice read, or a position a broken record left unsound
            legal = result.legal or []
            made = legal.index(result.play) if result.play in legal else None
            history = History(result.throw_in_releve)
            compared += assert_same(start, result.side, dice, ruleset, history, made)
    assert compared or not path.startswith("site_src")  # a clean record's throws are all compared


# --- random games under every rule set and option ----------------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS, ids="+".join)
def test_random_games_under_every_rule_set(variant):
    """Two relevés of a random game under the rule set, every throw compared, with a random relevé history."""
    ruleset = RULESETS[variant]
    rng = random.Random("+".join(variant))
    position = Position.initial()
    history_rng = random.Random(1)
    for side, dice, play in random_throws(rng, max_throws=160, rules=ruleset.movement, relevés=2):
        assert_same(position, side, dice, ruleset, _history(history_rng))
        position = play.result if play.result.borne_off(side) < DAMES else Position.initial()


def _history(rng: random.Random) -> History:
    return History(rng.choice([None, 1, 2, 3, 4, 9]), rng.random() < 0.2, rng.random() < 0.2,
                   (rng.randint(1, 6), rng.randint(1, 6)) if rng.random() < 0.3 else None)


# --- random sound positions --------------------------------------------------------------------------------------

KINDS = ("opening", "middle", "pleins", "retour", "any")


def random_position(rng: random.Random, kind: str | None = None) -> Position:
    """A sound position (Position.problems() is empty) of one of several kinds: the opening (full talons), the
    middle game, quadrants near a plein, the jan de retour and the sortie, or dames anywhere."""
    kind = kind or rng.choice(KINDS)
    rows_: dict[str, list[int]] = {}
    off: dict[str, int] = {}
    for color in COLORS:
        theirs = rows_.get(other(color))
        row = [0] * 24
        borne = rng.randint(0, 14) if kind == "retour" and rng.random() < 0.6 else 0
        free = [t for t in range(24) if t != OPP_COIN and not (theirs and theirs[23 - t])]
        weights = [_weight(kind, t, rng) for t in free]
        left = DAMES - borne
        if kind == "opening" and 0 in free:
            row[0] = rng.randint(9, 15)
            left -= row[0]
        for _ in range(left):
            row[rng.choices(free, weights)[0]] += 1
        if row[COIN] == 1:
            row[COIN] = 0
            row[free[0]] += 1
        rows_[color], off[color] = row, borne
    position = Position(rows_[WHITE], rows_[BLACK], off[WHITE], off[BLACK])
    assert not position.problems(), position.problems()
    return position


def _weight(kind: str, track: int, rng: random.Random) -> float:
    if kind == "retour":
        return 8.0 if track >= 18 else 0.05
    if kind == "pleins":
        return 6.0 if track < 12 or track >= 18 else 0.3
    if kind == "opening":
        return 3.0 if track < 12 else 0.2
    if kind == "middle":
        return 2.0 if 3 <= track < 20 else 0.5
    return rng.random()


SEEDS = st.integers(0, 2**32 - 1)
DICE = st.tuples(st.integers(1, 6), st.integers(1, 6))
LABELS = st.sampled_from(VARIANTS)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, kind=st.sampled_from(KINDS), dice=DICE, variant=LABELS, side=st.sampled_from(COLORS))
def test_random_positions(seed, kind, dice, variant, side):
    rng = random.Random(seed)
    position = random_position(rng, kind)
    if position.borne_off(side) == DAMES:
        side = other(side)
    assert_same(position, side, dice, RULESETS[variant], _history(rng))


@pytest.mark.skipif(not os.environ.get("TRICTRAC_EQUIV"), reason="the long campaign: TRICTRAC_EQUIV=N")
def test_campaign():
    """TRICTRAC_EQUIV=N: N random positions, each with one throw under one rule set (cycling through them all)."""
    n = int(os.environ["TRICTRAC_EQUIV"])
    seed = int(os.environ.get("TRICTRAC_EQUIV_SEED", "0"))
    compared = positions = 0
    variants = itertools.cycle(VARIANTS)
    for i in range(n):
        rng = random.Random(f"{seed}:{i}")
        position = random_position(rng)
        side = rng.choice(COLORS)
        if position.borne_off(side) == DAMES:
            side = other(side)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        compared += assert_same(position, side, dice, RULESETS[next(variants)], _history(rng))
        positions += 1
    print(f"\nkernel campaign: {positions} positions, {compared} event comparisons, 0 differences")


def test_the_kernel_sees_the_opponent_from_the_movers_side():
    """A table case: black's dames seen from white's frame are mirrored (black's talon is white's track 23, black's
    arrow 5 white's 18), and white's dames borne off are his row's track 24."""
    position = board("white: T:11 11:2 off:2 / black: T:14 5:1")
    me, opp = rows(position, WHITE)
    assert me[0] == 11 and me[COIN] == 2 and me[OFF] == 2 and sum(me) == DAMES
    assert opp[23] == 14 and opp[18] == 1 and sum(opp) == DAMES
    me_black, opp_black = rows(position, BLACK)
    assert me_black[0] == 14 and me_black[5] == 1 and opp_black[23] == 11 and opp_black[12] == 2
