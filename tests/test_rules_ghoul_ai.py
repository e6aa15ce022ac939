"""Ghouls' phase, Step 1: Activation (P. 22-23, Taunt P. 46) - the pure planners of
nollab.rules.ghouls (attack_plan, wound_split, breakers, move_plan, activation_plan).

Geometry comes from a tiny fake board built from an adjacency dict (so these tests do not
depend on the tile files), plus a few checks on real ``nollab.board`` maps at the end.
Expected values are worked out by hand from the rulebook or by brute force in the test.
"""
from __future__ import annotations

import itertools
from collections import Counter, defaultdict, deque
from types import SimpleNamespace

import pytest
from hypothesis import given, settings, strategies as st

from nollab.rules.ghouls.activation_plan import plan_activation
from nollab.rules.ghouls.attack_plan import DEFAULT_WOUNDS, GhoulAttack, Taunt, ghoul_attacks
from nollab.rules.ghouls.breakers import breaker_openings
from nollab.rules.ghouls.move_plan import Move, plan_moves, resolve_moves
from nollab.rules.ghouls.wound_split import default_wound_allocation, wound_allocation_options
from nollab.rules.engine.tasks import Task


class FakeBoard:
    """Zones joined by edges; an edge is free (None) or carries an opening id.

    Line of sight: a callable ``los(zone, closed)`` or, by default, the zone itself plus its
    open neighbours at range 1 (the interior rule of P. 10).
    """

    def __init__(self, edges, kinds=None, los=None):
        self.adj = defaultdict(dict)
        for (a, b), o in edges.items():
            self.adj[a][b] = o
            self.adj[b][a] = o
        self.openings = {o: SimpleNamespace(kind=k) for o, k in (kinds or {}).items()}
        self._los = los

    def neighbors(self, zone, closed=frozenset()):
        return tuple(n for n, o in self.adj[zone].items() if o is None or o not in closed)

    def distances_to(self, dst, closed):
        d = {dst: 0}
        q = deque([dst])
        while q:
            x = q.popleft()
            for n in self.neighbors(x, closed):
                if n not in d:
                    d[n] = d[x] + 1
                    q.append(n)
        return d

    def first_steps(self, src, dst, closed):
        d = self.distances_to(dst, closed)
        if src == dst or src not in d:
            return frozenset()
        return frozenset(n for n in self.neighbors(src, closed) if d.get(n) == d[src] - 1)

    def line_of_sight(self, zone, closed, hawk_eye=False):
        if self._los is not None:
            return self._los(zone, closed)
        return {zone: 0, **{n: 1 for n in self.neighbors(zone, closed)}}

    def openings_of(self, zone):
        return tuple(o for o in self.adj[zone].values() if o is not None)


def line(*zones):
    """A corridor of free edges: A - B - C ..."""
    return {(a, b): None for a, b in zip(zones, zones[1:])}


NONE = frozenset()


# ----------------------------------------------------------------------------- attacks (P. 22)

def test_every_ghoul_in_a_survivor_zone_attacks_even_with_excess_damage_p22():
    plan = ghoul_attacks({"A": {"walker": 5, "fatty": 1}, "B": {"walker": 2}}, {"A": ["ben"]})
    (za,) = plan.attacks
    assert za.zone == "A" and za.survivors == ("ben",)
    assert za.attacks == (GhoulAttack("walker", 5, 1), GhoulAttack("fatty", 1, 2))
    assert za.total_wounds == 7  # 5 x 1 + 1 x 2: all join, even though 3 eliminate Ben
    assert plan.idle_by_zone() == {"B": {"walker": 2}}


def test_wounds_per_type_are_the_rulebook_values_p22():
    assert DEFAULT_WOUNDS == {"walker": 1, "breaker": 1, "relative": 1, "fatty": 2}


def test_unknown_ghoul_type_names_the_argument():
    with pytest.raises(ValueError, match="wounds.*'runner'"):
        ghoul_attacks({"A": {"runner": 1}}, {"A": ["ben"]})


def _brute_finals(attack_values, start, cap=3):
    """Every reachable capped Wound Bar vector, assigning each Attack to each Survivor."""
    k = len(start)
    out = set()
    for assign in itertools.product(range(k), repeat=len(attack_values)):
        bars = list(start)
        for who, w in zip(assign, attack_values):
            bars[who] = min(cap, bars[who] + w)
        out.add(tuple(bars))
    return out


