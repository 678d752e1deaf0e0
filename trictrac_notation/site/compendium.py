"""The rules compendium of the site, generated from ``rules_data/``: a page per treatise, a page
per jan, and the comparison matrix of every rule across all treatises, each cell with its citation.

The words about each jan (what it is, where rules.md explains it) come from
``site_src/compendium.yaml``; the values and citations come only from the rule sets, walked
generically through :meth:`RuleSet.rules` — nothing here knows a treatise by name.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypedDict

import yaml
from markupsafe import Markup, escape

from ..games.trictrac.events import JANS
from .paths import MAX_NOTES_BYTES, read_source
from .provenance import KINDS, column, kind_of, origins, summary

if TYPE_CHECKING:
    from jinja2 import Environment

    from ..rules.rulesets import RuleSet
    from .paths import Nav
    from .progress import ProgressBar as _Progress

NOTES_FILE = "compendium.yaml"
STATUS = {"on": "scored", "optional": "optional", "off": "not scored"}
UNKNOWN = ("", "?", None)  # how a rule set's identity says "not known"


class CompendiumError(Exception):
    """The site's compendium.yaml cannot be used: ``str()`` is ``FILE: error: what is wrong``."""


class Notes(TypedDict, total=False):
    """compendium.yaml: the rules index's introduction, and for each jan its ``name``, ``summary`` and
    ``reference`` (what is left out keeps its default)."""

    intro: str
    jans: dict[str, dict[str, str]]


class _CellBase(TypedDict):
    text: str
    citation: str
    decided: bool
    prov: str  # where it comes from (provenance.KINDS)


class Cell(_CellBase, total=False):
    """One rule of one rule set as a page shows it."""

    key: str  # the rule ('points.remplir'), on a treatise's page
    note: int  # its citation's footnote
    odd: bool  # in the matrix: not the row's most common stated value


class JanCells(TypedDict):
    status: Cell | None
    points: Cell | None


def known(value: object) -> bool:
    return value not in UNKNOWN


def treatise_title(rs: RuleSet) -> str:
    """A treatise page's title from its data: the title and year, or the author and year where the
    title is not known (Jollyvet's), never a bare '?'."""
    year = rs.identity.get("year")
    name = rs.title if known(rs.title) else rs.identity.get("author") if known(rs.identity.get("author")) else rs.id
    return f"{name} ({year})" if known(year) else str(name)


def short_name(rs: RuleSet) -> tuple[str, str]:
    """A matrix column's name on two lines, never broken mid-word: ('Lepeintre', '1818'), from the id."""
    name = re.sub(r"-?\d{4}$", "", rs.id).replace("-", " ").title()
    year = rs.identity.get("year")
    return name, str(year) if known(year) else ""


def breakable(text: str) -> Markup:
    """A value that may wrap after "-", "=", "_" and "/" but nowhere else (``payout=grande-bredouille-double``)."""
    return Markup(re.sub(r"([-=/_])", r"\1<wbr>", str(escape(text))))


def identity_text(value: object) -> str:
    return str(value) if known(value) else "not known"


def render_compendium(env: Environment, src: Path, bar: _Progress | None = None, own_folder: Path | None = None
                      ) -> tuple[dict[str, str], Nav]:
    """The compendium's files (``rules/...``) and its part of the navigation: the tool's rule sets and
    those of ``own_folder`` (a site's own ``rules/NAME.yaml``, which take the place of a tool's of the
    same name, as a record naming it gets them; RulesError for one that cannot be read)."""
    from ..games.trictrac.schema import VARIANTS
    from ..rules.rulesets import list_rulesets

    own, unread = own_rulesets(own_folder)
    ids = {rs.id for rs in own}
    rulesets = sorted([rs for rs in list_rulesets() if rs.id not in ids] + own, key=_chronological)
    if not rulesets:
        return {}, []
    notes = _notes(src)
    jans = {jan: {"name": jan, "summary": "", "reference": ""} | notes.get("jans", {}).get(jan, {}) for jan in JANS}
    matrix = _matrix(rulesets, jans)
    ctx = {"rulesets": rulesets, "own": ids, "unread": unread, "jans": jans, "jan_ids": list(JANS),
           "variants": VARIANTS, "value": value_text, "status": STATUS, "title_of": treatise_title,
           "short_name": short_name, "identity_text": identity_text, "breakable": breakable,
           "kinds": KINDS, "column": column, "provenance": summary,
           "label_of": lambda key: rule_label(key, jans, rulesets)}
    files = {
        "rules/index.md": env.get_template("rules_index.md.j2").render(**ctx, intro=notes.get("intro", "")),
        "rules/compare.md": env.get_template("rules_compare.md.j2").render(**ctx, **matrix),
    }
    for rs in rulesets:
        carried = origins(rs)
        rows = [Cell(**_cell(rs, key, value, carried), key=key) for key, value in rs.rules()]
        files[f"rules/{rs.id}.md"] = env.get_template("rules_treatise.md.j2").render(
            **ctx, rs=rs, rows=rows, citations=_footnotes(rows))
    for jan in JANS:
        cells = [(rs, _jan_cells(rs, jan)) for rs in rulesets]
        files[f"rules/jans/{jan}.md"] = env.get_template("rules_jan.md.j2").render(
            **ctx, jan=jan, note=jans.get(jan, {}), rows=[{"rs": rs, **c} for rs, c in cells],
            citations=_footnotes([c for _, r in cells for c in (r["status"], r["points"]) if c]))
    from .arith_pages import render_arithmetic

    arithmetic, arithmetic_nav = render_arithmetic(env, src, ctx)  # the tables of chances, the simulations
    files.update(arithmetic)
    nav: Nav = ["rules/index.md", "rules/compare.md", *arithmetic_nav,
           {"Treatises": [f"rules/{rs.id}.md" for rs in rulesets]},
           {"Jans": [f"rules/jans/{jan}.md" for jan in JANS]}]
    return files, nav


