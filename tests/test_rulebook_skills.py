"""Independent audit of the Players' side, part 3: Experience and Modes (P. 14-15, 17, 32) and every
Skill of P. 46, each with a positive and a negative test. Skill ids follow nollab/data/skills.toml;
expected values come from the rulebook text.
"""
from __future__ import annotations

import pytest

from nollab.board import board_from_grid
from nollab.rules.players import action_budget
from nollab.rules.engine.actions import Action
from nollab.rules.survivors.experience import gain_xp
from nollab.rules.sandbox import rig_dice, sandbox
from nollab.rules.survivors.skills import active_skills, effective_mode

from support import kinds, of, refused, skill

ROW = board_from_grid("abcde", {k: "exterior" for k in "abcde"})
ROOMS = board_from_grid("KLM", {"K": "interior", "L": "interior", "M": "interior"},
                        openings=[("bKL", "r1c1-r1c2", "barricade", False), ("dLM", "r1c2-r1c3", "door", False)])


def give_xp(g, sid, n):
    gain_xp(g._ctx(), sid, n, "test", "P. 14")
    g._drain()
    g.touch()


def skills_of(g, sid):
    return sorted(active_skills(g.content, g.state, g.state.survivors[sid]))


def dice_rolled(g):
    return [e for e in g.events if e.kind == "attack"][-1].data["dice"]


# ------------------------------------------------------------------------------------------- XP P. 14-15
@pytest.mark.parametrize("xp,level", [(0, 0), (6, 0), (7, 1), (18, 1), (19, 2), (42, 2), (43, 3)])
def test_xp_p14_danger_levels_blue_yellow_orange_red(xp, level):
    """P. 14: "There are 4 Danger Levels on the Danger Bar: Blue, Yellow, Orange, and Red" (Dashboard:
    Yellow at 7 XP, Orange at 19, Red at 43; P. 32: "her 43rd Experience Point, getting to the Red Level")."""
    g = sandbox(ROW, {"tom": "T:a"})
    assert int(g.content.danger_level(xp)) == level


def test_xp_p14_one_xp_per_ghoul_eliminated_any_type():
    """P. 14: "For each Ghoul eliminated, a Survivor gains 1 Experience Point"."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"fatty": 1, "breaker": 1}}, inventory={"tom": ["chainsaw"]})
    rig_dice(g, [6, 6, 1, 1, 1])
    g.apply(Action("melee", "tom", ((0,), False)))
    while g.pending is not None:
        g.choose(g.pending.options[0])
    assert g.state.survivors["tom"].xp_total == 2


def test_xp_p14_romero_mode_no_skill_at_blue_one_per_level_after():
    """P. 14: "In Romero Mode, Survivors have no Skill at the Blue Level. They gain one at Yellow, Orange,
    and Red Levels." Barbra (Romero): Slippery at Yellow, +1 Action at Orange, +1 free Move at Red."""
    g = sandbox(ROW, {"barbra": "T:a"})
    assert skills_of(g, "barbra") == []
    give_xp(g, "barbra", 7)
    assert skills_of(g, "barbra") == ["slippery"]
    give_xp(g, "barbra", 12)
    while g.pending is not None:
        g.choose(g.pending.options[0])
    assert skills_of(g, "barbra") == sorted(["slippery", "plus_1_action"])
    give_xp(g, "barbra", 24)
    while g.pending is not None:
        g.choose(g.pending.options[0])
    assert skills_of(g, "barbra") == sorted(["slippery", "plus_1_action", "plus_1_free_move_action"])


