"""A tiny third game for the seam tests: "Escape" -- a survivor walks 3 steps to the van while a
die decides whether a zombie catches up. It is registered at run time (as a notebook or another
package would), never shipped, and exists to prove the lab's generic paths need nothing of NOTLD.

Rules: each round the player chooses ``walk`` or ``hide``; then one die is rolled (an explicit
chance node): on a 1 the zombie bites (a walker is bitten on 1-2). Three bites lose, three walks win.
"""
from __future__ import annotations

import hashlib
import json
import random

from nollab.games import Chance, GameSpec


class Escape:
    def __init__(self, seed: int = 0, history: bool = True) -> None:
        self.seed = seed
        self.state = {"round": 1, "walked": 0, "bites": 0, "last": None, "result": None, "await": "action",
                      "steps": 0}
        self._rng = random.Random(seed)
        self.events: list = []
        self.log: list = []
        self._undo: list = []
        self.history = history

    # ---- protocol -----------------------------------------------------------------------------
    round = property(lambda self: self.state["round"])
    over = property(lambda self: self.state["result"] is not None)
    result = property(lambda self: self.state["result"])
    pending = property(lambda self: None)

    def needs(self) -> str:
        return "over" if self.over else self.state["await"]

    def legal_actions(self) -> list:
        return ["walk", "hide"] if self.needs() == "action" else []

    def chance(self):
        if self.needs() != "chance":
            return None
        return Chance("d6", (1, 2, 3, 4, 5, 6), (1,) * 6, "rule 1")

    def _save(self):
        if self.history:
            self._undo.append((json.dumps(self.state), self._rng.getstate(), len(self.events), len(self.log)))

    def apply(self, action) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"illegal {action!r}")
        self._save()
        self.state["last"] = action
        self.state["await"] = "chance"
        self.state["steps"] += 1
        self.log.append({"t": "action", "a": action})

    def choose(self, option) -> None:
        raise ValueError("no choice")

    def resolve_chance(self, outcome, _logged: bool = False) -> None:
        if self.chance() is None or outcome not in range(1, 7):
            raise ValueError("no such outcome")
        if not _logged:
            self._save()
            self.log.append({"t": "chance", "o": outcome})
        st = self.state
        if outcome <= (2 if st["last"] == "walk" else 1):
            st["bites"] += 1
        if st["last"] == "walk":
            st["walked"] += 1
        self.events.append(f"round {st['round']}: {st['last']}, die {outcome}")
        st["round"] += 1
        st["await"] = "action"
        st["steps"] += 1
        if st["bites"] >= 3:
            st["result"] = "lost"
        elif st["walked"] >= 3:
            st["result"] = "won"

    def step(self, policy=None) -> str:
        need = self.needs()
        if need == "chance":
            self._save()
            face = self._rng.randint(1, 6)
            self.log.append({"t": "chance", "o": face})
            self.resolve_chance(face, _logged=True)
        elif need == "action":
            acts = self.legal_actions()
            self.apply(policy.choose_action(self, acts) if policy else acts[0])
        return need

    def run_until(self, what="end", policy=None, max_steps=1_000_000, max_rounds=None) -> int:
        n = 0
        while not self.over and n < max_steps and (max_rounds is None or self.round <= max_rounds):
            self.step(policy)
            n += 1
        return n

    def undo(self) -> None:
        st, rng, ne, nl = self._undo.pop()
        self.state = json.loads(st)
        self._rng.setstate(rng)
        del self.events[ne:]
        del self.log[nl:]

    def copy(self):
        g = Escape(self.seed, self.history)
        g.state = json.loads(json.dumps(self.state))
        g._rng.setstate(self._rng.getstate())
        g.events, g.log = list(self.events), list(self.log)
        return g

    def replay(self):
        g = Escape(self.seed, self.history)
        for e in self.log:
            if e["t"] == "action":
                g.apply(e["a"])
            else:
                g.resolve_chance(e["o"])
        return g

    def to_json(self) -> str:
        return json.dumps({"seed": self.seed, "log": self.log})

    def state_hash(self) -> str:
        return hashlib.sha256(json.dumps(self.state, sort_keys=True).encode()).hexdigest()[:16]

    def summary(self) -> dict:
        return {"seed": self.seed, "rounds": self.round, "result": self.result or "unfinished", "reason": "",
                "steps": self.state["steps"], "state_hash": self.state_hash(), "kills": {"zombie": 0},
                "bites": self.state["bites"]}

    def view(self) -> dict:
        return dict(self.state)

    def display_list(self, overlay=None):
        from nollab.render import DisplayList, Text
        return DisplayList(100, 20, tokens=(Text(50, 10, f"{self.state['walked']}/3"),))

    def describe(self, action) -> str:
        return action


def _from_json(text: str) -> Escape:
    d = json.loads(text)
    g = Escape(d["seed"])
    g.log = d["log"]
    return g.replay()


class Walker:
    name = "walker"

    def choose_action(self, game, actions):
        return "walk"

    def choose_option(self, game, choice):
        return choice.options[0]


def _new(seed=0, setup=None, options=None, history=True):
    if setup not in (None, "standard"):
        raise ValueError(f"unknown setup {setup!r} (standard)")
    return Escape(seed, history)


SPEC = GameSpec(
    name="escape", title="Escape (test game)", new=_new, from_json=_from_json, setups=lambda: ["standard"],
    default_setup="standard", policies={"walker": lambda seed=0: Walker()}, default_policy="walker",
    sim_row=lambda s: {"kills_zombie": 0, "kills": 0, "bites": s["bites"]}, kill_types=("zombie",),
)
