"""Ghoul Attacks (P. 22): every Ghoul in a Zone with Survivors attacks and always hits; the
Survivors of the Zone split the Wounds as the players prefer (a pending ``wounds`` choice whose
default keeps everyone alive longest, :mod:`.wound_split`). A Taunt aims them at one Survivor
(P. 46).
"""
from __future__ import annotations

from nollab.content_model import ghoul_label
from nollab.rules.engine.choices import resolver
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import GHOUL_TYPES, GI, Choice
from nollab.rules.engine.tasks import task
from nollab.rules.ghouls.activation import Taunted, acting_counts, types_of
from nollab.rules.ghouls.attack_plan import GhoulAttack
from nollab.rules.ghouls.wound_split import default_wound_allocation, wound_allocation_options


@task("ghoul_attack", pause=True, load=(None, types_of, Taunted.of))
def task_ghoul_attack(ctx: Ctx, zone: str, types: tuple | None, taunt: Taunted | None) -> None:
    """Every Ghoul in a Zone with Survivors attacks; the Survivors split the wounds (P. 22)."""
    st = ctx.st
    counts = acting_counts(ctx, zone, types)
    if taunt is not None:
        counts = {g: min(n, taunt.counts[GI[g]]) for g, n in counts.items()}
        victims = [taunt.survivor]
    else:
        victims = st.survivors_in(zone)
    counts = {g: n for g, n in counts.items() if n}
    if not counts or not victims:
        return
    wounds = {g: ctx.content.ghoul_types[g].wounds for g in GHOUL_TYPES}
    attacks = [GhoulAttack(g, n, wounds[g]) for g, n in counts.items()]
    desc = ", ".join(ghoul_label(g, n) for g, n in counts.items())
    verb = "attacks" if sum(counts.values()) == 1 else "attack"
    ctx.emit("ghoul_attack", "P. 22", f"{desc} {verb} in {ctx.zname(zone)} (always hit)", zone=zone, counts=counts)
    if len(victims) == 1:
        total = sum(a.count * a.wounds for a in attacks)
        ctx.wound(victims[0], total, f"Ghoul attack: {desc}", "P. 22")
        return
    taken = {x: ctx.surv(x).wounds for x in victims}
    opts = wound_allocation_options(attacks, victims, wounds_taken=taken)
    d = default_wound_allocation(opts)
    order = [d] + [i for i in range(len(opts)) if i != d]
    options = [[list(p) for p in opts[i].dealt] for i in order]
    labels = [_wound_label(ctx, opts[i]) for i in order]
    ctx.ask(Choice("wounds", None, f"Split the Ghoul attacks in {ctx.zname(zone)} ({desc}) among "
                   f"{', '.join(ctx.sname(x) for x in victims)}", "P. 22", options=options, labels=labels,
                   default_name="spread", data={"zone": zone, "desc": desc}))


def _wound_label(ctx: Ctx, alloc) -> str:
    parts = [f"{ctx.sname(x)} takes {n} wound{'s' if n != 1 else ''}" for x, n in alloc.dealt if n]
    if alloc.eliminated:
        parts.append("eliminated: " + ", ".join(ctx.sname(x) for x in alloc.eliminated))
    return "; ".join(parts)


@resolver("wounds")
def resolve_wounds(ctx: Ctx, choice: Choice, option) -> None:
    for sid, n in option:
        if n:
            ctx.wound(sid, n, f"Ghoul attack in {choice.data['zone']}", "P. 22")
            if ctx.st.result is not None:
                return
