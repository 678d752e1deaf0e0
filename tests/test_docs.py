"""The README and the manual (docs/): their examples print what they say, their links lead somewhere, and they
speak of the project, not of how its work was organised."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import run_cli

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _block_after(text: str, marker: str) -> str:
    """The fenced block that follows ``marker``."""
    start = text.index("```", text.index(marker))
    start = text.index("\n", start) + 1
    return text[start:text.index("```", start)]


def test_the_readme_s_check_example_prints_what_it_says(tmp_path, monkeypatch):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    record = _block_after(readme, "## The notation in one example")
    shown = _block_after(readme, "and `check` says so").splitlines()
    assert shown[0] == "$ trictrac check example.tric"
    (tmp_path / "example.tric").write_text(record, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("check", "example.tric")
    assert code == 1
    assert out.splitlines() == shown[1:-1] and err.strip() == shown[-1]  # the count goes to stderr


def test_the_score_contract_s_example_prints_what_it_says():
    text = (ROOT / "docs/contracts.md").read_text(encoding="utf-8")
    block = _block_after(text, "## score").splitlines()
    command = " ".join(line.strip() for line in block[:2])
    request = command[command.index("'") + 1:command.rindex("'")]
    code, out, _ = run_cli("score", stdin=request)
    assert (code, json.loads(out)) == (0, json.loads(block[2]))


def test_the_import_and_export_example_prints_what_it_says(tmp_path, monkeypatch):
    block = _block_after((ROOT / "docs/contracts.md").read_text(encoding="utf-8"), "## import and export")
    _, mat, rest, exported = block.split("$ ")
    monkeypatch.chdir(tmp_path)
    Path("short.mat").write_text(mat.split("\n", 1)[1], encoding="utf-8")
    assert run_cli("import", "short.mat", "-o", "short.tric")[0] == 0
    assert Path("short.tric").read_text(encoding="utf-8") == rest.split("\n", 1)[1]
    code, out, _ = run_cli("export", "short.tric", "--format", "mat")
    assert code == 0 and out.rstrip("\n") == exported.split("\n", 1)[1].rstrip("\n")


LINK = re.compile(r"\]\(([^)\s#]+)(?:#[^)\s]*)?\)")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_link_of_the_readme_and_the_manual_leads_to_a_file(page):
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if "://" not in target:
            assert (page.parent / target).exists(), f"{page.name} links to {target}, which is not there"


@pytest.mark.parametrize("page", [*PAGES, *sorted((ROOT / "site_src").rglob("*.md"))], ids=lambda p: p.name)
def test_the_pages_speak_of_the_project_not_of_how_its_work_was_organised(page):
    text = page.read_text(encoding="utf-8")
    dated = re.findall(r"\bsessions?\b|this stage|measured after|merged main|so far\b", text, re.I)
    assert not dated, f"{page.relative_to(ROOT)}: {dated}"


def test_the_readme_is_a_front_door():
    """What a newcomer reads in ten minutes: what it is, the two commands, a tour, links; the rest is docs/."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 120
    headings = re.findall(r"^## (.+)$", readme, re.M)
    assert headings == ["Quick start", "The notation in one example", "A tour of the commands", "Read more"]
