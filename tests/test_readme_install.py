"""The README's main-job command, exactly, in a fresh venv -- then every notebook runs there.

The rest of the suite runs in a venv with every extra installed, so it cannot see a notebook that
needs a package only the test extras bring (issue 15: notebook 05's own-bot cell needed
``cloudpickle`` after the README install). Here the install part of the README's first command
(everything before ``&& .venv/bin/nollab dashboard``, which serves forever) runs verbatim in a copy
of the repository's files, and each notebook of ``notebooks/`` is executed by that venv's own
nbclient on that venv's own kernel, with 2 games per simulation as the notebook tests do -- except
notebook 05, 8 games per Scene on 2 worker processes, so its own-bot cell really sends a class
defined in a cell to workers.

About a minute and a half on 2 cores with pip's cache (install ~40 s, notebooks ~50 s).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from browser_support import isolated_jupyter_env

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [pytest.mark.install, pytest.mark.notebook]

SERVE = " && .venv/bin/nollab dashboard"
IGNORED = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info", ".pytest_cache", ".hypothesis",
                                 "build", "dist", ".benchmarks", ".ipynb_checkpoints")

#: run by the fresh venv's python: every notebook, one line per notebook ("ok NAME" or "FAIL NAME ...")
RUNNER = r'''
import sys, pathlib, nbformat
from nbclient import NotebookClient
folder = pathlib.Path(sys.argv[1])
import os
for path in sorted(folder.glob("*.ipynb")):
    # a few games per simulation; 05 plays 8 so its own bot's run is split over 2 worker processes
    os.environ["NOLLAB_SIM_GAMES"] = "8" if path.name.startswith("05-") else "2"
    nb = nbformat.read(path, as_version=4)
    if path.name.startswith("05-"):  # the own-bot cell's run: which backend played it
        nb.cells.append(nbformat.v4.new_code_cell('print("own bot backend:", mine.timing["backend"])'))
    try:
        NotebookClient(nb, timeout=300, kernel_name="python3",
                       resources={"metadata": {"path": str(folder)}}).execute()
    except Exception as exc:
        print("FAIL", path.name, type(exc).__name__, str(exc)[-1500:].replace("\n", " | "), flush=True)
        continue
    text = "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", []))
    print("ok", path.name, "|", text.replace("\n", " | ")[-400:], flush=True)
'''


def readme_install_command() -> str:
    """The install part of the README's first command under "Two commands"."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Two commands", 1)[1]
    block = re.search(r"```bash\n(.*?)\n```", section, re.S).group(1).strip()
    assert block.startswith("python3 -m venv .venv && ") and block.endswith(SERVE), block
    return block[: -len(SERVE)]


def copy_repo(dest: Path) -> Path:
    """The repository's files (tracked and new, not ignored) as a user's checkout would have them."""
    try:
        files = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True,
                               capture_output=True).stdout.decode().split("\0")
    except (OSError, subprocess.CalledProcessError):
        shutil.copytree(ROOT, dest, ignore=IGNORED)
        return dest
    for rel in filter(None, files):
        src = ROOT / rel
        if src.is_file():
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)
    return dest


def test_readme_main_install_runs_every_notebook(tmp_path):
    command = readme_install_command()
    repo = copy_repo(tmp_path / "nollab")
    env = isolated_jupyter_env(tmp_path / "jupyter")
    for var in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"):
        env.pop(var, None)
    env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep) if not p.startswith(sys.prefix))
    proc = subprocess.run(["bash", "-c", command], cwd=repo, env=env, capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    py = repo / ".venv" / "bin" / "python"
    # only what the README installs: no test extra has come along
    probe = subprocess.run([str(py), "-c", "import importlib.util as u, json; print(json.dumps("
                            "{m: bool(u.find_spec(m)) for m in ('pytest', 'playwright', 'icepool', 'dask')}))"],
                           capture_output=True, text=True, env=env, check=True)
    assert not any(json.loads(probe.stdout).values()), probe.stdout
    nollab = subprocess.run([str(repo / ".venv/bin/nollab"), "dashboard", "--help"], capture_output=True, text=True,
                            env=env)
    assert nollab.returncode == 0 and "--base-url" in nollab.stdout, nollab.stdout + nollab.stderr

    env.update(NOLLAB_SIM_WORKERS="2")
    run = subprocess.run([str(py), "-c", RUNNER, str(repo / "notebooks")], cwd=repo / "notebooks", env=env,
                         capture_output=True, text=True, timeout=900)
    lines = [ln for ln in run.stdout.splitlines() if ln.startswith(("ok ", "FAIL "))]
    names = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert [ln.split()[1] for ln in lines] == names, run.stdout[-3000:] + run.stderr[-3000:]
    failed = [ln for ln in lines if ln.startswith("FAIL")]
    assert not failed, "\n".join(failed)
    own = next(ln for ln in lines if ln.split()[1].startswith("05-"))
    assert "own bot backend: processes(2)" in own, own


def test_without_cloudpickle_a_notebook_class_gets_one_clear_line(monkeypatch):
    """A class defined in ``__main__`` is pickled by name, and a forkserver worker has no such
    name: without cloudpickle the run stops before any worker starts, saying what to do."""
    from nollab.sim import runner

    monkeypatch.setitem(sys.modules, "cloudpickle", None)  # import cloudpickle -> ImportError
    Bot = type("NotebookBot", (), {"__module__": "__main__"})
    monkeypatch.setattr(sys.modules["__main__"], "NotebookBot", Bot, raising=False)  # as a cell defines it
    with pytest.raises(ValueError, match="defined in __main__.*install cloudpickle, or use workers=1"):
        runner._payload({"policy": Bot}, "forkserver")
    assert runner._payload({"policy": Bot}, "fork")[0] is runner.run_batch  # a fork inherits __main__
