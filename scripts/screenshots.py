"""Screenshots of each type of page of the site, at 400 and 1400 px, in docs/screenshots/ — the site as its readers
meet it, for the docs and for review: taken in Debian's headless Chromium (as the tests drive it) from the bundled
site built into a temporary folder (or the one ``--site`` names), each page shown where it is about (a game's
viewer a few throws in, the matrix's table, the card).

Usage: python scripts/screenshots.py [--site DIR] [--out docs/screenshots] [--widths 400,1400] [--format jpeg|png]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
# name: (page, the element to bring to the top, or None, keys pressed in the viewer first)
PAGES = {
    "home": ("index.html", None, 0),
    "authors": ("authors.html", None, 0),
    "games-index": ("games/index.html", None, 0),
    "game": ("games/guiton-le-coin-battu.html", ".tt-play", 21),
    "game-card": ("games/a-ecrire-quatre-marques.html", "#score-card", 0),
    "historical-index": ("games/historical/index.html", "h2", 0),
    "corpus": ("corpus.html", None, 0),
    "historical-game": ("games/historical/lepeintre-1818-1-i-petit-jan.html", ".tt-play", 4),
    "backgammon-game": ("games/backgammon/backgammon-match.html", ".tt-play", 21),
    "matrix": ("rules/compare.html", ".tt-matrix", 0),
    "simulation": ("rules/simulation.html", "#each-treatise", 0),
    "treatise": ("rules/guiton-1822.html", None, 0),
    "jan": ("rules/jans/mezeas.html", None, 0),
    "tutorial": ("tutorials/hitting.html", None, 0),
}


def shoot(site: Path, out: Path, widths: list[int], kind: str = "jpeg") -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        for width in widths:
            page = browser.new_page(viewport={"width": width, "height": 900 if width > 600 else 860})
            for name, (rel, focus, steps) in PAGES.items():
                page.goto((site / rel).as_uri())
                if steps:
                    page.focus(".trictrac-viewer")
                    for _ in range(steps):
                        page.keyboard.press("ArrowRight")
                if focus:
                    page.evaluate("s => window.scrollTo(0, document.querySelector(s).getBoundingClientRect().top "
                                  "+ window.scrollY - 60)", focus)
                page.wait_for_timeout(150)
                path = out / f"{name}-{width}.{'jpg' if kind == 'jpeg' else kind}"
                page.screenshot(path=str(path), type=kind, **({"quality": 60} if kind == "jpeg" else {}))
                written.append(path)
            page.close()
        browser.close()
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build the bundled one)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs/screenshots")
    parser.add_argument("--widths", default="400,1400")
    parser.add_argument("--format", choices=("jpeg", "png"), default="jpeg", help="png: lossless, about 4 times larger")
    args = parser.parse_args()
    widths = [int(w) for w in args.widths.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            sys.path.insert(0, str(ROOT))
            from trictrac_notation.site.site import build

            site = Path(tmp) / "site"
            build(site, src=ROOT / "site_src", cache=Path(tmp) / "cache", progress=False)
        for path in shoot(site, args.out, widths, args.format):
            print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
