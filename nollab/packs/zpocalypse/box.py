"""The whole Zpocalypse box as validated data: rule numbers, cards, Search tokens and tiles.

Read from the same file as the odds (``nollab/data/packs/zpocalypse.toml``; the dice come from
:mod:`.content`, one loader per fact) merged with a player's own ``packs/zpocalypse.toml``
(``NOLLAB_CONTENT``), so one override file changes the odds and the game alike. The summary (seed
``003``) has no component list, no card text and no tile map: every such table is marked
``source = "reconstructed"`` with its reason. Every error names the file, the entry and the field,
and nothing is loaded partially.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Mapping

from nollab.packs.content import PackContentError, Provenance, check_fields, load_pack_tables, provenance_of, require
from nollab.packs.zpocalypse.content import ALLOW_NEW, ZpocalypseContent, load

__all__ = ["Box", "DayZero", "GameRules", "Fortification", "Scenario", "SurvivorCard", "ArmoryCard", "ScavengeCard",
           "HappenedCard", "GoalCard", "TileFace", "load_box", "default_box", "SQUARES", "GOAL_KINDS",
           "GAINS", "ALLOW_NEW", "FORTIFICATIONS"]

#: tables where a player's file may add entries (new cards, tiles, scenarios)
#: square letters of a tile row (see the data file)
SQUARES = {".": "open", "#": "blocked", "Y": "yield", "H": "biohazard", "R": "radiation", "S": "scrap",
           "a": "search_armory", "f": "search_food", "i": "search_item", "s": "search_scrap", "E": "entrance",
           "T": "tunnel"}
GOAL_KINDS = ("kills", "searches", "fortifications", "close_tiles", "food")
GAINS = ("armory", "food", "item", "survivor", "scrap", "zombies")
FORTIFICATIONS = ("sandbags", "trap", "wall", "gate", "lookout")
_STATS = ("hp", "armor", "firearm", "melee", "move", "smarts")


@dataclass(frozen=True)
class GameRules:
    min_players: int
    max_players: int
    actions: int
    squad_max: int
    carry: int
    heal: int
    aggro: int
    breach_bonus: int
    no_food_loss: int
    recruit_food: int
    bunker_survivors: int
    bunker_armory: int
    start_survivors: int
    start_food: int
    start_items: int
    start_armory: int
    tile_size: int
    max_zombies: int
    night_rounds: int
    skill_levels: tuple[int, ...]
    skill_success: tuple[int, ...]
    provenance: Provenance


@dataclass(frozen=True)
class Fortification:
    id: str
    survivors: int
    scrap: int
    vp: int


@dataclass(frozen=True)
class Scenario:
    id: str
    name: str
    days: int
    green_spots: tuple[int, ...]
    green_points: int
    red_spots: tuple[int, ...]
    red_points: int
    provenance: Provenance
    quick_play: bool = False  # the Day Zero quick-play scenario (Combat phase only, find the bunker)


@dataclass(frozen=True)
class SurvivorCard:
    id: str
    name: str
    hp: int
    armor: int
    firearm: int
    melee: int
    move: int
    smarts: int
    provenance: Provenance


@dataclass(frozen=True)
class ArmoryCard:
    id: str
    name: str
    kind: str              # melee | firearm | explosive
    count: int
    dice: tuple[int, ...]  # red dice at skill levels 0..3 (explosives: range dice)
    range: int
    ammo: bool
    armor: int
    vp: int
    damage: int            # explosives: damage dice
    knockdown: int | None  # the skill level that unlocks Knockdown (None: no such trait)
    duel_wield: int | None
    provenance: Provenance


@dataclass(frozen=True)
class ScavengeCard:
    id: str
    name: str
    count: int
    night_owl: bool
    success: Mapping[str, int]
    failure: Mapping[str, int]
    provenance: Provenance
    #: a special card's event: ``(name, gains on success, gains on failure)`` -- "Special cards may require you
    #: to make 2 checks: one for the special event, and the second to see what supplies you get"
    event: tuple[str, Mapping[str, int], Mapping[str, int]] | None = None


@dataclass(frozen=True)
class HappenedCard:
    id: str
    name: str
    count: int
    zombies: tuple[int, ...]  # per night 1..4
    speed: int
    provenance: Provenance


@dataclass(frozen=True)
class GoalCard:
    id: str
    name: str
    count: int
    goal: tuple[str, int, int]       # (kind, n, vp)
    challenge: tuple[str, int, int]
    provenance: Provenance


@dataclass(frozen=True)
class TileFace:
    """One side of a tile: ``rows[y][x]`` square letters (see :data:`SQUARES`)."""

    tile: str
    side: str
    name: str
    rows: tuple[str, ...]
    red: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()  # red lines: blocked edges (local squares)

    def square(self, x: int, y: int) -> str:
        return SQUARES[self.rows[y][x]]


@dataclass(frozen=True)
class DayZero:
    """The Day Zero quick-play scenario's numbers and its two named tiles (summary, "Day Zero")."""

    speed: int
    spawn_dice: int
    entrance_extra: int
    rounds: int
    stack: int
    road: TileFace
    entrance: TileFace


