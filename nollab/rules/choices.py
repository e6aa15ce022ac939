"""Pending player decisions: validation and dispatch to the module that resolves each kind.

Kinds: ``wounds`` (split Ghoul attacks, P. 22), ``ghoul_split`` (uneven splits / lone Ghoul
routes, P. 23), ``target`` (melee allocation P. 26, same-priority targets P. 27, Sniper P. 28),
``friendly_fire`` (P. 28), ``reroll`` (Plenty of Bullets/Shells, P. 12), ``keep`` (searched card,
P. 18), ``trade`` (P. 19), ``skill`` (tracker slot at Orange/Red, P. 14), ``ultrared_pick``
(P. 32), ``molotov_spawn`` (P. 29) and Scene choices (``scene:<name>``).
"""
from __future__ import annotations

from nollab.rules import combat, experience, phases, players
from nollab.rules.context import Ctx
from nollab.rules.events import IllegalAction
from nollab.rules.state import Choice

RESOLVERS = {
    "wounds": phases.resolve_wounds,
    "ghoul_split": phases.resolve_ghoul_split,
    "target": combat.resolve_target,
    "friendly_fire": combat.resolve_friendly_fire,
    "reroll": combat.resolve_reroll,
    "molotov_spawn": phases.resolve_molotov_spawn,
    "keep": players.resolve_keep,
    "flashlight": players.resolve_flashlight,
    "layout": players.resolve_layout,
    "trade": players.resolve_trade,
    "skill": experience.resolve_skill,
    "ultrared_pick": experience.resolve_ultrared_pick,
}


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
