"""``nollab.prob.forecast``: exact forecasts through the engine's chance steps, checked against an
independent brute force (every order of a rigged Ghoul deck, each game run by the ordinary engine with
the seeded draws, P. 24) and against simulation (random deck orders, within 4 standard errors)."""
from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from nollab.board import board_from_grid
from nollab.content_model import GHOUL_TYPES
from nollab.prob.forecasting import DefaultPolicy, ForecastError, forecast
from nollab.rules.sandbox import sandbox

ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})


def position(deck, *, xp=None, walkers_far=0, wounds=None):
    """Judy in a, Tom in b; ``walkers_far`` Walkers in d (two Zones from Tom); Spawn Zones d (white)
    and c (red); the Ghoul deck in the given order (top = end)."""
    g = sandbox(ROW, {"judy": "T:a", "tom": "T:b"}, xp=xp or {},
                ghouls={"T:d": {"walker": walkers_far}} if walkers_far else None,
                spawns=[("T:d", "white"), ("T:c", "red")], ghoul_deck=list(deck))
    for sid, w in (wounds or {}).items():
        g.state.survivors[sid].wounds = w
    g.touch()
    return g


def played_out(g, until_round):
    """Run the ordinary engine (seeded draws, default decisions) to the end of the round; the outcome
    read off the final state and the event log, independently of the forecast."""
    pol = DefaultPolicy()
    while g.state.result is None and g.state.round == until_round:
        g.step(pol)
    st = g.state
    placed = dict.fromkeys(GHOUL_TYPES, 0)
    extra = dict.fromkeys(GHOUL_TYPES, 0)
    for e in g.events:
        if e.kind == "spawn_card" and e.data.get("ghoul") in placed:
            placed[e.data["ghoul"]] += e.data["placed"]
            extra[e.data["ghoul"]] += bool(e.data.get("requested", 0) > e.data["placed"])
    sv = [st.survivors[s] for s in ("judy", "tom")]
    return (tuple(s.wounds for s in sv), tuple(s.alive for s in sv), tuple(sorted(st.ghouls.items())),
            st.result, tuple(placed[t] for t in GHOUL_TYPES), tuple(extra[t] for t in GHOUL_TYPES))


def brute(deck, **kw):
    """Every order of the deck, equally likely: {outcome: probability}."""
    out: dict = {}
    orders = list(itertools.permutations(deck))
    for order in orders:
        g = position(order, **kw)
        n0 = len(g.events)
        o = played_out(g, g.state.round)
        del n0
        out[o] = out.get(o, 0) + Fraction(1, len(orders))
    return out


def as_tuples(f):
    return {(o.wounds, o.alive, o.ghouls, o.result, o.placed, o.extra): p for o, p in f.outcomes.probs().items()}


DECK = [1, 2, 12, 16, 43]


@pytest.mark.parametrize("kw", [
    {},  # Blue: Walkers 1, 1; Fatty 1; Relative nothing; the opening card has no effect (P. 24-25)
    {"xp": {"tom": 8}},  # Yellow: 3 and 2 Walkers, opening card for Walkers
    {"xp": {"tom": 8}, "walkers_far": 26, "wounds": {"tom": 2}},  # running out: extra Activations (P. 25)
])
def test_forecast_equals_every_order_of_the_deck(kw):
    g = position(DECK, **kw)
    before = g.state_hash()
    f = forecast(g, "end_of_round")
    assert g.state_hash() == before  # the game itself is not touched
    assert as_tuples(f) == brute(DECK, **kw)


def test_running_out_can_kill_p25():
    """26 Walkers in d, the box holds 28: a Yellow Walker card (3 or 2) is short, every Walker gets an
    extra Activation; Tom (2 Wounds) is then attacked and eliminated, which loses the game (P. 8, 22)."""
    g = position(DECK, xp={"tom": 8}, walkers_far=26, wounds={"tom": 2})
    f = forecast(g, "end_of_round")
    assert f.p_run_out("walker") > 0
    assert f.p_dies("tom") == f.p_lost == f.p_someone_dies > 0
    assert f.p_dies("judy") == 0


def test_phase_horizon_and_bad_input():
    g = position(DECK)
    f = forecast(g, "end_of_phase")
    assert f.start["phase"] == "players" and f.outcomes.p(lambda o: sum(o.placed) > 0) == 0  # no spawn yet
    with pytest.raises(ForecastError, match="until"):
        forecast(g, "tomorrow")
    with pytest.raises(ForecastError, match="max_states"):
        forecast(g, max_states=0)
    with pytest.raises(ForecastError, match="max_states: the forecast needs more than 2"):
        forecast(g, max_states=2, factorise=False)  # one position per card
    with pytest.raises(ForecastError, match="max_states: the forecast needs more than 1"):
        forecast(position(DECK, xp={"tom": 8}, walkers_far=26), max_states=1)  # short: handed back to the engine
    with pytest.raises(ForecastError, match="policy"):
        forecast(g, policy=42)


def test_best_is_never_worse_than_default():
    g = position(DECK, xp={"tom": 8}, walkers_far=26, wounds={"tom": 2, "judy": 1})
    d, b = forecast(g, policy="default"), forecast(g, policy="best")
    assert 1 - b.p_lost >= 1 - d.p_lost


def test_simulation_agrees_within_4_standard_errors():
    """S1 at Blue after every Survivor ends their Turn: the Ghouls' Phase (activation and 4 Spawn
    cards, P. 22-25); 200 random orders of the whole deck run by the ordinary engine."""
    from nollab.rules import Game

    g = Game.new("S1", seed=3)
    pol = DefaultPolicy()
    while g.state.phase == "players":
        g.step(pol)
    f = forecast(g, "end_of_phase")
    zone = g.state.spawns[0][0]
    exact_walkers = f.spawned("walker").mean()
    exact_in_zone = f.ghouls_in(zone).p(lambda n: n > 0)
    rnd = random.Random(7)
    n, walkers, in_zone = 200, [], 0
    for _ in range(n):
        h = g.copy()
        rnd.shuffle(h.state.ghoul_deck)
        phase = h.state.phase
        before = len(h.events)
        while h.state.result is None and h.state.phase == phase:
            h.step(pol)
        walkers.append(sum(e.data["placed"] for e in h.events[before:]
                           if e.kind == "spawn_card" and e.data.get("ghoul") == "walker"))
        in_zone += h.state.ghoul_count(zone) > 0
    mean = sum(walkers) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in walkers) / (n - 1))
    assert abs(mean - float(exact_walkers)) <= 4 * sd / math.sqrt(n) + 1e-9
    p = float(exact_in_zone)
    assert abs(in_zone / n - p) <= 4 * math.sqrt(p * (1 - p) / n) + 1e-9