def test_a_fatty_attack_is_never_split_between_survivors_p22():
    opts = wound_allocation_options([GhoulAttack("fatty", 1, 2)], ["ben", "judy"])
    assert {tuple(b for _, b in o.final) for o in opts} == {(2, 0), (0, 2)}


def test_equivalent_allocations_are_deduplicated_p22():
    # 2 Walkers on Ben and Judy: (2,0), (1,1), (0,2) - which Walker bites whom does not matter.
    opts = wound_allocation_options([GhoulAttack("walker", 2, 1)], ["ben", "judy"])
    assert sorted(tuple(b for _, b in o.final) for o in opts) == [(0, 2), (1, 1), (2, 0)]
    (one,) = [o for o in opts if dict(o.final) == {"ben": 1, "judy": 1}]
    assert dict(one.assigned) == {"ben": (("walker", 1),), "judy": (("walker", 1),)}
    assert "ben takes 1 wound" in one.explain()


@settings(max_examples=60, deadline=None)
@given(walkers=st.integers(0, 4), fatties=st.integers(0, 3), breakers=st.integers(0, 2),
       start=st.lists(st.integers(0, 2), min_size=1, max_size=3))
def test_wound_allocations_match_brute_force_enumeration_p22(walkers, fatties, breakers, start):
    survivors = [f"s{i}" for i in range(len(start))]
    attacks = [GhoulAttack("walker", walkers, 1), GhoulAttack("breaker", breakers, 1),
               GhoulAttack("fatty", fatties, 2)]
    opts = wound_allocation_options(attacks, survivors, wounds_taken=dict(zip(survivors, start)))
    finals = [tuple(b for _, b in o.final) for o in opts]
    assert len(finals) == len(set(finals))
    assert set(finals) == _brute_finals([1] * walkers + [1] * breakers + [2] * fatties, start)
    for o in opts:  # the representative assignment really produces its Wound Bars
        dealt = {s: sum(DEFAULT_WOUNDS[t] * c for t, c in got) for s, got in o.assigned}
        assert dealt == dict(o.dealt)
        assert sum(dealt.values()) == walkers + breakers + 2 * fatties
        assert {s: min(3, w + dealt[s]) for s, w in zip(survivors, start)} == dict(o.final)
        assert o.eliminated == tuple(s for s, b in o.final if b == 3)


def test_default_allocation_spreads_wounds_to_keep_everyone_alive():
    opts = wound_allocation_options([GhoulAttack("walker", 2, 1)], ["ben", "judy"])
    assert dict(opts[default_wound_allocation(opts)].final) == {"ben": 1, "judy": 1}
    # Ben already has 2 wounds: the single Walker goes to Judy.
    opts = wound_allocation_options([GhoulAttack("walker", 1, 1)], ["ben", "judy"], wounds_taken={"ben": 2})
    best = opts[default_wound_allocation(opts)]
    assert dict(best.final) == {"ben": 2, "judy": 1} and best.eliminated == ()


def test_wound_allocation_needs_a_survivor():
    with pytest.raises(ValueError, match="survivors_in_zone"):
        wound_allocation_options([GhoulAttack("walker", 1, 1)], [])


# ----------------------------------------------------------------------------- breakers (P. 22)

HOUSE = FakeBoard({("yard", "hall"): "door1", ("yard", "kitchen"): "win1", ("hall", "kitchen"): "pass1",
                   ("hall", "cellar"): "stairs1", ("yard", "road"): None, ("hall", "porch"): "bar1"},
                  {"door1": "door", "win1": "window", "pass1": "passage", "stairs1": "stairs", "bar1": "barricade"})
ALL_CLOSED = frozenset({"door1", "win1", "stairs1", "bar1"})


def test_breakers_that_did_not_attack_open_every_closed_door_and_barricade_of_their_zone_p22():
    opened = breaker_openings(HOUSE, ALL_CLOSED, {"hall": {"breaker": 1}}, {"yard": ["ben"]})
    assert opened == {"door1", "stairs1", "bar1"}  # a single Breaker opens all of them
    opened = breaker_openings(HOUSE, ALL_CLOSED, {"yard": {"breaker": 2}}, {})
    assert opened == {"door1", "win1"}  # a barricaded window is a closed Barricade


def test_breakers_that_attacked_a_survivor_open_nothing_p22():
    assert breaker_openings(HOUSE, ALL_CLOSED, {"hall": {"breaker": 3}}, {"hall": ["ben"]}) == set()
    # Walkers never break anything.
    assert breaker_openings(HOUSE, ALL_CLOSED, {"hall": {"walker": 3}}, {}) == set()


