"""The rules of each treatise, read from ``rules_data/*.yaml`` (schema: rules_schema.py).

A :class:`RuleSet` answers the engine's questions — is this jan scored, what is it worth,
which variant applies — and says where each answer comes from (the treatise, or
``decided: <why>``).  Nothing here knows a treatise by name: the files say it all.
"""

from __future__ import annotations

import functools
import marshal
import os
import re
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.resources import code_stamp, data_dir, user_cache, write_whole
from .rules_schema import (
    DEFAULT_GAME,
    HALVES,
    RULESET_NAME,
    GameSchema,
    RulesError,
    check_complete,
    file_schema,
    game_schema,
    read_rules_file,
    suggest,
)

__all__ = ["RulesError", "RuleSet", "load_ruleset", "named_ruleset", "list_rulesets", "diff_rulesets", "ruleset_for",
           "DEFAULT_RULESET"]

DEFAULT_RULESET = "modern"
"""decided: a record with no Rules header is replayed by the modern codification (Malfilâtre 2013),
the only rule set still played; its abandoned jans stay off unless the record's Options header asks."""

RULE_SECTIONS = ("points", "jans", "variants", "options")
# a rule set's sections after extends: section -> name -> entry (its values, citation and origin)
Sections = dict[str, dict[str, dict[str, Any]]]
# a rule set of the tool's own as cached: RuleSet's id, path, identity, extends and sections
Resolved = tuple[str, str, dict[str, Any], "dict[str, Any] | None", Sections, str]  # ..., the game
# the tool's rule files as they stand: (name, size, modification time) each
Stamp = tuple[tuple[str, int, int], ...]

if TYPE_CHECKING:
    from ..notation.record import Record
    from .rules_schema import RulesFile


class UnknownRule(KeyError):
    """A key or variant the rule set does not state; the message reads as written."""

    def __str__(self) -> str:
        return str(self.args[0])


