"""Browser test of the odds dashboard: Voilà serves ``notebooks/dashboard.ipynb`` to headless Chromium.

We change odds inputs the way a person does (pick a weapon, type numbers, press Enter, switch tabs)
and wait for the numbers on the page to become the exact expected values. Expected values are
computed here by brute force — every face of every die, every pair of Ghoul cards — with our own
reading of the rules (P. 26-28 Targeting Priority Order and Friendly Fire; P. 24 one card per Spawn
Zone, drawn without replacement), never with ``nollab.prob``.
"""
from __future__ import annotations

import itertools
import socket
import time
from fractions import Fraction

import pytest

from browser_support import NOTEBOOKS, open_voila

pytestmark = pytest.mark.browser

DASHBOARD = NOTEBOOKS / "dashboard.ipynb"


# -- independent oracles -----------------------------------------------------------------------------
def brute_ranged(n: int, accuracy: int, damage: int, zone: dict, friends: int = 0) -> dict:
    """Every face of n d6: P(clear), E[kills], E[hits], P(>=1 Friendly Fire Wound) for a Ranged attack.

    P. 27: Fatties (priority 1) take the hits first; a Damage-1 hit cannot eliminate a Fatty and is
    wasted on it, shielding the rest. P. 28: each miss wounds a Survivor in the Zone.
    """
    total = sum(zone.values())
    clear = kills_sum = hits_sum = ff = 0
    outcomes = 0
    for faces in itertools.product(range(1, 7), repeat=n):
        outcomes += 1
        hits = sum(f >= accuracy for f in faces)
        hits_sum += hits
        left, kills = hits, 0
        fat = zone.get("fatty", 0)
        if fat:
            if damage >= 2:
                k = min(left, fat)
                kills += k
                left -= k
                if k < fat:
                    left = 0
            else:
                left = 0
        kills += min(left, total - fat)
        kills_sum += kills
        clear += kills == total
        ff += friends > 0 and hits < n
    return {"p_clear": Fraction(clear, outcomes), "expected_kills": Fraction(kills_sum, outcomes),
            "expected_hits": Fraction(hits_sum, outcomes), "p_ff": Fraction(ff, outcomes)}


def brute_relative(level_index: int, zones: int) -> Fraction:
    """P(at least one Relative spawns) drawing ``zones`` cards from the 46-card deck (all + openings)."""
    from nollab.content import load_content

    deck = load_content().ghoul_deck  # the printed card data (the input), not an odds computation
    good = bad = 0
    for hand in itertools.combinations(deck, zones):
        if any(c.kind == "spawn" and c.ghoul == "relative" and c.counts[level_index] > 0 for c in hand):
            good += 1
        else:
            bad += 1
    return Fraction(good, good + bad)


def frac(f: Fraction) -> str:
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


# -- page helpers -------------------------------------------------------------------------------------
def wait_value(page, css: str, expected: str, timeout: float = 15_000) -> float:
    """Wait until ``span.css`` has ``data-value == expected``; return the wait in ms."""
    t0 = time.perf_counter()
    try:
        page.wait_for_function(
            "([css, v]) => { const e = document.querySelector(css); return e && e.dataset.value === v; }",
            arg=[css, expected], timeout=timeout, polling=10)
    except Exception as exc:
        seen = page.evaluate("(css) => { const e = document.querySelector(css); return e && e.dataset.value; }", css)
        raise AssertionError(f"{css}: expected {expected}, the page shows {seen}") from exc
    return (time.perf_counter() - t0) * 1000


def type_int(page, css: str, value: int) -> None:
    box = page.locator(f"{css} input")
    box.fill(str(value))
    box.press("Enter")


