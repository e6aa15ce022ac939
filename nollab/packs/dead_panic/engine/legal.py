"""Perform Actions (pp. 3-5): every action the acting player may take now, generated.

Costs (:func:`cost`): 1 action each, except "Move a Survivor with you" and Ray's healing (2),
Al's once-per-turn repair, discarding and passing (free). The acting player is the player taking
a turn, or the player Father Michael gave an action to (p. 5).
"""
from __future__ import annotations

from nollab.packs.dead_panic.engine.cards import gun_modes, melee_modes
from nollab.packs.dead_panic.engine.core import Action, Ctx
from nollab.packs.dead_panic.engine.guns import shot_targets, targets_in
from nollab.packs.dead_panic.engine.spaces import split
from nollab.packs.dead_panic.engine.state import RADIO, RADIO_PIECE, Card, Player

__all__ = ["acting", "budget", "cost", "legal_actions", "partners", "van_driver", "trade_actions"]

TWO = frozenset({"escort", "heal"})
FREE = frozenset({"discard", "pass"})


def acting(ctx: Ctx) -> Player | None:
    """Whose action it is: Father Michael's guest, else the player taking a turn (None between turns)."""
    st = ctx.st
    if st.result is not None or st.phase != "actions" or st.pending or st.chance or st.queue:
        return None
    if st.guest is not None:
        return st.players[st.guest["guest"]]
    return st.players[st.turn] if st.turn is not None else None


def budget(ctx: Ctx) -> int:
    st = ctx.st
    return st.guest["left"] if st.guest is not None else st.actions_left


def cost(ctx: Ctx, p: Player, kind: str) -> int:
    if kind in FREE:
        return 0
    if kind in TWO:
        return 2
    if kind == "repair" and ctx.box.characters[p.id].ability == "free_repair" and "free_repair" not in p.used \
            and ctx.st.guest is None:
        return 0  # Al: "Once per turn ... repair 1 Crack ... for free" -- not with a given action (p. 5)
    return 1


def partners(ctx: Ctx, p: Player) -> list[Player]:
    """Who ``p`` may trade with: the same or an adjacent space, any distance if either is Maria (p. 5)."""
    geo = ctx.geo
    near = {p.space, *geo.neighbours(p.space, "character", ctx.st.walls)}
    maria = lambda q: ctx.box.characters[q.id].ability == "trade_anywhere"  # noqa: E731
    return [q for q in ctx.st.players if q is not p and q.status == "alive"
            and (q.space in near or maria(p) or maria(q))]


def van_driver(ctx: Ctx) -> str | None:
    """Who may move the van: the first Character in it; before that, the player with the Radio (p. 5)."""
    st = ctx.st
    if st.van is None:
        return None
    if st.van_first is not None:
        return st.van_first
    for p in st.in_bait_order():
        if p.status == "alive" and any(c.card == RADIO and c.pieces >= 3 for c in p.hand):
            return p.id
    return None


def _hand(p: Player, pred) -> list[Card]:
    return [c for c in p.hand if pred(c)]


