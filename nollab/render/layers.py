"""Build the three layers of a display list from board geometry, a snapshot and an overlay.

* ``tiles`` (static for a scene, :mod:`nollab.render.tiles_layer`): one rectangle per cell filled
  by zone kind, walls (every edge of an interior zone, P. 9-11), ground markings between exterior
  zones, tile outlines and names, zone labels; optionally on the printed tile faces.
* ``tokens`` (changes with play): openings open vs closed (P. 18-19), Ghoul Spawn tokens in
  their colours (P. 24), survivors with colour and mode ring (P. 14), ghoul counters by type
  (P. 17), the car with driver and passengers (P. 20-21), map marks (starting areas, search
  stashes, objectives, items).
* ``overlay``: line of sight from a zone (P. 10), a ghoul group's route (P. 23), legal moves,
  the selected zone.
"""
from __future__ import annotations

import math
from typing import Mapping

from . import palette as P
from .art import ArtImage
from .model import BoardGeometry, BoardSnapshot, Overlay
from .shapes import Circle, DisplayList, Line, Polygon, Rect, Shape, Text, ZoneGrid
from .tiles_layer import cell_side, edge_segment, fit_label, tiles_layer, zone_grid  # noqa: F401

CAPTION_H = 22.0


# ----------------------------------------------------------------------------- tokens layer
class _Slots:
    """Hands out token positions inside each zone: quadrant centres of its cells, nearest the
    zone's centre first, so tokens of one zone never overlap and never leave the zone."""

    def __init__(self, geom: BoardGeometry, grid: ZoneGrid, cell: float) -> None:
        self.cell = cell
        self.free: dict[str, list[tuple[float, float]]] = {}
        self._last: dict[str, tuple[float, float]] = {}
        for z in geom.zones:
            n = len(z.cells)
            cy = (sum(r for r, _ in z.cells) / n + 0.5) * cell
            cx = (sum(c for _, c in z.cells) / n + 0.5) * cell
            pts = [
                ((c + fx) * cell, (r + fy) * cell)
                for r, c in z.cells
                for fy in (0.4, 0.77)
                for fx in (0.28, 0.72)
            ]
            pts.sort(key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p[1], p[0]))
            self.free[z.id] = pts

    def take(self, zone: str) -> tuple[float, float]:
        pts = self.free.get(zone)
        if pts is None:
            raise KeyError(f"unknown zone {zone!r}: a token was placed outside the board")
        if not pts:  # crowded zone: stack on its last position (still inside the zone)
            return self._last[zone]
        p = pts.pop(0)
        self._last[zone] = p
        return p


def _opening_shapes(o, cell: float) -> list[Shape]:
    (x1, y1), (x2, y2) = edge_segment(o.edge, cell)
    vertical = x1 == x2
    state = "open" if o.open else "closed"
    colour = P.OPENING[o.kind][state]
    length = cell * 0.62
    thick = 8.0 if not o.open else 5.0
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    if vertical:
        x, y, w, h = mx - thick / 2, my - length / 2, thick, length
    else:
        x, y, w, h = mx - length / 2, my - thick / 2, length, thick
    tag = f"opening:{o.kind}:{state}"
    shapes: list[Shape] = [
        Rect(x, y, w, h, fill=colour, stroke=P.WALL if not o.open else "#ffffff",
             stroke_width=1.5 if not o.open else 1.0, tag=tag)
    ]
    if not o.open and o.kind in ("barricade", "window"):  # planks across: an X over the bar
        shapes.append(Line(((x, y), (x + w, y + h)), stroke="#3a1f0f", stroke_width=1.2, tag=tag + ":plank"))
        shapes.append(Line(((x, y + h), (x + w, y)), stroke="#3a1f0f", stroke_width=1.2, tag=tag + ":plank"))
    if o.open and o.kind == "barricade":  # an open Barricade: loose wood at both ends of the gap
        for px, py in ((x, y), (x + w, y + h)):
            shapes.append(Circle(px, py, 2.5, fill=P.OPENING["barricade"]["closed"], tag=tag + ":wood"))
    if o.objective:  # S1: a window the Scene asks to block
        shapes.append(Circle(mx, my, 3.0, fill=P.OBJECTIVE if o.open else "#3a1f0f", stroke="#000000",
                             stroke_width=0.8, tag="objective-opening:" + ("open" if o.open else "closed")))
    return shapes


