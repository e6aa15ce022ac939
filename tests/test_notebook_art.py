"""Notebook 04's tile-art cell (issue 11): with ``NOLLAB_ART`` set to a (generated) pack it draws
Scene 1 on the faces and shows ``nollab map S1 --art --check``; without it, a note and no picture."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from art_support import make_pack
from browser_support import NOTEBOOKS, notebook_text_outputs, run_notebook
from nollab.board import load_map

pytestmark = pytest.mark.notebook


def _art_cell_outputs(nb):
    code = [c for c in nb.cells if c.cell_type == "code"]
    cell = next(c for c in code if "NOLLAB_ART" in c.source)
    return cell.get("outputs", [])


def test_scenes_notebook_draws_s1_on_the_pack_and_its_check(tmp_path, monkeypatch):
    tiles = [t.tile for t in load_map("S1").board.tiles]
    monkeypatch.setenv("NOLLAB_ART", str(make_pack(tmp_path, tiles, "zip")))
    nb = run_notebook(NOTEBOOKS / "04-scenes.ipynb")
    outs = _art_cell_outputs(nb)
    assert not [o for o in outs if o.get("output_type") == "error"]
    svgs = [o["data"]["image/svg+xml"] for o in outs if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) == 2
    board, check = (ET.fromstring(s) for s in svgs)
    for svg in (board, check):
        drawn = {e.get("data-tag") for e in svg.iter() if (e.get("data-tag") or "").startswith("art:")}
        assert drawn == {f"art:{t}" for t in tiles}
    assert any((e.get("data-tag") or "").startswith("outline:") for e in check.iter())
    text = notebook_text_outputs(nb)
    assert "$ nollab map S1 --art" in text and "zone outlines over the printed tiles" in text


def test_scenes_notebook_without_a_pack_says_so(monkeypatch):
    monkeypatch.delenv("NOLLAB_ART", raising=False)
    nb = run_notebook(NOTEBOOKS / "04-scenes.ipynb")
    outs = _art_cell_outputs(nb)
    assert not [o for o in outs if "image/svg+xml" in o.get("data", {})]
    assert "No tile pack set" in notebook_text_outputs(nb)
