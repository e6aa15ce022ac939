"""Every GamePlayer control in a real browser, at 1400x1000 and 1024x768 (issue 14).

Voilà serves ``notebooks/dashboard-play.ipynb`` on 127.0.0.1 to headless Debian Chromium. Each
control must act or say why it did not (the status line); the legend and the pieces must be
drawn (canvas pixels, ``getImageData``, always polled).

Where the pieces should be is worked out here, independently of the page: the same game (S1,
seed 1, the heuristic bot, which is seeded by the game seed) is played in this process to the
same point, and each Ghoul type's colour is looked for in the Zones where the engine put that
type -- and must be absent from the board when no Ghoul of that type is on it.
"""
from __future__ import annotations

import pytest

from browser_support import NOTEBOOKS, PageLog, canvas_not_blank, open_voila, zone_rects
from nollab.board import load_map
from nollab.render import ghoul_routes
from nollab.render.palette import BANNER, GHOUL_COLOUR, ROUTE, SELECT
from nollab.widgets.game_driver import Driver

pytestmark = pytest.mark.browser

NOTEBOOK = NOTEBOOKS / "dashboard-play.ipynb"
BOARD = "canvas.nollab-board"
LEGEND = "canvas.nollab-legend"
STATUS = ".nollab-status"
LOG = ".nollab-log"
VIEWPORTS = {"1400x1000": (1400, 1000), "1024x768": (1024, 768)}

_COUNT_JS = """
([sel, rects, rgb, tol]) => {
  const c = document.querySelector(sel);
  if (!c || !c.width || !c.height) return -1;
  const ctx = c.getContext('2d');
  let n = 0;
  for (const [x, y, w, h] of rects) {
    const d = ctx.getImageData(x, y, w, h).data;
    for (let i = 0; i < d.length; i += 4) {
      if (Math.abs(d[i] - rgb[0]) <= tol && Math.abs(d[i + 1] - rgb[1]) <= tol
          && Math.abs(d[i + 2] - rgb[2]) <= tol && d[i + 3] === 255) n++;
    }
  }
  return n;
}
"""


def rgb(hex_colour: str) -> list[int]:
    return [int(hex_colour[i:i + 2], 16) for i in (1, 3, 5)]


@pytest.fixture(scope="module")
def url(voila_server):
    return voila_server(NOTEBOOK)


@pytest.fixture(scope="module")
def s1():
    return load_map("S1")


@pytest.fixture(params=list(VIEWPORTS), ids=list(VIEWPORTS))
def vpage(browser, request):
    w, h = VIEWPORTS[request.param]
    context = browser.new_context(viewport={"width": w, "height": h})
    page = context.new_page()
    log = PageLog().attach(page)
    try:
        yield page, log
    finally:
        context.close()


def count(page, sel: str, rects, colour: str, tol: int = 0) -> int:
    return page.evaluate(_COUNT_JS, [sel, rects, rgb(colour), tol])


def wait_count(page, sel: str, rects, colour: str, at_least: int, timeout: float = 20_000) -> int:
    js = f"(a) => {{ const n = ({_COUNT_JS.strip()})(a); return n >= {at_least} ? n : false; }}"
    return page.wait_for_function(js, arg=[sel, rects, rgb(colour), 0], timeout=timeout, polling=100).json_value()


def whole(page, sel: str) -> list[list[int]]:
    w, h = page.evaluate(f"() => [document.querySelector('{sel}').width, document.querySelector('{sel}').height]")
    return [[0, 0, int(w), int(h)]]


def status(page) -> str:
    return page.inner_text(STATUS)


def click_and_wait(page, label: str, expect: str, timeout: float = 30_000) -> str:
    """Click the button ``label`` and wait until the status line contains ``expect``."""
    before = status(page)
    page.locator(f"button:text-is('{label}')").first.click()
    page.wait_for_function(
        "([sel, text, old]) => { const t = document.querySelector(sel).innerText;"
        " return t.includes(text) && t !== old; }",
        arg=[STATUS, expect, before], timeout=timeout, polling=50)
    return status(page)


def checkbox(page, text: str):
    return page.locator(f".widget-checkbox:has-text('{text}') input[type=checkbox]").first


