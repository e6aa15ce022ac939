"""``nollab map S1``: print a scene's board as ASCII (or JSON) to check it against the printed tiles,
or write its picture as SVG — schematic, or on the printed tile faces of the player's own pack
(``--art``), or our zone outlines over those faces to see where the transcription differs
(``--art PACK --check``). SVG embeds the faces as they are, so no image library is needed."""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

from nollab.cli import UsageError
from nollab.cli.parsing import check_dir, check_scene_arg, to_int

HELP = "print a scene map (tiles, zones, openings, tokens) as ASCII or JSON, or draw it as SVG"

MIN_CELL, MAX_CELL = 16, 160


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", nargs="?",
                        help="scene id (S1) or path to a scene .toml file with a [map] table")
    parser.add_argument("--tile", metavar="ID",
                        help="instead of a scene: one tile face as printed (rotation 0), e.g. 3V; "
                             "draws a picture (--art, --check, --out)")
    parser.add_argument("--json", action="store_true", help="print the map as JSON instead of ASCII")
    parser.add_argument("--tiles", action="append", default=[], metavar="DIR",
                        help="extra folder of tile files, searched before the shipped tiles (repeatable)")
    parser.add_argument("--art", metavar="PACK",
                        help="your copy of the tile pack (the map editor's G-Zombicide-D1-LD zip, or a "
                             "folder with its tiles): write the board drawn on the printed tiles")
    parser.add_argument("--check", action="store_true",
                        help="with --art: draw our zone outlines, walls and openings over the printed "
                             "tiles instead, to see where the transcription differs")
    parser.add_argument("--out", metavar="FILE.svg",
                        help="where to write the picture (default: <scene>-art.svg, <scene>-check.svg; "
                             "without --art: the schematic board)")
    parser.add_argument("--cell", metavar="PX",
                        help=f"pixels per cell, {MIN_CELL}-{MAX_CELL} (default 48, 72 with --check)")


def _out_path(args: argparse.Namespace, name: str) -> Path:
    default = f"{name}-check.svg" if args.check else f"{name}-art.svg" if args.art else f"{name}.svg"
    out = Path(args.out or default).expanduser()
    if out.suffix.lower() != ".svg":
        raise UsageError(f"--out {args.out}: the picture is written as SVG (no image library needed); "
                         "give a name ending in .svg")
    if out.is_dir():
        raise UsageError(f"--out {out}: is a folder; give a file name ending in .svg")
    parent = out.parent if str(out.parent) else Path(".")
    if not parent.is_dir():
        raise UsageError(f"--out {out}: folder {parent} does not exist")
    return out


def _write(out: Path, text: str) -> None:
    """Write ``text`` to ``out`` whole or not at all (a temp file renamed over it)."""
    parent = out.parent if str(out.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=".nollab-", suffix=".svg", dir=parent)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, out)
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot write: {exc.strerror or exc}") from None


def run(args: argparse.Namespace) -> int:
    from nollab.board import BoardFormatError, load_map
    from nollab.board.ascii import map_json, render_map

    picture = bool(args.art or args.out or args.check or args.cell is not None or args.tile)
    if (args.scene is None) == (args.tile is None):
        raise UsageError("give a scene (S1, or a scene .toml file) or --tile ID, not both"
                         if args.scene else "give a scene (S1, or a scene .toml file) or --tile ID")
    if args.check and not args.art:
        raise UsageError("--check needs --art PACK (the printed tiles to check against)")
    if args.json and picture:
        raise UsageError("--json prints the map as text; drop --art/--check/--out/--cell to use it")
    cell = to_int(args.cell, "--cell", MIN_CELL, MAX_CELL) if args.cell is not None else (72 if args.check else 48)
    args.tiles = [str(check_dir(d, "--tiles")) for d in args.tiles]
    if args.scene is not None:
        check_scene_arg(args.scene, "scene")
    if args.tile is not None:
        name = args.tile
    else:
        name = Path(args.scene).stem if args.scene.lower().endswith(".toml") else args.scene
    out = _out_path(args, name) if picture else None
    try:
        if args.tile is not None:
            from nollab.board import find_tile

            sm = find_tile(args.tile, tile_dirs=args.tiles)
        else:
            sm = load_map(args.scene, tile_dirs=args.tiles)
    except BoardFormatError as exc:
        raise UsageError(str(exc)) from None
    if out is None:
        if args.json:
            print(json.dumps(map_json(sm), indent=1))
        else:
            print(render_map(sm), end="")
        return 0
    return _draw(sm, args, cell, out)


def _draw(sm, args: argparse.Namespace, cell: int, out: Path) -> int:
    """Write the picture of ``sm`` (a scene map, or one tile file with ``--tile``)."""
    from nollab.render import (ArtError, BoardSnapshot, check_display_list, display_list, open_art,
                               to_svg)
    from nollab.render.adapt import geometry_from_tile

    if args.tile is not None:  # one face as printed: its geometry and openings, no Scene tokens
        geom, openings = geometry_from_tile(sm)
        what, snap, tiles, title = geom, BoardSnapshot(openings=openings), [sm.id], f"tile {sm.id}"
    else:
        what, snap, tiles, title = sm, None, [t.tile for t in sm.board.tiles], sm.board.name or args.scene
    try:
        if args.art:
            pack = open_art(args.art)
            found, missing = pack.resolve(tiles)
            if args.check:
                dl = check_display_list(sm, pack, cell=cell)
            else:
                dl = display_list(what, snapshot=snap, cell=cell, art=pack)
        else:
            found, missing = {}, ()
            dl = display_list(what, snapshot=snap, cell=cell, art=False)
    except ArtError as exc:
        raise UsageError(f"--art {exc}") from None
    _write(out, to_svg(dl, title=title))
    size = f"{dl.width:.0f}x{dl.height:.0f} px"
    if args.art:
        what = "zone outlines over" if args.check else "the board on"
        print(f"wrote {out}: {title}, {what} the printed tiles {' '.join(sorted(found))} ({size})")
        for t in missing:
            print(f"note: {args.art} has no image for tile {t}: drawn schematic", file=sys.stderr)
    else:
        print(f"wrote {out}: {title}, schematic board ({size})")
    return 0
