"""Line of Sight on small hand-made maps: every case of P. 10, P. 31 and Hawk-eye (P. 46).

Expected values are written by hand from the rulebook text, never computed with the code.
Zone ids are "T:<letter>" (one-tile boards from nollab.board.board_from_grid).
"""
from __future__ import annotations

from hypothesis import given, settings, strategies as st

from nollab.board import board_from_grid

E, I, C, W = "exterior", "interior", "corn", "woods"


def los(board, zone, closed=None, hawk=False):
    return {k[2:]: v for k, v in board.line_of_sight("T:" + zone, closed, hawk_eye=hawk).items()}


# --------------------------------------------------------------------------- exterior (P. 10)
def test_p10_exterior_straight_lines_no_diagonals():
    """P. 10: "Actors see in straight lines that run parallel to the edges of the board. Actors
    cannot see diagonally." """
    b = board_from_grid("abc\ndef\nghi", {x: E for x in "abcdefghi"})
    assert los(b, "e") == {"e": 0, "b": 1, "d": 1, "f": 1, "h": 1}
    assert los(b, "a") == {"a": 0, "b": 1, "c": 2, "d": 1, "g": 2}


def test_p10_range_counts_zones_not_cells():
    """P. 12 "Range: number of Zones": a 3-cell Zone is crossed as 1 Zone."""
    b = board_from_grid("aabbbc", {x: E for x in "abc"})
    assert los(b, "a") == {"a": 0, "b": 1, "c": 2}
    assert b.sight_range("T:a", "T:c") == 2


def test_p10_wall_and_board_edge_stop_the_line():
    """P. 10: "as many Zones as the line can pass through before reaching a wall or the edge of
    the board"."""
    b = board_from_grid("abcd", {x: E for x in "abcd"}, walls=["r1c2-r1c3"])
    assert los(b, "a") == {"a": 0, "b": 1}
    assert los(b, "d") == {"d": 0, "c": 1}
    assert b.sight_range("T:a", "T:d") is None


def test_p10_a_building_blocks_exterior_lines():
    """A building's walls stop an exterior line (P. 10, P. 11: interior needs an opening)."""
    b = board_from_grid("xyz\naKb", {"x": E, "y": E, "z": E, "a": E, "b": E, "K": I},
                        [("d", "r1c2-r2c2", "door", True)])
    assert los(b, "a") == {"a": 0, "x": 1}
    assert "b" not in los(b, "a")


# --------------------------------------------------------------------------- interior (P. 10, P. 26)
def test_p10_interior_sees_rooms_sharing_an_opening_at_range_1_only():
    """P. 10: "an Actor sees into all the Zones that share an opening with the room ... limited
    to the distance of 1 Zone." P. 26: "Line of Sight is limited to the Zones that share an
    opening and are just 1 Zone away." """
    b = board_from_grid("KLM", {"K": I, "L": I, "M": I},
                        [("kl", "r1c1-r1c2", "passage"), ("lm", "r1c2-r1c3", "door", True)])
    assert los(b, "K") == {"K": 0, "L": 1}
    assert los(b, "L") == {"L": 0, "K": 1, "M": 1}


def test_p10_interior_sees_every_opening_not_only_straight_ones():
    """Rooms sharing an opening are seen whatever the direction ("the walls do not block Line
    of Sight between 2 Zones" when there is an opening)."""
    b = board_from_grid("KL\n.M", {"K": I, "L": I, "M": I},
                        [("kl", "r1c1-r1c2", "passage"), ("lm", "r1c2-r2c2", "passage")])
    assert los(b, "L") == {"L": 0, "K": 1, "M": 1}
    assert los(b, "K") == {"K": 0, "L": 1}


def test_p10_closed_door_and_closed_barricade_interrupt():
    """P. 10 NOTE: "Closed Barricades and closed Doors interrupt Lines of Sight." """
    b = board_from_grid("KLM", {"K": I, "L": I, "M": I},
                        [("kl", "r1c1-r1c2", "barricade", True), ("lm", "r1c2-r1c3", "door", True)])
    assert los(b, "L", frozenset({"lm"})) == {"L": 0, "K": 1}
    assert los(b, "L", frozenset({"kl"})) == {"L": 0, "M": 1}
    assert los(b, "L", frozenset({"kl", "lm"})) == {"L": 0}


