"""Car Attack (P. 21, P. 28): the Car card's dice in each Zone with Ghouls the Car enters, with the
Targeting Priority Order and Friendly Fire on pedestrians; the Driver's Skills do not apply, the
XP goes to the Driver.
"""
from __future__ import annotations

from nollab.rules.combat.attack import roll
from nollab.rules.engine.context import Ctx


def car_attack(ctx: Ctx, sid: str, zone: str) -> None:
    """A Car Attack in a Zone the Car enters (P. 21, 28): Car card dice, Targeting Priority,
    Friendly Fire on pedestrians; the Driver's Skills do not apply; XP to the Driver."""
    prof = ctx.content.car.attack
    spec = {"by": sid, "kind": "car", "zone": zone, "weapon": "car", "dice": prof.dice, "accuracy": prof.accuracy,
            "plus": 0, "damage": prof.damage, "free": False, "ff": True, "kills": 0, "sniper": False}
    ctx.emit("attack", "P. 21", f"Car Attack in {ctx.zname(zone)}: {prof.dice} dice, {prof.accuracy}+, "
             f"Damage {prof.damage}", survivor=sid, zone=zone, weapon="car", dice=prof.dice)
    roll(ctx, spec)
    ctx.push(["hits", spec])
