"""A quick command line: each command imports only what it needs, and what is slow to make is made once.

The parser of the grammar (notation/lalr.py: Lark's standalone module, generated and kept in the user's
cache) and the tool's own rule sets (rules/rulesets.py, kept there too) are caches: these tests check that
a changed grammar or rule file is seen at once, that a broken or unwritable cache changes nothing of what
a command prints, and that the light commands load none of the heavy libraries.  Nothing here is timed:
scripts/bench_cli.py measures.
"""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from trictrac_notation.core.resources import grammar_path
from trictrac_notation.notation import lalr
from trictrac_notation.rules import rulesets

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "site_src" / "games" / "problem-two-ways.tric"
SCORE = ('{"rules": "guiton-1822", "to_move": "white", "dice": [6, 1], '
         '"white": {"1": 13, "12": 2}, "black": {"1": 15}}')
HEAVY = ("matplotlib", "jinja2", "mkdocs", "markdown", "rich", "numpy", "PIL")
"""Never imported by the commands below (the diagrams, pages and site are not theirs)."""
MADE_ONCE = ("lark", "yaml")
"""Imported only when a cache is cold: to generate the parser, to read a rule file."""

# the commands that must stay light, with their standard input
LIGHT = [
    (["check", RECORD], None),
    (["check", "--strict", "--rules", "guiton-1822", RECORD], None),
    (["replay", RECORD], None),
    (["replay", "--json", RECORD], None),
    (["convert", "--coords", "absolute", RECORD], None),
    (["explain", RECORD, "1"], None),
    (["compare", RECORD], None),
    (["score"], SCORE),
    (["chances"], SCORE),
    (["rules"], None),
    (["rules", "show", "lepeintre-1818"], None),
    (["rules", "diff", "modern", "guiton-1822"], None),
    (["marque", "--help"], None),
    (["diagram", "--help"], None),
    (["site", "--help"], None),
    (["--help"], None),
    (["--version"], None),
]

PROBE = """
import contextlib, io, sys
from trictrac_notation.cli.main import main
out = io.StringIO()
with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
    try:
        main(sys.argv[1:])
    except SystemExit:
        pass
print(" ".join(sorted(sys.modules)))
"""


