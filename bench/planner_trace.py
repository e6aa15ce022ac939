"""What the planner's search does in a Scene: plays ``planner`` games on the seeds of
``bench/scene_difficulty.py`` (game i = the i-th child of ``SeedSequence(seed)``, so the rows are
the table's own games) and prints, one column per setting side by side:

* how far the team got: wins, mean rounds, P(reach round 12 / 16 / 20), how the games ended;
* how each decision was made (:attr:`nollab.sim.planner.PlannerPolicy.trace`): *quiet* (no Ghoul
  within reach: the heuristic alone), *trusted* (a scene plan vouches for the step,
  ``Plan.trusted``), *searched* (the candidates rolled out), and how many searches *overruled* the
  heuristic's choice;
* the overrules split by what the search saw: **loss seen** (a sampled future of the heuristic's
  choice lost the game: the search's loss avoidance) or **margin** (no loss seen: the choice won
  on Wounds, positions and kills by at least the margin -- with 3 futures a candidate, partly the
  luck of the dice), and the most frequent pairs "heuristic's kind -> kind played".

Run: ``nice python bench/planner_trace.py S5 [--games 24] [--start 0] [--budgets 12,24,48]
[--margins 25] [--horizons 1,2] [--seed 2026]``. Several budgets (margins, rollout horizons in rounds)
give one column each on the same games.
This is how the S5 planner was read (notes/issue-16-s5p): budget 12/24/48 give the same rounds,
and both fewer overrules (margin 500) and more (margin 0) lose rounds.
"""
from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_GAMES = 10_000
REACH = (12, 16, 20)


