"""Notebook 10 (forecasts) executes headless with nbclient and prints the numbers worked out here by hand
(P. 22, 24-25): the window left open, barricaded, and at Yellow; shoot or run."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from browser_support import NOTEBOOKS, notebook_text_outputs, run_notebook


@pytest.mark.notebook
def test_forecast_notebook_runs_and_teaches_the_barricade():
    nb = run_notebook(NOTEBOOKS / "10-forecast.ipynb")
    text = notebook_text_outputs(nb)
    # 2 cards of 5 (Walker cards 1, 2; Fatty 12; Relative 16; opening 43), every order equally likely
    orders = list(itertools.permutations([1, 2, 12, 16, 43], 2))
    walker_in = Fraction(sum(any(c in (1, 2) for c in o) for o in orders), len(orders))
    both = Fraction(sum(set(o) == {1, 2} for o in orders), len(orders))
    opened_then_walker = Fraction(sum(o[0] == 43 and o[1] in (1, 2) for o in orders), len(orders))
    assert f"window open      : P(a Ghoul in the house) = {walker_in} " in text
    assert f"P(someone dies) = {both} " in text
    assert "window barricaded: P(a Ghoul in the house) = 0 " in text
    assert f"Yellow, window barricaded: P(a Ghoul in the house) = {opened_then_walker} " in text
    # Crowbar, 1 die at 4+, 3 Actions, 2 Walkers: at least 2 hits in 3
    clear = Fraction(sum(sum(f >= 4 for f in fs) >= 2 for fs in itertools.product(range(1, 7), repeat=3)), 216)
    assert f"goal clear: P = {clear} " in text and "goal survive: P = 1 " in text
    mimes = [m for cell in nb.cells for out in cell.get("outputs", []) for m in out.get("data", {})]
    assert "application/vnd.jupyter.widget-view+json" in mimes  # the Forecast panel
