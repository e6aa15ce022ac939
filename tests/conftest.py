"""Shared pytest fixtures: Voilà servers, headless Chromium, recorded pages.

The harness itself (and its documented API) is in ``tests/browser_support.py``; these fixtures
only give it pytest lifetimes. Nothing here is imported unless a test asks for it, so unit tests
never pay for Playwright or Voilà.
"""
from __future__ import annotations

import os
from typing import Any, Callable, Iterator

import pytest

from browser_support import CHROMIUM, CHROMIUM_MISSING, PageLog, VoilaServer, launch_chromium


@pytest.fixture(scope="session")
def voila_server() -> Iterator[Callable[[Any], str]]:
    """Factory ``voila_server(notebook_path) -> base_url``: one Voilà per notebook for the session."""
    servers: dict[str, VoilaServer] = {}

    def start(notebook_path: Any) -> str:
        key = os.fspath(notebook_path)
        if key not in servers:
            server = VoilaServer(notebook_path)
            server.start()
            servers[key] = server
        return servers[key].url

    yield start
    for server in servers.values():
        server.stop()


@pytest.fixture(scope="session")
def _playwright() -> Iterator[Any]:
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(CHROMIUM_MISSING, pytrace=False)
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    try:
        yield pw
    finally:
        pw.stop()


@pytest.fixture(scope="session")
def browser(_playwright: Any) -> Iterator[Any]:
    """Headless Debian Chromium (``/usr/bin/chromium``); FAILS with an install hint when missing."""
    b = launch_chromium(_playwright)
    try:
        yield b
    finally:
        b.close()


@pytest.fixture
def _page_and_log(browser: Any) -> Iterator[tuple[Any, PageLog]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    log = PageLog().attach(page)
    try:
        yield page, log
    finally:
        context.close()


@pytest.fixture
def page(_page_and_log: tuple[Any, PageLog]) -> Any:
    """A fresh Playwright page whose requests and errors are recorded in ``page_log``."""
    return _page_and_log[0]


@pytest.fixture
def page_log(_page_and_log: tuple[Any, PageLog]) -> PageLog:
    """The :class:`browser_support.PageLog` of the ``page`` fixture."""
    return _page_and_log[1]
