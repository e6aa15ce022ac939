"""The heuristic bot's team shape and the S1 windows (P. 19, 22, 33). Positions are a real S1 game
whose state is edited by hand; the expected answer is what the quoted rule asks for, never a
number computed by the bot.
"""
from __future__ import annotations

from nollab.rules.game import Game
from nollab.sim.heuristic import HeuristicPolicy
from support import first_turn

#: S1's indicated windows (nollab/data/scenes/S1.toml) and the doorways holding open Barricade tokens
S1_DOORWAY_TOKENS = ("4R:dn1", "4R:dn4", "4R:dh", "3R:dh", "3R:dn3", "1R:dw3", "1R:dw6", "2R:dps")


def _s1_all_blocked_but(g, broken: str):
    """Every indicated window blocked by a closed Barricade except ``broken``, whose Barricade a
    Breaker opened (P. 22: "Open all Doors and Barricades in their Zone"); every doorway token
    already taken (P. 33), nobody carrying one, no Ghoul on the board."""
    st = g.state
    for o in g.scene.tokens.windows_to_barricade:
        st.opening_kind[o] = "barricade"
        st.set_open(o, o == broken)
    for o in S1_DOORWAY_TOKENS:
        st.opening_kind[o] = "passage"
        st.set_open(o, True)
    for s in st.survivors.values():
        s.barricades = 0
    st.ghouls.clear()
    g.touch()


def _s1_turn(zone: str):
    g = Game.new("S1", seed=5)
    acts = first_turn(g)
    sid = g.state.active
    g.state.survivors[sid].zone = zone
    return g, sid, acts


def test_a_survivor_without_a_token_walks_to_a_window_broken_open():
    """S1 (P. 33) is won when every indicated window is blocked by a closed Barricade; one a Breaker
    broke open is closed again by "Closing a Barricade ... No specific Equipment is required"
    (P. 19) -- so a Survivor carrying no token walks towards its room (3R:ws4 is a window of the
    sitting room 3R:S, which the hall 3R:H opens on). Before, only a token carrier went there and
    the others waited in the living room."""
    g, sid, _ = _s1_turn("3R:H")
    _s1_all_blocked_but(g, "3R:ws4")
    bot = HeuristicPolicy()
    assert bot._view(g, sid).goals() == ["3R:S"]
    a = bot.choose_action(g, g.legal_actions())
    assert a.kind == "move" and a.params[0] == "3R:S"


def test_the_window_broken_open_is_closed_again_without_a_token():
    """In the room of the broken window, with no Ghoul there (P. 19), the Survivor closes it: the
    last window blocked and no Ghoul in the house wins S1 (P. 33)."""
    g, sid, _ = _s1_turn("3R:S")
    _s1_all_blocked_but(g, "3R:ws4")
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind == "barricade" and a.params == ("3R:ws4", "close")
    g.apply(a)
    assert g.state.result == "won"


# -- S9: closed houses (P. 42), Doors opened on Ghouls (P. 18, 22) ----------------------------------
def _s9_on_foot(where: dict, ghouls: dict):
    """S9 after setup: every Survivor out of the Car, standing where ``where`` says (the others on
    the Car's Zone 1V:e), holding a Table Leg (1 die 4+, Damage 1), no Ghoul but ``ghouls``."""
    g = Game.new("S9", seed=5)
    first_turn(g)
    st = g.state
    for s in st.survivors.values():
        s.in_car = s.driver = False
        s.zone = where.get(s.id, "1V:e")
        s.backpack = []
        st.cards.append("table_leg")
        s.hands = [len(st.cards) - 1, None]
    st.ghouls.clear()
    for zone, kinds in ghouls.items():
        for kind, n in kinds.items():
            st.add_ghouls(zone, kind, n)
    g.touch()
    return g


