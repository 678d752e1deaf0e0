"""The Game protocol: what the replay loop asks of a game, and the registry of games by name.

The replay (:mod:`.replay`) knows records, turns, variations, acknowledgements and figures; everything that
differs between trictrac and backgammon — the start, reading a written move, the legal plays, why a play is
illegal, moving the dames, the words for a throw, the scorer — is asked of the record's game, chosen by its
``[Game "..."]`` header (default ``trictrac``), as python-chess chooses a variant by its ``Variant`` header.

Games live on the floor above (``games/<name>/``); this floor only names the module that defines each, and
imports it when a record asks for it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..core.board import COLORS, Position, other
from ..core.coords import CoordSystem
from ..core.diagnostics import Reporter
from ..errors import TrictracError
from ..notation.record import MoveText, Record, Span, Throw

if TYPE_CHECKING:
    from ..notation.lightread import LightRecord
    from .quick import QuickReplay

DEFAULT_GAME = "trictrac"

# name -> the module whose ``GAME`` is that game (imported on first use: games are a floor above)
KNOWN_GAMES: dict[str, str] = {
    "trictrac": "trictrac_notation.games.trictrac.game",
    "backgammon": "trictrac_notation.games.backgammon.game",
}

_LOADED: dict[str, Game] = {}


class Reading(Protocol):
    """What a game needs to read and judge a throw: the coordinates, the bottom player, the reporter."""

    coords: CoordSystem
    bottom: str
    r: Reporter
    rules: Any  # the game's movement rules in force (trictrac: a MoveRules)
    steps_read: dict[Any, Any]  # a cache of moves already read, for the game to use as it likes

    def name(self, mover: str) -> Callable[[int], str]:
        """The name of a track of ``mover``'s frame in the record's coordinate system."""
        ...


class Game(Protocol):
    """A game the replay can play: data plus a small rules module (see the module's docstring).

    :class:`GameDefaults` gives the words and hooks a game may leave as trictrac has them."""

    name: str
    dames: int  # per side
    illegal_play: str  # the words of an illegal play's error ('fausse case', 'illegal play')
    turn_rule: str  # the citation of an out-of-turn throw
    numbers_each_game: bool  # throw numbers start again at 1 in each game of a record (a match's)
    judges_before_applying: bool  # a written play is judged before it is put on the board (its plays have .after)
    default_ruleset: str | None  # the rule set of a record that names none but has Options (None: the registry's)
    rules_hint: str  # the hint of a bad Rules / Options header
    jans: tuple[str, ...]  # the jans a record's claims may name (``[remplir 4]``): the reader knows no game
    marks_points: bool  # its records mark points, holes and écoles as they go (trictrac); else each is an error

    def layout(self, rules: Any) -> Position:
        """The opening position under the movement rules in force (a new game of a match starts from it)."""
        ...

    def acts_out_of_turn(self, throw: Throw) -> bool:
        """Whether the line is one a player may write out of turn (backgammon: a resignation)."""
        ...

    def standing_scorer(self, rules: Any) -> Any:
        """The scorer a replay uses when it is given none (backgammon: the cube and the match, always), or None."""
        ...

    def note_play(self, play: Any, steps: list[Any], side: str, span: Span | None, reading: Reading) -> None:
        """Report what the writing of a legal play gets wrong (backgammon: a hit not marked ``*``)."""
        ...

    def next_turn(self, throw: Throw, side: str, phase: Any, rules: Any, reading: Reading) -> NextTurn:
        """Who throws after this line (``phase``: the game's own note of where the turn stands, from the line
        before); a line that breaks the phase is reported (acey-deucey: the line after a 1-2 names a doublet)."""
        ...

    def default_rules(self) -> Any:
        """The movement rules when no rule set is given."""
        ...

    def movement(self, ruleset: Any) -> Any:
        """The movement rules of a rule set (trictrac: a MoveRules)."""
        ...

    def scorer(self, ruleset: Any, follow_record: bool = True) -> Any:
        """A scorer for a rule set (the Scorer protocol of :mod:`.score`), or None when it scores nothing;
        ``follow_record``: the score follows what the record marks (``check``) or is computed only (``compare``)."""
        ...

    def opening(self) -> Position:
        """The opening position (trictrac: the dames piled on the talons; also after a relevé)."""
        ...

    def initial_position(self, record: Record, reading: Reading) -> Position:
        """The opening position, or the record's starting position (``@white ...`` lines), errors reported."""
        ...

    def dice_name(self, dice: tuple[int, int]) -> str:
        """The words for a throw in messages ('6-4', 'double deux')."""
        ...

    def check_throw(self, throw: Throw, position: Position, reading: Reading) -> None:
        """Report what the game's own items on a throw line get wrong before the play (trictrac: pour tout)."""
        ...

    def read_steps(self, moves: Sequence[MoveText], side: str, reading: Reading) -> list[Any] | None:
        """The written moves as steps in the mover's frame; None (errors reported) if they cannot be read."""
        ...

    def apply(self, position: Position, side: str, steps: list[Any], moves: Sequence[MoveText],
              reading: Reading) -> Position | None:
        """The position after the steps as written; None (an error reported) if a dame is not there."""
        ...

    def legal_plays(self, position: Position, side: str, dice: tuple[int, int], rules: Any) -> list[Any]:
        """Every legal play of the throw."""
        ...

    def made_play(self, position: Position, side: str, dice: tuple[int, int], steps: list[Any],
                  after: Position | None, rules: Any, legal: Callable[[], list[Any]]) -> Any | None:
        """The legal play the written steps make, or None when they make none (``legal`` lists them on demand);
        ``after`` is the position as written (None for a game that judges before applying)."""
        ...

    def explain(self, position: Position, side: str, dice: tuple[int, int], steps: list[Any], rules: Any,
                legal: list[Any], name: Callable[[int], str]) -> tuple[str, str, list[str]]:
        """Why a written play is not legal: (the rule's citation, a sentence, notes to add)."""
        ...

    def stood_play(self, steps: list[Any], dice: tuple[int, int], after: Position, side: str) -> Any:
        """An illegal play the opponent let stand, as the play made (what it leaves unplayed)."""
        ...

    def format_play(self, play: Any, name: Callable[[int], str]) -> str:
        """A legal play written back in the record's notation (listed in errors)."""
        ...

    def quick_replay(self, light: LightRecord, ruleset: Any) -> QuickReplay | None:
        """A plain record replayed by the game's kernel (scored under ``ruleset`` when it is not None), when the
        kernel can vouch that the readable replay would find it clean; None otherwise (see :mod:`.quick`)."""
        ...


@dataclass(frozen=True)
class NextTurn:
    """Who throws next; why, and the rule, when it is not simply the other player; the game's phase."""

    side: str
    why: str | None = None
    rule: str | None = None
    phase: Any = None


_IN_TURN: dict[str, NextTurn] = {side: NextTurn(other(side)) for side in COLORS}  # the common answers, shared (frozen)


class GameDefaults:
    """The words and hooks of :class:`Game` as trictrac has them, for a game to inherit and override."""

    illegal_play = "fausse case"
    turn_rule = "rules.md §3.10"
    numbers_each_game = False
    judges_before_applying = False
    default_ruleset: str | None = None
    rules_hint = "trictrac rules lists the rule sets"
    marks_points = True

    def opening(self) -> Position:
        raise NotImplementedError

    def layout(self, rules: Any) -> Position:
        return self.opening()

    def acts_out_of_turn(self, throw: Throw) -> bool:
        return False

    def standing_scorer(self, rules: Any) -> Any:
        return None

    def note_play(self, play: Any, steps: list[Any], side: str, span: Span | None, reading: Reading) -> None:
        return None

    def next_turn(self, throw: Throw, side: str, phase: Any, rules: Any, reading: Reading) -> NextTurn:
        return _IN_TURN[side]

    def quick_replay(self, light: LightRecord, ruleset: Any) -> QuickReplay | None:
        return None  # no kernel: the readable replay


class UnknownGame(TrictracError):
    """A ``Game`` header that names no known game."""

    def __init__(self, name: str):
        self.name = name
        super().__init__(f"unknown game {name!r}; known games: {', '.join(sorted(KNOWN_GAMES))}")


def game_named(name: str = DEFAULT_GAME) -> Game:
    """The game of that name (case-insensitive); UnknownGame otherwise."""
    key = name.strip().lower()
    if key not in KNOWN_GAMES:
        raise UnknownGame(name)
    if key not in _LOADED:
        _LOADED[key] = importlib.import_module(KNOWN_GAMES[key]).GAME
    return _LOADED[key]


def register(name: str, module: str) -> None:
    """Make a game known by the dotted name of the module whose ``GAME`` it is."""
    KNOWN_GAMES[name.lower()] = module
    _LOADED.pop(name.lower(), None)


def game_for(record: Record, reporter: Reporter | None = None) -> Game:
    """The record's game by its ``Game`` header; an unknown one is an error at the header (trictrac is used)."""
    name = record.header("Game")
    if name is None:
        return game_named(DEFAULT_GAME)
    try:
        return game_named(name)
    except UnknownGame as e:
        if reporter is not None:
            reporter.error(str(e), record.header_span("Game"), code="bad-header",
                           hint=f"write one of: {', '.join(sorted(KNOWN_GAMES))}")
        return game_named(DEFAULT_GAME)


def part_span(move: MoveText, index: int) -> Span | None:
    """The span of the index-th coordinate of a written move (for a game's messages)."""
    if move.span is None:
        return None
    offset = sum(len(p) + 1 for p in move.parts[:index])
    return Span(move.span.line, move.span.column + offset, len(move.parts[index]))


def moves_span(moves: Sequence[MoveText]) -> Span | None:
    """The span from the first written move to the last, when they share a line."""
    span = moves[0].span if moves else None
    last = moves[-1].span if moves else None
    if span and last and last.line == span.line:
        span = Span(span.line, span.column, last.column + last.length - span.column)
    return span
