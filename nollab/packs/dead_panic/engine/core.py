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

from nollab.games.engine_kit import ActionRecord, DataChoice, Handlers, TaskCtx, normalise
from nollab.rules.engine.events import Event, IllegalAction  # the lab's one event record and refusal
from nollab.packs.dead_panic.engine.box import Box
from nollab.packs.dead_panic.engine.spaces import Geometry
from nollab.packs.dead_panic.engine.state import State

__all__ = ["Action", "Choice", "Event", "IllegalAction", "Ctx", "task", "resolver", "on_chance", "TASKS",
           "RESOLVERS", "CHANCE", "HANDLERS", "PAUSE", "normalise"]

#: this engine's handlers (the shared task machine: nollab.games.engine_kit)
HANDLERS = Handlers()
TASKS, RESOLVERS, CHANCE = HANDLERS.tasks, HANDLERS.resolvers, HANDLERS.chance
task, resolver, on_chance = HANDLERS.task, HANDLERS.resolver, HANDLERS.on_chance
#: tasks a stepper shows as one step each (the others run at once)
PAUSE = frozenset({"event_phase", "move_phase", "fight_phase", "bait_phase", "round_start", "zombie_move",
                   "fight_space"})


@dataclass(frozen=True)
class Action(ActionRecord):
    """A player's action in the Perform Actions phase (p. 3-5): ``kind``, the player, parameters."""

    MAX_PARAMS = 10


@dataclass(frozen=True)
class Choice(DataChoice):
    """A pending decision: its options (JSON values), labels, the named default, the rule's page."""


class Ctx(TaskCtx):
    """What a handler works with: the state, the box, the board geometry, the event log."""

    def __init__(self, st: State, box: Box, geo: Geometry, events: list[Event]) -> None:
        self.st = st
        self.box = box
        self.geo = geo
        self.events = events

    def pid(self, seat: int) -> str:
        return self.st.players[seat].id

    def name(self, pid: str) -> str:
        return self.box.characters[pid].name
