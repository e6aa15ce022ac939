"""Small hand-made boards in one call, for tests and notebooks (no files needed)."""
from __future__ import annotations

from typing import Iterable, Mapping

from .assemble import Placed, assemble
from .board import Board
from .model import OpeningKind, ZoneKind
from .tiles import OpeningSpec, TileDef, check_edge, check_grid_letters, parse_at, parse_grid


def board_from_grid(grid: str, kinds: Mapping[str, str],
                    openings: Iterable[tuple] = (), walls: Iterable[str] = (),
                    tile: str = "T", labels: Mapping[str, str] | None = None) -> Board:
    """A one-tile Board from an ASCII grid.

    ``kinds`` maps each zone letter to ``"interior"``, ``"exterior"``, ``"corn"`` or ``"woods"``;
    ``openings`` are tuples ``(id, "r1c1-r1c2", kind)`` or ``(id, at, kind, open)`` (1-based
    cells); ``walls`` are ``"r1c1-r1c2"`` strings. Zone ids are ``"<tile>:<letter>"``; opening ids are
    kept exactly as given. The same
    validation as for tile files applies (errors name the file ``<grid>``).

    >>> b = board_from_grid("ab", {"a": "exterior", "b": "exterior"})
    >>> b.neighbors("T:a")
    ('T:b',)
    """
    file = "<grid>"
    rows = parse_grid(grid, file)
    legend = {k: (ZoneKind(v), (labels or {}).get(k, "")) for k, v in kinds.items()}
    check_grid_letters(rows, legend, file)
    specs = []
    for o in openings:
        oid, at, kind = o[0], o[1], OpeningKind(o[2])
        is_open = o[3] if len(o) > 3 else True
        a, b = parse_at(at, file, f"opening {oid!r}")
        check_edge(rows, a, b, file, f"opening {oid!r}")
        specs.append(OpeningSpec(oid, a, b, kind, is_open))
    wl = []
    for w in walls:
        a, b = parse_at(w, file, "wall")
        check_edge(rows, a, b, file, "wall")
        wl.append((a, b))
    t = TileDef(tile, rows, legend, (), tuple(wl), file, False)
    # openings are passed as map-level ones so their ids stay as given (no "T:" prefix)
    return assemble([Placed(t, 0, 0)], openings=specs, file=file, name=tile)
