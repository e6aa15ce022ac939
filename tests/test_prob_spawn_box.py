"""Spawn odds count what is placed (P. 25): a card's Ghouls capped by the miniatures left in the box,
each card short of miniatures an extra Activation -- against every order of the cards, resolved one
card at a time by the rules' own :func:`resolve_spawn_card`."""
from __future__ import annotations

import itertools
import math
from fractions import Fraction
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nollab.content_model import DangerLevel
from nollab.prob.spawn import spawn_step
from nollab.rules.spawn.ghoul_cards import resolve_spawn_card

TYPES = ("walker", "breaker", "fatty", "relative")


def card(number, ghoul, counts=(0, 0, 0, 0), kind="spawn"):
    return SimpleNamespace(number=number, kind=kind, ghoul=ghoul, counts=tuple(counts),
                           at=lambda lv, c=tuple(counts): c[int(lv)])


def brute(deck, level, zones, room, discarded=()):
    """Every order of the draws (reshuffling the whole deck when the pile runs out, P. 24); each card
    resolved by ``resolve_spawn_card`` against the miniatures left. -> {(placed, extra, openings): p}."""
    lv = DangerLevel(["blue", "yellow", "orange", "red"].index(level))
    live = [c for c in deck if c.number not in set(discarded)] or list(deck)
    passes = [(live, min(zones, len(live)))]
    rest = zones - passes[0][1]
    while rest > 0:
        passes.append((list(deck), min(rest, len(deck))))
        rest -= passes[-1][1]
    per_pass = [list(itertools.permutations(cards, k)) for cards, k in passes]
    weight = Fraction(1, math.prod(len(p) for p in per_pass))
    out: dict = {}
    for combo in itertools.product(*per_pass):
        left = dict(room)
        placed = dict.fromkeys(TYPES, 0)
        extra = dict.fromkeys(TYPES, 0)
        opened = 0
        for c in itertools.chain.from_iterable(combo):
            if c.kind == "opening":
                opened += int(lv) > 0
                continue
            o = resolve_spawn_card(c, lv, left, "z")
            left[c.ghoul] -= o.placed
            placed[c.ghoul] += o.placed
            extra[c.ghoul] += o.extra_activation
        key = (tuple(placed[t] for t in TYPES), tuple(extra[t] for t in TYPES), opened)
        out[key] = out.get(key, 0) + weight
    return out


DECK = [card(1, "walker", (1, 3, 5, 7)), card(2, "walker", (1, 2, 4, 6)), card(3, "walker", (2, 3, 4, 6)),
        card(12, "fatty", (1, 1, 5, 7)), card(16, "relative", (0, 1, 1, 1)), card(43, "walker", kind="opening")]
POOLS = {"walker": 28, "breaker": 12, "fatty": 12, "relative": 2}


def room_of(on_board):
    return {t: POOLS[t] - on_board.get(t, 0) for t in TYPES}


@pytest.mark.parametrize("zones", [1, 2, 3, 4])
@pytest.mark.parametrize("on_board", [{"walker": 25}, {"walker": 27, "fatty": 10, "relative": 1},
                                      {"walker": 28, "relative": 2}, {}])
def test_placed_and_extra_activations_equal_every_card_order_p25(zones, on_board):
    res = spawn_step(DECK, "red", zones, on_board=on_board, pools=POOLS)
    assert res.joint.probs() == brute(DECK, "red", zones, room_of(on_board))


def test_the_order_of_the_cards_matters_p25():
    """Room for 2 Walkers, cards asking 1 and 3 (Blue 1, ...): 1 then 3 is short once; 3 then 1 twice."""
    deck = [card(1, "walker", (1, 1, 1, 1)), card(2, "walker", (3, 3, 3, 3))]
    res = spawn_step(deck, "blue", 2, on_board={"walker": 26}, pools=POOLS)
    assert res.extra("walker").probs() == {1: Fraction(1, 2), 2: Fraction(1, 2)}
    assert res.marginal("walker").probs() == {2: 1}
    assert res.requested_marginal("walker").probs() == {4: 1}
    assert res.expected["walker"] == 2 and res.expected_requested["walker"] == 4


def test_reshuffle_carries_the_box_across_passes_p24_p25():
    res = spawn_step(DECK, "orange", 5, discarded=[1, 12, 16], on_board={"walker": 20}, pools=POOLS)
    assert res.reshuffle
    assert res.joint.probs() == brute(DECK, "orange", 5, room_of({"walker": 20}), discarded=[1, 12, 16])


def test_marginals_equal_the_joint():
    res = spawn_step(DECK, "red", 3, on_board={"walker": 22, "relative": 1}, pools=POOLS)
    for i, t in enumerate(res.types):
        assert res.marginal(t) == res.joint.map(lambda s, i=i: s[0][i])
        assert res.extra(t) == res.joint.map(lambda s, i=i: s[1][i])
    assert res.total() == res.joint.map(lambda s: sum(s[0]))
    assert res.p_run_out["walker"] == res.requested_marginal("walker").p(lambda n: n > 6)


def test_on_board_beyond_the_box_is_refused():
    with pytest.raises(ValueError, match="on_board"):
        spawn_step(DECK, "red", 1, on_board={"walker": 29}, pools=POOLS).expected


@settings(max_examples=40, deadline=None)
@given(cards=st.lists(st.tuples(st.sampled_from(["walker", "fatty", "relative", "open"]),
                                st.lists(st.integers(0, 4), min_size=4, max_size=4)), min_size=1, max_size=5),
       zones=st.integers(1, 5), level=st.sampled_from(["blue", "yellow", "orange", "red"]),
       ndisc=st.integers(0, 3), used=st.lists(st.integers(0, 28), min_size=4, max_size=4))
def test_hypothesis_capped_spawn_equals_card_orders(cards, zones, level, ndisc, used):
    deck = [card(i + 1, "walker" if g == "open" else g, c, "opening" if g == "open" else "spawn")
            for i, (g, c) in enumerate(cards)]
    on_board = {t: min(POOLS[t], u) for t, u in zip(TYPES, used)}
    disc = [c.number for c in deck[:min(ndisc, len(deck))]]
    res = spawn_step(deck, level, zones, discarded=disc, on_board=on_board, pools=POOLS)
    assert res.joint.probs() == brute(deck, level, zones, room_of(on_board), disc)
