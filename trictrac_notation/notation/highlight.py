"""Highlighting the notation: a Pygments lexer (``tric``, registered by entry point, so ```` ```tric ```` blocks
are coloured on the site and by any Pygments tool) and the TextMate grammar editors read
(``tric.tmLanguage.json`` beside this module, made by :func:`textmate_grammar`).

Both come from one table, :data:`RULES`, read loosely as highlighting should be: a word the table does not know
is plain text, never an error (``check`` says what is wrong).  A keyword is one entry of :data:`KEYWORDS`, an
acknowledgement of the source like ``sic:CODE`` one of :data:`ACKNOWLEDGEMENTS`.

    python -m trictrac_notation.notation.highlight > trictrac_notation/notation/tric.tmLanguage.json
"""

from __future__ import annotations

import json
from typing import Any, ClassVar, NamedTuple

from pygments.lexer import RegexLexer, bygroups
from pygments.token import _TokenType, string_to_tokentype

KEYWORDS = (
    "opp", "adv",                                   # the opponent's marks and holes
    "hole", "holes", "trou", "trous",
    "ecole", "ecoles", "école", "écoles",
    "stay", "go", "tient", "tenir", "va", "part",
    "marque", "marqué", "marquée", "refait",
    "pour-tout",
    "adoube", "jadoube", "j'adoube",
    "touched", "touche", "touché", "touchee", "touchée",
    "let-stand", "laissee", "laissée",
    "replayed", "rejoue", "rejoué", "rejouee", "rejouée",
    "figure", "fig", "fig.",
    "score", "score-before",                        # the book's running score
    "double", "take", "drop", "beaver", "resigns", "resigns-gammon", "resigns-backgammon",  # backgammon's cube
    "resigns-match",
)
"""The notation's keywords (grammar/trictrac.lark; case-blind)."""

ACKNOWLEDGEMENTS = (
    "sic",  # a slip of the source, acknowledged: sic:ecole,holes
    "taught",  # the fault an example commits on purpose, to teach it: taught:ecole
    "abridged",  # the throws a source passes over on purpose: abridged:out-of-turn
)
"""The words written ``WORD:CODE,CODE`` after a throw that acknowledge a diagnostic."""

DOUBLETS = ("bezet", "ambesas", "double-deux", "double deux", "ternes", "carmes", "quines", "sonnez")
_SIDE = r"(?i:white|black|blanc|noir)"
_END = r"(?![\w&'-])"  # a keyword ends where a word could not go on
_WORD_END = r"(?=[\s{}()\[\]]|$)"


class Rule(NamedTuple):
    """A pattern whose groups cover the whole match, and what each group is: a Pygments token type's name and
    a TextMate scope."""

    pattern: str
    parts: tuple[tuple[str, str], ...]


def _keywords(words: tuple[str, ...]) -> str:
    return "(?i:" + "|".join(w.replace(".", r"\.").replace(" ", r"[ \t]+")
                             for w in sorted(words, key=len, reverse=True)) + ")"


