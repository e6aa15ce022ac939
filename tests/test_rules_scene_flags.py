"""What a Scene's special rules keep in the state (issue 13): declared per hook, typed, checked.

``nollab.rules.scenes.flags``: each hook declares its flags (``Flag``: JSON type, default, meaning)
and reads/writes them through a typed view; a save, a position or a sandbox game with a flag its
Scene does not declare, or of the wrong type, is refused with one line naming it. Rules the flags
hold: the corpse lady (S1, P. 33), leaving the house (S6, P. 39), Spawning in houses (S9, P. 42).
"""
from __future__ import annotations

import json

import pytest

from nollab.board import board_from_grid
from nollab.rules.game import Game
from nollab.rules.saves import SaveError
from nollab.rules.sandbox import sandbox
from nollab.rules.scenes.flags import check_flags, declared_flags
from nollab.sim.policy import make_policy


@pytest.mark.parametrize("scene", [f"S{i}" for i in range(1, 11)])
def test_every_flag_a_scene_writes_is_declared_with_its_type(scene):
    """Random play of each Scene: after every step the flags are the declared ones, well typed."""
    g = Game.new(scene, seed=7, history=False)
    declared = declared_flags(g.scene.hooks)
    pol = make_policy("random", 7)
    for _ in range(400):
        check_flags(g.state.flags, declared)
        if g.over:
            break
        g.step(pol)


def test_the_typed_view_refuses_undeclared_names_and_wrong_types_p33():
    g = Game.new("S1", seed=1)
    corpse = next(h for h in g.scene.hooks if type(h).hook_name == "corpse_lady" or "corpse_work" in type(h).flags)
    kept = corpse.kept(g._ctx())
    assert kept.corpse_work == 0 and kept.corpse_seen is False  # absent: the declared defaults
    kept.corpse_work += 1
    assert g.state.flags["corpse_work"] == 1  # the value lives in the state's JSON flags
    with pytest.raises(TypeError, match="corpse_work"):
        kept.corpse_work = "two"
    with pytest.raises(TypeError, match="corpse_seen"):
        kept.corpse_seen = 1  # a bool flag takes true or false only
    with pytest.raises(AttributeError, match="corpse_wrok"):
        kept.corpse_wrok = 2


def test_a_save_with_a_flag_its_scene_does_not_declare_is_refused_naming_it():
    g = Game.new("S1", seed=1)
    d = json.loads(g.to_json())
    d["state"]["flags"]["corpse_wrok"] = 2
    with pytest.raises(SaveError, match=r"state\.flags\.corpse_wrok: not a flag of this Scene"):
        Game.from_json(json.dumps(d))
    d["state"]["flags"] = {"corpse_work": -1}
    with pytest.raises(SaveError, match=r"state\.flags\.corpse_work: a whole number"):
        Game.from_json(json.dumps(d))
    d["state"]["flags"] = {"closed_houses": []}  # S9's rule, not S1's
    with pytest.raises(SaveError, match="closed_houses"):
        Game.from_json(json.dumps(d))


def test_a_position_and_a_sandbox_with_a_wrong_flag_are_refused_naming_it():
    g = Game.new("S6", seed=2)
    g.state.flags["house_left"] = True
    assert Game.from_position(g.position()).state.flags["house_left"] is True
    g.state.flags["house_left"] = "yes"
    with pytest.raises(ValueError, match="house_left: true or false"):
        Game.from_position(g.position())
    row = board_from_grid("ab", {"a": "exterior", "b": "exterior"})
    with pytest.raises(ValueError, match="flags.searched_zones: not a flag"):
        sandbox(row, {"tom": "T:a"}, flags={"searched_zones": []})
