"""Measure the difficulty table of notebook 05: every Scene, team of 6, the heuristic bot and the
``planner`` bot, win rates with 95 % Wilson intervals, written to
``notebooks/data/05-scene-difficulty.json`` (the notebook reads it; its test never simulates
thousands of games).

Run: ``nice python bench/scene_difficulty.py [--scenes S1,...] [--heuristic-games 50]
[--planner-games 12] [--budget 12] [--workers 2] [--seed 2026]``. Each Scene is written as soon as
it is done (a long run interrupted keeps what it measured); rows already in the file for the same
settings are kept unless ``--redo``. Both bots play the same seeds (game i of a Scene uses the
i-th child of ``SeedSequence(seed)``), so the planner's first games are the heuristic's first games.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "notebooks" / "data" / "05-scene-difficulty.json"
SCENES = ["S1", "S2", "S3", "S4", "S5", "S6", "S7", "S8", "S9", "S10"]


def measure(scene: str, policy, games: int, seed: int, workers: int) -> dict:
    from nollab.sim import run
    r = run(scene, policy, games=games, seed=seed, workers=workers)
    s = r.summary()
    return {"games": s["games"], "won": s["wins"], "lost": s["losses"], "timeouts": s["timeouts"],
            "win_rate": s["win_rate"], "win_ci": list(s["win_ci"]), "mean_rounds": s["mean_rounds"],
            "causes": s["causes"], "wall_seconds": round(r.timing["seconds"], 1), "policy": r.meta["policy"],
            "team": r.meta["team"], "max_rounds": r.meta["max_rounds"]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenes", default=",".join(SCENES))
    ap.add_argument("--heuristic-games", type=int, default=50)
    ap.add_argument("--planner-games", type=int, default=12)
    ap.add_argument("--budget", type=int, default=None, help="planner rollouts per decision (default: its default)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--redo", action="store_true", help="measure again rows already in the file")
    args = ap.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from nollab.rules.scenes.scene import load_scene
    from nollab.sim.planner import DEFAULT_BUDGET, Planner
    budget = args.budget or DEFAULT_BUDGET
    out = Path(args.out)
    data = json.loads(out.read_text()) if out.exists() else {}
    data.setdefault("scenes", {})
    data.update({"seed": args.seed, "budget": budget, "planner": Planner(budget=budget).label,
                 "how": "python bench/scene_difficulty.py (nice, 2 worker processes, shared 2-core machine)"})
    for scene in args.scenes.split(","):
        sc = load_scene(scene)
        row = data["scenes"].setdefault(scene, {})
        row.update({"title": sc.data.get("title", scene), "label": sc.data.get("difficulty", "?"),
                    "page": sc.data.get("page", "")})
        for key, policy, n in (("heuristic", "heuristic", args.heuristic_games),
                               ("planner", Planner(budget=budget), args.planner_games)):
            old = row.get(key)
            if old and not args.redo and old.get("games") == n and old.get("seed") == args.seed \
                    and (key == "heuristic" or old.get("policy") == Planner(budget=budget).label):
                continue
            t = time.time()
            row[key] = dict(measure(scene, policy, n, args.seed, args.workers), seed=args.seed)
            print(f"{scene} {key}: {row[key]['won']}/{n} won ({time.time() - t:.0f} s)", flush=True)
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
