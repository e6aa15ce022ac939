"""Serving the dashboards to visitors with Voilà: options, the site folder and the Voilà config.

``nollab dashboard`` (``nollab/cli/dashboard_cmd.py``) is a thin shell over this module:

* :func:`check_options` validates every option before anything starts (one-line ``ValueError``
  naming the option; the CLI turns it into exit 2).
* :func:`build_site` copies **only the dashboards** into a fresh folder: Voilà lists, renders and
  preheats every notebook under its root, and the lessons (notebook 05 plays 2,000 games) are not
  for visitors.
* :func:`voila_config` is the ``voila.json`` written beside the site: nollab's template (no request
  leaves the server), a pool of warm kernels per dashboard, idle-kernel culling, ``--ip``,
  ``--base-url`` and ``--token``.

Why a config file rather than flags: the kernel pools and the culling are dictionaries and
settings of Voilà's kernel manager, which its command line cannot spell; Voilà reads ``voila.json``
from its working directory (``Voila.config_file_paths``).
"""
from __future__ import annotations

import ipaddress
import json
import os
import re
import shutil
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["ServeOptions", "check_options", "build_site", "voila_config", "template_root",
           "TEMPLATE", "DASHBOARDS", "EXTENSIONS", "voila_flags"]

#: the Voilà template shipped in nollab/publish/share/voila/templates/nollab
TEMPLATE = "nollab"
#: the notebooks meant for visitors, by the name ``--only`` uses
DASHBOARDS: dict[str, str] = {"odds": "dashboard.ipynb", "play": "dashboard-play.ipynb"}

#: the JupyterLab extensions a dashboard page loads. Voilà otherwise loads every extension installed
#: in the environment, and some break its page: the Pyodide kernel's extension that the ``static``
#: extra installs throws "Cannot read properties of undefined (reading 'LicensesClient')".
EXTENSIONS: tuple[str, ...] = ("@jupyter-widgets/jupyterlab-manager",
                               "@voila-dashboards/widgets-manager8", "ipycanvas",
                               "jupyterlab_pygments")

MAX_POOL = 64            # warm kernels per dashboard; ~100 MB each (README "Publish")
MAX_CULL = 7 * 24 * 3600
_BASE_URL_RE = re.compile(r"^/(?:[A-Za-z0-9._~-]+/)*$")
_TOKEN_RE = re.compile(r"^[A-Za-z0-9._~-]{8,256}$")


@dataclass(frozen=True)
class ServeOptions:
    """Everything ``nollab dashboard`` decides, already validated by :func:`check_options`."""

    port: int = 8866
    ip: str = "127.0.0.1"
    base_url: str = "/"
    token: str = ""                 # "" = no token (fine on 127.0.0.1 or behind a proxy that checks)
    pool: int = 1                   # warm kernels per dashboard (Voilà's preheat)
    cull_idle: int = 600            # seconds; 0 = never cull
    cull_interval: int = 60
    cull_connected: bool = False    # also cull kernels whose tab is still open but idle
    only: str | None = None         # "odds" | "play" | None (both)
    dashboards: tuple[str, ...] = field(default=("odds", "play"))


def template_root() -> Path:
    """The folder to put on ``JUPYTER_PATH`` so Voilà finds ``voila/templates/nollab``."""
    return Path(__file__).resolve().parent / "share"


def check_ip(text: str) -> str:
    """An IPv4/IPv6 address to listen on (``0.0.0.0`` = every interface); ValueError otherwise."""
    t = str(text).strip()
    try:
        return str(ipaddress.ip_address(t))
    except ValueError:
        raise ValueError(f"--ip must be an IP address such as 127.0.0.1 or 0.0.0.0, got {text!r}") from None


def check_base_url(text: str) -> str:
    """``/odds/`` style prefix (slashes added at both ends); ValueError on anything else."""
    t = str(text).strip()
    if not t.startswith("/"):
        t = "/" + t
    if not t.endswith("/"):
        t += "/"
    if len(t) > 200 or not _BASE_URL_RE.match(t):
        raise ValueError(f"--base-url must be a path like /nollab/ (letters, digits, . _ ~ -), got {text!r}")
    return t


def check_token(text: str) -> str:
    """A token of 8-256 URL-safe characters ("" = none); ValueError otherwise."""
    t = str(text)
    if t == "":
        return t
    if not _TOKEN_RE.match(t):
        raise ValueError("--token must be 8-256 characters from A-Z a-z 0-9 . _ ~ - "
                         "(e.g. python3 -c 'import secrets; print(secrets.token_urlsafe(24))')")
    return t


