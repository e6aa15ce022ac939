"""The heuristic bot's view of the game for one decision (:class:`View`): distances, threat,
goals (the Scene's plans, :mod:`nollab.sim.plans`, most urgent first), the besieged house, the rooms
still to Search -- cached for the decision only, shared by the bot and its plans."""
from __future__ import annotations

from nollab.content_model import GHOUL_TYPES

__all__ = ["View", "GOAL_MARKERS", "is_weapon", "weapon_value", "hand_damage", "doomed"]

#: map markers worth walking to when no plan has a goal
GOAL_MARKERS = ("pump", "johnny", "objective-house")  # the Car is a plan (DriveToPump, Travel)


def is_weapon(card) -> bool:
    return card.melee is not None or (card.ranged is not None and card.effect != "molotov")


def weapon_value(card) -> float:
    """Expected hits of one Action with the card's best line, Damage 2 worth 1.5x (for the Hands)."""
    best = 0.0
    for prof in (card.melee, card.ranged):
        if prof is not None and card.effect != "molotov":
            v = prof.dice * (7 - prof.accuracy) / 6 * (1.5 if prof.damage >= 2 else 1.0)
            best = max(best, v + (0.3 if prof is card.ranged else 0.0))
    return best


def hand_damage(game, s) -> int:
    """The highest Damage of a weapon in ``s``'s Hands (0: none). A Molotov is not counted: it is
    thrown at Range 1 (P. 29), never into one's own Zone; a Fatty needs Damage 2 (P. 27)."""
    eq, cards = game.content.equipment, game.state.cards
    return max((p.damage for u in s.hands if u is not None for c in (eq[cards[u]],) if c.effect != "molotov"
                for p in (c.melee, c.ranged) if p is not None), default=0)


def doomed(game, zone: str, survivors: list, counts: tuple | None = None) -> int:
    """The fewest of ``survivors`` (all in ``zone``) the Ghouls now in ``zone`` eliminate at the
    next Ghouls' Phase if nobody moves: 0 or 1. Attacks always hit, each goes whole to one Survivor
    (a Fatty's 2 Wounds are never split) and the players split them as they like (P. 22); a
    Survivor with ``w`` Wounds takes ``2 - w`` and lives, so nobody dies when the Fatties fit on
    unwounded Survivors and the other Attacks on what room is left -- otherwise one Survivor takes
    every Attack and only they fall. ``counts``: other Ghouls than those now in ``zone``, per
    type (as ``GameState.ghouls_in``)."""
    gt = game.content.ghoul_types
    counts = game.state.ghouls_in(zone) if counts is None else counts
    twos = sum(n for g, n in zip(GHOUL_TYPES, counts) if gt[g].wounds >= 2)
    ones = sum(n for g, n in zip(GHOUL_TYPES, counts) if gt[g].wounds < 2)
    if not survivors or not (twos or ones):
        return 0
    fresh = sum(1 for s in survivors if s.wounds == 0)
    hurt = sum(1 for s in survivors if s.wounds == 1)
    return 0 if twos <= fresh and ones <= 2 * (fresh - twos) + hurt else 1


