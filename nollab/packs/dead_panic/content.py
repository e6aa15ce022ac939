"""Dead Panic content: zombie types, bag, dice and board size, validated from TOML.

Numbers come from ``nollab/data/packs/dead_panic.toml`` (transcription pp. 1, 6-8), merged
with a player's ``packs/dead_panic.toml`` override (see :mod:`nollab.packs.content`).
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from nollab.packs.content import PackContentError, Provenance, check_fields, load_pack_tables, provenance_of, require

__all__ = ["ZombieType", "DeadPanicContent", "load", "WALL_EFFECTS"]

WALL_EFFECTS = ("none", "crack", "destroy")
#: tables read by the whole-game engine (:mod:`nollab.packs.dead_panic.engine.box`), not by the odds
GAME_TABLES = frozenset({"rules", "characters", "cabin", "events"})


@dataclass(frozen=True)
class ZombieType:
    """A Zombie token type (p. 1 counts, p. 8 "Standard Zombie Abilities")."""

    id: str
    name: str
    count: int  # tokens in the box
    fight: int  # fight value: a Character must roll greater (p. 9)
    health: int
    move: int  # spaces per Move Zombies phase (Creepers: only on the shared roll, p. 6)
    walls: str  # effect of one hit on a Wall: "none" (slips through), "crack", "destroy" (p. 7)
    wins_ties: bool  # the Brawler "wins on ties during melee combat" (p. 8-9)
    provenance: Provenance = Provenance("rulebook")


@dataclass(frozen=True)
class DeadPanicContent:
    """Everything the Dead Panic queries read."""

    zombies: Mapping[str, ZombieType]
    arcs: int = 6
    rings: tuple[str, ...] = ("woods", "clearing", "yard", "cabin")
    survivors: int = 3  # Survivor tokens added to the bag after the setup draw
    setup_draw: int = 6
    placement_die: int = 6
    creeper_min: int = 4
    board_provenance: Provenance = Provenance("rulebook")
    sources: tuple[str, ...] = field(default=())

    def zombie(self, name: str) -> ZombieType:
        """Look up a type by id or name (case-insensitive): ``"brute"``, ``"Brute"``."""
        key = name.strip().lower()
        if key in self.zombies:
            return self.zombies[key]
        for z in self.zombies.values():
            if z.name.lower() == key:
                return z
        raise KeyError(f"unknown zombie type {name!r} (one of {', '.join(self.zombies)})")

    def full_bag(self) -> dict[str, int]:
        """The 24 Zombie tokens of the box, by type id (Set Up 4)."""
        return {z.id: z.count for z in self.zombies.values()}


def _zombie(zid: str, entry: dict, src: str) -> ZombieType:
    where = f"zombies.{zid}"
    if not isinstance(entry, dict):
        raise PackContentError(f"{src}: {where} must be a table")
    check_fields(entry, {"name", "count", "fight", "health", "move", "walls", "wins_ties"}, where, src)
    name = require(entry, "name", str, where, src)
    nums = {}
    for f, low in (("count", 0), ("fight", 2), ("health", 1), ("move", 0)):
        v = require(entry, f, int, where, src)
        if v < low:
            raise PackContentError(f"{src}: {where}: field {f!r} must be >= {low}, got {v}")
        nums[f] = v
    walls = require(entry, "walls", str, where, src)
    if walls not in WALL_EFFECTS:
        raise PackContentError(f"{src}: {where}: field 'walls' must be one of {WALL_EFFECTS}, got {walls!r}")
    wins = require(entry, "wins_ties", bool, where, src)
    return ZombieType(zid, name, nums["count"], nums["fight"], nums["health"], nums["move"], walls, wins,
                      Provenance(*provenance_of(entry)))


#: tables where a player's box file may add entries (a new Zombie type, Cabin card, Event, Character)
ALLOW_NEW = frozenset({"zombies", "characters", "cabin", "events"})


def load(content_dir: str | os.PathLike | None = None) -> DeadPanicContent:
    """Load and validate the Dead Panic pack (shipped defaults + override folder)."""
    data, files = load_pack_tables("dead-panic", content_dir, allow_new=ALLOW_NEW)
    return from_tables(data, files)


def from_tables(data: dict, files: tuple[str, ...]) -> DeadPanicContent:
    """Validate merged tables (see :func:`load`) into the odds' content."""
    src = files[-1]
    check_fields(data, {"board", "bag", "dice", "zombies"} | GAME_TABLES, "top level", src)
    board, bag, dice = data.get("board", {}), data.get("bag", {}), data.get("dice", {})
    check_fields(board, {"arcs", "rings"}, "board", src)
    check_fields(bag, {"survivors", "setup_draw"}, "bag", src)
    check_fields(dice, {"placement_die", "creeper_min"}, "dice", src)
    arcs = require(board, "arcs", int, "board", src)
    if arcs < 3:
        raise PackContentError(f"{src}: board: field 'arcs' must be >= 3, got {arcs}")
    rings = require(board, "rings", list, "board", src)
    if len(rings) < 2 or not all(isinstance(r, str) for r in rings) or len(set(rings)) != len(rings):
        raise PackContentError(f"{src}: board: field 'rings' must list >= 2 distinct names, outside in")
    zombies = {zid: _zombie(zid, e, src) for zid, e in data.get("zombies", {}).items()}
    if not zombies:
        raise PackContentError(f"{src}: zombies: at least one zombie type is needed")
    survivors = require(bag, "survivors", int, "bag", src)
    setup_draw = require(bag, "setup_draw", int, "bag", src)
    if survivors < 0 or setup_draw < 0 or setup_draw > sum(z.count for z in zombies.values()):
        raise PackContentError(f"{src}: bag: survivors/setup_draw out of range ({survivors}, {setup_draw})")
    die = require(dice, "placement_die", int, "dice", src)
    cmin = require(dice, "creeper_min", int, "dice", src)
    if die != arcs:
        raise PackContentError(f"{src}: dice: field 'placement_die' ({die}) must equal board.arcs ({arcs})")
    if not 1 <= cmin <= 7:
        raise PackContentError(f"{src}: dice: field 'creeper_min' must be 1..7, got {cmin}")
    return DeadPanicContent(
        zombies=MappingProxyType(zombies), arcs=arcs, rings=tuple(rings), survivors=survivors,
        setup_draw=setup_draw, placement_die=die, creeper_min=cmin,
        board_provenance=Provenance(*provenance_of(board)), sources=files,
    )
