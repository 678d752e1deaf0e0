"""Lelasseux-Lafosse 1852, section 4 (the arithmetic of trictrac), against its own counts of chances.

The records ``site_src/games/historical/lelasseux-1852-*.tric`` of section 4 set up the book's positions
and play the throws it names; the book weighs each play by the chances it leaves: to fill, to keep, to
take the coin, to be beaten.  Here each count the book states is compared with the engine's, counted over
the 36 chances from the position the record reaches (``start``: its starting position; otherwise after the
throw named as in test_historical_lelasseux.py, ``'white 4-4 #2'`` the second 4-4 of the record's lines).
Where the book's count is not what its own rules give in that position, ``rules`` holds the right count and
``why`` says where the book goes wrong (its records say so on the line).
"""

from __future__ import annotations

import pytest
from test_historical_lelasseux import RESULTS, throws_by_key

from trictrac_notation.core.board import other
from trictrac_notation.games.trictrac.chances import ORDERED, outcomes
from trictrac_notation.games.trictrac.moves import legal_plays
from trictrac_notation.rules.rulesets import load_ruleset

LLF = load_ruleset("lelasseux-1852")
COIN = 11  # one's own coin, in his own frame


def position(stem: str, key: str):
    record, result = RESULTS[stem]
    return result.initial if key == "start" else throws_by_key(stem)[key].after


def chances(stem: str, key: str, side: str, what: str) -> int:
    """Of the 36 chances of ``side`` throwing next: ``what`` is a jan he makes ('remplir', 'conserver',
    'battre-a-vrai', 'deux-tables', 'battre-coin'), 'a-faux' (he beats à faux: his opponent marks),
    'both-a-faux' (two different dames), 'coin' (a play puts two dames on his coin), 'breaks' (he cannot
    keep his plein), 'gain>=N' or 'opp-gain>=N' (the points he, or his opponent, gains)."""
    pos = position(stem, key)
    movement = RESULTS[stem][1].rules
    if what == "coin":
        return sum(1 for dice in ORDERED
                   if any(p.result.row(side)[COIN] >= 2 > pos.row(side)[COIN] for p in legal_plays(pos, side, dice,
                                                                                                  movement)))
    found = outcomes(pos, side, LLF, movement=movement, ordered=True)
    if what.startswith("gain>="):
        return sum(1 for o in found if o.total[side] >= int(what.removeprefix("gain>=")))
    if what.startswith("opp-gain>="):
        return sum(1 for o in found if o.total[other(side)] >= int(what.removeprefix("opp-gain>=")))
    if what == "breaks":
        return sum(1 for o in found if not any(e.jan == "conserver" and e.beneficiary == side for e in o.events))
    if what in ("a-faux", "both-a-faux"):  # his dames beaten à faux: one at least, or two different ones
        least = 1 if what == "a-faux" else 2
        return sum(1 for o in found if len({e.target for e in o.events if e.jan == "battre-a-faux"
                                            and e.beneficiary == other(side)}) >= least)
    return sum(1 for o in found if any(e.jan == what and e.beneficiary == side for e in o.events))


