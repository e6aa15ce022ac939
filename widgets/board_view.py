"""BoardView: a display list on a three-layer ipycanvas ``MultiCanvas``, with zone clicks and hover.

* One layer per display-list layer (tiles, tokens, overlay); :meth:`BoardView.show` redraws only
  the layers whose shapes changed, and a whole frame goes out inside one ``hold_canvas()`` (one
  message instead of hundreds; the IOPub limit is 1000 messages/s).
* Clicks map to zones through the display list's hit-test (``DisplayList.zone_at``), read at
  the button's release (ipycanvas focuses the canvas on mouse-down before reading the position,
  and that focus may scroll the page: see :meth:`BoardView._on_mouse_up`); hovering shows the
  zone's tooltip (its full name, kind and contents) under the board.
* Voilà: draw commands are not widget state, and Voilà runs the notebook before the browser
  connects, so the first frames are lost. The board is redrawn from ``on_client_ready`` (first
  connection, reconnect, page reload). ipycanvas issue #322: the kernel-side canvas manager
  remembers the canvas it last switched to and does not re-send the switch to a new client,
  whose first command then fails ("Cannot read properties of undefined (reading
  'clearCanvas')"). We forget that cached selection before redrawing. The attribute is private,
  so ipycanvas is pinned to 0.14.3 in pyproject and the browser test guards the fix.
* The printed tiles: ``BoardView(dl, art=PACK)`` (or :func:`nollab.render.use_art`) redraws the
  ``tiles`` layer of every list it shows on the player's own tile pack
  (:func:`nollab.render.with_art`); each face travels once as an ``ipywidgets.Image`` and is drawn
  turned on the canvas. Without a pack the schematic board stays.
"""
from __future__ import annotations

import hashlib
import html
from dataclasses import replace
from typing import Any, Callable

import ipycanvas
import ipycanvas.canvas as _ipc
import ipywidgets as W

from nollab.render import TileArt, open_art, with_art
from nollab.render.shapes import LAYERS, DisplayList, Image, Rect
from .canvas_backend import draw_shapes

if not hasattr(_ipc._CANVAS_MANAGER, "_current_canvas"):  # pragma: no cover - version guard
    raise ImportError(
        f"ipycanvas {ipycanvas.__version__}: the Voilà redraw fix needs _CanvasManager._current_canvas; "
        "install the pinned ipycanvas==0.14.3"
    )

ZoneCallback = Callable[[str], None]


def forget_selected_canvas() -> None:
    """Workaround for ipycanvas #322: make the next command re-send ``switchCanvas``."""
    _ipc._CANVAS_MANAGER._current_canvas = None


