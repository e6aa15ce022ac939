"""The Zombie Slayer learn-to-play notebook runs top to bottom (nbclient) and shows boards, tables and a plot."""
from __future__ import annotations

import pytest

from browser_support import NOTEBOOKS, notebook_output_counts, run_notebook


@pytest.mark.notebook
def test_learn_to_play_notebook_executes(monkeypatch):
    monkeypatch.setenv("NOLLAB_SIM_GAMES", "3")
    n, text = notebook_output_counts(run_notebook(NOTEBOOKS / "11-zombie-slayer-learn-to-play.ipynb", timeout=300))
    assert n["errors"] == 0, n
    assert n["svgs"] >= 3 and n["pngs"] >= 1 and n["tables"] >= 3, n
    assert "(ch. Fighting Zombies)" in text and ("won after" in text or "lost after" in text)
    assert "252 sorted rolls, total weight 7776" in text
    assert "which one moves first?" in text and "(default)" in text
