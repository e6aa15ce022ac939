"""Car Attack (P. 21, P. 28): the Car card's dice in each Zone with Ghouls the Car enters, with the
Targeting Priority Order and Friendly Fire on pedestrians; the Driver's Skills do not apply, the
XP goes to the Driver. The roll is the same chance step as any attack (:mod:`.attack`).
"""
from __future__ import annotations

from nollab.rules.combat.attack import attack_spec
from nollab.rules.combat.profile import car_profile
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.tasks import Task


def car_attack(ctx: Ctx, sid: str, zone: str) -> None:
    """A Car Attack in a Zone the Car enters (P. 21, 28): Car card dice, Targeting Priority,
    Friendly Fire on pedestrians; the Driver's Skills do not apply; XP to the Driver."""
    p = car_profile(ctx, sid, zone)
    ctx.emit("attack", "P. 21", f"Car Attack in {ctx.zname(zone)}: {p.dice} dice, {p.accuracy}+, "
             f"Damage {p.damage}", survivor=sid, zone=zone, weapon="car", dice=p.dice)
    ctx.push(Task("roll", (attack_spec(p),)))
