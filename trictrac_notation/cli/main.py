"""The ``trictrac`` command line.

Exit codes: 0 when all is well, 1 when a record has an error, 2 for usage errors.
The names, options and output formats of these commands are relied upon by
outside test suites: extend them, never rename.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .. import __version__
from ..errors import RequestError
from .common import UsageError, _check_rules_option, _print_diagnostics, open_record, trictrac_only

if TYPE_CHECKING:
    from .common import Subparsers


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


# what a note acknowledges, by kind (core.diagnostics.ACKNOWLEDGED): (one, after the count, when all are of it)
_NOTES = {"sic": ("slip", " of the source", "slips of the source acknowledged"),
          "taught": ("fault", " taught by its examples", "faults taught by the source's examples, acknowledged"),
          "abridged": ("passage", " abridged by it", "passages the source abridges on purpose, acknowledged")}


def _summary(errors: int, warnings: int, notes: Counter[str] | None = None) -> str:
    """The counts; ``notes`` by what they acknowledge (sic, taught, abridged)."""
    text = f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}"
    total = sum(notes.values()) if notes else 0
    if not notes or not total:
        return text
    kinds = [k for k in _NOTES if notes[k]]
    what = _NOTES[kinds[0]][2] if len(kinds) == 1 else ", ".join(
        _plural(notes[k], _NOTES[k][0]) + _NOTES[k][1] for k in kinds)
    return text + f", {_plural(total, 'note')} ({what})"


# --- check ----------------------------------------------------------------------

def cmd_check(args: argparse.Namespace) -> int:
    _check_rules_option(args)
    total_errors = total_warnings = 0
    notes: Counter[str] = Counter()
    for path in args.files:
        opened = open_record(args, path, quick=True)
        diags = opened.diagnostics
        _print_diagnostics(diags, opened.text)
        total_errors += sum(d.severity == "error" for d in diags)
        total_warnings += sum(d.severity == "warning" for d in diags)
        notes.update(d.acknowledged or "sic" for d in diags if d.severity == "note")
    sys.stdout.flush()
    if total_errors or total_warnings or not args.quiet:
        print(f"{len(args.files)} file{'s' if len(args.files) != 1 else ''} checked: "
              f"{_summary(total_errors, total_warnings, notes)}", file=sys.stderr)
    return 1 if total_errors or (args.strict and total_warnings) else 0


# --- replay ---------------------------------------------------------------------

def cmd_replay(args: argparse.Namespace) -> int:
    import json

    from ..annotate import backgammon
    from ..annotate.report import replay_json, replay_lines

    _check_rules_option(args)
    opened = open_record(args, args.file)
    text, result = opened.text, opened.replay
    if result is None:
        _print_diagnostics(opened.diagnostics, text, sys.stderr)
        return 1
    bg = opened.game is not None and opened.game.name == "backgammon"  # its own presentation (annotate/backgammon)
    if args.json:
        json.dump((backgammon.replay_json if bg else replay_json)(result), sys.stdout, ensure_ascii=False, indent=1)
        print()
    else:
        lines = backgammon.replay_lines(result, args.bottom) if bg else replay_lines(result, args.coords, args.bottom)
        for line in lines:
            print(line)
        _print_diagnostics(result.diagnostics, text, sys.stderr)
    return 1 if result.errors else 0


# --- convert --------------------------------------------------------------------

def cmd_convert(args: argparse.Namespace) -> int:
    from ..engine.convert import convert
    from ..engine.reading import read
    from ..notation.reader import write

    record, diags, text = read(args.file)
    errors = [d for d in diags if d.severity == "error"]
    if record is None or errors:
        _print_diagnostics(diags, text, sys.stderr)
        print(f"{args.file}: not converted: fix the errors first", file=sys.stderr)
        return 1
    trictrac_only("convert", "rewrites trictrac's coordinate systems (backgammon has one, the federation's points)",
                  record)
    converted, problems = convert(record, args.coords)
    if problems:
        _print_diagnostics(problems, text, sys.stderr)
        return 1
    out = write(converted)
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(out)
        except (OSError, ValueError) as e:  # ValueError: a NUL in the name
            raise UsageError(f"-o {args.output}: cannot write: {getattr(e, 'strerror', None) or e}") from None
    else:
        sys.stdout.write(out)
    return 0


# --- the parser -------------------------------------------------------------------

def _register_check(sub: Subparsers) -> None:
    c = sub.add_parser("check", help="report every error of one or more records, compiler style")
    c.add_argument("files", nargs="+", metavar="FILE")
    c.add_argument("--rules", metavar="ID",
                   help="rule set to apply, ID[+OPTION...] or a .yaml file of your own "
                        "(default: the record's Rules header)")
    c.add_argument("-q", "--quiet", action="store_true", help="print nothing when all is well")
    c.add_argument("--strict", action="store_true",
                   help="fail (exit 1) on warnings too: irregularities the rules let stand, unacknowledged")
    c.set_defaults(func=cmd_check)


def _register_replay(sub: Subparsers) -> None:
    from ..core.coords import SYSTEMS

    r = sub.add_parser("replay", help="print the position after each throw (or the whole replay as JSON)")
    r.add_argument("file", metavar="FILE")
    r.add_argument("--json", action="store_true", help="emit positions, moves and diagnostics as JSON")
    r.add_argument("--rules", metavar="ID",
                   help="rule set to apply, ID[+OPTION...] or a .yaml file of your own "
                        "(default: the record's Rules header)")
    r.add_argument("--coords", choices=sorted(SYSTEMS), help="label the diagrams in this system")
    r.add_argument("--bottom", choices=["white", "black"], help="whose side is drawn at the bottom")
    r.set_defaults(func=cmd_replay)


def _register_convert(sub: Subparsers) -> None:
    from ..core.coords import SYSTEMS

    v = sub.add_parser("convert", help="rewrite a record in another coordinate system, losing nothing")
    v.add_argument("file", metavar="FILE")
    v.add_argument("--coords", required=True, choices=sorted(SYSTEMS), metavar="SYSTEM",
                   help=f"target system: {', '.join(SYSTEMS)}")
    v.add_argument("-o", "--output", metavar="OUT", help="write here instead of standard output")
    v.set_defaults(func=cmd_convert)


OWN = {"check": _register_check, "replay": _register_replay, "convert": _register_convert}
"""The sub-commands defined here, in the order of the help."""

EXTENSIONS = {"diagram": ("diagram",), "rules": ("rules",), "site": ("site",),
              "score": ("score", "compare", "explain"), "arith": ("chances", "simulate"), "marque": ("marque",),
              "mat": ("import", "export"), "play": ("best", "match", "play"), "analyze": ("analyze",),
              "fmt": ("fmt",), "lsp": ("lsp",)}
"""The modules of cli/ that define sub-commands (each has ``register(subparsers)``), in the order of
the help after :data:`OWN`, and the commands each defines."""


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; with ``command`` (the word after ``trictrac``), only the sub-commands of the
    module that defines it, or that command alone when it is one of :data:`OWN`: a command builds and
    imports nothing of the others."""
    p = argparse.ArgumentParser(prog="trictrac", description="Trictrac game records: check, replay, score, draw.")
    p.add_argument("--version", action="version", version=f"trictrac {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for register in _registers(command):
        register(sub)
    return p


def _registers(command: str | None = None) -> list[Callable[[Subparsers], None]]:
    """The ``register`` of ``command``, or of the module defining it; every one when ``command`` is None or
    unknown (the help and the list of choices name them all)."""
    if command in OWN:
        return [OWN[command]]
    modules = [m for m, commands in EXTENSIONS.items() if command in commands]
    if modules:
        return [_register_of(m) for m in modules]
    return [*OWN.values(), *(_register_of(m) for m in EXTENSIONS)]


def _register_of(module: str) -> Callable[[Subparsers], None]:
    register: Callable[[Subparsers], None] = importlib.import_module(f".{module}", __package__).register
    return register


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command of ``argv`` (by default the process's own command line) and return its exit code."""
    if argv is None:
        try:
            return main(sys.argv[1:])
        finally:  # the process ends with the command: what it loaded is left to the exit, which then does not
            gc.freeze()  # look through it all again for cycles to collect (≈ 7 % of a short command's time)
    argv = list(argv)
    parser = build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    command: Callable[[argparse.Namespace], int] = args.func
    try:
        return command(args)
    except (UsageError, RequestError) as e:  # a bad option, argument or JSON request
        print(f"trictrac {args.command}: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
