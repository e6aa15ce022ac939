"""The heuristic bot's plan for S6 "travelling posse" (P. 39) and S8 "way to the cemetery" (P. 41)
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`)."""
from __future__ import annotations

from nollab.sim.plans_base import NORMAL, Plan, alive, can_fight, objective, tile_zones

__all__ = ["Travel"]


class Travel(Plan):
    """Travelling boards (S6 P. 39, S8 P. 41): a new tile comes when a Survivor moves onto the
    newest one. Walk towards it, the front-runners waiting for the stragglers (a lone Survivor
    dies); S6 ends with everyone on 2V, S8 with everyone on 6V, no Ghoul there, a driver in
    Johnny's car."""

    name = "travel"
    arm_rounds = 2

    def _tr(self, v) -> dict:
        return v.st.flags.get("travel") or {}

    def target_tile(self, v) -> str | None:
        tr = self._tr(v)
        if tr.get("final"):
            return tr["tiles"][-1][0] if tr.get("tiles") else None
        return tr.get("frontier")

    def goals(self, v):
        tile = self.target_tile(v)
        if tile is None:
            return None
        if v.st.round <= self.arm_rounds and not v.st.flags.get("house_left") and v.board.zones[v.me.zone].interior:
            return None  # arm first: the house can be Searched until a door opens (S6, P. 39)
        tr = self._tr(v)
        zones = objective(v, "tile")  # the Zones of ``tile`` (Scene.objective_zones)
        if tr.get("final") and v.st.car is not None and v.st.car.get("zone") in zones:
            driver = any(s.driver for s in alive(v))
            if not driver:
                zones = [v.st.car["zone"]]
        if not zones:
            return None
        # keep the group together: a front-runner 3+ Moves ahead of the last one waits
        mine = v.goal_distance(v.me.zone, zones, closed=frozenset())
        if not mine:
            if tr.get("final") and can_fight(v, v.me):
                # on the last tile: "no Ghouls on tile 6V" (S8, P. 41) -- go after those left on it
                left = [z for z in tile_zones(v, tile) if v.st.ghoul_count(z)]
                return (NORMAL, left) if left else None
            return None
        worst = max((v.goal_distance(s.zone, zones, closed=frozenset()) or 0) for s in alive(v))
        if worst - mine >= 3:
            return NORMAL, [v.me.zone]
        return NORMAL, zones

    def bonus(self, v, a) -> float:
        tr = self._tr(v)
        if a.kind == "car_in" and tr.get("final") and a.params == ():
            return 300.0  # Johnny's car needs a driver (S8, P. 41)
        if a.kind in ("car_out", "drive", "car_seat") and tr.get("final"):
            return -300.0
        return 0.0
