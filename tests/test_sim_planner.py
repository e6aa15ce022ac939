"""The search bot ``planner`` (issue 16, :mod:`nollab.sim.planner`): determinism for a seed and a
budget, determinizations that hide only what is hidden, the exact elimination count of the next
Ghouls' Phase (P. 22) against brute force, the registry and the CLI's ``--budget``."""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections import Counter

import pytest

import nollab.sim as sim
from nollab.board.quick import board_from_grid
from nollab.rules.game import Game
from nollab.rules.sandbox import sandbox
from nollab.sim.planner import Planner, PlannerPolicy
from nollab.sim.planner.determinize import determinize
from nollab.sim.planner.evaluate import doomed
from nollab.sim.policy import POLICIES, make_policy, policy_name

NOLLAB = [sys.executable, "-m", "nollab.cli"]


def _play(seed: int, budget: int, rounds: int = 2) -> tuple[str, list]:
    g = Game.new("S1", seed=11, history=False)
    pol = PlannerPolicy(seed=seed, budget=budget)
    g.run_until("end", policy=pol, max_rounds=rounds)
    return g.state_hash(), pol.stats


def test_same_seed_and_budget_same_game():
    """Every random number of the planner comes from its own seeded stream: two runs with the same
    policy seed and budget play the same game (same state hash, same number of rollouts)."""
    h1, s1 = _play(5, 4)
    h2, s2 = _play(5, 4)
    assert h1 == h2 and s1 == s2
    assert s1["searched"] > 0 and s1["rollouts"] >= 2 * s1["searched"]


def test_the_trace_records_every_decision_and_changes_nothing():
    """``PlannerPolicy.trace`` (read by bench/planner_trace.py): one record per decision, the
    searched ones with their candidates' means, the overrules where the action played is not the
    heuristic's -- and the game played with the trace on is the game played without it."""
    h0, s0 = _play(5, 4)
    g = Game.new("S1", seed=11, history=False)
    pol = PlannerPolicy(seed=5, budget=4)
    pol.trace = []
    g.run_until("end", policy=pol, max_rounds=2)
    assert (g.state_hash(), pol.stats) == (h0, s0)
    hows = Counter(r["how"] for r in pol.trace)
    assert len(pol.trace) == s0["decisions"] and hows["searched"] == s0["searched"] > 0
    searched = [r for r in pol.trace if r["how"] == "searched"]
    assert all(len(r["means"]) == len(r["cands"]) and r["cands"][0] is r["heuristic"] for r in searched)
    assert sum(r["played"] is not r["heuristic"] for r in searched) == s0["overruled"]


def test_a_run_gives_the_same_rows_in_process_and_on_two_workers():
    factory = Planner(budget=2)
    one = sim.run("S1", factory, games=2, seed=4, workers=1, max_rounds=2)
    two = sim.run("S1", factory, games=2, seed=4, workers=2, max_rounds=2)
    assert one.rows == two.rows
    assert one.meta["policy"] == "planner(budget=2, width=4, rounds=1)"


def test_determinize_reshuffles_hidden_piles_only_and_leaves_the_game_alone():
    """Hidden: the order of the Ghoul deck (P. 24) and of each Equipment pile (P. 18), and the dice
    to come. Known: what each pile holds, discards, hands, the board."""
    g = Game.new("S3", seed=2, history=False)
    before = g.state_hash()
    forks = [determinize(g, s) for s in range(6)]
    assert g.state_hash() == before
    st = g.state
    for f in forks:
        fs = f.state
        assert Counter(fs.ghoul_deck) == Counter(st.ghoul_deck)
        assert {k: Counter(v) for k, v in fs.decks.items()} == {k: Counter(v) for k, v in st.decks.items()}
        assert fs.discards == st.discards and fs.ghouls == st.ghouls and fs.rng != st.rng
        assert [s.hands for s in fs.survivors.values()] == [s.hands for s in st.survivors.values()]
    assert len({tuple(f.state.ghoul_deck) for f in forks}) > 1
    assert determinize(g, 3).state_hash() == determinize(g, 3).state_hash()


def _fewest_eliminated(attacks: list[int], wounds: list[int]) -> int:
    """Brute force: every way to give each Ghoul Attack (its Wounds: 1 a Walker, 2 a Fatty) whole
    to one Survivor (P. 22: the players split the Attacks), the fewest Survivors reaching 3 Wounds."""
    best = len(wounds)
    for split in itertools.product(range(len(wounds)), repeat=len(attacks)):
        bars = list(wounds)
        for i, a in zip(split, attacks):
            bars[i] += a
        best = min(best, sum(1 for b in bars if b >= 3))
    return best


@pytest.mark.parametrize("walkers,fatties,wounds", [
    (1, 0, [2]), (2, 0, [1]), (3, 0, [0]), (2, 0, [0]), (4, 0, [0, 0]), (5, 0, [0, 0]), (6, 0, [0, 1]),
    (0, 1, [1]), (1, 1, [0, 2]), (3, 1, [0, 0, 1]), (7, 0, [0, 0, 0]), (0, 2, [2, 2]), (2, 2, [1, 0, 2]),
    (0, 2, [0, 1]), (1, 2, [0, 0, 1]), (2, 1, [1, 1, 2]), (0, 3, [0, 0, 0]), (4, 1, [0, 0, 0]),
])
def test_doomed_matches_brute_force(walkers, fatties, wounds):
    """Walkers deal 1 Wound, Fatties 2 (P. 17, 22); Attacks always hit."""
    board = board_from_grid("a", {"a": "exterior"})
    ids = ["ben", "barbra", "harry"][:len(wounds)]
    g = sandbox(board, {sid: "T:a" for sid in ids}, ghouls={"T:a": {"walker": walkers, "fatty": fatties}})
    for sid, w in zip(ids, wounds):
        g.state.survivors[sid].wounds = w
    here = [g.state.survivors[sid] for sid in ids]
    assert doomed(g, "T:a", here) == _fewest_eliminated([1] * walkers + [2] * fatties, wounds)


def test_planner_is_a_policy_name_everywhere():
    assert "planner" in POLICIES
    pol = make_policy("planner", 3)
    assert isinstance(pol, PlannerPolicy) and pol.seed == 3
    assert policy_name(Planner(budget=8)) == "planner(budget=8, width=4, rounds=1)"
    for bad in (0, -1, "8", True, 10**9):
        with pytest.raises(ValueError, match="budget"):
            Planner(budget=bad)


def test_cli_budget():
    out = subprocess.run(NOLLAB + ["simulate", "--scene", "S1", "--policy", "planner", "--budget", "2", "--games",
                                   "1", "--workers", "1", "--max-rounds", "1"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "planner(budget=2" in out.stdout and "win rate" in out.stdout
    two = subprocess.run(NOLLAB + ["simulate", "--scene", "S1", "--policy", "planner", "--budget", "1", "--games", "2",
                                   "--workers", "2", "--max-rounds", "1", "--json"], capture_output=True, text=True)
    assert two.returncode == 0, two.stderr
    assert json.loads(two.stdout)["timing"]["backend"] == "processes(2)"  # a planner game per task: 2 games, 2 workers
    bad = subprocess.run(NOLLAB + ["simulate", "--policy", "planner", "--budget", "0"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.strip() == "nollab simulate: error: --budget must be 1..100000, got 0"
    bad = subprocess.run(NOLLAB + ["simulate", "--policy", "heuristic", "--budget", "4"], capture_output=True, text=True)
    assert bad.returncode == 2 and "--budget: only with --policy planner" in bad.stderr
