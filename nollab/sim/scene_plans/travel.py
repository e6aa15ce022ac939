"""The heuristic bot's plan for S6 "travelling posse" (P. 39) and S8 "way to the cemetery" (P. 41)
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`).

Why the posse used to die (bench/scene_losses.py, 50 games each, heuristic): every loss was a
starting Survivor eliminated, never the clock. The Survivors strung out over three or four tiles,
and "Fighting through the herd" spawns at the corner exterior Zones of *every* tile with a Survivor
on it (P. 39, P. 41) -- 8 to 12 Ghoul cards a round instead of 4 -- while a straggler stayed behind
shooting at the Zone it had to walk through and was overrun. The plan is therefore a march:

* **arm first** -- before the journey starts (no tile has left yet) the posse Searches for two
  rounds where it may (S6: the house until a Door or Barricade opens, "Oh, I'd like to leave,
  yes"; S8: the barn of 5R, with the Armory's Melee and Ranged decks);
* **one rally Zone a round** -- every Survivor walks to the same Zone: the one nearest the tile to
  reach that every living Survivor can still get to this round with the Actions they have left
  (the Survivors who have taken their Turn count with none; leaving a Zone with Ghouls costs one
  more Action each, P. 18), Zones with Ghouls in or next to them counting as farther. So the posse
  ends each Players' Phase together, on as few tiles as possible, and the tiles it leaves go with
  their Ghouls in the End Phase;
* **tiles laid towards the posse** -- "set tile 6R right next to it, in any way you want, as to
  extend the road" (P. 39): the placement with the fewest Moves from the Survivors to the new
  tile is chosen;
* **Johnny's car** (S8): the posse waits next to the final tile 6V -- nobody on it, so its corners
  do not spawn -- until every Survivor can step onto it in the same round; then all go at once,
  the first who can reach the car's Zone with an Action to spare getting in as its driver, and the
  armed ones go after the Ghouls left on 6V (P. 41: all on 6V, no Ghoul there, a driver).
"""
from __future__ import annotations

from typing import Any

from nollab.rules.spawn.spawn_zones import herd_spawn_zones
from nollab.sim.plans_base import NORMAL, Plan, alive, can_fight, objective, tile_zones
from nollab.sim.scene_plans.posse import Posse, moves_left

__all__ = ["Travel"]

