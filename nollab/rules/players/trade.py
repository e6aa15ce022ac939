"""Reorganize/Trade (P. 19): for 1 Action, reorganise the inventory, or trade any cards (and S1
Barricade tokens) with one Survivor in the same Zone; both may then reorganise for free.
"""
from __future__ import annotations

from nollab.rules.engine.choices import resolver
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import Choice
from nollab.rules.engine.tasks import Task, task
from nollab.rules.players import action_budget
from nollab.rules.survivors.inventory import apply_layout, layouts


def do_reorganize(ctx: Ctx, s, h0: int, h1: int) -> None:
    paid = action_budget.pay(ctx, s, None)
    apply_layout(s, h0, h1)
    ctx.emit("reorganize", "P. 19", f"{ctx.sname(s.id)} reorganizes ({paid}): Hands "
             f"{[ctx.cname(u) if u is not None else '-' for u in s.hands]}, Backpack "
             f"{[ctx.cname(u) for u in s.backpack]}", survivor=s.id)


def do_trade(ctx: Ctx, s, partner: str) -> None:
    paid = action_budget.pay(ctx, s, None)
    ctx.emit("trade", "P. 19", f"{ctx.sname(s.id)} trades with {ctx.sname(partner)} ({paid})", survivor=s.id,
             partner=partner)
    ctx.push(Task("trade", (s.id, partner, (), (), 0, 0)))


@task("trade", load=(None, None, tuple, tuple))
def task_trade(ctx: Ctx, sid: str, partner: str, gave: tuple, took: tuple, tg: int, tt: int) -> None:
    """One step of a Trade: give a card, take a card, or finish (P. 19). Cards move once each."""
    s, p = ctx.surv(sid), ctx.surv(partner)
    mine = [u for u in s.inventory() if u not in took]
    theirs = [u for u in p.inventory() if u not in gave]
    opts: list = []
    labels: list = []
    n_s = len(mine) - len(gave) + len(took)
    n_p = len(theirs) - len(took) + len(gave)
    if n_s <= 5 and n_p <= 5:
        opts.append(["done"])
        labels.append("finish the trade")
    for u in mine:
        if u not in gave:
            opts.append(["give", u])
            labels.append(f"give {ctx.cname(u)}")
    for u in theirs:
        if u not in took:
            opts.append(["take", u])
            labels.append(f"take {ctx.cname(u)}")
    if s.barricades - tg > 0:
        opts.append(["give_token"])
        labels.append("give a Barricade token")
    if p.barricades - tt > 0:
        opts.append(["take_token"])
        labels.append("take a Barricade token")
    ctx.ask(Choice("trade", sid, f"Trade between {ctx.sname(sid)} and {ctx.sname(partner)}", "P. 19",
                   options=opts, labels=labels, default_name="finish",
                   data={"partner": partner, "gave": list(gave), "took": list(took), "tg": tg, "tt": tt}))


@resolver("trade")
def resolve_trade(ctx: Ctx, choice: Choice, option) -> None:
    d = choice.data
    sid, partner = choice.survivor, d["partner"]
    gave, took, tg, tt = list(d["gave"]), list(d["took"]), d["tg"], d["tt"]
    what = option[0]
    if what == "give":
        gave.append(option[1])
    elif what == "take":
        took.append(option[1])
    elif what == "give_token":
        tg += 1
    elif what == "take_token":
        tt += 1
    if what != "done":
        ctx.push(Task("trade", (sid, partner, tuple(gave), tuple(took), tg, tt)))
        return
    for u in gave:
        ctx.take_from_inventory(sid, u)
    for u in took:
        ctx.take_from_inventory(partner, u)
    for u in gave:
        ctx.give_to_inventory(partner, u)
    for u in took:
        ctx.give_to_inventory(sid, u)
    s, p = ctx.surv(sid), ctx.surv(partner)
    s.barricades += tt - tg
    p.barricades += tg - tt
    parts = [f"{ctx.sname(sid)} gives {', '.join(ctx.cname(u) for u in gave) or 'nothing'}",
             f"{ctx.sname(partner)} gives {', '.join(ctx.cname(u) for u in took) or 'nothing'}"]
    if tg or tt:
        parts.append(f"Barricade tokens {tg} -> / <- {tt}")
    ctx.emit("traded", "P. 19", "; ".join(parts), survivor=sid, partner=partner)
    if gave or took:
        ask_layout(ctx, sid, "Reorganize/Trade", "P. 19")
        ask_layout(ctx, partner, "the trading partner reorganizes for free", "P. 19")
    ctx.scene.traded(ctx, sid, partner, gave, took)


def ask_layout(ctx: Ctx, sid: str, why: str, page: str) -> None:
    """A free reorganisation after a Trade (P. 19): keep the inventory as it is (the default) or put
    any cards in the Hands, the rest in the Backpack. (After a Search the keep options place the
    card: docs/rulings.md "Trade and free reorganisation".)"""
    s = ctx.surv(sid)
    opts = layouts(ctx, s)
    if not opts:
        return
    def name(u):
        return ctx.cname(u) if u != -1 else "-"
    options = [["as_is"]] + [[h0, h1] for h0, h1 in opts]
    labels = ["leave the inventory as it is"] + [f"Hands: {name(h0)}, {name(h1)}" for h0, h1 in opts]
    ctx.ask(Choice("layout", sid, f"{ctx.sname(sid)} may reorganize for free ({why})", page, options=options,
                   labels=labels, default_name="as-is"))


@resolver("layout")
def resolve_layout(ctx: Ctx, choice: Choice, option) -> None:
    if option == ["as_is"]:
        return
    s = ctx.surv(choice.survivor)
    apply_layout(s, option[0], option[1])
    text = (f"{ctx.sname(s.id)} reorganizes for free: Hands {[ctx.cname(u) if u is not None else '-' for u in s.hands]}"
            f", Backpack {[ctx.cname(u) for u in s.backpack]}")
    if choice.page == "P. 18":  # the card found by a Search (or S1's Winchester 94) placed for free
        ctx.emit("reorganize", "P. 18", text, survivor=s.id)
    else:
        ctx.emit("reorganize", choice.page, text, survivor=s.id)
