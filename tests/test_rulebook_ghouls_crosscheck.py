"""Audit: the Ghouls' Move (P. 23) re-derived independently on the Scene maps.

For random positions (Survivors spread over the map, one Walker, random Door states) this module
computes, from the rulebook text and the board geometry only (Zones, Openings, Line of Sight), where a
lone Walker may step, and compares it with the engine:

1. "The first Zone they select is the one with the most Survivors in Line of Sight. If no Survivors
   are visible, they select the Zone with the most Survivors." (ties: "They also split up if
   different target Zones contain the same number of Survivors")
2. "Ghouls move 1 Zone toward their destination Zone by taking the shortest available path."
3. "In case there are no open paths to the destination Zone, Ghouls move toward it as if all
   Barricades and Doors were open, though closed Barricades and Doors still stop them."
4. "In the case of a single Ghoul being offered multiple routes, the players decide which direction
   it goes."

The split options follow the documented reading (docs/rulings.md, "Ghoul Moves: what is split"): one
option per (target Zone, distinct first step) pair.
"""
from __future__ import annotations

import random
from collections import deque
from itertools import combinations

import pytest

from nollab.rules.game import Game
from nollab.rules.engine.board_state import closed_set
from nollab.rules.engine.tasks import Task


def _dist(board, src, closed):
    d = {src: 0}
    q = deque([src])
    while q:
        z = q.popleft()
        for n in board.neighbors(z, closed):
            if n not in d:
                d[n] = d[z] + 1
                q.append(n)
    return d


def expected_options(board, closed, ghoul, survivors):
    """The split options of a group, as (target Zone, Zone reached) pairs — docs/rulings.md "Ghoul
    Moves: what is split": one option per target Zone and distinct first step of a shortest route;
    the Zone reached is the Ghoul's own Zone when a fallback first step crosses a closed Opening."""
    count = {}
    for z in survivors:
        count[z] = count.get(z, 0) + 1
    seen = {z: n for z, n in count.items() if z in board.line_of_sight(ghoul, closed, False) and z != ghoul}
    pool = seen or count
    best = max(pool.values())
    targets = sorted(z for z, n in pool.items() if n == best)
    options = []
    all_open = frozenset()
    for t in targets:
        d_open = _dist(board, t, closed)
        if ghoul in d_open:
            options += [(t, n) for n in sorted(board.neighbors(ghoul, closed)) if d_open.get(n) == d_open[ghoul] - 1]
        else:
            d_all = _dist(board, t, all_open)
            if ghoul not in d_all:
                continue  # walled off from this target even with every Opening open
            for n in sorted(board.neighbors(ghoul, all_open)):
                if d_all.get(n) == d_all[ghoul] - 1:
                    options.append((t, n if n in board.neighbors(ghoul, closed) else ghoul))
    # no route at all, even with every Opening open (a room the tiles' placement walls off, like
    # 2R's basement stairs in S7): the Ghoul cannot move and stays where it is
    return options or [(targets[0], ghoul)]


def expected_steps(board, closed, ghoul, survivors):
    """Set of Zones a lone Walker may end in."""
    return {z for _t, z in expected_options(board, closed, ghoul, survivors)}


def _scatter(g0, rnd, zones, max_spots):
    """A copy of ``g0`` with its setup choices made, no Ghouls, and the Survivors (on foot) spread
    over 1..``max_spots`` random Zones; returns it with those Zones and a free Zone for Ghouls."""
    g = g0.copy()
    st = g.state
    while st.pending is not None:
        g.choose(st.pending.options[st.pending.default])
    st.ghouls.clear()
    st.flags["closed_houses"] = []
    spots = rnd.sample(zones, rnd.randint(1, max_spots))
    for s in st.survivors.values():
        s.zone = rnd.choice(spots)
        s.in_car = s.driver = False
    return g, spots, rnd.choice([z for z in zones if z not in spots])


@pytest.mark.parametrize("scene", ["S1", "S4", "S7", "S9", "S10"])

def test_p23_lone_walker_moves_match_an_independent_reading(scene):
    g0 = Game.new(scene, seed=1)
    rnd = random.Random(scene)
    zones = sorted(g0.board.zones)
    doors = sorted(o for o, op in g0.board.openings.items() if str(op.kind) in ("door", "barricade"))
    checked = 0
    for _ in range(150):
        g = g0.copy()
        st = g.state
        while st.pending is not None:
            g.choose(st.pending.options[st.pending.default])
        st.ghouls.clear()
        st.flags["closed_houses"] = []  # S9: no "Spawning in houses" when the random Doors open
        spots = rnd.sample(zones, rnd.randint(1, 4))
        for s in st.survivors.values():
            s.zone = rnd.choice(spots)
            s.in_car = s.driver = False
        for o in doors:
            if rnd.random() < 0.3:
                st.opening_open[o] = not st.opening_open[o]
        ghoul = rnd.choice([z for z in zones if z not in spots])
        st.add_ghouls(ghoul, "walker", 1)
        g.touch()
        closed = closed_set(g._ctx())
        want = expected_steps(g.board, closed, ghoul, [s.zone for s in st.survivors.values()])
        st.phase = "ghouls"
        st.queue = [Task("activation", (None, None))]
        offered = None
        while (st.queue or st.pending is not None) and not g.over:
            if st.pending is not None:
                assert st.pending.kind == "ghoul_split"
                offered = {o[0] for o in st.pending.options}
                g.choose(st.pending.options[0])
            else:
                g.step()
        (where,) = [z for z, c in st.ghouls.items() if c[0]]
        if len(want) > 1:
            assert offered == want, (scene, ghoul, spots, want, offered)
        else:
            assert offered is None and {where} == want, (scene, ghoul, spots, want, where)
        checked += 1
    assert checked == 150


