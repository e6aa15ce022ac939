"""The ``nollab`` command line: one dispatcher, one module per subcommand.

Each subcommand lives in ``nollab/cli/<name>.py`` and exposes::

    HELP: str                                  # one line for ``nollab --help``
    def add_arguments(parser: argparse.ArgumentParser) -> None
    def run(args: argparse.Namespace) -> int   # exit code

Modules are imported lazily, so ``nollab odds`` never pays for the rules engine.
Bad input is reported as one line naming the argument, with exit code 2
(:class:`UsageError`), and changes nothing.
"""
from __future__ import annotations

import argparse
import importlib
import os
import sys

#: subcommand name -> module under nollab.cli (module names avoid keywords/builtins)
COMMANDS: dict[str, str] = {
    "content": "content_cmd",
    "map": "map_cmd",
    "odds": "odds_cmd",
    "spawn": "spawn_cmd",
    "play": "play_cmd",
    "simulate": "simulate_cmd",
    "dashboard": "dashboard_cmd",
    "rules": "rules_cmd",
    "publish": "publish_cmd",
}


class UsageError(Exception):
    """Bad command-line input: printed as ``nollab <cmd>: error: <msg>``, exit code 2."""


def _load(name: str):
    return importlib.import_module(f"nollab.cli.{COMMANDS[name]}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="nollab",
        description="A rules lab for Night of the Living Dead: A Zombicide Game.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        mod = _load(name)  # a subcommand that fails to import is a bug: it must not vanish from --help
        short = mod.HELP.replace("%", "%%")  # argparse %-formats help strings ("95% CI")
        if only is not None and name != only:
            sub.add_parser(name, help=short)  # still listed in --help
            continue
        p = sub.add_parser(name, help=short, description=mod.HELP)
        mod.add_arguments(p)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    only = argv[0] if argv and argv[0] in COMMANDS else None
    parser = build_parser(only)
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 0
    mod = _load(args.command)
    try:
        return int(mod.run(args) or 0)
    except UsageError as exc:
        print(f"nollab {args.command}: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # output piped into `head` and closed early: not an error of ours
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
