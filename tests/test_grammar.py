"""The notation (site_src/notation.md, grammar/trictrac.lark): each construct parsed into the record
model, and each syntax error reported once, at its line and column, in words, with a hint.

Coordinate errors, missing dames and backwards moves are found by the replay: see test_replay.py.
"""

from __future__ import annotations

import pytest

from trictrac_notation.engine.reading import parse as parse_in_game
from trictrac_notation.games.trictrac.vocabulary import JANS
from trictrac_notation.notation.reader import parse, write
from trictrac_notation.notation.record import Claim, Ecole, Marks, MoveText


def parsed(text: str):
    """The record of ``text``, asserting it parses without any diagnostic."""
    record, diags = parse(text, "t.tric")
    assert not diags, [d.headline() for d in diags]
    return record


def one_throw(text: str):
    (throw,) = parsed(text).throws
    return throw


# --- headers and starting positions ----------------------------------------------------------------

def test_headers_keep_order_value_and_position():
    record = parsed('[Title "Partie \\"une\\""]\n[Source "Soumille 1738"]\n[Coords "soumille"]\n')
    assert [(h.name, h.value) for h in record.headers] == [
        ("Title", 'Partie "une"'), ("Source", "Soumille 1738"), ("Coords", "soumille")]
    assert record.header("coords") == "soumille"  # tag names are matched without case
    assert (record.headers[2].span.line, record.headers[2].span.column) == (3, 2)


def test_every_known_tag_is_accepted_silently():
    tags = ["Title", "Source", "Edition", "Page", "Figure", "Rules", "Options", "White", "Black", "First", "Date",
            "Coords", "Bottom", "Language"]
    record = parsed("".join(f'[{t} "x"]\n' for t in tags))
    assert [h.name for h in record.headers] == tags


def test_setup_lines():
    record = parsed("@white T:3 1:3 2:3 3:3 4:3\n@noir off:2 11:2 points:4 holes:1\n")
    white, black = record.setup
    assert white.side == "white" and [(p.key, p.count) for p in white.placements] == [
        ("T", 3), ("1", 3), ("2", 3), ("3", 3), ("4", 3)]
    assert black.side == "black" and [(p.key, p.count) for p in black.placements] == [
        ("off", 2), ("11", 2), ("points", 4), ("holes", 1)]
    assert (black.placements[1].span.line, black.placements[1].span.column) == (2, 13)


def test_comments_before_the_first_throw():
    record = parsed('[Title "x"]\n{from the 1738 edition}\n1. white 6-4 T-6 T-4\n')
    assert record.comments == ["from the 1738 edition"]


# --- throws: number, player, dice ------------------------------------------------------------------

DICE = [
    ("6-4", (6, 4)), ("4-6", (4, 6)), ("1-1", (1, 1)), ("bezet", (1, 1)), ("ambesas", (1, 1)),
    ("double-deux", (2, 2)), ("ternes", (3, 3)), ("carmes", (4, 4)), ("quines", (5, 5)), ("sonnez", (6, 6)),
    ("Sonnez", (6, 6)),  # names are read without case
]


@pytest.mark.parametrize("written, dice", DICE)
def test_every_dice_form(written, dice):
    throw = one_throw(f"1. white {written}\n")
    assert throw.dice == dice and throw.dice_text.lower() == written.lower()


def test_throw_number_player_and_spans():
    throw = one_throw("12. black 6-4 T-6 T-4\n")
    assert (throw.number, throw.side) == (12, "black")
    assert (throw.dice_span.line, throw.dice_span.column, throw.dice_span.length) == (1, 11, 3)


def test_throw_number_is_optional():
    throw = one_throw("white 6-4 T-6 T-4\n")
    assert throw.number is None and throw.dice == (6, 4)


# --- moves -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("written, parts", [
    ("T-6", ("T", "6")),  # plain
    ("T-4-10", ("T", "4", "10")),  # tout d'une through its resting arrow
    ("5'-off", ("5'", "off")),  # borne off; primes name the opponent's side
    ("&-S", ("&", "S")),  # Soumille letters
    ("B1-B7", ("B1", "B7")),  # trictrac.org
])
def test_each_move_form(written, parts):
    (move,) = one_throw(f"1. white 6-4 {written}\n").moves
    assert move.parts == parts and move.text == written
    assert (move.span.line, move.span.column, move.span.length) == (1, 14, len(written))


