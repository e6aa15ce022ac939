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
from .pieces import car_piece, ghoul_piece, mark_piece, opening_piece, spawn_piece, survivor_piece
from .shapes import Circle, DisplayList, Line, Polygon, Rect, Shape, Text, ZoneGrid
from .tiles_layer import cell_side, edge_segment, fit_label, label_layout, tiles_layer, wrap_label, zone_grid  # noqa: F401

CAPTION_H = 34.0


# ----------------------------------------------------------------------------- tokens layer
class _Slots:
    """Hands out token positions inside each zone: quadrant centres of its cells, nearest the
    zone's centre first, so tokens of one zone never overlap and never leave the zone. The top
    quadrants under the zone's label come last (the label stays readable)."""

    def __init__(self, geom: BoardGeometry, grid: ZoneGrid, cell: float) -> None:
        self.cell = cell
        self.free: dict[str, list[tuple[float, float]]] = {}
        self._last: dict[str, tuple[float, float]] = {}
        for z in geom.zones:
            n = len(z.cells)
            cy = (sum(r for r, _ in z.cells) / n + 0.5) * cell
            cx = (sum(c for _, c in z.cells) / n + 0.5) * cell
            lay = label_layout(z, cell)
            under = set(lay[3]) if lay else set()
            deep = bool(lay) and len(lay[2]) > 1  # a label of 2+ lines covers its whole first row

            def hidden(r: int, c: int, fy: float) -> int:
                if (r, c) not in under:
                    return 0
                return 2 if fy < 0.5 else (1 if deep else 0)

            pts = [
                ((c + fx) * cell, (r + fy) * cell, hidden(r, c, fy))
                for r, c in z.cells
                for fy in (0.3, 0.74)
                for fx in (0.27, 0.73)
            ]
            pts.sort(key=lambda p: (p[2], (p[0] - cx) ** 2 + (p[1] - cy) ** 2, p[1], p[0]))
            self.free[z.id] = [(x, y) for x, y, _ in pts]

    def take(self, zone: str) -> tuple[float, float]:
        pts = self.free.get(zone)
        if pts is None:
            raise KeyError(f"unknown zone {zone!r}: a token was placed outside the board")
        if not pts:  # crowded zone: stack on its last position (still inside the zone)
            return self._last[zone]
        p = pts.pop(0)
        self._last[zone] = p
        return p


def tokens_layer(geom: BoardGeometry, snap: BoardSnapshot, grid: ZoneGrid, cell: float) -> tuple[Shape, ...]:
    """The pieces (see module docstring and :mod:`nollab.render.pieces`). Every token lies
    inside its zone's cells."""
    out: list[Shape] = []
    for o in snap.openings:
        p, q = edge_segment(o.edge, cell)
        out.extend(opening_piece(o.kind, o.open, p, q, cell, objective=o.objective))
    slots = _Slots(geom, grid, cell)
    for s in snap.spawns:
        x, y = slots.take(s.zone)
        out.extend(spawn_piece(s.colour, s.active, x, y, cell, zone=s.zone))
    if snap.car is not None:
        car = snap.car
        x, y = slots.take(car.zone)
        label = (car.driver[:1].upper() if car.driver else "") + (f"+{len(car.passengers)}" if car.passengers else "")
        out.extend(car_piece(label, x, y, cell, zone=car.zone))
    for i, sv in enumerate(snap.survivors):
        if sv.zone is None or (sv.in_car and snap.car is not None):
            continue
        x, y = slots.take(sv.zone)
        colour = sv.colour or P.survivor_colour(sv.name, i)
        out.extend(survivor_piece(sv.name, colour, sv.mode, x, y, cell, active=sv.active, wounds=sv.wounds,
                                  zone=sv.zone))
    per_zone: dict[str, dict[str, int]] = {}
    for z, kind, n in snap.ghouls:
        if n > 0:
            per_zone.setdefault(z, {})
            per_zone[z][kind] = per_zone[z].get(kind, 0) + n
    order = {k: i for i, k in enumerate(P.GHOUL)}
    for z in sorted(per_zone):
        for kind in sorted(per_zone[z], key=lambda k: order.get(k, 99)):
            x, y = slots.take(z)
            out.extend(ghoul_piece(kind, per_zone[z][kind], x, y, cell, zone=z))
    for m in snap.markers:
        x, y = slots.take(m.zone)
        out.extend(mark_piece(m.kind, m.label, x, y, cell, zone=m.zone))
    if snap.caption:
        out.extend(caption_bar(snap, geom.cols * cell, geom.rows * cell))
    if snap.result:
        out.extend(result_banner(snap.result, snap.reason, geom.cols * cell, geom.rows * cell))
    return tuple(out)


