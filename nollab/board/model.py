"""Value types of the board: zones, openings, tile placements, map tokens, errors.

Everything here is a frozen dataclass. Coordinates in code are **0-based**
``(row, col)`` board cells (row 0 is the top edge); the text format and every
error message use **1-based** rows/columns ("row 4, col 2", ``r4c2``) because
that is what a person counts on a printed grid.

Vocabulary follows the rulebook (P. 9 "Useful definitions"): a *Zone* is a room
(interior) or an area between ground markings (exterior); an *Opening* is an open
Barricade, an open or absent Door, or an open window.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

Cell = tuple[int, int]


class ZoneKind(StrEnum):
    """Kind of a Zone. Members compare equal to their string value (``"interior"``).

    * ``INTERIOR`` — a room (P. 9); the barn is a building of 4 interior Zones (FR l.689).
    * ``EXTERIOR`` — street, yard: the area between ground markings (P. 9).
    * ``CORN`` — Corn Field, an exterior Zone that blocks Lines of Sight (P. 31).
    * ``WOODS`` — Wood Zone, blocks Lines of Sight from outside, see out from inside (P. 31).
    """

    INTERIOR = "interior"
    EXTERIOR = "exterior"
    CORN = "corn"
    WOODS = "woods"

    @property
    def outdoor(self) -> bool:
        """True for every kind but interior: movement between outdoor Zones is free (P. 11)."""
        return self is not ZoneKind.INTERIOR


class OpeningKind(StrEnum):
    """What sits on an edge between two Zones.

    * ``DOOR`` — a Door token (P. 18), open or closed.
    * ``STAIRS`` — the Stairway token "is considered to be, and is played like a Door" (P. 18).
    * ``BARRICADE`` — a Barricade token (P. 19), open or closed; a closed Barricade on a window
      blocks it (S1 "Makeshift barricades").
    * ``WINDOW`` — "an open window" is an Opening (P. 9); a *closed* window means a window
      blocked by a closed Barricade, so it behaves exactly like a closed Barricade
      (Hawk-eye sees through it, P. 46).
    * ``PASSAGE`` — a doorway without a door ("open (or absent) Door", P. 9; FR l.700 "Il n'y a
      pas de porte entre ces deux pièces"): always open, cannot be closed.
    """

    DOOR = "door"
    STAIRS = "stairs"
    BARRICADE = "barricade"
    WINDOW = "window"
    PASSAGE = "passage"

    @property
    def closable(self) -> bool:
        """A passage can never be closed; every other kind can (P. 18-19)."""
        return self is not OpeningKind.PASSAGE

    @property
    def barricade_like(self) -> bool:
        """Closed Barricades and barricaded windows: what Hawk-eye sees through (P. 46)."""
        return self in (OpeningKind.BARRICADE, OpeningKind.WINDOW)


@dataclass(frozen=True)
class Zone:
    """One Zone of the board.

    ``id`` is ``"<tile>:<letter>"`` (e.g. ``"3R:S"``), the letter being the one used in the
    tile's ASCII grid. ``cells`` are 0-based board cells. ``house`` is the id of the building
    for interior Zones: all interior Zones joined by openings of any state share it (S9:
    "a single house extends to all rooms connected by openings"); ``None`` outdoors.
    """

    id: str
    kind: ZoneKind
    tile: str
    cells: tuple[Cell, ...]
    label: str
    house: str | None = None

    @property
    def interior(self) -> bool:
        """True for a room (P. 9)."""
        return self.kind is ZoneKind.INTERIOR

    @property
    def centre(self) -> tuple[float, float]:
        """Mean (row, col) of the Zone's cell centres, in cell units (0.5 = middle of cell 0)."""
        n = len(self.cells)
        return (sum(r for r, _ in self.cells) / n + 0.5, sum(c for _, c in self.cells) / n + 0.5)


@dataclass(frozen=True)
class Opening:
    """An Opening on the edge between two cells of two different Zones.

    ``zones`` and ``cells`` are given in the same order (``cells[i]`` lies in ``zones[i]``).
    ``initially_open`` is the printed/scene state; the *current* state is owned by the game and
    passed to every :class:`~nollab.board.Board` query as the set of closed opening ids.
    ``window`` is True when the threshold is a window, whatever token sits on it now (S1
    "Makeshift barricades" block windows).
    """

    id: str
    kind: OpeningKind
    zones: tuple[str, str]
    cells: tuple[Cell, Cell]
    initially_open: bool
    window: bool = False
    label: str = ""

    def other(self, zone: str) -> str:
        """The Zone on the other side of the opening from ``zone``."""
        a, b = self.zones
        if zone == a:
            return b
        if zone == b:
            return a
        raise ValueError(f"zone {zone!r} is not on either side of opening {self.id!r}")


@dataclass(frozen=True)
class Feature:
    """A feature printed on a tile (the pump on 5R, the burning truck on 2V, the graves of 6V):
    ``kind``, the Zone and 0-based board cell it lies on, its tile and a label. Features are
    scenery the Scene texts refer to ("the indicated pump Zone", "the cemetery"); rules that
    depend on them name them through the scene file."""

    kind: str
    zone: str
    cell: Cell
    tile: str
    label: str = ""


@dataclass(frozen=True)
class TilePlacement:
    """A tile placed on the board: top-left cell ``(row, col)`` (0-based), size after rotation,
    rotation in degrees clockwise (0, 90, 180, 270)."""

    tile: str
    row: int
    col: int
    rows: int
    cols: int
    rotation: int = 0
    reconstructed: bool = True
    source: str = ""
    readings: tuple[str, ...] = ()

    def covers(self, cell: Cell) -> bool:
        """True if ``cell`` lies on this tile."""
        r, c = cell
        return self.row <= r < self.row + self.rows and self.col <= c < self.col + self.cols


@dataclass(frozen=True)
class SpawnToken:
    """A Ghoul Spawn token (P. 24): ``colour`` is white (the starting Spawn Zone), red (default),
    yellow or violet (inactive until a Scene event activates them)."""

    zone: str
    colour: str = "red"


SPAWN_COLOURS = ("white", "red", "yellow", "violet")


@dataclass(frozen=True)
class Marker:
    """Any other map token: ``kind`` (e.g. ``"winchester-94"``, ``"objective"``, ``"pump"``),
    the Zone it lies in, an optional opening it refers to, and a free label."""

    kind: str
    zone: str | None = None
    opening: str | None = None
    label: str = ""


@dataclass(frozen=True)
class MapTokens:
    """The Scene's tokens that are geometry-related (the ``[map]`` table of a scene file).

    * ``spawns`` — Spawn tokens; several may share a Zone (one Ghoul card each, P. 24).
    * ``starting_areas`` — Survivor Starting Area number (``"1"``, ``"2"``) -> Zone id.
    * ``stashes`` — Zone id -> deck (``"melee"`` / ``"ranged"``): where those decks may be Searched.
    * ``windows_to_barricade`` — opening ids of the windows a Scene asks to block (S1).
    * ``markers`` — every other token (W94, objectives, pump, car...).
    * ``car`` — the Zone of the car, or None.
    """

    spawns: tuple[SpawnToken, ...] = ()
    starting_areas: dict[str, str] = field(default_factory=dict)
    stashes: dict[str, str] = field(default_factory=dict)
    windows_to_barricade: tuple[str, ...] = ()
    markers: tuple[Marker, ...] = ()
    car: str | None = None

    def markers_of(self, kind: str) -> tuple[Marker, ...]:
        """All markers of one kind, in file order."""
        return tuple(m for m in self.markers if m.kind == kind)


class BoardFormatError(ValueError):
    """A tile or map file is malformed. The message names the file and, when it can, the
    1-based row and column: ``tiles/3R.toml: row 4, col 2: zone letter 'Q' not in legend``."""

    def __init__(self, file: str, message: str, row: int | None = None, col: int | None = None):
        self.file = file
        self.row = row
        self.col = col
        self.detail = message
        where = file
        if row is not None:
            where += f": row {row}"
            if col is not None:
                where += f", col {col}"
        super().__init__(f"{where}: {message}")
