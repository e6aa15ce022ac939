"""The heuristic bot's plan for S4 "refuel the pickup" (P. 36)
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`)."""
from __future__ import annotations

from nollab.sim.plans_base import NORMAL, Plan, alive, car_distances, objective, tile_zones

__all__ = ["DriveToPump"]


class DriveToPump(Plan):
    """"The Car is on the indicated pump Zone. There are no Ghouls on tile 5R." (S4, P. 36):
    everyone gets in (the house stays empty while the Ghouls follow the Car), the Driver drives
    along the shortest road to the pump and runs over the Ghouls of its tile (Car Attack, P. 21)."""

    name = "drive-to-pump"

    def _pump(self, v) -> str | None:
        pump = objective(v, "pump")
        return pump[0] if pump else None

    def goals(self, v):
        car = v.st.car
        if car is None or v.me.in_car:
            return None
        return NORMAL - 1, [car["zone"]]

    def bonus(self, v, a) -> float:
        car, pump = v.st.car, self._pump(v)
        if car is None or pump is None:
            return 0.0
        k = a.kind
        if k == "car_in":
            return 260.0 if (a.params == ()) else 250.0
        if k == "car_out":
            return -200.0
        if k == "car_seat":
            return -100.0
        if k == "drive":
            return self._drive(v, a.params[0], car["zone"], pump)
        if v.me.in_car and k in ("move", "search", "door", "barricade"):
            return -50.0
        return 0.0

    def _drive(self, v, path, here: str, pump: str) -> float:
        riders = [s for s in alive(v) if s.in_car]
        waiting = len(alive(v)) - len(riders)
        d = car_distances(v, pump)
        end = path[-1]
        tile = v.board.zones[pump].tile
        ghouls_tile = [z for z in tile_zones(v, tile) if v.st.ghoul_count(z)]
        if waiting and not v.st.ghoul_count(here) and v.st.round < 12:
            return -150.0  # wait for the others (they walk to the Car)
        score = 60.0 * (d.get(here, 20) - d.get(end, 20))
        if here == pump or d.get(here, 20) <= 2:
            # near the pump: run over the Ghouls of its tile, finishing on the pump if possible
            score += 40.0 * sum(1 for z in path if z in ghouls_tile)
            if end == pump:
                score += 80.0 if len(ghouls_tile) <= sum(1 for z in path if z in ghouls_tile) else 20.0
        return score + 30.0
