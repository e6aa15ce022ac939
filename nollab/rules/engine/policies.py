"""The player protocol: a policy answers ``choose_action(game, actions)`` and
``choose_option(game, choice)``; the engine's two built-in policies.

``first`` always takes the first legal action / the first option (every Choice lists its named
default first, so ``choice.options[choice.default]`` is ``choice.options[0]``; ``Game.step`` uses
it when no policy is given); ``random`` picks uniformly with its own seeded splitmix64 stream
(never the global ``random``). Every policy by name (these two, the bots of :mod:`nollab.sim`, a
user's) is in the one registry, :data:`nollab.sim.policy.POLICIES` (``make_policy``).
"""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from nollab.rules.engine import rng


@runtime_checkable
class Policy(Protocol):
    """What ``Game.step`` / ``Game.run_until`` need from a bot or a person. ``name`` is optional
    (used in reports)."""

    def choose_action(self, game: Any, actions: list) -> Any:
        """Return one element of ``actions`` (the legal actions, never empty)."""

    def choose_option(self, game: Any, choice: Any) -> Any:
        """Return one element of ``choice.options``."""


class FirstPolicy:
    name = "first"

    def choose_action(self, game, actions):
        return actions[0]

    def choose_option(self, game, choice):
        return choice.options[choice.default]


class RandomPolicy:
    """Uniform over legal actions and options, from a private seeded stream."""

    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = rng.seed_state(seed ^ 0x5EED)

    def _pick(self, seq):
        self.rng, i = rng.below(self.rng, len(seq))
        return seq[i]

    def choose_action(self, game, actions):
        return self._pick(actions)

    def choose_option(self, game, choice):
        return self._pick(choice.options)
