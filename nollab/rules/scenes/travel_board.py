"""Travelling boards (S6 "Travelling posse", S8 "On the way to the cemetery", P. 39, P. 41).

The :class:`~nollab.board.Board` is immutable, so a travelling Scene keeps its current tile set
as plain data in the game state (``GameState.flags["travel"]["tiles"]``: ``[tile, trow, tcol,
rotation]`` in *tile* units, possibly negative) and rebuilds a Board from it with
:func:`nollab.board.assemble` whenever the set changes. Zone and opening ids are
``"<tile>:<letter>"`` whatever the position, so Survivors, Ghouls and opening states carry over
unchanged; only the cell coordinates are re-normalised (top-left tile at row 0, col 0).

Pure functions (no game state) so the geometry is testable on its own:

* :func:`build_board` — tile list (+ the scene's ``[map] set`` tokens) -> Board (cached).
* :func:`placement_options` — where a new tile may go "right next to" a tile "as to extend the
  road" (P. 39): a free side of the anchor tile whose edge reaches a road, and a rotation of
  the new tile whose facing edge reaches a road too.
* :func:`removable_tiles` — which empty tiles may leave the board without separating the
  Survivors "by disrupting the board" (P. 39, P. 41).

The corner Spawn Zones of "Fighting through the herd" come from
:func:`nollab.rules.spawn.spawn_zones.herd_spawn_zones`.

The game side (hooks, choices, state) is :mod:`nollab.rules.scenes.travelling`.
"""
from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import Iterable, Sequence

from nollab.board import Board, OpeningOverride, Placed, ZoneKind, assemble
from nollab.board.model import OpeningKind
from nollab.board.scene_map import SHIPPED_TILES
from nollab.board.tiles import TileDef, load_tile


#: Zone labels that mark a road on the reconstructed tiles ("as to extend the road", P. 39).
ROAD_WORDS = ("road", "street", "lane")


#: side name -> (tile-unit offset of the neighbour slot)
SIDES = {"north": (-1, 0), "east": (0, 1), "south": (1, 0), "west": (0, -1)}


OPPOSITE = {"north": "south", "south": "north", "east": "west", "west": "east"}


Tiles = tuple[tuple[str, int, int, int], ...]


def tile_def(tile: str, tiles_dir: str = "") -> TileDef:
    """Load a tile file: ``tiles_dir``, then ``$NOLLAB_CONTENT/tiles``, then the shipped tiles
    (the same order as :func:`nollab.board.load_map`)."""
    return _tile_def(tile, tiles_dir, os.environ.get("NOLLAB_CONTENT", ""))


@lru_cache(maxsize=64)
def _tile_def(tile: str, tiles_dir: str, user: str) -> TileDef:
    dirs = ([Path(tiles_dir)] if tiles_dir else []) + ([Path(user) / "tiles"] if user else []) + [SHIPPED_TILES]
    for d in dirs:
        p = d / f"{tile}.toml"
        if p.is_file():
            return load_tile(p, f"tiles/{tile}.toml" if d == SHIPPED_TILES else str(p))
    raise ValueError(f"travelling tile {tile!r}: no tile file {tile}.toml")


def physical(tile: str) -> str:
    """The physical tile of a face: "1R" and "1V" are the two faces of tile 1 (notld-data §6.1)."""
    return tile[:-1]


def _cell_size(tiles: Iterable[tuple[str, int, int, int]], tiles_dir: str) -> int:
    sizes = {tile_def(t, tiles_dir).rows for t, *_ in tiles}
    if len(sizes) != 1:
        raise ValueError(f"travelling tiles must all have the same size, got {sorted(sizes)}")
    return sizes.pop()


@lru_cache(maxsize=256)
def build_board(tiles: Tiles, overrides: tuple[tuple[str, str | None, bool | None], ...] = (),
                tiles_dir: str = "", name: str = "travel") -> Board:
    """Assemble the tiles ``(id, trow, tcol, rotation)`` (tile units) into a Board.

    ``overrides`` are the scene's ``[map] set`` tokens ``(opening, kind, open)``; those on tiles
    no longer present are dropped (their tile left the board)."""
    if not tiles:
        raise ValueError("a travelling board needs at least one tile")
    n = _cell_size(tiles, tiles_dir)
    r0 = min(t[1] for t in tiles)
    c0 = min(t[2] for t in tiles)
    placed = [Placed(tile_def(t, tiles_dir), (r - r0) * n, (c - c0) * n, rot) for t, r, c, rot in tiles]
    present = {t[0] for t in tiles}
    ovs = [OpeningOverride(o, OpeningKind(k) if k else None, op) for o, k, op in overrides
           if o.split(":")[0] in present]
    return assemble(placed, overrides=ovs, file=name, name=name)


