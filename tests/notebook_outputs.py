"""Committed notebook outputs: what to compare, and how to refresh them.

Notebooks are committed *with* their outputs so they read on a code host; those outputs must be
what the code gives today. :func:`text_outputs` reduces an executed notebook to the text of each
code cell's outputs (streams, ``text/plain``, ``text/markdown``, errors), with the volatile parts
blanked (:func:`normalise`): memory addresses, widget model ids, uuids, timings, temp paths.
Pictures (SVG, PNG) and widget views are left out: the text says what happened. Cells that read
``NOLLAB_SIM_GAMES`` (a simulation's size, set small by the tests), or read what such a cell
computed, are not compared.

Refresh a notebook's outputs (executes it with nbclient, like the tests, and writes it back)::

    python tests/notebook_outputs.py notebooks/01-learn-to-play.ipynb
"""
from __future__ import annotations

import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
TEXT_MIMES = ("text/plain", "text/markdown")
_VOLATILE = [
    (re.compile(r"0x[0-9a-fA-F]{6,}"), "0x…"),
    (re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), "<uuid>"),
    (re.compile(r"\b[0-9a-f]{32}\b"), "<id>"),
    (re.compile(r"\b\d+(\.\d+)?\s?(ms|µs|s|sec|seconds)\b"), "<time>"),
    (re.compile(r"/tmp/[^\s'\"]+"), "/tmp/…"),
    (re.compile(r"[ \t]+\n"), "\n"),
]


def normalise(text: str) -> str:
    """Blank what changes from run to run without the code changing."""
    for pattern, repl in _VOLATILE:
        text = pattern.sub(repl, text)
    return text.strip()


def text_outputs(nb) -> list[list[str]]:
    """For each code cell, the normalised text of its outputs, in order."""
    cells = nb["cells"] if isinstance(nb, dict) else nb.cells
    out = []
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        texts = []
        stream = None  # consecutive stream outputs are one text (how the kernel splits them varies)
        for o in cell.get("outputs", []):
            kind = o.get("output_type")
            if kind == "stream":
                text = "".join(o.get("text", ""))
                if stream is not None and stream[0] == o.get("name"):
                    stream[1] += text
                else:
                    stream = [o.get("name"), text]
                    texts.append(stream)
                continue
            stream = None
            if kind == "error":
                texts.append(normalise(f"{o.get('ename')}: {o.get('evalue')}"))
            else:
                data = o.get("data", {})
                if "application/vnd.jupyter.widget-view+json" in data:
                    continue  # the widget's text/plain is its repr with a model id: nothing to compare
                for mime in TEXT_MIMES:
                    if mime in data:
                        v = data[mime]
                        texts.append(normalise("".join(v) if isinstance(v, list) else v))
        out.append([normalise(t[1]) if isinstance(t, list) else t for t in texts])
    return out


#: a notebook sizes its simulations by this variable; the tests set it small, so the outputs of the
#: cells that read it are not compared (the committed ones come from the full size)
SIZE_KNOB = "NOLLAB_SIM_GAMES"


def _statements(source: str) -> list[tuple[set[str], set[str], set[str], bool]]:
    """(names rebound, names changed in place, names read, reads the knob?) per top-level statement
    of a cell's source (IPython magics dropped); an unparsable cell counts as reading the knob."""
    import ast

    code = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith(("%", "!")))
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return [(set(), set(), set(), True)]
    out = []
    modules = {a.asname or a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
               for a in n.names}
    for stmt in tree.body:
        stored, read, mutated = set(), set(), set()
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name):
                (stored if isinstance(node.ctx, ast.Store) else read).add(node.id)
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                stored.add(node.name)
            elif isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.ctx, ast.Store) \
                    or isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                root = node.func if isinstance(node, ast.Call) else node  # results[k] = ..., rows.append(...)
                while isinstance(root, (ast.Subscript, ast.Attribute)):
                    root = root.value
                if isinstance(root, ast.Name):
                    mutated.add(root.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                modules.update((a.asname or a.name).split(".")[0] for a in node.names)
        mutated -= modules  # plt.plot(results) changes the picture, not what plt means to later cells
        # a name the statement binds itself (a loop variable, ``lo, hi = ...`` then used) is its own,
        # not the value an earlier cell left under that name
        out.append((stored, mutated, read - stored,
                    SIZE_KNOB in ast.get_source_segment(code, stmt)))
    return out


def sized_cells(nb) -> list[bool]:
    """For each code cell: does its output depend on :data:`SIZE_KNOB`? A statement is sized when it
    reads the knob or a name a sized statement assigned (``GAMES`` -> ``results`` -> a table of
    ``results``); a cell with a sized statement is not compared (the committed outputs come from the
    full size). Everything else a notebook computes is."""
    cells = nb["cells"] if isinstance(nb, dict) else nb.cells
    tainted: set[str] = set()
    out = []
    for c in cells:
        if c["cell_type"] != "code":
            continue
        sized = False
        for rebound, mutated, read, knob in _statements("".join(c["source"])):
            if knob or read & tainted:
                tainted |= rebound | mutated
                sized = True
            else:
                tainted -= rebound  # rebound from values that do not depend on the size (rows = [])
        out.append(sized)
    return out


def has_outputs(path: pathlib.Path) -> bool:
    nb = json.loads(path.read_text())
    return any(c.get("outputs") for c in nb["cells"] if c["cell_type"] == "code")


def refresh(path: pathlib.Path) -> None:
    """Execute ``path`` (nbclient, cwd notebooks/) and write it back with its outputs."""
    import nbformat

    sys.path.insert(0, str(ROOT / "tests"))
    from browser_support import run_notebook

    nb = run_notebook(path, timeout=1800)
    for cell in nb.cells:  # timing metadata would make every refresh a diff
        if cell.cell_type == "code":
            cell.metadata.pop("execution", None)
    nb.metadata.pop("widgets", None)  # the live widgets' state (large; a code host shows no widget anyway)
    nbformat.write(nb, str(path))


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        refresh(pathlib.Path(arg))
        print("refreshed", arg)
