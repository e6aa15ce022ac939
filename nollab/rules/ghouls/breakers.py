"""Breakers (P. 22): "Breakers who didn't Attack Survivors spend their Action Attacking any closed
Barricades and closed Doors in their Zone. Open all Doors and Barricades in their Zone."

One implementation: :func:`breaking` is the rule (which Zones break, which Openings open), a pure
function of the board, the closed Openings, the Breakers that act and the Zones where they attack.
The engine step :func:`task_breakers` (the one the games, the forecasts and the bots' forks run)
calls it with the live state; the whole-Activation planner (:func:`.activation_plan.plan_activation`)
and :func:`breaker_openings` call it with plain data. There is no second copy of the rule.
"""
from __future__ import annotations

from typing import Any, Container, Iterable, Mapping, NamedTuple

from nollab.content_model import ghoul_label
from nollab.rules.engine.board_state import closed_set
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.records import FrozenMap
from nollab.rules.engine.state import GI
from nollab.rules.engine.tasks import Task, task
from nollab.rules.ghouls.activation import Taunted, capped, frozen, types_of, wanted
from nollab.rules.ghouls.attack_plan import Taunt, _n
from nollab.rules.ghouls.geometry import Geometry, Zone, geometry_cache


class Break(NamedTuple):
    """``breakers`` Breakers in ``zone`` break ``openings`` (sorted ids) and spend their Action (P. 22)."""

    zone: Zone
    breakers: int
    openings: tuple[str, ...]


def breaking(board: Geometry, closed: frozenset, breakers: Mapping[Zone, int],
             attacked: Container[Zone]) -> tuple[Break, ...]:
    """The Breakers' rule (P. 22), in the order of ``breakers``.

    ``breakers``: Zone -> Breakers acting there; ``attacked``: the Zones where they attack a
    Survivor instead. Every other Zone with a Breaker and a closed Opening (a Door, a Barricade, a
    barricaded window, the Stairs token "played like a Door", P. 18) breaks all of them. The closed
    set is read once: two Breaker groups on either side of one closed Door both spend their Action
    on it (docs/rulings.md)."""
    cache = geometry_cache(board)
    out = []
    for zone, n in breakers.items():
        if n <= 0 or zone in attacked:
            continue
        ops = cache.closed_openings(zone, closed)
        if ops:
            out.append(Break(zone, n, tuple(sorted(ops))))
    return tuple(out)


@task("breakers", pause=True, load=(types_of, Taunted.of, frozen))
def task_breakers(ctx: Ctx, types: tuple | None, taunt: Taunted | None, present: FrozenMap | None = None) -> None:
    """The Breakers of the live game (:func:`breaking`), then the moves (P. 22: "Attacks on
    survivors (or closed barricades and closed doors) are resolved first, then all the Moves").

    Only the Breakers on the board when the Activation started act (``present``, P. 8); with a
    Taunt (P. 46) only the taunted Zone's, and they attack only the taunting Survivor. Every
    Opening found opens together."""
    st = ctx.st
    found: tuple[Break, ...] = ()
    if wanted(types, "breaker"):
        zones = [taunt.zone] if taunt is not None else sorted(st.ghouls)
        acting: dict[Zone, int] = {}
        attacked = set()
        for zone in zones:
            n = capped({"breaker": st.ghouls_in(zone)[GI["breaker"]]}, zone, present).get("breaker", 0)
            if taunt is not None:
                n = min(n, taunt.counts[GI["breaker"]])
            if not n:
                continue
            acting[zone] = n
            if (ctx.surv(taunt.survivor).zone == zone) if taunt is not None else st.survivors_in(zone):
                attacked.add(zone)
        found = breaking(ctx.board, closed_set(ctx), acting, attacked)
        for o in sorted({o for b in found for o in b.openings}):
            st.set_open(o, True)
        for b in found:
            ctx.emit("break", "P. 22", f"{ghoul_label('breaker', b.breakers)} in {ctx.zname(b.zone)} break open "
                     f"{', '.join(b.openings)}", zone=b.zone, openings=list(b.openings))
    ctx.push(Task("ghoul_moves", (types, tuple(b.zone for b in found), taunt, present)))


def breaker_counts(ghouls_by_zone: Mapping[Zone, Mapping[str, int]],
                   breaker_types: Iterable[str] = ("breaker",)) -> dict[Zone, int]:
    """Zone -> Breakers in it (of any of ``breaker_types``), from per-type counts."""
    types = tuple(breaker_types)
    out = {}
    for zone, counts in ghouls_by_zone.items():
        n = sum(max(counts.get(t, 0), 0) for t in types)
        if n:
            out[zone] = n
    return out


def attacked_zones(survivors_by_zone: Mapping[Zone, Any], taunt: Taunt | None) -> set:
    """Zones where the Ghouls attack a Survivor (P. 22): any Survivor there, or only the taunting
    Survivor's Zone (P. 46)."""
    if taunt is not None:
        return {taunt.zone}
    return {z for z, s in survivors_by_zone.items() if _n(s) > 0}


def breaker_openings(board: Geometry, closed: frozenset, ghouls_by_zone: Mapping[Zone, Mapping[str, int]],
                     survivors_by_zone: Mapping[Zone, Any], *, taunt: Taunt | None = None,
                     breaker_types: Iterable[str] = ("breaker",)) -> frozenset:
    """Ids of the closed Openings the Breakers of ``ghouls_by_zone`` open (P. 22; :func:`breaking` on
    plain data). Those Breakers spent their Action: :func:`plan_activation` does not move them."""
    found = breaking(board, closed, breaker_counts(ghouls_by_zone, breaker_types),
                     attacked_zones(survivors_by_zone, taunt))
    return frozenset(o for b in found for o in b.openings)
