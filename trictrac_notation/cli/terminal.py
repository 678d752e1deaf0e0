"""``trictrac play``: a partie against a player in the terminal.

The board is drawn with rich (the text board of core/textboard.py in a panel, the score in its title), the
dice thrown, the legal plays listed and numbered with their points; the person answers with a number, ``h``
for the player's advice or ``q`` to stop.  Every throw is written to the record at once — its points, holes
and stay or go as the notation writes them — so that the file is a record ``trictrac check`` reads clean
however the partie ends.
"""

from __future__ import annotations

import random
from typing import IO, TYPE_CHECKING

from ..core.board import BLACK, WHITE, other
from ..core.coords import get_system
from ..core.textboard import render
from ..games.trictrac.events import counted
from ..play.greedy import choices_of
from ..play.partie import Partie, Thrown
from ..play.player import GO, STAY, Choice, Decision, Player, best_of
from ..play.registry import player
from ..play.situation import Situation, ruleset_named
from .common import UsageError

if TYPE_CHECKING:
    from rich.console import Console

NAME = get_system("player")


def move_text(choice: Choice, side: str) -> str:
    """The play in the record's notation (the player's own coordinates: T, 1..11, 11'..1', T', off)."""
    return " ".join(f"{NAME.format(src, side)}{'-' + NAME.format(via, side) if via >= 0 else ''}-"
                    f"{NAME.format(dst, side)}" for src, dst, via, _ in choice.play[0])


def throw_line(n: int, thrown: Thrown) -> str:
    """The record's line of one throw: number, side, dice, the points and holes each side marks, the moves,
    stay or go."""
    side, (a, b), choice = thrown.side, thrown.dice, thrown.choice
    own, theirs = choice.points
    went = thrown.decision is not None and thrown.decision.decision == GO
    parts = [f"{n}.", side, f"{a}-{b}"]
    if own:
        parts.append(f"+{own}")
    if theirs and not went:
        parts.append(f"opp +{theirs}")
    mine, rival = thrown.holes
    if mine:
        parts.append("hole" if mine == 1 else f"holes {mine}")
    if rival:
        parts.append("opp hole" if rival == 1 else f"opp holes {rival}")
    if thrown.decision is not None:
        parts.append(thrown.decision.decision)
    if not went or choice.play[1][24] == 15:  # a go leaves the throw unplayed, but for the sortie's
        parts.append(move_text(choice, side))
    return " ".join(p for p in parts if p)


def play_in_terminal(name: str, label: str, side: str, seed: int | None, output: str, stdin: IO[str],
                     stdout: IO[str]) -> int:
    """Play until the partie is won, the person stops (``q``) or the input ends; 0."""
    from rich.console import Console

    ruleset = ruleset_named(label)
    computer = player(name)
    rng = random.Random(seed)
    first = WHITE if rng.random() < 0.5 else BLACK
    partie = Partie(ruleset, first)
    console = Console(file=stdout, highlight=False, soft_wrap=True)
    header = [f'[Title "A partie against the {name} player"]', f'[Rules "{label}"]',
              f'[White "{"you" if side == WHITE else name}"]', f'[Black "{"you" if side == BLACK else name}"]',
              f'[First "{first}"]', ""]
    try:
        record = open(output, "w", encoding="utf-8")  # noqa: SIM115 (written as the partie goes)
    except (OSError, ValueError) as e:
        raise UsageError(f"-o {output}: cannot write: {getattr(e, 'strerror', None) or e}") from None
    with record:
        record.write("\n".join(header) + "\n")
        record.flush()
        console.print(f"You play {side}, against the {name} player ({computer.summary}); {first} throws first. "
                      f"The record goes to {output}.")
        n = 0
        while partie.winner is None:
            s = partie.situation
            dice = (rng.randint(1, 6), rng.randint(1, 6))
            _board(console, s, side)
            if s.mover == side:
                console.print(f"You throw {dice[0]}-{dice[1]}.")
                choice = _ask_play(console, stdin, s, dice, computer)
                if choice is None:
                    break
                thrown = partie.throw(dice, choice, lambda d: _ask_stay(console, stdin, d, computer))
            else:
                choice = best_of(computer.rank(s, dice), rng)
                thrown = partie.throw(dice, choice, computer.stay_or_go)
                console.print(f"{name} ({s.mover}) throws {dice[0]}-{dice[1]} and plays "
                              f"{move_text(choice, s.mover) or 'nothing (he cannot play)'}"
                              + (f", {thrown.decision.decision}s" if thrown.decision else ""))
            n += 1
            record.write(throw_line(n, thrown) + "\n")
            record.flush()
            _marks(console, thrown)
        if partie.winner is not None:
            holes = {c: partie.marking.players[c].holes for c in (WHITE, BLACK)}
            verdict = "You win" if partie.winner == side else f"The {name} player wins"
            record.write(f"{{{partie.winner} wins the partie, {holes[partie.winner]} holes to "
                         f"{holes[other(partie.winner)]}}}\n")
            console.print(f"{verdict} the partie, {holes[partie.winner]} holes to {holes[other(partie.winner)]}.")
    console.print(f"The record is in {output} ({n} throw{'s' if n != 1 else ''}).")
    return 0


