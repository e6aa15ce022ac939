"""Tile and scene-map files: format, rotation, tokens and validation errors with row/col."""
from __future__ import annotations

import math
from pathlib import Path

import pytest

from nollab.board import (BoardFormatError, OpeningKind, ZoneKind, board_from_grid, load_map, load_tile,
                          parse_map_text, parse_tile_text)

DATA = Path(__file__).parent / "data" / "board"

GOOD_TILE = '''
[tile]
id = "3R"
grid = """
aab
KKb
KKb
"""
[legend]
a = { kind = "exterior" }
b = { kind = "exterior" }
K = { kind = "interior", label = "room" }
[[openings]]
id = "d"
at = "r1c1-r2c1"
kind = "door"
'''


def err(tmp_path, text, name="3R.toml"):
    p = tmp_path / "tiles" / name
    p.parent.mkdir(exist_ok=True)
    p.write_text(text)
    with pytest.raises(BoardFormatError) as ei:
        load_tile(p, f"tiles/{name}")
    return ei.value


def test_good_tile_parses():
    t = parse_tile_text(GOOD_TILE, "tiles/3R.toml")
    assert t.grid == ("aab", "KKb", "KKb") and t.legend["K"][1] == "room"
    assert t.openings[0].a == (0, 0) and t.openings[0].b == (1, 0)


def test_letter_not_in_legend_names_file_row_col(tmp_path):
    e = err(tmp_path, GOOD_TILE.replace("KKb\nKKb", "KKb\nKQb"))
    assert str(e) == "tiles/3R.toml: row 3, col 2: zone letter 'Q' not in legend"
    assert (e.row, e.col) == (3, 2)


def test_ragged_rows(tmp_path):
    e = err(tmp_path, GOOD_TILE.replace("KKb\nKKb", "KKb\nKKbb"))
    assert "row 3" in str(e) and "ragged" in str(e)


def test_zone_split_into_disconnected_parts(tmp_path):
    e = err(tmp_path, GOOD_TILE.replace('aab\nKKb\nKKb', 'aab\nKKb\nKKa'))
    assert "split into disconnected parts" in str(e) and (e.row, e.col) == (3, 3)


def test_opening_between_cells_of_the_same_zone(tmp_path):
    e = err(tmp_path, GOOD_TILE.replace('at = "r1c1-r2c1"', 'at = "r2c1-r2c2"'))
    assert "same zone 'K'" in str(e) and (e.row, e.col) == (2, 1)


def test_opening_on_non_adjacent_cells(tmp_path):
    e = err(tmp_path, GOOD_TILE.replace('at = "r1c1-r2c1"', 'at = "r1c1-r2c2"'))
    assert "not edge-adjacent" in str(e) and (e.row, e.col) == (1, 1)


def test_unknown_zone_kind(tmp_path):
    e = err(tmp_path, GOOD_TILE.replace('b = { kind = "exterior" }', 'b = { kind = "swamp" }'))
    assert "unknown zone kind 'swamp'" in str(e) and "[legend].b" in str(e)


def test_unknown_opening_kind(tmp_path):
    e = err(tmp_path, GOOD_TILE.replace('kind = "door"', 'kind = "hatch"'))
    assert "unknown opening kind 'hatch'" in str(e) and (e.row, e.col) == (1, 1)


def test_duplicate_opening_id(tmp_path):
    e = err(tmp_path, GOOD_TILE + '[[openings]]\nid = "d"\nat = "r2c2-r2c3"\nkind = "window"\n')
    assert "duplicate opening id 'd'" in str(e) and (e.row, e.col) == (2, 2)


def test_unused_legend_letter_and_unknown_field(tmp_path):
    assert "not used in the grid" in str(err(tmp_path, GOOD_TILE.replace("[legend]", '[legend]\nz = { kind = "woods" }')))
    assert "unknown field" in str(err(tmp_path, GOOD_TILE.replace('kind = "door"', 'kind = "door"\ncolour = 1')))


def test_not_toml_names_the_file(tmp_path):
    assert str(err(tmp_path, "[tile\n")).startswith("tiles/3R.toml: not valid TOML")


