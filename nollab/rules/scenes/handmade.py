"""Hand-made Scenes (sandbox games, :mod:`nollab.rules.sandbox`) as plain JSON data: the Board with
its Zones, Openings, walls and tiles, and the Scene around it, so a sandbox game saves and loads.
"""
from __future__ import annotations

from nollab.board import Board, MapTokens, SpawnToken
from nollab.board.model import Opening, OpeningKind, TilePlacement, Zone, ZoneKind
from nollab.rules.scenes.scene import Scene, load_scene


SANDBOX_FORMAT = "nollab-sandbox/1"


def board_to_dict(board: Board) -> dict:
    """A hand-made Board as plain JSON data (zones with their cells, openings, walls, tiles), so a
    sandbox game can be saved: :func:`board_from_dict` rebuilds an equal Board."""
    return {
        "name": board.name, "rows": board.rows, "cols": board.cols,
        "zones": [[z.id, str(z.kind), z.tile, [list(c) for c in z.cells], z.label] for z in board.zones.values()],
        "openings": [[o.id, str(o.kind), list(o.zones), [list(c) for c in o.cells], bool(o.initially_open),
                      bool(o.window), o.label] for o in board.openings.values()],
        "walls": sorted(sorted(list(c) for c in w) for w in board.walls),
        "tiles": [[t.tile, t.row, t.col, t.rows, t.cols, t.rotation, bool(t.reconstructed)] for t in board.tiles],
    }


def board_from_dict(d: dict) -> Board:
    """Inverse of :func:`board_to_dict`."""
    rows, cols = int(d["rows"]), int(d["cols"])
    grid: list[list[str | None]] = [[None] * cols for _ in range(rows)]
    zones = []
    for zid, kind, tile, cells, label in d["zones"]:
        cs = tuple((int(r), int(c)) for r, c in cells)
        for r, c in cs:
            grid[r][c] = zid
        zones.append(Zone(zid, ZoneKind(kind), tile, cs, label))
    openings = [Opening(oid, OpeningKind(kind), (zs[0], zs[1]), tuple((int(r), int(c)) for r, c in cells),
                        bool(op), bool(win), label) for oid, kind, zs, cells, op, win, label in d["openings"]]
    walls = [tuple((int(r), int(c)) for r, c in w) for w in d["walls"]]
    tiles = [TilePlacement(t, int(r), int(c), int(nr), int(nc), int(rot), bool(rec))
             for t, r, c, nr, nc, rot, rec in d["tiles"]]
    return Board(rows=rows, cols=cols, cell_zone=grid, zones=zones, openings=openings, walls=walls, tiles=tiles,
                 name=d.get("name", ""))


def sandbox_scene(spec: dict) -> Scene:
    """The Scene of a saved sandbox game (``Game.to_json`` stores ``spec``)."""
    if not isinstance(spec, dict) or spec.get("format") != SANDBOX_FORMAT:
        raise ValueError(f"from_json: 'sandbox' is not a {SANDBOX_FORMAT} board/scene spec")
    if "scene" in spec:  # a position on a shipped Scene's map: its board, tokens and file; the spec's rules
        sc = load_scene(str(spec["scene"]))
        return Scene(sc.id, sc.board, sc.tokens, spec["data"], sc.clockwise, sc.file)
    board = board_from_dict(spec["board"])
    spawns = [tuple(t) for t in spec["spawns"]]
    tokens = MapTokens(spawns=tuple(SpawnToken(z, c) for z, c in spawns), car=spec.get("car"))
    return Scene("sandbox", board, tokens, spec["data"], list(spec["clockwise"]))
