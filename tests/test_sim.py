"""nollab.sim: reproducible seeding, backends that agree, timeouts, the Policy protocol, the
heuristic bot's judgement (P. 18-19, P. 26-28), the results table, the CLI and the widget.

Expected values never come from the code under test: seeds are recomputed here with NumPy,
the Wilson bound from its closed form, win counts by counting rows.
"""
from __future__ import annotations

import json
import math
import subprocess
import sys

import numpy as np
import pytest

import nollab.sim as sim
from nollab.board.quick import board_from_grid
from nollab.rules.engine.actions import Action
from nollab.rules.game import Game
from nollab.rules.sandbox import sandbox
from nollab.sim.heuristic import HeuristicPolicy
from nollab.sim.policy import make_policy
from nollab.sim.results import ROW_FIELDS, SimResults, wilson_interval

NOLLAB = [sys.executable, "-m", "nollab.cli"]


class AlwaysDoNothing:
    """A notebook-style policy: only the two Protocol methods."""

    name = "do-nothing"

    def choose_action(self, game, actions):
        return next((a for a in actions if a.kind == "do_nothing"), actions[0])

    def choose_option(self, game, choice):
        return choice.options[choice.default]


# -- seeding and backends -----------------------------------------------------------------------------
def test_game_seeds_are_the_seedsequence_children():
    seeds = sim.game_seeds(7, 5)
    for i, child in enumerate(np.random.SeedSequence(7).spawn(5)):
        words = child.generate_state(2, dtype=np.uint64)
        assert seeds[i] == (int(words[0]), int(words[1]))
    assert len(set(seeds)) == 5


def test_same_seed_same_table_in_process_and_two_processes():
    one = sim.run("S1", "random", games=12, seed=5, workers=1)
    two = sim.run("S1", "random", games=12, seed=5, workers=2, batch_size=2)
    assert two.timing["backend"].startswith("processes")
    assert one == two
    assert [r["index"] for r in one] == list(range(12))
    assert sim.run("S1", "random", games=12, seed=6, workers=1) != one


def test_batch_size_does_not_change_the_table():
    a = sim.run("S1", "heuristic", games=6, seed=11, workers=0, batch_size=1)
    b = sim.run("S1", "heuristic", games=6, seed=11, workers=0, batch_size=6)
    assert a == b


def test_a_row_replays_with_the_engine_directly():
    r = sim.run("S1", "random", games=3, seed=2, workers=1)
    row = r[2]
    g = Game.new("S1", seed=row["seed"], history=False)
    g.run_until("end", policy=sim.RandomPolicy(row["policy_seed"]), max_rounds=r.meta["max_rounds"])
    assert g.state_hash() == row["state_hash"]
    assert g.state.result == row["result"]
    assert sum(g.state.kills.values()) == row["kills"]


def test_stalemate_is_a_recorded_timeout():
    """Idle Survivors cannot lose in round 1 (the first Ghouls only spawn at its end, P. 24)."""
    r = sim.run("S1", "idle", games=4, seed=1, workers=1, max_rounds=1)
    assert [row["result"] for row in r] == ["timeout"] * 4
    assert all(row["rounds"] == 1 and row["cause"] == "" for row in r)
    assert r.summary()["timeouts"] == 4


def test_rows_have_the_documented_fields_and_consistent_totals():
    r = sim.run("S1", "heuristic", games=5, seed=3, workers=1)
    for row in r:
        assert tuple(row) == ROW_FIELDS
        assert row["kills"] == sum(row[f"kills_{g}"] for g in ("walker", "breaker", "fatty", "relative"))
        assert row["result"] in ("won", "lost", "timeout")
        if row["result"] == "lost":
            assert row["cause"]


# -- policies -----------------------------------------------------------------------------------------
def test_policy_protocol_class_instance_and_name():
    assert isinstance(AlwaysDoNothing(), sim.Policy)
    by_class = sim.run("S1", AlwaysDoNothing, games=3, seed=4, workers=1)
    by_instance = sim.run("S1", AlwaysDoNothing(), games=3, seed=4, workers=1)
    by_name = sim.run("S1", "idle", games=3, seed=4, workers=1)
    assert by_class.rows == by_instance.rows == by_name.rows
    assert by_class.meta["policy"] == "do-nothing"
    # the class is found by the forked workers too
    assert sim.run("S1", AlwaysDoNothing, games=4, seed=4, workers=2, batch_size=2).rows == \
        sim.run("S1", AlwaysDoNothing, games=4, seed=4, workers=1).rows