RULES = (
    Rule(r'(\[)(\s*)([A-Za-z][A-Za-z0-9_-]*)(\s*)("(?:\\.|[^"\\\n])*")(\s*)(\])',
         (("Punctuation", "punctuation.definition.tag.tric"), ("Text.Whitespace", ""),
          ("Name.Tag", "entity.name.tag.tric"), ("Text.Whitespace", ""), ("String", "string.quoted.double.tric"),
          ("Text.Whitespace", ""), ("Punctuation", "punctuation.definition.tag.tric"))),
    Rule(rf"([0-9]+\.)?([ \t]*)({_SIDE}){_END}([ \t]+)({_keywords(DOUBLETS)}|[0-9]+-[0-9]+)(?=[\s{{}}()\[\]]|$)",
         (("Number", "constant.numeric.throw-number.tric"), ("Text.Whitespace", ""),
          ("Name.Class", "entity.name.type.player.tric"), ("Text.Whitespace", ""),
          ("Number", "constant.numeric.dice.tric"))),
    Rule(rf"(@[ \t]*{_SIDE}){_END}", (("Name.Class", "entity.name.type.player.tric"),)),
    Rule(r"([A-Za-z0-9&']+)(:)(-?[0-9]+)" + _WORD_END,
         (("Name.Variable", "variable.other.arrow.tric"), ("Punctuation", "punctuation.separator.tric"),
          ("Number", "constant.numeric.count.tric"))),
    Rule(rf"({_keywords(ACKNOWLEDGEMENTS)}(?::[A-Za-z-]*(?:,[A-Za-z-]+)*)?){_END}",
         (("Name.Decorator", "storage.modifier.acknowledgement.tric"),)),
    Rule(rf"({_SIDE}){_END}", (("Name.Class", "entity.name.type.player.tric"),)),
    Rule(rf"({_keywords(KEYWORDS)}){_END}", (("Keyword", "keyword.other.tric"),)),
    Rule(r"(\+[0-9]+)" + _WORD_END, (("Number", "constant.numeric.points.tric"),)),
    Rule(r"([A-Za-z0-9]+(?:/[A-Za-z0-9]+\*?)+(?:[ \t]*\([0-9]\))?|[A-Za-z0-9&']+(?:-[A-Za-z0-9&']+)+)" + _WORD_END,
         (("Name.Variable", "variable.other.move.tric"),)),
    Rule(r"(\?\?|\?!|!!|!\?|\?|!)" + _WORD_END, (("Generic.Emph", "markup.italic.judgement.tric"),)),
    Rule(r'("(?:\\.|[^"\\\n])*")', (("String", "string.quoted.double.tric"),)),
    Rule(r"([()])", (("Punctuation", "punctuation.section.variation.tric"),)),
)
"""Tried in order at each place of the text (comments and the jans claimed in ``[...]`` are spans of their own)."""

COMMENT = (r"\{", r"\}", "Comment.Multiline", "comment.block.tric")
CLAIMS = (r"\[", r"\]", "Punctuation", "meta.claims.tric")
JAN = (r"[A-Za-z][A-Za-z-]*", "Name.Function", "entity.name.function.jan.tric")


def _token(name: str) -> _TokenType:
    return string_to_tokentype(name)


def _tokens(rule: Rule) -> Any:
    return bygroups(*(_token(name) for name, _ in rule.parts))


class TricLexer(RegexLexer):
    """Trictrac and backgammon game records (``*.tric``)."""

    name = "Trictrac notation"
    aliases: ClassVar[list[str]] = ["tric", "trictrac-notation"]
    filenames: ClassVar[list[str]] = ["*.tric"]
    mimetypes: ClassVar[list[str]] = ["text/x-trictrac"]

    tokens: ClassVar[dict[str, Any]] = {
        "root": [
            (r"\s+", _token("Text.Whitespace")),
            (COMMENT[0] + r"[^{}]*" + COMMENT[1], _token(COMMENT[2])),
            *((rule.pattern, _tokens(rule)) for rule in RULES[:1]),  # a header before the claims' bracket
            (CLAIMS[0], _token(CLAIMS[2]), "claims"),
            *((rule.pattern, _tokens(rule)) for rule in RULES[1:]),
            (r"[^\s{}()\[\]]+", _token("Text")),
            (r".", _token("Error")),
        ],
        "claims": [
            (r"\s+", _token("Text.Whitespace")),
            (JAN[0], _token(JAN[1])),
            (r"[0-9]+", _token("Number")),
            (r",", _token("Punctuation")),
            (CLAIMS[1], _token(CLAIMS[2]), "#pop"),
            (r"[^\]]", _token("Error")),
        ],
    }


def textmate_grammar() -> dict[str, Any]:
    """The TextMate grammar of the notation (VS Code, Sublime Text, TextMate, Zed, GitHub's linguist...)."""

    def rule_json(rule: Rule) -> dict[str, Any]:
        captures = {str(i): {"name": scope} for i, (_, scope) in enumerate(rule.parts, start=1) if scope}
        return {"match": rule.pattern, "captures": captures}

    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "Trictrac notation",
        "scopeName": "source.tric",
        "fileTypes": ["tric"],
        "patterns": [
            {"name": COMMENT[3], "begin": COMMENT[0], "end": COMMENT[1]},
            rule_json(RULES[0]),
            {"name": CLAIMS[3], "begin": CLAIMS[0], "end": CLAIMS[1],
             "patterns": [{"match": JAN[0], "name": JAN[2]}, {"match": "[0-9]+", "name": "constant.numeric.tric"}]},
            *(rule_json(rule) for rule in RULES[1:]),
        ],
    }


def textmate_json() -> str:
    """The grammar as the file shipped beside this module holds it."""
    return json.dumps(textmate_grammar(), indent=2, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(textmate_json(), end="")
