"""Zombies attacking a Zpocalypse squad (summary, "Zombies Attacking").

"Roll a red die for each survivor in your squad. Each 5 or Z result prevents 1 zombie from
attacking. Night 3: Defensive roll successes are reduced to Z. Night 4: Squads get no
defensive rolls. Zombies still attacking then roll 1 red die each (double zombies roll 2
red dice). Nights 2-4: Double zombies roll 3 red dice. Add up the total result and
subtract your squad's Armor ... If the zombies roll double Zs, immediately lose a survivor
... Finally, tally the result of damage, ignoring the double Z results. On Death's Door:
If your squad's total HPs are below 10 and double Zs are rolled ... reduce your total
HPs by 2."

Readings (docs/rulings.md): defence successes stop double zombies first; "double Zs" is a
pair of Z faces among all the attack dice, each pair costs one survivor and its two dice
are left out of the sum; damage is never negative.
"""
from __future__ import annotations

from typing import NamedTuple

from nollab.prob.dist import Dist
from nollab.packs.zpocalypse.content import ZpocalypseContent, load
from nollab.packs.zpocalypse.dice import successes

__all__ = ["ZombieAttack", "defence", "attack_dice", "zombie_attack", "hp_loss"]


class ZombieAttack(NamedTuple):
    damage: int  # HP lost to the dice, after Armor
    lost: int  # survivors lost to double Zs


def _night(night: int) -> None:
    if night not in (1, 2, 3, 4):
        raise ValueError(f"night is 1..4, got {night}")


def defence(survivors: int, night: int = 1, content: ZpocalypseContent | None = None) -> Dist:
    """Zombies stopped by the squad's defence roll (before capping at the attackers)."""
    c = content or load()
    _night(night)
    if survivors < 0:
        raise ValueError("survivors must be >= 0")
    if night == 4:
        return Dist.certain(0)
    return successes(survivors, c.z_face if night == 3 else c.success, c)


def attack_dice(singles: int, doubles: int, survivors: int, night: int = 1,
                content: ZpocalypseContent | None = None) -> Dist:
    """Red dice the zombies roll after the defence roll (stopped doubles first)."""
    c = content or load()
    if singles < 0 or doubles < 0:
        raise ValueError("zombie counts must be >= 0")
    per_double = c.double_dice if night == 1 else c.double_dice_late

    def left(stopped: int) -> int:
        d = max(0, doubles - stopped)
        s = max(0, singles - max(0, stopped - doubles))
        return s + d * per_double

    return defence(survivors, night, c).map(left)


def zombie_attack(singles: int, doubles: int, survivors: int, armor: int = 0, night: int = 1,
                  content: ZpocalypseContent | None = None) -> Dist:
    """Dist over :class:`ZombieAttack` ``(damage, lost)`` for one zombie attack on a squad."""
    c = content or load()
    if armor < 0:
        raise ValueError("armor must be >= 0")
    zv = c.red_values[c.z_face - 1]
    die = Dist.uniform(range(1, c.sides + 1)).map(
        lambda r: (0, 1) if r == c.z_face else (c.red_values[r - 1], 0))
    cache: dict[int, Dist] = {}

    def roll(n: int) -> Dist:
        if n not in cache:
            out = Dist.certain((0, 0))
            for _ in range(n):
                out = out.combine(die, lambda a, b: (a[0] + b[0], a[1] + b[1]))
            cache[n] = out
        return cache[n]

    def settle(sz: tuple[int, int]) -> ZombieAttack:
        total, zs = sz
        pairs = zs // 2
        lost = min(pairs, survivors)
        raw = total + (zs - 2 * pairs) * zv
        return ZombieAttack(max(0, raw - armor), lost)

    return attack_dice(singles, doubles, survivors, night, c).bind(lambda n: roll(n).map(settle))


def hp_loss(result: Dist, squad_hp: int, survivor_hp: int, content: ZpocalypseContent | None = None) -> Dist:
    """Total squad HP lost: dice damage plus, per survivor lost, that survivor's HP -- or 2 on
    Death's Door (squad HP below 10). Dist over an int."""
    c = content or load()
    per = c.death_door_loss if squad_hp < c.death_door_hp else survivor_hp
    return result.map(lambda r: r.damage + r.lost * per)
