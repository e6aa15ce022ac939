"""The Zpocalypse city as a :mod:`nollab.render` display list, drawn from the view model only.

Layers as for the other games: ``tiles`` (the squares of every placed tile by kind -- blocked, yield,
biohazard, radiation, scrap, search, the bunker entrance -- the tile borders with the base set's
coloured glow, the bunker box, the legend), ``tokens`` (fortifications on edges and squares, Search
tokens, Death-token gear, zombies single/double/knocked down, squads in their colours with HP, the
day banner), ``overlay`` (the acting squad's legal moves and attack targets, a selected square).
Each square is a hit-test zone named ``"x,y"``, the bunker ``"bunker"``, like the engine's actions.

The printed tiles are not reproduced (no tile map is transcribed; the squares are reconstructed).
"""
from __future__ import annotations

from typing import Any

from nollab.render.model import Overlay
from nollab.render.shapes import Circle, DisplayList, Line, Rect, Shape, Text, ZoneGrid

__all__ = ["board_display_list", "SQUARE_FILL", "CELL"]

CELL = 34
SQUARE_FILL = {"open": "#8d8a7d", "blocked": "#2f2f2f", "yield": "#d9b93f", "biohazard": "#7cb342",
               "radiation": "#9575cd", "scrap": "#a1887f", "search_armory": "#5dade2", "search_food": "#5dade2",
               "search_item": "#5dade2", "search_scrap": "#5dade2", "entrance": "#f5f5f5", "tunnel": "#5d4037"}
SQUARE_MARK = {"yield": "Y", "biohazard": "B", "radiation": "R", "scrap": "S", "search_armory": "?A",
               "search_food": "?F", "search_item": "?I", "search_scrap": "?S", "entrance": "E", "tunnel": "T"}
EDGE = {"sandbags": ("#8d6e63", 5.0), "wall": ("#212121", 6.0), "gate": ("#ff9800", 6.0), "red": ("#e53935", 4.0)}
SINGLE, DOUBLE = "#9e9e9e", "#b5e61d"
LEGAL, TARGET, SELECT = "#34c759", "#ff3b30", "#0a84ff"
TEXT = "#f2f2f2"
BASE_GLOW = "#ffb300"


def _xy(z: str) -> tuple[int, int]:
    a, b = z.split(",")
    return int(a), int(b)


