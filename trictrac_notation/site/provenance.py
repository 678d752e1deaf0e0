"""Where each rule of a rule set comes from, at a glance: the treatise itself, a later compilation of its
text, secondary notes, a modern codification, or a decision of ours — read from each rule's citation (the
evidence mark the domain reference gives, ``(S)``, ``(C)``…, or ``decided:``) and from the rule set it was
carried over from (a rule set that ``extends`` another takes its rules where its own sources are silent).

The compendium marks every cell with its kind and every treatise's column with the share of each, so that a
column that is full for a treatise nobody read says so where it is shown.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ..rules.rulesets import RuleSet


class Kind(NamedTuple):
    mark: str  # the letter shown beside a value
    words: str  # in a sentence: "from {words}"
    legend: str


# in order of authority; the marks are the domain reference's (site_src/sources.md §0.2), "D" and "O" ours
KINDS = {
    "book": Kind("S", "the book itself", "stated in the treatise itself, read in full in a transcription"),
    "compilation": Kind("C", "a later compilation", "stated in a later compilation of the treatise's lineage, "
                                                    "edited and of uncertain edition"),
    "notes": Kind("W", "secondary notes", "known only from secondary notes (an encyclopedia's footnotes citing "
                                          "the book's pages), not checked in the book"),
    "modern": Kind("M", "a modern codification", "stated in a modern codification of the rules"),
    "carried": Kind("O", "another treatise", "not known for this treatise: carried over from the rule set it "
                                             "extends, a decision of ours"),
    "ours": Kind("D", "a decision of ours", "decided or inferred by this project where the sources are silent "
                                            "(the citation says why)"),
}
_MARKS = {"S": "book", "C": "compilation", "W": "notes", "M": "modern", "I": "ours", "?": "ours"}
_MARK = re.compile(r"\(([SCWMI?])\b[^)]*\)")


def kind_of(citation: str, carried: bool = False) -> str:
    """A rule's provenance: ``carried`` when the rule set took it from the one it extends, else by its citation
    (``decided:``, or the most authoritative evidence mark it gives)."""
    if carried:
        return "carried"
    if citation.startswith("decided:"):
        return "ours"
    found = [_MARKS[m] for m in _MARK.findall(citation)]
    return min(found, key=list(KINDS).index) if found else "ours"


def origins(rs: RuleSet) -> dict[str, str]:
    """Rule key -> the id of the rule set it was carried over from, for the rules ``rs`` does not state itself."""
    data: dict[str, Any] = rs.to_json()
    out = {}
    for section, entries in (("points", data["points"]), ("jans", data["jans"]), ("variants", data["variants"]),
                             ("options", data["available_options"])):
        for name, entry in entries.items():
            if "from" in entry:
                out[f"{section}.{name}"] = str(entry["from"])
    return out


def column(rs: RuleSet) -> list[tuple[str, int]]:
    """How many of a rule set's rules come from each kind, the largest first (kinds in order of authority)."""
    carried = origins(rs)
    counts = Counter(kind_of(rs.citation(key), key in carried) for key, _ in rs.rules())
    return sorted(counts.items(), key=lambda kv: (-kv[1], list(KINDS).index(kv[0])))


def summary(rs: RuleSet) -> str:
    """A column's provenance in words: 'rules: 53 from the book itself, 3 from a decision of ours'."""
    return "rules: " + ", ".join(f"{n} from {KINDS[k].words}" for k, n in column(rs))
