"""The heuristic bot's plan for S7 "rip Johnny" (P. 40)
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`).

Why the bot lost (bench/scene_losses.py, 30 games): it ran to the cemetery with its Starting
Equipment, stood *next to* the white Spawn Zone and waited for a Relative to spawn exactly there --
two Relative cards in 46, "NOTHING!" at Blue (notld data), one card a round on the white Zone -- while
every Ghoul of the board walked up to it. Now the posse:

* **arms first** -- two rounds of Searches in the house ("Equipment stashes": the Melee deck in
  the kitchen, the Ranged deck on the staircase, P. 40; the House deck in any room, P. 18);
* **marches together** (:mod:`.posse`) to the white Spawn Zone and **holds it**: Ghouls walk to
  the Zone with the most Survivors (P. 23), so every Relative of the board comes to the white Zone,
  where killing it wins (P. 40); hits are put on the Relative first when the shooter may choose
  (P. 26-27), and a Molotov at a Relative there wins outright (P. 29). Off the white Zone a
  Relative is left alive (no free hit on it, no shot at a Zone holding only Relatives): it is
  walking to the posse.
"""
from __future__ import annotations

from typing import Any

from nollab.sim.plans_base import NORMAL, Plan, white_zone
from nollab.sim.scene_plans.posse import Posse
from nollab.sim.scene_plans.kill_share import only_relatives
from nollab.sim.scene_plans.relatives import relative_bonus

__all__ = ["RelativeOnWhite"]


class RelativeOnWhite(Posse, Plan):
    """"The game is won as soon as a Relative is eliminated on the white Spawn Zone." (S7, P. 40):
    arm, then hold the white Spawn Zone together and kill the Relatives that come (module docstring)."""

    name = "relative-on-white"
    arm_rounds = 2

    def arming(self, v) -> bool:
        """The first rounds, in the house: Search (the stashes, P. 40)."""
        return v.st.round <= self.arm_rounds and v.board.zones[v.me.zone].interior

    def goals(self, v):
        w = white_zone(v)
        if w is None:
            return None
        if self.arming(v):
            return None  # stay and Search
        return NORMAL, [self.rally(v, [w])]

    def judge_goals(self, v) -> list[str] | None:
        w = white_zone(v)
        return [w] if w is not None else None

    def bonus(self, v, a) -> float:
        w = white_zone(v)
        if not self.arming(v):
            if a.kind in ("door", "barricade"):
                return self.door(v, a.params[0], a.params[1])
            if a.kind == "move":
                return self.through(v, a.params[0])
        b = relative_bonus(v, a, lambda z: z == w)
        if a.kind == "molotov" and a.params[1] != w:
            return b - 100.0  # keep the Molotov for the white Zone
        if a.kind == "ranged" and v.me.zone == w and a.params[1] != w and only_relatives(v, a.params[1]):
            return -80.0  # let it come: a Relative killed off the white Zone wins nothing (P. 40)
        return 3 * b

    def option(self, v, choice) -> Any:
        """A hit assigned by the attacker (Melee, or the same Targeting Priority, P. 26-27) goes to
        a Relative on the white Spawn Zone: its elimination wins (P. 40)."""
        if choice.kind == "target" and "relative" in choice.options:
            spec = choice.data.get("spec")
            if spec is not None and getattr(spec, "zone", None) == white_zone(v):
                return "relative"
            # elsewhere the Relative is worth more alive: it walks to the posse on the white Zone
            return next((o for o in choice.options if o != "relative"), None)
        return None
