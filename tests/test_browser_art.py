"""The printed tiles seen in a real browser (headless Debian Chromium): the SVG that ``nollab map
--art`` writes and ``BoardView(..., art=PACK)`` served by Voilà.

Each generated face has a RED square in its top-left corner and a BLUE one in its top-right
(``tests/art_support.py``). Where they land on the board is worked out here from the Scene's own
placement (``load_map``: each tile's cells and clockwise rotation) and the definition of a
clockwise turn — not from the renderer — then read back as pixels. A face drawn unturned, turned
the wrong way, mirrored or on the wrong tile puts a colour in the wrong corner.
"""
from __future__ import annotations

import json

import pytest

from art_support import TEST_IDS, classify, corner_colours, corner_point, make_pack, write_scene
from browser_support import canvas_not_blank, open_voila, svg_pixels
from nollab.board import load_map
from nollab.cli import main

pytestmark = pytest.mark.browser

IDS = TEST_IDS
COLOUR_NAME = {(255, 0, 0): "red", (0, 0, 255): "blue"}


@pytest.fixture
def scene(tmp_path):
    """Four one-Zone tiles turned 0, 90, 270 and 180 degrees (2x2)."""
    return write_scene(tmp_path / "scene")


def expected_corners(scene_map, cell: float):
    """[(point, colour name, tile, corner)] for every tile of the map, from its placement."""
    out = []
    for t in scene_map.board.tiles:
        box = (t.col * cell, t.row * cell, t.cols * cell, t.rows * cell)
        for corner, rgb in corner_colours(t.rotation).items():
            out.append((corner_point(*box, corner), COLOUR_NAME[rgb], t.tile, corner))
        # the two other corners show the base colour
        for corner in {"tl", "tr", "br", "bl"} - set(corner_colours(t.rotation)):
            out.append((corner_point(*box, corner), "other", t.tile, corner))
    return out


def check_corners(pixels, expected):
    wrong = [(tile, corner, want, classify(px), px) for px, (_, want, tile, corner) in zip(pixels, expected)
             if classify(px) != want]
    assert not wrong, f"faces misplaced (tile, corner, expected, seen, rgba): {wrong}"


def test_map_art_svg_places_and_turns_every_face(page, tmp_path, scene, capsys):
    pack = make_pack(tmp_path / "pack", IDS, "zip")
    out = tmp_path / "board.svg"
    assert main(["map", str(scene), "--art", str(pack), "--out", str(out), "--cell", "40"]) == 0
    expected = expected_corners(load_map(scene), 40)
    check_corners(svg_pixels(page, out.read_text(), [p for p, *_ in expected]), expected)


def test_map_check_svg_shows_the_faces_untinted(page, tmp_path, scene):
    pack = make_pack(tmp_path / "pack", IDS, "installed")  # r_0 is used, the turned copies are wrong
    out = tmp_path / "check.svg"
    assert main(["map", str(scene), "--art", str(pack), "--check", "--out", str(out), "--cell", "60"]) == 0
    expected = expected_corners(load_map(scene), 60)
    pixels = svg_pixels(page, out.read_text(), [p for p, *_ in expected])
    check_corners(pixels, expected)
    # no tint over the art in the check picture: the marks keep their exact colours
    for px, (_, want, *_rest) in zip(pixels, expected):
        if want == "red":
            assert px[:3] == (255, 0, 0), px


def test_s1_faces_follow_the_scene_rotations(page, tmp_path):
    """Scene 1 as shipped (whatever rotations its file gives): every face in its tile's corners."""
    from nollab.render import display_list, svg_for

    sm = load_map("S1")
    pack = make_pack(tmp_path / "pack", [t.tile for t in sm.board.tiles], "zip")
    expected = expected_corners(sm, 48)
    pixels = svg_pixels(page, svg_for(sm, art=pack, cell=48), [p for p, *_ in expected])
    # a token may sit on a corner point: judge only the points no token's box covers
    boxes = [(s.x, s.y, s.x + s.w, s.y + s.h) for s in display_list(sm, cell=48).tokens if hasattr(s, "w")]
    free = [(px, e) for px, e in zip(pixels, expected)
            if not any(x0 <= e[0][0] <= x1 and y0 <= e[0][1] <= y1 for x0, y0, x1, y1 in boxes)]
    assert {e[2] for _, e in free} == {t.tile for t in sm.board.tiles}, "every tile keeps a judged corner"
    check_corners([px for px, _ in free], [e for _, e in free])


# ---------------------------------------------------------------- BoardView in Voilà
NOTEBOOK_CODE = """
import sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from art_support import make_pack
from nollab.board import load_map
from nollab.render import display_list, sight_overlay
from nollab.widgets.board_view import BoardView

sm = load_map({scene!r})
pack = make_pack(Path({tmp!r}) / "pack", {ids!r}, "zip")
view = BoardView(display_list(sm, cell=40), art=pack)
view.show(display_list(sm, sight_overlay(sm.board, "7T:a"), cell=40))  # a new frame keeps the art
view
"""


def write_notebook(path, code: str) -> None:
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "execution_count": None, "outputs": [],
                     "source": code}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb))


def test_boardview_draws_the_turned_faces_on_its_canvas(voila_server, page, page_log, tmp_path, scene):
    from pathlib import Path

    nb = tmp_path / "art-board.ipynb"
    tests = str(Path(__file__).resolve().parent)
    write_notebook(nb, NOTEBOOK_CODE.format(tests=tests, scene=str(scene), tmp=str(tmp_path), ids=IDS))
    open_voila(page, voila_server(nb), "canvas.nollab-board")
    canvas_not_blank(page, "canvas.nollab-board", timeout=30_000)
    expected = expected_corners(load_map(scene), 40)
    js = """([sel, pts]) => { const c = document.querySelector(sel); if (!c) return null;
        const ctx = c.getContext('2d');
        return pts.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data)); }"""
    pts = [list(p) for p, *_ in expected]
    # drawing lands asynchronously (the faces are fetched from their widgets): poll until placed
    deadline_js = """([sel, pts, want]) => { const c = document.querySelector(sel); if (!c) return false;
        const ctx = c.getContext('2d');
        return pts.every(([x, y], i) => { const d = ctx.getImageData(x, y, 1, 1).data;
          const red = d[0] > 170 && d[1] < 90 && d[2] < 90, blue = d[2] > 170 && d[0] < 90 && d[1] < 90;
          return want[i] === 'red' ? red : want[i] === 'blue' ? blue : !red && !blue; }); }"""
    try:
        page.wait_for_function(deadline_js, arg=["canvas.nollab-board", pts, [w for _, w, *_ in expected]],
                               timeout=30_000, polling=100)
    except Exception:
        pass  # report what is there
    pixels = [tuple(p) for p in page.evaluate(js, ["canvas.nollab-board", pts])]
    check_corners(pixels, expected)
    assert not page_log.page_errors, page_log.page_errors
    page_log.assert_no_outside_requests()
