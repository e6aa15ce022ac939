"""The three pack notebooks run top to bottom without errors (nbclient, kernel python3)."""
from __future__ import annotations

import pathlib
import time

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = pathlib.Path(__file__).resolve().parents[1]
NOTEBOOKS = ["06-dead-panic.ipynb", "07-zombie-slayer.ipynb", "08-zpocalypse.ipynb"]


@pytest.mark.notebook
@pytest.mark.parametrize("name", NOTEBOOKS)
def test_pack_notebook_executes(name):
    path = ROOT / "notebooks" / name
    nb = nbformat.read(path, as_version=4)
    t0 = time.perf_counter()
    NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}).execute()
    elapsed = time.perf_counter() - t0
    images = sum("image/png" in o.get("data", {}) for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    tables = sum("text/markdown" in o.get("data", {}) for c in nb.cells if c.cell_type == "code" for o in c.outputs)
    assert images >= 1 and tables >= 2, (images, tables)
    assert elapsed < 30, f"{name} took {elapsed:.1f}s"
