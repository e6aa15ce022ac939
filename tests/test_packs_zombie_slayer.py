"""Zombie Slayer pack: Dieagrams, Hands, combat, Luck, spawns and searches vs brute force.

Chapters of the rulebook (``shared/seeds/004_…``) are cited by name: "Dieagram", "Fighting
Zombies", "Luck", "Spawning Zombies", "Searching".
"""
from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from nollab.packs.content import PackContentError
from nollab.packs.zombie_slayer import combat, load, spawn
from nollab.packs.zombie_slayer.dieagram import Dieagram

C = load()
FACES = range(1, 7)


def test_dieagram_lesson_reads_coloured_pips_not_the_number():
    """Dieagram: the village card's 5 reads 1 green + 1 violet; its 6 reads green, violet, blue."""
    t = C.tiles["sample"].dieagram
    assert t.read(5, ("green", "violet", "blue")) == 2
    assert (t.read(6, "green"), t.read(6, "violet"), t.read(6, "blue")) == (1, 1, 1)
    assert t.read(1, ("green", "violet", "blue")) == 0


@pytest.mark.parametrize("faces,needle", [
    ([{}] * 5, "6 faces"),
    ([{"melee": 2}, {}, {}, {}, {}, {}], "face 1 has only 1 pips"),
    ([{}, {"fire": 1}, {}, {}, {}, {}], "unknown pip colour"),
    ([{}, {"melee": -1}, {}, {}, {}, {}], "non-negative"),
])
def test_dieagram_validation(faces, needle):
    """Dieagram: face n has n pips, so at most n of them can be coloured."""
    with pytest.raises(ValueError, match=needle):
        Dieagram.from_faces(faces, {"melee", "defense"})


def test_combat_worked_example_ludwig_vs_violet():
    """Fighting Zombies example: Ludwig rolls 6,4,2,2,1 (4 Melee), the Zombie a 3 (3 Defense): 1 damage."""
    cl = combat.clash(C.slayers["ludwig"], C.zombies["violet"])
    assert cl.attack[5] == cl.attack[3] == 4 and cl.defense[2] == 3
    assert cl.damage((1, 2, 2, 4, 6), (3,)) == 1
    assert cl.damage((1, 2, 2, 4, 6), (1,)) == 0  # Already Dead on a 1


@pytest.mark.parametrize("k", [1, 2, 3, 5])
def test_hand_best_against_enumeration(k):
    """Hand: roll one die per Life, pick any ONE: the best reading is the max over the dice."""
    values = C.slayers["ludwig"].dieagram.values("melee")
    got = combat.hand_best(values, k)
    counts = Counter(max(values[f - 1] for f in roll) for roll in itertools.product(FACES, repeat=k))
    assert got.probs() == {v: Fraction(n, 6 ** k) for v, n in counts.items()}


