"""The village as squares: placed cards, their turn and green border, houses, steps, distances, sight.

Every card is a 6 x 6 grid of squares ("roll a die twice to determine the coordinates on the card"),
placed on a grid of cards around the Town Centre at (0, 0). A square is written ``"x,y"`` (x grows
east, y grows south; card (tx, ty) holds x in 6tx..6tx+5). A card's *native orientation* has "the
green border to the right"; ``rot`` quarter turns clockwise carry it to the south, west or north. The
green border is "inaccessible for everyone": no step crosses that side of the card. Houses are
squares no one enters and no sight crosses (the cards' walls and buildings are pictures; the
reconstructed maps draw them as whole squares, docs/rulings.md).

Steps go to the 8 surrounding squares ("the 8 squares surrounding the attacker not separated by a
wall" is the melee reach; the same neighbourhood is used for moving, docs/rulings.md). A diagonal step
needs both of its corner paths open, so it never slips between two houses or round a green border.
"""
from __future__ import annotations

from collections import deque
from typing import Iterable, Mapping

from nollab.packs.zombie_slayer.content import SIZE, SlayerContent

__all__ = ["SIDES", "DELTA", "Town", "sq", "parse", "rotate", "border_side", "CENTRE", "edge_open", "gives_access"]

SIDES = ("N", "E", "S", "W")
DELTA = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
CENTRE = "centre"
STEPS8 = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def sq(x: int, y: int) -> str:
    """The id of square (x, y)."""
    return f"{x},{y}"


def parse(s: str) -> tuple[int, int]:
    """(x, y) of a square id (ValueError on a malformed one)."""
    a, b = s.split(",")
    return int(a), int(b)


def rotate(c: int, r: int, rot: int, size: int = SIZE) -> tuple[int, int]:
    """Native square (col, row) of a card turned ``rot`` quarter turns clockwise."""
    for _ in range(rot % 4):
        c, r = size - 1 - r, c
    return c, r


def border_side(card: str, rot: int) -> str | None:
    """The side of a placed card that carries its green border (native: east); the Town Centre has none."""
    if card == CENTRE:
        return None
    return SIDES[(1 + rot) % 4]


def edge_open(houses: Iterable[tuple[int, int]], rot: int, side: str, size: int = SIZE) -> tuple[bool, ...]:
    """Which squares along ``side`` of a card turned ``rot`` are open (not a house), west to east on the N
    and S sides, north to south on the E and W sides. ``houses`` are native (col, row)."""
    hs = {rotate(c, r, rot, size) for c, r in houses}
    if side in ("N", "S"):
        row = 0 if side == "N" else size - 1
        return tuple((i, row) not in hs for i in range(size))
    col = 0 if side == "W" else size - 1
    return tuple((col, i) not in hs for i in range(size))


def gives_access(here: tuple[bool, ...], border_here: bool, there: tuple[bool, ...], border_there: bool) -> bool:
    """Whether a card placed beside another leaves "the path to the next card" open: a pair of facing edge
    squares both open, and no green border on the shared side. (A side of the first card that is closed
    -- all houses, or its border -- gets no card: :meth:`Town.open_sides`; kept here for completeness.)"""
    if border_here or not any(here):
        return True
    return not border_there and any(a and b for a, b in zip(here, there))


