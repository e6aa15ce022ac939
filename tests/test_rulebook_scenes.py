"""Independent audit of the Scenes (P. 33-45): setup, objectives, losses and special rules, on the
Scene maps (``Game.new``). Positions are changed by hand where the rule needs it; each docstring
quotes the Scene's page. Expected outcomes are read from the rulebook, not computed by the engine.
"""
from __future__ import annotations

import pytest

from nollab.rules.engine.actions import Action
from nollab.rules.game import Game
from nollab.rules.sandbox import rig_dice
from nollab.rules.scenes.common import house_zones

from support import end_turns
from support import new_settled as new
from support import settle_defaults as settle

ALL = ["barbra", "ben", "harry", "helen", "judy", "tom"]


def run_round(g):
    end_turns(g)
    r = g.state.round
    while g.state.round == r and not g.over:
        g.step()


# ----------------------------------------------------------------------------- setup: modes
@pytest.mark.parametrize("scene,mode", [("S1", "romero"), ("S2", "romero"), ("S3", "romero"), ("S4", "romero"),
                                        ("S5", "romero"), ("S6", "zombicide"), ("S7", "zombicide"),
                                        ("S8", "zombicide"), ("S9", "zombicide"), ("S10", "zombicide")])
def test_scene_setup_starting_mode(scene, mode):
    """P. 33-44 "Setup. Survivors start in Romero Mode" (S1-S5) / "in Zombicide Mode" (S6-S10)."""
    g = Game.new(scene, seed=3)
    assert {s.mode for s in g.state.survivors.values()} == {mode}
    assert sorted(g.state.survivors) == ALL


@pytest.mark.parametrize("scene,tiles", [("S1", "1R 2R 3R 4R"), ("S2", "1R 2R 3R 4R"), ("S3", "1R 2R 3R 4R"),
                                         ("S4", "1R 2V 3R 4R 5R 6R"), ("S5", "1R 2R 3R 4R"),
                                         ("S6", "1R 2V 4R"), ("S7", "1V 2R 3R 4V 5V 6V"),
                                         ("S9", "1V 2R 3R 4R 5V 6R"), ("S10", "1R 2R 3R 4R 5R 6V")])
def test_scene_tiles_needed(scene, tiles):
    """P. 33-44 "Tiles needed" (S6: "Starting board: 1R, 2V, & 4R")."""
    g = Game.new(scene, seed=3)
    assert sorted({z.tile for z in g.board.zones.values()}) == tiles.split()


def test_s1_setup_starting_areas_and_w94_aside():
    """P. 33: "Barbra and Ben are set in the Survivor Starting Area #1. Harry, Helen, Judy, and Tom are
    set in the Survivor Starting Area #2." "The Winchester 94 is put aside from the Starting
    Equipment, and a Table Leg is dealt instead." """
    g = Game.new("S1", seed=5)
    st = g.state
    z = {x: s.zone for x, s in st.survivors.items()}
    assert z["barbra"] == z["ben"]
    assert len({z["harry"], z["helen"], z["judy"], z["tom"]}) == 1 and z["tom"] != z["ben"]
    held = [st.cards[u] for s in st.survivors.values() for u in s.inventory()]
    assert "winchester_94" not in held
    assert len(held) == 6 and held.count("table_leg") == 3  # the Table Leg kept for the W94 holder is dealt
    assert [st.cards[u] for u in st.aside.get("w94", [])] == ["winchester_94"]


def test_s1_w94_can_be_taken_by_searching_its_zone():
    """P. 33: "Set this Winchester 94 in the designated Zone. Any Survivor Searching in this Zone may
    take the Winchester 94 instead"."""
    g = Game.new("S1", seed=5)
    st = g.state
    zone = g.scene.marker_zone("winchester-94")
    sid = st.active
    st.survivors[sid].zone = zone
    g.touch()
    searches = [a for a in g.legal_actions() if a.kind == "search"]
    assert any("w94" in str(a.params) or "winchester" in str(a.params) for a in searches), searches


