"""The engine's machinery: actions, decisions, chance requests, events and the task queue.

A turn is a queue of *tasks* (``["zombie", uid, actions_left]``, ...). A handler changes the state,
emits events (each citing the rulebook chapter that caused it), pushes tasks, asks a decision
(:meth:`Ctx.ask`: the game waits for ``choose``) or asks for chance (:meth:`Ctx.roll`: the game waits
for dice or a draw; ``step()`` draws it from the seeded generator, ``resolve_chance`` forces it).
Handlers are registered by name, so the queue, a decision and a chance node are plain data in the
state and the whole game is JSON.

The rulebook has no page numbers in its transcription; events cite chapters ("ch. Fighting Zombies").
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import factorial
from typing import Any
from collections import Counter
from itertools import combinations_with_replacement

from nollab.games.engine_kit import ActionRecord, DataChoice, Handlers, TaskCtx, normalise
from nollab.games.protocol import Chance
from nollab.rules.engine.events import Event, IllegalAction
from nollab.packs.zombie_slayer.content import SlayerContent
from nollab.packs.zombie_slayer.engine.state import State
from nollab.packs.zombie_slayer.engine.town import Town

__all__ = ["Action", "Choice", "Event", "IllegalAction", "Ctx", "task", "resolver", "on_chance", "TASKS",
           "RESOLVERS", "CHANCE", "HANDLERS", "normalise", "hand_outcomes", "SLAYER"]

#: this engine's handlers (the shared task machine: nollab.games.engine_kit)
HANDLERS = Handlers()
TASKS, RESOLVERS, CHANCE = HANDLERS.tasks, HANDLERS.resolvers, HANDLERS.chance
task, resolver, on_chance = HANDLERS.task, HANDLERS.resolver, HANDLERS.on_chance
SLAYER = "slayer"


@lru_cache(maxsize=16)
def _hand(k: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    outs, weights = [], []
    for roll in combinations_with_replacement(range(1, 7), k):
        w = factorial(k)
        for m in Counter(roll).values():
            w //= factorial(m)
        outs.append(roll)
        weights.append(w)
    return tuple(outs), tuple(weights)


def hand_outcomes(k: int) -> tuple[list[list[int]], list[int]]:
    """Every roll of a Hand of ``k`` dice as a sorted list, with its integer weight (the number of ordered
    rolls giving it: k! / prod(multiplicity!)) -- "When you are asked to 'roll your Hand', you roll the
    number of dice available to you"."""
    outs, weights = _hand(k)
    return [list(o) for o in outs], list(weights)


@dataclass(frozen=True)
class Action(ActionRecord):
    """A Slayer's or follower's action: ``kind``, who acts (``"slayer"`` or a follower uid), parameters."""

    kind: str
    player: str = SLAYER  # one player: a saved action may omit it
    params: tuple = ()

    DEFAULT_PLAYER = SLAYER


@dataclass(frozen=True)
class Choice(DataChoice):
    """A pending decision: its options (JSON values), labels, the default, the rule's chapter."""


class Ctx(TaskCtx):
    """What a handler works with: the state, the box, the event log, the town's squares."""

    def __init__(self, st: State, box: SlayerContent, events: list[Event]) -> None:
        self.st = st
        self.box = box
        self.events = events
        self._town: tuple[int, Town] | None = None

    @property
    def town(self) -> Town:
        key = len(self.st.tiles)
        if self._town is None or self._town[0] != key:
            self._town = (key, Town(self.st.tiles, self.box))
        return self._town[1]

    def hand(self, k: int, page: str, then: str, prompt: str, /, **data: Any) -> None:
        """Roll a Hand of ``k`` dice (one chance node; outcomes are sorted rolls)."""
        if k == 1:
            self.roll("d6", [[f] for f in range(1, 7)], [1] * 6, page, then, prompt,
                      labels=[str(f) for f in range(1, 7)], **data)
            return
        base = _hand_node(k)
        self.st.chance = {**base, "outcomes": [list(o) for o in base["outcomes"]], "page": page, "prompt": prompt,
                          "then": then, "data": data}


@lru_cache(maxsize=16)
def _hand_node_cached(k: int) -> tuple:
    outs, ws = _hand(k)
    node = Chance(f"{k}d6", outs, ws, "", tuple(" ".join(map(str, o)) for o in outs), "")  # validated once
    return node.kind, node.weights, node.labels


def _hand_node(k: int) -> dict:
    kind, ws, labels = _hand_node_cached(k)
    return {"kind": kind, "outcomes": _hand(k)[0], "weights": list(ws), "labels": list(labels)}
