"""The state of a Zpocalypse game as plain data (JSON-able, hashable).

What "What an engine must model" asks for: the placed tiles and the tile stack, the bunker (its
survivor pool, the 2 Armory starting cards, the faceup Item pile), each squad (survivors with fed /
new / radiation flags, cards with their out-of-ammo flag, skill points, wounds, VPs, Daily Goal and
its progress, position, actions), zombies (single or double, knocked down, stopped by a sandbag,
pushing at a wall), fortifications (edges: sandbags, walls, gates; squares: traps with their kill
count, lookouts with their collapse timer), Search tokens, Death-token gear piles, decks as multisets
(draws are explicit chance nodes, so no hidden order), the day, night, zombie speed and the breach /
enraged flags.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from nollab.games.engine_kit import ActionRecord, ChoiceRecord

__all__ = ["Card", "Member", "Squad", "Zombie", "State", "Choice", "Action", "sq"]


def sq(p: Any) -> tuple[int, int]:
    """A square as a tuple (JSON gives lists)."""
    return (int(p[0]), int(p[1]))


@dataclass
class Card:
    uid: int
    card: str           # an Armory id, or food | radioactive | double | first_aid | ammo | scrap
    empty: bool = False  # a firearm out of ammo ("turn the card on its side")


@dataclass
class Member:
    """A survivor in a squad."""

    id: str
    fed: bool = True       # new survivors are placed sideways until fed in the next phase
    radiation: bool = False


@dataclass
class Squad:
    id: str                 # "p1".."p4"
    seat: int
    members: list[Member] = field(default_factory=list)
    cards: list[Card] = field(default_factory=list)
    firearm_pts: int = 0    # skill points spent on Firearm ("never decrease")
    melee_pts: int = 0
    wounds: int = 0         # HP lost since the last Feed phase
    pos: tuple | None = None  # None: no squad on the board (wiped out)
    vp: int = 0
    goal: str | None = None
    done: dict = field(default_factory=dict)   # this day's counts: kills, searches, fortifications, close_tiles
    night_owl: bool = False
    out: bool = False       # no survivors left to restart: out of the game
    stunned: bool = False   # lost both actions next turn (lookout rubble)
    firearm_floor: int = 0  # Firearm/Melee "never decrease": the highest squad totals reached
    melee_floor: int = 0
    spots: int = 0          # VP-track spots already paid out
    kills: int = 0
    wiped: int = 0
    lost: int = 0           # survivors killed (double Zs, dropped explosives, wipes)


@dataclass
class Zombie:
    uid: int
    pos: tuple
    double: bool = False
    down: bool = False      # knocked down
    stunned: bool = False   # crossed a sandbag: cannot attack on its next turn
    wall: str | None = None  # the wall/gate edge it is pushing
    wall_rounds: int = 0
    avoid: list = field(default_factory=list)  # walls a single zombie gave up on


@dataclass(frozen=True)
class Action(ActionRecord):
    """A squad's action in the Combat phase: ``kind``, the player, parameters."""

    MAX_PARAMS = 6


@dataclass(frozen=True)
class Choice(ChoiceRecord):
    """A pending decision: options (JSON values), labels, the default, the rule's section."""


@dataclass
class State:
    seed: int
    rng: int
    setup: dict
    squads: list[Squad]
    day: int = 0
    phase: str = "setup"
    round: int = 0          # combat rounds so far (the protocol's round)
    night_round: int = 0
    slots: dict = field(default_factory=dict)     # "tx,ty" -> [tile id, side]
    stack: list = field(default_factory=list)     # tile ids still in the stack
    side: str = "a"
    decks: dict = field(default_factory=dict)     # deck -> {card: count}
    discards: dict = field(default_factory=dict)  # deck -> {card: count}
    pool: list = field(default_factory=list)      # survivor ids facedown in the bunker
    bunker_armory: list = field(default_factory=list)
    item_pile: list = field(default_factory=list)  # Card dicts faceup next to the bunker
    zombies: dict = field(default_factory=dict)   # uid -> Zombie
    edges: dict = field(default_factory=dict)     # edge key -> {"kind", "owner"}
    forts: dict = field(default_factory=dict)     # "x,y" -> {"kind": trap|lookout, "owner", "kills", "collapse"}
    tokens: dict = field(default_factory=dict)    # "x,y" -> {"colour", "n", "searched", "x"}
    gear: dict = field(default_factory=dict)      # "x,y" -> {"owner", "cards": [...]}
    happened: str | None = None
    speed: int = 0
    breached: bool = False
    enraged: bool = False
    hunt: bool = False      # zombies go for the closest squad regardless of LOS (Day Zero)
    dz_drawn: int = 0       # Day Zero: tiles drawn so far, and how many the stack held
    dz_total: int = 0
    order: list = field(default_factory=list)     # player ids in this phase's turn order
    turn: str | None = None
    actions_left: int = 0
    free_used: bool = False
    trap_kills: int = 0
    next_uid: int = 1
    steps: int = 0
    result: str | None = None
    reason: str = ""
    winners: list = field(default_factory=list)

    def squad(self, pid: str) -> Squad:
        for s in self.squads:
            if s.id == pid:
                return s
        raise KeyError(pid)

    def uid(self) -> int:
        u = self.next_uid
        self.next_uid += 1
        return u

    def to_dict(self) -> dict:
        d = asdict(self)
        d["zombies"] = [asdict(z) for z in self.zombies.values()]
        return d

    def state_hash(self) -> str:
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), default=list)
        return hashlib.sha256(text.encode()).hexdigest()[:16]