class RuleSet:
    """One resolved rule set (after ``extends``), with the options switched on."""

    def __init__(self, ruleset_id: str, path: str, identity: dict[str, Any], extends: dict[str, Any] | None,
                 sections: Sections, options: tuple[str, ...] = (), game: str = DEFAULT_GAME,
                 schema: GameSchema | None = None):
        self.id = ruleset_id
        self.game, self.schema = game, schema or game_schema(game)
        self.path = path
        self.identity = dict(identity)
        self.title = identity["title"]
        self.extends = extends
        self._sections = sections
        self.options = tuple(options)
        self.available_options = {name: entry["description"] for name, entry in sections["options"].items()}
        # the movement rules the game makes of the set (trictrac's MoveRules); another game reads its own from
        # the variants
        self.movement = self.schema.movement(self) if self.schema.movement else None

    def __repr__(self) -> str:
        return f"<RuleSet {self.id}{''.join('+' + o for o in self.options)}>"

    def has(self, jan: str) -> bool:
        """Whether ``jan`` is scored under this set with its options."""
        return bool(self._entry("jans", jan).get("scored"))

    def status(self, jan: str) -> str:
        """'on', 'optional' (an option would switch it on) or 'off'."""
        if self.has(jan):
            return "on"
        enabling = any(jan in entry.get("jans", ()) for entry in self._sections["options"].values())
        return "optional" if enabling else "off"

    def points(self, jan: str, doublet: bool, half: str | None = None) -> int:
        """Points of ``jan`` per way (impuissance: per unplayable number); ``half`` ('talon' or
        'coin') is the table of the beaten dame, needed for battre-a-vrai and battre-a-faux.
        The value is given even when the jan is not scored (ask :meth:`has`)."""
        entry = self._entry("points", jan)
        halved = self.schema.halved
        if jan in halved:
            if half not in HALVES:
                raise ValueError(f"{jan}: say which half the beaten dame is in (half='talon' or 'coin'), not {half!r}")
            entry = entry[half]
        elif half is not None:
            raise ValueError(f"{jan}: no half to choose (only {' and '.join(halved)} depend on it)")
        value: int | None = entry.get("doublet" if doublet else "simple")
        if value is None:
            raise ValueError(f"{jan} cannot be made with a doublet under {self.id}")
        return value

    def variant(self, name: str) -> Any:
        """The value of a variant (the game's schema says what each means: ``self.schema.variants``)."""
        return self._entry("variants", name)["value"]

    def states(self, name: str) -> bool:
        """Whether this set must state variant ``name`` (rules_schema.Variant.needed): always, or only
        when the jan it is about can be scored, or when another variant has a given value."""
        enabled = {jan for jan in self.schema.jans if self.status(jan) != "off"}
        return self.schema.variants[name].needed(enabled, self._sections["variants"])

    def citation(self, key: str) -> str:
        """Where ``key`` ('points.remplir', 'jans.rencontre', 'variants.sortie', 'options.NAME',
        'extends') comes from: the treatise with its evidence mark, or 'decided: <why>';
        '[from ID]' when inherited, '[option NAME]' when an option set it."""
        if key == "extends" and self.extends:
            return _cite(self.extends)
        section, _, name = key.partition(".")
        if section not in RULE_SECTIONS:
            raise UnknownRule(f"no citation key {key!r}: expected points.JAN, jans.JAN, variants.NAME, "
                              f"options.NAME or extends{suggest(section, RULE_SECTIONS)}")
        entry = self._entry(section, name)
        origin = entry["origin"]
        return _cite(entry) + ("" if origin == self.id else f" [{origin if ' ' in origin else 'from ' + origin}]")

    def with_options(self, names: Iterable[str]) -> RuleSet:
        """The same rules with the options ``names`` switched on (RulesError for an unknown one)."""
        added = [n for n in names if n not in self.options]
        sections = {name: dict(entries) for name, entries in self._sections.items()}
        setter: dict[str, str] = {}
        for name in added:
            option = sections["options"].get(name)
            if option is None:
                known = ", ".join(self.available_options) or "none"
                raise RulesError(f"unknown option {name!r} for rule set {self.id} (available: {known})"
                                 f"{suggest(name, self.available_options)}")
            overlay: dict[str, Any] = {"origin": f"option {name}",
                                       **{k: option[k] for k in ("cite", "decided") if k in option}}
            for jan in option.get("jans", ()):
                sections["jans"][jan] = {"scored": True, **overlay}
            for var, value in option.get("variants", {}).items():
                if var in setter and sections["variants"][var]["value"] != value:
                    raise RulesError(f"options {setter[var]!r} and {name!r} set variant {var} differently; choose one")
                setter[var] = name
                sections["variants"][var] = {"value": value, **overlay}
        return RuleSet(self.id, self.path, self.identity, self.extends, sections, self.options + tuple(added),
                       self.game, self.schema)

    def to_json(self) -> dict[str, Any]:
        def entry(e: dict[str, Any], **values: Any) -> dict[str, Any]:
            out = dict(values, citation=_cite(e), **({"from": e["origin"]} if e["origin"] != self.id else {}))
            return out | ({"note": e["note"]} if "note" in e else {})

        s = self._sections
        return {
            "id": self.id, "title": self.title, "identity": self.identity, "path": self.path,
            "extends": {"id": self.extends["id"], "citation": _cite(self.extends)} if self.extends else None,
            "options": list(self.options),
            "available_options": {n: entry(e, description=e["description"], jans=e.get("jans", []),
                                           variants=e.get("variants", {})) for n, e in s["options"].items()},
            "points": {jan: entry(e, **_points_value(e)) for jan, e in s["points"].items()},
            "jans": {jan: entry(e, scored=e["scored"], status=self.status(jan)) for jan, e in s["jans"].items()},
            "variants": {name: entry(e, value=e["value"]) for name, e in s["variants"].items()},
        }

    def rules(self) -> Iterator[tuple[str, Any]]:
        """(key, value, entry) of every rule, in schema order: what diff and show walk over."""
        s = self._sections
        for jan in self.schema.jans:
            if jan in s["points"]:
                yield f"points.{jan}", _points_value(s["points"][jan])
        for jan in self.schema.jans:
            yield f"jans.{jan}", self.status(jan)
        for name in self.schema.variants:
            if name in s["variants"]:
                yield f"variants.{name}", s["variants"][name]["value"]
        for name, option in s["options"].items():
            yield f"options.{name}", _option_effect(option, self.schema.variants)

    def _entry(self, section: str, name: str) -> dict[str, Any]:
        entries = self._sections[section]
        if name in entries:
            return entries[name]
        jans = self.schema.jans
        known: Iterable[str] = {"points": jans, "jans": jans, "variants": tuple(self.schema.variants)}.get(
            section, tuple(entries))
        if name in known:
            raise UnknownRule(f"{section}.{name} is not stated in rule set {self.id}")
        raise UnknownRule(f"unknown {section[:-1]} {name!r}{suggest(name, known)}")