def open_player(page, url: str) -> float:
    open_voila(page, url, BOARD)
    canvas_not_blank(page, BOARD, timeout=30_000)
    canvas_not_blank(page, LEGEND, timeout=30_000)
    page.wait_for_selector(STATUS, state="visible")
    return page.evaluate(f"() => document.querySelector('{BOARD}').width") / 12  # S1: 12 columns


def test_legend_and_distinct_pieces_are_drawn(vpage, url, s1):
    """The legend shows every Ghoul type in its colour; after one round the board shows each
    Ghoul type exactly in the Zones where the engine put it (P. 24), each Survivor in their Zone,
    and the round and Danger Level large."""
    page, log = vpage
    cell = open_player(page, url)
    legend = whole(page, LEGEND)
    for kind, colour in GHOUL_COLOUR.items():
        assert wait_count(page, LEGEND, legend, colour, 25) >= 25, kind
    assert count(page, LEGEND, legend, "#7a4a1e") >= 20  # a closed door's leaf
    assert count(page, LEGEND, legend, "#9fd3ee") >= 10  # a window's glass
    click_and_wait(page, "End of round", "to the end of the round")
    d = Driver("S1", 1)
    d.advance("round", "heuristic")
    view = d.view()
    assert view.round == 2
    page.wait_for_function("() => document.querySelector('.nollab-round').innerText === 'Round 2'")
    size = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.nollab-round')).fontSize)")
    assert size >= 24
    assert f"Danger {view.danger_level}" in page.inner_text(".nollab-danger-level")
    board = whole(page, BOARD)
    by_type: dict[str, list[str]] = {}
    for zone, kind, _n in view.ghouls:
        by_type.setdefault(kind, []).append(zone)
    assert by_type, "no Ghoul spawned in round 1: pick another seed for this test"
    for kind, zones in by_type.items():
        for zone in zones:
            assert wait_count(page, BOARD, zone_rects(s1, zone, cell, inset=1), GHOUL_COLOUR[kind], 15) >= 15, (kind, zone)
    for kind in set(GHOUL_COLOUR) - set(by_type):
        assert count(page, BOARD, board, GHOUL_COLOUR[kind]) == 0, kind
    for s in view.survivors:
        if s.alive and s.zone and not s.in_car:
            assert wait_count(page, BOARD, zone_rects(s1, s.zone, cell, inset=1), s.colour, 40) >= 40, s.name
    # played on to the end, round by round, the same game here: the Ghouls' moves of each
    # Ghouls' Phase (P. 23) stay traced as red arrows through the next Players' Phase
    traced = 0
    for _ in range(12):
        if d.over():
            break
        d.advance("round", "heuristic")
        click_and_wait(page, "End of round", "End of round: ")
        if not d.over() and ghoul_routes(d.game.events, since_kinds=("phase",)):
            assert wait_count(page, BOARD, board, ROUTE, 40) >= 40
            traced += 1
    assert d.over(), "S1 seed 1 does not end within 12 rounds: pick another seed for this test"
    assert traced, "no Ghoul moved before the end: pick another seed for this test"
    result = d.view().result
    assert wait_count(page, BOARD, board, BANNER[result], 2000) >= 2000
    assert ("Scene won" if result == "won" else "Scene lost") in page.inner_text(".nollab-scoreboard")
    assert "the game is over" in click_and_wait(page, "Step", "the game is over")
    assert not log.page_errors, log.page_errors
    log.assert_no_outside_requests()


