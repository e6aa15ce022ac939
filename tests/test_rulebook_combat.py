"""Independent audit of the Players' side, part 2: Combat (P. 12-13, 26-29), Special Equipment
(P. 29-30) and the Car (P. 20-21, 28). Dice are placed by hand (``rig_dice``); expected values are
the rulebook's, never computed with the engine.
"""
from __future__ import annotations

from nollab.board import board_from_grid
from nollab.rules.engine.actions import Action
from nollab.rules.sandbox import rig_dice, sandbox

from support import of, refused, skill

ROW = board_from_grid("abcde", {k: "exterior" for k in "abcde"})
HOUSE = board_from_grid("aKL", {"a": "exterior", "K": "interior", "L": "interior"},
                        openings=[("dK", "r1c1-r1c2", "door", True), ("dL", "r1c2-r1c3", "door", True)])
FIELD = board_from_grid("abc\nwfx", {"a": "exterior", "b": "exterior", "c": "exterior", "w": "woods",
                                     "f": "corn", "x": "exterior"})


def ghouls(g, zone):
    return tuple(g.state.ghouls.get(zone, (0, 0, 0, 0)))  # walker, breaker, fatty, relative


# ------------------------------------------------------------------------------------------- dice P. 26
def test_combat_p26_each_die_at_or_above_accuracy_is_a_hit():
    """P. 26: "Each die that equals or exceeds the Accuracy value of the weapon scores a successful hit."
    Katana 2 dice, Accuracy 4+: 4 and 3 -> 1 hit."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 2}}, inventory={"tom": ["katana"]})
    rig_dice(g, [4, 3])
    g.apply(Action("melee", "tom", ((0,), False)))
    assert ghouls(g, "T:a") == (1, 0, 0, 0)


def test_combat_p26_damage_does_not_stack_a_fatty_survives_two_damage_1_hits():
    """P. 26: "Damage 1 has no effect on them, no matter the amount of times a Survivor hits them.\""""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"fatty": 1}}, inventory={"tom": ["katana"]})
    rig_dice(g, [6, 6])
    g.apply(Action("melee", "tom", ((0,), False)))
    assert ghouls(g, "T:a") == (0, 0, 1, 0)


def test_combat_p17_p26_a_fatty_dies_to_one_damage_2_hit():
    """P. 17: Fatty "To eliminate: Damage 2"; Axe (Damage 2) kills it with a single hit."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"fatty": 1}}, inventory={"tom": ["axe"]})
    rig_dice(g, [6])
    g.apply(Action("melee", "tom", ((0,), False)))
    assert ghouls(g, "T:a") == (0, 0, 0, 0) and g.state.survivors["tom"].xp_total == 1


def test_combat_p26_extra_hits_are_lost():
    """P. 26: "If all targets get eliminated, extra hits are lost." (no Friendly Fire from hits)."""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:b"}, ghouls={"T:b": {"walker": 1}}, inventory={"ben": ["uzi"]})
    rig_dice(g, [6, 6, 6])
    g.apply(Action("ranged", "ben", ((0,), "T:b")))
    assert ghouls(g, "T:b") == (0, 0, 0, 0) and g.state.survivors["tom"].wounds == 0
    assert g.state.survivors["ben"].xp_total == 1


# ------------------------------------------------------------------------------------------- Dual P. 13, 26
def test_dual_p26_same_name_in_both_hands_one_action():
    """P. 13: "If you have Dual weapons with the same name in each Hand slot, you may use them both in a
    single Action (they must be aimed at the same Zone)." Uzi x2: 6 dice for 1 Action (P. 26)."""
    g = sandbox(ROW, {"harry": "T:a"}, ghouls={"T:b": {"walker": 6}}, inventory={"harry": ["uzi", "uzi"]})
    rig_dice(g, [5, 5, 5, 5, 5, 5])
    g.apply(Action("ranged", "harry", ((0, 1), "T:b")))
    assert ghouls(g, "T:b") == (0, 0, 0, 0) and g.state.survivors["harry"].spent == 1


