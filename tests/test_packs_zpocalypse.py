"""Zpocalypse pack: red pools, attacks, Knockdown, ammo, throws, zombie attacks vs brute force/icepool.

Quotes are from Universal Head's rules summary (``shared/seeds/003_…``), cited by section.
"""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import icepool
import pytest

from nollab.packs.zpocalypse import dice, load, zombies

C = load()
FACES = range(1, 7)  # ranks; 6 is the Z face, 5 is "5"


@pytest.mark.parametrize("n", [1, 3, 8])
@pytest.mark.parametrize("t", [4, 5, 6])
def test_combat_successes_against_icepool(n, t):
    """COMBAT: "For each success rolled (5 or Z) you kill a single zombie" (other thresholds by skill)."""
    oracle = (n @ icepool.d6.map(lambda x: 1 if x >= t else 0))
    got = dice.successes(n, t)
    assert {k: got.prob(k) for k in range(n + 1)} == {
        k: Fraction(oracle.quantity(k), oracle.denominator()) for k in range(n + 1)}


def naive_attack(n, t, singles, doubles, knockdown):
    """Enumerate rolls; then every allocation of hits to zombies (a double takes 2)."""
    out = Counter()
    for roll in itertools.product(FACES, repeat=n):
        s = sum(r >= t for r in roll)
        k = sum(r == t - 1 for r in roll) if knockdown else 0
        best = None
        for hits in itertools.product(*([range(2)] * singles + [range(3)] * doubles)):
            if sum(hits) != min(s, singles + 2 * doubles):
                continue
            standing_singles = sum(h == 0 for h in hits[:singles]) + sum(h == 1 for h in hits[singles:])
            cand = (sum(hits), min(k, standing_singles))
            best = cand if best is None else max(best, cand)
        out[best] += 1
    return {key: Fraction(v, 6 ** n) for key, v in out.items()}


def naive_target_first(n, t, singles, doubles, knockdown, target):
    """Enumerate rolls; the target (listed first) takes the first hits, then every allocation of the rest."""
    hp = [2 if target == "double" else 1] + [1] * (singles - (target == "single")) + [2] * (doubles - (target == "double"))
    out = Counter()
    for roll in itertools.product(FACES, repeat=n):
        s = sum(r >= t for r in roll)
        k = sum(r == t - 1 for r in roll) if knockdown else 0
        first = min(s, hp[0])
        best = None
        for hits in itertools.product(*[range(h + 1) for h in hp[1:]]):
            if sum(hits) != min(s - first, sum(hp[1:])):
                continue
            left = [hp[0] - first] + [h - x for h, x in zip(hp[1:], hits)]
            cand = (first + sum(hits), min(k, sum(v == 1 for v in left)))
            best = cand if best is None else max(best, cand)
        out[best] += 1
    return {key: Fraction(v, 6 ** n) for key, v in out.items()}


@pytest.mark.parametrize("n,s,d,target", [(3, 2, 1, "single"), (4, 2, 1, "double"), (4, 1, 2, "single"),
                                          (3, 0, 2, "double")])
def test_combat_firearm_first_successes_kill_the_target_against_enumeration(n, s, d, target):
    """COMBAT: "The first successes rolled kill the targeted zombie(s) and subsequent successes kill zombies on or
    adjacent to the target zombie within LOS" (with Knockdown faces on the singles left)."""
    got = dice.attack(n, 5, singles=s, doubles=d, knockdown=True, target=target).probs()
    assert got == naive_target_first(n, 5, s, d, True, target)


@pytest.mark.parametrize("n,t,s,d,kd", [(3, 5, 2, 1, False), (4, 5, 2, 1, True), (4, 5, 0, 2, True),
                                        (3, 4, 1, 2, True), (5, 5, 3, 0, True)])
def test_combat_attack_doubles_and_knockdown_against_enumeration(n, t, s, d, kd):
    """COMBAT: after one success a double becomes a single; Knockdown on 1 below; no knocking doubles."""
    assert dice.attack(n, t, singles=s, doubles=d, knockdown=kd).probs() == naive_attack(n, t, s, d, kd)


def test_unarmed_and_dice_cap():
    """"Unarmed survivors may roll a 1 red die melee attack, with a success on a Z result"; max 8 dice."""
    assert dice.attack(1, C.unarmed_success).probs() == {(0, 0): Fraction(5, 6), (1, 0): Fraction(1, 6)}
    with pytest.raises(ValueError, match="1..8"):
        dice.attack(9)


