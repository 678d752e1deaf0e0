"""The schema of a rule-set file (``rules_data/*.yaml``), checked on the YAML nodes so that
every complaint names ``FILE:LINE:COL``.

A file has these sections (the id of a rule set is its file name without ``.yaml``); the jans and the
variants are those of the file's game (``game:``, trictrac when absent), given by its :class:`GameSchema`
(games/trictrac/schema.py, games/backgammon/schema.py):

``identity``  author, title, year, edition, place (``"?"`` where unknown); optional source, note
``extends``   ``{id: <rule set>, cite|decided}``: start from that set and state only differences
``points``    jan -> ``{simple, doublet}``; a jan of ``GameSchema.halved`` (battre-a-vrai / battre-a-faux)
              -> ``{talon: {simple, doublet}, coin: {simple, doublet}}``; no ``doublet``: the jan cannot be
              made with a doublet
``jans``      jan -> ``{scored: true|false}``; every jan of the game
``variants``  name -> ``{value}``: every variant of the game that the set needs
``options``   name -> ``{description, jans: [...], variants: {...}}``: rules played by agreement;
              in a file that extends another, ``name: null`` withdraws an inherited option

Every entry carries ``cite: <treatise, page or §> (S|C|W|M|I)`` ending with the evidence mark of
rules.md §0.2, or ``decided: <why>`` where the sources are silent; ``note:`` may add a remark.

A file is plain YAML within bounds: no anchors or aliases, nesting at most :data:`MAX_YAML_DEPTH` deep,
at most :data:`MAX_RULES_BYTES` (a rule file is data a site may receive from anyone).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, TypeGuard

from ..errors import TrictracError

if TYPE_CHECKING:
    import yaml

    from .rulesets import RuleSet

# where a value stands in a file: its keys from the top ('points', 'remplir', 'simple'), list items by index
Keys: TypeAlias = "tuple[str | int, ...]"


class RulesError(TrictracError):
    """A rule set that cannot be used: ``str()`` is ``FILE:LINE:COL: message``.

    ``path``, ``line`` and ``column`` (1-based) may be None; ``errors`` holds every
    error found in the same file, this one first."""

    def __init__(self, message: str, path: str | None = None, line: int | None = None, column: int | None = None,
                 errors: Iterable[RulesError] = ()):
        self.message, self.path, self.line, self.column = message, path, line, column
        self.errors = list(errors) or [self]
        super().__init__(str(self))

    def __str__(self) -> str:
        where = ":".join(str(x) for x in (self.path, self.line, self.column) if x is not None)
        return f"{where}: {self.message}" if where else self.message


class Kind(Protocol):
    """A kind of variant value that says itself what it accepts (:class:`Tiers`)."""

    def describe(self) -> str: ...
    def accepts(self, value: object) -> bool: ...
    def text(self, value: Any) -> str: ...


def _is_kind(kind: object) -> TypeGuard[Kind]:
    return hasattr(kind, "accepts")


@dataclass(frozen=True)
class Variant:
    """One variant choice: ``kind`` is a tuple of allowed values, ``bool``, ``int`` or an object with
    ``accepts`` / ``describe`` / ``text`` (:class:`Tiers`); ``requires``: the variant need only be
    stated when that jan is scored or optional, or, written ``variant=value|value``, when another
    variant has one of those values, or, written ``variant:condition``, when another variant's cases
    (:class:`PayoutCases`) name that condition."""

    kind: tuple[object, ...] | type[bool] | type[int] | Kind
    about: str
    requires: str | None = None
    minimum: int = 1
    goes_with: str | None = None  # a variant stated wherever this one is (a file's variants, an option's)

    def describe(self) -> str:
        if _is_kind(self.kind):
            return self.kind.describe()
        if self.kind is bool:
            return "true or false"
        if isinstance(self.kind, tuple):
            return "one of " + ", ".join(repr(v) for v in self.kind)
        return f"a whole number >= {self.minimum}"  # int

    def accepts(self, value: object) -> bool:
        if _is_kind(self.kind):
            return self.kind.accepts(value)
        if self.kind is bool:
            return isinstance(value, bool)
        if isinstance(self.kind, tuple):
            return value in self.kind and not isinstance(value, bool)
        return isinstance(value, int) and not isinstance(value, bool) and value >= self.minimum  # int

    def text(self, value: Any) -> str:
        """The value in words, for pages and listings."""
        if _is_kind(self.kind):
            return self.kind.text(value)
        if isinstance(value, bool):
            return "yes" if value else "no"
        return str(value)

    def needed(self, enabled: Collection[str], variants: Mapping[str, Any]) -> bool:
        """Whether a rule set must state this variant: ``enabled`` holds the jans scored or optional,
        ``variants`` the resolved variant entries."""
        if self.requires is None:
            return True
        name, named, condition = self.requires.partition(":")
        if named:
            cases = variants.get(name, {}).get("value")
            return isinstance(cases, list) and any(condition in c.get("when", ()) for c in cases if isinstance(c, dict))
        name, equals, values = self.requires.partition("=")
        if not equals:
            return name in enabled
        value = variants.get(name, {}).get("value")
        return str(value).lower() in values.split("|")


HALVES = ("talon", "coin")
SECTIONS = ("identity", "extends", "points", "jans", "variants", "options")
GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,31}")


DEFAULT_GAME = "trictrac"
"""The game of a rule file that names none (``game:``): the tool's rule sets of trictrac say nothing."""


