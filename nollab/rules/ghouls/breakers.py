"""Breakers (P. 22): "Breakers who didn't Attack Survivors spend their Action Attacking any closed
Barricades and closed Doors in their Zone. Open all Doors and Barricades in their Zone."

:func:`task_breakers` is the engine step; :func:`breaker_openings` the same rule as a pure
function (for plans and odds).
"""
from __future__ import annotations

from nollab.content_model import ghoul_label
from typing import Any, Iterable, Mapping

from nollab.rules.engine.board_state import closed_set
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import GI
from nollab.rules.engine.tasks import task
from nollab.rules.ghouls.activation import capped, wanted
from nollab.rules.ghouls.attack_plan import Taunt, _n
from nollab.rules.ghouls.geometry import Geometry, Zone, geometry_cache


@task("breakers", pause=True)
def task_breakers(ctx: Ctx, types, taunt, present=None) -> None:
    """Breakers that did not attack open every closed Door and Barricade of their Zone and
    spend their Action doing so (P. 22: "Attacks on survivors (or closed barricades and closed
    doors) are resolved first, then all the Moves").

    The closed Openings are read once, when the step starts: every Zone with a Breaker that did not
    attack and a closed Opening breaks, and all those Openings open together. Two Breaker groups on
    either side of one closed Door both spend their Action on it, whatever the Zones are called
    (see docs/rulings.md). ``present``: the Ghouls on the board when the Activation started."""
    st = ctx.st
    breaking = []
    if wanted(types, "breaker"):
        closed = closed_set(ctx)
        cache = geometry_cache(ctx.board)
        zones = [taunt["zone"]] if taunt is not None else sorted(st.ghouls)
        found = []
        for zone in zones:
            n = capped({"breaker": st.ghouls_in(zone)[GI["breaker"]]}, zone, present).get("breaker", 0)
            if taunt is not None:
                n = min(n, taunt["counts"][GI["breaker"]])
            if not n:
                continue
            attacked = (ctx.surv(taunt["survivor"]).zone == zone) if taunt is not None else bool(st.survivors_in(zone))
            if attacked:
                continue
            ops = sorted(cache.closed_openings(zone, closed))
            if ops:
                found.append((zone, n, ops))
        for o in sorted({o for _z, _n, ops in found for o in ops}):
            st.set_open(o, True)
        for zone, n, ops in found:
            breaking.append(zone)
            ctx.emit("break", "P. 22", f"{ghoul_label('breaker', n)} in {ctx.zname(zone)} break open "
                     f"{', '.join(ops)}", zone=zone, openings=ops)
    ctx.push(["ghoul_moves", types, breaking, taunt, present])


def breaker_openings(board: Geometry, closed: frozenset, ghouls_by_zone: Mapping[Zone, Mapping[str, int]],
                     survivors_by_zone: Mapping[Zone, Any], *, taunt: Taunt | None = None,
                     breaker_types: Iterable[str] = ("breaker",)) -> frozenset:
    """Closed openings opened by Breakers that did not Attack a Survivor (P. 22).

    "Breakers who didn't Attack Survivors spend their Action Attacking any closed
    Barricades and closed Doors in their Zone. Open all Doors and Barricades in their Zone."
    Returns the ids of the closed openings (doors, barricades, barricaded windows and the
    Stairs token, which "is played like a Door", P. 18; see docs/rulings.md) touching a Zone
    where a Breaker stands with no Survivor to attack. Those Breakers spent their Action:
    :func:`plan_activation` does not move them.
    """
    zones = breaking_zones(board, closed, ghouls_by_zone, survivors_by_zone, taunt, tuple(breaker_types))
    return frozenset(o for z in zones for o in geometry_cache(board).closed_openings(z, closed))


def breaking_zones(board, closed, ghouls_by_zone, survivors_by_zone, taunt, breaker_types) -> list:
    cache = geometry_cache(board)
    out = []
    for zone, counts in ghouls_by_zone.items():
        if not any(counts.get(t, 0) > 0 for t in breaker_types):
            continue
        attacked = (zone == taunt.zone) if taunt is not None else _n(survivors_by_zone.get(zone, 0)) > 0
        if not attacked and cache.closed_openings(zone, closed):
            out.append(zone)
    return out
