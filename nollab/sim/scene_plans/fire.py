"""The heuristic bot's plan for S3 "They're Afraid of Fire" (P. 35): gather the Spawn tokens with
Molotovs (:class:`~nollab.sim.scene_plans.spawns.GatherSpawns`), then purge the board
(picked by hook in :data:`nollab.sim.plans.PLAN_FOR_HOOK`)."""
from __future__ import annotations

from typing import Any

from nollab.sim.plans_base import NORMAL, alive, card_id, holds
from nollab.sim.scene_plans.sortie import Sortie
from nollab.sim.scene_plans.spawns import GatherSpawns

__all__ = ["BreakTheSiege", "expected_hits"]


def expected_hits(v, s) -> tuple[float, float]:
    """(hits, Damage 2 hits) one Action of ``s``'s best weapon in Hand expects in its own Zone
    (Range 0: dice x P(roll >= Accuracy), P. 26; a Fatty needs Damage 2, P. 27)."""
    best = best2 = 0.0
    for u in s.hands:
        if u is None:
            continue
        c = v.card(u)
        for p in (c.melee, c.ranged):
            if p is None or c.effect == "molotov" or p.range_min > 0:
                continue
            h = p.dice * (7 - p.accuracy) / 6
            best = max(best, h)
            if p.damage >= 2:
                best2 = max(best2, h)
    return best, best2


def _in_hand(v, s) -> bool:
    return any(u is not None and card_id(v, u) == "molotov" for u in s.hands)


