"""Load test of ``nollab dashboard``: N visitors at once open the odds dashboard.

    python bench/bench_publish_load.py                 # 1, 4 and 16 visitors, pool = visitors, both clients
    python bench/bench_publish_load.py --visitors 4 --pool 1 --client chromium

Two kinds of visitor (``--client``):

* ``chromium``: N pages in one headless Chromium, each in its own context -- what a person sees, but
  the N browsers' own work (parsing Voilà's bundle, building ~300 widget views: about 4 CPU-seconds a
  page) runs on the server's cores too, which a real visitor's machine does for itself;
* ``protocol``: what the server does for a visitor, without a browser: the page's HTML, the kernel's
  websocket, the widget control comm (``request_states``, exactly as the page's widget manager asks)
  until the state holding the first chart (a hits-chart bar) has arrived; then the tab closes as the
  page does (the kernel-shutdown post with the page's ``_xsrf`` cookie).

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
CLIENTS = ("protocol", "chromium")


def _proc(p: int, name: str) -> bytes | None:
    """``/proc/<p>/<name>``, or ``None`` when that process ended between listing the tree and reading
    it (a kernel culled or a helper exiting: it simply no longer counts)."""
    try:
        return Path(f"/proc/{p}/{name}").read_bytes()
    except OSError:
        return None


def tree(pid: int) -> list[int]:
    """``pid`` and all its descendants (from /proc)."""
    kids: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        stat = _proc(int(d.name), "stat") if d.name.isdigit() else None
        if stat is not None:
            ppid = int(stat[stat.rindex(b")") + 2:].split()[1])
            kids.setdefault(ppid, []).append(int(d.name))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out


def rss_mb(pid: int) -> float:
    """Resident memory of the process tree of ``pid``, in MB (VmRSS of each live process)."""
    total = 0
    for p in tree(pid):
        status = _proc(p, "status")
        for line in (status or b"").splitlines():
            if line.startswith(b"VmRSS:"):
                total += int(line.split()[1])
    return total / 1024


def cpu_s(pid: int, window: float) -> float:
    """CPU seconds the process tree of ``pid`` uses during the next ``window`` seconds."""
    hz = os.sysconf("SC_CLK_TCK")

    def total() -> int:
        t = 0
        for p in tree(pid):
            stat = _proc(p, "stat")
            if stat is not None:  # utime + stime: fields 14 and 15, counted after the ")" of the name
                f = stat[stat.rindex(b")") + 2:].split()
                t += int(f[11]) + int(f[12])
        return t

    t0 = total()
    time.sleep(window)
    return (total() - t0) / hz


def wait_quiet(pid: int, deadline: float) -> None:
    """Wait (until ``deadline``) for the tree of ``pid`` to use under 0.1 CPU-second per second over 2 s."""
    while time.monotonic() < deadline and cpu_s(pid, 2.0) > 0.2:
        continue


def kernels(pid: int) -> int:
    """How many ipykernel processes run under ``pid``."""
    return sum(b"ipykernel" in (_proc(p, "cmdline") or b"") for p in tree(pid))


def _message(session: str, msg_type: str, content: dict, metadata: dict | None = None) -> str:
    """One Jupyter message on the kernel websocket's JSON form (shell channel)."""
    import datetime
    import json
    import uuid
    return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "username": "visitor", "session": session,
                                  "msg_type": msg_type, "version": "5.3",
                                  "date": datetime.datetime.now(datetime.timezone.utc).isoformat()},
                       "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell",
                       "buffers": []})


