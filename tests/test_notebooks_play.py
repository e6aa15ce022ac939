"""The board notebooks execute headless (nbclient, kernel "python3") and show what they promise."""
from __future__ import annotations

import pathlib
import xml.etree.ElementTree as ET

import pytest

from browser_support import NOTEBOOKS, notebook_text_outputs, run_notebook

pytestmark = pytest.mark.notebook

SVG_NS = "{http://www.w3.org/2000/svg}"


def outputs(nb, mime: str) -> list:
    return [o["data"][mime] for c in nb.cells if c.cell_type == "code"
            for o in c.get("outputs", []) if mime in o.get("data", {})]


def errors(nb) -> list:
    return [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])
            if o.get("output_type") == "error" or (o.get("output_type") == "stream" and o.get("name") == "stderr"
                                                   and "Traceback" in o.get("text", ""))]


def tags(svg: str) -> list[str]:
    return [e.get("data-tag") for e in ET.fromstring(svg).iter() if e.get("data-tag")]


def test_learn_to_play_plays_scene1_with_pictures_and_pages():
    """01: Scene 1 turn by turn: line of sight (P. 10), moves and searches (P. 18), barricades
    (P. 33), the Ghouls' Phase (P. 22-23) and spawning (P. 24), each picture a live board."""
    nb = run_notebook(NOTEBOOKS / "01-learn-to-play.ipynb")
    assert not errors(nb)
    svgs = outputs(nb, "image/svg+xml")
    assert len(svgs) >= 8
    first = tags(svgs[0])
    assert first.count("spawn:white") == 1 and sum(t.startswith("spawn:") for t in first) == 4
    assert any(t == "sight:ray" for svg in svgs for t in tags(svg)), "a line of sight is drawn"
    assert any(t == "route" for svg in svgs for t in tags(svg)), "a Ghoul route is drawn"
    assert any(t.startswith("opening:window:closed") or t.startswith("opening:barricade:closed")
               for t in tags(svgs[-1])), "a blocked window shows on the last board"
    text = notebook_text_outputs(nb)
    for needle in ("(P. 18)", "(P. 22)", "(P. 23)", "(P. 24)", "(P. 33)", "Actions spent by Helen: 3"):
        assert needle in text, needle
    assert len(outputs(nb, "text/html")) >= 3  # survivor dashboards


def test_scenes_notebook_draws_every_shipped_scene():
    """04: one map per scene file in nollab/data/scenes, with its Spawn tokens in their colours (P. 24)."""
    import nollab
    from nollab.board import load_map

    scenes = sorted(p.stem for p in (pathlib.Path(nollab.__file__).parent / "data" / "scenes").glob("S*.toml"))
    nb = run_notebook(NOTEBOOKS / "04-scenes.ipynb")
    assert not errors(nb)
    svgs = outputs(nb, "image/svg+xml")
    assert len(svgs) == len(scenes) >= 1
    by_title = {ET.fromstring(s).find(f"{SVG_NS}title").text: s for s in svgs}
    assert sorted(by_title) == scenes
    for scene, svg in by_title.items():
        spawns = load_map(scene).tokens.spawns
        drawn = [t for t in tags(svg) if t.startswith("spawn:")]
        assert len(drawn) == len(spawns), scene
        assert sum(t.startswith("spawn:white") for t in drawn) == sum(s.colour == "white" for s in spawns)
    md = "\n".join(outputs(nb, "text/markdown"))
    for s in scenes:
        assert f"## {s}" in md


def test_dashboard_play_builds_the_game_player():
    nb = run_notebook(NOTEBOOKS / "dashboard-play.ipynb")
    assert not errors(nb)
    assert outputs(nb, "application/vnd.jupyter.widget-view+json"), "the GamePlayer widget is displayed"
