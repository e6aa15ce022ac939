"""Running a game forward: one loop for every caller (``Game.run_until``, ``nollab play``, the
simulations, the GamePlayer's buttons).

Each iteration is one :meth:`Game.step`: an engine task, or one decision taken by the ``policy``.
The loop stops at a target:

=========  ===============================================================================
step       after one step
action     when a player action is needed again (after at least one step)
choice     when a decision is pending again (after at least one step)
phase      when the phase (Players', Ghouls', End, P. 8) or the round changes
round      when the round changes
end        when the game is over
=========  ===============================================================================

With ``players=False`` nobody plays for the players: the loop also stops *before* any player
decision (a pending choice or a player action), so only engine steps run and a person decides.
"""
from __future__ import annotations

TARGETS = ("step", "action", "choice", "phase", "round", "end")


def run_until(game, what: str = "end", policy=None, max_steps: int = 1_000_000, max_rounds: int | None = None,
              *, players: bool = True) -> int:
    """Step ``game`` until ``what`` (one of :data:`TARGETS`, see the module docstring), at most
    ``max_steps`` steps, not past round ``max_rounds``; ``policy`` answers the players' decisions
    (default: the ``first`` policy) unless ``players`` is False. Returns the number of steps."""
    if what not in TARGETS:
        raise ValueError(f"run_until: what must be {', '.join(TARGETS[:-1])} or {TARGETS[-1]}, got {what!r}")
    st = game.state
    phase0, round0 = st.phase, st.round
    watch = what in ("action", "choice") or not players
    n = 0
    while n < max_steps and game.state.result is None:
        if max_rounds is not None and game.state.round > max_rounds:
            break
        if watch:
            needs = game.needs()
            if not players and needs in ("action", "choice"):
                break
            if n and needs == what:
                break
        game.step(policy)
        n += 1
        st = game.state
        if what == "step":
            break
        if what == "phase" and (st.phase != phase0 or st.round != round0):
            break
        if what == "round" and st.round != round0:
            break
    return n
