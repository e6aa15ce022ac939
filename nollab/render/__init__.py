"""The picture without Jupyter: display lists of shapes, and an SVG backend.

Public API::

    display_list(obj, overlay=None, *, cell=48, snapshot=None) -> DisplayList
    svg_for(obj, overlay=None, *, cell=48, scale=1.0) -> str      # for _repr_svg_
    to_svg(display_list) -> str
    sight_overlay(board, zone, closed=None) / route_overlay(zones) / Overlay(...)

``obj`` is a :class:`nollab.board.Board`, a scene map (anything with ``.board`` and
``.tokens``), a live game (``.board`` and ``.state``), or a :class:`BoardGeometry`. Board, scene
map and game classes get notebook pictures with a one-line ``_repr_svg_`` calling
:func:`svg_for`. Nothing here imports Jupyter packages (widgets draw the same display lists on a
canvas, see ``nollab.widgets``).
"""
from __future__ import annotations

import weakref
from typing import Any

from .adapt import (
    closed_openings,
    geometry_from_board,
    ghoul_routes,
    snapshot_from_game,
    snapshot_from_map,
    snapshot_from_state,
)
from .layers import build
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
from .shapes import LAYERS, Circle, DisplayList, Line, Polygon, Rect, Text, ZoneGrid
from .svg import to_svg

__all__ = [
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


def _is_game(obj: Any) -> bool:
    return hasattr(obj, "state") and hasattr(obj, "board") and hasattr(obj.state, "survivors")


def display_list(obj: Any, overlay: Overlay | None = None, *, cell: float = 48.0,
                 snapshot: BoardSnapshot | None = None) -> DisplayList:
    """The display list of a board, scene map, game or geometry (see module docstring).

    ``snapshot`` replaces the pieces read from ``obj`` (e.g. a hand-made position).
    """
    if isinstance(obj, BoardGeometry):
        return build(obj, snapshot, overlay, cell=cell)
    if _is_game(obj):
        snap = snapshot or snapshot_from_game(obj)
        return build(geometry(obj.board), snap, overlay, cell=cell)
    board = getattr(obj, "board", obj)
    if not hasattr(board, "zones") or not hasattr(board, "openings"):
        raise TypeError(f"cannot draw a {type(obj).__name__}: expected a Board, a scene map or a Game")
    snap = snapshot or snapshot_from_map(obj, caption="")
    return build(geometry(board), snap, overlay, cell=cell)


def svg_for(obj: Any, overlay: Overlay | None = None, *, cell: float = 48.0, scale: float = 1.0) -> str:
    """SVG text for ``obj`` — what ``_repr_svg_`` of Board, SceneMap and Game return."""
    dl = display_list(obj, overlay, cell=cell)
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
