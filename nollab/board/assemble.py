"""Assemble placed tiles (plus map-level openings, walls and tokens on openings) into a Board.

Zones never span two tiles: every Zone belongs to the tile it is printed on, so a tile seam is
always a Zone boundary (free between outdoor Zones, a wall between rooms unless the map puts an
opening on it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .board import Board
from .model import BoardFormatError, Cell, Opening, OpeningKind, TilePlacement, Zone, ZoneKind
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
             file: str = "<map>", name: str = "") -> Board:
    """Build a :class:`Board`. Map-level ``openings``/``walls`` use 0-based board cells.
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
    zones = [Zone(zid, zmeta[zid][0], zmeta[zid][2], tuple(cells), zmeta[zid][1] or zid)
             for zid, cells in zcells.items()]

    ops: dict[str, Opening] = {}
    edge_owner: dict[frozenset[Cell], str] = {}

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

    for p in rot:
        for o in p.tile.openings:
            a = (p.row + o.a[0], p.col + o.a[1])
            b = (p.row + o.b[0], p.col + o.b[1])
            add(f"{p.tile.id}:{o.id}", a, b, o.kind, o.open, o.label, p.tile.file)
    for o in openings:
        if not all(0 <= x[0] < rows and 0 <= x[1] < cols for x in (o.a, o.b)):
            raise BoardFormatError(file, f"opening {o.id!r}: cell is outside the board", o.a[0] + 1, o.a[1] + 1)
        add(o.id, o.a, o.b, o.kind, o.open, o.label, file)

    for ov in overrides:
        old = ops.get(ov.opening)
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

    # Interior <-> anything needs an opening (P. 11): a room without any opening is sealed.
    touched = {z for o in ops.values() for z in o.zones}
    for z in zones:
        if z.kind is ZoneKind.INTERIOR and z.id not in touched:
            r, c = z.cells[0]
            raise BoardFormatError(
                file, f"interior zone {z.id!r} ({z.label}) has no opening: every room needs a door, "
                "window, stairs, barricade or passage to be entered (P. 11)", r + 1, c + 1)

    tiles = [TilePlacement(p.tile.id, p.row, p.col, p.tile.rows, p.tile.cols, p.rotation,
                           p.tile.reconstructed) for p in rot]
    return Board(rows=rows, cols=cols, cell_zone=cell_zone, zones=zones, openings=ops.values(),
                 walls=all_walls, tiles=tiles, name=name)
