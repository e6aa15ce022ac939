"""ipycanvas backend: draw display-list shapes on one ``ipycanvas.Canvas``.

The same shapes the SVG backend writes (:mod:`nollab.render.svg`) become canvas commands here.
The caller wraps a frame in one ``hold_canvas()`` so the whole frame travels as one message
(without it every command is its own message and the IOPub rate limit bites).

The drawing state (fill, stroke, width, alpha, dash, font) is set only when it changes: a board
is hundreds of shapes of a handful of styles, and each ``set`` is a command on the wire.
"""
from __future__ import annotations

import math
from typing import Any, Callable, Iterable

from nollab.render.shapes import Circle, Image, Line, Polygon, Rect, Shape, Text
from nollab.render.svg import FONT

_ALIGN = {"start": "left", "middle": "center", "end": "right"}


class _Pen:
    """Remembers the canvas state we set, to skip redundant ``set`` commands."""

    def __init__(self, canvas: Any) -> None:
        self.canvas = canvas
        self.state: dict[str, Any] = {}

    def set(self, name: str, value: Any) -> None:
        if self.state.get(name, object()) != value:
            if name == "line_dash":
                self.canvas.set_line_dash(list(value))
            else:
                setattr(self.canvas, name, value)
            self.state[name] = value


def draw_shapes(canvas: Any, shapes: Iterable[Shape], *, clear: bool = True,
                image_widget: Callable[[Image], Any] | None = None) -> int:
    """Draw ``shapes`` in order on ``canvas`` (clearing it first); returns the shape count.

    An :class:`Image` shape is drawn from the ``ipywidgets.Image`` that ``image_widget(shape)``
    gives (the caller keeps those widgets alive: the browser fetches the picture from the widget
    when it runs the command), turned about its centre inside ``save``/``restore``.
    """
    if clear:
        canvas.clear()
    pen = _Pen(canvas)
    pen.set("line_cap", "round")
    pen.set("line_join", "round")
    n = 0
    for s in shapes:
        n += 1
        pen.set("global_alpha", float(getattr(s, "opacity", 1.0)))
        if isinstance(s, Rect):
            if s.fill:
                pen.set("fill_style", s.fill)
                canvas.fill_rect(s.x, s.y, s.w, s.h)
            if s.stroke:
                pen.set("stroke_style", s.stroke)
                pen.set("line_width", s.stroke_width)
                pen.set("line_dash", ())
                canvas.stroke_rect(s.x, s.y, s.w, s.h)
        elif isinstance(s, Polygon):
            pts = [list(p) for p in s.points]
            if s.fill:
                pen.set("fill_style", s.fill)
                canvas.fill_polygon(pts)
            if s.stroke:
                pen.set("stroke_style", s.stroke)
                pen.set("line_width", s.stroke_width)
                pen.set("line_dash", ())
                canvas.stroke_polygon(pts)
        elif isinstance(s, Line):
            pen.set("stroke_style", s.stroke)
            pen.set("line_width", s.stroke_width)
            pen.set("line_dash", tuple(s.dash))
            canvas.stroke_lines([list(p) for p in s.points])
        elif isinstance(s, Circle):
            if s.fill:
                pen.set("fill_style", s.fill)
                canvas.fill_circle(s.cx, s.cy, s.r)
            if s.stroke:
                pen.set("stroke_style", s.stroke)
                pen.set("line_width", s.stroke_width)
                pen.set("line_dash", ())
                canvas.stroke_circle(s.cx, s.cy, s.r)
        elif isinstance(s, Image):
            if image_widget is None:
                raise TypeError("draw_shapes: an Image shape needs image_widget=")
            widget = image_widget(s)
            cx, cy = s.x + s.w / 2, s.y + s.h / 2
            canvas.save()
            canvas.translate(cx, cy)
            if s.rotation % 360:
                canvas.rotate(math.radians(s.rotation))
            canvas.draw_image(widget, -s.w / 2, -s.h / 2, s.w, s.h)
            canvas.restore()
        elif isinstance(s, Text):
            pen.set("fill_style", s.fill)
            pen.set("font", f"{'bold ' if s.bold else ''}{s.size:g}px {FONT}")
            pen.set("text_align", _ALIGN[s.anchor])
            pen.set("text_baseline", "middle")
            canvas.fill_text(s.text, s.x, s.y)
        else:
            raise TypeError(f"not a display-list shape: {type(s).__name__}")
    pen.set("global_alpha", 1.0)
    pen.set("line_dash", ())
    return n
