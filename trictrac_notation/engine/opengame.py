"""The front door: a record (a file or its text) read, its game and rule set chosen, and replayed.

:func:`open_game` is what the command line, the site, the Markdown fence and the benchmarks call, instead of
chaining parse, the choice of the rules and the replay by hand; :func:`replay_setup` is its middle step for
those who hold a record already.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from ..core.diagnostics import Diagnostic
from ..notation import lightread
from ..notation.reader import read_text
from ..notation.record import Record
from ..rules.rulesets import RulesError, RuleSet, _shown_path, ruleset_for
from .game import DEFAULT_GAME, Game, UnknownGame, game_for, game_named
from .reading import parse
from .replay import Replay, replay

if TYPE_CHECKING:
    from .quick import QuickReplay


def replay_options(rules_id: str | None, record: Record, follow_record: bool = True,
                   folder: Path | None = None) -> dict[str, Any]:
    """Keyword arguments of ``replay()`` for ``--rules`` / the record's headers: the movement rules and
    a scorer (``follow_record``: see the game's scorer).  With neither --rules nor a ``Rules`` /
    ``Options`` header: movement only, no scorer.  A bad name raises RulesError (at the header)."""
    game = game_for(record)
    if not rules_id and not record.header("Rules") and not record.header("Options"):
        return {"rules": game.default_rules(), "scorer": None}
    ruleset = ruleset_for(rules_id, record, folder, default=game.default_ruleset)
    if ruleset.game != game.name:  # e.g. [Rules "ffbg"] on a trictrac record: an error at the header
        raise RulesError(f"rule set {ruleset.id} is a {ruleset.game} rule set, and this record is {game.name}"
                         + ("" if ruleset.game == "trictrac" else f' (add [Game "{ruleset.game}"] if it is)'))
    return {"rules": game.movement(ruleset), "scorer": game.scorer(ruleset, follow_record)}


def replay_setup(rules_id: str | None, record: Record, follow_record: bool = True,
                 folder: Path | None = None) -> tuple[dict[str, Any], list[Diagnostic]]:
    """:func:`replay_options` and the diagnostics of the choice, for tools that must not stop.

    A bad ``Rules`` / ``Options`` header is an error of the record, reported at the header; the
    replay then checks the movement only.  Points marked in a record that names no rule set are
    not silently ignored: a warning says they are not checked.  A bad ``rules_id`` (given on the
    command line) still raises RulesError: that is a usage error.
    """
    game = game_for(record)
    try:
        options = replay_options(rules_id, record, follow_record, folder)
    except RulesError as e:
        if rules_id:
            raise
        span = record.header_span("Options" if "Options header" in e.message else "Rules")
        line, column = (e.line, e.column or 1) if e.line else ((span.line, span.column) if span else (1, 1))
        return {"rules": game.default_rules(), "scorer": None}, [
            Diagnostic("error", e.message, _shown_path(e.path, folder) or record.path, line, column,
                       code="bad-rules", hint=game.rules_hint)]
    if options["scorer"] is None and game.marks_points and record.has_marks():
        return options, [Diagnostic(
            "warning", "the points and holes marked in this record are not checked: it names no rule set",
            record.path, 1, 1, code="no-rules",
            hint='add a header such as [Rules "guiton-1822"] (trictrac rules lists them) or use --rules ID')]
    return options, []


def scored_replay(record: Record, ruleset: RuleSet, parse_diagnostics: Sequence[Diagnostic] = (),
                  follow_record: bool = True, game: Game | None = None) -> Replay:
    """Replay a record under a rule set already chosen, with its game's movement rules and scorer."""
    chosen = game or game_for(record)
    return replay(record, rules=chosen.movement(ruleset), scorer=chosen.scorer(ruleset, follow_record),
                  parse_diagnostics=parse_diagnostics, game=chosen)


class OpenedGame:
    """A record read and replayed: ``replay`` is None when the file could not be read at all.

    Opened with ``quick=True``, a plain record that its game's kernel replays clean (``quick``: the
    :class:`.quick.QuickReplay`) has no diagnostic and is not replayed the readable way until ``record``,
    ``replay`` or ``scorer`` is asked for."""

    def __init__(self, path: str, text: str | None, record: Record | None, replay: Replay | None,
                 parse_diagnostics: list[Diagnostic] | None = None, scorer: Any = None, *,
                 quick: QuickReplay | None = None, full: Callable[[], OpenedGame] | None = None):
        self.path, self.text = path, text
        self._record, self._replay, self._scorer = record, replay, scorer
        self.parse_diagnostics = parse_diagnostics if parse_diagnostics is not None else []
        self.quick = quick
        self._full = full  # how to replay the record the readable way, when it was opened quick

    def _load(self) -> None:
        full, self._full = self._full, None
        if full is not None:
            opened = full()
            self._record, self._replay, self._scorer = opened.record, opened.replay, opened.scorer
            self.parse_diagnostics = opened.parse_diagnostics

    @property
    def record(self) -> Record | None:
        self._load()
        return self._record

    @property
    def replay(self) -> Replay | None:
        self._load()
        return self._replay

    @property
    def scorer(self) -> Any:
        """The game's scorer of the rule set chosen (None: the movement only)."""
        self._load()
        return self._scorer

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """Every diagnostic, sorted: the replay's (which holds the parse's), or the reading's."""
        if self._full is not None and self.quick is not None:
            return self.quick.diagnostics  # replayed by the game's kernel
        return self._replay.diagnostics if self._replay is not None else self.parse_diagnostics

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    @property
    def game(self) -> Game | None:
        replay = self.replay
        return replay.game if replay is not None else None


def quick_open(text: str, rules: str | RuleSet | None, path: str, folder: Path | None = None) -> QuickReplay | None:
    """The record replayed by its game's kernel when it is a plain record (notation/lightread.py) that the kernel
    finds clean, else None.  The rule set is chosen as :func:`replay_options` chooses it; a bad ``rules`` raises
    RulesError as it does, a bad header gives None (the readable path reports it)."""
    light = lightread.read(text, path)
    if light is None:
        return None
    try:
        game = game_named(light.header("Game") or DEFAULT_GAME)
    except UnknownGame:
        return None
    if isinstance(rules, RuleSet):
        ruleset: RuleSet | None = rules
    elif not rules and light.header("Rules") is None and light.header("Options") is None:
        ruleset = None
    else:
        try:
            ruleset = ruleset_for(rules, None, folder) if rules else ruleset_for(None, light, folder,  # type: ignore[arg-type]
                                                                                   default=game.default_ruleset)
        except RulesError:
            if rules:
                raise
            return None
    if ruleset is not None and ruleset.game != game.name:
        return None
    return game.quick_replay(light, ruleset)


def _is_file(source: str | Path) -> bool:
    """A Path, or a string of one line that names a file, or looks like a file name (no space, no header)."""
    if isinstance(source, Path):
        return True
    if "\n" in source:
        return False
    if Path(source).exists():
        return True
    return not (source.lstrip().startswith("[") or any(c.isspace() for c in source.strip()))


def open_game(source: str | Path, rules: str | RuleSet | None = None, *, path: str | None = None,
              follow_record: bool = True, folder: Path | None = None, game: Game | None = None,
              kind: Literal["file", "text"] | None = None, quick: bool = False) -> OpenedGame:
    """Read a record (a file's path, or its text), choose its game (``Game`` header) and rule set, and replay it.

    ``kind`` says whether ``source`` is a file's path or the text; by default a Path, or a string of one line
    naming a file or looking like a file name, is a file.

    ``rules``: a rule set's id (``ID[+OPTION...]`` or a .yaml file; a bad one raises RulesError: the caller's
    mistake), a :class:`RuleSet`, or None for the record's ``Rules`` header (a bad header is a diagnostic of
    the record); ``path``: the name the diagnostics give (text) or show instead of the file's path;
    ``folder``: a site's own rules folder; ``follow_record``: see the scorer; ``quick``: a plain record is
    first replayed by its game's kernel (:func:`quick_open`), and the readable replay waits until it is asked for.
    """
    if kind == "file" or (kind is None and _is_file(source)):
        name = path or str(source)
        text, diags = read_text(str(source))
        for d in diags:
            d.path = name
        if text is None:
            return OpenedGame(name, None, None, None, diags)
    else:
        name, text, diags = path or "<record>", str(source), []
    if quick and follow_record and game is None:
        found = quick_open(text, rules, name, folder)
        if found is not None:
            return OpenedGame(name, text, None, None, [], quick=found, full=lambda: open_game(
                text, rules, path=name, folder=folder, kind="text"))
    record, more = parse(text, name)
    diags += more
    if isinstance(rules, RuleSet):
        chosen = game or game_for(record)
        options = {"rules": chosen.movement(rules), "scorer": chosen.scorer(rules, follow_record)}
        choice: list[Diagnostic] = []
    else:
        options, choice = replay_setup(rules, record, follow_record, folder)
    result = replay(record, **options, parse_diagnostics=diags + choice, game=game)
    return OpenedGame(name, text, record, result, diags, options["scorer"])
