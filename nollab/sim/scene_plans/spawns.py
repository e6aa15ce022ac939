"""The heuristic bot's plan for S3 "break the siege" (P. 35) and S10 "purge the district" (P. 44)
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`)."""
from __future__ import annotations

from typing import Any

from nollab.sim.plans_base import (MOLOTOV_PARTS, NORMAL, Plan, alive, can_fight, car_distances, card_id, holds,
                                  white_zone)
from nollab.sim.plans_view import weapon_value
from nollab.sim.scene_plans.posse import Posse, moves_left

#: the posse's walking costs (one implementation of "1 Action a Move, +1 per Ghoul left", P. 18)
_WALK = Posse()

__all__ = ["GatherSpawns"]


class GatherSpawns(Plan):
    """Gather every Ghoul Spawn token in one Zone with Molotovs: "Any Ghoul Spawn token in the
    targeted Zone may be moved to another Spawn Zone" (P. 29). S3 "break the siege" (P. 35) then
    needs an empty board; S10 "purge the district" (P. 44) gathers on the white Zone (its token
    "cannot be removed") and wins with a Molotov thrown there.

    The team first gathers every Molotov the Scene still needs (made, or pairs of parts: one per
    Spawn Zone to burn, plus S10's final throw) -- sheltering and Searching the House deck, whose
    discards come back when it runs out (P. 18) -- then strikes: the carrier holds the Molotov in
    a Hand (P. 29 "an equipped Molotov") and walks, escorted by the team (a lone Survivor dies:
    P. 22 Attacks split only among the Survivors of a Zone), to a Zone in Range 1 and Line of
    Sight of the nearest Spawn Zone to burn; where the Scene lets the Survivors drive (S10), the
    whole team rides the Car instead and throws from the seats (P. 20-21).

    Measured (heuristic, 100 games, seed 2026): S10 0 -> 4 wins, 10 games with every token
    gathered; S3 still 0 (see the note of issue 16, helper planA, for why)."""

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
        """Molotovs the team can throw: made ones, plus pairs of parts anywhere in the team (a Trade
        brings them together, P. 19)."""
        cards = [card_id(v, u) for s in alive(v) for u in s.inventory()]
        return cards.count("molotov") + min(cards.count("mason_jar"), cards.count("flammable_fluid"))

    def ready(self, v) -> bool:
        """Strike now: the team holds every Molotov still needed (or ``hold`` is off)."""
        return not self.hold or self.molotovs(v) >= self.needed(v)

    def by_car(self, v) -> bool:
        """The strike rides the Car (S10 "Survivors start in the Car", P. 44; P. 20-21): driven 1-2
        exterior Zones an Action, it outruns the Ghouls, and passengers may throw from their seat."""
        return self.car and v.st.car is not None and v.game.scene.can_drive(v.game._ctx())

    def car_throw_zones(self, v, burn: list[str]) -> list[str]:
        """Throw zones (Range 1 in Line of Sight) the Car can be driven to (exterior only, P. 21)."""
        zones = [z for z in self.throw_zones(v, burn) if car_distances(v, z).get(v.st.car["zone"]) is not None]
        return zones or self.throw_zones(v, burn)

    def _crew(self, v, s) -> bool:
        """Rides along on the drive-by: everyone (``crew = "all"``), or the Molotov and part holders."""
        if self.crew == "all":
            return True
        return holds(v, s, "molotov") or bool(self._parts(v, s)) or s.driver

    def _car_distance(self, v, zone: str, dst: list[str]) -> int:
        return min((car_distances(v, z).get(zone, 99) for z in dst), default=99)

    def _parts(self, v, s) -> set:
        return {card_id(v, u) for u in s.inventory()} & set(MOLOTOV_PARTS)

    def _pair_with(self, v, other) -> bool:
        """``other`` holds the Molotov part I miss (or I hold the one they miss): bring them together."""
        mine, theirs = self._parts(v, v.me), self._parts(v, other)
        if other.id == v.me.id:
            return False
        # one holds only Mason Jars, the other only Flammable Fluids: neither can combine alone (a
        # Survivor holding both combines by themselves, a Trade would only cost an Action)
        return len(mine) == 1 and len(theirs) == 1 and mine != theirs

    #: the team walks with the Molotov carrier (set False to let the carrier go alone)
    escort = True
    #: the carrier waits while another Survivor is this many Moves behind or more
    wait_at = 3
    #: strike only once the team holds every Molotov the Scene still needs
    hold = True
    #: strike from the Car when the Scene lets the Survivors drive
    car = True
    #: Ghouls in the Car's Zone: the team shoots them from where it stands before walking in (off:
    #: the crew walks into the Car's Zone, fights there -- Melee is in one's own Zone, P. 26 -- and
    #: gets in the moment it is clear; S10 heuristic 35 -> 52/300 with ``board_together``)
    clear_first = False
    #: who rides: "all" or "carriers" (Molotov and part holders, and whoever drives)
    crew = "all"
    #: where the Survivors may drive (S10), each first Searches the Ranged deck once for a gun
    #: (Armory, P. 44) before the House deck
    guns = True
    #: nobody gets in the Car unless the whole crew can be aboard by the end of the round: riders
    #: left parked by the barn while the others are still inside are attacked there (P. 20), and
    #: from round 5 the Walkers' Extra Activations (P. 25) come most rounds
    board_together = True
    #: any Passenger takes the wheel on their own Turn during the drive-by (P. 21 "Change seats")
    swap_seats = True
    #: in the first rounds, a Survivor with weak Hands Searches for a weapon before Molotov parts
    #: (Armory, S10 P. 44); 0 = parts from the start
    arm_first = 0
    #: where the Survivors may drive (S10), a Table Leg holder with the Flammable Fluid makes the
    #: Torch (P. 30: the Fluid is kept) before a Molotov spends it (P. 29): Damage 2 hurts the
    #: Fatties (P. 27) on the Car's Zone the crew must clear to get in (P. 20); above the Molotov's
    #: 100. S10 heuristic 12 -> 18/100 on the table's seeds, 54 -> 64/300, 53 -> 69/300 (seed 7)
    torch_first = 120.0

    #: planner: the steps of this plan it plays without search (:meth:`trusted`): "search" (the
    #: Searches for the Molotov parts), "turn" (every Action of a Turn whose Search is still ahead)
    #: and "board" (the walk to the Car, the fight on its Zone, the boarding and the drive-by).
    #: S10 planner, table seeds 0-23 / 24-47: none 1/24, 0/22; search+board 4/24, 4/24; all three
    #: 5/24, 5/24 (the heuristic 5/24, 4/24)
    trust = ("search", "turn", "board")

    def trusted(self, v, a) -> bool:
        """A step of the plan a one-round rollout cannot judge (the planner plays it unsearched,
        :meth:`nollab.sim.planner.PlannerPolicy.trusted`), where the team drives (S10, P. 44):

        * while the team still lacks Molotovs, a Search -- the parts are House cards (P. 3), one
          Search a Turn (P. 18); a rollout in which the last part turns up ends with the crew
          walking out to the Car's Zone and is judged by that walk's Wounds, not by the strike it
          starts, so the search learned to end Turns instead of Searching -- and every Action of a
          Turn whose Search is still ahead (standing where one is allowed: interior, no Ghoul):
          ending such a Turn early is how the search skipped the Search it could not refuse;
        * once it holds them all, the drive-by: a Move nearer the Car's Zone, a Melee or Ranged
          Action at it (nobody gets in with Ghouls there, P. 20), getting in, taking the wheel
          (P. 21), driving, and a Molotov thrown at a Spawn Zone to burn (P. 29) -- each pays off
          rounds later, when the last Molotov falls on the white Zone."""
        if not self.by_car(v) or not self.to_burn(v):
            return False
        ready = self.ready(v)
        if a.kind == "search":
            return "search" in self.trust and not ready
        if not ready:
            return "turn" in self.trust and self.search_ahead(v)
        if "board" not in self.trust:
            return False
        k, car = a.kind, v.st.car["zone"]
        if k in ("car_in", "car_seat", "drive"):
            return True
        if k == "molotov":
            return a.params[1] in self.to_burn(v)
        if k == "move" and not v.me.in_car:
            here = _WALK.costs(v, v.me.zone).get(car, 99)
            return 0 < here and _WALK.costs(v, a.params[0]).get(car, 99) < here
        return k == "melee" and v.me.zone == car or k == "ranged" and a.params[1] == car

    @staticmethod
    def search_ahead(v) -> bool:
        """The Survivor taking their Turn has its Search still ahead and stands where one is
        allowed (one a Turn, in an interior Zone without Ghouls, P. 18): while Molotovs are missing
        every Action of such a Turn is vouched for (``trust`` "turn"; S3's sorties too) -- ending
        the Turn early is how a one-round search skipped the Search it could not refuse."""
        me = v.me
        return not me.searched and not me.in_car and v.board.zones[me.zone].interior \
            and not v.st.ghoul_count(me.zone)

    #: planner's judge: worth of one Molotov the team still misses (:meth:`progress`); 0 = off.
    #: S10 planner (with ``trust``), table seeds 0-23 / 24-47: 0 -> 5/24, 5/24; 150 -> 7/24, 6/24
    molotov_worth = 150.0
    #: planner's judge: worth of one Spawn Zone still to burn (:meth:`progress`); 0 here (S10: its
    #: judge counts Spawn Zones by the "spawn" weight), 200 in S3's plan
    burn_worth = 0.0

    def progress(self, v) -> float:
        """The plan's progress for the planner's judge (:func:`nollab.sim.planner.evaluate.evaluate`):
        minus ``molotov_worth`` per Molotov still missing (made or a pair of parts, P. 29) -- a
        Molotov thrown at a Spawn Zone to burn leaves it unchanged (one fewer held, one fewer
        needed), one thrown at a Ghoul pack costs it, a part found gains it -- and minus
        ``burn_worth`` per Spawn Zone still to burn."""
        burn = self.to_burn(v)
        if not burn:
            return 0.0
        return -self.molotov_worth * max(0, self.needed(v) - self.molotovs(v)) - self.burn_worth * len(burn)

    def _gun(self, v, s) -> bool:
        """``s`` holds a Ranged weapon that reaches the next Zone (Range 1 or more, P. 26; a Molotov
        is not one: it is spent on a Spawn Zone)."""
        eq = v.game.content.equipment
        for u in s.inventory():
            c = eq[card_id(v, u)]
            if c.ranged is not None and c.ranged.range_max >= 1 and c.effect != "molotov":
                return True
        return False

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
        if burn and not self.ready(v):
            return None  # gather the Molotovs first (shelter and Search, P. 18): a strike half-armed dies
        if burn and self.by_car(v):
            car = v.st.car
            if not v.me.in_car and self._crew(v, v.me):
                if self.clear_first and v.st.ghoul_count(car["zone"]) and v.me.zone != car["zone"]:
                    return NORMAL - 2, [v.me.zone]  # no one gets in with Ghouls there (P. 20): shoot first
                return NORMAL - 2, [car["zone"]]
            return None  # aboard: the Car's moves are scored in bonus(); the others shelter
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
        if burn and self.clear_first and a.kind in ("ranged", "melee") and self.ready(v) and self.by_car(v) \
                and not v.me.in_car:
            target = v.me.zone if a.kind == "melee" else a.params[1]
            if target == v.st.car["zone"]:
                return 60.0  # clear the Car's Zone so the team can get in
        if burn and a.kind in ("car_in", "car_out", "car_seat", "drive", "move", "search", "door", "barricade") \
                and self.ready(v) and self.by_car(v):
            return self._car_bonus(v, a, burn)
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
            if a.params[0] == "torch":  # the Fluid is kept: "TABLE LEG + FLAMMABLE FLUID = TORCH + FLAMMABLE FLUID" (P. 30)
                return self.torch_first if self.by_car(v) else 0.0
            return 100.0 if a.params[0] == "molotov" else -60.0
        if a.kind == "trade" and self._pair_with(v, v.st.survivors[a.params[0]]):
            return 150.0
        if a.kind == "search" and self.guns and self.by_car(v) and str(a.params[0]) == "ranged" \
                and not self._gun(v, v.me):
            return 80.0  # one gun each first (Armory, S10 P. 44): the team shoots at the Car's Zone from the barn
        if a.kind == "search" and str(a.params[0]) == "house" and self.molotovs(v) < self.needed(v) \
                and not (v.st.round <= self.arm_first and v.weak_hands()):
            return 25.0  # Mason Jars and Flammable Fluids are House cards (P. 3); armed Survivors look
        if a.kind == "discard" and card_id(v, a.params[0]) in ("molotov",) + MOLOTOV_PARTS:
            return -200.0
        return 0.0

    def _car_bonus(self, v, a, burn: list[str]) -> float:
        """The drive-by: everyone boards (a Survivor left behind dies alone), the Driver drives to a
        Zone in Range 1 of the nearest Spawn Zone to burn, the carrier throws from the seat."""
        k, car = a.kind, v.st.car
        if k == "car_in":
            if not self._crew(v, v.me):
                return 0.0
            if self.board_together and not self._all_can_board(v):
                return -100.0  # a half-full Car parked by the barn is where the Ghouls come (P. 20)
            return 260.0 if a.params == () else 250.0
        if k == "car_out":
            return -200.0
        if k == "car_seat":
            return self._seat_bonus(v, burn)
        if k == "drive":
            here = car["zone"]
            dst = self._mission_zones(v, burn, here)
            waiting = sum(1 for s in alive(v) if not s.in_car and self._crew(v, s))
            if waiting and (self.clear_first and not v.lethal(here) or not v.st.ghoul_count(here)):
                return -150.0  # wait for the others (they walk to the Car; driving off leaves them alone)
            end = a.params[0][-1]
            return 30.0 + 60.0 * (self._car_distance(v, here, dst) - self._car_distance(v, end, dst))
        if v.me.in_car:
            return -50.0  # no Move, Search or Door from the seat (P. 20)
        return 0.0

    def _mission_zones(self, v, burn: list[str], here: str):
        """The Zones the Car throws from at the drive-by's next target: of the Spawn Zones still to
        burn, the one whose throwing Zones (Range 1 + Line of Sight, P. 29) the Car reaches soonest
        from ``here`` -- one answer for the Driver's drive and a Passenger's "take the wheel"."""
        mission = min(burn, key=lambda z: (self._car_distance(v, here, self.car_throw_zones(v, [z])), z))
        return self.car_throw_zones(v, [mission])

    def _all_can_board(self, v) -> bool:
        """Every crew member still on foot can reach the Car and get in this round: no Ghoul in
        the Car's Zone ("only if there are no Ghouls in that Zone", P. 20) and each one's walk (one
        Action per Move plus one per Ghoul in each Zone left, P. 18; :meth:`.Posse.costs`) plus the
        Action to get in fits in the Actions they still have this round (:func:`moves_left`)."""
        car = v.st.car["zone"]
        if v.st.ghoul_count(car):
            return False
        for s in alive(v):
            if s.in_car or not self._crew(v, s):
                continue
            if _WALK.costs(v, s.zone).get(car, 99) + 1 > moves_left(v, s):
                return False
        return True

    def _seat_bonus(self, v, burn: list[str]) -> float:
        """Take the wheel (P. 21 "Change seats": any Survivor in the Car becomes the Driver for 1
        Action): the Car then moves on this Survivor's Actions too, not only on the Driver's Turn --
        a whole drive-by in one round instead of three. Only when the whole crew is aboard, this
        Passenger keeps an Action to drive, and the Car is not already where a Molotov is thrown."""
        me = v.me
        if not self.swap_seats or me.driver:
            return -100.0
        if any(not s.in_car and self._crew(v, s) for s in alive(v)):
            return -100.0
        if (v.game.actions_left(me.id) or 0) < 2:
            return -100.0
        here = v.st.car["zone"]
        if self._car_distance(v, here, self._mission_zones(v, burn, here)) == 0:
            return -100.0  # at a throwing Zone: the carrier throws, nobody drives off
        return 200.0

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
            for o in choice.options:  # hand my part over: the partner then holds both
                if o[0] == "give" and card_id(v, o[1]) in MOLOTOV_PARTS:
                    return o
            return ["done"] if ["done"] in choice.options else None
        return None
