"""The Zpocalypse city as a graph: tiles of squares, the bunker, movement costs, paths and LOS.

Summary, "Movement": "All figures may move diagonally, but diagonal movement through doorways, or
around corners, is not allowed. No squad or zombie can move through or into squares with a [blocked
icon] or through a red line. It costs 1 Move point to move from the bunker to the board, or to move from
the bunker to a tunnel entrance on the board. The bunker acts as a single square for all purposes. It costs
1 Move point to move through a tunnel (there must be a tunnel entrance on the board). Zombies may not use
tunnels unless noted." "It costs 2 Move points for a squad to move onto a yield
square or over a sandbag ... (and 4 Move points to move onto a trap)." LOS "is blocked by squads,
zombies, walls, red lines and squares with a [blocked icon] (unless you're in a lookout tower)".

Squares are ``(x, y)`` tuples; tile slot ``(tx, ty)`` covers ``x in [tx*n, tx*n+n)``. The bunker is the
off-map square :data:`BUNKER`, joined to the base set's entrance square, and for squads only to every
tunnel entrance (and the tunnel entrances to one another, :meth:`City.tunnel_steps`). Distances (range, the
4-square aggro, explosives) are Chebyshev: a diagonal step is one square (docs/rulings.md).
"""
from __future__ import annotations

import heapq
from collections import deque
from typing import Iterable, Mapping

from nollab.packs.zpocalypse.box import Box, TileFace

__all__ = ["BUNKER", "City", "edge_key", "chebyshev"]

BUNKER = (-1000, -1000)
_DIRS = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]


