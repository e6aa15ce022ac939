"""The whole Dead Panic box as validated data: rules numbers, Characters, Cabin and Events decks.

Read from the same file as the odds (``nollab/data/packs/dead_panic.toml``, tables ``[rules]``,
``[characters.*]``, ``[cabin.*]``, ``[events.*]``) merged with a player's ``packs/dead_panic.toml``
(``NOLLAB_CONTENT``), so one override file changes the odds and the game alike. What the
transcription leaves out is marked ``source = "reconstructed"`` with a note; the deck sizes the
rulebook prints (29 Cabin cards, 23 Event cards, p. 1) are checked after merging. Every error
names the file, the entry and the field, and nothing is loaded partially.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from nollab.packs.content import PackContentError, Provenance, check_fields, load_pack_tables, provenance_of, require
from nollab.packs.dead_panic.content import ALLOW_NEW, DeadPanicContent, ZombieType, from_tables

__all__ = ["Box", "Character", "CabinCard", "EventCard", "Rules", "load_box", "CABIN_SIZE", "EVENTS_SIZE",
           "SPECIALS", "EFFECTS", "RANGES", "ABILITIES", "DRAW_RE"]

CABIN_SIZE = 29   # "1 Cabin deck (29 cards)" (p. 1)
EVENTS_SIZE = 23  # "1 Events deck (23 cards)" (p. 1)
RANGES = ("shotgun", "pistol", "rifle")
SPECIALS = ("", "ak47", "elephant", "flare", "crossbow", "chainsaw", "hammer", "pipe_wrench", "grip_tape",
            "muck", "rope", "graaaaagh")
EFFECTS = ("none", "gunfire", "all_move", "wall_hit")
ABILITIES = ("free_repair", "big_hand", "fists", "give_action", "deliver", "trade_anywhere", "heal", "double_shot",
             "none")
#: an Event's draw symbol (p. 6): "#", "#+N", "#-N", a number, "die", "*"
DRAW_RE = re.compile(r"^(#([+-][0-9]{1,2})?|[0-9]{1,2}|die|\*)$")


@dataclass(frozen=True)
class Rules:
    """Numbers of the round and of the tokens whose values are not printed on a card."""

    actions: int
    hand_limit: int
    living_room_arc: int
    survivor_health: int
    survivor_zombie_fight: int
    survivor_zombie_health: int
    character_zombie_health: int
    character_zombie_moves: int
    injuries: int
    provenance: Provenance


@dataclass(frozen=True)
class Character:
    """A player board's front (p. 5): name, occupation, ability, hand size, Injury track."""

    id: str
    name: str
    occupation: str
    ability: str
    text: str
    hand_limit: int
    injuries: int  # Injuries that kill: the first goes on "Injured", the last on the skull (p. 9)
    colour: str
    provenance: Provenance


@dataclass(frozen=True)
class CabinCard:
    """A Cabin card type (pp. 3-4): ranged, melee or item, with the numbers the engine uses."""

    id: str
    name: str
    kind: str           # ranged | melee | item
    count: int
    range: str | None   # shotgun | pistol | rifle (ranged only)
    shots: int          # shots a gun starts with; the Chainsaw's uses of gas
    damage: int         # per shot / per melee win
    special: str        # one of SPECIALS ("" = a plain weapon)
    free: bool          # "Some cards are free to use" (p. 3)
    text: str
    provenance: Provenance

    @property
    def single_use(self) -> bool:
        return self.special in ("ak47", "elephant", "flare")


@dataclass(frozen=True)
class EventCard:
    """An Event card type (p. 6): what it draws and what it does."""

    id: str
    name: str
    count: int
    draw: str
    effect: str
    spaces: int
    skip_bait: bool
    text: str
    provenance: Provenance


