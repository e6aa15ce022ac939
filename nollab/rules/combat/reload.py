"""Reload (P. 28): a fired Reload weapon needs an Action before it fires again (all are ready again
in the End Phase); "A single Action is enough to reload 2 weapons fired in a Dual manner".
"""
from __future__ import annotations

from nollab.rules.engine.context import Ctx
from nollab.rules.players import action_budget


def dual_key(uids) -> str:
    """Key of a pair of weapons fired together in a Dual manner (P. 28)."""
    return ":".join(str(u) for u in sorted(uids))


def mark_dual_fired(st, uids) -> None:
    """Remember which Reload weapons were fired *together*: "A single Action is enough to reload 2
    weapons fired in a Dual manner" (P. 28); weapons fired one by one need one Reload each. Kept in
    ``st.flags["dual_fired"]`` as immutable "uid:uid" strings (cheap clone, JSON)."""
    pairs = [k for k in st.flags.get("dual_fired", []) if not set(k.split(":")) & {str(u) for u in uids}]
    if len(uids) == 2:
        pairs.append(dual_key(uids))
    if pairs or "dual_fired" in st.flags:
        st.flags["dual_fired"] = pairs


def fired_together(st, a: int, b: int) -> bool:
    return dual_key((a, b)) in st.flags.get("dual_fired", [])


def do_reload(ctx: Ctx, s, uids) -> None:
    paid = action_budget.pay(ctx, s, None)
    for u in uids:
        if u in ctx.st.fired:
            ctx.st.fired.remove(u)
    ctx.emit("reload", "P. 28", f"{ctx.sname(s.id)} reloads {' and '.join(ctx.cname(u) for u in uids)} ({paid})",
             survivor=s.id)