def test_xp_p14_zombicide_blue_skill_yellow_action_orange_1_of_2_red_1_of_3():
    """P. 14: "In Zombicide Mode, Survivors have a Skill at the Blue Level, then gain an additional Action
    at the Yellow Level. Upon reaching the Orange Level, choose a Skill among the 2 ... Red Level by
    choosing a Skill among the 3"."""
    g = sandbox(ROW, {"barbra": "T:a"}, modes={"barbra": "zombicide"})
    assert skills_of(g, "barbra") == ["slippery"]
    give_xp(g, "barbra", 7)
    assert g.pending is None and "plus_1_action" in skills_of(g, "barbra")
    give_xp(g, "barbra", 12)
    assert g.pending.kind == "skill" and len(g.pending.options) == 2
    g.choose(1)
    assert "plus_1_free_combat_action" in skills_of(g, "barbra")
    give_xp(g, "barbra", 24)
    assert g.pending.kind == "skill" and len(g.pending.options) == 3
    g.choose(0)
    assert skills_of(g, "barbra") == sorted(["slippery", "plus_1_action", "plus_1_free_combat_action", "barbarian"])


def test_xp_p14_trackers_stay_when_the_card_flips():
    """P. 14: "These trackers do not move as the ID Card switches between Modes"."""
    g = sandbox(ROW, {"barbra": "T:a"}, modes={"barbra": "zombicide"}, xp={"barbra": 19})
    g.choose(1)  # Orange: +1 free Combat Action on the Zombicide side
    slots = [list(x) for x in g.state.survivors["barbra"].slots]
    g.state.survivors["barbra"].mode = "romero"
    assert skills_of(g, "barbra") == sorted(["slippery", "plus_1_action"])  # Romero Yellow + Orange
    g.state.survivors["barbra"].mode = "zombicide"
    assert g.state.survivors["barbra"].slots == slots
    assert "plus_1_free_combat_action" in skills_of(g, "barbra")


def test_modes_p17_relatives_force_romero_and_back():
    """P. 17: "As long as 1 Relative (or more) is on the board, all Survivors in Zombicide Mode switch to
    Romero Mode. These Survivors switch back to Zombicide Mode as soon as the board is clear of Relatives.\""""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:a"}, modes={"ben": "zombicide"}, ghouls={"T:e": {"relative": 1}})
    st = g.state
    assert effective_mode(st, st.survivors["ben"]) == "romero"
    assert effective_mode(st, st.survivors["tom"]) == "romero"
    st.ghouls.pop("T:e")
    assert effective_mode(st, st.survivors["ben"]) == "zombicide"
    assert effective_mode(st, st.survivors["tom"]) == "romero"  # was never in Zombicide Mode


def test_skills_p46_usable_immediately_after_a_mode_switch():
    """P. 46: "if an Action causes a Survivor to level up (or switch Modes) and gain a Skill, that Skill
    may be used immediately". Barbra kills the Relative: back in Zombicide, Slippery (Blue) lets her leave
    the Walker's Zone for 1 Action."""
    g = sandbox(ROW, {"barbra": "T:a"}, modes={"barbra": "zombicide"}, ghouls={"T:a": {"relative": 1, "walker": 2}},
                inventory={"barbra": ["katana"]})
    assert of(g, "move") == []  # Romero side: 1 + 3 Ghouls = 4 Actions, more than she has
    rig_dice(g, [6, 1])
    g.apply(Action("melee", "barbra", ((0,), False)))
    g.choose("relative")
    assert "slippery" in skills_of(g, "barbra")
    g.apply(Action("move", "barbra", ("T:b",)))
    assert g.state.survivors["barbra"].spent == 2


def test_ultrared_p32_tracker_back_to_zero_keeping_the_excess():
    """P. 32: "move the XP Tracker back to 0 and add any Experience Points gained past the minimum required
    to hit the Red Level. Your Survivor is still on the Red Level and keeps their Skills.\""""
    g = sandbox(ROW, {"barbra": "T:a"}, modes={"barbra": "zombicide"}, options={"ultrared": True})
    give_xp(g, "barbra", 45)
    while g.pending is not None:
        g.choose(g.pending.options[0])
    b = g.state.survivors["barbra"]
    assert b.xp == 2 and b.xp_total == 45
    from nollab.rules.survivors.experience import level_of
    assert level_of(g.content, b) == 3
    assert len(skills_of(g, "barbra")) == 4