def _initials(name: str) -> str:
    return name[:2].title()


def tokens_layer(geom: BoardGeometry, snap: BoardSnapshot, grid: ZoneGrid, cell: float) -> tuple[Shape, ...]:
    """The pieces (see module docstring). Every token lies inside its zone's cells."""
    out: list[Shape] = []
    for o in snap.openings:
        out.extend(_opening_shapes(o, cell))
    slots = _Slots(geom, grid, cell)
    rad = cell * 0.17
    for s in snap.spawns:
        x, y = slots.take(s.zone)
        half = cell * 0.17
        out.append(
            Rect(x - half, y - half, 2 * half, 2 * half, fill=P.SPAWN.get(s.colour, s.colour), stroke="#000000",
                 stroke_width=1.5, opacity=1.0 if s.active else 0.5,
                 tag=f"spawn:{s.colour}" + ("" if s.active else ":inactive"), zone=s.zone)
        )
    if snap.car is not None:
        car = snap.car
        x, y = slots.take(car.zone)
        out.append(Rect(x - cell * 0.2, y - cell * 0.13, cell * 0.4, cell * 0.26, fill=P.CAR, stroke="#000000",
                        tag="car", zone=car.zone))
        label = (car.driver[:1].upper() if car.driver else "") + (f"+{len(car.passengers)}" if car.passengers else "")
        out.append(Text(x, y, label or "car", size=8, fill="#ffffff", bold=True, tag="car:label", zone=car.zone))
    for i, sv in enumerate(snap.survivors):
        if sv.zone is None or (sv.in_car and snap.car is not None):
            continue
        x, y = slots.take(sv.zone)
        colour = sv.colour or P.survivor_colour(sv.name, i)
        if sv.active:
            out.append(Circle(x, y, rad + 3.5, fill=None, stroke=P.SELECT, stroke_width=2.5,
                              tag=f"survivor-active:{sv.name}", zone=sv.zone))
        out.append(Circle(x, y, rad, fill=colour, stroke=P.MODE_RING.get(sv.mode, "#ffffff"), stroke_width=2.5,
                          tag=f"survivor:{sv.name}:{sv.mode}", zone=sv.zone))
        out.append(Text(x, y, _initials(sv.name), size=8, fill="#ffffff", bold=True,
                        tag=f"survivor-name:{sv.name}", zone=sv.zone))
    per_zone: dict[str, dict[str, int]] = {}
    for z, kind, n in snap.ghouls:
        if n > 0:
            per_zone.setdefault(z, {})
            per_zone[z][kind] = per_zone[z].get(kind, 0) + n
    order = {k: i for i, k in enumerate(P.GHOUL)}
    for z in sorted(per_zone):
        for kind in sorted(per_zone[z], key=lambda k: order.get(k, 99)):
            n = per_zone[z][kind]
            colour, letter = P.GHOUL.get(kind, ("#444444", kind[:1].upper()))
            x, y = slots.take(z)
            out.append(Circle(x, y, rad, fill=colour, stroke="#000000", stroke_width=1.0,
                              tag=f"ghouls:{kind}", zone=z))
            out.append(Text(x, y, f"{n}{letter}", size=8, fill="#ffffff", bold=True,
                            tag=f"ghouls-count:{kind}:{n}", zone=z))
    for m in snap.markers:
        x, y = slots.take(m.zone)
        out.extend(_marker_shapes(m, x, y, cell))
    if snap.caption:
        out.append(Text(6, geom.rows * cell + CAPTION_H / 2, snap.caption, size=11, fill="#f0f0f0",
                        anchor="start", tag="caption"))
    return tuple(out)