def test_s3_setup_at_least_one_survivor_per_starting_zone():
    """P. 35: "Spread Survivors in any way you see fit among the Survivor Starting Zones, with at least
    1 Survivor per Zone." """
    g = Game.new("S3", seed=3)
    areas = set(g.scene.tokens.starting_areas.values())
    assert len(areas) >= 2
    assert {s.zone for s in g.state.survivors.values()} == areas


@pytest.mark.parametrize("scene", ["S9", "S10"])
def test_s9_s10_survivors_start_in_the_car_and_choose_the_driver(scene):
    """P. 42 / P. 44: "Survivors start in the Car. Choose the driver after the Starting Equipment
    distribution." """
    g = Game.new(scene, seed=3)
    st = g.state
    assert all(s.in_car and s.zone == st.car["zone"] for s in st.survivors.values())
    assert not any(s.driver for s in st.survivors.values())
    ch = g.pending
    assert ch is not None and ch.kind == "scene:driver" and sorted(ch.options) == ALL
    assert all(s.inventory() for s in st.survivors.values())  # equipment dealt before the choice
    g.choose("judy")
    assert [x for x, s in st.survivors.items() if s.driver] == ["judy"]


def test_s10_survivors_start_at_yellow_danger_level():
    """P. 44: "Survivors start at the Yellow Danger Level." (Yellow = 7-18 XP, P. 14); in Zombicide
    Mode the Yellow level brings +1 Action (every Survivor card, P. 14-15)."""
    g = new("S10")
    assert all(7 <= s.xp <= 18 for s in g.state.survivors.values())
    assert g.actions_left(g.state.active) == 4


def test_s8_setup_starting_board_5r_then_a_random_tile_next_to_it():
    """P. 41: "Starting board: 5R." "At the end of Setup, set a random tile from the Travelling Pile
    right next to 5R" (the pile is 1V, 2V, 3V, 4V; 6V is kept apart)."""
    g = Game.new("S8", seed=3)
    assert sorted({z.tile for z in g.board.zones.values()}) == ["5R"]
    ch = g.pending
    assert ch.kind == "scene:place_tile"
    assert {o[0] for o in ch.options} == {"5R"} and len({o[1] for o in ch.options}) == 1
    assert ch.options[0][1] in {"1V", "2V", "3V", "4V"}
    g.choose(ch.options[0])
    tiles = sorted({z.tile for z in g.board.zones.values()})
    assert tiles == sorted(["5R", ch.options[0][1]])


# ----------------------------------------------------------------------------- S2 / S4 / S5 losses
@pytest.mark.parametrize("scene", ["S2", "S4", "S5"])
def test_house_under_siege_ghoul_in_the_house_at_end_of_players_phase_loses(scene):
    """P. 34, 36, 37: "The game is lost whenever there is at least 1 Ghoul in the house at the end of a
    Players' Phase." A Walker in an empty room of the house: lost before the Ghouls' Phase."""
    g = new(scene)
    st = g.state
    room = next(z for z in sorted(house_zones(g._ctx(), g.scene)) if not st.survivors_in(z))
    st.add_ghouls(room, "walker", 1)
    g.touch()
    assert not g.over
    end_turns(g)
    while not g.over and g.state.phase == "players":
        g.step()
    assert g.over and g.state.result == "lost"
    assert not any(e.kind == "ghoul_move" for e in g.events)


@pytest.mark.parametrize("scene", ["S2", "S5"])
def test_house_under_siege_only_checked_at_end_of_players_phase(scene):
    """P. 34/37: the check is "at the end of a Players' Phase": a Ghoul that gets in during the
    Ghouls' Phase does not lose yet; it does at the end of the next Players' Phase."""
    g = new(scene)
    st = g.state
    st.add_ghouls("1R:P", "breaker", 1)  # on the porch, outside the closed front door 1R:df
    st.add_ghouls("1R:P", "walker", 1)
    st.ghoul_deck = [1] * 8  # Walkers at Blue: no Barricade and Door Opening surprises
    g.touch()
    run_round(g)
    assert not g.over
    assert st.opening_open["1R:df"] is True and st.ghouls_in("1R:L")[0] == 1
    end_turns(g)
    while not g.over and g.state.phase == "players":
        g.step()
    assert g.state.result == "lost"


