"""Benchmark: engine throughput (``Game.step`` calls/s and engine steps/s) on S1 and S6 with the
``random`` and ``first`` policies, with and without undo history, the share of the time spent
listing legal actions, and the cost of ``GameState.clone()`` / ``Game.fork()`` (what a planner
pays per simulated future).

Run: ``python bench/bench_engine.py [--games 60] [--rounds 30] [--root PATH] [--baseline PATH]``
(about a minute). ``--root`` imports ``nollab`` from another checkout; ``--baseline PATH`` runs
the same rows on that checkout too (in a child process, one after the other) and prints both
side by side with the ratio (e.g. ``--baseline /work/main`` before landing a speed change).

Rates are per CPU second of this process (``time.process_time``): other work on the same cores
distorts wall-clock rates, not CPU time. An engine step is one Survivor action, one answered
choice or one engine task (``state.steps``); a ``step()`` call is one call of ``Game.step``
(``run_until`` counts them), which may also run the bookkeeping tasks that follow.
"""
from __future__ import annotations

import argparse
import json
import subprocess
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


def copy_cost(scene: str, n: int = 2000) -> tuple[float, float]:
    """(microseconds per ``GameState.clone()``, per ``Game.fork()``) on the Scene after 2 rounds of
    ``first`` play (a mid-game state: Ghouls on the board, cards in hands)."""
    from nollab.rules.game import Game
    g = Game.new(scene, seed=0, history=False)
    g.run_until("end", max_rounds=2)
    t = time.process_time()
    for _ in range(n):
        g.state.clone()
    clone = (time.process_time() - t) / n
    t = time.process_time()
    for _ in range(n):
        g.fork()
    return 1e6 * clone, 1e6 * (time.process_time() - t) / n


def rows(args) -> list[dict]:
    """Every measured row of this checkout (plain dicts, so a child process can send them as JSON)."""
    from nollab.rules.game import Game
    scenes = args.scenes.split(",")
    for sc in scenes:
        Game.new(sc, seed=0, history=False)  # warm the content, scene and board caches
    out = []
    for sc in scenes:
        for pol in args.policies.split(","):
            for hist in (False, True):
                steps, calls, cpu, leg, n = measure(sc, pol, args.games, args.rounds, hist)
                out.append({"row": f"{sc:5} {pol:6} {str(hist):7}", "steps": steps, "steps/s": steps / cpu,
                            "step()/s": calls / cpu, "legal %": 100 * leg / cpu, "legal us": 1e6 * leg / max(n, 1)})
        clone, fork = copy_cost(sc)
        out.append({"row": f"{sc:5} clone() us", "us": clone})
        out.append({"row": f"{sc:5} fork() us", "us": fork})
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=60, help="games per row (seeds 0..N-1)")
    ap.add_argument("--rounds", type=int, default=30, help="max_rounds of each game")
    ap.add_argument("--root", default=str(Path(__file__).resolve().parents[1]), help="checkout to import nollab from")
    ap.add_argument("--baseline", default=None, help="another checkout to measure too, printed side by side")
    ap.add_argument("--scenes", default="S1,S6")
    ap.add_argument("--policies", default="random,first")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON (used for --baseline)")
    args = ap.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        ap.error("--games and --rounds must be >= 1")
    sys.path.insert(0, args.root)
    base = None
    if args.baseline:
        cmd = [sys.executable, __file__, "--root", args.baseline, "--games", str(args.games), "--rounds",
               str(args.rounds), "--scenes", args.scenes, "--policies", args.policies, "--json"]
        base = {r["row"]: r for r in json.loads(subprocess.run(cmd, check=True, capture_output=True,
                                                                text=True).stdout)}
    mine = rows(args)
    if args.json:
        print(json.dumps(mine))
        return 0
    print(f"nollab from {args.root}; {args.games} games x max {args.rounds} rounds per row; CPU-time rates")
    if base is None:
        print(f"{'scene':5} {'policy':6} {'history':7} {'steps':>7} {'steps/s':>8} {'step()/s':>8} "
              f"{'legal %':>7} {'legal us/call':>13}")
        for r in mine:
            if "us" in r:
                print(f"{r['row']:21} {r['us']:8.1f}")
            else:
                print(f"{r['row']} {r['steps']:7d} {r['steps/s']:8.0f} {r['step()/s']:8.0f} "
                      f"{r['legal %']:6.1f}% {r['legal us']:13.1f}")
        return 0
    print(f"baseline: {args.baseline} (ratio = this / baseline; > 1 is faster for rates, < 1 for costs)")
    print(f"{'scene':5} {'policy':6} {'history':7} {'steps/s base':>12} {'steps/s now':>11} {'ratio':>6}")
    for r in mine:
        b = base.get(r["row"])
        if b is None:
            continue
        key = "us" if "us" in r else "steps/s"
        print(f"{r['row']:21} {b[key]:12.1f} {r[key]:11.1f} {r[key] / b[key]:6.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
