"""The Day Zero quick-play scenario (cooperative), citing the summary's "Day Zero" section: "Combat phase
only. Start on 1 Road tile. On a player's turn, 1 action lets the squad walk off the map and place a new
tile. Remove 1 Bunker Entrance tile and shuffle the other into the bottom half of the tile stack. Zombies have
3 Movement and move toward the closest squad even without LOS. Each new tile spawns 1 red die worth of
zombies; the Bunker Entrance tile spawns an additional red die worth. Goal: find the bunker."
"""
from __future__ import annotations

import itertools
from fractions import Fraction

from zpoc_support import BUNKER, drive
from nollab.games.session import play_match
from nollab.packs.zpocalypse import dayzero, night
from nollab.packs.zpocalypse.game import Game
from nollab.packs.zpocalypse.state import Action


def _game(players=1, seed=0):
    g = Game.new(seed=seed, setup=f"players={players},scenario=day_zero")
    return g


def test_day_zero_starts_on_the_road_in_combat():
    g = _game(2)
    st = g.state
    assert st.slots == {"0,0": ["road", "a"]} and st.phase == "combat" and st.speed == 3 and st.hunt
    assert all(s.pos not in (None, BUNKER) for s in st.squads) and g.ctx.city.entrance is None


def test_the_bunker_entrance_is_in_the_bottom_half_of_the_stack():
    """Exact draws: P(the entrance comes at draw k | not before) from a uniform position in the bottom half."""
    g = _game(1)
    st = g.state
    n = st.dz_total
    bottom = range(n // 2 + 1, n + 1)
    s = st.squad("p1")
    for k in range(1, n + 1):
        st.dz_drawn = k - 1
        st.slots = {"0,0": ["road", "a"]}
        gen = dayzero.explore(g.ctx, s, (0, -1))
        node = next(gen)
        p_model = Fraction(sum(1 for e in bottom if e == k), sum(1 for e in bottom if e >= k))
        assert node.prob("entrance") == p_model, k
        assert sum(node.prob(o) for o in node.outcomes) == 1


def test_walking_off_the_map_places_a_tile_and_a_red_die_of_zombies():
    g = _game(1)
    st = g.state
    s = st.squad("p1")
    s.pos = (1, 0)
    st.turn, st.actions_left = "p1", 2
    assert Action("explore", "p1", ("1,-1",)) in night.legal(g.ctx, "p1")
    seen = drive(night.perform(g.ctx, s, Action("explore", "p1", ("1,-1",))), "t01", 4)
    spawn = next(r for r, _ in seen if getattr(r, "kind", "") == "spawn")
    assert spawn.kind == "spawn" and spawn.prob(6) == Fraction(1, 6)   # Z counts 6
    places = [r for r, _ in seen if getattr(r, "kind", "") == "zombie_placement"]
    assert places and all(r.who == "p1" for r in places)   # the squad that walked off places them
    assert st.slots["0,-1"] == ["t01", "a"] and len(st.zombies) == 4 and tuple(s.pos) == (1, -1)
    assert st.actions_left == 1


def test_the_entrance_tile_spawns_two_dice_and_finding_the_bunker_wins():
    g = _game(1)
    st = g.state
    s = st.squad("p1")
    s.pos = (2, 3)
    st.dz_drawn = st.dz_total - 1  # the last tile left is the entrance
    seen = drive(dayzero.explore(g.ctx, s, (2, 4)), "entrance", 2)
    two = next(r for r, _ in seen if getattr(r, "kind", "") == "spawn")
    brute = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        brute[a + b] = brute.get(a + b, 0) + 1
    assert {o: two.prob(o) for o in two.outcomes} == {k: Fraction(v, 36) for k, v in brute.items()}
    city = g.ctx.city
    assert city.entrance == (2, 6)
    st.zombies = {}
    s.pos = (2, 5)
    st.turn, st.actions_left = "p1", 2
    drive(night.perform(g.ctx, s, Action("move", "p1", ("bunker",))))
    assert s.pos == BUNKER


def test_day_zero_games_end_won_or_lost():
    wins = 0
    for seed in range(10):
        m, s = play_match("zpocalypse", seed=seed, setup="2,scenario=day_zero")
        assert s["result"] in ("won", "lost") and not s.get("timed_out")
        wins += s["result"] == "won"
        if s["result"] == "won":
            assert "the bunker is found" in s["reason"]