def _marker_shapes(m, x: float, y: float, cell: float) -> list[Shape]:
    half = cell * 0.15
    if m.kind == "start":
        return [
            Rect(x - half, y - half, 2 * half, 2 * half, fill=P.START, stroke="#000000", tag="start", zone=m.zone),
            Text(x, y, m.label or "S", size=7, fill="#000000", bold=True, tag="start:label", zone=m.zone),
        ]
    if m.kind == "stash":
        colour = P.STASH.get(m.label, "#555555")
        return [
            Rect(x - half, y - half, 2 * half, 2 * half, fill=colour, stroke="#ffffff", tag=f"stash:{m.label}",
                 zone=m.zone),
            Text(x, y, (m.label[:1] or "?").upper(), size=8, fill="#ffffff", bold=True, tag="stash:label",
                 zone=m.zone),
        ]
    if m.kind == "objective":
        pts = []
        for k in range(10):
            rr = half * 1.2 if k % 2 == 0 else half * 0.5
            a = -math.pi / 2 + k * math.pi / 5
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        return [Polygon(tuple(pts), fill=P.OBJECTIVE, stroke="#000000", tag="objective", zone=m.zone)]
    return [
        Rect(x - half * 1.3, y - half * 0.8, half * 2.6, half * 1.6, fill="#fff6d6", stroke="#000000",
             tag=f"{m.kind}", zone=m.zone),
        Text(x, y, m.label[:4], size=7, fill="#000000", tag=f"{m.kind}:label", zone=m.zone),
    ]


# ----------------------------------------------------------------------------- overlay layer
def zone_outline(grid: ZoneGrid, zone: str, colour: str, tag: str, *, inset: float = 2.0,
                 width: float = 3.0, dash: tuple[float, ...] = ()) -> list[Shape]:
    """The boundary of ``zone`` drawn ``inset`` pixels inside it, one segment per cell side.

    Outlines never cover the tokens inside a zone, so highlights (sight, legal moves, selection)
    can sit on top of the pieces; the different insets keep them apart when they coincide.
    """
    cells = set(grid.cells_of(zone))
    k = grid.cell
    out: list[Shape] = []
    for r, c in sorted(cells):
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            if (r + dr, c + dc) in cells:
                continue
            # the side, as two end points, then pushed inwards by ``inset``
            (x1, y1), (x2, y2) = cell_side((r, c), (r + dr, c + dc), k)
            x1, x2 = x1 - dc * inset, x2 - dc * inset
            y1, y2 = y1 - dr * inset, y2 - dr * inset
            # at each end: convex corner -> trim, concave corner -> extend, straight -> keep
            ends = []
            for sign, (px, py) in ((-1, (x1, y1)), (1, (x2, y2))):
                pr, pc = (0, sign) if dr else (sign, 0)  # perpendicular step along the side
                side_open = (r + pr, c + pc) not in cells
                diag_in = (r + pr + dr, c + pc + dc) in cells
                shift = inset if side_open else (-inset if diag_in else 0.0)
                ends.append((px - pc * shift, py - pr * shift))
            out.append(Line(tuple(ends), stroke=colour, stroke_width=width, dash=dash, tag=tag, zone=zone))
    return out


