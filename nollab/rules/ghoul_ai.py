"""The Ghouls' phase, Step 1: Activation (P. 22-23), as pure functions over plain data.

Nothing here keeps state or draws chance: the engine passes the board, the set of closed
openings, ``ghouls_by_zone`` (zone -> {ghoul type id: count}) and ``survivors_by_zone``
(zone -> survivor ids; for movement only the count matters, an ``int`` is accepted too),
and gets frozen plans back. Player decisions of the Ghouls' phase (wound allocation, uneven
splits, the route of a lone Ghoul) are returned as enumerated options with a named default.

Order of one Activation (P. 22): "Attacks on survivors (or closed barricades and closed
doors) are resolved first, then all the Moves. Each Ghoul performs either an Attack OR a
Move with a single Action." :func:`plan_activation` composes the three steps in that order:
:func:`ghoul_attacks` -> :func:`breaker_openings` -> :func:`plan_moves`.

Geometry is read through :class:`Geometry` (satisfied by :class:`nollab.board.Board`).
Line of sight and shortest first steps are cached per (zone, closed set) in a
:class:`GeometryCache`, so a Monte Carlo run does not recompute them per Ghoul.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from types import MappingProxyType
from typing import Any, Hashable, Iterable, Mapping, Protocol, Sequence

Zone = Hashable
OpeningId = Hashable

#: Opening kinds a Breaker (P. 22) or a Barricade & Door Opening card (P. 25) opens: Doors,
#: Barricades, barricaded windows, and the Stairs token ("played like a Door", P. 18).
BREAKABLE_KINDS = frozenset({"door", "barricade", "window", "stairs"})


class Geometry(Protocol):
    """What the Ghouls' AI reads from a board (:class:`nollab.board.Board` satisfies it).

    Zone ids are hashable; ``closed`` is the frozenset of closed opening ids (the game owns
    the state of openings, the board only the geometry).
    """

    def neighbors(self, zone: Zone, closed: frozenset = frozenset()) -> Iterable[Zone]:
        """Zones an Actor can enter from ``zone`` in one step with these openings closed."""

    def line_of_sight(self, zone: Zone, closed: frozenset, hawk_eye: bool = False) -> Mapping[Zone, int]:
        """Visible zones -> range (P. 10)."""

    def first_steps(self, src: Zone, dst: Zone, closed: frozenset) -> Iterable[Zone]:
        """Neighbours of ``src`` that start a shortest route to ``dst`` (empty if none)."""

    def openings_of(self, zone: Zone) -> Iterable[OpeningId]:
        """Ids of the openings (any state) on the edges of ``zone``."""

    @property
    def openings(self) -> Mapping[OpeningId, Any]:
        """Opening id -> opening (with a ``kind``: door, stairs, barricade, window, passage)."""


def zone_key(zone: Zone) -> tuple:
    """Deterministic sort key for zone ids of mixed types (ints by value, others by text)."""
    return (0, zone, "") if isinstance(zone, int) else (1, 0, str(zone))


class GeometryCache:
    """Memoised geometry of one immutable board, keyed by (zone(s), closed set).

    Line of sight is computed once per (zone, closed) rather than once per Ghoul, which is
    what keeps a Monte Carlo step cheap. Each table is cleared when it passes ``limit``.
    """

    def __init__(self, board: Geometry, limit: int = 200_000):
        self.board = board
        self.limit = limit
        self._los: dict = {}
        self._steps: dict = {}
        self._nbrs: dict = {}
        self._openings: dict = {}
        self.plans: dict = {}  # (zone, (closed, survivor counts, taunt)) -> targets, reason, routes

    def _put(self, table: dict, key, value):
        if len(table) >= self.limit:
            table.clear()
        table[key] = value
        return value

    def los(self, zone: Zone, closed: frozenset) -> Mapping[Zone, int]:
        key = (zone, closed)
        got = self._los.get(key)
        return got if got is not None else self._put(self._los, key, dict(self.board.line_of_sight(zone, closed)))

    def steps(self, src: Zone, dst: Zone, closed: frozenset) -> tuple[Zone, ...]:
        key = (src, dst, closed)
        got = self._steps.get(key)
        if got is None:
            got = self._put(self._steps, key, tuple(sorted(self.board.first_steps(src, dst, closed), key=zone_key)))
        return got

    def neighbors(self, zone: Zone, closed: frozenset) -> frozenset:
        key = (zone, closed)
        got = self._nbrs.get(key)
        return got if got is not None else self._put(self._nbrs, key, frozenset(self.board.neighbors(zone, closed)))

    def breakable(self, zone: Zone) -> tuple:
        got = self._openings.get(zone)
        if got is None:
            got = self._put(self._openings, zone, tuple(
                o for o in self.board.openings_of(zone) if str(self.board.openings[o].kind) in BREAKABLE_KINDS))
        return got

    def closed_openings(self, zone: Zone, closed: frozenset) -> tuple:
        """Closed Doors/Barricades/barricaded windows/Stairs on the edges of ``zone``."""
        return tuple(o for o in self.breakable(zone) if o in closed)


_CACHES: dict[int, GeometryCache] = {}


def geometry_cache(board: Geometry | GeometryCache) -> GeometryCache:
    """The shared :class:`GeometryCache` of ``board`` (boards are immutable; up to 16 kept)."""
    if isinstance(board, GeometryCache):
        return board
    cache = _CACHES.get(id(board))
    if cache is None or cache.board is not board:
        if len(_CACHES) >= 16:
            _CACHES.pop(next(iter(_CACHES)))
        cache = _CACHES[id(board)] = GeometryCache(board)
    return cache


#: Wounds dealt by one Attack of each Ghoul type (P. 22): "Walker, Breaker, and Relative:
#: 1 Wound - Fatty: 2 Wounds". Engines should pass ``{t.id: t.wounds for t in content}``.
DEFAULT_WOUNDS: Mapping[str, int] = MappingProxyType({"walker": 1, "breaker": 1, "fatty": 2, "relative": 1})
#: "A Survivor is eliminated as soon as their Wound Bar reaches 3" (P. 22).
ELIMINATION_WOUNDS = 3
_TYPE_ORDER = {"walker": 0, "breaker": 1, "fatty": 2, "relative": 3}
_NAMES = {"walker": ("Walker", "Walkers"), "breaker": ("Breaker", "Breakers"),
          "fatty": ("Fatty", "Fatties"), "relative": ("Relative", "Relatives")}


def type_key(ghoul_type: str) -> tuple[int, str]:
    """Sort key for Ghoul types: Walker, Breaker, Fatty, Relative, then any other by name."""
    return (_TYPE_ORDER.get(ghoul_type, 9), ghoul_type)


def ghoul_label(ghoul_type: str, count: int) -> str:
    """'1 Walker', '2 Fatties' - rulebook names with English plurals."""
    one, many = _NAMES.get(ghoul_type, (ghoul_type.replace("_", " ").title(),
                                        ghoul_type.replace("_", " ").title() + "s"))
    return f"{count} {one if count == 1 else many}"


def _n(survivors: Any) -> int:
    return survivors if isinstance(survivors, int) else len(survivors)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


@dataclass(frozen=True)
class Taunt:
    """Taunt (P. 46): the taunted Ghouls "try to reach the taunting Survivor by any means
    available. Taunted Ghouls ignore all other Survivors. They do not attack them and leave
    the Zone they are standing in if needed to reach the taunting Survivor."

    ``survivor`` is the taunting Survivor's id, ``zone`` the Zone they stand in. The caller
    passes only the taunted Ghouls (those of the selected Zone) as ``ghouls_by_zone``.
    """

    survivor: str
    zone: Zone


def ghouls_of_type(ghouls_by_zone: Mapping[Zone, Mapping[str, int]], ghoul_type: str) -> dict[Zone, dict[str, int]]:
    """Only the Ghouls of one type, e.g. for the extra Activation after running out of
    miniatures: "all the Ghouls of the indicated type immediately resolve an extra
    Activation" (P. 25). Pass the result to :func:`plan_activation`."""
    return {z: {ghoul_type: c[ghoul_type]} for z, c in ghouls_by_zone.items() if c.get(ghoul_type, 0) > 0}


