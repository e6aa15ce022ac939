"""Doing an action (pp. 3-5): each kind's effect, then ``["after_action"]`` (end of turn when the
actions are spent). Follow-ups that need a decision or a die -- the fight of a movement check, a
card draw, the Rescuers' arc -- are tasks, so an action is applied in one call and the game then
waits for what it asks.
"""
from __future__ import annotations

from nollab.packs.dead_panic.engine.cards import ask_discard, card_name, discard_card, new_card
from nollab.packs.dead_panic.engine.combat import damage_target, end_check, target_name
from nollab.packs.dead_panic.engine.core import Action, Ctx, on_chance, resolver, task
from nollab.packs.dead_panic.engine.fight import ask_fight, check_options, pass_bait
from nollab.packs.dead_panic.engine.guns import flare_burst, shoot, start_ak47, start_shots, targets_in
from nollab.packs.dead_panic.engine.legal import cost
from nollab.packs.dead_panic.engine.spaces import split
from nollab.packs.dead_panic.engine.state import RADIO, RADIO_PIECE, Card, Player

__all__ = ["perform", "enter_space"]


def _card(p: Player, uid: int) -> Card:
    return next(c for c in p.hand if c.uid == uid)


def enter_space(ctx: Ctx, p: Player, space: str, page: str = "p. 5") -> None:
    """Put a Character on ``space``; Zombies there mean a movement check (p. 5) unless Zombie Muck."""
    p.space = space
    if p.muck_round == ctx.st.round:
        return
    foes = check_options(ctx, space)
    if foes:
        ctx.emit("movement_check", page, f"{ctx.name(p.id)} walks into Zombies in {space}: a movement check",
                 player=p.id, space=space)
        ask_fight(ctx, p, foes, "check", page)


def perform(ctx: Ctx, a: Action) -> None:
    st = ctx.st
    p = st.player(a.player)
    spent = cost(ctx, p, a.kind)
    if st.guest is not None:
        st.guest["left"] -= spent
    else:
        st.actions_left -= spent
    if a.kind == "repair" and spent == 0:
        p.used.append("free_repair")
    ctx.push(["after_action"])
    HANDLERS[a.kind](ctx, p, *a.params)


# ---- the handlers ---------------------------------------------------------------------------------------------
def _move(ctx: Ctx, p: Player, to: str) -> None:
    ctx.emit("move", "p. 5", f"{ctx.name(p.id)} moves {p.space} -> {to}", player=p.id, to=to)
    enter_space(ctx, p, to)


def _draw(ctx: Ctx, p: Player) -> None:
    ctx.push(["draw_card", p.id, "action"])


def _shoot(ctx: Ctx, p: Player, uid: int, target: str) -> None:
    card = _card(p, uid)
    if ctx.box.cabin[card.card].special == "elephant":  # "kills a Zombie in range" (p. 4)
        card.shots = 0
        card.club = True
        ctx.st.bullets += 1
        ctx.emit("shoot", "p. 4", f"{ctx.name(p.id)} fires the Elephant Gun at the {target_name(ctx, target)}",
                 player=p.id, target=target)
        damage_target(ctx, target, 99, "p. 4", ctx.name(p.id))
        return
    shoot(ctx, p, card, target)


def _ak47(ctx: Ctx, p: Player, uid: int) -> None:
    start_ak47(ctx, p, _card(p, uid))


def _flare_burst(ctx: Ctx, p: Player, uid: int, space: str) -> None:
    flare_burst(ctx, p, _card(p, uid), space)


def _flare_signal(ctx: Ctx, p: Player, uid: int) -> None:
    """ "signal a Survivor for placement in the Woods (with a die roll)" (p. 4): a Survivor token from
    the bag, its arc by the placement die (docs/rulings.md)."""
    card = _card(p, uid)
    card.shots = 0
    card.club = True
    ctx.st.bullets += 1
    ctx.st.bag["survivor"] -= 1
    ctx.emit("flare", "p. 4", f"{ctx.name(p.id)} fires the Flare Gun to signal a Survivor", player=p.id)
    ctx.d6("p. 4", "token_arc", "The placement die for the signalled Survivor", kind="survivor")


def _double(ctx: Ctx, p: Player, uid: int) -> None:
    p.used.append("double_shot")
    start_shots(ctx, p, _card(p, uid), 2)


def _grip(ctx: Ctx, p: Player, tape: int, weapon: int) -> None:
    t, w = _card(p, tape), _card(p, weapon)
    p.hand.remove(t)
    w.grip = True
    ctx.emit("grip", "p. 4", f"{ctx.name(p.id)} wraps Grip Tape on the {card_name(ctx, w)}", player=p.id)


