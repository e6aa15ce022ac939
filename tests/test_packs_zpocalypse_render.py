"""The Zpocalypse board through nollab.render: every square a hit-test zone, the bunker one zone ("The bunker
acts as a single square for all purposes"), squads, zombies (single grey, double lime green), fortifications,
Search tokens, the acting squad's moves; SVG from the same display list."""
from __future__ import annotations

from zpoc_support import BUNKER, position
from nollab.packs.zpocalypse.board import edge_key
from nollab.packs.zpocalypse.render import DOUBLE, SINGLE
from nollab.render import to_svg


def _dl():
    g = position(players=2, squads={"p1": {"pos": (0, 0)}, "p2": {"pos": BUNKER}},
                 zombies=[(5, 5, True), (7, 7), ("bunker",)], edges={edge_key((3, 3), (4, 3)): "wall"},
                 forts={"4,4": "trap", "2,3": "lookout"})
    g.state.tokens["1,1"] = {"colour": "white", "n": 2, "x": False}
    g.state.turn = "p1"
    return g, g.view(), g.display_list()


def test_every_square_and_the_bunker_are_zones():
    g, v, dl = _dl()
    for x, y, _ in v.squares:
        cx, cy = dl.grid.centre(f"{x},{y}")
        assert dl.zone_at(cx, cy) == f"{x},{y}"
    assert dl.grid.cells_of("bunker")
    assert len(v.squares) == 4 * 16


def test_tokens_are_drawn_from_the_view():
    g, v, dl = _dl()
    zombies = dl.tagged("zombie", "tokens")
    fills = {s.fill for s in zombies if hasattr(s, "r")}
    assert fills == {SINGLE, DOUBLE}
    assert dl.tagged("squad:p1", "tokens") and dl.tagged("squad:p2", "tokens")
    assert dl.tagged(f"edge:wall:{edge_key((3, 3), (4, 3))}", "tokens")
    assert dl.tagged("fort:trap:4,4", "tokens") and dl.tagged("fort:lookout:2,3", "tokens")
    assert dl.tagged("search:1,1", "tokens")
    from nollab.packs.zpocalypse.night import legal
    from nollab.packs.zpocalypse.render import board_display_list
    from nollab.render.model import Overlay
    moves = tuple(a.params[0] for a in legal(g.ctx, "p1") if a.kind == "move")
    assert "1,1" in moves and "3,3" in moves
    dl2 = board_display_list(v, Overlay(legal=moves, selected="1,1"))
    assert len(dl2.tagged("legal", "overlay")) == len(moves) and dl2.tagged("selected:1,1", "overlay")
    svg = to_svg(dl, title="Zpocalypse")
    assert svg.startswith("<svg") and "BUNKER" in svg
