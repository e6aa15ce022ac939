"""The registry of engine tasks: the queued steps a round is made of, by name.

Work is a queue of :class:`Task` records in ``GameState.queue``: the registered ``name`` of the step
and its ``args`` (JSON values, so a task clones, saves and replays with the state). :func:`task`
registers the function that runs each name. Every chapter registers its own steps where it
implements them (``@task("spawn_card", pause=True)`` next to the Spawn rules); a Scene's special
rule registers its steps the same way.

A task registered with ``pause=True`` is one visible step (``Game.step()`` stops before it, a
player watching the Ghouls' Phase sees it happen); the others run straight through after an
action, a choice or a visible step.

Saved games and positions write a task as the JSON list ``[name, *args]`` (:meth:`Task.to_json`),
the format of every save since the first one, so old saves load unchanged and state hashes do
not depend on the in-memory record.
"""
from __future__ import annotations

from typing import Any, Callable, NamedTuple

from nollab.rules.engine.records import jsonable
from nollab.rules.engine.registry import register


class Task(NamedTuple):
    """One queued engine step: the registered step ``name`` and its ``args`` (JSON values, or typed
    records that write themselves as JSON)."""

    name: str
    args: tuple = ()

    def to_json(self) -> list:
        """The save format: ``[name, *args]`` (records as their JSON, :func:`~.records.jsonable`)."""
        return [self.name, *map(jsonable, self.args)]

    @classmethod
    def of(cls, t: Any) -> "Task":
        """A :class:`Task`, or one read from its JSON list ``[name, *args]`` (a save, a position,
        a Scene hook written before tasks were records): the step's registered ``load`` makes its
        records again."""
        if t.__class__ is cls:
            return t
        args = tuple(t[1:])
        load = LOADERS.get(t[0])
        if load is not None:
            args = tuple(f(a) if f is not None and a is not None else a for f, a in zip(load, args)) \
                + args[len(load):]
        return cls(t[0], args)


#: task name -> function(ctx, *args)
TASKS: dict[str, Callable] = {}
#: names of the visible steps (``pause=True``)
PAUSE: set[str] = set()
#: task name -> one reader per argument (None: the JSON value as it is), for records read from a save
LOADERS: dict[str, tuple] = {}


def task(name: str, *, pause: bool = False, load: tuple | None = None):
    """Register ``fn(ctx, *args)`` as the engine task ``name``; queue it with
    ``ctx.push(Task(name, args))`` (JSON values, or records with ``to_json``: then ``load`` gives,
    per argument, the function that reads it back from a save, None for a plain value).
    Registering another function under a name already taken is an error (a function redefined in
    place, e.g. a notebook cell run again, replaces its older self)."""
    def deco(fn: Callable) -> Callable:
        register(TASKS, name, fn, "engine task")
        if pause:
            PAUSE.add(name)
        if load is not None:
            LOADERS[name] = tuple(load)
        return fn
    return deco
