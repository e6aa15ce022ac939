"""Zombie Slayer combat: pick-one-die Hands, Defense, toughness, Already Dead, Holy, Luck.

Rules ("Fighting Zombies" and the reference sheet): "Roll the attacker's as well as the
defender's Hand ... pick any ONE die as the desired result and compare it to the Dieagram
on the token. Subtract the number of the defender's Defense pips from the attacker's
Melee or Ranged Combat pips. Divide the result by the defender's toughness and round
down. That final result is the amount of damage delivered." A Hand has one die per Life
(Zombies: 1). "Whenever you roll a Skill Pip for a Zombie while defending ... Already
Dead ... All damage from this attack is automatically negated" -- "Only when rolling a
'1'". Holy pip on the Slayer's face n: "each time an opponent rolls that face, the
result on that face is reduced by 1". Luck: "Whenever you lower your Luck die by 1, you
may either reroll any one die that has just been rolled or you may raise or lower the
face of a die by 1"; a Luck die showing L gives L uses.

Readings (docs/rulings.md): negative strength deals 0; each side picks the die best for
itself (the defender takes an Already Dead face when it has one); skill pips count on the
picked die only; Luck is spent after both Hands are rolled, on any die of either Hand,
with the policy that maximises the chance of the goal (then the fewest points).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Sequence

from nollab.prob.dist import Dist
from nollab.packs.zombie_slayer.content import Being, SlayerContent, load
from nollab.packs.zombie_slayer.dieagram import FACES

__all__ = ["hand_best", "hand_rolls", "Clash", "clash", "attack", "defend", "SKILLS", "MAX_LUCK_STATES"]

#: skill id -> (attack kind, bonus per skill pip on the picked face)
SKILLS = {"assault": ("melee", 1), "aimed_shot": ("ranged", 2), "barrage": ("ranged", -1)}
MAX_LUCK_STATES = 60_000


def hand_best(values: Sequence[int], k: int) -> Dist:
    """The best reading of a Hand of ``k`` dice: max over the dice of ``values[face-1]``."""
    if k < 1:
        raise ValueError(f"a Hand has at least 1 die, got {k}")
    one = Dist.uniform(values)
    out = one
    for _ in range(k - 1):
        out = out.combine(one, max)
    return out


def hand_rolls(k: int) -> Dist:
    """All rolls of ``k`` dice as sorted face tuples (multinomial weights)."""
    d6 = Dist.uniform(FACES)
    out = Dist.certain(())
    for _ in range(k):
        out = out.combine(d6, lambda t, f: tuple(sorted(t + (f,))))
    return out


@dataclass(frozen=True)
class Clash:
    """One attack, reduced to per-face readings.

    ``attack[f-1]``: the attacker's strength on face f (skill bonus and Holy included);
    ``defense[f-1]``: the defender's Defense on face f (Holy included);
    ``negate[f-1]``: face f triggers Already Dead for the defender.
    """

    attack: tuple[int, ...]
    defense: tuple[int, ...]
    negate: tuple[bool, ...]
    toughness: int
    attacker_dice: int
    defender_dice: int

    def damage(self, att: Sequence[int], dfn: Sequence[int], att_bonus: int = 0, def_bonus: int = 0) -> int:
        """Damage of these rolls: the attacker's best die, the defender's best die for itself; bonuses are
        flat additions to the strength and to the Defense (potions, fanatic townsmen, Block)."""
        strength = max(self.attack[f - 1] for f in att) + att_bonus
        best = None
        for f in dfn:
            d = 0 if self.negate[f - 1] else max(0, strength - self.defense[f - 1] - def_bonus) // self.toughness
            best = d if best is None else min(best, d)
        return best


def _holy(values: Sequence[int], holy: Sequence[int] | None) -> tuple[int, ...]:
    if not holy:
        return tuple(values)
    return tuple(max(0, v - h) for v, h in zip(values, holy))


def clash(attacker: Being, defender: Being, *, kind: str = "melee", attacker_dice: int | None = None,
          defender_dice: int | None = None, skill: str | None = None, holy_vs_attacker: Sequence[int] | None = None,
          holy_vs_defender: Sequence[int] | None = None, already_dead: bool = True,
          content: SlayerContent | None = None) -> Clash:
    """Build the per-face readings of ``attacker`` hitting ``defender``.

    ``holy_vs_*``: the Slayer's Holy pips per face, lowering that side's readings.
    ``already_dead``: whether the defender has the skill (Zombies and the Necromancer do).
    """
    if kind not in ("melee", "ranged"):
        raise ValueError(f"an attack is melee or ranged, got {kind!r}")
    c = content or load()
    att = list(attacker.dieagram.values(kind))
    if skill:
        if skill not in SKILLS:
            raise ValueError(f"skill must be one of {sorted(SKILLS)}, got {skill!r}")
        skind, bonus = SKILLS[skill]
        if skind != kind:
            raise ValueError(f"{skill} is a {skind} attack")
        att = [max(0, a + bonus * s) for a, s in zip(att, attacker.dieagram.values("skill"))]
    att = _holy(att, holy_vs_attacker)
    dfn = _holy(defender.dieagram.values("defense"), holy_vs_defender)
    neg = tuple(already_dead and f in c.already_dead_faces and defender.dieagram.read(f, "skill") > 0
                for f in FACES)
    a_k = attacker.life if attacker_dice is None else attacker_dice
    d_k = defender.life if defender_dice is None else defender_dice
    if a_k < 1 or d_k < 1:
        raise ValueError("each Hand needs at least 1 die (1 per Life)")
    return Clash(tuple(att), dfn, neg, defender.toughness, a_k, d_k)


def _plain(cl: Clash) -> Dist:
    rolls_a, rolls_d = hand_rolls(cl.attacker_dice), hand_rolls(cl.defender_dice)
    return rolls_a.combine(rolls_d, cl.damage)


def _shifts(dice: tuple[int, ...]) -> list[tuple[int, ...]]:
    out = set()
    for i, f in enumerate(dice):
        for g in (f - 1, f + 1):
            if 1 <= g <= 6:
                out.add(tuple(sorted(dice[:i] + (g,) + dice[i + 1:])))
    return list(out)


def _rerolls(dice: tuple[int, ...]) -> list[list[tuple[int, ...]]]:
    out = []
    for f in sorted(set(dice)):
        i = dice.index(f)
        rest = dice[:i] + dice[i + 1:]
        out.append([tuple(sorted(rest + (g,))) for g in FACES])
    return out


def _with_luck(cl: Clash, luck: int, success: Callable[[int], bool]) -> Dist:
    """Optimal Luck spending; Dist over ``(damage, luck_spent)``."""
    n_states = len(hand_rolls(cl.attacker_dice)) * len(hand_rolls(cl.defender_dice)) * (luck + 1)
    if n_states > MAX_LUCK_STATES:
        raise ValueError(f"Luck policy over {n_states} states is too large for an exact answer; "
                         f"use fewer dice or less Luck")
    memo: dict = {}

    def score(d: Dist) -> tuple[Fraction, Fraction]:
        return d.p(lambda o: success(o[0])), -d.expect(lambda o: o[1])

    def best(a: tuple, b: tuple, left: int) -> Dist:
        key = (a, b, left)
        if key in memo:
            return memo[key]
        dmg = cl.damage(a, b)
        stop = Dist.certain((dmg, 0))
        if left == 0 or success(dmg):
            memo[key] = stop
            return stop
        options = [stop]
        spend = lambda d: d.map(lambda o: (o[0], o[1] + 1))  # noqa: E731
        for na in _shifts(a):
            options.append(spend(best(na, b, left - 1)))
        for nb in _shifts(b):
            options.append(spend(best(a, nb, left - 1)))
        for group in _rerolls(a):
            options.append(spend(Dist.mixture((1, best(na, b, left - 1)) for na in group)))
        for group in _rerolls(b):
            options.append(spend(Dist.mixture((1, best(a, nb, left - 1)) for nb in group)))
        choice = max(options, key=score)
        memo[key] = choice
        return choice

    rolls_a, rolls_d = hand_rolls(cl.attacker_dice), hand_rolls(cl.defender_dice)
    both = rolls_a.combine(rolls_d, lambda x, y: (x, y))
    return both.bind(lambda ab: best(ab[0], ab[1], luck))


def attack(slayer: Being | str, zombie: Being | str, *, kind: str = "melee", hand: int | None = None,
           skill: str | None = None, holy: Sequence[int] | None = None, luck: int = 0,
           content: SlayerContent | None = None) -> Dist:
    """The Slayer attacks: Dist over damage dealt, or over ``(damage, luck_spent)`` if ``luck``.

    ``hand``: dice in the Slayer's Hand (= current Life, default the being's Life).
    ``holy``: Holy pips per face of the Slayer's Dieagram (default: read from it).
    The Luck goal is to destroy the target (damage >= its Life).
    """
    c = content or load()
    s = c.being(slayer) if isinstance(slayer, str) else slayer
    z = c.being(zombie) if isinstance(zombie, str) else zombie
    holy = tuple(holy) if holy is not None else s.dieagram.values("holy")
    cl = clash(s, z, kind=kind, attacker_dice=hand, skill=skill, holy_vs_defender=holy, content=c)
    if luck < 0 or luck > 6:
        raise ValueError(f"Luck is 0..6, got {luck}")
    if luck == 0:
        return _plain(cl)
    return _with_luck(cl, luck, lambda d: d >= z.life)


def defend(slayer: Being | str, zombie: Being | str, *, hand: int | None = None,
           holy: Sequence[int] | None = None, defense_bonus: int = 0, luck: int = 0,
           content: SlayerContent | None = None) -> Dist:
    """A Zombie's melee attack on the Slayer: Dist over Life lost (``(lost, luck_spent)`` if ``luck``).

    The Slayer rolls a Hand of ``hand`` dice for Defense (plus ``defense_bonus``, e.g. the
    Defense potion's +2); his Holy pips lower the Zombie's attack on matching faces.
    The Luck goal is to take no damage.
    """
    c = content or load()
    s = c.being(slayer) if isinstance(slayer, str) else slayer
    z = c.being(zombie) if isinstance(zombie, str) else zombie
    holy = tuple(holy) if holy is not None else s.dieagram.values("holy")
    cl = clash(z, s, kind="melee", defender_dice=hand, holy_vs_attacker=holy, already_dead=False, content=c)
    if defense_bonus:
        cl = Clash(cl.attack, tuple(d + defense_bonus for d in cl.defense), cl.negate, cl.toughness,
                   cl.attacker_dice, cl.defender_dice)
    if luck < 0 or luck > 6:
        raise ValueError(f"Luck is 0..6, got {luck}")
    if luck == 0:
        return _plain(cl)
    return _with_luck(cl, luck, lambda d: d == 0)
