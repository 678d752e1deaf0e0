"""The words of a diagram stand apart: no two label boxes overlap and none covers a dame, in the full
layout and in the compact one (narrow screens), on the bundled games and on random ones.

Dorante contre Valère throw 21 printed "à vrai vrai" (two hit words over each other and over dames);
trictrac.org's labels ran together ("N10N11N12").  The boxes come from labels.text_box; the Chromium
test of tests/test_site_reading.py measures the same diagrams with the browser's own font."""

from __future__ import annotations

from itertools import combinations
from pathlib import Path

import pytest

from trictrac_notation.engine.opengame import replay_setup
from trictrac_notation.engine.replay import replay
from trictrac_notation.games.trictrac.randomgame import random_game_text
from trictrac_notation.notation.reader import parse
from trictrac_notation.render.diagram import U, replay_scene
from trictrac_notation.render.labels import circle_box, fit_size, text_box, text_width

GAMES = Path(__file__).resolve().parent.parent / "site_src" / "games"
WORDS = ("label", "side", "tag", "caption")


def replayed(text: str, rules: str | None = None):
    record, _ = parse(text, "game.tric")
    options, _ = replay_setup(rules, record)
    return replay(record, **options)


def boxes(sc):
    """The boxes of the scene's words and of its dames (a pile's count belongs to its dame)."""
    words, dames = [], []
    for sh in list(sc.background) + list(sc.shapes):
        kind = sh.cls.split()[0] if sh.cls else ""
        if sh.kind == "text" and kind in WORDS:
            st = sh.style
            words.append((sh.geom[2], text_box(sh.geom[0], sh.geom[1] - 0.35 * st.size, sh.geom[2], st.size,
                                               st.anchor, st.bold, bool(st.halo))))
        elif sh.kind == "circle" and kind in ("dame", "off"):
            dames.append(circle_box(*sh.geom))
    return words, dames


def collisions(sc) -> list:
    words, dames = boxes(sc)
    out = [f"{a!r} over {b!r}" for (a, ba), (b, bb) in combinations(words, 2) if ba.overlaps(bb)]
    out += [f"{a!r} over a dame" for a, box in words if any(box.overlaps(d) for d in dames)]
    return out


def check_every_frame(result) -> int:
    frames = 0
    for n in range(len(result.throws) + 1):
        for compact in (False, True):
            sc = replay_scene(result, n, compact=compact)
            assert not collisions(sc), (n, compact, collisions(sc))
            frames += 1
    return frames


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.tric")), ids=lambda p: p.stem)
def test_no_word_covers_another_or_a_dame_in_the_bundled_games(path):
    assert check_every_frame(replayed(path.read_text(encoding="utf-8"))) > 2


@pytest.mark.parametrize("seed, system", [(3, "trictrac-org"), (11, "lepeintre"), (29, "absolute")])
def test_no_word_covers_another_or_a_dame_in_random_games(seed, system):
    result = replayed(random_game_text(seed, system, max_throws=90), "guiton-1822")
    hits = sum(1 for t in result.throws for e in (getattr(t.score, "events", None) or [])
               if e.jan in ("battre-a-vrai", "battre-a-faux"))
    assert hits > 0  # the games do put words on the board
    check_every_frame(result)


def test_two_hits_side_by_side_have_their_words_apart():
    """Dorante contre Valère, throw 21: two dames beaten on 9' and 10', side by side."""
    result = replayed((GAMES / "guiton-le-coin-battu.tric").read_text(encoding="utf-8"))
    sc = replay_scene(result, 21)
    tags = [sh for sh in sc.shapes if sh.kind == "text" and sh.cls.startswith("tag vrai")]
    assert [sh.geom[2] for sh in tags] == ["à vrai", "à vrai"]
    assert not collisions(sc)


@pytest.mark.parametrize("compact", [False, True])
def test_trictrac_org_labels_fit_their_arrows(compact):
    result = replayed((GAMES / "problem-two-ways.tric").read_text(encoding="utf-8"))
    sc = replay_scene(result, 0, compact=compact)
    labels = sorted((sh.geom[2], sh.style.size, sh.cls) for sh in sc.background if sh.cls.startswith("label"))
    assert all(text_width(text, size) <= 0.9 * U for text, size, _ in labels)
    texts = [t for t, _, _ in labels]
    if compact:  # the row's letter once, the numbers in the arrows: legible on a narrow screen
        assert texts.count("N") == 1 and texts.count("B") == 1 and "10" in texts
        assert min(size for _, size, _ in labels) >= 0.6 * U
    else:
        assert {"N10", "N11", "N12", "B1"} <= set(texts)


def test_fit_size():
    assert fit_size(["T", "11"], 20, 40) == 20
    assert fit_size(["N10"], 20, 35) < 20 and text_width("N10", fit_size(["N10"], 20, 35)) == pytest.approx(35)