class View:
    """What the bot reads off the game for one decision (cached for the decision only)."""

    def __init__(self, game, sid: str, dist_cache: dict):
        self.game = game
        self.st = game.state
        self.board = game.board
        self.me = self.st.survivors[sid]
        self.closed = self.st.closed()
        self._dist = dist_cache
        if len(dist_cache) > 4096:
            dist_cache.clear()
        self._goals = None

    def card(self, uid):
        return self.game.content.equipment[self.st.cards[uid]]

    def distances(self, dst: str, closed: frozenset | None = None) -> dict:
        closed = self.closed if closed is None else closed
        key = (id(self.board), len(self.board.zones), dst, closed)
        d = self._dist.get(key)
        if d is None:
            d = self._dist[key] = self.board.distances_to(dst, closed)
        return d

    def ghoul_near(self, zone: str, steps: int) -> bool:
        """A Ghoul within ``steps`` Moves of ``zone`` along open paths."""
        d = self.distances(zone)
        return any(d.get(z, 99) <= steps for z in self.st.ghouls)

    def threat(self, zone: str) -> float:
        """Ghouls that can attack in ``zone`` at the next Ghouls' Phase (those in it, weighted
        by their Wounds, P. 22) plus, at a third of the weight, those one Move away."""
        cache = self.__dict__.setdefault("_threat", {})
        t = cache.get(zone)
        if t is None:
            b = self.board
            t = 3.0 * self._weighted(zone)
            for n in b.neighbors(zone, self.closed):
                t += self._weighted(n)
            cache[zone] = t
        return t

    def weak_hands(self) -> bool:
        """No weapon in Hand better than one die at 4+ (the Starting Equipment's level)."""
        return max((weapon_value(self.card(u)) for u in self.me.hands if u is not None), default=0.0) < 1.0

    def can_hurt(self, zone: str) -> bool:
        """Could a weapon in my Hands kill one of the Ghouls now in ``zone``? Damage 1 is lost on
        a Fatty (P. 27: a Fatty needs Damage 2), so a Zone of Fatties only counts for a Survivor
        holding a Damage 2 weapon. A Molotov is not counted: it is thrown at Range 1 (P. 29), never
        into one's own Zone."""
        gt = self.game.content.ghoul_types
        tough = [g for g, n in zip(GHOUL_TYPES, self.st.ghouls_in(zone)) if n]
        if not tough:
            return False
        return hand_damage(self.game, self.me) >= min(gt[g].min_damage for g in tough)

    def lethal(self, zone: str) -> bool:
        """Would the Ghouls now in ``zone`` eliminate me at the next Ghouls' Phase (1 Wound each,
        3 Wounds eliminate, P. 22)? Counted as if they all struck me (a safe upper bound)."""
        return self.strike(zone) >= 3 - self.me.wounds

    def doomed_with(self, zone: str, me_there: bool) -> bool:
        """Would the Ghouls now in ``zone`` eliminate a Survivor at the next Ghouls' Phase if this
        Survivor stands there (``me_there``) or not, the others staying put? The players split the
        Attacks (P. 22), so a team in one Zone shares them (:func:`doomed`)."""
        group = [s for s in self.st.survivors.values() if s.alive and s.zone == zone and s.id != self.me.id]
        if me_there:
            group.append(self.me)
        return bool(group) and doomed(self.game, zone, group) > 0

    def can_hold(self, far: str) -> bool:
        """Could the Survivors in my Zone -- two or more -- take the Attacks of the Ghouls in
        ``far`` and in my Zone together with nobody eliminated (the players split them, P. 22,
        :func:`doomed`)? A Door opened on Ghouls lets them in only at the Ghouls' Phase, one Zone
        per Move (P. 22-23), so a group that can hold them has a whole Players' Phase to kill them
        before they attack; a lone Survivor would take every Attack."""
        group = [s for s in self.st.survivors.values() if s.alive and s.zone == self.me.zone]
        both = tuple(a + b for a, b in zip(self.st.ghouls_in(far), self.st.ghouls_in(self.me.zone)))
        return len(group) >= 2 and not doomed(self.game, self.me.zone, group, both)

    def can_enter(self, dest: str) -> bool:
        """Could the Survivors in my Zone -- two or more, going in together -- and those already in
        ``dest`` take the Attacks of the Ghouls in ``dest`` with nobody eliminated (P. 22,
        :func:`doomed`)? Then walking in is no "walking into Ghouls" for the one who goes first."""
        group = [s for s in self.st.survivors.values() if s.alive and s.zone in (self.me.zone, dest)]
        return sum(1 for s in group if s.zone == self.me.zone) >= 2 and not doomed(self.game, dest, group)

    def shut(self) -> frozenset:
        """Closed Openings the bot does not count on opening on its way to a goal: Barricades
        (opening one needs a weapon with the Barricade Opening symbol, P. 19) and Doors with a
        Ghoul on either side (it opens them only for a group that can hold the Ghouls,
        :meth:`can_hold`)."""
        got = self.__dict__.get("_shut")
        if got is None:
            st, b = self.st, self.board
            kinds = st.opening_kind
            got = self._shut = frozenset(
                o for o in self.closed
                if (kinds.get(o) or str(b.openings[o].kind)) not in ("door", "stairs")
                or any(st.ghoul_count(z) for z in b.openings[o].zones))
        return got

    def strike(self, zone: str) -> int:
        """Wounds the Ghouls now in ``zone`` deal at the next Ghouls' Phase (a Fatty deals 2, P. 17, 22)."""
        gt = self.game.content.ghoul_types
        return sum(n * gt[g].wounds for g, n in zip(GHOUL_TYPES, self.st.ghouls_in(zone)))

    def _weighted(self, zone: str) -> float:
        w, br, f, r = self.st.ghouls_in(zone)
        return w + br + 2 * f + r

    def ghouls_in_sight(self) -> bool:
        los = self.board.line_of_sight(self.me.zone, self.closed)
        return any(self.st.ghoul_count(z) for z in los)

    # ---- objectives ------------------------------------------------------------------------
    def windows_left(self) -> list[str]:
        tokens = self.game.scene.tokens
        wins = getattr(tokens, "windows_to_barricade", ()) or ()
        st = self.st
        return [o for o in wins if not (st.opening_kind.get(o) == "barricade" and not st.opening_open.get(o, True))]

    def broken_windows(self) -> list[str]:
        """The rooms beside an indicated window whose Barricade stands open (a Breaker or a
        Barricade Opening card opened it, P. 22, 25). "Closing a Barricade. Flip the Barricade
        token to its closed side. No specific Equipment is required." (P. 19): anyone there, with
        no Ghoul in the Zone, closes it again with 1 Action -- no token needed."""
        got = self.__dict__.get("_broken")
        if got is None:
            st, b = self.st, self.board
            got = self._broken = sorted({z for o in self.windows_left() if st.opening_kind.get(o) == "barricade"
                                         and o in b.openings for z in b.openings[o].zones
                                         if z in b.zones and b.zones[z].interior})
        return got

    def tokens_needed(self) -> int:
        carried = sum(s.barricades for s in self.st.survivors.values() if s.alive)
        return len(self.windows_left()) - carried

    def objectives(self) -> dict[str, list[str]]:
        """The Scene's objective Zones by name (``Scene.objective_zones``: "house", "pump",
        "white", "tile", "windows", "unsearched", ...), on the Board now; cached per decision."""
        got = self.__dict__.get("_objectives")
        if got is None:
            got = self._objectives = self.game.scene.objective_zones(self.game._ctx())
        return got

    def goals(self) -> list[str]:
        """Zones this Survivor should walk towards, most urgent objective first."""
        if self._goals is not None:
            return self._goals
        b, st = self.board, self.st
        goals: list[str] = []
        wins = self.windows_left()
        if wins and self.me.barricades > 0:
            goals = list(self.objectives().get("windows", ()))  # the rooms beside them (S1, P. 33)
        elif wins and self.broken_windows():
            goals = self.broken_windows()  # a broken Barricade is closed again with 1 Action, no token (P. 19)
        elif wins and self.tokens_needed() > 0:
            for oid, o in b.openings.items():
                kind = st.opening_kind.get(oid) or str(o.kind)
                if kind == "barricade" and st.opening_open.get(oid, True) and not o.window:
                    goals.extend(o.zones)
        if not goals:
            # the Scene's plans (nollab.sim.plans): the most urgent one that has a goal
            best = None
            for p in getattr(self, "plans", ()):
                g = p.goals(self)
                if g and g[1] and (best is None or g[0] < best[0]):
                    best = g
            if best is not None:
                goals = list(best[1])
        if not goals and self.house():
            goals = sorted(self.house())  # house under siege: stay in it
        if not goals:
            for m in getattr(self.game.scene.tokens, "markers", ()) or ():
                # a marker of a travelling tile that has left the board (S6/S8) is no goal
                if m.zone in b.zones and any(str(m.kind).startswith(g) for g in GOAL_MARKERS):
                    goals.append(m.zone)
        if not goals and not self.board.zones[self.me.zone].interior:
            # nothing to chase: get off the street, into a room without Ghouls (shelter, Search, P. 18)
            goals = [z for z, zone in self.board.zones.items() if zone.interior and not st.ghoul_count(z)]
        self._goals = sorted(set(goals) & set(self.board.zones))  # a travelling tile may have left
        return self._goals

    def hooks(self) -> set:
        return {h.hook_name for h in self.game.scene.hooks}

    def house(self) -> frozenset:
        """The house to keep free of Ghouls, when a Scene loses with a Ghoul in it (S2, S4, S5:
        the ``"house"`` objective)."""
        got = self.__dict__.get("_house")
        if got is None:
            got = self._house = frozenset(self.objectives().get("house", ()))
        return got

    def unsearched_rooms(self) -> set:
        """Interior Zones not yet Searched, when searching them all wins (S9 "search every room":
        the ``"unsearched"`` objective)."""
        return set(self.objectives().get("unsearched", ()))

    def goal_distance(self, zone: str, goals: list[str], closed: frozenset | None = None) -> int | None:
        """Moves from ``zone`` to the nearest goal with the given closed Openings (default: now)."""
        best = None
        for g in goals:
            d = self.distances(g, closed).get(zone)
            if d is not None and (best is None or d < best):
                best = d
        return best
