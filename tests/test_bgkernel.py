"""Backgammon's kernel (games/backgammon/kernel/) held equal to the readable engine (play.py, game.py), and its
quick replay to the readable replay.

For every throw looked at, the kernel must list the same legal plays as :func:`play.legal_plays` (the same plays,
in the same order, with the same hops and resulting positions) and judge a written play as
:meth:`Backgammon.made_play` does (the same play, hence the same hits and hop paths).  The throws come from every
bundled backgammon record and test match file, from random games under every backgammon rule set and option,
and from random sound positions drawn by hypothesis.  The quick replay (``open_game(..., quick=True)``), where
it answers, gives the readable replay's diagnostics to the character, its rows and its final score; where a
record has anything to say, it leaves the record to the readable replay.  ``TRICTRAC_EQUIV=N`` runs a long
campaign over N random positions (tests/test_kernel.py runs trictrac's).
"""

from __future__ import annotations

import glob
import os
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from trictrac_notation.core.board import BLACK, COLORS, WHITE, Position, other
from trictrac_notation.engine.opengame import open_game, quick_open
from trictrac_notation.games.backgammon.game import GAME
from trictrac_notation.games.backgammon.kernel import moves as kmoves
from trictrac_notation.games.backgammon.kernel.bridge import from_moves, own_row, position_of, rows, to_play
from trictrac_notation.games.backgammon.matfile import load_mat
from trictrac_notation.games.backgammon.matimport import import_match
from trictrac_notation.games.backgammon.matrecord import record_text
from trictrac_notation.games.backgammon.play import State, legal_plays
from trictrac_notation.games.backgammon.playtext import Move, format_play, parse_play
from trictrac_notation.games.backgammon.randomgame import random_record
from trictrac_notation.games.backgammon.rules import Rules, load, rule_sets
from trictrac_notation.notation import lightread
from trictrac_notation.notation.limits import suspect
from trictrac_notation.notation.reader import parse
from trictrac_notation.rules.rules_schema import RulesError

RECORDS = sorted(p for p in glob.glob("site_src/games/**/*.tric", recursive=True) + glob.glob("tests/data/*.tric")
                 if '[Game "backgammon"]' in Path(p).read_text(encoding="utf-8"))
MATS = sorted(glob.glob("tests/data/mat/*.mat"))
# the records with nothing but headers, comments and throws, and nothing to report: the bundled match and money
# game, the test match files imported (the books' passages have setups, variations and taught faults)
PLAIN = {"site_src/games/backgammon/backgammon-match.tric", "tests/data/backgammon-money.tric", *MATS}


def _variants() -> list[str]:
    """Every backgammon rule set alone, with each of its options, and with all of them where they agree."""
    out = []
    for rs in rule_sets():
        names = list(rs.available_options)
        out += [rs.id] + [f"{rs.id}+{name}" for name in names]
        if len(names) > 1:
            try:
                load(rs.id, names)
                out.append("+".join([rs.id, *names]))
            except RulesError:  # two options set one variant differently (hypergammon's one or two dames)
                pass
    return out


VARIANTS = _variants()
RULES = {v: load(v.split("+")[0], v.split("+")[1:]) for v in VARIANTS}


def _plays(plays) -> list[tuple]:
    return [(p.hops, p.dice, p.after) for p in plays]


def assert_same_plays(position: Position, side: str, dice: tuple[int, int], rules: Rules) -> list:
    """The kernel lists the readable engine's legal plays; returns them."""
    readable = legal_plays(position, side, dice, rules.moves)
    me, opp = rows(position, side)
    kernel = kmoves.legal(me, opp, dice[0], dice[1], rules.moves)
    assert _plays([to_play(p, side) for p in kernel]) == _plays(readable), (position, side, dice, rules.id)
    return readable


def assert_same_judgement(position: Position, side: str, dice: tuple[int, int], moves: tuple[Move, ...],
                          rules: Rules, legal: list | None = None) -> None:
    """The kernel finds the play the readable Game finds for the written moves (or none), hence the same hops
    and hits: a hit written or not as it happens is the same question on both sides.  ``legal``: the readable
    engine's legal plays of the throw, when they are already known."""
    readable = GAME.made_play(position, side, dice, list(moves), None, rules,
                              lambda: legal if legal is not None else legal_plays(position, side, dice, rules.moves))
    me, opp = rows(position, side)
    kernel = kmoves.made_play(me, opp, dice[0], dice[1], from_moves(moves), rules.moves)
    assert (_plays([to_play(kernel, side)]) if kernel else None) == (_plays([readable]) if readable else None), \
        (position, side, dice, format_play(moves), rules.id)


