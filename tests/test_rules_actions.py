"""Players' Phase actions, inventory, combat traits and Skills on hand-made boards
(P. 16, 18-21, 26-29, 46). Expected values come from the rulebook text, not from the engine."""
from __future__ import annotations

import pytest

from nollab.board import board_from_grid
from nollab.rules import IllegalAction
from nollab.rules.engine.actions import Action
from nollab.rules.sandbox import rig_dice, sandbox

from support import kinds, skill
from support import settle_layout as settle

ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})
HOUSE = board_from_grid("aKL", {"a": "exterior", "K": "interior", "L": "interior"},
                        openings=[("dK", "r1c1-r1c2", "door", True), ("bL", "r1c2-r1c3", "barricade", False)])


# ---------------------------------------------------------------- search, doors, barricades
def test_search_only_inside_without_ghouls_once_per_turn_house_deck_in_romero():
    """P. 18: "only Search in interior Zones and only if there are no Ghouls"; "a single Search Action per Turn";
    Romero: "only ... the House Equipment deck"."""
    g = sandbox(HOUSE, {"judy": "T:K"})
    searches = [a for a in g.legal_actions() if a.kind == "search"]
    assert searches == [Action("search", "judy", ("house",))]  # P. 18 Romero: House deck only
    g.apply(searches[0])
    g.choose(["discard"])
    assert "search" not in kinds(g)  # once per Turn
    out = sandbox(HOUSE, {"judy": "T:a"})
    assert "search" not in kinds(out)  # exterior
    busy = sandbox(HOUSE, {"judy": "T:K"}, ghouls={"T:K": {"walker": 1}})
    assert "search" not in kinds(busy)


def test_zombicide_mode_may_search_ranged_and_melee_decks():
    """P. 18: "Survivors in Zombicide Mode can draw from the Ranged, Melee, or House Equipment decks.\""""
    g = sandbox(HOUSE, {"judy": "T:K"}, modes={"judy": "zombicide"})
    assert {a.params[0] for a in g.legal_actions() if a.kind == "search"} == {"house", "melee", "ranged"}


def test_searched_card_can_be_kept_in_hand_moving_the_old_card_to_the_backpack():
    """P. 18: "place it in their Survivor's inventory, reorganizing it for free"."""
    g = sandbox(HOUSE, {"judy": "T:K"}, inventory={"judy": ["table_leg", "crowbar"]})
    g.apply(Action("search", "judy", ("house",)))
    ch = g.pending
    assert ch.kind == "keep" and ["discard"] in ch.options and ["hand", 0] in ch.options
    card = ch.data["card"]
    g.choose(["hand", 0])
    assert g.pending.kind == "layout" and g.pending.options[0] == ["as_is"]  # then any arrangement, free
    g.choose(["as_is"])
    assert g.pending is None
    judy = g.state.survivors["judy"]
    assert judy.hands[0] == card and len(judy.backpack) == 1


def _uid(g, sid: str, card: str) -> int:
    return next(u for u in g.state.survivors[sid].inventory() if g.state.cards[u] == card)


def test_searched_card_is_placed_with_a_free_reorganisation_of_the_whole_inventory():
    """P. 18: "They may then either place it in their Survivor's inventory, reorganizing it for free, or
    immediately discard it." After keeping the card, any arrangement of all the cards is one free
    decision: here the card found goes to Hand 2, the Table Leg to the Backpack, the Crowbar stays in
    Hand 1 -- and the Search's single Action is all the Turn has spent (no Reorganize Action)."""
    g = sandbox(HOUSE, {"judy": "T:K"}, inventory={"judy": ["crowbar", "table_leg"]})
    left = g.actions_left("judy")
    g.apply(Action("search", "judy", ("house",)))
    card = g.pending.data["card"]
    g.choose(["keep"])  # no free Hand: the first free slot is the Backpack
    judy = g.state.survivors["judy"]
    assert judy.backpack == [card]
    crowbar, leg = _uid(g, "judy", "crowbar"), _uid(g, "judy", "table_leg")
    assert [crowbar, card] in g.pending.options
    g.choose([crowbar, card])
    assert g.pending is None
    assert judy.hands == [crowbar, card] and judy.backpack == [leg]
    assert g.actions_left("judy") == left - 1
    assert any(e.kind == "reorganize" and e.page == "P. 18" for e in g.events)


