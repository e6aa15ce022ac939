"""Benchmark: what the ``planner`` bot (:mod:`nollab.sim.planner`) costs -- CPU per decision, per
rollout, engine steps/s inside its rollouts, and games per hour in one process and on 2 workers,
side by side with the heuristic bot it builds on.

Run: ``python bench/bench_planner.py [--scenes S1,S3] [--games 2] [--budget 16] [--workers 2]
[--baseline PATH]`` (about a minute per Scene at the default budget on a free core). ``--baseline``
plays the same games with the planner of another checkout (e.g. ``/work/main``) in a child process
and prints its CPU seconds per game beside this one's, with the ratio (after / before). Rates are per CPU second of the
process that plays (``time.process_time``); "games/hour on N workers" is the wall-clock rate of
``nollab.sim.run`` with N local processes, so it shows what a busy machine really gives.
"""
from __future__ import annotations

import argparse
import json
import subprocess
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
    out = {"decisions": 0, "searched": 0, "rollouts": 0, "steps": 0, "cpu": 0.0, "h_cpu": 0.0, "h_steps": 0,
           "rounds": 0}
    for s in range(games):
        g = Game.new(scene, seed=s, history=False)
        pol = PlannerPolicy(seed=s, budget=budget)
        t = time.process_time()
        g.run_until("end", policy=pol, max_rounds=mr)
        out["cpu"] += time.process_time() - t
        out["rounds"] += g.state.round
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


def side_by_side(args) -> int:
    """CPU seconds per game of the baseline checkout's planner and of this one (each at its own
    default budget unless ``--budget``), same Scenes and seeds, with the ratio."""
    cmd = [sys.executable, __file__, "--root", args.baseline, "--scenes", args.scenes, "--games", str(args.games),
           "--json"] + (["--budget", str(args.budget)] if args.budget else [])
    base = json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)
    print(f"baseline {args.baseline} vs {args.root}; {args.games} games per Scene (seeds 0..), CPU time of one process")
    print(f"{'scene':5} {'s/game before':>13} {'s/game after':>12} {'ratio':>6} {'ms/decision before':>18} "
          f"{'after':>6} {'rounds before':>13} {'after':>6}")
    for sc in args.scenes.split(","):
        b, r = base[sc], one_process(sc, args.games, args.budget or _default_budget())
        print(f"{sc:5} {b['cpu'] / args.games:13.1f} {r['cpu'] / args.games:12.1f} {r['cpu'] / max(b['cpu'], 1e-9):6.2f} "
              f"{1e3 * b['cpu'] / max(b['decisions'], 1):18.1f} {1e3 * r['cpu'] / max(r['decisions'], 1):6.1f} "
              f"{b['rounds'] / args.games:13.1f} {r['rounds'] / args.games:6.1f}")
    return 0


def _default_budget() -> int:
    from nollab.sim.planner import DEFAULT_BUDGET
    return DEFAULT_BUDGET


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", default="S1,S3")
    ap.add_argument("--games", type=int, default=2, help="games per Scene and per measurement")
    ap.add_argument("--budget", type=int, default=None, help="rollouts per decision (default: the planner's)")
    ap.add_argument("--workers", type=int, default=2, help="processes for the games/hour row (0: skip it)")
    ap.add_argument("--root", default=str(Path(__file__).resolve().parents[1]), help="checkout to import nollab from")
    ap.add_argument("--baseline", default=None, help="another checkout: its planner's CPU s/game side by side")
    ap.add_argument("--json", action="store_true", help="print the one-process rows as JSON (used by --baseline)")
    args = ap.parse_args(argv)
    if args.games < 1 or args.workers < 0:
        ap.error("--games must be >= 1 and --workers >= 0")
    sys.path.insert(0, args.root)
    from nollab.sim.planner import DEFAULT_BUDGET
    if args.json:
        print(json.dumps({sc: one_process(sc, args.games, args.budget or DEFAULT_BUDGET)
                          for sc in args.scenes.split(",")}))
        return 0
    if args.baseline:
        return side_by_side(args)
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
