"""Hands and cards: slots, the hand limit, draws from the Cabin deck, what a card can do in a fight.

"Maximum hand size is 5" (Barbara 6); "Cards may be discarded for free"; the Cabin deck "cannot be
reshuffled" (p. 3). "Each Radio piece takes up 1 card space"; assembled pieces "take up just 1
space" (p. 5). A draw is an explicit chance node over the card types left in the deck, weighted
by how many of each remain (no hidden order).
"""
from __future__ import annotations

from nollab.packs.dead_panic.engine.box import CabinCard
from nollab.packs.dead_panic.engine.core import Ctx, resolver
from nollab.packs.dead_panic.engine.state import RADIO, RADIO_PIECE, Card, Player

__all__ = ["hand_limit", "card_name", "new_card", "discard_card", "melee_modes", "over_limit", "gun_modes",
           "radio_pieces", "ask_discard", "drop_radio"]


def hand_limit(ctx: Ctx, p: Player) -> int:
    """5, Barbara 6 (p. 3, p. 5); a Character's own ``hand_limit`` from the box."""
    return ctx.box.characters[p.id].hand_limit


def over_limit(ctx: Ctx, p: Player) -> bool:
    return len(p.hand) > hand_limit(ctx, p)


def cabin(ctx: Ctx, c: Card) -> CabinCard | None:
    return ctx.box.cabin.get(c.card)


def card_name(ctx: Ctx, c: Card) -> str:
    if c.card == RADIO_PIECE:
        return "Radio piece"
    if c.card == RADIO:
        return f"Radio ({c.pieces} pieces)"
    cc = ctx.box.cabin[c.card]
    name = cc.name
    if cc.special == "hammer" and c.hammer:
        name = "Hammer"
    if c.club:
        name += " (club)"
    elif cc.kind == "ranged":
        name += " (unloaded)" if cc.special == "crossbow" and not c.loaded else f" ({c.shots} shots)"
    elif cc.special == "chainsaw":
        name += f" ({c.shots} gas)"
    if c.grip:
        name += " + Grip Tape"
    return name


def new_card(ctx: Ctx, card_id: str) -> Card:
    cc = ctx.box.cabin[card_id]
    return Card(ctx.st.uid(), card_id, shots=cc.shots)


def radio_pieces(p: Player) -> int:
    return sum(c.pieces for c in p.hand if c.card in (RADIO, RADIO_PIECE))


def drop_radio(ctx: Ctx, p: Player, c: Card, page: str) -> None:
    """A discarded Radio piece (or Radio) is put down in the Character's space, never lost."""
    if p.space is None:
        return
    ctx.st.radio[p.space] = ctx.st.radio.get(p.space, 0) + c.pieces
    ctx.emit("radio_drop", page, f"{ctx.name(p.id)} puts {c.pieces} Radio piece(s) down in {p.space}",
             player=p.id, space=p.space, pieces=c.pieces)


def discard_card(ctx: Ctx, p: Player, c: Card, page: str, why: str = "discards") -> None:
    """Out of the hand: Cabin cards to the discard pile (never reshuffled), Radio pieces to the ground."""
    p.hand.remove(c)
    if c.card in (RADIO, RADIO_PIECE):
        drop_radio(ctx, p, c, page)
        return
    ctx.st.cabin_discard.append(c.card)
    ctx.emit("discard", page, f"{ctx.name(p.id)} {why} {card_name(ctx, c)}", player=p.id, card=c.card)


def ask_discard(ctx: Ctx, p: Player, page: str = "p. 3") -> None:
    """Over the hand limit: the player discards a card of their choice, free (p. 3, p. 5)."""
    if not over_limit(ctx, p):
        return
    opts = [c.uid for c in p.hand]
    ctx.ask("discard", p.id, f"{ctx.name(p.id)} holds {len(p.hand)} cards (limit {hand_limit(ctx, p)}): "
            "discard one", opts, [card_name(ctx, c) for c in p.hand], page, default=_least_useful(ctx, p))


def _least_useful(ctx: Ctx, p: Player) -> int:
    """Index of the named default discard: an empty club first, then items, never Radio pieces."""
    def score(c: Card) -> int:
        if c.card in (RADIO, RADIO_PIECE):
            return 100
        cc = ctx.box.cabin[c.card]
        if c.club:
            return 0
        return {"item": 10, "melee": 30, "ranged": 40}[cc.kind] + c.shots
    return min(range(len(p.hand)), key=lambda i: (score(p.hand[i]), i))


@resolver("discard")
def resolve_discard(ctx: Ctx, choice, option) -> None:
    p = ctx.st.player(choice.who)
    c = next(c for c in p.hand if c.uid == option)
    discard_card(ctx, p, c, choice.page)
    ask_discard(ctx, p, choice.page)


# ---- fighting with cards ------------------------------------------------------------------------------
def gun_modes(ctx: Ctx, c: Card) -> list[str]:
    """How a gun may be fired now: "shoot" (a shot left; the Cross Bow loaded), "ak47", or none."""
    cc = cabin(ctx, c)
    if cc is None or cc.kind != "ranged" or c.club or c.shots <= 0:
        return []
    if cc.special == "crossbow":
        return ["shoot"] if c.loaded else []
    if cc.special == "ak47":
        return ["ak47"]
    if cc.special in ("elephant", "flare"):
        return []  # Action-only cards (p. 4; docs/rulings.md)
    return ["shoot"]


def melee_modes(ctx: Ctx, c: Card) -> list[str]:
    """How a card fights hand to hand (p. 3-4, p. 9): gun shots win automatically, melee weapons
    and clubs roll, the Chainsaw may burn gas to slay; a Radio is a club once the Rescuers are called."""
    if c.card == RADIO:
        return ["club"] if c.pieces >= 3 and ctx.st.van is not None else []
    if c.card == RADIO_PIECE:
        return []
    cc = ctx.box.cabin[c.card]
    modes = gun_modes(ctx, c)
    if cc.kind == "ranged":
        if c.club or c.shots <= 0 or (cc.special == "crossbow" and not c.loaded):
            modes.append("club")  # an empty gun, an unloaded Cross Bow (p. 3-4)
        return modes
    if cc.kind == "melee":
        if cc.special == "chainsaw":
            return ["burn", "melee"] if c.shots > 0 else ["club"]
        return ["melee"]
    return []
