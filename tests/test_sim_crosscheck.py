"""Monte Carlo (the rules engine, many seeds) against exact odds (nollab.prob): agreement within
4 standard errors per outcome, outcomes expected < 5 times pooled (``within_sigmas``).

* one Ranged attack (P. 26-28): Ithaca M37 (2 dice, 4+, Damage 2) at a Fatty and 2 Walkers --
  Fatties take the hits first (Targeting Priority, P. 27) -- with a friend in the target Zone
  (Friendly Fire, P. 28; the Wound Bar stops at 3, P. 22);
* one Melee attack (P. 26): Machete (2 dice, 4+) on 3 Walkers;
* the first spawn step of Scene 1 (P. 24-25): 4 Spawn Zones, Blue Danger Level, full deck.

Each test also checks that a wrong exact distribution would be *rejected* (a test must be able
to fail).
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from nollab.content import load_content
from nollab.prob import AttackSpec, attack, spawn_odds
from nollab.sim.crosscheck import attack_trials, spawn_trials, within_sigmas

TYPES = ("walker", "breaker", "fatty", "relative")


def _kills_tuple(ks) -> tuple:
    d = dict(ks)
    return tuple(d.get(t, 0) for t in TYPES)


def _marginals(counts: Counter) -> tuple[Counter, Counter]:
    kills, ff = Counter(), Counter()
    for (k, w), c in counts.items():
        kills[k] += c
        ff[w] += c
    return kills, ff


def test_ranged_attack_kills_and_friendly_fire_match_exact_odds():
    counts = attack_trials("ithaca_m37", {"fatty": 1, "walker": 2}, friends=1, trials=3000, seed=1)
    r = attack(AttackSpec(action="ranged", dice=2, accuracy=4, damage=2, target={"fatty": 1, "walker": 2}, friends=1))
    kills, ff = _marginals(counts)
    exact_kills = {_kills_tuple(k): p for k, p in r.kills.probs().items()}
    exact_ff: dict = {}
    for w, p in r.friendly_wounds.probs().items():  # the Wound Bar holds at most 3 (P. 22)
        exact_ff[min(w, 3)] = exact_ff.get(min(w, 3), Fraction(0)) + p
    assert within_sigmas(kills, exact_kills) == []
    assert within_sigmas(ff, exact_ff) == []
    # power: an off-by-one in the Accuracy (3+ instead of 4+) is rejected
    wrong = attack(AttackSpec(action="ranged", dice=2, accuracy=3, damage=2, target={"fatty": 1, "walker": 2}))
    assert within_sigmas(kills, {_kills_tuple(k): p for k, p in wrong.kills.probs().items()}) != []


def test_melee_attack_kills_match_exact_odds():
    counts = attack_trials("machete", {"walker": 3}, action="melee", trials=2000, seed=2)
    r = attack(AttackSpec(action="melee", dice=2, accuracy=4, damage=1, target={"walker": 3}))
    kills, ff = _marginals(counts)
    assert set(ff) == {0}  # Melee never causes Friendly Fire (P. 26)
    assert within_sigmas(kills, {_kills_tuple(k): p for k, p in r.kills.probs().items()}) == []
    wrong = attack(AttackSpec(action="melee", dice=2, accuracy=3, damage=1, target={"walker": 3}))
    assert within_sigmas(kills, {_kills_tuple(k): p for k, p in wrong.kills.probs().items()}) != []


def test_first_spawn_step_of_scene_1_matches_exact_odds():
    counts, info = spawn_trials("S1", trials=1500, seed=3)
    assert info["zones"] == 4 and info["on_board"] == dict.fromkeys(TYPES, 0)
    content = load_content()
    cards = [c for c in content.ghoul_deck if c.number in set(info["deck"])]
    assert len(cards) == len(info["deck"]) == 46
    res = spawn_odds("blue", zones=4, cards=cards, deck="all", openings=True)
    joint = {tuple(n for _t, n in outcome): p for outcome, p in res.ghouls.probs().items()}
    assert within_sigmas(counts, joint) == []
    for i, t in enumerate(TYPES):
        marg = Counter()
        for k, c in counts.items():
            marg[k[i]] += c
        assert within_sigmas(marg, res.marginal(t).probs()) == [], t
    # power: reading the cards at Yellow instead of Blue is rejected
    wrong = spawn_odds("yellow", zones=4, cards=cards, deck="all", openings=True)
    assert within_sigmas(counts, {tuple(n for _t, n in o): p for o, p in wrong.ghouls.probs().items()}) != []
