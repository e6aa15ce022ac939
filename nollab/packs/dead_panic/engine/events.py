"""Draw 1 Event Card (p. 6): the card, the tokens it draws from the bag, the arc die, its effect.

"Draw the number of tokens indicated on the card. Tokens can be Zombies or Survivors. The symbol #
means 'the number of players' ... Players who have become Zombies or are already inside the van
are not counted ... If a die icon appears on the card, roll the die and draw that number of tokens.
If an asterisk appears on the card, place only the number of tokens indicated in the Event text.
If the Zombie bag is empty and additional Zombies need to be drawn, place all discarded Zombies
back into the bag ... Always place Zombies in the Woods ring by rolling the die to determine the
arc" (p. 6). Every card, token and die is an explicit chance node. An emptied Events deck is
reshuffled from its discards (docs/rulings.md).
"""
from __future__ import annotations

from nollab.packs.dead_panic.bag import SURVIVOR
from nollab.packs.dead_panic.engine.core import Ctx, on_chance, task
from nollab.packs.dead_panic.engine.movement import apply_wall_hits
from nollab.packs.dead_panic.engine.state import Survivor, Zombie

__all__ = ["tokens_for", "draw_token", "place_token"]


def players_counted(ctx: Ctx) -> int:
    """ "#": players whose Character is neither a Zombie nor in the van (p. 6)."""
    return sum(1 for p in ctx.st.players if p.status == "alive")


def tokens_for(ctx: Ctx, draw: str) -> int | None:
    """Tokens an Event's symbol draws (None: roll the die; "*" is decided by the effect)."""
    if draw == "die":
        return None
    if draw == "*":
        return 0
    if draw.startswith("#"):
        return max(0, players_counted(ctx) + (int(draw[1:]) if len(draw) > 1 else 0))
    return int(draw)


@task("event_phase")
def task_event_phase(ctx: Ctx) -> None:
    st = ctx.st
    st.phase = "event"
    st.turn = None
    st.guest = None
    if not any(st.events_deck.values()):
        st.events_deck, st.events_discard = dict(st.events_discard), {}
        ctx.emit("reshuffle", "p. 6", "The Events deck is empty: its discards are shuffled into a new deck")
    ids = sorted(e for e, n in st.events_deck.items() if n > 0)  # a fixed order: replays match after JSON
    ctx.roll("event", ids, [st.events_deck[e] for e in ids], "p. 6", "event_drawn",
             f"Round {st.round}: draw 1 Event card", labels=[ctx.box.events[e].name for e in ids])


@on_chance("event_drawn")
def event_drawn(ctx: Ctx, data: dict, eid: str) -> None:
    st = ctx.st
    card = ctx.box.events[eid]
    st.events_deck[eid] -= 1
    st.events_discard[eid] = st.events_discard.get(eid, 0) + 1
    st.event = eid
    ctx.emit("event", "p. 6", f"Event: {card.name} -- {card.text}", event=eid)
    if card.skip_bait:
        st.skip_bait = True
    n = tokens_for(ctx, card.draw)
    if card.effect == "gunfire":
        n = st.bullets
        ctx.emit("gunfire", "p. 6", f"{n} bullet(s) fired since the last Event", bullets=n)
    ctx.push(["event_effect", eid], ["event_done"])
    if n is None:
        ctx.d6("p. 6", "event_count", "The Event's die: how many tokens to draw")
    else:
        ctx.push(*[["draw_token", "event"] for _ in range(n)])


@on_chance("event_count")
def event_count(ctx: Ctx, data: dict, face: int) -> None:
    ctx.push(*[["draw_token", "event"] for _ in range(face)])


@task("draw_token")
def task_draw_token(ctx: Ctx, why: str, space: str | None = None) -> None:
    """One token from the bag (refilled from the discard pile when empty, p. 6)."""
    draw_token(ctx, why, space)


def draw_token(ctx: Ctx, why: str, space: str | None = None) -> None:
    st = ctx.st
    if not any(st.bag.values()):
        if not any(st.discard.values()):
            ctx.emit("bag_empty", "p. 6", "The bag and the discard pile are empty: no token to draw")
            return
        for k, n in st.discard.items():
            st.bag[k] = st.bag.get(k, 0) + n
        st.discard = {}
        ctx.emit("bag_refill", "p. 6", "The bag is empty: the discarded Zombies go back in")
    kinds = sorted(k for k, n in st.bag.items() if n > 0)
    labels = ["Survivor" if k == SURVIVOR else ctx.box.zombies[k].name for k in kinds]
    ctx.roll("bag", kinds, [st.bag[k] for k in kinds], "p. 6", "token_drawn", "Draw a token from the bag",
             labels=labels, why=why, space=space)


@on_chance("token_drawn")
def token_drawn(ctx: Ctx, data: dict, kind: str) -> None:
    ctx.st.bag[kind] -= 1
    if data.get("space"):
        place_token(ctx, kind, data["space"], "p. 4")
        return
    ctx.d6("p. 6", "token_arc", f"The placement die for the {'Survivor' if kind == SURVIVOR else kind}",
           kind=kind)


@on_chance("token_arc")
def token_arc(ctx: Ctx, data: dict, arc: int) -> None:
    place_token(ctx, data["kind"], ctx.geo.woods(arc), "p. 6")


def place_token(ctx: Ctx, kind: str, space: str, page: str) -> None:
    """A Zombie at full health, "highest health points pointed toward the Cabin"; a Survivor with its
    Radio piece (p. 2, p. 6)."""
    st = ctx.st
    uid = st.uid()
    if kind == SURVIVOR:
        st.survivors[uid] = Survivor(uid, space, ctx.box.rules.survivor_health)
        ctx.emit("place", page, f"A Survivor (#{uid}) appears in {space}", kind=kind, uid=uid, space=space)
        return
    zt = ctx.box.zombies[kind]
    st.zombies[uid] = Zombie(uid, kind, space, zt.health)
    ctx.emit("place", page, f"A {zt.name} (#{uid}) appears in {space}", kind=kind, uid=uid, space=space)


@task("event_effect")
def task_event_effect(ctx: Ctx, eid: str) -> None:
    card = ctx.box.events[eid]
    if card.effect == "all_move":
        ctx.st.wall_hits = {}
        ctx.st.directed = {}
        ctx.push(*[["zombie_move", z.uid, card.spaces] for z in sorted(ctx.st.zombies.values(), key=lambda z: z.uid)],
                 ["event_walls"])
    elif card.effect == "wall_hit":
        ctx.d6("p. 7", "event_wall", "Which arc's Wall is hit?")


@on_chance("event_wall")
def event_wall(ctx: Ctx, data: dict, arc: int) -> None:
    st = ctx.st
    if st.walls[arc] == "destroyed":
        ctx.emit("wall_hit", "p. 7", f"Arc {arc} has no Wall left to hit", arc=arc)
        return
    st.wall_hits = {arc: ["crack"]}
    ctx.emit("wall_hit", "p. 7", f"The Event hits the Wall of arc {arc}", arc=arc, effect="crack")
    apply_wall_hits(ctx, "p. 7")


@task("event_walls")
def task_event_walls(ctx: Ctx) -> None:
    apply_wall_hits(ctx, "p. 7")


@task("event_done")
def task_event_done(ctx: Ctx) -> None:
    ctx.st.bullets = 0  # the count starts again for the next Event (p. 6)
    ctx.st.event = None
    ctx.push(["move_phase"])
