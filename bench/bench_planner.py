"""Benchmark: what the ``planner`` bot (:mod:`nollab.sim.planner`) costs -- CPU per decision, per
rollout, engine steps/s inside its rollouts, and games per hour in one process and on 2 workers,
side by side with the heuristic bot it builds on.

Run: ``python bench/bench_planner.py [--scenes S1,S3] [--games 2] [--budget 16] [--workers 2]``
(about a minute per Scene at the default budget on a free core). Rates are per CPU second of the
process that plays (``time.process_time``); "games/hour on N workers" is the wall-clock rate of
``nollab.sim.run`` with N local processes, so it shows what a busy machine really gives.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def one_process(scene: str, games: int, budget: int) -> dict:
    """Play ``games`` games in this process with the planner and with the heuristic (same seeds)."""
    from nollab.rules.game import Game
    from nollab.sim.heuristic import HeuristicPolicy
    from nollab.sim.planner import PlannerPolicy
    from nollab.sim.runner import scene_max_rounds
    mr = scene_max_rounds(scene)
    out = {"decisions": 0, "searched": 0, "rollouts": 0, "steps": 0, "cpu": 0.0, "h_cpu": 0.0, "h_steps": 0}
    for s in range(games):
        g = Game.new(scene, seed=s, history=False)
        pol = PlannerPolicy(seed=s, budget=budget)
        t = time.process_time()
        g.run_until("end", policy=pol, max_rounds=mr)
        out["cpu"] += time.process_time() - t
        for k in ("decisions", "searched", "rollouts", "steps"):
            out[k] += pol.stats[k]
        g = Game.new(scene, seed=s, history=False)
        t = time.process_time()
        g.run_until("end", policy=HeuristicPolicy(seed=s), max_rounds=mr)
        out["h_cpu"] += time.process_time() - t
        out["h_steps"] += g.state.steps
    return out


def workers_rate(scene: str, games: int, budget: int, workers: int) -> float:
    """Games per hour (wall clock) of ``nollab.sim.run`` with ``workers`` local processes."""
    from nollab.sim import run
    from nollab.sim.planner import Planner
    t = time.perf_counter()
    run(scene, Planner(budget=budget), games=games, seed=1, workers=workers, batch_size=1)
    return 3600 * games / (time.perf_counter() - t)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", default="S1,S3")
    ap.add_argument("--games", type=int, default=2, help="games per Scene and per measurement")
    ap.add_argument("--budget", type=int, default=None, help="rollouts per decision (default: the planner's)")
    ap.add_argument("--workers", type=int, default=2, help="processes for the games/hour row (0: skip it)")
    ap.add_argument("--root", default=str(Path(__file__).resolve().parents[1]), help="checkout to import nollab from")
    args = ap.parse_args(argv)
    if args.games < 1 or args.workers < 0:
        ap.error("--games must be >= 1 and --workers >= 0")
    sys.path.insert(0, args.root)
    from nollab.sim.planner import DEFAULT_BUDGET
    budget = args.budget or DEFAULT_BUDGET
    print(f"planner budget {budget} rollouts/decision; {args.games} games per Scene; CPU time unless stated")
    print(f"{'scene':5} {'ms/decision':>11} {'ms/rollout':>10} {'steps/s':>8} {'s/game':>7} {'heur s/game':>11} "
          f"{'ratio':>6} {'games/h 1 cpu':>13} {f'games/h {args.workers}w':>11}")
    for sc in args.scenes.split(","):
        r = one_process(sc, args.games, budget)
        per_game, h_game = r["cpu"] / args.games, r["h_cpu"] / args.games
        wrate = workers_rate(sc, max(args.games, args.workers), budget, args.workers) if args.workers else float("nan")
        print(f"{sc:5} {1e3 * r['cpu'] / max(r['decisions'], 1):11.1f} {1e3 * r['cpu'] / max(r['rollouts'], 1):10.2f} "
              f"{r['steps'] / r['cpu']:8.0f} {per_game:7.1f} {h_game:11.3f} {per_game / h_game:6.0f} "
              f"{3600 / per_game:13.0f} {wrate:11.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
