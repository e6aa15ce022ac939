"""``nollab publish --static DIR``: the odds dashboard as a static site that runs in the visitor's browser.

Voici (Voilà's serverless sibling, on JupyterLite) renders ``dashboard.ipynb`` with the Pyodide
kernel: Python compiled to WebAssembly, running in a Web Worker of the page. Nothing is fetched from
any other server at run time: Pyodide itself, every Python wheel the kernel and the dashboard
import, and nollab are copied into ``DIR``. Serve ``DIR`` with any static file server.

How the pieces fit (checked on these machines; versions pinned in the ``[static]`` extra):

* voici-core 0.10 needs jupyterlite-core 0.7.x, which goes with jupyterlite-pyodide-kernel 0.7.0 (0.7.1+ need a JupyterLab plugin manager Voici 0.10 lacks),
  which loads **Pyodide 0.29.0** (Python 3.13).
* Pyodide's core (``pyodide.js``, the ``.wasm``, the standard library, ``pyodide-lock.json``) comes
  from npm's ``pyodide@0.29.0`` package (``npm pack``), or from ``--pyodide PATH``.
* Pyodide's own package wheels are *not* in the npm package (they are a separate download from
  the Pyodide release). Every package the odds dashboard needs is pure Python, so the same wheels
  are taken from PyPI (``pip download``, the versions of Pyodide's lock file) and the lock file is
  rewritten to point at them (file name and sha256). Binary packages (numpy, sqlite3) cannot be had
  that way; the dashboard does not need them: nollab is installed without its dependencies
  (``numpy``/``tqdm`` serve only the simulations, ``sympy`` only closed forms), and IPython runs
  without ``sqlite3`` (no input history is kept, which a dashboard does not use).
* The kernel preloads ``micropip``, ``ipython``, ``jedi``, ``comm``, ``ipywidgets`` and ``nollab``
  from that lock at start (``loadPyodideOptions.packages``), and its PyPI fallback is switched off.

Build-time needs: network access to the npm and PyPI registries (or ``--pyodide`` and
``--wheels`` folders prepared elsewhere), and ``npm`` on the PATH for the first.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Callable, Iterable

__all__ = ["PYODIDE_VERSION", "build_static", "rewrite_lock", "RUNTIME_PACKAGES"]

PYODIDE_VERSION = "0.29.0"
PYODIDE_CORE = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                "pyodide-lock.json")
#: loaded when the kernel starts (from the rewritten lock); their dependencies come along.
#: The kernel also installs "sqlite3" unless it is listed here; Pyodide ships it as a binary
#: package, so the site lists it and bundles an empty placeholder wheel: ``import sqlite3`` then
#: fails as before and IPython keeps no input history, which a dashboard never uses.
RUNTIME_PACKAGES = ("micropip", "sqlite3", "ipython", "jedi", "comm", "ipywidgets", "nollab")
#: packages the kernel needs that Pyodide's lock does not list: (name, version, depends, imports)
EXTRA = (
    ("prompt_toolkit", "3.0.52", ["wcwidth"], ["prompt_toolkit"]),
    ("comm", "0.2.3", [], ["comm"]),
    ("ipywidgets", "8.1.8", ["comm", "ipython", "traitlets"], ["ipywidgets"]),
)
#: binary packages of the lock that a dependency list may name but the site does without (every
#: package whose wheel is not pure Python is dropped the same way; these are the ones met so far)
DROPPED_DEPENDS = {"sqlite3", "matplotlib"}
LITE_KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


def _norm(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def binary(entry: dict) -> bool:
    """True for a lock entry whose file is not a pure-Python wheel (it cannot come from PyPI)."""
    return not str(entry.get("file_name", "")).endswith("-none-any.whl")


def closure(lock: dict, roots: Iterable[str]) -> list[str]:
    """Names in the lock reachable from ``roots``, minus binary packages, sorted."""
    pk = lock["packages"]
    key = {_norm(k): k for k in pk}  # the lock names "prompt-toolkit", its users "prompt_toolkit"
    seen: set[str] = set()
    todo = [r for r in roots]
    while todo:
        n = key.get(_norm(todo.pop()))
        if n is None or n in seen or n in DROPPED_DEPENDS or binary(pk[n]):
            continue
        seen.add(n)
        todo.extend(pk[n]["depends"])
    return sorted(seen)


def _wheel_name_version(path: Path) -> tuple[str, str]:
    parts = path.name[:-len(".whl")].split("-")
    return _norm(parts[0]), parts[1]


def placeholder_wheel(dest: Path, name: str = "sqlite3", version: str = "0.0.0") -> Path:
    """An empty, valid wheel (metadata only) standing in for a binary package the site does without."""
    import base64
    import zipfile

    dist = f"{name}-{version}.dist-info"
    files = {f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
                                 "Summary: placeholder: this static site runs without it\n",
             f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: nollab\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(text.encode())}")
    record.append(f"{dist}/RECORD,,")
    out = dest / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(out, "w") as zf:
        for path, text in files.items():
            zf.writestr(zipfile.ZipInfo(path, (2020, 1, 1, 0, 0, 0)), text)
        zf.writestr(zipfile.ZipInfo(f"{dist}/RECORD", (2020, 1, 1, 0, 0, 0)), "\n".join(record) + "\n")
    return out


def strip_outside_links(out: Path) -> int:
    """Remove ``<link>`` tags to other servers from the built HTML (Voici's template links Font
    Awesome from a CDN; its bundle already carries it). Returns how many were removed."""
    removed = 0
    pattern = re.compile(r"""<link[^>]+href=["'](?:https?:)?//[^"']+["'][^>]*>\s*""", re.I)
    for page in out.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        new, n = pattern.subn("", text)
        if n:
            page.write_text(new, encoding="utf-8")
            removed += n
    return removed


def rewrite_lock(lock: dict, wheels: dict[str, Path], nollab_wheel: Path) -> dict:
    """Pyodide's lock with every bundled package pointing at its bundled wheel.

    ``wheels`` maps a normalised name to a pure-Python wheel (copied beside the lock). Entries for
    ``EXTRA`` packages and for nollab are added. Each ``sha256`` is that of the bundled file, so
    Pyodide's integrity check holds. Dependencies on :data:`DROPPED_DEPENDS` are removed.
    """
    out = json.loads(json.dumps(lock))
    pk = out["packages"]
    dropped = (DROPPED_DEPENDS | {n for n, e in pk.items() if binary(e)}) - {"sqlite3"}
    for name, entry in pk.items():
        entry["depends"] = [d for d in entry["depends"] if d not in dropped]
    have = {_norm(k) for k in pk}
    for name, version, depends, imports in EXTRA:
        if _norm(name) in have:
            continue
        pk[name] = {
            "name": name, "version": version, "file_name": "", "install_dir": "site", "sha256": "",
            "package_type": "package", "imports": imports, "depends": depends, "unvendored_tests": False}
    pk["nollab"] = {"name": "nollab", "version": _wheel_name_version(nollab_wheel)[1],
                    "file_name": nollab_wheel.name, "install_dir": "site", "sha256": _sha256(nollab_wheel),
                    "package_type": "package", "imports": ["nollab"], "depends": [], "unvendored_tests": False}
    by_norm = {_norm(k): k for k in pk}
    for norm, wheel in wheels.items():
        key = by_norm.get(norm)
        if key is None:
            continue
        entry = pk[key]
        entry["file_name"] = wheel.name
        entry["version"] = _wheel_name_version(wheel)[1]
        entry["sha256"] = _sha256(wheel)
        entry["unvendored_tests"] = False
    return out


def _run(cmd: list[str], what: str, cwd: Path | None = None, env: dict | None = None) -> None:
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
        raise RuntimeError(f"{what} failed ({' '.join(cmd[:4])} ...): " + " | ".join(tail))


def fetch_pyodide(cache: Path, source: str | None) -> Path:
    """A folder holding Pyodide's core files: ``source`` (folder or npm .tgz), else ``npm pack``."""
    if source:
        src = Path(source)
        if src.is_dir():
            core = src / "package" if (src / "package" / "pyodide.js").is_file() else src
            if not (core / "pyodide.js").is_file():
                raise ValueError(f"--pyodide {source}: no pyodide.js in that folder")
            return core
        tgz = src
        if not tgz.is_file():
            raise ValueError(f"--pyodide {source}: no such file or folder")
    else:
        tgz = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
        if not tgz.is_file():
            npm = shutil.which("npm")
            if npm is None:
                raise RuntimeError("npm is needed to fetch Pyodide (npm pack pyodide@"
                                   f"{PYODIDE_VERSION}); or pass --pyodide PATH")
            _run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache)],
                 "npm pack pyodide", cwd=cache)
    dest = cache / f"pyodide-{PYODIDE_VERSION}"
    if not (dest / "package" / "pyodide.js").is_file():
        with tarfile.open(tgz) as tf:
            tf.extractall(dest, filter="data")
    return dest / "package"


