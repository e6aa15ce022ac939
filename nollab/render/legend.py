"""The legend: every kind of piece the board draws, drawn by the same functions, with its name.

:func:`legend_display_list` is a :class:`DisplayList` (one ``tokens`` layer, no zones) that any
backend draws: the GamePlayer shows it on a canvas next to the board, ``legend_svg()`` gives it
to a notebook. Each entry is a small swatch of street or floor with the piece on it, so the
colours read exactly as on the board; each swatch's first shape is tagged ``legend:<entry>``.
"""
from __future__ import annotations

from typing import Callable

from . import palette as P
from .pieces import ghoul_piece, mark_piece, opening_piece, spawn_piece, survivor_piece
from .tiles_layer import fit_label
from .shapes import DisplayList, Line, Polygon, Rect, Shape, Text

__all__ = ["LEGEND", "legend_display_list", "legend_svg"]

Draw = Callable[[float, float, float], list[Shape]]


def _opening(kind: str, is_open: bool) -> Draw:
    def draw(x: float, y: float, k: float) -> list[Shape]:
        h = k * 0.36  # within the swatch
        p, q = (x, y - h), (x, y + h)
        return [Line((p, q), stroke=P.WALL, stroke_width=4.0, tag="legend-wall")] + opening_piece(kind, is_open, p, q, 2 * h)
    return draw


def _arrow(x: float, y: float, k: float) -> list[Shape]:
    a, b = (x - k * 0.4, y), (x + k * 0.4, y)
    return [Line((a, b), stroke=P.ROUTE, stroke_width=3.0, tag="legend-route"),
            Polygon(((b[0] + 2, b[1]), (b[0] - 7, b[1] - 5), (b[0] - 7, b[1] + 5)), fill=P.ROUTE, tag="legend-route")]


def _outline(colour: str, dash: tuple[float, ...], width: float) -> Draw:
    def draw(x: float, y: float, k: float) -> list[Shape]:
        h = k * 0.36
        pts = ((x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h), (x - h, y - h))
        return [Line(pts, stroke=colour, stroke_width=width, dash=dash, tag="legend-outline")]
    return draw


#: (entry id, label, floor kind under it, how to draw it at (x, y) with cell size k)
LEGEND: tuple[tuple[str, str, str, Draw], ...] = (
    ("walker", "Walker (count)", "exterior", lambda x, y, k: ghoul_piece("walker", 2, x, y, k)),
    ("breaker", "Breaker", "exterior", lambda x, y, k: ghoul_piece("breaker", 1, x, y, k)),
    ("fatty", "Fatty", "exterior", lambda x, y, k: ghoul_piece("fatty", 1, x, y, k)),
    ("relative", "Relative (→ Romero)", "exterior", lambda x, y, k: ghoul_piece("relative", 1, x, y, k)),
    ("romero", "Survivor, Romero", "interior",
     lambda x, y, k: survivor_piece("Ben", P.SURVIVOR["ben"], "romero", x, y, k)),
    ("zombicide", "Survivor, Zombicide", "interior",
     lambda x, y, k: survivor_piece("Judy", P.SURVIVOR["judy"], "zombicide", x, y, k)),
    ("active", "Acting now, 1 Wound", "interior",
     lambda x, y, k: survivor_piece("Tom", P.SURVIVOR["tom"], "romero", x, y, k, active=True, wounds=1)),
    ("door-closed", "Door, closed", "interior", _opening("door", False)),
    ("door-open", "Door, open", "interior", _opening("door", True)),
    ("window", "Window", "interior", _opening("window", True)),
    ("window-closed", "Window, barricaded", "interior", _opening("window", False)),
    ("barricade", "Barricade", "interior", _opening("barricade", False)),
    ("barricade-open", "Barricade, open", "interior", _opening("barricade", True)),
    ("stairs", "Stairs", "interior", _opening("stairs", True)),
    ("spawn-white", "First Spawn Zone", "exterior", lambda x, y, k: spawn_piece("white", True, x, y, k)),
    ("spawn-red", "Spawn Zone", "exterior", lambda x, y, k: spawn_piece("red", True, x, y, k)),
    ("spawn-off", "Spawn Zone, inactive", "exterior", lambda x, y, k: spawn_piece("yellow", False, x, y, k)),
    ("start", "Starting area", "exterior", lambda x, y, k: mark_piece("start", "#1", x, y, k)),
    ("stash", "Search: Melee deck", "interior", lambda x, y, k: mark_piece("stash", "melee", x, y, k)),
    ("objective", "Objective", "interior", lambda x, y, k: mark_piece("objective", "", x, y, k)),
    ("route", "A Ghoul's last move", "exterior", _arrow),
    ("legal", "Survivor may Move here", "exterior", _outline(P.LEGAL, (6.0, 4.0), 2.5)),
    ("sight", "Line of sight (click)", "exterior", _outline(P.LOS, (2.0, 3.0), 2.0)),
)


def legend_display_list(*, cell: float = 48.0, columns: int = 2, width: float | None = None) -> DisplayList:
    """The legend in ``columns`` columns (see module docstring); ``width`` defaults to 240 px a column."""
    col_w = (width / columns) if width else 240.0
    row_h = max(cell * 0.8, 30.0)
    rows = -(-len(LEGEND) // columns)
    out: list[Shape] = [Text(8, 12, "Legend", size=13, fill="#ffffff", anchor="start", bold=True, tag="legend-title")]
    top = 24.0
    sw = cell * 0.9
    for i, (key, label, floor, draw) in enumerate(LEGEND):
        col, row = divmod(i, rows)
        x0, y0 = col * col_w + 6, top + row * row_h
        cx, cy = x0 + sw / 2, y0 + row_h / 2
        out.append(Rect(x0, cy - sw * 0.42, sw, sw * 0.84, fill=P.ZONE_FILL[floor], stroke="#555555",
                        tag=f"legend:{key}"))
        out.extend(draw(cx, cy, cell))
        out.append(Text(x0 + sw + 8, cy, fit_label(label, col_w - sw - 18, 12), size=12, fill="#f0f0f0",
                        anchor="start", tag=f"legend-label:{key}"))
    return DisplayList(width=col_w * columns, height=top + rows * row_h + 4, tokens=tuple(out),
                       background=P.BACKGROUND)


def legend_svg(**kwargs) -> str:
    """The legend as SVG text (for a notebook: ``SVG(legend_svg())``)."""
    from .svg import to_svg
    return to_svg(legend_display_list(**kwargs), title="Legend")

