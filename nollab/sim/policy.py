"""The one registry of policies (bots) by name, and how a run turns a "policy spec" into one fresh
policy per game.

A policy answers the two kinds of decision the engine asks for (the protocol is
:class:`nollab.rules.engine.policies.Policy`):

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
    register_policy("cautious", Cautious)             # now a name everywhere: runs, CLI, GamePlayer

A string ``"package.module:Name"`` imports a policy (``nollab simulate --policy mybots:Cautious``).

Built-ins (:data:`POLICIES`): ``first`` and ``random`` are the engine's own, ``heuristic`` is
:class:`nollab.sim.heuristic.HeuristicPolicy`, ``planner`` the search bot of
:mod:`nollab.sim.planner` (default budget; ``Planner(budget=N)`` for another), ``fighter`` a simple
attack-first bot, ``idle`` does nothing (a baseline and the driver of the spawn cross-check). ``nollab play``, ``nollab
simulate``, :func:`nollab.sim.run` and the GamePlayer all read this one registry.

Why a spec rather than an instance: a run plays each game with its *own* policy object built
from the game's seed, so a stateful policy (``random`` keeps a stream) gives the same table
whatever the number of workers or the order in which games run.
"""
from __future__ import annotations

import copy
import importlib
import random
from typing import Any, Callable

from nollab.rules.engine.policies import FirstPolicy, Policy, RandomPolicy
from nollab.sim.heuristic import HeuristicPolicy

__all__ = ["Policy", "PolicySpec", "FirstPolicy", "RandomPolicy", "IdlePolicy", "FighterPolicy", "POLICIES",
           "make_policy", "policy_name", "register_policy"]


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


class FighterPolicy:
    """A simple bot: attack when it can, else barricade / scene actions / reload, else search,
    else move; choices take the engine's default. Ties are broken by a generator seeded with the
    game seed, so an auto-played game replays."""

    name = "fighter"
    ORDER = (("melee", "ranged", "molotov"), ("scene", "barricade", "reload"), ("search",),
             ("activate",), ("move",))

    def __init__(self, seed: int = 0) -> None:
        self.rnd = random.Random(seed)

    def choose_action(self, game: Any, actions: list) -> Any:
        for kinds in self.ORDER:
            picks = [a for a in actions if a.kind in kinds]
            if picks:
                return self.rnd.choice(picks)
        return self.rnd.choice(actions)

    def choose_option(self, game: Any, choice: Any) -> Any:
        return choice.options[choice.default]


#: registered policy names -> factory(seed)
POLICIES: dict[str, Callable[[int], Policy]] = {
    "first": lambda seed=0: FirstPolicy(),
    "random": lambda seed=0: RandomPolicy(seed),
    "heuristic": lambda seed=0: HeuristicPolicy(seed=seed),
    "fighter": lambda seed=0: FighterPolicy(seed),
    "idle": lambda seed=0: IdlePolicy(seed),
    "planner": lambda seed=0: _planner(seed),
}


def _planner(seed: int) -> Policy:
    """The search bot of :mod:`nollab.sim.planner` at its default budget (imported on first use)."""
    from nollab.sim.planner import PlannerPolicy
    return PlannerPolicy(seed=seed)


def register_policy(name: str, factory: Callable[..., Policy]) -> None:
    """Add a policy under ``name`` (a class or a factory called as ``factory(seed=...)``), so
    runs, ``nollab simulate``/``play`` in the same process and the GamePlayer offer it. Replacing
    a built-in is refused; registering the same name again replaces a user's own policy."""
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"register_policy: name must be a word like 'cautious', got {name!r}")
    if name in _BUILTIN:
        raise ValueError(f"register_policy: {name!r} is a built-in policy ({', '.join(sorted(_BUILTIN))})")
    if not callable(factory):
        raise ValueError(f"register_policy: {factory!r} is not a class or factory")
    POLICIES[name] = factory


_BUILTIN = frozenset(POLICIES)


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
        return factory(seed) if spec in _BUILTIN else make_policy(factory, seed)
    if isinstance(spec, type) or not isinstance(spec, Policy):
        if not callable(spec):
            raise ValueError(f"policy: {spec!r} is neither a policy name, a policy (choose_action and "
                             "choose_option) nor a factory")
        try:
            obj = spec(seed=seed)
        except TypeError:
            try:
                obj = spec()
            except TypeError as exc:
                raise ValueError(f"policy: {policy_name(spec)} cannot be called as a factory f(seed=...) "
                                 f"or f() ({exc})") from None
        if not isinstance(obj, Policy):
            raise ValueError(f"policy: the factory {spec!r} returned {obj!r}, which lacks choose_action/choose_option")
        return obj
    return copy.deepcopy(spec)


def _import(path: str):
    """``"package.module:Name"`` -> the object (a policy class, factory or instance)."""
    mod, _, name = path.partition(":")
    try:
        return getattr(importlib.import_module(mod), name)
    except (ImportError, AttributeError, ValueError, TypeError) as exc:
        raise ValueError(f"policy: cannot import {path!r} ({exc})") from None


def policy_name(spec: PolicySpec) -> str:
    """A short name for reports: the registered name, ``.name``, or the class name."""
    if isinstance(spec, str):
        return spec
    name = getattr(spec, "name", None)
    if isinstance(name, str):
        return name
    return getattr(spec, "__name__", type(spec).__name__)