def fetch_wheels(cache: Path, lock: dict, wheels_dir: str | None) -> dict[str, Path]:
    """The pure-Python wheels for the runtime closure, from ``wheels_dir`` or ``pip download``."""
    want = {n: lock["packages"][n]["version"] for n in closure(lock, RUNTIME_PACKAGES) if n in lock["packages"]}
    for name, version, _, _ in EXTRA:
        if not any(_norm(n) == _norm(name) for n in want):
            want[name] = version
    want.pop("nollab", None)
    dest = Path(wheels_dir) if wheels_dir else cache / "wheels"
    dest.mkdir(parents=True, exist_ok=True)
    have = {_wheel_name_version(p)[0]: p for p in dest.glob("*.whl")}
    missing = [f"{n}=={v}" for n, v in sorted(want.items()) if _norm(n) not in have]
    if missing:
        if wheels_dir:
            raise ValueError(f"--wheels {wheels_dir}: missing {', '.join(missing)}")
        _run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
              "--python-version", "3.13", "--implementation", "py", "--abi", "none", "--platform", "any",
              "--dest", str(dest), *missing], "pip download (the pure-Python wheels)")
        have = {_wheel_name_version(p)[0]: p for p in dest.glob("*.whl")}
    out = {}
    for n in want:
        p = have.get(_norm(n))
        if p is None or not p.name.endswith("-none-any.whl"):
            raise RuntimeError(f"no pure-Python wheel of {n} (got {p}); it cannot run in Pyodide from PyPI")
        out[_norm(n)] = p
    return out