def _cite(entry: dict[str, Any]) -> str:
    return str(entry["cite"]) if "cite" in entry else f"decided: {entry['decided']}"


def _option_effect(option: dict[str, Any], variants: dict[str, Any]) -> str:
    """What an option does, for comparing two sets: 'jans rencontre; payout=pont'."""
    parts = [f"jans {', '.join(option['jans'])}"] if option.get("jans") else []
    parts += [f"{k}={str(v).lower() if isinstance(v, bool) else variants[k].text(v)}"
              for k, v in option.get("variants", {}).items()]
    return "; ".join(parts)


def _points_value(entry: dict[str, Any]) -> dict[str, Any]:
    return {k: entry[k] for k in ("simple", "doublet", *HALVES) if k in entry}


# --- loading ------------------------------------------------------------------------------

def rules_dir() -> Path:
    return data_dir("rules_data")


def game_dirs() -> list[Path]:
    """The folders of the other games' rule sets: rules_data/<game>/ (rules_data/ itself is trictrac's)."""
    folder = rules_dir()
    try:
        stamp = folder.stat().st_mtime_ns
    except OSError:
        stamp = None
    return list(_game_dirs(str(folder), stamp))


@functools.lru_cache(maxsize=4)
def _game_dirs(folder: str, stamp: int | None) -> tuple[Path, ...]:
    """:func:`game_dirs`, listed once per state of the folder (its modification time changes when an entry is
    added, removed or renamed): a record of another game names its rule set at each replay."""
    return tuple(sorted(p for p in Path(folder).iterdir() if p.is_dir() and not p.name.startswith((".", "_"))))


def _search_folders(folder: Path) -> Iterator[Path]:
    """Where a rule set is looked for, in order: ``folder``, the tool's, then the other games' folders (listed
    only when the search gets that far: a trictrac set is found before)."""
    yield folder
    own = rules_dir()
    if own != folder:
        yield own
    yield from game_dirs()


def known_ids(folder: Path | None = None) -> list[str]:
    return sorted(p.stem for p in (folder or rules_dir()).glob("*.yaml"))


def game_ids(game: str) -> list[str]:
    """The rule sets of another game (its folder of rules_data/)."""
    return known_ids(rules_dir() / game) if (rules_dir() / game).is_dir() else []


def load_ruleset(name_or_path: str, options: Sequence[str] = ()) -> RuleSet:
    """A rule set by name (one of rules_data/), or by the path of a .yaml file of one's own — for the
    command line's ``--rules FILE`` and the Python interface.  What a record or ``score`` names goes
    through :func:`named_ruleset`: names only."""
    ruleset = _load_path(Path(name_or_path)) if _is_path(name_or_path) else named_ruleset(name_or_path)
    return ruleset.with_options(options) if options else ruleset