def writings(play, rng: random.Random) -> list[tuple[Move, ...]]:
    """How a legal play may be written, as the replay reads it: as the federation writes it, without its stars,
    with a star on every landing, hop by hop, in another order, and a move one point off (usually illegal)."""
    moves = play.moves
    texts = [format_play(moves), format_play([Move(m.src, m.dst) for m in moves]),
             " ".join(f"{m.src}/{m.dst}*" if m.dst else f"{m.src}/{m.dst}" for m in moves),
             " ".join(f"{s.src}/{s.dst}{'*' if s.hit else ''}" for s in play.hops),
             format_play(list(reversed(moves)))]
    if moves and rng.random() < 0.5:
        m = moves[0]
        if 1 < m.dst < m.src - 1:
            texts.append(format_play((Move(m.src, m.dst - 1), *moves[1:])))
    out = []
    for text in texts:
        text = text.replace("25/", "bar/").replace("/0", "/off")
        if text:
            out.append(parse_play(text))
    return out or [()]


def _compare_throw(position: Position, side: str, dice: tuple[int, int], rules: Rules, rng: random.Random,
                   judged: int = 2) -> list:
    legal = assert_same_plays(position, side, dice, rules)
    for play in rng.sample(legal, min(judged, len(legal))):
        for moves in writings(play, rng):
            assert_same_judgement(position, side, dice, moves, rules, legal)
    return legal


# --- every bundled record and test match file ---------------------------------------------------------------

def _record_texts() -> list[tuple[str, str]]:
    out = [(p, Path(p).read_text(encoding="utf-8")) for p in RECORDS]
    return out + [(p, record_text(import_match(load_mat(p)))) for p in MATS]


TEXTS = _record_texts()


@pytest.mark.parametrize("path,text", TEXTS, ids=[os.path.basename(p) for p, _ in TEXTS])
def test_every_throw_of_every_record(path, text):
    """Each throw of the record's main line and variations under its rule set: the legal plays, and the written
    play judged (an illegal one, as the books' taught faults, found illegal by both)."""
    replay = open_game(text, path=path, kind="text").replay
    assert replay is not None and replay.game is not None and replay.game.name == "backgammon"
    rules = replay.rules
    compared = 0
    stack = [replay.throws]
    while stack:
        for result in stack.pop():
            stack += result.variations
            dice, start = result.throw.dice, result.start
            if dice is None or any(start.total(c) != rules.moves.dames for c in COLORS):
                continue  # a line of the cube, or a position a broken line left unsound
            assert_same_plays(start, result.side, dice, rules)
            assert_same_judgement(start, result.side, dice, tuple(result.steps), rules)
            compared += 1
    assert compared  # (a record with no dice thrown would say nothing here)


# --- random games under every rule set and option -----------------------------------------------------------

@pytest.mark.parametrize("variant", VARIANTS)
def test_random_games_under_every_rule_set(variant):
    """A random game: every throw's legal plays, and one of its plays written several ways, judged."""
    rules = RULES[variant]
    rng = random.Random(variant)
    position, side = rules.initial(), rng.choice(COLORS)
    for _ in range(80):
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        position = rng.choice(_compare_throw(position, side, dice, rules, rng, 1)).after
        if position.borne_off(side) == rules.moves.dames:
            position = rules.initial()
        side = other(side)


# --- random sound positions ---------------------------------------------------------------------------------

KINDS = ("contact", "bar", "home", "prime", "any")


def random_position(rng: random.Random, dames: int = 15, kind: str | None = None) -> Position:
    """A sound position: each side's dames on the bar, points 1-24 or borne off, never on a point of the other's;
    of one of several kinds: the middle game, dames on the bar, bearing off, a prime, anywhere."""
    kind = kind or rng.choice(KINDS)
    own: dict[str, list[int]] = {}
    for color in COLORS:
        row = [0] * 26
        theirs = own.get(other(color))
        free = [p for p in range(1, 25) if not (theirs and theirs[25 - p])]
        left = dames
        if kind == "home" or (kind == "any" and rng.random() < 0.3):
            row[0] = rng.randint(0, dames - 1)
            left -= row[0]
            free = [p for p in free if p <= 6] or free
        if kind == "bar" or (kind == "any" and rng.random() < 0.2):
            row[25] = min(left, rng.randint(1, 3))
            left -= row[25]
        if kind == "prime":
            start = rng.randint(4, 12)
            block = [p for p in range(start, start + 6) if p in free]
            for p in block[:left // 2]:
                row[p] += 2
                left -= 2
        weights = [rng.random() + (2.0 if kind == "contact" and 4 <= p <= 20 else 0.0) for p in free]
        for _ in range(left):
            row[rng.choices(free, weights)[0]] += 1
        own[color] = row
    w, b = own[WHITE], own[BLACK]
    return position_of(w, b[::-1], WHITE)


SEEDS = st.integers(0, 2**32 - 1)
DICE = st.tuples(st.integers(1, 6), st.integers(1, 6))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, kind=st.sampled_from(KINDS), dice=DICE, variant=st.sampled_from(VARIANTS),
       side=st.sampled_from(COLORS))
