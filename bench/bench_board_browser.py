"""Board dashboard timings in a real browser: Voilà time to first drawn board, click-to-redraw.

Run: ``python bench/bench_board_browser.py [--loads 3] [--repeat 15] [--json] [--voila-arg=...]``
(e.g. ``--voila-arg=--preheat_kernel=True --voila-arg=--pool_size=1`` to measure Voilà's kernel
pool, which runs the notebook before the page asks for it).

Voilà serves ``notebooks/dashboard-play.ipynb`` (the GamePlayer on Scene 1) to headless Debian
Chromium (``/usr/bin/chromium``), through the shared harness in ``tests/browser_support.py``.

* **first drawn board**: ``page.goto`` until the board canvas has a non-transparent pixel (each
  load starts a fresh kernel that runs the notebook, then the page connects and the board is
  drawn from ``on_client_ready``); **canvas in page** is the part until the canvas element exists.
* **zone click → redraw**: in the page, a ``mousedown`` + ``mouseup`` on a Zone is dispatched to the canvas and
  the canvas pixels are polled (``setTimeout(0)`` loop, a cheap hash) until they change:
  the message to the kernel, the hit-test, a new display list, the overlay layer's frame (one
  ``hold_canvas`` message), and the compositing in the browser. Clicking the same Zone toggles its
  selection, so every click redraws.
* **Step → log**: the Step button is clicked and a MutationObserver on the event log reports the
  first DOM change (the engine step, the board frame and the log update all happen in that round
  trip).
* **End of round → board**: one whole round played by the policy, then the board redrawn.
* **Suggest → status** and **Undo → status**: the button clicked, until the status line changes
  (Suggest asks the best registered bot; Undo takes back the last decision, after a *Next action*).
"""
from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import NOTEBOOKS, canvas_not_blank, launch_chromium, voila_server  # noqa: E402

BOARD = "canvas.nollab-board"

_HASH = """
const hash = (c) => {
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let h = 0;
  for (let i = 0; i < d.length; i += 7) h = (Math.imul(h, 31) + d[i]) | 0;
  return h;
};
"""

_ZONE_CLICK_JS = "async ([sel, x, y]) => {" + _HASH + """
  const c = document.querySelector(sel);
  const r = c.getBoundingClientRect();
  const h0 = hash(c);
  const t0 = performance.now();
  const at = {clientX: r.left + x * r.width / c.width, clientY: r.top + y * r.height / c.height, bubbles: true};
  c.dispatchEvent(new MouseEvent('mousedown', at));
  c.dispatchEvent(new MouseEvent('mouseup', at));  // the board reads a click at its release
  while (performance.now() - t0 < 10000) {
    await new Promise((res) => setTimeout(res, 0));
    if (hash(c) !== h0) return performance.now() - t0;
  }
  return null;
}
"""

_BUTTON_BOARD_JS = "async ([sel, label]) => {" + _HASH + """
  const c = document.querySelector(sel);
  const b = [...document.querySelectorAll('button')].find((e) => e.textContent.trim() === label);
  const h0 = hash(c);
  const t0 = performance.now();
  b.click();
  while (performance.now() - t0 < 20000) {
    await new Promise((res) => setTimeout(res, 0));
    if (hash(c) !== h0) return performance.now() - t0;
  }
  return null;
}
"""

_STEP_LOG_JS = """
async ([logSel, label]) => {
  const log = document.querySelector(logSel);
  const b = [...document.querySelectorAll('button')].find((e) => e.textContent.trim() === label);
  const done = new Promise((resolve) => {
    const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now()); });
    obs.observe(log, {subtree: true, childList: true, characterData: true});
  });
  const t0 = performance.now();
  b.click();
  const t1 = await Promise.race([done, new Promise((r) => setTimeout(() => r(null), 10000))]);
  return t1 === null ? null : t1 - t0;
}
"""


def _stats(xs: list[float]) -> dict:
    xs = [x for x in xs if x is not None]
    if not xs:
        return {"n": 0}
    return {"n": len(xs), "median": statistics.median(xs), "min": min(xs), "max": max(xs)}


