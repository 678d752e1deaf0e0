"""The record model: what a game record says, as written.

Nothing here interprets arrows or checks rules: coordinates stay text until the
replay reads them in the record's coordinate system.  Every item remembers where
it was written (``Span``) so that diagnostics can point at it; spans take no part
in equality, so a record read back from its own text compares equal.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import NamedTuple

from ..core.board import Color

DOUBLET_NAMES = {
    "bezet": 1, "ambesas": 1, "double-deux": 2, "ternes": 3, "carmes": 4, "quines": 5, "sonnez": 6,
}
# An annotator's judgement of a throw's play (or stay-or-go decision), as chess annotators write them; what each
# says, and the losses ``trictrac analyze`` marks with ?!, ? and ??, are in site_src/notation.md ("Judgements").
JUDGEMENTS = {
    "!!": "an excellent play", "!": "a good play", "!?": "an interesting play",
    "?!": "an inaccuracy", "?": "a mistake", "??": "a blunder",
}
DOUBLET_NAME = {1: "bezet", 2: "double-deux", 3: "ternes", 4: "carmes", 5: "quines", 6: "sonnez"}

KNOWN_TAGS = (
    "Title", "Source", "Edition", "Page", "Figure", "Rules", "Options", "White", "Black", "First",
    "Date", "Coords", "Bottom", "Language", "Annotator", "Event", "Place", "Note", "Id",
    "FigureCoords", "FigurePile", "Partie", "Marques", "Game", "Match", "MatchScore",
)


class Span(NamedTuple):
    """Where something was written: 1-based line and column, and its length on that line."""

    line: int
    column: int
    length: int = 1


def _span() -> Span | None:
    return field(default=None, compare=False, repr=False)


@dataclass
class Header:
    name: str
    value: str
    span: Span | None = _span()


@dataclass
class Placement:
    """``key:count`` in a setup line: an arrow, or off / points / holes."""

    key: str
    count: int
    span: Span | None = _span()


@dataclass
class Setup:
    """A starting position line: ``@white T:13 11:2``."""

    side: Color
    placements: list[Placement] = field(default_factory=list)
    span: Span | None = _span()


@dataclass
class Claim:
    jan: str  # in lower case: the name its game checks (notation.build.check_claims)
    points: int | None = None
    span: Span | None = _span()
    written: str | None = field(default=None, compare=False, repr=False)  # as written, for the messages


@dataclass
class Marks:
    """Points a player marked for a throw, and the jans he named."""

    points: int
    claims: list[Claim] | None = None  # None: no jan named
    span: Span | None = _span()


@dataclass(slots=True)
class MoveText:
    """One dame's move as written: ``T-6``, ``T-6-10`` (via a resting arrow) or ``20-off``."""

    parts: tuple[str, ...]
    span: Span | None = _span()

    @property
    def text(self) -> str:
        return "-".join(self.parts)


@dataclass
class Ecole:
    points: int
    span: Span | None = _span()


@dataclass
class Touched:
    """``touched X``: a dame on arrow X was touched without j'adoube (it must be played if it can be)."""

    arrow: str
    span: Span | None = _span()


@dataclass
class Sic:
    """``sic:CODE,CODE``: the record acknowledges a known slip of its source on this line;
    ``taught:CODE,CODE`` (``kind`` 'taught'): the fault the source's example commits on purpose, to teach it;
    ``abridged:CODE,CODE``: the irregularity left by what the source passes over on purpose (the throws
    between those it tells)."""

    codes: tuple[str, ...]
    span: Span | None = _span()
    kind: str = "sic"  # 'sic' (a slip of the source), 'taught' (a fault the example teaches) or 'abridged'


@dataclass
class Tally:
    """One player's running score as a source prints it: ``white 1/4br`` is one hole and 4 points, in
    bredouille (``br``)."""

    side: Color
    holes: int
    points: int
    bredouille: bool = False
    span: Span | None = _span()

    @property
    def text(self) -> str:
        return f"{self.holes}/{self.points}{'br' if self.bredouille else ''}"


@dataclass
class Standing:
    """``score white 1/4br black 0/6``: the running score the source prints after this throw, both players'
    (compared with the replay's); ``score-before ...`` (``before``): the score as the throw is made, before
    its marks (the captions of some books)."""

    tallies: tuple[Tally, Tally]
    before: bool = False
    span: Span | None = _span()


