"""The state of a Zombie Slayer game: plain data (JSON-able), so copies, undo and saves are trivial.

* ``tiles``: ``"tx,ty" -> {"card", "rot", "entered"}`` (the Town Centre is card ``"centre"``);
* ``deck``: the town deck: ``pool`` (the town cards not drawn, order unknown, so a draw is a chance node
  over them), ``upper`` (draws left before the Temple, "shuffled into the lower half", may come),
  ``temple`` (still in the deck) and ``back`` (cards put back in the middle, ``[card, draws before it]``);
* ``slayer``: square, Life, Dieagram faces (painted pips), skills, Luck, items, XP, Creation Points,
  actions left and the temporary effects that last "until the beginning of your next turn";
* ``zombies``: uid -> ``{"kind", "sq", "life"}`` (kind violet/green/blue/necromancer);
* ``followers``: uid -> ``{"kind", "sq", "life", "actions"}``; ``townsmen``: fanatic townsmen with you;
* ``dung``: squares with a dropped heap of Dragon Dung;
* ``queue`` / ``pending`` / ``chance`` / ``fight``: the engine's tasks, a decision, a chance node, the
  attack being resolved.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
__all__ = ["State"]


@dataclass
class State:
    seed: int
    rng: int
    slayer: dict
    tiles: dict = field(default_factory=dict)
    deck: list = field(default_factory=list)
    zombies: dict = field(default_factory=dict)
    followers: dict = field(default_factory=dict)
    townsmen: int = 0
    dung: list = field(default_factory=list)
    next_uid: int = 1
    round: int = 0
    phase: str = "setup"
    steps: int = 0
    result: str | None = None
    reason: str = ""
    kills: dict = field(default_factory=dict)
    queue: list = field(default_factory=list)
    pending: dict | None = None
    chance: dict | None = None
    fight: dict | None = None
    boss: bool = False

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, d: dict) -> "State":
        return cls(**d)

    def state_hash(self) -> str:
        text = json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    # ---- small readers -------------------------------------------------------------------------------
    def uid(self) -> str:
        u = self.next_uid
        self.next_uid += 1
        return str(u)

    def necromancer(self) -> tuple[str, dict] | tuple[None, None]:
        for k, z in self.zombies.items():
            if z["kind"] == "necromancer":
                return k, z
        return None, None

    def occupied(self) -> dict[str, str]:
        """Square -> who stands there (``"slayer"``, ``"z<uid>"``, ``"f<uid>"``)."""
        out = {self.slayer["sq"]: "slayer"}
        for k, f in self.followers.items():
            out.setdefault(f["sq"], f"f{k}")
        for k, z in self.zombies.items():
            out[z["sq"]] = f"z{k}"
        return out

    def items_used(self, slots: dict[str, int]) -> int:
        return sum(slots.get(i, 1) for i in self.slayer["items"])
