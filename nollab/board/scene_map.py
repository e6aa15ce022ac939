"""Scene maps: the ``[map]`` table of a scene file -> :class:`SceneMap` (Board + tokens).

Only ``[map]`` is read here; every other table of a scene file (``[scene]``, ``[rules]``...)
belongs to the rules layer and is ignored. Everything inside ``[map]`` is validated::

    [map]
    layout = '''
    4R 3R
    1R 2R
    '''                                   # rows of tile ids, "." for an empty slot
    rotation = { "3R" = 0 }               # optional, degrees clockwise
    # or, instead of layout: tiles = [{ id = "4R", row = 1, col = 1, rotation = 0 }, ...]
    tiles_dir = "my_tiles"                # optional, relative to this file, searched first
    rooms = [["3R:H", "4R:H"]]            # one room drawn across a seam -> one Zone ("3R:H")
    openings = [{ id = "seam", at = "r6c3-r7c3", kind = "door", open = true }]  # board cells
    walls = ["r1c6-r1c7"]
    set = [{ opening = "1R:dw3", kind = "barricade", open = true }]  # tokens on openings
    spawns = [{ zone = "4R:e", colour = "white" }, { zone = "2R:a" }]
    starting_areas = { "1" = "1R:P", "2" = "2R:B" }
    stashes = { "2R:K" = "melee", "3R:U" = "ranged" }
    windows_to_barricade = ["4R:we2"]
    markers = [{ kind = "winchester-94", zone = "4R:S" }]
    car = "2R:b"

Tiles are looked up in: ``tiles_dir``, the ``tile_dirs`` argument, ``$NOLLAB_CONTENT/tiles``,
then the shipped ``nollab/data/tiles``.
"""
from __future__ import annotations

import math
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from .assemble import OpeningOverride, Placed, assemble
from .board import Board
from .model import (SPAWN_COLOURS, BoardFormatError, MapTokens, Marker, OpeningKind, SpawnToken,
                    ZoneKind)
from .tiles import TileDef, load_tile, parse_opening, parse_walls
from nollab.safe_io import InputFileError, is_path_like, parse_toml, read_text_file

DATA = Path(__file__).resolve().parent.parent / "data"
SHIPPED_TILES = DATA / "tiles"
SHIPPED_SCENES = DATA / "scenes"
_MAP_FIELDS = {"layout", "rotation", "tiles", "tiles_dir", "openings", "walls", "set", "spawns",
               "starting_areas", "stashes", "windows_to_barricade", "markers", "car", "description",
               "rooms"}


@dataclass(frozen=True)
class SceneMap:
    """A loaded scene map: the immutable :class:`Board`, its tokens and where it came from."""

    board: Board
    tokens: MapTokens
    file: str
    layout: tuple[tuple[str | None, ...], ...] = field(default=())

    def _repr_svg_(self) -> str:
        """Inline picture in Jupyter: the map with its tokens."""
        from nollab.render import svg_for

        return svg_for(self)

    @property
    def spawn_zones(self) -> tuple[str, ...]:
        """Distinct Zones holding Spawn tokens, in clockwise order from the white one."""
        return self.spawn_order()

    def spawn_order(self, start: str | None = None) -> tuple[str, ...]:
        """Spawn Zones "one after the other, going clockwise from the white Spawn Zone" (P. 24).

        Zones are ordered by the clockwise angle of their centre around the board centre,
        starting at ``start`` (default: the Zone of the white token). Zones at the same angle
        are taken nearest to the centre first. Every token colour is included; the rules layer
        skips inactive yellow/violet ones.
        """
        zones = list(dict.fromkeys(t.zone for t in self.tokens.spawns))
        if not zones:
            return ()
        if start is None:
            whites = [t.zone for t in self.tokens.spawns if t.colour == "white"]
            if not whites:
                raise ValueError(f"{self.file}: no white Spawn token; pass start=<zone id>")
            start = whites[0]
        return clockwise_order(self.board, zones, start)

    def spawn_tokens_in(self, zone: str) -> tuple[SpawnToken, ...]:
        """Spawn tokens in one Zone (one Ghoul card is drawn per token, P. 24)."""
        return tuple(t for t in self.tokens.spawns if t.zone == zone)


