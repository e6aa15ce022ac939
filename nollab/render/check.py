"""The transcription check: our zones, walls and openings drawn thin over the printed tile faces.

``nollab map S1 --art PACK --check`` writes this picture. The faces are shown at full strength
(no tint), every Zone is outlined just inside its cells in the colour of its kind and labelled
with its id letter and name, walls are thin red lines, openings the usual bars; so a room drawn
one square too wide, a missing doorway or a window on the wrong wall shows at a glance against
the print. Tiles the pack lacks keep their schematic fill, so the picture is never blank.
"""
from __future__ import annotations

from typing import Any, Mapping

from . import palette as P
from .adapt import geometry_from_tile, is_game, snapshot_from_game, snapshot_from_map
from .art import ArtError, ArtImage, pack_for
from .art_layer import art_images, boxed_label, faces_for
from .layers import tokens_layer, zone_outline
from .tiles_layer import boundaries, edge_segment, zone_grid
from .model import BoardGeometry, BoardSnapshot
from .shapes import DisplayList, Line, Rect, Shape, Text

#: Outline colours by Zone kind, chosen to stand out on the dark, earthy art.
OUTLINE = {"interior": "#ff3bd4", "exterior": "#22d3ee", "corn": "#ffd60a", "woods": "#7cfc00"}
WALL = "#ff2d2d"
LEGEND_H = 24.0


def check_layer(geom: BoardGeometry, faces: Mapping[str, ArtImage], cell: float) -> tuple[Shape, ...]:
    """Faces, then (for tiles without one) the schematic fill, zone outlines, walls and labels."""
    grid = zone_grid(geom, cell)
    out: list[Shape] = list(art_images(geom, faces, cell))
    for z in geom.zones:
        if z.tile not in faces:
            for r, c in z.cells:
                out.append(Rect(c * cell, r * cell, cell, cell, fill=P.ZONE_FILL[z.kind],
                                tag=f"zone:{z.kind}", zone=z.id))
    for t in geom.tiles:
        out.append(Rect(t.col * cell, t.row * cell, t.cols * cell, t.rows * cell, stroke="#ffffff",
                        stroke_width=1.0, opacity=0.6, tag=f"tile:{t.name}"))
    for z in geom.zones:
        out.extend(zone_outline(grid, z.id, OUTLINE[z.kind], f"outline:{z.kind}", inset=4.0, width=2.0))
    for what, e, _a, _b in boundaries(geom):
        if what == "wall":
            p, q = edge_segment(e, cell)
            out.append(Line((p, q), stroke=WALL, stroke_width=2.5, tag="wall"))
    for z in geom.zones:
        if not z.cells:
            continue
        r, c = min(z.cells)
        letter = z.id.split(":", 1)[-1]
        text = f"{letter} {z.label}" if z.label and z.label != z.id else letter
        out.extend(boxed_label(c * cell + 7, r * cell + 13, text, 10, tag="zone-label", zone=z.id,
                               fill=OUTLINE[z.kind]))
    for t in geom.tiles:
        x, y = (t.col + t.cols) * cell - 6, (t.row + t.rows) * cell - 12
        turn = f" ({t.rotation}°)" if t.rotation else ""
        out.extend(boxed_label(x, y, t.name + turn, 12, tag=f"tile-name:{t.name}", anchor="end"))
    return tuple(out)


def legend(geom: BoardGeometry, cell: float) -> list[Shape]:
    """One line under the board saying what the colours mean."""
    y = geom.rows * cell + LEGEND_H / 2
    parts = [("outlines:", "#f0f0f0"), ("room", OUTLINE["interior"]), ("street", OUTLINE["exterior"]),
             ("corn", OUTLINE["corn"]), ("woods", OUTLINE["woods"]), ("· red lines: walls", WALL),
             ("· bars: openings", "#f0f0f0")]
    out: list[Shape] = []
    x = 6.0
    for text, colour in parts:
        out.append(Text(x, y, text, size=11, fill=colour, anchor="start", tag="legend"))
        x += len(text) * 0.62 * 11 + 8
    return out


def check_display_list(obj: Any, art: Any, *, cell: float = 72.0) -> DisplayList:
    """The check picture of a scene map, board, game or single tile file (a
    ``nollab.board.TileDef``: its face as printed) on the faces of pack ``art`` (a folder, a zip,
    a :class:`nollab.render.TileArt`, or ``None`` for the pack of ``use_art``); openings drawn as
    on the board, no other pieces.
    :class:`nollab.render.ArtError` if the pack has none of the board's tiles."""
    from . import geometry  # the cached geometry of the board

    if pack_for(art) is None:
        raise ArtError("the check picture needs a tile pack (art=PACK, or nollab.render.use_art)")
    if hasattr(obj, "legend") and hasattr(obj, "grid"):  # one tile file, as printed
        geom, openings = geometry_from_tile(obj)
    else:
        geom = geometry(getattr(obj, "board", obj))
        openings = (snapshot_from_game(obj) if is_game(obj) else snapshot_from_map(obj)).openings
    faces = faces_for(geom, art)
    snap = BoardSnapshot(openings=openings)
    grid = zone_grid(geom, cell)
    tokens = tokens_layer(geom, snap, grid, cell) + tuple(legend(geom, cell))
    return DisplayList(width=geom.cols * cell, height=geom.rows * cell + LEGEND_H,
                       tiles=check_layer(geom, faces, cell), tokens=tokens, grid=grid,
                       background=P.BACKGROUND, geometry=geom)
