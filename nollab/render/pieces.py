"""How each piece looks: shapes a player tells apart at a glance, shared by the board and its legend.

Drawn from scratch (no art copied) after what players know from the box (the Ghoul standees are
dark figures outlined in red; opening tokens have a red frame when closed and a green one when
open; the Starting Zone token is blue; the Spawn tokens are coloured bands, P. 24):

* Ghouls (P. 17): one *silhouette* per type -- a Walker stands with its arms down, a Breaker
  raises both arms, a Fatty is wide, a Relative is a small figure in a dress -- filled with the
  type's colour (:data:`nollab.render.palette.GHOUL`, the charts' colour too), with a count badge.
* Survivors (P. 14): a disc in the Survivor's colour with the name's first letters and a Mode
  badge, "R" on white for the Romero side (black and white) or "Z" on red for the Zombicide side;
  one red pip per Wound (P. 22).
* Openings (P. 9, 18-19): a door is a leaf (closed: across the gap, red frame; open: swung out of
  it, green jambs), a window is a pane of glass (barricaded: planks across, red frame), a
  Barricade is crossed planks (open: planks pushed aside), stairs are steps.
* Spawn tokens: a band of the token's colour with three heads; an inactive one is faded and
  outlined dashed (P. 24).

Every function returns display-list shapes with tags (see :mod:`nollab.render.shapes`); the first
shape of a piece carries the piece's main tag, its details carry other tags.
"""
from __future__ import annotations

import math

from . import palette as P
from .shapes import Circle, Line, Polygon, Rect, Shape, Text

# ----------------------------------------------------------------------------- Ghouls (P. 17)
# Silhouettes in a unit box: x in [-0.5, 0.5], y in [-0.5, 0.5] (y down), feet at y = 0.5.
_LEGS = ((0.15, 0.16), (0.19, 0.5), (0.05, 0.5), (0.0, 0.27), (-0.05, 0.5), (-0.19, 0.5), (-0.15, 0.16))
_BODY = {
    # arms hanging a little away from the body
    "walker": ((-0.15, -0.2), (0.15, -0.2), (0.3, 0.12), (0.22, 0.15), (0.14, -0.02)) + _LEGS
              + ((-0.14, -0.02), (-0.22, 0.15), (-0.3, 0.12)),
    # both arms raised high: a Y
    "breaker": ((-0.15, -0.18), (-0.4, -0.5), (-0.29, -0.53), (-0.09, -0.27), (0.09, -0.27), (0.29, -0.53),
                (0.4, -0.5), (0.15, -0.18)) + _LEGS,
    # a wide round belly on short legs
    "fatty": tuple((0.42 * math.cos(a), 0.06 + 0.3 * math.sin(a))
                   for a in (math.radians(d) for d in range(-90, 271, 20)))[:-1]
             + ((-0.05, 0.33), (-0.05, 0.5), (-0.2, 0.5), (-0.2, 0.3)),
    # a small figure in a dress (the Relatives are family members, P. 17)
    "relative": ((-0.09, -0.12), (0.09, -0.12), (0.27, 0.3), (0.1, 0.3), (0.1, 0.5), (0.03, 0.5), (0.02, 0.3),
                 (-0.02, 0.3), (-0.03, 0.5), (-0.1, 0.5), (-0.1, 0.3), (-0.27, 0.3)),
}
_HEAD = {"walker": (0.0, -0.33, 0.13), "breaker": (0.0, -0.33, 0.12), "fatty": (0.0, -0.37, 0.12),
         "relative": (0.0, -0.25, 0.12)}


def ghoul_figure(kind: str, x: float, y: float, h: float, *, tag: str = "", zone: str | None = None) -> list[Shape]:
    """The silhouette of a Ghoul of ``kind`` centred on (x, y), ``h`` pixels tall."""
    colour = P.GHOUL.get(kind, ("#444444", "?"))[0]
    body = _BODY.get(kind, _BODY["walker"])
    hx, hy, hr = _HEAD.get(kind, _HEAD["walker"])
    pts = tuple((round(x + px * h, 2), round(y + py * h, 2)) for px, py in body)
    return [
        Polygon(pts, fill=colour, stroke=P.GHOUL_OUTLINE, stroke_width=1.0, tag=tag or f"ghoul:{kind}", zone=zone),
        Circle(x + hx * h, y + hy * h, hr * h, fill=colour, stroke=P.GHOUL_OUTLINE, stroke_width=1.0,
               tag=f"ghoul-head:{kind}", zone=zone),
    ]


