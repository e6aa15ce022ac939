"""Molotov (P. 29): a Ranged Action at an exterior Zone (Corn Fields and Woods are exterior, P. 31)
holding Ghouls or a Spawn token: the card is discarded, every Actor in the Zone is eliminated,
and each Spawn token there may move to another Spawn Zone (not if a single one remains; the
Scene may keep one, S7/S10).
"""
from __future__ import annotations

from nollab.rules.combat.tally import Attack
from nollab.rules.combat.targeting import kill
from nollab.rules.engine.choices import resolver
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import GHOUL_TYPES, Choice
from nollab.rules.engine.tasks import Task, task
from nollab.rules.players import action_budget


def do_molotov(ctx: Ctx, s, hand: int, zone: str) -> None:
    action_budget.pay(ctx, s, "ranged")
    molotov(ctx, s.id, hand, zone)


def molotov(ctx: Ctx, sid: str, hand: int, zone: str) -> None:
    """Discard the Molotov: every Actor in the exterior target Zone is eliminated; a Spawn token
    there may move to another Spawn Zone (not if a single Spawn Zone remains) (P. 29)."""
    s = ctx.surv(sid)
    uid = s.hands[hand]
    s.hands[hand] = None
    ctx.to_discard(uid)
    ctx.emit("molotov", "P. 29", f"{ctx.sname(sid)} throws a Molotov at {ctx.zname(zone)}: all Actors there "
             "are eliminated", survivor=sid, zone=zone)
    counts = ctx.st.ghouls_in(zone)
    spec = Attack(sid, "ranged", zone, hits=0, kills=0)
    for i, g in enumerate(GHOUL_TYPES):
        for _ in range(counts[i]):
            spec = kill(ctx, spec.but(hits=spec.hits + 1), g)
    for x in ctx.st.survivors_in(zone):
        ctx.eliminate(x, "caught in the Molotov fire (P. 29)")
    if ctx.st.result is not None:
        return
    zones = sorted({z for z, _c in ctx.st.spawns})
    tokens = [i for i, (z, _c) in enumerate(ctx.st.spawns) if z == zone]
    # the Molotov is a Ranged Action: a kill lets Hit & Run follow (P. 29, P. 46)
    tasks = [Task("after_attack", (spec,))]
    if tokens and len(zones) > 1:
        tasks.append(Task("molotov_spawn", (sid, zone, len(tokens))))
    ctx.push(*tasks)


@task("molotov_spawn")
def task_molotov_spawn(ctx: Ctx, sid: str, zone: str, left: int) -> None:
    """Molotov (P. 29): "Any Ghoul Spawn token in the targeted Zone may be moved to another Spawn
    Zone. This effect cannot be performed if there is a single Spawn Zone remaining." One choice
    per token (``left`` tokens still to consider); a token the Scene keeps in place
    (``can_move_spawn``: S7/S10 "The white Ghoul Spawn token cannot be removed") is not offered."""
    if left <= 0:
        return
    zones = sorted({z for z, _c in ctx.st.spawns if z != zone})
    movable = [c for z, c in ctx.st.spawns if z == zone and ctx.scene.can_move_spawn(ctx, zone, c)]
    if not zones or not movable:
        return
    ctx.ask(Choice("molotov_spawn", sid, f"Molotov: move the {movable[0]} Spawn token from {ctx.zname(zone)} to "
                   "another Spawn Zone?", "P. 29", options=["stay"] + zones,
                   labels=["leave it"] + [ctx.zname(z) for z in zones], data={"zone": zone, "left": left}))


@resolver("molotov_spawn")
def resolve_molotov_spawn(ctx: Ctx, choice: Choice, option) -> None:
    """Move the first movable Spawn token of the Molotov's Zone to ``option`` (or leave it)."""
    zone = choice.data["zone"]
    left = choice.data["left"]
    if option != "stay":
        sp = ctx.st.spawns
        i = next(i for i, (z, c) in enumerate(sp) if z == zone and ctx.scene.can_move_spawn(ctx, zone, c))
        tok = sp.pop(i)
        j = max(k for k, (z, _c) in enumerate(sp) if z == option)
        sp.insert(j + 1, [option, tok[1]])
        ctx.emit("spawn_moved", "P. 29", f"The {tok[1]} Spawn token moves from {ctx.zname(zone)} to {ctx.zname(option)}",
                 frm=zone, to=option)
        if not any(z == zone for z, _c in sp):  # only a Spawn Zone still holding a token can lose another
            return
    ctx.push(Task("molotov_spawn", (choice.survivor, zone, left - 1)))
