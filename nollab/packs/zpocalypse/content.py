"""Zpocalypse content: the red and blue dice and the rule numbers, validated from TOML.

Loaded from ``nollab/data/packs/zpocalypse.toml`` plus a player's override (see
:mod:`nollab.packs.content`). The summary never shows the dice; both are reconstructed.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from nollab.packs.content import PackContentError, Provenance, check_fields, load_pack_tables, provenance_of, require

__all__ = ["ZpocalypseContent", "load", "CLICK", "BOX_TABLES", "ALLOW_NEW"]

CLICK = "CLICK"
#: the tables of the same file that the game engine reads (validated by :mod:`.box`)
BOX_TABLES = frozenset({"game", "fortifications", "nights", "scenarios", "survivors", "armory", "food", "items",
                        "scrap", "scavenge", "happened", "goals", "search_tokens", "base_sets", "tiles",
                        "day_zero"})
#: box tables where a player's file may add entries (new cards, tiles, scenarios); validated by :mod:`.box`
ALLOW_NEW = frozenset({"scenarios", "survivors", "armory", "scavenge", "happened", "goals", "tiles", "base_sets"})


@dataclass(frozen=True)
class ZpocalypseContent:
    red_faces: tuple[str, ...]  # labels, lowest to highest
    red_values: tuple[int, ...]  # value of each face in sums (damage, throw range)
    z_face: int  # 1-based position of the Z face
    blue_faces: tuple[str, ...]
    success: int = 5
    max_dice: int = 8
    unarmed_success: int = 6
    double_dice: int = 2
    double_dice_late: int = 3
    death_door_hp: int = 10
    death_door_loss: int = 2
    red_provenance: Provenance = Provenance("rulebook")
    blue_provenance: Provenance = Provenance("rulebook")
    sources: tuple[str, ...] = field(default=())

    @property
    def sides(self) -> int:
        return len(self.red_faces)

    def label(self, rank: int) -> str:
        return self.red_faces[rank - 1]


def _int(table: dict, f: str, where: str, src: str, low: int, high: int | None = None) -> int:
    v = require(table, f, int, where, src)
    if v < low or (high is not None and v > high):
        rng = f"{low}..{high}" if high is not None else f">= {low}"
        raise PackContentError(f"{src}: {where}: field {f!r} must be {rng}, got {v}")
    return v


def load(content_dir: str | os.PathLike | None = None) -> ZpocalypseContent:
    """Load and validate the Zpocalypse pack (shipped defaults + override folder)."""
    data, files = load_pack_tables("zpocalypse", content_dir, ALLOW_NEW)  # the same file as the box's
    src = files[-1]
    check_fields(data, {"red_die", "blue_die", "rules"} | BOX_TABLES, "top level", src)
    red, blue, rules = data.get("red_die", {}), data.get("blue_die", {}), data.get("rules", {})
    check_fields(red, {"faces", "values", "z_face"}, "red_die", src)
    check_fields(blue, {"faces"}, "blue_die", src)
    check_fields(rules, {"success", "max_dice", "unarmed_success", "double_dice", "double_dice_late",
                         "death_door_hp", "death_door_loss"}, "rules", src)
    faces = require(red, "faces", list, "red_die", src)
    values = require(red, "values", list, "red_die", src)
    if len(faces) < 2 or not all(isinstance(f, str) for f in faces):
        raise PackContentError(f"{src}: red_die: field 'faces' must list at least 2 face labels")
    if len(values) != len(faces) or any(not isinstance(v, int) or isinstance(v, bool) or v < 0 for v in values):
        raise PackContentError(f"{src}: red_die: field 'values' must give a non-negative integer per face")
    sides = len(faces)
    z = _int(red, "z_face", "red_die", src, 1, sides)
    bfaces = require(blue, "faces", list, "blue_die", src)
    if not bfaces or not all(isinstance(f, str) for f in bfaces):
        raise PackContentError(f"{src}: blue_die: field 'faces' must list face labels")
    r = {f: _int(rules, f, "rules", src, lo, hi) for f, lo, hi in (
        ("success", 1, sides), ("max_dice", 1, None), ("unarmed_success", 1, sides),
        ("double_dice", 1, None), ("double_dice_late", 1, None), ("death_door_hp", 0, None),
        ("death_door_loss", 0, None))}
    return ZpocalypseContent(tuple(faces), tuple(values), z, tuple(bfaces), **r,
                             red_provenance=Provenance(*provenance_of(red)),
                             blue_provenance=Provenance(*provenance_of(blue)), sources=files)
