"""``forecast(policy="best")`` against an independent brute force (P. 8, P. 22-25).

The brute force plays every decision sequence against every chance outcome on plain copies of the game
(``Game.copy``, no fork, no merging of equal positions, no grouping of outcomes): at a Ghoul card it
tries every card of the draw pile by its number (each equally likely, P. 24), at a players' decision
every option, keeping the one with the highest (P(not lost at the end of the round), -E[Wounds]) --
the first such option on a tie, as the forecast's stated policy. The Survivors' Turns are ended (Do
Nothing, P. 20), as in the forecast. Both the best probability and the whole distribution of the end
positions (Wounds, alive, Ghouls by Zone, result) must be equal, as exact Fractions.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

from nollab.board import board_from_grid
from nollab.prob.forecasting import DefaultPolicy, forecast
from nollab.rules.sandbox import sandbox

LONG = board_from_grid("abcdefg", {k: "exterior" for k in "abcdefg"})
ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})
DECK = [1, 2, 12, 16, 43]


def brute_best(g, round0: int):
    """``((P(not lost), -E[Wounds]), {end position: probability})`` under the best decisions."""
    end_turn = DefaultPolicy()
    while True:
        st = g.state
        if st.result is not None or st.round != round0:
            sv = list(st.survivors.values())
            end = (tuple(s.wounds for s in sv), tuple(s.alive for s in sv), tuple(sorted(st.ghouls.items())),
                   st.result)
            return (Fraction(st.result != "lost"), Fraction(-sum(end[0]))), {end: Fraction(1)}
        need = g.needs()
        if need == "chance":  # a Ghoul card: every card of the pile by its number (P. 24)
            pile = list(st.ghoul_deck) or list(st.ghoul_discard)
            alive = wounds = Fraction(0)
            dist: dict = {}
            for n in pile:
                c = g.copy()
                c.apply_chance(n)
                (a, w), d = brute_best(c, round0)
                alive += a / len(pile)
                wounds += w / len(pile)
                for k, p in d.items():
                    dist[k] = dist.get(k, 0) + p / len(pile)
            return (alive, wounds), dist
        if need == "choice":  # every option; the first of the best
            best = None
            for o in st.pending.options:
                c = g.copy()
                c.choose(o)
                got = brute_best(c, round0)
                if best is None or got[0] > best[0]:
                    best = got
            return best
        if need == "action":
            g.apply(end_turn.choose_action(g, g.legal_actions()))
        else:
            g.step()


def _setup(board, people, *, ghouls, spawns, wounds, xp=None):
    g = sandbox(board, people, xp=xp or {}, ghouls=ghouls, spawns=spawns, ghoul_deck=list(DECK))
    for sid, w in wounds.items():
        g.state.survivors[sid].wounds = w
    g.touch()
    return g


def route_tie(judy: str, tom: str):
    """A Walker in b, as far from Judy as from Tom (2 Wounds): where it goes is the players' choice (P. 23).
    26 Walkers in g leave 2 in the box, so a Yellow Walker card is short and every Walker gets an extra
    Activation (P. 25): the Walker that went to Tom attacks and eliminates him (P. 22), which loses (P. 8)."""
    return _setup(LONG, {"judy": judy, "tom": tom}, ghouls={"T:b": {"walker": 1}, "T:g": {"walker": 26}},
                  spawns=[("T:g", "white"), ("T:f", "red")], wounds={"tom": 2}, xp={"judy": 8})


def wound_splits():
    """Judy (1 Wound) and Tom (2) with a Walker in their Zone, running out of Walkers at Yellow: several
    Wound splits (P. 22), before and after extra Activations (P. 25)."""
    return _setup(ROW, {"judy": "T:b", "tom": "T:b"}, ghouls={"T:b": {"walker": 1}, "T:d": {"walker": 26}},
                  spawns=[("T:d", "white"), ("T:c", "red")], wounds={"tom": 2, "judy": 1}, xp={"tom": 8})


def two_walkers_split():
    """Two Walkers attack Judy and Tom (1 Wound each) at Blue: who takes the Wounds (P. 22)."""
    return _setup(ROW, {"judy": "T:b", "tom": "T:b"}, ghouls={"T:b": {"walker": 2}},
                  spawns=[("T:d", "white"), ("T:c", "red")], wounds={"tom": 1, "judy": 1})


@pytest.mark.parametrize("make", [lambda: route_tie("T:a", "T:c"), lambda: route_tie("T:c", "T:a"), wound_splits,
                                  two_walkers_split], ids=["route-tom-right", "route-tom-left", "wound-splits",
                                                           "two-walkers"])
def test_best_equals_brute_force(make):
    g = make()
    before = g.state_hash()
    f = forecast(g, "end_of_round", policy="best")
    assert g.state_hash() == before
    b = g.copy()
    b.set_explicit_chance(True)
    (p_alive, _w), dist = brute_best(b, g.state.round)
    assert 1 - f.p_lost == p_alive
    mine: dict = {}
    for o, p in f.outcomes.probs().items():
        k = (o.wounds, o.alive, o.ghouls, o.result)
        mine[k] = mine.get(k, 0) + p
    assert mine == dist


def test_best_beats_the_default_where_a_decision_matters():
    """With Tom on the first route offered, the default sends the Walker to him (P(not lost) 3/10: only
    when no Walker card is drawn); the best choice sends it to Judy and nobody dies."""
    g = route_tie("T:c", "T:a")
    assert 1 - forecast(g, policy="default").p_lost == Fraction(3, 10)
    assert 1 - forecast(g, policy="best").p_lost == 1
