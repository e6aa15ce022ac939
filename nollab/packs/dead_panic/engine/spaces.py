"""Spaces of the circular board, as the engine names them, and the geometry rules on them.

A space is the string ``"<arc>:<ring>"`` (``"3:yard"``): arcs 1..6 clockwise around the Cabin,
rings ``woods``, ``clearing``, ``yard`` (outside) and ``cabin`` (one room per arc). Movement and
sight are the odds' :class:`~nollab.packs.dead_panic.board.RingBoard` (one implementation per
rule: "forward, backward, left, or right", Characters through Walls, Zombies stopped by a
standing Wall, Creepers slipping through, p. 5-7; sight on "their half of the board", p. 6);
this module adds what the game needs on top: distances for "the closest" target (p. 7), gun
ranges (p. 3 "Ranges of Basic Guns") and a cache per Wall state.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Mapping

from nollab.packs.dead_panic.board import RingBoard

__all__ = ["Geometry", "sid", "split", "RANGE_OUTSIDE", "RANGE_INSIDE"]

#: Shooting from outside the Cabin: "Shotgun: up to 1 space away, Pistol: up to 2, Rifle: up to 3" (p. 3)
RANGE_OUTSIDE = {"shotgun": 1, "pistol": 2, "rifle": 3}
#: Shooting from inside: "Shotgun: Yard, Pistol: Yard and Clearing, Rifle: Yard, Clearing, and Woods" (p. 3)
RANGE_INSIDE = {"shotgun": 1, "pistol": 2, "rifle": 3}  # rings outward from the Cabin


def sid(arc: int, ring: str) -> str:
    return f"{arc}:{ring}"


@lru_cache(maxsize=None)
def split(space: str) -> tuple[int, str]:
    a, _, r = space.partition(":")
    return int(a), r


class Geometry:
    """The board of one game: ``arcs`` x ``rings`` (outside in); queries take the Wall states."""

    def __init__(self, arcs: int = 6, rings: tuple[str, ...] = ("woods", "clearing", "yard", "cabin")) -> None:
        self.arcs = arcs
        self.rings = tuple(rings)
        self.cabin = self.rings[-1]
        self.yard = self.rings[-2]
        self.outside = self.rings[:-1]
        self.spaces = tuple(sid(a, r) for a in range(1, arcs + 1) for r in self.rings)
        self._boards: dict[tuple, RingBoard] = {}
        self._nb: dict[tuple, tuple[str, ...]] = {}
        self._sight: dict[tuple, frozenset[str]] = {}

    # ---- basic ---------------------------------------------------------------------------------
    def ring_index(self, ring: str) -> int:
        return self.rings.index(ring)

    def side(self, arc: int, step: int) -> int:
        return (arc - 1 + step) % self.arcs + 1

    def arc_steps(self, a: int, b: int) -> int:
        """Fewest steps left or right from arc ``a`` to arc ``b`` around the circle."""
        d = abs(a - b) % self.arcs
        return min(d, self.arcs - d)

    def in_cabin(self, space: str) -> bool:
        return split(space)[1] == self.cabin

    def woods(self, arc: int) -> str:
        return sid(arc, self.rings[0])

    def _board(self, walls: Mapping[int, str]) -> RingBoard:
        key = tuple(sorted(walls.items()))
        b = self._boards.get(key)
        if b is None:
            b = self._boards[key] = RingBoard(self.arcs, self.rings, dict(walls))
        return b

    # ---- movement and sight (RingBoard) --------------------------------------------------------
    def neighbours(self, space: str, who: str, walls: Mapping[int, str]) -> tuple[str, ...]:
        """One orthogonal step for "character", "zombie" (stopped by standing Walls) or "creeper"."""
        key = (space, who, tuple(sorted(walls.items())) if who == "zombie" else ())
        out = self._nb.get(key)
        if out is None:
            nb = self._board(walls).neighbours(split(space), who)
            out = self._nb[key] = tuple(sorted((sid(a, r) for a, r in nb), key=self.order))
        return out

    def sight(self, space: str, walls: Mapping[int, str]) -> frozenset[str]:
        """What a Zombie on ``space`` sees or hears (p. 6)."""
        a, r = split(space)
        key = (space, walls.get(a) == "destroyed")
        out = self._sight.get(key)
        if out is None:
            out = self._sight[key] = frozenset(sid(x, y) for x, y in self._board(walls).sight((a, r)))
        return out

    def crosses_wall(self, a: str, b: str) -> int | None:
        """The arc whose Wall lies between ``a`` and ``b`` (Yard <-> Cabin of one arc), else None."""
        (xa, ra), (xb, rb) = split(a), split(b)
        if xa == xb and {ra, rb} == {self.yard, self.cabin}:
            return xa
        return None

    def distance(self, a: str, b: str) -> int:
        """Orthogonal steps between two spaces, counted as a Character moves ("Spaces cannot be
        counted diagonally", p. 3): around the circle plus in or out (no Wall adds to it)."""
        (xa, ra), (xb, rb) = split(a), split(b)
        return self.arc_steps(xa, xb) + abs(self.ring_index(ra) - self.ring_index(rb))

    def within(self, space: str, steps: int, who: str, walls: Mapping[int, str]) -> dict[str, int]:
        """Spaces reachable in at most ``steps`` moves: ``{space: moves}`` (breadth first)."""
        seen = {space: 0}
        frontier = [space]
        for d in range(1, steps + 1):
            nxt = []
            for s in frontier:
                for n in self.neighbours(s, who, walls):
                    if n not in seen:
                        seen[n] = d
                        nxt.append(n)
            frontier = nxt
        return seen

    def order(self, space: str) -> tuple[int, int]:
        """Reading order of spaces: arc, then ring from the Woods in."""
        a, r = split(space)
        return a, self.ring_index(r)

    def sorted(self, spaces: Iterable[str]) -> list[str]:
        return sorted(spaces, key=self.order)

    # ---- guns ------------------------------------------------------------------------------------
    def shot_range(self, space: str, gun_range: str) -> frozenset[str]:
        """Spaces a gun of ``gun_range`` (shotgun, pistol, rifle) reaches from ``space`` (p. 3).

        From inside the Cabin: the same room, the rooms 1 space right or left, and outward in the
        same arc (Shotgun: Yard; Pistol: + Clearing; Rifle: + Woods). From outside: the same arc
        (the Cabin room included) and the arcs next to it, up to 1/2/3 spaces away, but not the
        Cabin rooms of the next arcs. Walls do not stop shots (docs/rulings.md).
        """
        return self._shot_range(space, gun_range)

    @lru_cache(maxsize=None)
    def _shot_range(self, space: str, gun_range: str) -> frozenset[str]:
        a, r = split(space)
        out = {space}
        if r == self.cabin:
            out |= {sid(self.side(a, -1), self.cabin), sid(self.side(a, 1), self.cabin)}
            reach = RANGE_INSIDE[gun_range]
            out |= {sid(a, ring) for ring in self.outside[::-1][:reach]}
            return frozenset(out)
        reach = RANGE_OUTSIDE[gun_range]
        for arc in (self.side(a, -1), a, self.side(a, 1)):
            for ring in self.rings:
                s = sid(arc, ring)
                if arc != a and ring == self.cabin:
                    continue
                if self.distance(space, s) <= reach:
                    out.add(s)
        return frozenset(out)
