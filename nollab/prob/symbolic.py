"""Closed forms in the number of dice ``n`` as sympy expressions (display only; sympy imported lazily).

The engine never uses sympy (and never ``sympy.stats``): these formulas are the textbook binomial
results, and the tests check them against the exact engine for many ``n``.

API::

    p_at_least_one(accuracy, plus_roll=0, n=None) -> sympy.Expr      # 1 - ((6 - s)/6)**n
    expected_hits(accuracy, plus_roll=0, n=None) -> sympy.Expr       # n*s/6
    p_clear_single(count, accuracy, damage=1, min_damage=1, plus_roll=0, n=None) -> sympy.Expr
        # P(Binomial(n, s/6) >= count) = 1 - sum_{k<count} C(n,k) (s/6)^k ((6-s)/6)^(n-k); 0 if damage < min_damage
    symbol() -> sympy.Symbol n (nonnegative integer)

``s`` is the number of faces that hit (:func:`nollab.prob.dice.hit_faces`).
"""
from __future__ import annotations

from .dice import hit_faces

__all__ = ["symbol", "p_at_least_one", "expected_hits", "p_clear_single"]


def symbol():
    import sympy

    return sympy.Symbol("n", integer=True, nonnegative=True)


def p_at_least_one(accuracy: int, plus_roll: int = 0, n=None):
    """P(at least one hit) with ``n`` dice: ``1 - ((6 - s)/6)**n``."""
    import sympy

    n = symbol() if n is None else n
    s = hit_faces(accuracy, plus_roll)
    return 1 - sympy.Rational(6 - s, 6) ** n


def expected_hits(accuracy: int, plus_roll: int = 0, n=None):
    """Expected hits with ``n`` dice: ``n * s / 6``."""
    import sympy

    n = symbol() if n is None else n
    return n * sympy.Rational(hit_faces(accuracy, plus_roll), 6)


def p_clear_single(count: int, accuracy: int, damage: int = 1, min_damage: int = 1, plus_roll: int = 0, n=None):
    """P(clear) of a Zone holding ``count`` Ghouls of one type: at least ``count`` hits that can kill.

    Holds for Melee, Ranged and Car alike when the Zone has a single type (no shielding, no choice).
    """
    import sympy

    n = symbol() if n is None else n
    if count <= 0:
        return sympy.Integer(1)
    if damage < min_damage:
        return sympy.Integer(0)
    s = hit_faces(accuracy, plus_roll)
    p, q = sympy.Rational(s, 6), sympy.Rational(6 - s, 6)
    return sympy.simplify(1 - sum(sympy.binomial(n, k) * p**k * q ** (n - k) for k in range(count)))
