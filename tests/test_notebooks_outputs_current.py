"""Committed notebook outputs are current: every notebook committed *with* outputs is executed
again (nbclient, kernel python3) and the text of each code cell's outputs must equal the committed
text, volatile parts aside (tests/notebook_outputs.py). Refresh one with
``python tests/notebook_outputs.py notebooks/<name>.ipynb``."""
from __future__ import annotations

import json

import pytest

from browser_support import NOTEBOOKS, run_notebook
from notebook_outputs import SIZE_KNOB, has_outputs, normalise, sized_cells, text_outputs

pytestmark = pytest.mark.notebook

WITH_OUTPUTS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb") if has_outputs(p))


def test_normalise_blanks_only_the_volatile_parts():
    a = normalise("<Foo at 0x7f3a2b1c9d80> took 1.25 s, model 1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed")
    b = normalise("<Foo at 0x7f00aa11bb22> took 3 ms, model 0c9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bee")
    assert a == b
    assert normalise("won 38 of 200 games") != normalise("won 39 of 200 games")


def test_the_learn_to_play_notebook_is_committed_with_its_outputs():
    """Issue 14: 01-learn-to-play reads on a code host (pictures and text committed)."""
    assert "01-learn-to-play.ipynb" in WITH_OUTPUTS
    nb = json.loads((NOTEBOOKS / "01-learn-to-play.ipynb").read_text())
    mimes = {m for c in nb["cells"] for o in c.get("outputs", []) for m in o.get("data", {})}
    assert "image/svg+xml" in mimes and "text/html" in mimes


@pytest.mark.parametrize("name", WITH_OUTPUTS)
def test_committed_outputs_are_current(name, monkeypatch):
    """Cells sized by NOLLAB_SIM_GAMES (a simulation; 2 games here) are run, not compared."""
    monkeypatch.setenv(SIZE_KNOB, "2")
    path = NOTEBOOKS / name
    doc = json.loads(path.read_text())
    committed, sized = text_outputs(doc), sized_cells(doc)
    fresh = text_outputs(run_notebook(path, timeout=600))
    assert len(fresh) == len(committed), f"{name}: code cells changed; refresh it"
    stale = [i for i, (a, b) in enumerate(zip(committed, fresh)) if a != b and not sized[i]]
    detail = "" if not stale else f"\ncommitted: {committed[stale[0]]!r}\nnow:       {fresh[stale[0]]!r}"
    assert not stale, (f"{name}: the outputs of code cell(s) {stale} are stale; "
                       f"run python tests/notebook_outputs.py notebooks/{name}{detail}")


def test_what_flows_from_the_simulation_size_is_not_compared():
    def nb(*sources):
        return {"cells": [{"cell_type": "code", "source": src, "outputs": []} for src in sources]}
    doc = nb("import os\nGAMES = int(os.environ.get('NOLLAB_SIM_GAMES', '100'))", "RULES = {'S1': 1}",
             "results = {}\nfor s in RULES:\n    results[s] = GAMES", "print(len(results))", "print(RULES)",
             "%matplotlib inline\nx = 1", "rows = []\nfor s in RULES:\n    rows.append(s)\nprint(rows)",
             "results = {'fresh': 1}\nprint(results)")
    # the size flows GAMES -> results (filled in a loop) -> its printout; a name rebound from values that
    # do not depend on it (rows, results again) is compared
    assert sized_cells(doc) == [True, False, True, True, False, False, False, False]


def test_split_streams_compare_equal_and_pictures_are_left_out():
    def nb(outputs):
        return {"cells": [{"cell_type": "code", "outputs": outputs}]}
    one = nb([{"output_type": "stream", "name": "stdout", "text": "a\nb\n"},
              {"output_type": "display_data", "data": {"image/svg+xml": "<svg/>", "text/plain": "<SVG>"}}])
    two = nb([{"output_type": "stream", "name": "stdout", "text": "a\n"},
              {"output_type": "stream", "name": "stdout", "text": "b\n"},
              {"output_type": "display_data", "data": {"image/svg+xml": "<svg>other</svg>", "text/plain": "<SVG>"}}])
    assert text_outputs(one) == text_outputs(two) == [["a\nb", "<SVG>"]]
    three = nb([{"output_type": "stream", "name": "stdout", "text": "a\nc\n"}])
    assert text_outputs(three) != text_outputs(one)
