"""``nollab dashboard``: serve the two dashboards with Voilà (the README's main job, and "Publish").

Only the dashboards are served (a fresh folder holding copies of ``dashboard.ipynb`` and
``dashboard-play.ipynb``), each with a pool of warm kernels, nollab's Voilà template (no request
leaves the server), idle-kernel culling and the kernel-shutdown fix; see :mod:`nollab.publish.serve`.
The URLs printed are::

    http://127.0.0.1:8866/voila/render/dashboard.ipynb        the odds (Combat, Spawn, other games)
    http://127.0.0.1:8866/voila/render/dashboard-play.ipynb   the game player

``--only odds`` / ``--only play`` (or ``--play``) serve one notebook alone at the root URL. ``--ip``,
``--base-url`` and ``--token`` serve other people (README "Publish"). The notebooks are found in
``--notebooks DIR``, ``$NOLLAB_NOTEBOOKS``, the repository next to the installed package (an editable
install), or ``<prefix>/share/nollab/notebooks``. The browser is never opened; Voilà stays in the
foreground until Ctrl-C or SIGTERM.
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from nollab.cli import UsageError
from nollab.publish.serve import ServeOptions, build_site, check_options, voila_env, write_config

HELP = "serve the odds and game-player dashboards with Voilà (http://127.0.0.1:8866 by default)"
DEFAULT_PORT = 8866
ODDS = "dashboard.ipynb"
PLAY = "dashboard-play.ipynb"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", default=str(DEFAULT_PORT), help=f"port to listen on (default {DEFAULT_PORT})")
    parser.add_argument("--ip", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1; 0.0.0.0 = every interface, "
                             "e.g. in a container behind a reverse proxy)")
    parser.add_argument("--base-url", default="/", metavar="PATH",
                        help="URL prefix when a reverse proxy serves the site under a path, e.g. /nollab/")
    parser.add_argument("--token", default=None,
                        help="ask visitors for this token (?token=... once, then a cookie); "
                             "default $NOLLAB_DASHBOARD_TOKEN, else none")
    parser.add_argument("--pool", default="1", metavar="N",
                        help="warm kernels kept ready per dashboard (default 1; ~100 MB each): "
                             "as many as the visitors you expect at once")
    parser.add_argument("--cull-idle", default="600", metavar="SECONDS",
                        help="shut down a visitor's kernel idle this long with its tab closed "
                             "(default 600; 0 = never)")
    parser.add_argument("--cull-connected", action="store_true",
                        help="also shut down idle kernels whose tab is still open")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--only", choices=("odds", "play"), help="serve only this dashboard, at the root URL")
    which.add_argument("--play", action="store_true", help="same as --only play")
    parser.add_argument("--notebooks", metavar="DIR", help="folder holding dashboard.ipynb (default: found)")
    parser.add_argument("--print-only", action="store_true",
                        help="check the options, print the URLs, the Voilà command and its config, and exit")


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


def _free(ip: str, port: int) -> None:
    """UsageError when ``ip:port`` cannot be bound right now (in use, or not an address of this host)."""
    family = socket.AF_INET6 if ":" in ip else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as s:
        try:
            s.bind((ip, port))
        except OSError as exc:
            if exc.errno in (98, 48):  # EADDRINUSE (Linux, macOS)
                raise UsageError(f"--port {port} is already in use on {ip}; pick another with --port") from None
            raise UsageError(f"--ip {ip}: cannot listen there ({exc.strerror})") from None


def options(args: argparse.Namespace) -> ServeOptions:
    """The validated options (UsageError naming the first bad one); nothing is started."""
    token = args.token if args.token is not None else os.environ.get("NOLLAB_DASHBOARD_TOKEN", "")
    try:
        return check_options(port=args.port, ip=args.ip, base_url=args.base_url, token=token,
                             pool=args.pool, cull_idle=args.cull_idle, cull_connected=args.cull_connected,
                             only="play" if args.play else args.only)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def voila_command(target: Path) -> list[str]:
    """The Voilà command line; every other setting is in the ``voila.json`` beside the site."""
    return [sys.executable, "-m", "voila", "--no-browser", str(target)]


def urls(opts: ServeOptions, site: list[Path]) -> list[str]:
    """What to print: where each dashboard is."""
    host = opts.ip if opts.ip not in ("0.0.0.0", "::") else "127.0.0.1"
    host = f"[{host}]" if ":" in host else host
    base = f"http://{host}:{opts.port}{opts.base_url}"
    tok = f"?token={opts.token}" if opts.token else ""
    if opts.only:
        return [f"nollab dashboard: serving {site[0].name} with Voilà at {base}{tok}"]
    lines = ["nollab dashboard: serving the dashboards with Voilà"]
    names = {nb.name for nb in site}
    if ODDS in names:
        lines.append(f"  odds dashboard:  {base}voila/render/{ODDS}{tok}")
    if PLAY in names:
        lines.append(f"  game player:     {base}voila/render/{PLAY}{tok}")
    lines.append(f"  front page:      {base}{tok}")
    if opts.ip not in ("127.0.0.1", "::1") and not opts.token:
        lines.append(f"  note: listening on {opts.ip} without --token: anyone who reaches this port can "
                     "open the dashboards (fine behind a reverse proxy that checks visitors)")
    return lines


def run(args: argparse.Namespace) -> int:
    opts = options(args)
    folder = find_notebooks(args.notebooks)
    _free(opts.ip, opts.port)
    work = Path(tempfile.mkdtemp(prefix="nollab-dashboard-"))
    try:
        try:
            site = build_site(folder, work, opts.dashboards)
        except ValueError as exc:
            raise UsageError(str(exc)) from None
        cfg = write_config(opts, work)
        target = site[0] if opts.only else site[0].parent
        cmd = voila_command(target)
        print("\n".join(urls(opts, site)), flush=True)
        if args.print_only:
            print(" ".join(cmd))
            print(f"config ({cfg.name}, read from {work}):")
            print(cfg.read_text())
            return 0
        print("Press Ctrl-C to stop.", flush=True)
        return _serve(cmd, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def _serve(cmd: list[str], cwd: Path) -> int:
    """Run Voilà in the foreground; Ctrl-C or SIGTERM stops it (it shuts its kernels down)."""
    proc = subprocess.Popen(cmd, cwd=str(cwd), env=voila_env())

    def forward(signum: int, frame: object) -> None:
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
