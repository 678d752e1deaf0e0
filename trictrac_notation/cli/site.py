"""``trictrac site init DIR``, ``trictrac site build [--out DIR]`` and ``trictrac site serve``: the static site
(see site.py; a site of one's own: siteinit.py)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .common import Subparsers


def register(sub: Subparsers) -> None:
    s = sub.add_parser("site", help="build or serve the static site (game pages, rules compendium, tutorials)")
    actions = s.add_subparsers(dest="site_command", metavar="ACTION")
    actions.required = True
    i = actions.add_parser("init", help="make a site of one's own in DIR: mkdocs.yml, docs/index.md, docs/games/")
    i.add_argument("dir", metavar="DIR", help="the site's folder (made if need be; nothing in it is overwritten)")
    i.add_argument("--name", default="Trictrac games", help="the site's name (default: Trictrac games)")
    i.set_defaults(func=cmd_init)
    b = actions.add_parser("build", help="generate the pages and build the site (strict: a broken link fails)")
    b.add_argument("--out", default="site", metavar="DIR", help="where the site goes (default: site)")
    b.add_argument("--src", metavar="DIR", help="site sources with games/*.tric (default: the settings' docs_dir)")
    b.add_argument("--cache", metavar="DIR", help="staging and cache folder (default: .site-cache)")
    b.add_argument("--config", metavar="FILE", help="mkdocs settings (default: mkdocs.yml here, else the checkout's)")
    b.add_argument("--strict", action="store_true", help="exit 1 on a record's warning too (as check --strict)")
    b.add_argument("-q", "--quiet", action="store_true", help="no progress bar, no summary")
    b.set_defaults(func=cmd_build)
    v = actions.add_parser("serve", help="serve the site on localhost, rebuilding when a source changes")
    v.add_argument("--addr", default="127.0.0.1:8000", metavar="HOST:PORT", help="default: 127.0.0.1:8000")
    v.add_argument("--config", metavar="FILE", help="mkdocs settings (default: mkdocs.yml here, else the checkout's)")
    v.set_defaults(func=cmd_serve)


def cmd_init(args: argparse.Namespace) -> int:
    from ..site.siteinit import InitError, init

    try:
        written = init(args.dir, args.name)
    except InitError as e:
        print(f"trictrac site: {e}", file=sys.stderr)
        return 1
    except OSError as e:
        print(f"trictrac site: {args.dir}: error: cannot write the site there: {e.strerror}", file=sys.stderr)
        return 1
    for path in written:
        print(f"wrote {path}")
    print(f"next: cd {args.dir} && trictrac site build")
    return 0


def cmd_build(args: argparse.Namespace) -> int:
    """Build the site; its records' errors and warnings are listed as check lists them, and the site is built
    all the same (their pages show them): exit 1 on an error (with --strict, on a warning too)."""
    import signal

    from ..site.site import Interrupted, SiteError, build

    def stop(number: int, frame: object) -> None:
        raise KeyboardInterrupt
    saved = signal.signal(signal.SIGTERM, stop)  # as Ctrl-C: the build stops and leaves the previous site
    try:
        report = build(args.out, src=args.src, cache=args.cache, config_file=args.config,
                       progress=False if args.quiet else None)
    except Interrupted as e:
        print(f"trictrac site: {e}", file=sys.stderr)
        return 130
    except SiteError as e:
        print(f"trictrac site: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:  # before the build began
        print("trictrac site: interrupted", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, saved)
    g, r = report.generated, report.generated.report
    for line in r.lines:
        print(line, file=sys.stderr)
    if r.errors or r.warnings:
        print(f"trictrac site: the records have {r.errors} error{'s' if r.errors != 1 else ''} and {r.warnings} "
              f"warning{'s' if r.warnings != 1 else ''} (above; their pages show them too)", file=sys.stderr)
    if not args.quiet:
        print(f"site built in {report.seconds:.1f} s: {len(g.games)} game page{'s' if len(g.games) != 1 else ''} "
              f"({len(g.rendered)} rendered, {len(g.reused)} unchanged)")
        print(f"open {(Path(report.out) / 'index.html').as_uri()}")
    return 1 if r.errors or (args.strict and r.warnings) else 0


def cmd_serve(args: argparse.Namespace) -> int:
    from ..site.site import SiteError, serve

    try:
        serve(args.addr, config_file=args.config)
    except SiteError as e:
        print(f"trictrac site: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    return 0
