"""The heuristic bot's per-objective plans, one module per Scene objective (Scenes 2-10,
P. 33-44); :data:`nollab.sim.plans.PLAN_FOR_HOOK` picks them from a Scene's hooks.

==================  ======================  ==============================================
module              plan                    Scenes
==================  ======================  ==============================================
``siege``           :class:`HouseSiege`     S2, S4, S5 house under siege (P. 34-37)
``pump``            :class:`DriveToPump`    S4 refuel the pickup (P. 36)
``spawns``          :class:`GatherSpawns`   S3 break the siege (P. 35), S10 purge (P. 44)
``fire``            :class:`BreakTheSiege`  S3: gather on a dead end, then purge (P. 35)
``sortie``          :class:`Sortie`         S3: Molotov sorties through the windows (P. 19, 29)
``relatives``       :class:`HuntRelatives`  S5 survive the night (P. 37); ``relative_bonus``
``house_guard``     (its parts)             S5: the held room, the open house, the buffer, the Shove (P. 23, 25, 46)
``kill_share``      (its parts)             S5: who makes a kill (Relatives owed, spawn line, P. 14, 37)
``white``           :class:`RelativeOnWhite` S7 rip Johnny (P. 40): arm, hold the white Zone
``travel``          :class:`Travel`         S6 travelling posse (P. 39), S8 cemetery (P. 41)
``posse``           :class:`Posse`          the march of the whole team (S6, S7, S8)
``rooms``           :class:`SearchRooms`    S9 search every room (P. 42)
``trust``           :class:`Trust`          S1-S5 trusting each other (P. 33)
==================  ======================  ==============================================
"""
from __future__ import annotations

from nollab.sim.scene_plans.fire import BreakTheSiege
from nollab.sim.scene_plans.pump import DriveToPump
from nollab.sim.scene_plans.relatives import HuntRelatives, relative_bonus
from nollab.sim.scene_plans.rooms import SearchRooms
from nollab.sim.scene_plans.siege import HouseSiege
from nollab.sim.scene_plans.spawns import GatherSpawns
from nollab.sim.scene_plans.travel import Travel
from nollab.sim.scene_plans.trust import Trust
from nollab.sim.scene_plans.white import RelativeOnWhite

__all__ = ["BreakTheSiege", "HouseSiege", "DriveToPump", "GatherSpawns", "HuntRelatives", "RelativeOnWhite", "Travel", "SearchRooms",
           "Trust", "relative_bonus"]
