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
