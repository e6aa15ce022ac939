"""Scene 8 "Johnny's Car" (P. 41): on the way to the cemetery (random travelling tiles, then 6V with
Johnny's car); win with every Survivor on 6V, no Ghoul there and a driver in the car.
"""
from __future__ import annotations

from nollab.rules.scenes.hooks import Hook, scene_hook
from nollab.rules.scenes.travelling import Travel, tile_zones_of


@scene_hook("way_to_the_cemetery")
class WayToTheCemetery(Travel):
    """"As soon as a Survivor moves onto the first random tile, set another random tile from the
    Travelling Pile next to it ... From then on, tiles are removed ... When the Travelling Pile is
    exhausted, set 6V as the final tile, with Johnny's car on its center Zone. It can be driven."
    (S8, P. 41)"""

    page = "P. 41"


@scene_hook("johnnys_car")
class JohnnysCar(Hook):
    """"All Survivors are standing on tile 6V at the end of a Players' Phase. There are no Ghouls on
    tile 6V. There is a driver in Johnny's car." (S8, P. 41)"""

    def end_of_players_phase(self, ctx) -> None:
        tr = ctx.st.flags.get("travel", {})
        final = self.scene.data.get("travel", {}).get("final", "6V")
        if ctx.st.result is not None or not tr.get("final") or ctx.st.car is None:
            return
        b = ctx.board
        alive = [s for s in ctx.st.survivors.values() if s.alive]
        on = all(s.zone in b.zones and b.zones[s.zone].tile == final for s in alive)
        clear = not any(ctx.st.ghoul_count(z) for z in tile_zones_of(b, final))
        driver = any(s.driver and s.in_car for s in alive)
        if alive and on and clear and driver:
            ctx.win(f"every Survivor is on {final}, no Ghoul there, and a driver sits in Johnny's car", "P. 41")
