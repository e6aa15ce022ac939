"""Play any registered game to its end: what ``nollab play --game`` and the simulations share.

``play_match("dead-panic", seed=3, setup="4", policy="bot")`` makes the match, makes the bot
from the game's own policy table (seeded), runs until the game is over or the round/step bound,
and returns ``(match, summary)``. A match stopped by the bound is *unfinished*: its summary says
``"result": "unfinished"`` and ``"timed_out": True``, never a win or a loss.
"""
from __future__ import annotations

from typing import Any

from nollab.games.protocol import GameSpec, Match
from nollab.games.registry import get_game

__all__ = ["run_to_end", "play_match", "MAX_STEPS"]

#: engine steps after which a match is stopped (a guard against a policy that loops)
MAX_STEPS = 1_000_000


def run_to_end(match: Match, policy: Any, max_rounds: int | None = None, max_steps: int = MAX_STEPS) -> bool:
    """Run ``match`` to its end with ``policy``; True if it stopped at a bound instead."""
    match.run_until("end", policy, max_steps=max_steps, max_rounds=max_rounds)
    return not match.over


def play_match(game: str | GameSpec, seed: int = 0, setup: str | None = None, policy: Any = None,
               policy_seed: int | None = None, max_rounds: int | None = None, max_steps: int = MAX_STEPS,
               options: dict | None = None, history: bool = False) -> tuple[Match, dict]:
    """Play one match of ``game`` to its end (see the module docstring).

    ``policy``: a name from the game's policy table (default: its ``default_policy``) or a
    policy object. ``policy_seed`` seeds a named bot (default: ``seed``).
    """
    spec = game if isinstance(game, GameSpec) else get_game(game)
    match = spec.new(seed=seed, setup=setup, options=options, history=history)
    if policy is None or isinstance(policy, str):
        policy = spec.make_policy(policy or spec.default_policy, seed if policy_seed is None else policy_seed)
    timed_out = run_to_end(match, policy, max_rounds, max_steps)
    summary = match.summary()
    if timed_out:
        summary["timed_out"] = True
        if max_rounds is not None:
            summary["rounds"] = min(summary["rounds"], max_rounds)
    return match, summary
