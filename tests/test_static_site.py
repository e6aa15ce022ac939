"""``nollab publish --static DIR``: the odds dashboard runs in Chromium with **every** request that
leaves 127.0.0.1 blocked (Voici + Pyodide, all bundled). Expected numbers by brute force (P. 28)."""
from __future__ import annotations

import functools
import http.server
import itertools
import subprocess
import sys
import tempfile
import threading
import time
from fractions import Fraction
from pathlib import Path

import pytest

from browser_support import free_port

pytestmark = pytest.mark.browser

CACHE = Path(tempfile.gettempdir()) / "nollab-publish-cache"  # downloads kept between runs


def clear_p(dice: int, accuracy: int, walkers: int) -> str:
    """P(at least ``walkers`` hits) with ``dice`` d6 at ``accuracy``+, by enumeration."""
    faces = list(itertools.product(range(1, 7), repeat=dice))
    f = Fraction(sum(sum(x >= accuracy for x in fs) >= walkers for fs in faces), len(faces))
    return f"{f.numerator}/{f.denominator}" if f.denominator != 1 else str(f.numerator)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("static") / "site"
    proc = subprocess.run([sys.executable, "-m", "nollab.cli", "publish", "--static", str(out),
                           "--cache", str(CACHE)], capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "wrote" in proc.stdout
    return out


def test_bad_static_dir_changes_nothing(tmp_path):
    (tmp_path / "keep.txt").write_text("mine")
    proc = subprocess.run([sys.executable, "-m", "nollab.cli", "publish", "--static", str(tmp_path)],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "exists and is not an empty folder" in proc.stderr
    assert [p.name for p in tmp_path.iterdir()] == ["keep.txt"]


def test_static_dashboard_runs_offline_in_chromium(site, browser):
    assert not list(site.rglob("*.html")) or all(
        "cdn." not in p.read_text(errors="ignore") for p in site.rglob("*.html"))
    port = free_port()
    handler = functools.partial(type("Quiet", (http.server.SimpleHTTPRequestHandler,),
                                     {"log_message": lambda *a: None}), directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{port}/"
    blocked: list[str] = []
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 1000}, service_workers="block")

        def route(r):
            url = r.request.url
            if url.startswith((base, "data:", "blob:")):
                r.continue_()
            else:
                blocked.append(url)
                r.abort()

        context.route("**/*", route)
        page = context.new_page()
        t0 = time.monotonic()
        page.goto(base + "voici/render/dashboard.html")
        page.wait_for_function(
            "v => { const e = document.querySelector('.nollab-odds-p-clear'); return e && e.dataset.value === v; }",
            arg=clear_p(2, 3, 2), timeout=300_000, polling=200)
        first = time.monotonic() - t0
        box = page.locator(".nollab-odds-target-walker input")
        box.fill("1")
        box.press("Enter")
        page.wait_for_function(
            "v => document.querySelector('.nollab-odds-p-clear').dataset.value === v",
            arg=clear_p(2, 3, 1), timeout=30_000, polling=100)
        context.close()
    finally:
        server.shutdown()
    assert blocked == [], blocked
    print(f"static site: first chart after {first:.1f} s, 0 outside requests")
