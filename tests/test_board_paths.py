"""Movement, distances, all shortest routes and Ghoul pathing (P. 11, P. 18, P. 21, P. 23, P. 31).

Expected values are derived by hand (or by an independent brute force written in this file).
"""
from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings, strategies as st

from nollab.board import GhoulStep, board_from_grid

E, I, C, W = "exterior", "interior", "corn", "woods"


def ids(zs):
    return {z[2:] for z in zs}


def house_map():
    """abc / dKe / fgh: room K with a door north (b), a door south (g) and a window east (e)."""
    return board_from_grid(
        "abc\ndKe\nfgh", {**{x: E for x in "abcdefgh"}, "K": I},
        [("dn", "r1c2-r2c2", "door", True), ("ds", "r2c2-r3c2", "door", True),
         ("we", "r2c2-r2c3", "window", True)])


def test_p11_movement_never_diagonal():
    """P. 11: "Corners do not count. This means Actors cannot make diagonal movements." """
    b = board_from_grid("abc\ndef\nghi", {x: E for x in "abcdefghi"})
    assert ids(b.neighbors("T:e")) == {"b", "d", "f", "h"}
    b2 = board_from_grid("ab\ncd", {x: E for x in "abcd"})
    assert "T:d" not in b2.neighbors("T:a")
    assert b2.distance("T:a", "T:d") == 2


def test_p11_exterior_free_interior_needs_open_opening():
    """P. 11: exterior movement has no restrictions; interior<->exterior only through an open
    door (or opening); walls block."""
    b = house_map()
    assert ids(b.neighbors("T:K", frozenset())) == {"b", "g", "e"}
    assert ids(b.neighbors("T:K", frozenset({"dn", "ds"}))) == {"e"}
    assert ids(b.neighbors("T:d", frozenset())) == {"a", "f"}  # wall between d and K
    walled = board_from_grid("ab", {"a": E, "b": E}, walls=["r1c1-r1c2"])
    assert walled.neighbors("T:a") == ()


def test_p18_paths_through_open_vs_closed_doors():
    """P. 18 Move: "cannot move through walls, Barricades, or closed doors"."""
    b = house_map()
    assert b.distance("T:b", "T:g", frozenset()) == 2
    assert b.shortest_paths("T:b", "T:g", frozenset()) == [("T:b", "T:K", "T:g")]
    shut = frozenset({"dn", "ds", "we"})
    assert b.distance("T:b", "T:g", shut) == 4
    assert b.shortest_paths("T:b", "T:g", shut) == [
        ("T:b", "T:a", "T:d", "T:f", "T:g"), ("T:b", "T:c", "T:e", "T:h", "T:g")]
    assert b.first_steps("T:b", "T:g", shut) == {"T:a", "T:c"}
    assert b.distance("T:b", "T:K", shut) is None


def test_p23_all_equal_shortest_routes_enumerated():
    """P. 23: "If there is more than one route of the same length, Ghouls split ... to follow all
    possible routes." On a 3x3 open grid, corner to corner: C(4,2) = 6 routes."""
    b = board_from_grid("abc\ndef\nghi", {x: E for x in "abcdefghi"})
    paths = b.shortest_paths("T:a", "T:i")
    assert len(paths) == 6 and len(set(paths)) == 6
    assert all(len(p) == 5 for p in paths)
    assert b.first_steps("T:a", "T:i") == {"T:b", "T:d"}
    assert b.ghoul_step_options("T:a", "T:i") == (GhoulStep("T:b", "T:b"), GhoulStep("T:d", "T:d"))


def test_p23_open_path_preferred_even_if_longer():
    """P. 23: Ghouls take "the shortest available path": a longer open route beats a closed door."""
    b = house_map()
    closed = frozenset({"dn", "ds"})  # window east still open
    assert b.ghoul_step_options("T:b", "T:K", closed) == (GhoulStep("T:c", "T:c"),)


def test_p23_closed_house_fallback_stops_at_the_closed_door():
    """P. 23: "In case there are no open paths to the destination Zone, Ghouls move toward it as
    if all Barricades and Doors were open, though closed Barricades and Doors still stop them."
    The first step is taken on the all-open map; if it crosses a closed opening, the Ghoul stays."""
    b = house_map()
    shut = frozenset({"dn", "ds", "we"})
    # next to the door: the first step is into K through the closed door -> stays put
    assert b.ghoul_step_options("T:b", "T:K", shut) == (GhoulStep("T:K", "T:b", ("dn",)),)
    # two Zones away: the all-open first steps are b (-> door dn) and ... only b; b is reachable
    assert b.ghoul_step_options("T:a", "T:K", shut) == (GhoulStep("T:b", "T:b"),)
    # from c: two equal all-open routes (via b or via e), both first steps are open exterior moves
    assert b.ghoul_step_options("T:c", "T:K", shut) == (GhoulStep("T:b", "T:b"), GhoulStep("T:e", "T:e"))