def test_every_control_acts_or_says_why(vpage, url, s1):
    page, log = vpage
    cell = open_player(page, url)
    # Actions sit beside the board (not pushed under it) and no button is cut
    board_box = page.locator(BOARD).bounding_box()
    actions_box = page.locator(".nollab-actions").bounding_box()
    assert actions_box["x"] >= board_box["x"] + board_box["width"]
    cut = page.evaluate("""() => [...document.querySelectorAll('.nollab-actions button')].filter((b) => {
        const r = b.getBoundingClientRect(), p = b.closest('.nollab-actions').getBoundingClientRect();
        return b.scrollWidth > b.clientWidth + 1 || b.scrollHeight > b.clientHeight + 1
            || r.right > p.right + 1 || r.bottom > p.bottom + 1; }).map((b) => b.innerText)""")
    assert cut == []
    # Suggest: the best bot's choice, named and highlighted; the game does not move
    log0 = page.inner_text(LOG)
    best = Driver("S1", 1).suggester()  # the best registered bot: the planner, else the heuristic
    text = click_and_wait(page, "Suggest", f"Suggest ({best}): ")
    said = text.split(f"Suggest ({best}): ")[1].splitlines()[0].strip()
    page.wait_for_selector(".nollab-suggested")
    assert page.inner_text(".nollab-suggested").strip() == said
    assert page.inner_text(LOG) == log0
    # Next action, Step, Undo (to the decision), Undo one step
    click_and_wait(page, "Next action", "to the next player action")
    click_and_wait(page, "Step", "ran 1 step")
    click_and_wait(page, "Undo", "took back the last decision")
    checkbox(page, "undo single steps").check()
    page.locator("button:text-is('Undo')").click()
    page.wait_for_function("(sel) => { const t = document.querySelector(sel).innerText;"
                           " return t.includes('took back one step') || t.includes('nothing to undo'); }",
                           arg=STATUS, timeout=20_000)
    checkbox(page, "undo single steps").uncheck()
    # nobody plays for the Survivors: the run buttons stop at the decision and say so
    checkbox(page, "policy plays the survivors").uncheck()
    for label in ("Next action", "End of phase", "End of round"):
        text = click_and_wait(page, label, "must choose")
        assert "policy plays the survivors" in text
    # an action button acts
    first = page.locator(".nollab-actions button").first
    label = first.inner_text().strip()
    first.click()
    page.wait_for_function("([sel, t]) => document.querySelector(sel).innerText.includes('done: ' + t)",
                           arg=[STATUS, label], timeout=20_000)
    # a Zone that is no Move: selected, its outline drawn, and the status says why nothing moved
    zone = next(t.zone for t in s1.tokens.spawns if t.colour == "white")
    r, c = s1.board.zone(zone).cells[-1]
    page.locator(BOARD).scroll_into_view_if_needed()
    box = page.locator(BOARD).bounding_box()
    height = page.evaluate(f"() => document.querySelector('{BOARD}').height")
    page.mouse.click(box["x"] + (c + 0.5) * cell * box["width"] / (12 * cell),
                     box["y"] + (r + 0.85) * cell * box["height"] / height)
    page.wait_for_function("(sel) => document.querySelector(sel).innerText.includes('selected')", arg=STATUS,
                           timeout=20_000)
    assert "cannot Move there" in status(page) or "no Survivor is moving" in status(page)
    edge = [[x - 2, y - 2, w + 4, h + 4] for x, y, w, h in zone_rects(s1, zone, cell, inset=1)]
    assert wait_count(page, BOARD, edge, SELECT, 20) >= 20
    # auto-play: the policy plays; stop it again
    checkbox(page, "policy plays the survivors").check()
    log1 = page.inner_text(LOG)
    page.locator(".widget-play button").first.click()
    page.wait_for_function("(sel) => document.querySelector(sel).innerText.includes('auto-play')", arg=STATUS)
    page.wait_for_function("([sel, old]) => document.querySelector(sel).innerText !== old", arg=[LOG, log1],
                           timeout=20_000)
    page.locator(".widget-play button").nth(1).click()
    # the kernel says so once it has seen the pause, so no auto-play step can overwrite what follows
    page.wait_for_function("(sel) => document.querySelector(sel).innerText.includes('auto-play stopped')",
                           arg=STATUS, timeout=20_000)
    click_and_wait(page, "End of round", "to the end of the round")
    # picking a Scene starts it at once; New game starts again
    page.locator(".widget-dropdown:has(label:text-is('Scene')) select").select_option("S2")
    page.wait_for_function("(sel) => document.querySelector(sel).innerText.includes('new game: S2')", arg=STATUS,
                           timeout=30_000)
    assert "S2" in page.inner_text(".nollab-scoreboard")
    seed = page.locator(".widget-text:has(label:text-is('Seed')) input")
    seed.fill("2")
    seed.press("Enter")
    click_and_wait(page, "New game", "new game: S2, seed 2")
    assert not log.page_errors, log.page_errors
    log.assert_no_outside_requests()
