"""The notation's highlighting: the Pygments lexer (found by its entry point) and the TextMate grammar shipped
in the package, both from notation/highlight.py's one table."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Token

from trictrac_notation.notation import fastread
from trictrac_notation.notation.highlight import ACKNOWLEDGEMENTS, KEYWORDS, RULES, TricLexer, textmate_json

GRAMMAR = Path(__file__).resolve().parents[1] / "trictrac_notation/notation/tric.tmLanguage.json"


def kinds(text: str) -> list[tuple[str, object]]:
    return [(value, kind) for kind, value in TricLexer().get_tokens(text) if value.strip()]


def test_pygments_finds_the_lexer_by_its_entry_point():
    assert isinstance(get_lexer_by_name("tric"), TricLexer)
    assert isinstance(get_lexer_for_filename("kermadeuc.tric"), TricLexer)


CASES = [
    ('[Rules "guiton-1822"]', [("[", Token.Punctuation), ("Rules", Token.Name.Tag), ('"guiton-1822"', Token.String),
                               ("]", Token.Punctuation)]),
    ("12. white 6-4 T-6 T-4-10", [("12.", Token.Number), ("white", Token.Name.Class), ("6-4", Token.Number),
                                  ("T-6", Token.Name.Variable), ("T-4-10", Token.Name.Variable)]),
    ("3. noir sonnez +8 [remplir 4, battre-a-vrai] hole go", [
        ("3.", Token.Number), ("noir", Token.Name.Class), ("sonnez", Token.Number), ("+8", Token.Number),
        ("[", Token.Punctuation), ("remplir", Token.Name.Function), ("4", Token.Number), (",", Token.Punctuation),
        ("battre-a-vrai", Token.Name.Function), ("]", Token.Punctuation), ("hole", Token.Keyword),
        ("go", Token.Keyword)]),
    ("4. white 5-2 T-5 T-2 ?! (4. white 5-2 T-7 !)", [
        ("4.", Token.Number), ("white", Token.Name.Class), ("5-2", Token.Number), ("T-5", Token.Name.Variable),
        ("T-2", Token.Name.Variable), ("?!", Token.Generic.Emph), ("(", Token.Punctuation), ("4.", Token.Number),
        ("white", Token.Name.Class), ("5-2", Token.Number), ("T-7", Token.Name.Variable), ("!", Token.Generic.Emph),
        (")", Token.Punctuation)]),
    ("opp +2 sic:ecole,holes {a\ncomment}", [("opp", Token.Keyword), ("+2", Token.Number),
                                             ("sic:ecole,holes", Token.Name.Decorator),
                                             ("{a\ncomment}", Token.Comment.Multiline)]),
    ("@white T:13 11:2 figure 2 \"aW2\" (12. black 5-3 24/18*/16 13/10(2))", [
        ("@white", Token.Name.Class), ("T", Token.Name.Variable), (":", Token.Punctuation), ("13", Token.Number),
        ("11", Token.Name.Variable), (":", Token.Punctuation), ("2", Token.Number), ("figure", Token.Keyword),
        ("2", Token.Text), ('"aW2"', Token.String), ("(", Token.Punctuation), ("12.", Token.Number),
        ("black", Token.Name.Class), ("5-3", Token.Number), ("24/18*/16", Token.Name.Variable),
        ("13/10(2)", Token.Name.Variable), (")", Token.Punctuation)]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_the_lexer_colours_each_item(text, expected):
    assert kinds(text) == expected


def test_an_unknown_word_is_plain_text_never_an_error():
    assert kinds("1. white 6-4 T-6 frobnicate T-4 lesson:x") == [
        ("1.", Token.Number), ("white", Token.Name.Class), ("6-4", Token.Number), ("T-6", Token.Name.Variable),
        ("frobnicate", Token.Text), ("T-4", Token.Name.Variable), ("lesson:x", Token.Text)]


def test_every_keyword_the_readers_know_is_highlighted():
    assert set(fastread._KEYWORDS) <= set(KEYWORDS)
    for word in KEYWORDS:
        assert kinds(word) == [(word, Token.Keyword)], word
    for word in ACKNOWLEDGEMENTS:
        assert kinds(f"{word}:ecole") == [(f"{word}:ecole", Token.Name.Decorator)]


def test_the_textmate_grammar_shipped_is_the_tables():
    assert GRAMMAR.read_text(encoding="utf-8") == textmate_json()  # python -m trictrac_notation.notation.highlight
    grammar = json.loads(textmate_json())
    assert grammar["scopeName"] == "source.tric" and grammar["fileTypes"] == ["tric"]
    for rule in RULES:
        assert re.compile(rule.pattern).groups == len(rule.parts)
    scopes = json.dumps(grammar)
    assert all(s in scopes for s in ("comment.block.tric", "entity.name.tag.tric", "keyword.other.tric",
                                     "storage.modifier.acknowledgement.tric", "entity.name.function.jan.tric"))