# (record, where, side, what, the book's count, citation[, the rules' count, why the book differs])
CHANCES = [
    # § 278-289: cases and the coin
    ("278-making-a-given-case", "start", "black", "coin", 16, "§ 288: Black takes his coin naturally or by puissance"),
    ("289-taking-the-coin-from-6-and-8", "start", "black", "coin", 8, "§ 289: 5-5, 5-3, 3-3, 6-6, 6-4, 4-4"),
    ("289-taking-the-coin-from-7-and-8", "start", "black", "coin", 8, "§ 289", 7,
     "carmes is counted twice, naturally and by puissance: one chance"),
    ("292-the-primaute-with-the-same-throws", "white 5-2", "white", "coin", 4, "§ 292: four chances for the coin"),
    ("292-the-primaute-with-the-same-throws", "white 5-2", "white", "deux-tables", 4, "§ 292: four for both coins"),
    ("292-the-primaute-with-the-same-throws", "white 5-2", "black", "battre-a-vrai", 3, "§ 292: 6-6, 6-5"),
    ("292-the-primaute-with-the-same-throws", "black 5-2", "white", "battre-a-vrai", 12, "§ 292: sums 7, 9, 11"),
    ("294-the-case-of-the-schoolboy-first", "black 5-1", "white", "battre-a-vrai", 10, "§ 294: sums 8, 10, 11"),
    ("294-the-case-of-the-schoolboy-first", "black 5-1", "white", "coin", 2, "§ 294: bezet, double-deux"),
    ("294-the-case-of-the-schoolboy-first", "black 5-1", "white", "deux-tables", 2, "§ 294: 2-1"),
    ("295-the-devil-s-case-or-the-ninth", "white 5-4", "black", "battre-a-vrai", 0, "§ 295: only à faux"),
    ("295-the-devil-s-case-or-the-ninth", "white 5-4 #2", "black", "battre-a-vrai", 4, "§ 295: 6-5, 6-4"),
    ("296-keeping-off-the-coin-at-ten-points", "white 4-4 #2", "black", "gain>=2", 41,
     "§ 296: Black's chances for the hole if White takes his coin", 11,
     "41 is more than the 36 chances there are: probably 11 misread, the count in this position"),
    # § 297-301: the petit jan
    ("297-petit-jan-lacking-a-dame-on-5", "start", "white", "remplir", 30, "§ 297: numbers 5, 4, 2"),
    ("297-petit-jan-with-a-dame-on-2", "start", "white", "remplir", 33, "§ 297: all but 6-6, 6-1"),
    ("300-passing-to-the-retour-of-one-s-own-will", "white 6-6", "white", "remplir", 30, "§ 300: 5, 4, 3"),
    ("300-passing-to-the-retour-of-one-s-own-will", "white 6-6 #2", "white", "remplir", 13, "§ 300", 9,
     "6-3 and 5-3 fill by the 3 only if the other number cannot be played; here it can (§ 398's own caveat)"),
    ("300-passing-to-the-retour-of-one-s-own-will", "white 6-6", "black", "battre-a-vrai", 17,
     "§ 300: the 4s, 6-6, 6-5"),
    ("301-making-the-petit-jan-impossible", "white 4-3", "black", "battre-a-vrai", 0, "§ 301: nothing left to beat"),
    # § 315-326: one or two half-cases in the petit jan
    ("315-two-half-cases-natural-and-inverse-order", "start", "white", "remplir", 21, "§ 321: figure 29"),
    ("321-two-half-cases-rather-than-a-case", "white 4-4", "white", "remplir", 21, "§ 321"),
    ("321-two-half-cases-rather-than-a-case", "white 4-4 #2", "white", "remplir", 13, "§ 321: figure 31"),
    ("321-two-half-cases-rather-than-a-case", "white 3-3", "white", "remplir", 13, "§ 321"),
    ("321-two-half-cases-rather-than-a-case", "white 3-3 #2", "white", "remplir", 7, "§ 321"),
    ("321-two-half-cases-rather-than-a-case", "white 4-3", "white", "remplir", 15, "§ 321"),
    ("321-two-half-cases-rather-than-a-case", "white 4-3 #2", "white", "remplir", 13, "§ 321"),
    ("322-a-case-that-leaves-more-surcases", "white 2-1", "white", "remplir", 13, "§ 322"),
    ("322-a-case-that-leaves-more-surcases", "white 2-1 #2", "white", "remplir", 12, "§ 322"),
    ("323-undoing-a-case-in-the-petit-jan", "white 1-1", "white", "remplir", 21, "§ 323: figure 33"),
    ("323-undoing-a-case-in-the-petit-jan", "white 1-1 #2", "white", "remplir", 13, "§ 323: figure 34", 8,
     "figure 34 leaves surplus dames on three arrows, not four (13 is bezet played tout d'une from 2 to 4)"),
    ("323-undoing-a-case-in-the-petit-jan", "white 3-1", "white", "remplir", 19, "§ 323"),
    ("323-undoing-a-case-in-the-petit-jan", "white 3-1 #2", "white", "remplir", 13, "§ 323"),
    ("323-undoing-a-case-in-the-petit-jan", "white 6-1", "white", "remplir", 12, "§ 324"),
    ("323-undoing-a-case-in-the-petit-jan", "white 6-1 #2", "white", "remplir", 12, "§ 324"),
    ("326-four-cases-and-a-half", "white 1-1", "white", "remplir", 21, "§ 326"),
    ("326-four-cases-and-a-half", "white 1-1 #2", "white", "remplir", 13, "§ 326"),
    ("326-four-cases-and-a-half", "white 6-2", "white", "remplir", 19, "§ 326"),
    ("326-four-cases-and-a-half", "white 6-2 #2", "white", "remplir", 7, "§ 326"),
    # § 333-340: one or two dames to be beaten, the plein less a case
    ("337-moving-the-empty-arrow-away", "start", "black", "battre-a-vrai", 9, "§ 334: the empty 10: the 5s"),
    ("337-moving-the-empty-arrow-away", "start", "black", "a-faux", 12, "§ 334: 12 à faux"),
    ("337-moving-the-empty-arrow-away", "white 2-2", "black", "battre-a-vrai", 6, "§ 334: the empty 8"),
    ("337-moving-the-empty-arrow-away", "white 2-2", "black", "a-faux", 15, "§ 334"),
    ("337-moving-the-empty-arrow-away", "white 3-3", "black", "battre-a-vrai", 4, "§ 334: the empty 7, 6-2, 5-2"),
    ("337-moving-the-empty-arrow-away", "white 4-4", "black", "battre-a-vrai", 2, "§ 334: the empty 6, 6-1"),
    ("339-moving-the-empty-arrow-with-two-half-cases", "white 2-2", "black", "both-a-faux", 6,
     "§ 338: the empty 8: 6-6, 6-5, 6-2, 5-5"),
    ("339-moving-the-empty-arrow-with-two-half-cases", "white 3-3", "black", "both-a-faux", 9,
     "§ 338: the empty 7: 6-6, 6-5, 6-4, 5-5, 5-4, 4-4"),
    ("339-moving-the-empty-arrow-with-two-half-cases", "white 4-4", "black", "both-a-faux", 13,
     "§ 338: the empty 6: all fifteen that can reach both, but 6-2"),
    # § 342-349: the grand jan
    ("342-choosing-the-numbers-to-fill-with", "white 3-1", "white", "remplir", 30, "§ 342: 10, 5, 4, 2"),
    ("342-choosing-the-numbers-to-fill-with", "white 3-1 #2", "white", "remplir", 27, "§ 342: 6, 5"),
    ("342-filling-with-six-and-four", "white 2-1", "white", "remplir", 26, "§ 342: 6, 4"),
    ("343-the-devil-s-case-last", "white 1-1", "white", "remplir", 36, "§ 343: 6, 5, 4, 2"),
    ("343-ternes-to-fill-the-seventh", "white 3-3", "white", "remplir", 27, "§ 343: 4, 2, 1"),
    ("343-ternes-to-fill-the-seventh", "white 3-3 #2", "white", "remplir", 22, "§ 343: 7, 2, 1"),
    ("345-two-half-cases-in-the-grand-jan", "start", "white", "remplir", 30, "§ 349: figure 38"),
    # § 356-369: revirades, putting in, keeping
    ("356-putting-down-and-reviring", "white 5-1", "black", "battre-a-vrai", 6, "§ 356: the sum 7"),
    ("356-putting-down-and-reviring", "white 5-1 #2", "black", "battre-a-vrai", 16, "§ 356"),
    ("356-the-revirade-that-takes-the-coin", "start", "black", "battre-coin", 25, "§ 356: the empty coin"),
    ("356-reviring-with-carmes", "white 4-4", "white", "remplir", 32, "§ 356: 6, 3, 2, 1"),
    ("356-reviring-with-carmes", "white 4-4 #2", "white", "remplir", 12, "§ 356"),
    ("356-reviring-with-carmes", "white 4-4 #2", "black", "battre-a-vrai", 16, "§ 356: the 6s and 5s but 6-1, 5-1"),
    ("356-reviring-with-ternes", "white 3-3", "white", "remplir", 29, "§ 356: 6, 3, 1"),
    ("356-reviring-with-ternes", "white 3-3", "black", "battre-a-vrai", 11, "§ 356: the direct 6s"),
    ("356-reviring-with-ternes", "white 3-3 #2", "white", "remplir", 23, "§ 356: 4, 3"),
    ("356-reviring-with-ternes", "white 5-4", "white", "remplir", 32, "§ 357: 9, 6, 4, 3"),
    ("356-reviring-with-ternes", "white 5-4 #2", "white", "remplir", 22, "§ 357: 9, 3, 1"),
    ("356-reviring-with-3-2", "white 3-2", "white", "remplir", 27, "§ 356: 4, 2, 1"),
    ("356-reviring-with-3-2", "white 3-2", "black", "battre-a-vrai", 20, "§ 356: 20 instead of 35"),
    ("357-putting-in-with-ternes", "white 3-3", "white", "remplir", 35, "§ 357: 6, 4, 3, 2"),
    ("359-passing-a-dame-to-stop-his-passage", "white 2-1", "black", "conserver", 15, "§ 359"),
    ("359-passing-a-dame-to-stop-his-passage", "white 2-1 #2", "black", "battre-a-vrai", 11, "§ 359"),
    ("359-double-deux-onto-the-coin", "white 2-2", "black", "conserver", 6, "§ 359: 6-6, 6-1, 4-4, 4-3"),
    ("359-leaving-nothing-to-beat", "white 6-2", "black", "battre-a-vrai", 0, "§ 359: nothing left to beat"),
    ("359-leaving-nothing-to-beat", "white 6-2 #2", "black", "battre-a-vrai", 9, "§ 359: 6-5 and the 5s"),
    ("359-eight-points-each", "white 6-1", "black", "battre-a-vrai", 0, "§ 359: nothing can be beaten"),
    ("359-eight-points-each", "white 6-1 #2", "black", "battre-a-vrai", 5, "§ 359: 6-5, 5-5, 5-3"),
    ("362-a-hole-in-one-throw", "white 3-2", "black", "a-faux", 21, "§ 362", 24,
     "6-2 and 5-2 rest on White's lone dame of 7 and beat à vrai; that dame is beaten à faux by four small throws"),
    ("363-making-him-break", "white 5-4", "black", "breaks", 7, "§ 363: 6-6, 6-3, 6-2, 6-1"),
    ("363-a-dame-to-be-beaten-a-faux", "white 4-3", "black", "breaks", 3, "§ 363: 6-6 and 6-5"),
    ("364-a-desperate-game", "white 4-3", "black", "opp-gain>=12", 1,
     "§ 364: ternes alone gives White the hole à faux"),
    ("369-placing-the-surplus-dames", "white 2-1", "white", "breaks", 1, "§ 369: quines alone"),
    ("369-placing-the-surplus-dames", "white 2-1 #2", "white", "breaks", 20, "§ 369: every 5 and 4"),
    # § 379-395: keeping, being beaten à faux, breaking
    ("379-keeping-twice-with-figure-48", "start", "white", "breaks", 5, "§ 379: 6-5, 5-4 (printed 6-4), 4-4"),
    ("394-breaking-to-fill", "white 4-4", "black", "battre-a-vrai", 11, "§ 394"),
    ("394-breaking-to-fill", "white 4-4 #2", "black", "battre-coin", 16, "§ 394: the coin passed", 15,
     "the coin's third dame is a half-case: 4 × 4 − 1 by the book's own rule of § 280"),
    ("394-breaking-from-the-farthest-arrow", "white 6-3", "black", "battre-a-vrai", 27, "§ 394"),
    ("394-breaking-from-the-farthest-arrow", "white 6-3 #2", "black", "battre-a-vrai", 34, "§ 394"),
    ("395-breaking-to-fill-with-sonnez", "white 6-6", "white", "remplir", 27, "§ 395: 3, 2, 1", 19,
     "with a 6 (and 5-3) the other number can be played, so the fill by one number is not allowed (§ 398)"),
    ("395-breaking-to-fill-with-sonnez", "white 6-6", "black", "battre-a-vrai", 29, "§ 395"),
    ("395-breaking-to-fill-with-sonnez", "white 6-6 #2", "white", "remplir", 6, "§ 395"),
    # § 398-411: the jan de retour
    ("398-putting-in-at-the-retour", "white 6-2", "white", "remplir", 33, "§ 398: 3, 5, 6"),
    ("401-two-half-cases-at-the-retour", "start", "white", "remplir", 30, "§ 404: figure 54"),
    ("408-two-cases-to-make-at-the-retour", "white 2-2", "white", "remplir", 30, "§ 408"),
    ("408-two-cases-to-make-at-the-retour", "white 2-2 #2", "white", "remplir", 13, "§ 408"),
    ("408-two-cases-to-make-at-the-retour", "white 2-1", "white", "remplir", 21, "§ 408"),
    ("408-two-cases-to-make-at-the-retour", "white 2-1 #2", "white", "remplir", 20, "§ 408"),
    ("408-two-cases-to-make-at-the-retour", "white 3-3", "white", "remplir", 22, "§ 408"),
    ("408-two-cases-to-make-at-the-retour", "white 3-3 #2", "white", "remplir", 13, "§ 408"),
    ("409-undoing-a-case-at-the-retour", "white 1-1", "white", "remplir", 30, "§ 409"),
    ("409-undoing-a-case-at-the-retour", "white 1-1 #2", "white", "remplir", 20, "§ 409"),
    ("409-undoing-a-case-at-the-retour", "white 1-1 #3", "white", "remplir", 22, "§ 409"),
    ("410-four-cases-and-a-half-at-the-retour", "white 2-1", "white", "remplir", 22, "§ 410"),
    ("410-four-cases-and-a-half-at-the-retour", "white 2-1 #2", "white", "remplir", 13, "§ 410"),
    ("411-filling-with-a-passed-dame", "white 4-4", "white", "remplir", 33, "§ 411: 6, 5, 3"),
    ("411-filling-with-a-passed-dame", "white 4-4 #2", "white", "remplir", 32, "§ 411: 6, 3, 2, 1"),
    ("411-filling-with-a-passed-dame", "white 4-4 #3", "white", "remplir", 30, "§ 411: 5, 3, 2"),
    ("411-ternes-tout-d-une", "white 3-3", "white", "remplir", 35, "§ 411: 6, 4, 3, 2"),
    # section 5, the advice
    ("420-play-the-first-throw-down", "white 4-4", "white", "coin", 2, "§ 420: 5-3 tout d'une, then 4-4: the coin"),
    ("420-play-the-first-throw-down", "white 4-4", "white", "deux-tables", 2, "§ 420: and both coins"),
    ("420-play-the-first-throw-down", "white 4-4 #2", "white", "coin", 4, "§ 420: 5-3 put down, then 4-4: the coin"),
    ("420-play-the-first-throw-down", "white 4-4 #2", "white", "deux-tables", 4, "§ 420: and both coins"),
    ("436-the-tenth-case-last", "white 4-3", "white", "coin", 6, "§ 436: 5-4, 4-4, 6-5, 5-5: 3 chances or 6"),
    ("436-the-tenth-case-last", "white 4-3 #2", "white", "coin", 2, "§ 436: the tenth case made: 1-1, 2-2, 1 or 2"),
]


