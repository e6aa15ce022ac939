"""Scene 1's reconstructed farmhouse map (tiles 1R-4R) and the ``nollab map`` command.

Checks what the S1 text (P. 33) requires of the map, not the guessed details.
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


def test_s1_one_farmhouse_with_ground_floor_second_floor_and_basement(s1):
    b = s1.board
    houses = b.houses()
    assert len(houses) == 1
    (house,) = houses.values()
    assert house == {z.id for z in b.zones.values() if z.interior}
    labels = " ".join(b.zones[z].label for z in house)
    assert "second floor" in labels and "basement" in labels
    assert {b.tile_of(z) for z in house} == {"1R", "3R", "4R"}  # S6: house on 1R and 4R too


def test_s1_stairs_zone_on_3r_and_the_corpse_lady(s1):
    """S1 The corpse lady: "the stairs' Zone on tile 3R ... the Zone beyond it cannot be
    Searched"; FR legend: closed Stairs."""
    b = s1.board
    (lady,) = s1.tokens.markers_of("corpse-lady")
    assert b.tile_of(lady.zone) == "3R"
    stairs = [o for o in b.openings.values() if o.kind is OpeningKind.STAIRS]
    assert len(stairs) == 1 and lady.zone in stairs[0].zones and not stairs[0].initially_open
    beyond = stairs[0].other(lady.zone)
    assert b.zones[beyond].interior
    assert b.neighbors(beyond, b.all_open) == (lady.zone,)  # only reached through the stairs


def test_s1_windows_to_barricade(s1):
    """S1: "All indicated windows are blocked with closed Barricades"; the windows start open
    (an open window is an Opening, P. 9) and touch the house."""
    b, t = s1.board, s1.tokens
    assert len(t.windows_to_barricade) >= 2
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
    assert len(bars) >= 1
    assert all(o.initially_open and len(set(o.zones)) == 2 for o in bars)


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


def test_every_tile_file_says_reconstructed_and_quotes_its_constraints():
    for tid in ("1R", "2R", "3R", "4R"):
        text = (TILES / f"{tid}.toml").read_text()
        assert text.startswith(f"# Tile {tid} — RECONSTRUCTED")
        assert "Guessed" in text and '"' in text.split("[tile]")[0]
        assert "reconstructed = true" in text


def test_nollab_map_s1_prints_ascii(capsys):
    assert main(["map", "S1"]) == 0
    out = capsys.readouterr().out
    assert "4R 3R / 1R 2R" in out and "RECONSTRUCTED" in out
    assert "3R:S" in out and "white spawn" in out and "starting area #2" in out
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
    assert b.corner_zones("2R") == ("2R:a", "2R:b", "2R:g", "2R:f")  # from the tile picture in 2R.toml
    assert b.corner_zones("4R") == ("4R:a", "4R:b", "4R:H", "4R:e")
    with pytest.raises(KeyError):
        b.corner_zones("6V")


def test_clockwise_order_from_any_start(s1):
    from nollab.board import clockwise_order

    b = s1.board
    corners = ("4R:a", "3R:b", "2R:g", "1R:d")  # NW, NE, SE, S/SW of the 12x12 board
    assert clockwise_order(b, corners, "2R:g") == ("2R:g", "1R:d", "4R:a", "3R:b")
    with pytest.raises(ValueError):
        clockwise_order(b, corners, "2R:a")


def test_shipped_tiles_are_6x6_and_parse():
    """Every game tile is a 6x6 block of cells (README "board": why 6x6)."""
    from nollab.board import load_tile

    for p in sorted(TILES.glob("*.toml")):
        t = load_tile(p)
        assert (t.rows, t.cols) == (6, 6) and t.id == p.stem
