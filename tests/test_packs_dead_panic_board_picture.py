"""The Dead Panic board through the render layer's display list: rings, arcs, the Cabin, Walls,
tokens, hit-test, SVG -- read back through shape tags and geometry, not bytes."""
from __future__ import annotations

import math

from dp_support import position
from nollab.packs.dead_panic.render import RING_FILL, Layout, board_display_list
from nollab.render import Overlay, to_svg


def test_the_board_has_24_spaces_in_4_rings_and_6_arcs():
    g = position(["al", "ray"])
    dl = g.display_list()
    spaces = [s for s in dl.tiles if s.tag.startswith("space:")]
    assert len(spaces) == 24
    assert {s.zone for s in spaces} == {f"{a}:{r}" for a in range(1, 7) for r in ("woods", "clearing", "yard", "cabin")}
    assert {s.fill for s in spaces if s.tag == "space:woods"} == {RING_FILL["woods"]}
    assert len(dl.tagged("interior-wall")) == 6 and dl.tagged("cabin:centre")
    assert [t.text for t in dl.tagged("label:arc")] == [f"arc {a}" for a in range(1, 7)]


def test_hit_test_maps_every_space_centre_back_to_its_space():
    g = position(["al", "ray"])
    dl = g.display_list()
    L = Layout(6, ("woods", "clearing", "yard", "cabin"))
    for a in range(1, 7):
        for r in ("woods", "clearing", "yard", "cabin"):
            x, y = L.centre(f"{a}:{r}")
            assert dl.zone_at(x, y) == f"{a}:{r}"
    assert dl.zone_at(L.cx, L.cy) is None  # the centre of the Cabin is not a space (p. 5)
    assert dl.zone_at(5, 5) is None
    # arc 1 is at the top, arcs go clockwise: arc 2's Woods lies up and to the right
    x, y = L.centre("2:woods")
    assert x > L.cx and y < L.cy and math.isclose(math.atan2(y - L.cy, x - L.cx), -math.pi / 6, abs_tol=0.01)


def test_walls_are_drawn_by_state_with_the_door_on_the_living_room():
    g = position(["al", "ray"], walls={2: "cracked", 3: "destroyed"})
    dl = g.display_list()
    assert len(dl.tagged("wall:standing")) == 4 and len(dl.tagged("wall:cracked")) == 1
    assert len(dl.tagged("wall:destroyed")) == 1 and dl.tagged("wall:crack") and len(dl.tagged("wall:door")) == 1
    standing, cracked = dl.tagged("wall:standing")[0], dl.tagged("wall:cracked")[0]
    assert standing.stroke != cracked.stroke and dl.tagged("wall:destroyed")[0].dash


def test_tokens_sit_in_their_spaces_with_a_shape_per_zombie_type():
    g = position(["al", "ray"], at={"al": "3:yard"}, zombies=[("brute", "3:yard"), ("creeper", "5:woods"),
                                                                ("sprinter", "5:woods", 1)],
                 survivors=[("4:clearing", 2)], radio={"6:clearing": 2}, van="2:woods", in_van=["ray"], bait="al")
    dl = g.display_list()
    L = Layout(6, ("woods", "clearing", "yard", "cabin"))
    brute = dl.tagged("zombie:brute")[0]
    assert brute.zone == "3:yard" and type(brute).__name__ == "Polygon" and len(brute.points) == 6
    assert type(dl.tagged("zombie:creeper")[0]).__name__ == "Polygon" and len(dl.tagged("zombie:creeper")[0].points) == 3
    labels = [t.text for t in dl.tagged("zombie:label")]
    assert "X3" in labels and "R1" in labels  # health shown on multi-health tokens
    al = dl.tagged("character:al")[0]
    assert dl.zone_at(al.cx, al.cy) == "3:yard" and dl.tagged("bait")[0].zone == "3:yard"
    assert dl.tagged("survivor")[0].zone == "4:clearing" and dl.tagged("survivor:radio")
    assert dl.tagged("radio")[0].zone == "6:clearing" and "2" in [t.text for t in dl.tagged("radio:label")]
    assert dl.tagged("van")[0].zone == "2:woods" and dl.tagged("van:label")[0].text == "R"
    for shape in dl.tagged("zombie") + dl.tagged("character"):
        x, y = (shape.cx, shape.cy) if hasattr(shape, "cx") else shape.points[0] if hasattr(shape, "points") \
            else (shape.x, shape.y)
        assert math.hypot(x - L.cx, y - L.cy) > L.hub


def test_overlay_and_result_banner():
    g = position(["al", "ray"], at={"al": "1:cabin"}, turn="al")
    dl = g.display_list()
    assert {s.zone for s in dl.tagged("overlay:legal")} == {"1:yard", "2:cabin", "6:cabin"}  # default: legal moves
    dl = board_display_list(g.view(), Overlay(selected="4:woods", route=("4:woods", "4:clearing")))
    assert dl.tagged("overlay:selected")[0].zone == "4:woods" and dl.tagged("overlay:route")
    g.state.result, g.state.reason = "won", "Al escaped in the van"
    dl = g.display_list()
    assert dl.tagged("result:won") and "Al escaped" in dl.tagged("result:reason")[0].text
    assert "Round 1" in dl.tagged("banner")[0].text


def test_svg_and_repr():
    g = position(["al", "ray"], zombies=[("shambler", "1:woods")])
    svg = to_svg(g.display_list())
    assert svg.startswith("<svg") and 'data-zone="1:woods"' in svg and 'data-tag="zombie:shambler"' in svg
    assert g._repr_svg_().startswith("<svg")
    tips = dict(g.display_list().tooltips)
    assert tips["1:woods"].startswith("Woods of arc 1") and "Shambler" in tips["1:woods"]