@pytest.mark.parametrize("smarts", [0, 1, 2, 4])
def test_scavenge_smarts_check(smarts):
    """SCAVENGE: roll Smarts red dice (1 if Smarts is 0); any 5 or Z is a success."""
    n = max(1, smarts)
    assert dice.p_scavenge(smarts) == 1 - Fraction(2, 3) ** n
    counts = Counter(sum(r >= 5 for r in roll) for roll in itertools.product(FACES, repeat=n))
    assert dice.smarts_check(smarts).probs() == {k: Fraction(v, 6 ** n) for k, v in counts.items()}


def test_out_of_ammo_clicks_against_enumeration():
    """Out of Ammo: "Each CLICK you roll on a blue die means a weapon is out of ammo"."""
    faces = C.blue_faces
    counts = Counter(sum(f == "CLICK" for f in roll) for roll in itertools.product(faces, repeat=3))
    assert dice.ammo(3).probs() == {k: Fraction(v, len(faces) ** 3) for k, v in counts.items()}


def test_explosive_throw_range_and_double_ones():
    """EXPLOSIVES: range = red dice rolled; "double 1s" drops it (1/36 with two dice)."""
    got = dice.throw(3)
    counts = Counter((sum(C.red_values[r - 1] for r in roll), sum(r == 1 for r in roll) >= 2)
                     for roll in itertools.product(FACES, repeat=3))
    assert got.probs() == {k: Fraction(v, 216) for k, v in counts.items()}
    assert dice.throw(2).p(lambda o: o[1]) == Fraction(1, 36)


def naive_zombie_attack(singles, doubles, survivors, armor, night):
    per_double = 2 if night == 1 else 3
    out, total = Counter(), 0
    ndef = 0 if night == 4 else survivors
    for droll in itertools.product(FACES, repeat=ndef):
        stopped = sum(r == 6 for r in droll) if night == 3 else sum(r >= 5 for r in droll)
        d_left = max(0, doubles - stopped)
        s_left = max(0, singles - max(0, stopped - doubles))
        n = s_left + d_left * per_double
        for aroll in itertools.product(FACES, repeat=n):
            zs = sum(r == 6 for r in aroll)
            pairs = zs // 2
            raw = sum(r for r in aroll if r != 6) + (zs - 2 * pairs) * 6
            out[(max(0, raw - armor), min(pairs, survivors))] += 6 ** (6 - ndef - n)
            total += 6 ** (6 - ndef - n)
    return {k: Fraction(v, total) for k, v in out.items()}


@pytest.mark.parametrize("night", [1, 2, 3, 4])
def test_zombies_attacking_against_enumeration(night):
    """Zombies Attacking: defence (5/Z; night 3 Z only; night 4 none), 1 die per single,
    2 per double (3 on nights 2-4), sum minus Armor, double Zs lose a survivor."""
    got = zombies.zombie_attack(1, 1, 2, armor=3, night=night)
    assert {tuple(k): v for k, v in got.probs().items()} == naive_zombie_attack(1, 1, 2, 3, night)


def test_on_deaths_door():
    """On Death's Door: below 10 HP a double-Z loss costs 2 HP instead of the survivor's HP."""
    r = zombies.zombie_attack(0, 1, 1, night=1)  # 2 dice; double Z = both Z (1/36) unless defended
    high = zombies.hp_loss(r, 20, 5)
    low = zombies.hp_loss(r, 9, 5)
    both_z = Fraction(2, 3) * Fraction(1, 36)  # the defence die fails, then Z, Z
    assert r.p(lambda o: o.lost == 1) == both_z
    assert high.expect() - low.expect() == both_z * (5 - 2)


def test_reconstructed_dice_are_marked_and_replaceable(tmp_path):
    """The summary never lists the faces: both dice are reconstructed and can be replaced."""
    assert C.red_provenance.reconstructed and C.blue_provenance.reconstructed
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "zpocalypse.toml").write_text(
        "[blue_die]\nfaces = ['CLICK', 'CLICK', 'bullets', 'bullets', 'bullets', 'bullets']\n")
    c = load(tmp_path)
    assert dice.ammo(1, c).prob(1) == Fraction(1, 3)