def test_p23_fallback_blocked_by_barricaded_window():
    """From e the only all-open shortest route goes through the barricaded window: the Ghoul
    stays in e and reports the window (a Breaker may break it, P. 22)."""
    b = house_map()
    shut = frozenset({"dn", "ds", "we"})
    assert b.ghoul_step_options("T:e", "T:K", shut) == (GhoulStep("T:K", "T:e", ("we",)),)


def test_p23_fallback_with_two_rooms_split_between_moving_and_blocked():
    """Two all-open routes of equal length: one starts with an open exterior move, the other
    with a closed door. The Ghouls split (P. 23): one group moves, the other stays put."""
    # row 1: a b ; row 2: K M  ; K-M passage; a-K door closed; b-M door closed
    b = board_from_grid("ab\nKM", {"a": E, "b": E, "K": I, "M": I},
                        [("ak", "r1c1-r2c1", "door", False), ("bm", "r1c2-r2c2", "door", False),
                         ("km", "r2c1-r2c2", "passage")])
    # Ghoul in a, target M: all-open routes a->K->M and a->b->M (both 2): K blocked, b open
    assert b.ghoul_step_options("T:a", "T:M") == (
        GhoulStep("T:K", "T:a", ("ak",)), GhoulStep("T:b", "T:b"))


def test_ghoul_no_route_even_all_open_and_already_there():
    b = board_from_grid("ab", {"a": E, "b": E}, walls=["r1c1-r1c2"])
    assert b.ghoul_step_options("T:a", "T:b") == ()
    assert b.ghoul_step_options("T:a", "T:a") == ()


def test_p21_p31_car_only_on_exterior_zones():
    """P. 21: "The Car cannot be driven into interior Zones, Corn Fields, or Wood Zones." """
    b = board_from_grid("abc\nwKd", {"a": E, "b": E, "c": C, "w": W, "K": I, "d": E},
                        [("dk", "r1c2-r2c2", "door", True)])
    assert ids(b.car_neighbors("T:b")) == {"a"}
    assert ids(b.neighbors("T:b")) == {"a", "c", "K"}  # Actors go through corn normally (P. 31)
    assert b.car_neighbors("T:c") == ()


def test_house_spans_rooms_connected_by_openings_whatever_their_state():
    """S9: "a single house extends to all rooms connected by openings" (closed ones included)."""
    b = board_from_grid("KLaM", {"K": I, "L": I, "a": E, "M": I},
                        [("kl", "r1c1-r1c2", "door", False), ("la", "r1c2-r1c3", "door", True),
                         ("am", "r1c3-r1c4", "window", True)])
    assert b.house("T:K") == {"T:K", "T:L"}
    assert b.house("T:M") == {"T:M"}
    assert b.house("T:a") == frozenset()
    assert len(b.houses()) == 2


def test_closed_argument_is_checked():
    b = house_map()
    with pytest.raises(ValueError, match="unknown opening id 'nope'"):
        b.neighbors("T:K", frozenset({"nope"}))
    with pytest.raises(TypeError, match="frozenset"):
        b.neighbors("T:K", {"dn"})  # a set is not hashable: use frozenset
    p = board_from_grid("KL", {"K": I, "L": I}, [("p", "r1c1-r1c2", "passage")])
    with pytest.raises(ValueError, match="passage"):
        p.neighbors("T:K", frozenset({"p"}))


def test_initial_state_is_the_default():
    b = board_from_grid("aK", {"a": E, "K": I}, [("d", "r1c1-r1c2", "door", False)])
    assert b.initial_closed == {"d"}
    assert b.neighbors("T:a") == ()
    assert b.neighbors("T:a", frozenset()) == ("T:K",)


