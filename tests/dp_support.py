"""Helpers for the Dead Panic rule tests: hand-made positions and forced dice.

``force(game, *outcomes)``: step the game (engine tasks; decisions answered by ``choose`` or else by
their named default -- or, with ``stop_at_choice``, left pending) and answer each chance node in turn
with the next outcome given, then stop at the next chance node or action. ``to_phase(game, "fight")`` steps until that phase
starts. Every outcome is forced, so a test states its dice.
"""
from __future__ import annotations

from nollab.packs.dead_panic.engine.sandbox import position

__all__ = ["position", "force", "to_phase", "kinds", "act", "legal", "zombie_at"]


def force(g, *outcomes, choose=None, stop_at_choice: bool = False, stop_before: str | None = None):
    """Resolve the next chance nodes with ``outcomes`` (see the module docstring); ``stop_before``: stop
    when that task (e.g. "fight_phase") is next."""
    queue = list(outcomes)
    for _ in range(10_000):
        need = g.needs()
        if stop_before and need == "step" and g.state.queue[0][0] == stop_before:
            if queue:
                raise AssertionError(f"outcomes left over ({queue}) at {stop_before}")
            return g
        if need == "chance":
            if not queue:
                return g
            g.resolve_chance(queue.pop(0))
        elif need == "step":
            g.step()
        elif need == "choice":
            pick = choose(g.pending) if choose else None
            if pick is None:
                if stop_at_choice:
                    return g
                pick = g.pending.options[g.pending.default]
            g.choose(pick)
        else:
            if queue:
                raise AssertionError(f"outcomes left over ({queue}) but the game waits for {need}")
            return g
    raise AssertionError("force: no progress")


def to_phase(g, phase: str, rolls=()):
    """Step (forcing ``rolls`` for chance nodes, defaults for decisions) until ``phase`` starts."""
    rolls = list(rolls)
    for _ in range(10_000):
        if g.phase == phase or g.over:
            return g
        need = g.needs()
        if need == "chance":
            g.resolve_chance(rolls.pop(0))
        elif need == "choice":
            g.choose(g.pending.options[g.pending.default])
        elif need == "action":
            g.apply(next(a for a in g.legal_actions() if a.kind == "pass"))
        else:
            g.step()
    raise AssertionError("to_phase: no progress")


def kinds(g, *kind):
    return [e for e in g.events if e.kind in kind]


def act(g, kind, *params, who=None):
    """Apply the legal action of ``kind`` with ``params`` (by the acting player)."""
    who = who or g.acting()
    for a in g.legal_actions():
        if a.kind == kind and a.player == who and tuple(a.params) == tuple(params):
            g.apply(a)
            return g
    raise AssertionError(f"{kind} {params} by {who} not legal; legal: {[str(a) for a in g.legal_actions()]}")


def legal(g, kind):
    return [a for a in g.legal_actions() if a.kind == kind]


def zombie_at(g, space):
    return [z for z in g.state.zombies.values() if z.space == space]
