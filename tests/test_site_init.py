"""A site of one's own (issue 11): `trictrac site init DIR` writes the settings, an index page and a games
folder; `trictrac site build` there builds the author's games with the rules of the treatises and the
notation page from the package (or leaves them out), and uses and lists the author's own rule files.

The last test does it as a new user would: the wheel built with `pip wheel . --no-deps`, installed into a
fresh virtual environment (its dependencies taken from this one's, already installed, so that the test
needs no index but setuptools for the build, and takes about 10 s), in a folder outside the checkout.  It
runs in the suite."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
from conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
HOUSE_RULES = """identity:
  author: A house
  title: Our house rules
  year: 2026
  edition: first
  place: here
extends:
  id: guiton-1822
  decided: Guiton's rules, with the jan de rencontre as Jollyvet scores it
jans:
  rencontre: {scored: true, decided: we score it}
points:
  rencontre: {simple: 4, doublet: 6, decided: as Jollyvet}
variants:
  rencontre_scope: {value: partie, decided: as Jollyvet}
"""
# Black throws what White threw: the jan de rencontre, which Guiton does not score and the house rules do
RENCONTRE = ('[Title "A rencontre"]\n[Rules "house-rules"]\n[First "white"]\n\n'
             "1. white 6-5 T-6 T-5\n2. black 6-5 T-6 T-5\n")


def own_site(folder: Path) -> None:
    (folder / "docs/rules/house-rules.yaml").write_text(HOUSE_RULES, encoding="utf-8")
    (folder / "docs/games/rencontre.tric").write_text(RENCONTRE, encoding="utf-8")


def check_built(site: Path) -> None:
    """The author's games, his rule set used and listed, the treatises' rules and the notation page."""
    example = (site / "games/example.html").read_text(encoding="utf-8")
    assert "A first example" in example and 'class="trictrac-marked"' in example  # its {diagram} drawn
    rencontre = (site / "games/rencontre.html").read_text(encoding="utf-8")
    assert "black +4 jan de rencontre" in rencontre and "No error and no warning" in rencontre
    index = (site / "rules/index.html").read_text(encoding="utf-8")
    assert re.search(r'href="house-rules\.html">Our house rules \(2026\)</a> \(<em>this site.s</em>', index)
    assert 'href="guiton-1822.html"' in index and (site / "rules/house-rules.yaml").is_file()
    assert "Coordinate systems" in (site / "notation.html").read_text(encoding="utf-8")
    for name in ("layout.js", "board.js", "viewer.js", "trictrac.css"):
        assert (site / "assets/trictrac" / name).is_file()


def test_init_writes_a_site_and_overwrites_nothing(tmp_path):
    code, out, err = run_cli("site", "init", tmp_path / "mine", "--name", 'Les "parties" de Paul')
    assert code == 0 and "wrote" in out and "trictrac site build" in out
    assert {p.relative_to(tmp_path / "mine").as_posix() for p in (tmp_path / "mine").rglob("*") if p.is_file()} == {
        "mkdocs.yml", "docs/index.md", "docs/games/example.tric", ".gitignore"}
    assert 'site_name: "Les \\"parties\\" de Paul"' in (tmp_path / "mine/mkdocs.yml").read_text(encoding="utf-8")
    code, out, err = run_cli("site", "init", tmp_path / "mine")
    assert code == 1 and "mkdocs.yml: error: already there" in err and "Traceback" not in err


def test_build_where_there_is_no_site_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("trictrac_notation.site.site.ROOT_CONFIG", tmp_path / "no-checkout/mkdocs.yml")
    code, _, err = run_cli("site", "build", "-q")
    assert code == 1 and "no mkdocs.yml here" in err and "trictrac site init DIR" in err


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A site made with init, with a rule set of one's own, a game naming it, and a rule file that cannot
    be read with a game naming it, built where it is (`trictrac site build`, no option)."""
    root = tmp_path_factory.mktemp("own")
    run_cli("site", "init", root / "mine")
    own_site(root / "mine")
    (root / "mine/docs/rules/bad.yaml").write_text("identity:\n  author: me\nextends: guiton-1822\n")
    (root / "mine/docs/games/bad.tric").write_text('[Rules "bad"]\n[First "white"]\n\n1. white 6-4 T-6 T-4\n')
    with pytest.MonkeyPatch.context() as mp:
        mp.chdir(root / "mine")
        code, out, err = run_cli("site", "build")
    # the game naming the bad rule file is an error, listed as check lists it; the site is built all the same
    assert code == 1 and err.startswith("docs/games/bad.tric:1:1: error: identity: missing 'title'"), err
    assert "the records have 1 error and 0 warnings" in err
    return root, out


