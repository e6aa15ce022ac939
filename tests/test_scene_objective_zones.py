"""``Hook.objective_zones`` / ``Scene.objective_zones``: where each Scene's objective is (P. 33-44),
checked against what the scene file and the rulebook say, computed here from the map tokens, the
Board and the state directly."""
from __future__ import annotations

from nollab.rules.game import Game
from nollab.rules.engine.policies import RandomPolicy
from nollab.rules.scenes.hooks import Hook
from nollab.sim.heuristic import HeuristicPolicy


def zones_of(g: Game) -> dict[str, list[str]]:
    return g.scene.objective_zones(g._ctx())


def marker(g: Game, kind: str) -> str:
    return next(m.zone for m in g.scene.tokens.markers if str(m.kind) == kind)


def test_s1_windows_are_the_rooms_beside_the_indicated_windows_until_blocked():
    """S1 (P. 33): "All indicated windows are blocked with closed Barricades": the rooms beside
    each indicated window, and a window blocked by a closed Barricade drops out."""
    g = Game.new("S1", seed=3, history=False)
    b = g.board
    wins = list(g.scene.tokens.windows_to_barricade)
    want = list(dict.fromkeys(z for w in wins for z in b.openings[w].zones if str(b.zones[z].kind) == "interior"))
    assert zones_of(g) == {"windows": want} and want
    w0 = wins[0]
    g.state.opening_kind[w0] = "barricade"
    g.state.set_open(w0, False)
    left = list(dict.fromkeys(z for w in wins[1:] for z in b.openings[w].zones if str(b.zones[z].kind) == "interior"))
    assert zones_of(g)["windows"] == left


def test_house_under_siege_scenes_name_the_house_rooms():
    """S2 (P. 34), S4 (P. 36), S5 (P. 37): "at least 1 Ghoul in the house" loses: the house is
    every room of the building marked ``objective-house``."""
    for scene in ("S2", "S4", "S5"):
        g = Game.new(scene, seed=1, history=False)
        house = g.board.house(marker(g, "objective-house"))
        assert zones_of(g)["house"] == sorted(house) and house, scene


def test_s3_spawns_are_the_zones_holding_spawn_tokens():
    """S3 (P. 35): "All Ghoul Spawn tokens are gathered into a single Spawn Zone"."""
    g = Game.new("S3", seed=1, history=False)
    got = zones_of(g)["spawns"]
    assert sorted(got) == sorted({z for z, _c in g.state.spawns}) and len(got) == len(set(got)) > 1


def test_s4_pump_is_the_marked_pump_zone():
    """S4 (P. 36): "The Car is on the indicated pump Zone"."""
    g = Game.new("S4", seed=1, history=False)
    assert zones_of(g)["pump"] == [marker(g, "pump")]


def test_s7_and_s10_white_is_the_white_spawn_zone():
    """S7 (P. 40) a Relative eliminated on the white Spawn Zone; S10 (P. 44) every token gathered
    on the White Spawn Zone (the other Spawn Zones are still to burn)."""
    for scene in ("S7", "S10"):
        g = Game.new(scene, seed=1, history=False)
        whites = [z for z, c in g.state.spawns if c == "white"]
        assert zones_of(g)["white"] == whites[:1] and len(whites) == 1, scene
    g = Game.new("S10", seed=1, history=False)
    assert set(zones_of(g)["spawns"]) == {z for z, c in g.state.spawns} - {zones_of(g)["white"][0]}


def test_s9_unsearched_are_the_rooms_not_searched_yet():
    """S9 (P. 42): "every interior Zone has been Searched at least once"."""
    g = Game.new("S9", seed=1, history=False)
    rooms = sorted(z for z, zone in g.board.zones.items() if str(zone.kind) == "interior")
    assert zones_of(g)["unsearched"] == rooms
    g.state.flags["searched_zones"] = rooms[:2]
    assert zones_of(g)["unsearched"] == rooms[2:]


def test_s6_tile_is_the_newest_tile_and_never_a_tile_that_left():
    """S6 (P. 39): walk onto the newest tile; tiles without Survivors leave the board in the End
    Phase, and their Zones are never offered."""
    g = Game.new("S6", seed=1, history=False)
    tr = g.state.flags["travel"]
    assert zones_of(g)["tile"] == [z for z, zone in g.board.zones.items() if zone.tile == tr["frontier"]]
    removed = False
    for seed in range(1, 6):
        g = Game.new("S6", seed=seed, history=False)
        pol = HeuristicPolicy(seed)  # it travels (a random player rarely leaves the first tiles)
        while not g.over and g.state.round <= 15:
            g.step(pol)
            tr = g.state.flags["travel"]
            got = zones_of(g)
            assert all(z in g.board.zones for zs in got.values() for z in zs)
            tile = tr["tiles"][-1][0] if tr.get("final") else tr.get("frontier")
            want = [z for z, zone in g.board.zones.items() if zone.tile == tile] if tile else []
            assert got["tile"] == want
            removed |= any(e.kind == "tile_removed" for e in g.events[-5:])
        if removed:
            break
    assert removed, "no tile left the board in the games played"


def test_s8_tile_zones_follow_the_road():
    """S8 (P. 41): the newest tile of the road, then 6V."""
    g = Game.new("S8", seed=2, history=False)
    pol = RandomPolicy(2)
    while g.state.flags["travel"].get("frontier") is None and not g.over and g.state.round <= 3:
        g.step(pol)
    tr = g.state.flags["travel"]
    assert zones_of(g)["tile"] == [z for z, zone in g.board.zones.items() if zone.tile == tr["frontier"]]
    assert zones_of(g)["tile"]


def test_scene_merges_hooks_in_order_and_drops_zones_off_the_board():
    """Several hooks naming the same objective are merged (each Zone once, hook order); a Zone
    not on the Board now (a tile that left, S6/S8) is dropped; the default hook says nothing."""
    g = Game.new("S2", seed=1, history=False)
    house = zones_of(g)["house"]

    class Extra(Hook):
        def objective_zones(self, ctx):
            return {"house": ["nowhere", house[0]], "pump": ["gone:1", house[-1]]}

    assert Hook(g.scene).objective_zones(g._ctx()) == {}
    g.scene.hooks = g.scene.hooks + [Extra(g.scene)]
    got = zones_of(g)
    assert got["house"] == house and got["pump"] == [house[-1]]