def test_p10_interior_to_exterior_straight_line_any_number_of_zones():
    """P. 10: "looking from an interior Zone to an exterior Zone or vice versa, the Line of Sight
    can go through any number of exterior Zones into a straight line, but only 1 Zone into the
    building." """
    b = board_from_grid("abcdKL", {"a": E, "b": E, "c": E, "d": E, "K": I, "L": I},
                        [("door", "r1c4-r1c5", "door", True), ("kl", "r1c5-r1c6", "passage")])
    assert los(b, "K") == {"K": 0, "d": 1, "c": 2, "b": 3, "a": 4, "L": 1}
    assert los(b, "a") == {"a": 0, "b": 1, "c": 2, "d": 3, "K": 4}  # not L: 1 Zone into the building
    assert los(b, "L") == {"L": 0, "K": 1}  # from the back room: only the room sharing an opening


def test_p10_interior_looks_out_only_along_the_line_through_the_opening():
    """Out of a door the line is straight: K sees y and q beyond it, not x/z beside y."""
    b = board_from_grid("pqr\nxyz\naKb", {**{x: E for x in "pqrxyzab"}, "K": I},
                        [("d", "r2c2-r3c2", "door", True)])
    assert los(b, "K") == {"K": 0, "y": 1, "q": 2}
    assert "K" not in los(b, "x")
    assert los(b, "q")["K"] == 2


def test_p10_window_is_an_opening_and_barricaded_window_blocks():
    """P. 9: an open window is an Opening; a closed Barricade on it blocks (S1)."""
    b = board_from_grid("aK", {"a": E, "K": I}, [("w", "r1c1-r1c2", "window", True)])
    assert los(b, "a") == {"a": 0, "K": 1}
    assert los(b, "a", frozenset({"w"})) == {"a": 0}
    assert los(b, "K", frozenset({"w"})) == {"K": 0}


def test_p10_closed_door_blocks_exterior_to_interior():
    b = board_from_grid("abK", {"a": E, "b": E, "K": I}, [("d", "r1c2-r1c3", "door", False)])
    assert los(b, "a") == {"a": 0, "b": 1}
    assert los(b, "a", frozenset()) == {"a": 0, "b": 1, "K": 2}


def test_p10_from_outside_only_one_zone_into_any_building():
    """A line out of one building does not enter a second one (that would be 2 Zones inside)."""
    b = board_from_grid("KaL", {"K": I, "a": E, "L": I},
                        [("d1", "r1c1-r1c2", "door", True), ("d2", "r1c2-r1c3", "door", True)])
    assert los(b, "K") == {"K": 0, "a": 1}
    assert los(b, "a") == {"a": 0, "K": 1, "L": 1}


def test_stairs_closed_block_like_a_door():
    """P. 18: "The Stairway token is considered to be, and is played like a Door." """
    b = board_from_grid("SU", {"S": I, "U": I}, [("st", "r1c1-r1c2", "stairs", False)])
    assert los(b, "S") == {"S": 0}
    assert los(b, "S", frozenset()) == {"S": 0, "U": 1}


# --------------------------------------------------------------------------- corn fields (P. 31)
def test_p31_corn_blocks_into_and_through():
    """P. 31: "No Line of Sight can go into, and through them." """
    b = board_from_grid("acb", {"a": E, "c": C, "b": E})
    assert los(b, "a") == {"a": 0}
    assert los(b, "b") == {"b": 0}


def test_p31_inside_corn_range_0_only():
    """P. 31: "Line of Sight within a Corn Field is limited to Range 0. No Line of Sight can be
    traced outside the Actor's Zone." """
    b = board_from_grid("acb\nxyz", {"a": E, "c": C, "b": E, "x": E, "y": E, "z": E})
    assert los(b, "c") == {"c": 0}


def test_p31_corn_not_seen_from_a_room_through_an_open_door():
    b = board_from_grid("Kc", {"K": I, "c": C}, [("d", "r1c1-r1c2", "door", True)])
    assert los(b, "K") == {"K": 0}