def test_a_full_inventory_keeps_the_card_by_discarding_one_then_reorganizes_for_free():
    """P. 16 "can carry up to 5 Equipment cards" + P. 18: with 5 cards, keeping the card found means
    discarding one; the inventory is then arranged for free."""
    five = ["crowbar", "table_leg", "claw_hammer", "tire_iron", "baseball_bat"]
    g = sandbox(HOUSE, {"judy": "T:K"}, inventory={"judy": five})
    g.apply(Action("search", "judy", ("house",)))
    card = g.pending.data["card"]
    assert ["keep"] not in g.pending.options
    bat = _uid(g, "judy", "baseball_bat")
    g.choose(["swap", bat])
    assert g.pending.kind == "layout"
    hammer = _uid(g, "judy", "claw_hammer")
    g.choose([card, hammer])
    judy = g.state.survivors["judy"]
    assert judy.hands == [card, hammer] and len(judy.backpack) == 3 and bat not in judy.inventory()


def test_door_action_needs_a_zone_without_ghouls():
    """P. 18: "opens or closes a door in their Zone, and only if there are no Ghouls in that Zone"."""
    g = sandbox(HOUSE, {"judy": "T:K"})
    assert Action("door", "judy", ("dK", "close")) in g.legal_actions()
    g.apply(Action("door", "judy", ("dK", "close")))
    assert g.state.opening_open["dK"] is False
    busy = sandbox(HOUSE, {"judy": "T:K"}, ghouls={"T:K": {"walker": 1}})
    with pytest.raises(IllegalAction, match="P. 18"):
        busy.apply(Action("door", "judy", ("dK", "close")))


def test_barricade_opening_needs_an_equipped_barricade_opening_weapon():
    """P. 19: open a closed Barricade only with a weapon with the Barricade Opening symbol."""
    g = sandbox(HOUSE, {"tom": "T:K"}, inventory={"tom": ["table_leg"]})
    assert Action("barricade", "tom", ("bL", "open")) not in g.legal_actions()
    g2 = sandbox(HOUSE, {"tom": "T:K"}, inventory={"tom": ["claw_hammer"]})
    g2.apply(Action("barricade", "tom", ("bL", "open")))
    assert g2.state.opening_open["bL"] is True
    g2.apply(Action("barricade", "tom", ("bL", "close")))  # closing needs nothing
    assert g2.state.opening_open["bL"] is False


# ---------------------------------------------------------------- inventory, trade, reload
def test_trade_moves_cards_both_ways_for_one_action():
    """P. 19: "simultaneously exchange any number of cards with 1 (and only 1) other Survivor"."""
    g = sandbox(ROW, {"ben": "T:a", "barbra": "T:a"}, inventory={"ben": ["katana"], "barbra": ["axe"]})
    g.apply(Action("trade", "ben", ("barbra",)))
    katana = g.state.survivors["ben"].hands[0]
    axe = g.state.survivors["barbra"].hands[0]
    g.choose(["give", katana])
    g.choose(["take", axe])
    g.choose(["done"])
    assert g.pending.kind == "layout" and g.pending.survivor == "ben"  # free reorganisation (P. 19)
    assert g.pending.options[0] == ["as_is"]
    settle(g)
    assert g.state.survivors["ben"].inventory() == [axe]
    assert g.state.survivors["barbra"].inventory() == [katana]
    assert g.state.survivors["ben"].spent == 1


def test_reload_weapon_fires_once_per_round_until_reloaded_even_after_a_trade():
    """P. 28: fired Reload weapons need an Action; a fired weapon traded stays unreloaded."""
    g = sandbox(ROW, {"helen": "T:a", "harry": "T:a"}, ghouls={"T:b": {"fatty": 5}},
                inventory={"helen": ["sawed_off"]})
    rig_dice(g, [1, 1])
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert "ranged" not in kinds(g)
    uid = g.state.survivors["helen"].hands[0]
    g.apply(Action("trade", "helen", ("harry",)))
    g.choose(["give", uid])
    g.choose(["done"])
    settle(g)
    assert uid in g.state.fired
    g.apply(Action("do_nothing", "helen"))
    assert g.state.active == "harry"
    assert "ranged" not in kinds(g)
    g.apply(Action("reload", "harry", ((uid,),)))
    assert "ranged" in kinds(g)


def test_combining_a_torch_keeps_the_flammable_fluid():
    """P. 30: TABLE LEG + FLAMMABLE FLUID = TORCH + FLAMMABLE FLUID (free)."""
    g = sandbox(ROW, {"tom": "T:a"}, inventory={"tom": ["table_leg", "flammable_fluid"]})
    g.apply(Action("combine", "tom", ("torch",)))
    names = sorted(g.state.cards[u] for u in g.state.survivors["tom"].inventory())
    assert names == ["flammable_fluid", "torch"]
    assert g.state.survivors["tom"].spent == 0


