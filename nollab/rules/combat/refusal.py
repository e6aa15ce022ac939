"""Why the position refuses one attack: the wording, naming the rule and its page (P. 13, P. 16-17,
P. 20-21, P. 26-29, P. 31, P. 46).

:func:`nollab.rules.combat.profile.combat_options` and :func:`nollab.rules.players.car.car_options`
decide what is allowed; :func:`attack_refusal` only words a refusal, after they left the attack out (as
:mod:`nollab.rules.players.illegal` words a refused Action). The odds of a live game
(:mod:`nollab.prob.live`) and ``nollab odds --save`` show it. Each message starts with the input it is
about (``weapon:``, ``zone:``, ``dual:``), so a command line can name its flag.
"""
from __future__ import annotations

from nollab.rules.engine.board_state import closed_set, zone_kind
from nollab.rules.engine.context import Ctx
from nollab.rules.engine.state import SurvivorState
from nollab.rules.survivors import skills as sk

__all__ = ["attack_refusal"]


def _car_refusal(ctx: Ctx, s: SurvivorState, zone: str) -> str:
    if not (s.in_car and s.driver):
        return f"weapon: {s.id} is not the Driver of a Car: only a driven Car attacks (P. 21)"
    if not ctx.scene.can_drive(ctx):
        return "weapon: the Scene does not allow driving now, so no Car Attack (P. 21)"
    if not ctx.st.ghoul_count(zone):
        return f"zone: no Ghouls in {zone}: an attack needs a target (P. 20, P. 26)"
    return (f"zone: the Car cannot enter {zone} this Action: Drive 1-2 exterior Zones, no interior, "
            "Corn Field or Wood Zones (P. 21)")


def attack_refusal(ctx: Ctx, s: SurvivorState, weapon: str, action: str, zone: str, dual: bool | None) -> str:
    """The reason ``s`` cannot attack ``zone`` with the card ``weapon`` (an Equipment id, or ``"car"``)
    on its ``action`` line (``melee`` / ``ranged`` / ``car``), ``dual`` as asked (None: either)."""
    st = ctx.st
    if weapon == "car":
        return _car_refusal(ctx, s, zone)
    card = ctx.content.equipment[weapon]
    if not st.ghoul_count(zone) and not (card.effect == "molotov" and any(z == zone for z, _c in st.spawns)):
        # a Molotov may be thrown at a Spawn Zone without Ghouls, to move its token (P. 29)
        return f"zone: no Ghouls in {zone}: an attack needs a target (P. 20, P. 26)"
    in_hands = [i for i, u in enumerate(s.hands) if u is not None and st.cards[u] == weapon]
    if not in_hands:
        if any(st.cards[u] == weapon for u in s.backpack):
            return (f"weapon: {card.name} is in {s.id}'s Backpack: only cards in Hand are used (P. 16); "
                    "Reorganize first (P. 19)")
        return f"weapon: {s.id} does not carry a {card.name}"
    prof = card.melee if action == "melee" else card.ranged
    if prof is None:
        return f"weapon: {card.name} has no {action.title()} line (P. 12-13)"
    mode = sk.effective_mode(st, s)
    if card.zombicide_only and mode == "romero":
        why = " (a Relative on the board forces Romero, P. 17)" if s.mode == "zombicide" else ""
        return f"weapon: {card.name} cannot be used for a Combat Action in Romero Mode (P. 29){why}"
    if action == "melee" and zone != s.zone:
        return f"zone: a Melee Action attacks the Survivor's own Zone {s.zone} only (P. 20, P. 26)"
    skills = sk.active_skills(ctx.content, st, s, mode)
    los = ctx.board.line_of_sight(s.zone, closed_set(ctx), sk.has(ctx.content, skills, "hawk_eye"))
    if zone not in los:
        return f"zone: {zone} is not in Line of Sight of {s.zone} (P. 10, P. 31)"
    rng = los[zone]
    if action == "ranged" and not prof.range_min <= rng <= prof.range_max:
        return (f"zone: {zone} is at Range {rng}, outside the {card.name}'s Range "
                f"{prof.range_min}-{prof.range_max} (P. 13, P. 27)")
    if not ctx.scene.can_target(ctx, s, zone):
        return f"zone: the Scene's special rules forbid targeting {zone} now"
    if card.effect == "molotov" and zone_kind(ctx, zone) == "interior":
        return f"zone: a Molotov targets exterior Zones only, {zone} is not one (P. 29)"
    if dual and not (len(in_hands) == 2 and card.effect != "molotov"
                     and (card.dual or sk.has(ctx.content, skills, "ambidextrous"))):
        why = "two in Hand" if len(in_hands) < 2 else "the Dual symbol or Ambidextrous"
        return f"dual: a Dual Action needs {why} (P. 26, P. 46)"
    if action == "ranged" and prof.reload and (dual or all(s.hands[i] in st.fired for i in in_hands)):
        return (f"weapon: the {card.name} has been fired and not reloaded: spend a Reload Action first, or wait "
                "for the End Phase (P. 28)")
    return f"weapon: the rules do not allow this attack with the {card.name} at {zone} now (P. 26-29)"