def edge_cells(tile: TileDef, side: str) -> list[tuple[int, int]]:
    """Cells of a (rotated) tile along one side."""
    n, m = tile.rows, tile.cols
    return {"north": [(0, c) for c in range(m)], "south": [(n - 1, c) for c in range(m)],
            "west": [(r, 0) for r in range(n)], "east": [(r, m - 1) for r in range(n)]}[side]


def is_road(tile: TileDef, letter: str) -> bool:
    kind, label = tile.legend[letter]
    return kind is ZoneKind.EXTERIOR and any(w in label.lower() for w in ROAD_WORDS)


def road_sides(tile: TileDef) -> set[str]:
    """Sides of a (rotated) tile where its road leaves it: the tile's printed ``road_exits``
    (already turned with the tile), else every side reached by a road Zone (a user tile)."""
    if tile.road_exits:
        return set(tile.road_exits)
    return {side for side in SIDES
            if any(tile.grid[r][c] != "." and is_road(tile, tile.grid[r][c]) for r, c in edge_cells(tile, side))}


def placement_options(tiles: Tiles, anchor: str, new: str, tiles_dir: str = "",
                      prefer: str | None = None) -> list[tuple[str, int, int, int]]:
    """Placements ``(new, trow, tcol, rotation)`` of ``new`` next to ``anchor`` that extend the
    road (P. 39 "set tile 6R right next to it, in any way you want, as to extend the road. The
    board doesn't have to be linear."): a free side of ``anchor`` reached by its road, and a
    rotation of ``new`` whose facing side is reached by its road. ``prefer`` (a side) comes
    first; then north, east, south, west; rotations 0, 90, 180, 270. If no placement extends
    the road, every free side with every rotation is offered (reconstructed tiles may not
    match), so the journey never gets stuck."""
    pos = {t[0]: (t[1], t[2], t[3]) for t in tiles}
    if anchor not in pos:
        raise ValueError(f"anchor tile {anchor!r} is not on the board")
    ar, ac, arot = pos[anchor]
    used = {(r, c) for r, c, _ in pos.values()}
    a_roads = road_sides(tile_def(anchor, tiles_dir).rotated(arot))
    order = ([prefer] if prefer in SIDES else []) + [s for s in SIDES if s != prefer]
    good, any_free = [], []
    for side in order:
        dr, dc = SIDES[side]
        slot = (ar + dr, ac + dc)
        if slot in used:
            continue
        for rot in (0, 90, 180, 270):
            opt = (new, slot[0], slot[1], rot)
            any_free.append(opt)
            if side in a_roads and OPPOSITE[side] in road_sides(tile_def(new, tiles_dir).rotated(rot)):
                good.append(opt)
    return good or any_free


def tile_graph(tiles: Tiles) -> dict[str, set[str]]:
    """Tiles sharing a full side are neighbours."""
    at = {(t[1], t[2]): t[0] for t in tiles}
    out: dict[str, set[str]] = {t[0]: set() for t in tiles}
    for (r, c), tid in at.items():
        for dr, dc in SIDES.values():
            o = at.get((r + dr, c + dc))
            if o is not None:
                out[tid].add(o)
    return out


def connected(tiles: Tiles) -> bool:
    g = tile_graph(tiles)
    if not g:
        return True
    start = next(iter(g))
    seen, todo = {start}, [start]
    while todo:
        for n in g[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(g)


def removable_tiles(tiles: Tiles, occupied: set[str], keep: Sequence[str] = ()) -> list[str]:
    """Tiles to remove in an End Phase (P. 39, P. 41): those with no Survivor, oldest first,
    skipping ``keep`` (the tile waiting to be entered) and any tile whose removal would split
    the board ("This rule doesn't apply if it would separate the Survivors by disrupting the
    board." — read as: the remaining tiles must stay one connected board)."""
    cur = list(tiles)
    out = []
    for t in list(tiles):
        if t[0] in occupied or t[0] in keep:
            continue
        rest = tuple(x for x in cur if x[0] != t[0])
        if rest and connected(rest):
            cur = list(rest)
            out.append(t[0])
    return out
