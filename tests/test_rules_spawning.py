"""Ghouls' phase, Step 2: Spawn (P. 24-25) and the S6/S8/S9 spawn helpers - nollab.rules.spawn
(ghoul_cards, spawn_zones).

Cards are built here from the values printed in the rulebook (#1 Walkers 1/3/5/7, #12 Fatties
1/1/5/7, #43 Barricade & Door Opening for Walkers), not read from the data files, so the tests
check the rules, not the reconstructed deck. Boards are hand-made one-tile maps.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from nollab.board import board_from_text
from nollab.content_model import DangerLevel, GhoulCard
from nollab.rules.spawn.ghoul_cards import (
    GhoulDeck, highest_danger_level, opening_card_openings, resolve_draws, resolve_spawn_card)
from nollab.rules.spawn.spawn_zones import (
    clockwise_order, herd_spawn_zones, house_spawn_zones, spawn_order, spawn_tokens_by_zone)

WALKERS_1 = GhoulCard(1, "spawn", "walker", (1, 3, 5, 7))
FATTIES_12 = GhoulCard(12, "spawn", "fatty", (1, 1, 5, 7))
OPEN_WALKERS_43 = GhoulCard(43, "opening", "walker", (0, 0, 0, 0))
NOTHING = GhoulCard(16, "spawn", "relative", (0, 1, 1, 1))
BOX = {"walker": 28, "breaker": 12, "fatty": 12, "relative": 2}

# Two shelters: room K (door to yard b) and room L (barricade to f, barricade to g, door to K).
FARM = board_from_text("""
[tile]
id = "9T"
grid = '''
aabKKh
aabKKh
ccfLLg
'''
[legend]
a = { kind = "exterior", label = "white spawn" }
b = { kind = "exterior", label = "yard" }
c = { kind = "exterior", label = "road" }
f = { kind = "exterior", label = "porch" }
g = { kind = "exterior", label = "field" }
h = { kind = "exterior", label = "lane" }
K = { kind = "interior", label = "kitchen" }
L = { kind = "interior", label = "living room" }

[[openings]]
id = "kitchen-door"
at = "r1c3-r1c4"
kind = "door"
open = false

[[openings]]
id = "porch-barricade"
at = "r3c3-r3c4"
kind = "barricade"
open = false

[[openings]]
id = "field-barricade"
at = "r3c5-r3c6"
kind = "barricade"
open = false

