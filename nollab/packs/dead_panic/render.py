"""The Dead Panic board as a :mod:`nollab.render` display list: rings, arcs, the Cabin and its
Walls, and every token -- drawn from the game's view model only (``game.view()``).

Layers as for NOTLD: ``tiles`` (the circular board: Woods, Clearing, Yard and the six Cabin rooms
around the centre that cannot be crossed, p. 5; arc numbers; the legend), ``tokens`` (Walls --
standing, cracked, destroyed -- with the living-room door; Zombies by type with their health;
Survivors with their Radio piece; Characters in their colours with the Bait token, Injuries and a
laid-down or Zombie form; Radio pieces on the ground; the Rescuers' van; the round banner),
``overlay`` (legal moves, the selected space, a Zombie's route). Each space is a hit-test zone
named like the engine's spaces (``"3:yard"``), so a click on the canvas maps to a space.

The printed board is not reproduced: the colours only keep the rings apart.
"""
from __future__ import annotations

import math
from typing import Any

from nollab.render.model import Overlay
from nollab.render.shapes import Circle, DisplayList, Line, Polygon, Rect, Shape, Text, ZoneGrid

__all__ = ["board_display_list", "RING_FILL", "ZOMBIE_STYLE", "space_centre", "Layout"]

RING_FILL = {"woods": "#2f5a2c", "clearing": "#6f9a4a", "yard": "#b9a66b", "cabin": "#8a5a34"}
RING_LABEL = {"woods": "Woods", "clearing": "Clearing", "yard": "Yard", "cabin": "Cabin"}
HUB = "#3b2414"
WALL = {"standing": "#2a1a0c", "cracked": "#c96a16", "destroyed": "#bfbfbf"}
DOOR = "#e2b36b"
#: Zombie tokens: (fill, letter, shape) -- a shape per type so they differ without colour too
ZOMBIE_STYLE = {
    "creeper": ("#7d8f3b", "C", "triangle"),
    "shambler": ("#5e6b52", "S", "circle"),
    "sprinter": ("#c0392b", "R", "diamond"),
    "brawler": ("#7b3f99", "B", "square"),
    "brute": ("#3b3b3b", "X", "hexagon"),
    "survivor_zombie": ("#8a8a8a", "Z", "circle"),
    "character_zombie": ("#5a0f0f", "", "circle"),
}
SURVIVOR = "#f4f4f4"
RADIO = "#2e86de"
VAN = "#f5f5f5"
BAIT = "#f1c40f"
LEGAL = "#34c759"
SELECT = "#0a84ff"
ROUTE = "#ff3b30"
TEXT = "#f2f2f2"


class Layout:
    """Pixel geometry: centre, ring radii (outside in), the angle of each arc (arc 1 at the top,
    clockwise), and the legend's column."""

    def __init__(self, arcs: int, rings: tuple[str, ...], size: float = 640.0) -> None:
        self.arcs, self.rings = arcs, tuple(rings)
        self.size = size
        self.cx = self.cy = size / 2
        self.top = 34.0
        self.cy += self.top
        outer = size / 2 - 28
        hub = outer * 0.14
        step = (outer - hub) / len(rings)
        # rings[0] (Woods) is outermost: radii (inner, outer) per ring
        self.radius = {r: (outer - (i + 1) * step, outer - i * step) for i, r in enumerate(rings)}
        self.hub = hub
        self.width = size + 250
        self.height = size + self.top + 8

    def angles(self, arc: int) -> tuple[float, float]:
        span = 2 * math.pi / self.arcs
        mid = -math.pi / 2 + (arc - 1) * span
        return mid - span / 2, mid + span / 2

    def point(self, r: float, a: float) -> tuple[float, float]:
        return (round(self.cx + r * math.cos(a), 2), round(self.cy + r * math.sin(a), 2))

    def sector(self, arc: int, ring: str, steps: int = 10) -> tuple[tuple[float, float], ...]:
        r0, r1 = self.radius[ring]
        a0, a1 = self.angles(arc)
        outer = [self.point(r1, a0 + (a1 - a0) * i / steps) for i in range(steps + 1)]
        inner = [self.point(r0, a1 - (a1 - a0) * i / steps) for i in range(steps + 1)]
        return tuple(outer + inner)

    def arc_line(self, r: float, arc: int, inset: float = 0.0, steps: int = 10) -> tuple[tuple[float, float], ...]:
        a0, a1 = self.angles(arc)
        a0, a1 = a0 + inset, a1 - inset
        return tuple(self.point(r, a0 + (a1 - a0) * i / steps) for i in range(steps + 1))

    def centre(self, space: str) -> tuple[float, float]:
        arc, ring = space.split(":")
        r0, r1 = self.radius[ring]
        a0, a1 = self.angles(int(arc))
        return self.point((r0 + r1) / 2, (a0 + a1) / 2)

    def space_at(self, x: float, y: float) -> str | None:
        dx, dy = x - self.cx, y - self.cy
        r = math.hypot(dx, dy)
        for ring, (r0, r1) in self.radius.items():
            if r0 <= r < r1:
                a = (math.atan2(dy, dx) + math.pi / 2 + math.pi / self.arcs) % (2 * math.pi)
                return f"{int(a // (2 * math.pi / self.arcs)) + 1}:{ring}"
        return None


