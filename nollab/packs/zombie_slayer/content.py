"""Zombie Slayer content: Dieagrams of the Slayer, Zombies, Necromancer and town cards.

Loaded from ``nollab/data/packs/zombie_slayer.toml`` plus a player's override (see
:mod:`nollab.packs.content`). Nearly every Dieagram is reconstructed (the PDF pictures
are lost in the transcription); each entry says so and why.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from nollab.packs.content import PackContentError, Provenance, check_fields, load_pack_tables, provenance_of, require
from nollab.packs.zombie_slayer.dieagram import BEING_PIPS, TILE_PIPS, TREASURES, Dieagram

__all__ = ["Being", "Tile", "SlayerContent", "load"]


@dataclass(frozen=True)
class Being:
    """A Slayer, Zombie or the Necromancer: Dieagram, Life (= Hand size), actions, toughness."""

    id: str
    name: str
    dieagram: Dieagram
    life: int = 1  # "Zombies as well as followers have 1 Life each and thus always only have a Hand of 1"
    actions: int = 1
    toughness: int = 1
    skill: str = ""
    provenance: Provenance = Provenance("rulebook")


@dataclass(frozen=True)
class Tile:
    """A town card: encounter Dieagram and the treasure pip colour of each face ("" = none)."""

    id: str
    name: str
    dieagram: Dieagram
    treasure: tuple[str, ...]
    provenance: Provenance = Provenance("rulebook")


@dataclass(frozen=True)
class SlayerContent:
    slayers: Mapping[str, Being]
    zombies: Mapping[str, Being]
    necromancer: Being
    tiles: Mapping[str, Tile]
    max_life: int = 5
    luck: int = 6
    already_dead_faces: frozenset[int] = frozenset({1})
    sources: tuple[str, ...] = field(default=())

    def being(self, name: str) -> Being:
        """A Slayer, a Zombie colour, or ``"necromancer"`` by id."""
        key = name.strip().lower()
        if key == "necromancer":
            return self.necromancer
        for table in (self.zombies, self.slayers):
            if key in table:
                return table[key]
        raise KeyError(f"unknown being {name!r} (zombies: {', '.join(self.zombies)}; "
                       f"slayers: {', '.join(self.slayers)}; necromancer)")


def _faces(entry: dict, kinds: frozenset[str], where: str, src: str, extra: list[int] | None = None) -> Dieagram:
    faces = require(entry, "faces", list, where, src)
    try:
        return Dieagram.from_faces(faces, kinds, extra=extra)
    except ValueError as exc:
        raise PackContentError(f"{src}: {where}: field 'faces': {exc}") from None


def _being(bid: str, entry: dict, where: str, src: str, default_life: int) -> Being:
    if not isinstance(entry, dict):
        raise PackContentError(f"{src}: {where} must be a table")
    check_fields(entry, {"name", "faces", "life", "actions", "toughness", "skill"}, where, src)
    nums = {}
    for f, low, dflt in (("life", 1, default_life), ("actions", 0, 1), ("toughness", 1, 1)):
        v = entry.get(f, dflt)
        if not isinstance(v, int) or isinstance(v, bool) or v < low:
            raise PackContentError(f"{src}: {where}: field {f!r} must be an integer >= {low}, got {v!r}")
        nums[f] = v
    skill = entry.get("skill", "")
    if not isinstance(skill, str):
        raise PackContentError(f"{src}: {where}: field 'skill' must be a string")
    return Being(bid, require(entry, "name", str, where, src), _faces(entry, BEING_PIPS, where, src),
                 nums["life"], nums["actions"], nums["toughness"], skill, Provenance(*provenance_of(entry)))


def _tile(tid: str, entry: dict, src: str) -> Tile:
    where = f"tiles.{tid}"
    if not isinstance(entry, dict):
        raise PackContentError(f"{src}: {where} must be a table")
    check_fields(entry, {"name", "faces", "treasure"}, where, src)
    treasure = require(entry, "treasure", list, where, src)
    if len(treasure) != 6 or any(t not in TREASURES for t in treasure):
        raise PackContentError(f"{src}: {where}: field 'treasure' must list 6 of {sorted(TREASURES)}")
    extra = [1 if t else 0 for t in treasure]
    return Tile(tid, require(entry, "name", str, where, src), _faces(entry, TILE_PIPS, where, src, extra),
                tuple(treasure), Provenance(*provenance_of(entry)))


def load(content_dir: str | os.PathLike | None = None) -> SlayerContent:
    """Load and validate the Zombie Slayer pack (shipped defaults + override folder)."""
    data, files = load_pack_tables("zombie-slayer", content_dir,
                                   allow_new=frozenset({"slayers", "zombies", "tiles"}))
    src = files[-1]
    check_fields(data, {"rules", "slayers", "zombies", "necromancer", "tiles"}, "top level", src)
    rules = data.get("rules", {})
    check_fields(rules, {"max_life", "luck", "already_dead_faces"}, "rules", src)
    max_life = require(rules, "max_life", int, "rules", src)
    luck = require(rules, "luck", int, "rules", src)
    if max_life < 1 or not 0 <= luck <= 6:
        raise PackContentError(f"{src}: rules: max_life must be >= 1 and luck 0..6")
    ad = require(rules, "already_dead_faces", list, "rules", src)
    if any(not isinstance(f, int) or isinstance(f, bool) or not 1 <= f <= 6 for f in ad):
        raise PackContentError(f"{src}: rules: field 'already_dead_faces' must list faces 1..6")
    slayers = {k: _being(k, e, f"slayers.{k}", src, max_life) for k, e in data.get("slayers", {}).items()}
    zombies = {k: _being(k, e, f"zombies.{k}", src, 1) for k, e in data.get("zombies", {}).items()}
    if "necromancer" not in data:
        raise PackContentError(f"{src}: missing table 'necromancer'")
    necro = _being("necromancer", data["necromancer"], "necromancer", src, 5)
    tiles = {k: _tile(k, e, src) for k, e in data.get("tiles", {}).items()}
    if not slayers or not zombies or not tiles:
        raise PackContentError(f"{src}: at least one slayer, one zombie and one tile are needed")
    return SlayerContent(MappingProxyType(slayers), MappingProxyType(zombies), necro,
                         MappingProxyType(tiles), max_life, luck, frozenset(ad), files)
