"""Spawn odds (P. 24-25, 32) against every order of the cards of small decks, and the yellow example."""
from __future__ import annotations

import math
from fractions import Fraction
from types import SimpleNamespace

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nollab.prob.spawn import select_deck, spawn_step

from test_prob_naive import naive_spawn


def card(number, ghoul, counts=(0, 0, 0, 0), kind="spawn"):
    return SimpleNamespace(number=number, kind=kind, ghoul=ghoul, counts=tuple(counts))


WALKER_1 = card(1, "walker", (1, 3, 5, 7))  # card art, P. 24-25
FATTY_12 = card(12, "fatty", (1, 1, 5, 7))  # P. 24 "x7 Red ... x1 Blue"
OPEN_43 = card(43, "walker", kind="opening")  # P. 25


def engine_joint(res):
    """The cards' totals (uncapped) and effective openings, in the oracle's shape."""
    return {(tuple(sorted((t, c) for t, c in tot if c)), op): p
            for (tot, op), p in ((k, v) for k, v in res.joint_requested.map(
                lambda s: (tuple(zip(res.types, s[0])), s[1])).probs().items())}


def test_yellow_spawn_example_p25():
    """P. 25: at Yellow, the three cards give 3 Walkers, 1 Fatty and an opening card for Walkers."""
    res = spawn_step([WALKER_1, FATTY_12, OPEN_43], "yellow", zones=3)
    assert res.ghouls.probs() == {(("walker", 3), ("breaker", 0), ("fatty", 1), ("relative", 0)): Fraction(1)}
    assert res.p_opening == 1
    blue = spawn_step([WALKER_1, FATTY_12, OPEN_43], "blue", zones=3)
    assert blue.p_opening == 0  # P. 25: no effect at the Blue Danger Level


def test_fatty_card_read_at_each_level_p24():
    for level, n in zip(("blue", "yellow", "orange", "red"), (1, 1, 5, 7)):
        assert spawn_step([FATTY_12], level).expected["fatty"] == n


SMALL = [WALKER_1, FATTY_12, OPEN_43, card(16, "relative", (0, 1, 1, 1)), card(7, "breaker", (1, 1, 5, 7)),
         card(2, "walker", (1, 2, 4, 6))]


@pytest.mark.parametrize("zones", [1, 2, 3, 4])
@pytest.mark.parametrize("level", ["blue", "yellow", "red"])
def test_spawn_step_equals_every_card_order(zones, level):
    res = spawn_step(SMALL, level, zones)
    assert engine_joint(res) == naive_spawn(SMALL, level, zones)
    assert res.p_relative == sum(
        p for (tot, _), p in naive_spawn(SMALL, level, zones).items() if dict(tot).get("relative", 0) > 0)
    assert res.p_opening == sum(p for (_, op), p in naive_spawn(SMALL, level, zones).items() if op > 0)


def test_reshuffle_when_the_deck_runs_out_mid_step_p24():
    """4 cards discarded of 6, 4 zones: the 2 live cards, then the whole deck reshuffled for 2 more."""
    res = spawn_step(SMALL, "yellow", 4, discarded=[1, 12, 43, 16])
    assert res.reshuffle
    assert engine_joint(res) == naive_spawn(SMALL, "yellow", 4, discarded=[1, 12, 43, 16])


def test_running_out_of_miniatures_p25():
    """2 Relative minis: with 2 on the board, any Relative drawn runs out (extra Activation) and none
    is placed."""
    res = spawn_step(SMALL, "yellow", 2, on_board={"relative": 2})
    drawn = spawn_step(SMALL, "yellow", 2).p_relative  # P(the Relative card is among the 2)
    assert drawn == 1 - Fraction(math.comb(5, 2), math.comb(6, 2))
    assert res.p_run_out["relative"] == drawn and res.p_relative == 0
    assert res.extra("relative").prob(1) == drawn
    assert spawn_step(SMALL, "yellow", 2).p_run_out["relative"] == 0


def test_presets_and_discards_p32():
    deck = [card(i, "walker", (1, 1, 1, 1)) for i in range(1, 43)] + [card(i, "walker", kind="opening") for i in range(43, 47)]
    assert len(select_deck(deck, "all")) == 46
    assert [c.number for c in select_deck(deck, "easy", openings=False)] == list(range(1, 22))
    assert len(select_deck(deck, "hard")) == 25
    with pytest.raises(ValueError, match="#99"):
        spawn_step(deck, "red", 1, discarded=[99])


def test_one_zone_p_opening_is_hypergeometric():
    deck = [card(i, "walker", (1, 1, 1, 1)) for i in range(1, 43)] + [card(i, "walker", kind="opening") for i in range(43, 47)]
    res = spawn_step(deck, "orange", 5)
    assert res.p_opening == 1 - Fraction(math.comb(42, 5), math.comb(46, 5))


def test_walkers_from_the_content_deck_equal_icepool_deal():
    """The shipped 46-card deck: Walkers spawned by 3 cards at Red, against icepool's Deck.deal."""
    from nollab.content import load_content

    deck = list(load_content().ghoul_deck)
    value = [c.counts[3] if (c.kind == "spawn" and c.ghoul == "walker") else 0 for c in deck]
    ip = icepool.Deck(value).deal(3).sum()
    res = spawn_step(deck, "red", 3)
    got = res.ghouls.map(lambda g: dict(g)["walker"]).probs()
    assert got == {o: Fraction(q, ip.denominator()) for o, q in ip.items()}


@settings(max_examples=30, deadline=None)
@given(cards=st.lists(st.tuples(st.sampled_from(["walker", "fatty", "relative", "open"]),
                                st.lists(st.integers(0, 3), min_size=4, max_size=4)), min_size=1, max_size=5),
       zones=st.integers(1, 4), level=st.sampled_from(["blue", "yellow", "orange", "red"]),
       ndisc=st.integers(0, 3))
def test_hypothesis_spawn_equals_card_orders(cards, zones, level, ndisc):
    deck = [card(i + 1, "walker" if g == "open" else g, c, "opening" if g == "open" else "spawn")
            for i, (g, c) in enumerate(cards)]
    disc = [c.number for c in deck[:min(ndisc, len(deck))]]
    res = spawn_step(deck, level, zones, discarded=disc)
    assert engine_joint(res) == naive_spawn(deck, level, zones, disc)


@pytest.mark.parametrize("zones,disc", [(1, ()), (3, ()), (4, (1, 12, 43, 16))])
def test_total_and_marginals_equal_the_joint(zones, disc):
    res = spawn_step(SMALL, "red", zones, discarded=disc)
    joint = res.ghouls
    assert res.total() == joint.map(lambda g: sum(c for _, c in g))
    for t in res.types:
        assert res.marginal(t) == joint.map(lambda g, t=t: dict(g)[t])


def test_cards_totals_count_every_draw_of_k_cards():
    """The cards' totals of k cards drawn without replacement (P. 24): the packed count used by
    ``requested_total`` against every k-subset of a small deck, listed one by one."""
    import random
    from collections import Counter
    from itertools import combinations

    from nollab.prob.spawn import _totals

    rng = random.Random(13)
    for _ in range(60):
        values = [rng.randint(0, 9) for _ in range(rng.randint(0, 9))]
        k = rng.randint(0, len(values) + 1)
        brute = Counter(sum(c) for c in combinations(values, k))
        assert _totals(Counter(values), k) == dict(brute), (values, k)
