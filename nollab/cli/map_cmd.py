"""``nollab map S1``: print a scene's board as ASCII (or JSON) to check it against the printed tiles."""
from __future__ import annotations

import argparse
import json

from nollab.cli import UsageError

HELP = "print a scene map (tiles, zones, openings, tokens) as ASCII or JSON"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("scene", help="scene id (S1) or path to a scene .toml file with a [map] table")
    parser.add_argument("--json", action="store_true", help="print the map as JSON instead of ASCII")
    parser.add_argument("--tiles", action="append", default=[], metavar="DIR",
                        help="extra folder of tile files, searched before the shipped tiles (repeatable)")


def run(args: argparse.Namespace) -> int:
    from nollab.board import BoardFormatError, load_map
    from nollab.board.ascii import map_json, render_map

    try:
        sm = load_map(args.scene, tile_dirs=args.tiles)
    except BoardFormatError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps(map_json(sm), indent=1))
    else:
        print(render_map(sm), end="")
    return 0
