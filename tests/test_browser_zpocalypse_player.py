"""Zpocalypse in the play dashboard, in a real browser: Voilà on 127.0.0.1 serving
``notebooks/dashboard-play.ipynb``, headless Debian Chromium, canvas pixels.

* Picking "Zpocalypse" in the game picker draws its city on the canvas: at the start the board is the
  Hotel Lobby base set alone ("Choose your starting base tile set (4 tiles ...)"), whose reconstructed
  squares hold 2 yield squares for 1 bunker entrance -- read on the pixels, the yield fill covers about
  twice the entrance fill (both squares carry one letter), and the open-street fill about 56 squares' worth;
* "Step" changes the board or the event log within a few clicks, "Undo" gives the log back;
* no page error and no request outside 127.0.0.1.
"""
from __future__ import annotations

import pytest

from browser_support import (MATCH_BOARD, NOTEBOOKS, canvas_not_blank, colour_counts, open_voila, pick_game,
                             step_until_logged, undo_gives_back)

pytestmark = pytest.mark.browser

NOTEBOOK = NOTEBOOKS / "dashboard-play.ipynb"
NOTLD_BOARD = ".nollab-game-player canvas.nollab-board"
COLOURS = {"yield": (0xD9, 0xB9, 0x3F), "entrance": (0xF5, 0xF5, 0xF5), "open": (0x8D, 0x8A, 0x7D)}


def test_zpocalypse_city_draws_and_steps_in_the_play_dashboard(page, page_log, voila_server):
    open_voila(page, voila_server(NOTEBOOK), NOTLD_BOARD)
    pick_game(page, "Zpocalypse")
    page.wait_for_selector(MATCH_BOARD, state="visible", timeout=60_000)
    canvas_not_blank(page, MATCH_BOARD, timeout=30_000)
    n = colour_counts(page, COLOURS, "entrance", 200)
    assert 1.6 < n["yield"] / n["entrance"] < 2.4, n
    assert 40 < n["open"] / n["entrance"] < 70, n

    board_changed, log_changed, log1 = step_until_logged(page)
    assert log_changed, (board_changed, log_changed)
    undo_gives_back(page, log1)
    assert not page_log.page_errors, page_log.page_errors
    page_log.assert_no_outside_requests()