def test_dual_p13_not_when_one_is_in_the_backpack_or_not_dual():
    """P. 13: the Dual weapons must be "in each Hand slot"; P. 89 ruling: the Sawed-Off is not Dual."""
    g = sandbox(ROW, {"harry": "T:a"}, ghouls={"T:b": {"walker": 6}},
                inventory={"harry": ["uzi", "katana", "uzi"]})
    refused(g, Action("ranged", "harry", ((0, 1), "T:b")), "P. 26")
    g2 = sandbox(ROW, {"harry": "T:a"}, ghouls={"T:b": {"walker": 6}}, inventory={"harry": ["sawed_off", "sawed_off"]})
    refused(g2, Action("ranged", "harry", ((0, 1), "T:b")), "P. 26")


# ------------------------------------------------------------------------------------------- Reload P. 28
def test_reload_p28_must_reload_before_firing_again_and_reload_is_free_in_the_end_phase():
    """P. 28: "require spending an Action to reload them between shots if you want to fire multiple
    times in the same Game Round. All such weapons are freely reloaded during the End Phase.\""""
    g = sandbox(ROW, {"helen": "T:a"}, ghouls={"T:c": {"fatty": 3}}, inventory={"helen": ["sawed_off"]})
    rig_dice(g, [1, 1])
    g.state.ghouls["T:b"] = (0, 0, 1, 0)
    g.touch()
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    refused(g, Action("ranged", "helen", ((0,), "T:b")), "P. 28")
    g.apply(Action("do_nothing", "helen"))
    g.run_until("round")
    while g.state.active is None and g.legal_actions():
        g.apply(g.legal_actions()[0])
    assert g.state.fired == []
    assert Action("ranged", "helen", ((0,), "T:b")) in g.legal_actions()


def test_reload_p28_one_action_reloads_both_dual_weapons_fired_together():
    """P. 28: "A single Action is enough to reload 2 weapons fired in a Dual manner." (Ma's Shotgun:
    Dual, Reload on its Ranged Action, P. 29.)"""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"fatty": 4}}, inventory={"ben": ["mas_shotgun", "mas_shotgun"]},
                modes={"ben": "zombicide"})
    rig_dice(g, [1, 1, 1, 1])
    g.apply(Action("ranged", "ben", ((0, 1), "T:b")))
    both = tuple(g.state.survivors["ben"].hands)
    g.apply(Action("reload", "ben", (both,)))
    assert g.state.fired == [] and g.state.survivors["ben"].spent == 2


def test_reload_p28_each_dual_reload_weapon_may_fire_at_a_different_zone():
    """P. 28: "Firing with a single Dual reloadable weapon in a Zone, then firing at another Zone with the
    other Dual reloadable weapon, is allowed.\""""
    g = sandbox(ROW, {"ben": "T:b"}, ghouls={"T:a": {"fatty": 2}, "T:c": {"fatty": 2}},
                inventory={"ben": ["mas_shotgun", "mas_shotgun"]}, modes={"ben": "zombicide"})
    rig_dice(g, [1, 1, 1, 1])
    g.apply(Action("ranged", "ben", ((0,), "T:a")))
    g.apply(Action("ranged", "ben", ((1,), "T:c")))
    assert g.state.survivors["ben"].spent == 2


def test_reload_p28_weapons_fired_separately_need_one_reload_each():
    """P. 28: only weapons "fired in a Dual manner" share a single reload Action."""
    g = sandbox(ROW, {"ben": "T:b"}, ghouls={"T:a": {"fatty": 2}, "T:c": {"fatty": 2}},
                inventory={"ben": ["mas_shotgun", "mas_shotgun"]}, modes={"ben": "zombicide"})
    rig_dice(g, [1, 1, 1, 1])
    g.apply(Action("ranged", "ben", ((0,), "T:a")))
    g.apply(Action("ranged", "ben", ((1,), "T:c")))
    both = tuple(g.state.survivors["ben"].hands)
    refused(g, Action("reload", "ben", (both,)), "P. 28")


def test_reload_p28_only_the_ranged_action_of_mas_shotgun_needs_reloading():
    """P. 29: "NOTE: The Reload trait only applies to its Ranged Action.\""""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:a": {"fatty": 3}}, inventory={"ben": ["mas_shotgun"]},
                modes={"ben": "zombicide"})
    rig_dice(g, [1, 1, 1, 1])
    g.apply(Action("ranged", "ben", ((0,), "T:a")))
    assert Action("melee", "ben", ((0,), False)) in g.legal_actions()
    assert not of(g, "ranged")


