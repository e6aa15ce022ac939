"""Independent audit of the Players' side, part 1: Setup (P. 6-7), Move (P. 11, 18), Search (P. 18),
Door (P. 18), Barricade (P. 19), Reorganize/Trade (P. 19), Inventory (P. 16), Do Nothing (P. 20).

One test per rule, named after it; each docstring quotes the page. Expected values are read from
the rulebook text, never computed with the engine.
"""
from __future__ import annotations

from collections import Counter

import pytest

from nollab.board import board_from_grid
from nollab.rules.engine.actions import Action
from nollab.rules.game import Game
from nollab.rules.sandbox import sandbox

from support import kinds, of, refused, skill

ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})
SQUARE = board_from_grid("ab\ncd", {k: "exterior" for k in "abcd"})
HOUSE = board_from_grid("aKL", {"a": "exterior", "K": "interior", "L": "interior"},
                        openings=[("dK", "r1c1-r1c2", "door", True), ("bL", "r1c2-r1c3", "barricade", False)])
STAIRS = board_from_grid("KL", {"K": "interior", "L": "interior"}, openings=[("sKL", "r1c1-r1c2", "stairs", False)])
ROOMS = board_from_grid("KLM", {"K": "interior", "L": "interior", "M": "interior"},
                        openings=[("dKL", "r1c1-r1c2", "door", True), ("bLM", "r1c2-r1c3", "barricade", True)])


# ------------------------------------------------------------------------------------------- Setup P. 6-7
STARTING = Counter({"claw_hammer": 1, "crowbar": 1, "table_leg": 3, "tire_iron": 1, "winchester_94": 1})


def _starting_cards(g):
    st = g.state
    return {sid: [st.cards[u] for u in s.inventory() if st.origin[u] == "starting"] for sid, s in st.survivors.items()}


@pytest.mark.parametrize("seed", range(6))
def test_setup_p7_starting_equipment_dealt_with_the_table_leg_rule_and_w94_first_player(seed):
    """P. 7: "Take all the Starting Equipment cards except 1 Table Leg, then distribute them randomly
    among the Survivors. Each Survivor starts the game with at least 1 card. The Survivor receiving the
    Winchester 94 also gets the Table Leg card that was set aside." Step 11: "The player that has the
    Winchester 94 ... is the first player." (S2 has no Starting Equipment exception.)"""
    g = Game.new("S2", seed=seed)
    dealt = _starting_cards(g)
    assert sum((Counter(v) for v in dealt.values()), Counter()) == STARTING
    assert all(len(v) >= 1 for v in dealt.values())
    holder = next(sid for sid, v in dealt.items() if "winchester_94" in v)
    assert dealt[holder].count("table_leg") >= 1  # the set-aside Table Leg
    others = sum(v.count("table_leg") for sid, v in dealt.items() if sid != holder)
    assert others + dealt[holder].count("table_leg") == 3
    first = g.state.players[g.state.first_player]
    assert holder in first
    for s in g.state.survivors.values():
        assert (s.xp, s.wounds) == (0, 0)  # P. 7 step 10


def test_setup_p7_the_deal_is_random_every_survivor_can_get_the_w94():
    """P. 7: "distribute them randomly among the Survivors"."""
    holders = set()
    for seed in range(40):
        dealt = _starting_cards(Game.new("S2", seed=seed))
        holders.add(next(sid for sid, v in dealt.items() if "winchester_94" in v))
    assert len(holders) == 6


def test_setup_p7_fewer_survivors_each_still_get_at_least_one_card():
    """P. 7: "Each Survivor starts the game with at least 1 card" (6 cards dealt to 4 Survivors)."""
    g = Game.new("S2", seed=3, survivors=["ben", "barbra", "tom", "judy"])
    dealt = _starting_cards(g)
    assert sum((Counter(v) for v in dealt.values()), Counter()) == STARTING
    assert all(len(v) >= 1 for v in dealt.values())


