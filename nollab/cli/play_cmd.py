"""``nollab play``: play any registered game without a person and print the final summary.

``--game`` picks the game from the registry (:mod:`nollab.games`, default ``notld``); ``--scene``
(or ``--setup``) is the game's starting configuration (a NOTLD Scene; for Dead Panic
``--players N`` or ``--characters al,ray``). The policy is one of the game's own bots.
"""
from __future__ import annotations

import argparse
import json

from nollab.cli import UsageError
from nollab.cli.parsing import check_scene_arg, to_int

HELP = "play a game (--game notld|dead-panic|...) with a built-in policy and print the final summary"

#: bounds on the numbers a user types (far above any real game)
MAX_ROUNDS = 10_000
MAX_POSITION_FILE = 1_000_000  # bytes (a position is ~3 KB)


def position_text(value: str) -> str:
    """``--position``: the notation itself (it starts with NOTLD1) or the path of a file holding it."""
    from pathlib import Path

    if value.lstrip().startswith("NOTLD"):
        return value
    if len(value) > 4096:
        raise UsageError(f"--position: neither a position (NOTLD1 ...) nor a file name ({len(value)} characters)")
    p = Path(value)
    try:
        if not p.is_file():
            raise UsageError(f"--position {value}: neither a position (NOTLD1 ...) nor a file")
        if p.stat().st_size > MAX_POSITION_FILE:
            raise UsageError(f"--position {value}: larger than {MAX_POSITION_FILE} bytes")
        with open(p, "rb") as f:
            return f.read(MAX_POSITION_FILE + 1).decode("utf-8")
    except OSError as exc:
        raise UsageError(f"--position {value}: cannot be read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise UsageError(f"--position {value}: not UTF-8 text") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="notld", help="a registered game: notld (default), dead-panic, ...")
    parser.add_argument("--scene", "--setup", dest="setup", default=None,
                        help="the game's setup: a NOTLD Scene id (default S1); Dead Panic: a player count or "
                             "comma-separated characters")
    parser.add_argument("--players", default=None, help="games with a player count (Dead Panic): 2..6 players")
    parser.add_argument("--characters", default=None,
                        help="games with characters (Dead Panic): comma-separated ids, e.g. al,ray,sandra")
    parser.add_argument("--seed", default="0", help="game seed (default 0)")
    parser.add_argument("--policy", default=None,
                        help="one of the game's bots (NOTLD: nollab.sim.POLICIES -- first, random, heuristic, "
                             "fighter, idle; Dead Panic: first, random, bot); default: the game's default")
    parser.add_argument("--rounds", default=None,
                        help="stop after this many rounds (default 50; Dead Panic 100)")
    parser.add_argument("--position", default=None,
                        help="NOTLD: start from a position: its text (NOTLD1 S1 ..., docs/position.md) or a "
                             "file holding it (game.position() writes it)")
    parser.add_argument("--show", action="store_true",
                        help="NOTLD: print the final position as players see it (Survivors with their faceup Mode, "
                             "Wounds and cards; Ghouls by Zone; Spawn tokens; what the game waits for)")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--log", action="store_true", help="print every event before the summary")


def _setup(args: argparse.Namespace, spec) -> tuple[str, str | None]:
    own = "--scene" if spec.name == "notld" else "--setup"
    given = [(flag, v) for flag, v in ((own, args.setup), ("--players", args.players),
                                       ("--characters", args.characters)) if v is not None]
    if len(given) > 1:
        raise UsageError(f"{given[0][0]} and {given[1][0]} cannot be combined: give one setup")
    if not given:
        return own, None
    flag, value = given[0]
    if flag != own and not spec.extra.get("players_setup"):
        raise UsageError(f"{flag}: {spec.name} has no {flag[2:]}; give its setup with {own}")
    if len(value) > 1000:
        raise UsageError(f"{flag}: too long ({len(value)} characters)")
    if flag == "--scene":
        check_scene_arg(value, flag)
    return flag, value


def run(args: argparse.Namespace) -> int:
    from nollab.games import UnknownGame, get_game
    from nollab.games.session import run_to_end

    try:
        spec = get_game(args.game)
    except UnknownGame as exc:
        raise UsageError(f"--game: {exc}") from None
    if args.show and spec.name != "notld":
        raise UsageError(f"--show: only NOTLD games have this view, not {spec.name}")
    policy = args.policy if args.policy is not None else spec.default_policy
    if policy not in spec.policies:
        raise UsageError(f"--policy must be one of {', '.join(spec.policies)} for {spec.name}, got {policy!r}")
    args.seed = to_int(args.seed, "--seed", -(2**63), 2**63 - 1)
    rounds = to_int(args.rounds, "--rounds") if args.rounds is not None else int(spec.extra.get("play_rounds", 50))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise UsageError(f"--rounds must be 1..{MAX_ROUNDS}, got {rounds}")
    flag, setup = _setup(args, spec)
    if args.position is not None:
        if spec.name != "notld":
            raise UsageError(f"--position: only NOTLD games have a position notation, not {spec.name}")
        if setup is not None:
            raise UsageError(f"--position and {flag} cannot be combined: the position names its Scene")
        from nollab.games.notld import NotldMatch
        from nollab.rules import Game
        try:
            match = NotldMatch(Game.from_position(position_text(args.position), history=False))
        except ValueError as exc:
            raise UsageError(f"--position: {exc}") from None
    else:
        try:
            match = spec.new(seed=args.seed, setup=setup, history=False)
        except (ValueError, FileNotFoundError) as exc:
            raise UsageError(f"{flag} {setup if setup is not None else spec.default_setup}: {exc}") from None
    run_to_end(match, spec.make_policy(policy, args.seed), max_rounds=rounds)
    summary = match.summary()
    summary["rounds"] = min(summary["rounds"], rounds)
    summary["policy"] = policy
    if args.log:
        for e in match.events:
            print(e)
    if args.show:
        from nollab.rules.labels import zone_label
        game = match.game
        for line in game.view().lines(lambda z: zone_label(game.board, z)):
            print(line)
    if args.json:
        print(json.dumps(summary, sort_keys=True))
        return 0
    text = spec.extra.get("summary_text")
    for line in (text(summary) if text else [json.dumps(summary, sort_keys=True)]):
        print(line)
    return 0