# ------------------------------------------------------------------------------------------- Range / LoS P. 27
def test_ranged_p27_range_min_and_max():
    """P. 27: "The Winchester 94 has a Range of 1-3 ... cannot be used to fire at the same Zone"."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={z: {"walker": 1} for z in ("T:a", "T:b", "T:d", "T:e")},
                inventory={"ben": ["winchester_94"]})
    assert sorted(a.params[1] for a in of(g, "ranged")) == ["T:b", "T:d"]
    refused(g, Action("ranged", "ben", ((0,), "T:a")), "P. 26")
    refused(g, Action("ranged", "ben", ((0,), "T:e")), "P. 26")


def test_ranged_p10_needs_line_of_sight():
    """P. 10: "Actors cannot see diagonally"; P. 31 Woods/Corn block sight from outside."""
    g = sandbox(FIELD, {"ben": "T:a"}, ghouls={"T:f": {"walker": 1}, "T:w": {"walker": 1}, "T:x": {"walker": 1}},
                inventory={"ben": ["winchester_94"]})
    assert of(g, "ranged") == []


def test_ranged_p27_range_0_is_still_a_ranged_action_with_priority_and_friendly_fire():
    """P. 27: "Using a Ranged weapon at Range 0 is still a Ranged Action"; Targeting Priority applies
    "(even at Range 0)"; misses hit teammates in the target Zone, never the shooter (P. 28)."""
    g = sandbox(ROW, {"helen": "T:a", "harry": "T:a"}, ghouls={"T:a": {"fatty": 1, "walker": 1}},
                inventory={"helen": ["sawed_off"]})
    skill(g, "helen", "plus_1_free_ranged_action")
    rig_dice(g, [6, 1])
    g.apply(Action("ranged", "helen", ((0,), "T:a")))
    assert ghouls(g, "T:a") == (1, 0, 1, 0)  # Damage 1 hit absorbed by the Fatty
    assert g.state.survivors["harry"].wounds == 1 and g.state.survivors["helen"].wounds == 0
    assert g.state.survivors["helen"].free_spent == {"ranged": 1}  # a Ranged Action


def test_ranged_p27_shoot_through_occupied_zones_and_from_a_ghoul_zone():
    """P. 27: "Ignore any Actors in the Zones between the shooter and the target Zone ... A Survivor can
    even shoot at another Zone while there are Ghouls in their own Zone!\""""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:b"}, ghouls={"T:a": {"walker": 1}, "T:b": {"walker": 1},
                                                        "T:c": {"walker": 1}},
                inventory={"ben": ["winchester_94"]})
    rig_dice(g, [1])
    g.apply(Action("ranged", "ben", ((0,), "T:c")))
    assert g.state.survivors["tom"].wounds == 0 and ghouls(g, "T:b") == (1, 0, 0, 0)


def test_targeting_p27_fatty_first_then_the_shooter_chooses():
    """P. 27: "1 - Fatty 2 - Walker, Breaker, or Relative - the shooter chooses"."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"fatty": 1, "walker": 1, "breaker": 1}},
                inventory={"ben": ["ithaca_m37"]})
    rig_dice(g, [5, 5])
    g.apply(Action("ranged", "ben", ((0,), "T:b")))
    assert ghouls(g, "T:b") == (1, 1, 0, 0)
    assert sorted(g.pending.options) == ["breaker", "walker"]
    g.choose("walker")
    assert ghouls(g, "T:b") == (0, 1, 0, 0)


