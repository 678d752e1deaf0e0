"""Screenshots of each type of page of the site, at 400 and 1400 px, in docs/screenshots/ — the site as its readers
meet it, for the docs and for review: taken in Debian's headless Chromium (as the tests drive it) from the site
built into a temporary folder (the checkout's mkdocs.yml: its pages and the manual; or the one ``--site`` names),
each page shown where it is about (a game's viewer a few throws in, the analysis, the matrix's table, the card).
A page the site does not have (the real-play page without ``simulation-player.json``) is left out, said so.

The pictures are PNG reduced to 256 colours (Pillow, matplotlib's own dependency): text stays sharp, and each is
about the size of a JPEG of the same page.

Usage: python scripts/screenshots.py [--site DIR] [--out docs/screenshots] [--widths 400,1400] [--format png|jpeg]
"""

from __future__ import annotations

import argparse
import io
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
    "game-analysis": ("games/kermadeuc-lepeintre.html", "#analysis", 0),
    "game-card": ("games/a-ecrire-quatre-marques.html", "#score-card", 0),
    "historical-index": ("games/historical/index.html", "h2", 0),
    "historical-game": ("games/historical/lepeintre-1818-1-i-petit-jan.html", ".tt-play", 4),
    "corpus": ("corpus.html", None, 0),
    "backgammon-index": ("games/backgammon/index.html", None, 0),
    "backgammon-game": ("games/backgammon/backgammon-match.html", ".tt-play", 21),
    "rules-index": ("rules/index.html", None, 0),
    "treatise": ("rules/guiton-1822.html", None, 0),
    "jan": ("rules/jans/mezeas.html", None, 0),
    "matrix": ("rules/compare.html", ".tt-matrix", 0),
    "simulation": ("rules/simulation.html", "#each-treatise", 0),
    "real-play": ("rules/real-play.html", None, 0),
    "arithmetic": ("rules/arithmetic.html", "#the-sums-of-the-two-dice", 0),
    "chances": ("manual/chances.html", None, 0),
    "tutorial": ("tutorials/hitting.html", None, 0),
    "transcribing": ("transcribing.html", "[id=\"2-typing-the-throws-checked-as-you-type\"]", 0),
    "notation": ("notation.html", None, 0),
    "glossary": ("glossary.html", None, 0),
    "sources": ("sources.html", None, 0),
    "family": ("family/index.html", "#the-family-side-by-side", 0),
    "family-page": ("family/backgammon.html", None, 0),
    "manual": ("manual/index.html", None, 0),
}


def small_png(data: bytes) -> bytes:
    """A screenshot as a PNG of 256 colours, compressed as far as zlib goes."""
    from PIL import Image

    out = io.BytesIO()
    Image.open(io.BytesIO(data)).convert("RGB").quantize(256, dither=Image.Dither.NONE).save(
        out, "PNG", optimize=True)
    return out.getvalue()


def shoot(site: Path, out: Path, widths: list[int], kind: str = "png") -> list[Path]:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    written = []
    missing = [name for name, (rel, _, _) in PAGES.items() if not (site / rel).is_file()]
    for name in missing:
        print(f"{name}: {PAGES[name][0]} is not in this site: left out", file=sys.stderr)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        for width in widths:
            page = browser.new_page(viewport={"width": width, "height": 900 if width > 600 else 860})
            for name, (rel, focus, steps) in PAGES.items():
                if name in missing:
                    continue
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
                if kind == "jpeg":
                    page.screenshot(path=str(path), type="jpeg", quality=60)
                else:
                    path.write_bytes(small_png(page.screenshot(type="png")))
                written.append(path)
            page.close()
        browser.close()
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build the bundled one)")
    parser.add_argument("--out", type=Path, default=ROOT / "docs/screenshots")
    parser.add_argument("--widths", default="400,1400")
    parser.add_argument("--format", choices=("png", "jpeg"), default="png",
                        help="png: 256 colours, sharp text; jpeg: quality 60")
    args = parser.parse_args()
    widths = [int(w) for w in args.widths.split(",")]
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            sys.path.insert(0, str(ROOT))
            from trictrac_notation.site.site import build

            site = Path(tmp) / "site"
            build(site, config_file=ROOT / "mkdocs.yml", cache=Path(tmp) / "cache", progress=False)
        written = shoot(site, args.out, widths, args.format)
        for path in written:
            print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
        print(f"{len(written)} screenshots, {sum(p.stat().st_size for p in written):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
