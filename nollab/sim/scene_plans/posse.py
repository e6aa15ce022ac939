"""The march of the whole team (one rally Zone a round) shared by the heuristic bot's plans that
must move the six Survivors together across the board: S6/S8 travelling (:mod:`.travel`) and S7
"Go Get Johnny" (:mod:`.white`).

A lone Survivor dies: the Ghouls' Attacks of a Zone are split by the Survivors in it (P. 22), and a
Survivor who stays behind to shoot at the Zone they must cross pays one more Action per Ghoul to
leave it (P. 18). So every Survivor walks to the same **rally Zone**: the one nearest the objective
that every living Survivor can still reach this round with the Actions they have left (those who
have taken their Turn count with none; leaving a Zone with Ghouls costs one more Action each, none
with Slippery, P. 46), Zones with Ghouls in or next to them counting as a little farther.
"""
from __future__ import annotations

import heapq

from nollab.rules.players import action_budget
from nollab.rules.survivors import skills as sk
from nollab.sim.plans_base import alive

__all__ = ["Posse", "moves_left", "THREAT_PER_MOVE", "THREAT_CAP", "LATE_PER_MOVE", "AVOID"]

#: how much a Zone's threat (:meth:`View.threat`) weighs against one Move of progress for a rally,
#: and the most it may weigh (a besieged posse must still walk on)
THREAT_PER_MOVE, THREAT_CAP = 0.1, 0.45
#: how much ending the round on a Zone of :meth:`Posse.avoid` weighs (S6/S8: a corner that spawns)
AVOID = 0.45
#: how much one Action a Survivor would lack to reach a rally weighs against one Move of progress
LATE_PER_MOVE = 4.0


def moves_left(v, s) -> int:
    """Actions ``s`` can still spend on Moves this round: none after their Turn, their Actions
    left (+ a free Move) during it, a fresh Turn's before it (P. 18, P. 46)."""
    st = v.st
    ctx = v.game._ctx()
    if st.active != s.id and s.activated:
        return 0
    n = action_budget.general_left(ctx, s) + action_budget.free_left(ctx, s, "move")
    if st.active != s.id:
        n += s.spent + s.free_spent.get("move", 0)  # last round's bookkeeping, reset when they activate
    return max(0, n)