def named_ruleset(name: str, options: Sequence[str] = (), folder: Path | None = None,
                  given: str | None = None) -> RuleSet:
    """A rule set by name only: one of the tool's, or the file NAME.yaml of ``folder`` (a site's own
    rules folder).  A path, '..', a NUL or a name of more than 64 characters is refused (``given``: the
    name as written, for the message): a record never makes the tool read a file it names."""
    if not RULESET_NAME.fullmatch(name):
        shown = given if given is not None else name
        shown = shown if len(shown) <= 40 else shown[:39] + "…"
        raise RulesError(f"{shown!r} is not a rule set name: give the name of a rule set (trictrac rules lists "
                         "them) in letters, digits, '-' and '_', not a file")
    ruleset = _load_path(_find(name, folder or rules_dir()))
    return ruleset.with_options(options) if options else ruleset


def require_game(ruleset: RuleSet, game: str) -> RuleSet:
    """``ruleset`` if it rules ``game``, else RulesError naming the sets that do: a command of one game
    (score, chances, marque, simulate are trictrac's) given another game's rule set says so, rather than
    failing on a jan or a variant the set does not have."""
    if ruleset.game != game:
        known = known_ids() if game == DEFAULT_GAME else game_ids(game)
        raise RulesError(f"{ruleset.id} is a {ruleset.game} rule set; this needs a {game} one: {', '.join(known)}")
    return ruleset


def _is_path(name: str) -> bool:
    return name.endswith((".yaml", ".yml")) or "/" in name or os.sep in name


def list_rulesets() -> list[RuleSet]:
    """Every rule set of rules_data/, oldest first."""
    return sorted((_load_path(rules_dir() / f"{i}.yaml") for i in known_ids()),
                  key=lambda r: (r.identity["year"], r.id))


def _find(ruleset_id: str, folder: Path, where: tuple[str | None, int | None, int | None] = (None, None, None)
          ) -> Path:
    """The file of rule set ``ruleset_id`` (a checked name) in ``folder``, else among the tool's;
    a file that is a link to somewhere outside its folder is not taken."""
    for base in _search_folders(folder):
        path = base / f"{ruleset_id}.yaml"
        if path.is_file():
            # (only a link can lead out of its folder: a plain file's resolved parent is its folder's)
            if path.is_symlink() and path.resolve().parent != base.resolve():
                raise RulesError(f"rule set {ruleset_id!r}: {path.name} is a link to a file outside "
                                 f"{base.name}/; it is not read", *where)
            return path
        if path.exists():  # listed among the known (its name), but not a file that can be read
            raise RulesError(f"rule set {ruleset_id!r}: {path.name} is not a regular file (a folder, a pipe or a "
                             "device); it is not read", *where)
    known = known_ids(folder) if folder == rules_dir() else sorted(set(known_ids(folder)) | set(known_ids()))
    raise RulesError(f"unknown rule set {ruleset_id!r} (known: {', '.join(known)}){suggest(ruleset_id, known)}",
                     *where)


def _load_path(path: Path) -> RuleSet:
    cache = _cache_file(path)
    if cache is None:
        file, sections = _resolve(Path(path), ())
        return RuleSet(file.id, file.path, file.data["identity"], file.data.get("extends"), sections,
                       game=file.data.get("game", DEFAULT_GAME), schema=file_schema(file))
    ruleset_id, where, identity, extends, sections, game = _own(str(path), cache, _own_stamp(cache[1]))
    return RuleSet(ruleset_id, where, identity, extends, {name: dict(entries) for name, entries in sections.items()},
                   game=game, schema=game_schema(game))


