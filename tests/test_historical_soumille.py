"""Soumille's game of Cloris and Damon (``soumille-1738-cloris-and-damon.tric``) against the book's own figures.

The transcription (nmatavka/hermes-trictrac, gamedocs/mybook.md, 'Partie de trictrac expliquée d'après Soumille')
prints under each of the 85 coups a caption ``(Cloris holes/points – holes/points Damon)``, ``br`` marking a
player in bredouille, the player of the coup named first: the score as the coup is thrown, before its own marks.
Its text states besides, here and there, what a player has after marking.  Both are set here, as the book gives
them, against the replay of the record (Cloris is Black, Damon White):

- every caption is the replay's score before its coup, except the book's slips in ``SLIPS``, each with the reason
  the record's comment gives; the record copies every caption (``score-before``) and acknowledges exactly those;
- every running total the text states is the replay's after its coup;
- the game ends at coup 85 with Cloris's twelfth hole, and replays alike under Soumille's second edition, whose
  rule set differs only in the sortie, which no coup reaches.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from trictrac_notation.engine.opengame import replay_options
from trictrac_notation.engine.replay import replay
from trictrac_notation.notation.reader import read
from trictrac_notation.rules.rulesets import load_ruleset

HISTORICAL = Path(__file__).resolve().parent.parent / "site_src" / "games" / "historical"
PATH = HISTORICAL / "soumille-1738-cloris-and-damon.tric"
CLORIS, DAMON = "black", "white"


def _caption(text: str) -> dict[str, tuple[int, int, bool]]:
    """'Cloris 1/4 br – 0/4 Damon' -> {colour: (holes, points, bredouille)}."""
    left, right = text.split("–")
    out = {}
    for side in (left.split(), right.split()):
        name = next(w for w in side if w in ("Cloris", "Damon"))
        value = next(w for w in side if "/" in w)
        holes, points = map(int, value.split("/"))
        out[CLORIS if name == "Cloris" else DAMON] = (holes, points, "br" in side)
    return out


# The caption under each coup, as the book prints it.
CAPTIONS = {n: _caption(c) for n, c in {
    **{n: "Cloris 0/0 – 0/0 Damon" for n in range(1, 14)},
    14: "Damon 0/0 – 0/4 br Cloris", 15: "Cloris 0/4 br – 0/0 Damon", 16: "Damon 0/4 br – 0/8 Cloris",
    17: "Damon 0/4 br – 0/8 Cloris", 18: "Cloris 1/0 – 0/0 Damon", 19: "Damon 0/0 – 1/0 Cloris",
    20: "Cloris 1/0 – 0/0 Damon", 21: "Damon 0/0 – 1/0 Cloris", 22: "Cloris 1/4 br – 0/0 Damon",
    23: "Damon 0/0 – 1/4 br Cloris", 24: "Cloris 1/4 – 0/4 br Damon", 25: "Damon 0/4 br – 1/4 Cloris",
    26: "Cloris 1/4 – 0/4 br Damon", 27: "Cloris 1/6 – 0/6 Damon", 28: "Cloris 1/6 – 0/6 Damon",
    29: "Damon 0/6 – 1/10 Cloris", 30: "Cloris 1/10 – 0/6 Damon", 31: "Cloris 2/0 – 0/0 Damon",
    32: "Damon 0/0 – 2/0 Cloris", 33: "Cloris 2/0 – 0/0 Damon", 34: "Damon 0/0 – 2/0 Cloris",
    35: "Cloris 2/0 – 0/0 Damon", 36: "Damon 0/0 – 2/0 Cloris", 37: "Cloris 2/0 – 0/4 br Damon",
    38: "Damon 0/8 br – 2/0 Cloris", 39: "Damon 0/8 br – 2/0 Cloris", 40: "Damon 0/8 – 2/6 br Cloris",
    41: "Cloris 2/0 – 1/2 br Damon", 42: "Damon 1/2 br – 2/0 Cloris", 43: "Cloris 2/6 br – 1/2 Damon",
    44: "Damon 1/2 – 2/6 br Cloris", 45: "Cloris 2/6 br – 1/10 Damon", 46: "Damon 1/10 – 2/6 br Cloris",
    47: "Cloris 2/6 br – 2/10 Damon", 48: "Damon 2/10 – 2/10 br Cloris", 49: "Cloris 2/10 br – 2/10 Damon",
    50: "Damon 2/0 – 4/0 Cloris", 51: "Cloris 4/2 – 2/4 br Damon", 52: "Damon 2/4 br – 4/2 Cloris",
    53: "Cloris 4/2 – 2/8 br Damon", 54: "Damon 3/0 – 4/0 Cloris", 55: "Cloris 6/6 br – 3/0 Damon",
    56: "Damon 3/0 – 6/10 br Cloris", 57: "Cloris 7/4 br – 3/0 Damon", 58: "Damon 3/0 – 7/4 br Cloris",
    59: "Cloris 7/4 br – 3/0 Damon", 60: "Damon 3/2 br – 7/4 Cloris", 61: "Cloris 9/0 – 4/2 br Damon",
    62: "Damon 4/2 – 9/6 br Cloris", 63: "Cloris 9/6 – 4/8 Damon", 64: "Damon 4/8 – 9/6 Cloris",
    65: "Cloris 9/0 – 5/2 br Damon", 66: "Damon 5/2 br – 9/0 Cloris", 67: "Cloris 9/0 – 5/4 br Damon",
    68: "Damon 7/0 – 9/0 Cloris", 69: "Cloris 9/0 – 7/6 br Damon", 70: "Damon 7/6 br – 9/0 Cloris",
    71: "Cloris 9/0 – 9/0 Damon", 72: "Damon 9/0 – 9/0 Cloris", 73: "Cloris 9/0 – 9/6 br Damon",
    74: "Damon 9/6 br – 9/0 Cloris", 75: "Cloris 9/0 – 9/6 br Damon", 76: "Damon 11/2 br – 9/0 Cloris",
    77: "Cloris 9/0 – 11/2 br Damon", 78: "Damon 11/2 – 9/6 br Cloris", 79: "Cloris 9/6 br – 11/2 Damon",
    80: "Damon 11/4 br – 11/0 Cloris", 81: "Cloris 11/0 – 11/4 br Damon", 82: "Damon 11/4 br – 11/6 Cloris",
    83: "Cloris 11/6 – 11/4 br Damon", 84: "Damon 11/8 – 11/10 Cloris", 85: "Cloris 12/0 – 11/8 Damon",
}.items()}

# The captions that are not the score as their coup is thrown: the book's slips, and what each is.
SLIPS = {
    16: "already shows coup 16's own marks", 22: "already shows the jan de six tables of coup 22",
    26: "repeats coup 25's caption", 36: "leaves out Cloris's école of coup 35",
    45: "shows Cloris in bredouille after coup 44 ended it", 46: "the same",
    50: "drops Cloris's 2 points over her holes of coup 49", 52: "repeats coup 51's caption",
    58: "repeats coup 57's caption", 59: "repeats coup 57's caption", 60: "Cloris's holes and points of coup 57",
    66: "repeats coup 65's caption", 67: "Damon's score of coup 65", 75: "repeats coup 74's caption",
    76: "already shows coup 76's two holes", 82: "Damon's 4 in bredouille and Cloris's 6 after coup 81",
    83: "repeats coup 82's caption", 85: "the end of the partie: Cloris's twelve holes, Damon's 8 kept",
}

# What the text says a player has after his coup's marks: (coup, player, holes, points).
TEXT = [
    (15, CLORIS, 0, 8), (16, DAMON, 0, 4), (17, CLORIS, 1, 0), (25, DAMON, 0, 6), (26, CLORIS, 1, 6),
    (28, CLORIS, 1, 10), (30, CLORIS, 2, 0), (37, DAMON, 0, 8), (39, CLORIS, 2, 6), (40, DAMON, 1, 2),
    (44, DAMON, 1, 10), (46, DAMON, 2, 10), (46, CLORIS, 2, 6), (47, CLORIS, 2, 10), (49, CLORIS, 4, 2),
    (50, DAMON, 2, 4), (51, DAMON, 2, 8), (53, DAMON, 3, 0), (54, CLORIS, 6, 6), (55, CLORIS, 6, 10),
    (56, CLORIS, 7, 4), (57, CLORIS, 9, 4), (59, CLORIS, 9, 8), (61, CLORIS, 9, 6), (62, DAMON, 4, 8),
    (64, DAMON, 5, 2), (67, DAMON, 7, 0), (70, DAMON, 9, 0), (74, DAMON, 9, 10), (76, DAMON, 11, 2),
    (77, CLORIS, 9, 6), (79, CLORIS, 11, 0), (81, DAMON, 11, 8), (83, CLORIS, 11, 10), (85, CLORIS, 12, 2),
]


def _replayed(rules: str | None = None):
    record, diags, _ = read(str(PATH))
    assert record is not None, diags
    return record, replay(record, **replay_options(rules, record), parse_diagnostics=diags)


RECORD, RESULT = _replayed()


def _score(after: dict) -> dict[str, tuple[int, int, bool]]:
    return {c: (s["holes"], s["points"], s["bredouille"] and s["points"] > 0) for c, s in after.items()}


def _before(coup: int) -> dict[str, tuple[int, int, bool]]:
    return _score(RESULT.throws[coup - 2].score.after) if coup > 1 else {c: (0, 0, False) for c in (CLORIS, DAMON)}


def _shown(caption: dict) -> dict[str, tuple[int, int, bool]]:
    return {c: (h, p, b and p > 0) for c, (h, p, b) in caption.items()}


def test_the_record_is_the_whole_game_one_line_each_coup():
    assert [t.number for t in RECORD.throws] == list(range(1, 86))
    assert [t.side for t in RECORD.throws[:2]] == [CLORIS, DAMON] and len(RESULT.throws) == 85
    assert not any(t.variations for t in RECORD.throws)


def test_the_record_copies_every_caption():
    for coup, t in enumerate(RECORD.throws, 1):
        standing = t.standing
        assert standing is not None and standing.before == (coup != 85), coup
        assert {x.side: (x.holes, x.points, x.bredouille) for x in standing.tallies} == CAPTIONS[coup], coup


@pytest.mark.parametrize("coup", range(1, 86))
def test_each_caption_is_the_score_as_its_coup_is_thrown_but_the_book_s_slips(coup):
    agrees = _shown(CAPTIONS[coup]) == _before(coup)
    assert agrees == (coup not in SLIPS), f"coup {coup}: {SLIPS.get(coup, 'the caption')}"
    acknowledged = {c for s in RECORD.throws[coup - 1].sics if s.kind == "sic" for c in s.codes}
    assert ("score" in acknowledged) == (coup in SLIPS), coup


def test_the_slips_are_what_the_notes_say():
    assert _shown(CAPTIONS[16]) == _score(RESULT.throws[15].score.after)  # the score after coup 16, not before
    assert _shown(CAPTIONS[22]) == _score(RESULT.throws[21].score.after)
    assert _shown(CAPTIONS[76]) == _score(RESULT.throws[75].score.after)
    for coup in (26, 52, 58, 66, 75, 83):  # a caption repeated from the coup before
        assert CAPTIONS[coup] == CAPTIONS[coup - 1] != _shown(_before(coup)), coup
    assert CAPTIONS[59][CLORIS][:2] == CAPTIONS[58][CLORIS][:2] == (7, 4) != _before(59)[CLORIS][:2] == (9, 4)
    assert CAPTIONS[45][CLORIS] == (2, 6, True) and _before(45)[CLORIS] == (2, 6, False)
    assert CAPTIONS[50][CLORIS] == (4, 0, False) and _before(50)[CLORIS][:2] == (4, 2)
    final = _score(RESULT.throws[84].score.after)
    assert CAPTIONS[85][CLORIS][0] == final[CLORIS][0] == 12 and CAPTIONS[85][DAMON][:2] == _before(85)[DAMON][:2]


@pytest.mark.parametrize("coup,player,holes,points", TEXT)
def test_each_total_the_text_states_is_the_replay_s(coup, player, holes, points):
    after = RESULT.throws[coup - 1].score.after[player]
    assert (after["holes"], after["points"]) == (holes, points), f"coup {coup}"


def test_cloris_wins_with_her_twelfth_hole_at_coup_85():
    assert RESULT.throws[84].score.winner == CLORIS
    assert RESULT.final.marking.players[CLORIS].holes == 12 and RESULT.final.marking.players[DAMON].holes == 11


def test_the_book_s_marks_are_the_rules_every_coup():
    """Every coup the book scores is scored so by soumille-1738: no école, no mark reported, but the faults the
    game shows on purpose (coups 55, 60, 83) and the captions' slips."""
    noted = {(d.line, d.code, d.acknowledged) for d in RESULT.diagnostics}
    assert {d.severity for d in RESULT.diagnostics} == {"note"}
    lines = {t.number: t.span.line for t in RECORD.throws}
    taught = {(n, code) for n in (55, 60, 83) for line, code, kind in noted if line == lines[n] and kind == "taught"}
    assert taught == {(55, "illegal-play"), (55, "ecole"), (60, "holes"), (83, "ecole")}
    assert sum(kind == "sic" for _, _, kind in noted) == len(SLIPS)


def test_the_second_edition_replays_the_game_alike():
    _, second = _replayed("soumille-1756")
    assert [t.score.after for t in second.throws] == [t.score.after for t in RESULT.throws]
    assert load_ruleset("soumille-1756").variant("sortie") != load_ruleset("soumille-1738").variant("sortie")
