"""Allocating hits (P. 26-27): Melee (and Sniper, P. 28) hits go where the attacker chooses among the
Ghouls the Damage kills; Ranged hits follow the Targeting Priority Order (P. 27), the shooter
choosing between equal priorities; a hit no Ghoul can take is lost. A kill gives its XP at once
(P. 17); then the misses may hit Survivors (:mod:`.friendly_fire`).
"""
from __future__ import annotations

from nollab.content_model import ghoul_label
from nollab.rules.combat.friendly_fire import friendly_fire
from nollab.rules.combat.tally import ATTACK, Attack
from nollab.rules.engine.choices import resolver
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import GHOUL_TYPES, Choice
from nollab.rules.engine.tasks import Task, task
from nollab.rules.survivors.experience import gain_xp


def _priority_groups(ctx: Ctx) -> list[list[str]]:
    by: dict[int, list[str]] = {}
    for g in GHOUL_TYPES:
        by.setdefault(ctx.content.ghoul_types[g].priority, []).append(g)
    return [by[k] for k in sorted(by)]


def hit_candidates(ctx: Ctx, spec: Attack) -> list[str]:
    """Ghoul types the next hit may go to: free choice (Melee, Sniper) among those the Damage
    kills; otherwise the highest Targeting Priority present (P. 27). Empty: the hit is lost."""
    counts = ctx.st.ghouls_in(spec.zone)
    present = [g for i, g in enumerate(GHOUL_TYPES) if counts[i] > 0]
    dmg = spec.damage
    killable = [g for g in present if ctx.content.ghoul_types[g].min_damage <= dmg]
    if spec.free:
        return killable
    for group in _priority_groups(ctx):
        here = [g for g in group if g in present]
        if here:
            # hits go to this Priority level until all are eliminated; Damage too low: lost (P. 27)
            return [g for g in here if g in killable]
    return []


@task("allocate", load=ATTACK)
def task_allocate(ctx: Ctx, spec: Attack) -> None:
    """Allocate the hits one at a time (P. 26-27), asking where the attacker chooses; then the misses (P. 28)."""
    while spec.hits > 0:
        cands = hit_candidates(ctx, spec)
        if not cands:
            ctx.emit("lost_hits", "P. 26", f"{spec.hits} hit{'s' if spec.hits != 1 else ''} lost: "
                     "no target the Damage can eliminate (Fatties first, Damage 2 needed)")
            spec = spec.but(hits=0)
            break
        if len(cands) == 1:
            spec = kill(ctx, spec, cands[0])
            if ctx.st.result is not None:
                return
            continue
        why = "Melee: free allocation (P. 26)" if spec.kind == "melee" else (
            "Sniper: free choice (P. 28)" if spec.sniper else "same Targeting Priority: shooter chooses (P. 27)")
        ctx.ask(Choice("target", spec.by, f"Assign a hit in {ctx.zname(spec.zone)}: {why}",
                       "P. 27" if spec.kind != "melee" else "P. 26", options=list(cands),
                       labels=[ctx.content.ghoul_types[g].name for g in cands], data={"spec": spec}))
        return
    friendly_fire(ctx, spec)


@resolver("target")
def resolve_target(ctx: Ctx, choice: Choice, option) -> None:
    spec = kill(ctx, choice.data["spec"], option)
    if ctx.st.result is None:
        ctx.push(Task("allocate", (spec,)))


def kill(ctx: Ctx, spec: Attack, gtype: str) -> Attack:
    """Eliminate one Ghoul with one hit; its killer gains its XP at once (P. 17). Returns the attack
    with one hit fewer and one kill more."""
    ctx.remove_ghouls(spec.zone, gtype, 1)
    spec = spec.but(hits=spec.hits - 1, kills=spec.kills + 1)
    s = ctx.surv(spec.by)
    s.kills[gtype] = s.kills.get(gtype, 0) + 1
    ctx.st.kills[gtype] = ctx.st.kills.get(gtype, 0) + 1
    ctx.emit("kill", "P. 26", f"{ctx.sname(spec.by)} eliminates a {ctx.content.ghoul_types[gtype].name} "
             f"in {ctx.zname(spec.zone)}", survivor=spec.by, ghoul=gtype, zone=spec.zone)
    gain_xp(ctx, spec.by, ctx.content.ghoul_types[gtype].xp, f"{ghoul_label(gtype)} eliminated", "P. 17")
    return spec