def test_closed_passage_rejected(tmp_path):
    e = err(tmp_path, GOOD_TILE.replace('kind = "door"', 'kind = "passage"\nopen = false'))
    assert "passage cannot be closed" in str(e)


def test_sealed_room_without_opening_is_an_error():
    """P. 11: interior <-> anything needs an opening; a room with none could never be entered."""
    with pytest.raises(BoardFormatError, match=r"row 1, col 2: interior zone 'T:K' .* has no opening"):
        board_from_grid("aK", {"a": "exterior", "K": "interior"})


def test_wall_and_opening_on_the_same_edge():
    with pytest.raises(BoardFormatError, match="same edge"):
        board_from_grid("ab", {"a": "exterior", "b": "exterior"}, [("g", "r1c1-r1c2", "door")],
                        walls=["r1c1-r1c2"])


def map_text(body: str) -> str:
    return "[scene]\ntitle = 'x'\n[map]\n" + body


def tiles():
    return {"9A": load_tile(DATA / "tiles" / "9A.toml", "9A.toml"),
            "9B": load_tile(DATA / "tiles" / "9B.toml", "9B.toml")}


def test_tile_not_found():
    with pytest.raises(BoardFormatError, match=r"^scene\.toml: tile '7Z' not found"):
        parse_map_text(map_text('layout = "7Z"'), "scene.toml")


def test_overlapping_tiles_name_the_cell():
    text = map_text('tiles = [{ id = "9A", row = 1, col = 1 }, { id = "9B", row = 2, col = 3 }]')
    with pytest.raises(BoardFormatError) as ei:
        parse_map_text(text, "scene.toml", tiles=tiles())
    assert str(ei.value) == "scene.toml: row 2, col 3: tiles '9A' and '9B' overlap"


def test_duplicate_tile_and_bad_tokens():
    t = tiles()
    cases = {
        'layout = "9A 9A"': "placed twice",
        'layout = "9A 9B"\nspawns = [{ zone = "9Z:q" }]': "unknown zone '9Z:q'",
        'layout = "9A 9B"\nspawns = [{ zone = "9A:a", colour = "green" }]': "colour 'green'",
        'layout = "9A 9B"\nspawns = [{ zone = "9A:a", colour = "white" }, { zone = "9B:x", colour = "white" }]': "more than one white",
        'layout = "9A 9B"\nwindows_to_barricade = ["9A:door"]': "is a door, not a window",
        'layout = "9A 9B"\nstashes = { "9A:a" = "melee" }': "only in interior Zones",
        'layout = "9A 9B"\ncar = "9A:c"': "exterior Zones only",
        'layout = "9A 9B"\nset = [{ opening = "9A:nope", open = true }]': "unknown opening '9A:nope'",
        'layout = "9A 9B"\nrotation = { "9A" = 45 }': "rotation must be 0, 90, 180 or 270",
        'layout = "9A 9B"\nopenings = [{ id = "s", at = "r1c3-r1c4", kind = "door" }]': None,
        'layout = "9A 9B"\nzones = 1': "unknown field(s) ['zones']",
    }
    for body, msg in cases.items():
        if msg is None:  # a valid seam opening between 9A:b and 9B:x
            sm = parse_map_text(map_text(body), "scene.toml", tiles=t)
            assert sm.board.openings["s"].zones == ("9A:b", "9B:x")
            continue
        with pytest.raises(BoardFormatError) as ei:
            parse_map_text(map_text(body), "scene.toml", tiles=t)
        assert msg in str(ei.value), (body, str(ei.value))
        assert str(ei.value).startswith("scene.toml: ")


def test_missing_map_table_and_missing_scene_file(tmp_path):
    with pytest.raises(BoardFormatError, match="missing \\[map\\] table"):
        parse_map_text("[scene]\n", "s.toml")
    with pytest.raises(BoardFormatError, match="scene file not found"):
        load_map(tmp_path / "nope.toml")