def test_s2_ghouls_outside_the_house_do_not_lose():
    """P. 34: only Ghouls *in the house* count."""
    g = new("S2")
    g.state.add_ghouls("4R:a", "walker", 1)
    g.state.ghoul_deck = [1] * 8
    g.touch()
    run_round(g)
    assert not g.over


# ----------------------------------------------------------------------------- objectives
def test_s2_win_when_the_house_deck_is_exhausted():
    """P. 34: "The game is won as soon as the House Equipment deck is exhausted." The last House card
    is drawn by a Search: won at once."""
    g = new("S2")
    st = g.state
    st.decks["house"] = st.decks["house"][-1:]
    g.touch()
    g.apply(Action("search", st.active, ("house",)))
    settle(g)
    assert g.over and st.result == "won"


def test_s3_win_no_ghouls_and_every_spawn_token_in_one_zone():
    """P. 35: "There are no Ghouls on the board. All Ghoul Spawn tokens are gathered into a single Spawn
    Zone." """
    g = new("S3")
    st = g.state
    assert not g.over  # 4 Spawn Zones at the start
    w = st.spawns[0][0]
    st.spawns = [[w, c] for _z, c in st.spawns]
    st.add_ghouls("4R:a", "walker", 1)
    g.touch()
    g.apply(Action("do_nothing", st.active))
    assert not g.over  # a Ghoul is still on the board
    st.ghouls.clear()
    g.touch()
    g.apply(Action("do_nothing", st.active))
    assert g.over and st.result == "won"


def test_s4_win_car_on_the_pump_and_no_ghoul_on_5r():
    """P. 36: "The Car is on the indicated pump Zone. There are no Ghouls on tile 5R." """
    g = new("S4")
    st = g.state
    pump = g.scene.marker_zone("pump")
    assert g.board.zones[pump].tile == "5R"
    other = next(z for z in g.board.zones if g.board.zones[z].tile == "5R" and z != pump)
    st.car["zone"] = pump
    st.add_ghouls(other, "walker", 1)
    g.touch()
    g.apply(Action("do_nothing", st.active))
    assert not g.over
    st.ghouls.clear()
    g.touch()
    g.apply(Action("do_nothing", st.active))
    assert g.over and st.result == "won"


def _stand_next_to(g, sid, pred):
    """Put ``sid`` in an exterior Zone that sees, at Range 1, a Zone satisfying ``pred``; return it."""
    st = g.state
    closed = frozenset(o for o, op in st.opening_open.items() if not op)
    for z in sorted(g.board.zones):
        if g.board.zones[z].interior or pred(z):
            continue
        for t, r in sorted(g.board.line_of_sight(z, closed, False).items()):
            if r == 1 and pred(t) and not g.board.zones[t].interior:
                st.survivors[sid].zone = z
                return t
    raise AssertionError("no such position on the map")


def test_s4_zones_on_5r_cannot_be_targeted_by_ranged_actions():
    """P. 36: "Watch out for the pump! Zones on tile 5R cannot be targeted by Ranged Actions." A
    Survivor with the Winchester 94 (Range 1-3) next to a 5R Zone holding a Walker has no Ranged Action
    at it; the same position against a Zone of another tile has one (control)."""
    g = new("S4")
    st = g.state
    sid = st.active
    w94 = next(u for s in st.survivors.values() for u in s.inventory() if st.cards[u] == "winchester_94")
    for s in st.survivors.values():
        if w94 in s.hands:
            s.hands[s.hands.index(w94)] = None
        elif w94 in s.backpack:
            s.backpack.remove(w94)
    st.survivors[sid].hands[0] = w94
    st.ghouls.clear()
    t5 = _stand_next_to(g, sid, lambda z: g.board.zones[z].tile == "5R")
    st.add_ghouls(t5, "walker", 1)
    g.touch()
    assert not [a for a in g.legal_actions() if a.kind == "ranged" and t5 in a.params]
    st.ghouls.clear()
    t3 = _stand_next_to(g, sid, lambda z: g.board.zones[z].tile != "5R")
    st.add_ghouls(t3, "walker", 1)
    g.touch()
    assert [a for a in g.legal_actions() if a.kind == "ranged" and t3 in a.params]


