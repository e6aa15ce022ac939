"""Benchmark: the Dead Panic engine through the game seam, side by side with NOTLD.

Prints, per game and policy, games per CPU second and engine steps per CPU second (a step is one
action, answered decision, chance draw or engine task: ``state.steps``), with and without undo
history, plus the cold cost (a fresh process: import the registry, make a game, play it out).

Run: ``python bench/bench_dead_panic.py [--games 40]`` (about a minute). Rates are per CPU second of
this process (``time.process_time``), so other work on the shared cores distorts them less.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import time


def measure(game: str, setup: str, policy: str, games: int, history: bool) -> tuple[int, int, float]:
    from nollab.games import get_game
    spec = get_game(game)
    steps = 0
    t0 = time.process_time()
    for seed in range(games):
        m = spec.new(seed=seed, setup=setup, history=history)
        m.run_until("end", spec.make_policy(policy, seed), max_rounds=40)
        steps += m.summary()["steps"]
    return games, steps, time.process_time() - t0


COLD = ("import time; t=time.process_time(); from nollab.games import get_game; s=get_game({g!r}); "
        "m=s.new(seed=1, setup={s!r}, history=False); m.run_until('end', s.make_policy({p!r}, 1), max_rounds=40); "
        "print(time.process_time()-t)")


def cold(game: str, setup: str, policy: str) -> float:
    out = subprocess.run([sys.executable, "-c", COLD.format(g=game, s=setup, p=policy)], capture_output=True,
                         text=True, check=True)
    return float(out.stdout.strip())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    args = ap.parse_args()
    rows = [("dead-panic", "4", "bot"), ("dead-panic", "4", "random"), ("notld", "S1", "random"),
            ("notld", "S1", "heuristic")]
    print(f"{'game':11s} {'setup':5s} {'policy':9s} {'history':7s} {'games/s':>8s} {'steps/s':>9s} {'cold s':>7s}")
    base = None
    for game, setup, policy in rows:
        for history in (False, True):
            n, steps, cpu = measure(game, setup, policy, args.games, history)
            c = cold(game, setup, policy) if not history else float("nan")
            rate = steps / cpu
            base = base or rate
            print(f"{game:11s} {setup:5s} {policy:9s} {str(history):7s} {n / cpu:8.1f} {rate:9.0f} {c:7.2f}"
                  f"   ({rate / base:.2f}x the first row's steps/s)")


if __name__ == "__main__":
    main()
