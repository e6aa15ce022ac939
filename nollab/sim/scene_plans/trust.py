"""The heuristic bot's plan for S1-S5 "trusting each other" (P. 33)
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`)."""
from __future__ import annotations

from typing import Any

from nollab.sim.plans_base import Plan, card_id

__all__ = ["Trust"]


class Trust(Plan):
    """"Any Survivor giving the Winchester 94 Starting Equipment to another Survivor with a
    Reorganize/Trade Action may switch to Zombicide Mode." (P. 33): the holder of the starting
    Winchester hands it on when no Ghoul is close, and says "switch"; the receiver passes it on in
    turn. The Winchester goes down a chain: to a partner still in Romero Mode (who can switch by
    passing it on), first to one who has not taken their Turn yet (the chain goes on this round:
    the players activate their Survivors in the order they choose, P. 18); with no such partner
    in the Zone the holder still gives it to anyone -- giving is what lets the giver switch.
    Before, it could go back to a Survivor already in Zombicide Mode, who never passed it on:
    the chain stalled at 3-4 of 6."""

    name = "trust"

    def _w94(self, v, s) -> int | None:
        for u in s.inventory():
            if card_id(v, u) == "winchester_94" and v.st.origin[u] == "starting":
                return u
        return None

    def _may_give(self, v) -> bool:
        """I hold the starting Winchester in Romero Mode and no Ghoul is close: a hand-over now."""
        return v.me.mode == "romero" and self._w94(v, v.me) is not None \
            and not v.st.ghoul_count(v.me.zone) and not v.ghoul_near(v.me.zone, 1)

    def gives_here(self, v) -> bool:
        """The hand-over can happen in my Zone this Turn (a partner with room, P. 16): another
        plan's walk (S3's staging) waits for it -- the Trade is 1 Action, the walk comes after."""
        return self._may_give(v) and any(s.alive and s.id != v.me.id and s.zone == v.me.zone
                                         and len(s.inventory()) < 5 for s in v.st.survivors.values())

    def bonus(self, v, a) -> float:
        if a.kind != "trade" or not self._may_give(v):
            return 0.0
        partner = v.st.survivors[a.params[0]]
        if len(partner.inventory()) >= 5:
            return 0.0
        if partner.mode == "romero":
            return 90.0 + (30.0 if not partner.activated else 0.0)
        others = [s for s in v.st.survivors.values() if s.alive and s.id != v.me.id and s.zone == v.me.zone
                  and s.mode == "romero" and len(s.inventory()) < 5]
        return 0.0 if others else 60.0

    def option(self, v, choice) -> Any:
        if choice.kind == "scene:trust":
            return "switch" if "switch" in choice.options else None
        if choice.kind == "trade" and choice.survivor == v.me.id:
            u = self._w94(v, v.me)
            if v.me.mode == "romero" and u is not None and ["give", u] in choice.options:
                return ["give", u]
            gave = choice.data.get("gave", [])
            if any(card_id(v, x) == "winchester_94" for x in gave) and ["done"] in choice.options:
                return ["done"]
        return None
