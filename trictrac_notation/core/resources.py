"""Where the package's data lives: the grammar and the rule sets.

In a source checkout (and an editable install) they are the top-level
``grammar/`` and ``rules_data/`` folders; a built wheel carries copies inside
the package (see pyproject.toml), found through the same function.
"""

from __future__ import annotations

from pathlib import Path

_HERE = Path(__file__).resolve().parent.parent  # the package (this module is in core/)


def data_dir(name: str) -> Path:
    """The folder ``name`` ('grammar', 'rules_data', 'records', 'site_src')."""
    for base in (_HERE.parent / name, _HERE / "_data" / name):
        if base.is_dir():
            return base
    raise FileNotFoundError(f"data folder {name!r} not found next to the trictrac_notation package")


def grammar_path() -> Path:
    return data_dir("grammar") / "trictrac.lark"