def test_ultrared_p32_without_the_option_xp_stays_at_red():
    """P. 32: Ultrared is an optional "Additional Game Mode"; without it the tracker stays."""
    g = sandbox(ROW, {"barbra": "T:a"}, modes={"barbra": "zombicide"})
    give_xp(g, "barbra", 50)
    while g.pending is not None:
        g.choose(g.pending.options[0])
    assert g.state.survivors["barbra"].xp == 50 and g.state.survivors["barbra"].red_laps == 0


# ------------------------------------------------------------------------------------------- Skills P. 46
def test_skill_p46_plus_1_action_positive_and_negative():
    """P. 46: "+1 Action – The Survivor has an extra Action they may use as they please." P. 18: 3 Actions."""
    g = sandbox(ROW, {"tom": "T:a", "ben": "T:e"})
    for z in ("T:b", "T:c", "T:d"):
        g.apply(Action("move", "tom", (z,)))
    assert g.state.active != "tom"
    g2 = sandbox(ROW, {"tom": "T:a", "ben": "T:e"})
    skill(g2, "tom", "plus_1_action")
    for z in ("T:b", "T:c", "T:d"):
        g2.apply(Action("move", "tom", (z,)))
    assert g2.state.active == "tom"
    assert action_budget.general_left(g2._ctx(), g2.state.survivors["tom"]) == 1


def test_skill_p46_plus_1_die_applies_to_its_action_type_only():
    """P. 46: "+1 die: {Action} – Each of the Survivor's weapons rolls an extra die with Actions of the
    specified type"; Combat covers Melee and Ranged."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:a": {"walker": 9}, "T:b": {"walker": 9}},
                inventory={"ben": ["katana", "sw_model_10"]})
    skill(g, "ben", "plus_1_die_melee")
    g.apply(Action("ranged", "ben", ((1,), "T:b")))
    assert dice_rolled(g) == 1  # negative: Melee bonus, Ranged Action
    g.apply(Action("melee", "ben", ((0,), False)))
    assert dice_rolled(g) == 3
    c = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"walker": 9}}, inventory={"ben": ["sw_model_10"]})
    skill(c, "ben", "plus_1_die_combat")
    c.apply(Action("ranged", "ben", ((0,), "T:b")))
    assert dice_rolled(c) == 2


def test_skill_p46_plus_1_die_dual_gets_two():
    """P. 46: "Dual weapons each gain a die, for a total of +2 dice per Dual Action"."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"walker": 9}}, inventory={"ben": ["uzi", "uzi"]})
    skill(g, "ben", "plus_1_die_ranged")
    g.apply(Action("ranged", "ben", ((0, 1), "T:b")))
    assert dice_rolled(g) == 8


@pytest.mark.parametrize("ftype,ok,bad", [
    ("combat", ["melee", "ranged"], ["move"]),
    ("melee", ["melee"], ["ranged", "move"]),
    ("ranged", ["ranged"], ["melee", "move"]),
    ("move", ["move"], ["melee", "ranged"]),
])
def test_skill_p46_plus_1_free_action_only_for_its_type(ftype, ok, bad):
    """P. 46: "+1 free {Action} Action ... This Action may only be used to perform an Action of the
    specified type." With every ordinary Action spent, only the matching Actions are listed."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:a": {"walker": 9}, "T:b": {"walker": 9}},
                inventory={"ben": ["katana", "sw_model_10"]}, modes={"ben": "zombicide"})
    skill(g, "ben", f"plus_1_free_{ftype}_action")
    if "move" in ok:
        g.state.ghouls.pop("T:a")  # no extra cost to leave
    g.state.survivors["ben"].spent = 3  # Zombicide Ben at Blue: Hawk-eye only; 3 Actions, all spent
    g.touch()
    have = kinds(g)
    for k in ok:
        assert k in have
    for k in bad:
        assert k not in have


def test_skill_p46_plus_1_to_dice_roll_by_type():
    """P. 46: "+1 to dice roll: {Action} – The Survivor adds 1 to the result of each die they roll with
    Actions of the specified type ... The maximum result is always 6." Katana 4+: 3s hit with Melee +1."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 2}}, inventory={"tom": ["katana"]})
    skill(g, "tom", "plus_1_to_dice_roll_melee")
    rig_dice(g, [3, 3])
    g.apply(Action("melee", "tom", ((0,), False)))
    assert "T:a" not in g.state.ghouls
    n = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:b": {"walker": 2}}, inventory={"tom": ["sw_model_10"]})
    skill(n, "tom", "plus_1_to_dice_roll_melee")
    rig_dice(n, [2])  # S&W 3+: a Melee bonus does not help a Ranged Action
    n.apply(Action("ranged", "tom", ((0,), "T:b")))
    assert n.state.ghouls["T:b"] == (2, 0, 0, 0)


