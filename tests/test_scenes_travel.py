"""Travelling Scenes S6 "To Willard" (P. 39) and S8 "Johnny's Car" (P. 41): tiles added when the
Survivors reach the newest tile, empty tiles removed in the End Phase without splitting the
board, Fighting through the herd (corner exterior Spawn Zones), and the two objectives."""
from __future__ import annotations

import pytest

import nollab.rules.scenes  # noqa: F401  (registers the hooks)
from nollab.board import ZoneKind
from nollab.rules.scenes import travel_board as travel
from nollab.rules.engine.actions import Action
from nollab.rules.game import Game
from nollab.rules.engine.policies import FirstPolicy

from support import without


def new(scene: str, seed: int = 0) -> Game:
    g = Game.new(scene, seed=seed, history=False)
    settle(g)
    return g


def settle(g: Game) -> None:
    """Let the hooks act (``check`` runs after every action) and set new tiles the default way."""
    g.scene.check(g._ctx())
    while g.pending is not None and g.pending.kind == "scene:place_tile":
        g.choose(g.pending.options[g.pending.default])


def tiles(g: Game) -> list[str]:
    return [p.tile for p in g.board.tiles]


def walk_all(g: Game, zone: str) -> None:
    """Every Survivor steps into ``zone`` (the scene's "moves onto" trigger runs for each)."""
    ctx = g._ctx()
    for s in g.state.survivors.values():
        s.zone = zone
        g.scene.zone_entered(ctx, s.id, zone)
    settle(g)


def outdoor_zone(g: Game, tile: str) -> str:
    return next(z for z, zone in g.board.zones.items() if zone.tile == tile and zone.kind is ZoneKind.EXTERIOR)


def end_phase(g: Game) -> None:
    g.scene.end_phase(g._ctx())
    settle(g)


# ------------------------------------------------------------------------------ geometry
def test_corner_zones_exclude_interior_corners():
    """"its corner exterior Zones are considered Spawn Zones ... Corner interior Zones cannot spawn
    this way." (P. 39) 4R turned 270 degrees in S6: its printed corners r1c6 (lawn a), r6c6 (lawn
    e), r6c1 (lawn c) and r1c1 (the hall, a room) are now top-left, top-right, bottom-right and
    bottom-left; 2V as printed has four lawn and grass corners."""
    from nollab.rules.spawn.spawn_zones import herd_spawn_zones
    g = new("S6")
    assert sorted(herd_spawn_zones(g.board, ["4R:S"])) == ["4R:a", "4R:c", "4R:e"]
    assert sorted(herd_spawn_zones(g.board, ["2V:d"])) == ["2V:a", "2V:b", "2V:e", "2V:g"]


def test_removable_tiles_never_split_the_board():
    """"This rule doesn't apply if it would separate the Survivors by disrupting the board." (P. 39)"""
    line = (("A", 0, 0, 0), ("B", 0, 1, 0), ("C", 0, 2, 0))
    assert travel.removable_tiles(line, occupied={"A", "C"}) == []
    assert travel.removable_tiles(line, occupied={"C"}) == ["A", "B"]
    assert travel.removable_tiles(line, occupied={"A"}, keep=["C"]) == []


def test_placement_extends_the_road_on_a_free_side():
    """"set tile 6R right next to it, in any way you want, as to extend the road" (P. 39)."""
    start = (("2V", 0, 1, 0), ("1R", 1, 0, 0), ("4R", 1, 1, 0))
    opts = travel.placement_options(start, "2V", "6R")
    assert opts
    taken = {(r, c) for _t, r, c, _rot in start}
    for t, r, c, rot in opts:
        assert (r, c) not in taken and abs(r - 0) + abs(c - 1) == 1
        side = next(s for s, d in travel.SIDES.items() if d == (r - 0, c - 1))
        assert travel.OPPOSITE[side] in travel.road_sides(travel.tile_def("6R").rotated(rot))


