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
from typing import Any, Callable
from collections import Counter
from itertools import combinations_with_replacement

from nollab.games.engine_kit import ActionRecord, DataChoice
from nollab.games.protocol import Chance
from nollab.rules.engine.events import Event, IllegalAction
from nollab.packs.zombie_slayer.content import SlayerContent
from nollab.packs.zombie_slayer.engine.state import State
from nollab.packs.zombie_slayer.engine.town import Town

__all__ = ["Action", "Choice", "Event", "IllegalAction", "Ctx", "task", "resolver", "on_chance", "TASKS",
           "RESOLVERS", "CHANCE", "normalise", "hand_outcomes", "SLAYER"]

TASKS: dict[str, Callable] = {}
RESOLVERS: dict[str, Callable] = {}
CHANCE: dict[str, Callable] = {}
SLAYER = "slayer"


def task(name: str):
    def deco(fn):
        TASKS[name] = fn
        return fn
    return deco


def resolver(kind: str):
    def deco(fn):
        RESOLVERS[kind] = fn
        return fn
    return deco


def on_chance(name: str):
    def deco(fn):
        CHANCE[name] = fn
        return fn
    return deco


def normalise(x: Any) -> Any:
    """Tuples -> lists, so an option given as a tuple matches its JSON form."""
    if isinstance(x, (list, tuple)):
        return [normalise(v) for v in x]
    return x


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


class Ctx:
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

    def emit(self, event_kind: str, page: str, text: str, /, **data: Any) -> None:
        self.events.append(Event(event_kind, page, text, self.st.round, self.st.phase, data))

    def push(self, *tasks: list) -> None:
        """Run these tasks next, in this order (before what was queued)."""
        self.st.queue[0:0] = [list(t) for t in tasks]

    def later(self, *tasks: list) -> None:
        self.st.queue.extend(list(t) for t in tasks)

    def ask(self, kind: str, who: str, prompt: str, options: list, labels: list[str], page: str, /,
            default: int = 0, **data: Any) -> None:
        if not options or len(options) != len(labels):
            raise RuntimeError(f"decision {kind!r}: options and labels must be non-empty and match (engine bug)")
        self.st.pending = {"kind": kind, "who": who, "prompt": prompt, "options": normalise(list(options)),
                           "labels": list(labels), "default": default, "page": page, "data": data}

    def roll(self, kind: str, outcomes: list, weights: list[int], page: str, then: str, prompt: str = "", /,
             labels: list[str] | None = None, **data: Any) -> None:
        node = Chance(kind, tuple(normalise(o) for o in outcomes), tuple(weights), page, tuple(labels or ()), prompt)
        self.st.chance = {**node.to_dict(), "then": then, "data": data}

    def d6(self, page: str, then: str, prompt: str, /, **data: Any) -> None:
        self.roll("d6", [1, 2, 3, 4, 5, 6], [1] * 6, page, then, prompt, **data)

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
