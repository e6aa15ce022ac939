"""The GamePlayer dashboard in a real browser: Voilà on 127.0.0.1, headless Debian Chromium.

What is checked on canvas pixels (``getImageData``, always polled):
* the board is drawn (not blank) although Voilà ran the notebook before the page connected
  (draw from ``on_client_ready``; ipycanvas #322 workaround), and again after a page reload;
* the white Spawn token's colour (#ffffff) shows inside the white Spawn Zone of Scene 1 (P. 24),
  located from the map file through nollab.board — not from the renderer;
* clicking "Step" changes the board and the event log; hovering a Zone names it, clicking draws
  its selection;
* a preheated Voilà kernel (the notebook ran before any page asked) still gives a drawn board;
* the page asks nothing outside 127.0.0.1 except Voilà's known Font Awesome stylesheet.
"""
from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from browser_support import CANVAS_HASH_JS, NOTEBOOKS, VoilaServer, canvas_not_blank, open_voila, zone_rects
from nollab.board import load_map

pytestmark = pytest.mark.browser

NOTEBOOK = NOTEBOOKS / "dashboard-play.ipynb"
BOARD = "canvas.nollab-board"
LOG = ".nollab-log"
WHITE = (255, 255, 255)
SELECT_BLUE = (0x0A, 0x84, 0xFF)  # the selection outline colour (nollab.render.palette.SELECT)

_COUNT_JS = """
([sel, rects, rgb, tol, atLeast]) => {
  const c = document.querySelector(sel);
  if (!c || !c.width || !c.height) return false;
  const ctx = c.getContext('2d');
  let n = 0;
  for (const [x, y, w, h] of rects) {
    const d = ctx.getImageData(x, y, w, h).data;
    for (let i = 0; i < d.length; i += 4) {
      if (Math.abs(d[i] - rgb[0]) <= tol && Math.abs(d[i + 1] - rgb[1]) <= tol
          && Math.abs(d[i + 2] - rgb[2]) <= tol && d[i + 3] === 255) n++;
    }
  }
  return n >= atLeast ? n : false;
}
"""



@pytest.fixture(scope="module")
def url(voila_server):
    return voila_server(NOTEBOOK)


@pytest.fixture(scope="module")
def s1():
    return load_map("S1")




def cell_size(page, scene_map) -> float:
    width = page.evaluate(f"() => document.querySelector('{BOARD}').width")
    return width / scene_map.board.cols


def count_colour(page, rects, rgb, at_least: int, timeout: float = 20_000) -> int:
    handle = page.wait_for_function(_COUNT_JS, arg=[BOARD, rects, list(rgb), 0, at_least],
                                    timeout=timeout, polling=100)
    return handle.json_value()


def open_board(page, url) -> None:
    open_voila(page, url, BOARD)
    canvas_not_blank(page, BOARD, timeout=30_000)
    # the whole board in view: a click focuses the canvas, and a canvas cut by the window's edge
    # would scroll under the mouse between the press and the kernel's hit-test
    page.evaluate(f"() => document.querySelector('{BOARD}').scrollIntoView({{block: 'center'}})")


def white_zone(scene_map) -> str:
    (zone,) = [t.zone for t in scene_map.tokens.spawns if t.colour == "white"]
    return zone


def test_board_is_drawn_with_the_white_spawn_token_in_its_zone(page, page_log, url, s1):
    """P. 24: the white Spawn token marks the starting Spawn Zone; Voilà draws after connecting."""
    open_board(page, url)
    cell = cell_size(page, s1)
    assert cell > 20
    # a token of ~15x15 px: at least 80 pure-white pixels inside the zone's cells
    assert count_colour(page, zone_rects(s1, white_zone(s1), cell), WHITE, 80) >= 80
    # and none such block in a red Spawn Zone (the red token is red there)
    red_zone = next(t.zone for t in s1.tokens.spawns if t.colour == "red")
    red = page.evaluate(_COUNT_JS, [BOARD, zone_rects(s1, red_zone, cell), list(WHITE), 0, 0])
    assert red < 80
    assert count_colour(page, zone_rects(s1, red_zone, cell), (0xD7, 0x26, 0x2E), 80) >= 80
    assert not page_log.page_errors, page_log.page_errors
    page_log.assert_no_outside_requests()