def test_melee_p26_free_allocation_even_with_a_fatty_present():
    """P. 26: "The player divides their hits as they wish"; P. 27 "REMEMBER: Targeting Priority Order
    doesn't apply to Melee Actions." Axe (Damage 2) may kill the Walker before the Fatty."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"fatty": 1, "walker": 1}}, inventory={"tom": ["axe"]})
    rig_dice(g, [6])
    g.apply(Action("melee", "tom", ((0,), False)))
    assert sorted(g.pending.options) == ["fatty", "walker"]
    g.choose("walker")
    assert ghouls(g, "T:a") == (0, 0, 1, 0)


# ------------------------------------------------------------------------------------------- Friendly Fire P. 28
def test_friendly_fire_p28_damage_2_weapon_deals_two_wounds():
    """P. 28: "apply Damage normally (Damage 2 weapons deal 2 Wounds, for example)"."""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:b"}, ghouls={"T:b": {"walker": 1}}, inventory={"ben": ["ithaca_m37"]})
    rig_dice(g, [6, 1])
    g.apply(Action("ranged", "ben", ((0,), "T:b")))
    assert g.state.survivors["tom"].wounds == 2


def test_friendly_fire_p28_the_player_assigns_the_misses():
    """P. 28: "Assign these Friendly Fire hits in any way you want"."""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:b", "judy": "T:b"}, ghouls={"T:b": {"fatty": 1}},
                inventory={"ben": ["winchester_94"]})
    rig_dice(g, [1])
    g.apply(Action("ranged", "ben", ((0,), "T:b")))
    assert g.pending.kind == "friendly_fire" and sorted(g.pending.options) == ["judy", "tom"]
    g.choose("judy")
    assert g.state.survivors["judy"].wounds == 1 and g.state.survivors["tom"].wounds == 0


def test_friendly_fire_p28_three_wounds_eliminate_and_lose_the_game():
    """P. 28 + P. 8: Friendly Fire Wounds are real; an eliminated starting Survivor loses the game."""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:b"}, ghouls={"T:b": {"walker": 1}}, inventory={"ben": ["ithaca_m37"]})
    g.state.survivors["tom"].wounds = 2
    g.touch()
    rig_dice(g, [1, 1])
    g.apply(Action("ranged", "ben", ((0,), "T:b")))
    assert g.state.result == "lost"


# ------------------------------------------------------------------------------------------- Re-roll P. 12
def test_plenty_of_bullets_p12_rerolls_once_the_whole_roll_and_not_shells_weapons():
    """P. 12: "The Plenty of Bullets card provides these weapons with useful re-rolls" (card: "re-roll
    once ... The new result replaces the previous one"). Only Bullets weapons; once per roll."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"walker": 3}}, inventory={"ben": ["uzi", "plenty_of_bullets"]})
    rig_dice(g, [6, 1, 1, 1, 1, 5])
    g.apply(Action("ranged", "ben", ((0,), "T:b")))
    g.choose("reroll")
    assert g.pending is None  # no second re-roll
    assert ghouls(g, "T:b") == (2, 0, 0, 0)  # new roll 1, 1, 5: one hit; the first roll's 6 is gone
    shells = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"walker": 3}},
                     inventory={"ben": ["sawed_off", "plenty_of_bullets"]})
    rig_dice(shells, [1, 1])
    shells.apply(Action("ranged", "ben", ((0,), "T:b")))
    assert shells.pending is None


# ------------------------------------------------------------------------------------------- Special P. 29-30
def test_molotov_p29_kills_every_actor_including_survivors_and_is_single_use():
    """P. 29: "discard an equipped Molotov and perform a Ranged Action aimed at an exterior Zone: All
    Actors in the targeted Zone are eliminated." A Survivor there is eliminated: the game is lost (P. 8)."""
    g = sandbox(ROW, {"helen": "T:a", "tom": "T:b"}, ghouls={"T:b": {"walker": 1, "fatty": 1}},
                inventory={"helen": ["molotov"]})
    uid = g.state.survivors["helen"].hands[0]
    g.apply(Action("molotov", "helen", (0, "T:b")))
    assert uid not in g.state.survivors["helen"].inventory()
    assert ghouls(g, "T:b") == (0, 0, 0, 0)
    assert not g.state.survivors["tom"].alive and g.state.result == "lost"


def test_molotov_p29_is_a_ranged_action_and_hit_and_run_follows_a_kill():
    """P. 29: the Molotov is "a Ranged Action"; P. 46 Hit & Run: "after they resolved a Melee or Ranged
    Action resulting in at least 1 Ghoul being eliminated"."""
    g = sandbox(ROW, {"helen": "T:a"}, ghouls={"T:b": {"walker": 2}}, inventory={"helen": ["molotov"]})
    skill(g, "helen", "hit_and_run")
    g.apply(Action("molotov", "helen", (0, "T:b")))
    assert of(g, "hit_and_run")


def test_mas_shotgun_p29_romero_cannot_use_it_at_all():
    """P. 29: "Survivors in Romero Mode cannot use Ma's Shotguns at all!\""""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:a": {"walker": 1}, "T:b": {"walker": 1}},
                inventory={"ben": ["mas_shotgun"]})
    refused(g, Action("melee", "ben", ((0,), False)), "P. 29")
    refused(g, Action("ranged", "ben", ((0,), "T:b")), "P. 29")