class BoardView(W.VBox):
    """A board drawn on a ``MultiCanvas`` (layers: tiles, tokens, overlay).

    ``BoardView(display_list)`` draws at once (in a live notebook) and again whenever a browser
    client becomes ready. ``view.show(new_list)`` redraws the changed layers only.
    ``view.on_zone_click(fn)`` calls ``fn(zone_id)`` on a click inside a zone.
    ``art`` is the player's tile pack (a folder, the map editor's zip or an opened
    :class:`nollab.render.TileArt`): every list shown is drawn on the printed tiles
    (:class:`nollab.render.ArtError` at once if the pack is unusable).
    """

    def __init__(self, display_list: DisplayList | None = None, *, scale: float = 1.0,
                 art: Any = None) -> None:
        self.scale = float(scale)
        self.art: TileArt | None = open_art(art) if art is not None else None
        self._images: dict[str, W.Image] = {}
        self._dressed: tuple[Any, DisplayList, DisplayList] | None = None
        w, h = (display_list.width, display_list.height) if display_list else (480.0, 480.0)
        self.canvas = ipycanvas.MultiCanvas(
            len(LAYERS), width=int(w), height=int(h),
            layout=W.Layout(width=f"{int(w * self.scale)}px", height=f"{int(h * self.scale)}px"),
        )
        self.canvas.add_class("nollab-board")
        self.hover = W.HTML(value="&nbsp;", layout=W.Layout(min_height="1.6em"))
        self.hover.add_class("nollab-board-hover")
        super().__init__([self.canvas, self.hover])
        self._dl: DisplayList | None = None
        self._drawn: DisplayList | None = None
        self._click_callbacks: list[ZoneCallback] = []
        self._hover_zone: str | None = None
        #: Frames sent and, for the last one, which layers it drew (tests and the bench read them).
        self.frames = 0
        self.last_layers: tuple[str, ...] = ()
        self.client_ready_count = 0
        self.canvas.on_client_ready(self._on_client_ready)
        self.canvas.on_mouse_up(self._on_mouse_up)
        self.canvas.on_mouse_move(self._on_mouse_move)
        self.canvas.on_mouse_out(self._on_mouse_out)
        if display_list is not None:
            self.show(display_list)

    # ---------------------------------------------------------------- drawing
    @property
    def display_list(self) -> DisplayList | None:
        """The display list currently shown."""
        return self._dl

    def _on_art(self, dl: DisplayList) -> DisplayList:
        """``dl`` on this view's tile pack; the redrawn ``tiles`` layer is reused while the board
        (geometry and cell size) stays the same, so a game's frames cost nothing extra."""
        if self.art is None or dl.geometry is None or dl.grid is None:
            return dl
        last = self._dressed
        if last is not None and last[0] is dl.geometry and last[1].grid.cell == dl.grid.cell:
            return replace(dl, tiles=last[2].tiles)
        dressed = with_art(dl, self.art)
        self._dressed = (dl.geometry, dl, dressed)
        return dressed

    def _image_widget(self, shape: Image) -> W.Image:
        """The ``ipywidgets.Image`` of a face (one per distinct picture, kept while the view lives)."""
        key = hashlib.sha1(shape.data).hexdigest()
        widget = self._images.get(key)
        if widget is None:
            widget = W.Image(value=shape.data, format=shape.mime.split("/")[-1])
            self._images[key] = widget
        return widget

    def show(self, display_list: DisplayList) -> tuple[str, ...]:
        """Show ``display_list`` (on the view's tile pack, if any), redrawing only the layers that
        differ; returns those layers."""
        display_list = self._on_art(display_list)
        self._dl = display_list
        if (display_list.width, display_list.height) != (self.canvas.width, self.canvas.height):
            self.canvas.width, self.canvas.height = int(display_list.width), int(display_list.height)
            self.canvas.layout.width = f"{int(display_list.width * self.scale)}px"
            self.canvas.layout.height = f"{int(display_list.height * self.scale)}px"
        return self._draw(display_list.changed_layers(self._drawn))

    def redraw(self) -> tuple[str, ...]:
        """Draw every layer again (what a newly connected client needs)."""
        return self._draw(LAYERS)

    def _draw(self, layers: tuple[str, ...]) -> tuple[str, ...]:
        dl = self._dl
        if dl is None or not layers:
            return ()
        with ipycanvas.hold_canvas():
            for name in layers:
                layer = self.canvas[LAYERS.index(name)]
                shapes = dl.layer(name)
                if name == "tiles":
                    shapes = (Rect(0, 0, dl.width, dl.height, fill=dl.background),) + shapes
                draw_shapes(layer, shapes, image_widget=self._image_widget)
        self._drawn = dl
        self.frames += 1
        self.last_layers = tuple(layers)
        return self.last_layers

    def _on_client_ready(self, *_: object) -> None:
        self.client_ready_count += 1
        forget_selected_canvas()
        self.redraw()

    # ---------------------------------------------------------------- events
    def on_zone_click(self, callback: ZoneCallback, remove: bool = False) -> None:
        """Register (or remove) ``callback(zone_id)`` for clicks on a zone."""
        if remove:
            self._click_callbacks.remove(callback)
        else:
            self._click_callbacks.append(callback)

    def zone_at(self, x: float, y: float) -> str | None:
        """The zone at canvas pixel (x, y), or None."""
        return self._dl.zone_at(x, y) if self._dl else None

    def click(self, x: float, y: float) -> str | None:
        """Act as if the board were clicked at (x, y) (used by the mouse handler and by tests)."""
        zone = self.zone_at(x, y)
        if zone is not None:
            for cb in list(self._click_callbacks):
                cb(zone)
        return zone

    def _on_mouse_up(self, x: float, y: float) -> None:
        """A click is read on the button's *release*: ipycanvas 0.14 focuses the canvas on
        mouse-down *before* reading the pointer's position, and that focus scrolls a board that is
        partly off-screen, so the mouse-down position names the wrong Zone. At release the board
        has stopped moving: the Zone is the one under the pointer."""
        self.click(x, y)

    def _on_mouse_move(self, x: float, y: float) -> None:
        zone = self.zone_at(x, y)
        if zone != self._hover_zone:
            self._hover_zone = zone
            text = self._dl.tooltip(zone) if (self._dl and zone) else ""
            self.hover.value = html.escape(text) if text else "&nbsp;"
            self.canvas.tooltip = text or None

    def _on_mouse_out(self, *_: float) -> None:
        self._hover_zone = None
        self.hover.value = "&nbsp;"
