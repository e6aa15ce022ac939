"""Ghoul Moves (P. 23), one Zone's Ghouls at a time: the Ghouls that neither attacked nor broke an
Opening move 1 Zone toward their destination (:mod:`.move_plan`); uneven splits and a lone
Ghoul's route are player decisions (``ghoul_split``); every move is logged with its reason.
"""
from __future__ import annotations

from nollab.content_model import ghoul_label
from nollab.rules.engine.board_state import closed_set
from nollab.rules.engine.choices import resolver
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.records import FrozenMap
from nollab.rules.engine.state import GI, Choice
from nollab.rules.engine.tasks import Task, task
from nollab.rules.ghouls.activation import Taunted, acting_counts, capped, frozen, types_of
from nollab.rules.ghouls.attack_plan import Taunt
from nollab.rules.ghouls.move_plan import plan_moves, resolve_moves


#: a moving group's split answers before any decision (shared: a FrozenMap never changes)
NO_ANSWERS = FrozenMap()


@task("ghoul_moves", load=(types_of, tuple, Taunted.of, frozen))
def task_ghoul_moves(ctx: Ctx, types: tuple | None, breaking: tuple, taunt: Taunted | None,
                     present: FrozenMap | None = None) -> None:
    """Snapshot the Ghouls that move (those that neither attacked nor broke) (P. 22-23), at most as
    many per Zone and type as were there when the Activation started (``present``): Ghouls placed
    during this Activation act in the next one (P. 8, P. 22; S9 P. 42)."""
    st = ctx.st
    tasks = []
    zones = [taunt.zone] if taunt is not None else sorted(st.ghouls)
    for zone in zones:
        if taunt is None and st.survivors_in(zone):
            continue
        if taunt is not None and ctx.surv(taunt.survivor).zone == zone:
            continue
        counts = capped(acting_counts(ctx, zone, types), zone, present)
        if taunt is not None:
            counts = {g: min(n, taunt.counts[GI[g]]) for g, n in counts.items()}
        if zone in breaking:
            counts.pop("breaker", None)
        counts = {g: n for g, n in counts.items() if n}
        if counts:
            tasks.append(Task("ghoul_move_zone", (zone, FrozenMap(counts), taunt, NO_ANSWERS)))
    ctx.push(*tasks)


@task("ghoul_move_zone", pause=True, load=(None, frozen, Taunted.of, frozen))
def task_ghoul_move_zone(ctx: Ctx, zone: str, counts: FrozenMap, taunt: Taunted | None, answers: FrozenMap) -> None:
    """Move one Zone's Ghouls 1 Zone toward their destination(s) with
    :func:`nollab.rules.ghouls.move_plan.plan_moves`: most Survivors in sight, else most Survivors; shortest
    route with the all-open fallback; even split over equal routes and equal targets; uneven
    remainders and lone Ghouls are player decisions (P. 23)."""
    st = ctx.st
    tt = None
    if taunt is not None:
        s = ctx.surv(taunt.survivor)
        if not s.alive:
            return
        tt = Taunt(s.id, s.zone)
    plan = plan_moves(ctx.board, closed_set(ctx), {}, st.survivor_zones(), movers={zone: counts}, taunt=tt)
    for d in plan.decisions:
        if d.ghoul_type not in answers:
            labels = [" + ".join(ctx.zname(z) if z != zone else f"stay ({ctx.zname(z)})" for z in opt)
                      for opt in d.options]
            what = (f"the lone {ctx.content.ghoul_types[d.ghoul_type].name}" if counts.get(d.ghoul_type) == 1
                    else f"the {ghoul_label(d.ghoul_type, d.count)} left over by an uneven split")
            ctx.ask(Choice("ghoul_split", None, f"{ctx.zname(zone)}: where do {what} go?", "P. 23",
                           options=[list(o) for o in d.options], labels=labels, default_name="first-routes",
                           data={"zone": zone, "counts": counts, "taunt": taunt, "answers": answers,
                                 "type": d.ghoul_type}))
            return
    key = {d.ghoul_type: d.key for d in plan.decisions}
    moves = resolve_moves(plan, {key[g]: i for g, i in answers.items() if g in key})
    for m in moves:
        ctx.remove_ghouls(m.from_zone, m.ghoul_type, m.count)
        ctx.place_ghouls(m.to_zone, m.ghoul_type, m.count)
        text = m.explanation.replace(f" from {m.from_zone} to {m.to_zone} ",
                                     f" from {ctx.zname(m.from_zone)} to {ctx.zname(m.to_zone)} "
                                     f"{_direction(ctx, m.from_zone, m.to_zone)} ")
        ctx.emit("ghoul_move", "P. 23", _strip_page(text), zone=m.from_zone, to=m.to_zone, ghoul=m.ghoul_type,
                 count=m.count)
    for stay in plan.stays:
        ctx.emit("ghoul_stay", "P. 23", _strip_page(stay.explanation.replace(f" in {stay.zone}:",
                                                                            f" in {ctx.zname(stay.zone)}:")),
                 zone=stay.zone, ghoul=stay.ghoul_type, count=stay.count)


def _strip_page(text: str) -> str:
    return text[:-8] if text.endswith(" (P. 23)") else text


def _direction(ctx: Ctx, a: str, b: str) -> str:
    try:
        ra, ca = ctx.board.zones[a].centre
        rb, cb = ctx.board.zones[b].centre
    except (AttributeError, KeyError):
        return ""
    dr, dc = rb - ra, cb - ca
    if abs(dr) >= abs(dc):
        return "(south)" if dr > 0 else "(north)"
    return "(east)" if dc > 0 else "(west)"


@resolver("ghoul_split")
def resolve_ghoul_split(ctx: Ctx, choice: Choice, option) -> None:
    d = choice.data
    answers = {**d["answers"], d["type"]: choice.options.index(option)}
    ctx.push(Task("ghoul_move_zone", (d["zone"], frozen(d["counts"]), Taunted.of(d["taunt"]), FrozenMap(answers))))
