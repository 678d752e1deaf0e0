"""Lepeintre 1818's own games against his own figures (issue 7, "the figure test").

The records ``site_src/games/historical/lepeintre-1818-*.tric`` transcribe the game against Kermadeuc
of part 1 (§I-§V), the positions of the arithmetic (part 2) and of part 3's principles, and the problems
of part 4 of the *Cours complet de trictrac*.  The transcription
(mmai/coursCompletdeTrictrac) names each figure's file after the position it draws,
``diag-trictrac-figure_2-aW2-bW2-…svg``: Lepeintre's letters a..y (no w, z) from the talon of the
player drawn at the bottom, W/B the colour, then the count.  ``tests/data/figures/lepeintre-1818.txt``
lists those file names.

Here, on its own (not through ``check``'s figure comparison):

- every ``figure LABEL "SPEC"`` of a record copies a file name of that list exactly, and every figure
  of part 1 §I-§V is used by some record, or is listed in ``UNUSED`` with the reason;
- every figure is decoded with the library's Lepeintre coordinates and compared with the replay's
  position after the throw that carries it (the starting position for a figure in the preamble):
  equal, except where the record acknowledges ``sic:figure``; there the differing arrows must be
  exactly the ones ``EXPECTED`` gives, which are the ones the record's comment explains.  A figure that
  draws one player's dames only (part 2's fig. 20) is compared for that player.

A talon drawn as a pile of ``FigurePile`` dames (the record's header) means "that many or more".
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trictrac_notation.core.board import COLORS, TALON, WHITE
from trictrac_notation.core.coords import get_system
from trictrac_notation.engine.opengame import replay_options
from trictrac_notation.engine.replay import replay
from trictrac_notation.notation.reader import read

ROOT = Path(__file__).resolve().parent.parent
RECORDS = sorted((ROOT / "site_src" / "games" / "historical").glob("lepeintre-1818-*.tric"))
FIGURE_LIST = ROOT / "tests" / "data" / "figures" / "lepeintre-1818.txt"
FILE_NAME = re.compile(r"diag-trictrac-figure_(?P<label>\d+)-(?P<spec>.+)\.svg")
PART = re.compile(r"(?P<arrow>[a-y])(?P<colour>[WB])(?P<count>\d+)")
COLOUR = {"W": "white", "B": "black"}
LEPEINTRE = get_system("lepeintre")

# Part 1 (premierePartie.md) draws figures 1 to 14.  Those no record uses, and why.
PART1_FIGURES = {str(n) for n in range(1, 15)}
UNUSED = {
    "6": "§II: a supposed position (every dame of both sides alone) to show that each of the Author's "
         "dames is beaten separately; no throw is played from it",
    "12": "§V: the two invasions of the jan de retour, reached 'by divers throws' the book does not tell; "
          "no throw is played from it",
}

# Where the record acknowledges sic:figure: the differences the record's comment states, as
# (colour, arrow): (dames in the figure, dames in the replay).
EXPECTED = {
    # §I throw 4: fig. 1 already has a white dame on F, which the text plays only at throw 5.
    ("lepeintre-1818-1-i-petit-jan", "1"): {("white", "f"): (1, 0)},
    # §I throw 15: fig. 2 plays the plein's 3-2 from the talon (A to F tout d'une); the text says D to F.
    ("lepeintre-1818-1-i-petit-jan", "2"): {("white", "a"): (2, 3), ("white", "d"): (3, 2)},
    # §I throw 21: fig. 3 has both white dames of K on S (the second carmes is not played: Kermadeuc
    # goes), and the Author's dames as two on Y (fourteen in all), three on V, one on U.
    ("lepeintre-1818-1-i-petit-jan", "3"): {
        ("white", "k"): (0, 1), ("white", "s"): (2, 1),
        ("black", "y"): (2, 3), ("black", "v"): (3, 2), ("black", "u"): (1, 2),
    },
    # §II throw 12: fig. 5 has Kermadeuc's dame of D on F, and no black dame on U.
    ("lepeintre-1818-1-ii-deux-tables", "5"): {
        ("white", "d"): (0, 1), ("white", "f"): (1, 0), ("black", "u"): (0, 1),
    },
    # §IV throw 6 (part 4 rule 63): fig. 27 draws three dames on each coin (five on L, seven on M).
    ("lepeintre-1818-1-iv-fig10-impuissance", "27"): {("white", "l"): (3, 5), ("black", "m"): (3, 7)},
    # §IV throw 8: fig. 11 draws four dames on each coin (five on L, nine on M).
    ("lepeintre-1818-1-iv-fig10-impuissance", "11"): {("white", "l"): (4, 5), ("black", "m"): (4, 9)},
}


def figure_files() -> dict[str, set[str]]:
    """label -> the specs of its files (figure 30 has two)."""
    out: dict[str, set[str]] = {}
    for line in FIGURE_LIST.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            m = FILE_NAME.fullmatch(line.strip())
            assert m, f"not a figure file name: {line!r}"
            out.setdefault(m["label"], set()).add(m["spec"])
    return out


def decode(spec: str, bottom: str) -> dict[tuple[str, str], int]:
    """(colour, arrow) -> dames, for a figure's encoding; the arrow checked through the library."""
    out = {}
    for part in spec.split("-"):
        m = PART.fullmatch(part)
        assert m, f"{part!r} is not <letter><W|B><count>"
        colour = COLOUR[m["colour"]]
        LEPEINTRE.parse(m["arrow"], colour, bottom)  # a letter Lepeintre does not use raises
        assert (colour, m["arrow"]) not in out, f"{part!r} given twice"
        out[(colour, m["arrow"])] = int(m["count"])
    return out