[[openings]]
id = "inner-door"
at = "r2c4-r3c4"
kind = "door"
open = false
""", "farm")


def z(letter):
    return f"9T:{letter}"


def o(name):
    return f"9T:{name}"


class StackedRng:
    """An rng that must not be used: proves a draw did not shuffle."""

    def shuffle(self, x):
        raise AssertionError("unexpected shuffle")

    def randrange(self, *a):
        raise AssertionError("unexpected randrange")


# ----------------------------------------------------------------------------- danger level (P. 24)

def test_cards_are_read_at_the_most_experienced_survivors_level_p24():
    assert highest_danger_level([5, 12]) == DangerLevel.YELLOW  # Tom 5 XP, Judy 12 XP (P. 24)
    assert highest_danger_level([0, 6]) == DangerLevel.BLUE
    assert highest_danger_level([18, 19]) == DangerLevel.ORANGE
    assert highest_danger_level([43]) == DangerLevel.RED
    with pytest.raises(ValueError, match="xps"):
        highest_danger_level([])


# ----------------------------------------------------------------------------- order (P. 24)

def test_white_spawn_zone_first_then_clockwise_one_card_per_token_p24():
    assert spawn_order(["n", "e", "s", "w"], "s") == ("s", "w", "n", "e")
    assert spawn_order(["n", "e", "s"], "e", {"n": 2, "e": 1, "s": 1}) == ("e", "s", "n", "n")
    with pytest.raises(ValueError, match="white_zone"):
        spawn_order(["n", "e"], "x")


def test_clockwise_order_on_a_real_board_p24():
    # centres: a NW, h NE, g SE, c SW of the board centre
    assert clockwise_order(FARM, [z("a"), z("c"), z("g"), z("h")]) == (z("h"), z("g"), z("c"), z("a"))
    assert clockwise_order(FARM, [z("a"), z("c"), z("g"), z("h")], start=z("a"))[0] == z("a")


# ----------------------------------------------------------------------------- one card (P. 24-25)

def test_yellow_spawn_example_p25():
    """P. 25 example at Yellow: 3 Walkers, then 1 Fatty, then an opening card for Walkers opens
    every Barricade and Door in Zones with Walkers: both shelters are compromised."""
    level = highest_danger_level([5, 12])
    deck = GhoulDeck((WALKERS_1, FATTIES_12, OPEN_WALKERS_43))
    ghouls = {z("b"): {"walker": 1}, z("f"): {"walker": 2}, z("g"): {"fatty": 1}}
    closed = FARM.initial_closed
    run = resolve_draws([z("a"), z("h"), z("c")], deck, StackedRng(), level, BOX, ghouls,
                        board=FARM, closed=closed)
    first, second, third = run.outcomes
    assert (first.zone, first.ghoul_type, first.placed) == (z("a"), "walker", 3)
    assert (second.zone, second.ghoul_type, second.placed) == (z("h"), "fatty", 1)
    assert third.placed == 0 and third.opened == {o("kitchen-door"), o("porch-barricade")}
    assert run.closed == {o("field-barricade"), o("inner-door")}  # only Fatties by the field; no Walker inside
    assert run.ghouls_by_zone[z("a")] == {"walker": 3} and run.ghouls_by_zone[z("h")] == {"fatty": 1}
    assert run.remaining_pool == {**BOX, "walker": 25, "fatty": 11}
    assert ghouls == {z("b"): {"walker": 1}, z("f"): {"walker": 2}, z("g"): {"fatty": 1}}  # not mutated
    assert "3 Walkers placed in 9T:a (P. 24)" in first.explanation
    assert run.deck.draw_pile == () and run.deck.discard == (WALKERS_1, FATTIES_12, OPEN_WALKERS_43)


def test_opening_cards_do_nothing_at_blue_p25():
    out = resolve_spawn_card(OPEN_WALKERS_43, DangerLevel.BLUE, BOX, z("a"), board=FARM,
                             closed=FARM.initial_closed, ghouls_by_zone={z("b"): {"walker": 4}})
    assert out.opened == frozenset() and out.placed == 0 and not out.extra_activation


def test_opening_card_includes_walkers_placed_earlier_in_the_same_step_p25():
    run = resolve_draws([z("b"), z("c")], GhoulDeck((WALKERS_1, OPEN_WALKERS_43)), StackedRng(),
                        DangerLevel.ORANGE, BOX, {}, board=FARM, closed=FARM.initial_closed)
    assert run.outcomes[1].opened == {o("kitchen-door")}


def test_opening_cards_need_the_board():
    with pytest.raises(ValueError, match="board"):
        resolve_spawn_card(OPEN_WALKERS_43, DangerLevel.RED, BOX, z("a"))


def test_nothing_line_places_no_ghoul_p24():
    out = resolve_spawn_card(NOTHING, DangerLevel.BLUE, BOX, z("a"))
    assert (out.requested, out.placed, out.extra_activation) == (0, 0, False)
    assert "Nothing!" in out.explanation


# ----------------------------------------------------------------------------- running out (P. 25)

def test_running_out_places_the_rest_then_an_extra_activation_p25():
    out = resolve_spawn_card(WALKERS_1, DangerLevel.ORANGE, {**BOX, "walker": 2}, z("a"))
    assert (out.requested, out.placed, out.extra_activation) == (5, 2, True)
    assert "extra Activation (P. 25)" in out.explanation
    exact = resolve_spawn_card(WALKERS_1, DangerLevel.ORANGE, {**BOX, "walker": 5}, z("a"))
    assert (exact.placed, exact.extra_activation) == (5, False)


def test_all_28_walkers_on_the_board_gives_extra_activations_in_a_row_p25():
    deck = GhoulDeck((WALKERS_1, WALKERS_1, FATTIES_12))
    pool = {**BOX, "walker": 1}  # 27 Walkers on the board, 1 in the box
    run = resolve_draws([z("a"), z("h"), z("c")], deck, StackedRng(), DangerLevel.YELLOW, pool, {})
    assert run.outcomes[0].placed == 1 and run.extra_activation == "walker"
    assert run.pending == (z("h"), z("c"))  # stop: the Walkers activate before the next card
    run2 = resolve_draws(run.pending, run.deck, StackedRng(), DangerLevel.YELLOW, run.remaining_pool,
                         run.ghouls_by_zone)
    assert run2.remaining_pool["walker"] == 0
    assert run2.outcomes[0].placed == 0 and run2.extra_activation == "walker"  # all 28 out: again
    run3 = resolve_draws(run2.pending, run2.deck, StackedRng(), DangerLevel.YELLOW,
                         run2.remaining_pool, run2.ghouls_by_zone)
    assert run3.pending == () and run3.extra_activation is None and run3.outcomes[0].placed == 1


# ----------------------------------------------------------------------------- the deck (P. 24)

def _deck46():
    return [GhoulCard(n, "spawn", "walker", (1, 2, 3, n % 7)) for n in range(1, 47)]


def test_deck_reshuffles_the_discards_when_it_runs_out_p24():
    deck = GhoulDeck.new(_deck46(), random.Random(3))
    seen = []
    for i in range(46):
        card, deck, reshuffled = deck.draw(random.Random(99))
        assert not reshuffled
        seen.append(card.number)
    assert sorted(seen) == list(range(1, 47)) and deck.draw_pile == ()
    card, deck, reshuffled = deck.draw(random.Random(5))
    assert reshuffled and len(deck.draw_pile) == 45 and deck.discard == (card,)
    assert Counter(c.number for c in deck.draw_pile + deck.discard) == Counter(range(1, 47))


def test_deck_uses_only_the_rng_it_is_given():
    def run():
        deck = GhoulDeck.new(_deck46(), random.Random(11))
        rng = random.Random(12)
        out = []
        for _ in range(120):
            random.seed(random.random() * 1e9)  # perturb the global random between draws
            card, deck, _ = deck.draw(rng)
            out.append(card.number)
        return out

    random.seed(1)
    a = run()
    random.seed(2)
    assert run() == a
    with pytest.raises(ValueError, match="empty"):
        GhoulDeck(()).draw(random.Random(0))


# ----------------------------------------------------------------------------- scene helpers

def test_spawning_in_houses_draws_one_card_per_room_s9():
    rooms = house_spawn_zones(FARM, z("K"))
    assert rooms == (z("K"), z("L"))  # joined by the (closed) inner door: one house
    assert house_spawn_zones(FARM, z("L"), order=[z("L"), z("K")]) == (z("L"), z("K"))
    with pytest.raises(ValueError, match="order"):
        house_spawn_zones(FARM, z("K"), order=[z("K")])
    with pytest.raises(ValueError, match="zone"):
        house_spawn_zones(FARM, z("a"))
    run = resolve_draws(rooms, GhoulDeck((FATTIES_12, WALKERS_1)), StackedRng(), DangerLevel.YELLOW, BOX, {})
    assert run.ghouls_by_zone == {z("K"): {"fatty": 1}, z("L"): {"walker": 3}}


CORNERS = board_from_text("""
[tile]
id = "8C"
grid = '''
aabKK
aabKK
ccdLe
'''
[legend]
a = { kind = "exterior", label = "nw" }
b = { kind = "exterior", label = "n" }
c = { kind = "corn", label = "corn field" }
d = { kind = "exterior", label = "s" }
e = { kind = "exterior", label = "se" }
K = { kind = "interior", label = "room" }
L = { kind = "interior", label = "room 2" }