class Posse:
    """Mixin of a :class:`~nollab.sim.plans_base.Plan` that marches the team: :meth:`rally`,
    :meth:`costs`, :meth:`walls`, and the move/door bonuses :meth:`through` and :meth:`door`.
    :meth:`avoid` lists Zones that are worse places to end a round (default none)."""

    def judge_goals(self, v) -> list[str] | None:
        """The objective the march heads for (not this round's rally Zone): what the planner's
        judge measures progress by (:func:`nollab.sim.planner.evaluate.judge_goals`)."""
        return None

    def trusted(self, v, a) -> bool:
        """A step of the march: a Move, or the opening of a Door, that brings this Survivor nearer
        this round's rally Zone (the planner plays it without search,
        :meth:`nollab.sim.planner.PlannerPolicy.trusted`)."""
        if a.kind not in ("move", "door") or (a.kind == "door" and a.params[1] != "open"):
            return False
        g = v.goals()
        if not g or self.judge_goals(v) is None:
            return False
        walls = self.walls(v)
        dest = a.params[0] if a.kind == "move" else v.board.openings[a.params[0]].other(v.me.zone)
        here, there = v.goal_distance(v.me.zone, g, closed=walls), v.goal_distance(dest, g, closed=walls)
        return here is not None and there is not None and there < here

    def avoid(self, v) -> frozenset:
        """Zones where ending the round costs :data:`AVOID` Moves (S6/S8: the herd's corners)."""
        return frozenset()

    def walls(self, v) -> frozenset:
        """Openings that stop the posse: the closed ones except Doors (and Stairs, played as Doors,
        P. 18), which cost one Action to open -- a closed Barricade needs a tool (P. 19)."""
        got = v.__dict__.get("_travel_walls")
        if got is None:
            kinds = v.st.opening_kind
            got = v._travel_walls = frozenset(o for o in v.closed if (kinds.get(o) or str(v.board.openings[o].kind))
                                              not in ("door", "stairs"))
        return got

    def costs(self, v, start: str, slippery: bool = False) -> dict[str, int]:
        """Actions to walk from ``start`` to every Zone: one per Move, plus one per Ghoul in each
        Zone left on the way (P. 18; none with Slippery, P. 46), through open Openings and Doors
        (:meth:`walls`); cached for the decision."""
        cache = v.__dict__.setdefault("_travel_costs", {})
        got = cache.get((start, slippery))
        if got is not None:
            return got
        walls, nbrs = self.walls(v), v.board.neighbors
        count = (lambda z: 0) if slippery else v.st.ghoul_count
        got = {start: 0}
        heap = [(0, start)]
        while heap:
            d, z = heapq.heappop(heap)
            if d > got[z]:
                continue
            nd = d + 1 + count(z)
            for n in nbrs(z, walls):
                if nd < got.get(n, 1 << 30):
                    got[n] = nd
                    heapq.heappush(heap, (nd, n))
        cache[(start, slippery)] = got
        return got

    def cost(self, v, s) -> dict[str, int]:
        """:meth:`costs` from ``s``'s Zone, with their Slippery Skill if active."""
        slippery = sk.has(v.game.content, action_budget.active(v.game._ctx(), s), "slippery")
        return self.costs(v, s.zone, slippery)

    def rally(self, v, zones: list[str], outside: set | None = None) -> str:
        """The Zone the posse gathers on this round (module docstring): fewest Actions lacking x
        :data:`LATE_PER_MOVE` + Moves left to ``zones`` + threat x :data:`THREAT_PER_MOVE`, then the
        fewest Moves in all, then the Zone id (deterministic). ``outside``: Zones not to stand on."""
        team = alive(v)
        budget = {s.id: moves_left(v, s) for s in team}
        best, best_key = v.me.zone, None
        walls = self.walls(v)
        avoid = self.avoid(v)
        goal_d = {z: v.goal_distance(z, zones, closed=walls) for z in v.board.zones}
        for z in sorted(v.board.zones):
            dz = goal_d.get(z)
            if dz is None or (outside and z in outside):
                continue
            late = total = 0
            for s in team:
                d = self.cost(v, s).get(z)
                if d is None:
                    late += 99
                    continue
                late += max(0, d - budget[s.id])
                total += d
            key = (LATE_PER_MOVE * late + dz + min(THREAT_CAP, THREAT_PER_MOVE * v.threat(z))
                   + (AVOID if z in avoid else 0.0), total)
            if best_key is None or key < best_key:
                best, best_key = z, key
        return best

    # ---- actions and choices --------------------------------------------------------------------
    def through(self, v, dest: str) -> float:
        """Walking through a Zone with Ghouls on the way to the rally: the bot's "into Ghouls" and
        "lethal there" penalties (its own, :mod:`nollab.sim.heuristic`) are cancelled when this
        Survivor can leave it again this Turn (1 Move + 1 per Ghoul, P. 18) -- Ghouls attack
        only in their Phase (P. 22), so passing through costs Actions, not Wounds -- or when it is
        the rally Zone and the whole posse there can take the Ghouls' Attacks (they are split,
        P. 22): a posse that never steps into a Zone with Ghouls is pinned down where it stands."""
        n = v.st.ghoul_count(dest)
        g = v.goals()
        if not n or not g:
            return 0.0
        walls = self.walls(v)
        here, there = v.goal_distance(v.me.zone, g, closed=walls), v.goal_distance(dest, g, closed=walls)
        if here is None or there is None or there >= here:
            return 0.0
        left = moves_left(v, v.me) - 1 - v.st.ghoul_count(v.me.zone)
        if there > 0 and left >= 1 + n:
            return 40.0 * n + (180.0 if v.lethal(dest) else 0.0)
        if there == 0:
            # the rally itself: the whole posse ends there and splits the Attacks (P. 22), so it is
            # lethal only if the Ghouls there now deal more Wounds than the posse can take and live
            room = sum(2 - s.wounds for s in alive(v) if s.wounds < 3)
            if v.strike(dest) <= room:
                return 40.0 * n + (180.0 if v.lethal(dest) else 0.0)
        return 0.0

    def door(self, v, oid: str, what: str) -> float:
        """On the march a Door on the way to the rally is opened even with Ghouls behind it, and
        no Door is shut behind the posse (it is not coming back; S6/S8: the tile even leaves the
        board, P. 39)."""
        if what == "close":
            return -150.0
        g = v.goals()
        if not g:
            return 0.0
        walls = self.walls(v)
        far = v.board.openings[oid].other(v.me.zone)
        here, there = v.goal_distance(v.me.zone, g, closed=walls), v.goal_distance(far, g, closed=walls)
        return 120.0 if here is not None and there is not None and there < here else 0.0

