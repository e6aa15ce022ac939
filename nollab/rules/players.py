"""Players' Phase: resolving each Survivor Action (P. 18-21, 46).

:func:`perform` is called by the game after :mod:`nollab.rules.legal` accepted the action; it
pays the cost, changes the state and queues follow-up tasks (attacks, level-ups, the end-of-Turn
check). Decisions inside an action (keep a searched card, trade contents) are pending choices.
"""
from __future__ import annotations

from nollab.rules import car, combat, costs
from nollab.rules.actions import Action
from nollab.rules.context import Ctx
from nollab.rules.inventory import apply_layout, combine, has_effect, layouts
from nollab.rules.legal import move_extra, opening_kind
from nollab.rules.state import Choice


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
        ctx.append(["after_action", s.id])


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
    n = costs.general_left(ctx, s)
    ctx.emit("activate", "P. 18", f"{ctx.sname(sid)} takes their Turn ({n} Actions)", survivor=sid)


# ---------------------------------------------------------------------------------- movement
def enter_zone(ctx: Ctx, sid: str, zone: str) -> None:
    s = ctx.surv(sid)
    s.zone = zone
    ctx.scene.zone_entered(ctx, sid, zone)


def do_move(ctx: Ctx, s, zone: str) -> None:
    skills = costs.active(ctx, s)
    extra = move_extra(ctx, s, skills)
    frm = s.zone
    paid = costs.pay(ctx, s, "move", extra, skills)
    why = f", +{extra} for the Ghouls left behind (P. 18)" if extra else ""
    ctx.emit("move", "P. 18", f"{ctx.sname(s.id)} moves from {ctx.zname(frm)} to {ctx.zname(zone)} "
             f"({paid}{why})", survivor=s.id, frm=frm, to=zone)
    enter_zone(ctx, s.id, zone)


def do_hit_and_run(ctx: Ctx, s, zone: str) -> None:
    s.hit_and_run = False
    frm = s.zone
    ctx.emit("move", "P. 46", f"{ctx.sname(s.id)} uses Hit & Run: free Move from {ctx.zname(frm)} to "
             f"{ctx.zname(zone)}, no extra cost for Ghouls", survivor=s.id, frm=frm, to=zone)
    enter_zone(ctx, s.id, zone)


def do_bloodlust(ctx: Ctx, s, path) -> None:
    """Bloodlust: Melee (P. 46): 1 Action, Move up to 2 Zones into a Ghoul Zone, then 1 free Melee."""
    skills = costs.active(ctx, s)
    extra = move_extra(ctx, s, skills)
    paid = costs.pay(ctx, s, None, extra, skills)
    s.used.append("bloodlust")
    frm = s.zone
    ctx.emit("move", "P. 46", f"{ctx.sname(s.id)} uses Bloodlust: moves {' -> '.join([frm, *path])} ({paid}) "
             "and gains 1 free Melee Action", survivor=s.id, frm=frm, to=path[-1])
    for z in path:
        enter_zone(ctx, s.id, z)
    s.granted["melee"] = s.granted.get("melee", 0) + 1


# ---------------------------------------------------------------------------------- search
def do_search(ctx: Ctx, s, source: str) -> None:
    """Draw a card; keep it (reorganising for free) or discard it (P. 18)."""
    paid = costs.pay(ctx, s, "search")
    s.searched = True
    st = ctx.st
    if source.startswith("aside:"):
        spot = source[6:]
        uid = st.aside[spot].pop()
        ctx.emit("search", "P. 18", f"{ctx.sname(s.id)} searches ({paid}) and takes the {ctx.cname(uid)} "
                 f"({spot})", survivor=s.id, source=source, card=st.cards[uid])
    else:
        uid = draw_card(ctx, source)
        ctx.emit("search", "P. 18", f"{ctx.sname(s.id)} searches the {source.title()} deck ({paid}) and draws "
                 f"{ctx.cname(uid)}", survivor=s.id, source=source, card=st.cards[uid])
        if has_effect(ctx, s, "flashlight") and (st.decks.get(source) or st.discards.get(source)):
            second = draw_card(ctx, source)
            ctx.emit("search", "P. 18", f"Flashlight: {ctx.sname(s.id)} also draws {ctx.cname(second)}",
                     survivor=s.id, source=source, card=st.cards[second])
            ctx.ask(Choice("flashlight", s.id, "Flashlight: keep which card? (the other is discarded)", "P. 18",
                           options=[uid, second], labels=[ctx.cname(uid), ctx.cname(second)],
                           data={"source": source}))
            return
    ctx.scene.searched(ctx, s.id, source, uid)
    ask_keep(ctx, s.id, uid)


