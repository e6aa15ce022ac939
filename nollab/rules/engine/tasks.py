"""The registry of engine tasks: the queued steps a round is made of, by name.

Work is a queue of plain lists ``[name, *json_args]`` in ``GameState.queue`` (so it clones and
saves with the state); :func:`task` registers the function that runs each name. Every chapter
registers its own steps where it implements them (``@task("spawn_card", pause=True)`` next to the
Spawn rules); a Scene's special rule registers its steps the same way.

A task registered with ``pause=True`` is one visible step (``Game.step()`` stops before it, a
player watching the Ghouls' Phase sees it happen); the others run straight through after an
action, a choice or a visible step.
"""
from __future__ import annotations

from typing import Callable

from nollab.rules.engine.registry import register


#: task name -> function(ctx, *args)
TASKS: dict[str, Callable] = {}
#: names of the visible steps (``pause=True``)
PAUSE: set[str] = set()


def task(name: str, *, pause: bool = False):
    """Register ``fn(ctx, *args)`` as the engine task ``name``; queue it with
    ``ctx.push([name, *args])`` (JSON-serialisable args only). Registering another function under
    a name already taken is an error (a function redefined in place, e.g. a notebook cell run
    again, replaces its older self)."""
    def deco(fn: Callable) -> Callable:
        register(TASKS, name, fn, "engine task")
        if pause:
            PAUSE.add(name)
        return fn
    return deco