def differences(shown: dict, position, bottom: str, pile: int | None) -> dict:
    """(colour, arrow) -> (figure, replay) wherever they differ; dames borne off are not drawn, nor the
    game of a colour the figure leaves out altogether (fig. 20 draws Kermadeuc's only)."""
    out = {}
    for colour in COLORS:
        if not any(c == colour for c, _ in shown):
            continue
        for track, there in enumerate(position.row(colour)):
            arrow = LEPEINTRE.format(track, colour, bottom)
            drawn = shown.get((colour, arrow), 0)
            if drawn == there or (track == TALON and pile and drawn == pile and there >= pile):
                continue
            out[(colour, arrow)] = (drawn, there)
    return out


def replayed(path: Path):
    record, diags, _ = read(str(path))
    assert record is not None, diags
    return record, replay(record, **replay_options(None, record), parse_diagnostics=diags)


def figure_items(record, result):
    """(figure, position it is compared with, throw or None, acknowledged) for every figure item."""
    for figure in record.figures:
        yield figure, result.initial, None, False

    def walk(throws):
        for t in throws:
            sic = any("figure" in s.codes for s in t.throw.sics)
            for figure in t.throw.figures:
                yield figure, t.after, t, sic
            for line in t.variations:
                yield from walk(line)

    yield from walk(result.throws)


CASES = []
for _path in RECORDS:
    _record, _result = replayed(_path)
    for _figure, _position, _throw, _sic in figure_items(_record, _result):
        CASES.append(pytest.param(_path, _record, _figure, _position, _sic,
                                  id=f"{_path.stem}:fig{_figure.label}"))


def test_the_corpus_is_there():
    assert len(RECORDS) >= 10
    throws = sum(len(replayed(p)[1].throws) for p in RECORDS)
    assert throws >= 56, f"{throws} throws in the Lepeintre records"
    assert figure_files().keys() >= PART1_FIGURES


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_record_names_book_players_and_edition(path):
    """(That each record checks clean under --strict is test_historical.py's.)"""
    record, _ = replayed(path)
    for header in ("Edition", "Bottom", "White", "Black", "First", "Coords"):
        assert record.header(header), f"{path.name}: no {header} header"
    assert record.header("Source").startswith("Lepeintre 1818, Cours complet de trictrac, part ")
    assert record.header("Coords") == "lepeintre" and record.header("Rules") == "lepeintre-1818"


@pytest.mark.parametrize("path,record,figure,position,sic", CASES)
def test_figure_is_a_file_of_the_transcription(path, record, figure, position, sic):
    assert figure.spec in figure_files().get(figure.label, set()), (
        f"{path.name}: figure {figure.label} {figure.spec!r} is no file name of the transcription")


def test_every_figure_of_part_one_is_used():
    used = {c.values[2].label for c in CASES}
    assert not used & UNUSED.keys(), "a figure listed as unused is used"
    assert PART1_FIGURES - UNUSED.keys() <= used, sorted(PART1_FIGURES - UNUSED.keys() - used, key=int)


@pytest.mark.parametrize("path,record,figure,position,sic", CASES)
def test_replay_matches_figure(path, record, figure, position, sic):
    bottom = record.header("Bottom") or WHITE
    pile = int(record.header("FigurePile")) if record.header("FigurePile") else None
    found = differences(decode(figure.spec, bottom), position, bottom, pile)
    expected = EXPECTED.get((path.stem, figure.label), {})
    assert sic == bool(expected), (
        f"figure {figure.label}: sic:figure on the throw must go with an EXPECTED entry, and only then")
    assert found == expected