def test_breakers_spend_their_action_and_others_walk_through_the_new_opening_p22():
    act = plan_activation(HOUSE, ALL_CLOSED, {"yard": {"breaker": 1, "walker": 2}}, {"hall": ["ben"]})
    assert act.opened == {"door1", "win1"}
    assert "door1" not in act.closed_after
    moves = resolve_moves(act.moves)
    # "Since the other Ghouls didn't Attack, they will be able to go through the opening the
    # Breakers have just created" - the Breaker itself spent its Action.
    assert moves == [Move("yard", "hall", "walker", 2)]


def test_a_breaker_with_nothing_to_break_moves_instead():
    act = plan_activation(HOUSE, frozenset(), {"road": {"breaker": 1}}, {"hall": ["ben"]})
    assert act.opened == set()
    assert resolve_moves(act.moves) == [Move("road", "yard", "breaker", 1)]


# ----------------------------------------------------------------------------- moves (P. 23)

def _los_table(table):
    return lambda zone, closed: {zone: 0, **table.get(zone, {})}


def test_ghouls_head_for_the_most_survivors_in_sight_not_the_most_overall_p23():
    # G sees V (1 survivor, 3 zones away) but not H (3 survivors, 2 zones away).
    edges = {**line("G", "a", "b", "V"), **line("G", "c", "H")}
    board = FakeBoard(edges, los=_los_table({"G": {"a": 1, "b": 2, "V": 3}}))
    plan = plan_moves(board, NONE, {"G": {"walker": 2}}, {"V": ["ben"], "H": ["judy", "tom", "harry"]})
    (m,) = resolve_moves(plan)
    assert m == Move("G", "a", "walker", 2)
    assert m.toward == ("V",)
    assert m.explanation == "2 Walkers move from G to a toward V: 1 survivor in sight, shortest route (P. 23)"


def test_without_survivors_in_sight_ghouls_head_for_the_most_survivors_anywhere_p23():
    edges = {**line("G", "a", "b", "V"), **line("G", "c", "d", "e", "H")}
    board = FakeBoard(edges, los=_los_table({}))
    plan = plan_moves(board, NONE, {"G": {"fatty": 1}}, {"V": ["ben"], "H": ["judy", "tom"]})
    (m,) = resolve_moves(plan)
    assert m == Move("G", "c", "fatty", 1)
    assert "none in sight" in m.explanation


def test_equal_routes_split_evenly_by_type_p23():
    # Two routes of length 2 from G to S: via L and via R.
    board = FakeBoard({**line("G", "L", "S"), **line("G", "R", "S")})
    plan = plan_moves(board, NONE, {"G": {"walker": 4, "fatty": 2}}, {"S": ["ben"]})
    assert plan.decisions == ()
    assert sorted(resolve_moves(plan), key=lambda m: (m.to_zone, m.ghoul_type)) == [
        Move("G", "L", "fatty", 1), Move("G", "L", "walker", 2),
        Move("G", "R", "fatty", 1), Move("G", "R", "walker", 2)]
    assert "split 2 ways" in resolve_moves(plan)[0].explanation


def test_uneven_split_is_a_player_decision_p23():
    board = FakeBoard({**line("G", "L", "S"), **line("G", "R", "S")})
    plan = plan_moves(board, NONE, {"G": {"walker": 3}}, {"S": ["ben"]})
    assert set(plan.moves) == {Move("G", "L", "walker", 1), Move("G", "R", "walker", 1)}
    (d,) = plan.decisions
    assert (d.from_zone, d.ghoul_type, d.count) == ("G", "walker", 1)
    assert set(d.options) == {("L",), ("R",)}
    assert d.policy == "first" and d.options[d.default] == ("L",)
    assert Counter(m.to_zone for m in resolve_moves(plan) for _ in range(m.count)) == {"L": 2, "R": 1}
    chosen = resolve_moves(plan, {("G", "walker"): ("R",)})
    assert Counter({m.to_zone: m.count for m in chosen}) == {"L": 1, "R": 2}
    with pytest.raises(ValueError, match="answers"):
        resolve_moves(plan, {("G", "walker"): ("S",)})


