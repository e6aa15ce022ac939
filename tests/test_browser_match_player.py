"""The play dashboard's game picker and the MatchPlayer in a real browser: Voilà on 127.0.0.1
serving ``notebooks/dashboard-play.ipynb``, headless Debian Chromium, canvas pixels.

* Picking "Dead Panic" in the game picker draws its circular board on the canvas: the board is
  rings of equal width around the Cabin (p. 1: Woods, Clearing, Yard around the Cabin), so, read on
  the pixels, the outer ring covers more of the canvas than the next one in, and that one more
  than the Yard -- a property of the geometry, not of the drawing code;
* "Step" changes the board or the event log (a few clicks at most), "Undo" gives the log back;
* picking NOTLD again shows its board, drawn; no page error and no request outside 127.0.0.1.
"""
from __future__ import annotations

import pytest

from browser_support import (GAME_PICKER, MATCH_BOARD, NOTEBOOKS, canvas_not_blank, colour_counts, open_voila,
                             pick_game, step_until_logged, undo_gives_back)

pytestmark = pytest.mark.browser

NOTEBOOK = NOTEBOOKS / "dashboard-play.ipynb"
NOTLD_BOARD = ".nollab-game-player canvas.nollab-board"
#: the ring colours of the Dead Panic board (woods, clearing, yard)
RINGS = {"woods": (0x2F, 0x5A, 0x2C), "clearing": (0x6F, 0x9A, 0x4A), "yard": (0xB9, 0xA6, 0x6B)}


def test_dead_panic_board_draws_and_steps_in_the_play_dashboard(page, page_log, voila_server):
    open_voila(page, voila_server(NOTEBOOK), NOTLD_BOARD)
    canvas_not_blank(page, NOTLD_BOARD, timeout=30_000)
    labels = pick_game(page, "Dead Panic")
    page.wait_for_selector(MATCH_BOARD, state="visible", timeout=60_000)
    canvas_not_blank(page, MATCH_BOARD, timeout=30_000)
    n = colour_counts(page, RINGS, "yard", 5000)
    assert n["woods"] > n["clearing"] > n["yard"] > 5000, n

    # stepping: each Step is one atomic step; within a few the board and the log have changed
    board_changed, log_changed, log1 = step_until_logged(page)
    assert board_changed and log_changed, (board_changed, log_changed)
    # Undo takes the last step back: the log is as it was before it
    undo_gives_back(page, log1)

    # back to NOTLD: its board is drawn again
    page.select_option(GAME_PICKER,
                       index=next(i for i, t in enumerate(labels) if t.startswith("Night of the Living Dead")))
    page.wait_for_selector(NOTLD_BOARD, state="visible", timeout=30_000)
    canvas_not_blank(page, NOTLD_BOARD, timeout=30_000)
    assert not page_log.page_errors, page_log.page_errors
    page_log.assert_no_outside_requests()
