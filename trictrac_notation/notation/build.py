"""What the pieces of a record's text mean: the record model made from them, with the light checks that need
no rules (an unknown tag or dice; an item given twice).  The jans a claim names are the game's: checked once
the game is known (:func:`check_claims`, called by the engine with the jans of the record's game).

Both readers build through these functions — the fast reader of ordinary records (fastread.py) and Lark's
transformer (larkread.py) — so that one text gives one record, whichever reads it.  Nothing here imports Lark.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..core.board import BLACK, WHITE, Color
from ..core.diagnostics import Reporter
from .record import DOUBLET_NAMES, KNOWN_TAGS, Claim, Header, Record, Sic, Span, Standing, Tally, Throw

# what a throw's items read as: (kind, value, where), e.g. ("move", MoveText, Span)
Item = tuple[str, Any, Span | None]

SIDES: dict[str, Color] = {"white": WHITE, "blanc": WHITE, "black": BLACK, "noir": BLACK}
DECISIONS = {"stay": "stay", "tient": "stay", "tenir": "stay", "go": "go", "va": "go", "part": "go"}
PLAIN_DICE = {f"{a}-{b}": (a, b) for a in range(1, 7) for b in range(1, 7)}
# arrows are short (T, 11', B12, &, off): 'doble-deux' is a misspelt doublet, 'T-6' a move
_LOOKS_LIKE_MOVE = r"(?=.*[A-Za-z&'])[A-Za-z0-9&']{1,3}(-[A-Za-z0-9&']{1,3})+"  # (compiled when met)
_FOLD = str.maketrans({"\u0131": "i", "\u0130": "i", "\u017f": "s", "\u212a": "k"})
_ESCAPE = re.compile(r"\\(.)")
_TWO_NUMBERS = r"(\d+)-(\d+)"


def folded(word: str) -> str:
    """``word`` in lower case, as the grammar's case-blind keywords match it: Unicode's case folding also
    reads ı and İ as i, ſ as s and the Kelvin sign as k ('whıte' is a player, 'tıent' a decision)."""
    return word.translate(_FOLD).lower()


def unquote(string: str) -> str:
    """The value of a quoted string as written (``"a \\"b\\""`` -> ``a "b"``)."""
    return _ESCAPE.sub(r"\1", string[1:-1])


def comment(token: str) -> str:
    """The words of a ``{comment}`` token: its white space is layout (a long comment may be wrapped over
    lines, ``trictrac fmt`` does it), so each run of it reads as one space, and none at either end."""
    return " ".join(token[1:-1].split())


def header(tag: str, string: str, span: Span, r: Reporter) -> Header:
    """``[Tag "value"]``; an unknown tag is kept, with a warning."""
    if tag not in KNOWN_TAGS:
        import difflib  # (an error's hint: not paid by a clean record)

        folded = {t.lower(): t for t in KNOWN_TAGS}
        close = ([folded[tag.lower()]] if tag.lower() in folded
                 else difflib.get_close_matches(tag, KNOWN_TAGS, 1, 0.6))
        r.warning(f"unknown tag {tag!r} (kept as is)", span,
                  hint=f"did you mean {close[0]!r}?" if close else f"known tags: {', '.join(KNOWN_TAGS)}",
                  code="unknown-tag")
    return Header(tag, unquote(string), span)


def dice(text: str, span: Span, r: Reporter) -> tuple[tuple[int, int] | None, str, bool]:
    """The dice written ``text`` after the player: (dice or None, the dice's text, whether the word is a move
    standing where the dice should be)."""
    if text in PLAIN_DICE:
        return PLAIN_DICE[text], text, False
    name = re.sub(r"\s+", "-", text.lower())  # "double deux" is double-deux
    if name in DOUBLET_NAMES:
        d = DOUBLET_NAMES[name]
        return (d, d), name, False
    if re.fullmatch(_LOOKS_LIKE_MOVE, text, re.I):
        r.error(f"the dice are missing: {text!r} is a move", span, code="bad-dice",
                hint="write the dice after the player, e.g. 12. white 6-4 T-6 T-4")
        return None, "", True
    m = re.fullmatch(_TWO_NUMBERS, text)
    if m:
        d1, d2 = int(m.group(1)), int(m.group(2))
        if 1 <= d1 <= 6 and 1 <= d2 <= 6:
            return (d1, d2), text, False
        r.error(f"impossible dice {text!r}: each die shows 1 to 6", span, code="bad-dice")
        return None, text, False
    import difflib

    close = difflib.get_close_matches(name, list(DOUBLET_NAMES), 1, 0.6)
    r.error(f"unknown dice {text!r}: expected two numbers like 6-4 or a doublet name "
            f"({', '.join(DOUBLET_NAMES)})", span,
            hint=f"did you mean {close[0]!r}?" if close else None, code="bad-dice")
    return None, text, False


def claim(jan: str, points: int | None, span: Span) -> Claim:
    """A jan named with the points (``[remplir 4]``), as written (its game checks the name: check_claims)."""
    return Claim(jan.lower(), points, span, jan)


def check_claims(record: Record, jans: Sequence[str], r: Reporter) -> None:
    """Report each claim of ``record`` (variations too) that names none of ``jans``, the jans of its game."""
    for t in record.every_throw():
        claims = [c for m in (t.marks, t.opp_marks) if m is not None and m.claims for c in m.claims]
        for c in claims:
            if c.jan not in jans:
                import difflib  # (an error's hint: not paid by a clean record)

                close = difflib.get_close_matches(c.jan, jans, 1, 0.5)
                r.error(f"unknown jan {c.written or c.jan!r}", c.span, code="unknown-jan",
                        hint=f"did you mean {close[0]!r}?" if close else f"jans: {', '.join(jans)}")


def refuse_marks(record: Record, game: str, r: Reporter) -> None:
    """Report each point, hole, école, stay/go, pour-tout, marqué or refait written in a record of ``game``, a game
    whose score is not marked as it goes (backgammon's is the cube and the result, which the replay counts)."""
    for t in record.every_throw():
        found: list[tuple[str, Span | None]] = [
            (f"points marked (+{m.points})", m.span) for m in (t.marks, t.opp_marks) if m is not None]
        found += [(f"holes marked ({n})", s) for n, s in ((t.holes, t.holes_span),
                                                           (t.opp_holes, t.opp_holes_span)) if n is not None]
        found += [(f"an école ({e.points})", e.span) for e in t.ecoles]
        found += [(what, s) for what, s, given in (
            (f"'{t.decision}'", t.decision_span, t.decision is not None),
            ("'pour-tout'", t.pour_tout_span, t.pour_tout),
            ("a marqué reckoned", t.marque_span, t.marque is not None),
            ("'refait'", t.marque_span, t.refait),
            ("a running score", t.standing.span if t.standing else None, t.standing is not None)) if given]
        for what, span in found:
            r.error(f"{what}: a {game} record marks no points, holes or écoles as it goes (that is trictrac's "
                    "score)", span or t.span, code="not-in-game",
                    hint="its score is the cube (double take, double drop) and the result, which the replay "
                         "counts; remove the item")


TALLY = r"([0-9]+)/([0-9]+)((?i:br)?)"  # a player's holes/points, 'br' in bredouille


def standing(word: str, span: Span, tallies: Sequence[tuple[str, str, Span]], r: Reporter) -> Item:
    """``score white 1/4br black 0/6`` or ``score-before …`` (``word``): from the two ``(side, 'H/P[br]', span)``
    written after it."""
    read = []
    for side, text, where in tallies:
        m = re.fullmatch(TALLY, text)
        assert m is not None  # both readers read a tally as TALLY
        read.append(Tally(SIDES[folded(side)], int(m.group(1)), int(m.group(2)), bool(m.group(3)), where))
    if len(read) < 2 or read[0].side == read[1].side:
        first = read[0]
        r.error(f"score gives {first.side}'s score {'twice' if len(read) == 2 else 'alone'}: write both players', "
                f"e.g. score white 1/4 black 0/6", read[-1].span, code="syntax")
        return ("standing", None, span)
    return ("standing", Standing((read[0], read[1]), word.lower() == "score-before", span), span)


_ACKNOWLEDGES = {"sic": "slip it acknowledges", "taught": "fault the example teaches",
                 "abridged": "irregularity left by what the source passes over"}


def sic(text: str, span: Span, r: Reporter) -> Item:
    """``sic:CODE,CODE`` (a slip of the source), ``taught:CODE,CODE`` (the fault an example teaches) or
    ``abridged:CODE,CODE`` (what the source leaves out on purpose)."""
    word, _, listed = text.partition(":")
    kind = word.lower()
    codes = tuple(c.lower() for c in listed.split(",") if c)
    if not codes:
        r.error(f"{kind} names no diagnostic: write {kind}:CODE, the code of the {_ACKNOWLEDGES[kind]}",
                span, code="sic", hint=f"e.g. {kind}:ecole or {kind}:illegal-play,figure")
    return ("sic", Sic(codes, span, kind), span)


def add_item(t: Throw, item: Item, r: Reporter) -> None:
    """Give the throw ``t`` what one of its items says."""
    kind, value, span = item
    if kind == "move" and t.fausse_case == "replayed":
        t.replayed.append(value)  # the moves after 'replayed' are the play that stands
    elif kind in _LISTS:
        getattr(t, _LISTS[kind]).append(value)
    elif kind in _ONCE:
        attr, span_attr, what = _ONCE[kind]
        if getattr(t, attr) not in (None, False):
            r.error(f"{what} twice for the same throw", span, code="syntax",
                    hint="write one +N with all the jans" if kind == "marks" else None)
        elif (kind, t.marque is not None, t.refait) in (("marque", False, True), ("refait", True, False)):
            r.error("a throw ends its marqué once: write 'marque N' (its value) or 'refait', not both",
                    span, code="syntax")
        setattr(t, attr, value)
        if span_attr:
            setattr(t, span_attr, span)
    elif kind in ("let-stand", "replayed"):
        if t.fausse_case is not None:
            r.error(f"'{value}' after '{t.fausse_case}': the opponent either lets a fausse case stand or "
                    "has it played again, once", span, code="syntax")
            return
        t.fausse_case, t.fausse_case_span = kind, span
        if not t.moves:
            r.error(f"'{value}' follows no play: write the fausse case as played, then '{value}'",
                    span, code="syntax", hint="e.g. 12. white 6-5 T-6 T-6 let-stand")


# item kind -> the Throw list it goes to
_LISTS = {"move": "moves", "touched": "touched", "sic": "sics", "figure": "figures", "ecole": "ecoles",
          "comment": "comments", "variation": "variations"}
# item kind -> (the Throw field it sets, its span field, what it is): given once per throw
_ONCE = {
    "marks": ("marks", None, "points marked"),
    "opp_marks": ("opp_marks", None, "the opponent's points marked"),
    "opp_holes": ("opp_holes", "opp_holes_span", "the opponent's holes marked"),
    "holes": ("holes", "holes_span", "holes marked"),
    "decision": ("decision", "decision_span", "stay/go given"),
    "pour_tout": ("pour_tout", "pour_tout_span", "pour-tout given"),
    "adoube": ("adoube", None, "adoube given"),
    "marque": ("marque", "marque_span", "the marqué reckoned"),
    "standing": ("standing", None, "the running score given"),
    "refait": ("refait", "marque_span", "refait given"),
    "judgement": ("judgement", "judgement_span", "a judgement (!!, !, !?, ?!, ?, ??) given"),
}