def test_random_positions(seed, kind, dice, variant, side):
    rng = random.Random(seed)
    rules = RULES[variant]
    position = random_position(rng, rules.moves.dames, kind)
    if position.borne_off(side) == rules.moves.dames:
        side = other(side)
    _compare_throw(position, side, dice, rules, rng)


@pytest.mark.skipif(not os.environ.get("TRICTRAC_EQUIV"), reason="the long campaign: TRICTRAC_EQUIV=N")
def test_campaign():
    """TRICTRAC_EQUIV=N: N random positions, each with one throw under one rule set (cycling through them all),
    its legal plays compared and one of its plays judged as written several ways."""
    n = int(os.environ["TRICTRAC_EQUIV"])
    seed = int(os.environ.get("TRICTRAC_EQUIV_SEED", "0"))
    plays = 0
    for i in range(n):
        rng = random.Random(f"bg:{seed}:{i}")
        rules = RULES[VARIANTS[i % len(VARIANTS)]]
        position = random_position(rng, rules.moves.dames)
        side = rng.choice(COLORS)
        if position.borne_off(side) == rules.moves.dames:
            side = other(side)
        plays += len(_compare_throw(position, side, (rng.randint(1, 6), rng.randint(1, 6)), rules, rng, 1))
    print(f"\nbackgammon kernel campaign: {n} positions, {plays} legal plays compared, 0 differences")


def test_the_kernel_rows_are_the_readable_states():
    """A table case: white's row counts his dames borne off first and the bar last, in his own points; black's
    dames seen from white's side are turned round (black's 24-point is white's 1-point, his bar index 0): the
    readable engine's State, as lists."""
    white = [2, 0, 0, 0, 0, 0, 5] + [0] * 6 + [4] + [0] * 10 + [3, 1]
    black = [12] + [0] * 23 + [2, 1]
    position = position_of(white, black[::-1], WHITE)
    assert position.borne_off(WHITE) == 2 and position.on_bar(WHITE) == 1 and position.count(WHITE, 24 - 6) == 5
    assert position.borne_off(BLACK) == 12 and position.on_bar(BLACK) == 1 and position.count(BLACK, 0) == 2
    me, opp = rows(position, WHITE)
    assert me == white and opp[1] == 2 and opp[0] == 1 and opp[25] == 12 and own_row(position, BLACK) == black
    state = State.of(position, WHITE)
    assert list(state.me) == me and list(state.opp[1:25]) == opp[1:25] and state.opp_bar == opp[0]


# --- the quick replay against the readable one --------------------------------------------------------------

def assert_quick_same(text: str, path: str = "<record>", rules: str | None = None) -> bool:
    """The quick path, where it answers, agrees with the full one (no diagnostic, the same rows after each line,
    the same points won, the same final score); returns whether it answered."""
    quick = open_game(text, rules, path=path, kind="text", quick=True)
    if quick.quick is None:
        return False
    full = open_game(text, rules, path=path, kind="text")
    lines = text.split("\n")
    assert [d.format(lines) for d in quick.diagnostics] == [d.format(lines) for d in full.diagnostics] == [], path
    assert full.replay is not None and full.replay.final is not None
    assert quick.quick.final == full.replay.final.to_json(), path
    throws = full.replay.throws
    assert quick.quick.throws == len(throws)
    assert [r[3] for r in quick.quick.results] == [own_row(t.after, t.side) for t in throws]
    won = [(r[4], r[5]) for r in quick.quick.results]
    assert won == [(0, 0) if t.score.marque is None else
                   (t.score.marque.points, 0) if t.score.marque.winner == t.side else (0, t.score.marque.points)
                   for t in throws]
    assert quick.replay is not None and quick.record is not None  # the readable replay, when asked for
    return True


@pytest.mark.parametrize("path,text", TEXTS, ids=[os.path.basename(p) for p, _ in TEXTS])
def test_quick_replay_of_every_record(path, text):
    """The plain and clean records take the quick path; a record it leaves has something it does not read (a
    setup, a variation, an acknowledgement) or something the readable replay reports."""
    answered = assert_quick_same(text, path)
    if path in PLAIN:
        assert answered
    elif not answered:
        assert lightread.read(text, path) is None or open_game(text, path=path, kind="text").diagnostics


@pytest.mark.parametrize("variant", VARIANTS)
def test_quick_replay_of_random_games_and_matches(variant):
    """A random game (with the cube where the rule set has one) under each rule set and option takes the quick path
    and gives what the full one gives; under each rule set alone, a match to three points."""
    alone = "+" not in variant
    assert assert_quick_same(random_record(len(variant), variant, games=2 if alone else 1, match=3 if alone else None))


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, variant=st.sampled_from(VARIANTS))
def test_quick_replay_of_random_games_by_hypothesis(seed, variant):
    """Any random game takes the quick path (but one the light reader leaves to the full reader: a ten-digit
    number in its title) and gives what the full one gives."""
    text = random_record(seed, variant)
    assert assert_quick_same(text) or suspect(text)


