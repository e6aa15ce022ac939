"""``nollab simulate``: Monte Carlo games of a Scene with a bot (see :mod:`nollab.sim`).

Examples::

    nollab simulate --scene S1 --policy heuristic --games 200 --seed 1
    nollab simulate --scene S1 --policy random --games 1000 --workers 2 --json
    nollab simulate --scene S1 --team barbra --games 100 --progress
    nollab simulate --scene S3 --policy planner --budget 32 --games 4 --workers 2

Text output: win rate with its 95 % (Wilson) interval, mean rounds/kills/XP/deaths, kills by
type, the rounds histogram, losses by cause. ``--json``: ``{"meta", "summary", "rows"}``, one row
per game (fields in :mod:`nollab.sim.results`). The same ``--seed`` gives the same rows whatever
``--workers`` is.
"""
from __future__ import annotations

import argparse
import json
import sys

from nollab.cli import UsageError
from nollab.cli.parsing import check_scene_arg, to_int

HELP = "Monte Carlo games of a Scene (or any --game) with a bot: win rate (95 percent interval), rounds, kills, causes of loss"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="notld", help="a registered game: notld (default), dead-panic, ...")
    parser.add_argument("--scene", "--setup", dest="scene", default=None,
                        help="scene id, e.g. S1 (default S1); another game's setup (Dead Panic: a player count "
                             "or comma-separated characters)")
    parser.add_argument("--policy", default=None,
                        help="first, random, heuristic, idle, or module:Name of your own (default heuristic)")
    parser.add_argument("--games", default="100", help="number of games (default 100)")
    parser.add_argument("--seed", default="0", help="master seed: game i uses SeedSequence(seed).spawn(N)[i]")
    parser.add_argument("--workers", default=None,
                        help="0/1 = in-process, N = local processes (default: one per CPU)")
    parser.add_argument("--budget", default=None,
                        help="--policy planner only: rollouts per decision (default 12; nollab.sim.planner)")
    parser.add_argument("--max-rounds", default=None, help="rounds before a game is a 'timeout' (default: scene or 40)")
    parser.add_argument("--team", default="", help="comma-separated survivor ids (default: the scene's lineup)")
    parser.add_argument("--team-size", default=None, help="the first N survivors of the scene's lineup")
    parser.add_argument("--progress", action="store_true", help="show a tqdm progress bar on stderr")
    parser.add_argument("--json", action="store_true", help="machine-readable output: meta, summary and rows")


def _int(value, name: str, lo: int, hi: int | None = None) -> int:
    n = to_int(value, name)  # ASCII digits only (nollab.cli.parsing)
    if n < lo or (hi is not None and n > hi):
        raise UsageError(f"{name} must be {lo}..{hi}, got {n}" if hi is not None else f"{name} must be >= {lo}, got {n}")
    return n


def _print(res, as_json: bool) -> None:
    if as_json:
        d = json.loads(res.to_json())
        d["timing"] = res.timing
        print(json.dumps(d, sort_keys=True))
    else:
        print(res.text())
        t = res.timing
        print(f"  {t['seconds']:.2f} s, {t['backend']}, {t['batches']} batches of <= {t['batch_size']} games",
              file=sys.stdout)


def _run_other(args: argparse.Namespace, games: int, seed: int, workers, max_rounds) -> int:
    """``--game`` other than notld: the game's own setup and bots (nollab.games)."""
    from nollab.games import UnknownGame, get_game
    from nollab.sim.runner import run as sim_run
    try:
        spec = get_game(args.game)
    except UnknownGame as exc:
        raise UsageError(f"--game: {exc}") from None
    if args.team or args.team_size is not None:
        raise UsageError(f"--team/--team-size: NOTLD only; give the {spec.name} setup with --setup")
    policy = args.policy or spec.extra.get("sim_policy", spec.default_policy)
    if policy not in spec.policies and ":" not in policy:
        raise UsageError(f"--policy must be one of {', '.join(spec.policies)} or module:Name for {spec.name}, "
                         f"got {policy!r}")
    if ":" in policy:
        from nollab.sim.policy import _import
        try:
            policy = _import(policy)
        except ValueError as exc:
            raise UsageError(f"--policy: {exc}") from None
    if args.scene is not None and len(args.scene) > 1000:
        raise UsageError("--setup: too long")
    try:
        spec.new(seed=0, setup=args.scene, history=False)
    except ValueError as exc:
        raise UsageError(f"--setup {args.scene}: {exc}") from None
    res = sim_run(args.scene, policy, games=games, seed=seed, workers=workers, max_rounds=max_rounds,
                  progress=True if args.progress else None, game=spec.name)
    _print(res, args.json)
    return 0


