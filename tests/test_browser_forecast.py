"""The Forecast panel of the GamePlayer in a real browser (Voilà on 127.0.0.1, headless Chromium): it
shows exact numbers of the rest of the round and refreshes after a step.

At the start of Scene 1 there is no Ghoul on the board and the 4 Spawn cards at Blue place at most 8
Walkers (box: 28, P. 3, 25): no extra Activation, and Ghouls placed by the Spawn Step do not act before
the next round (P. 22-24), so P(someone dies this round) is exactly 0."""
from __future__ import annotations

from fractions import Fraction

import pytest

from browser_support import NOTEBOOKS, open_voila

pytestmark = pytest.mark.browser

NOTEBOOK = NOTEBOOKS / "dashboard-play.ipynb"
P_DIES = ".nollab-forecast-p-dies"


@pytest.fixture(scope="module")
def url(voila_server):
    return voila_server(NOTEBOOK)


def test_forecast_panel_shows_exact_numbers_and_refreshes(page, page_log, url):
    open_voila(page, url, "canvas.nollab-board")
    page.wait_for_selector(P_DIES, state="attached", timeout=120_000)
    assert Fraction(page.get_attribute(P_DIES, "data-value")) == 0
    house = page.get_attribute(".nollab-forecast-p-house", "data-value")
    assert 0 <= Fraction(house) <= 1
    before = page.inner_text(".nollab-forecast-body")
    page.click("button:text-is('Step')")
    # the panel says it is computing, then shows the new position's numbers (a new timing line)
    page.wait_for_function("([sel, old]) => { const b = document.querySelector('.nollab-forecast-body');"
                           " return b && b.querySelector(sel) && b.innerText !== old; }",
                           arg=[P_DIES, before], timeout=120_000, polling=200)
    assert Fraction(page.get_attribute(P_DIES, "data-value")) >= 0
    assert not page_log.page_errors, page_log.page_errors
    page_log.assert_no_outside_requests()