def naive_attack(att_vals, skill_pips, bonus, def_vals, negate_faces, toughness, k, kd, holy=(0,) * 6):
    out = Counter()
    for a in itertools.product(FACES, repeat=k):
        strength = max(att_vals[f - 1] + bonus * skill_pips[f - 1] for f in a)
        for d in itertools.product(FACES, repeat=kd):
            best = min(0 if f in negate_faces else
                       max(0, strength - max(0, def_vals[f - 1] - holy[f - 1])) // toughness for f in d)
            out[best] += 1
    total = 6 ** (k + kd)
    return {v: Fraction(n, total) for v, n in out.items()}


@pytest.mark.parametrize("zombie", ["violet", "green", "blue", "necromancer"])
@pytest.mark.parametrize("hand", [1, 3])
def test_attack_against_enumeration(zombie, hand):
    """Fighting Zombies: Melee - Defense, divided by toughness, rounded down; Already Dead on a 1."""
    s, z = C.slayers["ludwig"], C.being(zombie)
    kd = 2 if zombie == "necromancer" else 1  # a wounded Necromancer (2 Life) keeps it small
    got = combat.clash(s, z, attacker_dice=hand, defender_dice=kd)
    expect = naive_attack(s.dieagram.values("melee"), s.dieagram.values("skill"), 0,
                          z.dieagram.values("defense"), {1}, z.toughness, hand, kd)
    from nollab.packs.zombie_slayer.combat import _plain
    assert _plain(got).probs() == expect
    if zombie != "necromancer":
        assert combat.attack(s, z, hand=hand).probs() == expect


def test_assault_counts_the_skill_pip_on_the_picked_die_and_holy_lowers_defense():
    """Skills (Assault +1 per skill pip, picked die) and Holy pips (opponent's face result -1)."""
    s, z = C.slayers["ludwig"], C.zombies["blue"]
    holy = (0, 0, 0, 0, 1, 1)
    got = combat.attack(s, z, hand=2, skill="assault", holy=holy)
    expect = naive_attack(s.dieagram.values("melee"), s.dieagram.values("skill"), 1,
                          z.dieagram.values("defense"), {1}, z.toughness, 2, 1, holy)
    assert got.probs() == expect


def test_defend_against_enumeration():
    """A Zombie attacks: its Melee (Holy-lowered) minus the Slayer's best Defense die (+2 potion)."""
    s, z = C.slayers["ludwig"], C.zombies["green"]
    holy = (0, 0, 0, 0, 1, 0)
    got = combat.defend(s, z, hand=3, holy=holy, defense_bonus=2)
    out = Counter()
    zm, sd = z.dieagram.values("melee"), s.dieagram.values("defense")
    for zf in FACES:
        for roll in itertools.product(FACES, repeat=3):
            a = max(0, zm[zf - 1] - holy[zf - 1])
            out[max(0, a - max(sd[f - 1] + 2 for f in roll)) // s.toughness] += 1
    assert got.probs() == {v: Fraction(n, 6 ** 4) for v, n in out.items()}


def naive_luck(att_vals, def_vals, negate, tough, a, d, luck, goal):
    """Best P(goal) with ``luck`` uses: stop, shift any die by 1, or reroll any die (tree search)."""
    def dmg(a, d):
        s = max(att_vals[f - 1] for f in a)
        return min(0 if f in negate else max(0, s - def_vals[f - 1]) // tough for f in d)

    if goal(dmg(a, d)):
        return Fraction(1)
    if luck == 0:
        return Fraction(0)
    best = Fraction(0)
    for side in (0, 1):
        dice = list(a if side == 0 else d)
        for i in range(len(dice)):
            for new in (dice[i] - 1, dice[i] + 1):
                if 1 <= new <= 6:
                    nd = dice[:i] + [new] + dice[i + 1:]
                    na, ndd = (tuple(nd), d) if side == 0 else (a, tuple(nd))
                    best = max(best, naive_luck(att_vals, def_vals, negate, tough, na, ndd, luck - 1, goal))
            tot = Fraction(0)
            for new in FACES:
                nd = dice[:i] + [new] + dice[i + 1:]
                na, ndd = (tuple(nd), d) if side == 0 else (a, tuple(nd))
                tot += naive_luck(att_vals, def_vals, negate, tough, na, ndd, luck - 1, goal)
            best = max(best, tot / 6)
    return best


@pytest.mark.parametrize("hand,luck", [(1, 1), (2, 1), (1, 2)])
def test_luck_policy_success_chance_against_tree_search(hand, luck):
    """Luck: each point rerolls any one die just rolled, or moves a die's face by 1."""
    s, z = C.slayers["ludwig"], C.zombies["violet"]
    got = combat.attack(s, z, hand=hand, luck=luck)
    av, dv = s.dieagram.values("melee"), z.dieagram.values("defense")
    total = Fraction(0)
    for a in itertools.product(FACES, repeat=hand):
        for d in FACES:
            total += naive_luck(av, dv, {1}, 1, a, (d,), luck, lambda x: x >= 1)
    assert got.p(lambda o: o[0] >= 1) == total / 6 ** (hand + 1)


def test_luck_never_hurts_and_zero_luck_is_the_plain_attack():
    s, z = C.slayers["ludwig"], C.zombies["blue"]
    plain = combat.attack(s, z, hand=2)
    ps = [combat.attack(s, z, hand=2, luck=L).p(lambda o: o[0] >= z.life) if L else plain.p(lambda x: x >= z.life)
          for L in range(0, 4)]
    assert ps == sorted(ps) and ps[0] < ps[-1]
    spent = combat.attack(s, z, hand=2, luck=3)
    assert all(0 <= o[1] <= 3 for o in spent)


def test_spawn_one_die_per_neighbouring_tile_against_enumeration():
    """Spawning Zombies: roll 1 die for each card, read its encounter pips."""
    tiles = ["sample", "temple", "sample"]
    got = spawn.spawn(tiles)
    out = Counter()
    for roll in itertools.product(FACES, repeat=3):
        tot = [0, 0, 0, 0]
        for t, f in zip(tiles, roll):
            face = C.tiles[t].dieagram.faces[f - 1]
            for i, colour in enumerate(("violet", "green", "blue", "bluegrey")):
                tot[i] += face.get(colour, 0)
        out[tuple(tot)] += 1
    assert got.probs() == {k: Fraction(v, 216) for k, v in out.items()}
    assert got.p(lambda o: o[3] >= 1) == 1  # the Temple always brings the Necromancer


def test_search_treasure_pip_then_plain_d6_ambush_on_1():
    """Searching: treasure pip picks the card; then a plain d6, a 1 is an ambush."""
    got = spawn.search("sample")
    tr = C.tiles["sample"].treasure
    expect = Counter()
    for f, r in itertools.product(FACES, FACES):
        expect["nothing" if not tr[f - 1] else (tr[f - 1], "ambush" if r == 1 else r)] += 1
    assert got.probs() == {k: Fraction(v, 36) for k, v in expect.items()}


def test_reconstruction_keeps_every_printed_fact():
    """The reconstructed box keeps what the text prints: Ludwig "2 1", Assault, "the 6-face as well as the
    4-face show 4 Melee pips each", the skill pip on his 6-face; the violet Zombie's "toughness of 1" and 3
    Defense on its 3-face; Defense on the violet and blue 5-faces and attack on the green 5-face (Holy
    example); every Zombie's and the Necromancer's skill pip on the 1-face; the Necromancer's "toughness of 2,
    2 actions per turn ... 5 Life" and "(The Necromancer thus spawns up to 3 or up to 5 Zombies.)"; the
    Temple's bluegrey pip on every face and no treasure; the lesson card's 5- and 6-faces."""
    lud = C.slayers["ludwig"]
    assert (lud.actions, lud.toughness, lud.skill) == (2, 1, "assault")
    assert lud.dieagram.read(4, "melee") == lud.dieagram.read(6, "melee") == 4 and lud.dieagram.read(6, "skill") == 1
    v, gr, b = C.zombies["violet"], C.zombies["green"], C.zombies["blue"]
    assert v.toughness == 1 and v.dieagram.read(3, "defense") == 3
    assert v.dieagram.read(5, "defense") and b.dieagram.read(5, "defense") and gr.dieagram.read(5, "melee")
    n = C.necromancer
    assert all(z.dieagram.read(1, "skill") == 1 for z in (v, gr, b, n))
    assert (n.toughness, n.actions, n.life) == (2, 2, 5)
    assert {n.dieagram.read(f, "summon") for f in range(1, 7)} - {0} == {3, 5}
    t = C.tiles["temple"]
    assert all(t.dieagram.read(f, "bluegrey") == 1 for f in range(1, 7)) and not any(t.treasure)
    lesson = C.tiles["sample"].dieagram
    assert (lesson.read(5, "green"), lesson.read(5, "violet"), lesson.read(5, "blue")) == (1, 1, 0)
    assert (lesson.read(6, "green"), lesson.read(6, "violet"), lesson.read(6, "blue")) == (1, 1, 1)


def test_every_guess_is_marked_with_its_reason():
    """Every entry whose picture is lost is marked reconstructed and says why in its note (a player's box
    replaces it)."""
    entries = [*C.slayers.values(), *C.zombies.values(), C.necromancer, *C.tiles.values(), *C.treasure.values(),
               *C.followers.values(), C.town]
    for e in entries:
        assert e.provenance.reconstructed and len(e.provenance.note) > 40, getattr(e, "id", "town")


def test_content_is_marked_reconstructed_and_overridable(tmp_path):
    """Every Dieagram picture is lost: shipped faces are reconstructed; a content folder replaces them."""
    assert all(z.provenance.reconstructed for z in C.zombies.values())
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "zombie_slayer.toml").write_text(
        "[zombies.violet]\nfaces = [{skill = 1}, {}, {}, {}, {}, {}]\nsource = 'rulebook'\n")
    c = load(tmp_path)
    assert c.zombies["violet"].dieagram.values("defense") == (0,) * 6
    # no Defense left: a kill needs a Melee face (4 or 6) among 5 dice and no Already Dead 1
    assert combat.attack("ludwig", "violet", content=c).p(lambda d: d >= 1) == \
        (1 - Fraction(4, 6) ** 5) * Fraction(5, 6)


@pytest.mark.parametrize("text,needle", [
    ("[zombies.violet]\nfaces = [{}, {}, {}]\n", "6 faces"),
    ("[zombies.violet]\ntoughness = 0\n", "toughness"),
    ("[tiles.sample]\ntreasure = ['gold', '', '', '', '', '']\n", "treasure"),
    ("[rules]\nluck = 9\n", "luck"),
    ("[necromancer]\nhp = 3\n", "hp"),
])
def test_bad_override_files_name_the_field(tmp_path, text, needle):
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "zombie_slayer.toml").write_text(text)
    with pytest.raises(PackContentError, match=needle):
        load(tmp_path)