def test_setup_p33_s1_w94_put_aside_and_a_table_leg_dealt_instead():
    """S1 (P. 33): "The Winchester 94 is put aside from the Starting Equipment, and a Table Leg is dealt
    instead." The W94 is nobody's Starting card; 6 cards, 1 each."""
    g = Game.new("S1", seed=5)
    dealt = _starting_cards(g)
    allc = sum((Counter(v) for v in dealt.values()), Counter())
    assert allc["winchester_94"] == 0 and allc["table_leg"] == 3
    assert sorted(len(v) for v in dealt.values()) == [1] * 6
    assert [g.state.cards[u] for u in g.state.aside["w94"]] == ["winchester_94"]
    first = g.state.players[g.state.first_player]
    assert any("table_leg" in dealt[x] for x in first)  # docs/rulings.md "first player in Scene 1"


# ------------------------------------------------------------------------------------------- Move P. 11, 18
def test_move_p18_one_action_per_zone_without_ghouls():
    """P. 18: "The Survivor moves from one Zone to the next" (1 Action)."""
    g = sandbox(ROW, {"ben": "T:a"})
    g.apply(Action("move", "ben", ("T:b",)))
    assert g.state.survivors["ben"].spent == 1 and g.state.survivors["ben"].zone == "T:b"


def test_move_p18_extra_action_per_ghoul_counts_every_type():
    """P. 18: "1 additional Action per Ghoul standing in the Zone" — a Fatty and a Breaker: 1 + 2."""
    g = sandbox(ROW, {"ben": "T:b"}, ghouls={"T:b": {"fatty": 1, "breaker": 1}})
    g.apply(Action("move", "ben", ("T:c",)))
    assert g.state.survivors["ben"].spent == 3


def test_move_p18_entering_a_ghoul_zone_costs_nothing_extra():
    """P. 18: the extra cost is for "the Zone they're attempting to leave" only."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"walker": 3}})
    g.apply(Action("move", "ben", ("T:b",)))
    assert g.state.survivors["ben"].spent == 1


def test_move_p11_no_diagonal_move():
    """P. 11: "Corners do not count. This means Actors cannot make diagonal movements.\""""
    g = sandbox(SQUARE, {"ben": "T:a"})
    assert sorted(a.params[0] for a in of(g, "move")) == ["T:b", "T:c"]
    refused(g, Action("move", "ben", ("T:d",)), "P. 18")


def test_move_p18_closed_doors_and_barricades_block():
    """P. 18: "cannot move through walls, Barricades, or closed doors"."""
    g = sandbox(HOUSE, {"ben": "T:K"})
    g.state.set_open("dK", False)
    g.touch()
    assert of(g, "move") == []  # dK closed, bL (Barricade) closed
    refused(g, Action("move", "ben", ("T:L",)), "P. 18")
    refused(g, Action("move", "ben", ("T:a",)), "P. 18")


def test_move_p18_one_zone_per_move_action_no_multi_zone_move():
    """P. 18: "The Survivor moves from one Zone to the next"."""
    g = sandbox(ROW, {"ben": "T:a"})
    refused(g, Action("move", "ben", ("T:c",)), "P. 18")


def test_move_p46_free_move_pays_the_move_only_for_moves():
    """P. 46: "+1 free Move Action ... may only be used to perform an Action of the specified type."
    With 3 Actions spent, a free Move remains: a Move is listed, a Door/Reorganize is not."""
    g = sandbox(HOUSE, {"barbra": "T:K"}, inventory={"barbra": ["katana", "axe"]})
    skill(g, "barbra", "plus_1_free_move_action")
    s = g.state.survivors["barbra"]
    s.spent = 3
    g.touch()
    assert kinds(g) & {"door", "reorganize", "search"} == set()
    assert of(g, "move")
    g.apply(Action("move", "barbra", ("T:a",)))
    assert s.free_spent == {"move": 1}


def test_move_p18_p46_free_move_does_not_pay_the_extra_cost_of_ghouls():
    """P. 18 + P. 46 (docs/rulings.md "free Actions and the extra cost"): the free Move pays the Move,
    each Ghoul left behind still costs an ordinary Action."""
    g = sandbox(ROW, {"barbra": "T:a"}, ghouls={"T:a": {"walker": 2}})
    skill(g, "barbra", "plus_1_free_move_action")
    s = g.state.survivors["barbra"]
    s.spent = 2  # 1 ordinary Action left: not enough for 2 Walkers
    g.touch()
    assert of(g, "move") == []
    s.spent = 1
    g.touch()
    g.apply(Action("move", "barbra", ("T:b",)))
    assert (s.spent, s.free_spent) == (3, {"move": 1})


