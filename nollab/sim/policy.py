"""Bots for Monte Carlo runs: the :class:`Policy` protocol, the built-in policies, and how a run
turns a "policy spec" into one fresh policy per game.

A policy answers the two kinds of decision the engine asks for (see ``nollab.rules.game``):

* ``choose_action(game, actions) -> Action``: one of the legal Survivor actions (P. 18-21);
* ``choose_option(game, choice) -> option``: one of ``choice.options`` for a pending decision
  (wound split P. 22, ghoul split P. 23, keep a searched card P. 18, ...).

Anything with these two methods is a policy -- write one in a notebook cell::

    class Cautious:
        name = "cautious"
        def choose_action(self, game, actions):
            return next((a for a in actions if a.kind == "do_nothing"), actions[0])
        def choose_option(self, game, choice):
            return choice.options[choice.default]

    nollab.sim.run("S1", Cautious, games=100)         # a class or factory: called with seed=...

A string ``"package.module:Name"`` imports a policy (``nollab simulate --policy mybots:Cautious``).

Built-ins (``POLICIES``): ``first`` and ``random`` are the engine's own (re-exported),
``heuristic`` is :class:`nollab.sim.heuristic.HeuristicPolicy`, ``idle`` does nothing (a baseline
and the driver of the spawn cross-check).

Why a spec rather than an instance: a run plays each game with its *own* policy object built
from the game's seed, so a stateful policy (``random`` keeps a stream) gives the same table
whatever the number of workers or the order in which games run.
"""
from __future__ import annotations

import copy
from typing import Any, Callable, Protocol, runtime_checkable

from nollab.rules.engine.policies import FirstPolicy, RandomPolicy

__all__ = ["Policy", "PolicySpec", "FirstPolicy", "RandomPolicy", "IdlePolicy", "POLICIES",
           "make_policy", "policy_name"]


@runtime_checkable
class Policy(Protocol):
    """The two questions the engine asks a player. ``name`` is optional (used in reports)."""

    def choose_action(self, game: Any, actions: list) -> Any:
        """Return one element of ``actions`` (the legal actions, never empty)."""

    def choose_option(self, game: Any, choice: Any) -> Any:
        """Return one element of ``choice.options``."""


#: a registered name, a Policy instance (deep-copied per game), or a factory ``f(seed=int)``
PolicySpec = str | Policy | Callable[..., Policy]


class IdlePolicy:
    """Activates each Survivor and does nothing (P. 20 "Do Nothing"); defaults for every choice.

    A baseline ("how long does a team that never acts survive?") and the driver of the spawn
    cross-check: with no Survivor acting, the first Ghouls' Phase is exactly one spawn step.
    """

    name = "idle"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose_action(self, game, actions):
        for a in actions:
            if a.kind == "do_nothing":
                return a
        return actions[0]  # "activate" (the only kind offered before a Turn starts)

    def choose_option(self, game, choice):
        return choice.options[choice.default]


def _heuristic(seed: int = 0):
    from nollab.sim.heuristic import HeuristicPolicy
    return HeuristicPolicy(seed=seed)


#: registered policy names -> factory(seed)
POLICIES: dict[str, Callable[[int], Policy]] = {
    "first": lambda seed=0: FirstPolicy(),
    "random": lambda seed=0: RandomPolicy(seed),
    "heuristic": _heuristic,
    "idle": lambda seed=0: IdlePolicy(seed),
}


def make_policy(spec: PolicySpec, seed: int = 0) -> Policy:
    """A fresh policy for one game.

    ``spec``: a name from :data:`POLICIES`; a policy *instance* (deep-copied, so games never
    share state); or a factory/class called as ``spec(seed=seed)`` (or ``spec()`` if it takes
    no seed). ValueError names the bad spec.
    """
    if isinstance(spec, str):
        if ":" in spec:
            return make_policy(_import(spec), seed)
        factory = POLICIES.get(spec)
        if factory is None:
            raise ValueError(f"policy: unknown policy {spec!r} (known: {', '.join(sorted(POLICIES))}, "
                             "or module:Name)")
        return factory(seed)
    if isinstance(spec, type) or not isinstance(spec, Policy):
        if not callable(spec):
            raise ValueError(f"policy: {spec!r} is neither a policy name, a policy (choose_action and "
                             "choose_option) nor a factory")
        try:
            obj = spec(seed=seed)
        except TypeError:
            obj = spec()
        if not isinstance(obj, Policy):
            raise ValueError(f"policy: the factory {spec!r} returned {obj!r}, which lacks choose_action/choose_option")
        return obj
    return copy.deepcopy(spec)


def _import(path: str):
    """``"package.module:Name"`` -> the object (a policy class, factory or instance)."""
    import importlib
    mod, _, name = path.partition(":")
    try:
        return getattr(importlib.import_module(mod), name)
    except (ImportError, AttributeError) as exc:
        raise ValueError(f"policy: cannot import {path!r} ({exc})") from None


def policy_name(spec: PolicySpec) -> str:
    """A short name for reports: the registered name, ``.name``, or the class name."""
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    return getattr(spec, "__name__", type(spec).__name__)