def test_scene_file_with_user_tiles_rotation_and_tokens():
    """A user's scene file: its own tiles folder, rotation, tokens; other tables are ignored."""
    sm = load_map(DATA / "mini_scene.toml")
    b = sm.board
    assert (b.rows, b.cols) == (3, 6)
    # 9B turned 90 degrees clockwise: its rows x/y/z become columns z/y/x (left to right)
    assert [b.zone_at((0, c)) for c in range(3, 6)] == ["9B:z", "9B:y", "9B:x"]
    assert b.zones["9B:x"].cells == ((0, 5), (1, 5), (2, 5))
    assert b.openings["9A:door"].kind is OpeningKind.BARRICADE and b.openings["9A:door"].initially_open
    assert b.openings["9A:win"].window
    t = sm.tokens
    assert t.starting_areas == {"1": "9A:K"} and t.stashes == {"9A:K": "melee"}
    assert t.windows_to_barricade == ("9A:win",) and t.car == "9A:b"
    assert t.markers_of("objective")[0].zone == "9A:b"
    assert sm.spawn_tokens_in("9B:x")[0].colour == "white"


def test_rotation_moves_openings_with_the_cells():
    t = load_tile(DATA / "tiles" / "9A.toml")
    r = t.rotated(90)
    assert r.grid == ("KKa", "KKa", "cbb")
    door = r.openings[0]  # was r1c1 (a) - r2c1 (K): now a at (0, 2), K at (0, 1)
    assert {door.a, door.b} == {(0, 2), (0, 1)}
    assert t.rotated(180).grid == ("cKK", "bKK", "baa")
    assert t.rotated(90).rotated(270).grid == t.grid


def test_spawn_order_is_clockwise_from_white():
    """P. 24: "Repeat this for each Spawn Zone, one after the other, going clockwise from the
    white Spawn Zone." Zones at the W, N, E and S edges, white at W: W -> N -> E -> S."""
    text = '''
[tile]
id = "9C"
grid = """
.n.
wmE
.s.
"""
[legend]
n = { kind = "exterior" }
w = { kind = "exterior" }
m = { kind = "exterior" }
E = { kind = "exterior" }
s = { kind = "exterior" }
'''
    t = {"9C": parse_tile_text(text, "9C.toml")}
    body = ('layout = "9C"\nspawns = [{ zone = "9C:s" }, { zone = "9C:E" }, '
            '{ zone = "9C:w", colour = "white" }, { zone = "9C:n" }, { zone = "9C:n" }]')
    sm = parse_map_text(map_text(body), "s.toml", tiles=t)
    assert sm.spawn_order() == ("9C:w", "9C:n", "9C:E", "9C:s")
    assert sm.spawn_order("9C:E") == ("9C:E", "9C:s", "9C:w", "9C:n")
    assert len(sm.spawn_tokens_in("9C:n")) == 2  # one Ghoul card per token (P. 24)
    assert math.isclose(sm.board.zones["9C:n"].centre[1], 1.5)


def test_user_content_folder_overrides_a_shipped_tile(tmp_path, monkeypatch):
    """README "redraw a tile": a player's tiles/2R.toml in NOLLAB_CONTENT replaces the shipped one."""
    shipped = (Path(__file__).resolve().parents[1] / "nollab" / "data" / "tiles" / "2R.toml").read_text()
    mine = shipped.replace('c = { kind = "exterior", label = "lawn" }',
                           'c = { kind = "corn", label = "my corn" }')
    assert mine != shipped
    (tmp_path / "tiles").mkdir()
    (tmp_path / "tiles" / "2R.toml").write_text(mine)
    monkeypatch.setenv("NOLLAB_CONTENT", str(tmp_path))
    b = load_map("S1").board
    assert b.zones["2R:c"].label == "my corn" and b.zones["2R:c"].kind is ZoneKind.CORN
    (tmp_path / "tiles" / "2R.toml").write_text(mine.replace("ppKKKB\nppKKKB", "ppKKKB\nppKQKB"))
    with pytest.raises(BoardFormatError) as ei:
        load_map("S1", cache=False)
    assert str(ei.value).startswith(str(tmp_path / "tiles" / "2R.toml") + ": row 6, col 4: zone letter 'Q'")