def clockwise_order(board: Board, zones: Sequence[str], start: str) -> tuple[str, ...]:
    """``zones`` (distinct) ordered clockwise around the board centre, beginning with ``start``
    (P. 24 spawn order; also S6/S8 "Fighting through the herd", where the players pick the
    starting Spawn Zone each Spawn Step). Zones in the same direction: nearest to the centre
    first, then by id."""
    zones = list(dict.fromkeys(zones))
    if start not in zones:
        raise ValueError(f"start {start!r} is not one of the zones ({', '.join(zones)})")
    cr, cc = board.rows / 2, board.cols / 2

    def polar(z: str) -> tuple[float, float]:
        r, c = board.zone(z).centre
        # rows grow downwards, so increasing atan2(dr, dc) turns clockwise on screen
        return math.atan2(r - cr, c - cc), math.hypot(r - cr, c - cc)

    a0 = polar(start)[0]

    def key(z: str):
        a, dist = polar(z)
        turn = (a - a0) % (2 * math.pi)
        if turn > 2 * math.pi - 1e-9:
            turn = 0.0  # same direction as the start (float noise folded to 0)
        return (z != start, round(turn, 9), dist, z)

    return tuple(sorted(zones, key=key))


def tile_search_dirs(tile_dirs: Sequence[str | os.PathLike] = ()) -> list[Path]:
    """Where tiles are looked up: ``tile_dirs``, ``$NOLLAB_CONTENT/tiles``, the shipped tiles."""
    dirs = [Path(d).expanduser() for d in tile_dirs]
    for d in dirs:  # a folder the user names must exist: never a silent fall-back on the shipped tiles
        if not d.is_dir():
            raise BoardFormatError(str(d), "tiles folder not found (--tiles / tile_dirs)")
    if os.environ.get("NOLLAB_CONTENT"):
        dirs.append(Path(os.environ["NOLLAB_CONTENT"]) / "tiles")
    dirs.append(SHIPPED_TILES)
    return dirs


def find_tile(tile: str, tile_dirs: Sequence[str | os.PathLike] = ()) -> TileDef:
    """Load tile ``tile`` (e.g. ``"6R"``) from the search folders: for scenes that add tiles
    during play (S6 "Travelling posse", S8), build a new Board with :func:`assemble`."""
    for d in tile_search_dirs(tile_dirs):
        p = d / f"{tile}.toml"
        if p.exists() or p.is_symlink():  # a folder or a device here is an error, not skipped
            t = load_tile(p, f"tiles/{tile}.toml" if d == SHIPPED_TILES else str(p))
            if t.id != tile:
                raise BoardFormatError(t.file, f"[tile]: id is {t.id!r} but the file is named {tile}.toml")
            return t
    raise BoardFormatError(f"tiles/{tile}.toml", f"tile {tile!r} not found")


#: a scene id as typed: letters, digits, "_" and "-" (S1, my_scene); anything else is a path
SCENE_ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
#: tiles placed by one scene map (the largest Scene uses 6; travelling Scenes add a few)
MAX_MAP_TILES = 36
#: the board a map may span, in cells per side (6 tiles of 6x6 cells in a row is 36)
MAX_MAP_CELLS = 400


def user_scenes_dir() -> Path | None:
    """``$NOLLAB_CONTENT/scenes`` when ``NOLLAB_CONTENT`` is set (whether or not it exists)."""
    user = os.environ.get("NOLLAB_CONTENT")
    return Path(user).expanduser() / "scenes" if user else None


def resolve_scene(scene: str | os.PathLike) -> tuple[Path, str]:
    """Where a scene reference points: ``(path, name shown in errors)``. The one resolver used by
    ``nollab map``, ``play``, ``simulate``, ``load_scene`` and ``Game.new``: a path (``.toml`` or with a
    folder separator) is that file; an id (``S1``) is ``$NOLLAB_CONTENT/scenes/<id>.toml`` when that
    file exists, else the shipped ``nollab/data/scenes/<ID>.toml``. A malformed id is a ValueError."""
    s = os.fspath(scene) if isinstance(scene, os.PathLike) else scene
    if not isinstance(s, str) or not s:
        raise ValueError(f"scene: an id such as 'S1' or a .toml path, got {scene!r}")
    if is_path_like(s):
        return Path(s).expanduser(), s
    if len(s) > 64 or any(ch not in SCENE_ID_CHARS for ch in s):
        raise ValueError(f"scene {s[:64]!r}: not a scene id (letters, digits, '_' or '-', e.g. S1) "
                         "nor a .toml path")
    user = user_scenes_dir()
    if user is not None:
        for name in dict.fromkeys((s, s.upper())):
            p = user / f"{name}.toml"
            if p.exists() or p.is_symlink():  # a folder or a device here is an error, not skipped
                return p, str(p)
    return SHIPPED_SCENES / f"{s.upper()}.toml", f"scenes/{s.upper()}.toml"


_resolve_scene = resolve_scene  # the former private name