def _board(console: Console, s: Situation, bottom: str) -> None:
    from rich.panel import Panel

    m = s.marking
    score = "   ".join(f"{c}: {m.players[c].holes} holes, {m.players[c].points} points"
                       + (" (bredouille)" if m.players[c].bredouille and m.players[c].points else "")
                       for c in (WHITE, BLACK))
    console.print(Panel(render(s.position(), "player", bottom), title=score, subtitle=f"{s.mover} to throw",
                        expand=False))


def _ask_play(console: Console, stdin: IO[str], s: Situation, dice: tuple[int, int], computer: Player
              ) -> Choice | None:
    """The person's play, by its number among the legal plays; None when he stops."""
    offered = choices_of(s, dice)
    for i, c in enumerate(offered, 1):
        own, theirs = c.points
        marks = ", ".join(t for t in (f"you +{own}" if own else "", f"opponent +{theirs}" if theirs else "") if t)
        console.print(f"  {i:>2}) {move_text(c, s.mover) or '(nothing can be played)'}"
                      + (f"   [{marks}]" if marks else ""))
    while True:
        console.print(f"Your play (1-{len(offered)}, h: advice, q: stop)? ", end="")
        line = stdin.readline()
        if not line:
            console.print()
            return None
        answer = line.strip().lower()
        if answer == "q":
            return None
        if answer == "h":
            for c in computer.rank(s, dice)[:3]:
                console.print(f"  advice: {move_text(c, s.mover)}  (value {c.value:+.2f} points)")
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(offered):
            return offered[int(answer) - 1]
        console.print(f"  answer with a number from 1 to {len(offered)}, h or q")


def _ask_stay(console: Console, stdin: IO[str], s: Situation, computer: Player) -> Decision:
    """The person's decision after a hole won by his own throw (the input ended: he stays)."""
    advice = computer.stay_or_go(s)
    hint = f" (the {computer.name} player would {advice.decision}: stay {advice.stay:+.1f}, go {advice.go:+.1f})"
    while True:
        console.print(f"Your throw wins a hole: stay or go? (s/g){hint} ", end="")
        line = stdin.readline()
        answer = line.strip().lower()
        if not line or answer in ("s", "stay"):
            return Decision(STAY, 0.0, 0.0)
        if answer in ("g", "go"):
            return Decision(GO, 0.0, 0.0)


def _marks(console: Console, thrown: Thrown) -> None:
    own, theirs = thrown.choice.points
    said = []
    if own:
        said.append(f"{thrown.side} marks {counted(own, 'point')}")
    if theirs and not (thrown.decision and thrown.decision.decision == GO):
        said.append(f"{other(thrown.side)} marks {counted(theirs, 'point')}")
    for color, holes in zip((thrown.side, other(thrown.side)), thrown.holes, strict=True):
        if holes:
            said.append(f"{color} takes {counted(holes, 'hole')}")
    if said:
        console.print("  " + "; ".join(said))
