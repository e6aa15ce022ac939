"""Naive oracles for the odds tests: enumerate every die face and every card order, re-implementing the
rules (P. 24-29, 46) one hit / one card at a time, without the engine's binomial weights or DP.

The other ``test_prob*`` files import these. The tests in this file check the oracles themselves on
hand-computed cases, so a wrong oracle cannot silently agree with a wrong engine.
"""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

PRIORITY = {"fatty": 1, "walker": 2, "breaker": 2, "relative": 2}
MIN_DAMAGE = {"fatty": 2, "walker": 1, "breaker": 1, "relative": 1}
PREFERENCE = ["relative", "fatty", "breaker", "walker"]


def naive_preference(goal: str) -> list[str]:
    pref = list(PREFERENCE)
    if goal.startswith("kill:"):
        t = goal[5:]
        pref.remove(t)
        pref.insert(0, t)
    return pref


def naive_hits(faces, accuracy, plus_roll):
    return sum(1 for f in faces if min(f + plus_roll, 6) >= accuracy)


def naive_assign(target: dict, h: int, damage: int, free: bool, goal: str) -> dict:
    """Assign hits one by one to individual Ghoul miniatures (P. 26-28)."""
    pref = naive_preference(goal)
    alive = [t for t in target for _ in range(target[t])]
    kills = {t: 0 for t in target}
    for _ in range(h):
        if not alive:
            break
        if free:
            pool = [g for g in alive if MIN_DAMAGE[g] <= damage]
        else:
            top = min(PRIORITY[g] for g in alive)
            pool = [g for g in alive if PRIORITY[g] == top and MIN_DAMAGE[g] <= damage]
        if not pool:
            continue  # the hit lands on something it cannot hurt
        pool.sort(key=pref.index)
        alive.remove(pool[0])
        kills[pool[0]] += 1
    return kills


def naive_value(target, kills, goal):
    if goal == "expected":
        return sum(kills.values())
    if goal.startswith("kill:"):
        t = goal[5:]
        return int(kills.get(t, 0) >= target.get(t, 0))
    return int(all(kills[t] >= target[t] for t in target))


def naive_attack(action, dice, accuracy, damage, target, *, dual=False, plus_dice=0, plus_roll=0,
                 barbarian=False, sniper=False, friends=0, goal="clear", reroll="never", reroll_k=0):
    """Every face of every die (and of the re-roll): distributions of hits, kills, wounds; P(clear)."""
    weapons = 2 if dual else 1
    base = max(dice, sum(target.values())) if (barbarian and action == "melee") else dice
    n = weapons * (base + plus_dice)
    free = action == "melee" or (action == "ranged" and sniper)
    ff = (action == "car" or (action == "ranged" and not sniper)) and friends > 0

    def outcome(faces):
        h = naive_hits(faces, accuracy, plus_roll)
        return h, naive_assign(target, h, damage, free, goal)

    rolls = list(itertools.product(range(1, 7), repeat=n))
    p1 = Fraction(1, len(rolls))
    outs = [outcome(r) for r in rolls]  # every face of every die, once
    fresh = sum((naive_value(target, k, goal) for _, k in outs), Fraction(0)) * p1
    results: dict = {"hits": {}, "kills": {}, "wounds": {}}

    def add(h, k, p):
        key = tuple((t, k[t]) for t in target)
        for name, o in (("hits", h), ("kills", key), ("wounds", (n - h) * damage if ff else 0)):
            results[name][o] = results[name].get(o, 0) + p

    rerolled = Fraction(0)
    for h, k in outs:
        if reroll == "never":
            keep = True
        elif reroll == "always":
            keep = False
        elif reroll == "if-fewer-than-k":
            keep = h >= reroll_k
        else:
            keep = naive_value(target, k, goal) >= fresh
        if keep:
            add(h, k, p1)
        else:
            rerolled += p1
    if rerolled:  # the second roll: every face again, weighted by the chance of re-rolling
        for h, k in outs:
            add(h, k, rerolled * p1)
    results["p_clear"] = sum((p for key, p in results["kills"].items()
                              if all(c >= target[t] for t, c in key)), Fraction(0))
    results["n"] = n
    return results


def naive_spawn(deck, level, zones, discarded=()):
    """Every order of the cards (P. 24): one card per zone, reshuffle the whole deck when it runs out.
    Returns {(totals by type as sorted tuple, openings): Fraction}."""
    lv = ["blue", "yellow", "orange", "red"].index(level)
    live = [c for c in deck if c.number not in set(discarded)] or list(deck)
    out: dict = {}
    passes = [(live, min(zones, len(live)))]  # each reshuffle draws from the whole deck again
    rest = zones - passes[0][1]
    while rest > 0:
        passes.append((list(deck), min(rest, len(deck))))
        rest -= passes[-1][1]
    per_pass = [list(itertools.permutations(cards, k)) for cards, k in passes]
    weight = Fraction(1, math.prod(len(p) for p in per_pass))
    for combo in itertools.product(*per_pass):
        tot: dict = {}
        opened = 0
        for c in itertools.chain.from_iterable(combo):
            if c.kind == "opening":
                opened += lv > 0
            elif c.counts[lv]:
                tot[c.ghoul] = tot.get(c.ghoul, 0) + c.counts[lv]
        key = (tuple(sorted(tot.items())), opened)
        out[key] = out.get(key, 0) + weight
    return out


# -- the oracles on hand-computed cases ---------------------------------------

def test_naive_hits_counts_plus_one_capped_at_six():
    """P. 46: +1 to dice roll, the maximum result is always 6."""
    assert naive_hits((1, 5, 6), 6, 1) == 2
    assert naive_hits((3, 3), 4, 0) == 0


def test_naive_assign_fatty_shields_damage_one_ranged():
    """P. 27 NOTE: a Fatty protects the others from Damage 1 Ranged Actions."""
    assert naive_assign({"fatty": 1, "walker": 2}, 3, 1, False, "clear") == {"fatty": 0, "walker": 0}
    assert naive_assign({"fatty": 1, "walker": 2}, 3, 1, True, "clear") == {"fatty": 0, "walker": 2}


def test_naive_attack_one_die_by_hand():
    r = naive_attack("ranged", 1, 4, 1, {"walker": 1}, friends=1)
    assert r["hits"] == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    assert r["wounds"] == {1: Fraction(1, 2), 0: Fraction(1, 2)}
