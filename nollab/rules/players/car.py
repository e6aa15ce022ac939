"""Car Actions (P. 20-21): get in or out, change seats, drive 1-2 exterior Zones with a Car Attack
in every Zone entered that holds Ghouls (Targeting Priority, Friendly Fire on pedestrians, XP to the
Driver, P. 28). "Unless they are Car-related, the Survivor's Skills don't apply to the Car itself or
the attacks performed with it."
"""
from __future__ import annotations

from nollab.rules.combat.car_attack import car_attack
from nollab.rules.engine.board_state import closed_set
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.tasks import Task, task
from nollab.rules.players import action_budget


def do_car_in(ctx: Ctx, s, seat: str = "") -> None:
    """Get in: "Set the Survivor's miniature either on the Driver's seat, if it is empty, or on the Car
    token as a Passenger" (P. 20). ``()`` takes the Driver's seat when it is empty; ``("passenger",)``
    sits as a Passenger even then (the player's choice)."""
    paid = action_budget.pay(ctx, s, None)
    riders = [x for x in ctx.st.survivors.values() if x.alive and x.in_car]
    s.in_car = True
    s.driver = seat != "passenger" and not any(x.driver for x in riders)
    ctx.emit("car", "P. 20", f"{ctx.sname(s.id)} gets in the Car as {'Driver' if s.driver else 'Passenger'} ({paid})",
             survivor=s.id)


def do_car_out(ctx: Ctx, s) -> None:
    paid = action_budget.pay(ctx, s, None)
    s.in_car = s.driver = False
    ctx.emit("car", "P. 20", f"{ctx.sname(s.id)} gets out of the Car ({paid})", survivor=s.id)


def do_car_seat(ctx: Ctx, s) -> None:
    """Become the Driver (the old Driver becomes a Passenger: "Swap the Survivor miniatures") or a
    Passenger (P. 21)."""
    paid = action_budget.pay(ctx, s, None)
    if not s.driver:
        for x in ctx.st.survivors.values():
            if x.driver and x.id != s.id:
                x.driver = False
    s.driver = not s.driver
    ctx.emit("car", "P. 21", f"{ctx.sname(s.id)} changes seats: now {'Driver' if s.driver else 'Passenger'} ({paid})",
             survivor=s.id)


def do_drive(ctx: Ctx, s, path) -> None:
    """Drive 1-2 exterior Zones; a Car Attack in each Zone entered holding Ghouls (P. 21)."""
    paid = action_budget.pay(ctx, s, None)
    ctx.emit("drive", "P. 21", f"{ctx.sname(s.id)} drives {' -> '.join([s.zone, *path])} ({paid})", survivor=s.id)
    tasks = []
    for z in path:
        tasks.append(Task("car_enter", (s.id, z)))
    ctx.push(*tasks)


@task("car_enter")
def task_car_enter(ctx: Ctx, driver: str, zone: str) -> None:
    ctx.st.car["zone"] = zone
    for x in ctx.st.survivors.values():
        if x.alive and x.in_car:
            x.zone = zone
            ctx.scene.zone_entered(ctx, x.id, zone)
    if ctx.st.ghoul_count(zone):
        car_attack(ctx, driver, zone)


def drive_paths(ctx: Ctx, z: str, closed) -> list[tuple[str, ...]]:
    """1 or 2 consecutive exterior Zones (P. 21)."""
    out = []
    for n in sorted(ctx.board.car_neighbors(z, closed)):
        out.append((n,))
        for m in sorted(ctx.board.car_neighbors(n, closed)):
            if m != z:
                out.append((n, m))
    return out


def car_options(ctx: Ctx, s) -> list[tuple[str, int]]:
    """``(zone, range)`` of every Zone holding Ghouls that a Car Attack of ``s`` can hit this Action,
    whatever the Actions left (the odds read it for any Survivor): the Driver of the Car in their Zone
    drives 1-2 exterior Zones, if the Scene allows driving, and attacks each Zone entered that holds
    Ghouls (P. 21, P. 28); ``range`` 1 for a Zone next to the Car, else 2."""
    st = ctx.st
    car = st.car
    if not (s.alive and s.in_car and s.driver) or car is None or car.get("zone") != s.zone \
            or not ctx.scene.can_drive(ctx):
        return []
    closed = closed_set(ctx)
    near = set(ctx.board.car_neighbors(s.zone, closed))
    out: dict[str, int] = {}
    for path in drive_paths(ctx, s.zone, closed):
        for z in path:
            if st.ghoul_count(z):
                out.setdefault(z, 1 if z in near else 2)
    return sorted(out.items())
