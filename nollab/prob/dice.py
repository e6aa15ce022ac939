"""d6 pools: hits at an Accuracy, "+1 to dice roll", and the whole-roll re-roll (P. 12-13, 26, 46).

Every function returns an exact :class:`~nollab.prob.dist.Dist` over the number of hits,
built from integer binomial weights ``C(n, k) * s**k * (6 - s)**(n - k)`` (total ``6**n``):
no enumeration of faces, so 20 dice cost the same as 2.

API::

    hit_faces(accuracy, plus_roll=0) -> int          # faces (of 6) that score a hit
    hits(n, accuracy, plus_roll=0) -> Dist           # hits of n dice
    reroll(first, again, keep) -> Dist               # whole-roll re-roll (Plenty of Bullets/Shells)
    reroll_rule(policy, value=None, k=None, again=None) -> keep(h) predicate

Rules used:
- "Each die that equals or exceeds the Accuracy value of the weapon scores a successful hit" (P. 26).
- "+1 to dice roll: The Survivor adds 1 to the result of each die ... The maximum result is always 6"
  (P. 46): face ``f`` reads ``min(f + 1, 6)``; with Accuracy <= 6 that is a hit iff ``f >= A - 1``.
- Plenty of Bullets / Shells: "You may re-roll once all attacks made with [Bullets] weapons. The new
  result replaces the previous one." (card text, FR l.118-130): the whole roll, once, and the second
  roll stands.
"""
from __future__ import annotations

from functools import lru_cache
from math import comb
from collections.abc import Callable, Mapping

from .dist import Dist

__all__ = ["hit_faces", "hits", "reroll", "reroll_rule", "REROLL_POLICIES"]

REROLL_POLICIES = ("never", "always", "if-fewer-than-k", "optimal")


def hit_faces(accuracy: int, plus_roll: int = 0) -> int:
    """Number of d6 faces that score a hit at ``accuracy``+ when ``plus_roll`` is added (max result 6)."""
    if not 1 <= accuracy <= 6:
        raise ValueError(f"accuracy must be 1..6, got {accuracy}")
    if plus_roll < 0:
        raise ValueError(f"plus_roll must be >= 0, got {plus_roll}")
    # a face f reads min(f + plus_roll, 6) >= accuracy  <=>  f >= accuracy - plus_roll (accuracy <= 6)
    threshold = max(accuracy - plus_roll, 1)
    return 7 - threshold


@lru_cache(maxsize=4096)
def _hits(n: int, s: int) -> Dist:
    f = 6 - s
    return Dist({k: comb(n, k) * s**k * f ** (n - k) for k in range(n + 1)})


def hits(n: int, accuracy: int, plus_roll: int = 0) -> Dist:
    """Distribution of the number of hits of ``n`` d6 at ``accuracy``+ (exact, binomial weights)."""
    if n < 0:
        raise ValueError(f"number of dice must be >= 0, got {n}")
    return _hits(n, hit_faces(accuracy, plus_roll))


def reroll(first: Dist, again: Dist | None, keep: Callable[[int], bool]) -> Dist:
    """Outcome of one roll with one optional whole re-roll: keep ``h`` if ``keep(h)``, else roll ``again``.

    ``again`` defaults to ``first`` (the same pool rolled again). The re-rolled result replaces the
    first one, whatever it is.
    """
    again = first if again is None else again
    out: dict[int, int] = {}
    t = again.total
    kept_weight = 0
    for h, w in first.items():
        if keep(h):
            out[h] = out.get(h, 0) + w * t
        else:
            kept_weight += w
    if kept_weight:
        for h2, w2 in again.items():
            out[h2] = out.get(h2, 0) + kept_weight * w2
    return Dist(out)


def reroll_rule(
    policy: str,
    value: Mapping[int, object] | Callable[[int], object] | None = None,
    k: int | None = None,
    again: Dist | None = None,
) -> Callable[[int], bool]:
    """The ``keep(h)`` predicate of a named re-roll policy.

    - ``never``: always keep; ``always``: always re-roll;
    - ``if-fewer-than-k``: re-roll when fewer than ``k`` hits;
    - ``optimal``: re-roll exactly when the expected ``value`` of a fresh roll ``again`` is strictly
      greater than ``value(h)`` of the roll in hand (a tie keeps). ``value`` maps hits to a number
      (a probability of the goal, or expected kills), so "optimal" maximises the expected goal.
    """
    if policy == "never":
        return lambda h: True
    if policy == "always":
        return lambda h: False
    if policy == "if-fewer-than-k":
        if k is None or k < 0:
            raise ValueError("policy if-fewer-than-k needs k >= 0")
        return lambda h: h >= k
    if policy == "optimal":
        if value is None or again is None:
            raise ValueError("policy optimal needs a value function and the re-roll distribution")
        v = value if callable(value) else value.__getitem__
        expected = again.expect(v)
        return lambda h: v(h) >= expected
    raise ValueError(f"unknown re-roll policy {policy!r} ({', '.join(REROLL_POLICIES)})")
