"""``trictrac import`` and ``trictrac export``: GNU Backgammon's match files (.mat) and our records.

Exit codes: 0 ok, 1 a file with errors (each printed as FILE:LINE:COL), 2 usage.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .common import Subparsers


def register(subparsers: Subparsers) -> None:
    i = subparsers.add_parser("import", help="a GNU Backgammon match file (.mat) as a record, every game of it")
    i.add_argument("file", metavar="FILE", help="a .mat (Jellyfish match) file")
    i.add_argument("-o", "--output", metavar="OUT", help="write here instead of standard output")
    i.set_defaults(func=cmd_import)
    e = subparsers.add_parser("export", help="a backgammon record as a GNU Backgammon match file")
    e.add_argument("file", metavar="FILE")
    e.add_argument("--format", required=True, choices=["mat"], help="mat: the Jellyfish match file gnubg imports")
    e.add_argument("--rules", metavar="ID", help="rule set to apply (default: the record's Rules header)")
    e.add_argument("-o", "--output", metavar="OUT", help="write here instead of standard output")
    e.set_defaults(func=cmd_export)


def _write(text: str, output: str | None) -> None:
    from .common import UsageError

    if not output:
        sys.stdout.write(text)
        return
    try:
        with open(output, "w", encoding="utf-8") as f:
            f.write(text)
    except (OSError, ValueError) as e:
        raise UsageError(f"-o {output}: cannot write: {getattr(e, 'strerror', None) or e}") from None


def cmd_import(args: argparse.Namespace) -> int:
    """The file read, its plays followed on the board (errors and warnings at FILE:LINE:COL), the record written
    when nothing is wrong."""
    from pathlib import Path

    from ..games.backgammon.matfile import load_mat
    from ..games.backgammon.matimport import import_match
    from ..games.backgammon.matrecord import record_text
    from ..games.backgammon.playtext import MatError

    try:
        match = load_mat(args.file)
    except MatError as e:
        print(e, file=sys.stderr)
        return 1
    imported = import_match(match, args.file)
    if imported.diagnostics:
        source = _lines(args.file)
        for d in sorted(imported.diagnostics, key=lambda d: (d.line, d.column)):
            print(d.format(source), file=sys.stderr)
    if imported.errors:
        count = len(imported.errors)
        print(f"{args.file}: not imported: {count} error{'s' if count > 1 else ''}", file=sys.stderr)
        return 1
    text = record_text(imported, title=Path(args.file).stem)
    _write(text, args.output)
    return _checked(text, args.output or "<imported>", args.file)


def _lines(path: str) -> list[str]:
    """The match file's lines, for the diagnostics' quotes (read within bounds, as load_mat read it)."""
    from ..core.files import Unreadable, read_bounded
    from ..games.backgammon.matfile import MAX_MAT_BYTES

    try:
        return read_bounded(path, MAX_MAT_BYTES).decode("utf-8", "replace").splitlines()
    except Unreadable:
        return []


def _checked(text: str, name: str, source: str) -> int:
    """The imported record replayed as check replays it: a play the rules refuse is said, exit 1 (the record is
    written all the same, to be mended)."""
    from ..engine.opengame import open_game
    from .common import _print_diagnostics

    errors = open_game(text, path=name, kind="text").errors
    if not errors:
        return 0
    _print_diagnostics(errors, text, sys.stderr)
    print(f"{source}: imported, with {len(errors)} error{'s' if len(errors) != 1 else ''}: the record holds "
          f"what the rules refuse (above, as `trictrac check` reports it)", file=sys.stderr)
    return 1


def cmd_export(args: argparse.Namespace) -> int:
    from ..games.backgammon.matfile import write_mat
    from ..games.backgammon.matrecord import gnubg_differences, record_to_match
    from .common import _print_diagnostics, open_record

    opened = open_record(args, args.file)
    if opened.game is not None and opened.game.name != "backgammon":
        print(f'{args.file}:1:1: error: not a backgammon record: a .mat file holds backgammon; add '
              '[Game "backgammon"]', file=sys.stderr)
        return 1
    result = opened.replay
    if result is None or opened.errors:
        _print_diagnostics(opened.errors, opened.text, sys.stderr)
        print(f"{args.file}: not exported: fix the errors first", file=sys.stderr)
        return 1
    refused, notes = gnubg_differences(result.rules)
    span = result.record.header_span("Rules")
    where = f"{args.file}:{span.line}:{span.column}" if span else f"{args.file}:1:1"
    for note in notes:
        print(f"{where}: warning: {note}", file=sys.stderr)
    if refused:
        print(f"{where}: error: {refused}\n  hint: a .mat file is for the games GNU Backgammon plays; "
              "replay --json gives every play of this record", file=sys.stderr)
        return 1
    _write(write_mat(record_to_match(result)), args.output)
    return 0
