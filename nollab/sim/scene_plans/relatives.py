"""The heuristic bot's plan for S5 "survive the night" (P. 37), and the Relative-kill score S7 shares
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`). The plan's parts: how the team holds the
house (:mod:`.house_guard`) and who makes a kill (:mod:`.kill_share`)."""
from __future__ import annotations

from typing import Any

from nollab.rules.engine.state import GI
from nollab.rules.survivors.skills import effective_mode
from nollab.sim.plans_base import NORMAL, Plan, can_fight
from nollab.sim.scene_plans.house_guard import (BUFFER, OPEN_HOUSE, RUN_OUT_CARDS, SHOVE, buffer_bonus, exposed,
                                                held_room, open_house, run_out_risk, shove_bonus)
from nollab.sim.scene_plans.kill_share import (LEAVE_IT, fatty_first, left_to_a_friend, owes_relative,
                                               raises_the_line, relative_target, walks_in_to_a_friend)

# the S5 plan's parts live in .house_guard (the held room, the open house, the buffer, the last-resort
# Shove) and .kill_share (who makes a kill); their names are re-exported here for the callers of this module
__all__ = ["HuntRelatives", "relative_bonus", "stash_goals", "wants_arms", "open_house", "OPEN_HOUSE", "held_room",
           "buffer_bonus", "exposed", "run_out_risk", "BUFFER", "RUN_OUT_CARDS", "SHOVE", "shove_bonus", "fatty_first",
           "owes_relative", "relative_target", "raises_the_line", "walks_in_to_a_friend", "left_to_a_friend", "LEAVE_IT"]


def relative_bonus(v, a, zone_ok) -> float:
    """Score an attack by the Relatives it may kill in an accepted Zone."""
    if a.kind == "molotov":
        z = a.params[1]
        if zone_ok(z) and v.st.ghouls_in(z)[GI["relative"]] and not v.st.survivors_in(z):
            return 500.0
        return 0.0
    if a.kind not in ("melee", "ranged"):
        return 0.0
    z = v.me.zone if a.kind == "melee" else a.params[1]
    w, b, f, r = v.st.ghouls_in(z)
    if not r or not zone_ok(z):
        return 0.0
    return 60.0 + 60.0 / (1 + w + b + f)  # the fewer Ghouls in front of it, the likelier the kill


def wants_arms(v) -> bool:
    """A Hand without a weapon, or no weapon better than the Starting Equipment's one die at 4+."""
    eq = v.game.content.equipment
    free = any(u is None or (eq[v.st.cards[u]].melee is None and eq[v.st.cards[u]].ranged is None)
               for u in v.me.hands)
    return free or v.weak_hands()


def stash_goals(v) -> list[str]:
    """The stash Zones this Survivor may Search now: "The Melee and Ranged Equipment decks can only
    be Searched in the designated Zones (only while in Zombicide Mode)" (S5, P. 37; one Search per
    Turn, P. 18) -- a Relative on the board turns the Survivor back to Romero (P. 17), and a
    Survivor with two real weapons in Hand has nothing to look for."""
    if v.me.searched or effective_mode(v.st, v.me) != "zombicide" or not wants_arms(v):
        return []
    return sorted(z for z in v.game.scene.tokens.stashes if z in v.board.zones)


class HuntRelatives(Plan):
    """"All Survivors are at Orange Danger Level (or higher). Each Survivor has killed 1 Relative
    (or more)." (S5, P. 37): a Survivor in Zombicide Mode arms at the stashes first (both lie
    inside the house on S5's map: the kitchen and upstairs); a Survivor still owing a Relative
    shoots Relatives first (wherever they stand) and walks towards those inside the house. No
    Relative is wasted: a hit the attacker assigns goes to a Relative only if they still owe one
    (:func:`relative_target`), a Zone of nothing but Relatives is left to a friend who owes one and
    acts later this round (:func:`left_to_a_friend`) or, outside the house, to walk in to a friend
    who owes one (:func:`walks_in_to_a_friend`)."""

    name = "hunt-relatives"
    #: knob: leave a Relative-only Zone to a friend who owes one (:func:`left_to_a_friend`)
    leave_relatives = True
    #: Moves within which a friend who owes a Relative counts for :func:`left_to_a_friend` inside the house
    leave_reach = 1
    #: knob: the most experienced Survivor leaves kills that would raise the spawn line to friends (:func:`raises_the_line`)
    level_xp = True

    def goals(self, v):
        stash = stash_goals(v)
        if stash:
            return NORMAL, stash
        if not owes_relative(v.me) or not can_fight(v, v.me):
            return None
        zones = [z for z, c in v.st.ghouls.items() if c[GI["relative"]]]
        house = v.house()
        if house:
            # only inside: with the rooms around the team open (:func:`open_house`) a Relative on a
            # lawn is one Move away through a window, and the hunters ended the Phase outside while
            # the Ghouls came into the room they had left; a Relative walks in to the team (P. 23)
            zones = [z for z in zones if z in house]
        if zones:
            return NORMAL + 1, zones
        home = self.home(v)
        return (NORMAL + 2, [home]) if home else None

    def trusted(self, v, a) -> bool:
        """The steps the planner plays without its one-round search (:meth:`PlannerPolicy.trusted`):

        * opening one of :func:`open_house`'s Openings -- its pay-off comes rounds later (the
          Ghouls' routes change, P. 23); one round shows only the Ghouls walking in;
        * an attack on Ghouls inside the house -- every Ghoul there must be dead at the end of
          the Players' Phase or the game is lost (P. 37); with 3 sampled futures a candidate the
          search preferred by chance (a Reorganize, a Move, ending the Turn) overruled such
          attacks, and the planner survived fewer rounds than the heuristic it searches around."""
        if a.kind in ("melee", "ranged"):
            return (v.me.zone if a.kind == "melee" else a.params[1]) in v.house()
        return a.kind in ("door", "barricade") and a.params[1] == "open" and a.params[0] in open_house(v)

    def option(self, v, choice) -> Any:
        got = relative_target(v, choice)
        return got if got == "relative" else (fatty_first(v, choice) or got)

    @staticmethod
    def home(v) -> str | None:
        """The room the team holds together (:func:`~.house_guard.held_room`)."""
        return held_room(v)

    def bonus(self, v, a) -> float:
        if a.kind == "shove":
            return shove_bonus(v, a)
        if a.kind in ("door", "barricade") and a.params[0] in open_house(v):
            return OPEN_HOUSE if a.params[1] == "open" else -2 * OPEN_HOUSE
        if a.kind == "search" and a.params[0] in ("melee", "ranged") and wants_arms(v):
            return 80.0  # a real weapon: the team's kill rate is what S5 is about
        if self.leave_relatives and left_to_a_friend(v, a, self.leave_reach):
            return -LEAVE_IT
        if self.leave_relatives and walks_in_to_a_friend(v, a):
            return -LEAVE_IT
        if self.level_xp and raises_the_line(v, a):
            return -LEAVE_IT
        buf = buffer_bonus(v, a)
        if not owes_relative(v.me):
            return buf
        return buf + relative_bonus(v, a, lambda z: True)
