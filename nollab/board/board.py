"""The Board: an immutable grid of cells grouped into Zones, with walls and Openings.

**Opening state convention.** The Board never stores which openings are open: the game owns
that. Every query takes ``closed``, a ``frozenset`` of the ids of the openings that are closed
right now (``None`` means the initial state printed on the map, :attr:`Board.initial_closed`).
Results are cached per distinct ``closed`` set, so pass the *same* frozenset object while the
state does not change and queries cost a dict lookup.

Movement (P. 11): Zones are neighbours when they share at least one cell edge (corners do not
count) and that edge is free (outdoor <-> outdoor, no wall) or carries an open Opening.
Interior <-> anything needs an Opening; a wall or a closed Door/Barricade/window/Stairs blocks.
"""
from __future__ import annotations

from collections import deque
from dataclasses import replace
from types import MappingProxyType
from typing import Iterable, Mapping, NamedTuple

from .model import Cell, Feature, Opening, OpeningKind, TilePlacement, Zone, ZoneKind
from . import sight

FREE = -1
WALL = -2
#: direction index -> (d_row, d_col): north, east, south, west
DIRS: tuple[tuple[int, int], ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))
_MAX_STATES = 512


class GhoulStep(NamedTuple):
    """One route option for a moving Ghoul (P. 23).

    ``via`` is the neighbour Zone that starts a shortest route; ``to`` is where the Ghoul ends its
    Move: ``via``, or the Ghoul's own Zone when the first step crosses a closed Opening (fallback
    "as if all Barricades and Doors were open, though closed Barricades and Doors still stop
    them"). ``blocked_by`` lists the closed openings between the two Zones (what a Breaker may
    break, P. 22); empty when the Ghoul moves.
    """

    via: str
    to: str
    blocked_by: tuple[str, ...] = ()


def closed_ids(board: "Board", closed: frozenset[str] | None) -> frozenset[str]:
    """``closed`` with ``None`` resolved to the board's initial state."""
    return board.initial_closed if closed is None else closed


class _State:
    """Per-``closed``-set caches: neighbour lists, BFS distances, lines of sight."""

    __slots__ = ("closed_idx", "nbrs", "nbr_ids", "dist_to", "los", "steps")

    def __init__(self, closed_idx: frozenset[int], nbrs: list[tuple[int, ...]], zl: list[Zone]):
        self.closed_idx = closed_idx
        self.nbrs = nbrs
        self.nbr_ids: list[tuple[str, ...]] = [tuple(zl[n].id for n in ns) for ns in nbrs]
        self.dist_to: dict[int, list[int]] = {}
        self.los: dict[tuple[int, bool], Mapping[str, int]] = {}
        self.steps: dict[tuple[str, str], tuple[GhoulStep, ...]] = {}


