"""One attack: targeting (P. 27), free allocation (P. 26), Sniper (P. 28), Friendly Fire (P. 28), Molotov
(P. 29), Skills (P. 46), re-roll policies -- against the naive face-by-face oracle and icepool."""
from __future__ import annotations

from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nollab.prob import AttackSpec, attack
from nollab.prob.targeting import allocate, preference

from test_prob_naive import naive_assign, naive_attack


def check_against_naive(**kw):
    spec_kw = dict(kw)
    reroll_k = spec_kw.pop("reroll_k", 0)
    action, d, acc, dmg, target = (spec_kw.pop(x) for x in ("action", "dice", "accuracy", "damage", "target"))
    spec = AttackSpec(action=action, dice=d, accuracy=acc, damage=dmg, target=target,
                      reroll_k=reroll_k if spec_kw.get("reroll") == "if-fewer-than-k" else None, **spec_kw)
    r = attack(spec)
    o = naive_attack(action, d, acc, dmg, target, reroll_k=reroll_k, **spec_kw)
    assert r.dice == o["n"]
    assert r.hits.probs() == o["hits"]
    assert r.kills.probs() == o["kills"]
    assert r.friendly_wounds.probs() == o["wounds"]
    assert r.p_clear == o["p_clear"]
    return r


def test_ben_ithaca_example_p27():
    """P. 27: Ithaca (2 dice, 4+, Damage 2) at a Fatty, a Relative and 2 Walkers; 2 hits kill the Fatty
    first, then the Relative (the shooter's choice among priority 2)."""
    spec = AttackSpec(action="ranged", dice=2, accuracy=4, damage=2, target={"fatty": 1, "relative": 1, "walker": 2})
    r = attack(spec)
    assert r.kills.prob((("fatty", 1), ("relative", 1), ("walker", 0))) == Fraction(1, 4)  # both dice 4+
    assert allocate(spec.target, 2, 2, "priority", spec.prefer()) == {"fatty": 1, "relative": 1, "walker": 0}
    check_against_naive(action="ranged", dice=2, accuracy=4, damage=2, target={"fatty": 1, "relative": 1, "walker": 2})


def test_katana_example_p26_melee_free_allocation():
    """P. 26: Katana (Damage 1) vs a Fatty, a Breaker and a Walker: 1 hit cannot hurt the Fatty; Helen
    puts it on the Breaker; Barbra in the Zone takes no Friendly Fire from Melee."""
    target = {"fatty": 1, "breaker": 1, "walker": 1}
    assert allocate(target, 1, 1, "free", preference("kill:breaker")) == {"fatty": 0, "breaker": 1, "walker": 0}
    r = check_against_naive(action="melee", dice=2, accuracy=4, damage=1, target=target, friends=1, goal="kill:breaker")
    assert r.friendly_wounds.probs() == {0: Fraction(1)}
    assert r.p_clear == 0  # Damage 1 can never kill the Fatty
    assert r.p_goal == 1 - Fraction(1, 2) ** 2  # the Breaker dies with at least one 4+ on 2 dice


def test_helen_sawed_off_friendly_fire_p28():
    """P. 28: Sawed-Off (2 dice, 3+, Damage 1) at Harry and a Walker: 1 hit and 1 miss -> Walker dead,
    Harry takes 1 Wound."""
    r = check_against_naive(action="ranged", dice=2, accuracy=3, damage=1, target={"walker": 1}, friends=1)
    assert r.friendly_wounds.prob(1) == 2 * Fraction(2, 3) * Fraction(1, 3)  # exactly one hit
    assert r.friendly_wounds.prob(2) == Fraction(1, 9)


def test_uzi_dual_six_dice_p26():
    """P. 26: two Uzis roll 6 dice in one Ranged Action."""
    r = check_against_naive(action="ranged", dice=3, accuracy=5, damage=1, target={"walker": 3}, dual=True)
    assert r.dice == 6


