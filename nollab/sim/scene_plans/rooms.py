"""The heuristic bot's plan for S9 "search every room" (P. 42)
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`)."""
from __future__ import annotations

from nollab.sim.plans_base import NORMAL, Plan

__all__ = ["SearchRooms"]


class SearchRooms(Plan):
    """"The game is won as soon as every interior Zone has been Searched at least once." (S9,
    P. 42): the nearest unsearched room is the goal (the bot leaves the Car and walks)."""

    name = "search-rooms"

    def goals(self, v):
        rooms = v.unsearched_rooms()
        return (NORMAL, sorted(rooms)) if rooms else None

    def bonus(self, v, a) -> float:
        if a.kind == "search" and v.me.zone in v.unsearched_rooms():
            return 80.0
        return 0.0
