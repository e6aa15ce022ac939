"""A text picture of a board, to compare a reconstructed map with the printed tiles.

Each cell shows its Zone letter; the characters between cells show the edge::

    (space) same Zone          .  :   Zone boundary, free (outdoor Zones)
    -  |    wall               #      tile corner
    /  +    door open/closed   %  @   barricade open/closed     *  &  window open/barricaded
    ^  =    stairs open/closed ~      passage (no door)

Openings use symbols, not letters, so they never look like a Zone letter.

Rows and columns are numbered 1-based, as in the ``at = "r3c2-r3c3"`` notation of the files.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .model import OpeningKind

if TYPE_CHECKING:  # pragma: no cover
    from .board import Board
    from .scene_map import SceneMap

#: opening kind -> (open glyph, closed glyph)
GLYPHS = {OpeningKind.DOOR: ("/", "+"), OpeningKind.BARRICADE: ("%", "@"),
          OpeningKind.WINDOW: ("*", "&"), OpeningKind.STAIRS: ("^", "="),
          OpeningKind.PASSAGE: ("~", "~")}


def grid_lines(board: "Board", closed: frozenset[str] | None = None) -> list[str]:
    """The cell grid with edges, rulers and tile corners, one string per text line."""
    closed = board.initial_closed if closed is None else closed
    R, C = board.rows, board.cols
    H, W = 2 * R + 1, 2 * C + 1
    canvas = [[" "] * W for _ in range(H)]
    for r in range(R):
        for c in range(C):
            z = board.zone_at((r, c))
            canvas[2 * r + 1][2 * c + 1] = z.split(":", 1)[1] if z else " "
    for r in range(R):
        for c in range(C):
            if board.zone_at((r, c)) is None:
                continue
            for dr, dc in ((0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                y, x = 2 * r + 1 + dr, 2 * c + 1 + dc
                if rr >= R or cc >= C or board.zone_at((rr, cc)) is None:
                    continue
                e = board.edge((r, c), (rr, cc))
                if e == "free":
                    same = board.zone_at((r, c)) == board.zone_at((rr, cc))
                    ch = " " if same else (":" if dc else ".")
                elif e == "wall":
                    ch = "|" if dc else "-"
                else:
                    ch = GLYPHS[board.openings[e].kind][e in closed]
                canvas[y][x] = ch
    for t in board.tiles:
        for y in (2 * t.row, 2 * (t.row + t.rows)):
            for x in (2 * t.col, 2 * (t.col + t.cols)):
                canvas[y][x] = "#"
    tens = "    " + "".join(f" {(c + 1) // 10 if c + 1 >= 10 else ' '}" for c in range(C))
    ones = "    " + "".join(f" {(c + 1) % 10}" for c in range(C))
    out = [tens.rstrip(), ones.rstrip()] if C >= 10 else [ones.rstrip()]
    for y in range(H):
        label = f"{y // 2 + 1:>3} " if y % 2 else "    "
        out.append((label + "".join(canvas[y])).rstrip())
    return out


def render_map(sm: "SceneMap", closed: frozenset[str] | None = None) -> str:
    """The whole report printed by ``nollab map``: header, grid, Zone legend, openings, tokens."""
    b = sm.board
    closed = b.initial_closed if closed is None else closed
    lines = []
    layout = " / ".join(" ".join(t or "." for t in row) for row in sm.layout) if sm.layout else \
        ", ".join(f"{t.tile}@r{t.row + 1}c{t.col + 1}" for t in b.tiles)
    rec = [t.tile for t in b.tiles if t.reconstructed]
    lines.append(f"Map {b.name} ({sm.file}): {layout}; {b.rows}x{b.cols} cells, "
                 f"{len(b.zones)} zones, {len(b.openings)} openings")
    if rec:
        lines.append(f"RECONSTRUCTED tiles (not the printed ones): {', '.join(rec)}")
    art = [t for t in b.tiles if not t.reconstructed and t.source]
    if art:
        lines.append(f"tiles {art[0].source}: " + ", ".join(
            f"{t.tile} ({len(t.readings)} reading{'s' if len(t.readings) != 1 else ''})" for t in art)
            + " — the readings are listed in each tile file and docs/rulings.md")
    lines.append("tiles: " + "; ".join(
        f"{t.tile} rows {t.row + 1}-{t.row + t.rows} cols {t.col + 1}-{t.col + t.cols} rot {t.rotation}"
        for t in b.tiles))
    lines.append("")
    lines += grid_lines(b, closed)
    lines.append("")
    lines.append("edges: ' ' same zone, '.' ':' free zone boundary, '-' '|' wall, '#' tile corner;")
    lines.append("       door / open + closed, barricade % open @ closed, window * open & barricaded,")
    lines.append("       stairs ^ open = closed, passage ~")
    lines.append("")
    lines.append("Zones (id, kind, label, house):")
    tok = _zone_tokens(sm)
    for tile in b.tiles:
        for z in sorted(b.zones_of_tile(tile.tile), key=lambda s: s.split(":")[1]):
            zz = b.zones[z]
            extra = f" [{'; '.join(tok[z])}]" if z in tok else ""
            house = f" {zz.house}" if zz.house else ""
            spans = [t.tile for t in b.tiles if any(t.covers(c) for c in zz.cells)]
            span = f" (one room across {' and '.join(spans)})" if len(spans) > 1 else ""
            lines.append(f"  {z:<7} {zz.kind.value:<9} {zz.label}{span}{house}{extra}")
    lines.append("")
    lines.append("Openings (id, kind, state, between, cells):")
    for o in b.openings.values():
        state = "closed" if o.id in closed else ("open" if o.kind.closable else "always open")
        (r1, c1), (r2, c2) = o.cells
        win = " (window)" if o.window and o.kind is not OpeningKind.WINDOW else ""
        lines.append(f"  {o.id:<10} {o.kind.value:<9}{win} {state:<11} {o.zones[0]} / {o.zones[1]} "
                     f"r{r1 + 1}c{c1 + 1}-r{r2 + 1}c{c2 + 1}  {o.label}".rstrip())
    t = sm.tokens
    lines.append("")
    lines.append("Tokens:")
    if t.spawns:
        order = sm.spawn_order() if any(s.colour == "white" for s in t.spawns) else ()
        lines.append("  spawn zones: " + ", ".join(f"{s.zone} ({s.colour})" for s in t.spawns))
        if order:
            lines.append("  spawn order (clockwise from white, P. 24): " + " -> ".join(order))
    for k, z in t.starting_areas.items():
        lines.append(f"  starting area #{k}: {z}")
    for z, deck in t.stashes.items():
        lines.append(f"  {deck} search zone: {z}")
    if t.windows_to_barricade:
        lines.append("  windows to barricade: " + ", ".join(t.windows_to_barricade))
    for m in t.markers:
        where = m.zone or m.opening
        lines.append(f"  {m.kind}: {where}  {m.label}".rstrip())
    if t.car:
        lines.append(f"  car: {t.car}")
    return "\n".join(lines) + "\n"


def _zone_tokens(sm: "SceneMap") -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    t = sm.tokens
    for s in t.spawns:
        out.setdefault(s.zone, []).append(f"{s.colour} spawn")
    for k, z in t.starting_areas.items():
        out.setdefault(z, []).append(f"starting area #{k}")
    for z, d in t.stashes.items():
        out.setdefault(z, []).append(f"{d} search")
    for m in t.markers:
        if m.zone:
            out.setdefault(m.zone, []).append(m.kind)
    if t.car:
        out.setdefault(t.car, []).append("car")
    for f in sm.board.features:
        out.setdefault(f.zone, []).append(f"printed {f.kind}")
    return out


def map_json(sm: "SceneMap") -> dict:
    """A JSON-ready description of the map (zones, openings, tiles, tokens)."""
    b = sm.board
    return {
        "name": b.name, "file": sm.file, "rows": b.rows, "cols": b.cols,
        "tiles": [{"id": t.tile, "row": t.row + 1, "col": t.col + 1, "rows": t.rows, "cols": t.cols,
                   "rotation": t.rotation, "reconstructed": t.reconstructed, "source": t.source,
                   "readings": list(t.readings)} for t in b.tiles],
        "zones": [{"id": z.id, "kind": z.kind.value, "tile": z.tile, "label": z.label, "house": z.house,
                   "cells": [[r + 1, c + 1] for r, c in z.cells]} for z in b.zones.values()],
        "openings": [{"id": o.id, "kind": o.kind.value, "zones": list(o.zones), "open": o.initially_open,
                      "window": o.window, "label": o.label,
                      "cells": [[r + 1, c + 1] for r, c in o.cells]} for o in b.openings.values()],
        "features": [{"kind": f.kind, "zone": f.zone, "tile": f.tile, "label": f.label,
                      "cell": [f.cell[0] + 1, f.cell[1] + 1]} for f in b.features],
        "tokens": {
            "spawns": [{"zone": s.zone, "colour": s.colour} for s in sm.tokens.spawns],
            "spawn_order": list(sm.spawn_order()) if any(s.colour == "white" for s in sm.tokens.spawns) else [],
            "starting_areas": dict(sm.tokens.starting_areas),
            "stashes": dict(sm.tokens.stashes),
            "windows_to_barricade": list(sm.tokens.windows_to_barricade),
            "markers": [{"kind": m.kind, "zone": m.zone, "opening": m.opening, "label": m.label}
                        for m in sm.tokens.markers],
            "car": sm.tokens.car,
        },
    }