def space_centre(view: Any, space: str, size: float = 640.0) -> tuple[float, float]:
    """Pixel centre of ``space`` on the board of ``view`` (tests and widgets)."""
    return Layout(view.arcs, view.rings, size).centre(space)


# ---- the board ---------------------------------------------------------------------------------------------
def _tiles(v, L: Layout) -> list[Shape]:
    out: list[Shape] = []
    out.append(Circle(L.cx, L.cy, L.radius[L.rings[0]][1] + 4, fill="#1d2b1b", tag="board"))
    for arc in range(1, v.arcs + 1):
        for ring in v.rings:
            sid = f"{arc}:{ring}"
            out.append(Polygon(L.sector(arc, ring), fill=RING_FILL.get(ring, "#777777"), stroke="#1f1f1f",
                               stroke_width=1.0, tag=f"space:{ring}", zone=sid))
    out.append(Circle(L.cx, L.cy, L.hub, fill=HUB, stroke="#1f1f1f", tag="cabin:centre"))
    out.append(Text(L.cx, L.cy, "Cabin", size=11, fill=TEXT, bold=True, tag="label:cabin"))
    cabin = v.rings[-1]
    r0, r1 = L.radius[cabin]
    for arc in range(1, v.arcs + 1):  # interior Walls between the rooms (p. 6: they block sight)
        a0, _ = L.angles(arc)
        out.append(Line((L.point(r0, a0), L.point(r1, a0)), stroke=WALL["standing"], stroke_width=3.0,
                        tag="interior-wall"))
        x, y = L.point(L.radius[v.rings[0]][1] + 14, (sum(L.angles(arc))) / 2)
        out.append(Text(x, y, f"arc {arc}", size=12, fill=TEXT, bold=True, tag=f"label:arc:{arc}"))
    for ring in v.rings:  # ring names along arc 1's left edge
        ra, rb = L.radius[ring]
        a0, _ = L.angles(1)
        x, y = L.point((ra + rb) / 2, a0 + 0.09)
        out.append(Text(x, y, RING_LABEL.get(ring, ring), size=9, fill=TEXT, tag=f"label:ring:{ring}"))
    out += _legend(v, L)
    return out


