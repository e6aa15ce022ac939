"""Zpocalypse: who moves and places the zombies, path ties, pushing (summary, "Zombie Movement", "Phase 1
Scavenge", "Phase 3 Sunset", "Search", "Zombies Attacking").

Hand-made positions on the Hotel Lobby base set (squares 0..7 x 0..7, bunker entrance on 3,3); the squares a
choice should offer are computed here from the board's geometry (Chebyshev steps, open squares), not by the
engine's movement code.
"""
from __future__ import annotations

import pytest

from zpoc_support import BUNKER, drive, position
from nollab.packs.zpocalypse import day, night
from nollab.packs.zpocalypse.board import chebyshev
from nollab.packs.zpocalypse.engine import Ask
from nollab.packs.zpocalypse.game import Game


def _asks(seen, kind):
    return [r for r, _ in seen if isinstance(r, Ask) and r.kind == kind]


def _where(g):
    return sorted((tuple(z.pos), z.double) for z in g.state.zombies.values())


def _sq(name: str) -> tuple[int, int]:
    a, b = name.split("|")[0].split(",")
    return (int(a), int(b))


# ---- pushing ----------------------------------------------------------------------------------------------------
def test_a_blocked_zombie_pushes_the_zombie_along():
    """Zombie Movement: "zombies may pass through a square occupied by other zombies, but if their movement is
    blocked by another zombie, they push those zombies along." A single whose move ends on a double (no merge)
    takes its square; the double goes one square further along the path (3,3, the entrance)."""
    g = position(squads={"p1": {"pos": BUNKER}}, zombies=[(0, 0), (2, 2, True)])
    g.state.speed = 2
    double = max(g.state.zombies)
    drive(night.move_zombies(g.ctx, {double}))   # the double is getting up: it does not move itself
    assert _where(g) == [((2, 2), False), ((3, 3), True)]
    assert any(e.kind == "push" and e.page == "Zombie Movement" for e in g.events)


def test_a_line_of_zombies_is_pushed_in_turn():
    """Zombie Movement: "they push those zombies along" -- a line of them: the double on the entrance square is
    pushed on into the bunker to make room for the one pushed onto it."""
    g = position(squads={"p1": {"pos": (0, 7)}}, zombies=[(0, 0), (2, 2, True), (3, 3, True)])
    g.state.speed = 2
    still = set(sorted(g.state.zombies)[1:])
    drive(night.move_zombies(g.ctx, still))
    assert _where(g) == sorted([((2, 2), False), ((3, 3), True), (BUNKER, True)])


def test_a_zombie_nothing_gives_way_to_stops_short():
    """Zombie Movement: a pushed zombie goes "along" the path, never into a squad ("zombies and squads never share
    a square"): the double next to the squad cannot give way, so the single stops on the last free square."""
    g = position(squads={"p1": {"pos": (4, 4)}}, zombies=[(1, 1), (3, 3, True)])
    g.state.speed, g.state.enraged = 1, True   # enraged: +2 Movement, straight for the squad
    drive(night.move_zombies(g.ctx, set()))
    assert _where(g) == [((2, 2), False), ((3, 3), True)]
    assert not any(e.kind == "push" for e in g.events)


def test_singles_still_merge_rather_than_push():
    """Zombie Movement: "create double zombies whenever possible": a single ending on a single merges."""
    g = position(squads={"p1": {"pos": BUNKER}}, zombies=[(0, 0), (2, 2)])
    g.state.speed = 2
    drive(night.move_zombies(g.ctx, {max(g.state.zombies)}))
    assert _where(g) == [((2, 2), True)]


# ---- path ties: the player with the most VPs moves the zombies ----------------------------------------------------
def _tie_position(vps=(1, 3)):
    g = position(players=2, squads={"p1": {"pos": BUNKER, "vp": vps[0]}, "p2": {"pos": BUNKER, "vp": vps[1]}},
                 zombies=[(0, 2)])
    g.state.speed = 1
    return g


def test_path_ties_are_offered_to_the_player_with_the_most_vps():
    """Zombie Movement: "The player with the most VPs moves the zombies ... Zombies always move the maximum number
    of squares possible along the shortest path to the bunker entrance": every neighbour one step closer to the
    entrance (3,3) is an option."""
    g = _tie_position()
    city = g.ctx.city
    seen = drive(night.move_zombies(g.ctx, set()))
    (ask,) = _asks(seen, "zombie_path")
    want = {q for q in ((1, y) for y in range(1, 4)) if city.open(q)
            if chebyshev(q, city.entrance) == chebyshev((0, 2), city.entrance) - 1}
    assert ask.who == "p2" and {_sq(o) for o in ask.options} == want and len(want) > 1
    assert ask.page == "Zombie Movement"