async def _protocol_visit(url: str, t0: float, timeout: float) -> tuple[float, str]:
    """One visitor without a browser: (seconds from t0 to the first chart's state, kernel id)."""
    import json
    import re
    import uuid

    from tornado.httpclient import AsyncHTTPClient
    from tornado.websocket import websocket_connect

    page = await AsyncHTTPClient().fetch(url, request_timeout=timeout)
    kid = re.search(r'"kernelId": "([0-9a-f-]+)"', page.body.decode()).group(1)
    session, comm = uuid.uuid4().hex, uuid.uuid4().hex
    ws = await websocket_connect(url.replace("http", "ws", 1) + f"api/kernels/{kid}/channels?session_id={session}")
    await ws.write_message(_message(session, "comm_open", {"comm_id": comm, "target_name": "jupyter.widget.control",
                                                           "data": {}}, {"version": "1.0.0"}))
    await ws.write_message(_message(session, "comm_msg", {"comm_id": comm, "data": {"method": "request_states"}}))
    try:
        while True:
            raw = await ws.read_message()
            if raw is None:
                raise RuntimeError(f"kernel {kid}: websocket closed before the widget states came")
            if isinstance(raw, bytes):
                continue
            m = json.loads(raw)
            if m["header"]["msg_type"] == "comm_msg" and m["content"].get("comm_id") == comm:
                states = m["content"]["data"].get("states", {})
                if not any("nollab-bar" in str(s.get("state", {}).get("value", "")) for s in states.values()):
                    raise RuntimeError(f"kernel {kid}: no chart in the {len(states)} widget states")
                return time.monotonic() - t0, kid
    finally:
        ws.close()


