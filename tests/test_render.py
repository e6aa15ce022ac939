"""Render: display lists and SVG on a hand-made map (structure, not bytes).

The map (3 rows x 4 cols, cell = 40 px)::

    K K c w        K = kitchen (interior)   c = corn field   w = woods
    K K c w        s = street (exterior)
    s s s s        door K|s at (1,0)-(2,0), window K|s at (1,1)-(2,1)

Expected values are written out by hand from this picture, not computed with render.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from nollab.render import (
    BoardGeometry,
    BoardSnapshot,
    CarToken,
    Circle,
    Line,
    OpeningToken,
    Overlay,
    Polygon,
    Rect,
    SpawnToken,
    SurvivorToken,
    Text,
    TileShape,
    ZoneShape,
    display_list,
    to_svg,
)
from nollab.render.model import edge

CELL = 40
GEOM = BoardGeometry(
    "hand", cols=4, rows=3,
    zones=(
        ZoneShape("K", "interior", ((0, 0), (0, 1), (1, 0), (1, 1)), "kitchen"),
        ZoneShape("s", "exterior", ((2, 0), (2, 1), (2, 2), (2, 3)), "street"),
        ZoneShape("c", "corn", ((0, 2), (1, 2)), "corn"),
        ZoneShape("w", "woods", ((0, 3), (1, 3)), "woods"),
    ),
    tiles=(TileShape("1R", 0, 0, 3, 4),),
)
DOOR = edge((1, 0), (2, 0))
WINDOW = edge((1, 1), (2, 1))


def snap(**kw) -> BoardSnapshot:
    base = dict(
        openings=(OpeningToken(DOOR, "door", False, "d"), OpeningToken(WINDOW, "window", True, "w")),
        spawns=(SpawnToken("s", "white"), SpawnToken("w", "red")),
        survivors=(SurvivorToken("Ben", "K", active=True), SurvivorToken("Barbra", "K", mode="zombicide")),
        ghouls=(("s", "walker", 3), ("s", "fatty", 1), ("c", "breaker", 2)),
    )
    base.update(kw)
    return BoardSnapshot(**base)


def zone_of_pixel(x: float, y: float) -> str | None:
    """Independent hit-test straight from the picture in the module docstring."""
    grid = ["KKcw", "KKcw", "ssss"]
    r, c = int(y // CELL), int(x // CELL)
    if 0 <= r < 3 and 0 <= c < 4:
        return grid[r][c]
    return None


def centre(shape) -> tuple[float, float]:
    if isinstance(shape, Rect):
        return shape.x + shape.w / 2, shape.y + shape.h / 2
    if isinstance(shape, (Circle,)):
        return shape.cx, shape.cy
    if isinstance(shape, Text):
        return shape.x, shape.y
    if isinstance(shape, Polygon):
        xs, ys = zip(*shape.points)
        return sum(xs) / len(xs), sum(ys) / len(ys)
    raise TypeError(shape)


def test_tiles_layer_one_rect_per_cell_filled_by_zone_kind():
    dl = display_list(GEOM, snapshot=snap(), cell=CELL)
    cells = [s for s in dl.tiles if s.tag.startswith("zone:")]
    assert len(cells) == 12
    assert {s.tag for s in cells} == {"zone:interior", "zone:exterior", "zone:corn", "zone:woods"}
    fills = {s.tag: s.fill for s in cells}
    assert len(set(fills.values())) == 4, "each zone kind has its own fill"
    assert sum(1 for s in cells if s.zone == "K") == 4


def test_walls_around_the_interior_and_ground_marks_between_exterior_zones():
    """P. 9-11: rooms are bounded by walls; exterior zones by ground markings."""
    dl = display_list(GEOM, cell=CELL)
    # kitchen boundary with other zones: 2 sides to corn, 2 sides to street
    assert len(dl.tagged("wall")) == 4
    # outdoor boundaries: corn|woods x2, corn|street, woods|street
    assert len(dl.tagged("mark")) == 4
    # board edge: 2*(3+4) cell sides
    assert len(dl.tagged("edge")) == 14


def test_white_spawn_token_is_drawn_white_inside_its_zone():
    """P. 24: the starting Spawn Zone carries the white token."""
    dl = display_list(GEOM, snapshot=snap(), cell=CELL)
    (white,) = dl.tagged("spawn:white", "tokens")
    assert white.fill == "#ffffff"
    assert zone_of_pixel(*centre(white)) == "s"
    (red,) = dl.tagged("spawn:red", "tokens")
    assert red.fill != "#ffffff" and zone_of_pixel(*centre(red)) == "w"


def test_inactive_spawn_colours_are_drawn_faded():
    """P. 24: yellow and violet Spawn Zones don't spawn until a Scene event activates them."""
    dl = display_list(GEOM, snapshot=snap(spawns=(SpawnToken("w", "violet", active=False),)), cell=CELL)
    (tok,) = dl.tagged("spawn:violet", "tokens")
    assert tok.tag == "spawn:violet:inactive" and tok.opacity < 1