class Town:
    """The squares of the placed cards (built from ``state.tiles``; cheap, rebuilt when cards are placed)."""

    def __init__(self, tiles: Mapping[str, dict], content: SlayerContent) -> None:
        self.tiles = {tuple(int(v) for v in k.split(",")): t for k, t in tiles.items()}
        self.borders: dict[tuple[int, int], str | None] = {}
        self.houses: set[tuple[int, int]] = set()
        self.squares: set[tuple[int, int]] = set()
        self._around: dict[tuple[int, int], list[tuple[int, int]]] = {}
        self._dist: dict[tuple[int, int], dict[tuple[int, int], int]] = {}
        #: distance maps keyed and valued by square ids (see :func:`flow.distance_map`)
        self.named: dict[str, dict[str, int]] = {}
        for (tx, ty), t in self.tiles.items():
            self.borders[(tx, ty)] = border_side(t["card"], t["rot"])
            houses = content.town.centre_houses if t["card"] == CENTRE else content.tiles[t["card"]].houses
            hs = {rotate(c, r, t["rot"]) for c, r in houses}
            for c in range(SIZE):
                for r in range(SIZE):
                    p = (tx * SIZE + c, ty * SIZE + r)
                    (self.houses if (c, r) in hs else self.squares).add(p)

    # ---- cards -----------------------------------------------------------------------------------------
    @staticmethod
    def card_of(p: tuple[int, int]) -> tuple[int, int]:
        return (p[0] // SIZE, p[1] // SIZE)

    def card_squares(self, t: tuple[int, int]) -> list[tuple[int, int]]:
        """The free (non-house) squares of card ``t``, in reading order."""
        tx, ty = t
        return [(tx * SIZE + c, ty * SIZE + r) for r in range(SIZE) for c in range(SIZE)
                if (tx * SIZE + c, ty * SIZE + r) in self.squares]

    def native_square(self, t: tuple[int, int], col: int, row: int) -> tuple[int, int]:
        """The board square of native coordinates (col, row) on card ``t`` (turned with the card)."""
        c, r = rotate(col, row, self.tiles[t]["rot"])
        return (t[0] * SIZE + c, t[1] * SIZE + r)

    def neighbours_of_card(self, t: tuple[int, int]) -> list[tuple[int, int]]:
        """Placed cards sharing a side with ``t`` (N, E, S, W order)."""
        out = []
        for s in SIDES:
            dx, dy = DELTA[s]
            n = (t[0] + dx, t[1] + dy)
            if n in self.tiles:
                out.append(n)
        return out

    def open_sides(self, t: tuple[int, int]) -> list[str]:
        """Sides of card ``t`` with no neighbouring card, no green border and at least one open edge square:
        a card must be drawn there. A side walled along its whole edge is closed like a border: no card
        placed there could be reached from ``t`` (docs/rulings.md)."""
        out = []
        for s in SIDES:
            dx, dy = DELTA[s]
            if (t[0] + dx, t[1] + dy) not in self.tiles and self.borders[t] != s and any(self._edge(t, s)):
                out.append(s)
        return out

    def _edge(self, t: tuple[int, int], side: str) -> list[bool]:
        """Whether each square along ``side`` of card ``t`` is open (not a house)."""
        x0, y0 = t[0] * SIZE, t[1] * SIZE
        if side in ("N", "S"):
            y = y0 if side == "N" else y0 + SIZE - 1
            return [(x0 + i, y) in self.squares for i in range(SIZE)]
        x = x0 if side == "W" else x0 + SIZE - 1
        return [(x, y0 + i) in self.squares for i in range(SIZE)]

    # ---- steps ------------------------------------------------------------------------------------------
    def _orth_open(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        if a not in self.squares or b not in self.squares:
            return False
        ta, tb = self.card_of(a), self.card_of(b)
        if ta == tb:
            return True
        side = next(s for s in SIDES if (ta[0] + DELTA[s][0], ta[1] + DELTA[s][1]) == tb)
        return self.borders[ta] != side and self.borders[tb] != OPPOSITE[side]

    def step_open(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Whether ``b`` is one of the 8 squares around ``a`` "not separated by a wall"."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        if max(abs(dx), abs(dy)) != 1:
            return False
        if dx == 0 or dy == 0:
            return self._orth_open(a, b)
        m1, m2 = (a[0] + dx, a[1]), (a[0], a[1] + dy)
        return (b in self.squares and self._orth_open(a, m1) and self._orth_open(m1, b)
                and self._orth_open(a, m2) and self._orth_open(m2, b))

    def around(self, a: tuple[int, int]) -> list[tuple[int, int]]:
        """The squares one step from ``a`` (computed once per square: the town only grows by new cards,
        and a new card makes a new :class:`Town`)."""
        got = self._around.get(a)
        if got is None:
            got = self._around[a] = [(a[0] + dx, a[1] + dy) for dx, dy in STEPS8
                                     if self.step_open(a, (a[0] + dx, a[1] + dy))]
        return got

    def distances(self, start: tuple[int, int]) -> dict[tuple[int, int], int]:
        """Steps from ``start`` to every reachable square (houses and green borders only stop it; tokens
        do not -- "A Zombie may cross a square with another Zombie inside"). Cached; do not modify."""
        got = self._dist.get(start)
        if got is not None:
            return got
        dist = {start: 0}
        q = deque([start])
        while q:
            a = q.popleft()
            for b in self.around(a):
                if b not in dist:
                    dist[b] = dist[a] + 1
                    q.append(b)
        if len(self._dist) > 4096:
            self._dist.clear()
        self._dist[start] = dist
        return dist

    def distances_to(self, goals: Iterable[tuple[int, int]]) -> dict[tuple[int, int], int]:
        """Steps from every square to the nearest of ``goals`` (one breadth-first search from all of them)."""
        dist = {g: 0 for g in goals if g in self.squares}
        q = deque(dist)
        while q:
            a = q.popleft()
            for b in self.around(a):
                if b not in dist:
                    dist[b] = dist[a] + 1
                    q.append(b)
        return dist

    # ---- sight -------------------------------------------------------------------------------------------
    def line(self, a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
        """The squares a straight line from the centre of ``a`` to the centre of ``b`` passes (both ends
        included), sampled finely; a line through a corner takes both squares beside it."""
        (x0, y0), (x1, y1) = a, b
        n = max(abs(x1 - x0), abs(y1 - y0)) * 8 or 1
        out: list[tuple[int, int]] = []
        for i in range(n + 1):
            t = i / n
            x, y = x0 + (x1 - x0) * t + 0.5, y0 + (y1 - y0) * t + 0.5
            for p in {(int(x // 1), int(y // 1)), (int((x - 1e-9) // 1), int((y - 1e-9) // 1))}:
                if p not in out:
                    out.append(p)
        return out

    def sight(self, a: tuple[int, int], b: tuple[int, int], blockers: Iterable[tuple[int, int]] = ()) -> bool:
        """A line of sight "not obstructed by a wall" (houses, green borders), nor by a square in
        ``blockers`` (tokens, for a ranged attack; none for a torch)."""
        blocked = set(blockers) - {a, b}
        pts = self.line(a, b)
        for p in pts:
            if p not in self.squares or p in blocked:
                return False
        for p, q in zip(pts, pts[1:]):
            if abs(p[0] - q[0]) + abs(p[1] - q[1]) == 1 and not self._orth_open(p, q):
                return False
        return True
