"""Scenes 2-10 (P. 34-44): tiles, maps, rules tables and special-rule hooks.

Every hook test runs the rule twice: with the Scene as shipped, and with that hook removed from
the Scene (``without``); the rule must hold in the first case and not in the second, so deleting
a hook fails its test. Expected values come from the rulebook text, never from the code under test.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

import nollab.rules.scenes  # noqa: F401  (registers the S2-S10 hooks)
from nollab.board import ZoneKind, load_map
from nollab.rules.combat.molotov import molotov, task_molotov_spawn
from nollab.rules.combat.tally import Attack
from nollab.rules.combat.targeting import kill
from nollab.rules.game import Game
from nollab.rules.scenes.scene import load_scene
from nollab.rules.engine.tasks import Task

from support import user_tile_9x, without

DATA = Path(__file__).resolve().parent.parent / "nollab" / "data"

# The tile grids printed in the English rulebook (P. 33-44), typed from the text.
LAYOUTS = {
    "S1": [["4R", "3R"], ["1R", "2R"]],
    "S2": [["4R", "3R"], ["1R", "2R"]],
    "S3": [["4R", "3R"], ["1R", "2R"]],
    "S4": [["5R", "3R"], ["4R", "1R"], ["6R", "2V"]],
    "S5": [["4R", "3R"], ["1R", "2R"]],
    "S7": [["2R", "3R"], ["5V", "4V"], ["6V", "1V"]],
    "S9": [["2R", "6R"], ["1V", "5V"], ["3R", "4R"]],
    "S10": [["6V", "5R", "3R"], ["1R", "2R", "4R"]],
}
# "Tiles needed" of every scene (P. 33-44); S6/S8 list the starting board.
START_TILES = {"S6": {"1R", "2V", "4R"}, "S8": {"5R"}}
TITLES = {"S2": "Is There a Key?", "S3": "They're Afraid of Fire", "S4": "Now, Let's Move It!",
          "S5": "Night of the Living Dead", "S6": "To Willard", "S7": "Go Get Johnny", "S8": "Johnny's Car",
          "S9": "Rescue Party", "S10": "Another One for the Fire"}
MODES = {"S2": "romero", "S3": "romero", "S4": "romero", "S5": "romero", "S6": "zombicide",
         "S7": "zombicide", "S8": "zombicide", "S9": "zombicide", "S10": "zombicide"}


def new(scene: str, seed: int = 0) -> Game:
    return Game.new(scene, seed=seed, history=False)


def scene_file_without(tmp_path: Path, scene: str, hook: str | None = None, **changes) -> str:
    """A copy of a shipped scene file (same [map]) with a hook removed or [scene] keys changed."""
    text = (DATA / "scenes" / f"{scene}.toml").read_text()
    doc = tomllib.loads(text)
    hooks = [h for h in doc["scene"]["hooks"] if h != hook]
    text = text.replace("hooks = [", "hooks_original = [", 1)
    head, sep, rest = text.partition("[scene]\n")
    extra = f"hooks = {hooks!r}\n".replace("'", '"')
    for k, v in changes.items():
        extra += f"{k} = {v}\n"
        rest = "\n".join(ln for ln in rest.splitlines() if not ln.startswith(f"{k} ="))
    p = tmp_path / f"{scene}.toml"
    p.write_text(head + sep + extra + rest.replace("hooks_original = [", "_hooks_unused = [", 1))
    return str(p)


def answer_setup(g: Game) -> None:
    while g.pending is not None and g.pending.kind.startswith("scene:"):
        g.choose(g.pending.options[0])


# ------------------------------------------------------------------------------ tiles and maps
NEW_TILES = ["5R", "6R", "1V", "2V", "3V", "4V", "5V", "6V"]


@pytest.mark.parametrize("tile", NEW_TILES)
def test_tile_files_say_they_are_transcribed_from_the_art_and_list_their_readings(tile):
    """Issue 11: each face transcribed from the printed tile art; every reading of the [tile]
    table is explained in the header comment ("Still a reading")."""
    from nollab.board import load_tile
    text = (DATA / "tiles" / f"{tile}.toml").read_text()
    header = text.split("[tile]")[0]
    assert text.startswith(f"# Tile {tile} — transcribed from the printed tile art")
    assert "reconstructed = false" in text
    t = load_tile(DATA / "tiles" / f"{tile}.toml")
    assert ("Still a reading" in header) is bool(t.readings)


@pytest.mark.parametrize("scene", sorted(LAYOUTS))
def test_layout_is_the_rulebook_tile_grid(scene):
    sm = load_map(scene)
    assert [list(r) for r in sm.layout] == LAYOUTS[scene]


def test_travelling_scenes_start_on_the_starting_board():
    for scene, tiles in START_TILES.items():
        assert {p.tile for p in load_map(scene).board.tiles} == tiles


@pytest.mark.parametrize("scene", [f"S{i}" for i in range(2, 11)])
def test_scene_tables(scene):
    sc = load_scene(scene)
    assert sc.title == TITLES[scene]
    assert sc.data["mode"] == MODES[scene]
    assert sc.data["difficulty"] in ("Easy", "Medium", "Hard") and sc.data["duration"] in (45, 60, 90)
    assert sc.data["objectives"]


def test_barn_is_one_building_of_four_rooms_with_a_passage_entrance():
    """FR l.689-696: "La grange est un bâtiment constitué de 4 zones intérieures" and "L'entrée de la
    grange forme un passage entre la zone extérieure et la pièce" (EN P. 9 "with the exception of
    the barn")."""
    b = load_map("S4").board
    barn = [z for z, zone in b.zones.items() if zone.tile == "5R" and zone.interior]
    assert sorted(barn) == ["5R:E", "5R:N", "5R:O", "5R:W"]  # one per square of the printed barn
    assert b.house(barn[0]) == frozenset(barn)
    # the entrance: the east side of the south-east square, where the printed frame is missing
    entrances = [o for o in b.openings.values() if len(set(o.zones) & set(barn)) == 1]
    assert {frozenset(o.zones) for o in entrances} == {frozenset({"5R:E", "5R:s"})}
    assert all(o.kind == "passage" for o in entrances)
    # no inner walls: every square of the barn reaches its two neighbours
    assert set(b.neighbors("5R:N", frozenset())) == {"5R:O", "5R:W"}
    assert sum(1 for p in b.tiles for z in b.zones.values() if z.tile == p.tile and z.interior
               and len(b.house(z.id)) == 4 and "barn" in z.label) == 4  # the barn is on a single tile


