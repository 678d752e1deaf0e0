"""Compose a whole partie à écrire for the site (site_src/games/), by program.

The dice are drawn at random; each play is chosen among the legal plays (preferring those that
make or keep a plein, else at random); every mark is what the engine gives under the rule set;
the players stay after a hole until one of them can go with the marqué (holding on with the pavillon
for a grande bredouille), and a player who brings the holes level at the marqué's number goes, for a
refait.  Seeds are tried in turn until the
partie holds what the site must show: at least one refait and a marqué won in bredouille.

The record says it was composed so (its Source header).  Its marqués are then reckoned again by
hand in tests/test_ecrire.py from the holes alone, which is the check that counts.

Usage: python scripts/compose_a_ecrire.py [--rules guiton-1822] [--marques 4] [--seed 1] [-o FILE]
"""

from __future__ import annotations

import argparse
import copy
import random
import sys
from pathlib import Path

FRENCH = {"white": "Blanc", "black": "Noir"}
NUMBERS = {4: "quatre", 6: "six", 8: "huit", 10: "dix", 12: "douze"}


def compose(seed: int, rules: str, marques: int, max_throws: int = 4000):
    """The record (or None if the partie did not end within ``max_throws``) and its replay's state."""
    from trictrac_notation.core.board import Position
    from trictrac_notation.core.coords import get_system
    from trictrac_notation.core.diagnostics import Reporter
    from trictrac_notation.engine.replay import _Context, _replay_throw, _Turn
    from trictrac_notation.games.trictrac.moves import legal_plays
    from trictrac_notation.games.trictrac.scorer import Scorer
    from trictrac_notation.notation.reader import dice_name
    from trictrac_notation.notation.record import Header, MoveText, Record, Throw
    from trictrac_notation.rules.rulesets import load_ruleset

    rng = random.Random(seed)
    ruleset = load_ruleset(rules)
    record = Record(headers=[
        Header("Title", f"Partie à écrire en {NUMBERS.get(marques, marques)} marqués : Araminte contre Clitandre"),
        Header("Source", f"composé pour trictrac par programme (scripts/compose_a_ecrire.py, graine {seed}), "
                         f"d'après les règles de {ruleset.identity['author']} {ruleset.identity['year']} ; "
                         "ce n'est pas une transcription"),
        Header("Note", "Dés tirés au hasard ; chaque coup joué parmi les coups légaux (de préférence ceux qui "
                       "remplissent ou conservent) ; les points, trous et marqués sont ceux du moteur. Les joueurs "
                       "tiennent après un trou jusqu'à pouvoir s'en aller avec le marqué, gardent le pavillon pour "
                       "tenter la grande bredouille, et s'en vont à trous égaux pour un refait. Les marqués sont "
                       "recomptés à la main dans tests/test_ecrire.py."),
        Header("Rules", rules), Header("Partie", "a-ecrire"), Header("Marques", str(marques)),
        Header("Coords", "player"), Header("Language", "fr"), Header("White", "Araminte"),
        Header("Black", "Clitandre"), Header("First", "white"), Header("Annotator", "trictrac project")],
        path=f"<seed {seed}>")
    scorer = Scorer(ruleset)
    reporter = Reporter(record.path)
    ctx = _Context(record, reporter, ruleset.movement, scorer)
    state = scorer.start(record, Position.initial(), reporter)
    turn = _Turn(Position.initial(), "white")
    coords = get_system("player")
    goal = ruleset.variant("marque_holes")
    for index in range(1, max_throws + 1):
        side = turn.expected
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(turn.position, side, dice, ruleset.movement)
        play = _choose(plays, side, rng)
        moves = [MoveText((coords.format(s.src, side), coords.format(s.dst, side))) for s in play.steps]
        throw = Throw(side, dice, dice_name(dice), index, moves=moves)
        # a trial without a decision: which holes the throw wins
        mark = len(reporter.items)
        trial = _replay_throw(copy.deepcopy(throw), index, copy.deepcopy(turn), ctx, scorer.snapshot(state))
        del reporter.items[mark:]
        score = trial.score
        own = score.holes[side] if score else 0
        if own:
            throw.decision = _decide(state.marking.players, side, own, goal)
            if throw.decision == "go":
                throw.moves = []
        if score:
            _write_marks(throw, score, side)
        result = _replay_throw(throw, index, turn, ctx, state)
        if result.score is not None and result.score.marque is not None:
            m = result.score.marque
            if m.refait:
                throw.refait = True
            else:
                throw.marque = m.value
            throw.comments.append(_comment(m))
        record.throws.append(throw)
        if state.card.over:
            return record, state, reporter
    return None, state, reporter


def _decide(players, side, own: int, goal: int) -> str:
    """Go with the marqué, or for a refait; stay while the pavillon may yet make a grande bredouille."""
    me, opp = players[side], players["black" if side == "white" else "white"]
    mine = me.holes + own
    if mine == opp.holes >= goal:
        return "go"
    if mine >= goal and mine > opp.holes:
        pavillon = me.series or not me.holes
        return "stay" if pavillon and mine < 2 * goal else "go"
    return "stay"


def _choose(plays, side, rng):
    """A play that fills or keeps a plein if there is one, else any."""
    def pleins(play):
        row = play.result.row(side)
        return sum(all(row[t] >= 2 for t in range(lo, lo + 6)) for lo in (0, 6, 18))
    best = max(pleins(p) for p in plays)
    return rng.choice([p for p in plays if pleins(p) == best])


def _write_marks(throw, score, side):
    from trictrac_notation.notation.record import Marks

    rival = "black" if side == "white" else "white"
    if score.due[side]:
        throw.marks = Marks(score.due[side])
    if score.due[rival] and throw.decision != "go":
        throw.opp_marks = Marks(score.due[rival])
    if score.holes[side]:
        throw.holes = score.holes[side]
    if score.holes[rival] and throw.decision != "go":
        throw.opp_holes = score.holes[rival]


def _comment(m) -> str:
    if m.refait:
        return (f"Refait : {m.holes['white']} trous de part et d'autre ; le marqué est nul et se rejoue, "
                "la consolation sera plus forte.")
    w, lo = m.holes[m.winner], m.holes["black" if m.winner == "white" else "white"]
    calc = f"({w} + {m.consolation}) × {m.multiplier} − {lo}" if m.multiplier > 1 else f"{w} + {m.consolation} − {lo}"
    pav = " avec le pavillon" if m.pavillon == m.winner else ""
    return f"{FRENCH[m.winner]} marque : {w} trous{pav} contre {lo} ; {calc} = {m.value}."


def wanted(state) -> bool:
    """A refait and a marqué won in bredouille."""
    played = state.card.played
    settlement = state.card.settlement()
    return (any(m.refait for m in played) and any(m.multiplier > 1 for m in played)
            and any(settlement.postillons.values()))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--rules", default="guiton-1822")
    p.add_argument("--marques", type=int, default=4)
    p.add_argument("--seed", type=int, default=1, help="first seed tried")
    p.add_argument("--tries", type=int, default=200)
    p.add_argument("-o", "--output")
    args = p.parse_args(argv)
    from trictrac_notation.notation.reader import write

    for seed in range(args.seed, args.seed + args.tries):
        record, state, reporter = compose(seed, args.rules, args.marques)
        n = len(record.throws) if record else None
        print(f"seed {seed}: {n} throws, " + ", ".join(
            ("refait" if m.refait else f"{m.winner} {m.value} ×{m.multiplier}") for m in state.card.played),
            file=sys.stderr)
        if record is not None and wanted(state):
            (Path(args.output).write_text if args.output else sys.stdout.write)(write(record))
            return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