def test_mas_shotgun_cannot_be_used_in_romero_mode_and_is_dual_in_zombicide():
    """P. 29: only Survivors in Zombicide Mode may perform Combat Actions with Ma's Shotgun."""
    romero = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:a": {"walker": 2}}, inventory={"ben": ["mas_shotgun", "mas_shotgun"]})
    assert not kinds(romero) & {"melee", "ranged"}
    z = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:a": {"walker": 2}}, inventory={"ben": ["mas_shotgun", "mas_shotgun"]},
                modes={"ben": "zombicide"})
    assert Action("melee", "ben", ((0, 1), False)) in z.legal_actions()
    assert Action("ranged", "ben", ((0, 1), "T:a")) in z.legal_actions()


def test_plenty_of_shells_offers_a_whole_reroll_that_replaces_the_roll():
    """P. 12/16: Plenty of Shells ("May be used in the Backpack") re-rolls; "The new result replaces the previous
    one.\""""
    g = sandbox(ROW, {"helen": "T:a"}, ghouls={"T:b": {"walker": 2}},
                inventory={"helen": ["sawed_off", "plenty_of_shells"]})
    rig_dice(g, [1, 2, 6, 6])
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert g.pending.kind == "reroll"
    g.choose("reroll")
    assert "T:b" not in g.state.ghouls  # the second roll (6, 6) replaced the first


def test_sniper_weapon_chooses_targets_and_never_causes_friendly_fire():
    """P. 28: Sniper ignores Targeting Priority and cancels Friendly Fire."""
    g = sandbox(ROW, {"helen": "T:a", "harry": "T:b"}, ghouls={"T:b": {"fatty": 1, "walker": 1}},
                inventory={"helen": ["scoped_winchester"]})
    rig_dice(g, [1])
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert g.state.survivors["harry"].wounds == 0
    g2 = sandbox(ROW, {"helen": "T:a"}, ghouls={"T:b": {"fatty": 1, "walker": 1}},
                 inventory={"helen": ["scoped_winchester"]})
    rig_dice(g2, [6])
    g2.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert g2.state.ghouls["T:b"] == (0, 0, 1, 0)  # Walker shot past the Fatty (only it is killable)


def test_damage_1_ranged_hits_are_absorbed_by_a_fatty():
    """P. 27 note: Fatties protect Walkers from Damage 1 Ranged Actions."""
    g = sandbox(ROW, {"helen": "T:a"}, ghouls={"T:b": {"fatty": 1, "walker": 2}}, inventory={"helen": ["sawed_off"]})
    rig_dice(g, [6, 6])
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert g.state.ghouls["T:b"] == (2, 0, 1, 0)


def test_molotov_exterior_only_kills_every_actor_and_gives_xp():
    """P. 29: "aimed at an exterior Zone ... All Actors in the targeted Zone are eliminated"; P. 17: 1 XP each."""
    g = sandbox(HOUSE, {"tom": "T:K"}, ghouls={"T:a": {"walker": 2, "fatty": 1}}, inventory={"tom": ["molotov"]})
    assert Action("molotov", "tom", (0, "T:a")) in g.legal_actions()
    g.apply(Action("molotov", "tom", (0, "T:a")))
    assert "T:a" not in g.state.ghouls
    assert g.state.survivors["tom"].xp_total == 3
    inside = sandbox(HOUSE, {"tom": "T:a"}, ghouls={"T:K": {"walker": 1}}, inventory={"tom": ["molotov"]})
    assert "molotov" not in kinds(inside)  # P. 29: exterior Zones only


# ---------------------------------------------------------------- skills (P. 46)
def test_slippery_leaves_a_ghoul_zone_for_one_action():
    """P. 46: Slippery "does not spend extra Actions when they perform a Move Action out of a Zone containing
    Ghouls"."""
    g = sandbox(ROW, {"barbra": "T:a"}, ghouls={"T:a": {"walker": 3}})
    skill(g, "barbra", "slippery")
    g.apply(Action("move", "barbra", ("T:b",)))
    assert g.state.survivors["barbra"].spent == 1


def test_plus_one_free_move_action_is_spent_first():
    """P. 46: "+1 free Move Action ... may only be used to perform an Action of the specified type"."""
    g = sandbox(ROW, {"barbra": "T:a"})
    skill(g, "barbra", "plus_1_free_move_action")
    g.apply(Action("move", "barbra", ("T:b",)))
    assert g.state.survivors["barbra"].spent == 0
    g.apply(Action("move", "barbra", ("T:c",)))
    assert g.state.survivors["barbra"].spent == 1


