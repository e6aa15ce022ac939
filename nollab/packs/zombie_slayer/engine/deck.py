"""The town deck: drawing a card for a side, turning and placing it, and putting back a card that blocks the
way (chapters "Setup" and "Exploring" of the rulebook, ``shared/seeds/004_…``).

The deck in the state (:class:`~nollab.packs.zombie_slayer.engine.state.State`): ``pool`` (the town cards
not drawn; their order is unknown, so a draw is one chance node over them), ``upper`` (draws left before
the Temple, "shuffled into the lower half", may come), ``temple`` (still in the deck) and ``back`` (cards
put back "in half (approximately)", each ``[card, draws before it comes up]``: known, so no chance).
Readings in ``docs/rulings.md`` ("Zombie Slayer engine: a card that blocks the way").
"""
from __future__ import annotations

from nollab.packs.zombie_slayer.engine.core import SLAYER, Ctx, on_chance, resolver, task
from nollab.packs.zombie_slayer.engine.flow import BOSS, EXPLORE, SETUP, card_key
from nollab.packs.zombie_slayer.engine.state import State
from nollab.packs.zombie_slayer.engine.town import CENTRE, DELTA, OPPOSITE, SIDES, border_side, edge_open, gives_access

__all__ = ["deck_left", "deck_outcomes"]


def deck_outcomes(st: State) -> list[str]:
    """The cards the next draw of an unknown card may give: the town cards left, the Temple too once the
    upper half is drawn."""
    d = st.deck
    cards = list(d["pool"])
    if d["upper"] <= 0 and d["temple"]:
        cards.append("temple")
    return cards


def deck_left(st: State) -> int:
    """Cards left in the town deck (unknown ones and those put back)."""
    d = st.deck
    return len(d["pool"]) + (1 if d["temple"] else 0) + len(d.get("back", ()))


def _after_draw(d: dict) -> None:
    """One card left the top: every card put back comes one draw closer."""
    for b in d.get("back", ()):
        b[1] -= 1


@task("draw_for")
def _draw_for(ctx: Ctx, key: str, side: str, setup: bool = False, tried: list | None = None) -> None:
    """Draw a town card for one side of the card just entered (or of the Town Centre at Setup). A card put
    back into the middle of the deck comes up when its turn comes (no chance); else the draw is one chance
    node over the cards it may be."""
    d = ctx.st.deck
    back = d.get("back", [])
    top = next((b for b in back if b[1] <= 0), None)
    if top is None and back and not deck_outcomes(ctx.st):  # only put-back cards are left (a safeguard)
        top = min(back, key=lambda b: b[1])
    if top is not None:
        back.remove(top)
        _after_draw(d)
        name = ctx.box.tiles[top[0]].name
        ctx.emit("draw", EXPLORE if not setup else SETUP, f"the card put back comes up: {name}", card=top[0])
        _arrive(ctx, top[0], {"key": key, "side": side, "setup": setup, "tried": tried or []})
        return
    cards = deck_outcomes(ctx.st)
    if not cards:
        ctx.emit("deck_empty", EXPLORE, f"the town deck is empty: the {side} side of card {key} stays open")
        return
    names = [ctx.box.tiles[c].name for c in cards]
    ctx.roll("draw", cards, [1] * len(cards), EXPLORE if not setup else SETUP, "card_drawn",
             f"draw a town card for the {side} side", labels=names, key=key, side=side, setup=setup,
             tried=tried or [])


@on_chance("card_drawn")
def _card_drawn(ctx: Ctx, data: dict, card: str) -> None:
    d = ctx.st.deck
    if card == "temple":
        d["temple"] = False
    else:
        d["pool"].remove(card)
        d["upper"] -= 1
    _after_draw(d)
    _arrive(ctx, card, data)