# --------------------------------------------------------------------------- attacks

@dataclass(frozen=True)
class GhoulAttack:
    """``count`` Ghouls of ``ghoul_type`` attacking, each dealing ``wounds`` (P. 22)."""

    ghoul_type: str
    count: int
    wounds: int


@dataclass(frozen=True)
class ZoneAttack:
    """All Ghoul Attacks in one Zone and the Survivors who split them (P. 22)."""

    zone: Zone
    attacks: tuple[GhoulAttack, ...]
    survivors: tuple[str, ...]

    @property
    def total_wounds(self) -> int:
        return sum(a.count * a.wounds for a in self.attacks)


@dataclass(frozen=True)
class AttackPlan:
    """Result of :func:`ghoul_attacks`: the attacks per Zone and the Ghouls that did not attack.

    ``idle`` (zone -> ((type, count), ...)) is every Ghoul that did not Attack a Survivor;
    these may break openings (Breakers) or Move.
    """

    attacks: tuple[ZoneAttack, ...]
    idle: tuple[tuple[Zone, tuple[tuple[str, int], ...]], ...]

    def idle_by_zone(self) -> dict[Zone, dict[str, int]]:
        return {z: dict(c) for z, c in self.idle}


def ghoul_attacks(ghouls_by_zone: Mapping[Zone, Mapping[str, int]],
                  survivors_by_zone: Mapping[Zone, Sequence[str]],
                  wounds: Mapping[str, int] = DEFAULT_WOUNDS, *,
                  taunt: Taunt | None = None) -> AttackPlan:
    """Every Ghoul in a Zone with Survivors attacks (P. 22).

    "Each Ghoul in the same Zone as Survivors performs an Attack. A Ghoul's Attack is always
    successful" and "All Ghouls activated in the same Zone as a Survivor join the Attack,
    even if there is excess Damage." ``wounds`` maps a type to the wounds of one Attack
    (content ``GhoulType.wounds``). With ``taunt`` (P. 46) the Ghouls attack only the
    taunting Survivor, and only if they stand in that Survivor's Zone.
    """
    attacks: list[ZoneAttack] = []
    idle: list[tuple[Zone, tuple[tuple[str, int], ...]]] = []
    for zone in sorted(ghouls_by_zone, key=zone_key):
        counts = tuple(sorted(((t, c) for t, c in ghouls_by_zone[zone].items() if c > 0),
                              key=lambda tc: type_key(tc[0])))
        if not counts:
            continue
        for t, c in counts:
            if t not in wounds:
                raise ValueError(f"wounds: no wound value for ghoul type {t!r} (zone {zone!r})")
            if c < 0:
                raise ValueError(f"ghouls_by_zone[{zone!r}][{t!r}]: negative count {c}")
        if taunt is not None:
            survivors = (taunt.survivor,) if zone == taunt.zone else ()
        else:
            here = survivors_by_zone.get(zone) or ()
            if isinstance(here, int):
                raise ValueError(f"survivors_by_zone[{zone!r}]: attacks need survivor ids, not a count")
            survivors = tuple(here)
        if survivors:
            attacks.append(ZoneAttack(zone, tuple(GhoulAttack(t, c, wounds[t]) for t, c in counts),
                                      survivors))
        else:
            idle.append((zone, counts))
    return AttackPlan(tuple(attacks), tuple(idle))