def test_closed_door_drawn_differently_from_open_door():
    """P. 18: doors are open or closed; the picture must tell them apart."""
    closed = display_list(GEOM, snapshot=snap(), cell=CELL).tagged("opening:door:closed")
    opened = display_list(
        GEOM, snapshot=snap(openings=(OpeningToken(DOOR, "door", True, "d"),)), cell=CELL
    ).tagged("opening:door:open")
    assert len(closed) == 1 and len(opened) == 1
    a, b = closed[0], opened[0]
    assert a.fill != b.fill
    assert min(a.w, a.h) > min(b.w, b.h), "a closed door is a thicker bar"
    # both lie on the kitchen/street edge: y = 2 * CELL, between x = 0 and x = CELL
    for s in (a, b):
        assert s.y < 2 * CELL < s.y + s.h and 0 <= s.x and s.x + s.w <= CELL


def test_closed_window_carries_planks():
    dl = display_list(GEOM, snapshot=snap(openings=(OpeningToken(WINDOW, "window", False, "w"),)), cell=CELL)
    assert len(dl.tagged("opening:window:closed:plank")) == 2
    assert not dl.tagged("opening:window:open")


def test_every_token_lies_inside_its_zone_even_when_crowded():
    crowd = tuple(SurvivorToken(f"S{i}", "c") for i in range(11))  # 2 cells = 8 slots
    dl = display_list(GEOM, snapshot=snap(survivors=crowd), cell=CELL)
    zoned = [s for s in dl.tokens if s.zone is not None and not isinstance(s, Line)]
    assert len(zoned) > 20
    for s in zoned:
        assert zone_of_pixel(*centre(s)) == s.zone, s


def test_survivors_show_colour_and_mode():
    """P. 14: Romero (black and white side) vs Zombicide mode."""
    dl = display_list(GEOM, snapshot=snap(), cell=CELL)
    (ben,) = dl.tagged("survivor:Ben")
    (barbra,) = dl.tagged("survivor:Barbra")
    assert ben.tag.endswith(":romero") and barbra.tag.endswith(":zombicide")
    assert ben.stroke != barbra.stroke and ben.fill != barbra.fill
    assert len(dl.tagged("survivor-active")) == 1
    assert {t.text for t in dl.tagged("survivor-name")} == {"Be", "Ba"}


def test_ghoul_counters_by_type_per_zone():
    """P. 17: Walkers, Breakers, Fatties, Relatives are counted per zone."""
    dl = display_list(GEOM, snapshot=snap(), cell=CELL)
    texts = {(t.zone, t.text) for t in dl.tagged("ghouls-count")}
    assert texts == {("s", "3"), ("s", "1"), ("c", "2")}
    figures = {(f.zone, f.tag) for f in dl.tagged("ghouls")}
    assert figures == {("s", "ghouls:walker"), ("s", "ghouls:fatty"), ("c", "ghouls:breaker")}


