"""The exact kernel nollab.prob.dist.Dist, checked against brute force and icepool."""
from __future__ import annotations

import itertools
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nollab.prob.dist import Dist

D6 = Dist.uniform(range(1, 7))


def brute_sum(n: int) -> dict[int, Fraction]:
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=n):
        counts[sum(faces)] = counts.get(sum(faces), 0) + 1
    return {k: Fraction(v, 6**n) for k, v in counts.items()}


@pytest.mark.parametrize("n", [0, 1, 2, 3, 5])
def test_repeat_sum_matches_enumeration(n):
    got = D6.repeat_sum(n).probs()
    assert got == (brute_sum(n) if n else {0: Fraction(1)})


@pytest.mark.parametrize("n", [1, 4, 9])
def test_repeat_sum_matches_icepool(n):
    die = n @ icepool.d6
    expected = {o: Fraction(q, die.denominator()) for o, q in die.items()}
    assert D6.repeat_sum(n).probs() == expected


def test_weights_reduced_and_equal():
    assert Dist({"a": 2, "b": 4}) == Dist({"a": 1, "b": 2})
    assert Dist({"a": 2, "b": 4}).total == 3


def test_bind_is_a_two_stage_experiment():
    # roll a d6, then roll that many coins: P(0 heads) = sum_k 1/6 * 2^-k
    d = D6.bind(lambda k: Dist.uniform([0, 1]).repeat_sum(k))
    assert d.prob(0) == sum(Fraction(1, 6) * Fraction(1, 2**k) for k in range(1, 7))
    assert sum(d.probs().values()) == 1


def test_mixture_and_from_probs():
    m = Dist.mixture([(1, Dist.certain("x")), (3, Dist.uniform("yz"))])
    assert m.probs() == {"x": Fraction(1, 4), "y": Fraction(3, 8), "z": Fraction(3, 8)}
    assert Dist.from_probs(m.probs()) == m
    with pytest.raises(ValueError, match="sum to"):
        Dist.from_probs({"a": Fraction(1, 2)})


def test_bad_weights_are_refused():
    with pytest.raises(ValueError, match="negative"):
        Dist({"a": -1})
    with pytest.raises(TypeError, match="must be an int"):
        Dist({"a": 0.5})
    with pytest.raises(ValueError, match="at least one outcome"):
        Dist({"a": 0})


def test_json_is_lowest_terms_and_sums_to_one():
    js = D6.map(lambda x: x >= 5).to_json()
    assert js == {"False": "2/3", "True": "1/3"}
    assert sum(Fraction(v) for v in D6.repeat_sum(3).to_json().values()) == 1


def test_to_sympy_and_expectation():
    import sympy

    assert D6.to_sympy()[3] == sympy.Rational(1, 6)
    assert D6.mean() == Fraction(7, 2)
    assert D6.variance() == Fraction(35, 12)
    assert D6.condition(lambda x: x > 4).probs() == {5: Fraction(1, 2), 6: Fraction(1, 2)}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=1, max_value=6), min_size=1, max_size=4),
       st.integers(min_value=2, max_value=6))
def test_hits_of_a_pool_match_enumeration(accs, threshold):
    """Hits of mixed dice (each die its own accuracy) through combine == itertools.product."""
    pool = Dist.certain(0)
    for a in accs:
        pool = pool + D6.map(lambda x, a=a: int(x >= a))
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=len(accs)):
        h = sum(f >= a for f, a in zip(faces, accs))
        counts[h] = counts.get(h, 0) + 1
    assert pool.probs() == {k: Fraction(v, 6 ** len(accs)) for k, v in counts.items()}
    assert pool.p(lambda h: h >= 1) == 1 - Fraction(
        sum(1 for faces in itertools.product(range(1, 7), repeat=len(accs))
            if all(f < a for f, a in zip(faces, accs))), 6 ** len(accs))
