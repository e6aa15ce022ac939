"""The picture without Jupyter: display lists of shapes, and an SVG backend.

Public API::

    display_list(obj, overlay=None, *, cell=48, snapshot=None, art=None) -> DisplayList
    svg_for(obj, overlay=None, *, cell=48, scale=1.0, art=None) -> str      # for _repr_svg_
    to_svg(display_list) -> str
    sight_overlay(board, zone, closed=None) / route_overlay(zones) / Overlay(...)
    use_art(pack) / open_art(pack) / with_art(display_list, pack)      # the printed tile faces
    check_display_list(scene_map, pack, cell=72) -> DisplayList        # our zones over the art

``art`` is the player's own tile pack (a folder or the zip the map editor distributes, see
:mod:`nollab.render.art`): each tile's printed face is drawn under the zones, turned as the
Scene places it. ``art=None`` means the pack set with :func:`use_art` (none by default: the
schematic board), ``art=False`` always the schematic board.

``obj`` is a :class:`nollab.board.Board`, a scene map (anything with ``.board`` and
``.tokens``), a live game (``.board`` and ``.state``), or a :class:`BoardGeometry`. Board, scene
map and game classes get notebook pictures with a one-line ``_repr_svg_`` calling
:func:`svg_for`. Nothing here imports Jupyter packages (widgets draw the same display lists on a
canvas, see ``nollab.widgets``).
"""
from __future__ import annotations

import weakref
from dataclasses import replace
from typing import Any

from .art import ArtError, ArtImage, TileArt, open_art, use_art
from .art_layer import faces_for
from .adapt import (
    closed_openings,
    is_game,
    geometry_from_board,
    ghoul_routes,
    snapshot_from_game,
    snapshot_from_map,
    snapshot_from_state,
)
from .layers import build
from .tiles_layer import tiles_layer
from .model import (
    BoardGeometry,
    BoardSnapshot,
    CarToken,
    Marker,
    OpeningToken,
    Overlay,
    SpawnToken,
    SurvivorToken,
    TileShape,
    ZoneShape,
)
from .shapes import LAYERS, Circle, DisplayList, Image, Line, Polygon, Rect, Text, ZoneGrid
from .svg import to_svg
from .check import check_display_list

__all__ = [
    "ArtError", "ArtImage", "Image", "TileArt", "check_display_list", "faces_for", "open_art",
    "use_art", "with_art",
    "BoardGeometry", "BoardSnapshot", "CarToken", "Circle", "DisplayList", "LAYERS", "Line",
    "Marker", "OpeningToken", "Overlay", "Polygon", "Rect", "SpawnToken", "SurvivorToken", "Text",
    "TileShape", "ZoneGrid", "ZoneShape", "build", "closed_openings", "display_list",
    "game_overlay", "geometry", "ghoul_routes", "route_overlay", "sight_overlay",
    "snapshot_from_game", "snapshot_from_map", "snapshot_from_state", "svg_for", "to_svg",
]

_GEOMETRY: "weakref.WeakKeyDictionary[Any, BoardGeometry]" = weakref.WeakKeyDictionary()


def geometry(board: Any) -> BoardGeometry:
    """The (cached) :class:`BoardGeometry` of a board; a geometry passes through unchanged."""
    if isinstance(board, BoardGeometry):
        return board
    try:
        cached = _GEOMETRY.get(board)
    except TypeError:  # not weak-referenceable: no cache
        return geometry_from_board(board)
    if cached is None:
        cached = geometry_from_board(board)
        _GEOMETRY[board] = cached
    return cached


def with_art(dl: DisplayList, art: Any) -> DisplayList:
    """``dl`` with its ``tiles`` layer redrawn on the printed faces of ``art`` (same pieces and
    highlights); ``dl`` itself when it carries no geometry or ``art`` gives no pack."""
    geom = dl.geometry
    if geom is None or dl.grid is None:
        return dl
    faces = faces_for(geom, art)
    if not faces:
        return dl
    return replace(dl, tiles=tiles_layer(geom, dl.grid.cell, faces))


def display_list(obj: Any, overlay: Overlay | None = None, *, cell: float = 48.0,
                 snapshot: BoardSnapshot | None = None, art: Any = None) -> DisplayList:
    """The display list of a board, scene map, game or geometry (see module docstring).

    ``snapshot`` replaces the pieces read from ``obj`` (e.g. a hand-made position); ``art`` is a
    tile pack (see module docstring).
    """
    if isinstance(obj, BoardGeometry):
        return build(obj, snapshot, overlay, cell=cell, faces=faces_for(obj, art))
    if is_game(obj):
        snap = snapshot or snapshot_from_game(obj)
        geom = geometry(obj.board)
        return build(geom, snap, overlay, cell=cell, faces=faces_for(geom, art))
    board = getattr(obj, "board", obj)
    if not hasattr(board, "zones") or not hasattr(board, "openings"):
        raise TypeError(f"cannot draw a {type(obj).__name__}: expected a Board, a scene map or a Game")
    snap = snapshot or snapshot_from_map(obj, caption="")
    geom = geometry(board)
    return build(geom, snap, overlay, cell=cell, faces=faces_for(geom, art))


def svg_for(obj: Any, overlay: Overlay | None = None, *, cell: float = 48.0, scale: float = 1.0,
            art: Any = None) -> str:
    """SVG text for ``obj`` — what ``_repr_svg_`` of Board, SceneMap and Game return (on the
    art set with :func:`use_art`, if any)."""
    dl = display_list(obj, overlay, cell=cell, art=art)
    name = getattr(getattr(obj, "board", obj), "name", "") or ""
    return to_svg(dl, title=name or None, scale=scale)


def sight_overlay(board: Any, zone: str, closed: frozenset[str] | None = None, *,
                  hawk_eye: bool = False, selected: bool = True) -> Overlay:
    """Line of sight from ``zone`` (P. 10, P. 31) as an overlay, read from ``board.line_of_sight``."""
    seen = board.line_of_sight(zone, closed, hawk_eye)
    return Overlay(sight_from=zone, sight=tuple(sorted(z for z in seen if z != zone)),
                   selected=zone if selected else None)


def game_overlay(game: Any, *, selected: str | None = None, legal: bool = True,
                 routes: bool = True) -> Overlay:
    """The usual overlay of a live game: the active Survivor's legal Moves (P. 18), the line of
    sight of ``selected`` (P. 10), and the Ghoul moves of the latest Ghouls' Phase (P. 23; they
    stay drawn through the next Players' Phase so a player sees where the Ghouls came from)."""
    sight: tuple[str, ...] = ()
    if selected is not None:
        seen = game.board.line_of_sight(selected, closed_openings(game.board, game.state))
        sight = tuple(sorted(z for z in seen if z != selected))
    moves = tuple(sorted({a.params[0] for a in game.legal_actions() if a.kind == "move"})) if legal else ()
    return Overlay(sight_from=selected, sight=sight, legal=moves, selected=selected,
                   routes=ghoul_routes(game.events, since_kinds=("phase",)) if routes else ())


def route_overlay(zones: tuple[str, ...] | list[str], selected: str | None = None) -> Overlay:
    """A ghoul group's route through ``zones`` (P. 23) as an overlay."""
    return Overlay(route=tuple(zones), selected=selected)
