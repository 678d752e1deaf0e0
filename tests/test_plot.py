"""PNG/PDF diagrams through matplotlib (plot.py), the `trictrac diagram` command, and the palette."""

from __future__ import annotations

import struct
import xml.etree.ElementTree as ET

import pytest
from conftest import board, run_cli

from trictrac_notation.core.board import BLACK, WHITE
from trictrac_notation.engine.replay import replay_text
from trictrac_notation.games.trictrac.events import Event
from trictrac_notation.games.trictrac.moves import Step
from trictrac_notation.render.diagram import scene
from trictrac_notation.render.layout import ARROW_FILL, DAME_EDGE, DAME_FILL, FAUX, MOVE, PLEIN, VRAI
from trictrac_notation.render.plot import board_figure, save_diagram
from trictrac_notation.render.svg import Annotations, NoSuchThrow

PNG = b"\x89PNG\r\n\x1a\n"
GAME = """[Title "Kermadeuc & Lepeintre"]
1. white 6-4 T-6 T-4
2. black 5-3 T-5 T-3
3. white 6-3 T-6-9
"""


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG and data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


# --- the figure is the SVG's scene -----------------------------------------------------------

def test_figure_draws_every_shape_of_the_scene():
    pos = board("white: T:12 6:1 4:1 1:1 / black: T:14 5:1")
    ann = Annotations(dice=(6, 4), mover=WHITE, steps=[Step(0, 6), Step(0, 4)],
                      events=[Event("battre-a-vrai", WHITE, 4, target=18), Event("remplir", WHITE, 4,
                                                                                  quadrant="grand-jan")],
                      score={WHITE: {"points": 4, "holes": 1, "bredouille": True}}, marker=WHITE)
    sc = scene(pos, annotations=ann)
    fig = board_figure(pos, annotations=ann)
    ax = fig.axes[0]
    texts = [s for s in (*sc.background, *sc.shapes) if s.kind == "text"]
    others = len(sc.background) + len(sc.shapes) - len(texts)
    assert len(ax.texts) == len(texts) and len(ax.patches) == others
    assert sorted(t.get_text() for t in ax.texts) == sorted(s.geom[2] for s in texts)
    w, h = fig.get_size_inches()
    assert w == pytest.approx(6.0) and h / w == pytest.approx(sc.height / sc.width)


# --- files --------------------------------------------------------------------------------------

def test_save_png_pdf_svg(tmp_path):
    rep = replay_text(GAME)
    assert not rep.diagnostics
    png, pdf, svg = tmp_path / "d.png", tmp_path / "d.pdf", tmp_path / "d.svg"
    save_diagram(rep, 3, png, width=400, dpi=100)
    save_diagram(rep, 3, pdf)
    save_diagram(rep, 3, svg)
    data = png.read_bytes()
    assert png_size(data)[0] == 400 and len(data) > 10_000
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf.stat().st_size > 5_000
    root = ET.fromstring(svg.read_text(encoding="utf-8"))
    assert root.tag.endswith("svg")
    with pytest.raises(ValueError, match=r"\.svg, \.png, \.pdf"):
        save_diagram(rep, 3, tmp_path / "d.jpg")
    with pytest.raises(NoSuchThrow):
        save_diagram(rep, 9, png)


# --- the command ----------------------------------------------------------------------------------

def test_cli_writes_each_format(tric, tmp_path):
    path = tric(GAME)
    for ext, magic in ((".svg", b"<svg"), (".png", PNG), (".pdf", b"%PDF-")):
        out = tmp_path / f"out{ext}"
        code, _, err = run_cli("diagram", path, "--throw", "2", "-o", out)
        assert code == 0, err
        assert out.read_bytes()[: len(magic)] == magic and out.stat().st_size > 5_000