@dataclass(frozen=True)
class WoundAllocation:
    """One way to split a Zone's Ghoul Attacks among its Survivors (P. 22).

    ``assigned``: survivor -> ((ghoul type, count), ...) of whole Attacks received;
    ``dealt``: survivor -> wounds received; ``final``: survivor -> Wound Bar afterwards,
    capped at 3 (elimination); ``eliminated``: Survivors reaching 3 ("the game is lost").
    """

    assigned: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]
    dealt: tuple[tuple[str, int], ...]
    final: tuple[tuple[str, int], ...]
    eliminated: tuple[str, ...]

    def explain(self) -> str:
        parts = [f"{s} takes {d} wound{'s' if d != 1 else ''}" for s, d in self.dealt]
        if self.eliminated:
            parts.append("eliminated: " + ", ".join(self.eliminated))
        return "; ".join(parts) + " (P. 22)"


def wound_allocation_options(attacks: Iterable[GhoulAttack] | ZoneAttack,
                             survivors_in_zone: Sequence[str] | None = None, *,
                             wounds_taken: Mapping[str, int] | None = None,
                             elimination: int = ELIMINATION_WOUNDS) -> tuple[WoundAllocation, ...]:
    """Every distinct way the Survivors of a Zone can split its Ghoul Attacks (P. 22).

    "Survivors in the same Zone split the Ghouls' Attacks in any way the players prefer.
    Each Ghoul Attack deals the corresponding Wound total." Each Attack goes whole to one
    Survivor (a Fatty's 2 Wounds are never split). Two allocations are *equivalent* when they
    leave every Survivor with the same Wound Bar, counting a bar at or past ``elimination``
    as simply eliminated; one representative of each class is returned, in a deterministic
    order. ``wounds_taken`` is each Survivor's Wound Bar before the attack (default 0).
    ``attacks`` may be a :class:`ZoneAttack` (its survivors are used when
    ``survivors_in_zone`` is None).
    """
    if isinstance(attacks, ZoneAttack):
        survivors = tuple(survivors_in_zone) if survivors_in_zone is not None else attacks.survivors
        attacks = attacks.attacks
    else:
        survivors = tuple(survivors_in_zone or ())
    attacks = tuple(attacks)
    if not survivors:
        raise ValueError("survivors_in_zone: at least one Survivor must receive the Attacks")
    if len(set(survivors)) != len(survivors):
        raise ValueError(f"survivors_in_zone: duplicate survivor ids in {survivors!r}")
    taken = dict(wounds_taken or {})
    start = tuple(min(elimination, taken.get(s, 0)) for s in survivors)
    for a in attacks:
        if a.count < 0 or a.wounds < 0:
            raise ValueError(f"attacks: negative count or wounds in {a!r}")
    return _allocations(attacks, survivors, start, elimination)


