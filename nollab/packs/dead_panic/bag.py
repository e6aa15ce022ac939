"""The Dead Panic Zombie bag: draws without replacement and d6 arc placement (pp. 2, 6).

Set Up 4-5: all 24 Zombie tokens go in the bag, 6 are drawn and placed one per arc, then
the 3 Survivor tokens are added. Each Event draws tokens from the bag; "If the Zombie bag
is empty and additional Zombies need to be drawn, place all discarded Zombies back into
the bag" (p. 6). "Always place Zombies in the Woods ring by rolling the die to determine
the arc" (p. 6) -- one roll per token (see docs/rulings.md).

A bag is a mapping ``kind -> count``; kinds are Zombie type ids plus ``"survivor"``.
A draw outcome is a tuple of ``(kind, count)`` pairs (positive counts, bag order), so it
is hashable; :func:`count` reads one kind from it.
"""
from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Iterable, Mapping

from nollab.prob.dist import Dist
from nollab.packs.dead_panic.content import DeadPanicContent, load

__all__ = [
    "SURVIVOR", "count", "draw", "setup_bags", "first_event_bags", "event_draw",
    "p_survivor", "arrivals", "arc_hits",
]

SURVIVOR = "survivor"
Drawn = tuple[tuple[str, int], ...]


def count(outcome: Drawn, kind: str) -> int:
    """How many tokens of ``kind`` a draw outcome holds."""
    return dict(outcome).get(kind, 0)


def _compositions(counts: list[int], n: int) -> Iterable[tuple[int, ...]]:
    if not counts:
        if n == 0:
            yield ()
        return
    rest_cap = sum(counts[1:])
    for k in range(max(0, n - rest_cap), min(counts[0], n) + 1):
        for tail in _compositions(counts[1:], n - k):
            yield (k,) + tail


def _hyper(bag: Mapping[str, int], n: int) -> Dist:
    kinds = [k for k, c in bag.items() if c > 0]
    counts = [bag[k] for k in kinds]
    out: dict = {}
    for comp in _compositions(counts, n):
        w = 1
        for c, k in zip(counts, comp):
            w *= comb(c, k)
        out[tuple((kd, k) for kd, k in zip(kinds, comp) if k)] = w
    return Dist(out)


def _check_bag(bag: Mapping[str, int], what: str = "bag") -> None:
    for k, c in bag.items():
        if not isinstance(c, int) or isinstance(c, bool) or c < 0:
            raise ValueError(f"{what}: count of {k!r} must be a non-negative integer, got {c!r}")


def draw(bag: Mapping[str, int], n: int, discard: Mapping[str, int] | None = None) -> Dist:
    """Distribution of the multiset of ``n`` tokens drawn without replacement.

    If the bag holds fewer than ``n`` tokens, all of them are drawn, the ``discard``
    pile (killed Zombies) goes back in, and the rest are drawn from it (p. 6).
    """
    _check_bag(bag)
    if n < 0:
        raise ValueError(f"cannot draw {n} tokens")
    size = sum(bag.values())
    if n <= size:
        return _hyper(bag, n)
    discard = dict(discard or {})
    _check_bag(discard, "discard")
    if n - size > sum(discard.values()):
        raise ValueError(f"cannot draw {n} tokens: bag has {size} and the discard pile "
                         f"{sum(discard.values())}")
    first = tuple((k, c) for k, c in bag.items() if c)

    def merge(second: Drawn) -> Drawn:
        tot = dict(first)
        for k, c in second:
            tot[k] = tot.get(k, 0) + c
        order = list(bag) + [k for k in discard if k not in bag]
        return tuple((k, tot[k]) for k in order if tot.get(k))

    return _hyper(discard, n - size).map(merge)


def setup_bags(content: DeadPanicContent | None = None) -> Dist:
    """The bag after Set Up 4-5: the box minus the 6 drawn Zombies, plus the Survivors.

    Outcomes are bags as ``(kind, count)`` tuples (zero counts kept, box order).
    """
    c = content or load()
    box = c.full_bag()

    def after(drawn: Drawn) -> Drawn:
        left = dict(box)
        for k, n in drawn:
            left[k] -= n
        left[SURVIVOR] = c.survivors
        return tuple(left.items())

    return draw(box, c.setup_draw).map(after)


def first_event_bags(content: DeadPanicContent | None = None) -> Dist:
    """Alias of :func:`setup_bags`: the bag the first Event card draws from."""
    return setup_bags(content)


def event_draw(n: int, bag: Mapping[str, int] | None = None,
               content: DeadPanicContent | None = None) -> Dist:
    """Tokens drawn by one Event card drawing ``n``: from ``bag`` if given, otherwise
    from the unknown bag right after setup.

    For the unknown bag the mixture over the 6 setup Zombies is not enumerated: the
    Zombies among the ``n`` tokens are a uniformly random subset of the box's Zombies
    (a random subset of the random 18 left is a random subset of all 24), so the draw is
    "how many Survivors" (hypergeometric on 18 + 3) then "which Zombies" (hypergeometric
    on the box). :func:`setup_bags` gives the same answer by brute force.
    """
    if bag is not None:
        return draw(bag, n)
    c = content or load()
    box = c.full_bag()
    left = sum(box.values()) - c.setup_draw
    split = draw({"zombie": left, SURVIVOR: c.survivors}, n)

    def which(o: Drawn) -> Dist:
        k, s = count(o, "zombie"), count(o, SURVIVOR)
        return draw(box, k).map(lambda d: d + (((SURVIVOR, s),) if s else ()))

    return split.bind(which)


def p_survivor(n: int, bag: Mapping[str, int] | None = None,
               content: DeadPanicContent | None = None) -> Fraction:
    """P(at least one Survivor token among the ``n`` drawn)."""
    return event_draw(n, bag, content).p(lambda o: count(o, SURVIVOR) > 0)


def _binomial(n: int, hit: int, of: int) -> Dist:
    one = Dist({1: hit, 0: of - hit})
    return one.repeat_sum(n)


def _check_window(window: int, arcs: int) -> None:
    if not 0 <= window <= arcs:
        raise ValueError(f"the window must cover 0..{arcs} arcs, got {window}")


def arrivals(n: int, window: int = 1, bag: Mapping[str, int] | None = None,
             content: DeadPanicContent | None = None) -> Dist:
    """Tokens of each kind that land in a set of ``window`` arcs when ``n`` are drawn.

    Each token gets its own arc roll (1 die, one arc per face). ``window=1``: one arc;
    ``window=3``: an arc and its two neighbours -- what a Zombie there can see (p. 6).
    Outcome: ``(kind, count)`` tuple of the tokens landing in the window.
    """
    c = content or load()
    _check_window(window, c.arcs)

    def thin(drawn: Drawn) -> Dist:
        result = Dist.certain(())
        for kind, k in drawn:
            part = _binomial(k, window, c.arcs).map(lambda m, kind=kind: ((kind, m),) if m else ())
            result = result.combine(part, lambda a, b: a + b)
        return result

    return event_draw(n, bag, c).bind(thin)


def arc_hits(k: int, window: int = 1, arcs: int = 6) -> Dist:
    """Number of ``k`` independently rolled tokens that land in ``window`` of ``arcs`` arcs."""
    _check_window(window, arcs)
    return _binomial(k, window, arcs)