@dataclass(frozen=True)
class Box:
    dice: ZpocalypseContent
    rules: GameRules
    fortifications: Mapping[str, Fortification]
    zombies_first: tuple[bool, ...]
    scenarios: Mapping[str, Scenario]
    survivors: Mapping[str, SurvivorCard]
    armory: Mapping[str, ArmoryCard]
    food: Mapping[str, int]
    items: Mapping[str, int]
    scrap: int
    scavenge: Mapping[str, ScavengeCard]
    happened: Mapping[str, HappenedCard]
    goals: Mapping[str, GoalCard]
    search_white: tuple[int, ...]
    search_red: tuple[int, ...]
    base_sets: Mapping[str, tuple[tuple[TileFace, ...], tuple[TileFace, ...]]]
    tiles: Mapping[str, tuple[TileFace, TileFace]]
    reconstructed: tuple[str, ...]  # "table.entry: note" of every reconstructed value
    sources: tuple[str, ...]
    day_zero: DayZero | None = None

    def base_names(self) -> list[str]:
        """Base-set names a setup may pick: ``hotel_lobby`` (its a side) and its back (b side)."""
        out = []
        for bid in self.base_sets:
            out += [bid, f"{bid}:b"]
        return out


def _int(t: Mapping, f: str, where: str, src: str, lo: int = 0, hi: int = 10_000) -> int:
    v = require(t, f, int, where, src)
    if not lo <= v <= hi:
        raise PackContentError(f"{src}: {where}: field {f!r} must be {lo}..{hi}, got {v}")
    return v


def _ints(t: Mapping, f: str, where: str, src: str, n: int | None = None, lo: int = 0, hi: int = 1000,
          default: Any = None) -> tuple[int, ...]:
    if f not in t and default is not None:
        return tuple(default)
    v = require(t, f, list, where, src)
    if any(not isinstance(x, int) or isinstance(x, bool) or not lo <= x <= hi for x in v) or \
            (n is not None and len(v) != n) or (n is None and not v):
        size = f"{n} " if n is not None else ""
        raise PackContentError(f"{src}: {where}: field {f!r} must list {size}integers {lo}..{hi}, got {v!r}")
    return tuple(v)


def _opt_int(t: Mapping, f: str, where: str, src: str, lo: int, hi: int) -> int | None:
    return _int(t, f, where, src, lo, hi) if f in t else None


def _prov(t: Mapping, where: str, notes: list[str], inherit: Provenance | None = None) -> Provenance:
    p = Provenance(*provenance_of(t))
    if "source" not in t and inherit is not None:
        p = inherit
    if p.source == "reconstructed" and "source" in t:
        notes.append(f"{where}: {p.note}")
    return p