@dataclass(frozen=True)
class Box:
    """Everything the engine reads. ``odds`` is the odds' content (zombies, board, bag, dice)."""

    odds: DeadPanicContent
    rules: Rules
    characters: Mapping[str, Character]
    cabin: Mapping[str, CabinCard]
    events: Mapping[str, EventCard]
    sources: tuple[str, ...]

    @property
    def zombies(self) -> Mapping[str, ZombieType]:
        return self.odds.zombies

    @property
    def arcs(self) -> int:
        return self.odds.arcs

    @property
    def rings(self) -> tuple[str, ...]:
        return self.odds.rings

    def character(self, name: str) -> Character:
        key = name.strip().lower()
        for c in self.characters.values():
            if key in (c.id, c.name.lower(), c.name.lower().split()[-1]):
                return c
        raise KeyError(f"unknown character {name!r} (one of {', '.join(self.characters)})")

    def provenance_counts(self) -> dict[str, int]:
        """How many entries come from the rulebook and how many are reconstructed."""
        out = {"rulebook": 0, "reconstructed": 0}
        for table in (self.characters, self.cabin, self.events, self.zombies):
            for e in table.values():
                out[e.provenance.source] += 1
        out[self.rules.provenance.source] += 1
        return out


def _int(entry: dict, f: str, lo: int, hi: int, where: str, src: str, default: int | None = None) -> int:
    if default is not None and f not in entry:
        return default
    v = require(entry, f, int, where, src)
    if not lo <= v <= hi:
        raise PackContentError(f"{src}: {where}: field {f!r} must be {lo}..{hi}, got {v}")
    return v


def _str(entry: dict, f: str, where: str, src: str, choices: tuple | None = None, default: str | None = None) -> str:
    if default is not None and f not in entry:
        return default
    v = require(entry, f, str, where, src)
    if len(v) > 500:
        raise PackContentError(f"{src}: {where}: field {f!r} is too long ({len(v)} characters)")
    if choices is not None and v not in choices:
        shown = ", ".join(c or "''" for c in choices)
        raise PackContentError(f"{src}: {where}: field {f!r} must be one of {shown}, got {v!r}")
    return v


def _table(data: dict, name: str, src: str) -> dict:
    t = data.get(name, {})
    if not isinstance(t, dict):
        raise PackContentError(f"{src}: {name} must be a table")
    for key, entry in t.items():
        if not isinstance(entry, dict):
            raise PackContentError(f"{src}: {name}.{key} must be a table")
        if not re.fullmatch(r"[a-z][a-z0-9_]{0,39}", key):
            raise PackContentError(f"{src}: {name}.{key}: ids are lower-case letters, digits and _")
    return t


def _rules(data: dict, src: str, arcs: int) -> Rules:
    r = data.get("rules")
    if not isinstance(r, dict):
        raise PackContentError(f"{src}: missing table [rules]")
    fields = ("actions", "hand_limit", "living_room_arc", "survivor_health", "survivor_zombie_fight",
              "survivor_zombie_health", "character_zombie_health", "character_zombie_moves", "injuries")
    check_fields(r, set(fields), "rules", src)
    return Rules(
        actions=_int(r, "actions", 1, 10, "rules", src), hand_limit=_int(r, "hand_limit", 1, 20, "rules", src),
        living_room_arc=_int(r, "living_room_arc", 1, arcs, "rules", src),
        survivor_health=_int(r, "survivor_health", 1, 20, "rules", src),
        survivor_zombie_fight=_int(r, "survivor_zombie_fight", 2, 13, "rules", src),
        survivor_zombie_health=_int(r, "survivor_zombie_health", 1, 20, "rules", src),
        character_zombie_health=_int(r, "character_zombie_health", 1, 20, "rules", src),
        character_zombie_moves=_int(r, "character_zombie_moves", 0, 6, "rules", src),
        injuries=_int(r, "injuries", 1, 20, "rules", src),
        provenance=Provenance(*provenance_of(r)))


def _characters(data: dict, src: str, rules: Rules) -> dict[str, Character]:
    out = {}
    for cid, e in _table(data, "characters", src).items():
        w = f"characters.{cid}"
        check_fields(e, {"name", "occupation", "ability", "text", "hand_limit", "injuries", "colour"}, w, src)
        colour = _str(e, "colour", w, src, default="#999999")
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
            raise PackContentError(f"{src}: {w}: field 'colour' must look like #a1b2c3, got {colour!r}")
        out[cid] = Character(cid, _str(e, "name", w, src), _str(e, "occupation", w, src, default=""),
                             _str(e, "ability", w, src, ABILITIES), _str(e, "text", w, src, default=""),
                             _int(e, "hand_limit", 1, 20, w, src),
                             _int(e, "injuries", 1, 20, w, src, default=rules.injuries), colour,
                             Provenance(*provenance_of(e)))
    if len(out) < 2:
        raise PackContentError(f"{src}: characters: at least 2 Characters are needed (2 to 6 players, p. 1)")
    return out


