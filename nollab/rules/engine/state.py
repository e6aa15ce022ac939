"""Plain-data game state: survivors, ghouls, openings, decks, the task queue, the pending choice.

Why plain dataclasses with only ints/strings/lists/dicts: :meth:`GameState.clone` copies just the
mutable containers (no ``deepcopy``; cheap enough for Monte Carlo), and :meth:`to_dict` /
:meth:`from_dict` round-trip exactly through JSON, so ``state_hash`` is stable across processes.

Card identity: every physical Equipment card has an integer uid; ``GameState.cards[uid]`` is its
type id and ``GameState.origin[uid]`` the deck it belongs to ("starting", "ranged", ...). A uid is
always in exactly one place: a survivor's hands/backpack, a draw pile, a discard pile, the
special-card supply, or a scene location (``GameState.aside``).
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, fields
from operator import itemgetter
from typing import Any, Mapping

from nollab.content_model import GHOUL_TYPES
from nollab.rules.engine.records import FrozenMap, jsonable, load_data
from nollab.rules.engine.tasks import Task

#: index of each Ghoul type in the per-Zone count tuples (:data:`nollab.content_model.GHOUL_TYPES`, P. 17)
GI = {g: i for i, g in enumerate(GHOUL_TYPES)}
NO_GHOULS = (0, 0, 0, 0)
_GETTERS = {g: itemgetter(i) for g, i in GI.items()}
_new = object.__new__


def _copy_json(v):
    """Deep copy of a JSON value (scene hooks keep nested lists/dicts in ``flags``, e.g. the
    travelling tiles, and change them in place: a shallow copy would let undo share them)."""
    if isinstance(v, list):
        return [_copy_json(x) if isinstance(x, (list, dict)) else x for x in v]
    if isinstance(v, dict):
        return {k: (_copy_json(x) if isinstance(x, (list, dict)) else x) for k, x in v.items()}
    return v


def _copy_task(t: Task) -> Task:
    """A task whose arguments a step may change in place (a list or dict argument: an attack's
    running tally) is copied deep, so exploring a fork or undoing never changes the original game;
    a task of immutable arguments is shared."""
    for a in t.args:
        if a.__class__ is list or a.__class__ is dict:
            return Task(t.name, tuple(_copy_json(x) if x.__class__ in (list, dict) else x for x in t.args))
    return t


@dataclass
class Choice:
    """A pending player decision: enumerated ``options`` (JSON values), ``default`` index, and why.

    ``kind`` selects the resolver in :mod:`nollab.rules.engine.choices`; ``data`` carries what the
    resolver needs, read-only (a :class:`~.records.FrozenMap` of JSON values and typed records such
    as the attack under way). ``labels[i]`` is a short human text for ``options[i]``. A Choice is
    never changed once asked (a fork, an undo and a queued decision, the ``ask`` step, share it
    without copying); it is not a frozen dataclass only because that makes asking 2.5x slower.
    """

    kind: str
    survivor: str | None
    prompt: str
    page: str
    options: list
    labels: list
    default: int = 0
    default_name: str = "first"
    data: Mapping[str, Any] = field(default_factory=FrozenMap)

    def __post_init__(self) -> None:
        if self.data.__class__ is not FrozenMap:
            self.data = FrozenMap(self.data)

    def to_dict(self) -> dict:
        """The JSON object of a save (records in ``data`` as their JSON)."""
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["data"] = jsonable(self.data)
        return d

    to_json = to_dict  # a Choice queued behind another one (the ``ask`` step) saves as this object

    @classmethod
    def from_dict(cls, d: Any) -> "Choice":
        """A decision read from a save: its ``data`` records read back (:func:`~.records.load_data`);
        a Choice is returned as is."""
        if isinstance(d, cls):
            return d
        return cls(**{**d, "data": load_data(d.get("data") or {})})


@dataclass
class SurvivorState:
    """One Survivor's dashboard (P. 7, 14-16) plus per-Turn bookkeeping (P. 18)."""

    id: str
    zone: str
    mode: str = "romero"  # printed side faceup; Relatives force Romero on top of this (P. 17)
    wounds: int = 0
    xp: int = 0  # tracker position on the Danger Bar (Ultrared moves it back, P. 32)
    xp_total: int = 0  # every XP ever earned (monotone)
    red_laps: int = 0  # Ultrared: times the tracker went past Red (P. 32)
    lap_level: int = 0  # highest Danger Level reached in the current lap
    slots: list = field(default_factory=list)  # skill trackers: [level, index] on the ID card (P. 14)
    extra_skills: list = field(default_factory=list)  # Ultrared picks from the P. 46 list
    hands: list = field(default_factory=lambda: [None, None])
    backpack: list = field(default_factory=list)
    barricades: int = 0  # carried Barricade tokens (S1 Makeshift barricades)
    spent: int = 0  # general Actions spent this Turn
    free_spent: dict = field(default_factory=dict)  # free Actions spent this Turn, by type
    granted: dict = field(default_factory=dict)  # extra free Actions granted this Turn (Bloodlust)
    searched: bool = False  # one Search per Turn (P. 18)
    used: list = field(default_factory=list)  # once-per-Turn skills used ("shove", "taunt", ...)
    hit_and_run: bool = False  # a free Hit & Run Move is available right now (P. 46)
    activated: bool = False  # already took their Turn this round
    done: bool = False  # ended their Turn (Do Nothing or no Actions left)
    in_car: bool = False
    driver: bool = False
    kills: dict = field(default_factory=dict)  # ghoul type -> kills
    alive: bool = True

    def clone(self) -> "SurvivorState":
        """Copy with fresh containers (a dict copy then the 8 mutable fields: the hot path of
        ``Game`` history, one per Survivor per step)."""
        c = _new(SurvivorState)
        d = self.__dict__.copy()
        d["slots"] = [x[:] for x in self.slots]
        d["extra_skills"] = self.extra_skills[:]
        d["hands"] = self.hands[:]
        d["backpack"] = self.backpack[:]
        d["free_spent"] = self.free_spent.copy()
        d["granted"] = self.granted.copy()
        d["used"] = self.used[:]
        d["kills"] = self.kills.copy()
        c.__dict__ = d
        return c

    def inventory(self) -> list[int]:
        """Every card uid carried: hands first, then backpack."""
        return [u for u in self.hands if u is not None] + list(self.backpack)

    def to_dict(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, d: dict) -> "SurvivorState":
        s = cls(**d)
        s.slots = [list(x) for x in s.slots]
        return s


