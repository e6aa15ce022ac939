"""Scene 2 "Is There a Key?" (P. 34): win when the House Equipment deck is exhausted; lose with a
Ghoul in the house at the end of a Players' Phase (also S4 and S5).
"""
from __future__ import annotations

from nollab.rules.scenes.common import house_zones
from nollab.rules.scenes.hooks import Hook, scene_hook


@scene_hook("house_under_siege")
class HouseUnderSiege(Hook):
    """"The game is lost whenever there is at least 1 Ghoul in the house at the end of a Players'
    Phase." (S2 P. 34, S4 P. 36, S5 P. 37)"""

    def objective_zones(self, ctx) -> dict[str, list[str]]:
        """``"house"``: the rooms to keep free of Ghouls."""
        return {"house": sorted(house_zones(ctx, self.scene))}

    def end_of_players_phase(self, ctx) -> None:
        if ctx.st.result is not None:
            return
        inside = sorted(z for z in house_zones(ctx, self.scene) if ctx.st.ghoul_count(z))
        if inside:
            ctx.lose(f"Ghouls are in the house at the end of the Players' Phase ({', '.join(inside)})",
                     self.scene.data.get("page", "P. 34"))


@scene_hook("house_deck_exhausted")
class HouseDeckExhausted(Hook):
    """"The game is won as soon as the House Equipment deck is exhausted. The Survivors have found
    the pump's keys at last!" (S2, P. 34) — exhausted = its draw pile is empty."""

    def check(self, ctx) -> None:
        if not ctx.st.decks.get("house"):
            ctx.win("the House Equipment deck is exhausted: the pump's keys are found", "P. 34")