def test_ascii_grid_marks_openings_and_walls():
    from nollab.board.ascii import grid_lines

    b = board_from_grid("aKL\nbcd", {"a": "exterior", "K": "interior", "L": "interior", "b": "exterior",
                                     "c": "corn", "d": "exterior"},
                        [("d", "r1c1-r1c2", "door", False), ("w", "r1c3-r2c3", "window", True),
                         ("p", "r1c2-r1c3", "passage")])
    assert grid_lines(b) == [
        "     1 2 3",
        "    #     #",
        "  1  a+K~L",
        "     . - *",
        "  2  b:c:d",
        "    #     #",
    ]
    assert grid_lines(b, frozenset({"w"}))[3] == "     . - &"


def test_load_map_is_cached_and_reloads_when_a_file_changes(tmp_path):
    import os
    import shutil
    import time

    scene = tmp_path / "scene.toml"
    shutil.copytree(DATA / "tiles", tmp_path / "tiles")
    shutil.copy(DATA / "mini_scene.toml", scene)
    a = load_map(scene)
    assert load_map(scene) is a and load_map(scene, cache=False) is not a
    tile = tmp_path / "tiles" / "9A.toml"
    tile.write_text(tile.read_text().replace('label = "yard"', 'label = "garden"'))
    later = time.time() + 5
    os.utime(tile, (later, later))
    b = load_map(scene)
    assert b is not a and b.board.zones["9A:b"].label == "garden"


# ---- printed tiles: doorways on a tile's border, rooms across a seam, printed features ----------
HOUSE_W = '''
[tile]
id = "8W"
source = "transcribed from the printed tile art"
readings = ["one reading"]
open_edges = ["r2c2-r2c3"]
grid = """
aK
HH
"""
[legend]
a = { kind = "exterior" }
K = { kind = "interior", label = "kitchen" }
H = { kind = "interior", label = "hall" }
[[openings]]
id = "dk"
at = "r1c2-r1c3"
kind = "passage"
[[openings]]
id = "dh"
at = "r1c1-r2c1"
kind = "window"
[[features]]
kind = "pump"
at = "r1c1"
label = "gas pump"
'''
HOUSE_E = '''
[tile]
id = "8E"
open_edges = ["r2c1-r2c0"]
grid = """
Lb
Hb
"""
[legend]
b = { kind = "exterior" }
L = { kind = "interior", label = "living room" }
H = { kind = "interior", label = "hall" }
[[openings]]
id = "dl"
at = "r1c1-r1c0"
kind = "passage"
[[openings]]
id = "w"
at = "r1c1-r1c2"
kind = "window"
'''


def house_tiles():
    return {"8W": parse_tile_text(HOUSE_W, "8W.toml"), "8E": parse_tile_text(HOUSE_E, "8E.toml")}


def test_doorways_on_two_tile_borders_meet_as_one_opening():
    """Both tiles print the doorway on their shared border: one Opening, the first placed tile's
    id; the other id is an alias that scene tokens may use."""
    sm = parse_map_text(map_text('layout = "8W 8E"\nset = [{ opening = "8E:dl", kind = "door", open = false }]'),
                        "s.toml", tiles=house_tiles())
    b = sm.board
    assert b.openings_between("8W:K", "8E:L") == ("8W:dk",)
    assert b.aliases == {"8E:dl": "8W:dk"} and b.opening_id("8E:dl") == "8W:dk"
    assert b.openings["8W:dk"].kind is OpeningKind.DOOR and "8W:dk" in b.initial_closed
    with pytest.raises(KeyError):
        b.opening_id("8E:nope")


def test_border_doorway_at_the_board_edge_or_facing_a_wall_is_dropped():
    t = house_tiles()
    alone = parse_map_text(map_text('layout = "8W"'), "s.toml", tiles=t).board
    assert "8W:dk" not in alone.openings and alone.openings_of("8W:K") == ()  # walled off: allowed
    # 8E turned 90 degrees: its row 1 reads "H L"; 8W's kitchen doorway meets 8E's hall, whose
    # tile prints no doorway there: the hall's wall blocks it
    faced = parse_map_text(map_text('layout = "8W 8E"\nrotation = { "8E" = 90 }'), "s.toml", tiles=t).board
    assert faced.zone_at((0, 2)) == "8E:H" and "8W:dk" not in faced.openings
    assert faced.openings_between("8W:K", "8E:H") == () and faced.edge((0, 1), (0, 2)) == "wall"
    # 8E turned 180 degrees: row 1 reads "b H": the doorway meets a yard, a way out of the kitchen
    out = parse_map_text(map_text('layout = "8W 8E"\nrotation = { "8E" = 180 }'), "s.toml", tiles=t).board
    assert out.zone_at((0, 2)) == "8E:b" and out.openings_between("8W:K", "8E:b") == ("8W:dk",)


