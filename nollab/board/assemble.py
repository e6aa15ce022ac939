"""Assemble placed tiles (plus map-level openings, walls and tokens on openings) into a Board.

A Zone belongs to the tile it is printed on, so a tile seam is a Zone boundary (free between
outdoor Zones, a wall between rooms unless an opening lies on it) — except where a scene joins
two rooms the art draws as one room across the seam (``rooms``: the farmhouse hall of 4R and 3R
in Scene 1). Openings printed on a tile's border (*edge openings*: the doorways between the
farmhouse tiles) join whatever Zone lies beyond; two tiles printing the same doorway give one
Opening (the first placed tile's id; the other id is an alias); an edge opening at the board's
edge, or facing a room whose tile prints a wall there, is dropped.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .board import Board
from .model import BoardFormatError, Cell, Feature, Opening, OpeningKind, TilePlacement, Zone, ZoneKind
from .tiles import NO_CELL, OpeningSpec, TileDef


@dataclass(frozen=True)
class Placed:
    """A tile to place: top-left board cell (0-based) and clockwise rotation in degrees."""

    tile: TileDef
    row: int
    col: int
    rotation: int = 0


@dataclass(frozen=True)
class OpeningOverride:
    """A token set on an existing opening by a scene (e.g. an open Barricade on a doorway, a
    closed Door, a Stairway token): new kind and/or initial state."""

    opening: str
    kind: OpeningKind | None = None
    open: bool | None = None
    label: str | None = None


def assemble(placed: Sequence[Placed], *, openings: Sequence[OpeningSpec] = (),
             walls: Sequence[tuple[Cell, Cell]] = (), overrides: Sequence[OpeningOverride] = (),
             rooms: Sequence[Sequence[str]] = (), file: str = "<map>", name: str = "") -> Board:
    """Build a :class:`Board`. Map-level ``openings``/``walls`` use 0-based board cells.
    ``rooms``: groups of interior Zone ids on different tiles that the art draws as one room
    across a seam; each group becomes one Zone named after its first id (the others' cells join
    it), and the seam between them must be printed open (the tiles' ``open_edges``).
    Errors (:class:`BoardFormatError`) name ``file`` and 1-based board row/col."""
    if not placed:
        raise BoardFormatError(file, "the map has no tiles")
    rot = [Placed(p.tile.rotated(p.rotation), p.row, p.col, p.rotation) for p in placed]
    ids = [p.tile.id for p in rot]
    for t in ids:
        if ids.count(t) > 1:
            raise BoardFormatError(file, f"tile {t!r} is placed twice (a tile has one face up)")
    rows = max(p.row + p.tile.rows for p in rot)
    cols = max(p.col + p.tile.cols for p in rot)
    owner: list[list[str | None]] = [[None] * cols for _ in range(rows)]
    cell_zone: list[list[str | None]] = [[None] * cols for _ in range(rows)]
    zcells: dict[str, list[Cell]] = {}
    zmeta: dict[str, tuple[ZoneKind, str, str]] = {}
    for p in rot:
        if p.row < 0 or p.col < 0:
            raise BoardFormatError(file, f"tile {p.tile.id!r} placed at a negative position")
        for r, line in enumerate(p.tile.grid):
            for c, ch in enumerate(line):
                if ch == NO_CELL:
                    continue
                R, C = p.row + r, p.col + c
                if owner[R][C] is not None:
                    raise BoardFormatError(file, f"tiles {owner[R][C]!r} and {p.tile.id!r} overlap",
                                           R + 1, C + 1)
                owner[R][C] = p.tile.id
                zid = f"{p.tile.id}:{ch}"
                cell_zone[R][C] = zid
                zcells.setdefault(zid, []).append((R, C))
                kind, label = p.tile.legend[ch]
                zmeta[zid] = (kind, label, p.tile.id)
    open_seams = _open_seams(rot)
    for group in rooms:
        _join_room(list(group), zcells, zmeta, cell_zone, open_seams, file)
    zones = [Zone(zid, zmeta[zid][0], zmeta[zid][2], tuple(sorted(cells)), zmeta[zid][1] or zid)
             for zid, cells in zcells.items()]

    ops: dict[str, Opening] = {}
    edge_owner: dict[frozenset[Cell], str] = {}
    aliases: dict[str, str] = {}

    def add(oid: str, a: Cell, b: Cell, kind: OpeningKind, is_open: bool, label: str, where: str):
        za, zb = cell_zone[a[0]][a[1]], cell_zone[b[0]][b[1]]
        if za is None or zb is None:
            bad = a if za is None else b
            raise BoardFormatError(where, f"opening {oid!r}: cell is not on the board", bad[0] + 1, bad[1] + 1)
        if za == zb:
            raise BoardFormatError(where, f"opening {oid!r}: both cells belong to the same zone {za!r}",
                                   a[0] + 1, a[1] + 1)
        if oid in ops:
            raise BoardFormatError(where, f"duplicate opening id {oid!r}", a[0] + 1, a[1] + 1)
        key = frozenset((a, b))
        if key in edge_owner:
            raise BoardFormatError(where, f"opening {oid!r} is on the same edge as {edge_owner[key]!r}",
                                   a[0] + 1, a[1] + 1)
        edge_owner[key] = oid
        ops[oid] = Opening(oid, kind, (za, zb), (a, b), is_open, kind is OpeningKind.WINDOW, label)

    edge_ops = []
    for p in rot:
        for o in p.tile.openings:
            a = (p.row + o.a[0], p.col + o.a[1])
            b = (p.row + o.b[0], p.col + o.b[1])
            if p.tile.inside(o.a) and p.tile.inside(o.b):
                add(f"{p.tile.id}:{o.id}", a, b, o.kind, o.open, o.label, p.tile.file)
            else:
                edge_ops.append((f"{p.tile.id}:{o.id}", a, b, o))
    printed = {}
    for oid, a, b, o in edge_ops:
        printed[frozenset((a, b))] = printed.get(frozenset((a, b)), 0) + 1
    for oid, a, b, o in edge_ops:  # printed on a tile's border: join whatever lies beyond
        if not (0 <= b[0] < rows and 0 <= b[1] < cols) or cell_zone[b[0]][b[1]] is None:
            continue  # the board's edge: nothing beyond
        if cell_zone[a[0]][a[1]] == cell_zone[b[0]][b[1]]:
            continue  # a room joined across the seam: no opening inside one Zone
        key = frozenset((a, b))
        if zmeta[cell_zone[b[0]][b[1]]][0] is ZoneKind.INTERIOR and printed[key] < 2 \
                and key not in open_seams:
            continue  # a doorway facing the wall of the next tile's room: the wall blocks it
        if key in edge_owner:  # the neighbouring tile prints the same doorway
            aliases[oid] = edge_owner[key]
            continue
        add(oid, a, b, o.kind, o.open, o.label, file)
    for o in openings:
        if not all(0 <= x[0] < rows and 0 <= x[1] < cols for x in (o.a, o.b)):
            raise BoardFormatError(file, f"opening {o.id!r}: cell is outside the board", o.a[0] + 1, o.a[1] + 1)
        add(o.id, o.a, o.b, o.kind, o.open, o.label, file)

    for ov in overrides:
        old = ops.get(aliases.get(ov.opening, ov.opening))
        if old is None:
            raise BoardFormatError(file, f"token set on unknown opening {ov.opening!r}")
        kind = ov.kind if ov.kind is not None else old.kind
        is_open = ov.open if ov.open is not None else old.initially_open
        if kind is OpeningKind.PASSAGE and not is_open:
            raise BoardFormatError(file, f"opening {ov.opening!r}: a passage cannot be closed")
        ops[ov.opening] = Opening(old.id, kind, old.zones, old.cells, is_open, old.window,
                                  ov.label if ov.label is not None else old.label)

    all_walls: list[tuple[Cell, Cell]] = []
    for p in rot:
        all_walls += [((p.row + a[0], p.col + a[1]), (p.row + b[0], p.col + b[1])) for a, b in p.tile.walls]
    for a, b in walls:
        for x in (a, b):
            if not (0 <= x[0] < rows and 0 <= x[1] < cols) or cell_zone[x[0]][x[1]] is None:
                raise BoardFormatError(file, "wall: cell is not on the board", x[0] + 1, x[1] + 1)
        if cell_zone[a[0]][a[1]] == cell_zone[b[0]][b[1]]:
            raise BoardFormatError(file, "wall: both cells belong to the same zone", a[0] + 1, a[1] + 1)
        all_walls.append((a, b))
    for a, b in all_walls:
        if frozenset((a, b)) in edge_owner:
            raise BoardFormatError(file, f"a wall and opening {edge_owner[frozenset((a, b))]!r} are on "
                                   "the same edge", a[0] + 1, a[1] + 1)

    # Interior <-> anything needs an opening (P. 11): a room without any opening is sealed. A
    # room whose tile prints a doorway only on its border may be walled off by the placement
    # (the doorway meets the board's edge or the next tile's wall): allowed, nobody enters it.
    touched = {z for o in ops.values() for z in o.zones}
    printed_ways = set()
    for p in rot:
        for o in p.tile.openings:
            for cell in (o.a, o.b):
                if p.tile.inside(cell):
                    printed_ways.add(f"{p.tile.id}:{p.tile.grid[cell[0]][cell[1]]}")
        for a, _b in p.tile.open_edges:
            printed_ways.add(f"{p.tile.id}:{p.tile.grid[a[0]][a[1]]}")
    for z in zones:
        if z.kind is ZoneKind.INTERIOR and z.id not in touched and z.id not in printed_ways:
            r, c = z.cells[0]
            raise BoardFormatError(
                file, f"interior zone {z.id!r} ({z.label}) has no opening: every room needs a door, "
                "window, stairs, barricade or passage to be entered (P. 11)", r + 1, c + 1)

    tiles = [TilePlacement(p.tile.id, p.row, p.col, p.tile.rows, p.tile.cols, p.rotation,
                           p.tile.reconstructed, p.tile.source, p.tile.readings) for p in rot]
    features = [Feature(f.kind, cell_zone[p.row + f.cell[0]][p.col + f.cell[1]],
                        (p.row + f.cell[0], p.col + f.cell[1]), p.tile.id, f.label)
                for p in rot for f in p.tile.features]
    return Board(rows=rows, cols=cols, cell_zone=cell_zone, zones=zones, openings=ops.values(),
                 walls=all_walls, tiles=tiles, name=name, features=features, aliases=aliases)


def _open_seams(rot: Sequence[Placed]) -> set[frozenset[Cell]]:
    """Board edges (pairs of cells) that a tile prints open: its room goes on beyond the seam."""
    out = set()
    for p in rot:
        for a, b in p.tile.open_edges:
            out.add(frozenset(((p.row + a[0], p.col + a[1]), (p.row + b[0], p.col + b[1]))))
    return out


def _join_room(group: list[str], zcells: dict, zmeta: dict, cell_zone: list, open_seams: set,
               file: str) -> None:
    """Merge the Zones of ``group`` into its first Zone (one room drawn across a tile seam)."""
    if len(group) < 2 or len(set(group)) != len(group):
        raise BoardFormatError(file, f"[map].rooms: {group!r} must list two or more different zones")
    for z in group:
        if z not in zcells:
            raise BoardFormatError(file, f"[map].rooms: unknown zone {z!r} (zone ids look like \"3R:S\")")
        if zmeta[z][0] is not ZoneKind.INTERIOR:
            raise BoardFormatError(file, f"[map].rooms: {z!r} is not a room (only interior Zones join)")
    if len({zmeta[z][2] for z in group}) != len(group):
        raise BoardFormatError(file, f"[map].rooms: {group!r}: a room on one tile is one Zone already")
    keep, joined = group[0], set(group[1:])
    union = set(zcells[keep])
    todo = list(joined)
    while todo:
        for z in list(todo):
            seam = [frozenset((a, b)) for a in zcells[z] for b in union
                    if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1]
            if seam:
                if not any(e in open_seams for e in seam):
                    r, c = zcells[z][0]
                    raise BoardFormatError(file, f"[map].rooms: {z!r} and {keep!r} meet where the tiles "
                                           "print a wall (no open_edges on that seam)", r + 1, c + 1)
                union |= set(zcells[z])
                todo.remove(z)
                break
        else:
            raise BoardFormatError(file, f"[map].rooms: {todo[0]!r} does not touch {keep!r} across a seam")
    for z in group[1:]:
        for r, c in zcells.pop(z):
            cell_zone[r][c] = keep
            zcells[keep].append((r, c))
        zmeta.pop(z)
