"""The Zombie Slayer village as a :mod:`nollab.render` display list -- drawn from the view model only
(``game.view()``).

Layers as for the other games: ``tiles`` (each placed card: its squares, houses, the green border on its
side, the fountain of the Town Centre and the Temple's altar; cards not yet entered are shaded; the side
panel with Life, Luck, actions, Experience, items, skills and the deck), ``tokens`` (the Slayer with his
Life, followers, Zombies by colour with a letter and a shape, the Necromancer with his Life, heaps of
Dragon Dung; the result banner), ``overlay`` (legal moves, the selected square, routes). Each square is a
hit-test zone named like the engine's squares (``"8,-3"``), so a click on the canvas maps to a square.

The printed cards are pictures lost in the transcription; the colours only keep things apart.
"""
from __future__ import annotations

from typing import Any

from nollab.render.model import Overlay
from nollab.render.shapes import Circle, DisplayList, Line, Polygon, Rect, Shape, Text, ZoneGrid

__all__ = ["board_display_list", "square_centre", "Layout", "TOKEN_STYLE"]

SIZE = 6
GROUND = {"centre": "#b8a27a", "temple": "#8c8fa6"}
CARD = "#9c8a64"
UNEXPLORED = "#6e6350"
HOUSE = "#4a3426"
BORDER = "#2f8f3a"
GRID = "#6b5a40"
TEXT = "#f2f2f2"
LEGAL = "#34c759"
SELECT = "#0a84ff"
ROUTE = "#ff3b30"
#: token kind -> (fill, letter, shape): a shape per kind so they differ without colour too
TOKEN_STYLE = {
    "slayer": ("#f1c40f", "S", "star"),
    "violet": ("#8e44ad", "V", "circle"),
    "green": ("#27ae60", "G", "triangle"),
    "blue": ("#2e6fd8", "B", "square"),
    "necromancer": ("#5d6d7e", "N", "hexagon"),
    "bron": ("#d35400", "b", "diamond"),
    "archibald": ("#16a085", "a", "diamond"),
    "prycille": ("#ecf0f1", "p", "diamond"),
    "dung": ("#6d4c2f", "", "blob"),
}
PANEL_W = 230


class Layout:
    """Pixel geometry: the squares of the placed cards in a box with a margin, and the side panel."""

    def __init__(self, bounds: tuple[int, int, int, int], cell: float = 22.0) -> None:
        tx0, ty0, tx1, ty1 = bounds
        self.cell = cell
        self.x0sq, self.y0sq = tx0 * SIZE, ty0 * SIZE
        self.cols, self.rows = (tx1 - tx0 + 1) * SIZE, (ty1 - ty0 + 1) * SIZE
        self.margin = 10.0
        self.top = 30.0
        self.board_w = self.cols * cell
        self.width = self.margin * 2 + self.board_w + PANEL_W
        self.height = max(self.top + self.rows * cell + self.margin, 420.0)

    def corner(self, x: int, y: int) -> tuple[float, float]:
        return (self.margin + (x - self.x0sq) * self.cell, self.top + (y - self.y0sq) * self.cell)

    def centre(self, square: str) -> tuple[float, float]:
        x, y = (int(v) for v in square.split(","))
        px, py = self.corner(x, y)
        return (px + self.cell / 2, py + self.cell / 2)


def square_centre(view: Any, square: str, cell: float = 22.0) -> tuple[float, float]:
    """Pixel centre of ``square`` on the picture of ``view`` (tests and widgets)."""
    return Layout(view.bounds(), cell).centre(square)


def _tiles(v, L: Layout) -> list[Shape]:
    out: list[Shape] = []
    c = L.cell
    for card in v.cards:
        px, py = L.corner(card.tx * SIZE, card.ty * SIZE)
        fill = GROUND.get(card.card, CARD) if card.entered or card.card == "centre" else UNEXPLORED
        out.append(Rect(px, py, SIZE * c, SIZE * c, fill=fill, stroke="#2b2b2b", stroke_width=2,
                        tag=f"card:{card.card}" + ("" if card.entered else ":unexplored")))
        houses = set(card.houses)
        for r in range(SIZE):
            for col in range(SIZE):
                x, y = card.tx * SIZE + col, card.ty * SIZE + r
                sx, sy = L.corner(x, y)
                if (x, y) in houses:
                    out.append(Rect(sx + 1, sy + 1, c - 2, c - 2, fill=HOUSE, stroke="#2a1a10", tag="house",
                                    zone=None))
                else:
                    out.append(Rect(sx, sy, c, c, fill=None, stroke=GRID, stroke_width=0.5, opacity=0.6,
                                    tag="square", zone=f"{x},{y}"))
        for kind, x, y in card.special:
            sx, sy = L.corner(x, y)
            colour = "#5dade2" if kind == "fountain" else "#c0392b"
            out.append(Circle(sx + c / 2, sy + c / 2, c * 0.3, fill=None, stroke=colour, stroke_width=2.5, tag=kind))
        if card.border:
            w = c * 0.28
            bx = {"N": (px, py, SIZE * c, w), "S": (px, py + SIZE * c - w, SIZE * c, w),
                  "W": (px, py, w, SIZE * c), "E": (px + SIZE * c - w, py, w, SIZE * c)}[card.border]
            out.append(Rect(*bx, fill=BORDER, tag=f"border:{card.border}"))
        label = card.name if len(card.name) <= 16 else card.name[:15] + "."
        out.append(Text(px + SIZE * c / 2, py + 7, label, size=8.5, fill="#1b1b1b", bold=True, tag="label:card"))
    out += _panel(v, L)
    return out


