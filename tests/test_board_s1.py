"""Scene 1's farmhouse map on the tiles transcribed from the printed art (1R-4R) and the
``nollab map`` command.

Checks what the S1 text (P. 33) requires of the map and what the art shows (the expected cells,
rooms and doorways below are read off the art by hand, not computed by the code under test);
the token places that are readings say so.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nollab.board import OpeningKind, ZoneKind, load_map
from nollab.cli import main

TILES = Path(__file__).resolve().parents[1] / "nollab" / "data" / "tiles"


@pytest.fixture(scope="module")
def s1():
    return load_map("S1")


def test_s1_layout_4r_3r_over_1r_2r(s1):
    """S1: "Tiles needed: 1R, 2R, 3R, & 4R." arranged "4R 3R / 1R 2R"."""
    assert s1.layout == (("4R", "3R"), ("1R", "2R"))
    pos = {t.tile: (t.row, t.col) for t in s1.board.tiles}
    assert pos["4R"] < pos["3R"] and pos["4R"][0] == pos["3R"][0]
    assert pos["1R"][1] == pos["4R"][1] and pos["1R"][0] > pos["4R"][0]
    assert pos["2R"] == (pos["1R"][0], pos["3R"][1])


def test_s1_starting_areas(s1):
    """S1: Barbra and Ben in Area #1; Harry, Helen, Judy, Tom (from the basement) in Area #2."""
    t, b = s1.tokens, s1.board
    assert set(t.starting_areas) == {"1", "2"}
    assert b.zones[t.starting_areas["2"]].kind is ZoneKind.INTERIOR
    assert "basement" in b.zones[t.starting_areas["2"]].label
    assert b.zones[t.starting_areas["1"]].kind is ZoneKind.EXTERIOR


def test_s1_one_farmhouse_of_eight_rooms_across_the_four_tiles(s1):
    """The printed art (tiles/assembled/S1-farmhouse): the four R tiles turned 180 degrees join
    into one farmhouse: study (4R), hall (4R + 3R), sitting room and staircase (3R), living room
    (1R), kitchen, pantry and basement stairs (2R)."""
    b = s1.board
    houses = b.houses()
    assert len(houses) == 1
    (house,) = houses.values()
    assert house == {z.id for z in b.zones.values() if z.interior}
    assert sorted(b.zones[z].label for z in house) == [
        "basement stairs", "hall (foot of the stairs)", "kitchen", "living room", "pantry",
        "sitting room", "staircase (up to the second floor)", "study"]
    assert {t.rotation for t in b.tiles} == {180}


def test_s1_hall_is_one_room_across_the_4r_3r_seam(s1):
    """4R's hall (col 1, rows 1-4, no wall on its west border at rows 3-4) and 3R's hall (col 6,
    rows 3-4, no wall on its east border) are one room: turned 180 degrees they lie in board
    columns 6 and 7 (1-based), rows 3-6 and 3-4."""
    b = s1.board
    hall = b.zones["3R:H"]
    assert sorted((r + 1, c + 1) for r, c in hall.cells) == [
        (3, 6), (3, 7), (4, 6), (4, 7), (5, 6), (6, 6)]
    assert "4R:H" not in b.zones  # joined into 3R:H
    assert b.edge((2, 5), (2, 6)) == "free" and b.edge((3, 5), (3, 6)) == "free"
    # the staircase beside the runner: the stair wall between them (board cols 6|7, rows 5-6)
    assert b.edge((4, 5), (4, 6)) == "wall" and b.edge((5, 5), (5, 6)) == "wall"


def test_s1_doorways_printed_on_the_tile_borders_meet(s1):
    """Each doorway printed on a border meets the one printed on the neighbouring tile: living
    room - hall and living room - study (4R/1R seam), sitting room - kitchen (3R/2R), living
    room - kitchen and living room - basement stairs (1R/2R). One Opening each; the second
    tile's id is an alias of the first placed tile's."""
    b = s1.board
    between = {frozenset(o.zones): oid for oid, o in b.openings.items() if o.kind is not OpeningKind.WINDOW}
    for pair in (("1R:L", "3R:H"), ("1R:L", "4R:S"), ("3R:S", "2R:K"), ("1R:L", "2R:K"),
                 ("1R:L", "2R:B")):
        assert frozenset(pair) in between, pair
    assert b.aliases["1R:ds1"] == "4R:dn1" and b.aliases["1R:ds4"] == "4R:dn4"
    assert b.aliases["2R:ds3"] == "3R:dn3"
    assert b.aliases["2R:de3"] == "1R:dw3" and b.aliases["2R:de6"] == "1R:dw6"
    assert b.opening_id("2R:de6") == "1R:dw6"
    assert "2R:ww4" not in b.openings and "2R:ww4" not in b.aliases  # the pantry window meets the board's edge


def test_s1_windows_to_barricade(s1):
    """S1: "All indicated windows are blocked with closed Barricades"; the windows start open
    (an open window is an Opening, P. 9) and touch the house. Reading: every window of the house
    is indicated — the art shows 11 on this board (1R: 4, 2R: 3, 3R: 2, 4R: 2; 2R's pantry window
    meets the board's edge), the box's 11 Barricade tokens."""
    b, t = s1.board, s1.tokens
    windows = sorted(o.id for o in b.openings.values() if o.window)
    assert len(windows) == 11 and sorted(t.windows_to_barricade) == windows
    for w in t.windows_to_barricade:
        o = b.openings[w]
        assert o.window and o.initially_open
        kinds = {b.zones[z].kind for z in o.zones}
        assert ZoneKind.INTERIOR in kinds and ZoneKind.EXTERIOR in kinds


