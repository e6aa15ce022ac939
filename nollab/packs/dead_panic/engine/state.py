"""The state of a Dead Panic game as plain data (JSON-able, hashable, cheap to copy).

Everything the rulebook asks an engine to track (reference "What an engine must model"): Walls
(standing, cracked, destroyed), every Zombie token (type, health, fought this phase), Survivor
tokens (health, Radio piece), the bag and its discard pile, the Cabin and Events decks as
multisets (draws are explicit chance nodes, so there is no hidden order), each player (Character,
space, status, Injuries, hand with weapon states, once-per-turn flags, Character-Zombie
abilities), the Bait token, the Rescuers' van, the bullets fired since the last Event, and the
engine's own queue, pending decision and pending chance node.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["Card", "Zombie", "Survivor", "Player", "State", "STATUSES", "RADIO_PIECE", "RADIO"]

#: a player's Character: alive on the board, "down" (dead, laid on its side until the next Move
#: Zombies phase, p. 10), "zombie" (a Character Zombie), "van" (made it), "gone" (its Zombie destroyed)
STATUSES = ("alive", "down", "zombie", "van", "gone")
RADIO_PIECE = "radio_piece"  # a loose Radio piece: 1 hand slot (p. 5)
RADIO = "radio"              # assembled pieces: 1 slot for 2 or 3 pieces (p. 5)


@dataclass
class Card:
    """A card in a hand: a Cabin card with its state, a Radio piece, or an assembled Radio."""

    uid: int
    card: str
    shots: int = 0          # a gun's shots left; the Chainsaw's uses of gas left
    club: bool = False      # flipped: an empty gun (or a spent Chainsaw) used as a club (p. 3)
    hammer: bool = False    # Hammer and Nails turned to its Hammer side (p. 4)
    loaded: bool = True     # the Cross Bow (p. 4)
    grip: bool = False      # Grip Tape attached (p. 4)
    pieces: int = 0         # Radio pieces in a Radio piece (1) or an assembled Radio (2-3)


@dataclass
class Zombie:
    uid: int
    kind: str               # a Zombie type id, or "survivor_zombie" (a flipped Survivor, p. 8)
    space: str
    health: int
    fought: bool = False    # fought this Fight Zombies phase (p. 10: "No Zombie is fought more than once")


@dataclass
class Survivor:
    uid: int
    space: str
    health: int
    radio: bool = True      # still carries its Radio piece (p. 5)


@dataclass
class Player:
    id: str                 # Character id
    seat: int               # clockwise from the first seat
    space: str | None
    status: str = "alive"
    injuries: int = 0
    hand: list[Card] = field(default_factory=list)
    used: list[str] = field(default_factory=list)   # once-per-turn abilities used this turn
    cz_abilities: list[str] = field(default_factory=list)
    cz_health: int = 0
    cz_reroll_round: int = 0
    muck_round: int = 0     # the round a Zombie Muck protects this Character (p. 4)


@dataclass
class State:
    seed: int
    rng: int
    players: list[Player]
    walls: dict[int, str]
    bag: dict[str, int]
    cabin: dict[str, int]
    events_deck: dict[str, int]
    round: int = 0
    phase: str = "setup"
    bait: int = 0
    turn: int | None = None           # seat of the player taking a turn
    turn_k: int = 0                   # its place in this round's order
    order: list[int] = field(default_factory=list)  # seats in turn order, fixed at the round's start
    actions_left: int = 0
    guest: dict | None = None         # Father Michael's given action: {"host", "guest"}
    zombies: dict[int, Zombie] = field(default_factory=dict)
    survivors: dict[int, Survivor] = field(default_factory=dict)
    radio: dict[str, int] = field(default_factory=dict)   # pieces on the ground by space
    discard: dict[str, int] = field(default_factory=dict)  # killed Zombies (back in the bag when empty)
    cabin_discard: list[str] = field(default_factory=list)
    events_discard: dict[str, int] = field(default_factory=dict)
    event: str | None = None          # the Event card being resolved
    skip_bait: bool = False
    bullets: int = 0                  # bullets fired since the last Event (p. 6)
    van: str | None = None            # the Rescuers' space (Woods)
    van_first: str | None = None      # the first Character in the van
    wall_hits: dict[int, list[str]] = field(default_factory=dict)  # hits of the running Move phase
    directed: dict[str, str] = field(default_factory=dict)  # Zombie uid -> first step a Character Zombie chose
    creepers_move: bool = False       # this Move Zombies phase's Creeper roll (p. 6)
    cz_fought: list[str] = field(default_factory=list)       # Character Zombies fought this Fight phase
    survivors_later: list[str] = field(default_factory=list)  # spaces where the Characters chose to fight first
    kills: dict[str, int] = field(default_factory=dict)
    queue: list = field(default_factory=list)
    pending: dict | None = None       # a Choice as a dict
    chance: dict | None = None        # a chance node as a dict, with "then" and "data"
    result: str | None = None
    reason: str = ""
    next_uid: int = 1
    steps: int = 0

    # ---- lookups -----------------------------------------------------------------------------------
    def player(self, pid: str) -> Player:
        for p in self.players:
            if p.id == pid:
                return p
        raise KeyError(pid)

    def seat(self, seat: int) -> Player:
        return self.players[seat]

    def uid(self) -> int:
        u = self.next_uid
        self.next_uid += 1
        return u

    def zombies_at(self, space: str) -> list[Zombie]:
        return [z for z in self.zombies.values() if z.space == space]

    def survivors_at(self, space: str) -> list[Survivor]:
        return [s for s in self.survivors.values() if s.space == space]

    def on_board(self, status: tuple[str, ...] = ("alive",)) -> list[Player]:
        return [p for p in self.players if p.status in status]

    def in_bait_order(self, players: list[Player] | None = None) -> list[Player]:
        """Players from the Bait holder clockwise (p. 7 "Using the Bait Token to Break Ties")."""
        n = len(self.players)
        order = [self.players[(self.bait + i) % n] for i in range(n)]
        if players is None:
            return order
        ids = {p.id for p in players}
        return [p for p in order if p.id in ids]

    # ---- serialisation -------------------------------------------------------------------------------
    def to_dict(self) -> dict:
        d = asdict(self)
        d["walls"] = {str(k): v for k, v in self.walls.items()}
        d["wall_hits"] = {str(k): v for k, v in self.wall_hits.items()}
        d["zombies"] = [asdict(z) for z in self.zombies.values()]
        d["survivors"] = [asdict(s) for s in self.survivors.values()]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "State":
        d = dict(d)
        d["players"] = [Player(**{**p, "hand": [Card(**c) for c in p["hand"]]}) for p in d["players"]]
        d["walls"] = {int(k): v for k, v in d["walls"].items()}
        d["wall_hits"] = {int(k): v for k, v in d["wall_hits"].items()}
        d["zombies"] = {z["uid"]: Zombie(**z) for z in d["zombies"]}
        d["survivors"] = {s["uid"]: Survivor(**s) for s in d["survivors"]}
        return cls(**d)

    def state_hash(self) -> str:
        """A short hash of the whole state (equal states, equal hashes: replay checks)."""
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"), default=_json)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


def _json(o: Any) -> Any:
    if isinstance(o, tuple):
        return list(o)
    raise TypeError(f"not JSON-able: {type(o).__name__}")
