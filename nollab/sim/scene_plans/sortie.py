"""Molotov **sorties** from the house for S3 "They're Afraid of Fire" (P. 35): a mixin of
:class:`~nollab.sim.scene_plans.fire.BreakTheSiege` that replaces the escorted walk around the
exterior ring with one round's hit-and-back from the room nearest each Spawn Zone.

Every Spawn Zone of S3 is two Zones from a house room (1R:c from the living room by the front door
1R:df or window 1R:wn3; 2R:a from the kitchen by window 2R:wn4; 3R:c from the sitting room by
window 3R:ws4; 4R:e from the study by window 4R:ws3). A Molotov has Range 1-1 and is thrown at an
exterior Zone (P. 29), so the carrier must step out to the Zone between (the **throw Zone**). The
sortie, in one round, by three Survivors of the room in this turn order (from the First Player,
P. 8; the cast is picked from who acts before and after the carrier, :meth:`Sortie.roles`):

1. the **opener** opens the Opening: a Door needs nothing (Door Action, P. 18), a closed Barricade
   "an equipped weapon with a Barricade Opening symbol" (Claw Hammer, Tire Iron: Barricade Action,
   P. 19) -- both only "if there are no Ghouls in that Zone";
2. the **carrier** (an equipped Molotov, 3 Actions) steps out to the throw Zone (1 Action), throws
   at the Spawn Zone (1 Action: "Any Ghoul Spawn token in the targeted Zone may be moved to
   another Spawn Zone", P. 29) and steps back in (1 Action) -- only when the throw Zone holds no
   Ghoul (leaving it would cost 1 more Action per Ghoul, P. 18);
3. the **closer** (anyone still to act in the room) shuts it again (closing needs no Equipment,
   P. 19), so no Ghoul walks in through it (P. 23).

Nobody ends the round outside, so no Ghoul of the exterior Attacks (P. 22), and the Molotov goes
the moment it is made instead of waiting for an escort to walk the broken ring.

**Flank sorties.** The throw Zone next to a closed window is where the Spawn Zone's Ghouls queue:
"In case there are no open paths to the destination Zone, Ghouls move toward it as if all
Barricades and Doors were open, though closed Barricades and Doors still stop them" (P. 23), so
4R:d and 3R:d held Ghouls at about 3 Turns in 4 after the first burn (heuristic, 20 games). 4R:e
is also in Range 1 of 4R:b and 3R:c of 3R:b, two steps out through the room's other window
(4R:we2 and 4R:a, 3R:ww2 and 3R:a) and off the queue's way. There the carrier spends his 3
Actions going out, on and throwing, and ends the round outside -- only when the step, the throw
Zone and every Zone next to them but the burnt Spawn Zone hold no Ghoul (a Ghoul Moves 1 Zone an
Activation and Attacks in its own Zone only, P. 22-23), and nobody shuts the window behind him;
he walks back in the next round. S3 heuristic, 100 games (table seeds): 2 Spawn Zones left 54 ->
70 games (round 9.6 -> 8.9), 1 left 18 -> 22, gathered by round 8 0 -> 3 (helper s3r).

**Relay.** The turn order is fixed for the round (P. 8), and a Barricade needs its tool holder
before the carrier: when nobody can open before me, the carrier, I trade the Molotov to a friend
in the room who acts after an opener ("both may then reorganize for free", P. 19, so it is in a
Hand) and open the Opening myself if I hold the tool (:meth:`Sortie.relay`). With the flank:
2 left 70 -> 78 games (round 8.9 -> 7.7), 1 left 22 -> 35 (round 11.5 -> 9.7), gathered by
round 8 3 -> 9 (same 100 games).

**Staging.** While no Molotov is made, the team waits -- and Searches, any interior Zone without
Ghouls will do (P. 18) -- in the room of the sortie the next Molotov will go on
(:meth:`Sortie.stage_room`), so carrier and opener are there when it is made. S3 heuristic, table
seeds 0-99 / 100-199: every token gathered 44 -> 52 / 42 -> 53 games, by round 8 17 -> 18 / 6 -> 13,
by round 10 28 -> 38 / 24 -> 36; the third Molotov waited 2.6 -> 2.1 rounds between made and
thrown (helper s3a).
"""
from __future__ import annotations

from nollab.sim.plans_base import NORMAL, alive, card_id, holds
from nollab.sim.plans_view import doomed
from nollab.sim.scene_plans.posse import moves_left
from nollab.sim.scene_plans.trust import Trust