_CACHE: dict[tuple, tuple[SceneMap, tuple[tuple[Path, float], ...]]] = {}


def _mtime(p: Path) -> float:
    try:
        return p.stat().st_mtime
    except OSError:
        return -1.0


def load_map(scene: str | os.PathLike, *, tile_dirs: Sequence[str | os.PathLike] = (),
             cache: bool = True) -> SceneMap:
    """Load a scene's ``[map]``: ``"S1"`` (shipped or ``$NOLLAB_CONTENT/scenes``) or a path.
    Raises :class:`BoardFormatError` naming the file (and row/col) on any problem.

    Boards are immutable, so a loaded map is cached and shared (a Monte Carlo run starting
    thousands of games pays for parsing once); the cache is invalidated when the scene file or
    any of its tile files changes on disk. ``cache=False`` forces a fresh load."""
    path, display = _resolve_scene(scene)
    key = (str(path if path.is_absolute() else path.resolve()), tuple(str(d) for d in tile_dirs),
           os.environ.get("NOLLAB_CONTENT"))
    hit = _CACHE.get(key)
    if cache and hit is not None and all(_mtime(p) == t for p, t in hit[1]):
        return hit[0]
    if not path.exists():
        raise BoardFormatError(display, "scene file not found")
    try:
        text = read_text_file(path, what="scene file")
    except InputFileError as exc:
        raise BoardFormatError(display, str(exc).removeprefix(f"{path}: ")) from None
    deps: list[Path] = [path]
    sm = parse_map_text(text, display, base=path.parent, tile_dirs=tile_dirs, deps=deps)
    _CACHE[key] = (sm, tuple((p, _mtime(p)) for p in deps))
    return sm


def parse_map_text(text: str, file: str, *, base: Path | None = None,
                   tile_dirs: Sequence[str | os.PathLike] = (),
                   tiles: dict[str, TileDef] | None = None,
                   deps: list[Path] | None = None) -> SceneMap:
    """Parse a scene file's text and build its map. ``tiles`` (id -> TileDef) are used before
    any lookup on disk (handy in tests); the tile files read are appended to ``deps``."""
    try:
        data = parse_toml(text, file)
    except tomllib.TOMLDecodeError as exc:
        raise BoardFormatError(file, f"not valid TOML: {exc}") from None
    except InputFileError as exc:
        raise BoardFormatError(file, str(exc).removeprefix(f"{file}: ")) from None
    m = data.get("map")
    if not isinstance(m, dict):
        raise BoardFormatError(file, "missing [map] table")
    unknown = set(m) - _MAP_FIELDS
    if unknown:
        raise BoardFormatError(file, f"[map]: unknown field(s) {sorted(unknown)}")
    dirs: list[Path] = []
    if "tiles_dir" in m:
        if not isinstance(m["tiles_dir"], str):
            raise BoardFormatError(file, "[map]: 'tiles_dir' must be a string")
        tdir = (base or Path(".")) / m["tiles_dir"]
        if not tdir.is_dir():  # never a silent fall-back on the shipped tiles
            raise BoardFormatError(file, f"[map]: tiles_dir {m['tiles_dir']!r}: folder {tdir} not found")
        dirs.append(tdir)
    dirs += tile_search_dirs(tile_dirs)
    known = dict(tiles or {})

    def get_tile(tid: str) -> TileDef:
        if tid in known:
            return known[tid]
        for d in dirs:
            p = d / f"{tid}.toml"
            if p.exists() or p.is_symlink():  # a folder or a device here is an error, not skipped
                disp = f"tiles/{tid}.toml" if d == SHIPPED_TILES else str(p)
                t = load_tile(p, disp)
                if t.id != tid:
                    raise BoardFormatError(disp, f"[tile]: id is {t.id!r} but the file is named {tid}.toml")
                known[tid] = t
                if deps is not None:
                    deps.append(p)
                return t
        raise BoardFormatError(file, f"tile {tid!r} not found (looked in {', '.join(map(str, dirs))})")

    placed, layout = _placements(m, file, get_tile)
    raw_ops = m.get("openings", [])
    if not isinstance(raw_ops, list):
        raise BoardFormatError(file, "[map]: 'openings' must be a list of tables")
    openings = [parse_opening(o, file, i, what="[map].openings") for i, o in enumerate(raw_ops)]
    walls = parse_walls(m.get("walls"), file)
    overrides = _overrides(m.get("set", []), file)
    rooms = m.get("rooms", [])
    if not isinstance(rooms, list) or not all(isinstance(g, list) and all(isinstance(z, str) for z in g)
                                              for g in rooms):
        raise BoardFormatError(file, "[map]: 'rooms' must be a list of zone-id lists, e.g. [[\"3R:H\", \"4R:H\"]]")
    board = assemble(placed, openings=openings, walls=walls, overrides=overrides, rooms=rooms,
                     file=file, name=Path(file).stem)
    return SceneMap(board, _tokens(m, board, file), file, layout)