def _legend(v, L: Layout) -> list[Shape]:
    x0, y = L.size + 14, L.top + 12
    out: list[Shape] = [Rect(x0 - 8, L.top, 236, L.size - 8, fill="#222222", stroke="#555555", tag="legend")]

    def row(shape: list[Shape], text: str) -> None:
        nonlocal y
        out.extend(shape)
        out.append(Text(x0 + 26, y, text, size=11, fill=TEXT, anchor="start", tag="legend:text"))
        y += 20
    out.append(Text(x0, y, "Legend", size=13, fill=TEXT, anchor="start", bold=True, tag="legend:title"))
    y += 22
    for kind, label in (("creeper", "Creeper (fight 6)"), ("shambler", "Shambler (7)"), ("sprinter", "Sprinter (7*)"),
                        ("brawler", "Brawler (8, wins ties)"), ("brute", "Brute (9*)"),
                        ("survivor_zombie", "Survivor turned Zombie")):
        row(_zombie_shape(kind, x0 + 8, y, 8, f"legend:{kind}"), label)
    row([Circle(x0 + 8, y, 8, fill=SURVIVOR, stroke="#2c7a2c", stroke_width=2.5, tag="legend:survivor")],
        "Survivor (blue dot: Radio piece)")
    row([Circle(x0 + 8, y, 9, fill="#d9822b", stroke="#ffffff", stroke_width=2, tag="legend:character")],
        "Character (initials)")
    row([Circle(x0 + 8, y, 9, fill=ZOMBIE_STYLE["character_zombie"][0], stroke="#ff5555", stroke_width=2,
                tag="legend:character_zombie")], "Character Zombie")
    row([Rect(x0 + 2, y - 5, 11, 11, fill=RADIO, tag="legend:radio")], "Radio piece on the ground")
    row([Rect(x0 - 2, y - 7, 20, 14, fill=VAN, stroke="#333333", tag="legend:van")], "Rescuers' van")
    row([Circle(x0 + 8, y, 5, fill=BAIT, tag="legend:bait")], "Bait token (first player)")
    row([Line(((x0, y), (x0 + 18, y)), stroke=WALL["standing"], stroke_width=6, tag="legend:wall")], "Wall standing")
    row([Line(((x0, y), (x0 + 18, y)), stroke=WALL["cracked"], stroke_width=6, tag="legend:wall-cracked")],
        "Wall cracked (1 Crack)")
    row([Line(((x0, y), (x0 + 18, y)), stroke=WALL["destroyed"], stroke_width=2, dash=(3, 3),
              tag="legend:wall-destroyed")], "Wall destroyed")
    row([Line(((x0, y), (x0 + 18, y)), stroke=DOOR, stroke_width=6, tag="legend:door")], "Door (living room)")
    y += 6
    out.append(Text(x0, y, "* reconstructed values", size=10, fill="#bbbbbb", anchor="start", tag="legend:note"))
    return out


def _zombie_shape(kind: str, x: float, y: float, r: float, tag: str, zone: str | None = None,
                  stroke: str = "#111111") -> list[Shape]:
    fill, _, shape = ZOMBIE_STYLE.get(kind, ("#666666", "?", "circle"))
    if shape == "triangle":
        pts = ((x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8))
    elif shape == "diamond":
        pts = ((x, y - r), (x + r, y), (x, y + r), (x - r, y))
    elif shape == "square":
        pts = ((x - r * 0.85, y - r * 0.85), (x + r * 0.85, y - r * 0.85), (x + r * 0.85, y + r * 0.85),
               (x - r * 0.85, y + r * 0.85))
    elif shape == "hexagon":
        pts = tuple((round(x + r * math.cos(math.pi / 3 * i), 2), round(y + r * math.sin(math.pi / 3 * i), 2))
                    for i in range(6))
    else:
        return [Circle(x, y, r, fill=fill, stroke=stroke, stroke_width=1.5, tag=tag, zone=zone)]
    return [Polygon(pts, fill=fill, stroke=stroke, stroke_width=1.5, tag=tag, zone=zone)]


# ---- the pieces --------------------------------------------------------------------------------------------
def _walls(v, L: Layout) -> list[Shape]:
    out: list[Shape] = []
    r = L.radius[v.rings[-1]][1]
    for arc, state in v.walls:
        pts = L.arc_line(r, arc, inset=0.03)
        if state == "destroyed":
            out.append(Line(pts, stroke=WALL["destroyed"], stroke_width=2.0, dash=(4, 4), tag="wall:destroyed",
                            zone=f"{arc}:{v.rings[-2]}"))
            continue
        out.append(Line(pts, stroke=WALL[state], stroke_width=7.0, tag=f"wall:{state}", zone=f"{arc}:{v.rings[-2]}"))
        if state == "cracked":
            mx, my = L.point(r, sum(L.angles(arc)) / 2)
            out.append(Line(((mx - 6, my - 7), (mx + 2, my), (mx - 3, my + 3), (mx + 6, my + 8)), stroke="#1b1b1b",
                            stroke_width=2.0, tag="wall:crack"))
        if arc == v.living_room_arc:
            a0, a1 = L.angles(arc)
            mid = (a0 + a1) / 2
            out.append(Line((L.point(r, mid - 0.08), L.point(r, mid + 0.08)), stroke=DOOR, stroke_width=7.0,
                            tag="wall:door"))
    return out