__all__ = ["Sortie", "sortie_routes"]

#: routes per (board, Spawn Zone): the board's geometry never changes during a game
_ROUTES: dict = {}


def sortie_routes(v, spawn: str, flank: bool = False) -> list[tuple]:
    """``(room, opening, throw zone)`` for every way to throw at ``spawn`` from one step outside
    the house: the throw Zone is exterior and in Range 1 + Line of Sight of ``spawn`` (P. 29, with
    every Opening counted open), and an Opening (Door or Barricade) joins it to an interior Zone.

    ``flank``: also ``(room, opening, throw zone, step)`` where the throw Zone is two steps out --
    an Opening joins the room to the exterior Zone ``step``, a free boundary joins ``step`` to the
    throw Zone (S3: 4R:e from 4R:b, through the study window 4R:we2 and 4R:a; 3R:c from 3R:b,
    through the sitting-room window 3R:ww2 and 3R:a). Those throw Zones are off the Spawn Zone's
    shortest way into the house, where its Ghouls queue at a closed window (P. 23)."""
    b = v.board
    key = (id(b), spawn, flank)
    got = _ROUTES.get(key)
    if got is not None and got[0] is b:  # the board kept alive with its entry: its id is not reused
        return got[1]
    out = []
    for t, r in b.line_of_sight(spawn, frozenset()).items():
        if r != 1 or b.zones[t].interior:
            continue
        direct = False
        for oid, o in b.openings.items():
            if t not in o.zones:
                continue
            room = o.other(t)
            if b.zones[room].interior:
                out.append((room, oid, t))
                direct = True
        if not flank or direct:
            continue
        for step in b.neighbors(t, frozenset()):
            if b.zones[step].interior or step == spawn or any(t in o.zones and step in o.zones for o in b.openings.values()):
                continue
            for oid, o in b.openings.items():
                if step in o.zones and b.zones[o.other(step)].interior:
                    out.append((o.other(step), oid, t, step))
    if len(_ROUTES) > 256:
        _ROUTES.clear()
    _ROUTES[key] = (b, sorted(out))
    return _ROUTES[key][1]


def _opens_barricades(v, s, hands_only: bool = True) -> bool:
    cards = s.hands if hands_only else s.inventory()
    return any(u is not None and u != -1 and v.card(u).opens_barricades for u in cards)


def _molotov_in_hand(v, s) -> bool:
    return any(u is not None and u != -1 and card_id(v, u) == "molotov" for u in s.hands)