def legal_actions(ctx: Ctx) -> list[Action]:
    p = acting(ctx)
    if p is None:
        return []
    out: list[Action] = []
    left = budget(ctx)

    def add(kind: str, *params) -> None:
        if cost(ctx, p, kind) <= left:
            out.append(Action(kind, p.id, tuple(params)))

    if p.status == "van":
        _van_actions(ctx, p, add)
        add("pass")
        return out
    st, geo, box = ctx.st, ctx.geo, ctx.box
    here = p.space
    ability = box.characters[p.id].ability
    given = st.guest is not None
    for n in geo.neighbours(here, "character", st.walls):
        add("move", n)
    if geo.in_cabin(here) and any(st.cabin.values()):
        add("draw")
        if ability == "deliver" and "deliver" not in p.used and any(q.status == "alive" for q in st.players
                                                                    if q is not p):
            add("deliver")
    for c in p.hand:
        cc = box.cabin.get(c.card)
        if cc is None:
            continue
        if given and cc.free:
            continue  # free cards "cannot be played when Father Michael gives the cardholder an action" (p. 3)
        for mode in gun_modes(ctx, c):
            if mode == "ak47":
                if shot_targets(ctx, here, cc.range):
                    add("ak47", c.uid)
                continue
            for t in shot_targets(ctx, here, cc.range):
                add("shoot", c.uid, t)
        if cc.special == "elephant" and c.shots > 0 and not c.club:
            for t in shot_targets(ctx, here, cc.range, own_space=False):
                add("shoot", c.uid, t)
        if cc.special == "flare" and c.shots > 0 and not c.club:
            for s in geo.sorted(geo.shot_range(here, cc.range)):
                if targets_in(ctx, {s}):
                    add("flare_burst", c.uid, s)
            if st.bag.get("survivor", 0) > 0:
                add("flare_signal", c.uid)
        if ability == "double_shot" and "double_shot" not in p.used and cc.kind == "ranged" and not cc.special \
                and c.shots >= 2 and shot_targets(ctx, here, cc.range):
            add("double_shot", c.uid)
        if cc.special == "grip_tape":
            for w in p.hand:
                if w.card in box.cabin and box.cabin[w.card].kind == "melee" and not w.grip and not w.club:
                    add("grip", c.uid, w.uid)
        if cc.special == "muck" and p.muck_round != st.round:
            add("muck", c.uid)
        if cc.special == "rope":
            _rope(ctx, p, c, add)
        if cc.special == "hammer" and not c.hammer and st.walls[split(here)[0]] == "destroyed":
            add("rebuild", c.uid)
    foes = targets_in(ctx, {here})
    for t in foes:  # deliberate hand-to-hand combat, 1 action per use (p. 3)
        for c in p.hand:
            for mode in melee_modes(ctx, c):
                if mode in ("melee", "burn", "club"):
                    add("melee", t, c.uid, mode)
        add("melee", t, 0, "unarmed")
    for s in sorted(st.survivors_at(here), key=lambda s: s.uid):
        for n in geo.neighbours(here, "character", st.walls):
            add("escort", s.uid, n)
    if st.van == here:
        add("enter_van")
    trade_actions(ctx, p, add)
    arc = split(here)[0]
    if st.walls[arc] == "cracked":
        add("repair", arc)
    if st.radio.get(here, 0) > 0 or any(s.radio for s in st.survivors_at(here)):
        add("collect")
    radio_items = _hand(p, lambda c: c.card in (RADIO, RADIO_PIECE))
    if len(radio_items) >= 2:
        add("assemble")
    if st.van is None and any(c.card == RADIO and c.pieces >= 3 for c in p.hand):
        add("call")
    if van_driver(ctx) == p.id and "van_move" not in p.used:
        add("van", -1)
        add("van", 1)
    if ability == "heal":
        for q in st.players:
            if q.status == "alive" and q.space == here and q.injuries > 0:
                add("heal", q.id)
    if ability == "give_action" and not given:
        for q in st.players:
            if q is not p and q.status in ("alive", "van"):
                add("give_action", q.id)
    for c in p.hand:
        add("discard", c.uid)
    add("pass")
    return out


def _van_actions(ctx: Ctx, p: Player, add) -> None:
    """In the van: the first one in moves it, the others shoot from it, once per turn each (p. 5)."""
    st = ctx.st
    if van_driver(ctx) == p.id and "van_move" not in p.used:
        add("van", -1)
        add("van", 1)
    if st.van_first != p.id and "van_shot" not in p.used:
        for t in shot_targets(ctx, st.van, "rifle"):
            add("van_shoot", t)


def _rope(ctx: Ctx, p: Player, c: Card, add) -> None:
    """Rope: "move another player's Character or a Survivor up to 2 spaces" (p. 4); the one moved is
    in the same or an adjacent space (docs/rulings.md)."""
    geo, st = ctx.geo, ctx.st
    near = {p.space, *geo.neighbours(p.space, "character", st.walls)}
    who = [(f"p:{q.id}", q.space) for q in st.players if q is not p and q.status == "alive" and q.space in near]
    who += [(f"s{s.uid}", s.space) for s in sorted(st.survivors.values(), key=lambda s: s.uid) if s.space in near]
    for tag, space in who:
        for dest in geo.sorted(geo.within(space, 2, "character", st.walls)):
            if dest != space:
                add("rope", c.uid, tag, dest)


def trade_actions(ctx: Ctx, p: Player, add) -> None:
    """Trade, give or get 1 card or Radio piece (p. 5)."""
    for q in partners(ctx, p):
        for c in p.hand:
            add("give", c.uid, q.id)
        for c in q.hand:
            add("take", q.id, c.uid)
        for c in p.hand:
            for d in q.hand:
                add("swap", c.uid, q.id, d.uid)