@lru_cache(maxsize=4096)
def _allocations(attacks: tuple, survivors: tuple, start: tuple, elimination: int) -> tuple[WoundAllocation, ...]:
    """The dynamic programme of :func:`wound_allocation_options` on validated, hashable inputs
    (cached: a simulation meets the same Zone attacks again and again; results are immutable)."""
    k = len(survivors)
    types = sorted({a.ghoul_type for a in attacks}, key=type_key)
    tix = {t: j for j, t in enumerate(types)}
    groups: dict[int, list[int]] = {}  # wound value -> type index of each single Attack
    for a in sorted(attacks, key=lambda a: type_key(a.ghoul_type)):
        groups.setdefault(a.wounds, []).extend([tix[a.ghoul_type]] * a.count)
    zero = (0,) * len(types)
    # state: capped Wound Bars -> (wounds dealt per survivor, Attacks per survivor per type)
    states: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]]
    states = {start: ((0,) * k, (zero,) * k)}

    def give(rep, i, j, w, n=1):
        dealt, got = rep
        row = got[i][:j] + (got[i][j] + n,) + got[i][j + 1:]
        return dealt[:i] + (dealt[i] + w * n,) + dealt[i + 1:], got[:i] + (row,) + got[i + 1:]

    for w, singles in sorted(groups.items()):
        for pos, j in enumerate(singles):
            nxt: dict = {}
            for bars, rep in states.items():
                for i in range(k):
                    nb = bars[:i] + (min(elimination, bars[i] + w),) + bars[i + 1:]
                    if nb not in nxt:
                        nxt[nb] = give(rep, i, j, w)
            fixed = nxt.keys() == states.keys()
            states = nxt
            if fixed:
                # The set of results no longer changes: every result has a Survivor the rest
                # of these Attacks cannot hurt more (eliminated, or 0-wound Attacks); they go there.
                rest = singles[pos + 1:]
                for bars, rep in list(states.items()):
                    i = next(i for i in range(k) if min(elimination, bars[i] + w) == bars[i])
                    for jj in rest:
                        rep = give(rep, i, jj, w)
                    states[bars] = rep
                break
    states = {b: (d, tuple(tuple((types[j], n) for j, n in enumerate(row) if n) for row in got))
              for b, (d, got) in states.items()}
    out = []
    for bars, (dealt, assigned) in states.items():
        out.append(WoundAllocation(
            assigned=tuple(zip(survivors, assigned)), dealt=tuple(zip(survivors, dealt)),
            final=tuple(zip(survivors, bars)),
            eliminated=tuple(s for s, b in zip(survivors, bars) if b >= elimination)))
    return tuple(out)