def _case(row):
    stem, key, side, what, book, where, *slip = row
    return pytest.param(stem, key, side, what, book, where, *(slip or [book, None]), id=f"{stem[:3]}:{key}:{what}")


@pytest.mark.parametrize("stem,key,side,what,book,where,rules,why", [_case(r) for r in CHANCES])
def test_the_book_s_count_of_chances(stem, key, side, what, book, where, rules, why):
    assert (rules == book) == (why is None), "a count that differs from the book's says why"
    assert chances(stem, key, side, what) == rules, where + (f" (the book says {book}: {why})" if why else "")


def test_093_the_seventh_lifted_every_six_but_6_5_breaks():
    """§ 93: both dames of the 7 lifted, Black 'cannot keep by impuissance' any more: of his sixes only 6-5
    keeps (passing a spare dame tout d'une); but his fives now pass from his coin too, 9 chances in all, where
    the break to two half-cases (the record's last line, ours) leaves him 6-6 alone."""
    stem = "093-lift-the-seventh"
    for key in ("white 4-4", "white 4-3", "white 4-2", "white 4-1", "white 3-3", "white 3-2", "white 3-1", "white 2-2",
                "white 2-1", "white 1-1"):
        found = outcomes(position(stem, key), "black", LLF, movement=RESULTS[stem][1].rules, ordered=True)
        keeps = [o.dice for o in found if any(e.jan == "conserver" and e.beneficiary == "black" for e in o.events)]
        assert sorted({tuple(sorted(d, reverse=True)) for d in keeps if 6 in d}) == [(6, 5)], key
    assert chances(stem, "white 4-3", "black", "conserver") == 9
    assert chances(stem, "white 4-3 #2", "black", "conserver") == 1