def own_rulesets(folder: Path | None) -> tuple[list[RuleSet], list[str]]:
    """The rule sets of a site's own ``rules/`` folder, each by its name, and the errors of those that
    cannot be read (``rules/NAME.yaml:LINE:COL: message``: the rules pages say so, and so does the page of
    a game that names one)."""
    from ..rules.rules_schema import RulesError
    from ..rules.rulesets import named_ruleset

    loaded: list[RuleSet] = []
    unread: list[str] = []
    if folder is None or not folder.is_dir():
        return loaded, unread
    for path in sorted(folder.glob("*.yaml")):
        try:
            loaded.append(named_ruleset(path.stem, folder=folder))
        except RulesError as e:
            where = ":".join(str(x) for x in (f"{folder.name}/{path.name}", e.line, e.column) if x is not None)
            unread.append(f"{where}: {e.message}")
    return loaded, unread


def _chronological(rs: RuleSet) -> tuple[bool, int, str]:
    year = rs.identity.get("year")
    return (not isinstance(year, int), year if isinstance(year, int) else 0, rs.id)


def _notes(src: Path) -> Notes:
    """The words about each jan: the site's ``compendium.yaml``, else the tool's own."""
    from ..core.resources import data_dir

    path, folder = src / NOTES_FILE, src
    if not path.is_file() and not path.is_symlink():
        path, folder = data_dir("site_src") / NOTES_FILE, data_dir("site_src")
    if not path.is_file():
        return {}
    return _checked_notes(path, read_source(path, folder, MAX_NOTES_BYTES).decode("utf-8", "replace"))


def _checked_notes(path: Path, text: str) -> Notes:
    """The notes of ``text`` (the file ``path``); CompendiumError saying what is wrong and where."""
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        where = f" at line {mark.line + 1} column {mark.column + 1}" if mark is not None else ""
        raise CompendiumError(f"{path}: error: not YAML{where}: {getattr(e, 'problem', None) or e}") from None
    if data is None:
        return {}

    def refuse(what: str) -> CompendiumError:
        return CompendiumError(f"{path}: error: {what}\n  hint: see the tool's own site_src/{NOTES_FILE}")

    if not isinstance(data, dict):
        raise refuse("expected a mapping with 'intro' (a text) and 'jans' (each jan's name, summary, reference)")
    notes: Notes = {}
    if "intro" in data:
        if not isinstance(data["intro"], str):
            raise refuse("intro: expected a text")
        notes["intro"] = data["intro"]
    jans = data.get("jans") or {}
    if not isinstance(jans, dict):
        raise refuse("jans: expected a mapping of jans to their name, summary and reference")
    notes["jans"] = {}
    for jan, words in jans.items():
        if not isinstance(words, dict) or not all(isinstance(v, str) for v in words.values()):
            raise refuse(f"jans.{jan}: expected a mapping of name, summary and reference to texts")
        notes["jans"][str(jan)] = {str(k): v for k, v in words.items()}
    return notes


