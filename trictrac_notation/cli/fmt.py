"""``trictrac fmt FILE|FOLDER... [--check]``: records rewritten in the canonical layout (notation/layout.py).

Like ``black``: without ``--check`` each file that changes is rewritten in place; with it nothing is written,
the files that would change are named and the exit is 1.  A file with syntax errors is never touched: its
errors are printed as ``check`` prints them (exit 1).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from .common import UsageError, _print_diagnostics

if TYPE_CHECKING:
    from .common import Subparsers


def cmd_fmt(args: argparse.Namespace) -> int:
    from ..notation.layout import LayoutError, format_record
    from ..notation.reader import read_text

    changed = unchanged = failed = 0
    for path in _records(args.files):
        text, diags = read_text(path)
        if text is None:
            _print_diagnostics(diags, text, sys.stderr)
            failed += 1
            continue
        try:
            out = format_record(text, path)
        except LayoutError as e:
            _print_diagnostics(e.diagnostics, text, sys.stderr)
            print(f"{path}: {e.message}", file=sys.stderr)
            failed += 1
            continue
        if out == text:
            unchanged += 1
            continue
        changed += 1
        if args.check:
            print(f"would reformat {path}", file=sys.stderr)
            continue
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(out)
        except OSError as e:
            raise UsageError(f"{path}: cannot write: {e.strerror or e}") from None
        print(f"reformatted {path}", file=sys.stderr)
    if not args.quiet or changed or failed:
        verb = "would be reformatted" if args.check else "reformatted"
        parts = [f"{changed} file{'s' if changed != 1 else ''} {verb}",
                 f"{unchanged} file{'s' if unchanged != 1 else ''} {'would be ' if args.check else ''}left unchanged"]
        if failed:
            parts.append(f"{failed} file{'s' if failed != 1 else ''} not formatted (errors above)")
        print(", ".join(parts) + ".", file=sys.stderr)
    return 1 if failed or (args.check and changed) else 0


def _records(names: list[str]) -> list[str]:
    """The files named, a folder standing for every ``*.tric`` under it (as black takes a folder)."""
    from pathlib import Path

    out: list[str] = []
    for name in names:
        folder = Path(name)
        out.extend(sorted(str(p) for p in folder.rglob("*.tric") if p.is_file()) if folder.is_dir() else [name])
    return out


def register(sub: Subparsers) -> None:
    f = sub.add_parser("fmt", help="rewrite records in the canonical layout (--check: only say which would change)",
                       description="Headers in order, one throw a line, single spaces, long comments wrapped; "
                                   "nothing of the record changes (the layout is read back and compared).")
    f.add_argument("files", nargs="+", metavar="FILE", help="a record, or a folder: every *.tric under it")
    f.add_argument("--check", action="store_true",
                   help="write nothing; name the files that would change and exit 1 if any would")
    f.add_argument("-q", "--quiet", action="store_true", help="print nothing when all is well")
    f.set_defaults(func=cmd_fmt)
