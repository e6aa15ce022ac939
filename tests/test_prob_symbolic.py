"""Sympy closed forms in the number of dice n, checked against brute force / icepool for many n."""
from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
import sympy

from nollab.prob import AttackSpec, Dist, attack
from nollab.prob.symbolic import expected_hits, p_at_least_one, p_clear_single, symbol

from test_prob_dice import brute_hits


def as_fraction(expr) -> Fraction:
    r = sympy.nsimplify(expr)
    assert r.is_Rational
    return Fraction(int(r.p), int(r.q))


@pytest.mark.parametrize("acc,plus", [(2, 0), (4, 0), (5, 1), (6, 0), (6, 1)])
def test_closed_forms_match_enumeration(acc, plus):
    n = symbol()
    p1, eh = p_at_least_one(acc, plus), expected_hits(acc, plus)
    for k in range(0, 5):
        brute = brute_hits(k, acc, plus)
        assert as_fraction(p1.subs(n, k)) == 1 - brute.get(0, 0)
        assert as_fraction(eh.subs(n, k)) == sum(h * p for h, p in brute.items())


@pytest.mark.parametrize("count,acc,dmg,mind", [(1, 4, 1, 1), (2, 3, 1, 1), (3, 5, 2, 2), (2, 4, 1, 2)])
def test_p_clear_single_type_matches_icepool(count, acc, dmg, mind):
    expr = p_clear_single(count, acc, dmg, mind)
    n = symbol()
    for k in range(0, 9):
        die = k @ icepool.d6.map(lambda x: 1 if x >= acc else 0) if k else icepool.Die([0])
        want = Fraction(0) if dmg < mind else Fraction(sum(q for o, q in die.items() if o >= count), die.denominator())
        assert as_fraction(expr.subs(n, k)) == want


def test_p_clear_single_agrees_with_the_engine_on_a_walker_zone():
    expr = p_clear_single(3, 5)
    for k in range(1, 8):
        r = attack(AttackSpec(action="ranged", dice=k, accuracy=5, damage=1, target={"walker": 3}))
        assert as_fraction(expr.subs(symbol(), k)) == r.p_clear


def test_dist_to_sympy_gives_rationals():
    d = Dist({0: 1, 1: 2})
    assert d.to_sympy() == {0: sympy.Rational(1, 3), 1: sympy.Rational(2, 3)}