def test_s1_open_barricade_tokens(s1):
    """S1: "Set open Barricade tokens in the designated places. They represent open doors
    straddling 2 Zones." """
    b = s1.board
    bars = [o for o in b.openings.values() if o.kind is OpeningKind.BARRICADE]
    assert all(o.initially_open and len(set(o.zones)) == 2 for o in bars)
    # reading: one on every doorway between two rooms (8 of them on the art), none on windows
    assert len(bars) == 8
    assert all(b.zones[z].interior for o in bars for z in o.zones) and not any(o.window for o in bars)


def test_s1_stashes_w94_and_spawns(s1):
    b, t = s1.board, s1.tokens
    assert sorted(t.stashes.values()) == ["melee", "ranged"]
    assert all(b.zones[z].interior for z in t.stashes)
    (w94,) = t.markers_of("winchester-94")
    assert b.zones[w94.zone].interior  # "Any Survivor Searching in this Zone" (Search: interior only)
    whites = [s for s in t.spawns if s.colour == "white"]
    assert len(whites) == 1 and len(t.spawns) >= 2
    for s in t.spawns:  # spawn zones sit on the board edge
        cells = b.zones[s.zone].cells
        assert any(r in (0, b.rows - 1) or c in (0, b.cols - 1) for r, c in cells)
    order = s1.spawn_order()
    assert order[0] == whites[0].zone and set(order) == {s.zone for s in t.spawns}


def test_s1_ghouls_can_reach_every_survivor_zone(s1):
    """Every Spawn Zone has a route to both Starting Areas with every opening open (P. 23)."""
    b = s1.board
    for s in s1.tokens.spawns:
        for area in s1.tokens.starting_areas.values():
            assert b.distance(s.zone, area, b.all_open) is not None
            assert b.ghoul_step_options(s.zone, area)


def test_every_tile_file_says_it_is_transcribed_from_the_art_and_lists_its_readings():
    """Issue 11: every tile file says it is transcribed from the printed tile art and lists what
    is still a reading; the readings of the four house tiles are also in docs/rulings.md."""
    from nollab.board import load_tile

    rulings = (TILES.parents[2] / "docs" / "rulings.md").read_text()
    for p in sorted(TILES.glob("*.toml")):
        text = p.read_text()
        t = load_tile(p)
        assert text.startswith(f"# Tile {t.id} — transcribed from the printed tile art"), p.name
        assert t.reconstructed is False and t.source == "transcribed from the printed tile art"
        assert ("Still a reading" in text) == bool(t.readings) or "Nothing here is a reading" in text
        assert f"## Tiles: {t.id}" in rulings, t.id


def test_nollab_map_s1_prints_ascii(capsys):
    assert main(["map", "S1"]) == 0
    out = capsys.readouterr().out
    assert "4R 3R / 1R 2R" in out and "RECONSTRUCTED" not in out
    assert "tiles transcribed from the printed tile art: 4R (2 readings)" in out
    assert "3R:S" in out and "white spawn" in out and "starting area #2" in out
    assert "(one room across 4R and 3R)" in out
    assert "spawn order (clockwise from white, P. 24)" in out


def test_nollab_map_json_and_errors(capsys):
    assert main(["map", "S1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {t["id"] for t in data["tiles"]} == {"1R", "2R", "3R", "4R"}
    assert data["tokens"]["starting_areas"].keys() == {"1", "2"}
    assert main(["map", "S42"]) == 2
    assert "scenes/S42.toml: scene file not found" in capsys.readouterr().err


def test_nollab_map_console_script():
    r = subprocess.run([sys.executable, "-m", "nollab.cli", "map", "S1"], capture_output=True, text=True)
    assert r.returncode == 0 and "Zones (id, kind, label, house):" in r.stdout


def test_corner_zones_of_a_tile(s1):
    """S6/S8 "Fighting through the herd" use each tile's corner exterior Zones."""
    b = s1.board
    # 2R turned 180: its printed corners r1c1 a, r1c6 c, r6c6 B (stairwell), r6c1 p become
    # bottom-right, bottom-left, top-left, top-right: clockwise from top-left B, p, a, c
    assert b.corner_zones("2R") == ("2R:B", "2R:p", "2R:a", "2R:c")
    # 4R turned 180: printed r6c6 e, r6c1 c, r1c1 H (the hall, joined into 3R:H), r1c6 a become
    # top-left, top-right, bottom-right, bottom-left
    assert b.corner_zones("4R") == ("4R:e", "4R:c", "3R:H", "4R:a")
    with pytest.raises(KeyError):
        b.corner_zones("6V")


def test_clockwise_order_from_any_start(s1):
    from nollab.board import clockwise_order

    b = s1.board
    corners = ("4R:e", "3R:c", "2R:a", "1R:c")  # NW, NE, SE, SW lawns of the 12x12 board
    assert clockwise_order(b, corners, "2R:a") == ("2R:a", "1R:c", "4R:e", "3R:c")
    with pytest.raises(ValueError):
        clockwise_order(b, corners, "2R:b")


def test_shipped_tiles_are_6x6_and_parse():
    """Every game tile is a 6x6 block of cells (README "board": why 6x6)."""
    from nollab.board import load_tile

    for p in sorted(TILES.glob("*.toml")):
        t = load_tile(p)
        assert (t.rows, t.cols) == (6, 6) and t.id == p.stem
