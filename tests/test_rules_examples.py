"""Every worked example of the rulebook, replayed on hand-made boards (P. 18, 24-28, 32).

Dice are placed by hand with ``rig_dice`` (as a player would to replay the example); expected
values are the rulebook's, never computed with the engine.
"""
from __future__ import annotations

import pytest

from nollab.board import board_from_grid
from nollab.rules import IllegalAction
from nollab.rules.engine.actions import Action
from nollab.rules.survivors.experience import gain_xp, highest_level
from nollab.rules.sandbox import rig_dice, sandbox
from nollab.rules.survivors.skills import active_skills, effective_mode
from nollab.rules.engine.tasks import Task

ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})


def events(g, kind):
    return [e for e in g.events if e.kind == kind]


def test_p18_helen_leaves_a_zone_with_two_walkers_for_three_actions():
    """P. 18: "To leave this Zone, she spends 1 Move Action, then 2 more Actions (1 per Walker)"."""
    g = sandbox(ROW, {"helen": "T:a"}, ghouls={"T:a": {"walker": 2}})
    g.apply(Action("move", "helen", ("T:b",)))
    helen = g.state.survivors["helen"]
    assert helen.zone == "T:b"
    assert helen.spent == 3
    assert "+2 for the Ghouls" in events(g, "move")[-1].text


def test_p18_three_ghouls_need_four_actions_so_the_move_is_refused():
    """P. 18: "If there had been 3 Ghouls in the Zone, Helen would have needed 4 Actions"."""
    g = sandbox(ROW, {"helen": "T:a"}, ghouls={"T:a": {"walker": 3}})
    assert not [a for a in g.legal_actions() if a.kind == "move"]
    before = g.state_hash()
    with pytest.raises(IllegalAction, match="P. 18"):
        g.apply(Action("move", "helen", ("T:b",)))
    assert g.state_hash() == before


def test_p26_katana_hit_goes_to_breaker_and_the_miss_spares_barbra():
    """P. 26: Katana (Damage 1) in a Zone with a Fatty, a Breaker and a Walker; 1 hit; Helen
    allocates it to the Breaker; the miss cannot hurt Barbra (no Friendly Fire in Melee)."""
    g = sandbox(ROW, {"helen": "T:a", "barbra": "T:a"}, ghouls={"T:a": {"fatty": 1, "breaker": 1, "walker": 1}},
                inventory={"helen": ["katana"]})
    rig_dice(g, [2, 5])
    g.apply(Action("melee", "helen", ((0,), False)))
    ch = g.pending
    assert ch.kind == "target"
    assert sorted(ch.options) == ["breaker", "walker"]  # the Fatty is immune to Damage 1
    g.choose("breaker")
    assert g.state.ghouls["T:a"] == (1, 0, 1, 0)
    assert g.state.survivors["barbra"].wounds == 0
    assert g.state.survivors["helen"].xp_total == 1


def test_p27_ben_ithaca_fatty_first_then_the_relative_and_back_to_zombicide():
    """P. 27: Ithaca M37 (Damage 2, 4+) at a Zone with a Fatty, a Relative and 2 Walkers; rolls
    4 and 5; the first hit must kill the Fatty; Ben picks the Relative and returns to Zombicide."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"fatty": 1, "relative": 1, "walker": 2}},
                inventory={"ben": ["ithaca_m37"]}, modes={"ben": "zombicide"})
    ben = g.state.survivors["ben"]
    assert effective_mode(g.state, ben) == "romero"  # P. 17: a Relative forces Romero
    rig_dice(g, [4, 5])
    g.apply(Action("ranged", "ben", ((0,), "T:b")))
    assert g.state.ghouls["T:b"] == (2, 0, 0, 1)  # Fatty gone before any choice
    assert sorted(g.pending.options) == ["relative", "walker"]
    g.choose("relative")
    assert g.state.ghouls["T:b"] == (2, 0, 0, 0)
    assert effective_mode(g.state, g.state.survivors["ben"]) == "zombicide"
    assert any("switch back to Zombicide" in e.text for e in events(g, "mode"))


def test_p28_helen_sawed_off_friendly_fire_on_harry():
    """P. 28: Sawed-Off at a Zone with Harry and a Walker: a hit kills the Walker, the miss gives
    Harry 1 Wound (Damage 1)."""
    g = sandbox(ROW, {"helen": "T:a", "harry": "T:b"}, ghouls={"T:b": {"walker": 1}},
                inventory={"helen": ["sawed_off"]})
    rig_dice(g, [5, 1])
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert "T:b" not in g.state.ghouls
    assert g.state.survivors["harry"].wounds == 1


def test_p28_a_shooter_never_hits_themself_at_range_0():
    """P. 28: "A Survivor can't hit themselves with their own attacks.\""""
    g = sandbox(ROW, {"helen": "T:a"}, ghouls={"T:a": {"walker": 1}}, inventory={"helen": ["sawed_off"]})
    rig_dice(g, [1, 1])
    g.apply(Action("ranged", "helen", ((0,), "T:a")))
    assert g.state.survivors["helen"].wounds == 0