def test_a_room_drawn_across_a_seam_is_one_zone():
    t = house_tiles()
    sm = parse_map_text(map_text('layout = "8W 8E"\nrooms = [["8W:H", "8E:H"]]'), "s.toml", tiles=t)
    b = sm.board
    assert "8E:H" not in b.zones and sorted(b.zones["8W:H"].cells) == [(1, 0), (1, 1), (1, 2)]
    assert b.edge((1, 1), (1, 2)) == "free" and b.zone("8W:H").tile == "8W"
    assert b.house("8W:K") == {"8W:K", "8E:L"} and b.house("8W:H") == {"8W:H"}
    # without the join the seam is a wall between two halls
    apart = parse_map_text(map_text('layout = "8W 8E"'), "s.toml", tiles=t).board
    assert apart.edge((1, 1), (1, 2)) == "wall" and apart.zones["8E:H"].interior


@pytest.mark.parametrize("rooms, msg", [
    ('[["8W:K", "8E:L"]]', "print a wall"),           # only row 2 of the seam is printed open
    ('[["8W:a", "8E:L"]]', "not a room"),
    ('[["8W:K", "8E:H"]]', "does not touch"),
    ('[["8W:H", "8W:K"]]', "one Zone already"),
    ('[["8W:H", "8E:b"]]', "not a room"),
    ('[["8W:H", "9Z:H"]]', "unknown zone"),
    ('[["8W:H"]]', "two or more"),
    ('"8W:H"', "list of zone-id lists"),
])
def test_bad_rooms_are_rejected_with_one_line(rooms, msg):
    with pytest.raises(BoardFormatError, match=msg):
        parse_map_text(map_text(f'layout = "8W 8E"\nrooms = {rooms}'), "s.toml", tiles=house_tiles())


def test_features_sources_and_readings_follow_the_tile():
    t = house_tiles()
    b = parse_map_text(map_text('layout = "8E 8W"\nrotation = { "8W" = 90 }'), "s.toml", tiles=t).board
    (pump,) = b.features_of("pump")
    # 8W's r1c1 turned 90 degrees clockwise is its top-right cell; 8W sits at board col 3-4
    assert pump.cell == (0, 3) and pump.zone == "8W:a" and pump.tile == "8W" and pump.label == "gas pump"
    placed = {p.tile: p for p in b.tiles}
    assert placed["8W"].source == "transcribed from the printed tile art"
    assert placed["8W"].readings == ("one reading",) and placed["8E"].readings == ()


@pytest.mark.parametrize("text, msg", [
    (HOUSE_W.replace('at = "r1c2-r1c3"', 'at = "r1c2-r1c4"'), "not edge-adjacent"),
    (HOUSE_W.replace('open_edges = ["r2c2-r2c3"]', 'open_edges = ["r2c1-r2c2"]'), "inside the tile"),
    (HOUSE_W.replace('open_edges = ["r2c2-r2c3"]', 'open_edges = "r2c2-r2c3"'), "'open_edges' must be a list"),
    (HOUSE_W.replace('at = "r1c1"\nlabel', 'at = "r5c1"\nlabel'), "features[0]: cell is not on the tile"),
    (HOUSE_W.replace('at = "r1c1"\nlabel', 'at = "r1c1-r1c2"\nlabel'), "one cell"),
    (HOUSE_W.replace('kind = "pump"', 'kind = ""'), "'kind' must be a short"),
    (HOUSE_W.replace('readings = ["one reading"]', 'readings = "x"'), "'readings' must be a list"),
    (HOUSE_W.replace('source = "transcribed', 'source = 3\n# "'), "'source' must be a string"),
])
def test_bad_printed_tile_fields_name_the_problem(tmp_path, text, msg):
    e = err(tmp_path, text, "8W.toml")
    assert msg in str(e) and str(e).startswith("tiles/8W.toml")
