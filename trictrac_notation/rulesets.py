"""Choosing the rules a replay applies (movement only, until the rule sets arrive)."""

from .moves import PARISIAN


def replay_options(rules_id, record) -> dict:
    return {"rules": PARISIAN, "scorer": None}