def _access(ctx: Ctx, key: str, side: str, card: str, rot: int) -> bool:
    """Whether ``card`` turned ``rot`` beside card ``key`` on its ``side`` leaves the way between them open
    ("in a way that the path to the next card is not blocked. (Parts of the tile may be blocked, though.)")."""
    t = ctx.st.tiles[key]
    houses_here = ctx.box.town.centre_houses if t["card"] == CENTRE else ctx.box.tiles[t["card"]].houses
    here = edge_open(houses_here, t["rot"], side)
    back_side = OPPOSITE[side]
    there = edge_open(ctx.box.tiles[card].houses, rot, back_side)
    return gives_access(here, border_side(t["card"], t["rot"]) == side, there,
                        border_side(card, rot) == back_side)


def _arrive(ctx: Ctx, card: str, data: dict) -> None:
    """Place a drawn card: at Setup "with the green border facing outwards", when exploring "in any
    orientation ... in a way that the path to the next card is not blocked" (the player turns it; default
    outwards). "If you cannot place a tile without blocking the access to the new tile completely, cut your
    deck in half (approximately), place the tile there and draw a new one from top." """
    key, side, setup = data["key"], data["side"], data["setup"]
    tx, ty = (int(v) for v in key.split(","))
    dx, dy = DELTA[side]
    at = card_key((tx + dx, ty + dy))
    outward = (SIDES.index(side) - 1) % 4  # the turn whose green border faces ``side``
    rots = [outward] if setup else [r for r in range(4) if SIDES[(1 + r) % 4] != OPPOSITE[side]]
    rots = [r for r in rots if _access(ctx, key, side, card, r)]
    page = SETUP if setup else EXPLORE
    name = ctx.box.tiles[card].name
    if not rots:
        _put_back(ctx, card, data, name, page)
        return
    if setup or len(rots) == 1:
        _place(ctx, card, at, rots[0], page)
        return
    labels = [f"green border to the {SIDES[(1 + r) % 4]}" + (" (outwards)" if r == outward else "") for r in rots]
    ctx.ask("orient", SLAYER, f"place {name} at {at}: turn it", rots, labels, EXPLORE,
            default=rots.index(outward) if outward in rots else 0, card=card, at=at)


def _put_back(ctx: Ctx, card: str, data: dict, name: str, page: str) -> None:
    """The card blocks every way in: it goes into the middle of the deck -- (R + 1) // 2 cards above it of
    the R left, "in half (approximately)", never on top -- and a new card is drawn for the same side. A card
    that comes up again for the same side (only cards that do not fit were met) or an empty deck leaves the
    side open, since the rule would loop forever (docs/rulings.md)."""
    d = ctx.st.deck
    r = deck_left(ctx.st)
    depth = (r + 1) // 2
    for b in d.setdefault("back", []):
        if b[1] >= depth:
            b[1] += 1
    d["back"].append([card, depth])
    d["back"].sort(key=lambda b: b[1])
    key, side = data["key"], data["side"]
    tried = list(data.get("tried") or [])
    if r == 0 or card in tried:
        ctx.emit("put_back", page, f"{name} would block the way to card {key} in every turn and no other card "
                 f"fits there: it goes back into the deck and the {side} side stays open", card=card)
        return
    ctx.emit("put_back", page, f"{name} would block the way to card {key} in every turn: the deck is cut and "
             f"it goes back in the middle ({depth} card(s) above it); a new card is drawn", card=card, depth=depth)
    ctx.push(["draw_for", key, side, data["setup"], tried + [card]])


@resolver("orient")
def _orient(ctx: Ctx, choice, rot: int) -> None:
    _place(ctx, choice.data["card"], choice.data["at"], rot, EXPLORE)


def _place(ctx: Ctx, card: str, at: str, rot: int, page: str) -> None:
    ctx.st.tiles[at] = {"card": card, "rot": rot, "entered": False}
    name = ctx.box.tiles[card].name
    ctx.emit("place", page, f"{name} placed at {at}, green border to the {SIDES[(1 + rot) % 4]}", card=card, at=at)
    if card == "temple":
        ctx.st.boss = True
        ctx.emit("boss", BOSS, "the Temple is placed: the Boss Fight starts")
