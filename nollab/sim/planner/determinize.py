"""Determinization: one guess at what the players cannot know, drawn from what they do know.

The only hidden information of the game is the order of the shuffled decks (the Ghoul deck,
P. 24, and every Equipment draw pile, P. 18) and the dice still to be rolled (P. 26). A Survivor
knows which cards are in a pile (everything not seen in play or in a discard pile) but not their
order. A *determinization* (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree
Search") is a copy of the game in which each hidden pile is reshuffled and the dice generator is
reseeded from the planner's own stream: the planner then plans in that copy as if it were the
truth, and averages over several copies so no plan relies on one lucky order.

The game's own generator state is never read: a planner that kept it would know every future
roll and draw (a cheat the determinism test of :mod:`nollab.sim.planner` would not see).
"""
from __future__ import annotations

from nollab.rules.engine import rng

__all__ = ["determinize", "split_seed"]


def split_seed(stream: int, n: int) -> tuple[int, list[int]]:
    """``n`` independent 64-bit seeds from a splitmix64 ``stream``; returns (new stream, seeds)."""
    out = []
    for _ in range(n):
        stream, x = rng.next_u64(stream)
        out.append(x)
    return stream, out


def determinize(game, seed: int):
    """A fork of ``game`` (:meth:`Game.fork`: cheap, no history, rolls and draws resolved at
    once) whose hidden draw piles are reshuffled and whose dice generator is reseeded, both from
    ``seed``. Discard piles, hands, the board and rigged dice stay as they are (they are known)."""
    g = game.fork(explicit_chance=False)
    st = g.state
    state = rng.seed_state(seed)
    if len(st.ghoul_deck) > 1:
        state = rng.shuffle(state, st.ghoul_deck)
    for name in sorted(st.decks):
        pile = st.decks[name]
        if len(pile) > 1:
            state = rng.shuffle(state, pile)
    st.rng, _ = rng.next_u64(state)
    return g
