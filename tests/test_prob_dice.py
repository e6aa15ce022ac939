"""d6 pools and the whole-roll re-roll (P. 26, P. 46, Plenty of Bullets/Shells), against brute force
over every face and against icepool 2.1.3."""
from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nollab.prob import dice

from test_prob_naive import naive_hits


def brute_hits(n, acc, plus):
    rolls = list(itertools.product(range(1, 7), repeat=n))
    out: dict = {}
    for r in rolls:
        h = naive_hits(r, acc, plus)
        out[h] = out.get(h, 0) + Fraction(1, len(rolls))
    return out


def icepool_hits(n, acc, plus):
    hit = icepool.d6.map(lambda x: 1 if min(x + plus, 6) >= acc else 0)
    die = n @ hit if n else icepool.Die([0])
    return {o: Fraction(q, die.denominator()) for o, q in die.items()}


@pytest.mark.parametrize("acc", range(2, 7))
@pytest.mark.parametrize("plus", [0, 1])
@pytest.mark.parametrize("n", range(0, 5))
def test_hits_equal_brute_force_and_icepool(n, acc, plus):
    """P. 26: a die that equals or exceeds the Accuracy is a hit; P. 46: +1 to dice roll, max 6."""
    got = dice.hits(n, acc, plus).probs()
    assert got == brute_hits(n, acc, plus)
    assert got == icepool_hits(n, acc, plus)


@pytest.mark.parametrize("n", [6, 10, 20])
def test_large_pools_equal_icepool(n):
    for acc in range(2, 7):
        assert dice.hits(n, acc, 1).probs() == icepool_hits(n, acc, 1)


def test_uzi_dual_rolls_six_dice_at_5_plus():
    """P. 26 example: two Uzis (3 dice each, 5+) roll 6 dice in one Action."""
    d = dice.hits(6, 5)
    assert d.prob(0) == Fraction(4**6, 6**6)
    assert d.p(lambda h: h >= 1) == 1 - Fraction(2, 3) ** 6


def test_bad_accuracy_and_negative_dice_are_refused():
    with pytest.raises(ValueError, match="accuracy"):
        dice.hits(2, 7)
    with pytest.raises(ValueError, match="dice"):
        dice.hits(-1, 4)


def brute_reroll(n, acc, keep):
    """Two rolls of every face: keep the first when keep(h), else the second stands."""
    rolls = list(itertools.product(range(1, 7), repeat=n))
    p = Fraction(1, len(rolls))
    out: dict = {}
    for r in rolls:
        h = naive_hits(r, acc, 0)
        if keep(h):
            out[h] = out.get(h, 0) + p
        else:
            for r2 in rolls:
                h2 = naive_hits(r2, acc, 0)
                out[h2] = out.get(h2, 0) + p * p
    return out


@pytest.mark.parametrize("policy,k", [("never", None), ("always", None), ("if-fewer-than-k", 2)])
@pytest.mark.parametrize("n,acc", [(1, 4), (2, 3), (3, 5)])
def test_reroll_policies_equal_brute_force_and_icepool(policy, k, n, acc):
    """Plenty of Bullets/Shells: re-roll once, the new result replaces the previous one."""
    first = dice.hits(n, acc)
    keep = dice.reroll_rule(policy, k=k)
    got = dice.reroll(first, None, keep).probs()
    assert got == brute_reroll(n, acc, keep)
    ip = icepool_reroll(icepool_hits_die(n, acc), lambda h: not keep(h))
    assert got == {o: Fraction(q, ip.denominator()) for o, q in ip.items()}


def icepool_hits_die(n, acc):
    return n @ icepool.d6.map(lambda x: 1 if x >= acc else 0)


def icepool_reroll(die, which):
    """icepool's ``reroll(depth=1)``; when every outcome is re-rolled the result is the die itself
    (icepool 2.1.3 divides by zero in that case)."""
    if all(which(o) for o in die.outcomes()):
        return die
    return die.reroll(which, depth=1)


def test_optimal_reroll_keeps_when_the_roll_beats_a_fresh_one():
    """Goal: at least 2 hits with 3 dice at 4+: keep 2 or 3 hits, re-roll 0 or 1."""
    first = dice.hits(3, 4)
    value = {h: int(h >= 2) for h in first}
    keep = dice.reroll_rule("optimal", value, again=first)
    assert [keep(h) for h in range(4)] == [False, False, True, True]
    got = dice.reroll(first, None, keep)
    assert got.p(lambda h: h >= 2) == Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 2)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(0, 3), acc=st.integers(2, 6), plus=st.integers(0, 2))
def test_hypothesis_hits_equal_brute_force(n, acc, plus):
    assert dice.hits(n, acc, plus).probs() == brute_hits(n, acc, plus)


@settings(max_examples=30, deadline=None)
@given(n=st.integers(1, 3), acc=st.integers(2, 6), k=st.integers(0, 4))
def test_hypothesis_if_fewer_than_k_equals_icepool(n, acc, k):
    keep = dice.reroll_rule("if-fewer-than-k", k=k)
    got = dice.reroll(dice.hits(n, acc), None, keep).probs()
    ip = icepool_reroll(icepool_hits_die(n, acc), lambda h: h < k)
    assert got == {o: Fraction(q, ip.denominator()) for o, q in ip.items()}