def test_combine_p29_is_free_and_permanent():
    """P. 29: "simply discard the required cards ... for free"; "Combining Equipment is permanent. The
    Special Equipment may not be reverted back to its previous components.\""""
    g = sandbox(ROW, {"ben": "T:a"}, inventory={"ben": ["winchester_94", "scope"]})
    g.apply(Action("combine", "ben", ("scoped_winchester",)))
    st = g.state
    assert [st.cards[u] for u in st.survivors["ben"].inventory()] == ["scoped_winchester"]
    assert st.survivors["ben"].spent == 0
    assert not [a for a in g.legal_actions() if a.kind == "combine"]


# ------------------------------------------------------------------------------------------- Car P. 20-21, 28
def car_game(**kw):
    return sandbox(ROW, kw.pop("where"), car="T:a", **kw)


def test_car_p20_get_in_only_without_ghouls_out_any_time():
    """P. 20: "gets in a Car in their Zone, only if there are no Ghouls in that Zone ... There are no
    restrictions to getting out of a Car." (Each is 1 Action: "At the cost of 1 Action".)"""
    g = car_game(where={"ben": "T:a"}, ghouls={"T:a": {"walker": 1}})
    refused(g, Action("car_in", "ben"), "P. 20")
    ok = car_game(where={"ben": "T:a"})
    ok.apply(Action("car_in", "ben"))
    ok.state.ghouls["T:a"] = (2, 0, 0, 0)
    ok.touch()
    ok.apply(Action("car_out", "ben"))
    assert not ok.state.survivors["ben"].in_car and ok.state.survivors["ben"].spent == 2


def test_car_p20_one_driver_and_up_to_five_passengers():
    """P. 20: "The Car can hold a single Driver, and up to 5 Passengers.\""""
    who = ["ben", "tom", "judy", "harry", "helen", "barbra"]
    g = car_game(where={x: "T:a" for x in who})
    st = g.state
    for x in who[:5]:
        st.survivors[x].in_car = True
    st.survivors["ben"].driver = True
    g.touch()
    for x in who[:5]:
        st.survivors[x].activated = True
    while st.active != "barbra":
        if st.active is None:
            g.apply(Action("activate", "barbra")) if Action("activate", "barbra") in g.legal_actions() \
                else g.apply(g.legal_actions()[0])
        else:
            g.apply(Action("do_nothing", st.active))
    g.apply(Action("car_in", "barbra"))  # the 5th Passenger
    assert st.survivors["barbra"].in_car and not st.survivors["barbra"].driver
    assert sum(s.driver for s in st.survivors.values()) == 1


def test_car_p21_change_seats_is_not_a_move():
    """P. 21: "Changing seats is not a Move Action, and does not depend on Move-related rules." (no extra
    cost for Ghouls in the Zone)."""
    g = car_game(where={"ben": "T:a", "tom": "T:a"})
    g.apply(Action("car_in", "ben"))
    g.state.ghouls["T:a"] = (3, 0, 0, 0)
    g.touch()
    g.apply(Action("car_seat", "ben"))
    assert g.state.survivors["ben"].spent == 2 and not g.state.survivors["ben"].driver


def test_car_p21_drive_one_or_two_exterior_zones_only_by_the_driver():
    """P. 21: "The Car can only be driven by the Driver ... 1 or 2 exterior Zones. The Car cannot be
    driven into interior Zones, Corn Fields, or Wood Zones.\""""
    g = sandbox(FIELD, {"ben": "T:a"}, car="T:a")
    g.apply(Action("car_in", "ben"))
    paths = {a.params[0] for a in of(g, "drive")}
    assert ("T:b",) in paths and ("T:b", "T:c") in paths
    assert not any(z in p for p in paths for z in ("T:w", "T:f"))
    assert ("T:b", "T:c", "T:x") not in paths
    h = sandbox(HOUSE, {"ben": "T:a"}, car="T:a")
    h.apply(Action("car_in", "ben"))
    assert of(h, "drive") == []