def ghoul_piece(kind: str, n: int, x: float, y: float, cell: float, zone: str | None = None) -> list[Shape]:
    """A Ghoul group: the type's silhouette and a count badge ("3") at its lower right."""
    h = cell * 0.5
    fx = x - cell * 0.05
    out = ghoul_figure(kind, fx, y, h, tag=f"ghouls:{kind}", zone=zone)
    letter = P.GHOUL.get(kind, ("", kind[:1].upper()))[1]
    br = max(6.0, cell * 0.13)
    bx, by = fx + h * 0.36, y + h * 0.22
    out.append(Circle(bx, by, br, fill="#111111", stroke="#ffffff", stroke_width=1.0, tag=f"ghouls-badge:{kind}",
                      zone=zone))
    out.append(Text(bx, by + 0.5, str(n), size=max(9.0, round(br * 1.45)), fill="#ffffff", bold=True,
                    tag=f"ghouls-count:{kind}:{n}{letter}", zone=zone))
    return out


# ----------------------------------------------------------------------------- Survivors (P. 14)
def _luminance(hex_colour: str) -> float:
    try:
        r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    except (ValueError, IndexError):
        return 0.0
    return 0.299 * r + 0.587 * g + 0.114 * b


def survivor_piece(name: str, colour: str, mode: str, x: float, y: float, cell: float, *,
                   active: bool = False, wounds: int = 0, zone: str | None = None) -> list[Shape]:
    """A Survivor's token: a disc in their colour, initials, Mode badge, Wound pips, and a blue
    ring for the Survivor taking their Turn."""
    r = cell * 0.2
    out: list[Shape] = []
    if active:
        out.append(Circle(x, y, r + 4.0, fill=None, stroke=P.SELECT, stroke_width=3.0,
                          tag=f"survivor-active:{name}", zone=zone))
    ring = P.MODE_RING.get(mode, "#ffffff")
    out.append(Circle(x, y, r, fill=colour, stroke=ring, stroke_width=2.5, tag=f"survivor:{name}:{mode}", zone=zone))
    out.append(Circle(x, y, r + 1.6, fill=None, stroke="#111111", stroke_width=1.0, tag=f"survivor-rim:{name}",
                      zone=zone))
    ink = "#111111" if _luminance(colour) > 150 else "#ffffff"
    out.append(Text(x, y + 0.5, name[:2].title(), size=max(9.0, round(r * 0.95)), fill=ink, bold=True,
                    tag=f"survivor-name:{name}", zone=zone))
    # Mode badge: "R" on the black-and-white side, "Z" on the red Zombicide side (P. 14)
    b = max(5.0, cell * 0.1)
    bx, by = x + r * 0.8, y + r * 0.8
    zombicide = mode == "zombicide"
    out.append(Rect(bx - b, by - b, 2 * b, 2 * b, fill=P.MODE_RING["zombicide"] if zombicide else "#ffffff",
                    stroke="#111111", stroke_width=1.0, tag=f"survivor-mode:{name}:{mode}", zone=zone))
    out.append(Text(bx, by + 0.5, "Z" if zombicide else "R", size=max(8.0, round(b * 1.6)),
                    fill="#ffffff" if zombicide else "#111111", bold=True, tag=f"survivor-mode-letter:{name}",
                    zone=zone))
    for i in range(max(0, min(wounds, 3))):  # Wounds (P. 22)
        out.append(Circle(x - r * 0.7 + i * r * 0.7, y - r - 3.0, 2.6, fill="#d7262e", stroke="#ffffff",
                          stroke_width=0.8, tag=f"survivor-wound:{name}", zone=zone))
    return out


