"""The compiled kernel (setup.py: mypyc) and its pure-Python source give the same results.

An install compiles games/trictrac/kernel/, games/backgammon/kernel/ and notation/lightread.py where a C compiler is
present; the same files run as Python where none is.  Here the Python source is loaded beside the installed modules,
under other names, and both are asked the same: every legal play of random positions, their events with and without
the play made (trictrac), a written play judged, a plain record read and replayed quick.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import random
import sys
import types
from pathlib import Path

import pytest

from trictrac_notation.core.board import COLORS, Position, other
from trictrac_notation.games.backgammon import kernel as bg_kernel
from trictrac_notation.games.backgammon.kernel import moves as bg_moves, replay as bg_replay
from trictrac_notation.games.backgammon.kernel.bridge import rows as bg_rows, to_play as bg_to_play
from trictrac_notation.games.backgammon.playtext import format_play
from trictrac_notation.games.backgammon.randomgame import random_record as bg_random_record
from trictrac_notation.games.backgammon.rules import load as bg_load, rule_sets as bg_rule_sets
from trictrac_notation.games.trictrac import kernel
from trictrac_notation.games.trictrac.kernel import moves, replay, scoring
from trictrac_notation.games.trictrac.kernel.bridge import rows
from trictrac_notation.games.trictrac.randomgame import random_record, random_throws
from trictrac_notation.games.trictrac.scoring import tariff
from trictrac_notation.notation import lightread
from trictrac_notation.notation.reader import write
from trictrac_notation.notation.record import Header
from trictrac_notation.rules.rulesets import load_ruleset

pytestmark = pytest.mark.skipif(not kernel.compiled(), reason="the kernel runs as Python here (no compiled build)")

SOURCE = Path(__file__).resolve().parent.parent / "trictrac_notation"


def _load(name: str, path: Path) -> types.ModuleType:
    loader = importlib.machinery.SourceFileLoader(name, str(path))
    spec = importlib.util.spec_from_loader(name, loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def pure() -> dict[str, types.ModuleType]:
    """The kernel's and the light reader's Python source, as modules of their own (a package beside the kernel)."""
    package = "trictrac_notation.games.trictrac._kernel_source"
    shell = types.ModuleType(package)
    shell.__path__ = []
    sys.modules[package] = shell
    found = {name: _load(f"{package}.{name}", SOURCE / "games" / "trictrac" / "kernel" / f"{name}.py")
             for name in ("moves", "scoring", "replay")}
    found["lightread"] = _load("trictrac_notation.notation._lightread_source", SOURCE / "notation" / "lightread.py")
    package = "trictrac_notation.games.backgammon._kernel_source"  # (bridge.py too: replay.py imports it)
    shell = types.ModuleType(package)
    shell.__path__ = []
    sys.modules[package] = shell
    found |= {f"bg_{name}": _load(f"{package}.{name}", SOURCE / "games" / "backgammon" / "kernel" / f"{name}.py")
              for name in ("moves", "bridge", "replay")}
    assert all(m.__file__ and m.__file__.endswith(".py") for m in found.values())
    return found


COMPILED = (moves, scoring, replay, lightread, bg_moves, bg_replay)


def test_the_installed_kernel_is_the_compiled_one():
    assert all(m.__file__ and not m.__file__.endswith(".py") for m in COMPILED)
    assert bg_kernel.compiled()


@pytest.mark.skipif(not (SOURCE.parent / ".git").exists(), reason="not a checkout")
def test_the_compiled_kernel_is_not_older_than_its_source():
    """An editable install builds the extensions in the checkout: one older than its source runs code that is no
    longer there (install again: scripts/test.sh does)."""
    def source(built: Path) -> Path:
        return built.with_name(built.name.split(".")[0] + ".py")

    stale = [m.__name__ for m in COMPILED if m.__file__
             and Path(m.__file__).stat().st_mtime < source(Path(m.__file__)).stat().st_mtime]
    assert not stale, f"compiled before their source last changed: {stale}; install again (pip install -e .)"


def test_legal_plays_and_events(pure):
    t = tariff(load_ruleset("lepeintre-1818", ["pile-de-misere"]))
    rng = random.Random(5)
    compared = 0
    for seed in range(30):
        position = Position.initial()
        for side, dice, play in random_throws(random.Random(seed), max_throws=200):
            me, opp = rows(position, side)
            slow = seed % 4 == 0
            found = moves.legal(me, opp, dice[0], dice[1], slow)
            assert found == pure["moves"].legal(me, opp, dice[0], dice[1], slow)
            made = rng.choice(found) if rng.random() < 0.5 else None
            history = (rng.randint(0, 4), rng.random() < 0.2, rng.random() < 0.2, None)
            assert scoring.events(scoring.KRoll(me, opp, dice[0], dice[1], slow, made), t, history) == \
                pure["scoring"].events(pure["scoring"].KRoll(me, opp, dice[0], dice[1], slow, made), t, history)
            steps = list(found[0][0])
            assert moves.made_play(me, found[0][1], opp, dice[0], dice[1], steps, slow) == \
                pure["moves"].made_play(me, found[0][1], opp, dice[0], dice[1], steps, slow)
            compared += 1
            position = play.result if play.result.borne_off(side) < 15 else Position.initial()
            if position.total(other(side)) != 15:
                break
    assert compared > 2000


def test_plain_records_read_and_replayed_quick(pure):
    for seed in range(20):
        record = random_record(seed, ("player", "soumille", "trictrac-org")[seed % 3], relevés=2)
        record.headers.append(Header("Rules", ("guiton-1822", "jollyvet-1634")[seed % 2]))
        text = write(record)
        light, light_source = lightread.read(text), pure["lightread"].read(text)
        assert light is not None and light_source is not None
        assert (light.headers, light.throws) == (light_source.headers, light_source.throws)
        ruleset = load_ruleset(("guiton-1822", "jollyvet-1634")[seed % 2])
        a, b = replay.quick_replay(light, ruleset), pure["replay"].quick_replay(light, ruleset)
        assert a is not None and b is not None
        assert (a.throws, a.results, a.final, a.winner) == (b.throws, b.results, b.final, b.winner)
        assert [d.to_json() for d in a.diagnostics] == [d.to_json() for d in b.diagnostics]


def test_backgammon_legal_plays_and_written_plays(pure):
    """Random games under every backgammon rule set: each throw's legal plays, and one of them judged as written."""
    rng = random.Random(7)
    compared = 0
    for rs in bg_rule_sets():
        rules = bg_load(rs.id)
        position, side = rules.initial(), rng.choice(COLORS)
        for _ in range(150):
            a, b = rng.randint(1, 6), rng.randint(1, 6)
            me, opp = bg_rows(position, side)
            found = bg_moves.legal(me, opp, a, b, rules.moves)
            assert found == pure["bg_moves"].legal(me, opp, a, b, rules.moves)
            chosen = bg_to_play(rng.choice(found), side)
            written = pure["bg_bridge"].from_moves(chosen.moves)
            assert bg_moves.made_play(me, opp, a, b, written, rules.moves) == \
                pure["bg_moves"].made_play(me, opp, a, b, written, rules.moves), format_play(chosen.moves)
            compared += 1
            position = chosen.after if chosen.after.borne_off(side) < rules.moves.dames else rules.initial()
            side = other(side)
    assert compared == 150 * len(bg_rule_sets())


def test_backgammon_records_replayed_quick(pure):
    """Random games and matches with the cube under every backgammon rule set, read and replayed quick."""
    for seed, rs in enumerate(bg_rule_sets()):
        text = bg_random_record(seed, rs.id, games=2, match=5 if seed % 2 else None)
        light, light_source = lightread.read(text), pure["lightread"].read(text)
        assert light is not None and light_source is not None
        assert (light.throws, light.cubes) == (light_source.throws, light_source.cubes)
        ruleset = load_ruleset(rs.id)
        a, b = bg_replay.quick_replay(light, ruleset), pure["bg_replay"].quick_replay(light, ruleset)
        assert a is not None and b is not None
        assert (a.throws, a.results, a.final, a.winner) == (b.throws, b.results, b.final, b.winner)
