"""Running a game forward: step until an action, a choice, a phase, a round or the end.

One loop for every caller (``Game.run_until``, the CLI, simulations, the GamePlayer): each
iteration is one :meth:`Game.step` (an engine task, or one decision taken by the ``policy``).
"""
from __future__ import annotations


def run_until(game, what: str = "end", policy=None, max_steps: int = 1_000_000, max_rounds: int | None = None) -> int:
    """Step ``game`` until ``what``: "action" (a player decision is needed), "choice", "phase",
    "round", or "end" (game over). Returns the number of steps taken."""
    if what not in ("action", "choice", "phase", "round", "end"):
        raise ValueError(f"run_until: what must be action, choice, phase, round or end, got {what!r}")
    st = game.state
    phase0, round0 = st.phase, st.round
    n = 0
    while n < max_steps and game.state.result is None:
        if max_rounds is not None and game.state.round > max_rounds:
            break
        if n and what == "action" and game.needs() == "action":
            break
        if n and what == "choice" and game.needs() == "choice":
            break
        game.step(policy)
        n += 1
        if what == "phase" and game.state.phase != phase0:
            break
        if what == "round" and game.state.round != round0:
            break
    return n
