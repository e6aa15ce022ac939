"""The Dead Panic board as a zone graph: arcs x rings around the Cabin (pp. 2, 5-7).

A space is ``(arc, ring)`` with arcs 1..N around the circle (arc N is next to arc 1) and
rings from the outside in: Woods, Clearing, Yard, Cabin. "Movement must be forward,
backward, left, or right (not diagonal)" (p. 5): forward/backward changes ring within an
arc, left/right changes arc within a ring. "Inside the Cabin, Characters cannot cross the
center" (p. 5), so the Cabin rooms form a cycle. Each arc has one Wall on its Yard|Cabin
edge; Characters "move through Walls at no action cost" (p. 5), Zombies hit a standing
Wall instead (p. 7), Creepers "slip right through them".

The graph is a plain ``dict[space, frozenset[space]]`` (:meth:`RingBoard.graph`), so any
game-agnostic path code can read it.
"""
from __future__ import annotations

from collections import deque
from typing import Mapping

__all__ = ["RingBoard", "WALL_STATES"]

WALL_STATES = ("standing", "cracked", "destroyed")
Space = tuple[int, str]


class RingBoard:
    """Arcs x rings; ``walls`` maps arc -> "standing" | "cracked" | "destroyed"."""

    def __init__(self, arcs: int = 6, rings: tuple[str, ...] = ("woods", "clearing", "yard", "cabin"),
                 walls: Mapping[int, str] | None = None):
        if arcs < 3:
            raise ValueError("a ring board needs at least 3 arcs")
        self.arcs = arcs
        self.rings = tuple(rings)
        self.walls = {a: "standing" for a in range(1, arcs + 1)}
        for a, s in (walls or {}).items():
            if a not in self.walls:
                raise ValueError(f"no arc {a!r} (1..{arcs})")
            if s not in WALL_STATES:
                raise ValueError(f"wall of arc {a}: {s!r} is not one of {WALL_STATES}")
            self.walls[a] = s

    @property
    def cabin(self) -> str:
        return self.rings[-1]

    def spaces(self) -> list[Space]:
        return [(a, r) for a in range(1, self.arcs + 1) for r in self.rings]

    def side(self, arc: int, step: int) -> int:
        """The arc ``step`` places clockwise (negative: counter-clockwise), wrapping."""
        return (arc - 1 + step) % self.arcs + 1

    def _check(self, space: Space) -> None:
        a, r = space
        if not (isinstance(a, int) and 1 <= a <= self.arcs) or r not in self.rings:
            raise ValueError(f"no space {space!r} on a {self.arcs}-arc board with rings {self.rings}")

    def neighbours(self, space: Space, who: str = "character") -> frozenset[Space]:
        """Spaces one orthogonal step away for ``who`` in "character", "zombie", "creeper".

        For a Zombie the Yard|Cabin edge of an arc is closed while its Wall stands
        (standing or cracked); Characters and Creepers pass.
        """
        if who not in ("character", "zombie", "creeper"):
            raise ValueError(f"who must be character, zombie or creeper, got {who!r}")
        self._check(space)
        a, r = space
        i = self.rings.index(r)
        out = {(self.side(a, -1), r), (self.side(a, 1), r)}
        for j in (i - 1, i + 1):
            if 0 <= j < len(self.rings):
                crossing_wall = {i, j} == {len(self.rings) - 2, len(self.rings) - 1}
                if crossing_wall and who == "zombie" and self.walls[a] != "destroyed":
                    continue
                out.add((a, self.rings[j]))
        return frozenset(out)

    def graph(self, who: str = "character") -> dict[Space, frozenset[Space]]:
        """The whole board as an adjacency dict."""
        return {s: self.neighbours(s, who) for s in self.spaces()}

    def distance(self, start: Space, goal: Space, who: str = "character") -> int | None:
        """Fewest orthogonal steps ("Spaces cannot be counted diagonally", p. 3); None if cut off."""
        self._check(start)
        self._check(goal)
        seen = {start: 0}
        queue = deque([start])
        while queue:
            s = queue.popleft()
            if s == goal:
                return seen[s]
            for n in self.neighbours(s, who):
                if n not in seen:
                    seen[n] = seen[s] + 1
                    queue.append(n)
        return None

    def sight(self, space: Space) -> frozenset[Space]:
        """What a Zombie on ``space`` sees or hears (p. 6).

        Outside: Woods, Clearing and Yard of its arc and the arcs to either side, and the
        Cabin room of its own arc only if that Wall is gone. Inside the Cabin: the whole
        Cabin (hearing) and the outer rings of its half of the board, "regardless of Walls".
        """
        self._check(space)
        a, r = space
        half = {a, self.side(a, -1), self.side(a, 1)}
        seen = {(x, ring) for x in half for ring in self.rings[:-1]}
        if r == self.cabin:
            seen |= {(x, self.cabin) for x in range(1, self.arcs + 1)}
        elif self.walls[a] == "destroyed":
            seen.add((a, self.cabin))
        return frozenset(seen)
