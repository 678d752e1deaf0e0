"""GNU Backgammon's match files and our records: ``trictrac import game.mat`` and ``export --format mat``.

The file format is :mod:`~trictrac_notation.matfile`'s; here a :class:`~trictrac_notation.matfile.Match` becomes a
record (every game of the match one after the other, the cube on the doubler's line before his dice) and a
replayed record becomes a Match again, with each play's hops per die as the replay resolved them (GNU Backgammon
drops a hop it finds illegal without a word, so none is left for it to guess).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from .cube import GameScore, MatchFinal
from .matfile import BEAVER, DOUBLE, DROP, ROLL, TAKE, Action, Game, Match, format_play
from .play import Impossible, apply_moves
from .rules import DEFAULT, Rules, load

if TYPE_CHECKING:
    from ...engine.replay import Replay

SIDES = ("white", "black")  # the first (left) player of a .mat file is white
HEADERS = {"Event": "Event", "EventDate": "Date", "Place": "Place", "Round": "Note", "Annotator": "Annotator"}
VARIATIONS = {"nackgammon": "nackgammon", "hypergammon": "hypergammon"}
GNUBG_VARIATIONS = {"nackgammon": "NackGammon", "hypergammon": "Hypergammon"}


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def match_to_record(match: Match, title: str | None = None) -> str:
    """A match file as our record text: one line per throw, games one after the other."""
    meta = dict(match.headers)
    variation = meta.get("Variation", "").lower()
    rules = meta.get("Rules") or next((v for k, v in VARIATIONS.items() if k in variation), DEFAULT)
    beaver = any(a.kind == BEAVER for g in match.games for a in g.actions)
    options = [o for o, on in (("no-crawford", match.length and not match.crawford_rule),
                               ("jacoby", meta.get("Jacoby", "").lower() == "on"), ("beaver", beaver)) if on]
    head = [("Game", "backgammon"), ("Rules", rules), *([("Options", " ".join(options))] if options else []),
            *([("Title", title)] if title else []), ("White", match.players[0] or "white"),
            ("Black", match.players[1] or "black"), ("Match", str(match.length))]
    head += [(ours, meta[theirs]) for theirs, ours in HEADERS.items() if theirs in meta]
    lines = [f"[{k} {_quote(v)}]" for k, v in head] + [""]
    dames = load(rules).moves.dames
    for game in match.games:
        lines += _game_lines(game, match, rules, dames)
    return "\n".join(lines) + "\n"


def _game_lines(game: Game, match: Match, rules: str, dames: int) -> list[str]:
    position = load(rules).initial()
    lines: list[str] = []
    pending = ""  # the cube's action, written before the doubler's dice
    n = 0
    note = f" {{game {game.number}: {match.players[0]} {game.score[0]}, {match.players[1]} {game.score[1]}}}"
    ended = False
    for k, a in enumerate(game.actions):
        side = SIDES[a.player]
        if a.kind == DOUBLE:
            answer = game.actions[k + 1].kind if k + 1 < len(game.actions) else None
            pending = {TAKE: "double take", DROP: "double drop", BEAVER: "double beaver"}.get(answer or "", "")
            if answer == DROP:
                n += 1
                lines.append(f"{n}. {side} double drop")
                ended = True
            continue
        if a.kind != ROLL:
            continue  # takes, drops and beavers are written with the double
        n += 1
        assert a.dice is not None
        play = format_play(a.play)
        lines.append(" ".join(filter(None, (f"{n}. {side}", pending, f"{a.dice[0]}-{a.dice[1]}", play))))
        pending = ""
        with contextlib.suppress(Impossible):  # the replay of the record will say where
            position = apply_moves(position, side, a.play)
        ended = position.borne_off(side) == dames
    if game.winner is not None and not ended:  # a resignation: the loser's line
        loser = SIDES[1 - game.winner]
        cube = _cube_before_end(game)
        kind = {1: "resigns", 2: "resigns-gammon", 3: "resigns-backgammon"}.get(game.points // max(cube, 1), "resigns")
        lines.append(f"{n + 1}. {loser} {kind}")
    if lines:
        lines[0] += note
    return lines


def _cube_before_end(game: Game) -> int:
    value = 1
    for a in game.actions:
        if a.kind in (TAKE,):
            value *= 2
        elif a.kind == BEAVER:
            value = a.cube
    return value


def record_to_match(result: Replay) -> Match:
    """A replayed record (without errors) as a Match: each play's hops as the replay resolved them."""
    rec, rules, final = result.record, result.rules, result.final
    assert isinstance(rules, Rules) and isinstance(final, MatchFinal), "a backgammon record's replay"
    players = (rec.header("White") or "white", rec.header("Black") or "black")
    headers = [(theirs, value) for theirs, ours in HEADERS.items() if (value := rec.header(ours))]
    if final.match.length and not rules.crawford:
        headers.append(("Crawford", "Off"))
    if rules.jacoby:
        headers.append(("Jacoby", "On"))
    if rules.id != DEFAULT:  # gnubg's name for its variations; ours for the reader of our files
        headers += [("Variation", v) for k, v in GNUBG_VARIATIONS.items() if k == rules.id]
        headers.append(("Rules", rules.id))
    games: list[Game] = []
    actions: list[Action] = []
    points = [0, 0]
    for t in result.throws:
        player = SIDES.index(t.side)
        kind = t.throw.cube or ""
        score = t.score
        assert isinstance(score, GameScore)
        if kind.startswith("double"):
            before = score.cube // {"double take": 2, "double beaver": 4}.get(kind, 1)
            answer = {"double take": TAKE, "double drop": DROP, "double beaver": BEAVER}[kind]
            actions.append(Action(player, DOUBLE, cube=2 * before))
            actions.append(Action(1 - player, answer, cube=4 * before if answer == BEAVER else 0))
        if t.throw.dice is not None and t.after is not None:
            play = t.play
            actions.append(Action(player, ROLL, t.throw.dice, play.moves if play else (),
                                  hops=play.hops if play else ()))
        if score.marque is not None:
            winner = SIDES.index(score.marque.winner)
            games.append(Game(len(games) + 1, (points[0], points[1]), tuple(actions), winner, score.marque.points))
            points[winner] += score.marque.points
            actions = []
    if actions:
        games.append(Game(len(games) + 1, (points[0], points[1]), tuple(actions)))
    return Match(final.match.length, players, tuple(games), tuple(headers))

