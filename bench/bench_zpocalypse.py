"""Benchmark: the Zpocalypse engine through the game seam -- speed and the bots' win rates side by side.

Prints, per policy and setup, games per CPU second, engine steps per CPU second (a step is one action,
answered decision, chance draw or engine step: ``state.steps``), the share of games won ("won" = some
squad is still in the game when the Scenario's days end, docs/rulings.md), the mean days reached and
the mean best final VP total, then each policy's steps/s as a ratio of ``random``'s. Then ``copy`` and
``undo`` with snapshots (the latest snapshot at a resume point, restored, and the entries after it replayed)
against a whole replay of the log (what both were before), at every 5th position of bot games, side by side
with their ratio; and the cost of taking the snapshots (steps/s of the bot with and without them).

Run: ``python bench/bench_zpocalypse.py [--games 40]`` (a few minutes on 2 shared cores). Rates are per
CPU second of this process (``time.process_time``).
"""
from __future__ import annotations

import argparse
import time


def measure(setup: str, policy: str, games: int) -> dict:
    from nollab.games import get_game
    spec = get_game("zpocalypse")
    steps = won = days = vp = 0
    t0 = time.process_time()
    for seed in range(games):
        m = spec.new(seed=seed, setup=setup, history=False)
        m.run_until("end", spec.make_policy(policy, seed))
        s = m.summary()
        steps += s["steps"]
        won += s["result"] == "won"
        days += s["days"]
        vp += spec.sim_row(s)["best_vp"]
    dt = time.process_time() - t0
    return {"games/s": games / dt, "steps/s": steps / dt, "won": won / games, "days": days / games,
            "best_vp": vp / games}


def copy_cost(seeds: range, setup: str = "2") -> dict:
    """Mean and worst CPU ms of a copy at every 5th log position of bot games: restored from a snapshot
    (``Game._restored``, what ``copy`` and ``undo`` do) and a whole replay (``Game.replay``), plus one step."""
    from nollab.games import get_game
    spec = get_game("zpocalypse")
    snap: list[float] = []
    whole: list[float] = []
    steps = entries = 0
    step_time = 0.0
    for seed in seeds:
        m = spec.new(seed=seed, setup=setup)
        t0 = time.process_time()
        m.run_until("end", spec.make_policy("bot", seed))
        step_time += time.process_time() - t0
        steps += m.state.steps
        entries = max(entries, len(m.log))
        for k in range(0, len(m.log) + 1, 5):
            t0 = time.process_time()
            m._restored(k)
            snap.append(time.process_time() - t0)
            t0 = time.process_time()
            m.replay(m.log[:k])
            whole.append(time.process_time() - t0)
    return {"snap": (sum(snap) / len(snap), max(snap)), "whole": (sum(whole) / len(whole), max(whole)),
            "step": step_time / steps, "longest": entries, "n": len(snap)}


def snapshot_overhead(games: int) -> tuple[float, float]:
    """Bot steps per CPU second with snapshots and without (``Game.SNAPSHOTS``), same seeds."""
    from nollab.packs.zpocalypse.game import Game
    out = []
    for on in (True, False):
        Game.SNAPSHOTS = on
        try:
            out.append(measure("2", "bot", games)["steps/s"])
        finally:
            Game.SNAPSHOTS = True
    return out[0], out[1]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--setups", default="1;2;4;2,scenario=day_zero", help="setups separated by ;")
    args = ap.parse_args()
    print(f"{'setup':>20} {'policy':>7} {'games/s':>8} {'steps/s':>8} {'won':>6} {'days':>5} {'best VP':>8} {'speed/random':>12}")
    for setup in args.setups.split(";"):
        rows = {p: measure(setup, p, args.games) for p in ("random", "first", "bot")}
        base = rows["random"]["steps/s"]
        for p, r in rows.items():
            print(f"{setup:>20} {p:>7} {r['games/s']:8.2f} {r['steps/s']:8.0f} {r['won']:6.0%} {r['days']:5.2f} "
                  f"{r['best_vp']:8.1f} {r['steps/s'] / base:11.2f}x")
    c = copy_cost(range(min(args.games, 10)))
    (sm, sx), (wm, wx) = c["snap"], c["whole"]
    print(f"copy/undo over {c['n']} positions of bot games (2 players, up to {c['longest']} log entries), CPU ms:")
    print(f"{'':>20} {'mean':>8} {'worst':>8}")
    print(f"{'whole replay':>20} {wm * 1000:8.2f} {wx * 1000:8.2f}")
    print(f"{'snapshot + tail':>20} {sm * 1000:8.2f} {sx * 1000:8.2f}")
    print(f"{'ratio':>20} {wm / max(sm, 1e-9):7.0f}x {wx / max(sx, 1e-9):7.0f}x   (one step: {c['step'] * 1000:.3f} ms)")
    on, off = snapshot_overhead(min(args.games, 10))
    print(f"bot steps/s with snapshots {on:.0f}, without {off:.0f}: {on / off:.2f}x")


if __name__ == "__main__":
    main()
