"""The ``nollab`` command line: one dispatcher, one module per subcommand.

Each subcommand lives in ``nollab/cli/<name>.py`` and exposes::

    HELP: str                                  # one line for ``nollab --help``
    def add_arguments(parser: argparse.ArgumentParser) -> None
    def run(args: argparse.Namespace) -> int   # exit code

Modules are imported lazily, so ``nollab odds`` never pays for the rules engine.

**One place turns every failure into one line.** :func:`main` is the only place that prints an
error: bad input raises :class:`UsageError` (or a ``ValueError``/``OSError`` of a loader, or an
argparse error) and is printed as ``nollab <cmd>: error: <msg>`` on one line of stderr, exit code 2,
nothing changed. An unexpected exception (a bug) is one line too, naming its type; ``--debug``
(anywhere on the command line) or ``NOLLAB_DEBUG=1`` shows the traceback instead. Before any
subcommand runs, :func:`check_environment` refuses a bad ``$NOLLAB_CONTENT`` and :func:`check_argv`
an argument with non-ASCII digits ("٣" is not read as 3).
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
    "forecast": "forecast_cmd",
    "best-turn": "best_turn_cmd",
    "play": "play_cmd",
    "simulate": "simulate_cmd",
    "dashboard": "dashboard_cmd",
    "rules": "rules_cmd",
    "publish": "publish_cmd",
}

#: the longest error line printed (a message quoting a huge input is cut)
MAX_ERROR = 600


class UsageError(Exception):
    """Bad command-line input: printed as ``nollab <cmd>: error: <msg>``, exit code 2."""


class Interrupted(Exception):
    """Ctrl-C, reported by the command as one line (what finished): exit code 130."""


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is a :class:`UsageError` (one line, printed by :func:`main`)."""

    def error(self, message: str):  # type: ignore[override]
        raise UsageError(message)


def _load(name: str):
    return importlib.import_module(f"nollab.cli.{COMMANDS[name]}")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    parser = _Parser(
        prog="nollab",
        description="A rules lab for Night of the Living Dead: A Zombicide Game.",
        epilog="Any bad input is one error line and exit code 2; --debug (anywhere) shows the traceback.",
    )
    parser.add_argument("--debug", action="store_true", help="show the traceback of an error")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        mod = _load(name)  # a subcommand that fails to import is a bug: it must not vanish from --help
        short = mod.HELP.replace("%", "%%")  # argparse %-formats help strings ("95% CI")
        if only is not None and name != only:
            sub.add_parser(name, help=short)  # still listed in --help
            continue
        p = sub.add_parser(name, help=short, description=mod.HELP.replace("%", "%%"))
        mod.add_arguments(p)
    return parser


def check_argv(argv: list[str]) -> None:
    """Refuse an argument holding a digit other than 0-9 (Arabic-Indic, superscript, full-width...):
    Python's ``int()`` reads "٣" as 3, which no user means on a command line."""
    for a in argv:
        bad = next((ch for ch in a if ch.isdigit() and not "0" <= ch <= "9"), None)
        if bad is not None:
            shown = a if len(a) <= 60 else a[:57] + "..."
            raise UsageError(f"argument {shown!r}: non-ASCII digit {bad!r} (U+{ord(bad):04X}); use 0-9")


def check_environment() -> None:
    """``$NOLLAB_CONTENT``, when set, must be a folder this user can read: a missing or unreadable
    folder is an error, never a silent fall-back on the shipped content."""
    from nollab.cli.parsing import check_dir

    value = os.environ.get("NOLLAB_CONTENT")
    if value:
        check_dir(value, "NOLLAB_CONTENT")


def one_line(msg: object) -> str:
    """``msg`` on one line of at most :data:`MAX_ERROR` characters."""
    text = " ".join(str(msg).split()) or "(no message)"
    return text if len(text) <= MAX_ERROR else text[:MAX_ERROR - 3] + "..."


def _describe(exc: BaseException) -> str:
    """The error line of a known failure class (the message names the input), else the type too."""
    from nollab.content import ContentError

    if isinstance(exc, (UsageError, ContentError)):
        return str(exc)
    name = type(exc).__name__
    if name == "BoardFormatError":
        return str(exc)
    if isinstance(exc, RecursionError):
        return "an input is nested too deeply (JSON or TOML nesting is bounded; see README Limits)"
    if isinstance(exc, MemoryError):
        return "out of memory: an input is too large (see README Limits)"
    if isinstance(exc, OSError):
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        return f"{where}{exc.strerror or exc}"
    if isinstance(exc, UnicodeDecodeError):
        return f"an input is not UTF-8 text ({exc.reason} at byte {exc.start})"
    if isinstance(exc, ValueError) and str(exc):
        return str(exc)
    return f"internal error ({name}: {exc}); please report it, with --debug for the traceback"


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    debug = "--debug" in argv or os.environ.get("NOLLAB_DEBUG", "") not in ("", "0")
    argv = [a for a in argv if a != "--debug"]
    only = argv[0] if argv and argv[0] in COMMANDS else None
    command = only or ""
    try:
        parser = build_parser(only)
        check_argv(argv)
        args = parser.parse_args(argv)
        command = args.command or ""
        if not args.command:
            parser.print_help()
            return 0
        check_environment()
        mod = _load(args.command)
        return int(mod.run(args) or 0)
    except BrokenPipeError:
        # output piped into `head` and closed early: not an error of ours
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return 0
    except SystemExit:
        raise  # --help / --version exit 0 through argparse
    except (KeyboardInterrupt, Interrupted) as exc:
        if debug:
            raise
        what = str(exc) or "interrupted (Ctrl-C)"
        print(f"nollab {command}: {one_line(what)}".replace("nollab :", "nollab:"), file=sys.stderr)
        return 130
    except Exception as exc:  # noqa: BLE001 -- the one place that turns any failure into one line
        if debug:
            raise
        prefix = f"nollab {command}: error: " if command else "nollab: error: "
        print(prefix + one_line(_describe(exc)), file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
