"""Pending player decisions: the registry of resolvers and answering a :class:`Choice`.

Each kind of decision is resolved by the function registered for it with :func:`resolver`, next
to the rule that asks it. Kinds: ``wounds`` (split Ghoul attacks, P. 22), ``ghoul_split`` (uneven
splits / lone Ghoul routes, P. 23), ``target`` (melee allocation P. 26, same-priority targets
P. 27, Sniper P. 28), ``friendly_fire`` (P. 28), ``reroll`` (Plenty of Bullets/Shells, P. 12),
``keep`` and ``flashlight`` (searched card, P. 18), ``trade`` and ``layout`` (P. 19), ``skill``
(tracker slot at Orange/Red, P. 14), ``ultrared_pick`` (P. 32), ``molotov_spawn`` (P. 29) and
Scene choices (``scene:<name>``, answered by the Scene's hooks).
"""
from __future__ import annotations

from typing import Callable

from nollab.rules.engine.context import Ctx
from nollab.rules.engine.events import IllegalAction
from nollab.rules.engine.registry import register
from nollab.rules.engine.state import Choice
from nollab.rules.engine.tasks import task


#: choice kind -> function(ctx, choice, option)
RESOLVERS: dict[str, Callable] = {}


def resolver(kind: str):
    """Register ``fn(ctx, choice, option)`` as the resolver of pending choices of ``kind``."""
    def deco(fn: Callable) -> Callable:
        register(RESOLVERS, kind, fn, "resolver of choice kind")
        return fn
    return deco


def normalise(option):
    """Tuples -> lists, so an option given as a tuple matches its JSON (list) form."""
    if isinstance(option, tuple):
        return [normalise(x) for x in option]
    if isinstance(option, list):
        return [normalise(x) for x in option]
    return option


def resolve(ctx: Ctx, option) -> None:
    """Answer the pending choice with ``option`` (one of ``choice.options``)."""
    choice: Choice | None = ctx.st.pending
    if choice is None:
        raise IllegalAction("no decision is pending (choose() answers a pending Choice)")
    opt = normalise(option)
    if opt not in choice.options:
        raise IllegalAction(f"{opt!r} is not an option of the pending {choice.kind!r} decision "
                            f"({choice.page}); options: {choice.options!r}")
    ctx.st.pending = None
    label = choice.labels[choice.options.index(opt)]
    ctx.emit("choice", choice.page, f"Decision ({choice.kind}): {label}", choice=choice.kind, option=opt)
    if choice.kind.startswith("scene:"):
        ctx.scene.resolve_choice(ctx, choice, opt)
    else:
        RESOLVERS[choice.kind](ctx, choice, opt)


@task("ask", load=(Choice.from_dict,))
def task_ask(ctx: Ctx, choice: Choice) -> None:
    """A decision queued behind another one (:meth:`Ctx.ask` while a choice is pending)."""
    ctx.ask(Choice.from_dict(choice))
