"""A Survivor's Turn (P. 8, P. 18, P. 20): activation, resolving one Action, the end of the Turn.

:func:`perform` is called by the game after :mod:`nollab.rules.players.legal` accepted the action:
the Action's handler (one per kind, :data:`HANDLERS`, in the module of its rule) pays the cost,
changes the state and queues follow-up tasks (attacks, level-ups); then ``after_action`` ends the
Turn when no Action is left. Decisions inside an Action (keep a searched card, trade contents) are
pending choices. "Take or activate an objective" (P. 20) is a Scene's action (``scene``).
"""
from __future__ import annotations

from nollab.rules.combat.attack import do_melee, do_ranged
from nollab.rules.combat.molotov import do_molotov
from nollab.rules.combat.reload import do_reload
from nollab.rules.engine.actions import Action
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.tasks import Task, task
from nollab.rules.players import action_budget, car
from nollab.rules.players.doors import do_barricade, do_door
from nollab.rules.players.free_actions import do_combine, do_discard
from nollab.rules.players.move import do_move
from nollab.rules.players.search import do_search
from nollab.rules.players.skill_actions import do_bloodlust, do_hit_and_run, do_shove, do_taunt
from nollab.rules.players.trade import do_reorganize, do_trade


#: Taking the Hit & Run Move, or a free discard/combination ("at any time, for free", P. 16, P. 29),
#: keeps a pending Hit & Run Move; any other Action makes it lapse.
FREE_ANYTIME = ("hit_and_run", "discard", "combine")


def perform(ctx: Ctx, a: Action) -> None:
    st = ctx.st
    if a.kind == "activate":
        activate(ctx, a.survivor)
        return
    s = ctx.surv(a.survivor)
    k = a.kind
    if k not in FREE_ANYTIME:
        s.hit_and_run = False  # Hit & Run is "just after" the killing Action (P. 46)
    fn = HANDLERS[k]
    fn(ctx, s, *a.params)
    if st.result is None:
        ctx.append(Task("after_action", (s.id,)))


def activate(ctx: Ctx, sid: str) -> None:
    """Start a Survivor's Turn: 3 Actions plus Skills (P. 8, P. 18)."""
    s = ctx.surv(sid)
    s.activated = True
    s.done = False
    s.spent = 0
    s.free_spent = {}
    s.granted = {}
    s.searched = False
    s.used = []
    s.hit_and_run = False
    ctx.st.active = sid
    n = action_budget.general_left(ctx, s)
    ctx.emit("activate", "P. 18", f"{ctx.sname(sid)} takes their Turn ({n} Actions)", survivor=sid)


def do_scene(ctx: Ctx, s, name: str, arg) -> None:
    cost = ctx.scene.action_cost_named(name)
    paid = action_budget.pay(ctx, s, None, cost - 1) if cost else "free"
    ctx.scene.perform(ctx, s.id, name, arg, paid)


def do_nothing(ctx: Ctx, s) -> None:
    s.done = True
    ctx.emit("do_nothing", "P. 20", f"{ctx.sname(s.id)} ends their Turn", survivor=s.id)


@task("after_action")
def task_after_action(ctx: Ctx, sid: str) -> None:
    """End the Turn when no Action is left (P. 18; Skills worked out once), then the next Survivor (P. 8)."""
    s = ctx.surv(sid)
    if ctx.st.active != sid:
        return
    if not s.alive or s.done or not action_budget.Budget(ctx, s, action_budget.active(ctx, s)).any_left():
        if not s.done and s.alive:
            ctx.emit("turn_end", "P. 18", f"{ctx.sname(sid)} has no Action left: end of their Turn", survivor=sid)
        s.done = True
        ctx.st.active = None
        ctx.push(Task("next_turn"))


HANDLERS = {
    "move": do_move, "hit_and_run": do_hit_and_run, "bloodlust": do_bloodlust, "search": do_search,
    "door": do_door, "barricade": do_barricade, "reorganize": do_reorganize, "trade": do_trade,
    "combine": do_combine, "discard": do_discard, "reload": do_reload, "melee": do_melee,
    "ranged": do_ranged, "molotov": do_molotov, "shove": do_shove, "taunt": do_taunt,
    "car_in": car.do_car_in, "car_out": car.do_car_out, "car_seat": car.do_car_seat, "drive": car.do_drive,
    "scene": do_scene, "do_nothing": do_nothing,
}