def test_car_p21_passenger_cannot_drive():
    """P. 21: "The Car can only be driven by the Driver"."""
    g = car_game(where={"ben": "T:a", "tom": "T:a"})
    g.apply(Action("car_in", "ben"))
    g.apply(Action("do_nothing", "ben"))
    g.apply(Action("car_in", "tom"))
    refused(g, Action("drive", "tom", (("T:b",),)), "P. 20-21")


def test_car_p21_drive_ignores_ghouls_attacks_each_zone_entered_not_the_start():
    """P. 21: "the Car can leave or go through Zones with Ghouls without spending extra Actions or stopping.
    Perform a Car Attack in each Zone the Car enters (thus excluding the starting Zone)"; XP to the Driver."""
    g = car_game(where={"ben": "T:a"})
    g.apply(Action("car_in", "ben"))
    g.state.ghouls["T:a"] = (1, 0, 0, 0)
    g.state.ghouls["T:b"] = (1, 0, 0, 0)
    g.state.ghouls["T:c"] = (1, 0, 0, 0)
    g.touch()
    rig_dice(g, [6, 1, 1, 6, 1, 1])
    g.apply(Action("drive", "ben", (("T:b", "T:c"),)))
    ben = g.state.survivors["ben"]
    assert ben.zone == "T:c" and ben.spent == 2
    assert ghouls(g, "T:a") == (1, 0, 0, 0) and ghouls(g, "T:b") == (0, 0, 0, 0) and ghouls(g, "T:c") == (0, 0, 0, 0)
    assert ben.xp_total == 2
    assert len([e for e in g.events if e.kind == "attack"]) == 2


def test_car_p21_p28_priority_friendly_fire_on_pedestrians_only_skills_do_not_apply():
    """P. 21: "Targeting Priority Order (P.27) applies"; "Car Attacks may cause Friendly Fire to
    Survivors outside of the Car"; "the Survivor's Skills don't apply to the Car"."""
    g = car_game(where={"ben": "T:a", "tom": "T:a", "judy": "T:b"}, ghouls={"T:b": {"walker": 1, "fatty": 1}})
    skill(g, "ben", "plus_1_die_combat", "plus_1_to_dice_roll_combat", "sniper")
    g.state.survivors["tom"].in_car = True  # a Passenger already seated
    g.touch()
    g.apply(Action("car_in", "ben"))
    assert g.state.survivors["ben"].driver
    rig_dice(g, [6, 4, 3, 6])  # Car: 3 dice, 4+, Damage 2 -> 2 hits, 1 miss (+1 to roll would hit)
    g.apply(Action("drive", "ben", (("T:b",),)))
    assert ghouls(g, "T:b") == (0, 0, 0, 0)
    assert g.state.rigged == [6]  # no +1 die
    st = g.state.survivors
    assert st["judy"].wounds == 2  # the miss, Damage 2, on the pedestrian
    assert st["tom"].wounds == 0 and st["ben"].wounds == 0


def test_car_p21_no_attack_in_a_zone_with_pedestrians_only():
    """P. 21: "No Car Attack occurs if the Car crosses a Zone with pedestrian Survivors only.\""""
    g = car_game(where={"ben": "T:a", "tom": "T:b"})
    g.apply(Action("car_in", "ben"))
    g.apply(Action("drive", "ben", (("T:b",),)))
    assert g.state.survivors["tom"].wounds == 0
    assert not [e for e in g.events if e.kind == "attack"]


def test_car_p28_car_attacks_are_not_combat_actions_no_hit_and_run():
    """P. 28: "Car Attacks are not combat actions." — Hit & Run needs a Melee or Ranged Action (P. 46)."""
    g = car_game(where={"ben": "T:a"}, ghouls={"T:b": {"walker": 1}})
    skill(g, "ben", "hit_and_run")
    g.apply(Action("car_in", "ben"))
    rig_dice(g, [6, 6, 6])
    g.apply(Action("drive", "ben", (("T:b",),)))
    assert ghouls(g, "T:b") == (0, 0, 0, 0)
    assert not of(g, "hit_and_run")


