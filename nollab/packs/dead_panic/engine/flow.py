"""Set Up (p. 2) and the round (p. 2): Perform Actions -> Draw 1 Event Card -> Move Zombies ->
Fight Zombies -> Pass Bait Token, each player taking a turn of 2 actions from the Bait holder
clockwise.

Set Up, as printed: the Walls stand (the door Wall on the living room); "roll to place the
Character in an arc in the Cabin" (one die per Character); "Put all of the Zombie tokens (but
none of the Survivor tokens) in the draw bag. Draw 6 Zombies. Place 1 in the Woods ring of each arc,
beginning with arc 1"; "Add the Survivor tokens to the draw bag"; the decks are shuffled (here:
every draw is a chance node over what is left); "Roll 1 die to determine first player" (one
equally likely player, docs/rulings.md).
"""
from __future__ import annotations

from nollab.packs.dead_panic.bag import SURVIVOR
from nollab.packs.dead_panic.engine.box import Box
from nollab.packs.dead_panic.engine.combat import end_check
from nollab.packs.dead_panic.engine.core import Ctx, on_chance, task
from nollab.packs.dead_panic.engine.legal import acting
from nollab.packs.dead_panic.engine.state import Player, State, Zombie

__all__ = ["new_state"]


def new_state(box: Box, seed: int, characters: list[str], rng_state: int) -> State:
    players = [Player(cid, i, None) for i, cid in enumerate(characters)]
    st = State(seed=seed, rng=rng_state, players=players,
               walls={a: "standing" for a in range(1, box.arcs + 1)}, bag=box.odds.full_bag(),
               cabin={c.id: c.count for c in box.cabin.values() if c.count},
               events_deck={e.id: e.count for e in box.events.values() if e.count})
    st.queue = [["setup"]]
    return st


@task("setup")
def task_setup(ctx: Ctx) -> None:
    st = ctx.st
    living = ctx.box.rules.living_room_arc
    ctx.emit("setup", "p. 2", f"Set Up: 6 Walls stand around the Cabin; the Wall with the door is on the living "
             f"room (arc {living}); {len(st.players)} players: {', '.join(ctx.name(p.id) for p in st.players)}")
    ctx.push(["place_character", 0], ["setup_zombie", 1], ["setup_survivors"], ["first_player"], ["round_start"])


@task("place_character")
def task_place_character(ctx: Ctx, k: int) -> None:
    if k < len(ctx.st.players):
        ctx.d6("p. 2", "character_room", f"{ctx.name(ctx.pid(k))} rolls for a room of the Cabin", k=k)


@on_chance("character_room")
def character_room(ctx: Ctx, data: dict, arc: int) -> None:
    p = ctx.st.players[data["k"]]
    p.space = f"{arc}:{ctx.geo.cabin}"
    ctx.emit("place", "p. 2", f"{ctx.name(p.id)} starts in the Cabin room of arc {arc}", player=p.id, space=p.space)
    ctx.push(["place_character", data["k"] + 1])


@task("setup_zombie")
def task_setup_zombie(ctx: Ctx, arc: int) -> None:
    st = ctx.st
    if arc > min(ctx.box.arcs, ctx.box.odds.setup_draw) or not any(st.bag.values()):
        return
    kinds = sorted(k for k, n in st.bag.items() if n > 0)
    ctx.roll("bag", kinds, [st.bag[k] for k in kinds], "p. 2", "setup_zombie_drawn",
             f"Set Up: draw a Zombie for the Woods of arc {arc}", labels=[ctx.box.zombies[k].name for k in kinds],
             arc=arc)


@on_chance("setup_zombie_drawn")
def setup_zombie_drawn(ctx: Ctx, data: dict, kind: str) -> None:
    st = ctx.st
    st.bag[kind] -= 1
    uid = st.uid()
    space = ctx.geo.woods(data["arc"])
    st.zombies[uid] = Zombie(uid, kind, space, ctx.box.zombies[kind].health)
    ctx.emit("place", "p. 2", f"A {ctx.box.zombies[kind].name} (#{uid}) starts in {space}", kind=kind, uid=uid,
             space=space)
    ctx.push(["setup_zombie", data["arc"] + 1])


@task("setup_survivors")
def task_setup_survivors(ctx: Ctx) -> None:
    ctx.st.bag[SURVIVOR] = ctx.st.bag.get(SURVIVOR, 0) + ctx.box.odds.survivors
    ctx.emit("setup", "p. 2", f"The {ctx.box.odds.survivors} Survivor tokens go into the bag")


@task("first_player")
def task_first_player(ctx: Ctx) -> None:
    n = len(ctx.st.players)
    ctx.roll("first_player", list(range(n)), [1] * n, "p. 2", "first_chosen", "Roll 1 die to determine first player",
             labels=[ctx.name(p.id) for p in ctx.st.players])


@on_chance("first_chosen")
def first_chosen(ctx: Ctx, data: dict, seat: int) -> None:
    ctx.st.bait = seat
    ctx.emit("bait", "p. 2", f"{ctx.name(ctx.pid(seat))} goes first and takes the Bait token", player=ctx.pid(seat))


# ---- the round ---------------------------------------------------------------------------------------------
@task("round_start")
def task_round_start(ctx: Ctx) -> None:
    st = ctx.st
    st.round += 1
    st.phase = "actions"
    n = len(st.players)
    st.order = [(st.bait + i) % n for i in range(n)]
    ctx.emit("phase", "p. 2", f"Round {st.round}: Perform Actions, from {ctx.name(ctx.pid(st.bait))} clockwise")
    ctx.push(["turn", 0])


@task("turn")
def task_turn(ctx: Ctx, k: int) -> None:
    st = ctx.st
    if k >= len(st.order):
        ctx.push(["event_phase"])
        return
    p = st.players[st.order[k]]
    if p.status not in ("alive", "van"):
        ctx.push(["turn", k + 1])
        return
    st.turn, st.turn_k = p.seat, k
    st.actions_left = ctx.box.rules.actions
    st.guest = None
    p.used = []
    for c in p.hand:  # "The Cross Bow automatically reloads at the start of the player's next turn" (p. 4)
        if ctx.box.cabin.get(c.card) and ctx.box.cabin[c.card].special == "crossbow" and not c.loaded:
            c.loaded = True
            ctx.emit("reload", "p. 4", f"{ctx.name(p.id)}'s Cross Bow reloads", player=p.id)
    ctx.emit("turn", "p. 2", f"{ctx.name(p.id)}'s turn: {st.actions_left} actions", player=p.id)


@task("after_action")
def task_after_action(ctx: Ctx) -> None:
    st = ctx.st
    end_check(ctx)
    if st.result is not None or st.turn is None:
        return
    if st.guest is not None and (st.guest["left"] <= 0 or st.players[st.guest["guest"]].status not in ("alive", "van")):
        st.guest = None
    host = st.players[st.turn]
    if st.guest is None and (st.actions_left <= 0 or host.status not in ("alive", "van")):
        ctx.push(["end_turn"])


@task("end_turn")
def task_end_turn(ctx: Ctx) -> None:
    st = ctx.st
    k = st.turn_k
    st.turn = None
    st.guest = None
    ctx.push(["turn", k + 1])


def waiting_player(ctx: Ctx) -> str | None:
    p = acting(ctx)
    return p.id if p else None