def _placements(m: dict, file: str, get_tile) -> tuple[list[Placed], tuple]:
    if ("layout" in m) == ("tiles" in m):
        raise BoardFormatError(file, "[map]: give exactly one of 'layout' or 'tiles'")
    placed: list[Placed] = []
    if "layout" in m:
        rot = m.get("rotation", {})
        if not isinstance(rot, dict):
            raise BoardFormatError(file, "[map]: 'rotation' must be a table like { \"3R\" = 90 }")
        lay = m["layout"]
        if not isinstance(lay, str):
            raise BoardFormatError(file, "[map]: 'layout' must be a string of tile ids, one tile row per line")
        rows = [ln.split() for ln in lay.strip().splitlines() if ln.strip()]
        if not rows:
            raise BoardFormatError(file, "[map]: 'layout' is empty")
        if sum(len(r) for r in rows) > MAX_MAP_TILES:
            raise BoardFormatError(file, f"[map]: 'layout' has more than {MAX_MAP_TILES} tile slots "
                                   "(README: Limits)")
        for tid, deg in rot.items():
            if not any(tid in r for r in rows):
                raise BoardFormatError(file, f"[map].rotation: tile {tid!r} is not in the layout")
            if isinstance(deg, bool) or deg not in (0, 90, 180, 270):
                raise BoardFormatError(file, f"[map].rotation.{tid}: rotation must be 0, 90, 180 or 270, "
                                       f"not {deg!r}")
        size = None
        for i, row in enumerate(rows):
            for j, tid in enumerate(row):
                if tid == ".":
                    continue
                t = get_tile(tid)
                deg = rot.get(tid, 0)
                rt = t.rotated(deg)
                if size is None:
                    size = (rt.rows, rt.cols)
                elif (rt.rows, rt.cols) != size:
                    raise BoardFormatError(file, f"layout row {i+1}: tile {tid!r} is {rt.rows}x{rt.cols} "
                                           f"cells, the others are {size[0]}x{size[1]}")
        assert size is not None
        for i, row in enumerate(rows):
            for j, tid in enumerate(row):
                if tid != ".":
                    placed.append(Placed(get_tile(tid), i * size[0], j * size[1], rot.get(tid, 0)))
        layout = tuple(tuple(None if t == "." else t for t in r) for r in rows)
        return placed, layout
    raw = m["tiles"]
    if not isinstance(raw, list):
        raise BoardFormatError(file, "[map]: 'tiles' must be a list of { id, row, col, rotation }")
    if len(raw) > MAX_MAP_TILES:
        raise BoardFormatError(file, f"[map]: more than {MAX_MAP_TILES} tiles (README: Limits)")
    for k, t in enumerate(raw):
        if not isinstance(t, dict) or set(t) - {"id", "row", "col", "rotation"} \
                or not isinstance(t.get("id"), str) \
                or not all(isinstance(t.get(f), int) and not isinstance(t.get(f), bool)
                           and 1 <= t.get(f) <= MAX_MAP_CELLS for f in ("row", "col")):
            raise BoardFormatError(file, f"[map].tiles[{k}] must be {{ id = \"1R\", row = 1, col = 1, "
                                   f"rotation = 0 }} with 1-based row/col (1..{MAX_MAP_CELLS}) of the top-left cell")
        deg = t.get("rotation", 0)
        if isinstance(deg, bool) or deg not in (0, 90, 180, 270):
            raise BoardFormatError(file, f"[map].tiles[{k}]: rotation must be 0, 90, 180 or 270, not {deg!r}")
        placed.append(Placed(get_tile(t["id"]), t["row"] - 1, t["col"] - 1, deg))
    return placed, ()


def _overrides(raw: object, file: str) -> list[OpeningOverride]:
    if not isinstance(raw, list):
        raise BoardFormatError(file, "[map]: 'set' must be a list of { opening, kind, open }")
    out = []
    for i, s in enumerate(raw):
        if not isinstance(s, dict) or not isinstance(s.get("opening"), str) \
                or set(s) - {"opening", "kind", "open", "label"}:
            raise BoardFormatError(file, f"[map].set[{i}] must be {{ opening = \"1R:d1\", kind = ..., open = ... }}")
        kind = None
        if "kind" in s:
            try:
                kind = OpeningKind(s["kind"])
            except ValueError:
                raise BoardFormatError(file, f"[map].set[{i}]: unknown opening kind {s['kind']!r}") from None
        if "open" in s and not isinstance(s["open"], bool):
            raise BoardFormatError(file, f"[map].set[{i}]: 'open' must be true or false")
        out.append(OpeningOverride(s["opening"], kind, s.get("open"), s.get("label")))
    return out


