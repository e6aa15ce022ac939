"""The heuristic bot's plan for S5 "survive the night" (P. 37), and the Relative-kill score S7 shares
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`)."""
from __future__ import annotations

from nollab.rules.engine.state import GI
from nollab.sim.plans_base import NORMAL, Plan, can_fight

__all__ = ["HuntRelatives", "relative_bonus"]


def relative_bonus(v, a, zone_ok) -> float:
    """Score an attack by the Relatives it may kill in an accepted Zone."""
    if a.kind == "molotov":
        z = a.params[1]
        if zone_ok(z) and v.st.ghouls_in(z)[GI["relative"]] and not v.st.survivors_in(z):
            return 500.0
        return 0.0
    if a.kind not in ("melee", "ranged"):
        return 0.0
    z = v.me.zone if a.kind == "melee" else a.params[1]
    w, b, f, r = v.st.ghouls_in(z)
    if not r or not zone_ok(z):
        return 0.0
    return 60.0 + 60.0 / (1 + w + b + f)  # the fewer Ghouls in front of it, the likelier the kill


class HuntRelatives(Plan):
    """"All Survivors are at Orange Danger Level (or higher). Each Survivor has killed 1 Relative
    (or more)." (S5, P. 37): a Survivor still owing a Relative shoots Relatives first, and walks
    towards them when the house is clear."""

    name = "hunt-relatives"

    def _owes(self, v) -> bool:
        return v.me.kills.get("relative", 0) < 1

    def goals(self, v):
        if not self._owes(v) or not can_fight(v, v.me):
            return None
        zones = [z for z, c in v.st.ghouls.items() if c[GI["relative"]]]
        house = v.house()
        if house:  # stay near the house: Relatives in it or next to it
            near = set(house)
            for z in house:
                near.update(v.board.neighbors(z, frozenset()))
            zones = [z for z in zones if z in near]
        return (NORMAL + 1, zones) if zones else None

    def bonus(self, v, a) -> float:
        if not self._owes(v):
            return 0.0
        return relative_bonus(v, a, lambda z: True)
