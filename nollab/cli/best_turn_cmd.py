"""``nollab best-turn``: the best use of the active Survivor's remaining Actions, exactly.

Examples::

    nollab best-turn --save game.json --goal clear
    nollab best-turn --save game.json --goal kill:fatty --json
    nollab best-turn --save game.json --goal reach:1R:P --actions all

Goals: ``clear`` (the Survivor's Zone, else the nearest Zone with Ghouls in sight), ``clear:<zone>``,
``kill:<type>[:<n>]``, ``reach:<zone>``, ``survive`` (alive and not lost at the end of the round).
The search (:func:`nollab.prob.planning.best_turn`) is an exact expectimax over the Survivor's
decisions with every roll as the engine's chance step; it prints the plan (the decision after each
roll), its exact probability, and what the heuristic bot would do with its exact probability. JSON:
``p``, ``first``, ``plan`` (nested), ``bot`` (``policy``, ``first``, ``p``) with exact ``"p/q"``.
"""
from __future__ import annotations

import argparse
import json

from nollab.cli import UsageError

HELP = "exact best plan for the active Survivor's remaining Actions (clear, kill, reach, survive)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--save", metavar="FILE.json", help="a game saved with Game.to_json() (required)")
    parser.add_argument("--goal", default="clear", help="clear[:zone], kill:<type>[:n], reach:<zone>, survive")
    parser.add_argument("--actions", default="relevant", help="relevant (default: no Search/Trade) or all")
    parser.add_argument("--bot", default="heuristic", help="the bot compared with (a policy name, or none)")
    parser.add_argument("--max-states", default="200000", help="bound on the positions explored (default 200000)")
    parser.add_argument("--depth", default="6", help="decisions shown in the text plan (default 6)")
    parser.add_argument("--json", action="store_true", help="machine-readable output (exact p/q strings)")


def run(args: argparse.Namespace) -> int:
    from nollab.cli.forecast_cmd import parse_max_states
    from nollab.cli.odds_cmd import load_saved_game
    from nollab.prob.planning import BestTurnError, best_turn

    if args.save is None:
        raise UsageError("--save FILE.json is required (the game whose active Survivor plays)")
    if args.actions not in ("relevant", "all"):
        raise UsageError(f"--actions must be relevant or all, got {args.actions!r}")
    depth = str(args.depth).strip()
    if not depth.isdigit() or not 1 <= int(depth) <= 50:
        raise UsageError(f"--depth must be 1..50, got {args.depth!r}")
    max_states = parse_max_states(args.max_states)
    bot = None if str(args.bot).strip().lower() == "none" else str(args.bot).strip()
    if bot is not None:
        from nollab.sim.policy import POLICIES
        if bot not in POLICIES:
            raise UsageError(f"--bot must be none or one of {', '.join(sorted(POLICIES))}, got {args.bot!r}")
    game = load_saved_game(args.save)
    try:
        r = best_turn(game, args.goal, actions=args.actions, bot=bot, max_states=max_states)
    except BestTurnError as exc:
        head, _sep, rest = str(exc).partition(": ")
        flag = {"goal": "--goal", "max_states": "--max-states", "bot": "--bot", "actions": "--actions"}.get(head)
        raise UsageError(f"{flag}: {rest}" if flag else f"--save: {exc}") from None
    if args.json:
        print(json.dumps(r.to_json(), indent=2))
        return 0
    from nollab.cli.parsing import frac

    print(f"{r.survivor}, {r.actions_left} Action(s) left, goal {r.goal}: "
          f"P = {frac(r.p)} = {float(r.p):.1%} with the best play ({r.states} positions)")
    print("")
    print("\n".join(r.lines(int(depth))) or "  (nothing to do: the goal is decided)")
    if r.bot is not None:
        print("")
        print(f"The {r.bot} bot would play {r.bot_first}: P = {frac(r.bot_p)} = {float(r.bot_p):.1%}")
    return 0
