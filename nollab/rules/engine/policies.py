"""Policies answer decisions: ``choose_action(game, actions)`` and ``choose_option(game, choice)``.

``first`` always takes the first legal action / the first option (every Choice lists its named
default first, so ``choice.options[choice.default]`` is ``choice.options[0]``); ``random`` picks uniformly with its own seeded splitmix64 stream (never the global
``random``). A heuristic bot only needs these two methods.
"""
from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from nollab.rules.engine import rng


@runtime_checkable
class Policy(Protocol):
    """What ``Game.step`` / ``Game.run_until`` need from a bot or a person."""

    def choose_action(self, game, actions: list) -> Any: ...

    def choose_option(self, game, choice) -> Any: ...


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


def make_policy(name: str, seed: int = 0):
    if name == "first":
        return FirstPolicy()
    if name == "random":
        return RandomPolicy(seed)
    raise ValueError(f"unknown policy {name!r} (first, random)")