@pytest.mark.parametrize("i", [0, 1, 2])
def test_each_path_option_leads_to_its_end(i):
    """Zombie Movement: the moving player's choice is where the zombie goes."""
    g = _tie_position()
    opts = _asks(drive(night.move_zombies(g.ctx, set())), "zombie_path")[0].options
    g = _tie_position()
    drive(night.move_zombies(g.ctx, set()), opts[i])
    assert _where(g) == [(_sq(opts[i]), False)]


def test_on_a_vp_tie_the_first_in_turn_order_moves_the_zombies():
    """Zombie Movement: "The player with the most VPs moves the zombies" -- tied: the first of them in turn order."""
    g = _tie_position((2, 2))
    g.state.order = ["p2", "p1"]
    (ask,) = _asks(drive(night.move_zombies(g.ctx, set())), "zombie_path")
    assert ask.who == "p2"


def _default_is_taken(kind: str) -> None:
    """A real game (seed 5, Day 2) stepped with no player answering: the first ``kind`` choice that comes
    up is answered with its default, and the log records exactly that option."""
    g = Game.new(seed=5, setup="2")
    n = 0
    while not g.over and n < 20_000:
        p = g.pending
        if p is not None and p.kind == kind:
            before = len(g.log)
            g.step()
            assert g.log[before] == {"t": "choice", "o": p.options[p.default]}
            return
        g.step()
        n += 1
    pytest.fail(f"no {kind} choice came up")


def test_the_default_path_is_the_engines_order_and_run_until_takes_it():
    """Zombie Movement: with no player answering (bots, ``run_until``) the default is the fixed order: reading order
    among free squares."""
    g = _tie_position()
    ask = _asks(drive(night.move_zombies(g.ctx, set())), "zombie_path")[0]
    assert ask.options[ask.default] == min(ask.options, key=lambda o: (_sq(o)[1], _sq(o)[0]))
    _default_is_taken("zombie_path")


# ---- order among equally close zombies: the moving player's choice ---------------------------------------------
def _order_position(vps=(1, 3)):
    """A single on 1,1 and a double on 5,5, both 2 squares from the entrance (3,3): with speed 2 both moves end
    on the entrance, so the second to move pushes the first into the bunker."""
    g = position(players=2, squads={"p1": {"pos": BUNKER, "vp": vps[0]}, "p2": {"pos": BUNKER, "vp": vps[1]}},
                 zombies=[(1, 1), (5, 5, True)])
    g.state.speed = 2
    return g


def test_the_order_of_equally_close_zombies_is_offered_to_the_player_with_the_most_vps():
    """Zombie Movement: "The player with the most VPs moves the zombies ..., starting with the zombies closest to
    their goals": the single and the double are equally close (2 squares from the entrance), so which of them
    moves first is that player's (p2's) choice, one option per zombie, named by its square."""
    g = _order_position()
    (ask,) = _asks(drive(night.move_zombies(g.ctx, set())), "zombie_order")
    assert ask.who == "p2" and set(ask.options) == {"1,1", "5,5"} and ask.page == "Zombie Movement"
    assert chebyshev((1, 1), g.ctx.city.entrance) == chebyshev((5, 5), g.ctx.city.entrance)
    g = _order_position((2, 2))
    g.state.order = ["p2", "p1"]
    assert _asks(drive(night.move_zombies(g.ctx, set())), "zombie_order")[0].who == "p2"   # VP tie: turn order


@pytest.mark.parametrize("first,want", [
    ("1,1", [(BUNKER, False), ((3, 3), True)]),    # the single first: the double pushes it on into the bunker
    ("5,5", [(BUNKER, True), ((3, 3), False)]),    # the double first: the single pushes it on
])
def test_each_order_leads_to_its_own_outcome(first, want):
    """Zombie Movement: "if their movement is blocked by another zombie, they push those zombies along" -- so the
    order decides which zombie ends in the bunker."""
    g = _order_position()
    seen = drive(night.move_zombies(g.ctx, set()), first)
    assert [a for r, a in seen if isinstance(r, Ask) and r.kind == "zombie_order"] == [first]
    assert _where(g) == sorted(want)