def default_wound_allocation(options: Sequence[WoundAllocation]) -> int:
    """Index of the default policy ``"spread"``: keep everyone alive longest.

    Picks the option with the fewest eliminated Survivors, then the lowest highest Wound
    Bar, then the most even bars (sorted descending, lexicographically smallest), then the
    earliest option. It is a player decision (P. 22); this is only the default.
    """
    if not options:
        raise ValueError("options: no wound allocation to choose from")

    def score(i: int) -> tuple:
        bars = sorted((b for _, b in options[i].final), reverse=True)
        return (len(options[i].eliminated), bars, i)

    return min(range(len(options)), key=score)


# --------------------------------------------------------------------------- breakers

def breaker_openings(board: Geometry, closed: frozenset, ghouls_by_zone: Mapping[Zone, Mapping[str, int]],
                     survivors_by_zone: Mapping[Zone, Any], *, taunt: Taunt | None = None,
                     breaker_types: Iterable[str] = ("breaker",)) -> frozenset:
    """Closed openings opened by Breakers that did not Attack a Survivor (P. 22).

    "Breakers who didn't Attack Survivors spend their Action Attacking any closed
    Barricades and closed Doors in their Zone. Open all Doors and Barricades in their Zone."
    Returns the ids of the closed openings (doors, barricades, barricaded windows and the
    Stairs token, which "is played like a Door", P. 18; see docs/rulings.md) touching a Zone
    where a Breaker stands with no Survivor to attack. Those Breakers spent their Action:
    :func:`plan_activation` does not move them.
    """
    zones = _breaking_zones(board, closed, ghouls_by_zone, survivors_by_zone, taunt, tuple(breaker_types))
    return frozenset(o for z in zones for o in geometry_cache(board).closed_openings(z, closed))


def _breaking_zones(board, closed, ghouls_by_zone, survivors_by_zone, taunt, breaker_types) -> list:
    cache = geometry_cache(board)
    out = []
    for zone, counts in ghouls_by_zone.items():
        if not any(counts.get(t, 0) > 0 for t in breaker_types):
            continue
        attacked = (zone == taunt.zone) if taunt is not None else _n(survivors_by_zone.get(zone, 0)) > 0
        if not attacked and cache.closed_openings(zone, closed):
            out.append(zone)
    return out


# --------------------------------------------------------------------------- moves

@dataclass(frozen=True)
class Move:
    """``count`` Ghouls of ``ghoul_type`` move one Zone, ``from_zone`` -> ``to_zone`` (P. 23).

    ``reason`` and ``toward`` (the destination Zones this group heads for) explain the move
    and do not take part in equality.
    """

    from_zone: Zone
    to_zone: Zone
    ghoul_type: str
    count: int
    reason: str = field(default="", compare=False)
    toward: tuple = field(default=(), compare=False)

    @property
    def explanation(self) -> str:
        """'2 Walkers move from A to B toward C: 3 survivors in sight, shortest route (P. 23)'."""
        verb = "moves" if self.count == 1 else "move"
        return f"{ghoul_label(self.ghoul_type, self.count)} {verb} from {self.from_zone} to {self.to_zone} {self.reason}"