@functools.lru_cache(maxsize=64)
def _own(path: str, cache: tuple[Path, str], stamp: Stamp) -> Resolved:
    """The arguments of RuleSet for one of the tool's own rule sets, resolved once per process and kept in
    the user's cache (core.resources.user_cache) for the next, keyed on the code and the rule files
    (``stamp``): reading and checking the YAML is most of the time of a short command such as ``check``.  The
    values are plain data, kept with marshal (as the grammar's parser is, notation/lalr.py): no module to import."""
    key = (code_stamp(), stamp)
    try:
        with open(cache[0], "rb") as f:
            saved, cached = marshal.load(f)
        if saved == key:
            found: Resolved = cached  # (written below)
            return found
    except Exception:  # missing, stale, cut short by a concurrent writer, unreadable: read the YAML
        pass
    file, sections = _resolve(Path(path), ())
    resolved: Resolved = (file.id, file.path, file.data["identity"], file.data.get("extends"), sections,
                          file.data.get("game", DEFAULT_GAME))
    try:
        data = marshal.dumps((key, resolved))
    except ValueError:  # a value marshal cannot keep (a date...): the file is read each time
        return resolved
    write_whole(cache[0], data)
    return resolved


def _own_stamp(folder: str) -> Stamp:
    """The names, sizes and modification times of the tool's own rule files in ``folder`` (one may extend
    another)."""
    with os.scandir(folder) as entries:
        return tuple(sorted((e.name, e.stat().st_size, e.stat().st_mtime_ns) for e in entries
                            if e.name.endswith(".yaml") and e.is_file()))


@functools.lru_cache(maxsize=1)
def _own_folder() -> tuple[str, str]:
    """The folder of the tool's own rule sets, and the checksum of its place that names their cache files
    (one file per installation and rule set, rewritten when the code or the rule files change)."""
    import zlib

    folder = os.path.realpath(rules_dir())
    return folder, f"{zlib.crc32(folder.encode()):08x}"


def _cache_file(path: Path) -> tuple[Path, str] | None:
    """The cache file of a rule set of the tool's own — trictrac's in rules_data/, another game's in its
    folder there — and that folder (None for any other file: a user's own files, a site's, are read each
    time)."""
    if not os.path.isfile(path):
        return None
    named = _cache_name(str(path))
    if named is None:
        return None
    cache = user_cache(named[0])
    return None if cache is None else (cache, named[1])


@functools.lru_cache(maxsize=256)
def _cache_name(path: str) -> tuple[str, str] | None:
    """The name of the cache file of the tool's own rule file at ``path``, and its folder; None for another
    file (kept for the process: where a path leads is looked up once, not at each record)."""
    folder, where = _own_folder()
    here = os.path.dirname(os.path.realpath(path))
    if here == folder:
        return f"rules-{where}-{Path(path).stem}.marshal", here
    if os.path.dirname(here) == folder and here in {os.path.realpath(d) for d in game_dirs()}:
        return f"rules-{where}-{os.path.basename(here)}-{Path(path).stem}.marshal", here
    return None


def _resolve(path: Path, chain: tuple[str, ...]) -> tuple[RulesFile, Sections]:
    """The file at ``path`` and its sections after extends: each entry remembers its origin."""
    file = _read(str(path), *_stamp(path))
    sections: Sections = {name: {} for name in RULE_SECTIONS}
    extends = file.data.get("extends")
    if extends:
        where = (file.path, *file.at(("extends", "id")))
        if extends["id"] in chain + (file.id,):
            cycle = " -> ".join(chain + (file.id, extends["id"]))
            raise RulesError(f"extends: a rule set cannot extend itself ({cycle})", *where)
        parent_file, parent = _resolve(_find(extends["id"], path.parent, where), chain + (file.id,))
        game, parent_game = file.data.get("game", DEFAULT_GAME), parent_file.data.get("game", DEFAULT_GAME)
        if game != parent_game:
            raise RulesError(f"extends: {extends['id']} is a rule set of {parent_game}, this one of {game} "
                             f"(say 'game: {parent_game}' at the top)", *where)
        sections = {name: dict(entries) for name, entries in parent.items()}
    for name in RULE_SECTIONS:
        for key, entry in file.data.get(name, {}).items():
            if entry is None:  # an option withdrawn
                if sections[name].pop(key, None) is None:
                    raise RulesError(f"options.{key}: no inherited option of that name to withdraw",
                                     file.path, *file.at((name, key), "key"))
            else:
                sections[name][key] = dict(entry, origin=file.id)
    check_complete(file, sections)
    return file, sections