def test_a_lone_ghoul_offered_two_routes_is_decided_by_the_players_p23():
    board = FakeBoard({**line("G", "L", "S"), **line("G", "R", "S")})
    plan = plan_moves(board, NONE, {"G": {"breaker": 1}}, {"S": ["ben"]})
    assert plan.moves == ()
    (d,) = plan.decisions
    assert d.count == 1 and set(d.options) == {("L",), ("R",)}
    assert resolve_moves(plan, [d.options.index(("R",))]) == [Move("G", "R", "breaker", 1)]


def test_equal_target_zones_split_the_group_p23():
    # Two zones with 2 survivors each, both in sight, in opposite directions.
    board = FakeBoard(line("T1", "G", "T2"), los=_los_table({"G": {"T1": 1, "T2": 1}}))
    plan = plan_moves(board, NONE, {"G": {"walker": 2, "fatty": 1}}, {"T1": ["a", "b"], "T2": ["c", "d"]})
    assert set(plan.moves) == {Move("G", "T1", "walker", 1), Move("G", "T2", "walker", 1)}
    (d,) = plan.decisions
    assert d.ghoul_type == "fatty" and set(d.options) == {("T1",), ("T2",)}


def test_options_leading_to_the_same_zone_need_no_decision():
    # Two equal targets reached through the same first step: one outcome, no decision.
    board = FakeBoard({**line("G", "a", "T1"), ("a", "T2"): None}, los=_los_table({}))
    plan = plan_moves(board, NONE, {"G": {"walker": 1}}, {"T1": ["x"], "T2": ["y"]})
    assert plan.decisions == () and resolve_moves(plan) == [Move("G", "a", "walker", 1)]


def test_closed_house_fallback_moves_as_if_open_but_closed_openings_stop_them_p23():
    # Ben is locked in the room behind closed door d1 (and a closed barricade b1 on the far side).
    edges = {**line("G", "x", "porch"), ("porch", "room"): "d1", ("back", "room"): "b1", ("x", "back"): None}
    board = FakeBoard(edges, {"d1": "door", "b1": "barricade"}, los=_los_table({}))
    closed = frozenset({"d1", "b1"})
    plan = plan_moves(board, closed, {"G": {"walker": 1}, "porch": {"walker": 2}}, {"room": ["ben"]})
    assert resolve_moves(plan) == [Move("G", "x", "walker", 1)]
    assert "as if all Barricades and Doors were open" in plan.moves[0].explanation
    (stay,) = plan.stays
    assert (stay.zone, stay.count) == ("porch", 2) and "closed opening to room stops" in stay.explanation


def test_open_path_is_preferred_over_a_shorter_closed_one_p23():
    edges = {("G", "room"): "d1", **line("G", "a", "b", "room")}
    board = FakeBoard(edges, {"d1": "door"}, los=_los_table({}))
    plan = plan_moves(board, frozenset({"d1"}), {"G": {"walker": 1}}, {"room": ["ben"]})
    assert resolve_moves(plan) == [Move("G", "a", "walker", 1)]


def test_no_survivor_anywhere_means_the_ghouls_stay():
    plan = plan_moves(FakeBoard(line("G", "a")), NONE, {"G": {"walker": 3}}, {})
    assert plan.moves == () and plan.stays[0].count == 3


# ----------------------------------------------------------------------------- Taunt (P. 46)

def test_taunted_ghouls_ignore_other_survivors_and_leave_their_zone_p46():
    board = FakeBoard(line("Z", "a", "T"), los=_los_table({}))
    survivors = {"Z": ["judy", "tom"], "T": ["ben"]}
    taunt = Taunt("ben", "T")
    act = plan_activation(board, NONE, {"Z": {"walker": 2, "breaker": 1}}, survivors, taunt=taunt)
    assert act.attacks.attacks == ()  # Judy and Tom are not attacked
    assert set(resolve_moves(act.moves)) == {Move("Z", "a", "walker", 2), Move("Z", "a", "breaker", 1)}
    assert "taunted by ben (P. 46)" in resolve_moves(act.moves)[0].explanation


def test_taunted_ghouls_in_the_taunters_zone_attack_only_the_taunter_p46():
    plan = ghoul_attacks({"T": {"walker": 2}}, {"T": ["ben", "judy"]}, taunt=Taunt("ben", "T"))
    assert plan.attacks[0].survivors == ("ben",)


# ----------------------------------------------------------------------------- property tests