# ------------------------------------------------------------------------------------------- Search P. 18
def test_search_p18_interior_only():
    """P. 18: "The Survivor can only Search in interior Zones"."""
    g = sandbox(HOUSE, {"ben": "T:a"})
    assert "search" not in kinds(g)
    refused(g, Action("search", "ben", ("house",)), "P. 18")


def test_search_p18_not_with_ghouls_in_the_zone():
    """P. 18: "only if there are no Ghouls in that Zone"."""
    g = sandbox(HOUSE, {"ben": "T:K"}, ghouls={"T:K": {"walker": 1}})
    refused(g, Action("search", "ben", ("house",)), "P. 18")


def test_search_p18_once_per_turn_even_if_free():
    """P. 18: "a single Search Action per Turn (even if it's a free Action)"."""
    g = sandbox(HOUSE, {"judy": "T:K"})
    skill(g, "judy", "plus_1_free_search_action")
    g.apply(Action("search", "judy", ("house",)))
    assert g.state.survivors["judy"].free_spent == {"search": 1}
    g.choose(["discard"])
    assert "search" not in kinds(g)
    refused(g, Action("search", "judy", ("house",)), "P. 18")


def test_search_p18_romero_house_only_zombicide_three_decks():
    """P. 18: "Survivors in Romero Mode can only draw from the House Equipment deck. Survivors in
    Zombicide Mode can draw from the Ranged, Melee, or House Equipment decks.\""""
    r = sandbox(HOUSE, {"ben": "T:K"})
    assert sorted(a.params[0] for a in of(r, "search")) == ["house"]
    refused(r, Action("search", "ben", ("ranged",)), "P. 18")
    z = sandbox(HOUSE, {"ben": "T:K"}, modes={"ben": "zombicide"})
    assert sorted(a.params[0] for a in of(z, "search")) == ["house", "melee", "ranged"]


def test_search_p18_p17_a_relative_on_the_board_forces_the_house_deck():
    """P. 17: a Relative on the board switches Zombicide Survivors to Romero; P. 18: House deck only."""
    z = sandbox(HOUSE, {"ben": "T:K"}, modes={"ben": "zombicide"}, ghouls={"T:a": {"relative": 1}})
    assert sorted(a.params[0] for a in of(z, "search")) == ["house"]


def test_search_p18_keep_or_discard():
    """P. 18: "They may then either place it in their Survivor's inventory ... or immediately discard it.\""""
    g = sandbox(HOUSE, {"ben": "T:K"})
    top = g.state.decks["house"][-1]
    g.apply(Action("search", "ben", ("house",)))
    assert g.pending.kind == "keep" and ["discard"] in g.pending.options and ["keep"] in g.pending.options
    g.choose(["keep"])
    assert top in g.state.survivors["ben"].inventory()
    g2 = sandbox(HOUSE, {"ben": "T:K"})
    top2 = g2.state.decks["house"][-1]
    g2.apply(Action("search", "ben", ("house",)))
    g2.choose(["discard"])
    assert top2 in g2.state.discards["house"] and not g2.state.survivors["ben"].inventory()


def test_search_p18_full_inventory_may_swap_out_a_card():
    """P. 16/18: "You may discard cards ... to make room for new cards at any time, for free"."""
    g = sandbox(HOUSE, {"ben": "T:K"}, inventory={"ben": ["katana", "axe", "boards", "scope", "mason_jar"]})
    g.apply(Action("search", "ben", ("house",)))
    opts = g.pending.options
    assert ["keep"] not in opts and ["discard"] in opts
    assert sum(1 for o in opts if o[0] == "swap") == 5


def test_search_p18_empty_deck_reshuffles_its_discards():
    """P. 18: "When an Equipment deck runs out, reshuffle all its discarded cards to make a new deck.\""""
    g = sandbox(HOUSE, {"ben": "T:K"})
    st = g.state
    pile = st.decks["house"]
    st.discards["house"] = pile[:5]
    st.decks["house"] = []
    g.touch()
    assert of(g, "search")
    g.apply(Action("search", "ben", ("house",)))
    card = g.pending.data["card"]
    assert card in pile[:5]
    assert len(st.decks["house"]) == 4 and st.discards["house"] == []