def test_car_p20_get_in_as_a_passenger_even_with_the_drivers_seat_empty():
    """P. 20: "Set the Survivor's miniature either on the Driver's seat, if it is empty, or on the Car token
    as a Passenger." Both are offered; the Driver's seat only when it is empty."""
    g = car_game(where={"ben": "T:a", "tom": "T:a"}, options={"players": [["ben", "tom"]]})
    g.apply(Action("activate", "ben"))
    assert {a.params for a in of(g, "car_in")} == {(), ("passenger",)}
    g.apply(Action("car_in", "ben", ("passenger",)))
    assert g.state.survivors["ben"].in_car and not g.state.survivors["ben"].driver
    g.apply(Action("do_nothing", "ben"))
    g.apply(Action("car_in", "tom"))
    assert g.state.survivors["tom"].driver
    assert of(g, "drive")


def test_car_p20_no_passenger_option_once_there_is_a_driver():
    """P. 20: the Driver's seat is taken only "if it is empty"."""
    g = car_game(where={"ben": "T:a", "tom": "T:a"})
    g.state.survivors["tom"].in_car = g.state.survivors["tom"].driver = True
    g.touch()
    assert [a.params for a in of(g, "car_in")] == [()]
    g.apply(Action("car_in", "ben"))
    assert not g.state.survivors["ben"].driver


def test_car_p20_a_survivor_in_a_car_can_still_be_attacked():
    """P. 20: "A Survivor sitting in a Car can still be attacked normally, as if the Survivor was just
    standing in the Zone." (Ghouls' Phase, P. 22)."""
    g = car_game(where={"ben": "T:a"})
    g.apply(Action("car_in", "ben"))
    g.state.ghouls["T:a"] = (1, 0, 0, 0)
    g.touch()
    g.apply(Action("do_nothing", "ben"))
    g.run_until("round")
    assert g.state.survivors["ben"].wounds == 1 and g.state.survivors["ben"].in_car


def test_combine_p29_molotov_uses_up_both_components():
    """P. 29: "FLAMMABLE FLUID + MASON JAR = MOLOTOV" (only the Torch keeps the fluid, P. 30)."""
    g = sandbox(ROW, {"ben": "T:a"}, inventory={"ben": ["flammable_fluid", "mason_jar"]})
    g.apply(Action("combine", "ben", ("molotov",)))
    st = g.state
    assert [st.cards[u] for u in st.survivors["ben"].inventory()] == ["molotov"]


def test_combine_p29_inventory_may_be_reorganized_for_free_afterwards():
    """P. 29: "take the corresponding Special Equipment card. Your Survivor's inventory may be reorganized
    for free." Hands full, Winchester 94 and Scope in the Backpack: the Scoped Winchester goes to a Hand
    without spending an Action."""
    g = sandbox(ROW, {"ben": "T:a"}, inventory={"ben": ["katana", "axe", "winchester_94", "scope"]})
    g.apply(Action("combine", "ben", ("scoped_winchester",)))
    assert g.pending is not None and g.pending.kind == "layout" and g.pending.options[0] == ["as_is"]
    st = g.state
    sw = next(u for u in st.survivors["ben"].backpack if st.cards[u] == "scoped_winchester")
    katana = st.survivors["ben"].hands[0]
    g.choose([sw, katana])
    assert st.survivors["ben"].hands == [sw, katana] and st.survivors["ben"].spent == 0


def test_molotov_p29_p31_a_corn_field_is_an_exterior_zone():
    """P. 29: a Molotov is "aimed at an exterior Zone"; P. 31: "many game tiles feature Corn Fields as
    exterior Zones". With Hawk-eye (Line of Sight into an adjacent Corn Field, P. 46) the Corn Field may be
    set on fire; without Line of Sight it may not."""
    g = sandbox(FIELD, {"ben": "T:b"}, ghouls={"T:f": {"walker": 2}}, inventory={"ben": ["molotov"]})
    refused(g, Action("molotov", "ben", (0, "T:f")), "P. 29")
    skill(g, "ben", "hawk_eye")
    g.apply(Action("molotov", "ben", (0, "T:f")))
    assert ghouls(g, "T:f") == (0, 0, 0, 0)


def test_identical_weapons_are_listed_once_and_the_refusal_says_so():
    """P. 16: two identical cards are interchangeable; the action is listed once (Hand 0) and the other
    Hand is refused with the reason, the state unchanged."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 2}}, inventory={"tom": ["katana", "katana"]})
    assert [a.params for a in of(g, "melee")] == [((0,), False)]
    refused(g, Action("melee", "tom", ((1,), False)), "listed once")