def grid_board(rows, cols, doors, closed_mask):
    """An exterior-like grid: LoS along rows/columns through open edges (P. 10)."""
    edges, kinds = {}, {}
    k = 0
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if rr < rows and cc < cols:
                    o = None
                    if doors[k % len(doors)]:
                        o = f"o{k}"
                        kinds[o] = "door"
                    edges[((r, c), (rr, cc))] = o
                    k += 1
    board = FakeBoard(edges, kinds)
    closed = frozenset(o for i, o in enumerate(sorted(kinds)) if closed_mask[i % len(closed_mask)])

    def los(zone, cl):
        seen = {zone: 0}
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            cur, d = zone, 0
            while True:
                nxt = (cur[0] + dr, cur[1] + dc)
                if nxt not in board.neighbors(cur, cl):
                    break
                d += 1
                seen[nxt] = d
                cur = nxt
        return seen

    board._los = los
    return board, closed


@st.composite
def scenes(draw):
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(2, 4))
    doors = draw(st.lists(st.booleans(), min_size=1, max_size=8))
    closed_mask = draw(st.lists(st.booleans(), min_size=1, max_size=5))
    board, closed = grid_board(rows, cols, doors, closed_mask)
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    surv = draw(st.dictionaries(st.sampled_from(cells), st.integers(1, 3), max_size=3))
    ghouls = draw(st.dictionaries(st.sampled_from(cells), st.dictionaries(
        st.sampled_from(["walker", "fatty", "breaker"]), st.integers(1, 5), min_size=1), max_size=4))
    answers = draw(st.lists(st.integers(0, 50), max_size=12))
    return board, closed, ghouls, {z: [f"s{z}{i}" for i in range(n)] for z, n in surv.items()}, answers


@settings(max_examples=150, deadline=None)
@given(scenes())
def test_moves_are_to_neighbours_conserve_ghouls_and_approach_the_target_p23(scene):
    board, closed, ghouls, survivors, answers = scene
    plan = plan_moves(board, closed, ghouls, survivors)
    picks = [a % len(d.options) for a, d in zip(answers, plan.decisions)]
    moves = resolve_moves(plan, picks)
    counts = {z: len(v) for z, v in survivors.items()}
    out = Counter()
    for m in moves:
        assert m.to_zone in board.neighbors(m.from_zone, closed)  # one open step (P. 23)
        assert m.from_zone not in survivors  # ghouls with survivors attack instead (P. 22)
        out[m.from_zone, m.ghoul_type] += m.count
        # the target is a zone with the most survivors in sight, else the most overall
        seen = {z: counts.get(z, 0) for z in board.line_of_sight(m.from_zone, closed)}
        pool = seen if max(seen.values()) > 0 else counts
        assert all(pool.get(t, 0) == max(pool.values()) for t in m.toward)
        # and the step shortens the way there (open path) or the all-open way (fallback)
        ok = False
        for t in m.toward:
            for cl in (closed, NONE):
                d = board.distances_to(t, cl)
                if m.from_zone in d:
                    ok |= d.get(m.to_zone) == d[m.from_zone] - 1
                    break
        assert ok
    stayed = Counter()
    for s in plan.stays:
        stayed[s.zone, s.ghoul_type] += s.count
    for d, pick in zip(plan.decisions, picks + [d.default for d in plan.decisions][len(picks):]):
        stayed[d.from_zone, d.ghoul_type] += sum(1 for z in d.options[pick] if z == d.from_zone)
    for z, c in ghouls.items():
        for t, n in c.items():
            expected = 0 if z in survivors else n
            assert out[z, t] + stayed[z, t] == expected  # every mover moves or stays, none twice


@settings(max_examples=60, deadline=None)
@given(scenes())
def test_decisions_exist_only_when_outcomes_differ_p23(scene):
    board, closed, ghouls, survivors, _ = scene
    plan = plan_moves(board, closed, ghouls, survivors)
    for d in plan.decisions:
        assert len(set(d.options)) == len(d.options) >= 2
        assert all(len(o) == d.count for o in d.options)
        assert 0 < d.count < sum(1 for _ in d.options) + d.count  # a remainder, never a whole group


# ----------------------------------------------------------------------------- real boards

from nollab.board import board_from_text, load_map  # noqa: E402

S1 = load_map("S1").board