@dataclass(frozen=True)
class Stay:
    """Ghouls that use their Move but stay put: no Survivor anywhere, no route at all, or a
    closed opening stops them on the fallback route (P. 23)."""

    zone: Zone
    ghoul_type: str
    count: int
    reason: str
    toward: tuple = ()

    @property
    def explanation(self) -> str:
        verb = "stays" if self.count == 1 else "stay"
        return f"{ghoul_label(self.ghoul_type, self.count)} {verb} in {self.zone}: {self.reason} (P. 23)"


@dataclass(frozen=True)
class SplitDecision:
    """A player decision of P. 23: "Decide which splitting group get the extra Ghoul and which
    direction the uneven split groups go. In the case of a single Ghoul being offered
    multiple routes, the players decide which direction it goes."

    ``count`` uneven Ghouls of ``ghoul_type`` in ``from_zone`` each take a different one of the
    equal routes; ``options[i]`` is the tuple of destination Zones of these Ghouls
    (``from_zone`` when a closed opening stops it), distinct outcomes only, and
    ``option_moves[i]`` the :class:`Move` s that option adds. ``default`` is the index the
    named ``policy`` picks ("first": the first routes in zone order).
    """

    from_zone: Zone
    ghoul_type: str
    count: int
    options: tuple[tuple[Zone, ...], ...]
    option_moves: tuple[tuple[Move, ...], ...]
    default: int = 0
    policy: str = "first"

    @property
    def key(self) -> tuple[Zone, str]:
        return (self.from_zone, self.ghoul_type)

    @property
    def prompt(self) -> str:
        return (f"Where do the uneven {ghoul_label(self.ghoul_type, self.count)} in {self.from_zone} go? "
                f"({len(self.options)} options, P. 23)")


@dataclass(frozen=True)
class MovePlan:
    """Result of :func:`plan_moves`: deterministic moves, Ghouls staying put, and the split
    decisions the players make (answer them with :func:`resolve_moves`)."""

    moves: tuple[Move, ...]
    stays: tuple[Stay, ...]
    decisions: tuple[SplitDecision, ...]


@dataclass(frozen=True)
class _Route:
    target: Zone
    step: Zone
    stopped: bool
    why: str


def _targets(cache: GeometryCache, zone, closed, counts: Mapping, overall, taunt):
    """Destination Zones of Ghouls in ``zone`` and the reason (P. 23; Taunt P. 46)."""
    if taunt is not None:
        return (taunt.zone,), f"taunted by {taunt.survivor} (P. 46)"
    best, seen = 0, []
    for z in cache.los(zone, closed):
        n = counts.get(z, 0)
        if n > best:
            best, seen = n, [z]
        elif n == best and n > 0:
            seen.append(z)
    if best:
        return tuple(sorted(seen, key=zone_key)), f"{_plural(best, 'survivor')} in sight"
    if overall[0]:
        return overall[1], f"{_plural(overall[0], 'survivor')}, the most on the board, none in sight"
    return (), "no Survivor on the board"


def _routes(cache: GeometryCache, zone, closed, targets) -> list[_Route]:
    routes = []
    for t in targets:
        if t == zone:
            continue
        steps = cache.steps(zone, t, closed)
        if steps:
            routes.extend(_Route(t, s, False, "shortest route") for s in steps)
            continue
        open_now = cache.neighbors(zone, closed)
        for s in cache.steps(zone, t, frozenset()):
            stopped = s not in open_now
            routes.append(_Route(t, s, stopped, "no open path, route as if all Barricades and Doors "
                                 "were open" + (f", the closed opening to {s} stops it" if stopped else "")))
    return routes