def board_display_list(v, overlay: Any = None, cell: float = CELL) -> DisplayList:
    """The board of view ``v`` (:class:`nollab.packs.zpocalypse.view.ZView`)."""
    xs = [x for x, _, _ in v.squares] or [0]
    ys = [y for _, y, _ in v.squares] or [0]
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    top = 30.0
    bx = cols + 1  # the bunker box: 4 cells wide, 3 high, right of the city
    width = (cols + 6) * cell + 180
    height = top + max(rows, 8) * cell + 10

    def px(x: int, y: int) -> tuple[float, float]:
        return ((x - x0) * cell, top + (y - y0) * cell)

    tiles: list[Shape] = []
    tokens: list[Shape] = []
    over: list[Shape] = []
    grid = [[None] * (cols + 6) for _ in range(max(rows, 8))]
    for x, y, kind in v.squares:
        X, Y = px(x, y)
        zid = f"{x},{y}"
        tiles.append(Rect(X, Y, cell, cell, fill=SQUARE_FILL.get(kind, "#888"), stroke="#555", stroke_width=0.5,
                          tag=f"square:{zid}", zone=zid))
        if kind in SQUARE_MARK:
            tiles.append(Text(X + cell / 2, Y + cell / 2 + 4, SQUARE_MARK[kind], 10, "#1b1b1b", bold=True,
                              tag=f"mark:{zid}"))
        grid[y - y0][x - x0] = zid
    n = v.tile_size
    for tx, ty, name in v.tiles:
        X, Y = px(tx * n, ty * n)
        base = tx in (0, 1) and ty in (0, 1)
        tiles.append(Rect(X, Y, n * cell, n * cell, fill=None, stroke=BASE_GLOW if base else "#111", stroke_width=3 if base else 2,
                          tag=f"tile:{tx},{ty}"))
        tiles.append(Text(X + 3, Y + 10, name, 8, TEXT, anchor="start", tag=f"tilename:{tx},{ty}"))
    # the bunker: "acts as a single square for all purposes"
    BX, BY = bx * cell, top
    tiles.append(Rect(BX, BY, 4 * cell, 3 * cell, fill="#37474f", stroke=BASE_GLOW, stroke_width=3, tag="bunker",
                      zone="bunker"))
    tiles.append(Text(BX + 2 * cell, BY + 14, "BUNKER", 11, TEXT, bold=True, tag="bunker:title"))
    tiles.append(Text(BX + 2 * cell, BY + 3 * cell - 6, f"pool {v.pool} · armory {v.bunker_armory} · items {v.item_pile}",
                      9, TEXT, tag="bunker:contents"))
    for r in range(3):
        for c_ in range(4):
            grid[r][bx + c_] = "bunker"
    if v.entrance is not None:
        ex, ey = px(*v.entrance)
        tokens.append(Line(((ex + cell, ey + cell / 2), (BX, BY + 1.5 * cell)), stroke="#b0bec5", stroke_width=1.5,
                           dash=(4, 3), tag="bunker:link"))
    # fortifications
    for a, b, kind in v.edges:
        (ax, ay), (bx_, by_) = _xy(a), _xy(b)
        colour, w = EDGE.get(kind, ("#000", 4))
        if ax == bx_:  # vertical neighbours: a horizontal edge
            X, Y = px(ax, max(ay, by_))
            pts = ((X + 3, Y), (X + cell - 3, Y))
        else:
            X, Y = px(max(ax, bx_), ay)
            pts = ((X, Y + 3), (X, Y + cell - 3))
        tokens.append(Line(pts, stroke=colour, stroke_width=w, tag=f"edge:{kind}:{a}|{b}"))
    for z, kind, kills in v.forts:
        X, Y = px(*_xy(z))
        if kind == "trap":
            tokens.append(Line(((X + 5, Y + 5), (X + cell - 5, Y + cell - 5)), stroke="#6d4c41", stroke_width=2.5,
                               tag=f"fort:trap:{z}"))
            tokens.append(Line(((X + cell - 5, Y + 5), (X + 5, Y + cell - 5)), stroke="#6d4c41", stroke_width=2.5,
                               tag=f"fort:trap:{z}"))
            if kills:
                tokens.append(Text(X + cell - 6, Y + 10, str(kills), 8, "#fff", tag=f"fort:trapkills:{z}"))
        else:
            tokens.append(Rect(X + 2, Y + 2, cell - 4, cell - 4, fill=None, stroke="#ffffff", stroke_width=2.5,
                               tag=f"fort:{kind}:{z}"))
    for z, colour, num, x in v.tokens:
        X, Y = px(*_xy(z))
        tokens.append(Circle(X + 8, Y + cell - 8, 6, fill="#263238", stroke="#fff" if colour == "white" else "#e53935",
                             tag=f"search:{z}"))
        tokens.append(Text(X + 8, Y + cell - 5, "X" if x else str(num), 8, "#fff" if colour == "white" else "#ff8a80",
                           bold=True, tag=f"search:{z}"))
    for z in v.gear:
        X, Y = px(*_xy(z))
        tokens.append(Text(X + cell - 8, Y + cell - 5, "D", 9, "#000", bold=True, tag=f"gear:{z}"))
    # zombies
    in_bunker = 0
    for zb in v.zombies:
        if zb.zone == "bunker":
            cx, cy = BX + 10 + (in_bunker % 9) * 14, BY + 1.2 * cell + (in_bunker // 9) * 14
            in_bunker += 1
        else:
            X, Y = px(*_xy(zb.zone))
            cx, cy = X + cell / 2, Y + cell / 2
        r = cell * (0.36 if zb.double else 0.28) * (0.6 if zb.zone == "bunker" else 1)
        tokens.append(Circle(cx, cy, r, fill=DOUBLE if zb.double else SINGLE, stroke="#1b1b1b",
                             stroke_width=2 if not zb.down else 1, opacity=0.55 if zb.down else 1.0,
                             tag=f"zombie:{zb.uid}"))
        if zb.double and zb.zone != "bunker":
            tokens.append(Text(cx, cy + 4, "2", 10, "#1b1b1b", bold=True, tag=f"zombie:{zb.uid}"))
        if zb.down:
            tokens.append(Text(cx, cy + 4, "v", 10, "#1b1b1b", tag=f"zombie:{zb.uid}"))
    # squads
    k = 0
    for s in v.squads:
        if s.zone is None or s.out:
            continue
        if s.zone == "bunker":
            cx, cy = BX + 16 + k * 28, BY + 2.1 * cell
            k += 1
        else:
            X, Y = px(*_xy(s.zone))
            cx, cy = X + cell / 2, Y + cell / 2
        tokens.append(Circle(cx, cy, cell * 0.38, fill=s.colour, stroke="#ffffff", stroke_width=2.5, tag=f"squad:{s.id}"))
        tokens.append(Text(cx, cy + 4, str(s.hp), 10, "#ffffff", bold=True, tag=f"squad:{s.id}"))
    # the legend and the squads' stats
    LX = (bx + 5) * cell
    ly = top + 6
    for s in v.squads:
        tokens.append(Rect(LX, ly, 10, 10, fill=s.colour, tag=f"legend:{s.id}"))
        state = "out" if s.out else (f"HP {s.hp}/{s.hp_max} A{s.armor} F{s.firearm} M{s.melee} Mv{s.move} Sm{s.smarts}")
        tokens.append(Text(LX + 14, ly + 9, f"{s.name}: {s.vp} VP", 10, TEXT, "start", True, tag=f"legend:{s.id}"))
        tokens.append(Text(LX + 14, ly + 21, state, 8, TEXT, "start", tag=f"legend:{s.id}"))
        ly += 30
    for label, fill in (("yield (2 MP)", SQUARE_FILL["yield"]), ("biohazard/radiation (1 HP)", SQUARE_FILL["biohazard"]),
                        ("scrap square", SQUARE_FILL["scrap"]), ("search square", SQUARE_FILL["search_item"]),
                        ("tunnel entrance", SQUARE_FILL["tunnel"]), ("single zombie", SINGLE), ("double zombie", DOUBLE)):
        tokens.append(Rect(LX, ly, 10, 10, fill=fill, tag="legend"))
        tokens.append(Text(LX + 14, ly + 9, label, 9, TEXT, "start", tag="legend"))
        ly += 15
    banner = (f"Day {v.day} · night {v.night} · {v.phase}" + (f" · round {v.round}" if v.phase == "combat" else "")
              + (f" · zombie speed {v.speed}" if v.speed else "") + (" · BREACHED" if v.breached else "")
              + (" · ENRAGED" if v.enraged else "") + (f" · {v.result}" if v.result else ""))
    tokens.append(Text(6, 19, banner, 13, TEXT, "start", True, tag="banner"))
    # overlay
    ov = overlay if overlay is not None else Overlay(legal=v.legal_moves)
    targets = v.targets if overlay is None else ()
    for z in getattr(ov, "legal", ()) or ():
        if z == "bunker":
            over.append(Rect(BX + 2, BY + 2, 4 * cell - 4, 3 * cell - 4, fill=None, stroke=LEGAL, stroke_width=3,
                             tag="legal:bunker"))
            continue
        X, Y = px(*_xy(z))
        over.append(Rect(X + 2, Y + 2, cell - 4, cell - 4, fill=None, stroke=LEGAL, stroke_width=2.5, tag=f"legal:{z}"))
    for z in targets:
        if z == "bunker":
            continue
        X, Y = px(*_xy(z))
        over.append(Rect(X + 1, Y + 1, cell - 2, cell - 2, fill=None, stroke=TARGET, stroke_width=2.5, tag=f"target:{z}"))
    sel = getattr(ov, "selected", None)
    if sel and sel != "bunker" and "," in sel:
        X, Y = px(*_xy(sel))
        over.append(Rect(X, Y, cell, cell, fill=None, stroke=SELECT, stroke_width=3, tag=f"selected:{sel}"))
    tips = []
    for s in v.squads:
        if s.zone:
            tips.append((s.zone, f"{s.name}: {', '.join(s.survivors)}; {', '.join(s.cards)}"))
    return DisplayList(width, height, tuple(tiles), tuple(tokens), tuple(over),
                       ZoneGrid(tuple(tuple(r) for r in grid), cell, 0.0, top), tuple(tips), "#1e1e1e")