def test_odds_dashboard_exact_numbers_in_browser(voila_server, page, page_log):
    """P. 26-28: change weapon, dice and target in the page; the numbers become the brute-force values."""
    url = voila_server(DASHBOARD)
    open_voila(page, url, ".nollab-odds-summary .nollab-odds-p-clear")

    # The opening example (P. 28): the Sawed-Off (2 dice, 3+, Damage 1) into 2 Walkers, a friend there.
    start = brute_ranged(2, 3, 1, {"walker": 2}, friends=1)
    wait_value(page, ".nollab-odds-p-clear", frac(start["p_clear"]))
    wait_value(page, ".nollab-odds-expected-kills", frac(start["expected_kills"]))
    wait_value(page, ".nollab-odds-p-ff", frac(start["p_ff"]))

    # A Fatty joins: it soaks every Damage-1 hit, so the Zone is never cleared (P. 27 NOTE).
    type_int(page, ".nollab-odds-target-fatty", 1)
    wait_value(page, ".nollab-odds-p-clear", frac(brute_ranged(2, 3, 1, {"walker": 2, "fatty": 1})["p_clear"]))

    # Ithaca M37 (2 dice, 4+, Damage 2) at 1 Walker + 1 Fatty, one friend in the Zone.
    page.locator(".nollab-odds-weapon select").select_option(label=page.locator(
        ".nollab-odds-weapon option", has_text="Ithaca M37").first.inner_text())
    type_int(page, ".nollab-odds-target-walker", 1)
    type_int(page, ".nollab-odds-friends", 1)
    want = brute_ranged(2, 4, 2, {"walker": 1, "fatty": 1}, friends=1)
    wait_value(page, ".nollab-odds-p-clear", frac(want["p_clear"]))
    wait_value(page, ".nollab-odds-expected-kills", frac(want["expected_kills"]))
    wait_value(page, ".nollab-odds-expected-hits", frac(want["expected_hits"]))
    wait_value(page, ".nollab-odds-p-ff", frac(want["p_ff"]))

    # Hand-edit the Dice (an ad-hoc weapon now) and the Accuracy: 4 dice at 3+.
    type_int(page, ".nollab-odds-dice", 4)
    type_int(page, ".nollab-odds-accuracy", 3)
    want = brute_ranged(4, 3, 2, {"walker": 1, "fatty": 1}, friends=1)
    ms = wait_value(page, ".nollab-odds-p-clear", frac(want["p_clear"]))
    wait_value(page, ".nollab-odds-expected-kills", frac(want["expected_kills"]))
    wait_value(page, ".nollab-odds-p-ff", frac(want["p_ff"]))
    assert ms < 5_000

    # The hits chart carries the exact fraction on hover (an SVG <title>) for each outcome.
    p4 = Fraction(4 ** 4, 6 ** 4)  # all four dice hit at 3+
    title = page.locator(".nollab-odds-chart-hits g.nollab-bar[data-label='4'] title").text_content()
    assert title.startswith(f"4: {frac(p4)} ")

    page_log.assert_no_outside_requests()
    assert not page_log.page_errors, page_log.page_errors
    assert not page_log.real_console_errors(), page_log.real_console_errors()


def test_spawn_tab_exact_relative_odds_in_browser(voila_server, page, page_log):
    """P. 24: one Ghoul card per Spawn Zone, without replacement; P(a Relative) matches brute force."""
    url = voila_server(DASHBOARD)
    open_voila(page, url, ".nollab-odds-summary .nollab-odds-p-clear")
    page.locator(".lm-TabBar-tab", has_text="Spawn odds").click()
    page.wait_for_selector(".nollab-spawn-p-relative", state="visible")
    wait_value(page, ".nollab-spawn-p-relative", frac(brute_relative(1, 1)))  # Yellow, 1 Zone
    type_int(page, ".nollab-spawn-zones", 2)
    page.locator(".nollab-spawn-level select").select_option(label="Red")
    wait_value(page, ".nollab-spawn-p-relative", frac(brute_relative(3, 2)))
    page_log.assert_no_outside_requests()
    assert not page_log.page_errors, page_log.page_errors


def test_nollab_dashboard_command_serves_the_odds_in_browser(page, page_log, tmp_path):
    """The README's main job: ``nollab dashboard`` prints the URL, Voilà serves it, SIGTERM stops it all."""
    import os
    import signal
    import subprocess
    import sys
    import urllib.error
    import urllib.request

    from browser_support import free_port, isolated_jupyter_env

    port = free_port()
    log_path = tmp_path / "dashboard.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "nollab.cli", "dashboard", "--port", str(port)],
                                stdout=log, stderr=subprocess.STDOUT, env=isolated_jupyter_env(tmp_path),
                                start_new_session=True)
    url = f"http://127.0.0.1:{port}/voila/render/dashboard.ipynb"
    try:
        deadline = time.monotonic() + 90
        ready = False
        while time.monotonic() < deadline and not ready:
            assert proc.poll() is None, log_path.read_text()
            text = log_path.read_text(errors="replace")
            if url in text and "is running at" in text:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{port}/voila/static/extension.js", timeout=2)
                    ready = True
                except urllib.error.HTTPError:
                    ready = True
                except OSError:
                    pass
            time.sleep(0.1)
        assert ready, log_path.read_text()
        open_voila(page, url, ".nollab-odds-summary .nollab-odds-p-clear")
        type_int(page, ".nollab-odds-target-fatty", 0)  # Sawed-Off at 2 Walkers: both dice must hit at 3+
        want = brute_ranged(2, 3, 1, {"walker": 2})
        wait_value(page, ".nollab-odds-p-clear", frac(want["p_clear"]))
        page_log.assert_no_outside_requests()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            code = proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            raise
    assert code == 0
    with socket.socket() as s:  # Voilà (the child) is gone too: nobody listens on the port any more
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # ignore TIME_WAIT leftovers
        s.bind(("127.0.0.1", port))