def loaded(argv, stdin, cache: Path, *, full: bool = False) -> set[str]:
    """The top-level modules (``full``: all the modules) loaded by ``trictrac ARGV`` run in a fresh interpreter
    with its cache in ``cache``."""
    env = dict(os.environ, XDG_CACHE_HOME=str(cache))
    done = subprocess.run([sys.executable, "-c", PROBE, *map(str, argv)], input=stdin or "", env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    names = done.stdout.split()
    return set(names) if full else {name.split(".")[0] for name in names}


@pytest.fixture(scope="module")
def warm(tmp_path_factory):
    """A cache folder holding the parser and every rule set of the tool (``trictrac rules`` reads them all)."""
    cache = tmp_path_factory.mktemp("cache")
    loaded(["check", RECORD], None, cache)
    loaded(["rules"], None, cache)
    return cache


@pytest.mark.parametrize("argv,stdin", LIGHT, ids=[" ".join(map(str, a)).replace(str(ROOT) + "/", "")
                                                   for a, _ in LIGHT])
def test_a_light_command_loads_no_heavy_module(argv, stdin, warm):
    modules = loaded(argv, stdin, warm)
    assert not modules & set(HEAVY + MADE_ONCE)
    if argv[0] in ("check", "replay", "convert", "explain", "compare"):
        assert "trictrac_notation" in modules  # (the probe did run the command)


def test_checking_a_record_that_marks_no_points_loads_no_scoring(tmp_path, warm):
    """What a record without marks does not need is imported when a record marks points (measured with
    python -X importtime: the scorer and its modules ≈ 15 ms, difflib for the hints of errors)."""
    from trictrac_notation.games.trictrac.randomgame import random_game_text

    record = tmp_path / "plain.tric"
    record.write_text(random_game_text(3, "player", max_throws=40), encoding="utf-8")
    modules = loaded(["check", record], None, warm, full=True)
    assert "trictrac_notation.notation.lightread" in modules  # (the probe did read the record: the quick path)
    scoring = {f"trictrac_notation.games.trictrac.{m}" for m in ("scorer", "ecoles", "ecrire", "marking", "history")}
    assert not modules & (scoring | {"difflib", "trictrac_notation.notation.larkread"})
    assert modules & scoring <= loaded(["check", RECORD], None, warm, full=True)  # RECORD marks points


def test_a_cold_cache_loads_yaml_but_nothing_heavy(tmp_path):
    modules = loaded(["check", RECORD], None, tmp_path)
    assert "yaml" in modules and "lark" not in modules  # the fast reader read the record (notation/fastread.py)
    assert not modules & set(HEAVY)
    assert {p.name.split("-")[0] for p in (tmp_path / "trictrac").iterdir()} == {"rules"}


def test_a_record_with_a_syntax_error_loads_lark_and_caches_its_parser(tmp_path):
    modules = loaded(["check", ROOT / "tests" / "data" / "broken" / "syntax.tric"], None, tmp_path)
    assert "lark" in modules and not modules & set(HEAVY)
    assert "grammar" in {p.name.split("-")[0] for p in (tmp_path / "trictrac").iterdir()}
    assert "lark" not in loaded(["check", ROOT / "tests" / "data" / "broken" / "syntax.tric"], None, tmp_path)


# --- the parser's cache ------------------------------------------------------------------------

def _module(code) -> types.ModuleType:
    """A module running ``code`` (the standalone parser); registered while it runs, as an import does."""
    module = types.ModuleType("trictrac_standalone_under_test")
    sys.modules[module.__name__] = module
    try:
        exec(code, module.__dict__)
    finally:
        del sys.modules[module.__name__]
    return module


GRAMMAR = grammar_path().read_text(encoding="utf-8")
STAY = "DECISION.2: /(stay|go|tient|tenir|va|part)(?![\\w&'-])/i"
# the same grammar where a throw may end with the decision "reste" too
GRAMMAR_RESTE = GRAMMAR.replace(STAY, STAY.replace("|part)", "|part|reste)"))
RESTE = "1. white 6-5 reste\n"


def test_the_parser_is_cached_and_follows_the_grammar(tmp_path, monkeypatch):
    assert GRAMMAR_RESTE != GRAMMAR
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    code = lalr._code(GRAMMAR)
    assert len(list((tmp_path / "trictrac").glob("grammar-*.marshal"))) == 1
    original = _module(code)
    with pytest.raises(original.UnexpectedInput):
        original.Lark_StandAlone().parse(RESTE)

    generated = []
    real = lalr._generate
    monkeypatch.setattr(lalr, "_generate", lambda grammar: generated.append(grammar) or real(grammar))
    assert lalr._code(GRAMMAR).co_code == code.co_code
    assert generated == []  # read from the cache
    changed = lalr._code(GRAMMAR_RESTE)
    assert generated == [GRAMMAR_RESTE]  # a changed grammar: generated afresh, no command to run
    tree = _module(changed).Lark_StandAlone().parse(RESTE)
    (decision,) = [t for t in tree.iter_subtrees_topdown() if t.data == "decision"]
    assert [str(c) for c in decision.children] == ["reste"]
    lalr._code(GRAMMAR_RESTE)
    assert generated == [GRAMMAR_RESTE]


def test_a_cut_short_cache_file_is_made_again(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    code = lalr._code(GRAMMAR)
    (cached,) = (tmp_path / "trictrac").glob("grammar-*.marshal")
    whole = cached.read_bytes()
    cached.write_bytes(whole[: len(whole) // 2])  # as a writer stopped half-way would leave it
    generated = []
    real = lalr._generate
    monkeypatch.setattr(lalr, "_generate", lambda grammar: generated.append(grammar) or real(grammar))
    again = lalr._code(GRAMMAR)
    assert len(generated) == 1
    text = RECORD.read_text(encoding="utf-8")
    assert _module(again).Lark_StandAlone().parse(text) == _module(code).Lark_StandAlone().parse(text)
    lalr._code(GRAMMAR)
    assert len(generated) == 1  # the file was written whole again


def _run(argv, env: dict) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "trictrac_notation.cli.main", *map(str, argv)],
                          env=dict(os.environ, **env), capture_output=True, text=True, timeout=120)
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize("argv", [["check", RECORD], ["replay", "--json", RECORD],
                                  ["check", ROOT / "tests" / "data" / "broken" / "syntax.tric"],
                                  ["rules", "show", "guiton-1822"]], ids=["check", "replay", "syntax", "rules"])
def test_no_cache_or_a_broken_one_prints_the_same(argv, tmp_path):
    warm = _run(argv, {"XDG_CACHE_HOME": str(tmp_path)})
    assert warm == _run(argv, {"XDG_CACHE_HOME": str(tmp_path)})  # the second run reads the cache
    assert warm == _run(argv, {"XDG_CACHE_HOME": "/dev/null/no-cache"})  # none to be had: made in memory
    for path in (tmp_path / "trictrac").iterdir():
        path.write_bytes(b"\x80broken")
    assert warm == _run(argv, {"XDG_CACHE_HOME": str(tmp_path)})


# --- the rule sets' cache ------------------------------------------------------------------------

@pytest.fixture
def own_rules(tmp_path, monkeypatch):
    """The tool's rule sets copied into a folder of their own, which the loader takes for rules_data/."""
    folder = tmp_path / "rules_data"
    folder.mkdir()
    for path in rulesets.rules_dir().glob("*.yaml"):
        (folder / path.name).write_bytes(path.read_bytes())
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(rulesets, "rules_dir", lambda: folder)
    rulesets._own_folder.cache_clear()
    rulesets._own.cache_clear()
    yield folder
    rulesets._own_folder.cache_clear()
    rulesets._own.cache_clear()


def test_a_rule_set_of_the_tool_is_cached_and_follows_its_file(own_rules, monkeypatch):
    assert rulesets.named_ruleset("guiton-1822").points("six-tables", False) == 4
    assert len(list((own_rules.parent / "cache" / "trictrac").glob("rules-*-guiton-1822.marshal"))) == 1

    rulesets._own.cache_clear()  # as a new process: the resolved rule set comes from the cache file
    real = rulesets._resolve
    resolved = []
    monkeypatch.setattr(rulesets, "_resolve", lambda *a: resolved.append(a[0].name) or real(*a))
    assert rulesets.named_ruleset("guiton-1822").points("six-tables", False) == 4
    assert resolved == []

    path = own_rules / "guiton-1822.yaml"
    text = path.read_text(encoding="utf-8")
    six = "  six-tables:         {simple: 4,"  # in points:, the first six-tables of the file
    assert text.index(six) < text.index("\njans:")
    path.write_text(text.replace(six, six.replace("4", "6"), 1), encoding="utf-8")
    assert rulesets.named_ruleset("guiton-1822").points("six-tables", False) == 6
    assert resolved == ["guiton-1822.yaml"]


def test_a_file_of_ones_own_is_never_cached(own_rules, tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: {id: modern, decided: a test}\nidentity: {author: me, title: mine, year: 2026, "
                    "edition: '?', place: '?'}\n", encoding="utf-8")
    assert rulesets._cache_file(mine) is None
    assert rulesets.load_ruleset(str(mine)).id == "mine"
    assert not list((own_rules.parent / "cache").rglob("rules-*-mine.*"))


def test_the_bench_script_prints_its_ratio():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "bench_cli.py"), "--runs", "1"],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    last = done.stdout.strip().split("\n")[-1]
    assert last.startswith("ratio: ") and float(last.split()[1]) > 1