def caption_bar(snap: BoardSnapshot, width: float, top: float) -> list[Shape]:
    """Under the board: the round and the Danger Level large (P. 8, P. 24), then the phase and who acts."""
    mid = top + CAPTION_H / 2
    if snap.round is None:
        return [Text(8, mid, snap.caption, size=13, fill="#f0f0f0", anchor="start", tag="caption")]
    out: list[Shape] = [Text(8, mid, f"Round {snap.round}", size=20, fill="#ffffff", anchor="start", bold=True,
                             tag="caption:round")]
    x = 8 + 0.62 * 20 * len(f"Round {snap.round}") + 12
    if snap.danger:
        colour = P.DANGER.get(snap.danger, "#888888")
        text = f"Danger {snap.danger}"
        w = 0.62 * 15 * len(text) + 14
        out.append(Rect(x, mid - 12, w, 24, fill=colour, stroke="#ffffff", stroke_width=1.0,
                        tag=f"caption:danger:{snap.danger.lower()}"))
        out.append(Text(x + w / 2, mid, text, size=15, fill="#111111" if snap.danger == "Yellow" else "#ffffff",
                        bold=True, tag="caption:danger-label"))
        x += w + 12
    rest = snap.caption.split(" · ", 1)[1] if " · " in snap.caption else snap.caption
    out.append(Text(x, mid, fit_label(rest, width - x - 6, 13), size=13, fill="#f0f0f0", anchor="start",
                    tag="caption"))
    return out


def result_banner(result: str, reason: str, width: float, height: float) -> list[Shape]:
    """A banner across the board once the Scene is won or lost (the engine's result, "won" or
    "lost"), with the reason on up to 2 lines."""
    won = result in ("won", "win")
    key = "won" if won else "lost"
    lines = wrap_label(reason, width - 24, 14, lines=2) if reason else []
    h = min(70.0 + 18 * len(lines), height * 0.5)
    y = (height - h) / 2
    out: list[Shape] = [
        Rect(0, y, width, h, fill=P.BANNER[key], stroke="#ffffff", stroke_width=2.0,
             tag=f"banner:{key}"),
        Text(width / 2, y + 32, "SCENE WON" if won else "SCENE LOST", size=min(34.0, width / 10),
             fill="#ffffff", bold=True, tag="banner:title"),
    ]
    for i, line in enumerate(lines):
        out.append(Text(width / 2, y + 64 + 18 * i, line, size=14, fill="#ffffff", tag="banner:reason"))
    return out


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
            # the arrow stops short of the zone's centre, so its head does not cover the Ghouls there
            (ax, ay), (bx, by) = pts[-2], pts[-1]
            d = math.hypot(bx - ax, by - ay) or 1.0
            cut = min(grid.cell * 0.3, d * 0.3)
            bx, by = bx - (bx - ax) / d * cut, by - (by - ay) / d * cut
            pts = pts[:-1] + ((bx, by),)
            out.append(Line(pts, stroke=P.ROUTE, stroke_width=3.0, opacity=0.85, tag="route"))
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