def loss_seen(record: dict, budget: int, lost: float) -> bool:
    """Did a sampled future of the heuristic's own choice lose the game? Each future is judged
    ``lost`` (about -100,000) when lost, a few hundred otherwise, and the mean is over
    ``budget // candidates`` futures: one loss pulls the mean below half a loss's share."""
    n = max(1, budget // len(record["cands"]))
    return record["means"][0] < lost / (2 * n)


def summarize(games: list[dict], budget: int, lost: float) -> dict:
    """Totals of played games: each ``{"rounds", "result", "reason", "seconds", "trace"}``."""
    n = len(games)
    c: collections.Counter = collections.Counter()
    pairs: collections.Counter = collections.Counter()
    for g in games:
        c["won"] += g["result"] == "won"
        if g["result"] != "won":
            reason = g["reason"] or "timeout"
            c["lost: a Ghoul in the house" if "in the house" in reason
              else "lost: a Survivor eliminated" if "eliminated" in reason else "lost: other / timeout"] += 1
        for r in g["trace"]:
            c[r["how"]] += 1
            if r["how"] == "searched" and r["played"] is not r["heuristic"]:
                c["overruled"] += 1
                c["loss seen" if loss_seen(r, budget, lost) else "margin"] += 1
                pairs[f"{r['heuristic'].kind} -> {r['played'].kind}"] += 1
    rounds = [g["rounds"] for g in games]
    out = {"games": n, "won": c["won"], "mean rounds": sum(rounds) / n if n else 0.0}
    for r in REACH:
        out[f"P(round {r})"] = sum(x >= r for x in rounds) / n if n else 0.0
    for k in ("lost: a Ghoul in the house", "lost: a Survivor eliminated", "lost: other / timeout"):
        out[k] = c[k]
    for k in ("quiet", "single", "trusted", "searched", "overruled", "loss seen", "margin"):
        out[f"{k} / game"] = c[k] / n if n else 0.0
    out["s / game"] = sum(g["seconds"] for g in games) / n if n else 0.0
    out["pairs"] = pairs
    out["rounds"] = rounds
    return out


def play(scene: str, index: int, seed: int, budget: int, margin: float, horizon: int = 1) -> dict:
    """One planner game of the table's seeds, with its decision trace."""
    from nollab.rules.game import Game
    from nollab.sim.planner import PlannerPolicy
    from nollab.sim.runner import DEFAULT_MAX_STEPS, game_seeds, scene_max_rounds
    engine_seed, policy_seed = game_seeds(seed, index + 1)[index]
    g = Game.new(scene, seed=engine_seed, history=False)
    pol = PlannerPolicy(seed=policy_seed, budget=budget, margin=margin, rounds=horizon)
    pol.trace = []
    t = time.process_time()
    mr = scene_max_rounds(scene)
    g.run_until("end", policy=pol, max_rounds=mr, max_steps=DEFAULT_MAX_STEPS)
    st = g.state
    return {"rounds": min(g.summary()["rounds"], mr), "result": st.result, "reason": st.reason,
            "seconds": time.process_time() - t, "trace": pol.trace}


def _numbers(text: str, kind, name: str, lo: float, hi: float) -> list:
    try:
        got = [kind(x) for x in text.split(",") if x.strip()]
    except ValueError:
        got = []
    if not got or not all(lo <= x <= hi for x in got):
        raise SystemExit(f"planner_trace: --{name} must be a comma list of numbers {lo}..{hi}, got {text!r}")
    return got


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scene")
    ap.add_argument("--games", type=int, default=24)
    ap.add_argument("--start", type=int, default=0, help="index of the first game (the table's game i)")
    ap.add_argument("--budgets", default=None, help="rollouts per decision, comma list (default: the planner's)")
    ap.add_argument("--margins", default=None, help="overrule margins, comma list (default: the planner's)")
    ap.add_argument("--horizons", default="1", help="rollout rounds, comma list (default 1, the planner's)")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from nollab.rules.scenes.scene import load_scene
    from nollab.sim.planner import DEFAULT_BUDGET, MAX_BUDGET
    from nollab.sim.planner.evaluate import WEIGHTS
    from nollab.sim.planner.search import DEFAULT_MARGIN
    try:
        load_scene(args.scene)
    except Exception as exc:  # the scene file's own message, one line
        print(f"planner_trace: bad scene {args.scene!r}: {str(exc).splitlines()[0]}", file=sys.stderr)
        return 2
    try:
        if not 1 <= args.games <= MAX_GAMES or not 0 <= args.start <= MAX_GAMES:
            raise SystemExit(f"planner_trace: --games must be 1..{MAX_GAMES} and --start 0..{MAX_GAMES}, "
                             f"got {args.games}, {args.start}")
        budgets = _numbers(args.budgets, int, "budgets", 1, MAX_BUDGET) if args.budgets else [DEFAULT_BUDGET]
        margins = _numbers(args.margins, float, "margins", 0.0, 1e6) if args.margins else [DEFAULT_MARGIN]
        horizons = _numbers(args.horizons, int, "horizons", 1, 50)
    except SystemExit as exc:
        print(exc, file=sys.stderr)
        return 2
    settings = [(b, m, r) for b in budgets for m in margins for r in horizons]
    cols = []
    for b, m, r in settings:
        games = [play(args.scene, i, args.seed, b, m, r) for i in range(args.start, args.start + args.games)]
        cols.append(summarize(games, b, WEIGHTS["lost"]))
    head = [f"budget {b} margin {m:g}" + (f" rounds {r}" if r != 1 else "") for b, m, r in settings]
    print(f"{args.scene}, planner games {args.start}..{args.start + args.games - 1} of seed {args.seed}")
    print(f"{'':28}" + "".join(f"{h:>30}" for h in head))
    for key in cols[0]:
        if key in ("pairs", "rounds"):
            continue
        vals = [c[key] for c in cols]
        print(f"{key:28}" + "".join(f"{v:>30.2f}" if isinstance(v, float) else f"{v:>30}" for v in vals))
    print("rounds of each game (paired comparisons: the same game i in every column):")
    for h, c in zip(head, cols):
        print(f"  {h}: " + " ".join(str(r) for r in c["rounds"]))
    print("overrules, heuristic's kind -> kind played (per column):")
    for h, c in zip(head, cols):
        print(f"  {h}: " + ", ".join(f"{k} {n}" for k, n in c["pairs"].most_common(8)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