def edge_key(a: tuple[int, int], b: tuple[int, int]) -> str:
    """The name of the edge between two orthogonal neighbours (order-free), e.g. ``"3,3|4,3"``."""
    p, q = sorted([tuple(a), tuple(b)])
    return f"{p[0]},{p[1]}|{q[0]},{q[1]}"


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    if a == BUNKER or b == BUNKER:
        return 0 if a == b else 10_000
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class City:
    """The board built from the placed tiles (``slots``: ``(tx, ty) -> (tile id, side)``) and the
    fortification edges (``edges``: :func:`edge_key` -> kind). Cheap to rebuild; immutable."""

    def __init__(self, box: Box, slots: Mapping[tuple[int, int], tuple[str, str]], edges: Mapping[str, str] | None = None,
                 base: str = "hotel_lobby") -> None:
        self.box = box
        self.n = box.rules.tile_size
        self.slots = dict(slots)
        self.edges = dict(edges or {})
        self.kind: dict[tuple[int, int], str] = {}
        self.tile_of: dict[tuple[int, int], tuple[int, int]] = {}
        self.entrance: tuple[int, int] | None = None
        self.tunnels: list[tuple[int, int]] = []
        self._nb: dict = {}
        for slot, (tid, side) in self.slots.items():
            face = self.face(tid, side, base)
            ox, oy = slot[0] * self.n, slot[1] * self.n
            for a, b in face.red:
                self.edges.setdefault(edge_key((ox + a[0], oy + a[1]), (ox + b[0], oy + b[1])), "red")
            for y in range(self.n):
                for x in range(self.n):
                    p = (slot[0] * self.n + x, slot[1] * self.n + y)
                    k = face.square(x, y)
                    self.kind[p] = k
                    self.tile_of[p] = slot
                    if k == "entrance":
                        self.entrance = p
                    elif k == "tunnel":
                        self.tunnels.append(p)
        self.tunnels.sort(key=lambda p: (p[1], p[0]))

    def face(self, tid: str, side: str, base: str) -> TileFace:
        if tid in ("road", "entrance") and self.box.day_zero is not None:
            return getattr(self.box.day_zero, tid)
        if tid in self.box.tiles:
            return self.box.tiles[tid][0 if side == "a" else 1]
        bid, i = tid[:-1], int(tid[-1]) - 1
        return self.box.base_sets[bid][0 if side == "a" else 1][i]

    # ---- squares ------------------------------------------------------------------------------------
    def squares(self) -> list[tuple[int, int]]:
        return sorted(self.kind, key=lambda p: (p[1], p[0]))

    def open(self, p: tuple[int, int]) -> bool:
        return p == BUNKER or (p in self.kind and self.kind[p] != "blocked")

    def tile_squares(self, slot: tuple[int, int]) -> list[tuple[int, int]]:
        return [(slot[0] * self.n + x, slot[1] * self.n + y) for y in range(self.n) for x in range(self.n)]

    def free_slots(self) -> list[tuple[int, int]]:
        """Empty slots touching a placed tile, in reading order ("attach it to an existing tile")."""
        out = set()
        for (tx, ty) in self.slots:
            for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)):
                s = (tx + dx, ty + dy)
                if s not in self.slots and abs(s[0]) <= 12 and abs(s[1]) <= 12:
                    out.add(s)
        return sorted(out, key=lambda s: (s[1], s[0]))

    def slot_distance(self, slot: tuple[int, int]) -> int:
        """Squares from the bunker entrance to the nearest square of ``slot`` (closest placement)."""
        e = self.entrance
        if e is None:
            return 0
        return min(chebyshev(e, p) for p in self.tile_squares(slot))

    def closest_slots(self) -> list[tuple[int, int]]:
        free = self.free_slots()
        best = min(self.slot_distance(s) for s in free)
        return [s for s in free if self.slot_distance(s) == best]

    # ---- adjacency ----------------------------------------------------------------------------------
    def edge(self, a: tuple[int, int], b: tuple[int, int]) -> str | None:
        return self.edges.get(edge_key(a, b))

    def step_ok(self, a: tuple[int, int], b: tuple[int, int], crossable: Iterable[str] = ()) -> bool:
        """May a figure step from ``a`` to the neighbour ``b``? Edge pieces in ``crossable`` do not stop it."""
        if a == BUNKER or b == BUNKER:
            return {a, b} == {BUNKER, self.entrance}
        if not (self.open(a) and self.open(b)):
            return False
        dx, dy = b[0] - a[0], b[1] - a[1]
        if dx and dy:  # no diagonal around a corner: both orthogonal routes must be open
            for m in ((a[0] + dx, a[1]), (a[0], a[1] + dy)):
                if not self.open(m) or self.edge(a, m) or self.edge(m, b):
                    return False
            return True
        e = self.edge(a, b)
        return e is None or e in crossable

    def neighbours(self, p: tuple[int, int], crossable: Iterable[str] = ()) -> list[tuple[int, int]]:
        k = (p, tuple(crossable))
        got = self._nb.get(k)
        if got is None:
            got = self._nb[k] = self._neighbours(p, k[1])
        return got

    def _neighbours(self, p: tuple[int, int], crossable: tuple[str, ...]) -> list[tuple[int, int]]:
        if p == BUNKER:
            return [self.entrance] if self.entrance else []
        out = [(p[0] + dx, p[1] + dy) for dx, dy in _DIRS]
        out = [q for q in out if self.step_ok(p, q, crossable)]
        if p == self.entrance:
            out.append(BUNKER)
        return out

    def adjacent(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Touching squares that a figure could step between ignoring fortification edges."""
        if BUNKER in (a, b):
            return a == b
        return a != b and chebyshev(a, b) == 1 and self.step_ok(a, b, ("sandbags", "wall", "gate"))

    def tunnel_steps(self, p: tuple[int, int]) -> list[tuple[int, int]]:
        """Where a squad on ``p`` can go by tunnel for 1 Move point: from the bunker to every tunnel entrance,
        from a tunnel entrance to the bunker and through the tunnel to the other entrances. Zombies do not
        ("Zombies may not use tunnels unless noted"). No bunker before its entrance is on the board (Day Zero:
        the tunnels lead to one another only)."""
        if p == BUNKER:
            return list(self.tunnels) if self.entrance is not None else []
        if p in self.tunnels:
            return ([BUNKER] if self.entrance is not None else []) + [q for q in self.tunnels if q != p]
        return []

    # ---- squads --------------------------------------------------------------------------------------
    def squad_costs(self, start: tuple[int, int], mp: int, zombie_squares: set, traps: set,
                    lookouts: set) -> dict[tuple[int, int], tuple[int, int, tuple]]:
        """Squares a squad can reach with ``mp`` Move points: ``{square: (cost, hazards, path)}``.

        Costs: 1 a square, 2 onto a yield square or over a sandbag, 4 onto a trap; walls stop squads,
        gates do not; zombie squares cannot be entered. ``hazards`` counts biohazard/radiation squares
        entered (1 HP each); cheapest first, then fewest hazards."""
        best: dict = {start: (0, 0, ())}
        heap = [(0, 0, start, ())]
        while heap:
            c, h, p, path = heapq.heappop(heap)
            if best.get(p, (1 << 30,))[:2] < (c, h):
                continue
            walk = self.neighbours(p, ("sandbags", "gate"))
            tunnel = [q for q in self.tunnel_steps(p) if q not in walk]
            for q in walk + tunnel:
                if q in zombie_squares:
                    continue
                step = 1
                if q != BUNKER:
                    if self.kind[q] == "yield":
                        step = 2
                    if q in traps:
                        step = 4
                    if self.edge(p, q) == "sandbags":
                        step = max(step, 2)
                nc = c + step
                nh = h + (1 if q != BUNKER and self.kind[q] in ("biohazard", "radiation") else 0)
                if nc > mp:
                    continue
                if (nc, nh) < best.get(q, (1 << 30, 0))[:2]:
                    best[q] = (nc, nh, path + (q,))
                    heapq.heappush(heap, (nc, nh, q, path + (q,)))
        return best

    # ---- zombies -------------------------------------------------------------------------------------
    def zombie_field(self, goals: Iterable[tuple[int, int]], squads: set, lookouts: set,
                     through_walls: bool = False) -> dict[tuple[int, int], int]:
        """Steps from every square to the nearest goal, as zombies walk: around walls and gates (unless
        ``through_walls``), over sandbags and traps, never into a squad's or a lookout's square (the
        goals excepted), ignoring yield squares."""
        cross = ("sandbags", "wall", "gate") if through_walls else ("sandbags",)
        dist: dict = {}
        dq = deque()
        for g in goals:
            dist[g] = 0
            dq.append(g)
        while dq:
            p = dq.popleft()
            for q in self.neighbours(p, cross):
                if q in dist or q in lookouts or (q in squads and q != BUNKER):
                    continue
                dist[q] = dist[p] + 1
                dq.append(q)
        return dist

    # ---- line of sight -------------------------------------------------------------------------------
    def line(self, a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
        """The squares a straight line from ``a``'s centre to ``b``'s passes through (both ends included)."""
        (x0, y0), (x1, y1) = a, b
        n = max(abs(x1 - x0), abs(y1 - y0))
        out = [a]
        for i in range(1, n + 1):
            # sample at the centre of each step; ties (exact corners) round towards a
            fx = x0 + (x1 - x0) * i / n
            fy = y0 + (y1 - y0) * i / n
            q = (int(round(fx - 1e-9 * (1 if x1 > x0 else -1))), int(round(fy - 1e-9 * (1 if y1 > y0 else -1))))
            if q != out[-1]:
                out.append(q)
        if out[-1] != b:
            out.append(b)
        return out

    def los(self, a: tuple[int, int], b: tuple[int, int], blockers: set, *, gates_block: bool = True,
            lookout: bool = False) -> bool:
        """Line of sight from ``a`` to ``b``: no blocked square, figure (``blockers``), wall, red line or
        (for survivors' attacks) gate between them. From a lookout nothing blocks it. No LOS into or out
        of the bunker (the bunker's own square is everyone's)."""
        if a == BUNKER or b == BUNKER:
            return a == b
        if lookout:
            return True
        pts = self.line(a, b)
        stop = ("wall", "gate", "red") if gates_block else ("wall", "red")
        for i in range(1, len(pts)):
            p, q = pts[i - 1], pts[i]
            if q != b and (not self.open(q) or q in blockers):
                return False
            if p[0] != q[0] and p[1] != q[1]:  # a diagonal step is blocked when both corners are
                corners = ((q[0], p[1]), (p[0], q[1]))
                if all(not self.open(m) or self.edge(p, m) in stop or self.edge(m, q) in stop for m in corners):
                    return False
            elif self.edge(p, q) in stop:
                return False
        return True
