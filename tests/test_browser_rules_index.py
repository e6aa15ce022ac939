"""The GamePlayer's event log links every rulebook page to its rules index entry (issue 19), in a
real browser: Voilà on 127.0.0.1, headless Debian Chromium. A click on a page reference opens the
entry in place (no script, no server route), and the entry names the code of that page."""
from __future__ import annotations

import re

import pytest

from browser_support import NOTEBOOKS, canvas_not_blank, open_voila

pytestmark = pytest.mark.browser

NOTEBOOK = NOTEBOOKS / "dashboard-play.ipynb"
SUMMARY = ".nollab-log details.nollab-page > summary"
ENTRY = ".nollab-log details.nollab-page[open] .nollab-rule-entry"


def test_a_page_reference_in_the_event_log_opens_its_index_entry(page, page_log, voila_server):
    url = voila_server(NOTEBOOK)
    open_voila(page, url, "canvas.nollab-board")
    canvas_not_blank(page, "canvas.nollab-board", timeout=30_000)
    page.wait_for_selector(SUMMARY, state="visible", timeout=30_000)
    assert page.locator(ENTRY).count() == 0  # closed until clicked
    first = page.locator(SUMMARY).first
    label = first.inner_text()
    assert re.fullmatch(r"\(P\. \d+\)", label), label
    first.click()
    page.wait_for_selector(ENTRY, state="visible", timeout=10_000)
    text = page.locator(ENTRY).first.inner_text()
    n = label[4:-1]
    assert text.startswith(f"P. {n} — ")
    assert f"index: docs/rules-index.md#p-{n}" in text
    assert "code:" in text or "logged by" in text
    first.click()  # and closes again
    page.wait_for_function(f"() => !document.querySelector('{ENTRY}')", timeout=10_000)
    assert not page_log.page_errors, page_log.page_errors
    page_log.assert_no_outside_requests()