def test_p26_uzi_dual_rolls_six_dice_in_one_action():
    """P. 26: "Harry has 2 Uzis ... roll 6 dice (3 for each Uzi) with a single Ranged Action"."""
    g = sandbox(ROW, {"harry": "T:a"}, ghouls={"T:b": {"walker": 6}}, inventory={"harry": ["uzi", "uzi"]})
    assert Action("ranged", "harry", ((0, 1), "T:b")) in g.legal_actions()
    g.apply(Action("ranged", "harry", ((0, 1), "T:b")))
    att = events(g, "attack")[-1]
    assert att.data["dice"] == 6
    assert g.state.survivors["harry"].spent == 1


def test_p24_tom_and_judy_the_spawn_reads_judys_yellow_line():
    """P. 24: Tom 5 XP (Blue), Judy 12 XP (Yellow): read the Yellow line."""
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:a"}, xp={"tom": 5, "judy": 12}, spawns=[("T:d", "white")],
                ghoul_deck=[1])
    assert highest_level(g.content, g.state) == 1
    g.state.phase = "ghouls"
    g.state.queue = [Task("spawn_step")]
    while g.state.queue:
        g.step()
    assert g.state.ghouls["T:d"] == (3, 0, 0, 0)  # card #1 Walkers: Yellow line = 3 (P. 25)


SPAWN_BOARD = board_from_grid("abc\nKdL", {"a": "exterior", "b": "exterior", "c": "exterior", "d": "exterior",
                                            "K": "interior", "L": "interior"},
                              openings=[("dK", "r1c1-r2c1", "door", False), ("dL", "r1c3-r2c3", "door", False)])


def test_p25_yellow_spawn_example_walkers_fatty_then_opening_card():
    """P. 25: at Yellow, the white Zone's card gives 3 Walkers, the next 1 Fatty, and the third is a
    Barricade & Door Opening card for Walkers: every Zone with Walkers has its doors opened, "Both
    Survivors' shelters are compromised"."""
    g = sandbox(SPAWN_BOARD, {"judy": "T:K", "tom": "T:L"}, xp={"judy": 12},
                ghouls={"T:c": {"walker": 1}},
                spawns=[("T:a", "white"), ("T:b", "red"), ("T:c", "red")], ghoul_deck=[43, 12, 1])
    g.state.phase = "ghouls"
    g.state.queue = [Task("spawn_step")]
    while g.state.queue:
        g.step()
    assert g.state.ghouls["T:a"] == (3, 0, 0, 0)
    assert g.state.ghouls["T:b"] == (0, 0, 1, 0)
    assert g.state.opening_open == {"dK": True, "dL": True}


def test_p25_opening_card_does_nothing_at_blue():
    """P. 25: a Barricade & Door Opening card read at a level with no effect opens nothing."""
    g = sandbox(SPAWN_BOARD, {"judy": "T:K"}, ghouls={"T:a": {"walker": 1}}, spawns=[("T:a", "white")],
                ghoul_deck=[43])
    g.state.phase = "ghouls"
    g.state.queue = [Task("spawn_step")]
    while g.state.queue:
        g.step()
    assert g.state.opening_open == {"dK": False, "dL": False}


def _give(g, sid, n):
    ctx = g._ctx()
    gain_xp(ctx, sid, n, "test", "P. 14")
    g._drain()


def _skill_names(g, sid):
    s = g.state.survivors[sid]
    return sorted(g.content.skills[k].name for k in active_skills(g.content, g.state, s))


def test_p32_barbra_ultrared_path():
    """P. 32: Barbra's Ultrared example, lap by lap."""
    g = sandbox(ROW, {"barbra": "T:a"}, modes={"barbra": "zombicide"}, options={"ultrared": True})
    _give(g, "barbra", 19)  # Yellow (+1 Action) then Orange: choose +1 free Move
    assert g.pending.kind == "skill" and g.pending.options == [0, 1]
    g.choose(0)
    _give(g, "barbra", 24)  # 43rd XP: Red, choose Barbarian
    assert g.pending.options == [0, 1, 2]
    g.choose(0)
    b = g.state.survivors["barbra"]
    assert b.xp == 0 and b.red_laps == 1
    assert _skill_names(g, "barbra") == sorted(["Slippery", "+1 Action", "+1 free Move Action", "Barbarian"])
    _give(g, "barbra", 19)  # Blue/Yellow again: nothing; Orange: the other Orange Skill
    assert g.pending is None
    assert "+1 free Combat Action" in _skill_names(g, "barbra")
    _give(g, "barbra", 24)  # Red again: choose among the 2 remaining
    assert g.pending.options == [1, 2]
    g.choose(1)
    assert "+1 die: Combat" in _skill_names(g, "barbra")
    _give(g, "barbra", 43)  # third lap: nothing until Red, then the last Red Skill
    assert g.pending is None
    assert _skill_names(g, "barbra").count("+1 free Move Action") == 2
    _give(g, "barbra", 19)  # every Skill owned: a free pick at Orange
    assert g.pending.kind == "ultrared_pick"
    assert "sniper" in g.pending.options
    g.choose("sniper")
    assert "Sniper" in _skill_names(g, "barbra")
    assert g.state.survivors["barbra"].xp_total == 19 + 24 + 19 + 24 + 43 + 19
