"""Line of Sight by straight rays along cell rows and columns (P. 10, P. 31, Hawk-eye P. 46).

The rulebook text and how each sentence is implemented:

* P. 10 "In exterior Zones, Actors see in straight lines that run parallel to the edges of the
  board. Actors cannot see diagonally. Their Line of Sight covers as many Zones as the line can
  pass through before reaching a wall or the edge of the board." — from every cell of the
  viewer's Zone a ray goes north, east, south and west, cell by cell. Each time it enters a new
  Zone the range grows by 1 (range counts Zones, not cells). It stops at a wall, a building wall
  (interior edge without opening), a closed Opening or the board edge. A Zone is seen at the
  smallest range of any ray reaching it.
* P. 10 "In interior Zones, an Actor sees into all the Zones that share an opening with the room
  ... limited, however, to the distance of 1 Zone." — a ray leaving a room through an open
  Opening into another room sees it at range 1 and stops.
* P. 10 "looking from an interior Zone to an exterior Zone or vice versa, the Line of Sight can go
  through any number of exterior Zones into a straight line, but only 1 Zone into the building."
  — a ray leaving a room through an open door/window continues straight through exterior Zones;
  a ray from outdoors entering a room through an open Opening sees that room and stops. (A ray
  that left a building never enters another one: that would be 2 Zones into buildings.)
* P. 10 NOTE "Closed Barricades and closed Doors interrupt Lines of Sight" — and closed windows
  (barricaded) and closed Stairs (played like a Door, P. 18).
* P. 31 Corn Fields: "No Line of Sight can go into, and through them. Line of Sight within a Corn
  Field is limited to Range 0." — rays stop before a Corn cell; a viewer in a Corn Field sees
  only its own Zone.
* P. 31 Woods: "block Lines of Sight for anyone outside. No Line of Sight can go into, and through
  them. Actors standing inside a Wood Zone can trace Lines of Sight from their own Wood Zone." —
  rays stop before any Wood Zone other than the viewer's; from inside, rays go out normally.
* P. 46 Hawk-eye: "Lines of Sight go at Range 1 through closed Barricades and Corn Fields." — a
  second cast treats closed Barricades/barricaded windows as open and Corn Fields as plain
  exterior Zones; only what it finds at range <= 1 is added. Closed Doors still block.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .model import ZoneKind

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board

_WALL = -2
_INTERIOR = ZoneKind.INTERIOR
_EXTERIOR = ZoneKind.EXTERIOR
_CORN = ZoneKind.CORN
_WOODS = ZoneKind.WOODS


def precompute_rays(board: "Board") -> list[tuple[tuple[tuple[int, int], ...], ...]]:
    """For each Zone, the distinct rays from its cells: a ray is the sequence of
    ``(edge_code, zone_index)`` steps until the board edge (computed once per Board)."""
    per_zone: list[set] = [set() for _ in board._zlist]
    for i, z in enumerate(board._cz):
        if z < 0:
            continue
        for d in range(4):
            steps = []
            cell = i
            while True:
                nxt = board._next[cell][d]
                if nxt < 0:
                    break
                code = board._edge[cell][d]
                steps.append((code, board._cz[nxt]))
                if code == _WALL:
                    break
                cell = nxt
            # drop the leading steps inside the viewer's own zone (they change nothing)
            k = 0
            while k < len(steps) and steps[k][1] == z and steps[k][0] != _WALL:
                k += 1
            if k < len(steps):
                per_zone[z].add(tuple(steps[k:]))
    return [tuple(sorted(s)) for s in per_zone]


def _cast(board: "Board", closed: frozenset[int], v: int, hawk: bool) -> dict[int, int]:
    kinds = board._kinds
    olist = board._olist
    kv = kinds[v]
    seen = {v: 0}
    if kv is _CORN and not hawk:
        return seen  # P. 31: range 0 only
    for ray in board._rays[v]:
        cur = v
        rng = 0
        for code, nz in ray:
            if code == _WALL:
                break
            if code >= 0 and code in closed and not (hawk and olist[code].kind.barricade_like):
                break
            if nz == cur:
                continue
            if nz == v:
                break  # back into the viewer's Zone: its own rays cover the rest
            kn = kinds[nz]
            if kn is _WOODS or (kn is _CORN and not hawk):
                break  # P. 31: no Line of Sight into Woods or Corn Fields
            if kn is _INTERIOR and cur != v and kv is _INTERIOR:
                break  # looking out of a building: never into a second one (1 Zone inside, P. 10)
            rng += 1
            if rng < seen.get(nz, 1 << 30):
                seen[nz] = rng
            if kn is _INTERIOR:
                break  # P. 10: only 1 Zone into a building; rooms see rooms at range 1
            cur = nz
    return seen


def line_of_sight(board: "Board", closed: frozenset[int], v: int, hawk: bool) -> dict[str, int]:
    """Zone id -> range for a viewer in Zone index ``v`` (see the module docstring)."""
    seen = _cast(board, closed, v, False)
    if hawk:
        for z, r in _cast(board, closed, v, True).items():
            if r <= 1 and r < seen.get(z, 1 << 30):
                seen[z] = r
    zl = board._zlist
    return {zl[z].id: r for z, r in sorted(seen.items(), key=lambda t: (t[1], zl[t[0]].id))}