def _zone(board: Board, z: object, file: str, what: str) -> str:
    if not isinstance(z, str) or z not in board.zones:
        raise BoardFormatError(file, f"{what}: unknown zone {z!r} (zone ids look like \"3R:S\")")
    return z


def _tokens(m: dict, board: Board, file: str) -> MapTokens:
    spawns = []
    raw = m.get("spawns", [])
    if not isinstance(raw, list):
        raise BoardFormatError(file, "[map]: 'spawns' must be a list of { zone, colour }")
    for i, s in enumerate(raw):
        if not isinstance(s, dict) or set(s) - {"zone", "colour"}:
            raise BoardFormatError(file, f"[map].spawns[{i}] must be {{ zone = ..., colour = ... }}")
        colour = s.get("colour", "red")
        if colour not in SPAWN_COLOURS:
            raise BoardFormatError(file, f"[map].spawns[{i}]: colour {colour!r} is not one of {SPAWN_COLOURS}")
        spawns.append(SpawnToken(_zone(board, s.get("zone"), file, f"[map].spawns[{i}]"), colour))
    if sum(1 for s in spawns if s.colour == "white") > 1:
        raise BoardFormatError(file, "[map].spawns: more than one white Spawn token (P. 24: one starting Spawn Zone)")
    areas = m.get("starting_areas", {})
    stashes = m.get("stashes", {})
    if not isinstance(areas, dict) or not isinstance(stashes, dict):
        raise BoardFormatError(file, "[map]: 'starting_areas' and 'stashes' must be tables")
    areas = {str(k): _zone(board, v, file, f"[map].starting_areas.{k}") for k, v in areas.items()}
    for z, deck in stashes.items():
        _zone(board, z, file, "[map].stashes")
        if deck not in ("melee", "ranged"):
            raise BoardFormatError(file, f"[map].stashes.{z}: deck must be \"melee\" or \"ranged\", not {deck!r}")
        if board.zones[z].kind is not ZoneKind.INTERIOR:
            raise BoardFormatError(file, f"[map].stashes.{z}: Search happens only in interior Zones (P. 18)")
    windows = m.get("windows_to_barricade", [])
    if not isinstance(windows, list):
        raise BoardFormatError(file, "[map]: 'windows_to_barricade' must be a list of opening ids")
    windows = [board.aliases.get(w, w) if isinstance(w, str) else w for w in windows]
    for w in windows:
        o = board.openings.get(w) if isinstance(w, str) else None
        if o is None:
            raise BoardFormatError(file, f"[map].windows_to_barricade: unknown opening {w!r}")
        if not o.window:
            raise BoardFormatError(file, f"[map].windows_to_barricade: opening {w!r} is a {o.kind}, not a window")
    markers = []
    raw = m.get("markers", [])
    if not isinstance(raw, list):
        raise BoardFormatError(file, "[map]: 'markers' must be a list of { kind, zone, opening, label }")
    for i, mk in enumerate(raw):
        if not isinstance(mk, dict) or not isinstance(mk.get("kind"), str) \
                or set(mk) - {"kind", "zone", "opening", "label"}:
            raise BoardFormatError(file, f"[map].markers[{i}] must be {{ kind = ..., zone = ..., label = ... }}")
        zone = _zone(board, mk["zone"], file, f"[map].markers[{i}]") if "zone" in mk else None
        op = mk.get("opening")
        if isinstance(op, str):
            op = board.aliases.get(op, op)
        if op is not None and op not in board.openings:
            raise BoardFormatError(file, f"[map].markers[{i}]: unknown opening {op!r}")
        markers.append(Marker(mk["kind"], zone, op, str(mk.get("label", ""))))
    car = m.get("car")
    if car is not None:
        _zone(board, car, file, "[map].car")
        if board.zones[car].kind is not ZoneKind.EXTERIOR:
            raise BoardFormatError(file, f"[map].car: the Car stands in exterior Zones only (P. 21), not {car!r}")
    return MapTokens(tuple(spawns), areas, dict(stashes), tuple(windows), tuple(markers), car)


__all__ = ["SceneMap", "clockwise_order", "find_tile", "load_map", "parse_map_text", "tile_search_dirs"]