def plan_moves(board: Geometry | GeometryCache, closed: frozenset,
               ghouls_by_zone: Mapping[Zone, Mapping[str, int]], survivors_by_zone: Mapping[Zone, Any], *,
               movers: Mapping[Zone, Mapping[str, int]] | None = None,
               taunt: Taunt | None = None) -> MovePlan:
    """Plan the Move of every Ghoul that did not Attack (P. 23).

    "1- Ghouls select their destination Zone. The first Zone they select is the one with the
    most Survivors in Line of Sight. If no Survivors are visible, they select the Zone with
    the most Survivors. In both cases, distance doesn't matter." "2- Ghouls move 1 Zone toward
    their destination Zone by taking the shortest available path. In case there are no open
    paths to the destination Zone, Ghouls move toward it as if all Barricades and Doors were
    open, though closed Barricades and Doors still stop them. If there is more than one route
    of the same length, Ghouls split into groups of equal numbers and types to follow all
    possible routes. They also split up if different target Zones contain the same number of
    Survivors."

    ``movers`` (zone -> {type: count}) are the Ghouls that move; by default every Ghoul of
    ``ghouls_by_zone`` in a Zone without Survivors (without the taunting Survivor under
    ``taunt``). Line of sight is taken from the Ghouls' Zone. The options of a group are every
    (target Zone, first step of a shortest route) pair; each type is split evenly over them and
    the remainder becomes a :class:`SplitDecision` unless all its choices end the same.
    """
    cache = geometry_cache(board)
    closed = frozenset(closed)
    counts = {z: _n(v) for z, v in survivors_by_zone.items() if _n(v) > 0}
    if movers is None:
        movers = {z: c for z, c in ghouls_by_zone.items()
                  if (z != taunt.zone if taunt is not None else z not in counts)}
    overall = (0, ())
    if counts:
        top = max(counts.values())
        overall = (top, tuple(sorted((z for z, n in counts.items() if n == top), key=zone_key)))
    sig = (closed, frozenset(counts.items()), taunt)
    plans = cache.plans
    if len(plans) >= cache.limit:
        plans.clear()
    moves: dict[tuple, Move] = {}
    stays: list[Stay] = []
    decisions: list[SplitDecision] = []
    for zone in sorted(movers, key=zone_key):
        group = sorted(((t, c) for t, c in movers[zone].items() if c), key=lambda tc: type_key(tc[0]))
        for t, c in group:
            if c < 0:
                raise ValueError(f"movers[{zone!r}][{t!r}]: negative count {c}")
        if not group:
            continue
        got = plans.get((zone, sig))
        if got is None:
            targets, why = _targets(cache, zone, closed, counts, overall, taunt)
            got = plans[zone, sig] = (targets, why, _routes(cache, zone, closed, targets))
        targets, why, routes = got
        if not routes:
            reason = why if not targets else f"{why}, but no route to {', '.join(map(str, targets))}"
            stays.extend(Stay(zone, t, c, reason, tuple(targets)) for t, c in group)
            continue
        n = len(routes)
        split = f", split {n} ways" if n > 1 else ""

        def move(r: _Route, t: str, k: int) -> Move | Stay:
            if r.stopped:
                return Stay(zone, t, k, f"heading for {r.target} ({why}), {r.why}", (r.target,))
            return Move(zone, r.step, t, k, f"toward {r.target}: {why}, {r.why}{split} (P. 23)", (r.target,))

        for t, c in group:
            base, extra = divmod(c, n)
            if base:
                for r in routes:
                    _add(moves, stays, move(r, t, base))
            if not extra:
                continue
            outcomes: dict[tuple, tuple] = {}
            for combo in combinations(range(n), extra):
                dests = tuple(sorted((zone if routes[i].stopped else routes[i].step for i in combo), key=zone_key))
                if dests not in outcomes:
                    outcomes[dests] = combo
            if len(outcomes) == 1:
                for i in next(iter(outcomes.values())):
                    _add(moves, stays, move(routes[i], t, 1))
                continue
            opts, opt_moves = [], []
            for dests, combo in outcomes.items():
                got: dict[tuple, Move] = {}
                for i in combo:
                    m = move(routes[i], t, 1)
                    if isinstance(m, Move):
                        _add(got, None, m)
                opts.append(dests)
                opt_moves.append(tuple(got.values()))
            decisions.append(SplitDecision(zone, t, extra, tuple(opts), tuple(opt_moves)))
    return MovePlan(tuple(moves.values()), tuple(stays), tuple(decisions))


