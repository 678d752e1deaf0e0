"""Écoles: what the record says a player marked, against what the rules give (rules.md §3.11).

For one throw, :func:`audit` compares the roller's ``+N`` and the opponent's ``opp +N``
with the events, and finds the fills and keeps the play did not make.  Each difference is
an :class:`Ecole`: who erred, what his opponent may mark, and a sentence saying why.
Écoles against the roller are recorded on his own line (``ecole N``); an école of the
opponent (points received wrongly marked) is consummated when he throws, so it belongs
on his next line.  :func:`check_recorded` says whether a line's ``ecole N`` items match.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...core.board import other
from ...notation.record import Marks, Span
from .events import Event
from .moves import plein

SECTION = "rules.md §3.11"
FILL_JANS = ("remplir", "conserver")
EN_PASSANT = "variants.remplir_en_passant"


@dataclass
class Ecole:
    """One école: ``against`` erred, his opponent may mark ``points``.

    ``kind``: 'par-moins', 'par-trop' (own points), 'received' (points received),
    'not-made' (a fill or keep due, not made), 'fausse-ecole', or 'none' (a mis-marking
    that is no école, e.g. an omission by a player who touched no dame).
    """

    against: str
    points: int
    kind: str
    text: str
    span: object = None
    omission: bool = False  # points not marked: unclaimed, the rules let it stand (a warning, not an error)
    let_stand: bool = False  # the record says the opponent let this line's irregularity stand (``let-stand``)

    @property
    def gainer(self) -> str:
        return other(self.against)

    def to_json(self) -> dict[str, Any]:
        return {"against": self.against, "beneficiary": self.gainer, "points": self.points, "kind": self.kind,
                "reason": self.text}


@dataclass
class Audit:
    """One throw's marks: due by the rules, as recorded (None: not written), and the écoles."""

    side: str
    due_own: int
    due_opp: int
    marked_own: int | None
    marked_opp: int | None
    ecoles: list[Ecole] = field(default_factory=list)
    not_made: list[Event] = field(default_factory=list)  # fill / keep events the play did not make

    def against(self, color: str) -> list[Ecole]:
        return [e for e in self.ecoles if e.against == color and e.kind != "none"]


def _names(events: Iterable[Event]) -> str:
    return ", ".join(f"{e.jan} {e.points}" for e in events) or "nothing"


def audit(side: str, events: list[Event], row_after: Sequence[int] | None, moved: bool, marks: Marks | None = None,
          opp_marks: Marks | None = None, span: Span | None = None, fill_not_made: str = "single") -> Audit:
    """Compare the marks written for one throw of ``side`` (``marks``: his ``+N``, ``opp_marks``: the
    opponent's ``opp +N``, record.Marks or None) with ``events``.

    ``row_after``: the roller's dames after the play as made (None when unknown); ``moved``:
    whether he touched a dame; ``span``: where the throw is written.

    decided: a fill or keep the rules give but the play did not make is not due; its points go
    to the opponent (the failure to fill, rules.md §3.11), and if the roller had marked them the
    école is of the points marked — or marked + due under ``ecole_fill_not_made: double``
    (§4 D18, example E15).
    decided: an omission of own points by a player who moved no dame is no école (the école is
    consummated by touching a dame, §3.11; example E17): the points are simply lost.
    """
    due_own = due_opp = 0
    not_made = []
    for e in events:
        if e.beneficiary != side:
            due_opp += e.points
            continue
        due_own += e.points
        if (e.quadrant and row_after is not None and e.jan in FILL_JANS and e.rule != EN_PASSANT
                and not plein(row_after, e.quadrant)):
            not_made.append(e)
    owed = sum(e.points for e in not_made)
    due_own -= owed
    result = Audit(side, due_own, due_opp, marks.points if marks else None, opp_marks.points if opp_marks else None,
                   not_made=not_made)
    if not not_made and marks is None and opp_marks is None:
        return result
    own = [e for e in events if e.beneficiary == side]
    theirs = [e for e in events if e.beneficiary != side]
    rival = other(side)
    compare_with = due_own  # what the roller's +N should be
    if not_made:
        what = " and ".join(f"{e.jan} of the {(e.quadrant or '').replace('-', ' ')} ({e.points})"
                            for e in not_made)  # each has its quadrant (above)
        marked_them = marks is not None and marks.points >= due_own + owed
        extra = owed if marked_them and fill_not_made == "double" else 0
        if marked_them:
            text = (f"{side} marks the {what} but does not make it: école of {owed + extra}"
                    + (" (the points marked and the points due)" if extra else " (the points marked)")
                    + f" for {rival}")
        else:
            text = f"{side} does not make the {what} that the throw allows: {rival} marks {owed}"
        result.ecoles.append(Ecole(side, owed + extra, "not-made", text, marks.span if marks else span,
                                   omission=not marked_them))
        if marked_them:
            compare_with += owed  # the points marked for it are the école above
    if marks is not None and marks.points != compare_with:
        diff = marks.points - compare_with
        gives = _names(own)
        if diff < 0 and not moved:
            result.ecoles.append(Ecole(side, 0, "none", (
                f"{side} marks {marks.points} but the rules give {compare_with} ({gives}); no école, since he "
                f"moved no dame: the {-diff} points are lost unless he marks them before his next throw "
                f"(the école impossible)"), marks.span))
        else:
            kind = "par-moins" if diff < 0 else "par-trop"
            result.ecoles.append(Ecole(side, abs(diff), kind, (
                f"école {kind.replace('-', ' ')}: {side} marks {marks.points} but the rules give {compare_with} "
                f"({gives}): {rival} gains {abs(diff)}"), marks.span, omission=diff < 0))
    if opp_marks is not None and opp_marks.points != due_opp:
        diff = opp_marks.points - due_opp
        result.ecoles.append(Ecole(rival, abs(diff), "received", (
            f"école {'par moins' if diff < 0 else 'par trop'}: {rival} marks {opp_marks.points} from this throw "
            f"but the rules give him {due_opp} ({_names(theirs)}): {side} gains {abs(diff)}"), opp_marks.span,
            omission=diff < 0))
    return result


@dataclass
class Verdict:
    """How the ``ecole N`` items of a line compare with the écoles due against its player."""

    recorded: int
    due: int
    kind: str  # 'ok', 'unrecorded', 'fausse-ecole', 'wrong'
    text: str = ""


def check_recorded(player: str, recorded: int, due: list[Ecole]) -> Verdict:
    """Compare the écoles written on ``player``'s line with those found against him."""
    owed = sum(e.points for e in due)
    gainer = other(player)
    if recorded == owed:
        return Verdict(recorded, owed, "ok")
    if recorded == 0:
        return Verdict(0, owed, "unrecorded")
    if owed == 0:
        return Verdict(recorded, 0, "fausse-ecole", (
            f"fausse école: {gainer} marks an école of {recorded} against {player}, who marked what the rules "
            f"give; a fausse école is itself an école: {player} may mark {recorded}"))
    return Verdict(recorded, owed, "wrong", (
        f"école of {recorded} recorded against {player}, but the rules give {owed}: "
        + "; ".join(e.text for e in due)))