def test_skill_p46_ambidextrous_positive_and_negative():
    """P. 46: "Ambidextrous – The Survivor treats all weapons as if they had the Dual symbol." (still 2
    weapons with the same name, P. 13)."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 4}}, inventory={"tom": ["katana", "katana"]})
    refused(g, Action("melee", "tom", ((0, 1), False)), "P. 26")
    skill(g, "tom", "ambidextrous")
    assert Action("melee", "tom", ((0, 1), False)) in g.legal_actions()
    d = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 4}}, inventory={"tom": ["katana", "machete"]})
    skill(d, "tom", "ambidextrous")
    refused(d, Action("melee", "tom", ((0, 1), False)), "P. 26")


def test_skill_p46_barbarian_dice_equal_ghouls_plus_die_still_applies():
    """P. 46: "Barbarian – ... may substitute the Dice number ... with the number of Ghouls standing in
    their Zone. Skills affecting the dice value, like +1 die: Melee, still apply.\""""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 3, "fatty": 1}}, inventory={"tom": ["katana"]})
    skill(g, "tom", "barbarian", "plus_1_die_melee")
    assert Action("melee", "tom", ((0,), False)) in g.legal_actions()  # "may": the card's dice too
    g.apply(Action("melee", "tom", ((0,), True)))
    assert dice_rolled(g) == 5
    n = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 3}}, inventory={"tom": ["katana"]})
    refused(n, Action("melee", "tom", ((0,), True)), "P. 46|P. 26")


def test_skill_p46_bloodlust_once_per_turn_up_to_two_zones_into_ghouls_free_melee():
    """P. 46: "Bloodlust: Melee – ... once during each of their Turns. The Survivor spends 1 Action: They
    Move up to 2 Zones to a Zone containing at least 1 Ghoul. They then gain 1 free Melee Action. Normal
    Movement rules apply.\""""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:b": {"walker": 1}, "T:c": {"walker": 1}, "T:d": {"walker": 5}},
                inventory={"tom": ["katana"]})
    skill(g, "tom", "bloodlust_melee")
    paths = sorted(a.params[0] for a in of(g, "bloodlust"))
    assert paths == [("T:b",)]  # entering the Ghoul Zone T:b ends the Move (P. 18)
    refused(g, Action("bloodlust", "tom", (("T:b", "T:c"),)), "P. 46")
    e = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:d": {"walker": 1}}, inventory={"tom": ["katana"]})
    skill(e, "tom", "bloodlust_melee")
    refused(e, Action("bloodlust", "tom", (("T:b", "T:c", "T:d"),)), "P. 46")  # 3 Zones
    refused(e, Action("bloodlust", "tom", (("T:b",),)), "P. 46")  # no Ghoul there
    n = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:b": {"walker": 1}})
    skill(n, "tom", "bloodlust_melee")
    assert not of(n, "bloodlust")  # no Melee weapon: the free Melee could not be used


def test_skill_p46_bloodlust_pays_the_ghouls_left_behind():
    """P. 46 "Normal Movement rules apply" + P. 18: 1 Action + 1 per Ghoul in the Zone left."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 1}, "T:b": {"walker": 1}},
                inventory={"tom": ["katana"]})
    skill(g, "tom", "bloodlust_melee")
    g.apply(Action("bloodlust", "tom", (("T:b",),)))
    assert g.state.survivors["tom"].spent == 2


