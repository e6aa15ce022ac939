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
    * Every kill is 1 XP and the Ghoul cards are read at the highest Danger Level (P. 24: Blue 1.5,
      Yellow 2.3, Orange 3.8 Ghouls a card): a Survivor whose kill would raise the team's Danger
      Level leaves the kill to the others unless the Zone's Ghouls would eliminate someone.

    Measured (tokens put on one Spawn Zone at round 2 plus one Molotov, ``bench/gather_stages.py``
    ablation): see the note of issue 16, helper s3."""

    name = "break-the-siege"

    #: the team holds one Zone next to the last Spawn Zone once every token is there
    purge = True
    #: the throw waits until the team's expected hits cover the Ghouls left by this factor
    margin = 1.2
    #: score taken off a kill that would raise the team's Danger Level (0: off)
    level_up = 100.0

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

    def goals(self, v):
        if self.purging(v):
            z = self.purge_zone(v)
            if z is not None:
                return NORMAL - 2, [z]
        return super().goals(v)

    def bonus(self, v, a) -> float:
        if self.purging(v):
            if a.kind == "molotov":
                return 2000.0 if self.strike_ok(v, a.params[1]) else -500.0
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
