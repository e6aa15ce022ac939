"""Scene 10 "Another One for the Fire" (P. 44): the infected cemetery (the white Spawn token stays);
win when every Spawn token is on the white Spawn Zone and a Molotov is thrown at it.
"""
from __future__ import annotations

from nollab.rules.scenes.common import new_events, white_zone
from nollab.rules.scenes.flags import Flag
from nollab.rules.scenes.hooks import Hook, scene_hook
from nollab.rules.scenes.s7_go_get_johnny import JohnnyWasHere


@scene_hook("infected_cemetery")
class InfectedCemetery(JohnnyWasHere):
    """"Infected cemetery. The White Ghoul Spawn token cannot be removed." (S10, P. 44)"""

    page = "P. 44"


@scene_hook("purge_the_district")
class PurgeTheDistrict(Hook):
    """"The game is won as soon as all Ghoul Spawn tokens are gathered on the White Spawn Zone,
    then a Molotov is thrown at that Zone." (S10, P. 44)"""
    flags = {"ev_purge": Flag(int, 0, "events already read by this rule (common.new_events)")}

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"white"``: the white Spawn Zone (every token gathers there); ``"spawns"``: the Spawn
        Zones still holding a token elsewhere."""
        w = white_zone(ctx)
        return {"white": [w] if w is not None else [],
                "spawns": list(dict.fromkeys(z for z, _c in ctx.st.spawns if z != w))}

    def check(self, ctx) -> None:
        w = white_zone(ctx)
        for e in new_events(ctx, "ev_purge"):
            if e.kind == "molotov" and e.data.get("zone") == w and all(z == w for z, _c in ctx.st.spawns):
                ctx.win("every Spawn token is on the White Spawn Zone and a Molotov burns it", "P. 44")
                return
