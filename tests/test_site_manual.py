"""Pages beside the generated ones: the manual (the checkout's docs/) published under manual/, and every page an
author adds appearing in the navigation."""

from __future__ import annotations

from pathlib import Path

import pytest

from trictrac_notation.site.site import Generator, SiteError

ROOT = Path(__file__).resolve().parent.parent


def _generate(root: Path, manual: Path | None = None, pages: dict[str, str] | None = None):
    src = root / "src"
    (src / "games").mkdir(parents=True, exist_ok=True)
    (src / "index.md").write_text("# Home\n", encoding="utf-8")
    (src / "notation.md").write_text("# The notation\n", encoding="utf-8")
    for rel, text in (pages or {}).items():
        (src / rel).parent.mkdir(parents=True, exist_ok=True)
        (src / rel).write_text(text, encoding="utf-8")
    return Generator(src, root / "cache", progress=False, compendium=False, manual=manual).run()


def _titles(nav) -> list:
    return [next(iter(e)) if isinstance(e, dict) else e for e in nav]


def test_the_manual_is_published_under_manual_in_the_order_its_index_gives(tmp_path):
    docs = tmp_path / "docs"
    (docs / "pictures").mkdir(parents=True)
    (docs / "index.md").write_text("# The manual\n\n[Second](b.md), then [first](a.md).\n", encoding="utf-8")
    (docs / "a.md").write_text("# Alpha\n\nSee [the notation](../src/notation.md#moves) and "
                               "![a board](pictures/board.png).\n", encoding="utf-8")
    (docs / "b.md").write_text("# Beta\n", encoding="utf-8")
    (docs / "pictures/board.png").write_bytes(b"\x89PNG")
    (docs / "pictures/unused.png").write_bytes(b"\x89PNG")
    (docs / ".draft.md").write_text("# Not ready\n", encoding="utf-8")
    out = _generate(tmp_path, manual=docs)
    (manual,) = [e["Manual"] for e in out.nav if isinstance(e, dict) and "Manual" in e]
    assert manual == [{"The manual": "manual/index.md"}, {"Beta": "manual/b.md"}, {"Alpha": "manual/a.md"}]
    page = (out.staging / "manual/a.md").read_text(encoding="utf-8")
    assert "[the notation](../notation.md#moves)" in page and "](pictures/board.png)" in page
    assert (out.staging / "manual/pictures/board.png").is_file()
    assert not (out.staging / "manual/pictures/unused.png").exists()
    assert not (out.staging / "manual/.draft.md").exists()


def test_a_manual_that_is_missing_or_clashes_with_the_sources_is_one_message(tmp_path):
    with pytest.raises(SiteError, match=r"docs: error: no such folder \(the manual"):
        _generate(tmp_path, manual=tmp_path / "docs")
    (tmp_path / "docs").mkdir()
    with pytest.raises(SiteError, match=r"src/manual: error: the manual is published as manual/"):
        _generate(tmp_path, manual=tmp_path / "docs", pages={"manual/x.md": "# X\n"})


def test_a_page_an_author_adds_appears_in_the_navigation(tmp_path):
    """A page under docs/ that no section names used to be left out of the sidebar, reachable from nowhere."""
    out = _generate(tmp_path, pages={"about.md": "# About this site\n", "guides/index.md": "# Guides\n",
                                     "guides/openings.md": "# Openings\n", "more/page.md": "# A page\n"})
    assert {"About this site": "about.md"} in out.nav
    assert {"Guides": [{"Guides": "guides/index.md"}, {"Openings": "guides/openings.md"}]} in out.nav
    assert {"More": [{"A page": "more/page.md"}]} in out.nav
    assert _titles(out.nav)[:2] == ["Home", "Games"]
    assert _titles(out.nav).count("Notation") == 1  # a page some section names is not listed twice


def test_the_checkout_s_site_publishes_the_manual():
    from conftest import site_settings

    plugin = site_settings()
    assert plugin["manual"] == "docs" and (ROOT / "docs/index.md").is_file()