def test_plus_one_action_gives_four_actions():
    """P. 46: "+1 Action – The Survivor has an extra Action they may use as they please.\""""
    g = sandbox(ROW, {"barbra": "T:a"})
    skill(g, "barbra", "plus_1_action")
    for z in ("T:b", "T:c", "T:d", "T:c"):
        g.apply(Action("move", "barbra", (z,)))
    assert g.state.active is None or g.state.active != "barbra" or g.state.survivors["barbra"].done


def test_hit_and_run_free_move_after_a_kill_ignores_ghouls():
    """P. 46: Hit & Run "does not spend extra Actions to perform this free Move Action if Ghouls are standing in
    their Zone"."""
    g = sandbox(ROW, {"harry": "T:a"}, ghouls={"T:a": {"walker": 2}}, inventory={"harry": ["katana"]})
    skill(g, "harry", "hit_and_run")
    rig_dice(g, [6, 1])
    g.apply(Action("melee", "harry", ((0,), False)))
    assert Action("hit_and_run", "harry", ("T:b",)) in g.legal_actions()
    g.apply(Action("hit_and_run", "harry", ("T:b",)))
    assert g.state.survivors["harry"].zone == "T:b" and g.state.survivors["harry"].spent == 1


def test_bloodlust_moves_up_to_two_zones_into_ghouls_then_a_free_melee():
    """P. 46: Bloodlust "Move up to 2 Zones to a Zone containing at least 1 Ghoul. They then gain 1 free Melee
    Action.\""""
    g = sandbox(ROW, {"harry": "T:a"}, ghouls={"T:c": {"walker": 1}}, inventory={"harry": ["katana"]})
    skill(g, "harry", "bloodlust_melee")
    g.apply(Action("bloodlust", "harry", (("T:b", "T:c"),)))
    h = g.state.survivors["harry"]
    assert h.zone == "T:c" and h.spent == 1
    rig_dice(g, [6, 6])
    g.apply(Action("melee", "harry", ((0,), False)))
    assert h.spent == 1 and "T:c" not in g.state.ghouls  # the Melee was free
    assert "bloodlust" not in kinds(g)  # once per Turn


def test_shove_pushes_every_ghoul_of_the_zone_for_free():
    """P. 46: Shove "for free ... All Ghouls standing in your Survivor's Zone are pushed to the selected Zone"."""
    g = sandbox(ROW, {"tom": "T:b"}, ghouls={"T:b": {"walker": 2, "fatty": 1}})
    skill(g, "tom", "shove")
    g.apply(Action("shove", "tom", ("T:c",)))
    assert "T:b" not in g.state.ghouls and g.state.ghouls["T:c"] == (2, 0, 1, 0)
    assert g.state.survivors["tom"].spent == 0 and "shove" not in kinds(g)


def test_taunt_gives_the_zone_an_extra_activation_toward_the_taunter():
    """P. 46: Taunt "All Ghouls standing in the selected Zone immediately gain an extra Activation ... ignore all
    other Survivors"."""
    g = sandbox(ROW, {"harry": "T:a", "tom": "T:d"}, ghouls={"T:c": {"walker": 2}})
    skill(g, "harry", "taunt")
    g.apply(Action("taunt", "harry", ("T:c",)))
    while g.needs() == "step":
        g.step()
    assert g.state.ghouls == {"T:b": (2, 0, 0, 0)}  # toward Harry, ignoring Tom's zone


def test_barbarian_rolls_one_die_per_ghoul_in_the_zone():
    """P. 46: Barbarian "substitute the Dice number ... with the number of Ghouls standing in their Zone"."""
    g = sandbox(ROW, {"barbra": "T:a"}, ghouls={"T:a": {"walker": 4}}, inventory={"barbra": ["table_leg"]})
    skill(g, "barbra", "barbarian")
    g.apply(Action("melee", "barbra", ((0,), True)))
    assert [e for e in g.events if e.kind == "attack"][-1].data["dice"] == 4


def test_ambidextrous_dual_with_two_identical_weapons_and_plus_one_die_per_weapon():
    """P. 46: Ambidextrous "treats all weapons as if they had the Dual symbol"; "+2 dice per Dual Action"."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"walker": 6}}, inventory={"ben": ["sw_model_10", "sw_model_10"]})
    assert Action("ranged", "ben", ((0, 1), "T:b")) not in g.legal_actions()
    skill(g, "ben", "ambidextrous", "plus_1_die_ranged")
    g.apply(Action("ranged", "ben", ((0, 1), "T:b")))
    assert [e for e in g.events if e.kind == "attack"][-1].data["dice"] == 4  # (1 + 1) x 2


def test_plus_one_to_dice_roll_caps_at_six():
    """P. 46: "+1 to dice roll ... adds 1 to the result of each die ... The maximum result is always 6.\""""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"walker": 2}}, inventory={"ben": ["uzi"]})
    skill(g, "ben", "plus_1_to_dice_roll_ranged")
    rig_dice(g, [4, 4, 3])  # Uzi 5+: 4+1 hits twice, 3+1 misses
    g.apply(Action("ranged", "ben", ((0,), "T:b")))
    assert "T:b" not in g.state.ghouls