def _slots(n: int, cx: float, cy: float, gap: float) -> list[tuple[float, float]]:
    cols = max(1, math.ceil(math.sqrt(n)))
    rows = math.ceil(n / cols) if n else 0
    return [(cx + (i % cols - (cols - 1) / 2) * gap, cy + (i // cols - (rows - 1) / 2) * gap) for i in range(n)]


def _tokens(v, L: Layout) -> list[Shape]:
    out: list[Shape] = _walls(v, L)
    pieces: dict[str, list] = {}
    for z in v.zombies:
        pieces.setdefault(z.space, []).append(("z", z))
    for s in v.survivors:
        pieces.setdefault(s.space, []).append(("s", s))
    for p in v.players:
        if p.space and p.status in ("alive", "down"):
            pieces.setdefault(p.space, []).append(("p", p))
    for space, n in v.radio:
        pieces.setdefault(space, []).append(("r", n))
    if v.van:
        pieces.setdefault(v.van, []).insert(0, ("v", [p for p in v.players if p.status == "van"]))
    for space in sorted(pieces):
        items = pieces[space]
        cx, cy = L.centre(space)
        gap = 19.0 if len(items) > 4 else 22.0
        for (what, item), (x, y) in zip(items, _slots(len(items), cx, cy, gap)):
            out += _piece(v, what, item, x, y, space)
    out += _banner(v, L)
    return out


def _piece(v, what: str, item: Any, x: float, y: float, space: str) -> list[Shape]:
    if what == "z":
        z = item
        if z.kind == "character_zombie":
            owner = next(p for p in v.players if p.id == z.owner)
            return [Circle(x, y, 9, fill=ZOMBIE_STYLE["character_zombie"][0], stroke="#ff5555", stroke_width=2,
                           tag=f"zombie:character_zombie:{z.owner}", zone=space),
                    Text(x, y, owner.name[:2], size=8, fill="#ffdddd", bold=True, tag="zombie:label", zone=space)]
        letter = ZOMBIE_STYLE.get(z.kind, ("", "?", ""))[1]
        shapes = _zombie_shape(z.kind, x, y, 8.5, f"zombie:{z.kind}", space,
                               stroke="#ffffff" if z.fought else "#111111")
        shapes.append(Text(x, y, f"{letter}{z.health}" if z.max_health > 1 else letter, size=8, fill="#ffffff",
                           bold=True, tag="zombie:label", zone=space))
        return shapes
    if what == "s":
        shapes = [Circle(x, y, 8.5, fill=SURVIVOR, stroke="#2c7a2c", stroke_width=2.5, tag="survivor", zone=space),
                  Text(x, y, str(item.health), size=8, fill="#1b1b1b", bold=True, tag="survivor:label", zone=space)]
        if item.radio:
            shapes.append(Circle(x + 7, y - 7, 3.5, fill=RADIO, tag="survivor:radio", zone=space))
        return shapes
    if what == "p":
        p = item
        if p.status == "down":
            return [Polygon(((x - 10, y - 5), (x + 10, y - 5), (x + 10, y + 5), (x - 10, y + 5)), fill="#777777",
                            stroke=p.colour, stroke_width=2, tag=f"character:down:{p.id}", zone=space),
                    Text(x, y, p.name[:2], size=8, fill="#ffffff", tag="character:label", zone=space)]
        shapes = [Circle(x, y, 10, fill=p.colour, stroke="#ffffff" if not p.acting else "#ffe14d",
                         stroke_width=3 if p.acting else 2, tag=f"character:{p.id}", zone=space),
                  Text(x, y, p.name[:2], size=9, fill="#ffffff", bold=True, tag="character:label", zone=space)]
        for i in range(p.injuries):
            shapes.append(Rect(x - 9 + i * 5, y + 11, 4, 4, fill="#e74c3c", tag="character:injury", zone=space))
        if p.bait:
            shapes.append(Circle(x + 9, y - 9, 4.5, fill=BAIT, stroke="#000000", stroke_width=0.8, tag="bait",
                                 zone=space))
        return shapes
    if what == "r":
        shapes = [Rect(x - 6, y - 6, 12, 12, fill=RADIO, stroke="#ffffff", tag="radio", zone=space)]
        if item > 1:
            shapes.append(Text(x, y, str(item), size=8, fill="#ffffff", bold=True, tag="radio:label", zone=space))
        return shapes
    inside = item
    shapes = [Rect(x - 15, y - 9, 30, 18, fill=VAN, stroke="#333333", stroke_width=1.5, tag="van", zone=space),
              Text(x, y, "VAN" if not inside else "".join(p.name[0] for p in inside), size=8, fill="#222222",
                   bold=True, tag="van:label", zone=space)]
    return shapes


def _banner(v, L: Layout) -> list[Shape]:
    phase = {"setup": "Set Up", "actions": "Perform Actions", "event": "Draw 1 Event Card", "move": "Move Zombies",
             "fight": "Fight Zombies", "bait": "Pass Bait Token", "over": "Game over"}.get(v.phase, v.phase)
    bait = next((p.name for p in v.players if p.id == v.bait), "")
    text = f"Round {v.round} - {phase} - Bait: {bait}"
    if v.acting:
        who = next(p.name for p in v.players if p.id == v.acting)
        text += f" - {who} ({v.actions_left} action{'s' if v.actions_left != 1 else ''} left)"
    out: list[Shape] = [Text(12, 17, text, size=15, fill=TEXT, anchor="start", bold=True, tag="banner")]
    if v.result:
        colour = "#27ae60" if v.result == "won" else "#c0392b"
        out.append(Rect(L.cx - 190, L.cy - 26, 380, 52, fill=colour, opacity=0.92, tag=f"result:{v.result}"))
        out.append(Text(L.cx, L.cy - 8, "WON" if v.result == "won" else "LOST", size=18, fill="#ffffff", bold=True,
                        tag="result:title"))
        out.append(Text(L.cx, L.cy + 12, v.reason[:60], size=11, fill="#ffffff", tag="result:reason"))
    return out


def _overlay(ov: Overlay | None, L: Layout) -> list[Shape]:
    if ov is None:
        return []
    out: list[Shape] = []
    for s in ov.legal:
        out.append(Polygon(L.sector(*_split(s)), fill=None, stroke=LEGAL, stroke_width=3, tag="overlay:legal", zone=s))
    for route in (ov.routes or ()) + ((ov.route,) if ov.route else ()):
        if len(route) > 1:
            out.append(Line(tuple(L.centre(s) for s in route), stroke=ROUTE, stroke_width=2.5, opacity=0.85,
                            tag="overlay:route"))
    if ov.selected:
        out.append(Polygon(L.sector(*_split(ov.selected)), fill=None, stroke=SELECT, stroke_width=3.5,
                           tag="overlay:selected", zone=ov.selected))
    return out


def _split(space: str) -> tuple[int, str]:
    a, r = space.split(":")
    return int(a), r


def _grid(L: Layout, cell: float = 6.0) -> ZoneGrid:
    rows = []
    n_rows, n_cols = int(L.height // cell) + 1, int(L.size // cell) + 1
    for r in range(n_rows):
        rows.append(tuple(L.space_at((c + 0.5) * cell, (r + 0.5) * cell) for c in range(n_cols)))
    return ZoneGrid(tuple(rows), cell)


_GRIDS: dict = {}


def _tooltips(v) -> tuple[tuple[str, str], ...]:
    out = []
    for arc in range(1, v.arcs + 1):
        for ring in v.rings:
            s = f"{arc}:{ring}"
            here = v.pieces_at(s)
            bits = [f"{RING_LABEL.get(ring, ring)} of arc {arc}"]
            bits += [f"{z.name} ({z.health} health)" for z in here["zombies"]]
            bits += [f"Survivor ({x.health} health{', Radio piece' if x.radio else ''})" for x in here["survivors"]]
            bits += [f"{p.name}{' (dead)' if p.status == 'down' else ''}" for p in here["players"]]
            pieces = dict(v.radio).get(s)
            if pieces:
                bits.append(f"{pieces} Radio piece(s)")
            if v.van == s:
                bits.append("the Rescuers' van")
            out.append((s, "; ".join(bits)))
    return tuple(out)


def board_display_list(view: Any, overlay: Overlay | None = None, *, size: float = 640.0) -> DisplayList:
    """The display list of a Dead Panic view model (``game.view()``) with an optional overlay."""
    L = Layout(view.arcs, view.rings, size)
    key = (view.arcs, view.rings, size)
    if key not in _GRIDS:
        _GRIDS[key] = _grid(L)
    return DisplayList(width=L.width, height=L.height, tiles=tuple(_tiles(view, L)), tokens=tuple(_tokens(view, L)),
                       overlay=tuple(_overlay(overlay, L)), grid=_GRIDS[key], tooltips=_tooltips(view),
                       background="#262626")