class Travel(Posse, Plan):
    """Travelling boards (S6 P. 39, S8 P. 41): a new tile comes when a Survivor moves onto the
    newest one; S6 ends with everyone on 2V, S8 with everyone on 6V, no Ghoul there, a driver in
    Johnny's car. See the module docstring for the march."""

    name = "travel"
    arm_rounds = 2

    def _tr(self, v) -> dict:
        return v.st.flags.get("travel") or {}

    def target_tile(self, v) -> str | None:
        tr = self._tr(v)
        if tr.get("final"):
            return tr["tiles"][-1][0] if tr.get("tiles") else None
        return tr.get("frontier")

    # ---- arming ---------------------------------------------------------------------------------
    def arming(self, v) -> bool:
        """Searching still pays: the journey has not started (no tile left yet, so no hurry), the
        first rounds, and the house may still be Searched (S6 P. 39)."""
        tr = self._tr(v)
        return v.st.round <= self.arm_rounds and not tr.get("removing") and not v.st.flags.get("house_left")

    def _rooms(self, v) -> list[str]:
        """Interior Zones without Ghouls within two Moves (where a Search is possible, P. 18)."""
        d = v.distances(v.me.zone, frozenset())
        return sorted(z for z, zone in v.board.zones.items()
                      if zone.interior and d.get(z, 99) <= 2 and not v.st.ghoul_count(z))

    # ---- goals ----------------------------------------------------------------------------------
    def goals(self, v):
        tile = self.target_tile(v)
        if tile is None:
            return None
        if self.arming(v):
            if v.board.zones[v.me.zone].interior:
                return None  # stay and Search
            rooms = self._rooms(v)
            if rooms:
                return NORMAL, rooms
        zones = objective(v, "tile")  # the Zones of ``tile`` (Scene.objective_zones)
        if not zones:
            return None
        tr = self._tr(v)
        car = v.st.car
        if tr.get("final") and car is not None and car.get("zone") in zones:
            return self._car_goals(v, tile, zones, car["zone"])
        return NORMAL, [self.rally(v, zones)]

    def judge_goals(self, v) -> list[str] | None:
        """The tile to reach (the newest, or the final one); on S8's final tile without a driver,
        Johnny's car."""
        zones = objective(v, "tile")
        car = v.st.car
        if zones and self._tr(v).get("final") and car is not None and car.get("zone") in zones \
                and not any(s.driver and s.in_car for s in alive(v)):
            return [car["zone"]]
        return zones or None

    def _car_goals(self, v, tile: str, zones: list[str], car_zone: str):
        """S8's last tile: "All Survivors are standing on tile 6V ... no Ghouls on tile 6V ... a
        driver in Johnny's car" (P. 41)."""
        team = alive(v)
        on = [s for s in team if s.zone in zones]
        driver = any(s.driver and s.in_car for s in team)
        if not on and not (self.can_all_go(v, zones) and any(self.can_drive(v, s, car_zone, 0) for s in team)):
            # nobody on 6V yet, so its corners do not spawn: wait next to it, as near the car as can
            # be, until all can step onto it and one can also get into the car, in the same round
            return NORMAL, [self.rally(v, [car_zone], outside=set(zones))]
        if not driver and self.can_drive(v, v.me, car_zone):
            return NORMAL, [car_zone]
        if v.me.zone not in zones:
            return NORMAL, [self.rally(v, zones)]
        if can_fight(v, v.me):
            # on the last tile: "no Ghouls on tile 6V" -- go after those left on it
            left = [z for z in tile_zones(v, tile) if v.st.ghoul_count(z)]
            if left:
                return NORMAL, left
        return None

    def can_drive(self, v, s, car_zone: str, get_in: int = 1) -> bool:
        """``s`` can reach the car's Zone and still get in this round (no Ghoul there, P. 21)."""
        if v.st.ghoul_count(car_zone):
            return False
        d = self.cost(v, s).get(car_zone)
        return d is not None and d + get_in <= moves_left(v, s)

    def can_all_go(self, v, zones: list[str]) -> bool:
        """Every living Survivor can still step onto ``zones`` this round."""
        for s in alive(v):
            c = self.cost(v, s)
            d = min((c[z] for z in zones if z in c), default=None)
            if d is None or d > moves_left(v, s):
                return False
        return True

    def avoid(self, v) -> frozenset:
        """Corner exterior Zones of every tile: where "Fighting through the herd" spawns once a
        Survivor stands on the tile (P. 39, P. 41) -- a bad place to end a round."""
        key = ("herd", tuple((p.tile, p.row, p.col, p.rotation) for p in v.board.tiles))
        got = v._dist.get(key)
        if got is None:
            by_tile = {}
            for z, zone in v.board.zones.items():
                by_tile.setdefault(zone.tile, z)
            got = v._dist[key] = frozenset(herd_spawn_zones(v.board, list(by_tile.values())))
        return got

    def bonus(self, v, a) -> float:
        tr = self._tr(v)
        if a.kind in ("door", "barricade") and not self.arming(v):
            return self.door(v, a.params[0], a.params[1])
        if a.kind == "move" and not self.arming(v):
            return self.through(v, a.params[0])
        if a.kind == "car_in" and tr.get("final") and a.params == ():
            return 300.0  # Johnny's car needs a driver (S8, P. 41)
        if a.kind == "drive" and tr.get("final") and v.me.driver:
            return self._drive(v, a.params[0])
        if a.kind in ("car_out", "drive", "car_seat") and tr.get("final"):
            return -300.0
        return 0.0

    def _drive(self, v, path) -> float:
        """The driver runs over the Ghouls left on the last tile: a Car Attack in each Zone the car
        enters (P. 21), never one with a Survivor on foot (Friendly Fire, P. 28), ending on the tile
        ("a driver in Johnny's car", P. 41)."""
        zones = set(objective(v, "tile"))
        if path[-1] not in zones or any(v.st.survivors_in(z) for z in path):
            return -300.0
        hit = sum(1 for z in path if v.st.ghoul_count(z))
        return 90.0 * hit - 20.0 if hit else -300.0

    def option(self, v, choice) -> Any:
        """"set tile 6R right next to it, in any way you want, as to extend the road" (P. 39):
        the placement whose new tile is the fewest Moves from the posse (summed over the living
        Survivors; the engine lists the road-extending placements, straight on first) -- for S8's
        final tile, the fewest Moves to Johnny's car ("with Johnny's car on its center Zone", P. 41)."""
        if choice.kind != "scene:place_tile" or len(choice.options) < 2:
            return None
        from nollab.rules.scenes.travelling import board_with
        team = alive(v)
        tr = self._tr(v)
        car = v.game.scene.data.get("travel", {}).get("final_car") if len(tr.get("pile", ())) == 1 else None
        best, best_cost = None, None
        for opt in choice.options:
            b = board_with(v.game.scene, tr, opt)
            new = [car] if car in b.zones else [z for z, zone in b.zones.items() if zone.tile == opt[1]]
            near: dict[str, int] = {}
            for z in new:
                for src, d in b.distances_to(z, frozenset()).items():
                    if d < near.get(src, 99):
                        near[src] = d
            cost = sum(near.get(s.zone, 99) for s in team)
            if best_cost is None or cost < best_cost:
                best, best_cost = opt, cost
        return best
