"""``nollab.prob.best_turn``: exact expectimax over the active Survivor's remaining Actions, against an
independent brute force: every sequence of legal Actions and every face of every die (P. 26), each
roll placed face by face on a plain copy of the game -- no grouping by hits, no merged positions."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from nollab.board import board_from_grid
from nollab.prob.planning import IRRELEVANT, BestTurnError, best_turn
from nollab.rules.sandbox import sandbox

ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})


def brute(g, sid, done):
    """max over decisions, mean over die faces; ``done(game)`` -> 1/0 once decided, None while open."""
    g.set_explicit_chance(True)

    def go(h):
        while True:
            d = done(h)
            if d is not None:
                return Fraction(d)
            if h.state.active != sid or h.state.phase != "players" or h.state.result is not None:
                return Fraction(0)
            need = h.needs()
            if need == "step":
                h.step()
                continue
            if need == "chance":
                n = h.state.queue[0].args[0].dice
                faces = list(itertools.product(range(1, 7), repeat=n))
                total = Fraction(0)
                for f in faces:
                    c = h.copy()
                    c.apply_chance(list(f))
                    total += go(c)
                return total / len(faces)
            if need == "choice":
                opts = [("c", o) for o in h.state.pending.options]
            else:
                opts = [("a", a) for a in h.legal_actions() if a.kind not in IRRELEVANT]
            best = Fraction(0)
            for kind, o in opts:
                c = h.copy()
                c.choose(o) if kind == "c" else c.apply(o)
                best = max(best, go(c))
            return best
    return go(g.copy())


def helen(spent=0, **kw):
    g = sandbox(ROW, {"helen": "T:a"}, **kw)
    g.state.survivors["helen"].spent = spent
    g.touch()
    return g


def test_three_shots_at_two_walkers_p26():
    """Winchester 94 (1 die, 3+ ... hits 2 in 3): P(at least 2 hits in 3 Actions) = 20/27."""
    g = helen(ghouls={"T:b": {"walker": 2}}, inventory={"helen": ["winchester_94"]})
    r = best_turn(g, "clear:T:b")
    assert r.p == Fraction(20, 27) and r.actions_left == 3
    assert r.first.startswith("helen: ranged")
    assert r.bot_p is not None and r.bot_p <= r.p


@pytest.mark.parametrize("goal,done", [
    ("kill:walker:2", lambda h: 1 if h.state.survivors["helen"].kills.get("walker", 0) >= 2 else None),
    ("clear:T:a", lambda h: 1 if not h.state.ghoul_count("T:a") else None),
    ("reach:T:c", lambda h: 1 if h.state.survivors["helen"].zone == "T:c" else None),
])
def test_best_turn_equals_brute_force_expectimax(goal, done):
    """Two Actions left, Walkers in her Zone and the next; a Winchester 94 and a Crowbar (melee)."""
    g = helen(spent=1, ghouls={"T:a": {"walker": 1}, "T:b": {"walker": 1}},
              inventory={"helen": ["winchester_94", "crowbar"]})
    before = g.state_hash()
    r = best_turn(g, goal)
    assert g.state_hash() == before
    assert r.p == brute(g, "helen", done)


def test_plan_lists_the_decision_after_each_roll():
    g = helen(ghouls={"T:b": {"walker": 2}}, inventory={"helen": ["winchester_94"]})
    plan = best_turn(g, "clear:T:b").plan
    assert plan["kind"] == "action" and plan["next"]["chance"]
    outs = plan["next"]["outcomes"]
    assert sum(Fraction(o["p_outcome"]) for o in outs) == 1
    assert all(o["next"]["decision"].startswith("helen: ranged") for o in outs)


@pytest.mark.parametrize("goal,msg", [("clear:T:z", "unknown zone"), ("kill:dragon", "unknown Ghoul type"),
                                      ("clear:T:d", "no Ghoul"), ("fly", "goal:"), ("kill:walker:0", "count")])
def test_bad_goals_are_refused(goal, msg):
    g = helen(ghouls={"T:b": {"walker": 2}}, inventory={"helen": ["winchester_94"]})
    with pytest.raises(BestTurnError, match=msg):
        best_turn(g, goal)


def test_max_states_bound():
    g = helen(ghouls={"T:b": {"walker": 2}}, inventory={"helen": ["winchester_94"]})
    with pytest.raises(BestTurnError, match="max_states"):
        best_turn(g, "clear:T:b", max_states=3)