def run(args: argparse.Namespace) -> int:
    """Ctrl-C is one line saying how many games had finished (``SimulationInterrupted`` once the games
    run; before that, while the Scene and the workers are set up, none)."""
    try:
        return _run(args)
    except KeyboardInterrupt as exc:
        if str(exc):
            raise
        raise KeyboardInterrupt(f"interrupted (Ctrl-C) while setting up: 0 of {args.games} games had finished; "
                                "no results") from None


def _run(args: argparse.Namespace) -> int:
    from nollab.sim.policy import POLICIES
    from nollab.sim.runner import default_team, run as sim_run
    games = _int(args.games, "--games", 1, 1_000_000)
    seed = _int(args.seed, "--seed", -(2**63), 2**63 - 1)
    workers = None if args.workers is None else _int(args.workers, "--workers", 0, 512)
    max_rounds = None if args.max_rounds is None else _int(args.max_rounds, "--max-rounds", 1, 10_000)
    if (args.game or "notld").strip().lower() != "notld":
        if args.budget is not None:
            raise UsageError("--budget: only with --policy planner (NOTLD)")
        return _run_other(args, games, seed, workers, max_rounds)
    args.scene = check_scene_arg(args.scene or "S1", "--scene")
    args.policy = args.policy or "heuristic"
    if args.policy not in POLICIES and ":" not in args.policy:
        raise UsageError(f"--policy must be one of {', '.join(sorted(POLICIES))} or module:Name, got {args.policy!r}")
    if ":" in args.policy:
        from nollab.sim.policy import make_policy
        try:
            make_policy(args.policy, 0)
        except ValueError as exc:
            raise UsageError(f"--policy: {exc}") from None
    try:
        from nollab.rules.scenes.scene import load_scene
        load_scene(args.scene)
    except (ValueError, OSError) as exc:
        raise UsageError(f"--scene {args.scene!r}: {exc}") from None
    team = [x.strip() for x in args.team.split(",") if x.strip()] or None
    if args.team_size is not None:
        if team:
            raise UsageError("--team and --team-size cannot be combined")
        lineup = default_team(args.scene)
        team = default_team(args.scene, _int(args.team_size, "--team-size", 1, len(lineup)))
    if team:
        from nollab.rules.game import default_content
        known = default_content().survivors
        bad = [x for x in team if x not in known]
        if bad:
            raise UsageError(f"--team: unknown survivor(s) {', '.join(bad)} (known: {', '.join(sorted(known))})")
        if len(set(team)) != len(team) or len(team) > 6:
            raise UsageError(f"--team: 1 to 6 distinct survivors, got {','.join(team)}")
    policy = args.policy
    if args.budget is not None:
        if args.policy != "planner":
            raise UsageError(f"--budget: only with --policy planner, got --policy {args.policy}")
        from nollab.sim.planner import MAX_BUDGET, Planner
        policy = Planner(budget=_int(args.budget, "--budget", 1, MAX_BUDGET))
    # a planner game costs seconds, not milliseconds: one game per task so 4 games use 2 workers
    res = sim_run(args.scene, policy, games=games, seed=seed, workers=workers, survivors=team,
                  max_rounds=max_rounds, progress=True if args.progress else None,
                  batch_size=1 if args.policy == "planner" else None)
    _print(res, args.json)
    return 0
