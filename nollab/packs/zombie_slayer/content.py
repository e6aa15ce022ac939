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

__all__ = ["Being", "Tile", "Town", "Treasure", "Item", "SlayerContent", "load", "SIZE"]

#: squares per side of a card (two d6 give "the coordinates on the card")
SIZE = 6


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
    #: squares covered by houses (no one enters them, they block sight), native orientation (col, row)
    houses: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class Town:
    """The town and the Slayer's kit: card size, start square, supply, inventory, costs (chapters
    "Setup", "Spawning Zombies", "Creating a Slayer", "Experience")."""

    size: int
    fountain: tuple[int, int]
    temple_centre: tuple[int, int]
    centre_houses: tuple[tuple[int, int], ...]
    supply: Mapping[str, int]
    inventory: int
    start_items: tuple[str, ...]
    xp_per_cp: int
    costs: Mapping[str, int]
    max_townsmen: int
    provenance: Provenance = Provenance("rulebook")


@dataclass(frozen=True)
class Treasure:
    """A treasure card: the Zombie pictured next to the 1 (an ambush) and results 2..6."""

    id: str
    name: str
    ambush: str
    results: tuple[str, ...]
    provenance: Provenance = Provenance("rulebook")

    def result(self, roll: int) -> str:
        """What a plain d6 ``roll`` finds: ``"ambush"`` on a 1, else the pictured treasure."""
        return "ambush" if roll == 1 else self.results[roll - 2]


@dataclass(frozen=True)
class Item:
    """An item counter (chapter "Items"): its name and inventory slots."""

    id: str
    name: str
    slots: int = 1


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
    town: Town | None = None
    treasure: Mapping[str, Treasure] = field(default_factory=dict)
    items: Mapping[str, Item] = field(default_factory=dict)
    followers: Mapping[str, Being] = field(default_factory=dict)

    def town_cards(self) -> list[str]:
        """The town deck: every card but the Temple (chapter "Setup")."""
        return [t for t in self.tiles if t != "temple"]

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
    check_fields(entry, {"name", "faces", "treasure", "houses"}, where, src)
    treasure = require(entry, "treasure", list, where, src)
    if len(treasure) != 6 or any(t not in TREASURES for t in treasure):
        raise PackContentError(f"{src}: {where}: field 'treasure' must list 6 of {sorted(TREASURES)}")
    extra = [1 if t else 0 for t in treasure]
    houses = _cells(entry.get("houses", []), f"{where}.houses", src)
    return Tile(tid, require(entry, "name", str, where, src), _faces(entry, TILE_PIPS, where, src, extra),
                tuple(treasure), Provenance(*provenance_of(entry)), houses)


def _cells(value, where: str, src: str, size: int = SIZE, inner: bool = False) -> tuple[tuple[int, int], ...]:
    """Squares (col, row) on a card, 0-based. ``inner``: not on the edge (the Town Centre's houses, so the
    four cards of Setup can always be reached). A town card's houses may fill its edges: a card that would
    block the way is then turned or put back into the deck (chapter "Exploring", docs/rulings.md)."""
    if not isinstance(value, list) or len(value) > size * size:
        raise PackContentError(f"{src}: {where} must be a list of [col, row] squares")
    lo, hi = (1, size - 2) if inner else (0, size - 1)
    out = []
    for c in value:
        if (not isinstance(c, list) or len(c) != 2
                or any(not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi for v in c)):
            raise PackContentError(f"{src}: {where}: {c!r} is not a [col, row] square {lo}..{hi}")
        out.append((c[0], c[1]))
    return tuple(sorted(set(out)))