# --------------------------------------------------------------------------- properties
@st.composite
def random_maps(draw):
    """Random grids of 1-cell Zones of random kinds with random openings and closed sets."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(1, 4))
    letters = "abcdefghijklmnop"
    grid = [letters[r * cols:(r + 1) * cols] for r in range(rows)]
    kinds = {ch: draw(st.sampled_from([E, E, I, C, W])) for ch in "".join(grid)}
    edges = [((r, c), (r, c + 1)) for r in range(rows) for c in range(cols - 1)]
    edges += [((r, c), (r + 1, c)) for r in range(rows - 1) for c in range(cols)]
    openings, closed = [], set()
    for k, (a, b) in enumerate(edges):
        if draw(st.booleans()):
            oid = f"o{k}"
            openings.append((oid, f"r{a[0]+1}c{a[1]+1}-r{b[0]+1}c{b[1]+1}", "door", True))
            if draw(st.booleans()):
                closed.add(oid)
    # every room needs an opening: add a passage where missing (or turn it exterior)
    touched = set()
    for _, at, _, _ in openings:
        a, b = at.split("-")
        touched |= {a, b}
    for r in range(rows):
        for c in range(cols):
            if kinds[grid[r][c]] == I and f"r{r+1}c{c+1}" not in touched:
                kinds[grid[r][c]] = E
    board = board_from_grid("\n".join(grid), kinds, openings)
    return board, frozenset(closed), grid, kinds, openings


def brute_neighbours(grid, kinds, openings, closed):
    """Independent adjacency straight from P. 11, used as an oracle."""
    at = {}
    for oid, s, _, _ in openings:
        a, b = s.split("-")
        at[frozenset((a, b))] = oid
    rows, cols = len(grid), len(grid[0])
    nb = {ch: set() for ch in "".join(grid)}
    for r, c in product(range(rows), range(cols)):
        for rr, cc in ((r, c + 1), (r + 1, c)):
            if rr < rows and cc < cols:
                x, y = grid[r][c], grid[rr][cc]
                key = frozenset((f"r{r+1}c{c+1}", f"r{rr+1}c{cc+1}"))
                if key in at:
                    ok = at[key] not in closed
                else:
                    ok = kinds[x] != I and kinds[y] != I
                if ok:
                    nb[x].add(y)
                    nb[y].add(x)
    return nb


@settings(max_examples=80, deadline=None)
@given(random_maps())
def test_distances_match_floyd_warshall_and_triangle_inequality(m):
    board, closed, grid, kinds, openings = m
    nb = brute_neighbours(grid, kinds, openings, closed)
    zs = sorted(nb)
    inf = 10 ** 6
    d = {(x, y): 0 if x == y else (1 if y in nb[x] else inf) for x in zs for y in zs}
    for k in zs:
        for x in zs:
            for y in zs:
                if d[x, k] + d[k, y] < d[x, y]:
                    d[x, y] = d[x, k] + d[k, y]
    for x in zs:
        assert set(z[2:] for z in board.neighbors("T:" + x, closed)) == nb[x]
        for y in zs:
            got = board.distance("T:" + x, "T:" + y, closed)
            assert (got if got is not None else inf) == d[x, y]
            for z in zs:
                if d[x, y] < inf and d[y, z] < inf:
                    assert d[x, z] <= d[x, y] + d[y, z]
                    assert board.distance("T:" + x, "T:" + z, closed) <= d[x, y] + d[y, z]


@settings(max_examples=60, deadline=None)
@given(random_maps())
def test_every_shortest_path_is_a_valid_walk_of_minimal_length(m):
    board, closed, *_ = m
    zones = list(board.zones)
    for s in zones[:4]:
        for t in zones[-4:]:
            dist = board.distance(s, t, closed)
            paths = board.shortest_paths(s, t, closed)
            if dist is None:
                assert paths == []
                continue
            assert paths and all(len(p) == dist + 1 for p in paths)
            for p in paths:
                assert all(p[i + 1] in board.neighbors(p[i], closed) for i in range(dist))
            assert board.first_steps(s, t, closed) == {p[1] for p in paths if len(p) > 1}


def test_board_pickles_and_cached_results_are_read_only():
    """Boards travel to worker processes (nollab.sim); cached Line of Sight cannot be mutated."""
    import pickle

    b = house_map()
    seen = b.line_of_sight("T:b", frozenset())
    with pytest.raises(TypeError):
        seen["T:x"] = 3  # type: ignore[index]
    b2 = pickle.loads(pickle.dumps(b))
    assert dict(b2.line_of_sight("T:b", frozenset())) == dict(seen)
    assert b2.ghoul_step_options("T:b", "T:K", frozenset({"dn", "ds", "we"})) == (GhoulStep("T:K", "T:b", ("dn",)),)
