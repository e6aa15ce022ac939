"""Scene 1 special rules and objective (P. 33) on the shipped S1 map (the farmhouse of the printed
tiles: study 4R:S, hall 3R:H at the foot of the stairs, staircase 3R:U, sitting room 3R:S,
living room 1R:L, kitchen 2R:K)."""
from __future__ import annotations

from nollab.rules.engine.actions import Action
from nollab.rules.game import Game


def focus(g, sid, zone, mode=None):
    st = g.state
    s = st.survivors[sid]
    s.zone = zone
    if mode:
        s.mode = mode
    st.active = sid
    s.spent, s.searched, s.done = 0, False, False
    s.activated = True
    g._legal_key = None
    return s


def test_the_winchester_94_is_found_by_searching_its_zone_and_trusting_each_other():
    g = Game.new("S1", seed=1)
    ben = focus(g, "ben", "4R:S")
    g.state.survivors["barbra"].zone = "4R:S"
    assert Action("search", "ben", ("aside:w94",)) in g.legal_actions()
    g.apply(Action("search", "ben", ("aside:w94",)))
    g.choose(["keep"])
    while g.pending is not None and g.pending.kind == "layout":
        g.choose(["as_is"])
    w94 = next(u for u in ben.inventory() if g.state.cards[u] == "winchester_94")
    g.apply(Action("trade", "ben", ("barbra",)))
    g.choose(["give", w94])
    g.choose(["done"])
    while g.pending.kind == "layout":  # both may reorganize for free (P. 19)
        g.choose(["as_is"])
    assert g.pending.kind == "scene:trust" and g.pending.survivor == "ben"
    g.choose("switch")
    assert g.state.survivors["ben"].mode == "zombicide"
    assert g.state.survivors["barbra"].mode == "romero"


def test_equipment_stashes_only_in_their_zone_and_in_zombicide_mode():
    g = Game.new("S1", seed=2)
    focus(g, "judy", "2R:K", mode="zombicide")
    srcs = {a.params[0] for a in g.legal_actions() if a.kind == "search"}
    assert srcs == {"house", "melee"}
    focus(g, "judy", "2R:K", mode="romero")
    assert {a.params[0] for a in g.legal_actions() if a.kind == "search"} == {"house"}


def test_corpse_lady_flips_zombicide_survivors_and_blocks_the_search_beyond():
    g = Game.new("S1", seed=3)
    g.state.survivors["tom"].mode = "zombicide"
    focus(g, "judy", "3R:S")  # the sitting room, beside the hall at the foot of the stairs
    g.apply(Action("move", "judy", ("3R:H",)))
    assert g.state.survivors["tom"].mode == "romero"
    assert g.state.flags["corpse_seen"]
    focus(g, "judy", "3R:U")
    assert not [a for a in g.legal_actions() if a.kind == "search"]
    focus(g, "judy", "3R:H")
    g.apply(Action("scene", "judy", ("remove_corpse", 0)))
    g.apply(Action("scene", "judy", ("remove_corpse", 0)))
    focus(g, "judy", "3R:U")
    assert [a for a in g.legal_actions() if a.kind == "search"]


def test_makeshift_barricade_taken_then_blocks_a_window_for_5_xp():
    g = Game.new("S1", seed=4)
    s = focus(g, "helen", "4R:S")
    g.apply(Action("scene", "helen", ("take_barricade", "4R:dn4")))
    assert s.barricades == 1 and g.state.opening_kind["4R:dn4"] == "passage"
    g.apply(Action("scene", "helen", ("block_window", "4R:we2")))
    assert s.barricades == 0 and s.xp_total == 5
    assert g.state.opening_open["4R:we2"] is False and g.state.opening_kind["4R:we2"] == "barricade"


def test_boards_card_gives_a_barricade_token_without_xp():
    g = Game.new("S1", seed=5)
    s = focus(g, "tom", "4R:S")
    boards = g.state.decks["house"][[g.state.cards[u] for u in g.state.decks["house"]].index("boards")]
    g.state.decks["house"].remove(boards)
    s.backpack.append(boards)
    g._legal_key = None
    g.apply(Action("scene", "tom", ("boards", boards)))
    assert s.barricades == 1 and s.xp_total == 0 and boards in g.state.discards["house"]


def _one_window_left():
    """S1 with every window but the last (``2R:wp``, the kitchen window onto the back porch)
    blocked, no Ghouls, and Helen in the kitchen holding one Barricade token."""
    g = Game.new("S1", seed=6)
    st = g.state
    for w in g.scene.tokens.windows_to_barricade[:-1]:
        st.opening_kind[w] = "barricade"
        st.set_open(w, False)
    s = focus(g, "helen", "2R:K")
    s.barricades = 1
    st.ghouls.clear()
    return g, st


def test_s1_is_won_when_every_window_is_blocked_and_the_house_is_empty():
    g, st = _one_window_left()
    g.apply(Action("scene", "helen", ("block_window", "2R:wp")))
    assert g.over and st.result == "won"


def test_s1_not_won_while_a_ghoul_is_in_the_house():
    g, st = _one_window_left()
    st.add_ghouls("1R:L", "walker", 1)
    g.apply(Action("scene", "helen", ("block_window", "2R:wp")))
    assert not g.over


def test_a_window_cannot_be_blocked_with_ghouls_in_the_zone():
    """P. 19: Barricade Actions (building included) only in a Zone without Ghouls."""
    g = Game.new("S1", seed=4)
    s = focus(g, "helen", "4R:S")
    s.barricades = 1
    g.state.ghouls.clear()
    g.state.add_ghouls("4R:S", "walker", 1)
    g.touch()
    assert Action("scene", "helen", ("block_window", "4R:we2")) not in g.legal_actions()


def test_taking_the_winchester_94_reorganizes_the_inventory_for_free():
    """P. 33: "Any Survivor Searching in this Zone may take the Winchester 94 instead, and reorganize
    their inventory for free." Ben puts it in Hand 1, his Hand-1 card going to the Backpack, and has
    spent only the Search's Action."""
    g = Game.new("S1", seed=1)
    ben = focus(g, "ben", "4R:S")
    before = list(ben.hands)
    left = g.actions_left("ben")
    g.apply(Action("search", "ben", ("aside:w94",)))
    g.choose(["keep"])
    assert g.pending.kind == "layout" and g.pending.page == "P. 18"
    w94 = next(u for u in ben.inventory() if g.state.cards[u] == "winchester_94")
    other = before[1] if before[1] is not None else -1
    g.choose([w94, other])
    assert ben.hands == [w94, None if other == -1 else other]
    assert before[0] is None or before[0] in ben.backpack
    assert g.actions_left("ben") == left - 1