def run(loads: int, repeat: int, voila_args: tuple[str, ...] = ()) -> dict:
    from playwright.sync_api import sync_playwright

    from nollab.board import load_map

    s1 = load_map("S1")
    white = next(t.zone for t in s1.tokens.spawns if t.colour == "white")
    (r, c) = s1.board.zone(white).cells[0]
    out: dict = {}
    with voila_server(NOTEBOOKS / "dashboard-play.ipynb", extra_args=voila_args) as url, sync_playwright() as pw:
        browser = launch_chromium(pw)
        try:
            firsts, visible = [], []
            page = None
            for _ in range(loads):
                if page is not None:
                    page.context.close()
                page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
                t0 = time.perf_counter()
                page.goto(url, wait_until="domcontentloaded", timeout=90_000)
                page.wait_for_selector(BOARD, state="visible", timeout=90_000)
                visible.append((time.perf_counter() - t0) * 1000)
                canvas_not_blank(page, BOARD, timeout=60_000)
                firsts.append((time.perf_counter() - t0) * 1000)
            out["canvas_in_page_ms"] = _stats(visible)
            out["first_board_ms"] = _stats(firsts)
            cell = page.evaluate(f"() => document.querySelector('{BOARD}').width") / s1.board.cols
            x, y = (c + 0.5) * cell, (r + 0.85) * cell
            out["zone_click_redraw_ms"] = _stats(
                [page.evaluate(_ZONE_CLICK_JS, [BOARD, x, y]) for _ in range(repeat)])
            out["step_to_log_ms"] = _stats(
                [page.evaluate(_STEP_LOG_JS, [".nollab-log", "Step"]) for _ in range(repeat)])
            # Suggest (the best bot answers; nothing changes but the status line) and Undo (back to
            # the previous decision): click to the first change of the status line
            sug, und = [], []
            for _ in range(repeat):
                sug.append(page.evaluate(_STEP_LOG_JS, [".nollab-status", "Suggest"]))
                page.evaluate(_STEP_LOG_JS, [".nollab-log", "Next action"])
                und.append(page.evaluate(_STEP_LOG_JS, [".nollab-status", "Undo"]))
            out["suggest_to_status_ms"] = _stats(sug)
            out["undo_to_status_ms"] = _stats(und)
            rounds = []
            for _ in range(max(3, repeat // 3)):
                if "Game over" in page.inner_text(".nollab-status"):
                    break
                rounds.append(page.evaluate(_BUTTON_BOARD_JS, [BOARD, "End of round"]))
            out["end_of_round_redraw_ms"] = _stats(rounds)
        finally:
            browser.close()
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--loads", type=int, default=3, help="page loads for the first-board time (default 3)")
    ap.add_argument("--repeat", type=int, default=15, help="clicks per latency measure (default 15)")
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ap.add_argument("--voila-arg", action="append", default=[], metavar="ARG",
                    help="extra Voilà option, repeatable (e.g. --voila-arg=--preheat_kernel=True)")
    args = ap.parse_args(argv)
    if args.loads < 1 or args.repeat < 1:
        ap.error("--loads and --repeat must be at least 1")
    res = run(args.loads, args.repeat, tuple(args.voila_arg))
    if args.json:
        print(json.dumps(res, indent=2))
        return 0
    print(f"{'measure':28} {'n':>3} {'median ms':>10} {'min':>8} {'max':>8}")
    for name, s in res.items():
        if not s.get("n"):
            print(f"{name:28} {0:>3} {'-':>10}")
            continue
        print(f"{name:28} {s['n']:>3} {s['median']:>10.1f} {s['min']:>8.1f} {s['max']:>8.1f}")
    click, first = res["zone_click_redraw_ms"], res["first_board_ms"]
    if click.get("n") and first.get("n"):
        print(f"first board / zone-click redraw = {first['median'] / click['median']:.0f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
