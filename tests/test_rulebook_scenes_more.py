"""Independent audit of the Scenes, part 2: S1 objectives and special rules (P. 33), the Spawn order
on the Scene maps (P. 24), S6 "Fighting through the herd" and "Travelling posse" (P. 39).
"""
from __future__ import annotations

import math

import pytest

from nollab.rules.engine.actions import Action
from nollab.rules.game import Game
from nollab.rules.engine.tasks import Task

from support import end_turns
from support import new_settled as new
from support import play_round as run_round
from support import settle_defaults as settle


def tiles(g):
    return sorted({z.tile for z in g.board.zones.values()})


# ----------------------------------------------------------------------------- P. 24 on the maps

def _posse_next_to(g, newest):
    """Clear the Ghouls, settle pending choices and stand the whole posse in an exterior Zone next to
    tile ``newest``; returns (that Zone, the neighbouring exterior Zone on ``newest``)."""
    st, b = g.state, g.board
    closed = frozenset(o for o, v in st.opening_open.items() if not v)
    src, dst = next((z, n) for z in sorted(b.zones) if b.zones[z].tile != newest and not b.zones[z].interior
                    for n in b.neighbors(z, closed) if b.zones[n].tile == newest and not b.zones[n].interior)
    st.ghouls.clear()
    settle(g)
    for s in st.survivors.values():
        s.zone = src
    g.touch()
    return src, dst


@pytest.mark.parametrize("scene", ["S1", "S4", "S7", "S9", "S10"])

def test_p24_spawn_order_is_white_then_clockwise_on_the_scene_map(scene):
    """P. 24: "Repeat this for each Spawn Zone, one after the other, going clockwise from the white Spawn
    Zone." The expected order is computed here from the Zone centres around the board centre (screen
    coordinates, rows down: increasing atan2(row, col) is clockwise)."""
    g = new(scene)
    st = g.state
    b = g.board
    cr, cc = (b.rows - 1) / 2, (b.cols - 1) / 2
    zones = list(dict.fromkeys(z for z, c in st.spawns if c in ("white", "red")))
    white = next(z for z, c in st.spawns if c == "white")
    ang = {z: math.degrees(math.atan2(b.zones[z].centre[0] - cr, b.zones[z].centre[1] - cc)) % 360 for z in zones}
    want = sorted(zones, key=lambda z: (ang[z] - ang[white]) % 360)
    st.ghoul_deck = [1] * 10
    st.phase = "ghouls"
    st.queue = [Task("spawn_step")]
    n = len(g.events)
    while st.queue and not g.over:
        g.step()
    got = [e.data["zone"] for e in g.events[n:] if e.kind == "spawn_card"]
    assert list(dict.fromkeys(got)) == want


# ----------------------------------------------------------------------------- S1, P. 33
def _block_all_windows(g):
    st = g.state
    for w in g.scene.tokens.windows_to_barricade:
        st.opening_kind[w] = "barricade"
        st.opening_open[w] = False


def test_s1_won_when_every_window_is_barricaded_and_no_ghoul_in_the_house():
    """P. 33: "The game is won as soon as both conditions are met simultaneously: All indicated windows
    are blocked with closed Barricades (see special rules). There are no Ghouls in the house." """
    g = new("S1")
    st = g.state
    _block_all_windows(g)
    st.add_ghouls("3R:S", "walker", 1)  # a room of the house (the sitting room)
    g.touch()
    g.apply(Action("do_nothing", st.active))
    assert not g.over
    st.ghouls.clear()
    st.add_ghouls("4R:a", "walker", 3)  # Ghouls outside do not matter
    g.touch()
    g.apply(Action("do_nothing", st.active))
    assert g.over and st.result == "won"


def test_s1_not_won_with_one_window_open():
    """P. 33: *all* indicated windows."""
    g = new("S1")
    st = g.state
    _block_all_windows(g)
    w = g.scene.tokens.windows_to_barricade[0]
    st.opening_open[w] = True
    g.touch()
    g.apply(Action("do_nothing", st.active))
    assert not g.over


def test_s1_blocking_a_window_costs_one_action_and_earns_5_xp():
    """P. 33: "A Survivor carrying a Barricade token may spend 1 Action to block a window in their Zone.
    To do so, take a Barricade token from the Survivor's inventory and set it, in closed position,
    across the window. The Survivor earns 5 XP." """
    g = new("S1")
    st = g.state
    sid = st.active
    s = st.survivors[sid]
    w = "3R:ws4"  # the sitting room's window onto 3R's lawn
    s.zone = "3R:S"
    s.barricades = 1
    st.ghouls.clear()
    g.touch()
    left = g.actions_left(sid)
    act = next(a for a in g.legal_actions() if a.kind == "scene" and a.params[:2] == ("block_window", w))
    g.apply(act)
    settle(g)
    assert st.opening_open[w] is False and s.barricades == 0
    assert s.xp == 5
    assert g.actions_left(sid) == left - 1


