"""The ``tiles`` layer: the static board — cells filled by zone kind, walls (every side of a room,
P. 9-11), ground markings between exterior zones (P. 9), tile outlines and names, zone labels —
optionally on the printed tile faces (:mod:`nollab.render.art_layer`); and the geometry helpers
the other layers share (edge segments, zone boundaries, the hit-test grid).
"""
from __future__ import annotations

from typing import Iterable, Mapping

from . import art_layer as A
from . import palette as P
from .art import ArtImage
from .art_layer import art_images
from .model import BoardGeometry, Cell, Edge
from .shapes import Line, Rect, Shape, Text, ZoneGrid


# ----------------------------------------------------------------------------- geometry helpers
def edge_segment(e: Edge, cell: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Pixel end points of the side shared by the two cells of edge ``e``."""
    (r1, c1), (r2, c2) = e
    if r1 == r2:  # side by side: a vertical segment
        x = max(c1, c2) * cell
        return (x, r1 * cell), (x, (r1 + 1) * cell)
    y = max(r1, r2) * cell
    return (c1 * cell, y), ((c1 + 1) * cell, y)


def _boundary_edges(geom: BoardGeometry) -> Iterable[tuple[Edge | None, Cell, Cell | None]]:
    """Every cell side that separates two zones or the board from the outside, once each.

    Yields (edge or None for the board edge, cell, neighbour or None).
    """
    owner = geom.cell_owner()
    for (r, c), z in sorted(owner.items()):
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            n = (r + dr, c + dc)
            nz = owner.get(n)
            if nz is None:
                yield None, (r, c), n
            elif nz != z and (r, c) < n:
                yield ((r, c), n), (r, c), n


def boundaries(geom: BoardGeometry) -> Iterable[tuple[str, Edge | None, Cell, Cell]]:
    """Every zone boundary as (what, edge, cell, neighbour): ``"edge"`` of the board (edge None),
    ``"wall"`` (a drawn wall, or any side of a room: P. 9-11) or ``"mark"`` (a ground marking
    between exterior zones, P. 9)."""
    kinds = {z.id: z.kind for z in geom.zones}
    owner = geom.cell_owner()
    for e, a, b in _boundary_edges(geom):
        if e is None:
            yield "edge", None, a, b
        elif e in geom.walls or "interior" in (kinds[owner[a]], kinds[owner[b]]):
            yield "wall", e, a, b
        else:
            yield "mark", e, a, b


def cell_side(cell_: Cell, n: Cell, cell: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Pixel end points of the side of ``cell_`` that faces ``n`` (which may be off the board)."""
    r, c = cell_
    if n[1] != c:
        x = (c + 1) * cell if n[1] > c else c * cell
        return (x, r * cell), (x, (r + 1) * cell)
    y = (r + 1) * cell if n[0] > r else r * cell
    return (c * cell, y), ((c + 1) * cell, y)


def zone_grid(geom: BoardGeometry, cell: float) -> ZoneGrid:
    """The hit-test grid of ``geom`` at ``cell`` pixels per cell."""
    owner = geom.cell_owner()
    rows = tuple(tuple(owner.get((r, c)) for c in range(geom.cols)) for r in range(geom.rows))
    return ZoneGrid(rows=rows, cell=cell)


# ----------------------------------------------------------------------------- tiles layer
CHAR_WIDTH = 0.56  # average advance of DejaVu Sans per unit of font size (a safe estimate)


def fit_label(text: str, width: float, size: float) -> str:
    """``text`` cut with an ellipsis so it fits ``width`` pixels at ``size`` (labels stay in
    their zone instead of running over the next one)."""
    room = int(width / (CHAR_WIDTH * size))
    if len(text) <= room:
        return text
    return text[: max(room - 1, 1)].rstrip() + "…"



def tiles_layer(geom: BoardGeometry, cell: float,
                faces: Mapping[str, ArtImage] | None = None) -> tuple[Shape, ...]:
    """The static board (see module docstring). With ``faces`` (tile id -> printed face, see
    :mod:`nollab.render.art_layer`) the faces lie at the bottom, turned as placed, and the zones
    of those tiles are tinted instead of filled; walls, markings and labels get halos and boxes
    so they stay readable over the picture. Tiles without a face keep the schematic fill."""
    faces = faces or {}
    out: list[Shape] = list(art_images(geom, faces, cell))
    on_art = {t.name for t in geom.tiles if t.name in faces}
    for z in geom.zones:
        fill = P.ZONE_FILL[z.kind]
        opacity = A.FILL_OPACITY if z.tile in on_art else 1.0
        for r, c in z.cells:
            out.append(Rect(c * cell, r * cell, cell, cell, fill=fill, opacity=opacity,
                            tag=f"zone:{z.kind}", zone=z.id))
    for t in geom.tiles:
        out.append(
            Rect(t.col * cell, t.row * cell, t.cols * cell, t.rows * cell, stroke=P.TILE_EDGE,
                 stroke_width=1.0, tag=f"tile:{t.name}")
        )
    lines: list[Shape] = []
    for what, e, a, b in boundaries(geom):
        if e is None:
            p, q = cell_side(a, b, cell)
            lines.append(Line((p, q), stroke=P.WALL, stroke_width=3.0, tag="edge"))
            continue
        p, q = edge_segment(e, cell)
        if what == "wall":
            if on_art:
                out.append(Line((p, q), stroke=A.WALL_HALO, stroke_width=7.0, opacity=0.85, tag="wall:halo"))
            lines.append(Line((p, q), stroke=P.WALL, stroke_width=4.0, tag="wall"))
        elif on_art:
            out.append(Line((p, q), stroke=A.MARK_HALO, stroke_width=3.5, opacity=0.55, tag="mark:halo"))
            lines.append(Line((p, q), stroke=A.MARK_ON_ART, stroke_width=1.5, dash=(4.0, 3.0), tag="mark"))
        else:
            lines.append(Line((p, q), stroke=P.GROUND_MARK, stroke_width=1.5, dash=(4.0, 3.0), tag="mark"))
    out.extend(lines)  # halos first, so no halo covers a neighbouring wall
    for t in geom.tiles:
        x, y = t.col * cell + t.cols * cell - 4, t.row * cell + t.rows * cell - 8
        if t.name in on_art:
            out.extend(A.boxed_label(x, y, t.name, 9, tag=f"tile-name:{t.name}", anchor="end"))
        else:
            out.append(Text(x, y, t.name, size=9, fill="#ffffff", anchor="end", bold=True,
                            tag=f"tile-name:{t.name}"))
    for z in geom.zones:
        lay = label_layout(z, cell)
        if lay is None:
            continue
        x, y, lines, _cells = lay
        for i, text in enumerate(lines):
            ly = y + i * LABEL_LINE
            if z.tile in on_art:
                out.extend(A.boxed_label(x, ly, text, LABEL_SIZE, tag="zone-label", zone=z.id))
            else:
                out.append(Text(x, ly, text, size=LABEL_SIZE, fill=P.ZONE_LABEL[z.kind],
                                anchor="start", tag="zone-label", zone=z.id))
    return tuple(out)


#: Zone labels: 11 px text (readable at arm's length), up to 2 lines; the full name is the
#: zone's hover text (``DisplayList.tooltips``).
LABEL_SIZE = 11.0
LABEL_LINE = 13.0
LABEL_LINES = 2
#: Average advance of a lowercase label letter (DejaVu Sans runs about 0.6 em: "m" and "w" are wide).
LABEL_CHAR_WIDTH = 0.6


def wrap_label(text: str, width: float, size: float = LABEL_SIZE, lines: int = LABEL_LINES) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` pixels at ``size``, broken at spaces; the
    part in brackets goes when the whole does not fit ("hall (foot of the stairs)" -> "hall"), a
    word longer than a line is hyphenated, and only what still does not fit ends in an ellipsis
    (the zone's hover text always has the full name)."""
    room = max(int(width / (LABEL_CHAR_WIDTH * size)), 2)

    def wrap(t: str, hyphens: bool) -> list[str] | None:
        out: list[str] = []
        for word in t.split():
            while hyphens and len(word) > room:
                out.append(word[: room - 1] + "-")
                word = word[room - 1:]
            if out and not out[-1].endswith("-") and len(out[-1]) + 1 + len(word) <= room:
                out[-1] += " " + word
            else:
                out.append(word)
        return out if len(out) <= lines and all(len(x) <= room for x in out) else None

    short = text.split(" (")[0].strip()
    for candidate, hyphens in ((text, False), (short, False), (short, True)):
        got = wrap(candidate, hyphens)
        if got:
            return got
    pieces: list[str] = []  # still too long: the first lines, the last one ending in an ellipsis
    for word in short.split():
        while len(word) > room:
            pieces.append(word[: room - 1] + "-")
            word = word[room - 1:]
        pieces.append(word)
    out = pieces[:lines]
    out[-1] = out[-1].rstrip("-")[: room - 1] + "…"
    return out


def label_layout(z, cell: float) -> tuple[float, float, list[str], tuple[Cell, ...]] | None:
    """Where ``z``'s label goes: (x, y of the first line, lines, cells it covers) -- the top row of
    the zone from its first cell, as far right as the zone goes (None for an unlabelled zone)."""
    if not z.label or not z.cells:
        return None
    r, c = min(z.cells)
    cells = set(z.cells)
    run = 1
    while (r, c + run) in cells:
        run += 1
    tall = sum(1 for rr, cc in cells if cc == c) >= 2  # a narrow zone may stack its label deeper
    lines = wrap_label(z.label, run * cell - 8, lines=3 if run == 1 and tall else LABEL_LINES)
    # inside the legal-move, selection and sight outlines (drawn 2-9 px inside the zone)
    return c * cell + 7, r * cell + 16, lines, tuple((r, c + i) for i in range(run))
