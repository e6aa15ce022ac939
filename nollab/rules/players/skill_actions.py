"""Skills that are Actions of their own (P. 46): Hit & Run (a free Move after a kill), Bloodlust:
Melee (Move up to 2 Zones into a Ghoul Zone, then a free Melee), Shove (push a Zone's Ghouls 1
Zone away, free) and Taunt (a Zone's Ghouls get an extra Activation aimed at the taunter, free).
"""
from __future__ import annotations

from nollab.content_model import GHOUL_TYPES
from nollab.rules.engine.context import Ctx
from nollab.rules.players import action_budget
from nollab.rules.players.move import enter_zone, move_extra
from nollab.rules.engine.tasks import Task


def do_hit_and_run(ctx: Ctx, s, zone: str) -> None:
    s.hit_and_run = False
    frm = s.zone
    ctx.emit("move", "P. 46", f"{ctx.sname(s.id)} uses Hit & Run: free Move from {ctx.zname(frm)} to "
             f"{ctx.zname(zone)}, no extra cost for Ghouls", survivor=s.id, frm=frm, to=zone)
    enter_zone(ctx, s.id, zone)


def do_bloodlust(ctx: Ctx, s, path) -> None:
    """Bloodlust: Melee (P. 46): 1 Action, Move up to 2 Zones into a Ghoul Zone, then 1 free Melee."""
    skills = action_budget.active(ctx, s)
    extra = move_extra(ctx, s, skills)
    paid = action_budget.pay(ctx, s, None, extra, skills)
    s.used.append("bloodlust")
    frm = s.zone
    ctx.emit("move", "P. 46", f"{ctx.sname(s.id)} uses Bloodlust: moves {' -> '.join([frm, *path])} ({paid}) "
             "and gains 1 free Melee Action", survivor=s.id, frm=frm, to=path[-1])
    for z in path:
        enter_zone(ctx, s.id, z)
    s.granted["melee"] = s.granted.get("melee", 0) + 1


def do_shove(ctx: Ctx, s, zone: str) -> None:
    """Shove (P. 46): all Ghouls of the Survivor's Zone are pushed to a Zone at Range 1 (not a Move)."""
    s.used.append("shove")
    counts = ctx.st.ghouls_in(s.zone)
    for i, g in enumerate(GHOUL_TYPES):
        if counts[i]:
            ctx.remove_ghouls(s.zone, g, counts[i])
            ctx.place_ghouls(zone, g, counts[i])
    ctx.emit("shove", "P. 46", f"{ctx.sname(s.id)} shoves {sum(counts)} Ghoul(s) from {ctx.zname(s.zone)} to "
             f"{ctx.zname(zone)} (free)", survivor=s.id, to=zone)


def do_taunt(ctx: Ctx, s, zone: str) -> None:
    """Taunt (P. 46): the Ghouls of the Zone gain an extra Activation aimed at this Survivor."""
    s.used.append("taunt")
    ctx.emit("taunt", "P. 46", f"{ctx.sname(s.id)} taunts the Ghouls in {ctx.zname(zone)}: they gain an extra "
             "Activation and go for them only", survivor=s.id, zone=zone)
    counts = ctx.st.ghouls_in(zone)
    ctx.push(Task("activation", (None, {"survivor": s.id, "zone": zone, "counts": list(counts)})))


def bloodlust_paths(ctx: Ctx, z: str, closed) -> list[tuple[str, ...]]:
    """Move up to 2 Zones to a Zone with at least 1 Ghoul; entering a Ghoul Zone stops (P. 46, 18)."""
    out = []
    for n in sorted(ctx.board.neighbors(z, closed)):
        if ctx.st.ghoul_count(n):
            out.append((n,))
            continue
        for m in sorted(ctx.board.neighbors(n, closed)):
            if m != z and ctx.st.ghoul_count(m):
                out.append((n, m))
    return out


def reachable_within(ctx: Ctx, zone: str, steps: int, closed) -> dict[str, int]:
    """Zones within ``steps`` Moves along open paths ("clear path", P. 46) -> distance."""
    seen = {zone: 0}
    frontier = [zone]
    for d in range(1, steps + 1):
        nxt = []
        for z in frontier:
            for n in ctx.board.neighbors(z, closed):
                if n not in seen:
                    seen[n] = d
                    nxt.append(n)
        frontier = nxt
    return seen
