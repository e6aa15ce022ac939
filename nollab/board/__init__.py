"""Board geometry for nollab, game-agnostic: cells, Zones, Openings, tiles, Line of Sight, paths.

Main entry points::

    from nollab.board import load_map
    sm = load_map("S1")                     # SceneMap: .board (Board), .tokens (MapTokens)
    b = sm.board
    closed = b.initial_closed               # frozenset of closed opening ids: the game owns it
    b.neighbors("2R:K", closed)             # Move (P. 11); b.car_neighbors(...) (P. 21)
    b.line_of_sight("4R:d", closed)         # {zone id: range} (P. 10, P. 31); hawk_eye=True (P. 46)
    b.range("4R:d", "4R:S", closed)         # range for a Ranged Action, None if not in sight
    b.distance("2R:a", "1R:L", closed)      # Moves needed, None if no open path
    b.first_steps("2R:a", "1R:L", closed)   # every neighbour starting a shortest route
    b.shortest_paths("2R:a", "1R:L", closed)  # all equal shortest routes
    b.ghoul_step_options("2R:a", "1R:L", closed)  # P. 23, incl. the "all open" fallback
    b.house("2R:K"); b.tile_of("3R:S"); b.corner_zones("2R"); b.features_of("pump")
    sm.spawn_order()                        # clockwise from the white Spawn Zone (P. 24)

    # small hand-made maps (tests, notebooks): opening ids are kept as given
    board_from_grid("aK", {"a": "exterior", "K": "interior"}, [("d", "r1c1-r1c2", "door", False)])

**Convention:** the Board is immutable. The open/closed state of Openings belongs to the game
and is passed to every query as ``closed: frozenset[str]`` (ids of the closed openings;
``None`` = the map's initial state; ``b.all_open`` = nothing closed). Results are cached per
``closed`` set, so keep passing the same frozenset while nothing changes.

Modules: :mod:`.model` (value types), :mod:`.tiles` (tile file format), :mod:`.assemble`
(tiles -> Board), :mod:`.board` (Board: movement and paths), :mod:`.sight` (Line of Sight),
:mod:`.scene_map` (scene ``[map]`` tables, tokens, spawn order), :mod:`.ascii` (text picture),
:mod:`.quick` (one-call boards from a grid).
"""
from .model import (BoardFormatError, Cell, Feature, MapTokens, Marker, Opening, OpeningKind,
                    SpawnToken, TilePlacement, Zone, ZoneKind)
from .tiles import FeatureSpec, OpeningSpec, TileDef, load_tile, parse_tile_text
from .board import Board, GhoulStep
from .assemble import OpeningOverride, Placed, assemble
from .scene_map import SceneMap, clockwise_order, find_tile, load_map, parse_map_text
from .quick import board_from_grid

__all__ = [
    "Board", "BoardFormatError", "Cell", "Feature", "FeatureSpec", "GhoulStep", "MapTokens", "Marker", "Opening",
    "OpeningKind", "OpeningOverride", "OpeningSpec", "Placed", "SceneMap", "SpawnToken",
    "TileDef", "TilePlacement", "Zone", "ZoneKind", "assemble", "board_from_grid",
    "board_from_text", "clockwise_order", "find_tile", "load_map", "load_tile",
    "parse_map_text", "parse_tile_text",
]


def board_from_text(tile_text: str, name: str = "<test>") -> Board:
    """A one-tile Board from a tile file's text (rotation 0); opening ids get the tile prefix."""
    return assemble([Placed(parse_tile_text(tile_text, name), 0, 0)], file=name, name=name)
