"""Geometry the Ghouls' AI reads (P. 10 line of sight, P. 23 shortest routes), memoised per board.

Line of sight and
shortest first steps are cached per (zone, closed set) in a :class:`GeometryCache`, so a Monte
Carlo run does not recompute them per Ghoul.
"""
from __future__ import annotations

from typing import Any, Hashable, Iterable, Mapping, Protocol


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