def test_moves_may_follow_marks_and_run_over_lines():
    throw = one_throw("1. white 6-4 +4\n   T-6\n   T-4 {end}\n")
    assert [m.text for m in throw.moves] == ["T-6", "T-4"]
    assert [(m.span.line, m.span.column) for m in throw.moves] == [(2, 4), (3, 4)]
    assert throw.comments == ["end"]


# --- marks, holes, decisions, écoles, comments ------------------------------------------------------

def test_marks_without_claims():
    throw = one_throw("1. white 6-4 +4 T-6 T-4\n")
    assert throw.marks == Marks(4, None) and throw.opp_marks is None


def test_marks_with_claims_with_and_without_points():
    throw = one_throw("1. white 6-4 +8 [remplir 4, battre-a-vrai] T-6 T-4\n")
    assert throw.marks == Marks(8, [Claim("remplir", 4), Claim("battre-a-vrai", None)])


def test_marks_of_nothing_and_empty_claims():
    assert one_throw("1. white 6-4 +0 T-6 T-4\n").marks == Marks(0, None)
    assert one_throw("1. white 6-4 +0 [] T-6 T-4\n").marks == Marks(0, [])


def test_opp_marks():
    throw = one_throw("1. white 6-4 opp +2 [battre-a-faux] T-6 T-4\n")
    assert throw.marks is None and throw.opp_marks == Marks(2, [Claim("battre-a-faux")])


def test_every_jan_name_is_known():
    jans = ["six-tables", "deux-tables", "contre-deux-tables", "mezeas", "contre-mezeas", "battre-a-vrai",
            "battre-a-faux", "battre-coin", "remplir", "conserver", "impuissance", "sortie", "rencontre", "margot",
            "pile-de-misere"]
    throw = one_throw(f"1. white 6-4 +4 [{', '.join(jans)}]\n")
    assert [c.jan for c in throw.marks.claims] == jans


@pytest.mark.parametrize("written, holes", [("hole", 1), ("holes 2", 2), ("trou", 1), ("trous 3", 3)])
def test_holes(written, holes):
    assert one_throw(f"1. white 6-4 +12 {written} T-6 T-4\n").holes == holes


@pytest.mark.parametrize("written, decision", [
    ("stay", "stay"), ("go", "go"), ("tient", "stay"), ("tenir", "stay"), ("va", "go"), ("part", "go")])
def test_stay_or_go(written, decision):
    assert one_throw(f"1. white 6-4 +12 hole {written} T-6 T-4\n").decision == decision


@pytest.mark.parametrize("written", ["!!", "!", "!?", "?!", "?", "??"])
def test_judgements(written):
    throw = one_throw(f"3. white 6-4 T-6 T-4 {written} {{a comment}}\n")
    assert (throw.judgement, [m.text for m in throw.moves], throw.comments) == (written, ["T-6", "T-4"], ["a comment"])
    assert throw.judgement_span is not None and throw.judgement_span.column == 22


def test_a_judgement_after_a_decision_and_in_a_variation():
    (throw,) = parsed("1. white 6-4 +4 hole stay ?? (1. white 6-4 +4 hole go !)\n").throws
    assert (throw.decision, throw.judgement) == ("stay", "??")
    assert [(v.decision, v.judgement) for v in throw.variations[0]] == [("go", "!")]


def test_a_judgement_glued_to_the_last_move_is_read_by_lark():
    assert one_throw("1. white 6-4 T-6 T-4?\n").judgement == "?"


@pytest.mark.parametrize("word", ["ecole", "école", "ecoles"])
def test_ecole(word):
    throw = one_throw(f"1. white 6-4 T-6 T-4 {word} 4\n")
    assert throw.ecoles == [Ecole(4)]


def test_comments_anywhere_in_a_throw():
    throw = one_throw("1. white 6-4 {first} T-6 {second, with (brackets) and [tags]} T-4\n")
    assert throw.comments == ["first", "second, with (brackets) and [tags]"]
    assert [m.text for m in throw.moves] == ["T-6", "T-4"]


