"""Benchmark: the site for a corpus of games, against plain mkdocs pages holding the same moves.

Generates N random legal games of about 150 throws (``trictrac_notation.games.trictrac.randomgame``, scored under a rule
set, a few throws marked ``{diagram}`` as an author marks them), then, each build a fresh process as a user
runs it:

* ours: ``trictrac site build`` of those games, and of the same site with no game (the fixed part: the
  rules compendium, the theme) — a game page costs the difference divided by N;
* the peer: plain ``mkdocs build`` (the same theme, search and offline plugins, the same navigation) of N
  pages each holding the same game's moves as a Markdown table, and of the same site with no game;
* the rebuild after one record changed (ours), against our full build.

Prints the build time per game page, ``bytes per game: N`` (a game's files: page, viewer data, chart, record)
and last ``ratio: X`` = our time per game page / the plain page's.  Targets: ratio <= 2.0, <= 150,000 bytes
per game, a rebuild after changing one record <= 0.1 of the full build (at N = 200).  The load average is
printed before and after: the machine may be shared.

With ``--view`` the site built is then opened from file:// in headless Chromium (playwright and Debian's
chromium, as the tests use them): a few game pages, each stepped through with the viewer's keys, every
diagram drawn with its fifteen dames a side and no script error, and a search.

Usage: python scripts/bench_site.py [--games 200] [--throws 150] [--rules guiton-1822] [--keep DIR] [--profile]
       [--view]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MARKED = 3  # throws a game marks {diagram}: drawn as static SVG on its page


def game_text(seed: int, throws: int, rules: str | None) -> str:
    """A random legal game of ``throws`` throws (relevés follow one another) with a few throws marked."""
    import random

    from trictrac_notation.games.trictrac.randomgame import random_record
    from trictrac_notation.notation.reader import write
    from trictrac_notation.notation.record import Header

    record = random_record(seed, max_throws=throws, relevés=throws)
    record.headers.append(Header("White", f"Player {2 * seed}"))
    record.headers.append(Header("Black", f"Player {2 * seed + 1}"))
    if rules:
        record.headers.append(Header("Rules", rules))
    for throw in random.Random(seed).sample(record.throws, min(MARKED, len(record.throws))):
        throw.comments.append("diagram")
    return write(record)


def plain_page(title: str, text: str) -> str:
    """The same moves as a Markdown table: what a plain mkdocs page of the game would hold."""
    from trictrac_notation.notation.reader import parse

    record, _ = parse(text)
    lines = [f"# {title}", "", "| # | player | dice | moves |", "|---|---|---|---|"]
    for i, t in enumerate(record.throws, 1):
        lines.append(f"| {t.number or i} | {t.side} | {t.dice_text} | {' '.join(m.text for m in t.moves)} |")
    return "\n".join(lines) + "\n"


PLAIN_CONFIG = """site_name: Plain pages
use_directory_urls: false
theme:
  name: material
  font: false
  features: [navigation.sections, navigation.indexes]
plugins: [search, offline]
markdown_extensions: [tables, toc]
nav:
"""


def make_sources(root: Path, n: int, throws: int, rules: str | None) -> tuple[Path, Path]:
    """Our site's sources (index and games/*.tric) and the plain mkdocs site (mkdocs.yml, docs/)."""
    ours, plain = root / "ours-src", root / "plain"
    (ours / "games").mkdir(parents=True)
    (plain / "docs/games").mkdir(parents=True)
    index = "# Benchmark\n\nThe [games](games/index.md).\n"
    (ours / "index.md").write_text(index, encoding="utf-8")
    (plain / "docs/index.md").write_text(index, encoding="utf-8")
    games = []
    for i in range(n):
        gid = f"random-{i:04d}"
        text = game_text(i + 1, throws, rules)
        (ours / "games" / f"{gid}.tric").write_text(text, encoding="utf-8")
        (plain / "docs/games" / f"{gid}.md").write_text(plain_page(f"Random game {i + 1}", text), encoding="utf-8")
        games.append(gid)
    (plain / "docs/games/index.md").write_text(
        "# Games\n\n" + "".join(f"- [{g}]({g}.md)\n" for g in games), encoding="utf-8")
    return ours, plain


def plain_nav(plain: Path, listed: list[str]) -> None:
    """The plain site's navigation, as ours: home, then the games' index and the games ours lists."""
    entries = "".join(f"      - games/{g}.md\n" for g in listed)
    (plain / "mkdocs.yml").write_text(PLAIN_CONFIG + "  - index.md\n  - Games:\n      - games/index.md\n" + entries,
                                      encoding="utf-8")


def run(cmd: list, label: str) -> float:
    start = time.perf_counter()
    done = subprocess.run([str(c) for c in cmd], capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode:
        sys.exit(f"{label} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}")
    return seconds


def ours_build(src: Path, root: Path, tag: str, profile: Path | None = None) -> float:
    cmd = [sys.executable]
    if profile:
        cmd += ["-m", "cProfile", "-o", profile]
    cmd += [Path(sys.executable).with_name("trictrac"), "site", "build", "--src", src, "--cache", root / f"cache-{tag}",
            "--out", root / f"out-{tag}", "-q"]
    return run(cmd, f"trictrac site build ({tag})")


def plain_build(plain: Path, tag: str) -> float:
    return run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", plain / "mkdocs.yml", "-d", plain / f"site-{tag}"],
               f"mkdocs build ({tag})")


def game_bytes(out: Path, gids: list[str]) -> int:
    """The bytes of every file a game adds to the site: its page, viewer data, chart and record."""
    total = 0
    for gid in gids:
        total += sum(p.stat().st_size for p in (out / "games").glob(f"{gid}.*"))
    return total // max(len(gids), 1)


