"""Scene 5 "Night of the Living Dead" (P. 37): win when every Survivor is at Orange Danger Level
or higher and has killed a Relative.
"""
from __future__ import annotations

from nollab.rules.scenes.hooks import Hook, scene_hook
from nollab.rules.survivors.experience import level_of


ORANGE = 2  # Danger Level index (Blue 0, Yellow 1, Orange 2, Red 3), P. 14


@scene_hook("survive_the_night")
class SurviveTheNight(Hook):
    """"All Survivors are at Orange Danger Level (or higher). Each Survivor has killed 1 Relative
    (or more)." (S5, P. 37)"""

    def check(self, ctx) -> None:
        alive = [s for s in ctx.st.survivors.values() if s.alive]
        if alive and all(level_of(ctx.content, s) >= ORANGE and s.kills.get("relative", 0) >= 1 for s in alive):
            ctx.win("every Survivor is at Orange or higher and has killed a Relative", "P. 37")