def _panel(v, L: Layout) -> list[Shape]:
    x = L.margin * 2 + L.board_w
    out: list[Shape] = [Rect(x, L.top, PANEL_W - 10, L.height - L.top - L.margin, fill="#1f1f1f", stroke="#444444",
                             tag="panel")]
    lines = [
        (v.slayer, True),
        (f"Life {v.life}/5" + (f"  (+{v.townsmen} townsmen)" if v.townsmen else ""), False),
        (f"Luck {v.luck}   actions {v.actions}", False),
        (f"Experience {v.xp}   CP {v.cp}", False),
        ("skills: " + (", ".join(s.replace("_", " ") for s in v.skills) or "-"), False),
        ("items: " + (", ".join(i.replace("_", " ") for i in v.items) or "-"), False),
        (f"town deck: {v.deck_left} card(s)", False),
        ("Boss Fight!" if v.boss else "the Temple is not found yet", v.boss),
        ("destroyed: " + (", ".join(f"{k} {n}" for k, n in v.kills) or "-"), False),
    ]
    y = L.top + 18
    for text, bold in lines:
        out.append(Text(x + 10, y, text[:40], size=11, fill=TEXT, anchor="start", bold=bold, tag="panel:line"))
        y += 20
    y += 8
    for kind in ("slayer", "violet", "green", "blue", "necromancer"):
        fill, letter, _ = TOKEN_STYLE[kind]
        out.append(Circle(x + 18, y, 7, fill=fill, stroke="#000000", tag=f"legend:{kind}"))
        out.append(Text(x + 32, y, kind, size=10, fill=TEXT, anchor="start", tag="legend:label"))
        y += 18
    return out


def _shape(kind: str, cx: float, cy: float, r: float, fill: str, tag: str, zone: str) -> Shape:
    _, _, form = TOKEN_STYLE.get(kind, ("#999999", "?", "circle"))
    if form == "circle":
        return Circle(cx, cy, r, fill=fill, stroke="#000000", stroke_width=1.2, tag=tag, zone=zone)
    pts = {
        "triangle": ((0, -1.1), (1, 0.8), (-1, 0.8)),
        "square": ((-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)),
        "diamond": ((0, -1.1), (1.1, 0), (0, 1.1), (-1.1, 0)),
        "hexagon": ((1, 0), (0.5, 0.87), (-0.5, 0.87), (-1, 0), (-0.5, -0.87), (0.5, -0.87)),
        "star": ((0, -1.2), (0.3, -0.4), (1.15, -0.37), (0.48, 0.15), (0.71, 0.97), (0, 0.5), (-0.71, 0.97),
                 (-0.48, 0.15), (-1.15, -0.37), (-0.3, -0.4)),
        "blob": ((-0.9, 0.3), (-0.5, -0.6), (0.3, -0.7), (0.9, -0.1), (0.6, 0.6), (-0.2, 0.8)),
    }[form]
    return Polygon(tuple((round(cx + r * dx, 2), round(cy + r * dy, 2)) for dx, dy in pts), fill=fill, stroke="#000000",
                   stroke_width=1.2, tag=tag, zone=zone)