def _muck(ctx: Ctx, p: Player, uid: int) -> None:
    st = ctx.st
    discard_card(ctx, p, _card(p, uid), "p. 4", "smears on")
    p.muck_round = st.round
    if st.bait == p.seat:  # "If holding the Bait Token, pass it to the left when using this card" (p. 4)
        pass_bait(ctx, "p. 4")


def _rope(ctx: Ctx, p: Player, uid: int, who: str, dest: str) -> None:
    st = ctx.st
    discard_card(ctx, p, _card(p, uid), "p. 4", "throws")
    if who.startswith("s"):
        s = st.survivors[int(who[1:])]
        ctx.emit("rope", "p. 4", f"{ctx.name(p.id)} ropes Survivor #{s.uid} from {s.space} to {dest}", to=dest)
        s.space = dest
        return
    q = st.player(who[2:])
    ctx.emit("rope", "p. 4", f"{ctx.name(p.id)} ropes {ctx.name(q.id)} from {q.space} to {dest}", to=dest)
    enter_space(ctx, q, dest, "p. 4")  # "must fight the Zombie immediately" (p. 4)


def _rebuild(ctx: Ctx, p: Player, uid: int) -> None:
    arc = split(p.space)[0]
    _card(p, uid).hammer = True
    ctx.st.walls[arc] = "standing"
    ctx.emit("wall", "p. 4", f"{ctx.name(p.id)} rebuilds the Wall of arc {arc} (Hammer and Nails -> Hammer)",
             arc=arc, state="standing")


def _melee(ctx: Ctx, p: Player, target: str, uid: int, mode: str) -> None:
    ctx.push(["melee", p.id, target, uid, mode, "deliberate"])


def _escort(ctx: Ctx, p: Player, suid: int, to: str) -> None:
    s = ctx.st.survivors[suid]
    ctx.emit("escort", "p. 5", f"{ctx.name(p.id)} takes Survivor #{suid} along to {to}", player=p.id, to=to)
    s.space = to
    enter_space(ctx, p, to)


def _enter_van(ctx: Ctx, p: Player) -> None:
    """ "Upon entering the van, the player discards all cards and ends his/her turn" (p. 5)."""
    st = ctx.st
    for c in list(p.hand):
        discard_card(ctx, p, c, "p. 5")
    p.status = "van"
    if st.van_first is None:
        st.van_first = p.id
    ctx.emit("van", "p. 5", f"{ctx.name(p.id)} climbs into the van", player=p.id)
    st.actions_left = 0
    if st.guest is not None:
        st.guest["left"] = 0
    end_check(ctx)


def _hand_over(ctx: Ctx, frm: Player, to: Player, uid: int, text: str) -> None:
    """One card or Radio piece from ``frm`` to ``to``; an overfull hand discards, free (p. 5)."""
    c = _card(frm, uid)
    frm.hand.remove(c)
    to.hand.append(c)
    ctx.emit("trade", "p. 5", text.format(card=card_name(ctx, c)))
    ask_discard(ctx, to, "p. 5")


def _give(ctx: Ctx, p: Player, uid: int, to: str) -> None:
    q = ctx.st.player(to)
    _hand_over(ctx, p, q, uid, f"{ctx.name(p.id)} gives the {{card}} to {ctx.name(q.id)}")


def _take(ctx: Ctx, p: Player, frm: str, uid: int) -> None:
    q = ctx.st.player(frm)
    _hand_over(ctx, q, p, uid, f"{ctx.name(p.id)} gets the {{card}} from {ctx.name(q.id)}")


def _swap(ctx: Ctx, p: Player, uid: int, to: str, their: int) -> None:
    q = ctx.st.player(to)
    mine, theirs = _card(p, uid), _card(q, their)
    p.hand.remove(mine)
    q.hand.remove(theirs)
    p.hand.append(theirs)
    q.hand.append(mine)
    ctx.emit("trade", "p. 5", f"{ctx.name(p.id)} trades the {card_name(ctx, mine)} for {ctx.name(q.id)}'s "
             f"{card_name(ctx, theirs)}")


def _repair(ctx: Ctx, p: Player, arc: int) -> None:
    ctx.st.walls[arc] = "standing"
    ctx.emit("wall", "p. 5", f"{ctx.name(p.id)} repairs the Crack in the Wall of arc {arc}", arc=arc, state="standing")


def _collect(ctx: Ctx, p: Player) -> None:
    """ "picking it up for another action"; "A Character enters the same space as a Survivor and
    takes the piece" (p. 5). A full hand discards a card, free."""
    st = ctx.st
    carrier = next((s for s in sorted(st.survivors_at(p.space), key=lambda s: s.uid) if s.radio), None)
    if st.radio.get(p.space, 0) > 0:
        st.radio[p.space] -= 1
        if not st.radio[p.space]:
            del st.radio[p.space]
        frm = "the ground"
    else:
        carrier.radio = False
        frm = f"Survivor #{carrier.uid}"
    p.hand.append(Card(st.uid(), RADIO_PIECE, pieces=1))
    ctx.emit("collect", "p. 5", f"{ctx.name(p.id)} collects a Radio piece from {frm}", player=p.id)
    ask_discard(ctx, p, "p. 5")