def test_s5_win_all_orange_and_each_killed_a_relative():
    """P. 37: "All Survivors are at Orange Danger Level (or higher). Each Survivor has killed 1 Relative
    (or more)." """
    g = new("S5")
    st = g.state
    for s in st.survivors.values():
        s.xp = 19
        s.kills["relative"] = 1
    st.survivors["tom"].kills["relative"] = 0
    g.touch()
    g.apply(Action("do_nothing", st.active))
    assert not g.over
    st.survivors["tom"].kills["relative"] = 1
    st.survivors["judy"].xp = 18
    g.touch()
    g.apply(Action("do_nothing", st.active))
    assert not g.over
    st.survivors["judy"].xp = 19
    g.touch()
    g.apply(Action("do_nothing", st.active))
    assert g.over and st.result == "won"


def test_s6_reaching_the_starting_2v_does_not_win():
    """P. 39: "all the Survivors are standing on tile 2V at the end of a Players' Phase, *after crossing
    the countryside* (a chaining of 6R, 5V, 3V, 1V, 4V, and finally, 2V)." The 2V of the starting
    board does not count."""
    g = new("S6")
    st = g.state
    for s in st.survivors.values():
        s.zone = "2V:a"
    st.ghouls.clear()
    g.touch()
    end_turns(g)
    while not g.over and g.state.phase == "players":
        g.step()
    assert st.result is None


def test_s6_armory_search_any_deck():
    """P. 39: "Armory. Any Survivor performing a Search Action may draw from the House, Melee, or Ranged
    Equipment deck of their choice." """
    g = new("S6")
    decks = sorted(a.params[0] for a in g.legal_actions() if a.kind == "search")
    assert decks == ["house", "melee", "ranged"]


def test_s6_house_cannot_be_searched_once_a_door_is_opened():
    """P. 39: "Oh, I'd like to leave, yes. The house can no longer be Searched as soon as a Barricade or
    a Door is opened." """
    g = new("S6")
    st = g.state
    door = next(a for a in g.legal_actions() if a.kind == "door" and a.params[1] == "open")
    g.apply(door)
    settle(g)
    assert st.survivors[st.active].zone in house_zones(g._ctx(), g.scene)
    assert not [a for a in g.legal_actions() if a.kind == "search"]


def _kill_in(g, zone, gtype):
    st = g.state
    sid = st.active
    s = st.survivors[sid]
    s.zone = zone
    s.in_car = s.driver = False
    st.ghouls.clear()
    st.add_ghouls(zone, gtype, 1)
    g.touch()
    rig_dice(g, [6] * 12)
    act = next(a for a in g.legal_actions() if a.kind == "melee" or (a.kind == "ranged" and zone in a.params))
    g.apply(act)
    settle(g)


def test_s7_win_when_a_relative_is_eliminated_on_the_white_spawn_zone():
    """P. 40: "The game is won as soon as a Relative is eliminated on the white Spawn Zone." """
    g = new("S7")
    white = next(z for z, c in g.state.spawns if c == "white")
    _kill_in(g, white, "relative")
    assert g.state.on_board("relative") == 0
    assert g.over and g.state.result == "won"


def test_s7_relative_eliminated_elsewhere_does_not_win():
    """P. 40: only a Relative eliminated *on the white Spawn Zone* wins."""
    g = new("S7")
    red = next(z for z, c in g.state.spawns if c == "red")
    _kill_in(g, red, "relative")
    assert g.state.on_board("relative") == 0
    assert not g.over


