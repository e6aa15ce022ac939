"""Live odds of a Dead Panic game (the odds pages for the second registered game): every number is
checked against the engine itself -- each die outcome forced through a copy of the game -- or against
an independent hypergeometric count."""
from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

import pytest

from dp_support import force, position
from nollab.packs.dead_panic.engine import Game
from nollab.packs.dead_panic.engine.combat import TWO_D6
from nollab.packs.dead_panic.engine.odds import event_odds, fight_odds, live_odds


def _engine_result(g, option, rolls):
    h = g.copy()
    h.choose(option)
    for r in rolls:
        if h.needs() != "chance":
            break
        h.resolve_chance(r)
    results = [e.data["result"] for e in h.events if e.kind == "fight"]
    return results[-1]


@pytest.mark.parametrize("zombie,cards,grip", [("shambler", ["hammer"], False), ("brawler", ["pipe_wrench"], True),
                                                ("brute", ["shotgun:0"], False), ("creeper", [], False)])
def test_fight_odds_equal_the_engine_die_by_die(zombie, cards, grip):
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[(zombie, "1:yard")], hands={"al": cards}, phase="fight")
    if grip:
        g.state.player("al").hand[0].grip = True
    force(g, stop_at_choice=True)
    assert g.pending.kind == "fight"
    for row in fight_odds(g):
        tally = Counter()
        for s, w in zip(*TWO_D6):
            tally[_engine_result(g, row["option"], [s])] += w
        assert {k: Fraction(v, 36) for k, v in tally.items()} == {k: row[k] for k in ("win", "tie", "lose") if row[k]}


def test_fight_odds_against_a_character_zombie_equal_the_engine():
    g = position(["al", "ray"], at={"al": "1:yard", "ray": "1:yard"}, phase="fight")
    ray = g.state.player("ray")
    ray.status, ray.cz_health, ray.cz_abilities = "zombie", 3, ["plus_one", "win_ties"]
    force(g, stop_at_choice=True)
    row = next(r for r in fight_odds(g) if r["option"][2] == "unarmed")
    tally = Counter()
    for a, wa in zip(*TWO_D6):
        for b, wb in zip(*TWO_D6):
            tally[_engine_result(g, row["option"], [a, b])] += wa * wb
    assert {k: Fraction(v, 36 * 36) for k, v in tally.items()} == {k: row[k] for k in ("win", "tie", "lose") if row[k]}


def test_event_odds_token_count_equals_the_engine_card_by_card():
    g = position(["al", "ray", "sandra"], phase="event", bag={"shambler": 12, "survivor": 3})
    g.state.bullets = 2
    odds = event_odds(g)
    force(g)
    node = g.chance()
    def draws_after(h) -> int:
        n = 0
        while h.needs() == "chance" and h.chance().kind == "bag":
            h.resolve_chance("shambler")
            h.resolve_chance(1)
            n += 1
        return n

    tally = Counter()
    for card, w in zip(node.outcomes, node.weights):
        h = g.copy()
        h.resolve_chance(card)
        if g.box.events[card].draw == "die":  # the die icon: every face, each drawing that many
            for face in range(1, 7):
                k = h.copy()
                k.resolve_chance(face)
                tally[draws_after(k)] += w
        else:
            tally[draws_after(h)] += 6 * w
    total = sum(tally.values())
    assert odds["tokens"].probs() == {k: Fraction(v, total) for k, v in tally.items()}


def test_event_odds_survivor_chance_is_hypergeometric():
    g = position(["al", "ray", "sandra"], phase="event", bag={"shambler": 12, "brute": 3, "survivor": 3})
    odds = event_odds(g)
    p_none = sum(p * Fraction(comb(15, n), comb(18, n)) for n, p in odds["tokens"].probs().items())
    assert odds["p_survivor"] == 1 - p_none
    assert odds["expected"]["brute"] == odds["tokens"].mean() * Fraction(3, 18)


def test_live_odds_of_a_fresh_game():
    g = Game.new(seed=3)
    d = live_odds(g)
    assert d["fight"] == [] and 0 < d["event"]["p_survivor"] < 1
    assert sum(d["event"]["tokens"].probs().values()) == 1