def nollab_wheel(cache: Path) -> Path:
    """A wheel of this nollab, built from the repository it was installed from (editable installs)."""
    import nollab

    root = Path(nollab.__file__).resolve().parent.parent
    if not (root / "pyproject.toml").is_file():
        raise RuntimeError(f"no pyproject.toml next to {root / 'nollab'}: pass --nollab-wheel FILE")
    dest = cache / "nollab-wheel"
    shutil.rmtree(dest, ignore_errors=True)
    with tempfile.TemporaryDirectory(prefix="nollab-src-") as tmp:  # never leave build/ in the repo
        src = Path(tmp)
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(root / name, src / name)
        for name in ("nollab", "widgets", "notebooks"):
            shutil.copytree(root / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(dest), str(src)],
             "building the nollab wheel")
    return next(dest.glob("nollab-*.whl"))


def static_notebook(src: Path, dest: Path) -> Path:
    """``dashboard.ipynb`` for the Pyodide kernel (kernel name ``python``), otherwise unchanged."""
    nb = json.loads(src.read_text())
    nb.setdefault("metadata", {})["kernelspec"] = {"name": "python", "display_name": "Python (Pyodide)",
                                                   "language": "python"}
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(json.dumps(nb, indent=1))
    return dest


def build_static(out: Path, notebooks: Path, *, cache: Path, pyodide: str | None = None,
                 wheels: str | None = None, wheel: str | None = None,
                 progress: Callable[[str], None] = lambda s: None) -> dict:
    """Build the static site into ``out`` (which must not exist or be empty); returns a summary."""
    cache.mkdir(parents=True, exist_ok=True)
    progress(f"Pyodide {PYODIDE_VERSION} core")
    core = fetch_pyodide(cache, pyodide)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    progress("pure-Python wheels for the kernel and the dashboard")
    whl = fetch_wheels(cache, lock, wheels)
    progress("nollab wheel")
    nw = Path(wheel) if wheel else nollab_wheel(cache)
    if not nw.is_file():
        raise ValueError(f"--nollab-wheel {wheel}: no such file")
    with tempfile.TemporaryDirectory(prefix="nollab-static-") as tmp:
        lite = Path(tmp) / "lite"
        pyo = lite / "static" / "pyodide"      # jupyterlite's "well-known" Pyodide folder
        pyo.mkdir(parents=True)
        for name in PYODIDE_CORE:
            if (core / name).is_file():
                shutil.copy2(core / name, pyo / name)
        whl["sqlite3"] = placeholder_wheel(Path(tmp))
        for p in list(whl.values()) + [nw]:
            shutil.copy2(p, pyo / p.name)
        (pyo / "pyodide-lock.json").write_text(json.dumps(rewrite_lock(lock, whl, pyo / nw.name)))
        (lite / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "nollab", "litePluginSettings": {LITE_KERNEL_PLUGIN: {
                "disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": list(RUNTIME_PACKAGES), "checkIntegrity": True},
            }}}}))
        nb = static_notebook(notebooks / "dashboard.ipynb", Path(tmp) / "contents" / "dashboard.ipynb")
        progress("voici build")
        env = dict(os.environ)
        env.pop("JUPYTERLITE_PYODIDE_URL", None)
        _run([sys.executable, "-c", "from voici_core.app import main; main()", "build", "--contents", str(nb), "--output-dir", str(out),
              "--lite-dir", str(lite), "--no-sourcemaps"], "voici build", cwd=Path(tmp), env=env)
    stripped = strip_outside_links(out)
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    files = sum(1 for p in out.rglob("*") if p.is_file())
    return {"out": str(out), "bytes": size, "files": files, "pyodide": PYODIDE_VERSION, "links_removed": stripped,
            "wheels": sorted(p.name for p in whl.values()) + [nw.name]}