def test_each_ghoul_type_has_its_own_silhouette_and_colour():
    """P. 17: four Ghoul types, told apart at a glance: the outlines differ once moved to the same
    place (not only the colour), and each type keeps one colour (board, legend and charts)."""
    from nollab.render.palette import GHOUL_COLOUR
    from nollab.render.pieces import ghoul_figure

    outlines, fills = set(), set()
    for kind in ("walker", "breaker", "fatty", "relative"):
        body = ghoul_figure(kind, 0.0, 0.0, 100.0)[0]
        assert isinstance(body, Polygon) and body.fill == GHOUL_COLOUR[kind]
        outlines.add(body.points)
        fills.add(body.fill)
    assert len(outlines) == 4 and len(fills) == 4
    # a Breaker raises its arms above its head; a Walker does not; a Fatty is the widest
    top = {k: min(y for _x, y in ghoul_figure(k, 0, 0, 100)[0].points) for k in ("walker", "breaker")}
    assert top["breaker"] < -45 < top["walker"]
    width = {k: max(x for x, _y in ghoul_figure(k, 0, 0, 100)[0].points) for k in ("walker", "fatty", "relative")}
    assert width["fatty"] > width["walker"] and width["fatty"] > width["relative"]


def test_car_shows_driver_and_passengers_and_hides_them_from_the_zone():
    """P. 20-21: survivors in the car are drawn as the car."""
    sv = (SurvivorToken("Ben", "s", in_car=True), SurvivorToken("Judy", "s", in_car=True))
    dl = display_list(GEOM, snapshot=snap(survivors=sv, car=CarToken("s", "Ben", ("Judy",))), cell=CELL)
    assert len(dl.tagged("car", "tokens")) == 2  # body + label
    (label,) = dl.tagged("car:label")
    assert label.text == "B+1"
    assert not dl.tagged("survivor")


def test_zone_at_hits_every_cell_and_nothing_outside():
    dl = display_list(GEOM, cell=CELL)
    for r in range(3):
        for c in range(4):
            for dx, dy in ((1, 1), (CELL - 1, CELL - 1), (CELL / 2, CELL / 2)):
                x, y = c * CELL + dx, r * CELL + dy
                assert dl.zone_at(x, y) == zone_of_pixel(x, y)
    assert dl.zone_at(-1, 5) is None and dl.zone_at(4 * CELL + 1, 5) is None
    assert dl.zone_at(5, 3 * CELL + 1) is None


def test_tooltip_names_kind_and_contents():
    dl = display_list(GEOM, snapshot=snap(), cell=CELL)
    tip = dl.tooltip("s")
    assert "street" in tip and "3 walker" in tip and "white spawn" in tip
    assert "Ben" in dl.tooltip("K") and dl.tooltip(None) == ""


def test_overlay_is_outlines_only_and_counts_by_kind():
    """Highlights never hide pieces: no filled shape over a zone."""
    ov = Overlay(legal=("s",), sight_from="K", sight=("s", "c"), route=("w", "c", "s"), selected="K")
    dl = display_list(GEOM, ov, snapshot=snap(), cell=CELL)
    assert not [s for s in dl.overlay if isinstance(s, Rect)]
    # street outline: top side has 4 cells, bottom 4, left 1, right 1 -> 10 segments
    assert len(dl.tagged("legal")) == 10
    assert len(dl.tagged("sight:ray")) == 2
    (route,) = dl.tagged("route", "overlay")[:1]
    assert isinstance(route, Line) and len(route.points) == 3
    assert len(dl.tagged("select")) == 8  # the 2x2 kitchen: 4 sides of 2 cells each
    assert all(zone_of_pixel(*p) == "K" for s in dl.tagged("select") for p in s.points)


def test_only_changed_layers_are_reported():
    a = display_list(GEOM, snapshot=snap(), cell=CELL)
    moved = snap(survivors=(SurvivorToken("Ben", "s", active=True),))
    b = display_list(GEOM, snapshot=moved, cell=CELL)
    c = display_list(GEOM, Overlay(selected="c"), snapshot=moved, cell=CELL)
    assert b.changed_layers(a) == ("tokens",)
    assert c.changed_layers(b) == ("overlay",)
    assert c.changed_layers(c) == ()
    assert a.changed_layers(None) == ("tiles", "tokens", "overlay")


