"""``nollab publish --static DIR``: build the odds dashboard as a static, offline site.

See :mod:`nollab.publish.static` for how the pieces fit. The build needs the ``[static]`` extra and,
the first time, the npm and PyPI registries (or ``--pyodide`` and ``--wheels`` prepared elsewhere);
the site it writes needs nothing but a static file server.
"""
from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from nollab.cli import UsageError

HELP = "build the odds dashboard as a static site that runs in the browser (Voici + Pyodide)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--static", metavar="DIR", required=True,
                        help="folder to write the site to (must not exist, or be empty)")
    parser.add_argument("--cache", metavar="DIR", default=None,
                        help="where downloads are kept between builds (default ~/.cache/nollab/publish)")
    parser.add_argument("--pyodide", metavar="PATH", help="Pyodide core: an npm pyodide-*.tgz or its folder")
    parser.add_argument("--wheels", metavar="DIR", help="folder already holding the pure-Python wheels")
    parser.add_argument("--nollab-wheel", metavar="FILE", help="a nollab wheel (default: built from this repository)")
    parser.add_argument("--notebooks", metavar="DIR", help="folder holding dashboard.ipynb (default: found)")


def run(args: argparse.Namespace) -> int:
    out = Path(args.static)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise UsageError(f"--static {out}: exists and is not an empty folder (nothing was changed)")
    for opt, val, kind in (("--pyodide", args.pyodide, "path"), ("--wheels", args.wheels, "dir"),
                           ("--nollab-wheel", args.nollab_wheel, "file")):
        if val is None:
            continue
        p = Path(val)
        ok = p.exists() if kind == "path" else p.is_dir() if kind == "dir" else p.is_file()
        if not ok:
            raise UsageError(f"{opt} {val}: no such {'file or folder' if kind == 'path' else kind}")
    try:
        import voici_core  # noqa: F401
        import jupyterlite_pyodide_kernel  # noqa: F401
    except ImportError:
        raise UsageError("the static build needs the [static] extra: pip install -e \".[jupyter,static]\"") from None
    from nollab.cli.dashboard_cmd import find_notebooks
    from nollab.publish.static import build_static

    notebooks = find_notebooks(args.notebooks)
    cache = Path(args.cache) if args.cache else Path(os.path.expanduser("~/.cache/nollab/publish"))
    t0 = time.perf_counter()
    try:
        summary = build_static(out, notebooks, cache=cache, pyodide=args.pyodide, wheels=args.wheels,
                               wheel=args.nollab_wheel, progress=lambda s: print(f"  {s} ...", flush=True))
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    except RuntimeError as exc:
        print(f"nollab publish: build failed: {exc}", flush=True)
        return 1
    mb = summary["bytes"] / 1e6
    print(f"nollab publish: wrote {out} ({summary['files']} files, {mb:.1f} MB, Pyodide {summary['pyodide']}) "
          f"in {time.perf_counter() - t0:.0f} s")
    print(f"  serve it with any static server, e.g.  python3 -m http.server -d {out} 8000")
    print("  then open  http://127.0.0.1:8000/voici/render/dashboard.html")
    return 0