# ------------------------------------------------------------------------------------------- Door P. 18
def test_door_p18_open_and_close_in_the_zone_for_one_action():
    """P. 18: "The Survivor opens or closes a door in their Zone"."""
    g = sandbox(HOUSE, {"ben": "T:K"})
    g.apply(Action("door", "ben", ("dK", "close")))
    assert g.state.opening_open["dK"] is False and g.state.survivors["ben"].spent == 1
    g.apply(Action("door", "ben", ("dK", "open")))
    assert g.state.opening_open["dK"] is True


def test_door_p18_only_if_no_ghouls_in_that_zone():
    """P. 18: "and only if there are no Ghouls in that Zone"."""
    g = sandbox(HOUSE, {"ben": "T:K"}, ghouls={"T:K": {"walker": 1}})
    refused(g, Action("door", "ben", ("dK", "close")), "P. 18")


def test_door_p18_stairway_token_is_a_door():
    """P. 18: "The Stairway token is considered to be, and is played like a Door.\""""
    g = sandbox(STAIRS, {"ben": "T:K"})
    assert Action("door", "ben", ("sKL", "open")) in g.legal_actions()
    g.apply(Action("door", "ben", ("sKL", "open")))
    g.apply(Action("move", "ben", ("T:L",)))
    assert g.state.survivors["ben"].zone == "T:L"


# ------------------------------------------------------------------------------------------- Barricade P. 19
def test_barricade_p19_open_needs_an_equipped_barricade_opening_weapon():
    """P. 19: "Opening a Barricade using an equipped weapon with a Barricade Opening symbol"; P. 16:
    a Claw Hammer in the Backpack cannot be used."""
    none = sandbox(HOUSE, {"ben": "T:K"}, inventory={"ben": ["katana"]})
    refused(none, Action("barricade", "ben", ("bL", "open")), "P. 19")
    pack = sandbox(HOUSE, {"ben": "T:K"}, inventory={"ben": ["katana", "axe", "claw_hammer"]})
    refused(pack, Action("barricade", "ben", ("bL", "open")), "P. 19")
    hand = sandbox(HOUSE, {"ben": "T:K"}, inventory={"ben": ["tire_iron"]})
    hand.apply(Action("barricade", "ben", ("bL", "open")))
    assert hand.state.opening_open["bL"] is True


def test_barricade_p19_close_needs_nothing():
    """P. 19: "Closing a Barricade ... No specific Equipment is required.\""""
    g = sandbox(ROOMS, {"ben": "T:M"})
    g.apply(Action("barricade", "ben", ("bLM", "close")))
    assert g.state.opening_open["bLM"] is False


def test_barricade_p19_not_with_ghouls_in_the_zone():
    """P. 19: "and only if there are no Ghouls in that Zone"."""
    g = sandbox(ROOMS, {"ben": "T:M"}, ghouls={"T:M": {"walker": 1}}, inventory={"ben": ["claw_hammer"]})
    refused(g, Action("barricade", "ben", ("bLM", "close")), "P. 19")


def test_barricade_p19_a_door_is_not_a_barricade():
    """P. 18-19: Door and Barricade are different Actions on different tokens."""
    g = sandbox(ROOMS, {"ben": "T:K"})
    refused(g, Action("barricade", "ben", ("dKL", "close")), "P. 19")


# ------------------------------------------------------------------------------------------- Reorganize/Trade P. 19
def test_reorganize_p19_one_action_any_layout():
    """P. 19: "The Survivor can reorganize the cards in their inventory in any way the player wishes.\""""
    g = sandbox(ROW, {"ben": "T:a"}, inventory={"ben": ["katana", "axe", "boards"]})
    s = g.state.survivors["ben"]
    boards = s.backpack[0]
    g.apply(Action("reorganize", "ben", (boards, -1)))
    assert s.hands == [boards, None] and len(s.backpack) == 2 and s.spent == 1


def test_trade_p19_only_with_one_survivor_in_the_same_zone():
    """P. 19: "with 1 (and only 1) other Survivor currently in the same Zone"."""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:b"}, inventory={"ben": ["katana"], "tom": ["axe"]})
    refused(g, Action("trade", "ben", ("tom",)), "P. 19")