def test_s1_taking_an_open_barricade_token_costs_one_action():
    """P. 33: "Each Barricade token straddles 2 Zones and may be taken by Survivors in any of these
    Zones, at the cost of a single Action. ... They do not take up space in the inventory"."""
    g = new("S1")
    st = g.state
    sid = st.active
    s = st.survivors[sid]
    s.zone = "3R:S"
    st.ghouls.clear()
    g.touch()
    inv = list(s.inventory())
    left = g.actions_left(sid)
    g.apply(next(a for a in g.legal_actions() if a.kind == "scene" and a.params[:2] == ("take_barricade", "3R:dh")))
    settle(g)
    assert s.barricades == 1 and s.inventory() == inv
    assert g.actions_left(sid) == left - 1


def test_s1_corpse_lady_flips_zombicide_survivors_and_blocks_the_search_beyond():
    """P. 33: "The first time a Survivor reaches the stairs' Zone on tile 3R, all Survivors in Zombicide
    Mode shift to Romero Mode. A Survivor standing in the Zone has to spend 2 Actions to remove the
    corpse. Until then, the Zone beyond it cannot be Searched!" """
    g = new("S1")
    st = g.state
    sid = st.active
    other = next(x for x in st.survivors if x != sid)
    st.survivors[other].mode = "zombicide"
    st.survivors[sid].zone = "1R:L"  # the living room, through the hall's doorway
    st.ghouls.clear()
    g.touch()
    g.apply(Action("move", sid, ("3R:H",)))
    settle(g)
    assert st.survivors[other].mode == "romero"
    assert st.survivors[sid].mode == "romero"
    left = g.actions_left(sid)
    for _ in range(2):
        g.apply(next(a for a in g.legal_actions() if a.kind == "scene" and a.params[0] == "remove_corpse"))
        settle(g)
    assert left == 2 and g.actions_left(sid) in (None, 0)  # "has to spend 2 Actions": her Turn is over
    nxt = st.active
    st.survivors[nxt].zone = "3R:U"  # up the Stairs, beyond the corpse: searchable now
    g.touch()
    assert [a for a in g.legal_actions() if a.kind == "search"]


def test_s1_corpse_beyond_zone_unsearchable_until_removed():
    """P. 33: "Until then, the Zone beyond it cannot be Searched!" — 3R:U is up the Stairs from 3R:H."""
    g = new("S1")
    st = g.state
    sid = st.active
    s = st.survivors[sid]
    s.zone = "3R:U"
    st.ghouls.clear()
    g.touch()
    assert not [a for a in g.legal_actions() if a.kind == "search"]
    st.flags["corpse_work"] = 2  # the 2 Actions were spent (see the test above)
    g.touch()
    assert [a for a in g.legal_actions() if a.kind == "search"]


def test_s1_stashes_only_in_zombicide_mode_and_in_their_zone():
    """P. 33: "The Melee and Ranged Equipment decks can only be Searched in the designated Zones (only
    while in Zombicide Mode)." """
    g = new("S1")
    st = g.state
    sid = st.active
    s = st.survivors[sid]
    (zmelee,) = [z for z, d in g.scene.tokens.stashes.items() if d == "melee"]
    st.ghouls.clear()
    s.zone = zmelee
    g.touch()
    assert sorted(a.params[0] for a in g.legal_actions() if a.kind == "search") == ["house"]  # Romero
    s.mode = "zombicide"
    g.touch()
    assert sorted(a.params[0] for a in g.legal_actions() if a.kind == "search") == ["house", "melee"]
    s.zone = "1R:L"
    g.touch()
    assert sorted(a.params[0] for a in g.legal_actions() if a.kind == "search") == ["house"]


