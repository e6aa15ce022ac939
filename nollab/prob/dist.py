"""The exact kernel: a finite distribution with integer weights.

Game-agnostic and dependency-free. Every odds query in nollab (NOTLD combat and
spawn, the other games' packs) builds a :class:`Dist` and reads fractions off it.

Why integer weights (as icepool's ``Die`` and dyce's ``H``): sums and products of
integers are exact and fast; a probability is only formed when asked for, as a
:class:`fractions.Fraction` (or a :class:`sympy.Rational` for display).
Weights are kept reduced by their gcd, so two equal distributions compare equal.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from math import gcd, lcm

TYPE_CHECKING = False  # the typing idiom without importing typing: annotations are postponed strings
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Dist"]


def _reduce(weights: dict) -> dict:
    g = 0
    for w in weights.values():
        g = gcd(g, w)
        if g == 1:
            return weights
    if g > 1:
        return {k: w // g for k, w in weights.items()}
    return weights


class Dist:
    """A probability distribution over hashable outcomes, with integer weights.

    >>> d6 = Dist.uniform(range(1, 7))
    >>> (d6.map(lambda x: x >= 4)).prob(True)
    Fraction(1, 2)
    """

    __slots__ = ("_w", "_total")

    def __init__(self, weights: Mapping[Hashable, int] | Iterable[tuple[Hashable, int]]):
        items = weights.items() if type(weights) is dict or isinstance(weights, Mapping) else weights
        w: dict = {}
        for k, v in items:
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"weight of {k!r} must be an int, got {type(v).__name__}")
            if v < 0:
                raise ValueError(f"weight of {k!r} is negative ({v})")
            if v:
                w[k] = w.get(k, 0) + v
        if not w:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        self._w = _reduce(w)
        self._total = sum(self._w.values())

    @classmethod
    def _of_valid(cls, w: dict) -> "Dist":
        """A Dist from weights already known valid (positive ints, not empty): merged weights of a Dist."""
        d = object.__new__(cls)
        d._w = _reduce(w)
        d._total = sum(d._w.values())
        return d

    # -- constructors -------------------------------------------------------
    @classmethod
    def certain(cls, outcome: Hashable) -> "Dist":
        """The distribution that always gives ``outcome``."""
        return cls({outcome: 1})

    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> "Dist":
        """Each listed outcome once (repeats add weight), e.g. a die's faces or a deck."""
        w: dict = {}
        for o in outcomes:
            w[o] = w.get(o, 0) + 1
        return cls(w)

    @classmethod
    def from_probs(cls, probs: Mapping[Hashable, Fraction | int]) -> "Dist":
        """From exact probabilities (Fractions summing to 1)."""
        fr = {k: Fraction(v) for k, v in probs.items()}
        if sum(fr.values()) != 1:
            raise ValueError(f"probabilities sum to {sum(fr.values())}, not 1")
        den = lcm(*(f.denominator for f in fr.values())) if fr else 1
        return cls({k: int(f * den) for k, f in fr.items()})

    @classmethod
    def mixture(cls, parts: Iterable[tuple[int | Fraction, "Dist"]]) -> "Dist":
        """Weighted mixture: with probability proportional to ``w`` draw from the Dist."""
        parts = [(Fraction(w), d) for w, d in parts if w]
        if not parts:
            raise ValueError("empty mixture")
        den = lcm(*(w.denominator for w, _ in parts))
        tot = lcm(*(d._total for _, d in parts))
        out: dict = {}
        for w, d in parts:
            scale = int(w * den) * (tot // d._total)
            for k, v in d._w.items():
                out[k] = out.get(k, 0) + v * scale
        return cls(out)

    # -- reading ------------------------------------------------------------
    @property
    def total(self) -> int:
        """Sum of the (reduced) weights: the common denominator of all probabilities."""
        return self._total

    def __iter__(self) -> Iterator[Hashable]:
        return iter(self._w)

    def __len__(self) -> int:
        return len(self._w)

    def __contains__(self, outcome: object) -> bool:
        return outcome in self._w

    def items(self) -> Iterator[tuple[Hashable, int]]:
        """``(outcome, weight)`` pairs; probabilities are weight / :attr:`total`."""
        return iter(self._w.items())

    def outcomes(self) -> list:
        return list(self._w)

    def weight(self, outcome: Hashable) -> int:
        return self._w.get(outcome, 0)

    def prob(self, outcome: Hashable) -> Fraction:
        """Exact probability of one outcome."""
        return Fraction(self._w.get(outcome, 0), self._total)

    def probs(self) -> dict[Hashable, Fraction]:
        return {k: Fraction(v, self._total) for k, v in self._w.items()}

    def p(self, predicate: Callable[[Any], bool]) -> Fraction:
        """Probability that ``predicate(outcome)`` holds."""
        return Fraction(sum(v for k, v in self._w.items() if predicate(k)), self._total)

    def expect(self, f: Callable[[Any], Any] | None = None) -> Fraction:
        """Exact expectation of ``f(outcome)`` (of the outcome itself by default)."""
        f = f or (lambda x: x)
        vals = [(v, f(k)) for k, v in self._w.items()]
        if all(type(x) is int for _, x in vals):  # integer values (kills, hits): one Fraction, not one per outcome
            return Fraction(sum(v * x for v, x in vals), self._total)
        return Fraction(sum(v * Fraction(x) for v, x in vals), self._total)

    def mean(self) -> Fraction:
        return self.expect()

    def variance(self) -> Fraction:
        m = self.mean()
        return self.expect(lambda x: (x - m) ** 2)

    def support_sorted(self) -> list:
        try:
            return sorted(self._w)
        except TypeError:
            return sorted(self._w, key=repr)

    # -- transforming ---------------------------------------------------------
    def map(self, f: Callable[[Any], Hashable]) -> "Dist":
        """Distribution of ``f(outcome)``."""
        out: dict = {}
        for k, v in self._w.items():
            y = f(k)
            out[y] = out.get(y, 0) + v
        return Dist._of_valid(out)  # sums of positive ints: no need to check them again

    def bind(self, f: Callable[[Any], "Dist"]) -> "Dist":
        """Two-stage experiment: draw ``x``, then draw from ``f(x)`` (a Markov step)."""
        children = [(k, v, f(k)) for k, v in self._w.items()]
        tot = lcm(*(c._total for _, _, c in children))
        out: dict = {}
        for _, v, c in children:
            scale = v * (tot // c._total)
            for y, cv in c._w.items():
                out[y] = out.get(y, 0) + cv * scale
        return Dist(out)

    def combine(self, other: "Dist", op: Callable[[Any, Any], Hashable]) -> "Dist":
        """Independent product, folded with ``op`` (e.g. ``operator.add``)."""
        out: dict = {}
        for a, va in self._w.items():
            for b, vb in other._w.items():
                y = op(a, b)
                out[y] = out.get(y, 0) + va * vb
        return Dist(out)

    def __add__(self, other: "Dist | int") -> "Dist":
        if isinstance(other, Dist):
            return self.combine(other, lambda a, b: a + b)
        return self.map(lambda a: a + other)

    def repeat_sum(self, n: int) -> "Dist":
        """Sum of ``n`` independent copies (n >= 0), by repeated squaring."""
        if n < 0:
            raise ValueError("n must be >= 0")
        result = Dist.certain(0)
        base = self
        while n:
            if n & 1:
                result = result + base
            n >>= 1
            if n:
                base = base + base
        return result

    def condition(self, predicate: Callable[[Any], bool]) -> "Dist":
        """The distribution given that ``predicate`` holds."""
        kept = {k: v for k, v in self._w.items() if predicate(k)}
        if not kept:
            raise ValueError("conditioning on an event of probability 0")
        return Dist(kept)

    # -- comparing and showing ----------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._w == other._w

    def __hash__(self) -> int:
        return hash(frozenset(self._w.items()))

    def __repr__(self) -> str:
        body = ", ".join(f"{k!r}: {v}/{self._total}" for k, v in list(self._w.items())[:8])
        more = ", ..." if len(self._w) > 8 else ""
        return f"Dist({{{body}{more}}})"

    def to_sympy(self) -> dict:
        """``{outcome: sympy.Rational}`` for display (sympy imported lazily)."""
        import sympy

        return {k: sympy.Rational(v, self._total) for k, v in self._w.items()}

    def to_json(self, key: Callable[[Any], str] = str) -> dict[str, str]:
        """``{key(outcome): "p/q"}`` in lowest terms, the CLI's JSON convention."""
        out: dict[str, str] = {}
        for k in self.support_sorted():
            f = Fraction(self._w[k], self._total)
            out[key(k)] = f"{f.numerator}/{f.denominator}"
        return out
