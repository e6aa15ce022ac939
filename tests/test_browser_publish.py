"""``nollab dashboard`` as visitors meet it: a real server, headless Chromium, real kernels.

What issue 15 measured as broken, each checked here against the running server's own processes:
only the two dashboards are served and preheated (one warm kernel each, no lesson notebook), a page
asks nothing of any other server, closing a tab shuts its kernel down (Voilà's beacon used to get
403 for a missing ``_xsrf``), and ``--base-url`` with ``--token`` serve behind a prefix to token
holders only.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from browser_support import free_port, isolated_jupyter_env, open_voila

pytestmark = pytest.mark.browser

READY = ".nollab-odds-summary .nollab-odds-p-clear"


def kernel_pids(server_pid: int) -> list[int]:
    """PIDs of the ipykernel processes started by this server (read from /proc, not from Voilà)."""
    out = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
            cmd = (d / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        if ppid == server_pid and b"ipykernel" in cmd:
            out.append(int(d.name))
    return out


def voila_pid(dashboard_pid: int) -> int:
    """The Voilà process ``nollab dashboard`` started (its only python child)."""
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                stat = (d / "stat").read_text()
                cmd = (d / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat[stat.rindex(")") + 2:].split()[1]) == dashboard_pid and b"voila" in cmd:
                return int(d.name)
    raise AssertionError("no Voilà child process")


def wait_for(pred, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


class Dashboard:
    """``python -m nollab.cli dashboard ARGS`` on a free port, stopped with SIGTERM."""

    def __init__(self, tmp: Path, *args: str):
        self.port = free_port()
        self.log = tmp / "dashboard.log"
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "nollab.cli", "dashboard", "--port", str(self.port), *args],
                stdout=log, stderr=subprocess.STDOUT, env=isolated_jupyter_env(tmp), start_new_session=True)
        wait_for(lambda: self.proc.poll() is not None or "is running at" in self.text(), 90, "Voilà")
        assert self.proc.poll() is None, self.text()
        self.voila = voila_pid(self.proc.pid)

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGTERM)
        try:
            return self.proc.wait(timeout=40)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            raise


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=20) as r:
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_serves_only_dashboards_offline_and_closing_a_tab_frees_its_kernel(browser, tmp_path):
    server = Dashboard(tmp_path)
    try:
        base = f"http://127.0.0.1:{server.port}/"
        # preheated: one warm kernel per dashboard, and nothing for the ten lessons
        wait_for(lambda: len(kernel_pids(server.voila)) == 2, 90, "two warm kernels")
        assert status(base + "voila/render/05-scene-difficulty.ipynb") == 404
        assert status(base + "voila/render/01-learn-to-play.ipynb") == 404

        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        requests: list[str] = []
        shutdowns: list[int] = []
        page.on("request", lambda r: requests.append(r.url))
        page.on("response", lambda r: "/voila/api/shutdown/" in r.url and shutdowns.append(r.status))
        open_voila(page, base + "voila/render/dashboard.ipynb", READY)
        assert page.locator(".nollab-topbar").is_visible()       # nollab's template, not the stock one
        # the other games' panels are built when their tab is opened (a lighter page per visitor)
        assert page.locator(".nollab-packs-dead-panic").count() == 0
        page.locator(".lm-TabBar-tab", has_text="Dead Panic").click()
        page.wait_for_selector(".nollab-packs-dead-panic-numbers", state="visible", timeout=30_000)
        warm = set(kernel_pids(server.voila))
        wait_for(lambda: len(kernel_pids(server.voila)) == 3, 60, "the pool refilled")
        outside = [u for u in requests if not u.startswith((base, "data:", "blob:", "about:"))]
        assert outside == []
        page.close(run_before_unload=True)
        # the visitor's kernel (one of the warm ones) is shut down: two warm kernels remain
        wait_for(lambda: len(kernel_pids(server.voila)) == 2, 30, "the closed tab's kernel to stop")
        assert set(kernel_pids(server.voila)) != warm | set(kernel_pids(server.voila))  # one of them went
        context.close()
        assert "403" not in "".join(line for line in server.text().splitlines() if "shutdown" in line)
    finally:
        assert server.stop() == 0
    assert kernel_pids(server.voila) == []


def test_base_url_and_token(browser, tmp_path):
    token = "nollab-test-token-42"
    server = Dashboard(tmp_path, "--base-url", "/nollab/", "--token", token, "--only", "odds",
                       "--pool", "0", "--cull-idle", "10")
    try:
        root = f"http://127.0.0.1:{server.port}/nollab/"
        assert f"{root}?token={token}" in server.text()
        assert status(root) in (302, 403) or "login" in urllib.request.urlopen(root, timeout=20).url
        context = browser.new_context()
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.port}/", wait_until="domcontentloaded")
        assert page.locator(READY).count() == 0                  # nothing outside the prefix
        open_voila(page, f"{root}?token={token}", READY)
        assert len(kernel_pids(server.voila)) == 1
        page.close(run_before_unload=True)
        wait_for(lambda: kernel_pids(server.voila) == [], 30, "the kernel to stop")
        context.close()
    finally:
        assert server.stop() == 0


def test_a_tab_left_without_goodbye_is_culled(browser, tmp_path):
    """A crashed browser sends no beacon: the idle kernel is culled after --cull-idle seconds."""
    server = Dashboard(tmp_path, "--only", "odds", "--pool", "0", "--cull-idle", "10")
    try:
        context = browser.new_context()
        page = context.new_page()
        open_voila(page, f"http://127.0.0.1:{server.port}/", READY)
        assert len(kernel_pids(server.voila)) == 1
        page.close(run_before_unload=False)                      # no beforeunload: no beacon
        context.close()
        time.sleep(3)
        assert len(kernel_pids(server.voila)) == 1               # still there ...
        wait_for(lambda: kernel_pids(server.voila) == [], 40, "the idle kernel to be culled")  # ... then culled
    finally:
        assert server.stop() == 0
