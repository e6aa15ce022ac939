"""Scene 7 "Go Get Johnny" (P. 40): the white Spawn token cannot be removed (also S10); win when a
Relative is eliminated on the white Spawn Zone.
"""
from __future__ import annotations

from nollab.rules.scenes.common import new_events, white_zone
from nollab.rules.scenes.flags import Flag
from nollab.rules.scenes.hooks import Hook, scene_hook


@scene_hook("johnny_was_here")
class JohnnyWasHere(Hook):
    """"Johnny was here. The white Ghoul Spawn token cannot be removed." (S7, P. 40)

    A Molotov lets "any Ghoul Spawn token in the targeted Zone" move to another Spawn Zone
    (P. 29); the white one never moves (the ``can_move_spawn`` hook point), the others of its
    Zone still may."""

    page = "P. 40"

    def can_move_spawn(self, ctx, zone, colour) -> bool:
        return colour != "white"


@scene_hook("rip_johnny")
class RipJohnny(Hook):
    """"R.I.P. Johnny. The game is won as soon as a Relative is eliminated on the white Spawn Zone."
    (S7, P. 40) — by any attack, Molotov included."""
    flags = {"ev_rip_johnny": Flag(int, 0, "events already read by this rule (common.new_events)")}

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"white"``: the white Spawn Zone."""
        w = white_zone(ctx)
        return {"white": [w] if w is not None else []}

    def check(self, ctx) -> None:
        w = white_zone(ctx)
        for e in new_events(ctx, "ev_rip_johnny"):
            if e.kind == "kill" and e.data.get("ghoul") == "relative" and e.data.get("zone") == w:
                ctx.win("a Relative is eliminated on the white Spawn Zone: Johnny rests in peace", "P. 40")
                return
