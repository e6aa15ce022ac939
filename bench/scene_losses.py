"""Why a bot loses a Scene: plays games on the seeds of ``bench/scene_difficulty.py`` (game i = the
i-th child of ``SeedSequence(seed)``) and prints, per game and in total, how it ended -- the cause,
the round, the Danger Level, how many Ghouls stood on the board, where the eliminated Survivor
stood and, on the travelling Scenes (S6 P. 39, S8 P. 41), how many tiles were laid.

Run: ``nice python bench/scene_losses.py S6 [--games 50] [--policy heuristic] [--budget 12]
[--seed 2026] [--quiet]``. Watching one game: ``--show 3`` prints the events of game 3 round by round.

This is how the S6/S7/S8 plans were diagnosed (notes/issue-16-planB): every loss was a starting
Survivor eliminated (P. 8), never the clock; S6 stalled on the first new tile with the posse on 3-4
tiles (8-12 Ghoul cards a round, "Fighting through the herd"), S7 waited unarmed next to the white
Spawn Zone.
"""
from __future__ import annotations

import argparse
import collections
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def play(scene: str, policy: str, budget: int | None, seed: int, index: int, show: bool = False) -> dict:
    """One game of the table's seeds; its ending as a row (and its events if ``show``)."""
    from nollab.rules.game import Game
    from nollab.sim.policy import make_policy
    from nollab.sim.runner import game_seeds, scene_max_rounds
    engine_seed, policy_seed = game_seeds(seed, index + 1)[index]
    g = Game.new(scene, seed=engine_seed, history=False)
    if policy == "planner":
        from nollab.sim.planner import PlannerPolicy
        pol = PlannerPolicy(seed=policy_seed, **({"budget": budget} if budget else {}))
    else:
        pol = make_policy(policy, policy_seed)
    max_rounds = scene_max_rounds(scene)
    while g.state.result is None and g.state.round <= max_rounds:
        n = len(g.events)
        g.run_until("round", policy=pol, max_rounds=max_rounds)
        if show:
            for e in g.events[n:]:
                print(f"  R{e.round} {e.phase[:7]:7} {e.text[:150]}")
        if n == len(g.events):
            break
    st = g.state
    dead = [s for s in st.survivors.values() if not s.alive]
    tile = (lambda z: g.board.zones[z].tile if z in g.board.zones else "?")
    xp = max(s.xp for s in st.survivors.values())
    return {"index": index, "result": st.result or "timeout", "cause": st.reason, "round": st.round,
            "danger": g.content.danger_level(xp).name.lower(),
            "ghouls": sum(sum(c) for c in st.ghouls.values()),
            "dead_at": ",".join(tile(s.zone) for s in dead),
            "tiles_laid": sum(1 for e in g.events if e.kind == "tile_added")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("scene")
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--policy", default="heuristic")
    ap.add_argument("--budget", type=int, default=None, help="planner rollouts per decision")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--show", type=int, default=None, help="print the events of this game index")
    ap.add_argument("--quiet", action="store_true", help="totals only")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "bench"))
    from bot_args import policy_problem, scene_problem

    _, problem = scene_problem(args.scene)
    if problem:
        print(problem, file=sys.stderr)
        return 2
    if not 1 <= args.games <= 100_000 or (args.show is not None and not 0 <= args.show < 100_000):
        print("--games must be 1..100000 and --show 0..99999", file=sys.stderr)
        return 2
    if policy_problem(args.policy):
        print(policy_problem(args.policy), file=sys.stderr)
        return 2
    if args.show is not None:
        print(play(args.scene, args.policy, args.budget, args.seed, args.show, show=True))
        return 0
    rows = [play(args.scene, args.policy, args.budget, args.seed, i) for i in range(args.games)]
    if not args.quiet:
        for r in rows:
            print(r)
    won = sum(r["result"] == "won" for r in rows)
    print(f"{args.scene} {args.policy}: {won}/{len(rows)} won")
    for key in ("cause", "round", "danger", "dead_at", "tiles_laid"):
        c = collections.Counter(r[key] for r in rows if r["result"] != "won")
        print(f"  losses by {key}: " + ", ".join(f"{k}: {n}" for k, n in sorted(c.items(), key=lambda x: (-x[1], str(x[0])))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