def test_a_policy_by_import_path():
    by_path = sim.run("S1", "nollab.sim.policy:IdlePolicy", games=3, seed=4, workers=1)
    assert by_path.rows == sim.run("S1", "idle", games=3, seed=4, workers=1).rows
    with pytest.raises(ValueError, match="cannot import 'nollab.sim.policy:Nope'"):
        make_policy("nollab.sim.policy:Nope")
    out = subprocess.run(NOLLAB + ["simulate", "--games", "2", "--workers", "1", "--policy",
                                   "nollab.sim.policy:IdlePolicy", "--max-rounds", "1"],
                         capture_output=True, text=True, check=True)
    assert "timeout 2" in out.stdout


def test_bad_inputs_name_the_argument():
    with pytest.raises(ValueError, match="unknown policy 'nope'"):
        sim.run("S1", "nope", games=1)
    with pytest.raises(ValueError, match="games"):
        sim.run("S1", "random", games=-1)
    with pytest.raises(ValueError, match="S99"):
        sim.run("S99", "random", games=1)
    with pytest.raises(ValueError, match="workers"):
        sim.run("S1", "random", games=1, workers=-2)
    with pytest.raises(ValueError, match="neither a policy name"):
        make_policy(42)


def test_a_lambda_factory_travels_to_worker_processes():
    """The run's settings go to the workers with cloudpickle, so a lambda (or a notebook class) works."""
    two = sim.run("S1", lambda seed=0: AlwaysDoNothing(), games=6, seed=3, workers=2, batch_size=2)
    assert two.timing["backend"] == "processes(2)"
    assert two.rows == sim.run("S1", "idle", games=6, seed=3, workers=1).rows


def test_heuristic_beats_random_on_scene_1():
    h = sim.run("S1", "heuristic", games=24, seed=21, workers=2)
    r = sim.run("S1", "random", games=24, seed=21, workers=2)
    hw = sum(row["result"] == "won" for row in h)
    rw = sum(row["result"] == "won" for row in r)
    assert hw >= rw + 6, (hw, rw)


STREET = board_from_grid("ab", {"a": "exterior", "b": "exterior"})


def _bot_action(game):
    acts = game.legal_actions()
    if acts and acts[0].kind == "activate":
        game.apply(acts[0])
        acts = game.legal_actions()
    return HeuristicPolicy().choose_action(game, acts)


def test_heuristic_shoots_a_walker_in_the_street():
    """Sawed-Off (2 dice, 3+, Range 0-1) at 1 Walker one Zone away: E[kills] = 8/9 (P. 26-27)."""
    g = sandbox(STREET, {"ben": "T:a"}, ghouls={"T:b": {"walker": 1}}, inventory={"ben": ["sawed_off"]})
    a = _bot_action(g)
    assert (a.kind, a.params[1]) == ("ranged", "T:b")


def test_heuristic_holds_fire_when_a_friend_stands_in_the_target_zone():
    """Friendly Fire (P. 28): each miss (1/3 per die) wounds Barbra, so E[wounds] = 2/3: no shot."""
    g = sandbox(STREET, {"ben": "T:a", "barbra": "T:b"}, ghouls={"T:b": {"walker": 1}},
                inventory={"ben": ["sawed_off"]})
    a = _bot_action(g)
    assert a.kind != "ranged"


def test_heuristic_closes_the_door_on_an_approaching_ghoul():
    """Door Action (P. 18): a Walker two Zones away, the door between the room and the yard open."""
    board = board_from_grid("abc", {"a": "interior", "b": "exterior", "c": "exterior"},
                            openings=[("d1", "r1c1-r1c2", "door", True)])
    g = sandbox(board, {"ben": "T:a"}, ghouls={"T:c": {"walker": 1}}, inventory={"ben": ["table_leg"]})
    a = _bot_action(g)
    assert a == Action("door", "ben", ("d1", "close"))


def test_heuristic_searches_early_when_nothing_threatens():
    board = board_from_grid("ab", {"a": "interior", "b": "interior"}, openings=[("d1", "r1c1-r1c2", "door", False)])
    g = sandbox(board, {"ben": "T:a"}, inventory={"ben": ["table_leg"]})
    assert _bot_action(g).kind == "search"


# -- results ------------------------------------------------------------------------------------------
def test_wilson_interval_closed_forms():
    # 0 wins of n: the upper bound is z^2 / (n + z^2)
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and math.isclose(hi, 1.96**2 / (10 + 1.96**2), rel_tol=1e-12)
    for n in (1, 7, 100, 1000):  # the ends are exact, whatever the rounding
        assert wilson_interval(0, n)[0] == 0.0 and wilson_interval(n, n)[1] == 1.0
    lo, hi = wilson_interval(10, 10)
    assert hi == 1.0 and math.isclose(lo, 10 / (10 + 1.96**2), rel_tol=1e-12)
    lo, hi = wilson_interval(50, 100)  # symmetric around 1/2
    assert math.isclose(lo + hi, 1.0, rel_tol=1e-12)


