"""The heuristic bot's plan for S7 "rip Johnny" (P. 40)
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`)."""
from __future__ import annotations

from nollab.sim.plans_base import NORMAL, Plan, white_zone
from nollab.sim.scene_plans.relatives import relative_bonus

__all__ = ["RelativeOnWhite"]


class RelativeOnWhite(Plan):
    """"The game is won as soon as a Relative is eliminated on the white Spawn Zone." (S7, P. 40):
    stand next to the white Spawn Zone and attack it when a Relative is there (a Molotov wins
    outright, P. 29)."""

    name = "relative-on-white"

    def goals(self, v):
        w = white_zone(v)
        if w is None:
            return None
        near = [n for n in v.board.neighbors(w, frozenset())]
        return NORMAL, sorted(set(near)) or [w]

    def bonus(self, v, a) -> float:
        w = white_zone(v)
        b = relative_bonus(v, a, lambda z: z == w)
        if a.kind == "molotov" and a.params[1] != w:
            return b - 100.0  # keep the Molotov for the white Zone
        return 3 * b
