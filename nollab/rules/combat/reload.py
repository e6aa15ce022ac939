"""Reload (P. 28): a fired Reload weapon needs an Action before it fires again (all are ready again
in the End Phase); "A single Action is enough to reload 2 weapons fired in a Dual manner".
"""
from __future__ import annotations

from nollab.rules.engine.context import Ctx
from nollab.rules.players import action_budget


def mark_dual_fired(st, uids) -> None:
    """Remember which Reload weapons were fired *together*: "A single Action is enough to reload 2
    weapons fired in a Dual manner" (P. 28); weapons fired one by one need one Reload each. Kept in
    ``st.dual_fired`` as sorted ``[uid, uid]`` pairs; firing a weapon again forgets its old pair."""
    st.dual_fired = [p for p in st.dual_fired if not set(p) & set(uids)]
    if len(uids) == 2:
        st.dual_fired.append(sorted(uids))


def fired_together(st, a: int, b: int) -> bool:
    return sorted((a, b)) in st.dual_fired


def do_reload(ctx: Ctx, s, uids) -> None:
    paid = action_budget.pay(ctx, s, None)
    for u in uids:
        if u in ctx.st.fired:
            ctx.st.fired.remove(u)
    ctx.emit("reload", "P. 28", f"{ctx.sname(s.id)} reloads {' and '.join(ctx.cname(u) for u in uids)} ({paid})",
             survivor=s.id)
