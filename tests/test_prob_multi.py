"""Several Actions on one Zone: P(clear within k Actions) with Reload (P. 28) and the re-roll card,
against a naive recursion over every face of every roll."""
from __future__ import annotations

import itertools
from fractions import Fraction
from functools import lru_cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nollab.prob import AttackSpec, p_clear_within
from nollab.prob.multi import clear_curve

from test_prob_naive import naive_assign, naive_hits


def naive_multi(action, dice, accuracy, damage, target, actions, reload=False, reroll="never", k=0):
    """Enumerate faces; each Action fires (when loaded) or reloads; re-roll decisions look ahead."""
    types = tuple(target)
    free = action == "melee"

    @lru_cache(maxsize=None)
    def v(zone, left, loaded):
        if sum(zone) == 0:
            return Fraction(1)
        if left == 0:
            return Fraction(0)
        if not loaded:
            return v(zone, left - 1, True)
        rolls = list(itertools.product(range(1, 7), repeat=dice))
        conts = []
        for r in rolls:
            kills = naive_assign(dict(zip(types, zone)), naive_hits(r, accuracy, 0), damage, free, "clear")
            nxt = tuple(c - kills[t] for t, c in zip(types, zone))
            conts.append((naive_hits(r, accuracy, 0), v(nxt, left - 1, not reload)))
        fresh = sum(c for _, c in conts) / len(rolls)
        total = Fraction(0)
        for h, c in conts:
            if reroll == "never":
                total += c
            elif reroll == "optimal":
                total += max(c, fresh)
            elif reroll == "always":
                total += fresh
            else:
                total += c if h >= k else fresh
        return total / len(rolls)

    return v(tuple(target[t] for t in types), actions, True)


def test_reload_spends_every_other_action_p28():
    """A Sawed-Off (Reload) fires on Actions 1 and 3 of 3; 2 Actions give only one shot."""
    spec = AttackSpec(action="ranged", dice=2, accuracy=3, damage=1, reload=True, target={"walker": 3})
    one_shot = p_clear_within(spec, 1)
    assert p_clear_within(spec, 2) == one_shot == 0  # 2 dice cannot kill 3 Walkers in one shot
    assert p_clear_within(spec, 3) == naive_multi("ranged", 2, 3, 1, {"walker": 3}, 3, reload=True)
    no_reload = AttackSpec(action="ranged", dice=2, accuracy=3, damage=1, target={"walker": 3})
    assert p_clear_within(no_reload, 2) > p_clear_within(spec, 2)


@pytest.mark.parametrize("reroll", ["never", "always", "optimal", "if-fewer-than-k"])
def test_multi_with_reroll_equals_naive(reroll):
    target = {"fatty": 1, "walker": 2}
    spec = AttackSpec(action="ranged", dice=2, accuracy=4, damage=2, reload=True, reroll=reroll,
                      reroll_k=1 if reroll == "if-fewer-than-k" else None, target=target)
    for k in range(1, 5):
        assert p_clear_within(spec, k) == naive_multi("ranged", 2, 4, 2, target, k, True, reroll, 1)


def test_clear_curve_is_monotone_and_starts_at_one_action():
    spec = AttackSpec(action="melee", dice=1, accuracy=4, damage=1, target={"walker": 2})
    curve = clear_curve(spec, 4)
    assert curve[0] == 0 and curve == sorted(curve)
    assert curve[1] == Fraction(1, 4)


@settings(max_examples=25, deadline=None)
@given(action=st.sampled_from(["melee", "ranged"]), dice=st.integers(1, 2), acc=st.integers(2, 6),
       dmg=st.integers(1, 2), w=st.integers(0, 2), f=st.integers(0, 1), actions=st.integers(1, 3),
       reload=st.booleans(), reroll=st.sampled_from(["never", "optimal"]))
def test_hypothesis_multi_equals_naive(action, dice, acc, dmg, w, f, actions, reload, reroll):
    target = {"walker": w, "fatty": f}
    spec = AttackSpec(action=action, dice=dice, accuracy=acc, damage=dmg, reload=reload, reroll=reroll,
                      target=target)
    assert p_clear_within(spec, actions) == naive_multi(action, dice, acc, dmg, target, actions, reload, reroll)
