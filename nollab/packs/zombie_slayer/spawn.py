"""Zombie Slayer spawning and searching (chapters "Spawning Zombies", "Searching").

"Whenever you spawn Zombies, you roll 1 die for each card. Compare the result to the
Dieagram on the card. The Encounter Pips tell you, what kinds of Zombies spawn: Each
violet pip spawns a violet one, each green a green one, and each blue a blue one". On
entering a new tile, "spawn Zombies on each tile neighbouring the tile you just entered"
(never on the marketplace). The Temple's bluegrey pip spawns the Necromancer.
Searching reads only the treasure pip; then "Roll another die ... if you roll a '1', a
Zombie of the depicted kind spawns".
"""
from __future__ import annotations

from typing import Sequence

from nollab.prob.dist import Dist
from nollab.packs.zombie_slayer.content import SlayerContent, Tile, load
from nollab.packs.zombie_slayer.dieagram import ENCOUNTER, FACES

__all__ = ["spawn_one", "spawn", "search", "ENCOUNTER"]


def _tile(t: Tile | str, c: SlayerContent | None) -> Tile:
    if isinstance(t, Tile):
        return t
    c = c or load()
    if t not in c.tiles:
        raise KeyError(f"unknown tile {t!r} (one of {', '.join(c.tiles)})")
    return c.tiles[t]


def spawn_one(tile: Tile | str, content: SlayerContent | None = None) -> Dist:
    """One die read on a tile's encounter pips: Dist over ``(violet, green, blue, bluegrey)``."""
    t = _tile(tile, content)
    return Dist.uniform(t.dieagram.counts(f, ENCOUNTER) for f in FACES)


def spawn(tiles: Sequence[Tile | str], content: SlayerContent | None = None) -> Dist:
    """Zombies spawned on entering a tile with these neighbours: one die per tile, summed.

    Dist over ``(violet, green, blue, bluegrey)`` counts (bluegrey = the Necromancer).
    """
    out = Dist.certain((0, 0, 0, 0))
    for t in tiles:
        out = out.combine(spawn_one(t, content), lambda a, b: tuple(x + y for x, y in zip(a, b)))
    return out


def search(tile: Tile | str, content: SlayerContent | None = None) -> Dist:
    """Searching an empty tile: ``"nothing"``, ``(colour, "ambush")`` on a treasure roll of 1,
    or ``(colour, result)`` for results 2..6 of the treasure card of that colour."""
    t = _tile(tile, content)
    roll = Dist.uniform(FACES)

    def read(face: int) -> Dist:
        colour = t.treasure[face - 1]
        if not colour:
            return Dist.certain("nothing")
        return roll.map(lambda r: (colour, "ambush" if r == 1 else r))

    return roll.bind(read)