# ---------------------------------------------------------------- car (P. 20-21, 28)
def test_car_get_in_drive_attack_and_xp_to_the_driver():
    """P. 21: Car Attack in each Zone entered with Ghouls; "Killing Ghouls this way earns the Driver the
    corresponding Experience Points"."""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:c"}, ghouls={"T:b": {"walker": 1}}, car="T:a")
    g.apply(Action("car_in", "ben"))
    assert g.state.survivors["ben"].driver
    rig_dice(g, [6, 6, 6])
    g.apply(Action("drive", "ben", (("T:b", "T:c"),)))
    assert "T:b" not in g.state.ghouls
    assert g.state.car["zone"] == "T:c" and g.state.survivors["ben"].zone == "T:c"
    assert g.state.survivors["ben"].xp_total == 1
    assert g.state.survivors["tom"].wounds == 0  # no Car Attack in a Zone with pedestrians only


def test_cannot_get_in_a_car_in_a_zone_with_ghouls():
    """P. 20: "gets in a Car in their Zone, only if there are no Ghouls in that Zone"."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:a": {"walker": 1}}, car="T:a")
    assert "car_in" not in kinds(g)


def test_change_seats_swaps_with_the_driver():
    """P. 21: "The Survivor becomes either the Driver or a Passenger. Swap the Survivor miniatures"."""
    g = sandbox(ROW, {"ben": "T:a", "barbra": "T:a"}, car="T:a", options={"players": [["ben", "barbra"]]})
    assert {a.kind for a in g.legal_actions()} == {"activate"}  # one player, two Survivors: pick one
    g.apply(Action("activate", "ben"))
    g.apply(Action("car_in", "ben"))
    g.apply(Action("do_nothing", "ben"))
    assert g.state.active == "barbra"  # the last Survivor of the player is activated at once
    g.apply(Action("car_in", "barbra"))
    assert not g.state.survivors["barbra"].driver
    g.apply(Action("car_seat", "barbra"))
    assert g.state.survivors["barbra"].driver and not g.state.survivors["ben"].driver


def test_molotov_may_move_a_spawn_token_but_not_the_last_spawn_zone():
    """P. 29: "Any Ghoul Spawn token ... may be moved to another Spawn Zone. This effect cannot be performed if
    there is a single Spawn Zone remaining.\""""
    g = sandbox(HOUSE, {"tom": "T:K"}, ghouls={"T:a": {"walker": 1}}, inventory={"tom": ["molotov"]},
                spawns=[("T:a", "white")])
    g.apply(Action("molotov", "tom", (0, "T:a")))
    assert g.pending is None  # a single Spawn Zone: the token stays (P. 29)
    two = board_from_grid("abK", {"a": "exterior", "b": "exterior", "K": "interior"},
                          openings=[("d", "r1c2-r1c3", "door", True)])
    g = sandbox(two, {"tom": "T:K"}, ghouls={"T:b": {"walker": 1}}, inventory={"tom": ["molotov"]},
                spawns=[("T:a", "white"), ("T:b", "red")])
    g.apply(Action("molotov", "tom", (0, "T:b")))
    assert g.pending.kind == "molotov_spawn" and g.pending.options == ["stay", "T:a"]
    g.choose("T:a")
    assert g.state.spawns == [["T:a", "white"], ["T:a", "red"]]


def test_a_skill_gained_mid_turn_is_usable_at_once():
    """P. 46: "if an Action causes a Survivor to level up ... that Skill may be used immediately"."""
    g = sandbox(ROW, {"barbra": "T:a"}, modes={"barbra": "zombicide"}, xp={"barbra": 6},
                ghouls={"T:a": {"walker": 1}}, inventory={"barbra": ["katana"]})
    rig_dice(g, [6, 6])
    g.apply(Action("melee", "barbra", ((0,), False)))
    b = g.state.survivors["barbra"]
    assert b.xp_total == 7 and [1, 0] in b.slots  # Yellow: +1 Action (Zombicide side)
    from nollab.rules.players import action_budget
    assert action_budget.general_left(g._ctx(), b) == 3  # 3 + 1 - 1 spent
