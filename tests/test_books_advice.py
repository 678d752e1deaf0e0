"""The books' advice against the players: every position of the historical corpus (site_src/games/historical) where a
treatise says which play is best, or that a player should stay or go, with what the lookahead and the treatise
players make of it.

A row names the record, the throw of its main line, the book's play and the plays the book rejects — each as the
record writes it, the main line (``MAIN``) or the first throw of one of the throw's variations (its index): the
plays are the record's, not copied here — and the book's citation.  For each player the row says what it finds:

* ``agrees``: the player values the book's play above every play the book rejects (where the book rejects none,
  the book's play is the player's best); for a decision, the player decides as the book says;
* ``ties``: the player values them alike — it sees no difference within its horizon; the reason is given;
* ``differs``: the player prefers a play (or a decision) the book rejects; the reason is given.

The test fails when a player's finding changes: a stronger player is then welcome to update the row.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import pytest

from trictrac_notation.annotate.analysis import analyze, scored, situation_before
from trictrac_notation.games.trictrac.kernel.moves import row_of
from trictrac_notation.notation.reader import parse
from trictrac_notation.play.registry import player
from trictrac_notation.rules.rulesets import ruleset_for

HISTORICAL = Path(__file__).resolve().parent.parent / "site_src/games/historical"
MAIN = "main"
PLAYERS = ("lookahead", "treatise")

# the reasons the players part from the books, each once
HORIZON = ("the book's reason comes after the player's horizon: the lookahead counts the points of this throw and of "
           "the opponent's answer (its own next throw only when the throw has few plays), and ")
SCORE = ("the book weighs what the points win at this score, the player only the points: ")
TERMS = "the treatise player's terms do not weigh it: "


class Advice(NamedTuple):
    record: str
    throw: int
    book: str | int | None  # the book's play: MAIN or a variation's index; None: the book names none
    rejected: tuple[str | int, ...]  # the plays it rejects
    citation: str
    found: dict[str, tuple[str, str]]  # player -> (agrees | ties | differs, why)


A = ("agrees", "")


def ties(why: str) -> tuple[str, str]:
    return ("ties", why)


def differs(why: str) -> tuple[str, str]:
    return ("differs", why)


PLAYS = [
    Advice("guiton-1822-ch10-spread-for-the-coin", 2, MAIN, (0,), "Guiton 1822, ch. 10", {
        "lookahead": ties(HORIZON + "the book counts the chances for the coin on the next throw (four against two)"),
        "treatise": A}),
    Advice("guiton-1822-ch10-spread-for-the-coin", 2, 1, (2,), "Guiton 1822, ch. 10", {
        "lookahead": ties(HORIZON + "the book counts the chances for the coin and the two coins on the next throw"),
        "treatise": ties(TERMS + "both plays give the coin four chances; the book's difference is in the two "
                                 "coins, beaten by four chances or by three")}),
    Advice("guiton-1822-ch11-case-de-l-ecolier", 1, MAIN, (0,), "Guiton 1822, ch. 11", {
        "lookahead": ties(HORIZON + "the book counts the coin's chances on the next throw (three or six against one "
                                    "or two)"),
        "treatise": A}),
    Advice("guiton-1822-ch12-empty-the-sixth", 1, MAIN, (0,), "Guiton 1822, ch. 12", {
        "lookahead": A, "treatise": A}),
    Advice("guiton-1822-ch12-empty-the-sixth-a-faux", 1, MAIN, (0,), "Guiton 1822, ch. 12", {
        "lookahead": A, "treatise": A}),
    Advice("guiton-1822-ch13-first-throw-down", 1, MAIN, (0,), "Guiton 1822, ch. 13", {
        "lookahead": differs(HORIZON + "the book looks to the petit jan and the coin two throws on, the player sees "
                                       "two dames open to be beaten now"),
        "treatise": A}),
    Advice("guiton-1822-ch13-point-of-seven", 1, MAIN, (0,), "Guiton 1822, ch. 13", {
        "lookahead": differs(HORIZON + "the fill the book keeps the chances of is the mover's next throw, past the "
                                       "opponent's answers to fourteen plays"),
        "treatise": A}),
    Advice("guiton-1822-fig6-equal-chances", 1, MAIN, (0,), "Guiton 1822, ch. 14, fig. VI", {
        "lookahead": A, "treatise": A}),
    Advice("guiton-1822-fig7-dont-give-what-he-lacks", 1, MAIN, (0,), "Guiton 1822, ch. 14, fig. VII", {
        "lookahead": differs(SCORE + "White at eleven holes wins the partie with the four points of a hit, which "
                                     "the player counts as four points, less than the case of 8 is worth to it"),
        "treatise": differs(SCORE + "its terms value the case of 8; the book fears the hit that ends the partie")}),
    Advice("guiton-1822-fig8-the-one-throw-to-fear", 1, MAIN, (0,), "Guiton 1822, ch. 14, fig. VIII", {
        "lookahead": ties(HORIZON + "the double-deux the book fears is White's next throw but one"),
        "treatise": ties(TERMS + "both plays leave the same cases and no dame alone; the book's fear is a throw "
                                 "later")}),
    Advice("guiton-1822-fig9-force-him-to-break", 1, MAIN, (0,), "Guiton 1822, ch. 14, fig. IX", {
        "lookahead": A, "treatise": A}),
    Advice("guiton-1822-fig10-leave-nothing-to-beat", 1, MAIN, (0,), "Guiton 1822, ch. 14, fig. X", {
        "lookahead": differs(SCORE + "Black, at 4 points, needs a keep and a hit together for his hole; the "
                                     "player weighs White's own fill prepared above the points risked"),
        "treatise": differs(SCORE + "its terms value the dames brought towards the fill; the book denies Black "
                                    "his hole")}),
    Advice("guiton-1822-fig11-bar-the-coin", 1, None, (MAIN,), "Guiton 1822, ch. 14, fig. XI", {
        "lookahead": differs("the player ranks the run to White's 7 first: its horizon holds Black's lone dame "
                             "beaten, not the passage of White's coin barred for his next throws"),
        "treatise": A}),
    Advice("guiton-1822-fig12-four-holes-instead-of-two", 1, MAIN, (0,), "Guiton 1822, ch. 14, fig. XII", {
        "lookahead": A,
        "treatise": differs(TERMS + "the holes White takes at once (four, not two) with three dames left alone; it "
                                    "values the case of 10 for the plein")}),
    Advice("guiton-1822-fig13-keep-his-breaking-throws", 1, MAIN, (0,), "Guiton 1822, ch. 14, fig. XIII", {
        "lookahead": differs(SCORE + "White's sixth hole wins the marqué of a partie à écrire; the player sees the "
                                     "case of 8 and White's plein kept a throw longer as points only"),
        "treatise": differs(SCORE + "its terms value the case of 8; the book keeps White's only way out open")}),
    Advice("guiton-1822-fig14-which-dame-to-leave", 1, MAIN, (0,), "Guiton 1822, ch. 14, fig. XIV", {
        "lookahead": A, "treatise": A}),
    Advice("guiton-1822-fig15-prepare-a-throw-that-wins", 1, MAIN, (0,), "Guiton 1822, ch. 14, fig. XV", {
        "lookahead": A, "treatise": A}),
    Advice("guiton-1822-fig16-a-throw-to-mend-a-lost-game", 1, MAIN, (), "Guiton 1822, ch. 14, fig. XVI", {
        "lookahead": differs(SCORE + "the book sets out three dames for Black's ternes to beat à faux, White's hole "
                                     "in a lost game; the player exposes as little as it can"),
        "treatise": differs(SCORE + "the book's play is a gamble for the hole; the player's terms keep the dames "
                                    "covered")}),
    Advice("lelasseux-1852-293-playing-the-first-throws", 1, MAIN, (0,), "Lelasseux-Lafosse 1852, § 293", {
        "lookahead": A, "treatise": A}),
    Advice("lelasseux-1852-296-taking-the-coin-or-not", 1, MAIN, (0,), "Lelasseux-Lafosse 1852, § 296", {
        "lookahead": A,
        "treatise": differs(TERMS + "the book adds up what each of Black's replies gains (19 chances against 20, "
                                    "or so); the player weighs two lone dames beside the coin above the coin "
                                    "left empty")}),
    Advice("lelasseux-1852-353-undoing-a-case-to-fill", 1, MAIN, (0,), "Lelasseux-Lafosse 1852, § 353", {
        "lookahead": differs(HORIZON + "the book's 30 chances to fill against 20 are the mover's next throw, past "
                                       "the opponent's answers to 35 plays"),
        "treatise": A}),
    Advice("lelasseux-1852-354-two-half-cases-rather-than-a-case", 1, MAIN, (0,), "Lelasseux-Lafosse 1852, § 354", {
        "lookahead": differs(HORIZON + "the book's 27 chances to fill against 20 are the mover's next throw"),
        "treatise": A}),
    Advice("lelasseux-1852-357-putting-in-with-quines", 1, MAIN, (0,), "Lelasseux-Lafosse 1852, § 357", {
        "lookahead": differs(HORIZON + "the book's 29 chances to fill are the mover's next throw; the player sees "
                                       "only what Black's answers gain against the dame put in"),
        "treatise": A}),
    Advice("lelasseux-1852-360-unfavourable-throws-made-favourable", 1, MAIN, (), "Lelasseux-Lafosse 1852, § 360", {
        "lookahead": A,
        "treatise": differs(TERMS + "the dames set out to make Black's filling throws cost him points à faux")}),
    Advice("lelasseux-1852-365-choosing-which-dame-to-play", 1, MAIN, (0, 1), "Lelasseux-Lafosse 1852, § 365", {
        "lookahead": differs(SCORE + "White wants one dame beaten à faux (to reach 8 and go) and not two (a hole "
                                     "on Black's throw, which forces him to stay); the player counts more points "
                                     "as better"),
        "treatise": differs(SCORE + "as for the lookahead: more points are not better when they come on Black's "
                                    "throw")}),
    Advice("lelasseux-1852-381-dames-set-out-to-be-beaten-a-faux", 1, MAIN, (), "Lelasseux-Lafosse 1852, §§ 380-381",
           {"lookahead": A, "treatise": A}),
]


class Decided(NamedTuple):
    record: str
    throw: int
    book: str  # stay or go
    citation: str
    found: dict[str, tuple[str, str]]


DECISIONS = [
    Decided("guiton-1822-fig5-dame-au-coin-bourgeois", 1, "go", "Guiton 1822, ch. 9, fig. V", {
        "lookahead": differs(HORIZON + "the coin overloaded by the two dames quines must pile there, and White's "
                                       "escape, come in the throws after"),
        "treatise": differs(TERMS + "its coin term counts the coin held, as any coin, and the cases made; four "
                                    "dames piled on it, which leave Black's game without spare dames, are not a "
                                    "term (the keep term weighs some of it, less than the coin)")}),
    Decided("guiton-1822-fig12-four-holes-instead-of-two", 2, "go", "Guiton 1822, ch. 14, fig. XII", {
        "lookahead": differs(HORIZON + "staying keeps White's points over, and the plein he must soon break "
                                       "(his game is played out) is past its horizon"),
        "treatise": A}),
]


def _line(result, ref):
    return result if ref == MAIN else result.variations[ref][0]


def _record(name: str):
    record = parse((HISTORICAL / f"{name}.tric").read_text(encoding="utf-8"), name)[0]
    return record, ruleset_for(None, record)


@pytest.fixture(scope="module", params=PLAYERS)
def judge(request):
    return player(request.param)


@pytest.mark.parametrize("advice", PLAYS, ids=lambda a: f"{a.record}:{a.throw}:{a.book}")
def test_what_the_players_make_of_the_books_best_play(advice, judge):
    record, ruleset = _record(advice.record)
    result = scored(record, ruleset).throws[advice.throw - 1]
    lines = [_line(result, ref) for ref in ((advice.book,) if advice.book is not None else ()) + advice.rejected]
    dice = lines[0].throw.dice
    assert all(x.throw.dice == dice and x.play is not None for x in lines), "the book compares legal plays"
    ranked = judge.rank(situation_before(result, ruleset), dice)
    values = {}
    for x in lines:  # each play the book names, valued by the player
        row = row_of(x.play.row_after, x.play.result.borne_off(x.side))
        values[id(x)] = next(c.value for c in ranked if list(c.play[1]) == row)
    book = values[id(lines[0])] if advice.book is not None else None
    rejected = [values[id(x)] for x in lines[1 if advice.book is not None else 0:]]
    if book is None:  # the book names only a bad play: the player agrees when it is not his best
        found = "agrees" if max(rejected) < ranked[0].value - 1e-9 else "differs"
    elif not rejected:  # the book names only its play: the player agrees when it is his best
        found = "agrees" if book >= ranked[0].value - 1e-9 else "differs"
    else:
        found = "agrees" if book > max(rejected) + 1e-9 else "ties" if book >= max(rejected) - 1e-9 else "differs"
    expected, why = advice.found[judge.name]
    assert found == expected, f"{advice.citation}: the {judge.name} player now {found} (update the row)"
    assert (why == "") == (found == "agrees"), "a tie or a difference says why"


@pytest.mark.parametrize("advice", DECISIONS, ids=lambda a: f"{a.record}:{a.throw}")
def test_what_the_players_make_of_the_books_stay_or_go(advice, judge):
    record, ruleset = _record(advice.record)
    judged = analyze(record, ruleset, judge, limit=advice.throw).throws[advice.throw - 1]
    assert judged.decision == advice.book  # the record does as the book says
    found = "agrees" if judged.advice.decision == advice.book else "differs"
    expected, why = advice.found[judge.name]
    assert found == expected, f"{advice.citation}: the {judge.name} player now {found} (update the row)"
    assert (why == "") == (found == "agrees")


def test_the_sortie_thrown_pour_tout_is_listed_unjudged():
    """Lelasseux-Lafosse 1852 § 163 says when to stay after a sortie thrown pour tout (sonnez, four points over:
    stay; 3-2, two over: go); the players' partie (play/partie.py) has no pour-tout, so the analysis lists the
    throw and does not judge it."""
    record, ruleset = _record("lelasseux-1852-163-going-after-the-sortie")
    (judged,) = analyze(record, ruleset, player("lookahead")).throws
    assert (judged.done, judged.cost, judged.mark) == ("pour-tout", 0.0, None)