@dataclass(frozen=True)
class GameSchema:
    """What a game's rule sets state: its jans (none for backgammon), its variants, the jans whose points are
    given per half of the board (``talon`` / ``coin``: trictrac's hits), and how a rule set's movement rules
    are made from it (``RuleSet.movement``; None: the game reads its own from the variants)."""

    jans: tuple[str, ...]
    variants: dict[str, Variant]
    halved: tuple[str, ...] = ()
    movement: Callable[[RuleSet], Any] | None = None


def game_schema(game: str = DEFAULT_GAME) -> GameSchema:
    """The schema of ``game`` (a file's ``game:`` key): the ``SCHEMA`` of its package,
    ``trictrac_notation.games.<game>.schema``, looked up by name — a registry the games fill, as the engine's
    (engine/game.py) is: the rule-file loader knows no game.  KeyError if there is none."""
    if not GAME_NAME.fullmatch(game):
        raise KeyError(game)
    import importlib

    try:
        schema: GameSchema = importlib.import_module(f"{__name__.split('.')[0]}.games.{game}.schema").SCHEMA
        return schema
    except ModuleNotFoundError:
        raise KeyError(game) from None
IDENTITY = ("author", "title", "year", "edition", "place")
CITING = ("cite", "decided", "note")
EVIDENCE = re.compile(r"\((S|C|W|M|I)\)\s*$")
OPTION_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def suggest(word: object, choices: Iterable[object]) -> str:
    """'; did you mean 'x'?' for a close match, else ''."""
    import difflib  # (an error's hint: not paid by a short command)

    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


@dataclass
class RulesFile:
    """One rule-set file as written: plain values, and where each key and value stands."""

    path: str
    id: str
    data: Any  # the file's plain values (a mapping of the sections, once checked)
    marks: dict[tuple[Keys, str], tuple[int, int]] = field(default_factory=dict)  # (keys, 'key'|'value') -> place

    def at(self, keys: Keys, part: str = "value") -> tuple[int, int | None]:
        """(line, column) of ``keys``, else of the nearest enclosing key that has one."""
        while True:
            for p in (part, "key", "value"):
                if (keys, p) in self.marks:
                    return self.marks[keys, p]
            if not keys:
                return 1, None
            keys = keys[:-1]


MAX_RULES_BYTES = 256 * 1024
"""decided: a rule-set file is read only up to 256 KB (the largest of rules_data/ is 8 KB)."""
MAX_YAML_DEPTH = 16
"""decided: YAML nested at most 16 deep (a rule set goes 5 deep: options.NAME.variants.VARIANT.value)."""
RULESET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
"""A rule set's name (its file's name without .yaml): what a record, ``score`` or ``extends`` may give."""


