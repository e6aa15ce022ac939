"""Zpocalypse: ``copy`` and ``undo`` restore snapshots taken at the rules' resume points and replay only what
came after; they must give exactly the game a whole replay of the log gives (state, pending request, legal
actions, events), at every kind of point, and the copy must go on as the original does."""
from __future__ import annotations

import pytest

from nollab.games import get_game
from nollab.packs.zpocalypse.day import RESUME_POINTS
from nollab.packs.zpocalypse.game import Game

SPEC = get_game("zpocalypse")


def _same(a: Game, b: Game) -> None:
    assert a.state_hash() == b.state_hash()
    assert a.needs() == b.needs() and a.pending == b.pending and a.chance() == b.chance()
    assert a.legal_actions() == b.legal_actions()
    assert [e.text for e in a.events] == [e.text for e in b.events] and a.log == b.log


@pytest.mark.parametrize("setup,seed,policy", [("2", 1, "bot"), ("1", 0, "random"),
                                               ("players=2,scenario=day_zero", 2, "bot")])
def test_copy_and_undo_equal_a_whole_replay_everywhere(setup, seed, policy):
    g = Game.new(seed=seed, setup=setup)
    pol = SPEC.make_policy(policy, seed)
    points = set()
    i = 0
    while not g.over:
        if i % 2 == 0:
            c = g.copy()
            _same(c, g.replay() if i % 10 == 0 else g)
            h, n = g.state_hash(), len(g.events)
            g.step(pol)
            g.undo()
            assert g.state_hash() == h and len(g.events) == n
            _same(g, c)
        if g._snaps:
            points.add(g._snaps[-1][3])
        g.step(pol)
        i += 1
    want = {"act", "combat", "zombies"} if "day_zero" in setup else set(RESUME_POINTS)
    assert want <= points, points


def test_a_copy_goes_on_as_the_original_and_is_independent():
    g = Game.new(seed=4, setup="2")
    pol = SPEC.make_policy("first")
    g.run_until("round", pol)
    g.run_until("action", pol)
    c = g.copy()
    h = g.state_hash()
    c.run_until("end", SPEC.make_policy("first"))
    assert g.state_hash() == h and not g.over           # the original is untouched
    g.run_until("end", SPEC.make_policy("first"))
    assert g.state_hash() == c.state_hash() and g.result == c.result


def test_without_history_only_the_latest_snapshot_is_kept():
    g = Game.new(seed=2, setup="2", history=False)
    g.run_until("round", SPEC.make_policy("bot", 2))
    assert len(g._snaps) == 1
    _same(g.copy(), g.replay())