def _entries(data: Mapping, table: str, src: str) -> list[tuple[str, Mapping]]:
    t = data.get(table)
    if not isinstance(t, dict) or not t:
        raise PackContentError(f"{src}: table [{table}] is missing or empty")
    out = []
    for k, v in t.items():
        if not isinstance(v, dict):
            raise PackContentError(f"{src}: {table}.{k} must be a table")
        out.append((k, v))
    return out


def _rows(v: Any, where: str, size: int, src: str) -> tuple[str, ...]:
    if not isinstance(v, list) or len(v) != size or \
            any(not isinstance(r, str) or len(r) != size or set(r) - set(SQUARES) for r in v):
        raise PackContentError(f"{src}: {where}: a tile side is {size} rows of {size} square letters "
                               f"({''.join(SQUARES)}), got {v!r}")
    return tuple(v)


def _red(v: Any, where: str, size: int, src: str) -> tuple:
    """Red lines: ``["x,y|x,y", ...]`` edges between orthogonal neighbours of the tile (local squares)."""
    out = []
    if not isinstance(v, list) or len(v) > 4 * size * size:
        raise PackContentError(f"{src}: {where}: red lines are a list of \"x,y|x,y\" edges, got {v!r}")
    for e in v:
        try:
            a, b = (tuple(int(t) for t in part.split(",")) for part in str(e).split("|"))
            ok = len(a) == len(b) == 2 and all(0 <= t < size for t in a + b) and abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
        except ValueError:
            ok = False
        if not ok:
            raise PackContentError(f"{src}: {where}: {e!r} is not an edge \"x,y|x,y\" between two neighbouring squares")
        out.append((a, b))
    return tuple(out)


def _gains(v: Any, where: str, src: str) -> Mapping[str, int]:
    if not isinstance(v, dict) or set(v) - set(GAINS) or \
            any(not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= 20 for x in v.values()):
        raise PackContentError(f"{src}: {where}: a table of {', '.join(GAINS)} (0..20), got {v!r}")
    return MappingProxyType({g: int(v.get(g, 0)) for g in GAINS})


def _event(v: Any, where: str, src: str) -> tuple[str, Mapping[str, int], Mapping[str, int]]:
    """A special Scavenge card's event: ``{name, success, failure}`` (the gains of its own Smarts check)."""
    if not isinstance(v, dict):
        raise PackContentError(f"{src}: {where}: an event is a table {{name, success, failure}}, got {v!r}")
    check_fields(v, {"name", "success", "failure"}, where, src)
    return (require(v, "name", str, where, src), _gains(v.get("success"), f"{where}.success", src),
            _gains(v.get("failure"), f"{where}.failure", src))


def _goal(v: Any, where: str, src: str) -> tuple[str, int, int]:
    if not isinstance(v, dict) or set(v) != {"kind", "n", "vp"} or v["kind"] not in GOAL_KINDS or \
            any(not isinstance(v[k], int) or isinstance(v[k], bool) or not 0 <= v[k] <= 100 for k in ("n", "vp")):
        raise PackContentError(f"{src}: {where}: a goal is {{kind (one of {', '.join(GOAL_KINDS)}), n, vp}}, got {v!r}")
    return (v["kind"], v["n"], v["vp"])