VIEW = """() => { const svg = document.querySelector('.tv-diagram .tv-full svg');
    return {counter: document.querySelector('.tv-counter').textContent,
            dames: svg ? svg.querySelectorAll('circle.dame, circle.off').length : 0}; }"""


def view(out: Path, gids: list[str]) -> str:
    """Open some game pages of the built site in Chromium, step through each, search; a line saying so."""
    from playwright.sync_api import sync_playwright

    pages = sorted({gids[0], gids[len(gids) // 2], gids[-1]})
    stepped = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                                    args=["--headless", "--no-sandbox", "--disable-gpu"])
        for gid in pages:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            errors = []
            page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))  # this page's list
            page.goto((out / "games" / f"{gid}.html").as_uri())
            last = int(page.text_content(".tv-counter").split("/")[1])
            page.focus(".trictrac-viewer")
            for n in range(last + 1):
                seen = page.evaluate(VIEW)
                if seen["counter"] != f"throw {n} / {last}" or seen["dames"] < 2 or errors:
                    sys.exit(f"viewer of {gid} at throw {n}: {seen} {errors}")
                page.keyboard.press("ArrowRight")
                stepped += 1
            page.close()
        page = browser.new_page()
        page.goto((out / "index.html").as_uri())
        page.click(".md-search__input")
        page.keyboard.type("Random game")
        page.wait_for_function("() => document.querySelectorAll('.md-search-result__item').length > 0", timeout=20000)
        browser.close()
    return f"viewed in Chromium from file://: {len(pages)} game pages, {stepped} throws stepped, search answers"


def load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg()) + f" on {os.cpu_count()} cores"
    except OSError:
        return "unknown"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200, help="random games (default 200)")
    p.add_argument("--throws", type=int, default=150, help="throws a game (default 150)")
    p.add_argument("--rules", default="guiton-1822", help="the games' rule set (default guiton-1822; 'none': unscored)")
    p.add_argument("--keep", metavar="DIR", help="build in DIR and keep the sites there (to view them)")
    p.add_argument("--profile", action="store_true", help="profile our full build (cProfile), print the top")
    p.add_argument("--view", action="store_true", help="then open the site in headless Chromium (see above)")
    args = p.parse_args(argv)
    rules = None if args.rules == "none" else args.rules
    print(f"load average before: {load()}")
    tmp = None if args.keep else tempfile.TemporaryDirectory()
    root = Path(args.keep or tmp.name).resolve()
    if args.keep and root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True, exist_ok=True)
    try:
        print(f"generating {args.games} random games of {args.throws} throws…", file=sys.stderr)
        ours, plain = make_sources(root, args.games, args.throws, rules)
        gids = sorted(p.stem for p in (ours / "games").glob("*.tric"))
        empty = root / "empty-src"
        (empty / "games").mkdir(parents=True)
        shutil.copy(ours / "index.md", empty / "index.md")

        ours_0 = ours_build(empty, root, "empty")
        profile = root / "build.prof" if args.profile else None
        ours_n = ours_build(ours, root, "full", profile)
        from trictrac_notation.site.site import Generator

        nav = Generator(ours, root / "cache-full", progress=False).run().nav
        games_nav = next((e["Games"] for e in nav if "Games" in e), [])
        listed = [Path(next(iter(e.values()))).stem for e in games_nav if "index.md" not in str(e)]
        plain_empty = root / "plain-empty"
        (plain_empty / "docs/games").mkdir(parents=True)
        shutil.copy(plain / "docs/index.md", plain_empty / "docs/index.md")
        (plain_empty / "docs/games/index.md").write_text("# Games\n", encoding="utf-8")
        plain_nav(plain_empty, [])
        plain_0 = plain_build(plain_empty, "empty")
        plain_nav(plain, listed)
        plain_n = plain_build(plain, "full")

        record = ours / "games" / f"{gids[len(gids) // 2]}.tric"
        with record.open("a", encoding="utf-8") as f:
            f.write("{changed by the benchmark}\n")
        rebuild = ours_build(ours, root, "full")

        n = max(args.games, 1)
        per_ours, per_plain = (ours_n - ours_0) / n, (plain_n - plain_0) / n
        out = root / "out-full"
        total = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
        plain_bytes = sum(f.stat().st_size for f in (plain / "site-full/games").glob("random-*.html")) // n
        print(f"our site: {ours_n:.1f} s with {args.games} games, {ours_0:.1f} s with none "
              f"({len(listed)} games in the navigation; {total / 1e6:.1f} MB in all)")
        print(f"plain mkdocs: {plain_n:.1f} s with {args.games} pages, {plain_0:.1f} s with none")
        print(f"build time per game page: {per_ours * 1000:.0f} ms (plain page: {per_plain * 1000:.0f} ms)")
        print(f"rebuild after changing one record: {rebuild:.2f} s = {rebuild / ours_n:.3f} of the full build "
              f"(target <= 0.1)")
        print(f"plain page: {plain_bytes:,} bytes")
        print(f"bytes per game: {game_bytes(out, gids)}")
        if args.view:
            print(view(out, gids))
        if profile:
            import pstats

            pstats.Stats(str(profile)).sort_stats("cumulative").print_stats(40)
        print(f"load average after: {load()}")
        print(f"ratio: {per_ours / per_plain:.2f}")
    finally:
        if tmp is not None:
            tmp.cleanup()
    return 0


if __name__ == "__main__":
    sys.exit(main())
