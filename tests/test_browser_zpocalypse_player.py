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
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_support import NOTEBOOKS, canvas_not_blank, open_voila

pytestmark = pytest.mark.browser

NOTEBOOK = NOTEBOOKS / "dashboard-play.ipynb"
PICKER = ".nollab-game-picker select"
MP = ".nollab-match-player"
BOARD = f"{MP} canvas.nollab-board"
NOTLD_BOARD = ".nollab-game-player canvas.nollab-board"
LOG = f"{MP} .nollab-log"
YIELD, ENTRANCE, OPEN = (0xD9, 0xB9, 0x3F), (0xF5, 0xF5, 0xF5), (0x8D, 0x8A, 0x7D)

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


def test_zpocalypse_city_draws_and_steps_in_the_play_dashboard(page, page_log, voila_server):
    url = voila_server(NOTEBOOK)
    open_voila(page, url, NOTLD_BOARD)
    labels = page.eval_on_selector_all(f"{PICKER} option", "os => os.map(o => o.textContent.replace(/\u00a0/g, ' '))")
    assert any(t.startswith("Zpocalypse") for t in labels), labels
    page.select_option(PICKER, index=next(i for i, t in enumerate(labels) if t.startswith("Zpocalypse")))
    page.wait_for_selector(BOARD, state="visible", timeout=60_000)
    canvas_not_blank(page, BOARD, timeout=30_000)
    page.wait_for_function(f"([s, rgb]) => ({_COUNT_JS.strip()})([s, rgb]) > 200",
                           arg=[BOARD, list(ENTRANCE)], timeout=30_000, polling=100)
    n = {k: page.evaluate(_COUNT_JS, [BOARD, list(rgb)]) for k, rgb in
         (("yield", YIELD), ("entrance", ENTRANCE), ("open", OPEN))}
    assert 1.6 < n["yield"] / n["entrance"] < 2.4, n
    assert 40 < n["open"] / n["entrance"] < 70, n

    page.wait_for_selector(LOG, state="visible")
    log0, hash0 = page.inner_text(LOG), page.evaluate(_HASH_JS, BOARD)
    step = page.locator(f"{MP} button:text-is('Step')")
    board_changed = log_changed = False
    log1 = log0
    for _ in range(12):
        log1, hash1 = page.inner_text(LOG), page.evaluate(_HASH_JS, BOARD)
        step.click()
        try:
            page.wait_for_function(
                f"([s, h, l, old]) => ({_HASH_JS.strip()})(s) !== h || document.querySelector(l).innerText !== old",
                arg=[BOARD, hash1, LOG, log1], timeout=5_000, polling=50)
        except PlaywrightTimeout:
            continue
        page.wait_for_timeout(300)
        board_changed |= page.evaluate(_HASH_JS, BOARD) != hash0
        if page.inner_text(LOG) != log1:
            log_changed = True
            break
    assert log_changed, (board_changed, log_changed)
    page.locator(f"{MP} button:text-is('Undo')").click()
    page.wait_for_function("([l, old]) => document.querySelector(l).innerText === old", arg=[LOG, log1],
                           timeout=10_000)
    assert not page_log.page_errors, page_log.page_errors
    page_log.assert_no_outside_requests()