def test_a_site_of_ones_own(built):
    root, out = built
    assert "3 game pages" in out
    check_built(root / "mine/site")


def test_a_bad_rule_file_of_ones_own_is_reported_at_its_line(built):
    root, _ = built
    index = (root / "mine/site/rules/index.html").read_text(encoding="utf-8")
    assert re.search(r"<code>rules/bad\.yaml:\d+:\d+: identity: missing", index)
    assert re.search(r"rules/bad\.yaml:\d+:\d+: ", (root / "mine/site/games/bad.html").read_text(encoding="utf-8"))
    assert str(root) not in index


def test_the_compendium_and_the_notation_page_may_be_left_out(tmp_path, monkeypatch):
    run_cli("site", "init", tmp_path / "mine")
    settings = tmp_path / "mine/mkdocs.yml"
    text = settings.read_text(encoding="utf-8")
    settings.write_text(text.replace("compendium: true", "compendium: false").replace("notation: true",
                                                                                       "notation: false"))
    (tmp_path / "mine/docs/index.md").write_text("# Mine\n\nThe [games](games/index.md).\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path / "mine")
    code, _, err = run_cli("site", "build", "-q")
    assert code == 0, err
    site = tmp_path / "mine/site"
    assert (site / "games/example.html").is_file()
    assert not (site / "rules").exists() and not (site / "notation.html").exists()


def test_a_site_of_ones_own_from_the_wheel_in_a_fresh_environment(tmp_path):
    """`pip wheel . --no-deps`, a fresh venv, `pip install` the wheel, then init and build outside the checkout."""
    source = tmp_path / "source"  # a copy: building the wheel writes build/ into its folder
    source.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy(ROOT / name, source / name)
    for name in ("trictrac_notation", "grammar", "rules_data", "site_src"):
        shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__"))
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", str(source), "--no-deps", "-w", str(tmp_path / "wheels")], check=True,
                   capture_output=True)
    wheel = next((tmp_path / "wheels").glob("trictrac_notation-*.whl"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin/python"
    inner = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                           capture_output=True, text=True, check=True).stdout.strip()
    # the dependencies, as installed already (this environment's packages, not its trictrac_notation)
    Path(inner, "dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    subprocess.run([*pip, "--python", str(python), "install", "--no-deps", str(wheel)], check=True,
                   capture_output=True)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    where = subprocess.run([str(python), "-c", "import trictrac_notation; print(trictrac_notation.__file__)"],
                           capture_output=True, text=True, check=True, cwd=tmp_path, env=env).stdout
    assert where.startswith(inner) and str(ROOT) not in where  # the installed package, not the checkout
    trictrac = venv / "bin/trictrac"
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    subprocess.run([str(trictrac), "site", "init", "mine"], cwd=outside, env=env, check=True, capture_output=True)
    own_site(outside / "mine")
    built = subprocess.run([str(trictrac), "site", "build"], cwd=outside / "mine", env=env, capture_output=True,
                           text=True)
    assert built.returncode == 0, built.stderr
    assert "2 game pages" in built.stdout
    check_built(outside / "mine/site")
