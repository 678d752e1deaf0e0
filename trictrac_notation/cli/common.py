"""What the commands share: the usage error (exit 2), printing diagnostics, reading JSON input, choosing the rules."""

from __future__ import annotations

import sys
from typing import IO, TYPE_CHECKING, TypeAlias

from ..core.diagnostics import Diagnostic
from ..errors import TrictracError

if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

    from ..core.jsoninput import JSONValue
    from ..engine.opengame import OpenedGame
    from ..notation.record import Record
    from ..rules.rulesets import RuleSet

    # what ``register(subparsers)`` of each command module receives
    Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


class UsageError(TrictracError):
    """A bad option or argument: exit 2."""


def _print_diagnostics(diags: Sequence[Diagnostic], text: str | None, stream: IO[str] | None = None) -> None:
    stream = stream or sys.stdout
    lines = text.split("\n") if text is not None else None
    for d in sorted(diags, key=lambda d: (d.line, d.column)):
        print(d.format(lines), file=stream)


def read_json_input(source: str = "standard input") -> JSONValue:
    """The JSON value on standard input, read defensively (jsoninput); a bad one is a usage error."""
    from ..core.jsoninput import BadJSON, read_json_stream

    try:
        return read_json_stream(sys.stdin, source)
    except BadJSON as e:
        raise UsageError(str(e)) from None


def at_least(*checks: tuple[str, int, int]) -> None:
    """Each (option, value, lowest) a whole number from its lowest, else a usage error."""
    for option, value, low in checks:
        if value < low:
            raise UsageError(f"{option} {value}: give a whole number from {low}")


def _check_rules_option(args: argparse.Namespace) -> None:
    """A bad --rules is a usage error, found before any file is read."""
    from ..rules.rulesets import RulesError, ruleset_for

    rules = getattr(args, "rules", None)
    if rules:
        try:
            ruleset_for(rules, None)  # --rules ID[+OPTION...]: the record is not consulted
        except RulesError as e:
            raise UsageError(f"--rules: {e}") from None


def open_record(args: argparse.Namespace, path: str, quick: bool = False) -> OpenedGame:
    """The record file read (once) and replayed by its game (``Game`` header) with the rules of --rules or of its
    headers (a bad Rules header is an error of the record, not of the command line); ``quick``: a plain record is
    first replayed by its game's kernel (open_game), for a command that needs only its diagnostics."""
    from ..engine.opengame import OpenedGame, open_game
    from ..notation.reader import read_text
    from ..rules.rulesets import RulesError

    text, diags = read_text(path)
    if text is None:
        return OpenedGame(path, None, None, None, diags)
    try:
        return open_game(text, getattr(args, "rules", None), path=path, kind="text", quick=quick)
    except RulesError as e:
        raise UsageError(f"--rules: {e}") from None


def record_ruleset(command: str, does: str, rules: str | None, record: Record, text: str | None) -> RuleSet | None:
    """The rule set a trictrac command reading a record applies (chances, explain): ``--rules``, else the record's
    ``Rules`` and ``Options`` headers.  Another game's record, or a bad --rules, is a usage error; a bad header is
    an error of the record, printed at its FILE:LINE:COL as ``check`` prints it, and the answer is None (exit 1)."""
    from ..engine.opengame import replay_setup
    from ..rules.rulesets import RulesError, ruleset_for

    trictrac_only(command, does, record)
    try:
        errors = [d for d in replay_setup(rules, record)[1] if d.severity == "error"]
    except RulesError as e:  # only a bad --rules raises: the headers' mistakes are diagnostics
        raise UsageError(f"--rules: {e}") from None
    if errors:
        _print_diagnostics(errors, text, sys.stderr)
        return None
    return ruleset_for(rules, record)


def trictrac_only(command: str, does: str, record: Record, rulesets: Sequence[RuleSet] = ()) -> None:
    """Commands that know trictrac only (compare, explain, convert): another game's record or rule set is a
    usage error that says so, not a trictrac message about it."""
    from ..engine.game import game_for

    game = game_for(record).name
    if game != "trictrac":
        raise UsageError(f"{command} {does}; {record.path} is a {game} record "
                         "(trictrac check and replay --json read it)")
    other = [r.id for r in rulesets if r.game != "trictrac"]
    if other:
        raise UsageError(f"--rules: {', '.join(other)}: not trictrac rule sets")
