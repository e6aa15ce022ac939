"""Several Actions against one Zone: the chance to clear it within k Actions (P. 26-28).

Ghouls killed by an earlier Action are gone; the Dice of a Barbarian are recounted each time. A
weapon with the Reload trait "require[s] spending an Action to reload them between shots if you want
to fire multiple times in the same Game Round" (P. 28); it starts the round loaded. The re-roll card
(Plenty of Bullets/Shells) is not spent by use, so every shot may be re-rolled once.

Under ``reroll="optimal"`` the re-roll decision looks ahead: it maximises the chance to clear within
the Actions left (a finite-horizon dynamic programme, exact with Fractions). Other policies apply
their fixed rule to each roll.

API::

    p_clear_within(spec, actions) -> Fraction
    clear_curve(spec, actions) -> list[Fraction]       # [P(clear within 1), ..., within actions]
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from . import dice as _dice
from .attack import AttackSpec, outcome_of_hits

__all__ = ["p_clear_within", "clear_curve"]


def p_clear_within(spec: AttackSpec, actions: int) -> Fraction:
    """Exact probability that ``spec.target`` is empty after at most ``actions`` Actions."""
    if actions < 0:
        raise ValueError(f"actions must be >= 0, got {actions}")
    types = tuple(spec.target)
    start = tuple(spec.target[t] for t in types)
    if sum(start) == 0:
        return Fraction(1)
    if spec.molotov:
        return Fraction(1 if actions >= 1 else 0)

    @lru_cache(maxsize=None)
    def after(zone: tuple, h: int) -> tuple:
        ks = dict(outcome_of_hits(spec, dict(zip(types, zone)), h))
        return tuple(c - ks[t] for t, c in zip(types, zone))

    @lru_cache(maxsize=None)
    def value(zone: tuple, left: int, loaded: bool) -> Fraction:
        if sum(zone) == 0:
            return Fraction(1)
        if left == 0:
            return Fraction(0)
        if not loaded:
            return value(zone, left - 1, True)  # spend the Action to reload (P. 28)
        n = spec.dice_for(dict(zip(types, zone)))
        first = _dice.hits(n, spec.accuracy, spec.plus_roll)
        nxt_loaded = not spec.reload
        cont = {h: value(after(zone, h), left - 1, nxt_loaded) for h in first}
        fresh = first.expect(cont.__getitem__)
        if spec.reroll == "never":
            return fresh
        if spec.reroll == "optimal":
            keep = lambda h: cont[h] >= fresh  # noqa: E731
        else:
            keep = _dice.reroll_rule(spec.reroll, k=spec.reroll_k)
        total = Fraction(0)
        for h, w in first.items():
            total += Fraction(w, first.total) * (cont[h] if keep(h) else fresh)
        return total

    return value(start, actions, True)


def clear_curve(spec: AttackSpec, actions: int) -> list[Fraction]:
    """``[P(clear within 1 Action), ..., P(clear within actions)]``."""
    return [p_clear_within(spec, k) for k in range(1, actions + 1)]