@dataclass
class GameState:
    """Everything that changes during a game. Content and board are immutable and live outside."""

    scene: str
    seed: int
    rng: int
    cards: list  # uid -> equipment id (never mutated after setup)
    origin: list  # uid -> deck name (never mutated after setup)
    round: int = 1
    phase: str = "setup"  # setup | players | ghouls | end | over
    result: str | None = None  # "won" | "lost"
    reason: str = ""
    survivors: dict = field(default_factory=dict)  # id -> SurvivorState, in seating order
    players: list = field(default_factory=list)  # seating order: list of lists of survivor ids
    first_player: int = 0  # index into players (First Player token, P. 7-8)
    turn: int = 0  # how many players have finished their Turn this round
    active: str | None = None  # survivor taking their Turn
    ghouls: dict = field(default_factory=dict)  # zone -> [walker, breaker, fatty, relative]
    opening_open: dict = field(default_factory=dict)  # opening id -> bool
    opening_kind: dict = field(default_factory=dict)  # opening id -> kind override (window -> barricade)
    decks: dict = field(default_factory=dict)  # deck -> draw pile (top = end)
    discards: dict = field(default_factory=dict)  # deck -> discard pile
    supply: dict = field(default_factory=dict)  # special card id -> list of uids not in play
    aside: dict = field(default_factory=dict)  # scene location -> list of uids (S1: the W94)
    fired: list = field(default_factory=list)  # uids of Reload weapons fired and not reloaded
    dual_fired: list = field(default_factory=list)  # [uid, uid] pairs fired together in a Dual manner (P. 28)
    ghoul_deck: list = field(default_factory=list)  # card numbers, top = end
    ghoul_discard: list = field(default_factory=list)
    spawns: list = field(default_factory=list)  # [[zone, colour], ...] clockwise, white first
    car: dict | None = None  # {"zone": z} (driver/passengers are flags on survivors)
    flags: dict = field(default_factory=dict)  # scene hook state (JSON values only)
    kills: dict = field(default_factory=dict)  # ghoul type -> kills (all survivors)
    queue: list = field(default_factory=list)  # pending engine tasks: Task(name, args), next first
    rigged: list = field(default_factory=list)  # die faces placed by hand for the next rolls (sandbox.rig_dice)
    pending: Choice | None = None
    steps: int = 0  # atomic steps taken (actions, choices, tasks)

    # ---- copying -------------------------------------------------------------------------
    def clone(self) -> "GameState":
        """Copy with fresh containers; cards/origin are shared (never mutated after setup)."""
        c = _new(GameState)
        d = self.__dict__.copy()  # the cached closed set (``_closed``) is valid for the copy too
        d["survivors"] = {k: s.clone() for k, s in self.survivors.items()}
        d["players"] = [p[:] for p in self.players]
        d["ghouls"] = self.ghouls.copy()  # values are tuples (immutable)
        d["opening_open"] = self.opening_open.copy()
        d["opening_kind"] = self.opening_kind.copy()
        d["decks"] = {k: v[:] for k, v in self.decks.items()}
        d["discards"] = {k: v[:] for k, v in self.discards.items()}
        d["supply"] = {k: v[:] for k, v in self.supply.items()}
        d["aside"] = {k: v[:] for k, v in self.aside.items()}
        d["fired"] = self.fired[:]
        d["dual_fired"] = [p[:] for p in self.dual_fired]
        d["rigged"] = self.rigged[:]
        d["ghoul_deck"] = self.ghoul_deck[:]
        d["ghoul_discard"] = self.ghoul_discard[:]
        d["spawns"] = [t[:] for t in self.spawns]
        d["car"] = self.car.copy() if self.car is not None else None
        d["flags"] = {k: (_copy_json(v) if v.__class__ in (list, dict) else v) for k, v in self.flags.items()} \
            if self.flags else {}
        d["kills"] = self.kills.copy()
        d["queue"] = [_copy_task(t) for t in self.queue]
        c.__dict__ = d
        return c

    # ---- JSON ------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        d: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "survivors":
                v = [s.to_dict() for s in v.values()]
            elif f.name == "ghouls":
                v = {z: list(c) for z, c in v.items()}
            elif f.name == "pending":
                v = v.to_dict() if v is not None else None
            elif f.name == "queue":
                v = [t.to_json() for t in v]
            d[f.name] = v
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "GameState":
        d = dict(d)
        survivors = {s["id"]: SurvivorState.from_dict(s) for s in d.pop("survivors")}
        ghouls = {z: tuple(c) for z, c in d.pop("ghouls").items()}
        pending = d.pop("pending")
        d["queue"] = [Task.of(t) for t in d.get("queue", ())]
        st = cls(**d)
        st.survivors = survivors
        st.ghouls = ghouls
        st.pending = Choice.from_dict(pending) if pending is not None else None
        return st

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def state_hash(self) -> str:
        """sha256 of the canonical JSON (16 hex digits): equal states, equal hashes."""
        return hashlib.sha256(self.to_json().encode()).hexdigest()[:16]

    # ---- openings --------------------------------------------------------------------------
    def set_open(self, oid: str, is_open: bool) -> None:
        """Open or close an Opening (always through here: it resets the cached closed set)."""
        self.opening_open[oid] = bool(is_open)
        self.__dict__.pop("_closed", None)

    def forget_openings(self, ids) -> None:
        """Drop the open/closed state and kind override of these Openings (their tile left the
        board, S6/S8 P. 39, P. 41) and reset the cached closed set."""
        for oid in list(ids):
            self.opening_open.pop(oid, None)
            self.opening_kind.pop(oid, None)
        self.__dict__.pop("_closed", None)

    def closed(self) -> frozenset:
        """Ids of the closed Openings (the ``closed`` argument of every Board query)."""
        c = self.__dict__.get("_closed")
        if c is None:
            c = self.__dict__["_closed"] = frozenset(k for k, v in self.opening_open.items() if not v)
        return c

    # ---- small queries ---------------------------------------------------------------------
    def ghouls_in(self, zone: str) -> tuple:
        return self.ghouls.get(zone, NO_GHOULS)

    def ghoul_count(self, zone: str) -> int:
        return sum(self.ghouls.get(zone, NO_GHOULS))

    def add_ghouls(self, zone: str, gtype: str, n: int) -> None:
        c = list(self.ghouls.get(zone, NO_GHOULS))
        c[GI[gtype]] += n
        if c[GI[gtype]] < 0:
            raise ValueError(f"negative {gtype} count in {zone}")
        if any(c):
            self.ghouls[zone] = tuple(c)
        else:
            self.ghouls.pop(zone, None)

    def on_board(self, gtype: str) -> int:
        """Ghouls of this type on the board (asked after every step: the Relatives' Romero rule,
        P. 17, the pools, P. 25), summed with ``map`` (no generator frame per Zone)."""
        return sum(map(_GETTERS[gtype], self.ghouls.values()))

    def survivors_in(self, zone: str) -> list[str]:
        return [s.id for s in self.survivors.values() if s.alive and s.zone == zone]

    def survivor_zones(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for s in self.survivors.values():
            if s.alive:
                out[s.zone] = out.get(s.zone, 0) + 1
        return out
