"""Where the Ghouls that did not attack go (P. 23), as pure functions over plain data.

Nothing here keeps state or draws chance: the engine passes the board, the set of closed
openings, ``ghouls_by_zone`` (zone -> {ghoul type id: count}) and ``survivors_by_zone`` (zone ->
survivor ids, or a count), and gets a frozen :class:`MovePlan` back. The uneven splits and the
route of a lone Ghoul are player decisions, returned as enumerated options with a named default.
Geometry is read through :class:`~nollab.rules.ghouls.geometry.Geometry` (a
:class:`nollab.board.Board` satisfies it), memoised per board.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, Mapping, Sequence

from nollab.content_model import ghoul_label, ghoul_type_key
from nollab.rules.ghouls.attack_plan import Taunt, _n, _plural
from nollab.rules.ghouls.geometry import Geometry, GeometryCache, Zone, geometry_cache, zone_key


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
        group = sorted(((t, c) for t, c in movers[zone].items() if c), key=lambda tc: ghoul_type_key(tc[0]))
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
    return sorted(moves.values(), key=lambda m: (zone_key(m.from_zone), zone_key(m.to_zone), ghoul_type_key(m.ghoul_type)))
