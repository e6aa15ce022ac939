"""The heuristic bot's plan for S3 "break the siege" (P. 35) and S10 "purge the district" (P. 44)
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`)."""
from __future__ import annotations

from typing import Any

from nollab.sim.plans_base import MOLOTOV_PARTS, NORMAL, Plan, alive, can_fight, card_id, holds, white_zone
from nollab.sim.plans_view import weapon_value

__all__ = ["GatherSpawns"]


class GatherSpawns(Plan):
    """Gather every Ghoul Spawn token in one Zone with Molotovs: "Any Ghoul Spawn token in the
    targeted Zone may be moved to another Spawn Zone" (P. 29). S3 "break the siege" (P. 35) then
    needs an empty board; S10 "purge the district" (P. 44) gathers on the white Zone (its token
    "cannot be removed") and wins with a Molotov thrown there.

    The carrier holds the Molotov in a Hand (P. 29 "an equipped Molotov") and walks to a Zone in
    Range 1 and Line of Sight of the nearest Spawn Zone to burn; the rest of the team escorts
    them (a lone Survivor dies: P. 22 Attacks split only among the Survivors of a Zone). Measured
    (heuristic, 50 games, seed 2026): the escort adds about a round of survival (S3 7.5 -> 8.4,
    S10 5.3 -> 6.5 rounds) -- both Scenes still end before enough Molotovs exist (see the note of
    issue 16, helper planA)."""

    name = "gather-spawns"

    def target(self, v) -> str | None:
        if self.hook == "purge_the_district":
            return white_zone(v)
        counts: dict[str, int] = {}
        for z, _c in v.st.spawns:
            counts[z] = counts.get(z, 0) + 1
        if not counts:
            return None
        # most tokens first; on a tie the Zone farthest from the team stays (the nearer ones burn)
        far = {z: sum(v.distances(z, frozenset()).get(s.zone, 20) for s in alive(v)) for z in counts}
        return max(sorted(counts), key=lambda z: (counts[z], far[z]))

    def to_burn(self, v) -> list[str]:
        """Spawn Zones still to burn (their tokens go to the target)."""
        t = self.target(v)
        out = sorted({z for z, _c in v.st.spawns if z != t})
        if self.hook == "purge_the_district" and not out and t is not None:
            out = [t]  # the final Molotov
        return out

    def needed(self, v) -> int:
        """Molotovs still to throw: one per Spawn Zone to burn, plus S10's final one at the white
        Zone once every token is there (P. 44)."""
        burn = self.to_burn(v)
        final = self.hook == "purge_the_district" and burn != [self.target(v)]
        return len(burn) + (1 if final else 0)

    def molotovs(self, v) -> int:
        n = 0
        for s in alive(v):
            cards = [card_id(v, u) for u in s.inventory()]
            n += cards.count("molotov") + min(cards.count("mason_jar"), cards.count("flammable_fluid"))
        return n

    def _parts(self, v, s) -> set:
        return {card_id(v, u) for u in s.inventory()} & set(MOLOTOV_PARTS)

    def _pair_with(self, v, other) -> bool:
        """``other`` holds the Molotov part I miss (or I hold the one they miss): bring them together."""
        mine, theirs = self._parts(v, v.me), self._parts(v, other)
        if not mine or not theirs or other.id == v.me.id:
            return False
        return (len(mine) == 1 and bool(theirs - mine)) or (len(theirs) == 1 and bool(mine - theirs))

    #: the team walks with the Molotov carrier (set False to let the carrier go alone)
    escort = True
    #: the carrier waits while another Survivor is this many Moves behind or more
    wait_at = 3

    def carrier(self, v, burn: list[str]):
        """The Survivor who carries the team's next Molotov: of those holding one, the nearest to
        a Spawn Zone to burn (then by name, so every Survivor's decision agrees)."""
        holders = [s for s in alive(v) if holds(v, s, "molotov")]
        if not holders:
            return None

        def dist(s):
            return min(v.distances(z, frozenset()).get(s.zone, 99) for z in burn)
        return min(holders, key=lambda s: (dist(s), s.id))

    def mission(self, v, carrier, burn: list[str]) -> str:
        """The Spawn Zone the carrier walks to: the nearest one to burn."""
        return min(burn, key=lambda z: (v.distances(z, frozenset()).get(carrier.zone, 99), z))

    def _straggler(self, v, carrier) -> int:
        """Moves between the carrier and the farthest other living Survivor."""
        d = v.distances(carrier.zone, frozenset())
        return max((d.get(s.zone, 99) for s in alive(v) if s.id != carrier.id), default=0)

    def throw_zones(self, v, burn: list[str]) -> list[str]:
        """Zones a Molotov reaches a burn target from: Range 1 in Line of Sight (P. 29, its card's
        Range 1-1), doors and windows counted open (the holder opens them on the way)."""
        out = set()
        for z in burn:
            out.update(n for n, r in v.board.line_of_sight(z, frozenset()).items() if r == 1)
        return sorted(out - set(burn)) or list(burn)

    def _hand_value(self, v, hands) -> float:
        """A layout's worth to a Molotov carrier with Spawn Zones to burn: the Molotov in a Hand
        (it is thrown from a Hand, P. 29: "discard an equipped Molotov"), then the best weapon."""
        cards = [card_id(v, u) for u in hands if u is not None and u != -1]
        best = max((weapon_value(v.game.content.equipment[c]) for c in cards), default=0.0)
        return (100.0 if "molotov" in cards else 0.0) + 10.0 * best

    def goals(self, v):
        burn = self.to_burn(v)
        if burn and self._parts(v, v.me) and len(self._parts(v, v.me)) == 1:
            mates = sorted({s.zone for s in alive(v) if self._pair_with(v, s)})
            if mates:
                return NORMAL - 1, mates
        if burn and self.escort:
            carrier = self.carrier(v, burn)
            if carrier is not None and carrier.id != v.me.id:
                return NORMAL - 2, [carrier.zone]  # escort the Molotov: a Survivor alone dies
            if carrier is not None:
                mission = self.mission(v, carrier, burn)
                throw = self.throw_zones(v, [mission])
                if v.me.zone not in throw and self._straggler(v, carrier) >= self.wait_at:
                    return NORMAL - 2, [v.me.zone]  # wait for the escort
                return NORMAL - 2, throw
        if holds(v, v.me, "molotov") and burn:
            return NORMAL - 2, self.throw_zones(v, burn)
        if not burn and self.hook == "break_the_siege":
            hunt = sorted(v.st.ghouls)
            if hunt and can_fight(v, v.me):
                return NORMAL, hunt
        return None

    def bonus(self, v, a) -> float:
        burn = self.to_burn(v)
        if a.kind == "molotov":
            z = a.params[1]
            friends = len(v.st.survivors_in(z))
            if friends:
                return -1000.0
            if z in burn:
                return 400.0
            return -300.0 if burn and self.molotovs(v) <= self.needed(v) else 0.0
        if a.kind == "reorganize" and burn and holds(v, v.me, "molotov"):
            gain = self._hand_value(v, a.params) - self._hand_value(v, v.me.hands)
            return 2.0 * gain  # never trade the equipped Molotov back for a weapon (Actions lost both ways)
        if a.kind == "combine":
            return 100.0 if a.params[0] == "molotov" else -60.0  # a Torch would burn a Flammable Fluid
        if a.kind == "trade" and self._pair_with(v, v.st.survivors[a.params[0]]):
            return 150.0
        if a.kind == "search" and str(a.params[0]) == "house" and self.molotovs(v) < self.needed(v):
            return 25.0  # Mason Jars and Flammable Fluids are House cards (P. 3)
        if a.kind == "discard" and card_id(v, a.params[0]) in ("molotov",) + MOLOTOV_PARTS:
            return -200.0
        return 0.0

    def option(self, v, choice) -> Any:
        if choice.kind == "molotov_spawn":
            t = self.target(v)
            return t if t in choice.options else None
        if choice.kind == "layout" and choice.survivor == v.me.id and self.to_burn(v) and holds(v, v.me, "molotov"):
            now = self._hand_value(v, v.me.hands)
            best = max((o for o in choice.options if o != ["as_is"]), key=lambda o: self._hand_value(v, o), default=None)
            return best if best is not None and self._hand_value(v, best) > now else None
        if choice.kind == "trade" and choice.survivor == v.me.id:
            partner = v.st.survivors[choice.data["partner"]]
            moved = [card_id(v, u) for u in choice.data.get("gave", []) + choice.data.get("took", [])]
            if any(c in MOLOTOV_PARTS for c in moved):
                return ["done"] if ["done"] in choice.options else None  # the part moved: stop there
            if not self._pair_with(v, partner):
                return None
            mine, theirs = self._parts(v, v.me), self._parts(v, partner)
            giver_is_me = len(mine) <= len(theirs)
            for o in choice.options:
                if o[0] == ("give" if giver_is_me else "take") and card_id(v, o[1]) in MOLOTOV_PARTS \
                        and card_id(v, o[1]) not in (theirs if giver_is_me else mine):
                    return o
            return ["done"] if ["done"] in choice.options else None
        return None
