"""Scene 3 "They're Afraid of Fire" (P. 35): win with no Ghoul on the board and every Spawn token
gathered in a single Spawn Zone.
"""
from __future__ import annotations

from nollab.rules.scenes.hooks import Hook, scene_hook


@scene_hook("break_the_siege")
class BreakTheSiege(Hook):
    """"There are no Ghouls on the board. All Ghoul Spawn tokens are gathered into a single Spawn
    Zone." (S3, P. 35)"""

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"spawns"``: the Spawn Zones whose tokens are to be gathered (clockwise order)."""
        return {"spawns": list(dict.fromkeys(z for z, _c in ctx.st.spawns))}

    def check(self, ctx) -> None:
        if ctx.st.ghouls or len({z for z, _c in ctx.st.spawns}) > 1:
            return
        ctx.win("no Ghoul on the board and every Spawn token in a single Spawn Zone", "P. 35")
