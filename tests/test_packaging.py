"""Packaging: every package folder is installed, and nollab.widgets comes from widgets/."""
from __future__ import annotations

import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _declared() -> set[str]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    return set(data["tool"]["setuptools"]["packages"])


def test_every_package_folder_is_declared():
    found = {"nollab.widgets"}
    for init in (ROOT / "nollab").rglob("__init__.py"):
        rel = init.parent.relative_to(ROOT)
        found.add(".".join(rel.parts))
    for init in (ROOT / "widgets").rglob("__init__.py"):
        rel = init.parent.relative_to(ROOT / "widgets")
        found.add(".".join(("nollab", "widgets") + rel.parts))
    missing = found - _declared()
    assert not missing, f"add these to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"


def test_widgets_are_nollab_widgets():
    import nollab.widgets

    assert pathlib.Path(nollab.widgets.__file__).resolve().parent == ROOT / "widgets"


def test_core_has_no_jupyter_imports():
    """P. design: the core (nollab/) never imports Jupyter packages; only widgets/ does."""
    banned = ("ipywidgets", "ipycanvas", "IPython", "voila", "traitlets")
    offenders = []
    for py in (ROOT / "nollab").rglob("*.py"):
        for line in py.read_text().splitlines():
            s = line.strip()
            if s.startswith(("import ", "from ")) and any(
                s.split()[1].split(".")[0] == b for b in banned
            ):
                offenders.append(f"{py.relative_to(ROOT)}: {s}")
    assert not offenders, offenders