def load_box(content_dir: str | os.PathLike | None = None) -> Box:
    """Load and validate the box (shipped defaults + a player's override folder)."""
    dice = load(content_dir)
    data, files = load_pack_tables("zpocalypse", content_dir, ALLOW_NEW)
    src = files[-1]
    notes: list[str] = []
    g = data.get("game", {})
    ints = ("min_players", "max_players", "actions", "squad_max", "carry", "heal", "aggro", "breach_bonus",
            "no_food_loss", "recruit_food", "bunker_survivors", "bunker_armory", "start_survivors", "start_food",
            "start_items", "start_armory", "tile_size", "max_zombies", "night_rounds")
    check_fields(g, set(ints) | {"skill_levels", "skill_success"}, "game", src)
    vals = {f: _int(g, f, "game", src, 1 if f in ("min_players", "max_players", "actions", "squad_max", "carry",
                                                   "tile_size", "night_rounds", "max_zombies") else 0, 1000)
            for f in ints}
    if vals["min_players"] > vals["max_players"] or vals["max_players"] > 8:
        raise PackContentError(f"{src}: game: players must be min_players <= max_players <= 8")
    if not 2 <= vals["tile_size"] <= 8:
        raise PackContentError(f"{src}: game: field 'tile_size' must be 2..8, got {vals['tile_size']}")
    levels = _ints(g, "skill_levels", "game", src, None, 0, 100)
    succ = _ints(g, "skill_success", "game", src, len(levels), 1, dice.sides)
    if list(levels) != sorted(levels) or levels[0] != 0:
        raise PackContentError(f"{src}: game: field 'skill_levels' must start at 0 and rise, got {list(levels)}")
    rules = GameRules(**vals, skill_levels=levels, skill_success=succ, provenance=_prov(g, "game", notes))
    nlev = len(levels)

    ft = data.get("fortifications", {})
    check_fields(ft, set(FORTIFICATIONS), "fortifications", src)
    forts = {}
    for fid in FORTIFICATIONS:
        e = ft.get(fid)
        if not isinstance(e, dict):
            raise PackContentError(f"{src}: fortifications: missing field {fid!r}")
        check_fields(e, {"survivors", "scrap", "vp"}, f"fortifications.{fid}", src)
        forts[fid] = Fortification(fid, *(_int(e, f, f"fortifications.{fid}", src, 0, 20)
                                          for f in ("survivors", "scrap", "vp")))
    nt = data.get("nights", {})
    check_fields(nt, {"zombies_first"}, "nights", src)
    first = require(nt, "zombies_first", list, "nights", src)
    if len(first) != 4 or not all(isinstance(x, bool) for x in first):
        raise PackContentError(f"{src}: nights: field 'zombies_first' must list 4 booleans")

    scen = {}
    for sid, e in _entries(data, "scenarios", src):
        w = f"scenarios.{sid}"
        check_fields(e, {"name", "days", "green_spots", "green_points", "red_spots", "red_points", "quick_play"}, w, src)
        qp = e.get("quick_play", False)
        if not isinstance(qp, bool):
            raise PackContentError(f"{src}: {w}: field 'quick_play' must be true or false")
        scen[sid] = Scenario(sid, require(e, "name", str, w, src), _int(e, "days", w, src, 1, 30),
                             _ints(e, "green_spots", w, src, None, 1, 1000), _int(e, "green_points", w, src, 0, 10),
                             _ints(e, "red_spots", w, src, None, 1, 1000), _int(e, "red_points", w, src, 0, 10),
                             _prov(e, w, notes), qp)
    surv, inherit = {}, None
    for sid, e in _entries(data, "survivors", src):
        w = f"survivors.{sid}"
        check_fields(e, {"name", "stats"}, w, src)
        st = _ints(e, "stats", w, src, 6, 0, 30)
        if st[0] < 1 or st[4] < 1:
            raise PackContentError(f"{src}: {w}: field 'stats' needs hp >= 1 and move >= 1, got {list(st)}")
        inherit = _prov(e, w, notes, inherit)
        surv[sid] = SurvivorCard(sid, require(e, "name", str, w, src), *st, provenance=inherit)
    arm, inherit = {}, None
    for aid, e in _entries(data, "armory", src):
        w = f"armory.{aid}"
        check_fields(e, {"name", "kind", "count", "dice", "range", "ammo", "armor", "vp", "damage", "knockdown",
                         "duel_wield"}, w, src)
        kind = require(e, "kind", str, w, src)
        if kind not in ("melee", "firearm", "explosive"):
            raise PackContentError(f"{src}: {w}: field 'kind' must be melee, firearm or explosive, got {kind!r}")
        ammo = e.get("ammo", False)
        if not isinstance(ammo, bool):
            raise PackContentError(f"{src}: {w}: field 'ammo' must be true or false")
        inherit = _prov(e, w, notes, inherit)
        arm[aid] = ArmoryCard(aid, require(e, "name", str, w, src), kind, _int(e, "count", w, src, 0, 50),
                              _ints(e, "dice", w, src, nlev, 0, dice.max_dice),
                              _int(e, "range", w, src, 1, 20) if kind != "explosive" else 0, ammo,
                              _int(e, "armor", w, src, 0, 10) if "armor" in e else 0, _int(e, "vp", w, src, 0, 20),
                              _int(e, "damage", w, src, 1, dice.max_dice) if kind == "explosive" else 0,
                              _opt_int(e, "knockdown", w, src, 0, nlev - 1), _opt_int(e, "duel_wield", w, src, 0, nlev - 1),
                              inherit)
    if not any(a.kind in ("melee", "firearm") and a.count for a in arm.values()):
        raise PackContentError(f"{src}: armory: the starting hand needs Melee or Firearm cards")
    food = data.get("food", {})
    check_fields(food, {"food", "radioactive", "double"}, "food", src)
    food_c = MappingProxyType({k: _int(food, k, "food", src, 0, 200) for k in ("food", "radioactive", "double")})
    _prov(food, "food", notes)
    it = data.get("items", {})
    check_fields(it, {"first_aid", "ammo", "scrap"}, "items", src)
    items_c = MappingProxyType({k: _int(it, k, "items", src, 0, 200) for k in ("first_aid", "ammo")})
    _prov(it, "items", notes)
    sc = data.get("scrap", {})
    check_fields(sc, {"count"}, "scrap", src)
    scrap = _int(sc, "count", "scrap", src, 0, 500)
    _prov(sc, "scrap", notes)
    scav, inherit = {}, None
    for cid, e in _entries(data, "scavenge", src):
        w = f"scavenge.{cid}"
        check_fields(e, {"name", "count", "night_owl", "success", "failure", "event"}, w, src)
        owl = e.get("night_owl", False)
        if not isinstance(owl, bool):
            raise PackContentError(f"{src}: {w}: field 'night_owl' must be true or false")
        inherit = _prov(e, w, notes, inherit)
        scav[cid] = ScavengeCard(cid, require(e, "name", str, w, src), _int(e, "count", w, src, 0, 50), owl,
                                 _gains(e.get("success"), f"{w}.success", src),
                                 _gains(e.get("failure"), f"{w}.failure", src), inherit,
                                 _event(e["event"], f"{w}.event", src) if "event" in e else None)
    hap, inherit = {}, None
    for cid, e in _entries(data, "happened", src):
        w = f"happened.{cid}"
        check_fields(e, {"name", "count", "zombies", "speed"}, w, src)
        inherit = _prov(e, w, notes, inherit)
        hap[cid] = HappenedCard(cid, require(e, "name", str, w, src), _int(e, "count", w, src, 0, 50),
                                _ints(e, "zombies", w, src, 4, 0, 20), _int(e, "speed", w, src, 0, 20), inherit)
    goals, inherit = {}, None
    for cid, e in _entries(data, "goals", src):
        w = f"goals.{cid}"
        check_fields(e, {"name", "count", "goal", "challenge"}, w, src)
        inherit = _prov(e, w, notes, inherit)
        goals[cid] = GoalCard(cid, require(e, "name", str, w, src), _int(e, "count", w, src, 0, 50),
                              _goal(e.get("goal"), f"{w}.goal", src), _goal(e.get("challenge"), f"{w}.challenge", src),
                              inherit)
    st_ = data.get("search_tokens", {})
    check_fields(st_, {"white", "red"}, "search_tokens", src)
    white, red = _ints(st_, "white", "search_tokens", src, None, 1, 10), _ints(st_, "red", "search_tokens", src, None, 1, 10)
    _prov(st_, "search_tokens", notes)
    n = rules.tile_size
    bases = {}
    for bid, e in _entries(data, "base_sets", src):
        w = f"base_sets.{bid}"
        check_fields(e, {"name", "name_b", "a", "b"}, w, src)
        sides = []
        for side in ("a", "b"):
            faces = require(e, side, list, w, src)
            if len(faces) != 4:
                raise PackContentError(f"{src}: {w}: field {side!r} must list the 4 tiles of the base set")
            nm = require(e, "name" if side == "a" else "name_b", str, w, src)
            sides.append(tuple(TileFace(f"{bid}{i + 1}", side, nm, _rows(f, f"{w}.{side}[{i}]", n, src))
                               for i, f in enumerate(faces)))
            if sum(r.count("E") for f in sides[-1] for r in f.rows) != 1:
                raise PackContentError(f"{src}: {w}: side {side!r} must have exactly one bunker entrance 'E'")
        _prov(e, w, notes)
        bases[bid] = tuple(sides)
    tiles, inherit = {}, None
    for tid, e in _entries(data, "tiles", src):
        w = f"tiles.{tid}"
        check_fields(e, {"name", "a", "b", "red_a", "red_b"}, w, src)
        nm = require(e, "name", str, w, src)
        faces = tuple(TileFace(tid, s, nm, _rows(e.get(s), f"{w}.{s}", n, src), _red(e.get(f"red_{s}", []), f"{w}.red_{s}", n, src))
                      for s in ("a", "b"))
        if any("E" in r for f in faces for r in f.rows):
            raise PackContentError(f"{src}: {w}: only a base set has the bunker entrance 'E'")
        inherit = _prov(e, w, notes, inherit)
        tiles[tid] = faces
    dz = None
    if "day_zero" in data:
        e = data["day_zero"]
        check_fields(e, {"speed", "spawn_dice", "entrance_extra", "rounds", "stack", "road", "entrance"}, "day_zero", src)
        dz = DayZero(_int(e, "speed", "day_zero", src, 0, 20), _int(e, "spawn_dice", "day_zero", src, 0, dice.max_dice),
                     _int(e, "entrance_extra", "day_zero", src, 0, dice.max_dice), _int(e, "rounds", "day_zero", src, 1, 1000),
                     _int(e, "stack", "day_zero", src, 1, len(tiles)),
                     TileFace("road", "a", "Road", _rows(e.get("road"), "day_zero.road", n, src)),
                     TileFace("entrance", "a", "Bunker Entrance", _rows(e.get("entrance"), "day_zero.entrance", n, src)))
        if sum(r.count("E") for r in dz.entrance.rows) != 1 or any("E" in r for r in dz.road.rows):
            raise PackContentError(f"{src}: day_zero: the Bunker Entrance tile has one 'E', the Road none")
        _prov(e, "day_zero", notes)
    if any(sc.quick_play for sc in scen.values()) and dz is None:
        raise PackContentError(f"{src}: a quick_play scenario needs the [day_zero] table")
    for table, deck in (("survivors", surv), ("scavenge", scav), ("happened", hap), ("goals", goals)):
        if table != "survivors" and not any(c.count for c in deck.values()):
            raise PackContentError(f"{src}: [{table}]: the deck has no card")
    return Box(dice, rules, MappingProxyType(forts), tuple(first), MappingProxyType(scen), MappingProxyType(surv),
               MappingProxyType(arm), food_c, items_c, scrap, MappingProxyType(scav), MappingProxyType(hap),
               MappingProxyType(goals), white, red, MappingProxyType(bases), MappingProxyType(tiles), tuple(notes),
               tuple(files), dz)


@lru_cache(maxsize=4)
def _cached(env: str | None) -> Box:
    return load_box(None)


def default_box() -> Box:
    """The box for ``NOLLAB_CONTENT`` (cached per folder)."""
    return _cached(os.environ.get("NOLLAB_CONTENT"))
