"""The books' advice against the players: every position of the historical corpus (site_src/games/historical) where
a treatise names the best play, rejects a play, or says to stay or go, with what each player (greedy, lookahead,
treatise, learned: play/registry.py) makes of it.

A row names the record, the throw's place in its main line, the book's play and the plays the book rejects — each
as the record writes it, the main line (``MAIN``) or the first throw of one of the throw's variations (its index):
the plays are the record's, not copied here, and the record's comments give the book's reasons — and the book's
citation.  For each player the row says what it finds:

* ``agrees``: the player values the book's play above every play the book rejects (where the book rejects none,
  above every other play; where it names only a bad play, the player has a better one); for a decision, the
  player decides as the book says;
* ``ties``: the player values them alike — it sees no difference within its horizon or its terms;
* ``differs``: the player prefers a play (or a decision) the book rejects.

Each tie and difference says why: the book's reason against what the player weighs.  The test fails when a
player's finding changes (a stronger player is then welcome to update the row), and when a throw of the corpus
that plays the same dice two ways is neither a row nor set aside below with its reason.
``scripts/books_advice.py`` prints the table with the players' values and the counts docs/analysis.md gives.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from trictrac_notation.annotate.analysis import analyze, scored, situation_before
from trictrac_notation.games.trictrac.kernel.moves import row_of
from trictrac_notation.notation.reader import parse
from trictrac_notation.play.registry import names, player
from trictrac_notation.rules.rulesets import ruleset_for

HISTORICAL = Path(__file__).resolve().parent.parent / "site_src/games/historical"
MAIN = "main"
PLAYERS = tuple(names())  # greedy, lookahead, treatise, learned
EPS = 1e-9

Cell = tuple[str, str]  # (agrees | ties | differs, why)
A: Cell = ("agrees", "")


def ties(why: str) -> Cell:
    return ("ties", why)


def differs(why: str) -> Cell:
    return ("differs", why)


# what the players weigh against the books' reasons, each once
POINTS = ("greedy values a play by the points of its own throw alone, and the plays the book compares score "
          "alike: how a throw is played seldom changes what it marks")
STAYS = "greedy sees nothing past the throw, so staying and going are worth the same to it, and it stays"
HORIZON = ("the book's reason comes after the player's horizon: the lookahead counts the points of this throw and of "
           "the opponent's answer (its own next throw only when the throw has few plays), and ")
SAME = HORIZON + "within it the plays win and give the same points"
FILL = HORIZON + "the book counts the mover's chances to fill (or keep) at his next throw, past it"
CASES = (HORIZON + "the book weighs the cases made and the wood kept down for the throws after "
         "(Guiton ch. 11, ch. 13; Lelasseux-Lafosse §§ 435-440)")
SCORE = "the book weighs what the points win at this score, the player only the points: "
TERMS = "the treatise player's terms do not weigh it: "
TIE = TERMS + "they do not tell the plays apart (the throw the book foresees is not among them)"
PASSAGE = (TERMS + "the passages through which the opponent keeps his plein or passes to his retour "
           "(Guiton 1822 ch. 12; Lelasseux-Lafosse 1852 § 359, §§ 450-451)")
GOING = ("the book reckons with who will go: the opponent's hole and go that wipe out the position, or the hole "
         "received that would forbid one's own go; the value counts points, not the decisions they lead to")
PARTIE = "the book counts the partie: a hit gives the opponent his last hole; the value counts points, not the partie"
TROUBLE = ("a passed dame kept where it troubles the opponent (Guiton ch. 9, fig. V; Lelasseux-Lafosse § 299): the "
           "value weighs the points it may lose, not the trouble it gives")
GAMBLE = ("a lost game mended by a gamble: the book sets out dames for one throw of the opponent's to beat à faux "
          "for the hole; the player exposes as little as it can")
EMPTY_ARROW = (TERMS + "the empty arrow kept far from the coin (Lelasseux-Lafosse §§ 334-339), which sets how the "
               "lone dame is beaten and how the jan fills")
LEARNED = "the learned player's network, trained by self-play, weighs the treatise's terms otherwise here: "


def learned(why: str) -> Cell:
    return differs(LEARNED + why)


class Advice(NamedTuple):
    record: str
    throw: int  # its place in the main line
    book: str | int | None  # the book's play: MAIN or a variation's index; None: the book names only a bad one
    rejected: tuple[str | int, ...]  # the plays it rejects (none: the book's play is the best of all)
    citation: str
    greedy: Cell = ties(POINTS)
    lookahead: Cell = A
    treatise: Cell = A
    learned: Cell = A


def G(n: str) -> str:
    return f"Guiton 1822, {n}"


def L(n: str) -> str:
    return f"Lelasseux-Lafosse 1852, § {n}"


PLAYS = [
    Advice("guiton-1822-ch9-cases-in-the-petit-jan", 1, MAIN, (0,), G("ch. 9"),
           learned=learned("the passages barred by the cases of the petit jan")),
    Advice("guiton-1822-fig5-keep-the-dame-far-from-the-pile", 1, MAIN, (0,), G("ch. 9, fig. V"),
           lookahead=differs(HORIZON + TROUBLE), treatise=differs(TROUBLE), learned=differs(TROUBLE)),
    Advice("guiton-1822-ch10-spread-for-the-coin", 2, MAIN, (0,), G("ch. 10"),
           lookahead=ties(HORIZON + "the book counts the chances for the coin on the next throw (four against two)"),
           learned=learned("the coin's chances")),
    Advice("guiton-1822-ch10-spread-for-the-coin", 2, 1, (2,), G("ch. 10"),
           lookahead=ties(HORIZON + "the book counts the chances for the coin and the two coins on the next throw"),
           treatise=ties(TERMS + "both plays give the coin four chances; the book's difference is in the two "
                                 "coins, beaten by four chances or by three"),
           learned=ties(TERMS + "both plays give the coin four chances")),
    Advice("guiton-1822-ch11-bois-a-bas", 1, MAIN, (0,), G("ch. 11"), lookahead=ties(CASES),
           learned=learned("the wood kept down against the case made")),
    Advice("guiton-1822-ch11-case-de-l-ecolier", 1, MAIN, (0,), G("ch. 11"),
           lookahead=ties(HORIZON + "the book counts the coin's chances on the next throw (three or six against one "
                                    "or two)")),
    Advice("guiton-1822-ch12-do-not-load-the-coin-ninth", 1, MAIN, (0,), G("ch. 12"),
           lookahead=ties(HORIZON + "the coin loaded with three dames is felt when they must pass, throws later"),
           treatise=ties(TIE), learned=ties(TIE)),
    Advice("guiton-1822-ch12-do-not-load-the-coin-tenth", 1, MAIN, (0,), G("ch. 12"),
           lookahead=ties(HORIZON + "the coin loaded with three dames is felt when they must pass, throws later"),
           treatise=ties(TIE), learned=ties(TIE)),
    Advice("guiton-1822-ch12-empty-the-sixth", 1, MAIN, (0,), G("ch. 12")),
    Advice("guiton-1822-ch12-empty-the-sixth-a-faux", 1, MAIN, (0,), G("ch. 12")),
    Advice("guiton-1822-ch12-hinder-the-passage", 1, MAIN, (0,), G("ch. 12"),
           treatise=differs(PASSAGE), learned=differs(PASSAGE)),
    Advice("guiton-1822-ch12-hinder-the-passage", 1, 1, (2,), G("ch. 12"),
           treatise=differs(PASSAGE), learned=differs(PASSAGE)),
    Advice("guiton-1822-ch12-open-the-passage", 1, MAIN, (2,), G("ch. 12"),
           lookahead=ties(SAME), treatise=ties(PASSAGE), learned=ties(PASSAGE)),
    Advice("guiton-1822-ch12-open-the-passage", 1, 0, (), G("ch. 12"),
           lookahead=ties(SAME), treatise=ties(PASSAGE), learned=ties(PASSAGE)),
    Advice("guiton-1822-ch12-open-the-passage", 1, 1, (), G("ch. 12"),
           treatise=ties(PASSAGE), learned=ties(PASSAGE)),
    Advice("guiton-1822-ch13-contiguous-cases", 1, MAIN, (0,), G("ch. 13"), lookahead=ties(CASES),
           learned=learned("the empty arrow between two cases")),
    Advice("guiton-1822-ch13-first-throw-down", 1, MAIN, (0,), G("ch. 13"),
           lookahead=differs(HORIZON + "the book looks to the petit jan and the coin two throws on, the player sees "
                                       "two dames open to be beaten now"),
           learned=learned("the dames spread for the petit jan against the dames open")),
    Advice("guiton-1822-ch13-point-of-seven", 1, MAIN, (0,), G("ch. 13"),
           lookahead=differs(HORIZON + "the fill the book keeps the chances of is the mover's next throw, past the "
                                       "opponent's answers to fourteen plays")),
    Advice("guiton-1822-fig6-equal-chances", 1, MAIN, (0,), G("ch. 14, fig. VI"),
           learned=learned("a lone dame beaten à faux as often as à vrai, against one beaten à vrai only")),
    Advice("guiton-1822-fig7-dont-give-what-he-lacks", 1, MAIN, (0,), G("ch. 14, fig. VII"),
           lookahead=differs(SCORE + "White at eleven holes wins the partie with the four points of a hit, which "
                                     "the player counts as four points, less than the case of 8 is worth to it"),
           treatise=differs(SCORE + "its terms value the case of 8; the book fears the hit that ends the partie"),
           learned=differs(PARTIE)),
    Advice("guiton-1822-fig8-the-one-throw-to-fear", 1, MAIN, (0,), G("ch. 14, fig. VIII"),
           lookahead=ties(HORIZON + "the double-deux the book fears is White's next throw but one"),
           treatise=ties(TERMS + "both plays leave the same cases and no dame alone; the book's fear is a throw "
                                 "later"),
           learned=ties(TERMS + "both plays leave the same cases and no dame alone")),
    Advice("guiton-1822-fig9-force-him-to-break", 1, MAIN, (0,), G("ch. 14, fig. IX")),
    Advice("guiton-1822-fig10-leave-nothing-to-beat", 1, MAIN, (0,), G("ch. 14, fig. X"),
           lookahead=differs(SCORE + "Black, at 4 points, needs a keep and a hit together for his hole; the "
                                     "player weighs White's own fill prepared above the points risked"),
           treatise=differs(SCORE + "its terms value the dames brought towards the fill; the book denies Black "
                                    "his hole"),
           learned=differs(SCORE + "as for the treatise player")),
    Advice("guiton-1822-fig11-bar-the-coin", 1, None, (MAIN,), G("ch. 14, fig. XI"),
           lookahead=ties(HORIZON + "the run to White's 7 is worth as much as its best plays: it sees Black's "
                                    "lone dame beaten, not the passage of White's coin barred for his next throws")),
    Advice("guiton-1822-fig12-four-holes-instead-of-two", 1, MAIN, (0,), G("ch. 14, fig. XII"),
           treatise=differs(TERMS + "the holes White takes at once (four, not two) with three dames left alone; it "
                                    "values the case of 10 for the plein; " + GOING),
           learned=differs(GOING)),
    Advice("guiton-1822-fig13-keep-his-breaking-throws", 1, MAIN, (0,), G("ch. 14, fig. XIII"),
           lookahead=differs(SCORE + "White's sixth hole wins the marqué of a partie à écrire; the player sees the "
                                     "case of 8 and White's plein kept a throw longer as points only"),
           treatise=differs(SCORE + "its terms value the case of 8; the book keeps White's only way out open"),
           learned=differs(SCORE + "as for the treatise player")),
    Advice("guiton-1822-fig14-which-dame-to-leave", 1, MAIN, (0,), G("ch. 14, fig. XIV")),
    Advice("guiton-1822-fig15-prepare-a-throw-that-wins", 1, MAIN, (0,), G("ch. 14, fig. XV")),
    *(Advice("guiton-1822-fig16-a-throw-to-mend-a-lost-game", 1, ref, (), G("ch. 14, fig. XVI"),
             lookahead=differs(SCORE + GAMBLE), treatise=differs(SCORE + GAMBLE), learned=differs(SCORE + GAMBLE))
      for ref in (MAIN, 0, 1, 2, 3, 4)),
    Advice("lelasseux-1852-293-playing-the-first-throws", 1, MAIN, (0,), L("293"),
           learned=learned("a lone dame beaten à faux as often as à vrai (Guiton's fig. VI)")),
    Advice("lelasseux-1852-294-the-case-of-the-schoolboy-first", 4, MAIN, (0,), L("294"), lookahead=ties(CASES),
           treatise=differs(TERMS + "the book's exception to its own rule (§ 436, the tenth case last), which the "
                                    "terms weigh")),
    Advice("lelasseux-1852-295-the-devil-s-case-or-the-ninth", 1, MAIN, (0,), L("295"),
           lookahead=differs(HORIZON + "the seventh case it values is made for the fill, throws later; the two "
                                       "hits à vrai the book fears weigh less"),
           treatise=differs(TERMS + "the two hits à vrai that give Black his hole are counted, but weigh less "
                                    "than the seventh case made before the ninth")),
    Advice("lelasseux-1852-296-keeping-off-the-coin-at-ten-points", 1, MAIN, (0,), L("296"),
           lookahead=differs(SCORE + "Black at ten points: the book counts his chances of the hole, the player "
                                     "the points of the hits"),
           treatise=differs(SCORE + "Black at ten points: the book counts his chances of the hole, the terms the "
                                    "coin taken"),
           learned=differs(SCORE + "as for the treatise player")),
    Advice("lelasseux-1852-296-taking-the-coin-or-not", 1, MAIN, (0,), L("296"),
           treatise=differs(TERMS + "the book adds up what each of Black's replies gains (19 chances against 20, "
                                    "or so); the player weighs two lone dames beside the coin above the coin "
                                    "left empty")),
    Advice("lelasseux-1852-298-breaking-to-cover-a-passed-dame", 1, MAIN, (), L("298"),
           lookahead=differs(HORIZON + "the dames on 10 and 11 cover the passed one at White's next throws"),
           treatise=differs(TERMS + "the passed dame's cover to come; they count the dames exposed now"),
           learned=differs(TERMS + "the passed dame's cover to come")),
    Advice("lelasseux-1852-299-the-passed-dame-left-on-5", 1, MAIN, (0,), L("299"),
           lookahead=differs(HORIZON + TROUBLE), treatise=differs(TROUBLE), learned=differs(TROUBLE)),
    Advice("lelasseux-1852-300-passing-to-the-retour-of-one-s-own-will", 1, MAIN, (0,), L("300"),
           lookahead=differs(FILL + "; it sees the passed dame beaten now")),
    Advice("lelasseux-1852-301-making-the-petit-jan-impossible", 1, MAIN, (0,), L("301")),
    *(Advice("lelasseux-1852-321-two-half-cases-rather-than-a-case", 1, book, (rejected,), L("321"),
             lookahead=ties(FILL)) for book, rejected in ((MAIN, 0), (1, 2), (3, 4))),
    Advice("lelasseux-1852-322-a-case-that-leaves-more-surcases", 1, MAIN, (0,), L("322"), lookahead=ties(FILL),
           learned=learned("the book's thirteen chances to fill against twelve")),
    Advice("lelasseux-1852-323-undoing-a-case-in-the-petit-jan", 1, MAIN, (0,), L("323"), lookahead=ties(FILL)),
    Advice("lelasseux-1852-323-undoing-a-case-in-the-petit-jan", 1, 1, (2,), L("323"), lookahead=ties(FILL)),
    Advice("lelasseux-1852-323-undoing-a-case-in-the-petit-jan", 1, 4, (3,), L("324"), lookahead=ties(FILL),
           treatise=differs(TERMS + "at equal chances to fill (12) the book keeps the case, leaving nothing to "
                                    "beat; the half-case term values the two half-cases above it"),
           learned=learned("at equal chances to fill, nothing left to beat")),
    *(Advice("lelasseux-1852-326-four-cases-and-a-half", 1, book, (rejected,), L("326"), lookahead=ties(FILL))
      for book, rejected in ((MAIN, 0), (1, 2))),
    Advice("lelasseux-1852-337-moving-the-empty-arrow-away", 1, MAIN, (), L("337"),
           treatise=differs(EMPTY_ARROW), learned=differs(EMPTY_ARROW)),
    Advice("lelasseux-1852-337-moving-the-empty-arrow-away", 1, 0, (), L("337"),
           treatise=differs(EMPTY_ARROW), learned=differs(EMPTY_ARROW)),
    Advice("lelasseux-1852-337-moving-the-empty-arrow-away", 1, 1, (), L("337")),
    Advice("lelasseux-1852-339-moving-the-empty-arrow-with-two-half-cases", 1, MAIN, (), L("339"),
           treatise=differs(EMPTY_ARROW), learned=differs(EMPTY_ARROW)),
    Advice("lelasseux-1852-339-moving-the-empty-arrow-with-two-half-cases", 1, 0, (), L("339"),
           treatise=differs(EMPTY_ARROW)),
    Advice("lelasseux-1852-339-moving-the-empty-arrow-with-two-half-cases", 1, 1, (), L("339")),
    Advice("lelasseux-1852-342-choosing-the-numbers-to-fill-with", 1, MAIN, (0,), L("342")),
    Advice("lelasseux-1852-342-filling-with-six-and-four", 1, MAIN, (), L("342"),
           lookahead=differs(FILL + " (26 chances, any other play fewer)"),
           treatise=differs(TERMS + "the fill term counts the chances as the kernel finds them, which rank "
                                    "another play above the book's 26"),
           learned=differs(TERMS + "as for the treatise player")),
    Advice("lelasseux-1852-343-ternes-to-fill-the-seventh", 1, MAIN, (0,), L("343"),
           lookahead=differs(FILL + " (27 chances against 22)")),
    Advice("lelasseux-1852-343-the-devil-s-case-last", 1, MAIN, (), L("343"),
           lookahead=differs(FILL + " (all 36 chances)")),
    Advice("lelasseux-1852-353-undoing-a-case-to-fill", 1, MAIN, (0,), L("353"),
           lookahead=differs(FILL + " (30 chances against 20), past the opponent's answers to 35 plays")),
    Advice("lelasseux-1852-354-two-half-cases-rather-than-a-case", 1, MAIN, (0,), L("354"),
           lookahead=differs(FILL + " (27 chances against 20)"),
           learned=learned("the chances to fill against the points Black's answers gain")),
    Advice("lelasseux-1852-356-putting-down-and-reviring", 1, MAIN, (0,), L("356")),
    Advice("lelasseux-1852-356-reviring-with-3-2", 1, MAIN, (), L("356")),
    Advice("lelasseux-1852-356-reviring-with-carmes", 1, MAIN, (0,), L("356")),
    Advice("lelasseux-1852-356-reviring-with-ternes", 1, MAIN, (0,), L("356")),
    Advice("lelasseux-1852-356-reviring-with-ternes", 1, 1, (2,), L("357")),
    Advice("lelasseux-1852-357-putting-in-with-quines", 1, MAIN, (0,), L("357"),
           lookahead=differs(FILL + " (29 chances); the player sees only what Black's answers gain against the "
                                    "dame put in")),
    Advice("lelasseux-1852-359-eight-points-each", 1, MAIN, (0,), L("359"),
           lookahead=differs(PARTIE), treatise=differs(PARTIE), learned=differs(PARTIE)),
    Advice("lelasseux-1852-359-leaving-nothing-to-beat", 1, MAIN, (0,), L("359"),
           lookahead=differs(SCORE + "Black needs a keep and a hit together for the hole (Guiton's fig. X)"),
           treatise=differs(SCORE + "Black needs a keep and a hit together for the hole (Guiton's fig. X): the "
                                    "terms weigh White's chances to fill"),
           learned=differs(SCORE + "as for the treatise player")),
    Advice("lelasseux-1852-359-passing-a-dame-to-stop-his-passage", 1, MAIN, (0,), L("359"),
           treatise=differs(PASSAGE), learned=differs(PASSAGE)),
    Advice("lelasseux-1852-360-unfavourable-throws-made-favourable", 1, MAIN, (), L("360"),
           treatise=differs(TERMS + "the dames set out to make Black's filling throws cost him points à faux")),
    Advice("lelasseux-1852-361-four-holes-instead-of-two", 1, MAIN, (0,), L("361"),
           treatise=differs(GOING), learned=differs(GOING)),
    Advice("lelasseux-1852-362-a-hole-in-one-throw", 1, MAIN, (), L("362"),
           lookahead=differs(FILL + " (bezet filling two ways, twelve points: the hole in one throw)"),
           treatise=differs(TERMS + "the fill's points counted by its ways (two ways, twelve points, two holes in "
                                    "bredouille); the fill term counts its chances"),
           learned=differs(TERMS + "as for the treatise player")),
    Advice("lelasseux-1852-363-a-dame-to-be-beaten-a-faux", 1, MAIN, (), L("363"),
           lookahead=differs(SCORE + "Black, sure of his marqué, is made to break and to beat à faux"),
           treatise=differs(SCORE + "the book plays for Black's break at five holes; the terms count the dame "
                                    "left to be beaten"),
           learned=differs(SCORE + "as for the treatise player")),
    Advice("lelasseux-1852-363-making-him-break", 1, MAIN, (), L("363")),
    *(Advice("lelasseux-1852-364-a-desperate-game", 1, ref, (), L("364"),
             lookahead=differs(SCORE + GAMBLE), treatise=differs(SCORE + GAMBLE), learned=differs(SCORE + GAMBLE))
      for ref in (MAIN, 0, 1, 2, 3, 4, 5, 6)),
    Advice("lelasseux-1852-365-choosing-which-dame-to-play", 1, MAIN, (0, 1), L("365"),
           lookahead=differs(SCORE + "White wants one dame beaten à faux (to reach 8 and go) and not two (a hole "
                                     "on Black's throw, which forces him to stay); the player counts more points "
                                     "as better"),
           treatise=differs(SCORE + "as for the lookahead: more points are not better when they come on Black's "
                                    "throw; " + GOING),
           learned=differs(GOING)),
    Advice("lelasseux-1852-366-keeping-a-three-two-playable", 1, MAIN, (0,), L("366"),
           lookahead=ties(HORIZON + "the 3-2 the book keeps playable is White's next throw but one"),
           treatise=ties(TIE), learned=ties(TIE)),
    Advice("lelasseux-1852-369-placing-the-surplus-dames", 1, MAIN, (0,), L("369"), lookahead=ties(FILL)),
    Advice("lelasseux-1852-381-dames-set-out-to-be-beaten-a-faux", 1, MAIN, (), L("380-381")),
    Advice("lelasseux-1852-382-not-being-beaten-a-faux", 1, MAIN, (0,), L("382"),
           lookahead=differs(GOING), treatise=differs(GOING), learned=differs(GOING)),
    Advice("lelasseux-1852-394-breaking-from-the-farthest-arrow", 1, MAIN, (0,), L("394")),
    Advice("lelasseux-1852-395-breaking-to-fill-with-sonnez", 1, MAIN, (0,), L("395"),
           lookahead=differs(FILL + "; it weighs the 29 chances to be beaten now")),
    Advice("lelasseux-1852-398-putting-in-at-the-retour", 1, MAIN, (), L("398"), lookahead=ties(FILL)),
    Advice("lelasseux-1852-408-two-cases-to-make-at-the-retour", 1, MAIN, (0,), L("408"), lookahead=ties(FILL)),
    Advice("lelasseux-1852-408-two-cases-to-make-at-the-retour", 1, 1, (2,), L("408"), lookahead=ties(FILL),
           treatise=differs(TERMS + "the book's half-cases win by one chance (21 against 20); the terms value "
                                    "the case made above them"),
           learned=differs(TERMS + "as for the treatise player")),
    Advice("lelasseux-1852-408-two-cases-to-make-at-the-retour", 1, 3, (4,), L("408"), lookahead=ties(FILL)),
    Advice("lelasseux-1852-409-undoing-a-case-at-the-retour", 1, MAIN, (0, 1), L("409"), lookahead=ties(FILL)),
    Advice("lelasseux-1852-410-four-cases-and-a-half-at-the-retour", 1, MAIN, (0,), L("410"), lookahead=ties(FILL)),
    Advice("lelasseux-1852-411-filling-with-a-passed-dame", 1, MAIN, (0, 1), L("411"), lookahead=ties(FILL)),
    Advice("lelasseux-1852-411-ternes-tout-d-une", 1, MAIN, (), L("411"), lookahead=ties(FILL)),
    Advice("lelasseux-1852-420-play-the-first-throw-down", 1, MAIN, (0,), L("420"),
           lookahead=differs(HORIZON + "the book looks to the petit jan and the coin two throws on, the player sees "
                                       "two dames open to be beaten now"),
           learned=learned("the dames spread for the petit jan against the dames open")),
    Advice("lelasseux-1852-429-cases-in-one-s-first-table", 1, MAIN, (0,), L("429"),
           learned=learned("the passages barred by the cases of the first table")),
    Advice("lelasseux-1852-436-the-tenth-case-last", 1, MAIN, (0,), L("436"),
           lookahead=ties(HORIZON + "the book counts the coin's chances on the next throw")),
    Advice("lelasseux-1852-437-wood-down", 1, MAIN, (0,), L("437"), lookahead=ties(CASES),
           learned=learned("the wood kept down against the case made")),
    Advice("lelasseux-1852-440-contiguous-cases", 1, MAIN, (0,), L("440"), lookahead=ties(CASES),
           learned=learned("the empty arrow between two cases")),
    Advice("lelasseux-1852-450-empty-the-sixth", 1, MAIN, (0,), L("450")),
    Advice("lelasseux-1852-450-empty-the-sixth-a-faux", 1, MAIN, (0,), L("450")),
    *(Advice("lelasseux-1852-450-hinder-the-passage", 1, book, (rejected,), L("450"),
             treatise=differs(PASSAGE), learned=differs(PASSAGE)) for book, rejected in ((MAIN, 0), (1, 2))),
    Advice("lelasseux-1852-451-open-the-passage", 1, MAIN, (2,), L("451"),
           lookahead=ties(SAME), treatise=ties(PASSAGE), learned=ties(PASSAGE)),
    Advice("lelasseux-1852-451-open-the-passage", 1, 0, (), L("451"),
           lookahead=ties(SAME), treatise=ties(PASSAGE), learned=ties(PASSAGE)),
    Advice("lelasseux-1852-451-open-the-passage", 1, 1, (), L("451"),
           treatise=ties(PASSAGE), learned=ties(PASSAGE)),
    *(Advice("lelasseux-1852-457-pass-one-s-coin", 1, book, (rejected,), L("457"),
             lookahead=ties(HORIZON + "the coin loaded with three dames is felt when they must pass, throws later"),
             treatise=ties(TIE), learned=ties(TIE)) for book, rejected in ((MAIN, 0), (1, 2))),
]


class Decided(NamedTuple):
    record: str
    throw: int
    book: str  # stay or go
    citation: str
    greedy: Cell = ties(STAYS)
    lookahead: Cell = A
    treatise: Cell = A
    learned: Cell = A


OVERLOADED = (TERMS + "its coin term counts the coin held, as any coin, and the cases made; four dames piled on it, "
              "which leave Black's game without spare dames, are not a term (the keep term weighs some of it, less "
              "than the coin)")
PLAYED_OUT = (HORIZON + "staying keeps White's points over, and the plein he must soon break (his game is played "
              "out) is past its horizon")
DECISIONS = [
    Decided("guiton-1822-fig5-dame-au-coin-bourgeois", 1, "go", G("ch. 9, fig. V"),
            lookahead=differs(HORIZON + "the coin overloaded by the two dames quines must pile there, and White's "
                                        "escape, come in the throws after"),
            treatise=differs(OVERLOADED), learned=differs(OVERLOADED)),
    Decided("guiton-1822-fig12-four-holes-instead-of-two", 2, "go", G("ch. 14, fig. XII"),
            lookahead=differs(PLAYED_OUT)),
    Decided("lelasseux-1852-299-the-passed-dame-left-on-5", 2, "go", L("299"),
            lookahead=differs(HORIZON + "the coin overloaded by the two dames quines must pile there comes in the "
                                        "throws after"),
            treatise=differs(OVERLOADED), learned=differs(OVERLOADED)),
    Decided("lelasseux-1852-361-four-holes-instead-of-two", 2, "go", L("361"), lookahead=differs(PLAYED_OUT)),
    Decided("lelasseux-1852-331-beating-four-dames-with-sonnez", 1, "stay", L("331")),
]

# throws that play the same dice two ways where the book does not judge which is better
NOT_ADVICE = {
    "lelasseux-1852-029-first-throws": "§§ 29-30 show how a throw may be played, not which way is better",
    "lelasseux-1852-093-lift-the-seventh": "the throws that lift a case, counted: each a way, not a choice",
    "lelasseux-1852-278-making-a-given-case": "the throws that make a given case, counted",
    "lelasseux-1852-315-two-half-cases-natural-and-inverse-order": "the throws that fill, counted in two orders",
    "lelasseux-1852-345-two-half-cases-in-the-grand-jan": "the throws that fill, counted in two orders",
    "lelasseux-1852-401-two-half-cases-at-the-retour": "the throws that fill, counted in two orders",
    "lepeintre-1818-4-rule65-ecole-costs-the-bredouille": "a law: the variation is the choice the rule leaves",
}


def _line(result: Any, ref: str | int) -> Any:
    return result if ref == MAIN else result.variations[ref][0]


@functools.cache
def replayed(name: str) -> tuple[Any, Any, Any]:
    """A historical record, its rule set and its replay with the score before every throw."""
    record = parse((HISTORICAL / f"{name}.tric").read_text(encoding="utf-8"), name)[0]
    ruleset = ruleset_for(None, record)
    return record, ruleset, scored(record, ruleset)


def valued(advice: Advice, judge: Any) -> tuple[list[float], float, int]:
    """The player's values of the plays the row names (the book's first), his best value and how many plays
    share it."""
    _, ruleset, replay = replayed(advice.record)
    result = replay.throws[advice.throw - 1]
    refs = ((advice.book,) if advice.book is not None else ()) + advice.rejected
    lines = [_line(result, ref) for ref in refs]
    dice = lines[0].throw.dice
    assert all(x.throw.dice == dice and x.play is not None and x.side == result.side for x in lines), \
        "the book compares legal plays of one throw"
    ranked = judge.rank(situation_before(result, ruleset), dice)
    values = []
    for x in lines:
        row = row_of(x.play.row_after, x.play.result.borne_off(x.side))
        values.append(next(c.value for c in ranked if list(c.play[1]) == row))
    top = ranked[0].value
    return values, top, sum(c.value >= top - EPS for c in ranked)


def finding(advice: Advice, judge: Any) -> str:
    values, top, at_top = valued(advice, judge)
    if advice.book is None:  # the book names only a bad play: agrees when the player has a better one
        return "agrees" if max(values) < top - EPS else "ties" if at_top > 1 else "differs"
    book = values[0]
    if not advice.rejected:  # the book names only its play: agrees when it is the player's best, alone
        return "differs" if book < top - EPS else "ties" if at_top > 1 else "agrees"
    worst = max(values[1:])
    return "agrees" if book > worst + EPS else "ties" if book >= worst - EPS else "differs"


def decided(row: Decided, judge: Any) -> tuple[str, Any]:
    record, ruleset, _ = replayed(row.record)
    judged = analyze(record, ruleset, judge, limit=row.throw).throws[row.throw - 1]
    assert judged.decision == row.book, "the record does as the book says"
    advice = judged.advice
    if abs(advice.stay - advice.go) <= EPS:
        return "ties", advice
    return ("agrees" if advice.decision == row.book else "differs"), advice


@pytest.fixture(scope="module", params=PLAYERS)
def judge(request: Any) -> Any:
    return player(request.param)


def _check(found: str, cell: Cell, citation: str, name: str) -> None:
    expected, why = cell
    assert found == expected, f"{citation}: the {name} player now {found} (update the row)"
    assert (why == "") == (found == "agrees"), "a tie or a difference says why"


@pytest.mark.parametrize("advice", PLAYS, ids=lambda a: f"{a.record}:{a.throw}:{a.book}")
def test_what_the_players_make_of_the_books_best_play(advice: Advice, judge: Any) -> None:
    _check(finding(advice, judge), getattr(advice, judge.name), advice.citation, judge.name)


@pytest.mark.parametrize("row", DECISIONS, ids=lambda a: f"{a.record}:{a.throw}")
def test_what_the_players_make_of_the_books_stay_or_go(row: Decided, judge: Any) -> None:
    _check(decided(row, judge)[0], getattr(row, judge.name), row.citation, judge.name)


def same_throw_played_two_ways() -> Iterator[tuple[str, int, frozenset[str | int]]]:
    """Every (record, place in the main line, the refs of a group of legal plays of one side's same dice, two or
    more) of the historical corpus: where a record sets plays of one throw side by side."""
    for path in sorted(HISTORICAL.glob("*.tric")):
        _, ruleset, replay = replayed(path.stem)
        if ruleset.game != "trictrac":
            continue
        for n, result in enumerate(replay.throws, 1):
            groups: dict[tuple[int, ...], set[str | int]] = {}
            for ref in (MAIN, *range(len(result.variations))):
                if ref != MAIN and not result.variations[ref]:
                    continue
                x = _line(result, ref)
                if x.play is not None and x.side == result.side and x.throw.dice is not None:
                    groups.setdefault(tuple(sorted(x.throw.dice)), set()).add(ref)
            for refs in groups.values():
                if len(refs) > 1:
                    yield path.stem, n, frozenset(refs)


def test_every_throw_the_corpus_plays_two_ways_is_in_the_table() -> None:
    rows = {(a.record, a.throw, frozenset(((a.book,) if a.book is not None else ()) + a.rejected)) for a in PLAYS}
    missed = [g for g in same_throw_played_two_ways() if g not in rows and g[0] not in NOT_ADVICE]
    assert not missed, f"throws the books play two ways, missing from the table: {missed}"
    grouped = {g[0] for g in same_throw_played_two_ways()}
    assert grouped >= set(NOT_ADVICE), "every record set aside plays a throw two ways"


def test_the_sortie_thrown_pour_tout_is_listed_unjudged() -> None:
    """Lelasseux-Lafosse 1852 § 163 says when to stay after a sortie thrown pour tout (sonnez, four points over:
    stay; 3-2, two over: go); the players' partie (play/partie.py) has no pour-tout, so the analysis lists the
    throw and does not judge it."""
    record, ruleset, _ = replayed("lelasseux-1852-163-going-after-the-sortie")
    (judged,) = analyze(record, ruleset, player("lookahead")).throws
    assert (judged.done, judged.cost, judged.mark) == ("pour-tout", 0.0, None)
