"""An analysis written back into its record, as the notation already says things: each mistake gets its
judgement (``?!``, ``?``, ``??``), a comment saying what it cost, and a variation giving the best line — the best
play, or the go (or the stay) the player advises.  ``check`` replays the variation like any other; ``convert`` and
``fmt`` keep all of it.

The analysis's words are comments beginning with :data:`SIGNATURE`, so that a record analysed again is not
annotated twice: its earlier analysis (those comments, the variations they head, the judgements beside them) is
taken out first.  A judgement or comment an author wrote is kept.
"""

from __future__ import annotations

import copy

from ..notation.record import MoveText, Record, Throw
from ..play.player import GO, STAY
from .analysis import Analysis, Judged, cost_words

SIGNATURE = "analysis "
"""How the analysis's comments begin: 'analysis (lookahead): …'."""


def _ours(comment: str) -> bool:
    return comment.startswith(SIGNATURE + "(")


def forget(record: Record) -> None:
    """Take an earlier analysis out of ``record`` (in place): its comments, variations and judgements."""
    for t in record.every_throw():
        if any(_ours(c) for c in t.comments):
            t.comments = [c for c in t.comments if not _ours(c)]
            t.judgement = None
        t.variations = [v for v in t.variations if not (v and any(_ours(c) for c in v[0].comments))]


def annotated(record: Record, analysis: Analysis) -> Record:
    """A copy of ``record`` with ``analysis`` (of its main line) written in."""
    out = copy.deepcopy(record)
    forget(out)
    who = f"{SIGNATURE}({analysis.player})"
    for j, t in zip(analysis.throws, out.throws, strict=False):
        if j.mark is None:
            continue
        if t.judgement is None:
            t.judgement = j.mark
        t.comments.append(f"{who}: {cost_words(j)}")
        t.variations.append([best_line(t, j, who)])
    return out


def best_line(t: Throw, j: Judged, who: str) -> Throw:
    """The throw ``t`` as the player would have done it: the best play, or going (with the points and holes the
    line marks, which going keeps), or staying to play the best play."""
    line = Throw(t.side, t.dice, t.dice_text, t.number)
    goes = j.best_action == GO
    if goes or (j.decision == GO and j.advice is not None and j.advice.decision == STAY):
        line.marks, line.holes = copy.deepcopy(t.marks), t.holes
        line.decision = GO if goes else STAY
    if not goes and j.best is not None:
        line.moves = [MoveText(tuple(m.split("-"))) for m in j.best.moves.split()]
    value = j.best_value
    line.comments.append(f"{who}: the best {'decision' if goes else 'play'}, valued {value:.1f}")
    return line