def draw_card(ctx: Ctx, deck: str) -> int:
    """Top card of an Equipment deck; an empty deck is first rebuilt from its discards (P. 18)."""
    st = ctx.st
    if not st.decks.get(deck):
        from nollab.rules import rng
        st.decks[deck] = st.discards.get(deck, [])
        st.discards[deck] = []
        st.rng = rng.shuffle(st.rng, st.decks[deck])
        ctx.emit("reshuffle", "P. 18", f"The {deck.title()} deck ran out: its discards are reshuffled")
    return st.decks[deck].pop()


def resolve_flashlight(ctx: Ctx, choice: Choice, option) -> None:
    other = next(u for u in choice.options if u != option)
    ctx.to_discard(other)
    ctx.emit("discard", "P. 18", f"{ctx.sname(choice.survivor)} discards {ctx.cname(other)} (Flashlight)",
             survivor=choice.survivor)
    ctx.scene.searched(ctx, choice.survivor, choice.data["source"], option)
    ask_keep(ctx, choice.survivor, option)


def keep_options(ctx: Ctx, sid: str) -> tuple[list, list]:
    s = ctx.surv(sid)
    opts: list = []
    labels: list = []
    if None in s.hands or len(s.backpack) < 3:
        opts.append(["keep"])
        labels.append("keep it (first free slot)")
    for i, u in enumerate(s.hands):
        if u is not None and len(s.backpack) < 3:
            opts.append(["hand", i])
            labels.append(f"keep it in Hand {i + 1}, {ctx.cname(u)} goes to the Backpack")
    for u in s.inventory():
        opts.append(["swap", u])
        labels.append(f"keep it instead of {ctx.cname(u)} (discarded)")
    opts.append(["discard"])
    labels.append("discard it")
    return opts, labels


def ask_keep(ctx: Ctx, sid: str, uid: int) -> None:
    opts, labels = keep_options(ctx, sid)
    if opts[0] != ["keep"]:  # no free slot: the named default (discard) is listed first
        i = opts.index(["discard"])
        opts.insert(0, opts.pop(i))
        labels.insert(0, labels.pop(i))
    ctx.ask(Choice("keep", sid, f"{ctx.sname(sid)} found {ctx.cname(uid)}: keep or discard?", "P. 18",
                   options=opts, labels=labels, default_name="keep-if-room", data={"card": uid}))


def resolve_keep(ctx: Ctx, choice: Choice, option) -> None:
    sid = choice.survivor
    uid = choice.data["card"]
    s = ctx.surv(sid)
    what = option[0]
    if what == "discard":
        ctx.to_discard(uid)
        ctx.emit("discard", "P. 18", f"{ctx.sname(sid)} discards {ctx.cname(uid)}", survivor=sid)
        return
    if what == "keep":
        ctx.give_to_inventory(sid, uid)
    elif what == "hand":
        i = option[1]
        s.backpack.append(s.hands[i])
        s.hands[i] = uid
    elif what == "swap":
        old = option[1]
        if old in s.hands:
            s.hands[s.hands.index(old)] = uid
        else:
            s.backpack[s.backpack.index(old)] = uid
        ctx.to_discard(old)
        ctx.emit("discard", "P. 16", f"{ctx.sname(sid)} discards {ctx.cname(old)} to make room", survivor=sid)
    ctx.emit("keep", "P. 18", f"{ctx.sname(sid)} keeps {ctx.cname(uid)}", survivor=sid, card=ctx.st.cards[uid])


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