# --------------------------------------------------------------------------- woods (P. 31)
def test_p31_woods_block_from_outside():
    """P. 31: "Wood Zones block Lines of Sight for anyone outside. No Line of Sight can go into,
    and through them." """
    b = board_from_grid("awb", {"a": E, "w": W, "b": E})
    assert los(b, "a") == {"a": 0}
    assert los(b, "b") == {"b": 0}


def test_p31_inside_woods_see_out():
    """P. 31: "Actors standing inside a Wood Zone can trace Lines of Sight from their own Wood
    Zone." """
    b = board_from_grid("xawby", {"x": E, "a": E, "w": W, "b": E, "y": E})
    assert los(b, "w") == {"w": 0, "a": 1, "b": 1, "x": 2, "y": 2}
    assert "w" not in los(b, "a")


def test_p31_woods_do_not_see_into_other_woods():
    b = board_from_grid("wva", {"w": W, "v": W, "a": E})
    assert los(b, "w") == {"w": 0}


# --------------------------------------------------------------------------- Hawk-eye (P. 46)
def test_p46_hawk_eye_through_closed_barricade_at_range_1_only():
    """P. 46 Hawk-eye: "Lines of Sight go at Range 1 through closed Barricades and Corn Fields." """
    b = board_from_grid("abc", {"a": E, "b": E, "c": E}, [("g", "r1c1-r1c2", "barricade", False)])
    assert los(b, "a") == {"a": 0}
    assert los(b, "a", hawk=True) == {"a": 0, "b": 1}  # c is at range 2: not seen


def test_p46_hawk_eye_rooms_and_barricaded_window():
    b = board_from_grid("aKL", {"a": E, "K": I, "L": I},
                        [("w", "r1c1-r1c2", "window", False), ("kl", "r1c2-r1c3", "barricade", False)])
    assert los(b, "K") == {"K": 0}
    assert los(b, "K", hawk=True) == {"K": 0, "a": 1, "L": 1}
    assert los(b, "a", hawk=True) == {"a": 0, "K": 1}


def test_p46_hawk_eye_does_not_see_through_closed_doors():
    b = board_from_grid("KL", {"K": I, "L": I}, [("d", "r1c1-r1c2", "door", False)])
    assert los(b, "K", hawk=True) == {"K": 0}


def test_p46_hawk_eye_into_and_out_of_corn_at_range_1():
    b = board_from_grid("xacby", {"x": E, "a": E, "c": C, "b": E, "y": E})
    assert los(b, "a", hawk=True) == {"a": 0, "x": 1, "c": 1}
    assert los(b, "c", hawk=True) == {"c": 0, "a": 1, "b": 1}


def test_p46_hawk_eye_corn_from_a_room():
    b = board_from_grid("Kc", {"K": I, "c": C}, [("d", "r1c1-r1c2", "door", True)])
    assert los(b, "K", hawk=True) == {"K": 0, "c": 1}


def test_in_line_of_sight_and_range_helpers():
    b = board_from_grid("abc", {"a": E, "b": E, "c": E})
    assert b.in_line_of_sight("T:a", "T:c")
    assert b.range("T:a", "T:c") == 2
    assert b.sight_range("T:a", "T:a") == 0


# --------------------------------------------------------------------------- properties
@st.composite
def exterior_maps(draw):
    """Random exterior-only maps: each row cut into runs (one Zone per run), random walls."""
    rows = draw(st.integers(1, 4))
    cols = draw(st.integers(1, 5))
    letters = iter("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ")
    grid = []
    for _ in range(rows):
        row = ""
        while len(row) < cols:
            n = draw(st.integers(1, cols - len(row)))
            row += next(letters) * n
        grid.append(row)
    edges = [f"r{r+1}c{c+1}-r{r+1}c{c+2}" for r in range(rows) for c in range(cols - 1)
             if grid[r][c] != grid[r][c + 1]]
    edges += [f"r{r+1}c{c+1}-r{r+2}c{c+1}" for r in range(rows - 1) for c in range(cols)
              if grid[r][c] != grid[r + 1][c]]
    walls = draw(st.lists(st.sampled_from(edges), unique=True)) if edges else []
    kinds = {ch: E for ch in set("".join(grid))}
    return board_from_grid("\n".join(grid), kinds, walls=walls)


