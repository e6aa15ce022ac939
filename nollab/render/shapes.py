"""The display list: plain frozen shapes in three layers, and a zone hit-test.

A display list is what every backend draws (SVG here, ipycanvas in ``nollab.widgets``): the
backends know nothing about the game, and the game knows nothing about pixels. Shapes are frozen
dataclasses, so two display lists compare equal exactly when they draw the same picture; a widget
uses that to redraw only the layers that changed.

Every shape carries a ``tag`` saying what it depicts ("zone:interior", "opening:door:closed",
"spawn:white", "survivor:Ben", ...) and, where it belongs to one, the ``zone`` it sits in. Tests
read the picture through tags ("is a closed door drawn differently from an open one?") instead of
comparing bytes, and tooltips read zones.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, Literal, Union

#: The three layers, bottom to top: static board, game pieces, transient highlights.
LAYERS: tuple[str, ...] = ("tiles", "tokens", "overlay")

Anchor = Literal["start", "middle", "end"]


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle; ``fill``/``stroke`` are CSS colours or ``None`` for none."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 1.0
    opacity: float = 1.0
    tag: str = ""
    zone: str | None = None


@dataclass(frozen=True)
class Polygon:
    """A closed polygon through ``points`` ((x, y) pairs)."""

    points: tuple[tuple[float, float], ...]
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 1.0
    opacity: float = 1.0
    tag: str = ""
    zone: str | None = None


@dataclass(frozen=True)
class Line:
    """An open polyline through ``points``; ``dash`` is a dash pattern (empty: solid)."""

    points: tuple[tuple[float, float], ...]
    stroke: str = "#000000"
    stroke_width: float = 1.0
    dash: tuple[float, ...] = ()
    opacity: float = 1.0
    tag: str = ""
    zone: str | None = None


@dataclass(frozen=True)
class Circle:
    """A disc of radius ``r`` centred on (``cx``, ``cy``)."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 1.0
    opacity: float = 1.0
    tag: str = ""
    zone: str | None = None


@dataclass(frozen=True)
class Text:
    """A one-line label; (``x``, ``y``) is the anchor point, vertically centred."""

    x: float
    y: float
    text: str
    size: float = 11.0
    fill: str = "#000000"
    anchor: Anchor = "middle"
    bold: bool = False
    tag: str = ""
    zone: str | None = None


@dataclass(frozen=True, repr=False)
class Image:
    """A raster image (PNG bytes) filling the ``w`` x ``h`` box at (``x``, ``y``) once turned
    ``rotation`` degrees clockwise about the box's centre (a tile face placed as a Scene turns
    it: for 90 and 270 the box is the unturned picture's, so the turned picture covers the tile)."""

    x: float
    y: float
    w: float
    h: float
    data: bytes
    rotation: int = 0
    mime: str = "image/png"
    opacity: float = 1.0
    tag: str = ""
    zone: str | None = None

    def __repr__(self) -> str:  # the bytes would flood a notebook
        return (f"Image(x={self.x}, y={self.y}, w={self.w}, h={self.h}, {len(self.data)} bytes, "
                f"rotation={self.rotation}, tag={self.tag!r})")


Shape = Union[Rect, Polygon, Line, Circle, Text, Image]


@dataclass(frozen=True)
class ZoneGrid:
    """Which zone owns each cell: ``rows[row][col]`` is a zone id or ``None`` (no board there).

    The hit-test of every backend: a pixel maps to a cell by integer division, the cell to its
    zone. Cells are ``cell`` pixels square and the grid starts at (``x0``, ``y0``).
    """

    rows: tuple[tuple[str | None, ...], ...]
    cell: float
    x0: float = 0.0
    y0: float = 0.0

    def zone_at(self, x: float, y: float) -> str | None:
        """The zone under pixel (x, y), or ``None`` outside the board."""
        c = int((x - self.x0) // self.cell)
        r = int((y - self.y0) // self.cell)
        if r < 0 or c < 0 or r >= len(self.rows) or c >= len(self.rows[r]):
            return None
        return self.rows[r][c]

    def cells_of(self, zone: str) -> tuple[tuple[int, int], ...]:
        """The (row, col) cells of ``zone``, in reading order."""
        return tuple(
            (r, c) for r, row in enumerate(self.rows) for c, z in enumerate(row) if z == zone
        )

    def centre(self, zone: str) -> tuple[float, float]:
        """Pixel centre of ``zone``: the mean of its cell centres when that point lies in the
        zone, else the middle of the zone's cell nearest to it (an L-shaped zone's mean may lie
        outside it)."""
        cells = self.cells_of(zone)
        if not cells:
            raise KeyError(f"zone {zone!r} has no cells on this board")
        mr = sum(r for r, _ in cells) / len(cells) + 0.5
        mc = sum(c for _, c in cells) / len(cells) + 0.5
        if (int(mr), int(mc)) in cells:
            return (self.x0 + mc * self.cell, self.y0 + mr * self.cell)
        r, c = min(cells, key=lambda rc: ((rc[0] + 0.5 - mr) ** 2 + (rc[1] + 0.5 - mc) ** 2, rc))
        return (self.x0 + (c + 0.5) * self.cell, self.y0 + (r + 0.5) * self.cell)


@dataclass(frozen=True)
class DisplayList:
    """A picture: pixel size, the three layers of shapes, and the zone grid for hit-tests.

    ``tooltips`` maps a zone id to the text shown when hovering it (kind, contents).
    """

    width: float
    height: float
    tiles: tuple[Shape, ...] = ()
    tokens: tuple[Shape, ...] = ()
    overlay: tuple[Shape, ...] = ()
    grid: ZoneGrid | None = None
    tooltips: tuple[tuple[str, str], ...] = field(default=())
    background: str = "#2b2b2b"
    #: The board geometry the list was built from (lets a view re-dress the ``tiles`` layer,
    #: e.g. on the printed art: :func:`nollab.render.with_art`). Not part of the picture.
    geometry: Any = field(default=None, compare=False, repr=False)

    def layer(self, name: str) -> tuple[Shape, ...]:
        """The shapes of layer ``name`` (one of :data:`LAYERS`)."""
        if name not in LAYERS:
            raise KeyError(f"unknown layer {name!r}; layers are {', '.join(LAYERS)}")
        return getattr(self, name)

    def shapes(self) -> Iterator[Shape]:
        """Every shape, bottom layer first."""
        for name in LAYERS:
            yield from self.layer(name)

    def tagged(self, prefix: str, layer: str | None = None) -> tuple[Shape, ...]:
        """Shapes whose tag equals ``prefix`` or starts with ``prefix + ':'``."""
        pool = self.layer(layer) if layer else tuple(self.shapes())
        return tuple(s for s in pool if s.tag == prefix or s.tag.startswith(prefix + ":"))

    def zone_at(self, x: float, y: float) -> str | None:
        """The zone under pixel (x, y) (``None`` off the board or without a grid)."""
        return self.grid.zone_at(x, y) if self.grid else None

    def tooltip(self, zone: str | None) -> str:
        """Hover text for ``zone`` ("" for none)."""
        if zone is None:
            return ""
        return dict(self.tooltips).get(zone, zone)

    def changed_layers(self, other: "DisplayList | None") -> tuple[str, ...]:
        """Layers that differ from ``other`` (all of them if ``other`` is None or resized)."""
        if other is None or (other.width, other.height) != (self.width, self.height):
            return LAYERS
        return tuple(n for n in LAYERS if self.layer(n) != other.layer(n))