async def _protocol_leave(url: str, kid: str) -> None:
    """Close the tab as the page does: the kernel-shutdown post with the page's own ``_xsrf`` cookie."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    token = "0123456789abcdef0123456789abcdef"
    req = HTTPRequest(url + f"voila/api/shutdown/{kid}", method="POST", body=f"_xsrf={token}",
                      headers={"Cookie": f"_xsrf={token}", "Content-Type": "application/x-www-form-urlencoded"})
    await AsyncHTTPClient().fetch(req, raise_error=True)


def _visit_protocol(url: str, visitors: int, timeout: float = 180) -> tuple[list[float], list[str]]:
    import asyncio

    from tornado.httpclient import AsyncHTTPClient

    async def all_visits() -> list:
        AsyncHTTPClient.configure(None, max_clients=max(10, 2 * visitors))
        t0 = time.monotonic()
        return await asyncio.gather(*(_protocol_visit(url, t0, timeout) for _ in range(visitors)),
                                    return_exceptions=True)

    got = asyncio.run(all_visits())
    errors = [g for g in got if isinstance(g, BaseException)]
    if errors:
        print(f"  {len(errors)} protocol visitor(s) failed: {errors[0]!r}", file=sys.stderr)
    ok = [g for g in got if not isinstance(g, BaseException)]
    return [t for t, _ in ok], [k for _, k in ok]


def _leave_protocol(url: str, kids: list[str]) -> None:
    import asyncio

    async def all_leave() -> None:
        await asyncio.wait_for(asyncio.gather(*(_protocol_leave(url, k) for k in kids)), 60)

    asyncio.run(all_leave())


def run_once(visitors: int, pool: int, client: str = "chromium") -> dict:
    port = free_port()
    tmp = Path(tempfile.mkdtemp(prefix="nollab-load-"))
    log = open(tmp / "log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "nollab.cli", "dashboard", "--only", "odds", "--port", str(port),
                             "--pool", str(pool), "--cull-idle", "30"], stdout=log, stderr=subprocess.STDOUT,
                            env=isolated_jupyter_env(tmp), start_new_session=True)
    try:
        deadline = time.monotonic() + 300
        # ready = serving, and every warm kernel has run the dashboard (Voilà logs the pool as filled)
        ready = f"is filled with {pool} kernel" if pool else "is running at"
        while ready not in (tmp / "log").read_text(errors="replace"):
            if time.monotonic() > deadline or proc.poll() is not None:
                raise RuntimeError((tmp / "log").read_text(errors="replace")[-2000:])
            time.sleep(0.5)
        # "filled" is logged when the kernels are started, not when each has run the dashboard: wait
        # until the server and its kernels are quiet (< 0.1 CPU-second per second over 2 s)
        wait_quiet(proc.pid, deadline)
        idle = rss_mb(proc.pid)
        url = f"http://127.0.0.1:{port}/"
        if client == "protocol":
            done, kids = _visit_protocol(url, visitors)
            busy, k_busy = rss_mb(proc.pid), kernels(proc.pid)
            _leave_protocol(url, kids)
            t_left = time.monotonic()
            back = _back_to_idle(proc.pid, idle, pool, t_left)
        else:
            done, busy, k_busy, back = _visit_chromium(url, visitors, proc.pid, idle, pool)
        done = sorted(done)
        return {"visitors": visitors, "pool": pool, "client": client, "served": len(done),
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


def _back_to_idle(pid: int, idle: float, pool: int, t_left: float) -> float | None:
    """Seconds until the server is back to idle: exactly the pool's kernels (the used ones shut down,
    the refills started) and memory within 10 % of the idle baseline, held for 3 polls (None: > 60 s)."""
    held = 0
    while time.monotonic() - t_left < 60:
        if kernels(pid) == max(pool, 0) and idle * 0.9 <= rss_mb(pid) <= idle * 1.10:
            held += 1
            if held == 3:
                return time.monotonic() - t_left - 2
        else:
            held = 0
        time.sleep(1)
    return None


def _visit_chromium(url: str, visitors: int, pid: int, idle: float, pool: int) -> tuple:
    from playwright.sync_api import sync_playwright

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
                    drawn = pages[i].locator(CHART).count() > 0
                except Exception:  # the page is mid-navigation (its document is being replaced)
                    drawn = False
                if drawn:
                    times[i] = time.monotonic() - t0
                    pending.discard(i)
            time.sleep(0.05)
        busy, k_busy = rss_mb(pid), kernels(pid)
        for p in pages:
            p.close(run_before_unload=True)
        back = _back_to_idle(pid, idle, pool, time.monotonic())
        browser.close()
    return [t for t in times if t], busy, k_busy, back


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--visitors", type=int, nargs="*", default=[1, 4, 16])
    ap.add_argument("--pool", type=int, default=None, help="warm kernels (default: as many as visitors)")
    ap.add_argument("--client", choices=CLIENTS + ("both",), default="both",
                    help="protocol: the server's work per visitor; chromium: whole pages on these cores too")
    a = ap.parse_args()
    if a.pool is not None and not 0 <= a.pool <= 32:
        raise SystemExit("--pool: 0..32")
    clients = CLIENTS if a.client == "both" else (a.client,)
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start")
    print("client   visitors pool served  p50 s  p95 s  idle MB  busy MB  MB/visitor  back-to-idle s  kernels left")
    idle_by_pool: dict[int, float] = {}
    for n in a.visitors:
        if not 1 <= n <= 32:
            raise SystemExit("--visitors: 1..32")
        for client in clients:
            r = run_once(n, a.pool if a.pool is not None else n, client)
            idle_by_pool.setdefault(r["pool"], r["idle_mb"])
            back = f"{r['back_to_idle_s']:.0f}" if r["back_to_idle_s"] is not None else ">60"
            print(f"{client:8s} {n:8d} {r['pool']:4d} {r['served']:6d} {r['p50'] or 0:6.2f} {r['p95'] or 0:6.2f} "
                  f"{r['idle_mb']:8.0f} {r['busy_mb']:8.0f} {r['per_visitor_mb']:11.0f} {back:>15} "
                  f"{r['kernels_after'] - r['pool']:13d}  (load {os.getloadavg()[0]:.1f})", flush=True)
    if len(idle_by_pool) > 1:  # a visitor's memory is one kernel: the idle servers' difference per kernel
        lo, hi = min(idle_by_pool), max(idle_by_pool)
        print(f"memory per visitor (one warm kernel): {(idle_by_pool[hi] - idle_by_pool[lo]) / (hi - lo):.0f} MB "
              f"= (idle with pool {hi} - idle with pool {lo}) / {hi - lo}; MB/visitor above is what the visit "
              "added to a warm kernel")


if __name__ == "__main__":
    main()
