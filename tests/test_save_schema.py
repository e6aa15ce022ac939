"""Saved games are checked by a schema (issue 12): good saves of every Scene load unchanged; a Scene
from a user's file is embedded (a save never names a path); ``$NOLLAB_CONTENT/scenes/S1.toml`` is the
S1 of every command. The bad saves are in the bad-input corpus (``tests/data/bad_inputs/saves.toml``)."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from nollab.rules.game import Game
from nollab.rules.saves import SaveError
from nollab.sim.policy import make_policy

DATA = Path(__file__).resolve().parent.parent / "nollab" / "data"


@pytest.mark.parametrize("scene", [f"S{i}" for i in range(1, 11)])
def test_saves_of_every_scene_load_unchanged(scene: str) -> None:
    """At the start, at a pending decision and at a chance step, a save loads to the same JSON."""
    g = Game.new(scene, seed=11)
    g.set_explicit_chance(True)
    pol = make_policy("random", 5)
    seen = set()
    for _ in range(300):
        need = g.needs()
        if need not in seen or len(seen) == 4:
            seen.add(need)
            text = g.to_json()
            assert Game.from_json(text).to_json() == text
        if need == "over":
            break
        g.step(pol)
    assert {"action", "choice", "chance"} <= seen


@pytest.mark.parametrize("bad", [None, [], 3, "[]", "null", b"{}", "{\"format\": \"nollab-game/1\"}"])
def test_from_json_refuses_what_is_not_a_save(bad) -> None:
    with pytest.raises(ValueError):
        Game.from_json(bad)


def test_user_scene_file_is_embedded_and_the_save_needs_no_file(tmp_path: Path) -> None:
    """A Scene loaded from a path is saved inside the game: deleting the file changes nothing, and
    replay() reproduces the game."""
    path = tmp_path / "farm.toml"
    shutil.copyfile(DATA / "scenes" / "S2.toml", path)
    g = Game.new(str(path), seed=4)
    g.run_until("round", policy=make_policy("random", 1))
    text = g.to_json()
    d = json.loads(text)
    assert set(d["scene"]) == {"embedded"} and d["scene"]["embedded"]["toml"] == path.read_text()
    path.unlink()
    g2 = Game.from_json(text)
    assert g2.to_json() == text
    assert g2.replay().state_hash() == g.state_hash()


def test_content_folder_scene_is_saved_by_id(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "scenes").mkdir()
    shutil.copyfile(DATA / "scenes" / "S3.toml", tmp_path / "scenes" / "MINE.toml")
    monkeypatch.setenv("NOLLAB_CONTENT", str(tmp_path))
    g = Game.new("MINE", seed=2)
    assert json.loads(g.to_json())["scene"] == "MINE"
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
    text = g.to_json()
    monkeypatch.delenv("NOLLAB_CONTENT")
    with pytest.raises(SaveError, match="no Scene 'MINE'"):
        Game.from_json(text)


def test_content_folder_S1_is_the_S1_of_every_command(tmp_path: Path, monkeypatch) -> None:
    """``$NOLLAB_CONTENT/scenes/S1.toml`` replaces the shipped S1 for ``Game.new``, ``load_scene``,
    ``nollab map`` and ``nollab play`` alike (one resolver). The user's S1 starts everyone on the porch."""
    from nollab.board import load_map
    from nollab.rules.scenes.scene import load_scene

    (tmp_path / "scenes").mkdir()
    text = (DATA / "scenes" / "S1.toml").read_text().replace(
        '"2" = ["harry", "helen", "judy", "tom"]', '"1" = ["barbra", "ben", "harry", "helen", "judy", "tom"]', 1)
    text = text.replace('"1" = ["barbra", "ben"]\n', "", 1)
    mine = tmp_path / "scenes" / "S1.toml"
    mine.write_text(text)
    monkeypatch.setenv("NOLLAB_CONTENT", str(tmp_path))
    assert Path(load_scene("S1").file) == mine and Path(load_map("S1").file) == mine
    g = Game.new("S1", seed=0)
    assert {s.zone for s in g.state.survivors.values()} == {"1R:P"}
    r = subprocess.run([sys.executable, "-m", "nollab.cli", "play", "--rounds", "1", "--json", "--log"],
                       capture_output=True, text=True, timeout=120, env={**__import__("os").environ})
    assert r.returncode == 0, r.stderr
    assert "Tom starts in 1R:P" in r.stdout


def test_rigged_and_chosen_chance_are_in_the_log_so_replay_and_saves_reproduce() -> None:
    """Dice placed by hand (``rig_dice``) and chance outcomes chosen (``apply_chance``) are decisions:
    the log holds them, so ``replay()`` and a saved-and-loaded game reach the same state."""
    from nollab.board import board_from_grid
    from nollab.rules.engine.actions import Action
    from nollab.rules.sandbox import sandbox

    row = board_from_grid("abcd", {k: "exterior" for k in "abcd"})
    g = sandbox(row, {"helen": "T:a"}, ghouls={"T:b": {"walker": 2}}, inventory={"helen": ["ithaca_m37"]})
    g.rig_dice([6, 1])
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert g.state.ghouls_in("T:b")[0] == 1  # the 6 hits, the 1 misses (Ithaca M37: 2 dice at 4+, P. 26)
    g.set_explicit_chance(True)
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert g.needs() == "chance"
    g.apply_chance([5, 5])  # both hit: the last Walker goes (the second hit has no target)
    assert g.state.ghouls_in("T:b") == (0, 0, 0, 0)
    kinds = [e["t"] for e in g.log]
    assert "rig" in kinds
    assert g.replay().state_hash() == g.state_hash()
    j = Game.from_json(g.to_json())
    assert j.state_hash() == g.state_hash() and j.replay().state_hash() == g.state_hash()
    h = Game.new("S1", seed=5)
    h.rig_dice([1, 1, 1, 1, 1, 1])
    h.run_until("round", policy=make_policy("random", 2))
    assert h.replay().state_hash() == h.state_hash()