@st.composite
def s1_scenes(draw):
    zones = sorted(S1.zones)
    closable = sorted(o for o, op in S1.openings.items() if str(op.kind) != "passage")
    closed = frozenset(draw(st.sets(st.sampled_from(closable))))
    surv = draw(st.dictionaries(st.sampled_from(zones), st.integers(1, 3), min_size=1, max_size=3))
    ghouls = draw(st.dictionaries(st.sampled_from(zones), st.dictionaries(
        st.sampled_from(["walker", "fatty", "breaker"]), st.integers(1, 4), min_size=1), max_size=6))
    return closed, {z: [f"s{z}{i}" for i in range(n)] for z, n in surv.items()}, ghouls


@settings(max_examples=80, deadline=None)
@given(s1_scenes())
def test_s1_moves_agree_with_the_boards_own_p23_step_options(scene):
    """Cross-check against Board.ghoul_step_options, written independently by the board layer."""
    closed, survivors, ghouls = scene
    act = plan_activation(S1, closed, ghouls, survivors)
    after = act.closed_after
    for m in resolve_moves(act.moves):
        assert m.to_zone in S1.neighbors(m.from_zone, after)
        assert any(m.to_zone in {s.to for s in S1.ghoul_step_options(m.from_zone, t, after)} for t in m.toward)
    for s in act.moves.stays:
        if "closed opening" in s.reason:
            (target,) = s.toward
            assert s.zone in {o.to for o in S1.ghoul_step_options(s.zone, target, after)}
    for zone in act.breaking_zones:  # Breakers broke only where no Survivor stood
        assert zone not in survivors and ghouls[zone].get("breaker")


SHED = board_from_text("""
[tile]
id = "7S"
grid = '''
abS
'''
[legend]
a = { kind = "exterior", label = "field" }
b = { kind = "exterior", label = "yard" }
S = { kind = "interior", label = "shed" }

[[openings]]
id = "shed-door"
at = "r1c2-r1c3"
kind = "door"
open = false
""", "shed")


def test_breaker_opens_the_shed_door_on_a_real_board_and_walkers_go_in_p22():
    closed = SHED.initial_closed
    ghouls = {"7S:b": {"breaker": 1, "walker": 1}, "7S:a": {"walker": 2}}
    act = plan_activation(SHED, closed, ghouls, {"7S:S": ["ben"]})
    assert act.opened == {"7S:shed-door"} and act.closed_after == frozenset()
    assert resolve_moves(act.moves) == [Move("7S:a", "7S:b", "walker", 2), Move("7S:b", "7S:S", "walker", 1)]
    # Without a Breaker the door holds: the fallback route stops the Walker at the door.
    act = plan_activation(SHED, closed, {"7S:b": {"walker": 1}}, {"7S:S": ["ben"]})
    assert resolve_moves(act.moves) == [] and act.moves.stays[0].zone == "7S:b"


def test_extra_activation_moves_only_the_named_type_p25():
    from nollab.rules.ghouls.attack_plan import ghouls_of_type

    ghouls = {"G": {"walker": 2, "fatty": 1}, "S": {"walker": 1, "breaker": 1}}
    only = ghouls_of_type(ghouls, "walker")
    assert only == {"G": {"walker": 2}, "S": {"walker": 1}}
    act = plan_activation(FakeBoard(line("G", "a", "S")), NONE, only, {"S": ["ben"]})
    assert act.attacks.attacks[0].attacks == (GhoulAttack("walker", 1, 1),)  # the Breaker does not act
    assert resolve_moves(act.moves) == [Move("G", "a", "walker", 2)]


def test_attacks_need_survivor_ids():
    with pytest.raises(ValueError, match=r"survivors_by_zone\['A'\]"):
        ghoul_attacks({"A": {"walker": 1}}, {"A": 2})


def test_big_herd_allocation_matches_brute_force_and_assigns_every_attack_p22():
    attacks = [GhoulAttack("walker", 7, 1), GhoulAttack("fatty", 3, 2), GhoulAttack("relative", 1, 1)]
    opts = wound_allocation_options(attacks, ["ben", "judy"], wounds_taken={"judy": 1})
    assert {tuple(b for _, b in o.final) for o in opts} == _brute_finals([1] * 8 + [2] * 3, (0, 1))
    for o in opts:
        got = Counter()
        for _, pairs in o.assigned:
            got.update(dict(pairs))
        assert got == {"walker": 7, "fatty": 3, "relative": 1}


def test_movement_accepts_survivor_counts():
    board = FakeBoard(line("G", "a", "S"))
    assert resolve_moves(plan_moves(board, NONE, {"G": {"walker": 1}}, {"S": 2})) == [Move("G", "a", "walker", 1)]


