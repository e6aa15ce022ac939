"""Zombie Slayer in the play dashboard, in a real browser: Voilà on 127.0.0.1 serving
``notebooks/dashboard-play.ipynb``, headless Debian Chromium, canvas pixels.

* Picking "Zombie Slayer" in the game picker draws its village on the canvas: after Setup ("Draw 4 town
  cards and place them with the green border facing outwards at the edges of the town centre") the board
  is the Town Centre (entered, its own ground colour) and 4 cards not yet entered (shaded) of the same size,
  so, read on the pixels, the shaded ground covers 2.5 to 4.5 times the Town Centre's ground (houses and
  Zombies cover some of it), and 4 green-border strips are drawn;
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
#: nollab.packs.zombie_slayer.render: the Town Centre's ground, a card not yet entered, the green border
COLOURS = {"centre": (0xB8, 0xA2, 0x7A), "unexplored": (0x6E, 0x63, 0x50), "border": (0x2F, 0x8F, 0x3A)}


def test_zombie_slayer_village_draws_and_steps_in_the_play_dashboard(page, page_log, voila_server):
    open_voila(page, voila_server(NOTEBOOK), NOTLD_BOARD)
    pick_game(page, "Zombie Slayer")
    page.wait_for_selector(MATCH_BOARD, state="visible", timeout=60_000)
    canvas_not_blank(page, MATCH_BOARD, timeout=30_000)
    n = colour_counts(page, COLOURS, "unexplored", 200)
    assert 2.5 < n["unexplored"] / n["centre"] < 4.5, n
    assert 0.1 < n["border"] / n["centre"] < 0.5, n   # 4 strips of 6 x 0.28 squares vs ~34 squares

    board_changed, log_changed, log1 = step_until_logged(page)
    assert log_changed, (board_changed, log_changed)
    undo_gives_back(page, log1)
    assert not page_log.page_errors, page_log.page_errors
    page_log.assert_no_outside_requests()
