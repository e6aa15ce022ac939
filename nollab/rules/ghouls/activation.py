"""The Ghouls' Phase begins, and one Activation of the Ghouls (P. 8, P. 22; P. 25; Taunt P. 46).

Everything is a queued task (:mod:`nollab.rules.engine.tasks`), so a Ghouls' Phase can be stepped
one Zone at a time and stopped on any player decision. An Activation queues, in order, the
attacks (:mod:`.attack`), the Breakers (:mod:`.breakers`) and the moves (:mod:`.move`). Only the
Ghouls on the board when it starts act (P. 8 "All Ghouls on the board activate"): Ghouls placed
during it (S9 "Spawning in houses", P. 42) wait for the next one.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from nollab.content_model import ghoul_plural
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.records import FrozenMap
from nollab.rules.engine.state import GHOUL_TYPES, GI
from nollab.rules.engine.tasks import Task, task


class Taunted(NamedTuple):
    """A Taunt (P. 46): the Ghouls of ``zone`` (at most ``counts`` of each type, :data:`GHOUL_TYPES`
    order, as there when the Taunt was used) go for ``survivor`` only. Saved as the JSON object
    ``{"survivor", "zone", "counts"}`` of the earlier saves."""

    survivor: str
    zone: str
    counts: tuple

    def to_json(self) -> dict:
        return {"survivor": self.survivor, "zone": self.zone, "counts": list(self.counts)}

    @classmethod
    def of(cls, t: Any) -> "Taunted | None":
        """The record of a Taunt given as a record, its JSON object (a save; the Taunt Action, which
        cannot import this chapter) or None."""
        if t is None or t.__class__ is cls:
            return t
        return cls(t["survivor"], t["zone"], tuple(t["counts"]))


def types_of(types: Any) -> tuple | None:
    """The Ghoul types that act (None: all of them) as a tuple."""
    return None if types is None else tuple(types)


def frozen(d: Any) -> FrozenMap | None:
    """A mapping read from a save (or built by a step) as a read-only record field."""
    if d is None or d.__class__ is FrozenMap:
        return d
    return FrozenMap({k: (tuple(v) if isinstance(v, list) else v) for k, v in d.items()})


@task("ghouls_phase", pause=True)
def task_ghouls_phase(ctx: Ctx) -> None:
    ctx.emit("phase", "P. 22", "Ghouls' Phase: every Ghoul activates (attacks first, then moves), then Spawn")
    if ctx.scene.wants("before_spawn"):  # only Scenes with such a rule get the extra step
        ctx.push(Task("activation", (None, None)), Task("before_spawn"), Task("spawn_step"), Task("end_phase"))
    else:
        ctx.push(Task("activation", (None, None)), Task("spawn_step"), Task("end_phase"))


def wanted(types, gtype: str) -> bool:
    return types is None or gtype in types


def acting_counts(ctx: Ctx, zone: str, types) -> dict[str, int]:
    c = ctx.st.ghouls_in(zone)
    return {g: c[i] for i, g in enumerate(GHOUL_TYPES) if c[i] and wanted(types, g)}


def present_ghouls(ctx: Ctx) -> FrozenMap:
    """The Ghouls on the board, per Zone and type (counts in :data:`GHOUL_TYPES` order): taken when
    an Activation starts, so Ghouls placed during it (S9 "Spawning in houses" after a Breaker opens
    a house, P. 42) wait for the next Activation (P. 8: "All Ghouls on the board activate")."""
    return FrozenMap({z: c for z, c in ctx.st.ghouls.items() if any(c)})


def capped(counts: dict[str, int], zone: str, present) -> dict[str, int]:
    """``counts`` limited to the Ghouls present when the Activation started (``present`` None: no
    limit, for tasks queued by older saves)."""
    if present is None:
        return counts
    was = present.get(zone) or (0,) * len(GHOUL_TYPES)
    return {g: min(n, was[GI[g]]) for g, n in counts.items() if min(n, was[GI[g]])}


@task("activation", load=(types_of, Taunted.of))
def task_activation(ctx: Ctx, types: tuple | None, taunt: Taunted | None) -> None:
    """One Activation of the given Ghouls (all; one type after running out, P. 25; a taunted
    Zone, P. 46): attacks, then Breakers, then moves (P. 22). Only the Ghouls on the board now
    act: the snapshot travels with the Breakers' and the moves' tasks."""
    st = ctx.st
    if taunt is not None and taunt.__class__ is not Taunted:  # the Taunt Action's JSON object
        taunt = Taunted.of(taunt)
    if types is not None and types.__class__ is not tuple:
        types = tuple(types)
    present = present_ghouls(ctx)
    tasks = []
    if taunt is None:
        for zone in sorted(st.ghouls):
            if acting_counts(ctx, zone, types) and st.survivors_in(zone):
                tasks.append(Task("ghoul_attack", (zone, types, None)))
    else:
        tz = ctx.surv(taunt.survivor).zone
        if tz == taunt.zone and ctx.surv(taunt.survivor).alive:
            tasks.append(Task("ghoul_attack", (tz, types, taunt)))
    tasks.append(Task("breakers", (types, taunt, present)))
    if types is not None:
        ctx.emit("activation", "P. 25", f"Extra Activation of every {ghoul_plural(types[0])}")
    ctx.push(*tasks)
