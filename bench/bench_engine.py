"""Benchmark: engine throughput (``Game.step`` calls/s and engine steps/s) on S1 and S6 with the
``random`` and ``first`` policies, with and without undo history, plus the share of the time
spent listing legal actions.

Run: ``/work/venv/bin/python bench/bench_engine.py [--games 60] [--rounds 30] [--root PATH]``
(about a minute). ``--root`` imports ``nollab`` from another checkout (to compare two versions
on the same machine, one after the other).

Rates are per CPU second of this process (``time.process_time``): other work on the same cores
distorts wall-clock rates, not CPU time. An engine step is one Survivor action, one answered
choice or one engine task (``state.steps``); a ``step()`` call is one call of ``Game.step``
(``run_until`` counts them), which may also run the bookkeeping tasks that follow.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path


def measure(scene: str, policy: str, games: int, rounds: int, history: bool) -> tuple[int, int, float, float, int]:
    """(engine steps, step() calls, CPU seconds, CPU seconds inside legal.legal_actions, its calls)."""
    from nollab.rules.players import legal
    from nollab.rules.game import Game
    from nollab.sim.policy import make_policy
    spent = [0.0]
    n_legal = [0]
    inner = legal.legal_actions

    def timed(ctx):
        n_legal[0] += 1
        t = time.process_time()
        try:
            return inner(ctx)
        finally:
            spent[0] += time.process_time() - t

    steps = calls = 0
    t0 = time.process_time()
    legal.legal_actions = timed
    try:
        for s in range(games):
            g = Game.new(scene, seed=s, history=history)
            calls += g.run_until("end", policy=make_policy(policy, s), max_rounds=rounds)
            steps += g.state.steps
    finally:
        legal.legal_actions = inner
    return steps, calls, time.process_time() - t0, spent[0], n_legal[0]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60, help="games per row (seeds 0..N-1)")
    ap.add_argument("--rounds", type=int, default=30, help="max_rounds of each game")
    ap.add_argument("--root", default=str(Path(__file__).resolve().parents[1]), help="checkout to import nollab from")
    ap.add_argument("--scenes", default="S1,S6")
    ap.add_argument("--policies", default="random,first")
    args = ap.parse_args(argv)
    sys.path.insert(0, args.root)
    from nollab.rules.game import Game
    for sc in args.scenes.split(","):
        Game.new(sc, seed=0, history=False)  # warm the content, scene and board caches
    print(f"nollab from {args.root}; {args.games} games x max {args.rounds} rounds per row; CPU-time rates")
    print(f"{'scene':5} {'policy':6} {'history':7} {'steps':>7} {'step()':>7} {'steps/s':>8} {'step()/s':>8} "
          f"{'legal %':>7} {'legal us/call':>13}")
    for sc in args.scenes.split(","):
        for pol in args.policies.split(","):
            for hist in (False, True):
                steps, calls, cpu, leg, n = measure(sc, pol, args.games, args.rounds, hist)
                print(f"{sc:5} {pol:6} {str(hist):7} {steps:7d} {calls:7d} {steps / cpu:8.0f} {calls / cpu:8.0f} "
                      f"{100 * leg / cpu:6.1f}% {1e6 * leg / max(n, 1):13.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
