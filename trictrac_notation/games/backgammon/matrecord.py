"""GNU Backgammon's match files and our records: ``trictrac import game.mat`` and ``export --format mat``.

The file format is :mod:`.matfile`'s and what its plays do on the board :mod:`.matimport`'s; here an imported
match becomes a record (every game of the match one after the other, the cube on the doubler's line before his
dice, a game given up on the loser's line) and a replayed record becomes a Match again, with each play's hops per
die as the replay resolved them (GNU Backgammon drops a hop it finds illegal without a word, so none is left for
it to guess).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cube import GameScore, MatchFinal
from .matfile import BEAVER, DOUBLE, DROP, ROLL, TAKE, Action, Game, Match
from .matimport import GNUBG_VARIATIONS, SIDES, GameView, Imported, import_match
from .playtext import format_play
from .rules import DEFAULT, Rules, load

if TYPE_CHECKING:
    from ...engine.replay import Replay

HEADERS = {"Event": "Event", "EventDate": "Date", "Place": "Place", "Round": "Note", "Annotator": "Annotator"}


def _quote(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def match_to_record(match: Match, title: str | None = None) -> str:
    """A match file as our record text (what :func:`~.matimport.import_match` says of it aside)."""
    return record_text(import_match(match), title)


def record_text(imported: Imported, title: str | None = None) -> str:
    """An imported match as our record text: one line per throw, games one after the other."""
    match, meta = imported.match, dict(imported.match.headers)
    head = [("Game", "backgammon"), ("Rules", imported.rules),
            *([("Options", " ".join(imported.options))] if imported.options else []),
            *([("Title", title)] if title else []), ("White", match.players[0] or SIDES[0]),
            ("Black", match.players[1] or SIDES[1]), ("Match", str(match.length)),
            *([("MatchScore", f"{imported.start[0]}-{imported.start[1]}")] if any(imported.start) else [])]
    head += [(ours, meta[theirs]) for theirs, ours in HEADERS.items() if theirs in meta]
    lines = [f"[{k} {_quote(v)}]" for k, v in head] + [""]
    for view in imported.games:
        lines += _game_lines(view, match)
    return "\n".join(lines) + "\n"


def _game_lines(view: GameView, match: Match) -> list[str]:
    game = view.game
    lines: list[str] = []
    pending = ""  # the cube's action, written before the doubler's dice
    kept = ""  # a roll left unplayed, kept in a comment
    resigned = False
    n = 0
    loser = SIDES[1 - view.winner] if view.winner is not None else None
    names = [match.players[p] or SIDES[p] for p in (0, 1)]
    note = f" {{game {game.number}: {names[0]} {game.score[0]}, {names[1]} {game.score[1]}}}"
    for k, a in enumerate(game.actions):
        side = SIDES[a.player]
        if a.kind == DOUBLE:
            answer = game.actions[k + 1].kind if k + 1 < len(game.actions) else None
            pending = {TAKE: "double take", DROP: "double drop", BEAVER: "double beaver"}.get(answer or "", "")
            if answer == DROP:
                n += 1
                lines.append(f"{n}. {side} double drop")
            continue
        if a.kind != ROLL:
            continue  # takes, drops and beavers are written with the double
        assert a.dice is not None
        dice = f"{a.dice[0]}-{a.dice[1]}"
        if a is view.unplayed:
            if view.resign and side == loser:  # he resigned on the roll: the dice on his resignation's line
                if pending:
                    n += 1
                    lines.append(f"{n}. {side} {pending}")
                n += 1
                lines.append(f"{n}. {side} {view.resign} {dice}")
                resigned = True
                continue
            kept = f"{{{names[a.player]} threw {dice} and did not play it}}"
            continue
        n += 1
        lines.append(" ".join(filter(None, (f"{n}. {side}", pending, dice, format_play(view.plays[k])))))
        pending = ""
    if view.resign and not resigned:
        lines.append(f"{n + 1}. {loser} {view.resign}")
    if lines:
        lines[0] += note
    elif kept:
        kept = note.strip() + " " + kept
    return lines + ([kept] if kept else [])


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
    variation = gnubg_variation(rules)
    if variation not in (None, "Standard"):  # gnubg's name for its variations
        headers.append(("Variation", variation))
    if rules.id != DEFAULT:  # ours, for the reader of our files
        headers.append(("Rules", rules.id))
    games: list[Game] = []
    actions: list[Action] = []
    m = final.match  # the score before the record's first game: the last one less what its games won
    points = [m.score[c] - sum(r.points for r in m.results if r.winner == c) for c in SIDES]
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



def gnubg_variation(rules: Rules) -> str | None:
    """GNU Backgammon's name for the game ``rules`` plays (its dames and their layout, moved as backgammon
    moves them), or None when gnubg does not play it."""
    m = rules.moves
    if m.doublet_moves != 4 or not m.enter_first or not m.hitting or rules.ace_deuce or rules.doublets_again:
        return None
    return next((name for name, (rule_set, options) in GNUBG_VARIATIONS.items()
                 if load(rule_set, options).start == rules.start), None)


def gnubg_differences(rules: Rules) -> tuple[str | None, list[str]]:
    """Why GNU Backgammon cannot play a record under ``rules`` (None: it can), and what it would count
    otherwise than ``rules`` do: gnubg drops the plays it finds illegal, and scores games its own way (a rule set
    that only forbids some plays, Guiton's whole count or the five-dame limit, writes plays gnubg reads)."""
    if gnubg_variation(rules) is None:
        return (f"GNU Backgammon cannot play {rules.id}: it knows backgammon, nackgammon and hypergammon, moved "
                "as backgammon moves them, and would drop or misread these plays"), []
    notes = []
    if (rules.gammon, rules.backgammon) != (2, 3):
        notes.append(f"GNU Backgammon scores a gammon twice and a backgammon three times the cube; {rules.id} "
                     f"scores them {rules.gammon} and {rules.backgammon} times: it will count these results its "
                     "own way")
    return None, notes
