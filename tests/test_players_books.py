"""The books' best plays: every position of the historical corpus (site_src/games/historical) where a treatise
plays a throw one way and rejects another way of playing the same throw — the record's main line and its
variation, the book's words in their comments — against the players' rankings.

The treatise player must value the book's play above the play it rejects, unless the table below says why it
does not: what the book reckons with that its terms do not weigh.  The lookahead player is held to the positions
it agrees on.  (``scripts/books_advice.py`` prints the whole table for every player.)
"""

from __future__ import annotations

import pytest

from trictrac_notation.play.registry import player
from trictrac_notation.play.situation import Situation

# (record, the throw's number): the book's play is the main line, the plays it rejects the variations
BOOKS = [
    ("guiton-1822-ch10-spread-for-the-coin", 2),
    ("guiton-1822-ch11-bois-a-bas", 1),
    ("guiton-1822-ch11-case-de-l-ecolier", 1),
    ("guiton-1822-ch12-do-not-load-the-coin-ninth", 1),
    ("guiton-1822-ch12-do-not-load-the-coin-tenth", 1),
    ("guiton-1822-ch12-empty-the-sixth-a-faux", 1),
    ("guiton-1822-ch12-empty-the-sixth", 1),
    ("guiton-1822-ch12-hinder-the-passage", 1),
    ("guiton-1822-ch12-open-the-passage", 1),
    ("guiton-1822-ch13-contiguous-cases", 1),
    ("guiton-1822-ch13-first-throw-down", 1),
    ("guiton-1822-ch13-point-of-seven", 1),
    ("guiton-1822-ch9-cases-in-the-petit-jan", 1),
    ("guiton-1822-fig10-leave-nothing-to-beat", 1),
    ("guiton-1822-fig12-four-holes-instead-of-two", 1),
    ("guiton-1822-fig13-keep-his-breaking-throws", 1),
    ("guiton-1822-fig14-which-dame-to-leave", 1),
    ("guiton-1822-fig15-prepare-a-throw-that-wins", 1),
    ("guiton-1822-fig5-keep-the-dame-far-from-the-pile", 1),
    ("guiton-1822-fig6-equal-chances", 1),
    ("guiton-1822-fig7-dont-give-what-he-lacks", 1),
    ("guiton-1822-fig8-the-one-throw-to-fear", 1),
    ("guiton-1822-fig9-force-him-to-break", 1),
    ("lelasseux-1852-293-playing-the-first-throws", 1),
    ("lelasseux-1852-294-the-case-of-the-schoolboy-first", 4),
    ("lelasseux-1852-295-the-devil-s-case-or-the-ninth", 1),
    ("lelasseux-1852-296-keeping-off-the-coin-at-ten-points", 1),
    ("lelasseux-1852-296-taking-the-coin-or-not", 1),
    ("lelasseux-1852-299-the-passed-dame-left-on-5", 1),
    ("lelasseux-1852-300-passing-to-the-retour-of-one-s-own-will", 1),
    ("lelasseux-1852-301-making-the-petit-jan-impossible", 1),
    ("lelasseux-1852-321-two-half-cases-rather-than-a-case", 1),
    ("lelasseux-1852-322-a-case-that-leaves-more-surcases", 1),
    ("lelasseux-1852-323-undoing-a-case-in-the-petit-jan", 1),
    ("lelasseux-1852-326-four-cases-and-a-half", 1),
    ("lelasseux-1852-342-choosing-the-numbers-to-fill-with", 1),
    ("lelasseux-1852-343-ternes-to-fill-the-seventh", 1),
    ("lelasseux-1852-353-undoing-a-case-to-fill", 1),
    ("lelasseux-1852-354-two-half-cases-rather-than-a-case", 1),
    ("lelasseux-1852-356-putting-down-and-reviring", 1),
    ("lelasseux-1852-356-reviring-with-carmes", 1),
    ("lelasseux-1852-356-reviring-with-ternes", 1),
    ("lelasseux-1852-357-putting-in-with-quines", 1),
    ("lelasseux-1852-359-eight-points-each", 1),
    ("lelasseux-1852-359-leaving-nothing-to-beat", 1),
    ("lelasseux-1852-359-passing-a-dame-to-stop-his-passage", 1),
    ("lelasseux-1852-361-four-holes-instead-of-two", 1),
    ("lelasseux-1852-365-choosing-which-dame-to-play", 1),
    ("lelasseux-1852-366-keeping-a-three-two-playable", 1),
    ("lelasseux-1852-369-placing-the-surplus-dames", 1),
    ("lelasseux-1852-382-not-being-beaten-a-faux", 1),
    ("lelasseux-1852-394-breaking-from-the-farthest-arrow", 1),
    ("lelasseux-1852-395-breaking-to-fill-with-sonnez", 1),
    ("lelasseux-1852-408-two-cases-to-make-at-the-retour", 1),
    ("lelasseux-1852-409-undoing-a-case-at-the-retour", 1),
    ("lelasseux-1852-410-four-cases-and-a-half-at-the-retour", 1),
    ("lelasseux-1852-411-filling-with-a-passed-dame", 1),
    ("lelasseux-1852-420-play-the-first-throw-down", 1),
    ("lelasseux-1852-429-cases-in-one-s-first-table", 1),
    ("lelasseux-1852-436-the-tenth-case-last", 1),
    ("lelasseux-1852-437-wood-down", 1),
    ("lelasseux-1852-440-contiguous-cases", 1),
    ("lelasseux-1852-450-empty-the-sixth-a-faux", 1),
    ("lelasseux-1852-450-empty-the-sixth", 1),
    ("lelasseux-1852-450-hinder-the-passage", 1),
    ("lelasseux-1852-451-open-the-passage", 1),
    ("lelasseux-1852-457-pass-one-s-coin", 1),
]

