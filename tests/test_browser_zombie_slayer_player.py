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
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_support import NOTEBOOKS, canvas_not_blank, open_voila

pytestmark = pytest.mark.browser

NOTEBOOK = NOTEBOOKS / "dashboard-play.ipynb"
PICKER = ".nollab-game-picker select"
MP = ".nollab-match-player"
BOARD = f"{MP} canvas.nollab-board"
NOTLD_BOARD = ".nollab-game-player canvas.nollab-board"
LOG = f"{MP} .nollab-log"
#: nollab.packs.zombie_slayer.render: the Town Centre's ground, a card not yet entered, the green border
CENTRE, UNEXPLORED, BORDER = (0xB8, 0xA2, 0x7A), (0x6E, 0x63, 0x50), (0x2F, 0x8F, 0x3A)

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


def test_zombie_slayer_village_draws_and_steps_in_the_play_dashboard(page, page_log, voila_server):
    url = voila_server(NOTEBOOK)
    open_voila(page, url, NOTLD_BOARD)
    labels = page.eval_on_selector_all(f"{PICKER} option", "os => os.map(o => o.textContent.replace(/\u00a0/g, ' '))")
    assert any(t.startswith("Zombie Slayer") for t in labels), labels
    page.select_option(PICKER, index=next(i for i, t in enumerate(labels) if t.startswith("Zombie Slayer")))
    page.wait_for_selector(BOARD, state="visible", timeout=60_000)
    canvas_not_blank(page, BOARD, timeout=30_000)
    page.wait_for_function(f"([s, rgb]) => ({_COUNT_JS.strip()})([s, rgb]) > 200",
                           arg=[BOARD, list(UNEXPLORED)], timeout=30_000, polling=100)
    n = {k: page.evaluate(_COUNT_JS, [BOARD, list(rgb)]) for k, rgb in
         (("centre", CENTRE), ("unexplored", UNEXPLORED), ("border", BORDER))}
    assert 2.5 < n["unexplored"] / n["centre"] < 4.5, n
    assert 0.1 < n["border"] / n["centre"] < 0.5, n   # 4 strips of 6 x 0.28 squares vs ~34 squares

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
