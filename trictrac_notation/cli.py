"""The ``trictrac`` command line.

Exit codes: 0 when all is well, 1 when a record has an error, 2 for usage errors.
The names, options and output formats of these commands are relied upon by
outside test suites: extend them, never rename.
"""

from __future__ import annotations

import argparse
import json
import sys

from . import __version__
from .coords import SYSTEMS
from .diagnostics import Diagnostic
from .notation import read, write


class UsageError(Exception):
    """A bad option or argument: exit 2."""


def _print_diagnostics(diags: list[Diagnostic], text: str | None, stream=None) -> None:
    stream = stream or sys.stdout
    lines = text.split("\n") if text is not None else None
    for d in sorted(diags, key=lambda d: (d.line, d.column)):
        print(d.format(lines), file=stream)


def read_json_input(source: str = "standard input"):
    """The JSON value on standard input, read defensively (jsoninput); a bad one is a usage error."""
    from .jsoninput import BadJSON, read_json_stream

    try:
        return read_json_stream(sys.stdin, source)
    except BadJSON as e:
        raise UsageError(str(e)) from None


def _summary(errors: int, warnings: int, notes: int = 0) -> str:
    text = f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}"
    return text + (f", {notes} note{'s' if notes != 1 else ''} (slips of the source acknowledged)" if notes else "")


# --- check ----------------------------------------------------------------------

def cmd_check(args) -> int:
    _check_rules_option(args)
    total_errors = total_warnings = total_notes = 0
    for path in args.files:
        record, diags, text = read(path)
        if record is not None:
            result = _replay_record(args, record, diags)
            diags = result.diagnostics
        _print_diagnostics(diags, text)
        total_errors += sum(d.severity == "error" for d in diags)
        total_warnings += sum(d.severity == "warning" for d in diags)
        total_notes += sum(d.severity == "note" for d in diags)
    sys.stdout.flush()
    if total_errors or total_warnings or not args.quiet:
        print(f"{len(args.files)} file{'s' if len(args.files) != 1 else ''} checked: "
              f"{_summary(total_errors, total_warnings, total_notes)}", file=sys.stderr)
    return 1 if total_errors or (args.strict and total_warnings) else 0


def _check_rules_option(args) -> None:
    """A bad --rules is a usage error, found before any file is read."""
    from .rulesets import RulesError, ruleset_for

    rules = getattr(args, "rules", None)
    if rules:
        try:
            ruleset_for(rules, None)  # --rules ID[+OPTION...]: the record is not consulted
        except RulesError as e:
            raise UsageError(f"--rules: {e}") from None


def _replay_options(args, record) -> tuple[dict, list]:
    """Movement rules and scorer chosen by --rules or the record's headers, and the diagnostics
    of that choice (a bad Rules header is an error of the record, not of the command line)."""
    from .rulesets import RulesError, replay_setup

    try:
        return replay_setup(getattr(args, "rules", None), record)
    except RulesError as e:
        raise UsageError(f"--rules: {e}") from None


def _replay_record(args, record, diags):
    """Replay a record by the rules of its game (``[Game "backgammon"]``, else trictrac).
    A thin dispatch, until the engine's Game protocol replaces it."""
    from .games.backgammon.replay import is_backgammon, replay as replay_backgammon
    from .replay import replay
    from .rulesets import RulesError

    if is_backgammon(record):
        try:
            return replay_backgammon(record, getattr(args, "rules", None), diags)
        except RulesError as e:
            raise UsageError(f"--rules: {e}") from None
    options, more = _replay_options(args, record)
    return replay(record, **options, parse_diagnostics=diags + more)


# --- replay ---------------------------------------------------------------------

def cmd_replay(args) -> int:
    from .games.backgammon import report as backgammon
    from .games.backgammon.replay import is_backgammon
    from .report import replay_json, replay_lines

    _check_rules_option(args)
    record, diags, text = read(args.file)
    if record is None:
        _print_diagnostics(diags, text, sys.stderr)
        return 1
    result = _replay_record(args, record, diags)
    bg = is_backgammon(record)
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

def cmd_convert(args) -> int:
    from .convert import convert

    record, diags, text = read(args.file)
    errors = [d for d in diags if d.severity == "error"]
    if record is None or errors:
        _print_diagnostics(diags, text, sys.stderr)
        print(f"{args.file}: not converted: fix the errors first", file=sys.stderr)
        return 1
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

def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="trictrac", description="Trictrac game records: check, replay, score, draw.")
    p.add_argument("--version", action="version", version=f"trictrac {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    c = sub.add_parser("check", help="report every error of one or more records, compiler style")
    c.add_argument("files", nargs="+", metavar="FILE")
    c.add_argument("--rules", metavar="ID",
                   help="rule set to apply, ID[+OPTION...] or a .yaml file of your own "
                        "(default: the record's Rules header)")
    c.add_argument("-q", "--quiet", action="store_true", help="print nothing when all is well")
    c.add_argument("--strict", action="store_true",
                   help="fail (exit 1) on warnings too: irregularities the rules let stand, unacknowledged")
    c.set_defaults(func=cmd_check)

    r = sub.add_parser("replay", help="print the position after each throw (or the whole replay as JSON)")
    r.add_argument("file", metavar="FILE")
    r.add_argument("--json", action="store_true", help="emit positions, moves and diagnostics as JSON")
    r.add_argument("--rules", metavar="ID",
                   help="rule set to apply, ID[+OPTION...] or a .yaml file of your own "
                        "(default: the record's Rules header)")
    r.add_argument("--coords", choices=sorted(SYSTEMS), help="label the diagrams in this system")
    r.add_argument("--bottom", choices=["white", "black"], help="whose side is drawn at the bottom")
    r.set_defaults(func=cmd_replay)

    v = sub.add_parser("convert", help="rewrite a record in another coordinate system, losing nothing")
    v.add_argument("file", metavar="FILE")
    v.add_argument("--coords", required=True, choices=sorted(SYSTEMS), metavar="SYSTEM",
                   help=f"target system: {', '.join(SYSTEMS)}")
    v.add_argument("-o", "--output", metavar="OUT", help="write here instead of standard output")
    v.set_defaults(func=cmd_convert)

    for register in _extensions():
        register(sub)
    return p


def _extensions():
    """Sub-commands defined next to the code they drive (scoring, diagrams, site)."""
    from . import cli_more

    return cli_more.REGISTER


def main(argv=None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return args.func(args)
    except UsageError as e:
        print(f"trictrac {args.command}: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
