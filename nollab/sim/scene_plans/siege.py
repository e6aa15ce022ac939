"""The heuristic bot's plan for S2, S4, S5 "house under siege" (P. 34-37)
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`)."""
from __future__ import annotations

from nollab.sim.plans_base import URGENT, Plan, alive

__all__ = ["HouseSiege"]


class HouseSiege(Plan):
    """"The game is lost whenever there is at least 1 Ghoul in the house at the end of a Players'
    Phase" (P. 34, 36, 37): a Ghoul inside is the most urgent goal of every Survivor whose
    weapons can kill it (a Fatty only for Damage 2, P. 27 -- before, the whole team ran to a
    Fatty it could not hurt and stood beside it until the Phase ended), and the door to it is
    worth opening (the loss is certain otherwise); the last Survivor out of an empty house closes
    the door behind them. (A Molotov cannot help inside: it targets exterior Zones only, P. 29.)"""

    name = "house-siege"

    def goals(self, v):
        inside = [z for z in v.house() if v.st.ghoul_count(z) and v.can_hurt(z)]
        if inside:
            return URGENT, inside
        return None

    def bonus(self, v, a) -> float:
        if a.kind == "move":
            dest = a.params[0]
            n = v.st.ghoul_count(dest)
            if n and dest in v.house() and v.can_hurt(dest) and self._can_strike_after_move(v):
                # walking in is dangerous, but a Ghoul left in the house loses the game outright
                return 100.0 + 70.0 * n + (180.0 if v.lethal(dest) else 0.0)
        if a.kind in ("door", "barricade") and a.params[1] == "open":
            far = v.board.openings[a.params[0]].other(v.me.zone)
            if far in v.house() and v.st.ghoul_count(far) and v.can_hurt(far):
                return 140.0  # cancels the "Ghouls behind it" penalty: they must die this Phase
        if a.kind in ("door", "barricade") and a.params[1] == "close":
            house = v.house()
            if v.me.zone not in house and v.board.openings[a.params[0]].other(v.me.zone) in house \
                    and not any(s.zone in house for s in alive(v)):
                return 120.0  # the last one out shuts the house behind them: Ghouls stay outside
        return 0.0

    @staticmethod
    def _can_strike_after_move(v) -> bool:
        """Is walking to another room of Ghouls worth it? Not while Ghouls I can kill stand in my
        own room of the house (they too must die this Phase, P. 37, and they are in reach now),
        and not when the Move eats the Turn: leaving a Zone costs 1 Action more per Ghoul in it
        (P. 18), and a Survivor who arrives with no Action left kills nothing -- before, the
        whole team paid 3 Actions each to leave 2 Walkers in the living room for the kitchen,
        and the game was lost with Ghouls in both rooms."""
        here = v.me.zone
        g = v.st.ghoul_count(here)
        if g and here in v.house() and v.can_hurt(here):
            return False
        left = v.game.actions_left(v.me.id)
        return left is None or left - (1 + g) >= 1