def _town(entry: dict, src: str) -> Town:
    where = "town"
    check_fields(entry, {"size", "fountain", "temple_centre", "centre_houses", "supply", "inventory", "start_items",
                         "xp_per_cp", "costs", "max_townsmen"}, where, src)
    size = require(entry, "size", int, where, src)
    if size != SIZE:
        raise PackContentError(f"{src}: town: field 'size' must be {SIZE} (coordinates are two d6)")
    fountain = _cells([require(entry, "fountain", list, where, src)], "town.fountain", src)[0]
    centre = _cells([require(entry, "temple_centre", list, where, src)], "town.temple_centre", src)[0]
    supply = require(entry, "supply", dict, where, src)
    if set(supply) != {"violet", "green", "blue"} or any(
            not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 100 for v in supply.values()):
        raise PackContentError(f"{src}: town: field 'supply' must give violet, green and blue counts 1..100")
    costs = require(entry, "costs", dict, where, src)
    if set(costs) != {"defense", "melee", "ranged", "holy"} or any(
            not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 100 for v in costs.values()):
        raise PackContentError(f"{src}: town: field 'costs' must give defense, melee, ranged and holy 1..100")
    nums = {}
    for f, lo, hi in (("inventory", 1, 20), ("xp_per_cp", 1, 100), ("max_townsmen", 0, 20)):
        v = require(entry, f, int, where, src)
        if not lo <= v <= hi:
            raise PackContentError(f"{src}: town: field {f!r} must be {lo}..{hi}, got {v}")
        nums[f] = v
    start = require(entry, "start_items", list, where, src)
    return Town(size, fountain, centre, _cells(entry.get("centre_houses", []), "town.centre_houses", src, inner=True),
                MappingProxyType(dict(supply)), nums["inventory"], tuple(start), nums["xp_per_cp"],
                MappingProxyType(dict(costs)), nums["max_townsmen"], Provenance(*provenance_of(entry)))


#: what a treasure result may name
TREASURE_RESULTS = {"skill", "defense", "melee", "ranged", "holy", "life_potion", "accuracy_potion", "defense_potion",
                    "dragon_dung", "torch", "townsman", "bron", "archibald", "prycille"}


def _treasure(tid: str, entry: dict, zombies, src: str) -> Treasure:
    where = f"treasure.{tid}"
    check_fields(entry, {"name", "ambush", "results"}, where, src)
    ambush = require(entry, "ambush", str, where, src)
    if ambush not in zombies:
        raise PackContentError(f"{src}: {where}: field 'ambush' must be a Zombie colour ({', '.join(zombies)})")
    results = require(entry, "results", list, where, src)
    if len(results) != 5 or any(r not in TREASURE_RESULTS for r in results):
        raise PackContentError(f"{src}: {where}: field 'results' must list 5 results (2..6) of {sorted(TREASURE_RESULTS)}")
    return Treasure(tid, require(entry, "name", str, where, src), ambush, tuple(results),
                    Provenance(*provenance_of(entry)))


def load(content_dir: str | os.PathLike | None = None) -> SlayerContent:
    """Load and validate the Zombie Slayer pack (shipped defaults + override folder)."""
    data, files = load_pack_tables("zombie-slayer", content_dir,
                                   allow_new=frozenset({"slayers", "zombies", "tiles", "followers"}))
    src = files[-1]
    check_fields(data, {"rules", "slayers", "zombies", "necromancer", "tiles", "town", "treasure", "items",
                        "followers"}, "top level", src)
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
    if "temple" not in tiles:
        raise PackContentError(f"{src}: the town cards need a 'temple' (chapter \"Setup\")")
    town = _town(data["town"], src) if "town" in data else None
    treasure = {k: _treasure(k, e, zombies, src) for k, e in data.get("treasure", {}).items()}
    if set(treasure) - {"blue", "brown", "red"}:
        raise PackContentError(f"{src}: treasure cards are blue, brown and red")
    items = {}
    for k, e in data.get("items", {}).items():
        check_fields(e, {"name", "slots"}, f"items.{k}", src)
        slots = require(e, "slots", int, f"items.{k}", src)
        if not 1 <= slots <= 5:
            raise PackContentError(f"{src}: items.{k}: field 'slots' must be 1..5")
        items[k] = Item(k, require(e, "name", str, f"items.{k}", src), slots)
    followers = {k: _being(k, e, f"followers.{k}", src, 1) for k, e in data.get("followers", {}).items()}
    return SlayerContent(MappingProxyType(slayers), MappingProxyType(zombies), necro,
                         MappingProxyType(tiles), max_life, luck, frozenset(ad), files, town,
                         MappingProxyType(treasure), MappingProxyType(items), MappingProxyType(followers))