def test_s1_trusting_each_other_giver_of_the_w94_may_switch_to_zombicide():
    """P. 33: "Any Survivor giving the Winchester 94 Starting Equipment to another Survivor with a
    Reorganize/Trade Action may switch to Zombicide Mode." (S2 variant: the W94 is dealt.)"""
    g = new("S2")
    st = g.state
    giver = next(x for x, s in st.survivors.items() if any(st.cards[u] == "winchester_94" for u in s.inventory()))
    st.active = giver
    g.touch()
    trades = [a for a in g.legal_actions() if a.kind == "trade"]
    assert trades
    g.apply(trades[0])
    asked = []
    for _ in range(40):
        if g.pending is None:
            break
        ch = g.pending
        asked.append(ch.kind)
        w94 = [o for o in ch.options if "winchester" in str(o).lower()
               or any(isinstance(x, int) and x < len(st.cards) and st.cards[x] == "winchester_94"
                      for x in (o if isinstance(o, (list, tuple)) else [o]))]
        if ch.kind == "scene:trust":
            g.choose("switch")
        elif w94:
            g.choose(w94[0])
        else:
            g.choose(ch.options[ch.default])
    assert "scene:trust" in asked, asked
    assert st.survivors[giver].mode == "zombicide"


# ----------------------------------------------------------------------------- S6, P. 39
def test_s6_fighting_through_the_herd_corner_exterior_zones_of_occupied_tiles():
    """P. 39: "As long as a tile has at least 1 Survivor on it, its corner exterior Zones are considered
    Spawn Zones. ... Corner interior Zones cannot spawn this way." The corners are computed here from
    the tile placements; the Survivors start on 1R, a Survivor steps onto 4R."""
    g = new("S6")
    st = g.state
    b = g.board

    def corners(tile):
        p = next(t for t in b.tiles if t.tile == tile)
        cells = [(p.row, p.col), (p.row, p.col + p.cols - 1), (p.row + p.rows - 1, p.col),
                 (p.row + p.rows - 1, p.col + p.cols - 1)]
        return {b.zone_at(c) for c in cells if b.zone_at(c) and not b.zones[b.zone_at(c)].interior}

    st.survivors["tom"].zone = "4R:a"
    g.touch()
    end_turns(g)
    while g.pending is None and not g.over:
        g.step()
    assert g.pending.kind == "scene:herd_start"
    assert set(g.pending.options) == corners("4R") | corners("1R")
    assert not corners("2V") & set(g.pending.options)


def test_s6_no_tile_removed_before_willard_is_first_reached():
    """P. 39: "As soon as a Survivor moves initially onto tile 2V, set tile 6R ... From then on, any tile
    is removed ..." — before that, empty tiles stay."""
    g = new("S6")
    run_round(g)
    assert tiles(g) == ["1R", "2V", "4R"]


def test_s6_entering_2v_places_6r_then_empty_tiles_go_at_the_end_phase():
    """P. 39: "As soon as a Survivor moves initially onto tile 2V, set tile 6R right next to it ... From
    then on, any tile is removed from the board as soon as there is no Survivor on it during an End
    Phase." Nobody is on 1R: it goes; 4R (Survivors) and 2V (Survivor) stay."""
    g = new("S6")
    st = g.state
    sid = st.active
    st.ghouls.clear()
    for x in st.survivors.values():
        x.zone = "4R:S"  # the study (the Survivors start in 1R's living room)
    st.survivors[sid].zone = "4R:b"  # 4R turned 270: its top row is lawns a, b, e under 2V's e, f, g
    g.touch()
    g.apply(Action("move", sid, ("2V:f",)))
    assert g.pending is not None and g.pending.kind == "scene:place_tile"
    assert {o[1] for o in g.pending.options} == {"6R"}
    g.choose(g.pending.options[g.pending.default])
    assert "6R" in tiles(g)
    run_round(g)
    assert "1R" not in tiles(g) and {"2V", "4R", "6R"} <= set(tiles(g))
    assert all(z in g.board.zones for z in st.ghouls)


def test_s6_a_tile_is_kept_if_removing_it_would_separate_the_survivors():
    """P. 39: "any tile is removed from the board as soon as there is no Survivor on it during an End
    Phase ... This rule doesn't apply if it would separate the Survivors by disrupting the board."
    Survivors on 4R and on 6R, nobody on 2V between them: 2V stays, 1R goes."""
    g = new("S6")
    st = g.state
    sid = st.active
    st.ghouls.clear()
    for x in st.survivors.values():
        x.zone = "4R:S"
    st.survivors[sid].zone = "4R:b"
    g.touch()
    g.apply(Action("move", sid, ("2V:f",)))
    ch = g.pending
    assert ch.kind == "scene:place_tile"
    chosen = None
    for opt in ch.options:
        trial = g.copy()
        trial.choose(opt)
        b = trial.board
        z6 = [z for z in b.zones if b.zones[z].tile == "6R"]
        if not any(b.zones[n].tile == "4R" for z in z6 for n in b.neighbors(z)):
            chosen = opt
            break
    assert chosen is not None
    g.choose(chosen)
    b = g.board
    z6 = sorted(z for z in b.zones if b.zones[z].tile == "6R" and not b.zones[z].interior)
    st.survivors[sid].zone = z6[0]
    g.touch()
    run_round(g)
    assert "2V" in tiles(g) and "6R" in tiles(g) and "4R" in tiles(g)
    assert "1R" not in tiles(g)