HEAD = '[Game "backgammon"]\n'


@pytest.mark.parametrize("body", [
    "1. white 6-1 13/7 8/7\n2. black 3-1 8/5 6/5\n",  # plain
    "1. white 3-1 8/5 6/5\n2. black double take 6-4 24/18 13/9\n3. white 5-2 13/8 13/11\n",  # a take with the dice
    "1. white 3-1 8/5 6/5\n2. black double take\n3. white 5-2 13/8 13/11\n",  # a take on its own line
    "1. white 3-1 8/5 6/5\n2. black double drop\n1. black 4-2 8/4 6/4\n",  # a drop, then the next game
    "1. white 3-1 8/5 6/5\n2. white resigns\n1. white 4-2 8/4 6/4\n",  # a resignation
    "1. white 6-6 24/18(2) 13/7(2)\n2. black 6-5 13/2\n",  # a doublet and one dame playing both numbers
    "1. white 6-4 24/18 13/9\n2. black 6-4 24/14\n3. white 1-1 6/5(2) 9/8 8/7\n",  # joined moves written apart
])
def test_quick_replay_of_small_records(body):
    assert assert_quick_same(HEAD + body)


@pytest.mark.parametrize("body", [
    "1. white 6-1 13/7 8/6\n",  # an illegal play
    "1. white 6-4 24/18 13/9\n2. black 6-1 13/7 8/7\n3. white 6-1 13/7 18/17\n4. black 5-2 13/8 7/5\n",  # unmarked hit
    "1. white 6-1 13/7* 8/7\n",  # a hit written where none happens
    "1. white 6-1 13/7 8/7\n1. black 3-1 8/5 6/5\n",  # misnumbered
    "1. white 6-1 13/7 8/7\n2. white 3-1 8/5 6/5\n",  # out of turn
    "1. white 6-1 13/7 8/7\n2. black double take 3-1 8/5 6/5\n3. black double take 3-1 8/5 6/5\n",  # his own cube
    "1. white 6-1 13/7 8/7\n2. black double drop 3-1 8/5 6/5\n",  # dice after a drop
    "1. white 6-1 13/7 8/7\n2. black resigns 8/5 6/5\n",  # a play on a resignation's line
    "1. white 6-1 13/7 8/7\n2. black resigns-match\n",  # a match resigned in money play
    "1. white 6-1 13/7 8/7\n2. black 3-1 8/5 T-5\n",  # a move that is no backgammon move
    "1. white 6-1 13/7 8/7\n2. black 3-1 8/5 6/5 {a comment}(3. white 4-2 8/4 6/4)\n",  # a variation
    '[Match "x"]\n1. white 6-1 13/7 8/7\n',  # a bad Match header
    '[Match "1"]\n1. white 6-1 13/7 8/7\n2. black resigns\n1. white 3-1 8/5 6/5\n',  # a game after the match
    '[Rules "acey-deucey"]\n1. white 2-1 bar/23 bar/24\n2. white 6-5 bar/19 bar/20\n',  # the doublet named
    '[Rules "ffbx"]\n1. white 6-1 13/7 8/7\n',  # an unknown rule set
    "1. white 6-1 13/7 8/7\n2. black 3-1 8/5 6/5 +4\n",  # points marked
    "1. white 6-1 13/7 8/7\n2. black 3-1 8/5 6/5(5)\n",  # more than four dames in a group
])
def test_the_quick_path_leaves_the_record_to_the_full_one(body):
    """Whatever the readable replay would say something about goes to it (and it does say something)."""
    text = HEAD + body
    assert quick_open(text, None, "<record>") is None
    opened = open_game(text, kind="text", quick=True)
    assert opened.quick is None and opened.replay is not None and opened.diagnostics


def test_the_light_reader_reads_backgammon_records_as_the_full_reader():
    """Moves, dice, the cube's actions and resignations, spans: as the full reader makes them."""
    for text in [t for p, t in TEXTS if p in PLAIN] + [random_record(seed, "ffbg", match=5) for seed in range(5)]:
        light = lightread.read(text)
        record, diagnostics = parse(text)
        assert light is not None and not diagnostics
        assert [(n, s, (a, b) if a else None, m, light.span(w)) for n, s, a, b, m, w in light.throws] == [
            (t.number, t.side, t.dice, tuple(m.text for m in t.moves), tuple(t.span)) for t in record.throws]
        assert light.cubes == {i: t.cube for i, t in enumerate(record.throws) if t.cube}
