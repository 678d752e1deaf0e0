"""Plain YAML for the rule files: composed into nodes with no anchors, no aliases and bounded nesting.

Apart from rules_schema so that PyYAML is imported only when a rule file is actually read, not when a
rule set comes from the user's cache (rulesets.py): importing it is a good part of a short command's time.
"""

from __future__ import annotations

import yaml


class Refused(yaml.MarkedYAMLError):
    """YAML this reader does not accept, at its mark."""


class _Loader(yaml.SafeLoader):
    """Composes plain YAML only: no anchors or aliases (an alias chain would expand into billions of
    values, a recursive one forever), and no nesting deeper than ``max_depth``."""

    depth = 0
    max_depth = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        event = self.peek_event()  # type: ignore[no-untyped-call]  # (untyped in PyYAML's stubs)
        if isinstance(event, yaml.AliasEvent):  # (its stubbed mark may be the C loader's, which is as good)
            raise Refused(problem=f"YAML alias *{event.anchor} refused: a rule set writes each value out "
                                  "(no anchors or aliases)", problem_mark=event.start_mark)  # type: ignore[arg-type]
        if getattr(event, "anchor", None) is not None:
            raise Refused(problem=f"YAML anchor &{event.anchor} refused: a rule set writes each value out "
                                  "(no anchors or aliases)", problem_mark=event.start_mark)
        if self.depth >= self.max_depth:
            raise Refused(problem=f"nested more than {self.max_depth} deep: a rule set is a few levels of "
                                  "sections and keys", problem_mark=event.start_mark)
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def compose(text: str, max_depth: int) -> yaml.Node | None:
    """The node tree of ``text`` (None if empty); yaml.YAMLError (Refused for what is refused) if it is not
    plain YAML nested at most ``max_depth`` deep."""
    loader = _Loader(text)
    loader.max_depth = max_depth
    try:
        return loader.get_single_node()
    finally:
        loader.dispose()
