"""Benchmark: the Zpocalypse engine through the game seam -- speed and the bots' win rates side by side.

Prints, per policy and setup, games per CPU second, engine steps per CPU second (a step is one action,
answered decision, chance draw or engine step: ``state.steps``), the share of games won ("won" = some
squad is still in the game when the Scenario's days end, docs/rulings.md), the mean days reached and
the mean best final VP total, then each policy's steps/s as a ratio of ``random``'s. Also the cost of
``undo`` (a replay of the log) at the end of a game, against one step.

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


def undo_cost() -> tuple[float, float, int]:
    from nollab.games import get_game
    spec = get_game("zpocalypse")
    m = spec.new(seed=3, setup="2")
    m.run_until("end", spec.make_policy("bot", 3))
    n = len(m.log)
    t0 = time.process_time()
    m.undo()
    t_undo = time.process_time() - t0
    t0 = time.process_time()
    m.step(spec.make_policy("bot", 3))
    return t_undo, time.process_time() - t0, n


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
    u, s, n = undo_cost()
    print(f"undo at the end of a game ({n} log entries, a replay): {u * 1000:.0f} ms; one step: {s * 1000:.2f} ms; "
          f"ratio {u / max(s, 1e-6):.0f}x")


if __name__ == "__main__":
    main()