def test_multi_line_comment():
    """A comment's white space is layout (fmt wraps long comments): its words, one space apart."""
    throw = one_throw("1. white 6-4 T-6 T-4 {one\n    two  three }\n")
    assert throw.comments == ["one two three"]


# --- variations -------------------------------------------------------------------------------------

def test_nested_variations():
    text = ("1. white 6-4 T-6 T-4\n"
            "2. black 5-3 T-5 T-3 (2. black 5-3 T-8 {tout d'une} (2. black 5-3 T-5 T-3) 3. white 1-1 T-2)\n"
            "3. white 2-1 T-2 T-1\n")
    record = parsed(text)
    assert [t.number for t in record.throws] == [1, 2, 3]
    (variation,) = record.throws[1].variations
    assert [(t.number, t.side, [m.text for m in t.moves]) for t in variation] == [
        (2, "black", ["T-8"]), (3, "white", ["T-2"])]
    assert variation[0].comments == ["tout d'une"]
    (inner,) = variation[0].variations
    assert [m.text for m in inner[0].moves] == ["T-5", "T-3"]


def test_two_variations_on_one_throw():
    throw = one_throw("1. white 6-4 T-6 T-4 (1. white 6-4 T-10) (1. white 6-4 T-4-10)\n")
    assert [[m.text for m in v[0].moves] for v in throw.variations] == [["T-10"], ["T-4-10"]]


# --- French keywords and writing back ---------------------------------------------------------------

FULL = """[Title "Tout"]
[Language "fr"]

@blanc T:3 1:3 2:3 3:3 4:3
@noir points:4
{avant}

1. blanc 6-4 +8 [remplir 4, battre-a-vrai] adv +2 [battre-a-faux] T-5 1-5 trou va école 2 {c} (1. blanc 6-4 T-10 {v} (1. blanc 6-4 1-7 1-5))
2. noir carmes T-4 T-4 tient
3. blanc ambesas 1-2 1-2 trous 2
"""  # noqa: E501  (a record's line, as written)


def test_french_keywords():
    record = parsed(FULL)
    first, second, third = record.throws
    assert [s.side for s in record.setup] == ["white", "black"]
    assert (first.side, first.holes, first.decision, first.ecoles) == ("white", 1, "go", [Ecole(2)])
    assert first.opp_marks == Marks(2, [Claim("battre-a-faux")])
    assert (second.side, second.dice, second.decision) == ("black", (4, 4), "stay")
    assert third.holes == 2


def test_write_then_read_gives_the_same_record():
    record = parsed(FULL)
    assert write(record) == FULL  # written back in French, as the Language header asks
    assert parse(write(record))[0] == record


def test_write_in_english_by_default():
    text = "1. white 6-4 +12 opp +2 hole stay ecole 2 T-6 T-4\n"
    out = write(parsed(text))
    assert out == "1. white 6-4 +12 opp +2 T-6 T-4 hole stay ecole 2\n"
    assert parse(out)[0] == parsed(text)


def test_spans_take_no_part_in_equality():
    a = parsed("1. white 6-4 T-6 T-4\n")
    b = parsed("\n\n   1.   white   6-4   T-6   T-4\n")
    assert a == b and a.throws[0].moves[0].span != b.throws[0].moves[0].span
    assert a.throws[0].moves[0] == MoveText(("T", "6"))


# --- syntax errors: message, line, column, hint -----------------------------------------------------

