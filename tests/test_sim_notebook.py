"""notebooks/05-scene-difficulty.ipynb executes headless (nbclient) with a handful of games per
Scene and team (``NOLLAB_SIM_GAMES``), and reports every playable Scene against its P. 33-44 label."""
from __future__ import annotations

import pytest

from browser_support import NOTEBOOKS, notebook_text_outputs, run_notebook


@pytest.mark.notebook
def test_scene_difficulty_notebook_runs(monkeypatch):
    monkeypatch.setenv("NOLLAB_SIM_GAMES", "3")
    monkeypatch.setenv("NOLLAB_SIM_WORKERS", "1")
    nb = run_notebook(NOTEBOOKS / "05-scene-difficulty.ipynb", timeout=240)
    text = notebook_text_outputs(nb)
    assert "3 games per Scene and team" in text
    assert "<td>S1</td><td>What&#x27;s Happening?</td><td>Easy</td><td>6</td><td>3</td>" in text
    assert "<td>S1</td><td>What&#x27;s Happening?</td><td>Easy</td><td>1</td><td>3</td>" in text
    assert "S1: team of 6 wins" in text
    mimes = [m for cell in nb.cells for out in cell.get("outputs", []) for m in out.get("data", {})]
    assert mimes.count("image/png") >= 2  # the win-rate plot and the rounds/kills plot
    assert "application/vnd.jupyter.widget-view+json" in mimes