def value_text(key: str, value: Any) -> str:
    """A rule's value in words: points as simple/doublet, statuses and booleans spelt out."""
    if key.startswith("points."):
        def pair(v: dict[str, int | None]) -> str:
            simple, doublet = v.get("simple"), v.get("doublet")
            return f"{simple}" if doublet is None else f"{simple}/{doublet}"
        if "talon" in value:
            return f"talon {pair(value['talon'])}, coin {pair(value['coin'])}"
        return pair(value)
    if key.startswith("jans."):
        return STATUS.get(value, str(value))
    if key.startswith("variants."):
        from ..games.trictrac.schema import VARIANTS

        variant = VARIANTS.get(key.partition(".")[2])
        if variant is not None:
            return variant.text(value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _cell(rs: RuleSet, key: str, value: object, carried: dict[str, str]) -> Cell:
    """One rule's value in words, its citation and where it comes from (``carried``: provenance.origins)."""
    citation = rs.citation(key)
    if key in carried:
        citation = f"carried over from {carried[key]}: {citation}"
    return Cell(text=option_text(rs, key) if key.startswith("options.") else value_text(key, value),
                citation=citation, decided=citation.startswith("decided:"), prov=kind_of(citation, key in carried))


def option_text(rs: RuleSet, key: str) -> str:
    """What an option does in words: 'scores the jans rencontre; the ways counted for a fill completing two
    half-cases: 2' (each variant named by the rule schema's words)."""
    from ..games.trictrac.schema import VARIANTS

    option = rs.to_json()["available_options"][key.partition(".")[2]]
    parts = [f"scores {', '.join(option['jans'])}"] if option["jans"] else []
    for name, value in option["variants"].items():
        variant = VARIANTS.get(name)
        parts.append(f"{rule_words(variant.about) if variant else name}: "
                     f"{variant.text(value) if variant else value}")
    return "; ".join(parts)


def rule_words(about: str) -> str:
    """A variant's description from the rule schema, without its references to the domain reference (the
    citations give the sources): 'ways counted for a fill completing two half-cases'."""
    return re.sub(r"\s*\((?:rules\.md )?(?:§|D\d)[^)]*\)", "", about).strip()


def rule_label(key: str, jans: dict[str, dict[str, str]], rulesets: list[RuleSet]) -> tuple[str, str | None]:
    """A matrix row's words and the page it links to: 'Jan de mézéas: points', a variant's description, an
    option's (never the rule's key, which the row's tooltip gives)."""
    from ..games.trictrac.schema import VARIANTS

    section, _, name = key.partition(".")
    if section in ("points", "jans"):
        return f"{jans.get(name, {}).get('name', name)}: {'points' if section == 'points' else 'scored?'}", \
            f"jans/{name}.html"
    if section == "variants" and name in VARIANTS:
        return rule_words(VARIANTS[name].about), None
    for rs in rulesets:
        option = rs.to_json()["available_options"].get(name)
        if option:
            return f"option {name}: {option['description']}", None
    return key, None


def _jan_cells(rs: RuleSet, jan: str) -> JanCells:
    values, carried = dict(rs.rules()), origins(rs)
    out = JanCells(status=None, points=None)
    if f"jans.{jan}" in values:
        out["status"] = _cell(rs, f"jans.{jan}", values[f"jans.{jan}"], carried)
    if f"points.{jan}" in values:
        out["points"] = _cell(rs, f"points.{jan}", values[f"points.{jan}"], carried)
    return out


def _footnotes(cells: Iterable[Cell]) -> dict[str, int]:
    """Citation text -> footnote number, numbered in order of first use."""
    numbers: dict[str, int] = {}
    for cell in cells:
        numbers.setdefault(cell["citation"], len(numbers) + 1)
        cell["note"] = numbers[cell["citation"]]
    return numbers


def _matrix(rulesets: list[RuleSet], jans: dict[str, dict[str, str]]) -> dict[str, Any]:
    """Every rule key of any set (in schema order) against every set.  A row differs when the values stated
    do (a set that states nothing on a rule does not disagree: its book is silent); in such a row each cell
    that is not the row's most common value is marked."""
    keys: list[str] = []
    values: dict[str, dict[str, Any]] = {}
    carried: dict[str, dict[str, str]] = {}
    for rs in rulesets:
        values[rs.id], carried[rs.id] = dict(rs.rules()), origins(rs)
        keys += [k for k in values[rs.id] if k not in keys]
    rows: list[dict[str, Any]] = []
    cells: list[Cell] = []
    for key in keys:
        row: list[Cell | None] = []
        for rs in rulesets:
            if key in values[rs.id]:
                cell = _cell(rs, key, values[rs.id][key], carried[rs.id])
                cells.append(cell)
                row.append(cell)
            else:
                row.append(None)
        texts = Counter(c["text"] for c in row if c)
        differs = len(texts) > 1
        common = texts.most_common(1)[0][0] if texts else None
        for c in row:
            if c:
                c["odd"] = differs and c["text"] != common
        label, link = rule_label(key, jans, rulesets)
        rows.append({"key": key, "label": label, "link": link, "cells": row, "differs": differs})
    return {"rows": rows, "citations": _footnotes(cells), "differing": sum(r["differs"] for r in rows)}