# ----------------------------------------------------------------------------- fast wound allocation (P. 22)

def _reference_allocations(attacks, survivors, start, cap):
    """Plain-list reference of the documented enumeration rule of ``wound_allocation_options``.

    The single Attacks are dealt one at a time (by wound value, then Ghoul type Walker,
    Breaker, Fatty, Relative); after each, the ordered states are every (state, Survivor hit)
    in order, keeping the first split found for each Wound Bar vector. When a wound value
    stops changing the set of vectors, the rest of its Attacks go to the first Survivor they
    cannot hurt more. Returns (assigned, dealt, final, eliminated) tuples, in order.
    """
    order = {"walker": 0, "breaker": 1, "fatty": 2, "relative": 3}
    singles = []
    for a in sorted(attacks, key=lambda a: (a.wounds, order[a.ghoul_type])):
        singles += [(a.wounds, a.ghoul_type)] * a.count
    k = len(survivors)
    states = {tuple(start): ()}  # bars -> the hits so far, as (survivor index, wounds, type)
    done_value = None
    for pos, (w, t) in enumerate(singles):
        if w == done_value:
            states = {bars: hits + ((next(i for i in range(k) if min(cap, bars[i] + w) == bars[i]), w, t),)
                      for bars, hits in states.items()}
            continue
        nxt = {}
        for bars, hits in states.items():
            for i in range(k):
                nb = tuple(min(cap, b + w) if j == i else b for j, b in enumerate(bars))
                nxt.setdefault(nb, hits + ((i, w, t),))
        if set(nxt) == set(states):
            done_value = w
        states = nxt
    types = sorted({a.ghoul_type for a in attacks}, key=order.get)
    out = []
    for bars, hits in states.items():
        got = [Counter(t for i, _, t in hits if i == s) for s in range(k)]
        out.append((tuple(zip(survivors, (tuple((t, g[t]) for t in types if g[t]) for g in got))),
                    tuple(zip(survivors, (sum(w for i, w, _ in hits if i == s) for s in range(k)))),
                    tuple(zip(survivors, bars)),
                    tuple(s for s, b in zip(survivors, bars) if b >= cap)))
    return out


def _fields(options):
    return [(o.assigned, o.dealt, o.final, o.eliminated) for o in options]


@settings(max_examples=150, deadline=None)
@given(counts=st.lists(st.integers(0, 3), min_size=4, max_size=4),
       start=st.lists(st.integers(0, 3), min_size=1, max_size=4), cap=st.integers(1, 3))
def test_fast_allocations_equal_the_reference_enumeration_p22(counts, start, cap):
    """Both the pure-Python and the numpy steps give the reference's options, in its order, with
    its default; the set of Wound Bars is every vector itertools.product over assignments reaches."""
    from nollab.rules.ghouls.wound_split import _allocations_stepwise, _allocations_vectorised

    if sum(counts) > (8, 8, 7, 6)[len(start) - 1]:  # keep the brute force <= 3**7 assignments
        counts = [min(c, 1) for c in counts]
    survivors = tuple(f"s{i}" for i in range(len(start)))
    start = tuple(min(cap, b) for b in start)
    attacks = tuple(GhoulAttack(t, c, DEFAULT_WOUNDS[t])
                    for t, c in zip(("fatty", "walker", "relative", "breaker"), counts) if c or t == "walker")
    ref = _reference_allocations(attacks, survivors, start, cap)
    values = [a.wounds for a in attacks for _ in range(a.count)]
    assert {f for _, _, f, _ in ref} == {tuple(zip(survivors, b)) for b in _brute_finals_cap(values, start, cap)}
    public = wound_allocation_options(attacks, survivors, wounds_taken=dict(zip(survivors, start)), elimination=cap)
    for got in (public, _allocations_stepwise(attacks, survivors, start, cap),
                _allocations_vectorised(attacks, survivors, start, cap)):
        assert _fields(got) == ref
    ref_default = min(range(len(ref)), key=lambda i: (len(ref[i][3]), sorted((b for _, b in ref[i][2]), reverse=True)))
    assert default_wound_allocation(public) == ref_default


def _brute_finals_cap(attack_values, start, cap):
    out = set()
    for assign in itertools.product(range(len(start)), repeat=len(attack_values)):
        bars = list(start)
        for who, w in zip(assign, attack_values):
            bars[who] = min(cap, bars[who] + w)
        out.add(tuple(bars))
    return out