# ----------------------------------------------------------------------------- openings (P. 9, 18-19)
def opening_piece(kind: str, is_open: bool, p: tuple[float, float], q: tuple[float, float], cell: float, *,
                  objective: bool = False) -> list[Shape]:
    """An opening on the wall segment p-q (see module docstring). The first shape is tagged
    ``opening:{kind}:{open|closed}`` and lies across the gap."""
    (x1, y1), (x2, y2) = p, q
    vertical = x1 == x2
    state = "open" if is_open else "closed"
    tag = f"opening:{kind}:{state}"
    part_tag = f"opening-part:{kind}:{state}"  # details; ":plank" keeps the old tag (tests count planks)
    length = cell * 0.66
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    # unit vectors along the wall (u) and across it (v)
    ux, uy = (0.0, 1.0) if vertical else (1.0, 0.0)
    vx, vy = (1.0, 0.0) if vertical else (0.0, 1.0)

    def bar(thick: float) -> tuple[float, float, float, float]:
        if vertical:
            return mx - thick / 2, my - length / 2, thick, length
        return mx - length / 2, my - thick / 2, length, thick

    def along(t: float, s: float = 0.0) -> tuple[float, float]:
        """The point t along the gap (-0.5..0.5) and s pixels across the wall."""
        return (mx + ux * t * length + vx * s, my + uy * t * length + vy * s)

    out: list[Shape] = []
    colours = P.OPENING.get(kind, P.OPENING["door"])
    frame = P.FRAME_OPEN if is_open else P.FRAME_CLOSED
    if kind == "passage":
        x, y, w, h = bar(4.0)
        out.append(Rect(x, y, w, h, fill=colours["open"], stroke=None, tag=tag))
    elif kind == "door":
        if not is_open:
            x, y, w, h = bar(8.0)
            out.append(Rect(x, y, w, h, fill=colours["closed"], stroke=frame, stroke_width=1.8, tag=tag))
            out.append(Circle(*along(0.3), 1.6, fill="#f1d08a", tag=part_tag + ":knob"))
        else:
            x, y, w, h = bar(3.0)  # the empty doorway, the leaf swung open from its hinge
            out.append(Rect(x, y, w, h, fill=colours["open"], stroke=None, tag=tag))
            hinge = along(-0.5)
            tip = (hinge[0] + vx * length * 0.8, hinge[1] + vy * length * 0.8)
            out.append(Line((hinge, tip), stroke=colours["closed"], stroke_width=3.0, tag=part_tag + ":leaf"))
            out.append(Line((along(-0.5, -4), along(-0.5, 4)), stroke=frame, stroke_width=2.5, tag=part_tag + ":jamb"))
            out.append(Line((along(0.5, -4), along(0.5, 4)), stroke=frame, stroke_width=2.5, tag=part_tag + ":jamb"))
    elif kind == "window":
        if is_open:
            x, y, w, h = bar(6.0)
            out.append(Rect(x, y, w, h, fill=colours["open"], stroke="#2e6f8e", stroke_width=1.2, tag=tag))
            out.append(Line((along(0.0, -3), along(0.0, 3)), stroke="#2e6f8e", stroke_width=1.2, tag=part_tag + ":sash"))
        else:
            x, y, w, h = bar(8.0)
            out.append(Rect(x, y, w, h, fill=colours["closed"], stroke=frame, stroke_width=1.8, tag=tag))
            out.append(Line((along(-0.45, -4), along(0.45, 4)), stroke="#3a1f0f", stroke_width=1.6, tag=tag + ":plank"))
            out.append(Line((along(-0.45, 4), along(0.45, -4)), stroke="#3a1f0f", stroke_width=1.6, tag=tag + ":plank"))
    elif kind == "barricade":
        if not is_open:
            x, y, w, h = bar(10.0)
            out.append(Rect(x, y, w, h, fill=colours["closed"], stroke=frame, stroke_width=1.8, tag=tag))
            out.append(Line((along(-0.45, -5), along(0.45, 5)), stroke="#3a1f0f", stroke_width=2.0, tag=tag + ":plank"))
            out.append(Line((along(-0.45, 5), along(0.45, -5)), stroke="#3a1f0f", stroke_width=2.0, tag=tag + ":plank"))
        else:
            x, y, w, h = bar(3.0)
            out.append(Rect(x, y, w, h, fill=colours["open"], stroke=None, tag=tag))
            for t in (-0.42, 0.42):  # the planks pushed aside, against both jambs
                out.append(Line((along(t, -7), along(t, 7)), stroke=frame, stroke_width=7.0, tag=part_tag + ":frame"))
                out.append(Line((along(t, -6), along(t, 6)), stroke=colours["closed"], stroke_width=4.5,
                                tag=part_tag + ":wood"))
    elif kind == "stairs":
        x, y, w, h = bar(10.0)
        out.append(Rect(x, y, w, h, fill=colours["open" if is_open else "closed"], stroke=frame, stroke_width=1.8,
                        tag=tag))
        for t in (-0.3, -0.1, 0.1, 0.3):  # the steps
            out.append(Line((along(t, -4), along(t, 4)), stroke="#3b2a5c", stroke_width=1.4, tag=part_tag + ":step"))
    else:
        x, y, w, h = bar(8.0 if not is_open else 5.0)
        out.append(Rect(x, y, w, h, fill=colours["open" if is_open else "closed"], stroke=frame, tag=tag))
    if objective:  # S1: a window the Scene asks to block
        out.append(Circle(mx, my, 3.2, fill=P.OBJECTIVE if is_open else "#3a1f0f", stroke="#000000",
                          stroke_width=0.8, tag="objective-opening:" + state))
    return out