# what the book reckons with that the treatise's terms do not weigh
TIE = "a tie: its terms do not tell the two plays apart (the throw the book foresees is not among them)"
PASSAGE = ("the passages through which the opponent keeps his plein or passes to his retour are not among its terms "
           "(Guiton 1822 ch. 12; Lelasseux-Lafosse 1852 §359, §450-451)")
GOING = ("the book reckons with who will go: the opponent's hole and go that wipe out the position, or the hole "
         "received that would forbid one's own go; the value counts points, not the decisions they lead to")
PARTIE = "the book counts the partie: a hit gives the opponent his last hole; the value counts points, not the partie"
DIFFERS = {
    "guiton-1822-ch12-do-not-load-the-coin-ninth": TIE,
    "guiton-1822-ch12-do-not-load-the-coin-tenth": TIE,
    "guiton-1822-ch12-hinder-the-passage": PASSAGE,
    "guiton-1822-ch12-open-the-passage": TIE,
    "guiton-1822-fig10-leave-nothing-to-beat": ("Black, at 4 points, needs a keep and a hit together for the hole: "
                                                "the book counts the hole, the terms White's chances to fill"),
    "guiton-1822-fig12-four-holes-instead-of-two": GOING,
    "guiton-1822-fig13-keep-his-breaking-throws": ("the book counts the throws that make White break his plein "
                                                   "through Black's open arrows; the terms count Black's cases"),
    "guiton-1822-fig5-keep-the-dame-far-from-the-pile": ("a passed dame kept where it troubles the opponent: the "
                                                         "terms weigh the points it may lose, not the trouble"),
    "guiton-1822-fig7-dont-give-what-he-lacks": PARTIE,
    "guiton-1822-fig8-the-one-throw-to-fear": TIE,
    "lelasseux-1852-294-the-case-of-the-schoolboy-first": ("the book's exception to its own rule (§436, the tenth "
                                                            "case last), which the terms weigh"),
    "lelasseux-1852-295-the-devil-s-case-or-the-ninth": ("the two hits à vrai that give Black his hole are counted, "
                                                         "but weigh less than the seventh case made before the ninth"),
    "lelasseux-1852-296-keeping-off-the-coin-at-ten-points": ("Black at ten points: the book counts his chances of "
                                                              "the hole, the terms the coin taken"),
    "lelasseux-1852-296-taking-the-coin-or-not": ("a near tie: the coin taken against its two lone dames, weighed "
                                                  "a quarter of a point apart"),
    "lelasseux-1852-299-the-passed-dame-left-on-5": ("a passed dame kept where it troubles the opponent (Guiton's "
                                                     "fig. V): the terms weigh the points it may lose"),
    "lelasseux-1852-359-eight-points-each": PARTIE,
    "lelasseux-1852-359-leaving-nothing-to-beat": ("Black needs a keep and a hit together for the hole (Guiton's "
                                                   "fig. X): the terms weigh White's chances to fill"),
    "lelasseux-1852-359-passing-a-dame-to-stop-his-passage": PASSAGE,
    "lelasseux-1852-361-four-holes-instead-of-two": GOING,
    "lelasseux-1852-365-choosing-which-dame-to-play": GOING,
    "lelasseux-1852-366-keeping-a-three-two-playable": TIE,
    "lelasseux-1852-382-not-being-beaten-a-faux": GOING,
    "lelasseux-1852-450-hinder-the-passage": PASSAGE,
    "lelasseux-1852-451-open-the-passage": TIE,
    "lelasseux-1852-457-pass-one-s-coin": TIE,
}
LOOKAHEAD_AGREES = {
    "guiton-1822-ch12-empty-the-sixth-a-faux",
    "guiton-1822-ch12-empty-the-sixth",
    "guiton-1822-ch12-hinder-the-passage",
    "guiton-1822-ch9-cases-in-the-petit-jan",
    "guiton-1822-fig12-four-holes-instead-of-two",
    "guiton-1822-fig14-which-dame-to-leave",
    "guiton-1822-fig15-prepare-a-throw-that-wins",
    "guiton-1822-fig6-equal-chances",
    "guiton-1822-fig9-force-him-to-break",
    "lelasseux-1852-293-playing-the-first-throws",
    "lelasseux-1852-296-taking-the-coin-or-not",
    "lelasseux-1852-301-making-the-petit-jan-impossible",
    "lelasseux-1852-342-choosing-the-numbers-to-fill-with",
    "lelasseux-1852-356-putting-down-and-reviring",
    "lelasseux-1852-356-reviring-with-carmes",
    "lelasseux-1852-356-reviring-with-ternes",
    "lelasseux-1852-359-passing-a-dame-to-stop-his-passage",
    "lelasseux-1852-361-four-holes-instead-of-two",
    "lelasseux-1852-394-breaking-from-the-farthest-arrow",
    "lelasseux-1852-429-cases-in-one-s-first-table",
    "lelasseux-1852-450-empty-the-sixth-a-faux",
    "lelasseux-1852-450-empty-the-sixth",
    "lelasseux-1852-450-hinder-the-passage",
}


