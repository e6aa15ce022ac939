"""SVG backend: a display list as one self-contained ``<svg>`` document.

Used by ``_repr_svg_`` (notebooks show boards and games inline without any widget), by the
static notebooks executed headless, and by the golden tests. Each layer is a ``<g>`` with
``class="layer-<name>"``; each shape keeps its tag in ``data-tag`` (and its zone in
``data-zone``) so the SVG can be read back structurally.
"""
from __future__ import annotations

import base64
from xml.sax.saxutils import escape, quoteattr

from .shapes import LAYERS, Circle, DisplayList, Image, Line, Polygon, Rect, Shape, Text

FONT = "DejaVu Sans, Verdana, sans-serif"


def _num(v: float) -> str:
    """Short decimal: 12.0 -> "12", 12.25 -> "12.25"."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s == "-0" else s


def _paint(shape: Rect | Polygon | Circle) -> str:
    """The fill, stroke and opacity attributes of a filled shape, then its tag and zone."""
    out = [f"fill={quoteattr(shape.fill or 'none')}"]
    if shape.stroke:
        out.append(f"stroke={quoteattr(shape.stroke)} stroke-width={quoteattr(_num(shape.stroke_width))}")
    if shape.opacity != 1.0:
        out.append(f'opacity="{_num(shape.opacity)}"')
    return " ".join(out) + _meta(shape)


def _meta(shape: Shape) -> str:
    out = []
    if shape.tag:
        out.append(f"data-tag={quoteattr(shape.tag)}")
    if shape.zone is not None:
        out.append(f"data-zone={quoteattr(shape.zone)}")
    return (" " + " ".join(out)) if out else ""


def _points(points: tuple[tuple[float, float], ...]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


def shape_to_svg(shape: Shape) -> str:
    """One SVG element for one shape."""
    if isinstance(shape, Rect):
        return (
            f'<rect x="{_num(shape.x)}" y="{_num(shape.y)}" width="{_num(shape.w)}" '
            f'height="{_num(shape.h)}" '
            f"{_paint(shape)}/>"
        )
    if isinstance(shape, Polygon):
        return (
            f'<polygon points="{_points(shape.points)}" '
            f"{_paint(shape)}/>"
        )
    if isinstance(shape, Line):
        dash = f' stroke-dasharray="{" ".join(_num(d) for d in shape.dash)}"' if shape.dash else ""
        op = f' opacity="{_num(shape.opacity)}"' if shape.opacity != 1.0 else ""
        return (
            f'<polyline points="{_points(shape.points)}" fill="none" '
            f"stroke={quoteattr(shape.stroke)} stroke-width=\"{_num(shape.stroke_width)}\" "
            f'stroke-linecap="round" stroke-linejoin="round"{dash}{op}{_meta(shape)}/>'
        )
    if isinstance(shape, Circle):
        return (
            f'<circle cx="{_num(shape.cx)}" cy="{_num(shape.cy)}" r="{_num(shape.r)}" '
            f"{_paint(shape)}/>"
        )
    if isinstance(shape, Text):
        weight = ' font-weight="bold"' if shape.bold else ""
        return (
            f'<text x="{_num(shape.x)}" y="{_num(shape.y)}" font-size="{_num(shape.size)}" '
            f'text-anchor="{shape.anchor}" dominant-baseline="central" '
            f"fill={quoteattr(shape.fill)}{weight}{_meta(shape)}>{escape(shape.text)}</text>"
        )
    if isinstance(shape, Image):
        cx, cy = shape.x + shape.w / 2, shape.y + shape.h / 2
        turn = f' transform="rotate({shape.rotation} {_num(cx)} {_num(cy)})"' if shape.rotation % 360 else ""
        op = f' opacity="{_num(shape.opacity)}"' if shape.opacity != 1.0 else ""
        href = f"data:{shape.mime};base64," + base64.b64encode(shape.data).decode("ascii")
        return (
            f'<image x="{_num(shape.x)}" y="{_num(shape.y)}" width="{_num(shape.w)}" '
            f'height="{_num(shape.h)}" preserveAspectRatio="none"{turn}{op} '
            f'xlink:href="{href}"{_meta(shape)}/>'
        )
    raise TypeError(f"not a display-list shape: {type(shape).__name__}")


def to_svg(dl: DisplayList, *, title: str | None = None, scale: float = 1.0) -> str:
    """The whole display list as an SVG document string (``scale`` sizes it on the page)."""
    w, h = dl.width, dl.height
    images = any(isinstance(s, Image) for s in dl.shapes())
    xlink = ' xmlns:xlink="http://www.w3.org/1999/xlink"' if images else ""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg"{xlink} width="{_num(w * scale)}" '
        f'height="{_num(h * scale)}" viewBox="0 0 {_num(w)} {_num(h)}" '
        f'font-family="{FONT}">'
    ]
    if title:
        parts.append(f"<title>{escape(title)}</title>")
    parts.append(f'<rect x="0" y="0" width="{_num(w)}" height="{_num(h)}" fill="{dl.background}"/>')
    for name in LAYERS:
        parts.append(f'<g class="layer-{name}">')
        parts.extend(shape_to_svg(s) for s in dl.layer(name))
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)