# ------------------------------------------------------------------------------ S6
def test_s6_entering_2v_sets_6r_next_to_it():
    """"As soon as a Survivor moves initially onto tile 2V, set tile 6R right next to it" (P. 39)."""
    for drop in (False, True):
        g = new("S6")
        if drop:
            without(g, "travelling_posse")
        assert sorted(tiles(g)) == ["1R", "2V", "4R"]
        walk_all(g, "2V:d")
        assert ("6R" in tiles(g)) is (not drop)
    g = new("S6")
    walk_all(g, "2V:d")
    pos = {t[0]: (t[1], t[2], t[3]) for t in g.state.flags["travel"]["tiles"]}
    # 2V's dirt road leaves it only east (as printed); 6R's road runs east-west: 6R goes east of
    # 2V, turned 0 or 180 degrees, so that the two roads meet ("as to extend the road")
    assert pos["6R"][:2] == (pos["2V"][0], pos["2V"][1] + 1) and pos["6R"][2] in (0, 180)


def test_s6_empty_tiles_leave_in_the_end_phase_with_their_ghouls_and_no_xp():
    """"any tile is removed from the board as soon as there is no Survivor on it during an End
    Phase. Any remaining Ghouls on these tiles are removed as well (no XP is gained)." (P. 39)"""
    for drop in (False, True):
        g = new("S6")
        if drop:
            without(g, "travelling_posse")
        walk_all(g, "2V:d")
        g.state.add_ghouls("1R:b", "walker", 2)
        xp = {s.id: s.xp_total for s in g.state.survivors.values()}
        end_phase(g)
        if drop:
            assert "1R" in tiles(g) and g.state.ghoul_count("1R:b") == 2
        else:
            assert "1R" not in tiles(g) and "4R" not in tiles(g)
            assert "1R:b" not in g.state.ghouls and not any(z.startswith("1R:") for z in g.state.opening_open)
            assert {s.id: s.xp_total for s in g.state.survivors.values()} == xp
            assert "6R" in tiles(g)  # the tile waiting to be entered stays


def test_s6_a_tile_between_survivors_is_not_removed():
    g = new("S6")
    walk_all(g, "2V:d")
    survivors = list(g.state.survivors.values())
    survivors[0].zone = "1R:b"  # one Survivor went back to 1R; 4R links 1R to 2V
    end_phase(g)
    assert {"1R", "4R", "2V"} <= set(tiles(g))


def test_s6_the_whole_road_to_willard_then_the_win():
    """Chain 6R, 5V, 3V, 1V, 4V, and finally 2V (P. 39); "The game is won as soon as all the
    Survivors are standing on tile 2V at the end of a Players' Phase, after crossing the
    countryside". 1V, 2V and 4V are the backs of 1R, 2R... tiles still on the board wait."""
    g = new("S6")
    order = []
    walk_all(g, "2V:d")
    g.scene.end_of_players_phase(g._ctx())
    assert g.state.result is None  # on 2V, but the countryside is not crossed
    g.state.pending = None
    for _ in range(12):
        tr = g.state.flags["travel"]
        front = tr["frontier"]
        if front is None:
            break
        order.append(front)
        end_phase(g)
        walk_all(g, outdoor_zone(g, front))
        end_phase(g)
    assert order == ["6R", "5V", "3V", "1V", "4V", "2V"]
    assert g.state.flags["travel"]["final"] is True
    for other in ("1R", "4R"):
        assert other not in tiles(g)
    g.scene.end_of_players_phase(g._ctx())
    assert g.state.result == "won"


def test_s6_reach_willard_needs_the_hook():
    g = new("S6")
    without(g, "reach_willard")
    g.state.flags["travel"]["final"] = True
    walk_all(g, "2V:d")
    g.state.pending = None
    g.scene.end_of_players_phase(g._ctx())
    assert g.state.result is None


