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
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_support import NOTEBOOKS, canvas_not_blank, open_voila

pytestmark = pytest.mark.browser

NOTEBOOK = NOTEBOOKS / "dashboard-play.ipynb"
PICKER = ".nollab-game-picker select"
DP = ".nollab-match-player"
DP_BOARD = f"{DP} canvas.nollab-board"
NOTLD_BOARD = ".nollab-game-player canvas.nollab-board"
DP_LOG = f"{DP} .nollab-log"
#: the ring colours of the Dead Panic board (woods, clearing, yard)
RINGS = {"woods": (0x2F, 0x5A, 0x2C), "clearing": (0x6F, 0x9A, 0x4A), "yard": (0xB9, 0xA6, 0x6B)}

_COUNT_JS = """
([sel, rgb]) => {
  const c = document.querySelector(sel);
  if (!c || !c.width) return 0;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4)
    if (d[i] === rgb[0] && d[i + 1] === rgb[1] && d[i + 2] === rgb[2] && d[i + 3] === 255) n++;
  return n;
}
"""

_HASH_JS = """
(sel) => {
  const c = document.querySelector(sel);
  if (!c || !c.width) return null;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 0;
  for (let i = 0; i < d.length; i += 7) h = (Math.imul(h, 31) + d[i]) | 0;
  return h;
}
"""


def test_dead_panic_board_draws_and_steps_in_the_play_dashboard(page, page_log, voila_server):
    url = voila_server(NOTEBOOK)
    open_voila(page, url, NOTLD_BOARD)
    canvas_not_blank(page, NOTLD_BOARD, timeout=30_000)
    labels = page.eval_on_selector_all(f"{PICKER} option", "os => os.map(o => o.textContent.replace(/\u00a0/g, ' '))")
    assert any(t.startswith("Dead Panic") for t in labels), labels
    page.select_option(PICKER, index=next(i for i, t in enumerate(labels) if t.startswith("Dead Panic")))
    page.wait_for_selector(DP_BOARD, state="visible", timeout=60_000)
    canvas_not_blank(page, DP_BOARD, timeout=30_000)
    page.wait_for_function(f"([s, rgb]) => ({_COUNT_JS.strip()})([s, rgb]) > 5000",
                           arg=[DP_BOARD, list(RINGS["yard"])], timeout=30_000, polling=100)
    n = {ring: page.evaluate(_COUNT_JS, [DP_BOARD, list(rgb)]) for ring, rgb in RINGS.items()}
    assert n["woods"] > n["clearing"] > n["yard"] > 5000, n

    # stepping: each Step is one atomic step; within a few the board and the log have changed
    page.wait_for_selector(DP_LOG, state="visible")
    log0, hash0 = page.inner_text(DP_LOG), page.evaluate(_HASH_JS, DP_BOARD)
    step = page.locator(f"{DP} button:text-is('Step')")
    board_changed = log_changed = False
    for _ in range(12):
        log1, hash1 = page.inner_text(DP_LOG), page.evaluate(_HASH_JS, DP_BOARD)
        step.click()
        try:
            page.wait_for_function(
                f"([s, h, l, old]) => ({_HASH_JS.strip()})(s) !== h || document.querySelector(l).innerText !== old",
                arg=[DP_BOARD, hash1, DP_LOG, log1], timeout=5_000, polling=50)
        except PlaywrightTimeout:  # a step that changes neither (an engine task): step again
            continue
        page.wait_for_timeout(300)  # let the rest of the frame land
        board_changed |= page.evaluate(_HASH_JS, DP_BOARD) != hash0
        if page.inner_text(DP_LOG) != log1:
            log_changed = True
            break
    assert board_changed and log_changed, (board_changed, log_changed)
    # Undo takes the last step back: the log is as it was before it
    page.locator(f"{DP} button:text-is('Undo')").click()
    page.wait_for_function("([l, old]) => document.querySelector(l).innerText === old", arg=[DP_LOG, log1],
                           timeout=10_000)

    # back to NOTLD: its board is drawn again
    page.select_option(PICKER, index=next(i for i, t in enumerate(labels) if t.startswith("Night of the Living Dead")))
    page.wait_for_selector(NOTLD_BOARD, state="visible", timeout=30_000)
    canvas_not_blank(page, NOTLD_BOARD, timeout=30_000)
    assert not page_log.page_errors, page_log.page_errors
    page_log.assert_no_outside_requests()
