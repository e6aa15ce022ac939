"""Render from real boards: a hand-made tile through nollab.board, and Scene 1's map.

Expected values come from the tile text below and from ``nollab/data/scenes/S1.toml`` as a
person reads them, not from render.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET

from nollab.board import board_from_text, load_map
from nollab.render import display_list, sight_overlay, svg_for

TILE = '''
[tile]
id = "9X"
grid = """
KKcw
KKcw
ssss
"""
[legend]
K = { kind = "interior", label = "kitchen" }
s = { kind = "exterior", label = "street" }
c = { kind = "corn", label = "corn" }
w = { kind = "woods", label = "woods" }
[[openings]]
id = "d"
at = "r2c1-r3c1"
kind = "door"
open = false
[[openings]]
id = "win"
at = "r2c2-r3c2"
kind = "window"
open = true
'''
CELL = 40


def test_board_adapter_walls_openings_and_kinds():
    board = board_from_text(TILE)
    dl = display_list(board, cell=CELL)
    assert len(dl.tagged("zone", "tiles")) == 12
    assert {s.zone for s in dl.tagged("zone:interior")} == {"9X:K"}
    assert len(dl.tagged("wall")) == 4  # the kitchen's 4 cell sides facing other zones
    assert len(dl.tagged("mark")) == 4
    assert len(dl.tagged("opening:door:closed")) == 1
    assert len(dl.tagged("opening:window:open")) == 1
    # the door sits on the edge r2c1-r3c1: y = 2 * CELL, x in [0, CELL]
    (door,) = dl.tagged("opening:door:closed")
    assert door.y < 2 * CELL < door.y + door.h and door.x >= 0 and door.x + door.w <= CELL


def test_sight_overlay_follows_the_board_line_of_sight():
    """P. 10: from the street, the kitchen is seen through the open window (1 zone in)."""
    board = board_from_text(TILE)
    ov = sight_overlay(board, "9X:s")
    assert ov.sight_from == "9X:s"
    assert set(ov.sight) == set(board.line_of_sight("9X:s")) - {"9X:s"}
    dl = display_list(board, ov, cell=CELL)
    assert len(dl.tagged("sight:ray")) == len(ov.sight)


def test_scene1_map_draws_every_zone_and_the_white_spawn_at_its_zone():
    """P. 24 / S1: four Spawn tokens, the white one is the starting Spawn Zone."""
    sm = load_map("S1")
    dl = display_list(sm)
    board = sm.board
    n_cells = sum(len(z.cells) for z in board.zones.values())
    assert len(dl.tagged("zone", "tiles")) == n_cells
    spawns = dl.tagged("spawn", "tokens")
    assert len(spawns) == len(sm.tokens.spawns) == 4
    (white,) = dl.tagged("spawn:white")
    (white_zone,) = [t.zone for t in sm.tokens.spawns if t.colour == "white"]
    assert white.fill == "#ffffff" and white.zone == white_zone
    # its centre pixel lies on a cell of that zone (board coordinates, not render's grid)
    cx, cy = white.x + white.w / 2, white.y + white.h / 2
    assert board.zone_at((int(cy // 48), int(cx // 48))) == white_zone


def test_scene1_openings_and_marks():
    """S1: open Barricade tokens, the closed stairs, windows to block, stashes, starting areas."""
    sm = load_map("S1")
    dl = display_list(sm)
    assert len(dl.tagged("opening", "tokens")) >= len(sm.board.openings)
    closed_ids = sm.board.initial_closed
    n_closed = sum(1 for s in dl.tokens if s.tag.startswith("opening:") and s.tag.count(":") == 2
                   and s.tag.endswith(":closed"))
    assert n_closed == len(closed_ids)
    assert len(dl.tagged("objective-opening")) == len(sm.tokens.windows_to_barricade)
    assert {s.zone for s in dl.tagged("start")} == set(sm.tokens.starting_areas.values())
    assert {s.zone for s in dl.tagged("stash", "tokens") if s.tag.count(":") == 1} == set(sm.tokens.stashes)


def test_scene1_svg_parses_and_has_a_title():
    svg = svg_for(load_map("S1"))
    root = ET.fromstring(svg)
    assert root.find("{http://www.w3.org/2000/svg}title").text == "S1"
    assert svg.count('data-tag="spawn:') == 4


def test_snapshot_from_a_live_scene1_game():
    """S1 setup (P. 33): Survivors in Starting Areas #1/#2 in Romero Mode, the W94 set aside in
    its Zone, the corpse lady on the stairs, the white Spawn token first (P. 24)."""
    from nollab.rules import Game
    from nollab.render import snapshot_from_game

    game = Game.new(scene="S1", seed=7)
    sm = load_map("S1")
    snap = snapshot_from_game(game)
    areas = sm.tokens.starting_areas
    where = {s.name: s.zone for s in snap.survivors}
    assert {where["Barbra"], where["Ben"]} == {areas["1"]}
    assert {where["Harry"], where["Helen"], where["Judy"], where["Tom"]} == {areas["2"]}
    assert all(s.mode == "romero" for s in snap.survivors)
    assert [s.name for s in snap.survivors if s.active] == [game.state.active.title()]
    colours = {s.name: s.colour for s in snap.survivors}
    assert colours["Ben"] == game.content.survivors["ben"].color
    items = {(m.zone, m.label) for m in snap.markers if m.kind == "item"}
    w94 = next(m.zone for m in sm.tokens.markers if m.kind == "winchester-94")
    lady = next(m.zone for m in sm.tokens.markers if m.kind == "corpse-lady")
    assert (w94, "W94") in items and (lady, "Lady") in items
    assert snap.spawns[0].colour == "white" and snap.ghouls == ()
    dl = display_list(game)
    assert dl.tagged("survivor-active") and len(dl.tagged("survivor", "tokens")) >= 6