def test_fatty_shields_the_zone_from_damage_one_ranged_p27():
    r = attack(AttackSpec(action="ranged", dice=4, accuracy=2, damage=1, target={"fatty": 1, "walker": 3}))
    assert r.kills.probs() == {(("fatty", 0), ("walker", 0)): Fraction(1)}
    sniper = attack(AttackSpec(action="ranged", dice=1, accuracy=2, damage=1, sniper=True,
                               target={"fatty": 1, "walker": 1}, friends=2))
    assert sniper.kills.prob((("fatty", 0), ("walker", 1))) == Fraction(5, 6)
    assert sniper.friendly_wounds.probs() == {0: Fraction(1)}  # P. 28: Sniper cancels Friendly Fire


def test_molotov_eliminates_all_actors_p29():
    r = attack(AttackSpec(action="ranged", molotov=True, target={"fatty": 2, "walker": 5}, friends=1))
    assert r.p_clear == 1 and r.friends_eliminated == 1
    assert r.xp.probs() == {7: Fraction(1)}


def test_barbarian_and_plus_die_count_dice_p46():
    """P. 46: Barbarian substitutes the Dice with the Ghouls in the Zone; +1 die is per weapon (+2 Dual)."""
    spec = AttackSpec(action="melee", dice=1, accuracy=4, damage=1, barbarian=True, plus_dice=1, dual=True,
                      target={"walker": 4})
    assert spec.dice_for() == 2 * (4 + 1)
    check_against_naive(action="melee", dice=1, accuracy=4, damage=1, barbarian=True, target={"walker": 2})


def test_expected_kills_and_xp_via_icepool_dice():
    """icepool rolls the dice; the kills come from the naive one-hit-at-a-time assignment."""
    target = {"fatty": 1, "walker": 2, "breaker": 1}
    die = 3 @ icepool.d6.map(lambda x: 1 if min(x + 1, 6) >= 4 else 0)
    kills = die.map(lambda h: sum(naive_assign(target, h, 2, False, "clear").values()))
    r = attack(AttackSpec(action="car", dice=3, accuracy=4, damage=2, plus_roll=1, target=target))
    assert r.expected_kills == Fraction(kills.mean())  # icepool's mean is an exact Fraction
    assert r.xp.probs() == {o: Fraction(q, kills.denominator()) for o, q in kills.items()}


@pytest.mark.parametrize("goal", ["clear", "expected", "kill:walker", "kill:fatty"])
@pytest.mark.parametrize("policy", ["always", "if-fewer-than-k", "optimal"])
def test_reroll_policies_against_naive(goal, policy):
    check_against_naive(action="ranged", dice=3, accuracy=4, damage=2, target={"fatty": 1, "walker": 2},
                        reroll=policy, reroll_k=2, goal=goal, friends=1)


def test_bad_specs_are_refused():
    with pytest.raises(ValueError, match="accuracy"):
        AttackSpec(accuracy=7)
    with pytest.raises(ValueError, match="dice"):
        AttackSpec(dice=-1)
    with pytest.raises(ValueError, match="ghoul type"):
        AttackSpec(target={"runner": 1})


TYPES = ["walker", "breaker", "fatty", "relative"]


@st.composite
def small_queries(draw):
    action = draw(st.sampled_from(["melee", "ranged", "car"]))
    dual = draw(st.booleans()) if action != "car" else False
    dice = draw(st.integers(0, 2 if not dual else 1))
    target = {t: draw(st.integers(0, 2)) for t in draw(st.lists(st.sampled_from(TYPES), unique=True, max_size=3))}
    return dict(
        action=action, dice=dice, accuracy=draw(st.integers(2, 6)), damage=draw(st.integers(1, 2)),
        target=target, dual=dual, plus_dice=draw(st.integers(0, 1)), plus_roll=draw(st.integers(0, 1)),
        sniper=action == "ranged" and draw(st.booleans()), friends=draw(st.integers(0, 2)),
        goal=draw(st.sampled_from(["clear", "expected"] + [f"kill:{t}" for t in target])),
        reroll=draw(st.sampled_from(["never", "always", "optimal", "if-fewer-than-k"])),
        reroll_k=draw(st.integers(0, 3)),
    )


@settings(max_examples=80, deadline=None)
@given(q=small_queries())
def test_hypothesis_attacks_equal_naive_enumeration(q):
    check_against_naive(**q)
