"""Load test of ``nollab dashboard``: N visitors at once open the odds dashboard in headless Chromium.

    python bench/bench_publish_load.py                 # 1, 4 and 16 visitors, pool = visitors
    python bench/bench_publish_load.py --visitors 4 --pool 1

For each N: a fresh ``nollab dashboard --only odds --pool P`` on 127.0.0.1, N pages opened at the same
moment (one browser, one context each), the time from ``goto`` to the first drawn chart (an SVG bar
of the hits chart) per visitor -> p50/p95; the server's memory (Voilà + its kernels, RSS from /proc)
idle before, with the N visitors, and after they close their tabs, polled until it is back to the
idle baseline (within 10 %) or 60 s pass; the kernels left behind. Everything stays on 127.0.0.1,
bounded in count and time. Say what else ran on the machine when you quote the numbers.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser_support import free_port, isolated_jupyter_env, launch_chromium  # noqa: E402

CHART = ".nollab-odds-chart-hits g.nollab-bar"


def tree(pid: int) -> list[int]:
    """``pid`` and all its descendants (from /proc)."""
    kids: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat[stat.rindex(")") + 2:].split()[1])
            kids.setdefault(ppid, []).append(int(d.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out


def rss_mb(pid: int) -> float:
    total = 0
    for p in tree(pid):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def kernels(pid: int) -> int:
    n = 0
    for p in tree(pid):
        try:
            n += b"ipykernel" in Path(f"/proc/{p}/cmdline").read_bytes()
        except OSError:
            pass
    return n


def run_once(visitors: int, pool: int) -> dict:
    from playwright.sync_api import sync_playwright

    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="nollab-load-"))
    log = open(tmp / "log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "nollab.cli", "dashboard", "--only", "odds", "--port", str(port),
                             "--pool", str(pool), "--cull-idle", "30"], stdout=log, stderr=subprocess.STDOUT,
                            env=isolated_jupyter_env(tmp), start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while kernels(proc.pid) < max(pool, 0) or "is running at" not in (tmp / "log").read_text(errors="replace"):
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError((tmp / "log").read_text(errors="replace")[-2000:])
            time.sleep(0.5)
        time.sleep(3)
        idle = rss_mb(proc.pid)
        url = f"http://127.0.0.1:{port}/"
        with sync_playwright() as pw:
            browser = launch_chromium(pw)
            pages = [browser.new_context().new_page() for _ in range(visitors)]
            times: list[float] = [0.0] * visitors
            t0 = time.monotonic()
            # Playwright's sync API is single-threaded: start every navigation, then wait for each
            for p in pages:
                p.evaluate(f"window.location.href = {url!r}")
            pending = set(range(visitors))
            while pending and time.monotonic() - t0 < 180:
                for i in list(pending):
                    try:
                        if pages[i].locator(CHART).count():
                            times[i] = time.monotonic() - t0
                            pending.discard(i)
                    except Exception:
                        pass
                time.sleep(0.05)
            busy = rss_mb(proc.pid)
            k_busy = kernels(proc.pid)
            for p in pages:
                p.close(run_before_unload=True)
            t_left = time.monotonic()
            back = None
            while time.monotonic() - t_left < 60:
                if rss_mb(proc.pid) <= idle * 1.10 and kernels(proc.pid) <= max(pool, 0) + 0:
                    back = time.monotonic() - t_left
                    break
                time.sleep(1)
            browser.close()
        done = sorted(t for t in times if t)
        return {"visitors": visitors, "pool": pool, "served": len(done),
                "p50": statistics.median(done) if done else None,
                "p95": done[max(0, int(round(0.95 * len(done))) - 1)] if done else None,
                "idle_mb": idle, "busy_mb": busy, "per_visitor_mb": (busy - idle) / visitors,
                "kernels_busy": k_busy, "back_to_idle_s": back, "kernels_after": kernels(proc.pid)}
    finally:
        proc.terminate()
        try:
            proc.wait(40)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--visitors", type=int, nargs="*", default=[1, 4, 16])
    ap.add_argument("--pool", type=int, default=None, help="warm kernels (default: as many as visitors)")
    a = ap.parse_args()
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")
    print("visitors pool served  p50 s  p95 s  idle MB  busy MB  MB/visitor  back-to-idle s  kernels left")
    for n in a.visitors:
        if not 1 <= n <= 32:
            raise SystemExit("--visitors: 1..32")
        r = run_once(n, a.pool if a.pool is not None else n)
        back = f"{r['back_to_idle_s']:.0f}" if r["back_to_idle_s"] is not None else ">60"
        print(f"{n:8d} {r['pool']:4d} {r['served']:6d} {r['p50'] or 0:6.2f} {r['p95'] or 0:6.2f} "
              f"{r['idle_mb']:8.0f} {r['busy_mb']:8.0f} {r['per_visitor_mb']:11.0f} {back:>15} "
              f"{r['kernels_after'] - r['pool']:13d}", flush=True)


if __name__ == "__main__":
    main()