def _tokens(v, L: Layout) -> list[Shape]:
    out: list[Shape] = []
    c = L.cell
    by_square: dict[str, list] = {}
    for t in v.tokens:
        by_square.setdefault(t.square, []).append(t)
    for square, toks in by_square.items():
        cx, cy = L.centre(square)
        toks = sorted(toks, key=lambda t: t.kind != "dung")  # dung underneath
        for i, t in enumerate(toks):
            fill, letter, _ = TOKEN_STYLE.get(t.kind, ("#999999", "?", "circle"))
            dx = (i - (len(toks) - 1) / 2) * c * 0.28 if len(toks) > 1 else 0.0
            r = c * (0.42 if t.kind in ("slayer", "necromancer") else 0.34 if t.kind != "dung" else 0.4)
            out.append(_shape(t.kind, cx + dx, cy, r, fill, f"token:{t.kind}", square))
            if letter:
                dark = t.kind in ("slayer", "prycille")
                out.append(Text(cx + dx, cy, letter, size=9, fill="#000000" if dark else "#ffffff", bold=True,
                                tag=f"token:{t.kind}:letter", zone=square))
            if t.kind in ("slayer", "necromancer"):
                out.append(Text(cx + dx + r, cy - r, str(t.life), size=8, fill="#ffffff", bold=True,
                                tag=f"token:{t.kind}:life", zone=square))
    banner = f"Zombie Slayer - round {v.round}, " + ("the Slayer's turn" if v.phase == "slayer" else
                                                     "the Zombies' turn" if v.phase == "zombies" else v.phase)
    out.append(Text(L.margin, 14, banner, size=13, fill=TEXT, anchor="start", bold=True, tag="banner"))
    if v.result:
        w = min(L.board_w, 380)
        bx, by = L.margin + (L.board_w - w) / 2, L.top + L.rows * c / 2 - 26
        colour = "#27ae60" if v.result == "won" else "#c0392b"
        out.append(Rect(bx, by, w, 52, fill=colour, opacity=0.92, tag=f"result:{v.result}"))
        out.append(Text(bx + w / 2, by + 16, "WON" if v.result == "won" else "LOST", size=18, fill="#ffffff", bold=True,
                        tag="result:title"))
        out.append(Text(bx + w / 2, by + 36, v.reason[:60], size=10, fill="#ffffff", tag="result:reason"))
    return out


def _overlay(ov: Overlay | None, L: Layout) -> list[Shape]:
    if ov is None:
        return []
    out: list[Shape] = []
    c = L.cell
    for s in ov.legal:
        x, y = (int(v) for v in s.split(","))
        px, py = L.corner(x, y)
        out.append(Rect(px + 1, py + 1, c - 2, c - 2, fill=None, stroke=LEGAL, stroke_width=2.5, tag="overlay:legal",
                        zone=s))
    for route in (ov.routes or ()) + ((ov.route,) if ov.route else ()):
        if len(route) > 1:
            out.append(Line(tuple(L.centre(s) for s in route), stroke=ROUTE, stroke_width=2.5, opacity=0.85,
                            tag="overlay:route"))
    if ov.selected:
        x, y = (int(v) for v in ov.selected.split(","))
        px, py = L.corner(x, y)
        out.append(Rect(px, py, c, c, fill=None, stroke=SELECT, stroke_width=3, tag="overlay:selected", zone=ov.selected))
    return out


def _grid(v, L: Layout) -> ZoneGrid:
    """One grid cell per square (houses and empty places are None), offset by the board's corner."""
    free = set()
    for card in v.cards:
        houses = set(card.houses)
        for r in range(SIZE):
            for col in range(SIZE):
                p = (card.tx * SIZE + col, card.ty * SIZE + r)
                if p not in houses:
                    free.add(p)
    rows = tuple(tuple(f"{L.x0sq + col},{L.y0sq + r}" if (L.x0sq + col, L.y0sq + r) in free else None
                       for col in range(L.cols)) for r in range(L.rows))
    return ZoneGrid(rows, L.cell, L.margin, L.top)


def _tooltips(v) -> tuple[tuple[str, str], ...]:
    out = []
    for card in v.cards:
        for r in range(SIZE):
            for col in range(SIZE):
                s = f"{card.tx * SIZE + col},{card.ty * SIZE + r}"
                toks = v.at(s)
                if not toks:
                    continue
                bits = [f"{card.name}, square {s}"]
                for t in toks:
                    bits.append({"slayer": f"{t.label} ({t.life} Life)", "necromancer": f"the Necromancer ({t.life} Life)",
                                 "dung": "a heap of Dragon Dung"}.get(t.kind, t.label or f"a {t.kind} Zombie"))
                out.append((s, "; ".join(bits)))
    return tuple(out)


def board_display_list(view: Any, overlay: Overlay | None = None, *, cell: float = 22.0) -> DisplayList:
    """The display list of a Zombie Slayer view model (``game.view()``) with an optional overlay."""
    L = Layout(view.bounds(), cell)
    return DisplayList(width=L.width, height=L.height, tiles=tuple(_tiles(view, L)), tokens=tuple(_tokens(view, L)),
                       overlay=tuple(_overlay(overlay, L)), grid=_grid(view, L), tooltips=_tooltips(view),
                       background="#262626")