def _cabin(data: dict, src: str) -> dict[str, CabinCard]:
    out = {}
    for cid, e in _table(data, "cabin", src).items():
        w = f"cabin.{cid}"
        check_fields(e, {"name", "kind", "count", "range", "shots", "damage", "special", "free", "text"}, w, src)
        kind = _str(e, "kind", w, src, ("ranged", "melee", "item"))
        rng = _str(e, "range", w, src, RANGES) if kind == "ranged" else None
        if kind != "ranged" and "range" in e:
            raise PackContentError(f"{src}: {w}: only ranged cards have a 'range'")
        free = e.get("free", False)
        if not isinstance(free, bool):
            raise PackContentError(f"{src}: {w}: field 'free' must be true or false")
        special = _str(e, "special", w, src, SPECIALS, default="")
        out[cid] = CabinCard(cid, _str(e, "name", w, src), kind, _int(e, "count", 0, 100, w, src), rng,
                             _int(e, "shots", 0 if kind != "ranged" else 1, 20, w, src,
                                  default=0 if kind != "ranged" else None),
                             _int(e, "damage", 1, 99, w, src, default=1), special, free,
                             _str(e, "text", w, src, default=""), Provenance(*provenance_of(e)))
    total = sum(c.count for c in out.values())
    if total != CABIN_SIZE:
        raise PackContentError(f"{src}: cabin: the Cabin deck holds {CABIN_SIZE} cards (p. 1), the counts add up "
                               f"to {total}")
    return out


def _events(data: dict, src: str) -> dict[str, EventCard]:
    out = {}
    for eid, e in _table(data, "events", src).items():
        w = f"events.{eid}"
        check_fields(e, {"name", "count", "draw", "effect", "spaces", "skip_bait", "text"}, w, src)
        draw = _str(e, "draw", w, src)
        if not DRAW_RE.match(draw):
            raise PackContentError(f"{src}: {w}: field 'draw' must be '#', '#+N', '#-N', a number, 'die' or '*', "
                                   f"got {draw!r}")
        effect = _str(e, "effect", w, src, EFFECTS)
        skip = e.get("skip_bait", False)
        if not isinstance(skip, bool):
            raise PackContentError(f"{src}: {w}: field 'skip_bait' must be true or false")
        out[eid] = EventCard(eid, _str(e, "name", w, src), _int(e, "count", 0, 100, w, src), draw, effect,
                             _int(e, "spaces", 1, 6, w, src, default=1), skip, _str(e, "text", w, src, default=""),
                             Provenance(*provenance_of(e)))
    total = sum(c.count for c in out.values())
    if total != EVENTS_SIZE:
        raise PackContentError(f"{src}: events: the Events deck holds {EVENTS_SIZE} cards (p. 1), the counts add "
                               f"up to {total}")
    return out


_CACHE: dict = {}


def load_box(content_dir: str | os.PathLike | None = None) -> Box:
    """Load and validate the whole box (shipped data + the player's override folder)."""
    data, files = load_pack_tables("dead-panic", content_dir, allow_new=ALLOW_NEW)
    odds = from_tables(data, files)
    src = files[-1]
    rules = _rules(data, src, odds.arcs)
    return Box(odds, rules, MappingProxyType(_characters(data, src, rules)),
               MappingProxyType(_cabin(data, src)), MappingProxyType(_events(data, src)), tuple(files))


def default_box() -> Box:
    """The box of the environment (``NOLLAB_CONTENT``), loaded once per process and folder."""
    key = os.environ.get("NOLLAB_CONTENT")
    if key not in _CACHE:
        _CACHE[key] = load_box()
    return _CACHE[key]
