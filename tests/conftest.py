"""Shared helpers: positions drawn as text, legal plays compared as sets, the CLI run in-process.

A position is written one player per part, parts separated by ``/``::

    white: T:3 1:3 2:3 3:3 4:3 / black: T:15

Each player's arrows are named from *his own* side in the per-player system of
the notation (rules.md §1.4): ``T``, ``1``..``11`` for his own arrows and
``T'``, ``1'``..``11'`` for the opponent's (``11'`` is the opponent's coin).
``off:N`` counts dames borne off.  As in rules.md §5, dames that are not listed
stand on their owner's talon unless ``T`` is given; a player not named at all
has his fifteen dames on his talon.  A drawing that does not make 15 dames a
side, or that breaks Position.problems(), is refused, so a typo cannot make a
test pass by accident.
"""

from __future__ import annotations

import atexit
import io
import os
import shutil
import tempfile
from contextlib import redirect_stderr, redirect_stdout

import pytest
from hypothesis import settings

# The suite is the same on every run (CI must not fail on an example no one has seen): hypothesis draws its
# examples from a fixed seed.  HYPOTHESIS_PROFILE=explore draws fresh ones, ten times as many, to look for bugs.
settings.register_profile("default", derandomize=True)
settings.register_profile("explore", derandomize=False, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# The caches of the grammar's parser and of the rule sets (notation/lalr.py, rules/rulesets.py) go to a
# folder of the suite's own, removed at the end, not to the user's ~/.cache (subprocesses inherit it).
_CACHE = tempfile.mkdtemp(prefix="trictrac-tests-cache-")
os.environ["XDG_CACHE_HOME"] = _CACHE
atexit.register(shutil.rmtree, _CACHE, True)

# (imported once the cache folder is set)
from trictrac_notation.core.board import BLACK, COLORS, DAMES, OFF, TALON, WHITE, Position  # noqa: E402
from trictrac_notation.core.coords import SYSTEMS  # noqa: E402
from trictrac_notation.games.trictrac.moves import legal_plays  # noqa: E402

PLAYER = SYSTEMS["player"]
COLOR_WORDS = {"white": WHITE, "w": WHITE, "black": BLACK, "b": BLACK}


def board(drawing: str) -> Position:
    """The Position drawn by ``drawing`` (see the module docstring)."""
    fields = {c: {} for c in COLORS}
    off = {c: 0 for c in COLORS}
    seen = set()
    for part in drawing.split("/"):
        who, _, rest = part.partition(":")
        color = COLOR_WORDS[who.strip().lower()]
        seen.add(color)
        talon_given = False
        for item in rest.split():
            key, _, count = item.rpartition(":")
            if key == "off":
                off[color] += int(count)
                continue
            track = PLAYER.parse(key, color)
            assert track < OFF, f"use off:N for dames borne off, not {item!r}"
            assert track not in fields[color], f"{key} given twice for {color} in {drawing!r}"
            talon_given |= track == TALON
            fields[color][track] = int(count)
        if not talon_given:
            fields[color][TALON] = DAMES - sum(fields[color].values()) - off[color]
    for color in COLORS:
        if color not in seen:
            fields[color] = {TALON: DAMES}
    position = Position.from_fields(fields, off)
    assert not position.problems(), f"bad drawing {drawing!r}: {position.problems()}"
    return position


def name(track: int, color: str) -> str:
    return PLAYER.format(track, color)


def play_text(play, color: str) -> str:
    """A legal play as move text, e.g. 'T-6 T-4' or 'T-6-10' (tout d'une through 6)."""
    out = []
    for s in play.steps:
        via = f"-{name(s.via, color)}" if s.via is not None else ""
        out.append(f"{name(s.src, color)}{via}-{name(s.dst, color)}")
    return " ".join(out) or "-"


def after(position: Position, color: str, moves: str) -> Position:
    """``position`` after ``color`` plays ``moves`` ('T-6 T-4', 'T-6-10', '20-off', or '-' for nothing)."""
    steps = []
    for move in moves.split():
        if move == "-":
            continue
        parts = move.split("-")
        steps.append((PLAYER.parse(parts[0], color), PLAYER.parse(parts[-1], color)))
    return position.moved(color, steps)


def legal(position: Position, color: str, dice, rules=None) -> list:
    kw = {"rules": rules} if rules is not None else {}
    return legal_plays(position, color, tuple(dice), **kw)


def assert_plays(position: Position, color: str, dice, expected: set[str], rules=None) -> list:
    """The legal plays lead to exactly the positions reached by the ``expected`` move texts.

    Plays are compared by their result (two plays reaching the same position are
    the same choice); a failure lists the surplus and missing plays as text.
    """
    plays = legal(position, color, dice, rules)
    got = {p.result: p for p in plays}
    want = {after(position, color, m): m for m in expected}
    surplus = sorted(play_text(p, color) for r, p in got.items() if r not in want)
    missing = sorted(m for r, m in want.items() if r not in got)
    assert not surplus and not missing, f"{color} {dice}: surplus {surplus}, missing {missing}"
    assert len(plays) == len(got), "a resulting position is listed twice"
    return plays


def can_play(position: Position, color: str, dice, moves: str, rules=None) -> bool:
    """Whether the play ``moves`` is among the legal plays."""
    target = after(position, color, moves)
    return any(p.result == target for p in legal(position, color, dice, rules))


def site_settings() -> dict:
    """The ``trictrac-site`` plugin's settings in the checkout's mkdocs.yml."""
    from pathlib import Path

    import yaml

    settings = yaml.safe_load((Path(__file__).resolve().parent.parent / "mkdocs.yml").read_text(encoding="utf-8"))
    (plugin,) = [p["trictrac-site"] for p in settings["plugins"] if isinstance(p, dict) and "trictrac-site" in p]
    return plugin


def run_cli(*argv, stdin: str | None = None) -> tuple[int, str, str]:
    """``trictrac ARGV`` run in-process: (exit code, stdout, stderr); a SystemExit (argparse) counts as its code.
    ``stdin``: the text read from standard input."""
    import sys

    from trictrac_notation.cli.main import main

    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                code = main([str(a) for a in argv])
            except SystemExit as e:  # argparse usage errors and --help
                code = e.code if isinstance(e.code, int) else 2
    finally:
        sys.stdin = saved
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def tric(tmp_path):
    """Write a record into a temporary .tric file and return its path."""
    counter = iter(range(10**6))

    def write(text: str | bytes, name: str | None = None):
        path = tmp_path / (name or f"record{next(counter)}.tric")
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return path

    return write


# --- the browser tests: a headless Chromium (Debian's) a module, one build of the bundled site for the session ---

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for a module's browser tests (scripts/test.sh installs Debian's; without it they skip).
    Not one for the session: playwright's sync API holds an event loop while it runs, which asyncio.run (the language
    server's tests) refuses to run beside."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is in the test extra: scripts/test.sh")
    if not os.path.exists(CHROMIUM):
        pytest.skip("no Chromium on this machine: scripts/test.sh installs Debian's chromium (needs root)")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def bundled_site(tmp_path_factory):
    """The site of the bundled sources (site_src/), built once for the tests that read it."""
    from pathlib import Path

    from trictrac_notation.site.site import build

    root = tmp_path_factory.mktemp("bundled-site")
    build(root / "out", src=Path(__file__).resolve().parent.parent / "site_src", cache=root / "cache", progress=False)
    return root / "out"
