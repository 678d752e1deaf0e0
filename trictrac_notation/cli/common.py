"""What the commands share: the usage error (exit 2), printing diagnostics, reading JSON input, choosing the rules."""

from __future__ import annotations

import sys

from ..core.diagnostics import Diagnostic


class UsageError(Exception):
    """A bad option or argument: exit 2."""


def _print_diagnostics(diags: list[Diagnostic], text: str | None, stream=None) -> None:
    stream = stream or sys.stdout
    lines = text.split("\n") if text is not None else None
    for d in sorted(diags, key=lambda d: (d.line, d.column)):
        print(d.format(lines), file=stream)


def read_json_input(source: str = "standard input"):
    """The JSON value on standard input, read defensively (jsoninput); a bad one is a usage error."""
    from ..core.jsoninput import BadJSON, read_json_stream

    try:
        return read_json_stream(sys.stdin, source)
    except BadJSON as e:
        raise UsageError(str(e)) from None


def _check_rules_option(args) -> None:
    """A bad --rules is a usage error, found before any file is read."""
    from ..rules.rulesets import RulesError, ruleset_for

    rules = getattr(args, "rules", None)
    if rules:
        try:
            ruleset_for(rules, None)  # --rules ID[+OPTION...]: the record is not consulted
        except RulesError as e:
            raise UsageError(f"--rules: {e}") from None


def _replay_options(args, record) -> tuple[dict, list]:
    """Movement rules and scorer chosen by --rules or the record's headers, and the diagnostics
    of that choice (a bad Rules header is an error of the record, not of the command line)."""
    from ..rules.rulesets import RulesError, replay_setup

    try:
        return replay_setup(getattr(args, "rules", None), record)
    except RulesError as e:
        raise UsageError(f"--rules: {e}") from None


def _replay_record(args, record, diags):
    """Replay a record by the rules of its game: backgammon's own replay for ``[Game "backgammon"]`` (its
    cube and the games of a match are not yet the Game protocol's), else the engine's."""
    from ..engine.replay import replay
    from ..games.backgammon.replay import is_backgammon, replay as replay_backgammon
    from ..rules.rulesets import RulesError

    if is_backgammon(record):
        try:
            return replay_backgammon(record, getattr(args, "rules", None), diags)
        except RulesError as e:
            raise UsageError(f"--rules: {e}") from None
    options, more = _replay_options(args, record)
    return replay(record, **options, parse_diagnostics=diags + more)
