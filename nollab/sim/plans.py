"""Per-objective plans of the heuristic bot, chosen from the Scene's declared hooks.

A Scene file lists its special rules and objectives as named hooks (``[scene] hooks``, see
:mod:`nollab.rules.scenes`); :data:`PLAN_FOR_HOOK` maps a hook name to the :class:`Plan`
that chases it, so the bot never tests ``scene == "S4"``: a user's own scene that reuses
``refuel_the_pickup`` gets the driving plan too.

A plan answers three questions for one decision (``v`` is the bot's :class:`_View` of the game):

* :meth:`Plan.goals` -- Zones this Survivor should walk towards (``None``: no opinion), with a
  priority (lower first) so an urgent goal (a Ghoul inside a besieged house) wins over a slow one;
* :meth:`Plan.bonus` -- extra score for one legal action (a Molotov at a Spawn Zone, a drive
  towards the pump, a Trade that hands the Winchester over, ...);
* :meth:`Plan.option` -- an answer to a pending choice (where a Molotov sends a Spawn token, who
  drives, "switch to Zombicide Mode?"), or ``None`` to leave it to the bot's defaults.

Plans (hook -> plan, rulebook page):

==========================  ======================  ============================================
hook                        plan                    what it does
==========================  ======================  ============================================
house_under_siege           :class:`HouseSiege`     S2/S4/S5 (P. 34-37): go and kill Ghouls inside
                                                    the house (opening the door to them), seal it
refuel_the_pickup           :class:`DriveToPump`    S4 (P. 36): all aboard, drive to the pump Zone,
                                                    run over the Ghouls of its tile
break_the_siege             :class:`BreakTheSiege`  S3 (P. 35): Molotovs gather the tokens on a dead
                                                    end (P. 29), then the team holds the Zone next
                                                    to it and purges the board
purge_the_district          :class:`GatherSpawns`   S10 (P. 44): gather on the white Zone (the white
                                                    token never moves), then a Molotov there
survive_the_night           :class:`HuntRelatives`  S5 (P. 37): each Survivor kills a Relative
rip_johnny                  :class:`RelativeOnWhite` S7 (P. 40): arm, hold the white Zone together,
                                                    kill the Relatives that come there
travelling_posse            :class:`Travel`         S6 (P. 39): walk onto the newest tile together
way_to_the_cemetery         :class:`Travel`         S8 (P. 41): same, then Johnny's car on 6V
search_every_room           :class:`SearchRooms`    S9 (P. 42): walk to the nearest unsearched room
trusting_each_other         :class:`Trust`          S1-S5 (P. 33): hand the starting Winchester 94
                                                    over to switch to Zombicide Mode
==========================  ======================  ============================================
"""
from __future__ import annotations

from nollab.sim.plans_base import MOLOTOV_PARTS, Plan, car_distances
from nollab.sim.scene_plans import (BreakTheSiege, DriveToPump, GatherSpawns, HouseSiege, HuntRelatives,
                                   RelativeOnWhite, SearchRooms, Travel, Trust)

__all__ = ["Plan", "PLAN_FOR_HOOK", "plans_for", "MOLOTOV_PARTS", "car_distances", "HouseSiege", "DriveToPump",
           "GatherSpawns", "BreakTheSiege", "HuntRelatives", "RelativeOnWhite", "Travel", "SearchRooms", "Trust"]


#: hook name -> plan class (a notebook may add its own: ``PLAN_FOR_HOOK["my_hook"] = MyPlan``)
PLAN_FOR_HOOK: dict[str, type[Plan]] = {
    "house_under_siege": HouseSiege,
    "refuel_the_pickup": DriveToPump,
    "break_the_siege": BreakTheSiege,
    "purge_the_district": GatherSpawns,
    "survive_the_night": HuntRelatives,
    "rip_johnny": RelativeOnWhite,
    "travelling_posse": Travel,
    "way_to_the_cemetery": Travel,
    "search_every_room": SearchRooms,
    "trusting_each_other": Trust,
}


def plans_for(hooks) -> list[Plan]:
    """The plans of a Scene's hooks, in the scene file's order (unknown hooks have none)."""
    return [PLAN_FOR_HOOK[h](h) for h in hooks if h in PLAN_FOR_HOOK]