@pytest.mark.parametrize("walkers,fatties", [(40, 0), (30, 10)])
def test_six_survivors_against_forty_ghouls_p22(walkers, fatties):
    """6 Survivors vs 40 Ghouls (the S6 worst case): every Wound Bar vector with at least one
    eliminated Survivor is an option, 4**6 - 3**6 of them; every Attack is assigned; the default
    sends the whole herd to one Survivor (one elimination, everyone else untouched)."""
    survivors = [f"s{i}" for i in range(6)]
    attacks = [GhoulAttack("walker", walkers, 1), GhoulAttack("fatty", fatties, 2)]
    opts = wound_allocation_options(attacks, survivors)
    assert len(opts) == 4 ** 6 - 3 ** 6
    assert len({o.final for o in opts}) == len(opts)
    assert all(o.eliminated for o in opts)
    for o in opts[::97]:
        got = Counter()
        for s, pairs in o.assigned:
            got.update(dict(pairs))
            assert dict(o.dealt)[s] == sum(DEFAULT_WOUNDS[t] * c for t, c in pairs)
        assert got == {"walker": walkers, "fatty": fatties} if fatties else got == {"walker": walkers}
    best = opts[default_wound_allocation(opts)]
    assert len(best.eliminated) == 1 and sorted(b for _, b in best.final) == [0, 0, 0, 0, 0, 3]


# ----------------------------------------------------------------------------- the planner is the engine (P. 22-23)

def test_the_planner_and_the_engine_run_one_breakers_rule_on_random_s1_positions_p22():
    """One implementation (issue 13): the engine's Breakers step and :func:`plan_activation` both call
    ``breakers.breaking``, so on random S1 positions (Doors and windows open or closed, Survivors and
    Walkers/Breakers/Fatties scattered) the Openings the game breaks are the plan's, and when no
    split decision comes up the Ghouls end where the plan moves them."""
    import random

    from nollab.rules.game import Game

    g0 = Game.new("S1", seed=3)
    while g0.state.pending is not None:
        g0.choose(g0.state.pending.options[g0.state.pending.default])
    zones = sorted(g0.board.zones)
    closable = sorted(o for o, op in g0.board.openings.items() if str(op.kind) != "passage")
    rnd = random.Random(22)
    broke = compared = 0
    for _ in range(120):
        g = g0.copy()
        st = g.state
        st.ghouls.clear()
        spots = rnd.sample(zones, rnd.randint(1, 3))
        for s in st.survivors.values():
            s.zone = rnd.choice(spots)
            s.in_car = s.driver = False
        for o in closable:
            st.set_open(o, rnd.random() < 0.4)
        for _ in range(rnd.randint(1, 6)):
            st.add_ghouls(rnd.choice(zones), rnd.choice(["walker", "breaker", "fatty"]), rnd.randint(1, 2))
        g.touch()
        closed = st.closed()
        names = ("walker", "breaker", "fatty", "relative")
        ghouls = {z: {t: n for t, n in zip(names, c) if n} for z, c in st.ghouls.items()}
        survivors = {}
        for s in st.survivors.values():
            survivors.setdefault(s.zone, []).append(s.id)
        plan = plan_activation(g.board, closed, ghouls, survivors)
        before = dict(st.ghouls)
        st.phase = "ghouls"
        st.queue = [Task("activation", (None, None))]
        n0, split = len(g.events), False
        while (st.queue or st.pending is not None) and not g.over:
            if st.pending is not None:
                split |= st.pending.kind == "ghoul_split"
                g.choose(st.pending.options[0])
            else:
                g.step()
        if g.over:
            continue
        opened = {o for e in g.events[n0:] if e.kind == "break" for o in e.data["openings"]}
        assert opened == plan.opened
        assert {e.data["zone"] for e in g.events[n0:] if e.kind == "break"} == set(plan.breaking_zones)
        broke += bool(opened)
        if not split:
            want = Counter()
            for z, c in before.items():
                for t, n in zip(names, c):
                    want[z, t] += n
            for m in resolve_moves(plan.moves):
                want[m.from_zone, m.ghoul_type] -= m.count
                want[m.to_zone, m.ghoul_type] += m.count
            got = Counter({(z, t): n for z, c in st.ghouls.items() for t, n in zip(names, c) if n})
            assert +want == got
            compared += 1
    assert broke >= 10 and compared >= 30  # the sample really exercises both