def _molotov_at(g, target):
    """The active Survivor (out of the Car) holds a Molotov next to ``target``, where a Walker stands
    (Combat Actions need Ghouls in the Zone, docs/rulings.md); return the Molotov Action."""
    st = g.state
    sid = st.active
    s = st.survivors[sid]
    s.in_car = s.driver = False
    st.ghouls.clear()
    _stand_next_to(g, sid, lambda z: z == target)
    st.add_ghouls(target, "walker", 1)
    s.hands[0] = st.supply["molotov"].pop()
    g.touch()
    mol = [a for a in g.legal_actions() if a.kind == "molotov" and target in a.params]
    assert mol
    return mol[0]


@pytest.mark.parametrize("scene", ["S7", "S10"])
def test_s7_s10_white_spawn_token_cannot_be_removed(scene):
    """P. 40 "Johnny was here." / P. 44 "Infected cemetery." "The white Ghoul Spawn token cannot be
    removed." — a Molotov on the white Spawn Zone offers no move of the white token."""
    g = new(scene)
    st = g.state
    white = next(z for z, c in st.spawns if c == "white")
    before = [list(t) for t in st.spawns]
    g.apply(_molotov_at(g, white))
    assert not (g.pending is not None and g.pending.kind == "molotov_spawn")
    assert [t for t in st.spawns if t[1] == "white"] == [t for t in before if t[1] == "white"]


def test_p29_molotov_on_a_red_spawn_zone_may_move_its_token():
    """P. 35/P. 29: "Any Ghoul Spawn token in a Zone targeted by a Molotov may be moved to another
    Spawn Zone." (control for the S7/S10 rule, in S3)."""
    g = new("S3")
    st = g.state
    red = next(z for z, c in st.spawns if c == "red")
    g.apply(_molotov_at(g, red))
    assert g.pending is not None and g.pending.kind == "molotov_spawn"
    dest = next(o for o in g.pending.options if o != "stay")
    g.choose(dest)
    settle(g)
    assert red not in {z for z, _c in st.spawns}


def test_s9_win_when_every_interior_zone_has_been_searched():
    """P. 42: "The game is won as soon as every interior Zone has been Searched at least once." All
    rooms but one done; a Search in the last one wins."""
    g = new("S9")
    st = g.state
    rooms = sorted(z for z, zone in g.board.zones.items() if zone.interior)
    last = rooms[0]
    st.flags["searched_zones"] = rooms[1:]
    s = st.survivors[st.active]
    s.in_car = s.driver = False
    s.zone = last
    st.ghouls.clear()
    g.touch()
    assert not g.over
    act = next(a for a in g.legal_actions() if a.kind == "search")
    g.apply(act)
    settle(g)
    assert g.over and st.result == "won"


def test_s9_spawning_in_houses_one_card_per_room():
    """P. 42: "Opening a closed house for the first time reveals all the Ghouls inside all rooms of the
    house ... draw a Ghoul card for each Zone. Place the corresponding number and type of Ghouls in the
    indicated Zone." The 4-room house of 3R and 4R (sitting room, hall, staircase, study) opened by
    the study's door from the end of 5V's dirt road: 4 cards (Walkers #1 at Blue)."""
    g = new("S9")
    st = g.state
    rooms = ["3R:H", "3R:S", "3R:U", "4R:S"]
    st.ghoul_deck = [1] * 6
    sid = st.active
    s = st.survivors[sid]
    s.in_car = s.driver = False
    s.zone = "5V:h"
    st.ghouls.clear()
    g.touch()
    door = [a for a in g.legal_actions() if a.kind == "door" and a.params[0] == "4R:dn4"]
    assert door
    g.apply(door[0])
    settle(g)
    while g.state.queue and g.state.phase == "players" and g.needs() != "action":
        g.step()
    assert {z: st.ghouls_in(z)[0] for z in rooms} == {z: 1 for z in rooms}
    assert len(st.ghoul_deck) == 2


def test_s10_win_all_spawn_tokens_on_white_then_molotov():
    """P. 44: "The game is won as soon as all Ghoul Spawn tokens are gathered on the White Spawn Zone,
    then a Molotov is thrown at that Zone." """
    g = new("S10")
    st = g.state
    white = next(z for z, c in st.spawns if c == "white")
    st.spawns = [[white, c] for _z, c in st.spawns]
    g.apply(_molotov_at(g, white))
    settle(g)
    assert g.over and st.result == "won"