def test_svg_has_one_element_per_shape_in_three_layer_groups():
    dl = display_list(GEOM, Overlay(selected="s"), snapshot=snap(), cell=CELL)
    root = ET.fromstring(to_svg(dl, title="hand"))
    ns = "{http://www.w3.org/2000/svg}"
    groups = {g.get("class"): list(g) for g in root.iter(f"{ns}g")}
    assert set(groups) == {"layer-tiles", "layer-tokens", "layer-overlay"}
    for name in ("tiles", "tokens", "overlay"):
        assert len(groups[f"layer-{name}"]) == len(dl.layer(name))
    whites = [e for e in groups["layer-tokens"] if e.get("data-tag") == "spawn:white"]
    assert len(whites) == 1 and whites[0].tag == f"{ns}rect" and whites[0].get("fill") == "#ffffff"
    assert whites[0].get("data-zone") == "s"
    assert root.get("width") == str(4 * CELL) and root.find(f"{ns}title").text == "hand"


def test_svg_escapes_text():
    dl = display_list(GEOM, snapshot=snap(caption="Round 1 <Ben & Barbra>"), cell=CELL)
    svg = to_svg(dl)
    assert "&lt;Ben &amp; Barbra&gt;" in svg
    ET.fromstring(svg)


def test_unknown_layer_and_unknown_object_are_clear_errors():
    dl = display_list(GEOM, cell=CELL)
    with pytest.raises(KeyError, match="unknown layer 'floor'"):
        dl.layer("floor")
    with pytest.raises(TypeError, match="cannot draw a int"):
        display_list(42)
    with pytest.raises(KeyError, match="unknown zone 'nowhere'"):
        display_list(GEOM, snapshot=snap(spawns=(SpawnToken("nowhere"),)), cell=CELL)


def test_golden_shape_counts_per_layer():
    """Counted by hand from the map in the module docstring.

    tiles: 12 cells + 1 tile outline + 4 walls + 4 ground marks + 14 board-edge sides + 1 tile
    name + 5 zone label lines ("woods" in a 40 px zone is hyphenated on 2 lines) = 41. tokens: closed door (bar, knob) + open window (pane, sash) = 4;
    2 spawn tokens (band + 3 heads of 2 shapes) = 14; Ben (turn ring, disc, rim, initials, Mode
    badge and letter) = 6 + Barbra (the same without the turn ring) = 5; 3 Ghoul groups
    (body, head, badge, count) = 12. 4 + 14 + 11 + 12 = 41.
    """
    dl = display_list(GEOM, snapshot=snap(), cell=CELL)
    assert (len(dl.tiles), len(dl.tokens), len(dl.overlay)) == (41, 41, 0)


def test_zone_labels_are_cut_to_their_zone_width():
    from nollab.render.layers import fit_label

    assert fit_label("kitchen", 100, 8) == "kitchen"
    cut = fit_label("stairs hall (corpse lady)", 40, 8)  # 40 px / (0.56 * 8) = 8 characters
    assert cut.endswith("…") and len(cut) <= 8
    long = ZoneShape("L", "interior", ((0, 0),), "a very long room name indeed")
    dl = display_list(BoardGeometry("x", 1, 1, (long,)), cell=CELL)
    lines = dl.tagged("zone-label")
    assert 1 <= len(lines) <= 2 and lines[-1].text.endswith("…")
    assert all(t.size >= 11 and len(t.text) * 0.56 * t.size <= CELL for t in lines)
    assert "a very long room name indeed" in dl.tooltip("L")  # the full name on hover


def test_zone_labels_are_11px_and_wrap_instead_of_running_over():
    """Readable labels: 11 px, whole words on up to 2 lines within the zone's width; the bracketed
    part goes first when the whole name does not fit."""
    from nollab.render.tiles_layer import wrap_label

    assert wrap_label("lawn by the porch steps", 95) == ["lawn by the", "porch steps"]
    assert wrap_label("hall (foot of the stairs)", 40) == ["hall"]
    assert wrap_label("basement stairs", 44, lines=3) == ["basem-", "ent", "stairs"]
    dl = display_list(GEOM, cell=CELL)
    texts = [t.text for t in dl.tagged("zone-label")]
    assert {"kitchen", "street", "corn"} <= set(texts)  # the 2-column zones and the short name
    width = {"K": 2 * CELL, "s": 4 * CELL, "c": CELL, "w": CELL}
    for t in dl.tagged("zone-label"):
        assert t.size >= 11 and (t.x % CELL) + len(t.text) * 0.6 * t.size <= width[t.zone], t