def test_summary_counts_match_the_rows():
    r = sim.run("S1", "heuristic", games=8, seed=9, workers=1)
    s = r.summary()
    assert s["wins"] == sum(1 for row in r.rows if row["result"] == "won")
    assert s["games"] == 8 == s["wins"] + s["losses"] + s["timeouts"]
    assert sum(s["rounds_histogram"].values()) == 8
    assert s["kills_by_type"]["walker"] == sum(row["kills_walker"] for row in r.rows)
    assert json.loads(r.to_json())["rows"] == r.rows
    assert "win rate" in r.text()


def test_to_pandas_is_optional():
    r = SimResults([{"index": 0}], {})
    try:
        import pandas  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install pandas"):
            r.to_pandas()
    else:
        assert list(r.to_pandas().columns) == list(ROW_FIELDS)


def test_progress_callback_reaches_the_total():
    seen = []
    sim.run("S1", "random", games=7, seed=1, workers=1, batch_size=3, progress=lambda d, t: seen.append((d, t)))
    assert seen[0] == (0, 7) and seen[-1] == (7, 7)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


# -- CLI ----------------------------------------------------------------------------------------------
def test_cli_json_rows_equal_the_api():
    out = subprocess.run(NOLLAB + ["simulate", "--scene", "S1", "--policy", "random", "--games", "5",
                                   "--seed", "3", "--workers", "2", "--json"], capture_output=True, text=True, check=True)
    d = json.loads(out.stdout)
    assert d["rows"] == sim.run("S1", "random", games=5, seed=3, workers=1).rows
    assert d["summary"]["games"] == 5


def test_cli_text_and_errors():
    out = subprocess.run(NOLLAB + ["simulate", "--games", "3", "--workers", "0", "--team-size", "1"],
                         capture_output=True, text=True, check=True)
    assert "win rate" in out.stdout and "team barbra" in out.stdout
    bad = subprocess.run(NOLLAB + ["simulate", "--games", "zero"], capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.strip() == \
        "nollab simulate: error: --games must be an integer, got 'zero'"
    bad = subprocess.run(NOLLAB + ["simulate", "--team", "ben,zed"], capture_output=True, text=True)
    assert bad.returncode == 2 and "--team: unknown survivor(s) zed" in bad.stderr


# -- widget -------------------------------------------------------------------------------------------
def test_sim_panel_shows_win_rate_and_progress():
    from nollab.widgets.sim_panel import SimPanel
    panel = SimPanel.run("S1", "heuristic", games=6, seed=2, workers=1, display=False)
    wins = sum(1 for row in panel.results if row["result"] == "won")
    assert f'data-value="{wins}/6"' in panel.summary.value
    assert panel.progress.widget.value == 6 and panel.progress.label.value == "6/6 games"
    assert "nollab-sim-rounds" in panel.rounds.value and "nollab-sim-kills" in panel.kills.value


def test_step_bound_is_a_timeout_too():
    r = sim.run("S1", "random", games=3, seed=1, workers=1, max_steps=5)
    assert [row["result"] for row in r] == ["timeout"] * 3


def test_first_and_random_are_the_engines_policies():
    from nollab.rules.engine.policies import FirstPolicy, RandomPolicy
    assert sim.first is FirstPolicy and sim.random is RandomPolicy
    assert type(make_policy("random", 3)) is RandomPolicy
    assert sim.run("S1", "first", games=2, seed=1, workers=1).rows == \
        sim.run("S1", FirstPolicy(), games=2, seed=1, workers=1).rows


def test_default_batches_are_several_games():
    """Tasks well above 10 ms: at least 4 games (each a few ms or more) per batch by default."""
    r = sim.run("S1", "random", games=40, seed=1, workers=2)
    assert r.timing["batch_size"] >= 4 and r.timing["batches"] == math.ceil(40 / r.timing["batch_size"])


def test_heuristic_never_swings_damage_1_at_a_fatty():
    """P. 27: a Fatty needs Damage 2; a Table Leg (Damage 1) cannot kill it, so the bot walks away."""
    g = sandbox(STREET, {"ben": "T:a"}, ghouls={"T:a": {"fatty": 1}}, inventory={"ben": ["table_leg"]})
    a = _bot_action(g)
    assert a.kind != "melee"
    assert a == Action("move", "ben", ("T:b",))