def read_rules_file(path: str | os.PathLike[str], ruleset_id: str) -> RulesFile:
    """Read and check one file; RulesError (carrying every error of the file) if it is wrong.

    Only a regular file of at most :data:`MAX_RULES_BYTES` is read (files.read_bounded)."""
    import yaml  # (here, not at the top: a rule set read from the user's cache needs no YAML; see rulesets)

    from ..core.files import Unreadable, read_bounded
    from .plainyaml import Refused, compose

    try:
        data = read_bounded(path, MAX_RULES_BYTES)
    except Unreadable as e:
        raise RulesError(f"cannot read the rule set: {e}", str(path)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        raise RulesError(f"not UTF-8: byte 0x{data[e.start]:02x} cannot be decoded", str(path), line,
                         e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1) from None
    try:
        node = compose(text, MAX_YAML_DEPTH)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        context = f" ({e.context} at line {e.context_mark.line + 1})" if e.context and e.context_mark else ""
        problem = e.problem if isinstance(e, Refused) and e.problem else f"YAML syntax error: {e.problem}{context}"
        raise RulesError(problem, str(path), mark.line + 1 if mark else None,
                         mark.column + 1 if mark else None) from None
    except yaml.YAMLError as e:
        raise RulesError(f"YAML error: {e}", str(path), 1, 1) from None
    if node is None:
        raise RulesError("empty rule set: expected the sections " + ", ".join(SECTIONS), str(path), 1, 1)
    checker = _Checker(RulesFile(str(path), ruleset_id, {}))
    checker.file.data = checker.plain(node, ())
    checker.check_file()
    checker.raise_errors()
    return checker.file


class _Checker:
    """Walks the nodes of one file, then its values, collecting errors."""

    def __init__(self, file: RulesFile):
        self.file = file
        self.errors: list[RulesError] = []
        from yaml.constructor import SafeConstructor

        self._scalars = SafeConstructor()
        self._unreadable: set[Keys] = set()  # keys whose value was refused when read: no second complaint
        self.schema = game_schema()

    def error(self, keys: Keys, message: str, part: str = "value") -> None:
        if any(keys[:n] in self._unreadable for n in range(len(keys) + 1)):
            return
        line, column = self.file.at(keys, part)
        self.errors.append(RulesError(message, self.file.path, line, column))

    def raise_errors(self) -> None:
        if self.errors:
            errors = sorted(self.errors, key=lambda e: (e.line or 0, e.column or 0))
            first = errors[0]
            raise RulesError(first.message, first.path, first.line, first.column, errors)

    # --- nodes -> plain values, remembering positions --------------------------------

    def plain(self, node: yaml.Node, keys: Keys) -> Any:
        import yaml
        from yaml.constructor import ConstructorError

        self.file.marks.setdefault((keys, "value"), (node.start_mark.line + 1, node.start_mark.column + 1))
        tags: dict[type[yaml.Node], str] = {yaml.MappingNode: "map", yaml.SequenceNode: "seq"}
        plain_tag = tags.get(type(node))
        if plain_tag and node.tag != f"tag:yaml.org,2002:{plain_tag}":
            self.error(keys, f"{_dotted(keys)}: unsupported YAML tag {node.tag!r}")
            self._unreadable.add(keys)
            return None
        if isinstance(node, yaml.MappingNode):
            out: dict[str, Any] = {}
            for key_node, value_node in node.value:
                mark = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
                if not isinstance(key_node, yaml.ScalarNode):
                    self.errors.append(RulesError("a key must be a plain word", self.file.path, *mark))
                    continue
                key = key_node.value
                if key in out:
                    first = self.file.marks[keys + (key,), "key"][0]
                    self.errors.append(RulesError(f"duplicate key {key!r} in {_dotted(keys)} (first at line {first})",
                                                  self.file.path, *mark))
                    continue
                self.file.marks[keys + (key,), "key"] = mark
                out[key] = self.plain(value_node, keys + (key,))
            return out
        if isinstance(node, yaml.SequenceNode):
            return [self.plain(item, keys + (i,)) for i, item in enumerate(node.value)]
        try:
            return self._scalars.construct_object(node)
        except (ConstructorError, ValueError) as e:  # ValueError: an integer of thousands of digits
            problem = e.problem if isinstance(e, ConstructorError) else "a number too long to read"
            self.error(keys, f"{_dotted(keys)}: unsupported YAML value ({problem})")
            self._unreadable.add(keys)
            return None

    # --- the sections -------------------------------------------------------------------

    def check_file(self) -> None:
        data = self.file.data
        if not isinstance(data, dict):
            self.error((), "expected a mapping of the sections " + ", ".join(SECTIONS))
            return
        game = data.get("game", DEFAULT_GAME)
        try:
            self.schema = game_schema(game) if isinstance(game, str) else game_schema()
        except KeyError:
            self.error(("game",), f"game: unknown game {game!r} (known: trictrac, backgammon)")
        for key, value in data.items():
            if key == "game":
                continue
            if key not in SECTIONS:
                self.unknown((key,), "the top level", SECTIONS)
            elif key == "identity":
                self.identity(value)
            elif key == "extends":
                self.extends(value)
            else:
                self.section(key, value)
        if "identity" not in data:
            self.error((), "missing section 'identity' (author, title, year, edition, place)")

    def unknown(self, keys: Keys, where: str, choices: Iterable[object]) -> None:
        self.error(keys, f"unknown key {keys[-1]!r} in {where}{suggest(keys[-1], choices)}", "key")

    def mapping(self, keys: Keys, value: object, what: str) -> bool:
        if isinstance(value, dict):
            return True
        self.error(keys, f"{_dotted(keys)}: expected {what}, got {_describe(value)}")
        return False

    def fields(self, keys: Keys, entry: dict[str, Any], allowed: Collection[str], required: Iterable[str] = ()) -> None:
        """Unknown and missing keys of one entry."""
        for key in entry:
            if key not in allowed:
                self.unknown(keys + (key,), _dotted(keys), allowed)
        for key in required:
            if key not in entry:
                self.error(keys, f"{_dotted(keys)}: missing {key!r}", "key")

    def text(self, keys: Keys, value: object) -> None:
        if not isinstance(value, str) or not value.strip():
            self.error(keys, f"{_dotted(keys)}: expected a text, got {_describe(value)}")

    def citation(self, keys: Keys, entry: dict[str, Any]) -> None:
        if "cite" in entry and "decided" in entry:
            self.error(keys + ("decided",), f"{_dotted(keys)}: give either cite or decided, not both", "key")
        elif "cite" in entry:
            self.text(keys + ("cite",), entry["cite"])
            if isinstance(entry["cite"], str) and entry["cite"].strip() and not EVIDENCE.search(entry["cite"]):
                self.error(keys + ("cite",), f"{_dotted(keys)}.cite: a citation ends with its evidence mark "
                                             "(S), (C), (W), (M) or (I) (rules.md §0.2)")
        elif "decided" in entry:
            self.text(keys + ("decided",), entry["decided"])
        else:
            self.error(keys, f"{_dotted(keys)}: missing citation: add 'cite: <treatise, page or §> (S|C|W|M|I)' "
                             "or 'decided: <why>'", "key")
        if "note" in entry:
            self.text(keys + ("note",), entry["note"])

    def identity(self, value: Any) -> None:
        keys: Keys = ("identity",)
        if not self.mapping(keys, value, "a mapping with " + ", ".join(IDENTITY)):
            return
        self.fields(keys, value, IDENTITY + ("source", "note"), IDENTITY)
        for key in IDENTITY + ("source", "note"):
            if key == "year" and key in value:
                year = value[key]
                if not isinstance(year, int) or isinstance(year, bool) or not 1500 <= year <= 2100:
                    self.error(keys + (key,), f"identity.year: expected a year such as 1822, got {_describe(year)}")
            elif key in value:
                self.text(keys + (key,), value[key])

    def extends(self, value: Any) -> None:
        keys: Keys = ("extends",)
        if not self.mapping(keys, value, "{id: <rule set>, cite: ... or decided: <why this set is the closest>}"):
            return
        self.fields(keys, value, ("id",) + CITING, ("id",))
        if "id" in value:
            self.text(keys + ("id",), value["id"])
            if isinstance(value["id"], str) and value["id"].strip() and not RULESET_NAME.fullmatch(value["id"]):
                self.error(keys + ("id",), f"extends.id: {_describe(value['id'])} is not a rule set name (letters, "
                                           "digits, '-' and '_', at most 64; a file of the same folder or a rule "
                                           "set of the tool, named without .yaml)")
        self.citation(keys, value)

    def section(self, name: str, value: Any) -> None:
        if not self.mapping((name,), value, "a mapping"):
            return
        jans = self.schema.jans
        names = {"points": jans, "jans": jans, "variants": tuple(self.schema.variants), "options": None}[name]
        for key, entry in value.items():
            keys: Keys = (name, key)
            if names is not None and key not in names:
                self.unknown(keys, name, names)
                continue
            if name == "options" and entry is None:
                if "extends" not in self.file.data:
                    self.error(keys, f"options.{key}: null withdraws an inherited option; this file extends nothing")
                continue
            if self.mapping(keys, entry, "a mapping"):
                getattr(self, f"{name}_entry")(keys, entry)
        if name == "variants":
            self.together(("variants",), value)

    def together(self, keys: Keys, variants: dict[str, Any]) -> None:
        """A variant that goes with another is stated with it (the payout's name and its stakes)."""
        for var in variants:
            other = var in self.schema.variants and self.schema.variants[var].goes_with
            if other and other not in variants:
                self.error(keys + (var,), f"{_dotted(keys)}: {var!r} goes with {other!r}: state both", "key")

    def points_entry(self, keys: Keys, entry: dict[str, Any]) -> None:
        jan = keys[-1]
        if jan in self.schema.halved:
            self.fields(keys, entry, HALVES + CITING, HALVES)
            for half in HALVES:
                if half in entry and self.mapping(keys + (half,), entry[half], "{simple: N, doublet: N}"):
                    self.fields(keys + (half,), entry[half], ("simple", "doublet"), ("simple", "doublet"))
                    self.values(keys + (half,), entry[half])
        else:
            self.fields(keys, entry, ("simple", "doublet") + CITING, ("simple",))
            self.values(keys, entry)
        self.citation(keys, entry)

    def values(self, keys: Keys, entry: dict[str, Any]) -> None:
        for key in ("simple", "doublet"):
            value = entry.get(key)
            if key in entry and (not isinstance(value, int) or isinstance(value, bool) or value < 2 or value % 2):
                self.error(keys + (key,), f"{_dotted(keys + (key,))}: expected an even number of points (2, 4, 6…),"
                                          f" got {_describe(value)}")

    def jans_entry(self, keys: Keys, entry: dict[str, Any]) -> None:
        self.fields(keys, entry, ("scored",) + CITING, ("scored",))
        if "scored" in entry and not isinstance(entry["scored"], bool):
            self.error(keys + ("scored",), f"{_dotted(keys)}.scored: expected true or false, got "
                                           f"{_describe(entry['scored'])}")
        self.citation(keys, entry)

    def variants_entry(self, keys: Keys, entry: dict[str, Any]) -> None:
        self.fields(keys, entry, ("value",) + CITING, ("value",))
        if "value" in entry:
            self.variant_value(keys + ("value",), str(keys[-1]), entry["value"])
        self.citation(keys, entry)

    def variant_value(self, keys: Keys, name: str, value: object) -> None:
        variant = self.schema.variants[name]
        if not variant.accepts(value):
            hint = suggest(value, variant.kind) if isinstance(variant.kind, tuple) else ""
            self.error(keys, f"{_dotted(keys)}: expected {variant.describe()}, got {_describe(value)}{hint}")

    def options_entry(self, keys: Keys, entry: dict[str, Any]) -> None:
        name = keys[-1]
        if not OPTION_NAME.match(str(name)):
            self.error(keys, f"option name {name!r}: use lower-case words joined by '-'", "key")
        self.fields(keys, entry, ("description", "jans", "variants") + CITING, ("description",))
        if "description" in entry:
            self.text(keys + ("description",), entry["description"])
        if "jans" not in entry and "variants" not in entry:
            self.error(keys, f"{_dotted(keys)}: an option switches on jans ('jans: [...]') or sets variants "
                             "('variants: {name: value}')", "key")
        jans = entry.get("jans", [])
        if not isinstance(jans, list):
            self.error(keys + ("jans",), f"{_dotted(keys)}.jans: expected a list of jans, got {_describe(jans)}")
        else:
            for i, jan in enumerate(jans):
                if jan not in self.schema.jans:
                    self.error(keys + ("jans", i),
                               f"{_dotted(keys)}.jans: unknown jan {jan!r}{suggest(jan, self.schema.jans)}")
        variants = entry.get("variants", {})
        if self.mapping(keys + ("variants",), variants, "a mapping of variant names to values"):
            for var, value in variants.items():
                if var not in self.schema.variants:
                    self.unknown(keys + ("variants", var), f"{_dotted(keys)}.variants", self.schema.variants)
                else:
                    self.variant_value(keys + ("variants", var), var, value)
            self.together(keys + ("variants",), variants)
        self.citation(keys, entry)


def check_complete(file: RulesFile, sections: dict[str, dict[str, Any]]) -> None:
    """The resolved sections of ``file`` (after extends) state every jan, the points of every jan
    that can be scored, and every variant needed."""
    checker = _Checker(file)
    schema = file_schema(file)
    for name in ("points", "jans", "variants") if schema.jans else ("variants",):
        if not sections[name] and name not in file.data:
            checker.error((), f"missing section {name!r}")
    jans, points, variants = sections["jans"], sections["points"], sections["variants"]
    if jans:
        for jan in schema.jans:
            if jan not in jans:
                checker.error(("jans",), f"jans: {jan!r} is not stated (say 'scored: true' or 'scored: false')", "key")
    enabled: dict[str, tuple[str, Keys]] = {jan: (f"option {name!r} switches it on", ("options", name))
               for name, option in sections["options"].items() for jan in option.get("jans", ())}
    enabled.update({jan: (f"jans.{jan} is scored", ("jans", jan))
                    for jan, entry in jans.items() if entry.get("scored")})
    if points or "points" in file.data:
        for jan, (why, keys) in enabled.items():
            if jan not in points:
                checker.error(keys, f"points: no value for {jan!r}, but {why}", "key")
    if variants or "variants" in file.data:
        for name, variant in schema.variants.items():
            if name not in variants and variant.needed(enabled, variants):
                where = ("variants",) if "variants" in file.data else enabled.get(variant.requires or "", ("", ()))[1]
                checker.error(where, f"variants: {name!r} is not stated ({variant.about})", "key")
        for option, entry in sections["options"].items():  # what an option's variants need in turn
            chosen = variants | {var: {"value": value} for var, value in entry.get("variants", {}).items()}
            for name, variant in schema.variants.items():
                if name not in chosen and variant.needed(enabled, chosen) and not variant.needed(enabled, variants):
                    checker.error(("options", option), f"options.{option}: {name!r} is not stated ({variant.about})",
                                  "key")
    checker.raise_errors()


def file_schema(file: RulesFile) -> GameSchema:
    """The schema a (checked) file was read with."""
    game = file.data.get("game", DEFAULT_GAME)
    return game_schema(game) if isinstance(game, str) else game_schema()


def _dotted(keys: Keys) -> str:
    return ".".join(str(k) for k in keys) or "the file"


def _describe(value: object) -> str:
    text = _describe_whole(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _describe_whole(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return "a number of more than 60 digits"  # (repr of a huge one would raise)
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)