def test_a_group_that_can_hold_the_ghouls_opens_the_door_to_them():
    """Three unwounded Survivors on the dirt road 1V:t, the closed Door 3R:dn3 of the sitting room
    (2 Walkers inside) in front of them: the Walkers would come out one Zone at the Ghouls' Phase
    (P. 22-23) and the players split their 2 Attacks among the three (P. 22), so nobody can be
    eliminated -- the group opens the way to the rooms it must Search (P. 42). Before, a Survivor
    with no better weapon than the Starting Equipment never opened a Door with a Ghoul behind it,
    and the team stood outside the house for the rest of the game."""
    g = _s9_on_foot({"barbra": "1V:t", "ben": "1V:t", "harry": "1V:t"}, {"3R:S": {"walker": 2}})
    assert g.state.active == "barbra"
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind == "door" and a.params == ("3R:dn3", "open")


def test_a_lone_survivor_or_a_group_that_cannot_hold_them_keeps_the_door_shut():
    """Alone, Barbra would take both Walkers' Attacks herself (P. 22); three Survivors facing 5
    Walkers and 2 Fatties cannot share 9 Wounds so that everyone lives (a Fatty's 2 Wounds go whole
    to one Survivor, 3 Wounds eliminate, P. 22): neither opens the Door 3R:dn3."""
    for where, pack in (({"barbra": "1V:t"}, {"walker": 2}),
                        ({"barbra": "1V:t", "ben": "1V:t", "harry": "1V:t"}, {"walker": 5, "fatty": 2})):
        g = _s9_on_foot(where, {"3R:S": pack})
        a = HeuristicPolicy().choose_action(g, g.legal_actions())
        assert not (a.kind == "door" and a.params == ("3R:dn3", "open")), (where, pack)


def test_a_room_behind_a_pack_is_reached_by_another_door():
    """Barbra alone on 1V:t; behind the Door 3R:dn3 the sitting room holds 5 Walkers and 2 Fatties,
    so that Door stays shut -- but every room is still to be Searched (P. 42) and the study 4R:S is
    reached through the Door 4R:dn4 with no Ghoul behind it: she walks that way. Before, she did
    nothing all game (every Move "away" from the sitting room scored as a step back)."""
    g = _s9_on_foot({"barbra": "1V:t"}, {"3R:S": {"walker": 5, "fatty": 2}})
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind == "move"
    st, b = g.state, g.board
    # the engine's own distances, with the Door on the pack counted as a wall
    walls = st.closed() - {o for o in st.closed() if str(b.openings[o].kind) == "door" and o != "3R:dn3"}
    rooms = [z for z, zone in b.zones.items() if zone.interior and z != "3R:S"]
    d = lambda z: min(b.distances_to(r, walls).get(z, 99) for r in rooms)
    assert d(a.params[0]) < d("1V:t")


def test_two_survivors_walk_together_into_a_room_of_ghouls_they_can_hold():
    """Barbra and Ben in the hall 3R:H (Searched), the sitting room 3R:S still to Search (P. 42)
    holds 2 Walkers (and 3 more stand on the dirt road beyond its open front Door): together the two
    can take the room's Attacks with nobody eliminated (the players split them, P. 22), so Barbra
    walks in first and Ben can follow on his Turn
    -- a Search needs the room clear of Ghouls (P. 18), so someone must go in. Before, the "into
    Ghouls" penalty (40 a Ghoul) kept everyone out and the room was never Searched."""
    g = _s9_on_foot({"barbra": "3R:H", "ben": "3R:H"}, {"3R:S": {"walker": 2}, "1V:t": {"walker": 3}})
    g.state.flags["searched_zones"] = ["3R:H", "3R:U", "4R:S"]
    g.state.set_open("3R:dn3", True)  # the sitting room's front Door open on the dirt road (3 Walkers)
    g.touch()
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert a.kind == "move" and a.params[0] == "3R:S"


def test_a_lone_survivor_does_not_walk_into_a_room_of_ghouls_that_would_eliminate_them():
    """Alone, Barbra would take all 4 Attacks (3 Wounds eliminate, P. 22): she stays out."""
    g = _s9_on_foot({"barbra": "3R:H"}, {"3R:S": {"walker": 4}})
    g.state.flags["searched_zones"] = ["3R:H", "3R:U", "4R:S"]
    g.touch()
    a = HeuristicPolicy().choose_action(g, g.legal_actions())
    assert not (a.kind == "move" and a.params[0] == "3R:S")