def _stamp(path: Path) -> tuple[int | None, int | None]:
    try:
        stat = path.stat()
        return stat.st_mtime_ns, stat.st_size
    except OSError:
        return None, None


@functools.lru_cache(maxsize=64)
def _read(path: str, mtime: int | None, size: int | None) -> RulesFile:
    """Parse one file once (per modification)."""
    return read_rules_file(path, Path(path).stem)


# --- comparing ------------------------------------------------------------------------------

def diff_rulesets(a: RuleSet, b: RuleSet) -> list[dict[str, Any]]:
    """The rules that differ: ``{key, a, b, cite_a, cite_b}`` (value None where a set states nothing), in the
    order of the default game's schema (the treatises' order of trictrac's jans, then its variants), any
    other key after them alphabetically."""
    va, vb = dict(a.rules()), dict(b.rules())
    schema = game_schema()
    order = {key: i for i, key in enumerate([f"{s}.{n}" for s in ("points", "jans") for n in schema.jans]
                                            + [f"variants.{n}" for n in schema.variants])}
    keys = sorted(set(va) | set(vb), key=lambda k: (order.get(k, len(order)), k))
    return [{"key": k, "a": va.get(k), "b": vb.get(k),
             "cite_a": a.citation(k) if k in va else None, "cite_b": b.citation(k) if k in vb else None}
            for k in keys if va.get(k) != vb.get(k)]


# --- what a replay applies ---------------------------------------------------------------------

def ruleset_for(rules_id: str | None, record: Record | None, folder: Path | None = None,
                default: str | None = None) -> RuleSet:
    """The rule set of a replay: ``--rules ID[+OPTION...]`` (ID may be the path of a file of one's own),
    else the record's ``Rules`` header — a name only, of the tool's rule sets or of ``folder`` (a site's
    own rules folder) — with its ``Options`` header (names separated by commas or spaces), else
    :data:`DEFAULT_RULESET` (or ``default``: the record's game's).

    decided: the record's Options belong to its own Rules header and are not applied on top of
    a --rules given on the command line (they may not exist in that set)."""
    if rules_id:
        name, *options = rules_id.split("+")
        return load_ruleset(name.strip(), [o.strip() for o in options])
    assert record is not None, "a rule set is named by rules_id or by a record"
    header = record.header("Rules")
    options = [o for o in re.split(r"[,\s]+", record.header("Options") or "") if o]
    try:
        ruleset = named_ruleset(_normal_id(header) if header else default or DEFAULT_RULESET, folder=folder,
                                given=header)
    except RulesError as e:
        raise _in_header(e, record, "Rules") from None
    try:
        return ruleset.with_options(options)
    except RulesError as e:
        raise _in_header(e, record, "Options") from None


def _shown_path(path: str | None, folder: Path | None) -> str | None:
    """A rule file of a site's folder as ``rules/NAME.yaml``: a page shows no path of the machine."""
    if path and folder is not None and Path(path).parent == Path(folder):
        return f"{Path(folder).name}/{Path(path).name}"
    return path


def _normal_id(name: str) -> str:
    """'Guiton 1822' and 'guiton-1822' name the same set."""
    return re.sub(r"[\s_]+", "-", name.strip().lower())


def _in_header(error: RulesError, record: Record, header: str) -> RulesError:
    """Point an error about a name at the record's header that gave it."""
    if error.path is not None:
        return error
    span = record.header_span(header)
    return RulesError(f"{header} header: {error.message}", record.path, span.line if span else None,
                      span.column if span else None)