def resolve_layout(ctx: Ctx, choice: Choice, option) -> None:
    if option == ["as_is"]:
        return
    s = ctx.surv(choice.survivor)
    apply_layout(s, option[0], option[1])
    ctx.emit("reorganize", choice.page, f"{ctx.sname(s.id)} reorganizes for free: Hands "
             f"{[ctx.cname(u) if u is not None else '-' for u in s.hands]}, Backpack "
             f"{[ctx.cname(u) for u in s.backpack]}", survivor=s.id)


# ---------------------------------------------------------------------------------- doors, barricades
def do_door(ctx: Ctx, s, oid: str, how: str) -> None:
    paid = costs.pay(ctx, s, None)
    ctx.st.set_open(oid, how == "open")
    kind = opening_kind(ctx, oid)
    name = "the Stairs" if kind == "stairs" else "a door"
    ctx.emit("door", "P. 18", f"{ctx.sname(s.id)} {how}s {name} ({oid}) ({paid})", survivor=s.id, opening=oid,
             open=how == "open")


def do_barricade(ctx: Ctx, s, oid: str, how: str) -> None:
    paid = costs.pay(ctx, s, None)
    ctx.st.set_open(oid, how == "open")
    tool = ""
    if how == "open":
        tool = " with " + next(ctx.cname(u) for u in s.hands if u is not None and ctx.card(u).opens_barricades)
    ctx.emit("barricade", "P. 19", f"{ctx.sname(s.id)} {how}s the Barricade {oid}{tool} ({paid})",
             survivor=s.id, opening=oid, open=how == "open")


# ---------------------------------------------------------------------------------- inventory
def do_reorganize(ctx: Ctx, s, h0: int, h1: int) -> None:
    paid = costs.pay(ctx, s, None)
    apply_layout(s, h0, h1)
    ctx.emit("reorganize", "P. 19", f"{ctx.sname(s.id)} reorganizes ({paid}): Hands "
             f"{[ctx.cname(u) if u is not None else '-' for u in s.hands]}, Backpack "
             f"{[ctx.cname(u) for u in s.backpack]}", survivor=s.id)


def do_trade(ctx: Ctx, s, partner: str) -> None:
    paid = costs.pay(ctx, s, None)
    ctx.emit("trade", "P. 19", f"{ctx.sname(s.id)} trades with {ctx.sname(partner)} ({paid})", survivor=s.id,
             partner=partner)
    ctx.push(["trade", s.id, partner, [], [], 0, 0])


def task_trade(ctx: Ctx, sid: str, partner: str, gave: list, took: list, tg: int, tt: int) -> None:
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
                   data={"partner": partner, "gave": gave, "took": took, "tg": tg, "tt": tt}))


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
        ctx.push(["trade", sid, partner, gave, took, tg, tt])
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


def do_combine(ctx: Ctx, s, output: str) -> None:
    """Combine for free, then "Your Survivor's inventory may be reorganized for free" (P. 29)."""
    combine(ctx, s.id, output)
    ask_layout(ctx, s.id, "after combining Special Equipment", "P. 29")


def do_discard(ctx: Ctx, s, uid: int) -> None:
    ctx.take_from_inventory(s.id, uid)
    ctx.to_discard(uid)
    ctx.emit("discard", "P. 16", f"{ctx.sname(s.id)} discards {ctx.cname(uid)} (free)", survivor=s.id)


def do_reload(ctx: Ctx, s, uids) -> None:
    paid = costs.pay(ctx, s, None)
    for u in uids:
        if u in ctx.st.fired:
            ctx.st.fired.remove(u)
    ctx.emit("reload", "P. 28", f"{ctx.sname(s.id)} reloads {' and '.join(ctx.cname(u) for u in uids)} ({paid})",
             survivor=s.id)


