"""Scene 4 "Now, Let's Move It!" (P. 36): no Ranged Action at tile 5R (the pump); win with the Car on
the pump Zone and no Ghoul on tile 5R.
"""
from __future__ import annotations

from nollab.rules.scenes.common import rules, tile_zones
from nollab.rules.scenes.hooks import Hook, scene_hook


@scene_hook("watch_out_for_the_pump")
class WatchOutForThePump(Hook):
    """"Watch out for the pump! Zones on tile 5R cannot be targeted by Ranged Actions." (S4, P. 36)
    The tile is ``[scene.rules] no_ranged_tile`` (default "5R")."""

    def can_target(self, ctx, s, zone) -> bool:
        return ctx.board.zones[zone].tile != rules(self).get("no_ranged_tile", "5R")


@scene_hook("refuel_the_pickup")
class RefuelThePickup(Hook):
    """"The Car is on the indicated pump Zone. There are no Ghouls on tile 5R." (S4, P. 36)"""

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"pump"``: the pump Zone (map marker ``pump``) the Car must reach."""
        pump = self.scene.marker_zone("pump")
        return {"pump": [pump] if pump is not None else []}

    def check(self, ctx) -> None:
        pump = self.scene.marker_zone("pump")
        car = ctx.st.car
        if pump is None or car is None or car.get("zone") != pump:
            return
        if any(ctx.st.ghoul_count(z) for z in tile_zones(ctx, ctx.board.zones[pump].tile)):
            return
        ctx.win("Ben's pick-up is on the pump Zone and no Ghoul is on tile 5R", "P. 36")