def test_429_covering_the_half_cases_bars_seven_chances_of_passage_the_book_says_nine():
    """§ 429: White keeps his plein by passing a spare dame; Black's covering his half-cases of 3 and 5 bars
    the passages by the sums 8, 10 and 12, 'which give 9 chances', that the case of 8 would leave open. By the
    rules Black's two plays leave White 13 chances to keep and 20: seven, 6-2 never passing (its resting
    arrows, Black's coin and his 7, are closed either way)."""
    stem = "429-cases-in-one-s-first-table"
    covered, case_of_8 = (chances(stem, key, "white", "conserver") for key in ("black 5-3", "black 5-3 #2"))
    assert (covered, case_of_8) == (13, 20)


def test_440_the_contiguous_case_leaves_more_chances_for_the_next():
    """§ 440 (no count in the book): the case of 8 leaves 22 chances to make a case next throw, that of 9, 16."""
    stem = "440-contiguous-cases"

    def next_case(key):
        pos = position(stem, key)
        made = {a for a in range(6, 12) if pos.row("white")[a] >= 2}
        return sum(1 for dice in ORDERED if any({a for a in range(6, 12) if p.result.row("white")[a] >= 2} - made
                                                 for p in legal_plays(pos, "white", dice, RESULTS[stem][1].rules)))
    assert [next_case(k) for k in ("white 5-4", "white 5-4 #2")] == [22, 16]