class BreakTheSiege(Sortie, GatherSpawns):
    """S3 (P. 35) "won as soon as ... There are no Ghouls on the board. All Ghoul Spawn tokens are
    gathered into a single Spawn Zone": the Molotov gather of :class:`GatherSpawns`, then the
    **purge**.

    * Gather on a dead end: the Spawn Zone with the fewest exterior neighbours (S3: 2R:a), whose
      spawns reach the team by one way only. Strike once the team holds the Molotovs it needs or
      two of them (only 2 Molotov cards exist, P. 3, and 2 Mason Jars: the third waits for the
      House deck's second pass, P. 18 -- holding out for three cost 1-2 rounds).
    * Burn by sorties from the house (:class:`~nollab.sim.scene_plans.sortie.Sortie`): each Molotov
      goes as soon as it is made, thrown one step outside the room nearest its Spawn Zone.
    * Purge: every token on one Zone still means one Ghoul card per token (P. 24 "Draw a Ghoul card
      for each Spawn token in that Zone"), but Ghouls walk to "the Zone with the most Survivors ...
      distance doesn't matter" (P. 23): the whole team holds one exterior Zone in Range 1 and Line
      of Sight of the Spawn Zone and lets the board come to it. What walks in is killed in the
      Players' Phase before it can Attack (P. 22). The Molotov holder keeps it in Hand and throws it
      at the Spawn Zone (all Actors eliminated, P. 29) only when every other Ghoul stands in the
      team's Zone and the Survivors still to act there can kill them this Phase -- the game is won
      the moment the last one falls (:meth:`strike_ok`).
    * The way to the hold: a closed Barricade of the house that saves the walk round it (S3: the
      kitchen window 2R:wn4, 1 Move from 2R:b; round the house, 17) is the **gate**: the team
      meets in its room, a Claw Hammer or Tire Iron opens it (P. 19) and nobody shuts it again
      (:meth:`purge_gate`); a closed Door on the way is opened, not walked round.
    * A crowd of ``clump`` Ghouls or more in an exterior Zone is burnt while the team keeps a
      Molotov (or both parts) for the last throw (:meth:`clump_ok`): Ghouls that cannot reach the
      team pile up outside the house, and a Molotov kills them all at once (P. 29).
    * Every kill is 1 XP and the Ghoul cards are read at the highest Danger Level (P. 24: Blue 1.5,
      Yellow 2.3, Orange 3.8 Ghouls a card): a Survivor whose kill would raise the team's Danger
      Level leaves the kill to the others unless the Zone's Ghouls would eliminate someone.

    Measured (tokens put on one Spawn Zone at round 2 plus one Molotov, ``bench/gather_stages.py``
    ablation): see the note of issue 16, helper s3. Gate and crowd burn (tokens put on 2R:a at
    round 6 / 8, 100 games): 0 -> 31 / 0 -> 6 wins (gate alone 16 / 3, burn alone 4 / 0); helper s3p."""

    name = "break-the-siege"

    #: the team holds one Zone next to the last Spawn Zone once every token is there
    purge = True
    #: the throw waits until the team's expected hits cover the Ghouls left by this factor
    margin = 1.2
    #: score taken off a kill that would raise the team's Danger Level (0: off)
    level_up = 100.0
    #: open a Barricade of the house on the way to the hold (:meth:`purge_gate`)
    gate = True
    #: Moves the gate must save over the way round
    gate_gain = 3
    #: burn a crowd of this many Ghouls when the team keeps another Molotov (0: off)
    clump = 10

    def target(self, v) -> str | None:
        counts: dict[str, int] = {}
        for z, _c in v.st.spawns:
            counts[z] = counts.get(z, 0) + 1
        if not counts:
            return None
        if len(counts) == 1:
            return next(iter(counts))
        ways = {z: len(v.board.neighbors(z, frozenset())) for z in counts}
        far = {z: sum(v.distances(z, frozenset()).get(s.zone, 20) for s in alive(v)) for z in counts}
        # the dead end first, then the most tokens, then the farthest from the team (the near ones burn)
        return min(sorted(counts), key=lambda z: (ways[z], -counts[z], -far[z]))

    def ready(self, v) -> bool:
        """Strike with every Molotov still needed, or with as many as the box has Molotov cards
        (P. 3 "Molotov x2", the content's count): the team never holds more made ones at a time."""
        box = v.game.content.equipment["molotov"].count
        return not self.hold or self.molotovs(v) >= min(self.needed(v), box)

    #: planner's judge: worth of one Spawn Zone still to burn (:meth:`GatherSpawns.progress`; the judge's own
    #: "spawn" weight, 60, is small next to a carrier's Wounds). S3 planner, table seeds 0-23:
    #: 0 -> 1/24 with the Molotov term and ``Sortie.trust_turn`` (helper s3h)
    burn_worth = 200.0

    def purging(self, v) -> bool:
        return self.purge and not self.to_burn(v) and self.target(v) is not None

    def purge_zone(self, v) -> str | None:
        """Where the team holds: an exterior Zone in Range 1 and Line of Sight of the gathered Spawn
        Zone (a Molotov's Range 1, P. 29), not a Spawn Zone; the one with the fewest ways in."""
        t = self.target(v)
        if t is None:
            return None
        spawn = {z for z, _c in v.st.spawns}
        near = [z for z, r in v.board.line_of_sight(t, frozenset()).items()
                if r == 1 and z not in spawn and not v.board.zones[z].interior]
        if not near:
            return None
        return min(sorted(near), key=lambda z: len(v.board.neighbors(z, frozenset())))

    def strike_ok(self, v, zone: str) -> bool:
        """Throw the Molotov at ``zone`` now? No Survivor there (it eliminates all Actors, P. 29); no
        other Spawn Zone left after its tokens move (P. 29: they may go to another Spawn Zone, not
        when a single one remains); every other Ghoul in my Zone, and the hits the Survivors still to
        act there expect (my Actions left after the throw, 3 for each who has not acted) cover
        them by ``margin``, the Damage 2 hits the Fatties (P. 27)."""
        st = v.st
        if st.survivors_in(zone) or len({z for z, _c in st.spawns if z != zone}) > 1:
            return False
        others = {z for z in st.ghouls if z != zone and st.ghoul_count(z)}
        if not others:
            return True
        if others != {v.me.zone}:
            return False
        walkers, breakers, fatties, relatives = st.ghouls_in(v.me.zone)
        hits = hits2 = 0.0
        for s in alive(v):
            if s.zone != v.me.zone or (s.activated and s.id != v.me.id):
                continue
            n = max(0, 3 - s.spent - 1) if s.id == v.me.id else 3
            h, h2 = expected_hits(v, s)
            hits += n * h
            hits2 += n * h2
        return hits >= self.margin * (walkers + breakers + fatties + relatives) and hits2 >= self.margin * fatties

    def _openers(self, v) -> list:
        """Living Survivors holding a weapon with the Barricade Opening symbol (P. 13, 19)."""
        eq = v.game.content.equipment
        return [s for s in alive(v) if any(eq[card_id(v, u)].opens_barricades for u in s.inventory())]

    def purge_gate(self, v, hold: str) -> tuple | None:
        """``(room, barricade, Moves from the room through it, every Barricade)``: the Barricade of
        the house the team goes through to reach ``hold`` -- "Opening a Barricade using an equipped weapon with a Barricade Opening symbol"
        (P. 19) -- when going out through it from its room is ``gate_gain`` Moves or more shorter
        than the way round from that room through open Openings and Doors (S3: the kitchen window
        2R:wn4 puts the dead end 2R:a 2 Moves from the kitchen; the way round the house is 17).
        Chosen open or closed (so the team neither walks round nor shuts it again); None when no
        Survivor can open a Barricade."""
        if not self.gate or not self._openers(v):
            return None
        kinds = v.st.opening_kind
        # every Barricade counted shut, every Door open: the way round does not depend on what the
        # Breakers broke this round (P. 22), so the gate stays the same from round to round
        shut_all = frozenset(oid for oid, o in v.board.openings.items() if (kinds.get(oid) or str(o.kind)) == "barricade")
        around = v.distances(hold, shut_all)
        best = None
        for oid in sorted(v.board.openings):
            o = v.board.openings[oid]
            if (kinds.get(oid) or str(o.kind)) != "barricade":
                continue
            a, b = o.zones
            for room, out in ((a, b), (b, a)):
                if not v.board.zones[room].interior or v.board.zones[out].interior or out not in around:
                    continue
                through = 1 + around[out]
                if around.get(room, 99) - through >= self.gate_gain and (best is None or through < best[0]):
                    best = (through, room, oid)
        return None if best is None else (best[1], best[2], best[0], shut_all)

    def _door_step(self, v, room: str, barricades: frozenset) -> str:
        """Where to walk towards ``room`` by the shortest way with its Doors open: ``room`` itself,
        or the near side of the first closed Door on that way (opened there: 1 Action, P. 18) --
        the bot's walk counts closed Doors as walls and would take the long way round."""
        d = v.distances(room, barricades)
        cur = v.me.zone
        for _ in range(len(v.board.zones)):
            if cur == room or cur not in d:
                return room
            step = sorted(n for n in v.board.neighbors(cur, v.closed) if d.get(n, 99) == d[cur] - 1)
            if not step:
                return room if cur == v.me.zone else cur
            cur = step[0]
        return room

    def clump_ok(self, v, zone: str) -> bool:
        """Burn a crowd that is not the last one: ``clump`` Ghouls or more in ``zone``, no Survivor
        there ("All Actors in the targeted Zone are eliminated", P. 29), and the team keeps a
        Molotov (made, or both parts) for the final throw."""
        if not self.clump or v.st.survivors_in(zone):
            return False
        return v.st.ghoul_count(zone) >= self.clump and self.molotovs(v) >= 2

    def goals(self, v):
        if self.purging(v):
            z = self.purge_zone(v)
            if z is not None:
                gate = self.purge_gate(v, z)
                if gate is not None and v.me.zone != z:
                    room, oid, through, barricades = gate
                    if oid in v.closed:
                        return NORMAL - 2, [room]  # the room of the gate: meet there until it opens
                    now = v.distances(z).get(v.me.zone)
                    to_room = v.distances(room, barricades).get(v.me.zone)
                    if now is None or to_room is not None and to_room + through < now:
                        return NORMAL - 2, [self._door_step(v, room, barricades)]  # through the house, not round it
                return NORMAL - 2, [z]
        return super().goals(v)

    def bonus(self, v, a) -> float:
        if self.purging(v):
            if a.kind == "barricade" and a.params[1] == "open":
                z = self.purge_zone(v)
                gate = self.purge_gate(v, z) if z is not None else None
                if gate is not None and a.params[0] == gate[1]:
                    return 400.0
            if a.kind == "barricade" and a.params[1] == "close":
                z = self.purge_zone(v)
                gate = self.purge_gate(v, z) if z is not None else None
                if gate is not None and a.params[0] == gate[1]:
                    return -300.0  # never shut the gate again
            if a.kind == "molotov":
                if self.strike_ok(v, a.params[1]):
                    return 2000.0
                return 300.0 if self.clump_ok(v, a.params[1]) else -500.0
            if a.kind == "reorganize" and holds(v, v.me, "molotov"):
                now = _in_hand(v, v.me)
                after = any(u is not None and u != -1 and card_id(v, u) == "molotov" for u in a.params[:2])
                if now != after:
                    return 150.0 if after else -150.0  # the purge throw is from a Hand (P. 29)
        b = super().bonus(v, a)
        if a.kind in ("melee", "ranged") and self.level_up:
            level = v.game.content.danger_level
            top = max(level(s.xp) for s in alive(v))
            if level(v.me.xp + 1) > top and not v.doomed_with(v.me.zone, True):
                b -= self.level_up
        return b

    def option(self, v, choice) -> Any:
        if choice.kind == "layout" and choice.survivor == v.me.id and self.purging(v) \
                and holds(v, v.me, "molotov") and not _in_hand(v, v.me):
            for o in choice.options:
                if o != ["as_is"] and any(u is not None and u != -1 and card_id(v, u) == "molotov" for u in o[:2]):
                    return o
        return super().option(v, choice)
