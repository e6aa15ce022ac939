"""A Scene's setup decision in the play dashboard, in a real browser (Voilà on 127.0.0.1, headless
Chromium): S3 "Spread Survivors in any way you see fit among the Survivor Starting Zones, with at
least 1 Survivor per Zone." (P. 35) shows as the pending Decision, one button per Starting Zone;
Suggest names the bot's answer without playing it; a click answers it and the next Survivor is asked.
"""
from __future__ import annotations

import pytest

from browser_support import NOTEBOOKS, PageLog, canvas_not_blank, open_voila
from nollab.rules.game import Game

pytestmark = pytest.mark.browser

NOTEBOOK = NOTEBOOKS / "dashboard-play.ipynb"
STATUS = ".nollab-status"
LOG = ".nollab-log"


@pytest.fixture(scope="module")
def url(voila_server):
    return voila_server(NOTEBOOK)


def wait_text(page, sel: str, text: str, timeout: float = 30_000) -> None:
    page.wait_for_function("([sel, t]) => { const e = document.querySelector(sel); return e && e.innerText.includes(t); }",
                           arg=[sel, text], timeout=timeout, polling=50)


def test_s3_spread_is_asked_in_the_play_dashboard_and_a_click_answers_it(browser, url):
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    log = PageLog().attach(page)
    open_voila(page, url, "canvas.nollab-board")
    canvas_not_blank(page, "canvas.nollab-board", timeout=30_000)
    seed = page.locator(".widget-text:has(label:text-is('Seed')) input")
    seed.fill("3")
    seed.press("Enter")
    page.locator(".widget-dropdown:has(label:text-is('Scene')) select").select_option("S3")
    wait_text(page, STATUS, "new game: S3")
    # the same game here: the engine's own Choice, its labels and default (independent of the page)
    choice = Game.new("S3", seed=3).pending
    assert choice.kind == "scene:start_zone" and choice.survivor == "barbra"
    wait_text(page, "body", "where does Barbra start?")
    for label in choice.labels:
        assert page.locator(f"button:text-is('{label}')").count() == 1, label
    # Suggest: the bot's answer is the default (the Scene file's split), the game does not move
    page.locator("button:text-is('Suggest')").first.click()
    wait_text(page, STATUS, f"Suggest (planner): {choice.prompt}: {choice.labels[choice.default]}")
    assert "where does Barbra start?" in page.inner_text("body")
    kitchen = choice.labels[choice.options.index("2R:K")]
    page.locator(f"button:text-is('{kitchen}')").first.click()
    wait_text(page, "body", "where does Ben start?")
    wait_text(page, LOG, "Barbra starts in 2R:K (kitchen)")
    assert not log.page_errors, log.page_errors
    log.assert_no_outside_requests()
