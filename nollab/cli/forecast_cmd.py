"""``nollab forecast``: the exact distribution of what happens until the end of the round or phase.

Examples::

    nollab forecast --save game.json                      # until the end of the round, default decisions
    nollab forecast --save game.json --until end_of_phase --policy best --json

Everything is read off the saved game (``Game.to_json()``) and followed through the engine's own chance
steps (:func:`nollab.prob.forecasting.forecast`): every roll and Ghoul card with its exact weight, equal
positions merged. ``--policy``: ``default`` (the Survivors still to play end their Turn, every decision
takes its default), ``best`` (the players' decisions are the best ones for the Survivors, expectimax), or
a bot's name (``heuristic``, ...). JSON: exact ``"p/q"`` strings as ``nollab odds --json``: ``p_lost``,
``p_won``, ``p_someone_dies``, ``p_ghoul_in_house``, ``survivors`` (``p_dies``, ``wounds``),
``ghouls_by_zone``, ``ghouls_in_house``, ``spawned``, ``extra_activations``, ``p_run_out`` by type.
"""
from __future__ import annotations

import argparse
import json

from nollab.cli import UsageError

HELP = "exact forecast of a saved game until the end of the round or phase: deaths, wounds, Ghouls, spawns"

UNTIL = {"end_of_round": "end_of_round", "round": "end_of_round", "end_of_phase": "end_of_phase",
         "phase": "end_of_phase"}
MAX_STATES = 5_000_000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--save", metavar="FILE.json", help="a game saved with Game.to_json() (required)")
    parser.add_argument("--until", default="end_of_round", help="end_of_round (default) or end_of_phase")
    parser.add_argument("--policy", default="default", help="default, best, or a bot's name (e.g. heuristic)")
    parser.add_argument("--max-states", default="200000", help="bound on the positions explored (default 200000)")
    parser.add_argument("--json", action="store_true", help="machine-readable output (exact p/q strings)")


def parse_max_states(text: str, flag: str = "--max-states") -> int:
    s = str(text).strip()
    if not s.isdigit() or not 1 <= int(s) <= MAX_STATES:
        raise UsageError(f"{flag} must be an integer 1..{MAX_STATES}, got {text!r}")
    return int(s)


def run(args: argparse.Namespace) -> int:
    from nollab.cli.odds_cmd import load_saved_game
    from nollab.prob.forecasting import ForecastError, forecast

    if args.save is None:
        raise UsageError("--save FILE.json is required (the game to forecast)")
    until = UNTIL.get(str(args.until).strip().lower())
    if until is None:
        raise UsageError(f"--until must be end_of_round or end_of_phase, got {args.until!r}")
    max_states = parse_max_states(args.max_states)
    policy = str(args.policy).strip()
    if policy not in ("default", "best"):
        from nollab.sim.policy import POLICIES
        if policy not in POLICIES:
            raise UsageError(f"--policy must be default, best or one of {', '.join(sorted(POLICIES))}, got {policy!r}")
    game = load_saved_game(args.save)
    if game.over:
        raise UsageError(f"--save {args.save}: the game is over ({game.state.result})")
    try:
        f = forecast(game, until, policy, max_states=max_states)
    except ForecastError as exc:
        head, _sep, rest = str(exc).partition(": ")
        flag = {"max_states": "--max-states", "policy": "--policy", "until": "--until"}.get(head)
        raise UsageError(f"{flag}: {rest}" if flag else f"--save: {exc}") from None
    if args.json:
        print(json.dumps(f.to_json(), indent=2))
        return 0
    print(render_text(f))
    return 0


def _pct(p) -> str:
    return f"{float(p):.1%}"


def render_text(f) -> str:
    from nollab.cli.parsing import frac
    from nollab.content_model import GHOUL_TYPES

    s = f.start
    lines = [f"Forecast from round {s['round']}, {s['phase']} phase, until the {f.until.replace('_', ' ')} "
             f"(policy: {f.policy}; {f.states} positions, {len(f.outcomes)} outcomes)", ""]
    lines.append(f"P(someone dies)       = {frac(f.p_someone_dies)} = {_pct(f.p_someone_dies)}")
    lines.append(f"P(lost)               = {frac(f.p_lost)} = {_pct(f.p_lost)}")
    lines.append(f"P(won)                = {frac(f.p_won)} = {_pct(f.p_won)}")
    lines.append(f"P(a Ghoul in a house) = {frac(f.p_ghoul_in_house)} = {_pct(f.p_ghoul_in_house)}")
    lines.append("")
    lines.append(f"{'survivor':<10} {'P(dies)':>10} {'E[wounds]':>10}")
    for sid in f.survivors:
        lines.append(f"  {sid:<8} {_pct(f.p_dies(sid)):>10} {float(f.wounds(sid).mean()):>10.3f}")
    lines.append("")
    lines.append(f"{'ghoul':<10} {'E[placed]':>10} {'P(run out)':>11} {'E[extra act.]':>14}")
    for t in GHOUL_TYPES:
        lines.append(f"  {t:<8} {float(f.spawned(t).mean()):>10.3f} {_pct(f.p_run_out(t)):>11} "
                     f"{float(f.extra_activations(t).mean()):>14.3f}")
    zones = f.ghouls_by_zone()
    if zones:
        lines.append("")
        lines.append("Ghouls by Zone (E[count], P(any)):")
        for z, d in zones.items():
            lines.append(f"  {z:<10} {float(d.mean()):>7.3f}  {_pct(d.p(lambda n: n > 0)):>7}")
    return "\n".join(lines)
