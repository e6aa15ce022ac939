"""Benchmark: exact forecasts and best turns through the engine's chance steps (issue 13), and what they
cost the rest: engine steps/s against an older checkout, cold start of the odds against icepool 2.1.3.

Run: ``python bench/bench_forecast.py [--baseline-commit a5a95e1] [--quick]`` (a few minutes).

Rows (CPU seconds of this process, best of ``--reps``; a shared machine distorts wall time):

- forecast: Scene 1, every Survivor ended their Turn, the Ghouls' Phase with its 4 Spawn Zones at Yellow
  (``until="end_of_phase"``) -- goal < 1 s; and the Players' Phase at Blue until the end of the round
  (what the Forecast panel asks at the start of S1); each with the Spawn Step as one product (the
  default) beside every card on its own fork (``factorise=False``), the ratio, the results compared;
- best_turn: 3 Actions with up to 3 rolls (a Winchester 94 against 2 Walkers on a 4-Zone row; and on
  Scene 1's board, Helen with a Sawed-Off and a Table Leg, 3 Walkers next door) -- goal < 2 s;
- engine: ``bench/bench_engine.py`` rows (steps/s, CPU time) of this checkout and of
  ``--baseline-commit`` (extracted with ``git archive`` into a temporary folder), side by side;
- cold start: ``bench/bench_prob.py`` workers (a fresh process: import + first answer, CPU time, bytecode
  caches written as after an install) for dice, kills by Targeting Priority and Ghoul-deck draws, nollab
  and icepool 2.1.3, with the ratio (goal 10x); ``--no-bytecode`` adds the same without nollab's caches.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def best_of(fn, reps: int) -> tuple[float, object]:
    """Best CPU time of ``reps`` runs (``time.process_time``: on 2 cores shared by many processes the
    wall clock measures the neighbours; CPU time is what the query costs)."""
    out, best = None, float("inf")
    for _ in range(reps):
        t = time.process_time()
        out = fn()
        best = min(best, time.process_time() - t)
    return best, out


def s1_ghouls_phase(level_xp: int):
    from nollab.prob.forecasting import DefaultPolicy
    from nollab.rules import Game

    g = Game.new("S1", seed=1)
    g.state.survivors["tom"].xp = level_xp
    g.touch()
    pol = DefaultPolicy()
    while g.state.phase == "players":
        g.step(pol)
    return g


def forecast_rows(reps: int) -> list[tuple]:
    """Each forecast with the Spawn Step as one product (``factorise=True``, the default) and with every
    card on its own fork (``factorise=False``, the reference), the same answer checked equal."""
    from nollab.prob import forecast
    from nollab.rules import Game

    rows = []
    attacked = s1_ghouls_phase(8)  # 2 Walkers with Tom and Judy: a Wound split before the Spawn Step (P. 22)
    attacked.state.add_ghouls(attacked.state.survivors["tom"].zone, "walker", 2)
    attacked.touch()
    cases = [("forecast S1 Ghouls' Phase, 4 Spawn Zones, Yellow", s1_ghouls_phase(8), "end_of_phase", "default", 1.0),
             ("forecast S1 Ghouls' Phase, 4 Spawn Zones, Blue", s1_ghouls_phase(0), "end_of_phase", "default", 1.0),
             ("forecast S1 start until the end of the round (panel)", Game.new("S1", seed=1), "end_of_round",
              "default", None),
             ("  S1 Ghouls' Phase at Orange", s1_ghouls_phase(20), "end_of_phase", "default", None),
             ("  S1 Ghouls' Phase at Red (cards run short)", s1_ghouls_phase(45), "end_of_phase", "default", None),
             ("  S1 Yellow, policy best, a Wound split first", attacked, "end_of_phase", "best", None)]
    for name, g, until, pol, goal in cases:
        t0, f0 = best_of(lambda: forecast(g, until, pol, factorise=False), reps if goal else 1)
        t1, f1 = best_of(lambda: forecast(g, until, pol), reps)
        same = "equal" if f0.outcomes.probs() == f1.outcomes.probs() else "DIFFERENT"
        rows.append((name, t1, goal, f"{f1.states} positions, {len(f1.outcomes)} outcomes; card by card "
                     f"{t0:.3f} s ({f0.states} positions) = {t0 / t1:.1f}x, results {same}"))
    return rows


def best_turn_rows(reps: int) -> list[tuple]:
    from nollab.board import board_from_grid
    from nollab.prob import best_turn
    from nollab.rules import Game
    from nollab.rules.sandbox import sandbox

    rows = []
    row = board_from_grid("abcd", {k: "exterior" for k in "abcd"})
    g = sandbox(row, {"helen": "T:a"}, ghouls={"T:b": {"walker": 2}}, inventory={"helen": ["winchester_94"]})
    t, r = best_of(lambda: best_turn(g, "clear:T:b", bot=None), reps)
    rows.append(("best_turn 3 Actions, 3 rolls, 4-Zone row", t, 2.0, f"P = {r.p}, {r.states} positions"))
    t, r = best_of(lambda: best_turn(g, "clear:T:b"), reps)
    rows.append(("  same, with the heuristic bot's exact probability", t, 2.0, f"bot P = {r.bot_p}"))
    g = Game.new("S1", seed=1)
    st = g.state
    helen = st.survivors["helen"]
    uid = next(u for u, c in enumerate(st.cards) if c == "sawed_off")
    for pile in list(st.decks.values()) + list(st.discards.values()):
        if uid in pile:
            pile.remove(uid)
    helen.hands[1] = uid  # a Table Leg in the other Hand
    st.add_ghouls("1R:L", "walker", 3)  # the living room, next to her (2R:B, basement stairs)
    g.touch()
    t, r = best_of(lambda: best_turn(g, "clear:1R:L", bot=None), reps)
    rows.append(("best_turn 3 Actions, up to 3 rolls, Scene 1 board", t, 2.0,
                 f"P = {r.p}, {r.states} positions, first {r.first}"))
    return rows


def engine_rows(commit: str, quick: bool) -> list[str]:
    games, rounds = ("8", "10") if quick else ("30", "20")
    with tempfile.TemporaryDirectory(prefix="nollab-base-") as tmp:
        arch = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=arch, check=True)
        p = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_engine.py"), "--games", games, "--rounds",
                            rounds, "--scenes", "S1", "--policies", "random,first", "--baseline", tmp],
                           check=True, capture_output=True, text=True)
    return p.stdout.strip().splitlines()


def cold_rows(reps: int, bytecode: bool = True) -> list[tuple]:
    """Best CPU time of ``reps`` fresh workers per family and library, after one warm-up run that writes
    the bytecode caches (``bytecode=False``: with ``PYTHONDONTWRITEBYTECODE=1`` and no cache, an editable
    install compiles nollab's modules in every process; icepool's were compiled at install)."""
    import os

    sys.path.insert(0, str(ROOT / "bench"))
    from bench_prob import worker_env

    env = worker_env()
    if not bytecode:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        for cache in (ROOT / "nollab").rglob("__pycache__"):
            for f in cache.glob("*.pyc"):
                os.remove(f)
    out = []
    for fam in ("dice", "targeting", "deck"):
        times = {}
        for lib in ("nollab", "icepool"):
            best = float("inf")
            for _ in range(reps + 1):
                p = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_prob.py"), "--worker", lib, fam],
                                   check=True, capture_output=True, text=True, cwd=ROOT, env=env)
                best = min(best, float(p.stdout.strip()))
            times[lib] = best
        out.append((fam, times["nollab"], times["icepool"]))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline-commit", default="a5a95e1", help="engine baseline (before issue 13's part 2)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--quick", action="store_true", help="fewer engine games (a smoke run)")
    ap.add_argument("--only", default="forecast,best_turn,engine,cold")
    ap.add_argument("--no-bytecode", action="store_true", help="also the cold start without bytecode caches")
    args = ap.parse_args(argv)
    only = set(args.only.split(","))
    if {"forecast", "best_turn"} & only:
        print(f"{'query':<56} {'CPU s':>8} {'goal':>6}  sizes")
        rows = (forecast_rows(args.reps) if "forecast" in only else []) + \
            (best_turn_rows(args.reps) if "best_turn" in only else [])
        for name, t, goal, size in rows:
            mark = "" if goal is None else ("  OK " if t < goal else "  over")
            print(f"{name:<56} {t:8.3f} {('< ' + str(goal)) if goal else '':>6}{mark}  {size}")
        print()
    if "engine" in only:
        print(f"engine steps/s, this checkout vs {args.baseline_commit} (bench/bench_engine.py, CPU time):")
        for line in engine_rows(args.baseline_commit, args.quick):
            print("  " + line)
        print()
    if "cold" in only:
        print("cold start (fresh process: import + first answer, CPU, best of reps, ms) -- goal: icepool / nollab >= 10")
        print(f"  {'family':<10} {'nollab':>8} {'icepool':>8} {'ratio':>7}")
        for fam, n, i in cold_rows(args.reps):
            print(f"  {fam:<10} {n * 1000:8.1f} {i * 1000:8.1f} {i / n:6.1f}x")
        if args.no_bytecode:
            print("  the same with PYTHONDONTWRITEBYTECODE=1 and nollab's bytecode caches removed:")
            for fam, n, i in cold_rows(args.reps, bytecode=False):
                print(f"  {fam:<10} {n * 1000:8.1f} {i * 1000:8.1f} {i / n:6.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