[[openings]]
at = "r2c4-r3c4"
kind = "door"
open = true
""", "corners")


def test_fighting_through_the_herd_uses_corner_exterior_zones_clockwise_s6_s8():
    def c(x):
        return f"8C:{x}"
    # corners: a (NW), K (NE, interior: excluded), e (SE), c (SW, corn = exterior zone, P. 31)
    assert herd_spawn_zones(CORNERS, [c("d")]) == (c("e"), c("c"), c("a"))
    assert herd_spawn_zones(CORNERS, [c("d")], start=c("a")) == (c("a"), c("e"), c("c"))
    assert herd_spawn_zones(CORNERS, []) == ()


def test_opening_card_openings_lists_only_zones_with_that_type():
    ghouls = {z("b"): {"fatty": 1}, z("f"): {"walker": 1}}
    assert opening_card_openings(FARM, FARM.initial_closed, ghouls, "walker") == {o("porch-barricade")}
    assert opening_card_openings(FARM, FARM.initial_closed, ghouls, "fatty") == {o("kitchen-door")}


def test_inactive_coloured_tokens_do_not_spawn_and_extra_tokens_draw_twice_p24():
    from types import SimpleNamespace as T

    spawns = [T(zone="w", colour="white"), T(zone="n", colour="red"), T(zone="n", colour="red"),
              T(zone="y", colour="yellow")]
    tokens = spawn_tokens_by_zone(spawns)
    assert tokens == {"w": 1, "n": 2}
    assert spawn_order(["y", "w", "n"], "w", tokens) == ("w", "n", "n")
    assert spawn_order(["y", "w", "n"], "w", spawn_tokens_by_zone(spawns, ("white", "red", "yellow"))) \
        == ("w", "n", "n", "y")


def test_s1_spawn_step_on_the_real_map_p24():
    from nollab.board import load_map

    sm = load_map("S1")
    white = next(t.zone for t in sm.tokens.spawns if t.colour == "white")
    order = spawn_order(sm.spawn_order(), white, spawn_tokens_by_zone(sm.tokens.spawns))
    assert order[0] == white and sorted(order) == sorted(t.zone for t in sm.tokens.spawns)
    # clockwise_order (rules side) and SceneMap.spawn_order (board side) agree
    assert clockwise_order(sm.board, order, start=white) == sm.spawn_order()
    deck = GhoulDeck((WALKERS_1, FATTIES_12, WALKERS_1, FATTIES_12))
    run = resolve_draws(order, deck, StackedRng(), DangerLevel.RED, BOX, {}, board=sm.board,
                        closed=sm.board.initial_closed)
    assert [(o.zone, o.ghoul_type, o.placed) for o in run.outcomes] == [
        (order[0], "walker", 7), (order[1], "fatty", 7), (order[2], "walker", 7), (order[3], "fatty", 5)]
    assert run.remaining_pool["walker"] == 14 and run.remaining_pool["fatty"] == 0
    # 12 Fatties in the box: 7 + 7 does not fit, the last 5 are placed and the Fatties activate
    assert [o.extra_activation for o in run.outcomes] == [False, False, False, True]
    assert run.extra_activation == "fatty" and run.pending == ()
