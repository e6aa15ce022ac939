"""``nollab play``: play a Scene without a person and print the final summary."""
from __future__ import annotations

import argparse
import json

from nollab.cli import UsageError

HELP = "play a Scene with a policy (first, random, heuristic, fighter, idle) and print the final summary"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scene", default="S1", help="scene id (default S1)")
    parser.add_argument("--seed", type=int, default=0, help="game seed (default 0)")
    parser.add_argument("--policy", default="first",
                        help="a policy of nollab.sim.POLICIES: first, random, heuristic, fighter, idle (default first)")
    parser.add_argument("--rounds", type=int, default=50, help="stop after this many rounds (default 50)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--log", action="store_true", help="print every event before the summary")


def run(args: argparse.Namespace) -> int:
    from nollab.rules.game import Game
    from nollab.sim.policy import POLICIES, make_policy

    if args.policy not in POLICIES:
        raise UsageError(f"--policy must be one of {', '.join(sorted(POLICIES))}, got {args.policy!r}")
    if args.rounds < 1:
        raise UsageError(f"--rounds must be >= 1, got {args.rounds}")
    try:
        game = Game.new(args.scene, seed=args.seed, history=False)
    except (ValueError, FileNotFoundError) as exc:
        raise UsageError(f"--scene {args.scene}: {exc}") from None
    game.run_until("end", make_policy(args.policy, args.seed), max_rounds=args.rounds)
    summary = game.summary()
    summary["rounds"] = min(summary["rounds"], args.rounds)
    summary["policy"] = args.policy
    if args.log:
        for e in game.events:
            print(e)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
        return 0
    print(f"{summary['scene']} seed {summary['seed']} policy {args.policy}: {summary['result']} after "
          f"{summary['rounds']} round(s){' - ' + summary['reason'] if summary['reason'] else ''}")
    print("kills: " + ", ".join(f"{k} {v}" for k, v in summary["kills"].items()))
    for sid, s in summary["survivors"].items():
        print(f"  {sid:7s} XP {s['xp']:3d} ({s['level']}), wounds {s['wounds']}/3{'' if s['alive'] else ', eliminated'}")
    print(f"state hash {summary['state_hash']}")
    return 0