def _assemble(ctx: Ctx, p: Player) -> None:
    items = [c for c in p.hand if c.card in (RADIO, RADIO_PIECE)]
    for c in items:
        p.hand.remove(c)
    radio = Card(ctx.st.uid(), RADIO, pieces=sum(c.pieces for c in items))
    p.hand.append(radio)
    ctx.emit("assemble", "p. 5", f"{ctx.name(p.id)} assembles the Radio ({radio.pieces} pieces, 1 hand space)",
             player=p.id, pieces=radio.pieces)


def _call(ctx: Ctx, p: Player) -> None:
    ctx.emit("call", "p. 5", f"{ctx.name(p.id)} calls the Rescuers on the Radio", player=p.id)
    ctx.d6("p. 5", "rescuers_arc", "The Rescuers' arc")


@on_chance("rescuers_arc")
def rescuers_arc(ctx: Ctx, data: dict, arc: int) -> None:
    ctx.st.van = ctx.geo.woods(arc)
    ctx.emit("van", "p. 5", f"The Rescuers' van arrives in {ctx.st.van}", space=ctx.st.van)


def _van(ctx: Ctx, p: Player, step: int) -> None:
    """ "Once per turn ... move the van 1 space left or right only ... If moving the van into a space
    with 1 or more Zombies, the first player in the van may choose 1 to take 1 point of damage" (p. 5)."""
    st, geo = ctx.st, ctx.geo
    p.used.append("van_move")
    arc, ring = split(st.van)
    st.van = f"{geo.side(arc, step)}:{ring}"
    for q in st.players:
        if q.status == "van":
            q.space = st.van
    ctx.emit("van", "p. 5", f"{ctx.name(p.id)} drives the van to {st.van}", space=st.van)
    foes = targets_in(ctx, {st.van})
    if foes and st.van_first is not None:
        ctx.ask("van_ram", st.van_first, "The van drives into Zombies: which one takes 1 damage?", foes + ["none"],
                [target_name(ctx, t) for t in foes] + ["None"], "p. 5")


@resolver("van_ram")
def resolve_van_ram(ctx: Ctx, choice, option) -> None:
    if option != "none":
        damage_target(ctx, option, 1, "p. 5", "the van")


def _van_shoot(ctx: Ctx, p: Player, target: str) -> None:
    p.used.append("van_shot")
    shoot(ctx, p, None, target)


def _deliver(ctx: Ctx, p: Player) -> None:
    p.used.append("deliver")
    ctx.push(["julie_draw", p.id, 2, []])


def _heal(ctx: Ctx, p: Player, who: str) -> None:
    q = ctx.st.player(who)
    q.injuries -= 1
    ctx.emit("heal", "p. 5", f"{ctx.name(p.id)} patches up {ctx.name(q.id)} (Injury back to {q.injuries})",
             player=q.id)


def _give_action(ctx: Ctx, p: Player, to: str) -> None:
    q = ctx.st.player(to)
    ctx.st.guest = {"host": p.seat, "guest": q.seat, "left": 1}
    ctx.emit("give_action", "p. 5", f"Father Michael gives 1 action to {ctx.name(q.id)}", player=q.id)


def _discard(ctx: Ctx, p: Player, uid: int) -> None:
    discard_card(ctx, p, _card(p, uid), "p. 3")


def _pass(ctx: Ctx, p: Player) -> None:
    st = ctx.st
    if st.guest is not None:
        st.guest["left"] = 0
    else:
        st.actions_left = 0
    ctx.emit("pass", "p. 2", f"{ctx.name(p.id)} ends the turn", player=p.id)


HANDLERS = {
    "move": _move, "draw": _draw, "shoot": _shoot, "ak47": _ak47, "flare_burst": _flare_burst,
    "flare_signal": _flare_signal, "double_shot": _double, "grip": _grip, "muck": _muck, "rope": _rope,
    "rebuild": _rebuild, "melee": _melee, "escort": _escort, "enter_van": _enter_van, "give": _give, "take": _take,
    "swap": _swap, "repair": _repair, "collect": _collect, "assemble": _assemble, "call": _call, "van": _van,
    "van_shoot": _van_shoot, "deliver": _deliver, "heal": _heal, "give_action": _give_action,
    "discard": _discard, "pass": _pass,
}


