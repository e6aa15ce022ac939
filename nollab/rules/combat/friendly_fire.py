"""Friendly Fire (P. 28): each miss of a Ranged Action (not Sniper) or a Car Attack hits a Survivor
in the target Zone, never the shooter; a Car Attack spares those in the Car (P. 21). Who takes it
is the shooter's choice (default: the least wounded).
"""
from __future__ import annotations

from nollab.rules.combat.tally import Attack
from nollab.rules.engine.choices import resolver
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import Choice
from nollab.rules.engine.tasks import Task


def ff_candidates(ctx: Ctx, spec: Attack) -> list[str]:
    """The Survivors a miss can hit (P. 28), the least wounded first (the named default)."""
    out = []
    for x in ctx.st.survivors_in(spec.zone):
        if x == spec.by:
            continue  # "A Survivor can't hit themselves" (P. 28)
        if spec.kind == "car" and ctx.surv(x).in_car:
            continue  # Car Attacks hit pedestrians only (P. 21)
        out.append(x)
    # the named default ("least-wounded") is listed first
    return sorted(out, key=lambda x: (ctx.surv(x).wounds, out.index(x)))


def friendly_fire(ctx: Ctx, spec: Attack) -> None:
    """Misses hit Survivors in the target Zone (Ranged and Car, not Sniper, not Melee) (P. 28)."""
    while spec.ff and spec.misses > 0:
        cands = ff_candidates(ctx, spec)
        if not cands:
            break
        if len(cands) == 1:
            spec = spec.but(misses=spec.misses - 1)
            ctx.wound(cands[0], spec.damage, f"Friendly Fire from {ctx.sname(spec.by)}", "P. 28")
            if ctx.st.result is not None:
                return
            continue
        ctx.ask(Choice("friendly_fire", spec.by, f"A miss hits a Survivor in {ctx.zname(spec.zone)}: "
                       f"who takes {spec.damage} wound(s)?", "P. 28", options=cands,
                       labels=[ctx.sname(x) for x in cands], default_name="least-wounded",
                       data={"spec": spec}))
        return
    ctx.push(Task("after_attack", (spec,)))


@resolver("friendly_fire")
def resolve_friendly_fire(ctx: Ctx, choice: Choice, option) -> None:
    spec = choice.data["spec"]
    spec = spec.but(misses=spec.misses - 1)
    ctx.wound(option, spec.damage, f"Friendly Fire from {ctx.sname(spec.by)}", "P. 28")
    if ctx.st.result is None:
        friendly_fire(ctx, spec)