def test_skill_p46_hawk_eye_sees_through_a_closed_barricade_at_range_1():
    """P. 46: "Hawk-eye – The Survivor's Lines of Sight go at Range 1 through closed Barricades and Corn
    Fields." (not through closed doors)."""
    g = sandbox(ROOMS, {"ben": "T:L"}, ghouls={"T:K": {"walker": 1}, "T:M": {"walker": 1}},
                inventory={"ben": ["sw_model_10"]})
    assert not of(g, "ranged")
    skill(g, "ben", "hawk_eye")
    assert [a.params[1] for a in of(g, "ranged")] == ["T:K"]


def test_skill_p46_hit_and_run_only_after_a_kill_and_only_right_after():
    """P. 46: "Hit & Run – ... just after they resolved a Melee or Ranged Action resulting in at least 1
    Ghoul being eliminated. They can then resolve a free Move Action.\""""
    g = sandbox(ROW, {"harry": "T:a"}, ghouls={"T:a": {"walker": 2}}, inventory={"harry": ["katana"]})
    skill(g, "harry", "hit_and_run")
    rig_dice(g, [1, 1])
    g.apply(Action("melee", "harry", ((0,), False)))
    assert not of(g, "hit_and_run")  # no kill
    rig_dice(g, [6, 1])
    g.apply(Action("melee", "harry", ((0,), False)))
    assert of(g, "hit_and_run")
    g.apply(Action("reorganize", "harry", (-1, g.state.survivors["harry"].hands[0])))
    assert not of(g, "hit_and_run")  # lapses with the next Action


def test_skill_p46_shove_free_once_per_turn_clear_path_not_a_move():
    """P. 46: "Shove – ... for free, once during each of their Turns. Select a Zone at Range 1 ... Both
    Zones need to share a clear path. All Ghouls standing in your Survivor's Zone are pushed to the selected
    Zone. This is not a Movement.\""""
    g = sandbox(ROOMS, {"tom": "T:L"}, ghouls={"T:L": {"walker": 2}})
    skill(g, "tom", "shove")
    assert not of(g, "shove")  # barricade and door closed: no clear path
    g.state.set_open("dLM", True)
    g.touch()
    g.apply(Action("shove", "tom", ("T:M",)))
    assert g.state.ghouls == {"T:M": (2, 0, 0, 0)} and g.state.survivors["tom"].spent == 0
    g.state.ghouls = {"T:L": (1, 0, 0, 0)}
    g.touch()
    refused(g, Action("shove", "tom", ("T:M",)), "P. 46")


def test_skill_p46_slippery_positive_and_negative():
    """P. 46: "Slippery – The Survivor does not spend extra Actions when they perform a Move Action out of a
    Zone containing Ghouls.\""""
    g = sandbox(ROW, {"judy": "T:a"}, ghouls={"T:a": {"walker": 2}})
    g.apply(Action("move", "judy", ("T:b",)))
    assert g.state.survivors["judy"].spent == 3
    s = sandbox(ROW, {"judy": "T:a"}, ghouls={"T:a": {"walker": 2}})
    skill(s, "judy", "slippery")
    s.apply(Action("move", "judy", ("T:b",)))
    assert s.state.survivors["judy"].spent == 1