# ----------------------------------------------------------------------------- S8, P. 41
def _s8_to_the_cemetery(seed=2):
    """Play S8's road until 6V is set: each time, the posse steps onto the newest tile."""
    g = Game.new("S8", seed=seed)
    st = g.state
    placed = []
    ch = g.pending
    placed.append(ch.options[0][1])
    g.choose(ch.options[0])
    for _ in range(4):
        b = g.board
        newest = b.tiles[-1].tile
        closed = frozenset(o for o, v in st.opening_open.items() if not v)
        src, dst = next((z, n) for z in sorted(b.zones) if b.zones[z].tile != newest and not b.zones[z].interior
                        for n in b.neighbors(z, closed) if b.zones[n].tile == newest and not b.zones[n].interior)
        st.ghouls.clear()
        settle(g)
        sid = st.active
        st.survivors[sid].zone = src
        g.touch()
        assert st.car is None
        g.apply(Action("move", sid, (dst,)))
        ch = g.pending
        assert ch is not None and ch.kind == "scene:place_tile"
        placed.append(ch.options[0][1])
        g.choose(ch.options[0])
    return g, placed


def test_s8_road_grows_tile_by_tile_and_6v_comes_last_with_johnnys_car_in_its_centre():
    """P. 41: "As soon as a Survivor moves onto the first random tile, set another random tile from the
    Travelling Pile next to it ... When the Travelling Pile is exhausted, set 6V as the final tile,
    with Johnny's car on its center Zone. It can be driven." The centre Zone is read here from the
    centre cells of the 6V placement."""
    g, placed = _s8_to_the_cemetery()
    st = g.state
    assert sorted(placed[:4]) == ["1V", "2V", "3V", "4V"] and placed[4] == "6V"
    b = g.board
    p = next(t for t in b.tiles if t.tile == "6V")
    centre = {b.zone_at((p.row + r, p.col + c)) for r in (p.rows // 2 - 1, p.rows // 2)
              for c in (p.cols // 2 - 1, p.cols // 2)}
    assert st.car is not None and st.car["zone"] in centre


def _s8_everyone_at_the_car(g, driver: bool, ghoul_on_6v: bool):
    st = g.state
    car = st.car["zone"]
    st.ghouls.clear()
    for s in st.survivors.values():
        s.zone, s.in_car, s.driver = car, False, False
    if driver:
        s = st.survivors[st.active]
        s.in_car = s.driver = True
    if ghoul_on_6v:
        other = next(z for z in sorted(g.board.zones) if g.board.zones[z].tile == "6V" and z != car)
        st.add_ghouls(other, "walker", 1)
    g.touch()
    end_turns(g)
    while not g.over and g.state.phase == "players":
        g.step()


@pytest.mark.parametrize("driver,ghoul,won", [(True, False, True), (False, False, False), (True, True, False)])
def test_s8_win_all_on_6v_no_ghoul_there_and_a_driver_in_johnnys_car(driver, ghoul, won):
    """P. 41: "All Survivors are standing on tile 6V at the end of a Players' Phase. There are no Ghouls
    on tile 6V. There is a driver in Johnny's car." """
    g, _placed = _s8_to_the_cemetery()
    _s8_everyone_at_the_car(g, driver, ghoul)
    assert (g.state.result == "won") is won


def test_s6_travelling_posse_expands_in_the_printed_order():
    """P. 39: "As soon as a Survivor moves initially onto tile 2V, set tile 6R right next to it ...
    Repeat the process by expanding the board in the following order: 5V, 3V, 1V, 4V, and finally,
    2V." Each time a Survivor steps onto the newest tile, the next one is set. 1V, 2V and 4V "are added to
    the pile during the game" (the other faces of 1R, 2V, 4R), so the posse leaves tiles behind."""
    g = new("S6")
    st = g.state
    placed = []
    newest = "2V"
    for _ in range(6):
        src, dst = _posse_next_to(g, newest)  # the posse walks together, leaving empty tiles behind
        sid = st.active
        g.apply(Action("move", sid, (dst,)))
        ch = g.pending
        assert ch is not None and ch.kind == "scene:place_tile", placed
        tile = ch.options[0][1]
        placed.append(tile)
        g.choose(ch.options[0])
        newest = g.board.tiles[-1].tile
        assert newest == tile
        if tile == "2V":
            break
        st.ghouls.clear()
        run_round(g)  # End Phase: empty tiles leave (1R, 2V, 4R free their other faces 1V, 2V, 4V)
        assert not g.over
    assert placed == ["6R", "5V", "3V", "1V", "4V", "2V"]


def test_s10_first_spawn_reads_the_yellow_line():
    """P. 44: "Survivors start at the Yellow Danger Level." P. 24: read the most experienced Survivor's
    line. Card #1 at Yellow: 3 Walkers in each of the 4 Spawn Zones on round 1."""
    g = new("S10")
    st = g.state
    st.ghoul_deck = [1] * 8
    st.ghouls.clear()
    zones = sorted({z for z, _c in st.spawns})
    run_round(g)
    assert {z: st.ghouls_in(z)[0] for z in zones} == {z: 3 for z in zones}


@pytest.mark.parametrize("scene,drive", [("S4", True), ("S9", True), ("S10", True), ("S1", False)])
def test_p20_the_car_is_driven_only_if_the_scene_allows_it(scene, drive):
    """P. 20: "The Car can only be driven by the Driver, and only if the Scene allows it." S4 needs the
    pick-up on the pump, S9/S10 start in the Car; S1 has no Car rule."""
    g = new(scene)
    st = g.state
    if st.car is None:
        st.car = {"zone": "2R:a"}
    sid = st.active
    s = st.survivors[sid]
    for o in st.survivors.values():
        o.driver = False
    s.zone, s.in_car, s.driver = st.car["zone"], True, True
    st.ghouls.clear()
    g.touch()
    assert bool([a for a in g.legal_actions() if a.kind == "drive"]) is drive


def test_s6_herd_start_is_chosen_during_the_spawn_step():
    """P. 39 / P. 41: "Choose a starting Spawn Zone during each Spawn Step, then proceed clockwise." The
    choice comes after the Ghouls' Activation (the Walker outside has already moved)."""
    g = new("S6")
    st = g.state
    st.ghouls.clear()
    st.add_ghouls("4R:a", "walker", 1)
    g.touch()
    end_turns(g)
    n = len(g.events)
    while (g.pending is None or g.pending.kind == "ghoul_split") and not g.over:
        if g.pending is not None:  # the Walker's equal routes (P. 23): the players pick one
            g.choose(g.pending.options[g.pending.default])
        else:
            g.step()
    assert g.pending.kind == "scene:herd_start"
    kinds = [e.kind for e in g.events[n:]]
    assert "ghoul_move" in kinds or "ghoul_stay" in kinds
    assert "spawn_card" not in kinds


def test_s1_boards_card_discarded_for_a_barricade_token_without_xp():
    """P. 33: "Boards Equipment cards may be discarded to provide the Survivor with a Barricade token (no
    XP is gained.)" """
    g = new("S1")
    st = g.state
    sid = st.active
    s = st.survivors[sid]
    u = next(x for x in st.decks["house"] if st.cards[x] == "boards")
    st.decks["house"].remove(u)
    s.backpack.append(u)
    g.touch()
    xp = s.xp
    g.apply(next(a for a in g.legal_actions() if a.kind == "scene" and a.params[0] == "boards"))
    settle(g)
    assert s.barricades == 1 and u not in s.inventory() and s.xp == xp
    assert u in st.discards["house"]


def test_s6_win_all_survivors_on_the_final_2v_at_the_end_of_a_players_phase():
    """P. 39: "The game is won as soon as all the Survivors are standing on tile 2V at the end of a
    Players' Phase, after crossing the countryside". The posse walks to the final 2V (see the order
    test above); all six stand on it when the Players' Phase ends."""
    g = new("S6")
    st = g.state
    newest = "2V"
    for _ in range(6):
        src, dst = _posse_next_to(g, newest)
        g.apply(Action("move", st.active, (dst,)))
        g.choose(g.pending.options[0])
        newest = g.board.tiles[-1].tile
        if newest == "2V":
            break
        st.ghouls.clear()
        run_round(g)
    assert newest == "2V"
    b = g.board
    final = next(z for z in sorted(b.zones) if b.zones[z].tile == "2V" and not b.zones[z].interior)
    st.ghouls.clear()
    for s in st.survivors.values():
        s.zone = final
    g.touch()
    assert not g.over  # not before the end of the Players' Phase
    end_turns(g)
    while not g.over and st.phase == "players":
        g.step()
    assert st.result == "won"