def test_pump_zone_and_cemetery_centre_are_exterior():
    """S4 "the Car is on the indicated pump Zone" and S8 "Johnny's car on its center Zone": the
    Car stands in exterior Zones only (P. 21)."""
    s4 = load_map("S4")
    pump = s4.tokens.markers_of("pump")[0].zone
    assert pump.startswith("5R:") and s4.board.zones[pump].kind is ZoneKind.EXTERIOR
    s10 = load_map("S10").board
    centre = s10.zone_at((2, 2))  # 6V is the top-left tile: its centre cells are r3-4 c3-4
    assert centre == s10.zone_at((3, 3)) and s10.zones[centre].kind is ZoneKind.EXTERIOR
    assert centre == "6V:s" and load_scene("S8").data["travel"]["final_car"] == centre
    (pump,) = s4.board.features_of("pump")  # the printed pump stands in the indicated Zone
    assert pump.zone == s4.tokens.markers_of("pump")[0].zone


def _drive_reach(board, start):
    seen, todo = {start}, [start]
    while todo:
        for n in board.car_neighbors(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen


def test_s4_the_pickup_can_drive_to_the_pump():
    sm = load_map("S4")
    assert sm.tokens.markers_of("pump")[0].zone in _drive_reach(sm.board, sm.tokens.car)


@pytest.mark.parametrize("scene", sorted(LAYOUTS) + ["S6"])
def test_every_outdoor_zone_can_be_walked_to(scene):
    """Every exterior, Corn Field and Wood Zone can be walked to from every other one (Actors
    cross Corn Fields and Woods normally, P. 31): no printed field is cut off."""
    b = load_map(scene).board
    outdoor = [z for z, zone in b.zones.items() if zone.kind is not ZoneKind.INTERIOR]
    dist = b.distances_to(outdoor[0], frozenset())
    assert all(z in dist for z in outdoor)


def test_the_dirt_roads_the_travelling_scenes_extend():
    """"as to extend the road" (P. 39, P. 41): the art's dirt roads (two wheel ruts) leave the
    printed faces on these sides (tiles as printed, north/east/south/west)."""
    from nollab.rules.scenes.travel_board import road_sides, tile_def
    expected = {"5R": {"north", "south"}, "6R": {"east", "west"}, "1V": {"west", "south"},
                "2V": {"east"}, "3V": {"east", "west"}, "4V": {"east", "west", "south"},
                "5V": {"east", "south"}, "6V": {"north", "east"}}
    assert {t: road_sides(tile_def(t)) for t in expected} == expected
    # turned with the tile: 6R a quarter clockwise runs north-south, 1V half a turn exits east/north
    assert road_sides(tile_def("6R").rotated(90)) == {"north", "south"}
    assert road_sides(tile_def("1V").rotated(180)) == {"east", "north"}


def test_s9_closed_houses_are_the_buildings_with_every_exit_closed():
    """S9 on the printed tiles: 2R's kitchen and pantry, 2R's basement stairs (walled from the
    kitchen, they open only through their doorway on the tile's east border, onto 6R) and the
    3R-4R house (sitting room, hall, staircase, study): every way out of each is closed by a
    Door or a Barricade."""
    g = new("S9")
    answer_setup(g)
    closed = set(g.state.flags["closed_houses"])
    b = g.board
    houses = b.houses()
    assert sorted(sorted(houses[h]) for h in closed) == [
        ["2R:B"], ["2R:K", "2R:S"], ["3R:H", "3R:S", "3R:U", "4R:S"]]
    assert closed == set(houses)


# ------------------------------------------------------------------------------ S2, S4, S5: the house
@pytest.mark.parametrize("scene", ["S2", "S4", "S5"])
def test_a_ghoul_in_the_house_at_the_end_of_a_players_phase_loses(scene):
    """"The game is lost whenever there is at least 1 Ghoul in the house at the end of a Players'
    Phase." (P. 34, 36, 37)"""
    for drop in (False, True):
        g = new(scene)
        if drop:
            without(g, "house_under_siege")
        g.state.add_ghouls("1R:L", "walker", 1)  # the living room is a room of the house in every layout
        g.scene.end_of_players_phase(g._ctx())
        assert (g.state.result == "lost") is (not drop)


def test_s2_no_loss_while_the_ghouls_stay_outside():
    g = new("S2")
    g.state.add_ghouls("4R:a", "walker", 3)
    g.scene.end_of_players_phase(g._ctx())
    assert g.state.result is None


def test_s2_house_deck_exhausted_wins():
    """"The game is won as soon as the House Equipment deck is exhausted." (P. 34)"""
    for drop in (False, True):
        g = new("S2")
        if drop:
            without(g, "house_deck_exhausted")
        g.scene.check(g._ctx())
        assert g.state.result is None
        g.state.discards["house"] += g.state.decks["house"]
        g.state.decks["house"] = []
        g.scene.check(g._ctx())
        assert (g.state.result == "won") is (not drop)


def test_s3_siege_broken_when_no_ghouls_and_a_single_spawn_zone():
    """"There are no Ghouls on the board. All Ghoul Spawn tokens are gathered into a single Spawn
    Zone." (P. 35)"""
    for drop in (False, True):
        g = new("S3")
        if drop:
            without(g, "break_the_siege")
        st = g.state
        st.ghouls = {}
        g.scene.check(g._ctx())
        assert st.result is None  # 4 Spawn Zones
        st.spawns = [["4R:a", c] for _z, c in st.spawns]
        st.add_ghouls("2R:b", "walker", 1)
        g.scene.check(g._ctx())
        assert st.result is None  # a Ghoul left
        st.ghouls = {}
        g.scene.check(g._ctx())
        assert (st.result == "won") is (not drop)


def test_s3_survivors_spread_over_the_starting_zones():
    """"Spread Survivors ... among the Survivor Starting Zones, with at least 1 Survivor per Zone." (P. 35)"""
    g = new("S3")
    areas = load_map("S3").tokens.starting_areas
    zones = {s.zone for s in g.state.survivors.values()}
    assert zones == set(areas.values())


def test_s4_zones_of_5r_cannot_be_targeted_by_ranged_actions():
    """"Watch out for the pump! Zones on tile 5R cannot be targeted by Ranged Actions." (P. 36)"""
    for drop in (False, True):
        g = new("S4")
        if drop:
            without(g, "watch_out_for_the_pump")
        ctx = g._ctx()
        s = next(iter(g.state.survivors.values()))
        assert g.scene.can_target(ctx, s, "5R:P") is drop
        assert g.scene.can_target(ctx, s, "5R:a") is drop
        assert g.scene.can_target(ctx, s, "3R:b") is True


def test_s4_refuel_wins_with_the_car_on_the_pump_and_5r_clear():
    """"The Car is on the indicated pump Zone. There are no Ghouls on tile 5R." (P. 36)"""
    for drop in (False, True):
        g = new("S4")
        if drop:
            without(g, "refuel_the_pickup")
        st = g.state
        assert st.car == {"zone": "4R:d"}  # Ben's pick-up starts in the front yard
        st.car["zone"] = "5R:P"
        st.add_ghouls("5R:b", "walker", 1)
        g.scene.check(g._ctx())
        assert st.result is None
        st.ghouls.pop("5R:b")
        st.add_ghouls("3R:b", "walker", 1)  # not on 5R: does not matter
        g.scene.check(g._ctx())
        assert (st.result == "won") is (not drop)


def test_s5_orange_and_a_relative_each_wins():
    """"All Survivors are at Orange Danger Level (or higher). Each Survivor has killed 1 Relative
    (or more)." (P. 37) Orange starts at 19 XP (P. 14)."""
    for drop in (False, True):
        g = new("S5")
        if drop:
            without(g, "survive_the_night")
        for s in g.state.survivors.values():
            s.xp = s.xp_total = 19
            s.kills["relative"] = 1
        last = list(g.state.survivors.values())[-1]
        last.kills["relative"] = 0
        g.scene.check(g._ctx())
        assert g.state.result is None
        last.kills["relative"] = 2
        last.xp = last.xp_total = 18  # Yellow
        g.scene.check(g._ctx())
        assert g.state.result is None
        last.xp = last.xp_total = 19
        g.scene.check(g._ctx())
        assert (g.state.result == "won") is (not drop)


# ------------------------------------------------------------------------------ Armory, S6 house
def test_armory_lets_any_survivor_draw_melee_and_ranged():
    """"Armory. Any Survivor performing a Search Action may draw from the House, Melee, or Ranged
    Equipment deck of their choice." (P. 41) — also in Romero Mode (Relative on the board)."""
    from nollab.rules.players.search import search_sources
    for drop in (False, True):
        g = new("S9")
        answer_setup(g)
        if drop:
            without(g, "armory")
        s = next(iter(g.state.survivors.values()))
        s.zone, s.in_car, s.mode = "4R:S", False, "romero"  # the study of the 3R-4R house
        got = set(search_sources(g._ctx(), s))
        assert got == ({"house"} if drop else {"house", "melee", "ranged"})


def test_s6_house_cannot_be_searched_once_a_door_or_barricade_is_opened():
    """"Oh, I'd like to leave, yes. The house can no longer be Searched as soon as a Barricade or a
    Door is opened." (P. 39)"""
    from nollab.rules.players.search import search_sources
    for drop in (False, True):
        g = new("S6")
        answer_setup(g)
        if drop:
            without(g, "leave_the_house")
        s = next(iter(g.state.survivors.values()))
        s.zone = "4R:S"  # the study: another room of the farmhouse
        assert search_sources(g._ctx(), s)
        g.state.set_open("1R:df", True)  # the front door (closed at setup) is opened
        g.scene.check(g._ctx())
        assert bool(search_sources(g._ctx(), s)) is drop


# ------------------------------------------------------------------------------ S7, S10 white token
def _molotov_offer(g: Game, zone: str) -> list | None:
    """Run the Molotov's Spawn-token step (P. 29) on ``zone``; the options offered, or None."""
    ctx = g._ctx()
    tokens = sum(1 for z, _c in g.state.spawns if z == zone)
    sid = next(iter(g.state.survivors))
    g.state.pending = None
    g.state.queue.clear()
    task_molotov_spawn(ctx, sid, zone, tokens)
    return None if g.state.pending is None else list(g.state.pending.options)


@pytest.mark.parametrize("scene,hook", [("S7", "johnny_was_here"), ("S10", "infected_cemetery")])
def test_white_spawn_token_cannot_be_removed(scene, hook):
    """"Johnny was here" (P. 40) / "Infected cemetery" (P. 44): "The white Ghoul Spawn token cannot
    be removed." A Molotov on its Zone may move a token away (P. 29), never the white one: the
    move is not even offered (``can_move_spawn``)."""
    for drop in (False, True):
        g = new(scene)
        answer_setup(g)
        if drop:
            without(g, hook)
        white = next(z for z, c in g.state.spawns if c == "white")
        assert g.board.zones[white].tile == "6V" and "graves" in g.board.zones[white].label
        other = next(z for z, c in g.state.spawns if c != "white")
        opts = _molotov_offer(g, white)
        if not drop:
            assert opts is None
            continue
        assert other in opts
        g.choose(other)
        assert next(z for z, c in g.state.spawns if c == "white") == other


def test_white_token_stays_and_a_red_token_of_its_zone_moves_instead():
    """P. 29 + P. 44: "any Ghoul Spawn token in the targeted Zone may be moved": the red one of the
    white Zone may; then only the white one is left there and nothing more is offered."""
    g = new("S10")
    answer_setup(g)
    g.state.spawns = [["6V:g", "white"], ["6V:g", "red"], ["3R:b", "red"]]
    assert _molotov_offer(g, "6V:g") == ["stay", "3R:b"]
    g.choose("3R:b")
    assert sorted(map(tuple, g.state.spawns)) == [("3R:b", "red"), ("3R:b", "red"), ("6V:g", "white")]
    assert g.state.pending is None


def _kill(g: Game, zone: str, gtype: str) -> None:
    sid = next(iter(g.state.survivors))
    g.state.add_ghouls(zone, gtype, 1)
    kill(g._ctx(), Attack(sid, "melee", zone, hits=1, kills=0), gtype)


def test_s7_a_relative_eliminated_on_the_white_spawn_zone_wins():
    """"R.I.P. Johnny. The game is won as soon as a Relative is eliminated on the white Spawn Zone." (P. 40)"""
    for drop in (False, True):
        g = new("S7")
        if drop:
            without(g, "rip_johnny")
        _kill(g, "6V:k", "walker")  # S7's white Spawn Zone: the south-west graves
        _kill(g, "3R:b", "relative")
        g.scene.check(g._ctx())
        assert g.state.result is None
        _kill(g, "6V:k", "relative")
        g.scene.check(g._ctx())
        assert (g.state.result == "won") is (not drop)


def _throw_molotov(g: Game, zone: str) -> None:
    st = g.state
    sid = next(iter(st.survivors))
    uid = st.supply["molotov"].pop() if st.supply.get("molotov") else st.cards.index("molotov")
    st.survivors[sid].hands[0] = uid
    molotov(g._ctx(), sid, 0, zone)
    st.queue.clear()
    st.pending = None


def test_s10_purge_needs_every_token_on_white_then_a_molotov_there():
    """"all Ghoul Spawn tokens are gathered on the White Spawn Zone, then a Molotov is thrown at
    that Zone." (P. 44)"""
    for drop in (False, True):
        g = new("S10")
        answer_setup(g)
        if drop:
            without(g, "purge_the_district")
        for s in g.state.survivors.values():
            s.zone, s.in_car = "3R:a", False
        _throw_molotov(g, "6V:g")  # tokens not gathered yet
        g.scene.check(g._ctx())
        assert g.state.result is None
        g.state.spawns = [["6V:g", c] for _z, c in g.state.spawns]
        g.scene.check(g._ctx())
        assert g.state.result is None  # gathered, but no Molotov thrown since
        _throw_molotov(g, "6V:g")
        g.scene.check(g._ctx())
        assert (g.state.result == "won") is (not drop)



def test_s7_s10_objectives_see_the_events_of_a_fork():
    """A fork (the odds, the forecast, the planners) starts with an empty event log; S7's "as soon as
    a Relative is eliminated on the white Spawn Zone" (P. 40) and S10's "then a Molotov is thrown at
    that Zone" (P. 44) read the events logged since they last looked, so they must count the fork's
    own events after the parent's, or a fork never wins where the game does."""
    g = new("S7")
    for _ in range(40):
        g.step()
    assert g.events
    f = g.fork()
    _kill(f, "6V:k", "relative")
    f.scene.check(f._ctx())
    assert f.state.result == "won"
    g = new("S10")
    answer_setup(g)
    for s in g.state.survivors.values():
        s.zone, s.in_car = "3R:a", False
    g.state.spawns = [["6V:g", c] for _z, c in g.state.spawns]
    g.scene.check(g._ctx())
    assert g.events and g.state.result is None
    f = g.fork().fork()  # a fork of a fork counts both parents' events
    _throw_molotov(f, "6V:g")
    f.scene.check(f._ctx())
    assert f.state.result == "won"

# ------------------------------------------------------------------------------ S9, S10 car start
def test_s9_opening_a_closed_house_draws_a_ghoul_card_per_room():
    """"Opening a closed house for the first time reveals all the Ghouls inside all rooms of the
    house ... draw a Ghoul card for each Zone." (P. 42)"""
    for drop in (False, True):
        g = new("S9")
        answer_setup(g)
        if drop:
            without(g, "spawning_in_houses")
        g.state.queue.clear()
        g.state.set_open("2R:dbk", True)  # the kitchen's back door of the 2R house
        g.scene.check(g._ctx())
        assert g.state.queue == ([] if drop else [Task("spawn_card", ("2R:K",)), Task("spawn_card", ("2R:S",))])
        g.state.queue.clear()
        g.scene.check(g._ctx())
        assert g.state.queue == []  # only the first time


def test_s9_every_interior_zone_searched_wins():
    """"The game is won as soon as every interior Zone has been Searched at least once." (P. 42)"""
    for drop in (False, True):
        g = new("S9")
        answer_setup(g)
        if drop:
            without(g, "search_every_room")
        sid = next(iter(g.state.survivors))
        rooms = sorted(z for z, zone in g.board.zones.items() if zone.interior)
        assert len(rooms) == 7  # 2R: kitchen, pantry, basement stairs; 3R: sitting room, hall, staircase; 4R: study
        for z in rooms[:-1]:
            g.state.survivors[sid].zone = z
            g.scene.searched(g._ctx(), sid, "house", 0)
        g.scene.check(g._ctx())
        assert g.state.result is None
        g.state.survivors[sid].zone = rooms[-1]
        g.scene.searched(g._ctx(), sid, "house", 0)
        g.scene.check(g._ctx())
        assert (g.state.result == "won") is (not drop)


@pytest.mark.parametrize("scene", ["S9", "S10"])
def test_survivors_start_in_the_car_and_choose_the_driver_after_the_deal(scene, tmp_path):
    """"Survivors start in the Car. Choose the driver after the Starting Equipment distribution." (P. 42, 44)"""
    g = new(scene)
    assert g.pending is not None and g.pending.kind == "scene:driver"
    car = g.state.car["zone"]
    assert all(s.in_car and s.zone == car and s.inventory() for s in g.state.survivors.values())
    g.choose("judy")
    assert [s.id for s in g.state.survivors.values() if s.driver] == ["judy"]
    g2 = Game.new(scene_file_without(tmp_path, scene, "start_in_the_car"), seed=0, history=False)
    assert not any(s.in_car for s in g2.state.survivors.values())


def test_s10_survivors_start_at_yellow(tmp_path):
    """"Survivors start at the Yellow Danger Level." (P. 44) Yellow is 7-18 XP (P. 14)."""
    from nollab.rules.survivors.experience import level_of
    g = new("S10")
    answer_setup(g)
    assert all(level_of(g.content, s) == 1 and s.xp == 7 for s in g.state.survivors.values())
    g2 = Game.new(scene_file_without(tmp_path, "S10", start_xp=0), seed=0, history=False)
    assert all(level_of(g2.content, s) == 0 for s in g2.state.survivors.values())


# ------------------------------------------------------------------------------ P. 32 options
def test_difficulty_tuning_options(tmp_path):
    """"Ghoul cards #1 to #21 form the easier part ... #43 to #46 are Barricades and Doors Opening ...
    Add or remove them" (P. 32)."""
    p = scene_file_without(tmp_path, "S2")
    text = Path(p).read_text().replace('ghoul_cards = "1-46"', 'ghoul_cards = "1-21, 43-46"') \
        .replace("opening_cards = true", "opening_cards = false").replace("ultrared = false", "ultrared = true")
    Path(p).write_text(text)
    g = Game.new(p, seed=3, history=False)
    assert sorted(g.state.ghoul_deck) == list(range(1, 22))
    assert g.options.get("ultrared") is True
    assert len(new("S2", 3).state.ghoul_deck) == 46
    g3 = Game.new(p, seed=3, history=False, options={"ghoul_cards": list(range(22, 43))})
    assert sorted(g3.state.ghoul_deck) == list(range(22, 43))  # Game.new options win


def test_difficulty_tuning_removed_keeps_every_card(tmp_path):
    p = Path(scene_file_without(tmp_path, "S2", "difficulty_tuning"))
    p.write_text(p.read_text().replace('ghoul_cards = "1-46"', 'ghoul_cards = "1-21"'))
    assert len(Game.new(str(p), seed=3, history=False).state.ghoul_deck) == 46


def test_bad_card_range_names_the_field(tmp_path):
    p = Path(scene_file_without(tmp_path, "S2"))
    p.write_text(p.read_text().replace('ghoul_cards = "1-46"', 'ghoul_cards = "1-99"'))
    with pytest.raises(ValueError, match=r"\[scene.options\] ghoul_cards"):
        Game.new(str(p), seed=0, history=False)


# ------------------------------------------------------------------------------ user scene files
USER_TILE = user_tile_9x('c = { kind = "corn", label = "corn field" }')

USER_SCENE = '''
[map]
tiles_dir = "../tiles"
layout = "9X 2R"
spawns = [{ zone = "9X:a", colour = "white" }, { zone = "2R:c" }]
starting_areas = { "1" = "9X:b" }

[scene]
title = "My shed"
mode = "zombicide"
start = { "1" = ["barbra", "ben"] }
hooks = ["break_the_siege", "armory"]
'''


def _user_box(tmp_path: Path, scene_text: str) -> Path:
    (tmp_path / "tiles").mkdir()
    (tmp_path / "scenes").mkdir()
    (tmp_path / "tiles" / "9X.toml").write_text(USER_TILE)
    p = tmp_path / "scenes" / "MY.toml"
    p.write_text(scene_text)
    return p


def test_a_user_scene_with_its_own_tile_loads_and_plays(tmp_path):
    p = _user_box(tmp_path, USER_SCENE)
    g = Game.new(str(p), seed=1, history=False)
    assert {s.zone for s in g.state.survivors.values()} == {"9X:b"}
    assert [h.hook_name for h in g.scene.hooks] == ["break_the_siege", "armory"]
    from nollab.sim.policy import make_policy
    g.run_until("end", make_policy("random", 1), max_rounds=40)
    assert g.state.result in ("won", "lost")


@pytest.mark.parametrize("bad,match", [
    ('spawns = [{ zone = "9X:a", colour = "white" }, { zone = "2R:c" }]',
     r"MY.toml.*spawns\[0\]: unknown zone '9X:z'"),
    ('hooks = ["break_the_siege", "armory"]', r"MY.toml.*unknown hook\(s\) \['no_such_rule'\]"),
])
def test_a_user_scene_is_validated_and_errors_name_the_file(tmp_path, bad, match):
    good = bad
    bad = bad.replace('"9X:a", colour', '"9X:z", colour').replace('"armory"]', '"no_such_rule"]')
    p = _user_box(tmp_path, USER_SCENE.replace(good, bad))
    with pytest.raises(ValueError, match=match):
        Game.new(str(p), seed=1, history=False)


def test_s4_no_ranged_action_into_5r_in_the_legal_actions():
    """The engine asks the Scene before listing a Ranged Action (P. 36 "Watch out for the pump!")."""
    for drop in (False, True):
        g = new("S4")
        if drop:
            without(g, "watch_out_for_the_pump")
        st = g.state
        sid = st.active
        assert sid is not None
        s = st.survivors[sid]
        s.zone = "5R:s"  # the dirt road beside the pump Zone
        s.hands[0] = next(u for u, c in enumerate(st.cards) if c == "winchester_94")
        st.add_ghouls("5R:P", "walker", 1)
        g._legal_key = None
        ranged = [a for a in g.legal_actions() if a.kind == "ranged"]
        assert bool([a for a in ranged if a.params[-1] == "5R:P"]) is drop
