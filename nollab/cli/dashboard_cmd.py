"""``nollab dashboard``: serve the Voilà dashboards on 127.0.0.1 (the README's main job).

By default Voilà serves the ``notebooks/`` folder in directory mode, so both dashboards live side by
side and the URLs printed are::

    http://127.0.0.1:8866/voila/render/dashboard.ipynb        the odds (Combat, Spawn, other games)
    http://127.0.0.1:8866/voila/render/dashboard-play.ipynb   the game player (when present)

``--only odds`` / ``--only play`` (or ``--play``) serve one notebook alone at ``http://127.0.0.1:PORT/``.
The notebooks are found in ``--notebooks DIR``, ``$NOLLAB_NOTEBOOKS``, the repository next to the
installed package (an editable install), or ``<prefix>/share/nollab/notebooks``. The browser is never
opened (``--no-browser``); Voilà stays in the foreground until Ctrl-C.
"""
from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from nollab.cli import UsageError

HELP = "serve the odds and game-player dashboards with Voilà on http://127.0.0.1:8866"
DEFAULT_PORT = 8866
ODDS = "dashboard.ipynb"
PLAY = "dashboard-play.ipynb"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", default=str(DEFAULT_PORT), help=f"port on 127.0.0.1 (default {DEFAULT_PORT})")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--only", choices=("odds", "play"), help="serve only this dashboard, at the root URL")
    which.add_argument("--play", action="store_true", help="same as --only play")
    parser.add_argument("--notebooks", metavar="DIR", help="folder holding dashboard.ipynb (default: found)")
    parser.add_argument("--print-only", action="store_true",
                        help="print the URLs and the Voilà command, and exit without serving")


def candidate_dirs() -> list[Path]:
    """Where the notebooks may be, in order: $NOLLAB_NOTEBOOKS, the repository, <prefix>/share/nollab."""
    out: list[Path] = []
    env = os.environ.get("NOLLAB_NOTEBOOKS")
    if env:
        out.append(Path(env))
    import nollab

    out.append(Path(nollab.__file__).resolve().parent.parent / "notebooks")
    out.append(Path(sys.prefix) / "share" / "nollab" / "notebooks")
    return out


def find_notebooks(explicit: str | None = None) -> Path:
    """The folder holding ``dashboard.ipynb``; UsageError naming every place looked at."""
    dirs = [Path(explicit)] if explicit else candidate_dirs()
    for d in dirs:
        if (d / ODDS).is_file():
            return d.resolve()
    where = ", ".join(str(d) for d in dirs)
    arg = "--notebooks" if explicit else "notebooks"
    raise UsageError(f"{arg}: no {ODDS} in {where} (pass --notebooks DIR or set NOLLAB_NOTEBOOKS)")


def _port(text: str) -> int:
    try:
        port = int(str(text).strip())
    except ValueError:
        raise UsageError(f"--port must be an integer, got {text!r}") from None
    if not 1 <= port <= 65535:
        raise UsageError(f"--port must be 1..65535, got {port}")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            raise UsageError(f"--port {port} is already in use on 127.0.0.1; pick another with --port") from None
    return port


def voila_command(target: Path, port: int) -> list[str]:
    """The Voilà command line: 127.0.0.1 only, never a browser, never a silent port change."""
    return [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
            "--Voila.port_retries=0",
            # a warm kernel per notebook: first drawn board ~2.7 s instead of ~4.8 s
            "--preheat_kernel=True", "--pool_size=1", str(target)]


def run(args: argparse.Namespace) -> int:
    folder = find_notebooks(args.notebooks)
    port = _port(args.port)
    only = "play" if args.play else args.only
    base = f"http://127.0.0.1:{port}/"
    if only is not None:
        nb = folder / (PLAY if only == "play" else ODDS)
        if not nb.is_file():
            raise UsageError(f"--only {only}: {nb} does not exist")
        target = nb
        lines = [f"nollab dashboard: serving {nb.name} with Voilà at {base}"]
    else:
        target = folder
        lines = [f"nollab dashboard: serving {folder} with Voilà",
                 f"  odds dashboard:  {base}voila/render/{ODDS}"]
        if (folder / PLAY).is_file():
            lines.append(f"  game player:     {base}voila/render/{PLAY}")
        lines.append(f"  all notebooks:   {base}")
    cmd = voila_command(target, port)
    print("\n".join(lines), flush=True)
    if args.print_only:
        print(" ".join(cmd))
        return 0
    print("Press Ctrl-C to stop.", flush=True)
    proc = subprocess.Popen(cmd, cwd=str(folder))

    def forward(signum: int, frame: object) -> None:  # SIGTERM: stop Voilà (it shuts its kernels down)
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, forward)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        return 0
    finally:
        signal.signal(signal.SIGTERM, previous)
