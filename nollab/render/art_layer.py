"""The printed tile faces under the board: one image per placed tile, turned as the Scene turns it.

A face is drawn as printed (``rotation`` 0: the orientation of the pack's image, tile label
upright at the bottom left) and turned clockwise with its tile (:class:`TileShape.rotation`, the
same turn :meth:`nollab.board.TileDef.rotated` applies to the cells). Only the image's pixels
come from the player's pack (:mod:`nollab.render.art`); nothing here reads files.

When faces are drawn, the rest of the ``tiles`` layer stays readable over them (see
:func:`nollab.render.layers.tiles_layer`): zone fills become translucent tints, walls and ground
markings get a halo, zone labels a dark box.
"""
from __future__ import annotations

from typing import Mapping

from .art import ArtImage, pack_for
from .model import BoardGeometry, TileShape
from .shapes import Image, Rect, Shape, Text

#: Zone fills over the art: a tint that keeps the kind visible without hiding the picture.
FILL_OPACITY = 0.2
#: A light halo under walls (dark lines) and a dark one under ground markings (light lines).
WALL_HALO = "#f4efe4"
MARK_HALO = "#000000"
MARK_ON_ART = "#f4f4f4"
#: Boxes behind labels drawn over the art.
LABEL_BOX = "#000000"
LABEL_BOX_OPACITY = 0.6
LABEL_ON_ART = "#ffffff"
CHAR_WIDTH = 0.56  # as in layers.fit_label: average advance of DejaVu Sans per unit of size


def faces_for(geom: BoardGeometry, art: object) -> dict[str, ArtImage]:
    """The printed faces of ``geom``'s tiles in pack ``art`` (see :func:`nollab.render.art.pack_for`:
    ``None`` the pack of ``use_art``, ``False`` none). Tiles the pack lacks stay schematic;
    :class:`nollab.render.ArtError` if it has none of them or a face is broken."""
    pack = pack_for(art)
    if pack is None or not geom.tiles:
        return {}
    found, _missing = pack.resolve(t.name for t in geom.tiles)
    return found


def face_box(t: TileShape, cell: float) -> tuple[float, float, float, float]:
    """(x, y, w, h) of the unturned face whose turn by ``t.rotation`` covers tile ``t``."""
    x, y = t.col * cell, t.row * cell
    w, h = t.cols * cell, t.rows * cell
    if t.rotation % 180:  # a 90/270 turn swaps the sides: the unturned box is h x w
        cx, cy = x + w / 2, y + h / 2
        return cx - h / 2, cy - w / 2, h, w
    return x, y, w, h


def art_images(geom: BoardGeometry, faces: Mapping[str, ArtImage], cell: float,
               opacity: float = 1.0) -> list[Shape]:
    """One :class:`Image` per tile of ``geom`` that has a face in ``faces`` (tag ``art:<tile>``)."""
    out: list[Shape] = []
    for t in geom.tiles:
        face = faces.get(t.name)
        if face is None:
            continue
        x, y, w, h = face_box(t, cell)
        out.append(Image(x, y, w, h, face.data, rotation=t.rotation % 360, opacity=opacity,
                         tag=f"art:{t.name}"))
    return out


def boxed_label(x: float, y: float, text: str, size: float, *, tag: str, zone: str | None = None,
                anchor: str = "start", fill: str = LABEL_ON_ART) -> list[Shape]:
    """A label with a dark translucent box behind it, readable on any picture."""
    w = len(text) * CHAR_WIDTH * size + 4
    h = size + 4
    left = {"start": x - 2, "middle": x - w / 2, "end": x - w + 2}[anchor]
    return [
        Rect(left, y - h / 2, w, h, fill=LABEL_BOX, opacity=LABEL_BOX_OPACITY, tag=tag + ":box", zone=zone),
        Text(x, y, text, size=size, fill=fill, anchor=anchor, tag=tag, zone=zone),  # type: ignore[arg-type]
    ]
