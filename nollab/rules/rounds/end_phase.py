"""End Phase (P. 8, P. 28): Reload weapons are ready again, the Scene's End Phase rules run
(S6/S8: empty tiles leave the board), and the First Player token passes to the left.
"""
from __future__ import annotations

from nollab.rules.engine.context import Ctx
from nollab.rules.engine.tasks import Task, task


@task("end_phase", pause=True)
def task_end_phase(ctx: Ctx) -> None:
    """Reload weapons refresh; the First Player token passes left (P. 8, P. 28)."""
    st = ctx.st
    st.phase = "end"
    st.fired = []
    ctx.scene.end_phase(ctx)
    if st.result is not None:
        return
    st.first_player = (st.first_player + 1) % len(st.players)
    ctx.emit("end", "P. 8", f"End Phase: weapons reloaded, the First Player token passes to "
             f"{', '.join(ctx.sname(x) for x in st.players[st.first_player])}")
    st.round += 1
    ctx.push(Task("round_start"))