@dataclass
class Figure:
    """``figure LABEL "SPEC"``: the book's figure of the position after a throw (or at the start).

    ``spec`` is the figure's own encoding, ``<arrow><W|B><count>`` joined by ``-``."""

    label: str
    spec: str
    span: Span | None = _span()


@dataclass(slots=True)
class Throw:
    side: Color
    dice: tuple[int, int] | None  # (d1, d2) as written; None when the dice could not be read
    dice_text: str = ""
    number: int | None = None
    marks: Marks | None = None
    opp_marks: Marks | None = None
    moves: list[MoveText] = field(default_factory=list)
    holes: int | None = None
    decision: str | None = None  # 'stay' or 'go'
    ecoles: list[Ecole] = field(default_factory=list)
    opp_holes: int | None = None  # holes the opponent took from this throw
    pour_tout: bool = False  # the sortie's last throw also plays the first move of the next relevé
    adoube: bool = False  # j'adoube was said
    touched: list[Touched] = field(default_factory=list)  # Touched: dames touched without j'adoube
    fausse_case: str | None = None  # 'let-stand' or 'replayed': what the opponent did with a fausse case
    replayed: list[MoveText] = field(default_factory=list)  # MoveText: the play that stands after a fausse case
    sics: list[Sic] = field(default_factory=list)  # Sic: the source's slips and taught faults acknowledged here
    figures: list[Figure] = field(default_factory=list)  # Figure: the book's figures of the position after it
    marque: int | None = None  # the value of the marqué this throw ends, as the players reckoned it (à écrire)
    standing: Standing | None = None  # the running score the source prints after this throw
    refait: bool = False  # this throw ends the marqué in a refait (à écrire)
    # backgammon, before the dice: 'double take|drop|beaver', 'resigns[-gammon|-backgammon|-match]'
    cube: str | None = None
    judgement: str | None = None  # an annotator's judgement of the play or decision: one of JUDGEMENTS
    comments: list[str] = field(default_factory=list)
    variations: list[list[Throw]] = field(default_factory=list)  # each a list of Throw
    span: Span | None = _span()
    dice_span: Span | None = _span()
    holes_span: Span | None = _span()
    decision_span: Span | None = _span()
    opp_holes_span: Span | None = _span()
    pour_tout_span: Span | None = _span()
    fausse_case_span: Span | None = _span()
    marque_span: Span | None = _span()
    cube_span: Span | None = _span()
    judgement_span: Span | None = _span()
    unreadable: bool = field(default=False, compare=False, repr=False)  # a syntax error lies inside it

    @property
    def doublet(self) -> bool:
        return self.dice is not None and self.dice[0] == self.dice[1]


@dataclass
class Record:
    headers: list[Header] = field(default_factory=list)
    setup: list[Setup] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)  # before the first throw
    figures: list[Figure] = field(default_factory=list)  # Figure: the book's figures of the starting position
    throws: list[Throw] = field(default_factory=list)
    path: str = field(default="<record>", compare=False)

    def header(self, name: str, default: str | None = None) -> str | None:
        for h in self.headers:
            if h.name.lower() == name.lower():
                return h.value
        return default

    def every_throw(self) -> Iterator[Throw]:
        """Every throw of the record, variations included, in the order they are written."""
        return every_throw(self.throws)

    def has_marks(self) -> bool:
        """Whether any throw (variations included) records points, holes, écoles or stay/go."""
        return any(
            t.marks is not None or t.opp_marks is not None or t.holes is not None or t.ecoles
            or t.opp_holes is not None or t.decision is not None or t.marque is not None or t.refait
            or t.standing is not None
            for t in self.every_throw()
        )

    def header_span(self, name: str) -> Span | None:
        for h in self.headers:
            if h.name.lower() == name.lower():
                return h.span
        return None

    def set_header(self, name: str, value: str) -> None:
        for h in self.headers:
            if h.name.lower() == name.lower():
                h.value = value
                return
        self.headers.append(Header(name, value))


def every_throw(line: Iterable[Throw]) -> Iterator[Throw]:
    """The throws of ``line`` and of their variations, depth first, in the order they are written."""
    for t in line:
        yield t
        for variation in t.variations:
            yield from every_throw(variation)
