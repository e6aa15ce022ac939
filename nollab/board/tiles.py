"""Tile files: an ASCII cell grid in TOML, parsed, validated and rotated.

A tile file looks like this (see README, section "board")::

    [tile]
    id = "9X"
    reconstructed = true
    grid = '''
    aabb
    aabb
    KKbb
    KKbb
    '''
    walls = ["r1c2-r1c3"]            # optional: walls between outdoor cells

    [legend]
    a = { kind = "exterior", label = "road" }
    b = { kind = "corn", label = "corn field" }
    K = { kind = "interior", label = "kitchen" }

    [[openings]]
    id = "kd"                        # optional; default "r3c2-r3c3"
    at = "r3c2-r2c2"                 # two edge-adjacent cells, 1-based row/col
    kind = "door"                    # door | stairs | barricade | window | passage
    open = false

Each grid character is one cell; the letter names the Zone the cell belongs to (a
Zone is all cells of one letter, which must be edge-connected). ``.`` is "no cell"
(outside the board). Zone ids on the board are ``"<tile>:<letter>"``.

Printed tiles (transcribed from the art) also carry what lies on their border and their
printed features::

    [tile]
    source = "printed tile art"      # provenance shown by `nollab map`
    readings = ["r4c1 west: a window or a doorway"]   # what is still a reading of the art
    open_edges = ["r3c1-r3c0"]       # the room at r3c1 continues beyond the tile edge (no wall)
    road_exits = ["north", "south"]  # sides where a printed road leaves the tile ("extend the road")

    [[openings]]
    at = "r1c4-r0c4"                 # an *edge opening*: the second cell lies just outside the
    kind = "passage"                 # tile (row 0 / col 0 or rows+1 / cols+1); on the board it
                                     # joins whatever Zone lies beyond (dropped at the board edge)
    [[features]]
    kind = "pump"                    # a printed feature: the pump on 5R, graves, a burning truck
    at = "r6c5"
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from .model import BoardFormatError, Cell, OpeningKind, ZoneKind

_AT = re.compile(r"^\s*r(\d+)c(\d+)\s*-\s*r(\d+)c(\d+)\s*$")
_LETTER = re.compile(r"^[A-Za-z0-9]$")
_CELL = re.compile(r"^\s*r(\d+)c(\d+)\s*$")
NO_CELL = "."


@dataclass(frozen=True)
class OpeningSpec:
    """An opening as written in a file: local id, the two 0-based cells, kind, state."""

    id: str
    a: Cell
    b: Cell
    kind: OpeningKind
    open: bool
    label: str = ""


@dataclass(frozen=True)
class FeatureSpec:
    """A printed feature of a tile (the pump on 5R, the burning truck on 2V, graves on 6V): a
    ``kind``, the 0-based cell it is printed on and a label."""

    kind: str
    cell: Cell
    label: str = ""


@dataclass(frozen=True)
class TileDef:
    """A parsed, validated tile (not yet placed). ``grid`` rows are strings of zone letters.

    ``openings`` may include *edge openings* (one cell just outside the tile: a doorway or a
    window printed on the tile's border); ``open_edges`` are border edges where a room continues
    onto the next tile (no wall printed); ``source``/``readings`` are the provenance."""

    id: str
    grid: tuple[str, ...]
    legend: dict[str, tuple[ZoneKind, str]]
    openings: tuple[OpeningSpec, ...]
    walls: tuple[tuple[Cell, Cell], ...]
    file: str
    reconstructed: bool = True
    open_edges: tuple[tuple[Cell, Cell], ...] = ()
    features: tuple[FeatureSpec, ...] = ()
    source: str = ""
    readings: tuple[str, ...] = ()
    road_exits: tuple[str, ...] = ()

    @property
    def rows(self) -> int:
        return len(self.grid)

    @property
    def cols(self) -> int:
        return len(self.grid[0])

    def inside(self, cell: Cell) -> bool:
        """True if ``cell`` is a cell of this tile's grid (not "no cell", not beyond an edge)."""
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols and self.grid[r][c] != NO_CELL

    def rotated(self, degrees: int) -> "TileDef":
        """This tile turned ``degrees`` clockwise (0, 90, 180, 270): cells, openings and walls."""
        if degrees not in (0, 90, 180, 270):
            raise BoardFormatError(self.file, f"rotation must be 0, 90, 180 or 270, not {degrees!r}")
        t = self
        for _ in range(degrees // 90):
            t = t._rot90()
        return t

    def _rot90(self) -> "TileDef":
        n = self.rows  # new cell (r, c) <- old (n-1-c, r); old (r, c) -> new (c, n-1-r)
        grid = tuple("".join(self.grid[n - 1 - c][r] for c in range(n)) for r in range(self.cols))

        def m(cell: Cell) -> Cell:
            return (cell[1], n - 1 - cell[0])

        ops = tuple(OpeningSpec(o.id, m(o.a), m(o.b), o.kind, o.open, o.label) for o in self.openings)
        walls = tuple((m(a), m(b)) for a, b in self.walls)
        edges = tuple((m(a), m(b)) for a, b in self.open_edges)
        feats = tuple(FeatureSpec(f.kind, m(f.cell), f.label) for f in self.features)
        turn = {"north": "east", "east": "south", "south": "west", "west": "north"}
        exits = tuple(turn[x] for x in self.road_exits)
        return TileDef(self.id, grid, self.legend, ops, walls, self.file, self.reconstructed,
                       edges, feats, self.source, self.readings, exits)


def parse_at(text: object, file: str, what: str, edge: bool = False) -> tuple[Cell, Cell]:
    """Parse ``"r3c2-r3c3"`` (1-based) into two 0-based cells; they must share an edge.
    ``edge=True`` also accepts row/column 0 (the cell just beyond a tile's top/left edge)."""
    m = _AT.match(text) if isinstance(text, str) else None
    if not m:
        raise BoardFormatError(file, f"{what}: 'at' must look like \"r3c2-r3c3\", got {text!r}")
    r1, c1, r2, c2 = (int(g) for g in m.groups())
    if min(r1, c1, r2, c2) < (0 if edge else 1):
        raise BoardFormatError(file, f"{what}: rows and columns start at 1, got {text!r}")
    if abs(r1 - r2) + abs(c1 - c2) != 1:
        raise BoardFormatError(
            file, f"{what}: cells {text!r} are not edge-adjacent (an opening or wall lies on the "
            "edge between two neighbouring cells; no diagonals, P. 11)", r1, c1)
    return (r1 - 1, c1 - 1), (r2 - 1, c2 - 1)


def parse_opening(raw: object, file: str, index: int, what: str = "openings",
                  edge: bool = False) -> OpeningSpec:
    """Validate one ``[[openings]]`` entry (``id``, ``at``, ``kind``, ``open``, ``label``);
    ``edge=True`` (tile files) accepts a cell just beyond the tile's top/left edge."""
    what = f"{what}[{index}]"
    if not isinstance(raw, dict):
        raise BoardFormatError(file, f"{what} must be a table")
    unknown = set(raw) - {"id", "at", "kind", "open", "label"}
    if unknown:
        raise BoardFormatError(file, f"{what}: unknown field(s) {sorted(unknown)}")
    a, b = parse_at(raw.get("at"), file, what, edge)
    kind_raw = raw.get("kind")
    try:
        kind = OpeningKind(kind_raw)
    except ValueError:
        raise BoardFormatError(
            file, f"{what}: unknown opening kind {kind_raw!r} (door, stairs, barricade, window, "
            "passage)", a[0] + 1, a[1] + 1) from None
    is_open = raw.get("open", True)
    if not isinstance(is_open, bool):
        raise BoardFormatError(file, f"{what}: 'open' must be true or false", a[0] + 1, a[1] + 1)
    if kind is OpeningKind.PASSAGE and not is_open:
        raise BoardFormatError(file, f"{what}: a passage cannot be closed", a[0] + 1, a[1] + 1)
    oid = raw.get("id", f"r{a[0]+1}c{a[1]+1}-r{b[0]+1}c{b[1]+1}")
    if not isinstance(oid, str) or not oid or ":" in oid:
        raise BoardFormatError(file, f"{what}: 'id' must be a non-empty string without ':'")
    label = raw.get("label", "")
    if not isinstance(label, str):
        raise BoardFormatError(file, f"{what}: 'label' must be a string")
    return OpeningSpec(oid, a, b, kind, is_open, label)


def parse_walls(raw: object, file: str) -> tuple[tuple[Cell, Cell], ...]:
    """Validate a ``walls = ["r1c1-r1c2", ...]`` list."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise BoardFormatError(file, "'walls' must be a list of \"rXcY-rXcY\" strings")
    return tuple(parse_at(w, file, f"walls[{i}]") for i, w in enumerate(raw))


def parse_tile_text(text: str, file: str) -> TileDef:
    """Parse and validate a tile file's text. ``file`` is the name used in error messages."""
    from nollab.safe_io import InputFileError, parse_toml

    try:
        data = parse_toml(text, file)
    except tomllib.TOMLDecodeError as exc:
        raise BoardFormatError(file, f"not valid TOML: {exc}") from None
    except InputFileError as exc:
        raise BoardFormatError(file, str(exc).removeprefix(f"{file}: ")) from None
    unknown = set(data) - {"tile", "legend", "openings", "features"}
    if unknown:
        raise BoardFormatError(file, f"unknown table(s) {sorted(unknown)} (expected [tile], "
                               "[legend], [[openings]], [[features]])")
    tile = data.get("tile")
    if not isinstance(tile, dict):
        raise BoardFormatError(file, "missing [tile] table")
    unknown = set(tile) - {"id", "grid", "walls", "reconstructed", "constraints", "guessed",
                           "description", "source", "readings", "open_edges", "road_exits"}
    if unknown:
        raise BoardFormatError(file, f"[tile]: unknown field(s) {sorted(unknown)}")
    tid = tile.get("id")
    if not isinstance(tid, str) or not tid or ":" in tid or " " in tid:
        raise BoardFormatError(file, "[tile]: 'id' must be a short string like \"3R\"")
    grid = parse_grid(tile.get("grid"), file)
    legend = parse_legend(data.get("legend"), file)
    check_grid_letters(grid, legend, file)
    raw_ops = data.get("openings", [])
    if not isinstance(raw_ops, list):
        raise BoardFormatError(file, "'openings' must be an array of tables [[openings]]")
    openings = tuple(parse_opening(o, file, i, edge=True) for i, o in enumerate(raw_ops))
    seen: set[str] = set()
    for o in openings:
        if o.id in seen:
            raise BoardFormatError(file, f"duplicate opening id {o.id!r}", o.a[0] + 1, o.a[1] + 1)
        seen.add(o.id)
    walls = parse_walls(tile.get("walls"), file)
    rec = tile.get("reconstructed", True)
    if not isinstance(rec, bool):
        raise BoardFormatError(file, "[tile]: 'reconstructed' must be true or false")
    source = tile.get("source", "")
    if not isinstance(source, str):
        raise BoardFormatError(file, "[tile]: 'source' must be a string")
    readings = tile.get("readings", [])
    if not isinstance(readings, list) or not all(isinstance(x, str) for x in readings):
        raise BoardFormatError(file, "[tile]: 'readings' must be a list of strings")
    open_edges = _parse_open_edges(tile.get("open_edges"), grid, file)
    features = _parse_features(data.get("features", []), grid, file)
    exits = tile.get("road_exits", [])
    if not isinstance(exits, list) or not set(exits) <= {"north", "east", "south", "west"} \
            or len(set(exits)) != len(exits):
        raise BoardFormatError(file, "[tile]: 'road_exits' must list distinct sides among "
                               "\"north\", \"east\", \"south\", \"west\"")
    t = TileDef(tid, grid, legend, openings, walls, file, rec, open_edges, features, source,
                tuple(readings), tuple(exits))
    edges: dict[frozenset, str] = {}
    for a, b in open_edges:
        edges[frozenset((a, b))] = "open edge"
    for o in openings:
        check_edge(t.grid, o.a, o.b, file, f"opening {o.id!r}", beyond=True)
        key = frozenset((o.a, o.b))
        if key in edges:
            raise BoardFormatError(file, f"openings {edges[key]!r} and {o.id!r} are on the same edge",
                                   o.a[0] + 1, o.a[1] + 1)
        edges[key] = o.id
    for a, b in walls:
        check_edge(t.grid, a, b, file, "wall")
    return t


def _parse_open_edges(raw: object, grid: tuple[str, ...], file: str) -> tuple[tuple[Cell, Cell], ...]:
    """``open_edges = ["r3c1-r3c0"]``: a tile cell and the cell just beyond the tile edge, where
    the printed room goes on onto the next tile (no wall is printed)."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise BoardFormatError(file, "[tile]: 'open_edges' must be a list of \"rXcY-rXcY\" strings")
    out = []
    for i, text in enumerate(raw):
        a, b = parse_at(text, file, f"open_edges[{i}]", edge=True)
        if _on_grid(grid, a) and _on_grid(grid, b):
            raise BoardFormatError(file, f"open_edges[{i}]: {text!r} is inside the tile; an open edge "
                                   "joins a cell to the cell just beyond the tile's border", a[0] + 1, a[1] + 1)
        check_edge(grid, a, b, file, f"open_edges[{i}]", beyond=True)
        inner = a if _on_grid(grid, a) else b
        if grid[inner[0]][inner[1]] == NO_CELL:
            raise BoardFormatError(file, f"open_edges[{i}]: cell is not on the tile", inner[0] + 1, inner[1] + 1)
        out.append((inner, b if inner == a else a))
    return tuple(out)


def _parse_features(raw: object, grid: tuple[str, ...], file: str) -> tuple[FeatureSpec, ...]:
    """``[[features]]``: ``{ kind = "pump", at = "r6c5", label = "gas pump" }``."""
    if not isinstance(raw, list):
        raise BoardFormatError(file, "'features' must be an array of tables [[features]]")
    out = []
    for i, f in enumerate(raw):
        what = f"features[{i}]"
        if not isinstance(f, dict) or set(f) - {"kind", "at", "label"}:
            raise BoardFormatError(file, f"{what} must be {{ kind = ..., at = \"r6c5\", label = ... }}")
        kind = f.get("kind")
        if not isinstance(kind, str) or not kind or len(kind) > 40:
            raise BoardFormatError(file, f"{what}: 'kind' must be a short non-empty string")
        m = _CELL.match(f.get("at")) if isinstance(f.get("at"), str) else None
        if not m:
            raise BoardFormatError(file, f"{what}: 'at' must be one cell like \"r6c5\", got {f.get('at')!r}")
        cell = (int(m.group(1)) - 1, int(m.group(2)) - 1)
        if not _on_grid(grid, cell) or grid[cell[0]][cell[1]] == NO_CELL:
            raise BoardFormatError(file, f"{what}: cell is not on the tile", cell[0] + 1, cell[1] + 1)
        label = f.get("label", "")
        if not isinstance(label, str):
            raise BoardFormatError(file, f"{what}: 'label' must be a string")
        out.append(FeatureSpec(kind, cell, label))
    return tuple(out)


def _on_grid(grid: tuple[str, ...], cell: Cell) -> bool:
    return 0 <= cell[0] < len(grid) and 0 <= cell[1] < len(grid[0])


#: cells per side of one tile (a printed tile is 5-6 cells; a hand-made one may be larger)
MAX_TILE_CELLS = 64


def parse_grid(raw: object, file: str) -> tuple[str, ...]:
    """Grid text -> rows. Blank lines at the ends are ignored; rows must have equal length."""
    if not isinstance(raw, str):
        raise BoardFormatError(file, "'grid' must be a multi-line string of zone letters")
    rows = [line.strip() for line in raw.strip("\n").split("\n")]
    while rows and not rows[-1]:
        rows.pop()
    if not rows or not rows[0]:
        raise BoardFormatError(file, "'grid' is empty")
    if len(rows) > MAX_TILE_CELLS or len(rows[0]) > MAX_TILE_CELLS:
        raise BoardFormatError(file, f"'grid' is {len(rows)}x{len(rows[0])} cells, more than "
                               f"{MAX_TILE_CELLS} per side (README: Limits)")
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            raise BoardFormatError(file, f"ragged grid: row has {len(row)} cells, row 1 has {width}",
                                   i + 1, min(len(row), width) + 1)
    return tuple(rows)


def parse_legend(raw: object, file: str) -> dict[str, tuple[ZoneKind, str]]:
    """``[legend]``: letter -> ``{kind, label}``."""
    if not isinstance(raw, dict) or not raw:
        raise BoardFormatError(file, "missing [legend] table (letter = { kind = ..., label = ... })")
    out: dict[str, tuple[ZoneKind, str]] = {}
    for letter, spec in raw.items():
        if not _LETTER.match(letter):
            raise BoardFormatError(file, f"[legend]: zone letter {letter!r} must be one letter or digit")
        if not isinstance(spec, dict):
            raise BoardFormatError(file, f"[legend].{letter} must be a table {{ kind = ..., label = ... }}")
        unknown = set(spec) - {"kind", "label"}
        if unknown:
            raise BoardFormatError(file, f"[legend].{letter}: unknown field(s) {sorted(unknown)}")
        try:
            kind = ZoneKind(spec.get("kind"))
        except ValueError:
            raise BoardFormatError(file, f"[legend].{letter}: unknown zone kind {spec.get('kind')!r} "
                                   "(interior, exterior, corn, woods)") from None
        label = spec.get("label", "")
        if not isinstance(label, str):
            raise BoardFormatError(file, f"[legend].{letter}: 'label' must be a string")
        out[letter] = (kind, label)
    return out


def check_grid_letters(grid: tuple[str, ...], legend: dict, file: str) -> None:
    """Every cell letter is in the legend, every legend letter is used, every zone is connected."""
    first: dict[str, Cell] = {}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == NO_CELL:
                continue
            if ch not in legend:
                raise BoardFormatError(file, f"zone letter {ch!r} not in legend", r + 1, c + 1)
            first.setdefault(ch, (r, c))
    for letter in legend:
        if letter not in first:
            raise BoardFormatError(file, f"[legend]: zone letter {letter!r} is not used in the grid")
    for letter, start in first.items():
        seen = {start}
        todo = [start]
        while todo:
            r, c = todo.pop()
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if (rr, cc) not in seen and 0 <= rr < len(grid) and 0 <= cc < len(grid[0]) \
                        and grid[rr][cc] == letter:
                    seen.add((rr, cc))
                    todo.append((rr, cc))
        for r, row in enumerate(grid):
            for c, ch in enumerate(row):
                if ch == letter and (r, c) not in seen:
                    raise BoardFormatError(
                        file, f"zone {letter!r} is split into disconnected parts (this cell is not "
                        f"edge-connected to row {start[0]+1}, col {start[1]+1})", r + 1, c + 1)


def check_edge(grid: tuple[str, ...], a: Cell, b: Cell, file: str, what: str,
               beyond: bool = False) -> None:
    """An opening or wall must lie between two cells on the grid that belong to different zones.
    ``beyond=True``: one of the two cells may lie just beyond the tile's border (an edge
    opening, joined on the board to whatever lies there)."""
    on = [_on_grid(grid, x) and grid[x[0]][x[1]] != NO_CELL for x in (a, b)]
    if beyond and on.count(True) == 1:
        inner, outer = (a, b) if on[0] else (b, a)
        if _on_grid(grid, outer):  # a "no cell" inside the grid is not beyond the border
            raise BoardFormatError(file, f"{what}: cell is outside the grid", outer[0] + 1, outer[1] + 1)
        return
    for cell in (a, b):
        if not (0 <= cell[0] < len(grid) and 0 <= cell[1] < len(grid[0])) \
                or grid[cell[0]][cell[1]] == NO_CELL:
            raise BoardFormatError(file, f"{what}: cell is outside the grid", cell[0] + 1, cell[1] + 1)
    if grid[a[0]][a[1]] == grid[b[0]][b[1]]:
        raise BoardFormatError(
            file, f"{what}: both cells belong to the same zone {grid[a[0]][a[1]]!r} (openings and "
            "walls separate two different zones)", a[0] + 1, a[1] + 1)


def load_tile(path: Path, display: str | None = None) -> TileDef:
    """Read and parse one tile file; errors name ``display`` (default: the path)."""
    from nollab.safe_io import InputFileError, read_text_file

    name = display or str(path)
    try:
        text = read_text_file(path, what="tile file")
    except InputFileError as exc:
        raise BoardFormatError(name, str(exc).removeprefix(f"{path}: ")) from None
    return parse_tile_text(text, name)
