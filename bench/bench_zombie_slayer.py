"""Benchmark: Zombie Slayer through the game seam -- win rates of the bots by starting Luck, and speed.

Prints, per policy and setup (``ludwig:L``, L = the starting Luck, the rulebook's difficulty setting),
games won / lost / unfinished out of N seeds with the win rate and a 95 % Wilson interval, mean rounds,
the share of games that found the Temple, and games and engine steps per CPU second side by side with
Dead Panic's bot (the other engine on the same seam), so the ratio says how heavy a Zombie Slayer game is.

Run: ``python bench/bench_zombie_slayer.py [--games 60] [--policies bot,first]`` (a few minutes).
"""
from __future__ import annotations

import argparse
import math
import time


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def play(game: str, setup: str, policy: str, games: int, rounds: int) -> dict:
    from nollab.games import get_game
    spec = get_game(game)
    out = {"won": 0, "lost": 0, "unfinished": 0, "rounds": 0, "boss": 0, "steps": 0}
    t0 = time.process_time()
    for seed in range(games):
        m = spec.new(seed=seed, setup=setup, history=False)
        m.run_until("end", spec.make_policy(policy, seed), max_rounds=rounds)
        s = m.summary()
        out[s["result"]] += 1
        out["rounds"] += min(s["rounds"], rounds)
        out["steps"] += s["steps"]
        out["boss"] += bool(s.get("boss"))
    out["cpu"] = time.process_time() - t0
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--policies", default="bot,first")
    ap.add_argument("--setups", default="ludwig:6,ludwig:3,ludwig:0")
    ap.add_argument("--rounds", type=int, default=300)
    a = ap.parse_args()
    print(f"Zombie Slayer, {a.games} seeds each, at most {a.rounds} rounds")
    print(f"{'policy':8s} {'setup':9s} {'won':>4s} {'lost':>5s} {'unfin':>6s} {'win rate':>9s} {'95% CI':>15s} "
          f"{'rounds':>7s} {'Temple':>7s} {'games/s':>8s} {'steps/s':>9s}")
    rate = None
    for policy in a.policies.split(","):
        for setup in a.setups.split(","):
            r = play("zombie-slayer", setup, policy, a.games, a.rounds)
            lo, hi = wilson(r["won"], a.games)
            gps, sps = a.games / r["cpu"], r["steps"] / r["cpu"]
            rate = rate or sps
            print(f"{policy:8s} {setup:9s} {r['won']:4d} {r['lost']:5d} {r['unfinished']:6d} {r['won'] / a.games:9.1%} "
                  f"{f'[{lo:.1%}, {hi:.1%}]':>15s} {r['rounds'] / a.games:7.1f} {r['boss'] / a.games:7.0%} {gps:8.1f} {sps:9.0f}")
    d = play("dead-panic", "4", "bot", max(5, a.games // 6), 40)
    dsps = d["steps"] / d["cpu"]
    print(f"\nDead Panic bot (4 players), {max(5, a.games // 6)} games: {dsps:.0f} steps/s; "
          f"Zombie Slayer bot / Dead Panic bot steps per second = {rate / dsps:.2f}")


if __name__ == "__main__":
    main()
