"""Move (P. 18): to an adjacent Zone through an open path, 1 Action plus 1 per Ghoul in the Zone
left (Slippery: none, P. 46). Entering a Zone is where Scene rules watch (S1 the corpse lady, S6/S8
the travelling tiles).
"""
from __future__ import annotations

from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import SurvivorState
from nollab.rules.players import action_budget
from nollab.rules.survivors import skills as sk


def move_extra(ctx: Ctx, s: SurvivorState, skills: list[str]) -> int:
    """Extra Actions to leave the Zone: 1 per Ghoul, 0 with Slippery (P. 18, 46)."""
    if sk.has(ctx.content, skills, "slippery"):
        return 0
    return ctx.st.ghoul_count(s.zone)


def enter_zone(ctx: Ctx, sid: str, zone: str) -> None:
    s = ctx.surv(sid)
    s.zone = zone
    ctx.scene.zone_entered(ctx, sid, zone)


def do_move(ctx: Ctx, s, zone: str) -> None:
    skills = action_budget.active(ctx, s)
    extra = move_extra(ctx, s, skills)
    frm = s.zone
    paid = action_budget.pay(ctx, s, "move", extra, skills)
    why = f", +{extra} for the Ghouls left behind (P. 18)" if extra else ""
    ctx.emit("move", "P. 18", f"{ctx.sname(s.id)} moves from {ctx.zname(frm)} to {ctx.zname(zone)} "
             f"({paid}{why})", survivor=s.id, frm=frm, to=zone)
    enter_zone(ctx, s.id, zone)