# ---- Cabin cards drawn ----------------------------------------------------------------------------------------
@task("draw_card")
def task_draw_card(ctx: Ctx, pid: str, why: str) -> None:
    st = ctx.st
    ids = sorted(c for c, n in st.cabin.items() if n > 0)
    if not ids:
        ctx.emit("deck_empty", "p. 3", "The Cabin deck is empty: there are no more items or weapons to be found")
        return
    ctx.roll("cabin", ids, [st.cabin[c] for c in ids], "p. 3", "card_drawn", f"{ctx.name(pid)} searches the Cabin",
             labels=[ctx.box.cabin[c].name for c in ids], pid=pid)


@on_chance("card_drawn")
def card_drawn(ctx: Ctx, data: dict, cid: str) -> None:
    st = ctx.st
    p = st.player(data["pid"])
    st.cabin[cid] -= 1
    card = new_card(ctx, cid)
    ctx.emit("draw", "p. 3", f"{ctx.name(p.id)} draws {ctx.box.cabin[cid].name}", player=p.id, card=cid)
    receive(ctx, p, card)


def receive(ctx: Ctx, p: Player, card: Card) -> None:
    """A card arrives in a hand; Graaaaagh! is played at once (p. 4), a full hand discards (p. 3)."""
    if ctx.box.cabin[card.card].special == "graaaaagh":
        ctx.st.cabin_discard.append(card.card)
        ctx.emit("graaaaagh", "p. 4", f"Graaaaagh! A Zombie is drawn into {p.space}; {ctx.name(p.id)} draws a new "
                 "Cabin card", player=p.id)
        ctx.push(["draw_token", "graaaaagh", p.space], ["draw_card", p.id, "graaaaagh"])
        return
    p.hand.append(card)
    ask_discard(ctx, p, "p. 3")


@task("julie_draw")
def task_julie_draw(ctx: Ctx, pid: str, left: int, cards: list) -> None:
    """Julie: "draw 2 cards for 1 action, keep 1, and give the other to another player" (p. 5)."""
    st = ctx.st
    ids = sorted(c for c, n in st.cabin.items() if n > 0)
    if left > 0 and ids:
        ctx.roll("cabin", ids, [st.cabin[c] for c in ids], "p. 5", "julie_card", "Julie draws a Cabin card",
                 labels=[ctx.box.cabin[c].name for c in ids], pid=pid, left=left, cards=cards)
        return
    p = st.player(pid)
    if len(cards) < 2:
        for c in cards:
            receive(ctx, p, new_card(ctx, c))
        return
    names = [ctx.box.cabin[c].name for c in cards]
    others = _recipients(ctx, p, any_cabin=False)
    opts = [0, 1] if others else []
    if not opts:
        for c in cards:
            receive(ctx, p, new_card(ctx, c))
        return
    ctx.ask("julie_keep", pid, f"Julie drew {names[0]} and {names[1]}: which does she keep?", opts,
            [f"Keep {names[i]}, give {names[1 - i]}" for i in opts], "p. 5", cards=cards)


@on_chance("julie_card")
def julie_card(ctx: Ctx, data: dict, cid: str) -> None:
    ctx.st.cabin[cid] -= 1
    ctx.emit("draw", "p. 5", f"Julie draws {ctx.box.cabin[cid].name}", card=cid)
    ctx.push(["julie_draw", data["pid"], data["left"] - 1, data["cards"] + [cid]])


def _recipients(ctx: Ctx, p: Player, any_cabin: bool) -> list[Player]:
    return [q for q in ctx.st.players if q is not p and q.status == "alive"
            and (not any_cabin or ctx.geo.in_cabin(q.space))]


@resolver("julie_keep")
def resolve_julie_keep(ctx: Ctx, choice, option) -> None:
    cards = choice.data["cards"]
    give = cards[1 - option]
    p = ctx.st.player(choice.who)
    graaa = ctx.box.cabin[give].special == "graaaaagh"
    who = _recipients(ctx, p, any_cabin=graaa)  # Graaaaagh!: "that player must be in the Cabin" (p. 4)
    if not who:
        for c in cards:
            receive(ctx, p, new_card(ctx, c))
        return
    ctx.push(["julie_keep_card", p.id, cards[option]])
    ctx.ask("julie_give", p.id, f"Julie gives the {ctx.box.cabin[give].name} to:", [q.id for q in who],
            [ctx.name(q.id) for q in who], "p. 5", card=give)


@task("julie_keep_card")
def task_julie_keep_card(ctx: Ctx, pid: str, cid: str) -> None:
    receive(ctx, ctx.st.player(pid), new_card(ctx, cid))


@resolver("julie_give")
def resolve_julie_give(ctx: Ctx, choice, option) -> None:
    q = ctx.st.player(option)
    ctx.emit("trade", "p. 5", f"Julie gives the {ctx.box.cabin[choice.data['card']].name} to {ctx.name(q.id)}")
    receive(ctx, q, new_card(ctx, choice.data["card"]))
