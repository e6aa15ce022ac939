"""Scene 5 "Night of the Living Dead" (P. 37): win when every Survivor is at Orange Danger Level
or higher and has killed a Relative.
"""
from __future__ import annotations

from nollab.rules.scenes.hooks import Hook, scene_hook
from nollab.rules.survivors.experience import level_of


ORANGE = 2  # Danger Level index (Blue 0, Yellow 1, Orange 2, Red 3), P. 14


def at_orange(content, s) -> bool:
    """"All Survivors are at Orange Danger Level (or higher)" (S5, P. 37; Danger Levels, P. 14)."""
    return level_of(content, s) >= ORANGE


def killed_a_relative(s) -> bool:
    """"Each Survivor has killed 1 Relative (or more)" (S5, P. 37)."""
    return s.kills.get("relative", 0) >= 1


@scene_hook("survive_the_night")
class SurviveTheNight(Hook):
    """"All Survivors are at Orange Danger Level (or higher). Each Survivor has killed 1 Relative
    (or more)." (S5, P. 37): both conditions, read by :func:`at_orange` and
    :func:`killed_a_relative` (the bots and ``bench/relative_clock.py`` ask the same two)."""

    def check(self, ctx) -> None:
        alive = [s for s in ctx.st.survivors.values() if s.alive]
        if alive and all(at_orange(ctx.content, s) and killed_a_relative(s) for s in alive):
            ctx.win("every Survivor is at Orange or higher and has killed a Relative", "P. 37")