def test_s6_fighting_through_the_herd_spawns_in_corner_exterior_zones_of_occupied_tiles():
    """"As long as a tile has at least 1 Survivor on it, its corner exterior Zones are considered
    Spawn Zones. Choose a starting Spawn Zone during each Spawn Step, then proceed clockwise." (P. 39)"""
    for drop in (False, True):
        g = new("S6")
        # S6 prints no Spawn Zone: the Survivors start on 1R (turned 270 degrees), whose corners
        # are lawn c (top-left), the porch (top-right), the living room (a room) and lawn a
        assert sorted(z for z, _c in g.state.spawns) == ["1R:P", "1R:a", "1R:c"]
        if drop:
            without(g, "fighting_through_the_herd")
            g.state.spawns = []
        walk_all(g, "2V:d")
        list(g.state.survivors.values())[0].zone = "4R:d"
        g.scene.end_of_players_phase(g._ctx())
        assert g.pending is None  # not yet: "during each Spawn Step" (after the Activations)
        g.scene.before_spawn(g._ctx())
        if drop:
            assert g.pending is None and g.state.spawns == []
            continue
        assert g.pending.kind == "scene:herd_start"
        assert sorted(g.pending.options) == ["2V:a", "2V:b", "2V:e", "2V:g", "4R:a", "4R:c", "4R:e"]
        g.choose("2V:g")
        assert [c for z, c in g.state.spawns if z == "2V:g"] == ["white"]
        assert g.state.spawns[0][0] == "2V:g"


# ------------------------------------------------------------------------------ S8
def test_s8_setup_sets_a_random_pile_tile_next_to_5r():
    """"At the end of Setup, set a random tile from the Travelling Pile right next to 5R" (P. 41)."""
    firsts = set()
    for seed in range(8):
        g = new("S8", seed)
        t = tiles(g)
        assert t[0] == "5R" and len(t) == 2 and t[1] in {"1V", "2V", "3V", "4V"}
        firsts.add(t[1])
    assert len(firsts) > 1  # shuffled by the game's seed
    g = new("S8", 0)
    without(g, "way_to_the_cemetery")
    walk_all(g, outdoor_zone(g, tiles(g)[1]))
    assert len(tiles(g)) == 2  # no more tiles without the hook


def test_s8_on_the_way_to_the_cemetery_ends_with_6v_and_johnnys_car():
    """"When the Travelling Pile is exhausted, set 6V as the final tile, with Johnny's car on its
    center Zone. It can be driven." (P. 41); then all on 6V, no Ghouls there, a driver in the car."""
    g = new("S8", 5)
    seen = []
    for _ in range(8):
        front = g.state.flags["travel"]["frontier"]
        if front is None or front in seen:
            break
        seen.append(front)
        walk_all(g, outdoor_zone(g, front))
        end_phase(g)
    assert sorted(seen[:4]) == ["1V", "2V", "3V", "4V"] and seen[4] == "6V"
    assert g.state.car == {"zone": "6V:s"}  # the dirt road in the middle of the cemetery
    ctx = g._ctx()
    assert g.scene.can_drive(ctx)
    walk_all(g, "6V:s")
    g.state.add_ghouls("6V:h", "walker", 1)
    driver = list(g.state.survivors.values())[0]
    driver.in_car = driver.driver = True
    g.scene.end_of_players_phase(g._ctx())
    assert g.state.result is None  # a Ghoul on 6V
    g.state.pending = None
    del g.state.ghouls["6V:h"]
    g.scene.end_of_players_phase(g._ctx())
    assert g.state.result == "won"


def test_s8_objective_needs_the_hook():
    g = new("S8", 5)
    without(g, "johnnys_car")
    g.state.flags["travel"]["final"] = True
    g.state.car = {"zone": "5R:P"}
    walk_all(g, "5R:P")
    g.state.pending = None
    g.scene.end_of_players_phase(g._ctx())
    assert g.state.result is None


@pytest.mark.parametrize("scene", ["S6", "S8"])
def test_travelling_board_survives_json_round_trip(scene):
    g = new(scene, 2)
    walk_all(g, outdoor_zone(g, g.state.flags["travel"]["frontier"]))
    g.state.pending = None
    g2 = Game.from_json(g.to_json())
    g2.scene.check(g2._ctx())  # any hook call re-installs the board of the saved tile set
    assert tiles(g2) == tiles(g)