def test_trade_p19_unequal_everything_for_nothing_partner_reorganizes_free():
    """P. 19: "You can trade everything for nothing"; "This other Survivor may reorganize their own
    inventory for free."; the whole exchange is 1 Action."""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:a"}, inventory={"ben": ["katana", "axe", "boards"]})
    ben, tom = g.state.survivors["ben"], g.state.survivors["tom"]
    cards = ben.inventory()
    g.apply(Action("trade", "ben", ("tom",)))
    for u in cards:
        g.choose(["give", u])
    g.choose(["done"])
    assert g.pending.kind == "layout" and g.pending.survivor == "tom"  # Ben has nothing left to arrange
    g.choose(["as_is"])
    assert sorted(tom.inventory()) == sorted(cards) and ben.inventory() == []
    assert ben.spent == 1 and tom.spent == 0


def test_trade_p16_cannot_end_with_more_than_five_cards():
    """P. 16: "Each Survivor can carry up to 5 Equipment cards"."""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:a"},
                inventory={"ben": ["katana", "axe", "boards", "scope", "mason_jar"], "tom": ["crowbar"]})
    g.apply(Action("trade", "ben", ("tom",)))
    g.choose(["take", g.state.survivors["tom"].hands[0]])
    assert ["done"] not in g.pending.options


# ------------------------------------------------------------------------------------------- Inventory P. 16
def test_inventory_p16_backpack_weapons_cannot_be_used():
    """P. 16: "Characteristics and game effects described on Equipment cards cannot be used until they
    are moved to a Hand slot.\""""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:a": {"walker": 1}}, inventory={"ben": ["boards", "scope", "katana"]})
    assert "melee" not in kinds(g)
    refused(g, Action("melee", "ben", ((0,), False)), "P. 16")


def test_inventory_p16_may_be_used_in_the_backpack_cards_work_there():
    """P. 16: "The Plenty of Shells Equipment card, which reads 'May be used in the Backpack', still
    provides its game effect"."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"walker": 2}},
                inventory={"ben": ["sawed_off", "katana", "plenty_of_shells"]})
    from nollab.rules.sandbox import rig_dice
    rig_dice(g, [1, 1])
    g.apply(Action("ranged", "ben", ((0,), "T:b")))
    assert g.pending.kind == "reroll"


def test_inventory_p16_discard_is_free():
    """P. 16: "You may discard cards ... at any time, for free"."""
    g = sandbox(ROW, {"ben": "T:a"}, inventory={"ben": ["katana"]})
    u = g.state.survivors["ben"].hands[0]
    g.apply(Action("discard", "ben", (u,)))
    assert g.state.survivors["ben"].spent == 0 and u in g.state.discards["melee"]


# ------------------------------------------------------------------------------------------- Do Nothing P. 20
def test_do_nothing_p20_remaining_actions_are_lost():
    """P. 20: "The Survivor does nothing and prematurely ends their Turn. Their remaining Actions are lost.\""""
    g = sandbox(ROW, {"ben": "T:a", "tom": "T:a"})
    g.apply(Action("move", "ben", ("T:b",)))
    g.apply(Action("do_nothing", "ben"))
    assert g.state.active == "tom"
    refused(g, Action("move", "ben", ("T:c",)), "P. 8")


def test_search_p18_scene_stashes_restrict_melee_and_ranged_decks_s1():
    """P. 18 NOTE: "Check the chosen Scene, as many of them feature special Search rules. For example,
    looking for Melee and Ranged Equipment may be restricted to designated Zones." (S1: the Melee stash is
    in 2R:K, the Ranged stash in 3R:U; elsewhere a Zombicide Survivor draws from the House deck only.)"""
    g = Game.new("S1", seed=1)
    sid = g.state.active
    s = g.state.survivors[sid]
    s.mode = "zombicide"
    s.slots = [[0, 0]]
    g.state.ghouls = {}
    for zone, expected in (("2R:K", ["house", "melee"]), ("1R:L", ["house"])):
        s.zone = zone
        g.touch()
        assert sorted(a.params[0] for a in of(g, "search")) == expected