def test_s10_molotov_on_white_without_all_tokens_does_not_win():
    """P. 44: the tokens must be gathered *first*."""
    g = new("S10")
    white = next(z for z, c in g.state.spawns if c == "white")
    g.apply(_molotov_at(g, white))
    settle(g)
    assert not g.over


def test_s9_spawning_in_houses_opening_card_is_resolved_immediately():
    """P. 42: "If you draw a Barricade and Door Opening card, immediately resolve it." (P. 25: "open all
    Barricades and Doors in the Zones where Ghouls of the indicated type are", not at Blue.) At Yellow,
    the hall, the sitting room and the staircase draw Walker cards (3 each) and the study draws #43
    (Walkers): the sitting room's barricaded windows and its closed door, and the hall's closed
    Barricade open; the study's windows (no Walkers there) stay closed and the study gets no Ghoul."""
    g = new("S9")
    st = g.state
    st.ghoul_deck = [43, 1, 1, 1]
    sid = st.active
    s = st.survivors[sid]
    s.in_car = s.driver = False
    s.zone = "5V:h"
    s.xp = 7
    st.ghouls.clear()
    g.touch()
    g.apply(next(a for a in g.legal_actions() if a.kind == "door" and a.params[0] == "4R:dn4"))
    settle(g)
    while st.queue and st.phase == "players" and g.needs() != "action":
        g.step()
    rooms = {z: st.ghouls_in(z)[0] for z in ("3R:H", "3R:S", "3R:U", "4R:S")}
    assert rooms == {"3R:H": 3, "3R:S": 3, "3R:U": 3, "4R:S": 0}  # rooms taken in id order (ruling)
    assert all(st.opening_open[o] is True for o in ("3R:ww2", "3R:ws4", "3R:dn3", "4R:dn1"))
    assert st.opening_open["4R:we2"] is False and st.opening_open["4R:ws3"] is False


def test_s4_molotov_cannot_target_tile_5r():
    """P. 36: "Zones on tile 5R cannot be targeted by Ranged Actions." P. 29: the Molotov is "a Ranged
    Action aimed at an exterior Zone". Control: the same Survivor may burn a Zone off 5R."""
    g = new("S4")
    st = g.state
    sid = st.active
    s = st.survivors[sid]
    st.ghouls.clear()
    t5 = _stand_next_to(g, sid, lambda z: g.board.zones[z].tile == "5R")
    st.add_ghouls(t5, "walker", 1)
    s.hands[0] = st.supply["molotov"].pop()
    g.touch()
    assert not [a for a in g.legal_actions() if a.kind == "molotov" and t5 in a.params]
    st.ghouls.clear()
    t3 = _stand_next_to(g, sid, lambda z: g.board.zones[z].tile != "5R")
    st.add_ghouls(t3, "walker", 1)
    g.touch()
    assert [a for a in g.legal_actions() if a.kind == "molotov" and t3 in a.params]


def test_s10_molotov_can_be_thrown_at_the_empty_white_spawn_zone_and_wins():
    """P. 29: "perform a Ranged Action aimed at an exterior Zone ... Any Ghoul Spawn token in the
    targeted Zone may be moved"; P. 44: tokens gathered on the White Spawn Zone, "then a Molotov is
    thrown at that Zone" — with no Ghoul there (fixed after this audit, commit 0b32209)."""
    g = new("S10")
    st = g.state
    white = next(z for z, c in st.spawns if c == "white")
    st.spawns = [[white, c] for _z, c in st.spawns]
    sid = st.active
    s = st.survivors[sid]
    s.in_car = s.driver = False
    st.ghouls.clear()
    _stand_next_to(g, sid, lambda z: z == white)
    s.hands[0] = st.supply["molotov"].pop()
    g.touch()
    mol = [a for a in g.legal_actions() if a.kind == "molotov" and white in a.params]
    assert mol
    g.apply(mol[0])
    settle(g)
    assert st.result == "won"