def test_s6_where_the_next_tile_goes_is_the_players_choice():
    """"set tile 6R right next to it, in any way you want" (P. 39): a ``scene:place_tile`` choice."""
    g = new("S6")
    ctx = g._ctx()
    for s in g.state.survivors.values():
        s.zone = "2V:d"
        g.scene.zone_entered(ctx, s.id, "2V:d")
    g.scene.check(ctx)
    assert g.pending is not None and g.pending.kind == "scene:place_tile"
    opts = g.pending.options
    assert len(opts) > 1 and all(o[0] == "2V" and o[1] == "6R" for o in opts)
    pick = opts[-1]
    g.choose(pick)
    assert ["6R", pick[2], pick[3], pick[4]] in g.state.flags["travel"]["tiles"]


def test_s6_a_face_waits_while_its_other_face_is_on_the_board():
    """1V is the back of 1R (notld-data §6.1; S6 "Tiles 1V, 2V, and 4V are added to the pile during
    the game"): 1V is set only once 1R has left the board."""
    g = new("S6")
    walk_all(g, "2V:d")
    stay = list(g.state.survivors.values())[0]
    for front in ("6R", "5V", "3V"):
        z = outdoor_zone(g, front)
        ctx = g._ctx()
        for s in list(g.state.survivors.values())[1:]:
            s.zone = z
            g.scene.zone_entered(ctx, s.id, z)
        stay.zone = "1R:b" if front == "6R" else stay.zone
        settle(g)
    tr = g.state.flags["travel"]
    assert tr.get("waiting") == "1V" and "1V" not in tiles(g) and "1R" in tiles(g)
    end_phase(g)
    assert "1R" in tiles(g)  # still occupied
    stay.zone = outdoor_zone(g, "3V")
    end_phase(g)
    assert "1R" not in tiles(g) and "1V" in tiles(g) and "waiting" not in g.state.flags["travel"]


def test_sync_reinstalls_the_board_of_an_earlier_state():
    """After an End Phase removed tiles, going back to an earlier state needs the earlier Board
    (``Travel.sync``, for ``Game.undo`` / ``Game.from_json``)."""
    g = new("S6")
    walk_all(g, "2V:d")
    before = g.state.clone()
    end_phase(g)
    assert "1R" not in tiles(g)
    g.state = before
    hook = next(h for h in g.scene.hooks if h.hook_name == "travelling_posse")
    hook.sync(g._ctx())
    assert "1R" in tiles(g)
    assert g.legal_actions() is not None  # every closed opening id is on the board again


def test_herd_start_is_chosen_in_the_spawn_step_after_the_ghouls_acted_p39():
    """"Choose a starting Spawn Zone during each Spawn Step, then proceed clockwise." (P. 39): the
    choice comes after the Activations (a Walker outside moves first), right before the cards."""
    g = new("S6")
    st = g.state
    st.ghouls.clear()
    st.add_ghouls("4R:a", "walker", 1)
    g.touch()
    while g.needs() == "action":
        g.apply(Action("do_nothing", st.active))
    n = len(g.events)
    while (g.pending is None or g.pending.kind == "ghoul_split") and not g.over:
        if g.pending is not None:  # the Walker's equal routes (P. 23): the players pick one
            g.choose(g.pending.options[g.pending.default])
        else:
            g.step()
    assert g.pending.kind == "scene:herd_start"
    kinds = [e.kind for e in g.events[n:]]
    assert "ghoul_move" in kinds or "ghoul_stay" in kinds
    assert "spawn" not in kinds and "spawn_card" not in kinds
    start = g.pending.options[-1]
    m = len(g.events)
    g.choose(start)
    while not any(e.kind == "spawn_card" for e in g.events[m:]) and not g.over:
        g.step(FirstPolicy())
    first_card = next(e for e in g.events[m:] if e.kind == "spawn_card")
    assert first_card.data["zone"] == start
