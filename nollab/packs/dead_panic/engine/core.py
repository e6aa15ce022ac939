"""The engine's small machinery: actions, decisions, events, chance requests and the task queue.

The round is a queue of *tasks* (``["move_phase"]``, ``["zombie_move", uid]``, ...). A task
handler changes the state, emits events (each with the page of the rule that caused it), pushes
more tasks, asks a decision (:meth:`Ctx.ask`: the game waits for ``choose``) or asks for chance
(:meth:`Ctx.roll`: the game waits for a die, a draw from the bag or a card; ``step()`` draws it
from the seeded generator, ``resolve_chance`` forces it). Handlers are registered by name, so
the queue, a pending decision and a pending chance node are plain data inside the state and the
whole game is JSON.

Pages are the rulebook's as transcribed ("p. 7"); ``docs/rulings.md`` holds every reading.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from nollab.games.engine_kit import ActionRecord, DataChoice
from nollab.games.protocol import Chance
from nollab.rules.engine.events import Event, IllegalAction  # the lab's one event record and refusal
from nollab.packs.dead_panic.engine.box import Box
from nollab.packs.dead_panic.engine.spaces import Geometry
from nollab.packs.dead_panic.engine.state import State

__all__ = ["Action", "Choice", "Event", "IllegalAction", "Ctx", "task", "resolver", "on_chance", "TASKS",
           "RESOLVERS", "CHANCE", "PAUSE", "normalise"]

TASKS: dict[str, Callable] = {}
RESOLVERS: dict[str, Callable] = {}
CHANCE: dict[str, Callable] = {}
#: tasks a stepper shows as one step each (the others run at once)
PAUSE = frozenset({"event_phase", "move_phase", "fight_phase", "bait_phase", "round_start", "zombie_move",
                   "fight_space"})


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


@dataclass(frozen=True)
class Action(ActionRecord):
    """A player's action in the Perform Actions phase (p. 3-5): ``kind``, the player, parameters."""

    MAX_PARAMS = 10


@dataclass(frozen=True)
class Choice(DataChoice):
    """A pending decision: its options (JSON values), labels, the named default, the rule's page."""


class Ctx:
    """What a handler works with: the state, the box, the board geometry, the event log."""

    def __init__(self, st: State, box: Box, geo: Geometry, events: list[Event]) -> None:
        self.st = st
        self.box = box
        self.geo = geo
        self.events = events

    def emit(self, event_kind: str, page: str, text: str, /, **data: Any) -> None:
        self.events.append(Event(event_kind, page, text, self.st.round, self.st.phase, data))

    def push(self, *tasks: list) -> None:
        """Run these tasks next, in this order (before what was queued)."""
        self.st.queue[0:0] = [list(t) for t in tasks]

    def later(self, *tasks: list) -> None:
        """Run these tasks after everything queued."""
        self.st.queue.extend(list(t) for t in tasks)

    def ask(self, kind: str, who: str, prompt: str, options: list, labels: list[str], page: str, /,
            default: int = 0, **data: Any) -> None:
        """Wait for a player's decision (answered by ``Game.choose``)."""
        if not options:
            raise RuntimeError(f"decision {kind!r} with no option (engine bug)")
        if len(options) != len(labels):
            raise RuntimeError(f"decision {kind!r}: one label per option (engine bug)")
        self.st.pending = {"kind": kind, "who": who, "prompt": prompt, "options": normalise(list(options)),
                           "labels": list(labels), "default": default, "page": page, "data": data}

    def roll(self, kind: str, outcomes: list, weights: list[int], page: str, then: str, prompt: str = "", /,
             labels: list[str] | None = None, **data: Any) -> None:
        """Wait for chance; ``then`` names the handler that receives the outcome."""
        node = Chance(kind, tuple(outcomes), tuple(weights), page, tuple(labels or ()), prompt)  # validates
        self.st.chance = {**node.to_dict(), "then": then, "data": data}

    def d6(self, page: str, then: str, prompt: str, /, **data: Any) -> None:
        """One six-sided die."""
        self.roll("d6", [1, 2, 3, 4, 5, 6], [1] * 6, page, then, prompt, **data)

    def pid(self, seat: int) -> str:
        return self.st.players[seat].id

    def name(self, pid: str) -> str:
        return self.box.characters[pid].name