def test_the_default_order_is_the_engines_and_run_until_takes_it():
    """Zombie Movement: with no player answering (bots, ``run_until``) the oldest zombie moves first, as the engine
    did before the choice existed (the single, placed first, ends in the bunker)."""
    g = _order_position()
    (ask,) = _asks(drive(night.move_zombies(g.ctx, set())), "zombie_order")
    assert ask.options[ask.default] == "1,1"
    assert _where(g) == sorted([(BUNKER, False), ((3, 3), True)])
    _default_is_taken("zombie_order")


def test_no_order_is_asked_when_the_zombies_cannot_meet():
    """Zombie Movement: equally close zombies 6 squares apart with speed 1 cannot reach, merge with or push each
    other, so their order cannot matter and is not asked."""
    g = position(squads={"p1": {"pos": BUNKER}}, zombies=[(0, 3), (6, 3)])
    g.state.speed = 1
    assert chebyshev((0, 3), g.ctx.city.entrance) == chebyshev((6, 3), g.ctx.city.entrance)
    assert not _asks(drive(night.move_zombies(g.ctx, set())), "zombie_order")


def test_no_order_is_asked_when_both_go_straight_into_the_bunker():
    """Zombie Movement: two neighbours next to the entrance with speed 3 both end in the bunker whatever the
    order ("Zombies may pass through a square occupied by other zombies"; the bunker holds any number)."""
    g = position(squads={"p1": {"pos": BUNKER}}, zombies=[(2, 2), (2, 3)])
    g.state.speed = 3
    assert not _asks(drive(night.move_zombies(g.ctx, set())), "zombie_order")
    assert _where(g) == [(BUNKER, False), (BUNKER, False)]


# ---- placing zombies --------------------------------------------------------------------------------------------
def _tile(g, tid="t06", slot=(2, 0)):
    g.state.slots[f"{slot[0]},{slot[1]}"] = [tid, "a"]
    city = g.ctx.city
    return [p for p in city.tile_squares(slot) if city.open(p)]


def test_the_scavenging_player_places_the_zombies_on_any_square():
    """Phase 1 Scavenge: "draw a new tile ... and place the indicated number of zombies on the tile on any square(s)
    without a Lookout": the player who placed the tile picks each square among the tile's open squares."""
    g = position(players=2, squads={"p1": {"pos": BUNKER}, "p2": {"pos": BUNKER}})
    free = _tile(g)
    seen = drive(day.put_zombies(g.ctx, (2, 0), 2, "Phase 1 Scavenge", False, "p1"), "10,3", "8,0")
    asks = _asks(seen, "zombie_placement")
    assert len(asks) == 2 and all(a.who == "p1" for a in asks)
    assert {_sq(o) for o in asks[0].options} == set(free)
    assert "10,3" not in asks[1].options and len(asks[1].options) == len(free) - 1
    assert _where(g) == [((8, 0), False), ((10, 3), False)]


def test_sunset_zombies_go_on_scrap_squares_first_placed_by_the_most_vp_player():
    """Phase 3 Sunset: "Place them on Scrap or Trap square(s) whenever possible, but never on Lookout squares": the
    choice is among the Scrap squares while one is free, then any square."""
    g = position(players=2, squads={"p1": {"pos": BUNKER, "vp": 5}, "p2": {"pos": BUNKER}})
    free = _tile(g)
    city = g.ctx.city
    scrap = {p for p in free if city.kind[p] == "scrap"}
    assert len(scrap) == 3
    g.state.forts["9,3"] = {"kind": "lookout", "owner": "p2", "kills": 0, "collapse": 0}
    from nollab.packs.zpocalypse.zmove import mover
    seen = drive(day.put_zombies(g.ctx, (2, 0), 4, "Phase 3 Sunset", True, mover(g.ctx)), "11,2", "11,0", "9,0")
    asks = _asks(seen, "zombie_placement")
    assert all(a.who == "p1" for a in asks)
    assert {_sq(o) for o in asks[0].options} == scrap
    assert {_sq(o) for o in asks[1].options} == scrap - {(11, 2)}
    # the last Scrap square is the only one left: no choice; then any square but the lookout
    assert len(asks) == 3 and {_sq(o) for o in asks[2].options} == set(free) - scrap - {(9, 3)}
    assert {p for p, _ in _where(g)} == scrap | {(9, 0)}


def test_red_search_token_zombies_are_placed_next_to_the_searching_squad_by_its_player():
    """Search: "Red numbers mean you must place that number of zombies adjacent to you"."""
    g = position(squads={"p1": {"pos": (1, 1), "members": ["sarge"]}})
    s = g.state.squad("p1")
    seen = drive(night.search(g.ctx, s), 0, "red2", "2,2", "0,0")
    asks = _asks(seen, "zombie_placement")
    assert asks and asks[0].who == "p1" and all(chebyshev(_sq(o), (1, 1)) == 1 for o in asks[0].options)
    assert _where(g) == [((0, 0), False), ((2, 2), False)]