@pytest.mark.parametrize("scene", ["S1", "S7", "S10"])
def test_p23_groups_split_evenly_by_type_over_the_independent_routes(scene):
    """P. 23: "If there is more than one route of the same length, Ghouls split into groups of equal
    numbers and types to follow all possible routes. They also split up if different target Zones
    contain the same number of Survivors. Uneven Ghoul groups are split the same way. Decide which
    splitting group get the extra Ghoul". 3 Walkers + 2 Fatties over m options (target, route): each
    option gets n // m of each type; the n % m extra Ghouls go to distinct options, a players'
    decision asked only when the possible outcomes differ."""
    g0 = Game.new(scene, seed=2)
    rnd = random.Random(scene + "groups")
    zones = sorted(g0.board.zones)
    group = {"walker": 3, "fatty": 2}
    idx = {"walker": 0, "fatty": 2}
    for _ in range(100):
        g, spots, ghoul = _scatter(g0, rnd, zones, 4)
        st = g.state
        for t, n in group.items():
            st.add_ghouls(ghoul, t, n)
        g.touch()
        opts = expected_options(g.board, closed_set(g._ctx()), ghoul, [s.zone for s in st.survivors.values()])
        m = len(opts)
        outcomes = {}
        for t, n in group.items():
            base = {}
            for _t, z in opts:
                base[z] = base.get(z, 0) + n // m
            extras = {tuple(sorted(z for _t, z in c)) for c in combinations(opts, n % m)}
            outcomes[t] = (base, extras)
        st.phase = "ghouls"
        st.queue = [Task("activation", (None, None))]
        asked = []
        while (st.queue or st.pending is not None) and not g.over:
            if st.pending is not None:
                asked.append(st.pending.data.get("type"))
                g.choose(st.pending.options[0])
            else:
                g.step()
        assert set(st.ghouls) <= {z for _t, z in opts}
        for t, (base, extras) in outcomes.items():
            got = {z: c[idx[t]] for z, c in st.ghouls.items() if c[idx[t]]}
            extra = {z: got.get(z, 0) - base.get(z, 0) for z in set(got) | set(base)}
            assert min(extra.values()) >= 0
            assert tuple(sorted(z for z, e in extra.items() for _ in range(e))) in extras
        assert sorted(asked) == sorted(t for t, (_b, extras) in outcomes.items() if len(extras) > 1), (opts, asked)


@pytest.mark.parametrize("scene", ["S1", "S2", "S9"])
def test_p22_breaker_with_a_walker_on_the_scene_maps(scene):
    """P. 22: "Breakers who didn't Attack Survivors spend their Action Attacking any closed Barricades
    and closed Doors in their Zone. Open all Doors and Barricades in their Zone ... Since the other
    Ghouls didn't Attack, they will be able to go through the opening the Breakers have just created
    during the ensuing Move action!" One Breaker + one Walker in a random Zone next to closed
    Openings: every closed Door/Barricade/Stairs of that Zone opens, the Breaker stays, the Walker moves
    as the P. 23 reading computes on the opened board. Without closed Openings the Breaker moves too.
    A closed window counts as a closed Barricade (docs/rulings.md: "a window is closed only when a
    Barricade blocks it"; the S9 shuttered windows of the reconstructed tiles)."""
    g0 = Game.new(scene, seed=3)
    rnd = random.Random(scene + "breakers")
    zones = sorted(g0.board.zones)
    for _ in range(80):
        g, spots, ghoul = _scatter(g0, rnd, zones, 3)
        st = g.state
        st.add_ghouls(ghoul, "breaker", 1)
        st.add_ghouls(ghoul, "walker", 1)
        g.touch()
        before = closed_set(g._ctx())
        mine = [o for o in g.board.openings_of(ghoul) if o in before
                and st.opening_kind.get(o, str(g.board.openings[o].kind)) in ("door", "barricade", "stairs", "window")]
        st.phase = "ghouls"
        st.queue = [Task("activation", (None, None))]
        while (st.queue or st.pending is not None) and not g.over:
            if st.pending is not None:
                g.choose(st.pending.options[0])
            else:
                g.step()
        after = closed_set(g._ctx())
        survivors = [s.zone for s in st.survivors.values()]
        if mine:
            assert not set(mine) & after, (ghoul, mine)
            assert st.ghouls_in(ghoul)[1] == 1  # the Breaker spent its Action
            want = expected_steps(g.board, after, ghoul, survivors)
            (walker_at,) = [z for z, c in st.ghouls.items() if c[0]]
            assert walker_at in want
        else:
            assert after == before
            want = expected_steps(g.board, before, ghoul, survivors)
            assert {z for z, c in st.ghouls.items() if c[1]} <= want