def test_step_button_changes_board_and_event_log(page, page_log, url):
    open_board(page, url)
    page.wait_for_selector(LOG, state="visible")
    log0 = page.inner_text(LOG)
    before = page.evaluate(CANVAS_HASH_JS, BOARD)
    clicks = 0
    changed = False
    while clicks < 8 and not changed:
        page.click("button:text-is('Step')")
        clicks += 1
        try:
            page.wait_for_function(f"([s, h]) => ({CANVAS_HASH_JS.strip()})(s) !== h", arg=[BOARD, before],
                                   timeout=4_000, polling=50)
            changed = True
        except PlaywrightTimeout:  # this step changed no pixel (e.g. a Search): step again
            continue
    assert changed, f"the board never changed after {clicks} Step clicks"
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old",
                           arg=[LOG, log0], timeout=10_000)
    assert page.inner_text(LOG) != log0
    assert not page_log.page_errors, page_log.page_errors
    page_log.assert_no_outside_requests()


def test_hover_names_the_zone_and_clicking_selects_it(page, url, s1):
    """Hover → the Zone's tooltip; click → zone: the white Spawn Zone is not a legal Move at the
    start, so it gets selected (blue outline) and its line of sight drawn."""
    open_board(page, url)
    cell = cell_size(page, s1)
    zone = white_zone(s1)
    r, c = s1.board.zone(zone).cells[-1]
    rects = zone_rects(s1, zone, cell)
    assert page.evaluate(_COUNT_JS, [BOARD, rects, list(SELECT_BLUE), 0, 0]) == 0
    page.locator(BOARD).scroll_into_view_if_needed()  # a player sees the Zone they click
    box = page.locator(BOARD).bounding_box()
    height = page.evaluate(f"() => document.querySelector('{BOARD}').height")
    x = box["x"] + (c + 0.5) * cell * box["width"] / (s1.board.cols * cell)
    y = box["y"] + (r + 0.85) * cell * box["height"] / height
    page.mouse.move(x, y)
    label = s1.board.zone(zone).label
    page.wait_for_function("([sel, text]) => document.querySelector(sel).innerText.includes(text)",
                           arg=[".nollab-board-hover", label], timeout=10_000)
    page.mouse.click(x, y)
    edge = [[int(x), int(y), int(w), int(h)] for x, y, w, h in
            ([x - 2, y - 2, w + 4, h + 4] for x, y, w, h in rects)]
    assert count_colour(page, edge, SELECT_BLUE, 20) >= 20


def test_reload_draws_the_board_again(page, page_log, url, s1):
    """A page reload is a new client (and a new kernel): the board must be drawn again."""
    open_board(page, url)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_selector(BOARD, state="visible", timeout=90_000)
    canvas_not_blank(page, BOARD, timeout=30_000)
    cell = cell_size(page, s1)
    assert count_colour(page, zone_rects(s1, white_zone(s1), cell), WHITE, 80) >= 80
    assert not page_log.page_errors, page_log.page_errors
    page_log.assert_no_outside_requests()


@pytest.fixture(scope="module")
def preheated_url():
    """Voilà with a pool of pre-executed kernels: the notebook ran long before any page connects,
    the hardest case of the blank-canvas trap (the board must come from on_client_ready)."""
    server = VoilaServer(NOTEBOOK, extra_args=("--preheat_kernel=True", "--pool_size=1"))
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


def test_board_is_drawn_from_a_preheated_kernel(page, page_log, preheated_url, s1):
    open_board(page, preheated_url)
    cell = cell_size(page, s1)
    assert count_colour(page, zone_rects(s1, white_zone(s1), cell), WHITE, 80) >= 80
    assert not page_log.page_errors, page_log.page_errors
