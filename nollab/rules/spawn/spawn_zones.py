"""Spawn Zones (P. 24; S6/S8 P. 39, P. 41; S9 P. 42) as pure functions: the order of the draws
(white first, then clockwise, one card per token), the active colours, and the Zones a Scene
spawns in (the rooms of a house opened in S9, the corner Zones of occupied tiles in S6/S8).
"""
from __future__ import annotations

import math
from typing import Any, Iterable, Mapping, Sequence

from nollab.rules.ghouls.geometry import Zone, zone_key


def spawn_order(clockwise_zones: Sequence[Zone], white_zone: Zone,
                tokens: Mapping[Zone, int] | None = None) -> tuple[Zone, ...]:
    """Zones to draw a Ghoul card for, in order, one entry per Spawn token (P. 24).

    "The white Spawn Zone is always the first one to spawn Ghouls." "It is possible to have
    multiple Spawn tokens in a Zone. Draw a Ghoul card for each Spawn token in that Zone."
    "Repeat this for each Spawn Zone, one after the other, going clockwise from the white
    Spawn Zone." ``clockwise_zones`` are the *active* Spawn Zones in clockwise order (from any
    start; see :func:`clockwise_order`); inactive coloured Zones (P. 24) must be left out by
    the caller. ``tokens`` counts Spawn tokens per Zone (default 1 each).
    """
    zones = list(dict.fromkeys(clockwise_zones))
    if white_zone not in zones:
        raise ValueError(f"white_zone: {white_zone!r} is not among the active spawn zones {zones!r}")
    i = zones.index(white_zone)
    ordered = zones[i:] + zones[:i]
    out: list[Zone] = []
    for z in ordered:
        n = 1 if tokens is None else tokens.get(z, 0)
        if n < 0:
            raise ValueError(f"tokens[{z!r}]: negative number of Spawn tokens {n}")
        out.extend([z] * n)
    return tuple(out)


def spawn_tokens_by_zone(spawns: Iterable[Any], active_colours: Iterable[str] = ("white", "red")) -> dict[Zone, int]:
    """Active Spawn tokens per Zone, from map tokens with ``zone`` and ``colour`` (P. 24).

    "Unless otherwise stated, such [yellow, violet] Spawn Zones don't spawn Ghouls until a
    specific event happens, which then activates them": pass the colours a Scene event has
    activated in ``active_colours``. Feed the result to :func:`spawn_order` as ``tokens``.
    """
    active = set(active_colours)
    out: dict[Zone, int] = {}
    for t in spawns:
        if t.colour in active:
            out[t.zone] = out.get(t.zone, 0) + 1
    return out


def clockwise_order(board: Any, zones: Iterable[Zone], start: Zone | None = None) -> tuple[Zone, ...]:
    """``zones`` sorted clockwise around the board's centre, beginning with ``start`` (or at
    12 o'clock). Uses the Zones' cell centres (``board.zone(z).centre``, rows grow downward)."""
    cr, cc = board.rows / 2, board.cols / 2

    def angle(z: Zone) -> tuple:
        r, c = board.zone(z).centre
        a = math.atan2(c - cc, -(r - cr)) % (2 * math.pi)  # 0 = north, growing clockwise
        return (round(a, 9), math.hypot(r - cr, c - cc), zone_key(z))

    ordered = sorted(dict.fromkeys(zones), key=angle)
    if start is not None:
        if start not in ordered:
            raise ValueError(f"start: {start!r} is not one of the zones {ordered!r}")
        i = ordered.index(start)
        ordered = ordered[i:] + ordered[:i]
    return tuple(ordered)


def house_spawn_zones(board: Any, zone: Zone, order: Sequence[Zone] | None = None) -> tuple[Zone, ...]:
    """S9 "Spawning in houses": the rooms to draw a Ghoul card for when a closed house is opened.

    "Opening a closed house for the first time reveals all the Ghouls inside all rooms of the
    house (a single house extends to all rooms connected by openings). Indicate each Zone of the
    house, one after the other in any order you choose, and draw a Ghoul card for each Zone."
    ``zone`` is any room of the house (``board.house(zone)``); ``order`` is the players' chosen
    order (default: sorted Zone ids). Feed the result to :func:`resolve_draws`; Barricade & Door
    Opening cards are resolved immediately there, as the Scene asks.
    """
    rooms = frozenset(board.house(zone))
    if not rooms:
        raise ValueError(f"zone: {zone!r} is not an interior Zone of a house")
    if order is None:
        return tuple(sorted(rooms, key=zone_key))
    order = tuple(order)
    if set(order) != rooms or len(order) != len(rooms):
        raise ValueError(f"order: must list each room of the house exactly once: {sorted(rooms)}")
    return order


def herd_spawn_zones(board: Any, survivor_zones: Iterable[Zone], start: Zone | None = None) -> tuple[Zone, ...]:
    """S6/S8 "Fighting through the herd": this Spawn step's Spawn Zones, in drawing order.

    "As long as a tile has at least 1 Survivor on it, its corner exterior Zones are considered
    Spawn Zones. Choose a starting Spawn Zone during each Spawn Step, then proceed clockwise.
    Corner interior Zones cannot spawn this way." A corner Zone is the Zone of one of the four
    corner cells of a tile placement; Corn Fields and Woods count as exterior (P. 31 calls them
    exterior Zones). ``start`` is the players' choice (default: the first at 12 o'clock).
    """
    tiles = {board.tile_of(z) for z in survivor_zones}
    corners = []
    for p in board.tiles:
        if p.tile not in tiles:
            continue
        for cell in ((p.row, p.col), (p.row, p.col + p.cols - 1),
                     (p.row + p.rows - 1, p.col + p.cols - 1), (p.row + p.rows - 1, p.col)):
            z = board.zone_at(cell)
            if z is not None and not board.zone(z).interior:
                corners.append(z)
    if not corners:
        return ()
    return clockwise_order(board, corners, start)