def book_choice(name: str, number: int) -> tuple[Situation, tuple[int, int], list[int], list[list[int]]]:
    """The position before throw ``number`` of a historical record, its dice, the row after the book's play and
    the rows after the plays of the same throw it rejects."""
    from trictrac_notation.engine.opengame import open_game
    from trictrac_notation.games.trictrac.kernel.bridge import from_play

    game = open_game(f"site_src/games/historical/{name}.tric")
    t = next(t for t in game.replay.throws if t.throw.number == number and t.variations)
    rejected = [from_play(v[0].play)[1] for v in t.variations
                if v and v[0].play is not None and v[0].side == t.side and v[0].throw.dice is not None
                and sorted(v[0].throw.dice) == sorted(t.throw.dice)]
    book = from_play(t.play)[1]
    state = t.score_before
    s = Situation.of_position(game.scorer.ruleset, t.before, t.side,
                              state.memory.history(t.side, t.throw_in_releve), state.marking.copy())
    return s, t.throw.dice, book, [r for r in rejected if r != book]


def prefers_the_book(name: str, record: str, number: int) -> bool:
    s, dice, book, rejected = book_choice(record, number)
    assert rejected
    values = {tuple(c.play[1]): c.value for c in player(name).rank(s, dice)}
    return all(values[tuple(book)] > values[tuple(r)] for r in rejected)


@pytest.mark.parametrize("record, number", BOOKS, ids=[r for r, _ in BOOKS])
def test_the_treatise_player_plays_as_the_books(record, number):
    agrees = prefers_the_book("treatise", record, number)
    if record in DIFFERS:
        assert not agrees, f"{record}: the player now agrees with the book: take it out of DIFFERS"
    else:
        assert agrees


@pytest.mark.parametrize("record, number", [(r, n) for r, n in BOOKS if r in LOOKAHEAD_AGREES],
                         ids=[r for r, _ in BOOKS if r in LOOKAHEAD_AGREES])
def test_the_lookahead_player_plays_as_the_books_where_it_agrees(record, number):
    assert prefers_the_book("lookahead", record, number)


def test_the_table_counts():
    """How far the players follow the books, as docs/players.md says."""
    assert len(BOOKS) == 67 and len(DIFFERS) == 25 and len(LOOKAHEAD_AGREES) == 23
