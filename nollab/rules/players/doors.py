"""Door Action (P. 18; the Stairs token is played like a Door) and Barricade Action (P. 19: open
a closed Barricade with a Barricade-opening weapon in Hand, or close an open one). Neither is
allowed with Ghouls in the Zone; what is offered is listed by :mod:`nollab.rules.players.legal`.
"""
from __future__ import annotations

from nollab.rules.engine.board_state import opening_kind
from nollab.rules.engine.context import Ctx
from nollab.rules.players import action_budget


def do_door(ctx: Ctx, s, oid: str, how: str) -> None:
    paid = action_budget.pay(ctx, s, None)
    ctx.st.set_open(oid, how == "open")
    kind = opening_kind(ctx, oid)
    name = "the Stairs" if kind == "stairs" else "a door"
    ctx.emit("door", "P. 18", f"{ctx.sname(s.id)} {how}s {name} ({oid}) ({paid})", survivor=s.id, opening=oid,
             open=how == "open")


def do_barricade(ctx: Ctx, s, oid: str, how: str) -> None:
    paid = action_budget.pay(ctx, s, None)
    ctx.st.set_open(oid, how == "open")
    tool = ""
    if how == "open":
        tool = " with " + next(ctx.cname(u) for u in s.hands if u is not None and ctx.card(u).opens_barricades)
    ctx.emit("barricade", "P. 19", f"{ctx.sname(s.id)} {how}s the Barricade {oid}{tool} ({paid})",
             survivor=s.id, opening=oid, open=how == "open")
