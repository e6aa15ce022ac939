"""Odds dashboard latency: input to redrawn chart, in the kernel and in a real browser (issue 6: < 100 ms).

Run: ``python bench/bench_odds_browser.py [--repeat 20] [--json]``

In the kernel: ``OddsPanel`` / ``SpawnPanel`` ``update()`` time (compute the exact odds + build the SVG
charts) over a spread of inputs. In the browser: Voilà serves ``notebooks/dashboard.ipynb`` to headless
Chromium (``/usr/bin/chromium``); the page gets a MutationObserver on the chart, the input box gets a new
value and a ``change`` event (the Dice box for attacks, Spawn Zones for spawns), and the latency is ``performance.now()`` at the chart's mutation minus at the
event (widget message to the kernel, recompute, state sync back, DOM update). Also: Voilà's time to the
first drawn numbers (``page.goto`` until the P(clear) value is visible).
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

from browser_support import NOTEBOOKS, launch_chromium, open_voila, voila_server  # noqa: E402

_MEASURE_JS = """
async ([inputCss, chartCss, value]) => {
  const chart = document.querySelector(chartCss);
  const box = document.querySelector(inputCss + ' input');
  const done = new Promise((resolve) => {
    const obs = new MutationObserver(() => { obs.disconnect(); resolve(performance.now()); });
    obs.observe(chart, {subtree: true, childList: true, characterData: true, attributes: true});
  });
  box.value = String(value);
  const t0 = performance.now();
  box.dispatchEvent(new Event('change', {bubbles: true}));
  const t1 = await Promise.race([done, new Promise((r) => setTimeout(() => r(null), 3000))]);
  return t1 === null ? null : t1 - t0;
}
"""


def summary(ms: list[float]) -> dict:
    ms = sorted(ms)
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    return {"n": len(ms), "median_ms": round(statistics.median(ms), 2), "p95_ms": round(p95, 2),
            "max_ms": round(ms[-1], 2)}


def bench_kernel(repeat: int) -> dict:
    from nollab.content import load_content
    from nollab.widgets.odds_panel import OddsPanel
    from nollab.widgets.spawn_panel import SpawnPanel

    content = load_content()
    odds = OddsPanel(content)
    cases = [("sawed_off:ranged", {"walker": 2, "fatty": 1}, False, 1),
             ("ithaca_m37:ranged", {"walker": 3, "fatty": 1}, True, 1),
             ("uzi:ranged", {"walker": 8, "fatty": 2}, True, 3),
             ("chainsaw:melee", {"walker": 6, "fatty": 3, "breaker": 2, "relative": 1}, False, 4),
             ("car:car", {"walker": 5, "fatty": 2}, False, 2)]
    attack_ms: list[float] = []
    for i in range(repeat):
        for weapon, target, plenty, actions in cases:
            odds.set_weapon(weapon)
            odds.w_plenty.value = plenty and weapon != "car:car"
            odds.w_actions.value = actions
            odds.set_target(**{**target, "walker": target.get("walker", 0) + i % 3}, friends=1)
            attack_ms.append(odds.last_update_ms)
    spawn = SpawnPanel(content)
    by_zones: dict[int, list[float]] = {}
    for zones in range(1, 7):
        for level in ("blue", "yellow", "orange", "red"):
            spawn._cache.clear()  # cold: no cached result
            spawn.w_level.value = level
            spawn.w_zones.value = zones
            by_zones.setdefault(zones, []).append(spawn.last_update_ms)
    return {"attack": summary(attack_ms),
            "spawn_by_zones": {z: summary(v) for z, v in by_zones.items()}}


def bench_browser(repeat: int) -> dict:
    from playwright.sync_api import sync_playwright

    out: dict = {}
    t0 = time.perf_counter()
    with voila_server(NOTEBOOKS / "dashboard.ipynb") as url:
        out["voila_start_s"] = round(time.perf_counter() - t0, 2)
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            t1 = time.perf_counter()
            open_voila(page, url, ".nollab-odds-summary .nollab-odds-p-clear")
            out["first_numbers_s"] = round(time.perf_counter() - t1, 2)
            # the Dice box: every new number of dice changes the hits chart (so there is a redraw to see)
            lat: list[float] = []
            for i in range(repeat):
                ms = page.evaluate(_MEASURE_JS, [".nollab-odds-dice", ".nollab-odds-chart-hits", 1 + (i % 6)])
                if ms is not None:
                    lat.append(ms)
            out["attack_input_to_chart"] = summary(lat) if lat else None
            page.locator(".lm-TabBar-tab", has_text="Spawn odds").click()
            page.wait_for_selector(".nollab-spawn-p-relative", state="visible")
            lat = []
            for i in range(repeat):
                ms = page.evaluate(_MEASURE_JS, [".nollab-spawn-zones", ".nollab-spawn-summary", 1 + ((i + 1) % 3)])
                if ms is not None:
                    lat.append(ms)
            out["spawn_input_to_chart_1_3_zones"] = summary(lat) if lat else None
            browser.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=20)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-browser", action="store_true", help="kernel timings only")
    args = ap.parse_args()
    result = {"kernel": bench_kernel(args.repeat)}
    if not args.no_browser:
        result["browser"] = bench_browser(args.repeat)
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    k = result["kernel"]
    print("odds dashboard latency (ms): median / p95 / max")
    a = k["attack"]
    print(f"  kernel  OddsPanel update (compute + SVG)   {a['median_ms']:7.2f} {a['p95_ms']:7.2f} {a['max_ms']:7.2f}  n={a['n']}")
    for z, s in k["spawn_by_zones"].items():
        print(f"  kernel  SpawnPanel update, {z} Spawn Zone(s)  {s['median_ms']:7.2f} {s['p95_ms']:7.2f} {s['max_ms']:7.2f}  (4 levels, cold)")
    b = result.get("browser")
    if b:
        print(f"  browser Voilà ready {b['voila_start_s']} s; page to first numbers {b['first_numbers_s']} s")
        for key in ("attack_input_to_chart", "spawn_input_to_chart_1_3_zones"):
            s = b[key]
            if s:
                print(f"  browser {key:35s} {s['median_ms']:7.2f} {s['p95_ms']:7.2f} {s['max_ms']:7.2f}  n={s['n']}")
            else:
                print(f"  browser {key:35s} no chart update observed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