def _add(moves: dict, stays: list | None, m: Move | Stay) -> None:
    """Merge ``m`` into ``moves`` (same from/to/type add up) or append a Stay."""
    if isinstance(m, Stay):
        if stays is not None:
            stays.append(m)
        return
    key = (m.from_zone, m.to_zone, m.ghoul_type)
    old = moves.get(key)
    if old is None:
        moves[key] = m
        return
    reason = old.reason if m.reason in old.reason else f"{old.reason}; {m.reason}"
    toward = old.toward + tuple(x for x in m.toward if x not in old.toward)
    moves[key] = Move(old.from_zone, old.to_zone, old.ghoul_type, old.count + m.count, reason, toward)


def resolve_moves(plan: MovePlan, answers: Mapping | Sequence | None = None) -> list[Move]:
    """The Moves of ``plan`` once its split decisions are answered (P. 23).

    ``answers`` maps a decision's ``key`` ``(from_zone, ghoul_type)`` to an option index or
    to the option itself (a tuple of destination Zones); a sequence aligned with
    ``plan.decisions`` also works. Unanswered decisions take their ``default``. Moves with
    the same (from, to, type) are merged; the result is sorted by zone then type.
    """
    moves: dict[tuple, Move] = {}
    for m in plan.moves:
        _add(moves, None, m)
    for i, d in enumerate(plan.decisions):
        if answers is None:
            choice = d.default
        elif isinstance(answers, Mapping):
            choice = answers.get(d.key, d.default)
        else:
            choice = answers[i] if i < len(answers) else d.default
        if not isinstance(choice, int):
            if tuple(choice) not in d.options:
                raise ValueError(f"answers[{d.key!r}]: {choice!r} is not one of {d.options!r}")
            choice = d.options.index(tuple(choice))
        if not 0 <= choice < len(d.options):
            raise ValueError(f"answers[{d.key!r}]: option index {choice} outside 0..{len(d.options) - 1}")
        for m in d.option_moves[choice]:
            _add(moves, None, m)
    return sorted(moves.values(), key=lambda m: (zone_key(m.from_zone), zone_key(m.to_zone), type_key(m.ghoul_type)))


@dataclass(frozen=True)
class Activation:
    """One full Activation step (P. 22-23): attacks, openings broken by Breakers, moves.

    ``closed_after`` is the closed set the Moves were planned with (Breakers' openings
    removed: "the other Ghouls ... will be able to go through the opening the Breakers have
    just created during the ensuing Move action!", P. 22).
    """

    attacks: AttackPlan
    opened: frozenset
    closed_after: frozenset
    moves: MovePlan
    breaking_zones: tuple = field(default=())


def plan_activation(board: Geometry, closed: frozenset, ghouls_by_zone: Mapping[Zone, Mapping[str, int]],
                    survivors_by_zone: Mapping[Zone, Sequence[str]],
                    wounds: Mapping[str, int] = DEFAULT_WOUNDS, *, taunt: Taunt | None = None,
                    breaker_types: Iterable[str] = ("breaker",)) -> Activation:
    """Plan a whole Activation of the given Ghouls (P. 22-23; P. 25 extra Activation; P. 46).

    Pass all Ghouls for the normal Activation, only one type's Ghouls for an extra Activation
    after running out of miniatures (P. 25), or the taunted Zone's Ghouls with ``taunt``.
    Breakers that open something spend their Action and do not move.
    """
    closed = frozenset(closed)
    breaker_types = tuple(breaker_types)
    attacks = ghoul_attacks(ghouls_by_zone, survivors_by_zone, wounds, taunt=taunt)
    idle = attacks.idle_by_zone()
    breaking = _breaking_zones(board, closed, idle, survivors_by_zone, taunt, breaker_types)
    cache = geometry_cache(board)
    opened = frozenset(o for z in breaking for o in cache.closed_openings(z, closed))
    movers = {}
    for z, counts in idle.items():
        c = {t: n for t, n in counts.items() if not (z in breaking and t in breaker_types)}
        if any(c.values()):
            movers[z] = c
    after = closed - opened
    moves = plan_moves(board, after, ghouls_by_zone, survivors_by_zone, movers=movers, taunt=taunt)
    return Activation(attacks, opened, after, moves, tuple(sorted(breaking, key=zone_key)))
