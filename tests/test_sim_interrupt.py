"""Ctrl-C on ``nollab simulate`` (issue 12), on a real process: SIGINT stops it within about 2 s,
cancels the queued games, leaves no worker process, and prints one line saying what had finished."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

#: the bound of the issue is "about 2 s"; the machine running the suite is shared (2 cores, loaded)
STOP_SECONDS = 2.5


def _children(pid: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(pid)], capture_output=True, text=True).stdout.split()
    kids = [int(k) for k in out]
    return kids + [g for k in kids for g in _children(k)]


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(") ")[-1][0] != "Z"
    except OSError:
        return False


@pytest.mark.parametrize("workers, kids", [("2", 2), ("1", 0)])
def test_ctrl_c_stops_simulate_at_once_and_leaves_no_worker(workers: str, kids: int) -> None:
    cmd = [sys.executable, "-m", "nollab.cli", "simulate", "--games", "10000", "--workers", workers, "--seed", "3"]
    # a shell or a CI runner may start us with SIGINT ignored (children inherit that): a user's terminal does not
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 60
        workers_seen: list[int] = []
        while time.monotonic() < deadline:  # wait until the run is under way (workers up and busy)
            workers_seen = _children(proc.pid)
            if len(workers_seen) >= kids:
                break
            time.sleep(0.1)
        time.sleep(3.0)  # (interrupted earlier, while setting up, the line says 0 games had finished)
        assert proc.poll() is None, proc.stderr.read()
        t0 = time.monotonic()
        proc.send_signal(signal.SIGINT)
        try:
            out, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail("simulate still running 30 s after Ctrl-C")
        elapsed = time.monotonic() - t0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert proc.returncode == 130, err
    assert len(lines) == 1 and "Traceback" not in err, err
    assert "interrupted (Ctrl-C)" in lines[0] and "of 10000 games had finished" in lines[0], lines[0]
    assert out == ""  # no partial table
    assert elapsed < STOP_SECONDS, f"stopped {elapsed:.2f} s after Ctrl-C"
    time.sleep(0.2)
    assert len(workers_seen) >= kids
    left = [p for p in workers_seen if _running(p)]
    assert not left, f"worker processes still running: {left}"


def test_interrupted_library_run_says_how_many_games_finished(monkeypatch) -> None:
    """``nollab.sim.run`` raises SimulationInterrupted (a KeyboardInterrupt) with the count finished."""
    from nollab.sim import runner

    calls = {"n": 0}
    real = runner.run_batch

    def batch(common, items):
        calls["n"] += 1
        if calls["n"] == 3:
            raise KeyboardInterrupt
        return real(common, items)

    monkeypatch.setattr(runner, "run_batch", batch)
    with pytest.raises(runner.SimulationInterrupted) as info:
        runner.run("S1", "first", games=40, seed=0, workers=1, batch_size=4, max_rounds=2)
    assert (info.value.done, info.value.total) == (8, 40)
    assert isinstance(info.value, KeyboardInterrupt)