ERRORS = [
    # (text, line, column, words of the message, words of the hint or None)
    pytest.param("1. white T-6 T-4\n", 1, 10, "the dice are missing: 'T-6' is a move", "e.g. 12. white 6-4",
                 id="dice-missing"),
    pytest.param("1. white 6-4 T-6 T-4\n2. black\n", 2, 4, "expected the dice after 'black'", "e.g. 6-4 or sonnez",
                 id="dice-missing-at-end-of-line"),
    pytest.param("1. white 7-2 T-6\n", 1, 10, "impossible dice '7-2': each die shows 1 to 6", None, id="dice-7-2"),
    pytest.param("1. white 0-3 T-3\n", 1, 10, "impossible dice '0-3': each die shows 1 to 6", None, id="dice-0-3"),
    pytest.param("1. white sonet T-6 T-6\n", 1, 10, "unknown dice 'sonet'", "did you mean 'sonnez'?",
                 id="doublet-name"),
    pytest.param("1. white ternse T-3 T-3\n", 1, 10, "unknown dice 'ternse'", "did you mean 'ternes'?",
                 id="doublet-name-2"),
    pytest.param("1. white 6-4 T-6 T-4 {open\n2. black 6-4 T-6 T-4\n", 1, 22,
                 "unterminated comment: '{' is never closed", "close the comment with '}'", id="comment"),
    pytest.param("1. white 6-4 T-6 T-4 (1. white 6-4 T-10\n2. black 6-4 T-6 T-4\n", 1, 22,
                 "'(' is never closed: expected ')' closing the variation", "close the variation with ')'",
                 id="variation"),
    pytest.param("1. white 6-4 T-6 T4\n", 1, 18, "unexpected 'T4': expected a move like T-6",
                 "a move is written FROM-TO with a dash", id="move-without-dash"),
    pytest.param("1. white 6-4 T6 T-4\n", 1, 14, "unexpected 'T6'", "a move is written FROM-TO with a dash",
                 id="first-move-without-dash"),
    pytest.param("1. white 6-4 T-6 T-4\n3.\n", 2, 1, "throw 3: expected a player (white or black) after '3.'",
                 "3. white 6-4", id="number-without-player"),
    pytest.param("1. white 6-4 T-6 T-4 +4 [remplr]\n", 1, 26, "unknown jan 'remplr'", "did you mean 'remplir'?",
                 id="unknown-jan"),
    pytest.param("1. white 6-4 T-6 T-4 hole 2 trous 3\n", 1, 29, "holes marked twice for the same throw", None,
                 id="holes-twice"),
    pytest.param("1. white 6-4 +4 +2 T-6 T-4\n", 1, 17, "points marked twice for the same throw", "one +N",
                 id="marks-twice"),
    pytest.param("1. white 6-4 T-6 T-4 stay go\n", 1, 27, "stay/go given twice", None, id="decision-twice"),
    pytest.param("1. white 6-4 T-6 T-4 ? ??\n", 1, 24, "a judgement (!!, !, !?, ?!, ?, ??) given twice", None,
                 id="judgement-twice"),
    pytest.param("1. white 6-4 T-6 T-4 ???\n", 1, 22, "unexpected '???'", None, id="judgement-unknown"),
]


@pytest.mark.parametrize("text, line, column, message, hint", ERRORS)
def test_syntax_error(text, line, column, message, hint):
    _, diags = parse_in_game(text, "t.tric")  # the reader, then the jans of the record's game (unknown-jan)
    errors = [d for d in diags if d.severity == "error"]
    assert [(d.line, d.column) for d in errors] == [(line, column)], [d.headline() for d in diags]
    (error,) = errors
    assert message in error.message
    assert error.headline().startswith(f"t.tric:{line}:{column}: error: ")
    if hint is None:
        assert error.hint is None
    else:
        assert hint in error.hint


def test_the_jans_claimed_are_checked_by_the_records_game_not_by_the_reader():
    """The notation knows no game: a claim is read as written, and the record's game names the jans it may claim —
    in the opponent's marks and in variations too, the jan quoted as written. Backgammon marks no points at all:
    each +N is its error (tests/test_backgammon_records.py), whatever jan it names."""
    text = ("1. white 6-4 T-6 T-4 +4 [Remplr 4] (1. white 6-4 T-10 opp +2 [batre-a-faux])\n"
            "2. black 5-3 T-5 T-3 +2 [remplir, foo]\n")
    record, diags = parse(text, "t.tric")
    assert diags == [] and record.throws[0].marks == Marks(4, [Claim("remplr", 4)])
    _, diags = parse_in_game(text, "t.tric")
    assert [(d.line, d.column, d.message, d.hint, d.code) for d in diags] == [
        (1, 26, "unknown jan 'Remplr'", "did you mean 'remplir'?", "unknown-jan"),
        (1, 63, "unknown jan 'batre-a-faux'", "did you mean 'battre-a-faux'?", "unknown-jan"),
        (2, 35, "unknown jan 'foo'", "jans: " + ", ".join(JANS), "unknown-jan")]
    _, diags = parse_in_game('[Game "backgammon"]\n\n' + text, "t.tric")
    assert [(d.line - 2, d.column, d.code) for d in diags] == [(1, 22, "not-in-game"), (1, 59, "not-in-game"),
                                                               (2, 22, "not-in-game")]