class Sortie:
    """Mixin: the sortie goals and bonuses (module docstring). Active while
    Spawn Zones remain to burn (:meth:`to_burn` of the gather plan) and ``sortie`` is on."""

    #: burn the Spawn Zones by sorties from the house (off: the escorted walk of GatherSpawns)
    sortie = True
    #: Ghouls the carrier accepts in the throw Zone (0: the carrier must be back in this round); with
    #: one there he goes out, throws and ends the round beside it -- or kills it with his last
    #: Action -- when its Attack cannot eliminate him (P. 22). S3 heuristic 200 games (table seeds):
    #: gathered by round 8 43 -> 50 with ``flank_guard`` 1 (helper s3a)
    sortie_ghouls = 1
    #: a second Molotov burns the throw Zone's Ghouls first (:meth:`_clearer`)
    clear = True
    #: the sortie waits for someone to shut the Opening after the carrier is back in (off: an
    #: Opening left open through one Ghouls' Phase is a smaller risk than a round lost; S3 heuristic
    #: 100 games, 1 Spawn Zone left 11 -> 18)
    need_closer = False
    #: the whole team waits in the sortie's room (else only the carrier and a tool holder go)
    sortie_crew = True
    #: an opener, clearer or closer may walk this many Moves into the room on their Turn
    reach = 1
    #: also throw from two steps out, off the Spawn Zone's queue (:func:`sortie_routes` ``flank``)
    flank = True
    #: a flank sortie waits for no Ghoul next to the throw Zone (1) or next to the step too (2). 1: a
    #: Ghoul next to the step only is two Zones from the carrier (one Move an Activation, P. 23).
    #: S3 heuristic 200 games with staging: gathered by round 8 31 -> 43, by round 10 74 -> 87;
    #: dead outside 22 -> 29 of ~195 losses (helper s3a; s3r measured 1 worse before staging)
    flank_guard = 1
    #: a carrier whose cast is incomplete hands the Molotov to a friend acting after an opener (:meth:`relay`)
    relay_on = True
    #: a Trade of Molotov parts takes the partner's part when the partner has already acted (:meth:`option`)
    take_part = True
    #: while no Molotov is made the team waits in the room of the next sortie (:meth:`stage_room`)
    stage = True

    # ------------------------------------------------------------------ the plan of this decision
    def _kind(self, v, oid: str) -> str:
        return v.st.opening_kind.get(oid) or str(v.board.openings[oid].kind)

    def sortie_plan(self, v):
        """``(carrier, spawn, room, opening, throw zone)`` of the next sortie, or None: of every
        Molotov holder and every route to a Spawn Zone still to burn (a closed Barricade only if
        someone holds a tool for it, P. 19), one whose cast is complete this round (:meth:`roles`),
        else the fewest Ghouls in the throw Zone, then the carrier's shortest walk (then ids:
        every Survivor's decision agrees)."""
        got = v.__dict__.get("_sortie")
        if got is not None or "_sortie" in v.__dict__:
            return got
        plan = None
        burn = self.to_burn(v) if self.sortie else []
        holders = [s for s in alive(v) if holds(v, s, "molotov")]
        if burn and holders:
            best = None
            for z, room, oid, t, step, d, lane in self._usable_routes(v, burn):
                for s in holders:
                    walk = d.get(s.zone)
                    out = s.zone in (t, step) and oid not in v.closed  # on the way: finish it
                    if walk is None and not out:
                        continue
                    cand = (s, z, room, oid, t, step)
                    go = out or walk == 0 and self.roles(v, cand) is not None
                    key = (not out, not go, lane, walk or 0, v.st.ghoul_count(room), step is not None,
                           s.id, z, oid)
                    if best is None or key < best:
                        best, plan = key, cand
        v.__dict__["_sortie"] = plan
        return plan

    def stage_room(self, v) -> str | None:
        """Where the team waits (and Searches, P. 18: any interior Zone without Ghouls) while no
        Molotov is made: the room of the sortie the next Molotov will go on, so the carrier and
        the opener are there when it is made instead of walking 1-2 rounds after it (S3, 100 games:
        a Molotov waited 1.0 / 1.7 / 2.6 rounds between made and thrown). Of every route to a Spawn
        Zone still to burn (a closed Barricade only if someone holds a tool for it, P. 19): a room
        without Ghouls, then the team's total walk, then the fewest Ghouls in the throw Zone and
        its step; None when a Molotov is held (the sortie's own goals) or ``stage`` is off."""
        if not self.stage:
            return None
        got = v.__dict__.get("_stage")
        if got is not None or "_stage" in v.__dict__:
            return got
        room_best = None
        burn = self.to_burn(v) if self.sortie else []
        team = alive(v)
        if burn and not any(holds(v, s, "molotov") for s in team):
            best = None
            for z, room, oid, t, step, d, lane in self._usable_routes(v, burn):
                walk = sum(min(d.get(s.zone, 20), 20) for s in team)
                key = (v.st.ghoul_count(room) > 0, walk, lane, step is not None, room, z, oid)
                if best is None or key < best:
                    best, room_best = key, room
        v.__dict__["_stage"] = room_best
        return room_best

    def _usable_routes(self, v, burn: list[str]):
        """Every sortie route to a Spawn Zone of ``burn`` the team can use now, in
        :func:`sortie_routes` order: ``(spawn, room, opening, throw zone, step or None, walking
        distances to the room, Ghouls in the throw Zone and the step)``. A closed Barricade counts
        only if someone holds a tool that opens it (P. 19); Doors open with an Action (P. 18), so
        the distances go through closed Doors."""
        tools = any(_opens_barricades(v, s, False) for s in alive(v))
        for z in burn:
            for route in sortie_routes(v, z, self.flank):
                room, oid, t = route[:3]
                step = route[3] if len(route) > 3 else None
                if self._kind(v, oid) == "barricade" and oid in v.closed and not tools:
                    continue
                d = v.distances(room, frozenset(v.closed) - self._doors(v))
                lane = v.st.ghoul_count(t) + (v.st.ghoul_count(step) if step else 0)
                yield z, room, oid, t, step, d, lane

    def _doors(self, v) -> frozenset:
        return frozenset(o for o in v.closed if self._kind(v, o) in ("door", "stairs"))

    def _order(self, v) -> list[str]:
        """This round's Survivors still to act, in turn order: the active one, then the players
        from the First Player on (P. 8, the token moves left each round; a player's own Survivors
        in the order listed -- the simulator seats one Survivor per player)."""
        st = v.st
        n = len(st.players)
        out = [st.active] if st.active else []
        for k in range(st.turn, n):
            for sid in st.players[(st.first_player + k) % n]:
                s = st.survivors[sid]
                if s.alive and not s.activated and sid not in out:
                    out.append(sid)
        return out

    def roles(self, v, plan, given: bool = False) -> dict | None:
        """The sortie's cast for this round, or None if it cannot run: ``opener`` (None if the
        Opening is open), ``clearer`` (None if the throw Zone is empty), ``closer`` (None if nobody
        is left to close), each a Survivor in the room acting before (after, for the closer) the
        carrier. The carrier needs a Molotov in Hand (P. 29 "equipped") and 3 Actions (out, throw,
        back: P. 18); nobody in the room may face a Ghoul (no Door/Barricade Action then, P. 18-19).
        ``given``: the cast as if the carrier already held the Molotov in Hand (:meth:`relay`)."""
        c, _z, room, oid, t, step = plan
        st = v.st
        if c.zone != room or st.ghoul_count(room) or not (given or _molotov_in_hand(v, c)):
            return None
        if step is not None and not self._flank_clear(v, plan):
            return None
        order = self._order(v)
        if c.id not in order or moves_left(v, c) < 3:
            return None
        i = order.index(c.id)
        near = self._near(v, room)
        before = [st.survivors[x] for x in order[:i] if near(st.survivors[x])]
        after = [st.survivors[x] for x in order[i + 1:] if near(st.survivors[x])]
        cast: dict = {"opener": None, "clearer": None, "closer": after[0] if after else None}
        if self.need_closer and cast["closer"] is None:
            return None
        if oid in v.closed:
            tool = self._kind(v, oid) == "barricade"
            ok = [s for s in before if not tool or _opens_barricades(v, s, False)]
            if not ok:
                return None
            cast["opener"] = ok[0]
        if step is None and st.ghoul_count(t) > self.sortie_ghouls:
            ok = [s for s in before if holds(v, s, "molotov")] if self.clear else []
            if not ok:
                return None
            cast["clearer"] = ok[-1]
        elif step is None and st.ghoul_count(t) and doomed(v.game, t, [c]):
            return None  # he ends the round among them (back costs 1 + 1 a Ghoul, P. 18): outlive their Attacks (P. 22)
        return cast

    def relay(self, v, plan):
        """The friend I hand the Molotov to, or None: I am this sortie's carrier, on my Turn, and
        its cast is incomplete this round (no opener acts before me, P. 8); a friend in the room
        who acts later, after an opener, would complete it holding the Molotov. A Trade (1 Action)
        gives it, and "both may then reorganize for free" (P. 19) puts it in a Hand -- the sortie
        goes this round instead of waiting for the turn order to come round."""
        if not self.relay_on or plan is None:
            return None
        c, z, room, oid, t, step = plan
        me, st = v.me, v.st
        if c.id != me.id or st.active != me.id or me.zone != room or self.roles(v, plan) is not None:
            return None
        for sid in self._order(v)[1:]:
            p = st.survivors[sid]
            if p.zone != room or holds(v, p, "molotov"):
                continue
            r = self.roles(v, (p, z, room, oid, t, step), given=True)
            if r is None or r["clearer"] is not None:
                continue
            if r["opener"] is not None and r["opener"].id == me.id and moves_left(v, me) < 2:
                continue  # the Trade and then the opening: 2 Actions of mine
            return p
        return None

    def _flank_clear(self, v, plan) -> bool:
        """A flank sortie (throw Zone two steps out, :func:`sortie_routes`) ends the carrier's
        round outside: out (1 Action), on (1), throw (1) -- so the step and the throw Zone must be
        empty (leaving a Zone costs 1 more Action per Ghoul, P. 18) and no Ghoul may stand next to
        the throw Zone but in the Spawn Zone the Molotov burns (a Ghoul Moves 1 Zone an
        Activation and Attacks only in its own Zone, P. 22-23)."""
        _c, z, _room, _oid, t, step = plan
        st = v.st
        if st.ghoul_count(t) or st.ghoul_count(step):
            return False
        near = set(v.board.neighbors(t, frozenset()))
        if self.flank_guard > 1:
            near |= set(v.board.neighbors(step, frozenset()))
        return not any(st.ghoul_count(n) for n in near - {z, t, step})

    def _near(self, v, room: str):
        """Can ``s`` be in ``room`` with an Action to spare this Turn: there now, or up to
        ``reach`` Moves away along open Openings through Zones without Ghouls (P. 18)."""
        if not self.reach:
            return lambda s: s.zone == room
        d = v.distances(room)

        def ok(s) -> bool:
            if s.zone == room:
                return True
            return d.get(s.zone, 99) <= self.reach and not v.st.ghoul_count(s.zone) \
                and moves_left(v, s) >= d[s.zone] + 1
        return ok

    def _go(self, v, plan) -> bool:
        return self.roles(v, plan) is not None

    def _clearer(self, v, plan):
        r = self.roles(v, plan)
        return None if r is None else r["clearer"]

    def _to_act(self, v, room: str, but: set) -> list:
        return [s for s in alive(v) if s.zone == room and s.id not in but
                and (not s.activated or v.st.active == s.id)]

    # ------------------------------------------------------------------ plan hooks
    def sortie_goals(self, v):
        """The carrier walks to the room (then out to the throw Zone once it is open), the tool
        holder needed for a closed Barricade walks to the room; the others shelter and Search."""
        plan = self.sortie_plan(v)
        if plan is None:
            return None
        c, _z, room, oid, t, step = plan
        me = v.me
        if me.id == c.id:
            if me.zone == t:
                return NORMAL - 2, [t] if holds(v, me, "molotov") else [room]
            if me.zone == step and oid not in v.closed:
                return NORMAL - 2, [t]  # half-way out on a flank sortie: on to the throw Zone
            if oid not in v.closed and self._go(v, plan):
                return NORMAL - 2, [t]
            return NORMAL - 2, [room]
        if self.sortie_crew or (oid in v.closed and self._kind(v, oid) == "barricade"
                                  and _opens_barricades(v, me, False)):
            return NORMAL - 2, [room]  # openers, clearers and closers: whoever acts before or after
        return None

    def sortie_bonus(self, v, a) -> float | None:
        """Scores of the sortie's steps (None: no opinion, the gather plan's bonus applies)."""
        me, k = v.me, a.kind
        house = v.board.zones
        plan = self.sortie_plan(v)
        c = z = room = oid = t = step = None
        if plan is not None:
            c, z, room, oid, t, step = plan
        if step is not None and me.id == c.id and me.zone == step and k == "move" and a.params[0] == t \
                and _molotov_in_hand(v, me):
            return 400.0  # a flank sortie: on from the step to the throw Zone
        if k == "move" and not house[me.zone].interior and house[a.params[0]].interior \
                and not self._throw_here(v):
            return 300.0  # back in before the Ghouls' Phase (P. 22): nobody stays out
        if k in ("door", "barricade"):
            o = v.board.openings[a.params[0]]
            if house[o.zones[0]].interior == house[o.zones[1]].interior:
                return None
            if a.params[1] == "open":
                if a.params[0] != oid:
                    return None
                r = self.roles(v, plan)
                return 300.0 if r is not None and r["opener"] is not None and r["opener"].id == me.id else -100.0
            far = o.other(me.zone)
            back = v.distances(far)
            out = any(not house[s.zone].interior and back.get(s.zone, 99) <= 2 for s in alive(v))
            if out or (a.params[0] == oid and self._go(v, plan)):
                return -300.0  # a friend is still out there, or the carrier is about to go
            return 200.0  # shut behind the sortie: no Ghoul walks in through it (P. 23)
        if plan is None:
            return None
        if k == "trade" and me.id == c.id:
            p = self.relay(v, plan)
            if p is not None and a.params[0] == p.id:
                return 350.0
        if k == "reorganize" and me.id != c.id and oid in v.closed and self._kind(v, oid) == "barricade" \
                and me.zone == room and not _opens_barricades(v, me) and _opens_barricades(v, me, False):
            tool = any(u is not None and u != -1 and v.card(u).opens_barricades for u in a.params[:2])
            return 120.0 if tool else None
        if k == "molotov" and a.params[1] == t and me.id != c.id and oid not in v.closed and v.st.ghoul_count(t) \
                and self._go(v, plan):
            clearer = self._clearer(v, plan)
            return 450.0 if clearer is not None and clearer.id == me.id else None
        if me.id == c.id:
            if k == "move" and me.zone == room and a.params[0] == (step or t) and (step is None or
                                                                            v.board.openings[oid].other(room) == step):
                return 300.0 if self._go(v, plan) and oid not in v.closed else -100.0
            if k == "molotov" and a.params[1] == z:
                return 500.0
        return None

    def _throw_here(self, v) -> bool:
        """I hold a Molotov and a Spawn Zone to burn is in Range 1 + Line of Sight (P. 29)."""
        if not holds(v, v.me, "molotov"):
            return False
        seen = v.board.line_of_sight(v.me.zone, v.closed)
        return any(seen.get(z) == 1 for z in self.to_burn(v))

    # ------------------------------------------------------------------ Plan interface
    def sortie_on(self, v) -> bool:
        """Spawn Zones left to burn and a house to sortie from (no route on a board without one:
        the escorted walk of the gather plan then)."""
        if not self.sortie:
            return False
        return any(sortie_routes(v, z) for z in self.to_burn(v))

    def goals(self, v):
        if not self.sortie_on(v):
            return super().goals(v)
        g = self.sortie_goals(v)
        if g is not None:
            return g
        if len(self._parts(v, v.me)) == 1:
            mates = sorted({s.zone for s in alive(v) if self._pair_with(v, s)})
            if mates:
                return NORMAL - 1, mates  # bring the two Molotov parts together (a Trade, P. 19)
        stage = self.stage_room(v)
        if stage is not None and not any(isinstance(p, Trust) and p.gives_here(v) for p in v.plans):
            return NORMAL - 1, [stage]  # wait for the next Molotov where its sortie starts
        if not v.board.zones[v.me.zone].interior:
            inside = sorted({s.zone for s in alive(v) if v.board.zones[s.zone].interior})
            if inside:
                return NORMAL - 2, inside  # back from a flank sortie to the team in the house
        return None  # shelter in the house and Search (P. 18)

    def option(self, v, choice):
        """Trades. Two Molotov parts apart (``take_part``): when the partner has already taken this
        round's Turn I take their part instead of giving mine, so I combine it now -- combining is
        free on one's own Turn (P. 29) -- and the Molotov is made this round, not at the partner's
        next Turn. The relay's Trade (:meth:`relay`): give one Molotov to a friend who holds none,
        then finish (the friend's free reorganization puts it in a Hand, P. 19)."""
        if choice.kind != "trade" or choice.survivor != v.me.id or not self.sortie_on(v):
            return super().option(v, choice)
        p = v.st.survivors[choice.data["partner"]]
        if self.take_part and p.activated and self._pair_with(v, p) and not choice.data.get("gave") \
                and not choice.data.get("took"):
            mine = self._parts(v, v.me)
            for o in choice.options:
                if o[0] == "take" and card_id(v, o[1]) in self._parts(v, p) - mine:
                    return o
        if self.relay_on and holds(v, v.me, "molotov") and not holds(v, p, "molotov") \
                and not self._pair_with(v, p) and not p.activated:
            if any(card_id(v, u) == "molotov" for u in choice.data.get("gave", [])):
                return ["done"] if ["done"] in choice.options else None
            for o in choice.options:
                if o[0] == "give" and card_id(v, o[1]) == "molotov":
                    return o
        return super().option(v, choice)

    def bonus(self, v, a) -> float:
        if self.sortie_on(v):
            b = self.sortie_bonus(v, a)
            if b is not None:
                return b
        return super().bonus(v, a)

    #: planner: also vouch for every Action of a Turn whose House Search is still ahead while
    #: Molotovs are missing (S10's "turn" trust, :meth:`GatherSpawns.trusted`): ending the Turn
    #: early is how a one-round search skips the Search
    trust_turn = True

    def trusted(self, v, a) -> bool:
        """A step of this round's sortie (open, clear, out, throw, back, shut), the carrier's walk
        to its room, a House Search while Molotovs are missing or an Action of a Turn before it
        (``trust_turn``): the planner plays it without search
        (:meth:`nollab.sim.planner.PlannerPolicy.trusted`) -- a one-round rollout sees the
        carrier outside and the Opening open, not the Spawn Zone gone for the rest of the game."""
        if not self.sortie_on(v):
            return super().trusted(v, a)
        if a.kind == "search" and str(a.params[0]) == "house" and self.molotovs(v) < self.needed(v):
            return True  # the parts are House cards (P. 3): one Search a Turn (P. 18), every Turn
        b = self.sortie_bonus(v, a)
        if b is not None and b >= 200.0:
            return True
        if self.trust_turn and self.molotovs(v) < self.needed(v) and self.search_ahead(v):
            return True
        plan = self.sortie_plan(v)
        if plan is None or a.kind != "move" or plan[0].id != v.me.id:
            return False
        d = v.distances(plan[2])
        return d.get(a.params[0], 99) < d.get(v.me.zone, 99)