def _int_in(name: str, value: object, lo: int, hi: int) -> int:
    try:
        n = int(str(value).strip())
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {value!r}") from None
    if not lo <= n <= hi:
        raise ValueError(f"{name} must be {lo}..{hi}, got {n}")
    return n


def check_options(*, port: object = 8866, ip: str = "127.0.0.1", base_url: str = "/", token: str = "",
                  pool: object = 1, cull_idle: object = 600, cull_connected: bool = False,
                  only: str | None = None) -> ServeOptions:
    """Validate the raw option values; the first bad one raises ``ValueError`` naming it."""
    if only is not None and only not in DASHBOARDS:
        raise ValueError(f"--only must be one of {', '.join(DASHBOARDS)}, got {only!r}")
    cull = _int_in("--cull-idle", cull_idle, 0, MAX_CULL)
    if 0 < cull < 10:
        raise ValueError(f"--cull-idle must be 0 (never) or at least 10 seconds, got {cull}")
    return ServeOptions(
        port=_int_in("--port", port, 1, 65535), ip=check_ip(ip), base_url=check_base_url(base_url),
        token=check_token(token), pool=_int_in("--pool", pool, 0, MAX_POOL), cull_idle=cull,
        cull_interval=max(5, min(60, cull // 2)) if cull else 60, cull_connected=bool(cull_connected),
        only=only, dashboards=(only,) if only else tuple(DASHBOARDS),
    )


def build_site(notebooks: Path, dest: Path, which: tuple[str, ...]) -> list[Path]:
    """Copy the chosen dashboards from ``notebooks`` into ``dest/site``; returns the copies.

    A missing dashboard is skipped unless it was asked for alone (then ``ValueError``).
    """
    site = dest / "site"
    site.mkdir(parents=True, exist_ok=True)
    out = []
    for key in which:
        src = notebooks / DASHBOARDS[key]
        if not src.is_file():
            if len(which) == 1:
                raise ValueError(f"--only {key}: {src} does not exist")
            continue
        shutil.copy2(src, site / src.name)
        out.append(site / src.name)
    if not out:
        raise ValueError(f"notebooks: no dashboard ({', '.join(DASHBOARDS.values())}) in {notebooks}")
    return out


def voila_config(opts: ServeOptions) -> dict:
    """The ``voila.json`` of a nollab site (see the module docstring for why each setting)."""
    cfg: dict = {
        "Voila": {
            "ip": opts.ip, "port": opts.port, "port_retries": 0, "open_browser": False,
            "base_url": opts.base_url, "token": opts.token,
            # Voilà's own static bundle already carries Font Awesome; nothing else is fetched.
            "tornado_settings": {"headers": {"X-Content-Type-Options": "nosniff"}},
        },
        "VoilaConfiguration": {
            "template": TEMPLATE, "theme": "light", "show_tracebacks": False,
            "extension_allowlist": list(EXTENSIONS),
            "preheat_kernel": opts.pool > 0,
        },
        "VoilaKernelManager": {
            "kernel_pools_config": {"default": {"pool_size": opts.pool}},
            # a used warm kernel is replaced after 2 s: a burst of visitors is served before the
            # refills compete with it for the cores (bench/bench_publish_load.py)
            "fill_delay": 2.0,
        },
        "MappingKernelManager": {
            "cull_idle_timeout": opts.cull_idle, "cull_interval": opts.cull_interval,
            "cull_connected": opts.cull_connected, "cull_busy": False,
        },
    }
    return cfg


def voila_flags() -> list[str]:
    """The command-line form of the page settings every nollab Voilà page shares (the tests serve
    single notebooks with these, ``nollab dashboard`` writes the same into ``voila.json``)."""
    return [f"--template={TEMPLATE}",
            f"--VoilaConfiguration.extension_allowlist={json.dumps(list(EXTENSIONS))}"]


def write_config(opts: ServeOptions, dest: Path) -> Path:
    """Write ``dest/voila.json`` and return it."""
    path = dest / "voila.json"
    path.write_text(json.dumps(voila_config(opts), indent=1))
    return path


def voila_env(base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment for Voilà: nollab's template first on ``JUPYTER_PATH``."""
    env = dict(os.environ if base is None else base)
    old = env.get("JUPYTER_PATH", "")
    env["JUPYTER_PATH"] = str(template_root()) + (os.pathsep + old if old else "")
    env.setdefault("PYTHONUNBUFFERED", "1")
    return env