def test_450_an_open_sixth_lets_the_opponent_keep():
    """§ 450: Black keeps by 3 chances after the two half-cases, by 11 once White's case of 6 is lifted."""
    stem = "450-hinder-the-passage"
    keys = ("white 5-4", "white 5-4 #2", "white 5-3", "white 5-3 #2")
    assert [chances(stem, key, "black", "conserver") for key in keys] == [3, 11, 3, 11]


def test_457_a_coin_of_three_cannot_pass_next_throw():
    """§ 457: with its two dames the coin can be emptied next throw; with a third it cannot."""
    stem = "457-pass-one-s-coin"
    for right, loaded in (("white 6-2", "white 6-2 #2"), ("white 6-1", "white 6-1 #2")):
        empties = [sum(1 for dice in ORDERED if any(p.result.row("white")[COIN] == 0 for p in legal_plays(
            position(stem, key), "white", dice, RESULTS[stem][1].rules))) for key in (right, loaded)]
        assert empties[0] > 0 == empties[1]


# Records with no count the book states, outside section 4, whose claims are the plays themselves (checked legal
# and scored by check --strict), and why.
ADVICE_WITHOUT_COUNT = {
    "425-against-a-petit-jan": "§ 425: the plan behind the play, no count",
    "437-wood-down": "§ 437: the danger of a bare first table, no count",
    "450-empty-the-sixth": "§ 450: which sixes keep, each scored on its line",
    "450-empty-the-sixth-a-faux": "§ 450: which sixes beat à faux, each scored on its line",
    "451-open-the-passage": "§ 451: no count",
}
CHECKED_BELOW = {
    "093-lift-the-seventh", "429-cases-in-one-s-first-table", "440-contiguous-cases", "450-hinder-the-passage",
    "457-pass-one-s-coin",
}


def test_every_section_4_record_states_a_count_or_points():
    """Each record of section 4 transcribed for issue 21 is in this table or in test_historical_lelasseux's
    POINTS: a record with nothing checked against the book would be a record of nothing."""
    from test_historical_lelasseux import POINTS

    section4 = {stem for stem, (record, _) in RESULTS.items() if ", section 4," in (record.header("Source") or "")
                and record.header("Partie") != "a-ecrire"}  # the marqués: test_historical_ecrire.py
    checked = {row[0] for row in CHANCES} | {row[0] for row in POINTS} | set(NO_COUNT)
    assert section4 - checked == set()


# Section 4 records whose passage states no count that a position can check, and why.
NO_COUNT = {
    "366-keeping-a-three-two-playable": "§ 366: its count (32 chances) is of a double-deux two throws ahead",
}
