"""The Zombie Slayer learn-to-play notebook runs top to bottom (nbclient) and shows boards, tables and a plot."""
from __future__ import annotations

import pathlib

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parents[1]


@pytest.mark.notebook
def test_learn_to_play_notebook_executes(monkeypatch):
    monkeypatch.setenv("NOLLAB_SIM_GAMES", "3")
    path = ROOT / "notebooks" / "11-zombie-slayer-learn-to-play.ipynb"
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    outs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outs if o.get("output_type") == "error"]
    svgs = sum("image/svg+xml" in o.get("data", {}) for o in outs)
    pngs = sum("image/png" in o.get("data", {}) for o in outs)
    tables = sum("text/markdown" in o.get("data", {}) for o in outs)
    assert svgs >= 3 and pngs >= 1 and tables >= 3, (svgs, pngs, tables)
    text = "".join(o.get("text", "") for o in outs)
    assert "(ch. Fighting Zombies)" in text and ("won after" in text or "lost after" in text)
    assert "252 sorted rolls, total weight 7776" in text
