"""Free at any time: discarding a card (P. 16: "at any time, for free (even during another
player's Turn)") and combining Special Equipment (P. 29, then a free reorganisation).

A free discard is possible whenever the game waits for an action or a choice, for any living
Survivor, except the cards a pending decision names (the decision must stay answerable).
"""
from __future__ import annotations

from nollab.rules.engine.actions import Action
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import GameState
from nollab.rules.players.trade import ask_layout
from nollab.rules.survivors.inventory import combine


def do_combine(ctx: Ctx, s, output: str) -> None:
    """Combine for free, then "Your Survivor's inventory may be reorganized for free" (P. 29)."""
    combine(ctx, s.id, output)
    ask_layout(ctx, s.id, "after combining Special Equipment", "P. 29")


def do_discard(ctx: Ctx, s, uid: int) -> None:
    ctx.take_from_inventory(s.id, uid)
    ctx.to_discard(uid)
    ctx.emit("discard", "P. 16", f"{ctx.sname(s.id)} discards {ctx.cname(uid)} (free)", survivor=s.id)


#: pending decisions that name cards of their Survivor(s): those cards stay put until answered
CARD_CHOICES = frozenset({"keep", "flashlight", "layout", "trade", "target", "reroll", "friendly_fire"})


def discard_blocked(st: GameState) -> set[str]:
    """Survivors who may not discard now: those named by a pending card decision (its options
    refer to their cards, so the decision stays answerable)."""
    p = st.pending
    if p is None or p.kind not in CARD_CHOICES:
        return set()
    out = {p.survivor} if p.survivor else set()
    for k in ("partner", "survivor", "by"):
        v = p.data.get(k) if isinstance(p.data, dict) else None
        if isinstance(v, str):
            out.add(v)
    by = getattr(p.data.get("spec"), "by", None) if isinstance(p.data, dict) else None
    if isinstance(by, str):  # the attacker of an attack under way (tally.Attack)
        out.add(by)
    return out or set(st.survivors)


def free_discards(st: GameState, needs: str) -> list[Action]:
    """Every free discard possible now (P. 16): any living Survivor, any carried card, when the
    game ``needs`` an action or a choice (``Game.needs()``)."""
    if needs not in ("action", "choice"):
        return []
    blocked = discard_blocked(st)
    return [Action("discard", s.id, (u,)) for s in st.survivors.values()
            if s.alive and s.id not in blocked for u in s.inventory()]


def discard_refused(st: GameState, needs: str, survivor: str, uid: int) -> str:
    """Why a free discard is refused (P. 16), for :class:`IllegalAction`."""
    s = st.survivors.get(survivor)
    if s is None:
        why = f"unknown survivor {survivor!r}"
    elif needs not in ("action", "choice"):
        why = "the game is not waiting for an action or a choice"
    elif uid not in s.inventory():
        why = f"{survivor} does not carry card {uid!r}"
    else:
        why = f"{survivor}'s cards are part of the pending {st.pending.kind!r} decision"
    return f"free discard (P. 16): {why}"