# ----------------------------------------------------------------------------- Spawn tokens (P. 24)
def spawn_piece(colour: str, active: bool, x: float, y: float, cell: float, zone: str | None = None) -> list[Shape]:
    """A Spawn token: a band of its colour with three heads; faded and dashed when inactive."""
    w, h = cell * 0.42, cell * 0.24
    fill = P.SPAWN.get(colour, colour)
    opacity = 1.0 if active else 0.45
    tag = f"spawn:{colour}" + ("" if active else ":inactive")
    out: list[Shape] = [Rect(x - w / 2, y - h / 2, w, h, fill=fill, stroke="#000000", stroke_width=1.5,
                             opacity=opacity, tag=tag, zone=zone)]
    ink = "#222222" if colour in ("white", "yellow") else "#ffffff"
    for i in (-1, 0, 1):
        cx = x + i * w * 0.28
        out.append(Circle(cx, y - h * 0.12, h * 0.16, fill=ink, opacity=opacity, tag=f"spawn-figure:{colour}",
                          zone=zone))
        out.append(Rect(cx - h * 0.16, y + h * 0.06, h * 0.32, h * 0.3, fill=ink, opacity=opacity,
                        tag=f"spawn-figure:{colour}", zone=zone))
    if not active:
        x0, y0 = x - w / 2 - 2, y - h / 2 - 2
        ring = ((x0, y0), (x0 + w + 4, y0), (x0 + w + 4, y0 + h + 4), (x0, y0 + h + 4), (x0, y0))
        out.append(Line(ring, stroke="#111111", stroke_width=1.0, dash=(3.0, 2.0), tag=f"spawn-off:{colour}",
                        zone=zone))
    return out


# ----------------------------------------------------------------------------- map marks
def mark_piece(kind: str, label: str, x: float, y: float, cell: float, zone: str | None = None) -> list[Shape]:
    """Starting area (blue, "#1"), Search stash (a card of its deck's colour, P. 18), objective
    (a star) or an item lying in a Zone (a small label)."""
    half = cell * 0.15
    if kind == "start":
        return [Rect(x - half, y - half, 2 * half, 2 * half, fill=P.START, stroke="#ffffff", stroke_width=1.2,
                     tag="start", zone=zone),
                Text(x, y + 0.5, label or "S", size=max(9.0, round(half)), fill="#ffffff", bold=True,
                     tag="start:label", zone=zone)]
    if kind == "stash":
        colour = P.STASH.get(label, "#555555")
        return [Rect(x - half * 0.75, y - half, 1.5 * half, 2 * half, fill=colour, stroke="#ffffff",
                     stroke_width=1.2, tag=f"stash:{label}", zone=zone),
                Text(x, y + 0.5, (label[:1] or "?").upper(), size=max(9.0, round(half)), fill="#ffffff", bold=True,
                     tag="stash:label", zone=zone)]
    if kind == "objective":
        return [star(x, y, half * 1.25, fill=P.OBJECTIVE, tag="objective", zone=zone)]
    return [Rect(x - half * 1.4, y - half * 0.8, half * 2.8, half * 1.6, fill="#fff6d6", stroke="#000000",
                 tag=f"{kind}", zone=zone),
            Text(x, y + 0.5, label[:4], size=9, fill="#000000", tag=f"{kind}:label", zone=zone)]


def star(x: float, y: float, r: float, *, fill: str, tag: str, zone: str | None = None) -> Polygon:
    pts = []
    for k in range(10):
        rr = r if k % 2 == 0 else r * 0.42
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((round(x + rr * math.cos(a), 2), round(y + rr * math.sin(a), 2)))
    return Polygon(tuple(pts), fill=fill, stroke="#000000", tag=tag, zone=zone)


def car_piece(label: str, x: float, y: float, cell: float, zone: str | None = None) -> list[Shape]:
    """The car (P. 20-21) seen from above, with the driver's initial and the passenger count."""
    w, h = cell * 0.46, cell * 0.28
    return [Rect(x - w / 2, y - h / 2, w, h, fill=P.CAR, stroke="#000000", tag="car", zone=zone),
            Rect(x + w * 0.12, y - h * 0.36, w * 0.2, h * 0.72, fill="#9fc3e6", tag="car-window", zone=zone),
            Text(x - w * 0.14, y + 0.5, label or "car", size=9, fill="#ffffff", bold=True, tag="car:label", zone=zone)]