def test_cli_svg_on_stdout_default_last_throw(tric):
    path = tric(GAME)
    code, out, err = run_cli("diagram", path)
    assert code == 0 and err == ""
    root = ET.fromstring(out)
    assert "white 6-3: T-6-9" in "".join(root.itertext())
    code, out, _ = run_cli("diagram", path, "--throw", "0", "--bottom", "black", "--coords", "soumille")
    assert code == 0
    labels = {e.get("data-track"): "".join(e.itertext()) for e in ET.fromstring(out).iter()
              if e.get("class") == "label"}
    assert labels["0"] == "A"  # White drawn at the top: his talon is Soumille's A


def test_cli_png_width(tric, tmp_path):
    out = tmp_path / "w.png"
    code, _, err = run_cli("diagram", tric(GAME), "-o", out, "--width", "400")
    assert code == 0, err
    assert png_size(out.read_bytes())[0] == 400


@pytest.mark.parametrize("throw", ["4", "-1", "57"])
def test_cli_bad_throw_is_a_usage_error(tric, throw):
    path = tric(GAME)
    code, out, err = run_cli("diagram", path, "--throw", throw)
    assert code == 2 and out == ""
    assert err.strip() == (f"trictrac diagram: error: --throw {throw}: {path} has 3 throws; "
                           "give 0 (the starting position) to 3")


def test_cli_throw_not_a_number(tric):
    code, _, err = run_cli("diagram", tric(GAME), "--throw", "last")
    assert code == 2 and "--throw: invalid int value: 'last'" in err


def test_cli_missing_file(tmp_path):
    missing = tmp_path / "nope.tric"
    code, out, err = run_cli("diagram", missing, "-o", tmp_path / "x.svg")
    assert code == 1 and out == ""
    assert err.strip() == f"{missing}:1:1: error: no such file"
    assert not (tmp_path / "x.svg").exists()


def test_cli_bad_extension_and_unwritable(tric, tmp_path):
    path = tric(GAME)
    code, _, err = run_cli("diagram", path, "-o", tmp_path / "x.jpg")
    assert code == 2 and "the diagram formats are .svg, .png, .pdf" in err
    code, _, err = run_cli("diagram", path, "-o", tmp_path / "no" / "dir" / "x.svg")
    assert code == 2 and "cannot write" in err and "No such file or directory" in err


def test_cli_record_with_a_fausse_case_still_draws(tric, tmp_path):
    path = tric("1. white 6-4 T-6 T-5\n2. black 5-3 T-5 T-3\n")
    out = tmp_path / "f.svg"
    code, _, err = run_cli("diagram", path, "--throw", "1", "-o", out)
    assert code == 1
    assert f"{path}:1:14: error: fausse case: white plays T-6 T-5 with 6-4" in err
    assert "fausse case" in "".join(ET.fromstring(out.read_text(encoding="utf-8")).itertext())


def test_cli_throw_after_the_replay_stopped(tric, tmp_path):
    path = tric("1. white 6-4 T-6 T-4\n2. black 5-3 9-14 T-3\n3. white 2-1 6-8 T-1\n")
    code, _, err = run_cli("diagram", path, "--throw", "3", "-o", tmp_path / "s.svg")
    assert code == 1
    assert "throw 3 was not replayed: the position is unknown after an earlier error at line 3" in err


# --- the palette: colour-blind safe, greyscale safe -----------------------------------------------

def luminance(hex_colour: str) -> float:
    r, g, b = (int(hex_colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio: it depends on luminance only, so it holds in greyscale too."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_dames_tell_apart_in_greyscale_and_annotations_use_okabe_ito():
    assert contrast(DAME_FILL[WHITE], DAME_FILL[BLACK]) > 10
    for color in (WHITE, BLACK):
        for arrow in ARROW_FILL:  # WCAG's 3:1 for graphics, by the dame's body or its rim
            assert max(contrast(DAME_FILL[color], arrow), contrast(DAME_EDGE[color], arrow)) >= 3
    okabe_ito = {"#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7", "#000000"}
    assert {MOVE, VRAI, FAUX, PLEIN} <= okabe_ito
    assert len({MOVE, VRAI, FAUX, PLEIN}) == 4
