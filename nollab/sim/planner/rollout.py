"""Rollouts: play a determinized copy forward with the heuristic bot for every player decision.

The horizon is counted in rounds: a rollout stops when the game is decided or when ``rounds``
round ends have passed (after the Ghouls' Phase and the End Phase, P. 8), so every candidate is
judged after the Ghouls have answered it. ``max_steps`` guards against a policy that loops.
"""
from __future__ import annotations

__all__ = ["rollout"]


def rollout(game, policy, rounds: int = 1, max_steps: int = 5000) -> int:
    """Step ``game`` in place with ``policy`` until it is over or ``rounds`` rounds have ended;
    returns the number of steps taken."""
    st = game.state
    stop = st.round + rounds
    n = 0
    step = game.step
    while n < max_steps:
        st = game.state
        if st.result is not None or st.round >= stop:
            break
        step(policy)
        n += 1
    return n
