"""Inventory (P. 16), Reload (P. 28) and combining Special Equipment (P. 29-30).

2 Hand slots + 3 Backpack slots. Only cards in Hand are used, except cards that read "May be used
in the Backpack" (``EquipmentCard.backpack``). Discarding is free at any time. Combining is free:
discard the inputs (the Torch keeps the Flammable Fluid), take the Special card, reorganise.
"""
from __future__ import annotations

from itertools import permutations

from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import SurvivorState


HAND_SLOTS = 2


_LAYOUTS: dict[tuple, list] = {}  # memo: inventory signature -> layouts


BACKPACK_SLOTS = 3


def usable_cards(ctx: Ctx, s: SurvivorState) -> list[int]:
    """Cards whose effect applies now: Hands, plus Backpack cards usable in the Backpack (P. 16)."""
    out = [u for u in s.hands if u is not None]
    out += [u for u in s.backpack if ctx.card(u).backpack]
    return out


def has_effect(ctx: Ctx, s: SurvivorState, effect: str, ammo: str | None = None) -> bool:
    """A usable card with this ``effect`` (and ``ammo``), e.g. Plenty of Bullets (P. 12)."""
    for u in usable_cards(ctx, s):
        c = ctx.card(u)
        if c.effect == effect and (ammo is None or c.ammo == ammo):
            return True
    return False


def layouts(ctx: Ctx, s: SurvivorState) -> list[tuple[int, int]]:
    """Every distinct reorganisation: ``(hand0, hand1)`` uids (-1 = empty); the rest go to the
    Backpack. Layouts equal up to identical cards (same type and reload state) are listed once;
    the current layout is not listed (a Reorganize that changes nothing is refused)."""
    cards = s.inventory()
    if not cards:
        return []
    fired = ctx.st.fired
    types = ctx.st.cards
    # the memo key: where each uid is, its type and reload state (all a layout depends on)
    key = (tuple(s.hands), tuple(s.backpack),
           tuple([(types[u], u in fired) for u in cards]) if fired else tuple([types[u] for u in cards]))
    got = _LAYOUTS.get(key)
    if got is not None:
        return got
    if len(_LAYOUTS) > 20000:
        _LAYOUTS.clear()

    fired = set(fired)

    def sig(u: int) -> tuple:
        return (-1, False) if u == -1 else (ctx.st.cards[u], u in fired)

    key0 = key
    cur = tuple(-1 if u is None else u for u in s.hands)
    cur_sig = (sig(cur[0]), sig(cur[1]), tuple(sorted(sig(u) for u in s.backpack)))
    seen = {cur_sig}
    out = []
    pool = cards + [-1, -1]
    for a, b in permutations(range(len(pool)), 2):
        h0, h1 = pool[a], pool[b]
        rest = [u for u in cards if u != h0 and u != h1]
        if len(rest) > BACKPACK_SLOTS:
            continue
        key = (sig(h0), sig(h1), tuple(sorted(sig(u) for u in rest)))
        if key in seen:
            continue
        seen.add(key)
        out.append((h0, h1))
    _LAYOUTS[key0] = out
    return out


def apply_layout(s: SurvivorState, h0: int, h1: int) -> None:
    cards = s.inventory()
    s.hands = [None if h0 == -1 else h0, None if h1 == -1 else h1]
    s.backpack = sorted(u for u in cards if u != h0 and u != h1)


def combinations_available(ctx: Ctx, s: SurvivorState) -> list:
    """Combinations whose inputs the Survivor carries and whose output is still in the supply."""
    inv = [ctx.st.cards[u] for u in s.inventory()]
    out = []
    for combo in ctx.content.combinations:
        need = list(combo.inputs)
        have = list(inv)
        ok = True
        for x in need:
            if x in have:
                have.remove(x)
            else:
                ok = False
                break
        if ok and ctx.st.supply.get(combo.output):
            out.append(combo)
    return out


def combine(ctx: Ctx, sid: str, output: str) -> None:
    """Discard the inputs (keeping ``keeps``), take the Special card (P. 29-30)."""
    s = ctx.surv(sid)
    combo = next(c for c in combinations_available(ctx, s) if c.output == output)
    slot_hand = None
    for typ in combo.inputs:
        if typ in combo.keeps:
            continue
        uid = next(u for u in s.inventory() if ctx.st.cards[u] == typ)
        if uid in s.hands and slot_hand is None:
            slot_hand = s.hands.index(uid)
        ctx.take_from_inventory(sid, uid)
        ctx.to_discard(uid)
    new = ctx.st.supply[output].pop()
    if slot_hand is not None and s.hands[slot_hand] is None:
        s.hands[slot_hand] = new
    else:
        ctx.give_to_inventory(sid, new)
    names = " + ".join(ctx.content.equipment[t].name for t in combo.inputs)
    kept = f" (keeps the {', '.join(ctx.content.equipment[k].name for k in combo.keeps)})" if combo.keeps else ""
    ctx.emit("combine", "P. 29", f"{ctx.sname(sid)} combines {names} into {ctx.cname(new)}{kept}",
             survivor=sid, output=output)
