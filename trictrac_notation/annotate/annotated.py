"""An analysis written back into its record, as the notation already says things: each mistake gets its
judgement (``?!``, ``?``, ``??``), a comment saying what it cost, and a variation giving the best line — the best
play, or the go (or the stay) the player advises.  ``check`` replays the variation like any other; ``convert`` and
``fmt`` keep all of it.

:func:`annotated` makes the record; :func:`annotated_text` writes it into the record's own text, each throw's
additions at the end of its items, so that the author's layout and every line stay where they were (a throw
written on one line stays on one line: ``trictrac fmt`` wraps it if need be).

The analysis's words are comments beginning with :data:`SIGNATURE`, so that a record analysed again is not
annotated twice: its earlier analysis (those comments, the variations they head, the judgements beside them) is
taken out first.  A judgement or comment an author wrote is kept.
"""

from __future__ import annotations

import copy

from ..notation.layout import Token, format_record, is_head, tokens
from ..notation.reader import parse, write, write_throw
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


def annotated_text(text: str, record: Record, analysis: Analysis) -> str:
    """``text`` (the record ``record`` was read from, without syntax errors) with ``analysis`` written in: the
    record :func:`annotated` makes, in the author's layout.  Checked, as ``fmt`` checks its layout: should the edit
    not read as that record, the record is written anew in the canonical layout instead."""
    wanted = annotated(record, analysis)
    toks = tokens(text)
    edits: list[tuple[int, int, str]] = []  # (start, end, new text), in the text's order
    words = _words(record)
    heads, depth = [], 0
    for i, t in enumerate(toks):
        if depth == 0 and is_head(toks, i):
            heads.append(i)
        depth += {"open": 1, "close": -1}.get(t.kind, 0)
    for k, start in enumerate(heads):
        end = heads[k + 1] if k + 1 < len(heads) else len(toks)
        edits += _throw_edits(toks[start:end], record.throws[k], wanted.throws[k], text, words)
    out, at = [], 0
    for start, stop, new in edits:
        out.append(text[at:start] + new)
        at = stop
    made = "".join(out) + text[at:]
    if parse(made, record.path)[0] == wanted:
        return made
    return format_record(write(wanted), record.path)


def _words(record: Record) -> dict[str, str]:
    from ..notation.reader import _words as words_of

    return words_of(record)


def _throw_edits(toks: list[Token], before: Throw, after: Throw, text: str, words: dict[str, str]
                 ) -> list[tuple[int, int, str]]:
    """The edits that make the throw written ``toks`` (read as ``before``) read as ``after``: the earlier analysis
    taken out, the new one added after its last item."""
    edits: list[tuple[int, int, str]] = []
    ours = any(_ours(c) for c in before.comments)
    depth, i = 0, 0
    while i < len(toks):
        t = toks[i]
        if depth == 0 and t.kind == "open":
            j, inner = i + 1, 1
            while inner:
                inner += {"open": 1, "close": -1}.get(toks[j].kind, 0)
                j += 1
            if any(x.kind == "comment" and _ours(x.text[1:-1].strip()) for x in toks[i:j]):
                edits.append(_cut(text, t.offset, toks[j - 1].offset + len(toks[j - 1].text)))
            i = j
            continue
        if depth == 0 and ((t.kind == "comment" and _ours(" ".join(t.text[1:-1].split())))
                           or (ours and t.kind == "word" and t.text in ("?!", "?", "??", "!?", "!", "!!"))):
            edits.append(_cut(text, t.offset, t.offset + len(t.text)))
        i += 1
    added = write_throw(_added(before, after), words).split(" ", 1)
    if len(added) > 1:
        last = toks[-1]
        edits.append((last.offset + len(last.text), last.offset + len(last.text), " " + added[1]))
    return edits


def _cut(text: str, start: int, stop: int) -> tuple[int, int, str]:
    """Take out ``text[start:stop]`` and the blanks before it on its line."""
    while start and text[start - 1] in " \t":
        start -= 1
    return start, stop, ""


def _added(before: Throw, after: Throw) -> Throw:
    """A throw holding only what ``after`` adds to ``before`` once the earlier analysis is out (its side written
    first, then the judgement, comments and variations: :func:`write_throw` writes them in that order)."""
    kept = [c for c in before.comments if not _ours(c)]
    variations = [v for v in before.variations if not (v and any(_ours(c) for c in v[0].comments))]
    judgement = before.judgement if not any(_ours(c) for c in before.comments) else None
    return Throw(before.side, None, "", judgement=after.judgement if after.judgement != judgement else None,
                 comments=after.comments[len(kept):], variations=after.variations[len(variations):])