def test_sunset_tiles_go_to_a_closest_slot_the_most_vp_player_picks():
    """Phase 3 Sunset: "draw 1 new tile per player and attach them to existing tiles closest to the bunker
    entrance (no VPs are gained)": among equally close slots the player with the most VPs picks."""
    g = position(players=2, day=2, squads={"p1": {"pos": BUNKER}, "p2": {"pos": BUNKER, "vp": 4}})
    city = g.ctx.city
    e = city.entrance
    dist = {sl: min(chebyshev(e, p) for p in city.tile_squares(sl)) for sl in city.free_slots()}
    closest = {sl for sl, d in dist.items() if d == min(dist.values())}
    seen = drive(day.place_tile(g.ctx, None, 0, "Phase 3 Sunset", vp=False), "t01")
    (ask,) = [r for r, _ in seen if isinstance(r, Ask) and r.kind == "tile_slot"]
    assert ask.who == "p2" and {tuple(o) for o in ask.options} == closest and len(closest) > 1
    last = list(ask.options[-1])
    g = position(players=2, day=2, squads={"p1": {"pos": BUNKER}, "p2": {"pos": BUNKER, "vp": 4}})
    drive(day.place_tile(g.ctx, None, 0, "Phase 3 Sunset", vp=False), "t01", last)
    assert g.state.slots[f"{last[0]},{last[1]}"] == ["t01", "a"] and g.state.squad("p2").vp == 4


# ---- splitting while moving -------------------------------------------------------------------------------------
def _split_position(vps):
    g = position(players=2, squads={"p1": {"pos": (0, 2), "vp": vps[0]}, "p2": {"pos": (6, 2), "vp": vps[1]}},
                 zombies=[(3, 5), (3, 6), (3, 7)])
    g.state.speed, g.state.enraged = 0, True     # enraged: +2 Movement, the closest squad regardless of LOS
    return g


def test_zombies_equally_near_two_squads_split_the_larger_group_to_more_vps():
    """Zombie Movement: "If given a choice of attacking or moving towards more than 1 squad, the zombies split, with
    the larger group attacking the player with the higher VPs": 3 zombies equally near Red (5 VP) and Blue (1 VP),
    2 go for Red, 1 for Blue."""
    g = _split_position((5, 1))
    city = g.ctx.city
    for z in g.state.zombies.values():
        assert chebyshev(tuple(z.pos), (0, 2)) == chebyshev(tuple(z.pos), (6, 2))
        assert city.open(tuple(z.pos))
    seen = drive(night.move_zombies(g.ctx, set()))
    assert not [r for r, _ in seen if getattr(r, "kind", "") == "split_tie"]
    xs = sorted(z.pos[0] for z in g.state.zombies.values())
    assert sum(x < 3 for x in xs) == 2 and sum(x > 3 for x in xs) == 1


def test_on_a_vp_tie_the_higher_red_die_gets_one_fewer_moving_zombie():
    """Zombie Movement: "On a VP tie, both players roll a red die: the higher roller gets 1 fewer zombie"."""
    g = _split_position((2, 2))
    seen = drive(night.move_zombies(g.ctx, set()), "p1")        # Red rolls higher
    (tie,) = [r for r, _ in seen if getattr(r, "kind", "") == "split_tie"]
    assert set(tie.outcomes) == {"p1", "p2"} and tie.prob("p1") == tie.prob("p2")
    xs = [z.pos[0] for z in g.state.zombies.values()]
    assert sum(x < 3 for x in xs) == 1 and sum(x > 3 for x in xs) == 2


def test_the_moving_player_must_make_doubles_whenever_possible():
    """Zombie Movement: "Single zombies (grey) become double zombies (lime green) when they move into the same
    square; create double zombies whenever possible": among tied ends, only those that merge are offered."""
    g = position(players=2, squads={"p1": {"pos": BUNKER, "vp": 1}, "p2": {"pos": BUNKER, "vp": 3}},
                 zombies=[(0, 2), (1, 3)])
    g.state.speed = 1
    still = max(g.state.zombies)                 # the single on 1,3 is getting up: it does not move
    seen = drive(night.move_zombies(g.ctx, {still}))
    assert not _asks(seen, "zombie_path")         # 1,1 and 1,2 are as short, but only 1,3 makes a double
    assert _where(g) == [((1, 3), True)]
