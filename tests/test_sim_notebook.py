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
    assert "S1, team of 6: heuristic" in text and "no-search" in text
    # the precomputed heuristic-vs-planner table (data/05-scene-difficulty.json, issue 16), every Scene
    assert "nollab-heuristic-vs-planner" in text
    for scene in ("S1", "S5", "S10"):
        assert f"<tr><td>{scene}</td>" in text.split("nollab-heuristic-vs-planner", 1)[1]
    assert "heuristic: Easy" in text and "planner  : Easy" in text and "under 20 %:" in text
    mimes = [m for cell in nb.cells for out in cell.get("outputs", []) for m in out.get("data", {})]
    assert mimes.count("image/png") >= 3  # the two win-rate plots and the rounds/kills plot
    assert "application/vnd.jupyter.widget-view+json" in mimes


@pytest.mark.notebook
def test_a_policy_defined_in_a_notebook_runs_on_two_processes(tmp_path):
    """In a Jupyter kernel (threads running) the pool uses forkserver and cloudpickle: a policy
    class defined in a cell still plays on 2 worker processes, with the in-process table."""
    import nbformat
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(
        "import nollab.sim as sim\n"
        "class Lazy:\n"
        "    name = 'lazy'\n"
        "    def choose_action(self, game, actions):\n"
        "        return next((a for a in actions if a.kind == 'do_nothing'), actions[0])\n"
        "    def choose_option(self, game, choice):\n"
        "        return choice.options[choice.default]\n"
        "two = sim.run('S1', Lazy, games=6, seed=3, workers=2, batch_size=2)\n"
        "one = sim.run('S1', 'idle', games=6, seed=3, workers=1)\n"
        "print(two.timing['backend'], two.rows == one.rows)")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    path = tmp_path / "lazy.ipynb"
    nbformat.write(nb, path)
    out = notebook_text_outputs(run_notebook(path, timeout=120))
    assert "processes(2) True" in out
