"""What render reads: a board's geometry and a snapshot of the pieces on it.

Render does not reach into :mod:`nollab.board` or :mod:`nollab.rules` while drawing; adapters
(:mod:`nollab.render.adapt`) copy what the picture needs into these small frozen records. That
keeps drawing testable on hand-made maps and keeps render working while the engine grows.

Cells are 0-based (row, col) pairs on the scene's cell grid, as in :mod:`nollab.board`; an
edge is the side shared by two orthogonally adjacent cells, written as the sorted pair of them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Cell = tuple[int, int]
Edge = tuple[Cell, Cell]
ZoneKind = Literal["interior", "exterior", "corn", "woods"]
OpeningKind = Literal["door", "barricade", "window", "stairs", "passage"]


def edge(a: Cell, b: Cell) -> Edge:
    """The edge between orthogonal neighbours ``a`` and ``b`` (order-free)."""
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise ValueError(f"cells {a} and {b} are not orthogonal neighbours")
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True)
class ZoneShape:
    """A zone as drawn: id, kind (P. 9, P. 31), its cells, and a short label."""

    id: str
    kind: ZoneKind
    cells: tuple[Cell, ...]
    label: str = ""
    tile: str | None = None


@dataclass(frozen=True)
class TileShape:
    """A placed tile: name ("1R"), top-left cell (row, col), size in cells, rotation in degrees."""

    name: str
    row: int
    col: int
    rows: int
    cols: int
    rotation: int = 0


@dataclass(frozen=True)
class BoardGeometry:
    """The static board: grid size, zones, walls, tiles (what the ``tiles`` layer draws).

    ``walls`` are edges with a wall drawn on them; edges between two different zones that are
    neither walls nor openings are ground markings (exterior zones, P. 9).
    """

    name: str
    cols: int
    rows: int
    zones: tuple[ZoneShape, ...]
    walls: frozenset[Edge] = frozenset()
    tiles: tuple[TileShape, ...] = ()

    def zone(self, zone_id: str) -> ZoneShape:
        for z in self.zones:
            if z.id == zone_id:
                return z
        raise KeyError(f"no zone {zone_id!r} on board {self.name!r}")

    def cell_owner(self) -> dict[Cell, str]:
        """Map each cell to the id of the zone that owns it."""
        return {c: z.id for z in self.zones for c in z.cells}


@dataclass(frozen=True)
class OpeningToken:
    """An opening on an edge (P. 9, 18-19): door, barricade, window, stairs or passage; open or closed."""

    edge: Edge
    kind: OpeningKind
    open: bool
    id: str = ""
    objective: bool = False  # a Scene asks to block it (S1: "All indicated windows ...")


@dataclass(frozen=True)
class SpawnToken:
    """A Ghoul Spawn token (P. 24): its zone, colour (white = starting) and whether it spawns."""

    zone: str
    colour: str = "red"
    active: bool = True


@dataclass(frozen=True)
class SurvivorToken:
    """A survivor on the board: name, zone, mode (P. 14), and a few dashboard facts for tooltips."""

    name: str
    zone: str | None
    mode: str = "romero"
    colour: str | None = None
    active: bool = False
    wounds: int = 0
    in_car: bool = False
    barricades: int = 0  # Barricade tokens carried (S1 makeshift barricades)


@dataclass(frozen=True)
class CarToken:
    """The car (P. 20-21): its zone, driver and passengers (survivor names)."""

    zone: str
    driver: str | None = None
    passengers: tuple[str, ...] = ()
    name: str = "Car"


@dataclass(frozen=True)
class Marker:
    """A printed map mark: ``kind`` is "start", "stash", "objective", "item" or "corpse".

    ``label`` is what it says ("#1", "melee", "W94", ...).
    """

    zone: str
    kind: str
    label: str = ""


@dataclass(frozen=True)
class BoardSnapshot:
    """The pieces on the board at one moment: what the ``tokens`` layer draws.

    ``ghouls`` lists (zone, ghoul type, count) with count > 0. ``loose_barricades`` lists open
    Barricade tokens lying on the map outside any opening (S1 makeshift barricades).
    """

    openings: tuple[OpeningToken, ...] = ()
    spawns: tuple[SpawnToken, ...] = ()
    survivors: tuple[SurvivorToken, ...] = ()
    ghouls: tuple[tuple[str, str, int], ...] = ()
    car: CarToken | None = None
    markers: tuple[Marker, ...] = ()
    round: int | None = None
    phase: str = ""
    caption: str = ""
    extra: tuple[tuple[str, str], ...] = field(default=())
    danger: str = ""             # the Danger Level Ghoul cards are read at (P. 24)
    result: str | None = None    # "win" / "loss" once the game is over
    reason: str = ""

    def ghouls_in(self, zone: str) -> dict[str, int]:
        """Ghoul counts by type in ``zone``."""
        out: dict[str, int] = {}
        for z, kind, n in self.ghouls:
            if z == zone and n:
                out[kind] = out.get(kind, 0) + n
        return out


@dataclass(frozen=True)
class Overlay:
    """Transient highlights (the ``overlay`` layer).

    ``sight_from``: a zone whose line of sight is shown as ``sight`` (zones it sees);
    ``route``: zones a ghoul group walks, in order (``routes``: several such routes, e.g. every
    Ghoul move of a phase); ``legal``: zones the active survivor may move to; ``selected``: the
    selected zone.
    """

    sight_from: str | None = None
    sight: tuple[str, ...] = ()
    route: tuple[str, ...] = ()
    legal: tuple[str, ...] = ()
    selected: str | None = None
    routes: tuple[tuple[str, ...], ...] = ()
