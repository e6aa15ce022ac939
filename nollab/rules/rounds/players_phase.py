"""Players' Phase (P. 8): whose Turn is next, and the end of the phase.

"The first player activates their Survivors, one at a time, in the order of their choice", then
the player to their left (P. 8). A player with a single Survivor left activates it at once; with
several, the legal actions are the ``activate`` actions of those Survivors. When every Survivor
has acted, the Scene's end-of-Players'-Phase rules run (losses such as "a Ghoul in the house"),
then the Ghouls' Phase begins (:mod:`nollab.rules.ghouls.activation`).
"""
from __future__ import annotations

from nollab.rules.engine.context import Ctx
from nollab.rules.engine.tasks import Task, task
from nollab.rules.players.turn import activate


@task("round_start")
def task_round_start(ctx: Ctx) -> None:
    st = ctx.st
    st.phase = "players"
    st.turn = 0
    for s in st.survivors.values():
        s.activated = False
        s.done = False
    first = st.players[st.first_player]
    ctx.emit("round", "P. 8", f"Round {st.round}: Players' Phase, first player {', '.join(ctx.sname(x) for x in first)}")
    ctx.push(Task("next_turn"))


@task("next_turn")
def task_next_turn(ctx: Ctx) -> None:
    """Next Survivor: the current player's, in the order of their choice, then the player to the
    left (P. 8). A player with one Survivor left activates it at once."""
    st = ctx.st
    while st.turn < len(st.players):
        cands = current_candidates(ctx)
        if len(cands) == 1:
            activate(ctx, cands[0])
            return
        if cands:
            st.active = None
            return  # legal actions: "activate" one of them
        st.turn += 1
    ctx.push(Task("end_players_phase"))


@task("end_players_phase")
def task_end_players_phase(ctx: Ctx) -> None:
    ctx.st.active = None
    ctx.scene.end_of_players_phase(ctx)
    if ctx.st.result is None:
        ctx.st.phase = "ghouls"
        ctx.push(Task("ghouls_phase"))


def current_candidates(ctx: Ctx) -> list[str]:
    """Survivors the current player may activate next (P. 8: in the order of their choice)."""
    st = ctx.st
    if not st.players:
        return []
    p = st.players[(st.first_player + st.turn) % len(st.players)]
    return [x for x in p if st.survivors[x].alive and not st.survivors[x].activated]