def overlay_layer(overlay: Overlay | None, grid: ZoneGrid) -> tuple[Shape, ...]:
    """Highlights (see module docstring): outlines and lines only, never fills over tokens."""
    if overlay is None:
        return ()
    out: list[Shape] = []
    for z in overlay.legal:
        out.extend(zone_outline(grid, z, P.LEGAL, "legal", inset=5.0, width=2.5, dash=(6.0, 4.0)))
    if overlay.sight_from is not None:
        out.extend(zone_outline(grid, overlay.sight_from, P.LOS, "sight:origin", inset=8.0, width=2.0))
        ox, oy = grid.centre(overlay.sight_from)
        for z in overlay.sight:
            if z == overlay.sight_from:
                continue
            out.extend(zone_outline(grid, z, P.LOS, "sight", inset=8.0, width=2.0, dash=(2.0, 3.0)))
            out.append(Line(((ox, oy), grid.centre(z)), stroke=P.LOS, stroke_width=1.5, dash=(3.0, 3.0),
                            opacity=0.8, tag="sight:ray", zone=z))
    for route in ((overlay.route,) if overlay.route else ()) + tuple(overlay.routes):
        if not route:
            continue
        pts = tuple(grid.centre(z) for z in route)
        if len(pts) > 1:
            out.append(Line(pts, stroke=P.ROUTE, stroke_width=3.0, opacity=0.85, tag="route"))
            (ax, ay), (bx, by) = pts[-2], pts[-1]
            out.append(_arrow_head(ax, ay, bx, by, grid.cell * 0.22))
        out.append(Circle(pts[0][0], pts[0][1], 4.0, fill=P.ROUTE, tag="route:start", zone=route[0]))
    if overlay.selected is not None:
        out.extend(zone_outline(grid, overlay.selected, P.SELECT, "select", inset=2.0, width=3.0))
    return tuple(out)


def _arrow_head(ax: float, ay: float, bx: float, by: float, size: float) -> Polygon:
    ang = math.atan2(by - ay, bx - ax)
    left = (bx - size * math.cos(ang - 0.45), by - size * math.sin(ang - 0.45))
    right = (bx - size * math.cos(ang + 0.45), by - size * math.sin(ang + 0.45))
    return Polygon(((bx, by), left, right), fill=P.ROUTE, tag="route:head")


# ----------------------------------------------------------------------------- whole picture
def _tooltips(geom: BoardGeometry, snap: BoardSnapshot) -> tuple[tuple[str, str], ...]:
    out = []
    for z in geom.zones:
        bits = [f"{z.label or z.id} · {P.KIND_NAME[z.kind]}" + (f" ({z.tile})" if z.tile else "")]
        names = [s.name for s in snap.survivors if s.zone == z.id]
        if names:
            bits.append(", ".join(names))
        g = snap.ghouls_in(z.id)
        if g:
            bits.append(", ".join(f"{n} {k}" for k, n in g.items()))
        for s in snap.spawns:
            if s.zone == z.id:
                bits.append(f"{s.colour} spawn" + ("" if s.active else " (inactive)"))
        if snap.car is not None and snap.car.zone == z.id:
            bits.append(snap.car.name + (f" driven by {snap.car.driver}" if snap.car.driver else "")
                        + (f" with {', '.join(snap.car.passengers)}" if snap.car.passengers else ""))
        for m in snap.markers:
            if m.zone == z.id:
                bits.append(f"{m.kind} {m.label}".strip())
        out.append((z.id, " — ".join(bits)))
    return tuple(out)


def build(
    geom: BoardGeometry,
    snap: BoardSnapshot | None = None,
    overlay: Overlay | None = None,
    *,
    cell: float = 48.0,
    faces: Mapping[str, ArtImage] | None = None,
) -> DisplayList:
    """The display list of ``geom`` with the pieces of ``snap`` and the highlights of ``overlay``,
    on the printed ``faces`` of its tiles when given (tile id -> face, see :func:`tiles_layer`)."""
    snap = snap or BoardSnapshot()
    grid = zone_grid(geom, cell)
    height = geom.rows * cell + (CAPTION_H if snap.caption else 0.0)
    return DisplayList(
        width=geom.cols * cell,
        height=height,
        tiles=tiles_layer(geom, cell, faces),
        tokens=tokens_layer(geom, snap, grid, cell),
        overlay=overlay_layer(overlay, grid),
        grid=grid,
        tooltips=_tooltips(geom, snap),
        background=P.BACKGROUND,
        geometry=geom,
    )