def test_skill_p46_sniper_free_targets_no_friendly_fire_and_without_it_priority():
    """P. 46: "Sniper – The Survivor may freely choose the targets of all their Ranged Actions. Friendly Fire
    is ignored." Without it: Fatty first and the miss wounds Tom (P. 27-28)."""
    g = sandbox(ROW, {"helen": "T:a", "tom": "T:b"}, ghouls={"T:b": {"fatty": 1, "walker": 1}},
                inventory={"helen": ["sw_model_10"]})
    skill(g, "helen", "sniper")
    rig_dice(g, [6])
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert g.state.ghouls["T:b"] == (0, 0, 1, 0)
    n = sandbox(ROW, {"helen": "T:a", "tom": "T:b"}, ghouls={"T:b": {"fatty": 1, "walker": 1}},
                inventory={"helen": ["sw_model_10"]})
    rig_dice(n, [1])
    n.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert n.state.survivors["tom"].wounds == 1


def test_skill_p46_taunt_up_to_two_zones_clear_path_once_per_turn():
    """P. 46: "Taunt – ... for free, once during each of their Turns. Select a Zone up to 2 Zones away
    from the Survivor and having a clear path to the Survivor (no walls, closed Barricades, or closed
    Doors). No Line of Sight is needed.\""""
    g = sandbox(ROW, {"harry": "T:a"}, ghouls={"T:c": {"walker": 1}, "T:d": {"walker": 1}})
    skill(g, "harry", "taunt")
    assert [a.params[0] for a in of(g, "taunt")] == ["T:c"]
    refused(g, Action("taunt", "harry", ("T:d",)), "P. 46")
    g.apply(Action("taunt", "harry", ("T:c",)))
    while g.needs() == "step":
        g.step()
    assert g.state.survivors["harry"].spent == 0
    refused(g, Action("taunt", "harry", ("T:b",)), "P. 46")
    r = sandbox(ROOMS, {"harry": "T:K"}, ghouls={"T:L": {"walker": 1}})
    skill(r, "harry", "taunt")
    assert not of(r, "taunt")  # closed Barricade between


def test_skill_p46_plus_1_free_search_action_is_not_a_move():
    """P. 46: the free Search Action "may only be used to perform an Action of the specified type"."""
    g = sandbox(ROOMS, {"judy": "T:L"})
    g.state.set_open("dLM", True)
    skill(g, "judy", "plus_1_free_search_action")
    g.state.survivors["judy"].spent = 3
    g.touch()
    assert of(g, "search") and not of(g, "move")


def test_skill_p46_hit_and_run_survives_a_free_discard():
    """P. 16: discarding is free "at any time"; it is not an Action, so the Hit & Run Move offered "just
    after" the killing Action (P. 46) is still there."""
    g = sandbox(ROW, {"harry": "T:a"}, ghouls={"T:a": {"walker": 2}}, inventory={"harry": ["katana", "boards"]})
    skill(g, "harry", "hit_and_run")
    rig_dice(g, [6, 1])
    g.apply(Action("melee", "harry", ((0,), False)))
    g.apply(Action("discard", "harry", (g.state.survivors["harry"].hands[1],)))
    assert of(g, "hit_and_run")


def test_skills_p46_a_level_up_on_the_last_action_grants_the_extra_action_at_once():
    """P. 46: "that Skill may be used immediately if the Survivor has any Actions remaining (or the
    Survivor may use any extra Actions the Skill grants)". Zombicide Barbra's 3rd Action kills her 7th
    Ghoul: Yellow gives +1 Action, so her Turn goes on for a 4th Action."""
    g = sandbox(ROW, {"barbra": "T:a", "tom": "T:e"}, modes={"barbra": "zombicide"}, xp={"barbra": 6},
                ghouls={"T:a": {"walker": 1}}, inventory={"barbra": ["katana"]})
    g.state.survivors["barbra"].spent = 2
    g.touch()
    rig_dice(g, [6, 1])
    g.apply(Action("melee", "barbra", ((0,), False)))
    assert g.state.active == "barbra"
    g.apply(Action("move", "barbra", ("T:b",)))
    assert g.state.survivors["barbra"].spent == 4 and g.state.active != "barbra"
