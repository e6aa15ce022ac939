"""Which weapons can attack now, and where (P. 13, P. 16, P. 26-27, P. 29, P. 46).

Only weapons in Hand attack (P. 16); two identical Dual weapons (or any identical pair with
Ambidextrous) attack together (P. 26, P. 46); a fired Reload weapon waits for a Reload (P. 28);
Ma's Shotgun never attacks in Romero Mode (P. 29); a Ranged target is a Zone with Ghouls within
the weapon's Range and in Line of Sight (P. 27; Hawk-eye P. 46), if the Scene allows it.
"""
from __future__ import annotations

from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import SurvivorState
from nollab.rules.survivors import skills as sk


def weapon_profile(ctx: Ctx, uid: int, action: str):
    c = ctx.card(uid)
    return c.melee if action == "melee" else c.ranged


def can_use_weapon(ctx: Ctx, s: SurvivorState, uid: int) -> bool:
    """Ma's Shotgun: no Combat Action in Romero Mode (P. 29)."""
    return not (ctx.card(uid).zombicide_only and sk.effective_mode(ctx.st, s) == "romero")


def weapon_options(ctx: Ctx, s: SurvivorState, action: str, skills: list[str],
                   mode: str | None = None) -> list[tuple[int, ...]]:
    """Hand combinations usable for one Combat Action: single Hands, and both Hands when they
    hold 2 identical Dual weapons (or any identical pair with Ambidextrous) (P. 13, 26, 46).
    ``mode``: the Survivor's effective Mode when the caller already knows it."""
    fired = ctx.st.fired
    cards = ctx.st.cards
    equipment = ctx.content.equipment
    ok = []
    for i, u in enumerate(s.hands):
        if u is None:
            continue
        c = equipment[cards[u]]
        prof = c.melee if action == "melee" else c.ranged
        if prof is None:
            continue
        if c.zombicide_only:  # Ma's Shotgun: no Combat Action in Romero Mode (P. 29)
            if (mode if mode is not None else sk.effective_mode(ctx.st, s)) == "romero":
                continue
        if c.effect == "molotov":
            continue
        if action == "ranged" and prof.reload and u in fired:
            continue
        ok.append(i)
    if not ok:
        return []
    out: list[tuple[int, ...]] = [(ok[0],)]
    if len(ok) == 2:
        a, b = s.hands
        same = cards[a] == cards[b]
        if not same:
            out.append((ok[1],))
        elif equipment[cards[a]].dual or sk.has(ctx.content, skills, "ambidextrous"):
            out.append((0, 1))
    return out


def ranged_targets(ctx: Ctx, s: SurvivorState, hands: tuple[int, ...], skills: list[str], closed) -> list[str]:
    prof = weapon_profile(ctx, s.hands[hands[0]], "ranged")
    hawk = sk.has(ctx.content, skills, "hawk_eye")
    los = ctx.board.line_of_sight(s.zone, closed, hawk)
    out = []
    for z, r in los.items():
        if prof.range_min <= r <= prof.range_max and ctx.st.ghoul_count(z) > 0 and ctx.scene.can_target(ctx, s, z):
            out.append(z)
    return sorted(out)