# ---------------------------------------------------------------------------------- combat
def do_melee(ctx: Ctx, s, hands, barbarian: bool) -> None:
    costs.pay(ctx, s, "melee")
    combat.start_attack(ctx, s.id, "melee", tuple(hands), s.zone, barbarian)


def do_ranged(ctx: Ctx, s, hands, zone: str) -> None:
    costs.pay(ctx, s, "ranged")
    combat.start_attack(ctx, s.id, "ranged", tuple(hands), zone)


def do_molotov(ctx: Ctx, s, hand: int, zone: str) -> None:
    costs.pay(ctx, s, "ranged")
    combat.molotov(ctx, s.id, hand, zone)


# ---------------------------------------------------------------------------------- skills
def do_shove(ctx: Ctx, s, zone: str) -> None:
    """Shove (P. 46): all Ghouls of the Survivor's Zone are pushed to a Zone at Range 1 (not a Move)."""
    s.used.append("shove")
    counts = ctx.st.ghouls_in(s.zone)
    for i, g in enumerate(("walker", "breaker", "fatty", "relative")):
        if counts[i]:
            ctx.remove_ghouls(s.zone, g, counts[i])
            ctx.place_ghouls(zone, g, counts[i])
    ctx.emit("shove", "P. 46", f"{ctx.sname(s.id)} shoves {sum(counts)} Ghoul(s) from {ctx.zname(s.zone)} to "
             f"{ctx.zname(zone)} (free)", survivor=s.id, to=zone)


def do_taunt(ctx: Ctx, s, zone: str) -> None:
    """Taunt (P. 46): the Ghouls of the Zone gain an extra Activation aimed at this Survivor."""
    s.used.append("taunt")
    ctx.emit("taunt", "P. 46", f"{ctx.sname(s.id)} taunts the Ghouls in {ctx.zname(zone)}: they gain an extra "
             "Activation and go for them only", survivor=s.id, zone=zone)
    counts = ctx.st.ghouls_in(zone)
    ctx.push(["activation", None, {"survivor": s.id, "zone": zone, "counts": list(counts)}])


# ---------------------------------------------------------------------------------- misc
def do_scene(ctx: Ctx, s, name: str, arg) -> None:
    cost = ctx.scene.action_cost_named(name)
    paid = costs.pay(ctx, s, None, cost - 1) if cost else "free"
    ctx.scene.perform(ctx, s.id, name, arg, paid)


def do_nothing(ctx: Ctx, s) -> None:
    s.done = True
    ctx.emit("do_nothing", "P. 20", f"{ctx.sname(s.id)} ends their Turn", survivor=s.id)


def task_after_action(ctx: Ctx, sid: str) -> None:
    """End the Turn when no Action is left (P. 18; Skills worked out once), then the next Survivor (P. 8)."""
    s = ctx.surv(sid)
    if ctx.st.active != sid:
        return
    if not s.alive or s.done or not costs.Budget(ctx, s, costs.active(ctx, s)).any_left():
        if not s.done and s.alive:
            ctx.emit("turn_end", "P. 18", f"{ctx.sname(sid)} has no Action left: end of their Turn", survivor=sid)
        s.done = True
        ctx.st.active = None
        ctx.push(["next_turn"])


HANDLERS = {
    "move": do_move, "hit_and_run": do_hit_and_run, "bloodlust": do_bloodlust, "search": do_search,
    "door": do_door, "barricade": do_barricade, "reorganize": do_reorganize, "trade": do_trade,
    "combine": do_combine, "discard": do_discard, "reload": do_reload, "melee": do_melee,
    "ranged": do_ranged, "molotov": do_molotov, "shove": do_shove, "taunt": do_taunt,
    "car_in": car.do_car_in, "car_out": car.do_car_out, "car_seat": car.do_car_seat, "drive": car.do_drive,
    "scene": do_scene, "do_nothing": do_nothing,
}