class Board:
    """Zones, Openings, walls and tiles of one map. Immutable; see the module docstring for the
    ``closed`` convention. Build it with :func:`nollab.board.load_map` or
    :func:`nollab.board.assemble`.
    """

    def _repr_svg_(self) -> str:
        """Inline picture in Jupyter (render sits above board, hence the local import)."""
        from nollab.render import svg_for

        return svg_for(self)

    def __init__(self, *, rows: int, cols: int, cell_zone: list[list[str | None]],
                 zones: Iterable[Zone], openings: Iterable[Opening],
                 walls: Iterable[tuple[Cell, Cell]] = (), tiles: Iterable[TilePlacement] = (),
                 name: str = "", features: Iterable[Feature] = (),
                 aliases: Mapping[str, str] | None = None):
        self.name = name
        self.rows = rows
        self.cols = cols
        self.tiles: tuple[TilePlacement, ...] = tuple(tiles)
        #: printed features of the tiles (pump, burning truck, graves...), in tile order
        self.features: tuple[Feature, ...] = tuple(features)
        #: opening id -> the id it was merged into (a doorway printed on both tiles of a seam)
        self.aliases: Mapping[str, str] = MappingProxyType(dict(aliases or {}))
        zl = list(zones)
        self._zidx: dict[str, int] = {z.id: i for i, z in enumerate(zl)}
        #: opening id -> Opening (read-only mapping)
        self.openings: Mapping[str, Opening] = MappingProxyType({o.id: o for o in openings})
        self._olist: list[Opening] = list(self.openings.values())
        self._oidx: dict[str, int] = {o.id: i for i, o in enumerate(self._olist)}
        self.walls: frozenset[frozenset[Cell]] = frozenset(frozenset(w) for w in walls)
        # cell -> zone index (-1 = no cell)
        self._cz: list[int] = [-1] * (rows * cols)
        for r in range(rows):
            for c in range(cols):
                zid = cell_zone[r][c]
                if zid is not None:
                    self._cz[r * cols + c] = self._zidx[zid]
        self._kinds: list[ZoneKind] = [z.kind for z in zl]
        self._build_edges(zl)
        zl = self._assign_houses(zl)
        #: zone id -> Zone (read-only mapping)
        self.zones: Mapping[str, Zone] = MappingProxyType({z.id: z for z in zl})
        self._zlist: list[Zone] = zl
        self.initial_closed: frozenset[str] = frozenset(
            o.id for o in self._olist if not o.initially_open)
        self.all_open: frozenset[str] = frozenset()
        self._states: dict[frozenset[str], _State] = {}
        self._rays = sight.precompute_rays(self)

    # ----------------------------------------------------------------- construction
    def _build_edges(self, zl: list[Zone]) -> None:
        """Edge code per (cell, direction) and the Zone links (free edge / list of openings)."""
        rows, cols = self.rows, self.cols
        by_edge: dict[frozenset[Cell], int] = {}
        for i, o in enumerate(self._olist):
            by_edge[frozenset(o.cells)] = i
        self._edge: list[list[int]] = [[WALL] * 4 for _ in range(rows * cols)]
        self._next: list[list[int]] = [[-1] * 4 for _ in range(rows * cols)]
        links: list[dict[int, list]] = [dict() for _ in zl]  # nbr -> [free?, opening idxs]
        for r in range(rows):
            for c in range(cols):
                i = r * cols + c
                za = self._cz[i]
                if za < 0:
                    continue
                for d, (dr, dc) in enumerate(DIRS):
                    rr, cc = r + dr, c + dc
                    if not (0 <= rr < rows and 0 <= cc < cols) or self._cz[rr * cols + cc] < 0:
                        continue  # board edge
                    j = rr * cols + cc
                    zb = self._cz[j]
                    self._next[i][d] = j
                    key = frozenset(((r, c), (rr, cc)))
                    if za == zb:
                        code = FREE
                    elif key in by_edge:
                        code = by_edge[key]
                    elif key in self.walls:
                        code = WALL
                    elif self._kinds[za].outdoor and self._kinds[zb].outdoor:
                        code = FREE
                    else:
                        code = WALL  # interior <-> anything needs an Opening (P. 11)
                    self._edge[i][d] = code
                    if za != zb and code != WALL:
                        link = links[za].setdefault(zb, [False, []])
                        if code == FREE:
                            link[0] = True
                        elif code not in link[1]:
                            link[1].append(code)
        # (nbr, always passable, opening indices) per zone, sorted by neighbour id
        self._links: list[tuple[tuple[int, bool, tuple[int, ...]], ...]] = [
            tuple(sorted(((n, f, tuple(sorted(ops))) for n, (f, ops) in lk.items()),
                         key=lambda t: zl[t[0]].id))
            for lk in links
        ]

    def _assign_houses(self, zl: list[Zone]) -> list[Zone]:
        """Houses: interior Zones joined by openings of any state (S9 "Spawning in houses")."""
        parent = list(range(len(zl)))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for o in self._olist:
            a, b = (self._zidx[z] for z in o.zones)
            if self._kinds[a] is ZoneKind.INTERIOR and self._kinds[b] is ZoneKind.INTERIOR:
                parent[find(a)] = find(b)
        groups: dict[int, list[int]] = {}
        for i, z in enumerate(zl):
            if z.kind is ZoneKind.INTERIOR:
                groups.setdefault(find(i), []).append(i)
        name = {root: "house:" + min(zl[i].id for i in members) for root, members in groups.items()}
        return [replace(z, house=name[find(i)]) if z.kind is ZoneKind.INTERIOR else replace(z, house=None)
                for i, z in enumerate(zl)]

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_states"] = {}  # caches are rebuilt lazily after unpickling
        state.pop("_openings_by_zone", None)
        state["zones"] = dict(self.zones)  # mappingproxy cannot be pickled
        state["openings"] = dict(self.openings)
        state["aliases"] = dict(self.__dict__.get("aliases", {}))
        return state

    def __setstate__(self, state: dict) -> None:
        state["zones"] = MappingProxyType(state["zones"])
        state["openings"] = MappingProxyType(state["openings"])
        state["aliases"] = MappingProxyType(state.get("aliases", {}))
        state.setdefault("features", ())
        self.__dict__.update(state)

    # ----------------------------------------------------------------- state cache
    def _state(self, closed: frozenset[str] | None) -> _State:
        if closed is None:
            closed = self.initial_closed
        try:
            st = self._states.get(closed)
        except TypeError:
            raise TypeError(f"closed must be a frozenset of opening ids, not {type(closed).__name__}") from None
        if st is not None:
            return st
        if not isinstance(closed, frozenset):
            raise TypeError(f"closed must be a frozenset of opening ids, not {type(closed).__name__}")
        idx = []
        for oid in closed:
            i = self._oidx.get(oid)
            if i is None:
                raise ValueError(f"closed: unknown opening id {oid!r}")
            if self._olist[i].kind is OpeningKind.PASSAGE:
                raise ValueError(f"closed: opening {oid!r} is a passage and cannot be closed")
            idx.append(i)
        cidx = frozenset(idx)
        nbrs = [tuple(n for n, free, ops in lk if free or any(o not in cidx for o in ops))
                for lk in self._links]
        if len(self._states) >= _MAX_STATES:
            self._states.clear()
        st = self._states[closed] = _State(cidx, nbrs, self._zlist)
        return st

    def _zi(self, zone: str) -> int:
        try:
            return self._zidx[zone]
        except KeyError:
            raise KeyError(f"unknown zone {zone!r}") from None

    # ----------------------------------------------------------------- basic accessors
    def zone(self, zone: str) -> Zone:
        """The :class:`Zone` with this id."""
        return self._zlist[self._zi(zone)]

    def zone_at(self, cell: Cell) -> str | None:
        """Id of the Zone covering a 0-based cell, or None off the board."""
        r, c = cell
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            return None
        i = self._cz[r * self.cols + c]
        return None if i < 0 else self._zlist[i].id

    def tile_of(self, zone: str) -> str:
        """The tile a Zone is printed on (S4 "no Ghouls on tile 5R")."""
        return self.zone(zone).tile

    def zones_of_tile(self, tile: str) -> tuple[str, ...]:
        """All Zone ids on one tile."""
        return tuple(z.id for z in self._zlist if z.tile == tile)

    def corner_zones(self, tile: str) -> tuple[str, ...]:
        """Zones on the four corner cells of a placed tile, clockwise from the top-left one,
        without repeats (S6/S8 "Fighting through the herd": corner exterior Zones of each tile
        are Spawn Zones; filter by kind)."""
        for t in self.tiles:
            if t.tile == tile:
                cells = ((t.row, t.col), (t.row, t.col + t.cols - 1),
                         (t.row + t.rows - 1, t.col + t.cols - 1), (t.row + t.rows - 1, t.col))
                found = (self.zone_at(c) for c in cells)
                return tuple(dict.fromkeys(z for z in found if z is not None))
        raise KeyError(f"tile {tile!r} is not on this board")

    def opening_id(self, oid: str) -> str:
        """The id of an opening, following :attr:`aliases` (a doorway both tiles of a seam print
        is one Opening: ``"1R:s1"`` may be ``"4R:n1"``). KeyError if unknown."""
        real = self.aliases.get(oid, oid)
        if real not in self.openings:
            raise KeyError(f"unknown opening {oid!r}")
        return real

    def features_of(self, kind: str) -> tuple[Feature, ...]:
        """Printed features of one kind (``"pump"``, ``"graves"``...), in tile order."""
        return tuple(f for f in self.features if f.kind == kind)

    def house(self, zone: str) -> frozenset[str]:
        """All interior Zones of the building containing ``zone``: rooms connected through
        openings whatever their state (S9: "a single house extends to all rooms connected by
        openings"). Empty for an outdoor Zone."""
        h = self.zone(zone).house
        if h is None:
            return frozenset()
        return frozenset(z.id for z in self._zlist if z.house == h)

    def houses(self) -> dict[str, frozenset[str]]:
        """House id -> its interior Zones."""
        out: dict[str, set[str]] = {}
        for z in self._zlist:
            if z.house is not None:
                out.setdefault(z.house, set()).add(z.id)
        return {h: frozenset(s) for h, s in sorted(out.items())}

    def openings_between(self, a: str, b: str) -> tuple[str, ...]:
        """Ids of the openings on the edges between Zones ``a`` and ``b`` (any state)."""
        ia, ib = self._zi(a), self._zi(b)
        for n, _free, ops in self._links[ia]:
            if n == ib:
                return tuple(self._olist[o].id for o in ops)
        return ()

    def openings_of(self, zone: str) -> tuple[str, ...]:
        """Ids of every opening touching ``zone`` (any state), e.g. the Door Action (P. 18), in
        the Board's opening order. Read from a zone -> openings index built on first use (the
        Board is immutable; the rules ask this for every legal-action list)."""
        idx = self.__dict__.get("_openings_by_zone")
        if idx is None:
            build: dict[str, list[str]] = {}
            for o in self._olist:
                for z in dict.fromkeys(o.zones):
                    build.setdefault(z, []).append(o.id)
            idx = self._openings_by_zone = {z: tuple(ids) for z, ids in build.items()}
        return idx.get(zone, ())

    def edge(self, a: Cell, b: Cell) -> str:
        """What lies between two edge-adjacent cells: ``"free"``, ``"wall"`` or an opening id.
        (For renderers: interior Zone boundaries without an opening are walls.)"""
        r, c = a
        d = DIRS.index((b[0] - r, b[1] - c))
        code = self._edge[r * self.cols + c][d]
        return "free" if code == FREE else "wall" if code == WALL else self._olist[code].id

    # ----------------------------------------------------------------- movement (P. 11)
    def neighbors(self, zone: str, closed: frozenset[str] | None = None) -> tuple[str, ...]:
        """Zones an Actor can Move to from ``zone`` in one step (P. 11, P. 18): shared edge, no
        diagonals, free outdoor edge or open Opening; walls and closed openings block."""
        return self._state(closed).nbr_ids[self._zi(zone)]

    def adjacent(self, zone: str) -> tuple[str, ...]:
        """Zones sharing an edge not blocked by a wall, whatever the openings' state."""
        return tuple(self._zlist[n].id for n, _f, _o in self._links[self._zi(zone)])

    def car_neighbors(self, zone: str, closed: frozenset[str] | None = None) -> tuple[str, ...]:
        """Neighbours a Car may be driven to (P. 21, P. 31): exterior Zones only, never interior,
        Corn Field or Wood Zones."""
        st = self._state(closed)
        i = self._zi(zone)
        if self._kinds[i] is not ZoneKind.EXTERIOR:
            return ()
        return tuple(self._zlist[n].id for n in st.nbrs[i] if self._kinds[n] is ZoneKind.EXTERIOR)

    def _dist_to(self, st: _State, dst: int) -> list[int]:
        d = st.dist_to.get(dst)
        if d is None:
            d = [-1] * len(self._zlist)
            d[dst] = 0
            q = deque([dst])
            nbrs = st.nbrs
            while q:
                x = q.popleft()
                dx = d[x] + 1
                for n in nbrs[x]:  # the graph is undirected: openings work both ways
                    if d[n] < 0:
                        d[n] = dx
                        q.append(n)
            st.dist_to[dst] = d
        return d

    def distance(self, a: str, b: str, closed: frozenset[str] | None = None) -> int | None:
        """Number of Moves from ``a`` to ``b`` (in Zones), or None if no open path exists."""
        st = self._state(closed)
        d = self._dist_to(st, self._zi(b))[self._zi(a)]
        return None if d < 0 else d

    def distances_to(self, dst: str, closed: frozenset[str] | None = None) -> dict[str, int]:
        """Distance from every reachable Zone to ``dst``."""
        st = self._state(closed)
        d = self._dist_to(st, self._zi(dst))
        return {self._zlist[i].id: v for i, v in enumerate(d) if v >= 0}

    def first_steps(self, src: str, dst: str, closed: frozenset[str] | None = None) -> frozenset[str]:
        """Every neighbour of ``src`` that starts a shortest route to ``dst`` (P. 23: Ghouls split
        to follow *all* routes of the same length). Empty when ``src == dst`` or no path."""
        st = self._state(closed)
        s, t = self._zi(src), self._zi(dst)
        d = self._dist_to(st, t)
        if s == t or d[s] < 0:
            return frozenset()
        return frozenset(self._zlist[n].id for n in st.nbrs[s] if d[n] == d[s] - 1)

    def shortest_paths(self, src: str, dst: str, closed: frozenset[str] | None = None,
                       limit: int = 10_000) -> list[tuple[str, ...]]:
        """All shortest routes from ``src`` to ``dst`` as Zone-id tuples (both ends included),
        sorted; at most ``limit`` of them (ValueError beyond, rather than a silent cut)."""
        st = self._state(closed)
        s, t = self._zi(src), self._zi(dst)
        d = self._dist_to(st, t)
        if d[s] < 0:
            return []
        out: list[tuple[int, ...]] = []
        stack: list[tuple[int, ...]] = [(s,)]
        while stack:
            path = stack.pop()
            x = path[-1]
            if x == t:
                out.append(path)
                if len(out) > limit:
                    raise ValueError(f"more than {limit} shortest paths from {src} to {dst}")
                continue
            for n in st.nbrs[x]:
                if d[n] == d[x] - 1:
                    stack.append(path + (n,))
        zl = self._zlist
        return sorted(tuple(zl[i].id for i in p) for p in out)

    def shortest_path(self, src: str, dst: str, closed: frozenset[str] | None = None) -> tuple[str, ...] | None:
        """One shortest route (the first in sorted order), or None."""
        paths = self.shortest_paths(src, dst, closed)
        return paths[0] if paths else None

    def ghoul_step_options(self, src: str, dst: str,
                           closed: frozenset[str] | None = None) -> tuple[GhoulStep, ...]:
        """Where a Ghoul in ``src`` heading for ``dst`` may Move this Activation (P. 23).

        * If an open path exists: one :class:`GhoulStep` per neighbour starting a shortest
          route (``to == via``); Ghouls split evenly over them.
        * Otherwise the fallback: the first steps are computed "as if all Barricades and Doors
          were open" (every opening open, walls still walls). A step whose edge is passable now
          moves the Ghoul (``to == via``); a step that crosses a closed opening leaves the Ghoul
          where it is (``to == src``, ``blocked_by`` = the closed openings: "closed Barricades
          and Doors still stop them").
        * Empty tuple: already there, or no route even with every opening open.
        """
        st = self._state(closed)
        res = st.steps.get((src, dst))
        if res is not None:
            return res
        steps = self.first_steps(src, dst, closed)
        if steps:
            res = tuple(GhoulStep(v, v) for v in sorted(steps))
        elif src == dst:
            res = ()
        else:
            ghost = self.first_steps(src, dst, self.all_open)
            now = {self._zlist[n].id for n in st.nbrs[self._zi(src)]}
            res = tuple(GhoulStep(v, v) if v in now
                        else GhoulStep(v, src, tuple(o for o in self.openings_between(src, v)
                                                     if o in closed_ids(self, closed)))
                        for v in sorted(ghost))
        st.steps[(src, dst)] = res
        return res

    # ----------------------------------------------------------------- line of sight (P. 10, 31)
    def line_of_sight(self, zone: str, closed: frozenset[str] | None = None,
                      hawk_eye: bool = False) -> Mapping[str, int]:
        """Zones seen from ``zone`` -> range in Zones (0 = own Zone), ordered by range then id.
        See :mod:`nollab.board.sight` for the exact rules (P. 10, P. 31, Hawk-eye P. 46). The
        mapping is read-only (it is cached and shared)."""
        st = self._state(closed)
        key = (self._zi(zone), hawk_eye)
        res = st.los.get(key)
        if res is None:
            res = st.los[key] = MappingProxyType(sight.line_of_sight(self, st.closed_idx, key[0], hawk_eye))
        return res

    def in_line_of_sight(self, a: str, b: str, closed: frozenset[str] | None = None,
                         hawk_eye: bool = False) -> bool:
        """True if an Actor in ``a`` sees Zone ``b``."""
        return b in self.line_of_sight(a, closed, hawk_eye)

    def sight_range(self, a: str, b: str, closed: frozenset[str] | None = None,
                    hawk_eye: bool = False) -> int | None:
        """Range (in Zones) from ``a`` to ``b`` for a Ranged Action, or None if ``b`` is not in
        Line of Sight (P. 12 "within Line of Sight", P. 26)."""
        r = self.line_of_sight(a, closed, hawk_eye).get(b)
        self._zi(b)
        return r

    range = sight_range

    def __repr__(self) -> str:
        return (f"Board({self.name!r}, {self.rows}x{self.cols} cells, {len(self.zones)} zones, "
                f"{len(self.openings)} openings)")