@settings(max_examples=60, deadline=None)
@given(exterior_maps())
def test_exterior_line_of_sight_is_symmetric_with_equal_ranges(b):
    """P. 10 lines are straight rows/columns: if a sees b at range r, b sees a at range r."""
    for a in b.zones:
        for z, r in b.line_of_sight(a).items():
            assert b.line_of_sight(z).get(a) == r, (a, z)


@settings(max_examples=60, deadline=None)
@given(exterior_maps())
def test_exterior_sight_never_diagonal(b):
    """Every seen Zone shares a row or a column of cells with the viewer (no diagonals, P. 10)."""
    for a in b.zones:
        ca = b.zones[a].cells
        for z in b.line_of_sight(a):
            cz = b.zones[z].cells
            assert any(x[0] == y[0] or x[1] == y[1] for x in ca for y in cz)


@st.composite
def mixed_maps(draw, kinds=(E, E, I, I, C, W)):
    """Random 1-cell-Zone maps of mixed kinds with random openings (every room gets one)."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    letters = "abcdefghijklmnop"
    grid = [letters[r * cols:(r + 1) * cols] for r in range(rows)]
    kind = {ch: draw(st.sampled_from(kinds)) for ch in "".join(grid)}
    edges = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    edges += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    openings, closed = [], set()
    for k, (a, b) in enumerate(edges):
        if draw(st.booleans()):
            okind = draw(st.sampled_from(["door", "window", "barricade", "passage"]))
            oid = f"o{k}"
            openings.append((oid, f"r{a[0]+1}c{a[1]+1}-r{b[0]+1}c{b[1]+1}", okind))
            if okind != "passage" and draw(st.booleans()):
                closed.add(oid)
    touched = {cell for o in openings for cell in o[1].split("-")}
    for r in range(rows):
        for c in range(cols):
            if kind[grid[r][c]] == I and f"r{r+1}c{c+1}" not in touched:
                kind[grid[r][c]] = E
    return board_from_grid("\n".join(grid), kind, openings), frozenset(closed)


@settings(max_examples=80, deadline=None)
@given(mixed_maps(kinds=(E, E, I, I, C)))
def test_line_of_sight_symmetric_without_woods(m):
    """Without Woods (the one one-way rule, P. 31), every P. 10/P. 31 rule is symmetric."""
    b, closed = m
    for a in b.zones:
        for z, r in b.line_of_sight(a, closed).items():
            assert b.line_of_sight(z, closed).get(a) == r, (a, z)


@settings(max_examples=80, deadline=None)
@given(mixed_maps())
def test_corn_and_woods_are_never_seen_from_outside(m):
    """P. 31: no Line of Sight into Corn Fields or Woods; inside Corn: range 0 only."""
    b, closed = m
    for a, za in b.zones.items():
        seen = b.line_of_sight(a, closed)
        if za.kind == C:
            assert dict(seen) == {a: 0}
        for z in seen:
            if z != a:
                assert b.zones[z].kind not in (C, W)


@settings(max_examples=80, deadline=None)
@given(mixed_maps())
def test_hawk_eye_only_adds_zones_at_range_1(m):
    """P. 46: Hawk-eye adds Lines of Sight "at Range 1"; it never removes or shortens one."""
    b, closed = m
    for a in b.zones:
        normal = b.line_of_sight(a, closed)
        hawk = b.line_of_sight(a, closed, hawk_eye=True)
        assert all(hawk[z] == r for z, r in normal.items())
        assert all(r <= 1 for z, r in hawk.items() if z not in normal)


@settings(max_examples=80, deadline=None)
@given(mixed_maps())
def test_rooms_see_at_most_one_zone_into_other_rooms(m):
    """P. 10: interior Line of Sight reaches other rooms only at range 1."""
    b, closed = m
    for a, za in b.zones.items():
        for z, r in b.line_of_sight(a, closed).items():
            if za.interior and b.zones[z].interior and z != a:
                assert r == 1