def test_unknown_tag_is_a_warning_with_a_suggestion():
    record, diags = parse('[Titel "x"]\n[coords "player"]\n[Fooo "y"]\n1. white 6-4 T-6 T-4\n', "t.tric")
    assert [(d.severity, d.line, d.column, d.message) for d in diags] == [
        ("warning", 1, 2, "unknown tag 'Titel' (kept as is)"),
        ("warning", 2, 2, "unknown tag 'coords' (kept as is)"),
        ("warning", 3, 2, "unknown tag 'Fooo' (kept as is)"),
    ]
    assert [d.hint for d in diags[:2]] == ["did you mean 'Title'?", "did you mean 'Coords'?"]
    assert diags[2].hint.startswith("known tags: Title, Source")
    assert [h.name for h in record.headers] == ["Titel", "coords", "Fooo"]  # kept as is
    assert len(record.throws) == 1


def test_unterminated_string_is_reported_where_it_opens():
    _, diags = parse('[Title "x]\n1. white 6-4 T-6 T-4\n', "t.tric")
    assert ("unterminated string: '\"' is never closed on its line", 1, 8) in [
        (d.message, d.line, d.column) for d in diags]


@pytest.mark.parametrize("text, where", [
    ('[Title "x]\n1. white 6-4 T-6 T-4\n', (1, 8)),  # unterminated string
    ('[Title "x"\n1. white 6-4 T-6 T-4\n', (1, 11)),  # missing ']'
    ('[Title x]\n1. white 6-4 T-6 T-4\n', (1, 8)),  # unquoted value
])
def test_a_broken_header_is_one_error_and_the_throws_survive(text, where):
    record, diags = parse(text, "t.tric")
    assert [(d.line, d.column) for d in diags] == [where]
    assert len(record.throws) == 1


def test_unclosed_outer_variation_is_reported_at_its_own_parenthesis():
    text = "1. white 6-4 T-6 T-4 (1. white 6-4 T-10 (1. white 6-4 T-6 T-4)\n2. black 6-4 T-6 T-4\n"
    _, diags = parse(text, "t.tric")
    assert [(d.line, d.column) for d in diags] == [(1, 22)]


def test_ecole_without_points_is_reported_on_its_own_line():
    record, diags = parse("1. white 6-4 T-6 T-4 ecole\n2. black 6-4 T-6 T-4\n", "t.tric")
    assert [(d.line, d.column) for d in diags] == [(1, 22)]
    assert record.throws[0].ecoles == [] and record.throws[1].number == 2


def test_a_closed_comment_where_a_number_is_due_is_not_called_unterminated():
    record, diags = parse("1. white 6-4 T-6 T-4 ecole {forgot}\n2. black 6-4 T-6 T-4\n", "t.tric")
    assert [d.headline() for d in diags] == ["t.tric:1:22: error: expected a number after 'ecole'"]
    assert record.throws[0].comments == ["forgot"] and len(record.throws) == 2


def test_a_comment_in_place_of_a_header_value():
    record, diags = parse("[Title {x}]\n1. white 6-4 T-6 T-4\n", "t.tric")
    assert [d.headline() for d in diags] == [
        "t.tric:1:8: error: unexpected '{x}': expected a quoted value like \"Soumille\""]
    assert len(record.throws) == 1


def test_parse_goes_on_after_each_syntax_error():
    text = "1. white 6-4 T-6 T4\n2. black sonet T-6 T-6\n3. white 9-9 T-6\n4. black 6-4 T-6 T-4 +4 [remplr]\n"
    record, diags = parse_in_game(text, "t.tric")  # (line 4: a jan trictrac does not have)
    assert [d.line for d in diags] == [1, 2, 3, 4]
    assert [t.number for t in record.throws] == [1, 2, 3, 4]


def test_too_many_syntax_errors_stop_the_parse_with_a_message():
    text = "".join(f"{n}. white 6-4 T-6 T4 T5\n" for n in range(1, 60))
    record, diags = parse(text, "t.tric")
    assert 50 <= len(diags) <= 52
    assert "too many syntax errors" in diags[-1].message
