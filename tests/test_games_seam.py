"""The game seam (nollab.games): registry through entry points, the Match protocol, NOTLD's
adapter unchanged in behaviour, and the generic play/simulate paths with a game nollab never ships."""
from __future__ import annotations

import json
import subprocess
from fractions import Fraction
import sys
from importlib import metadata

import pytest

import nollab.games as G
from nollab.games import registry
from nollab.render import display_list, game_overlay, to_svg
from nollab.rules import Game
from nollab.sim.policy import make_policy
from toy_game import SPEC as ESCAPE


@pytest.fixture
def escape():
    G.register(ESCAPE, replace=True)
    yield ESCAPE
    G.unregister("escape")


# ---- registry ------------------------------------------------------------------------------------
def test_notld_is_registered_through_the_installed_entry_point():
    eps = {ep.name: ep.value for ep in metadata.entry_points(group=G.GROUP)}
    assert eps["notld"] == "nollab.games.notld:GAME"
    spec = G.get_game("NOTLD")
    assert spec.name == "notld" and spec is G.games()["notld"]
    assert spec.setups()[:3] == ["S1", "S2", "S3"] and "S10" in spec.setups()


def test_unknown_game_names_the_registered_ones():
    with pytest.raises(G.UnknownGame, match=r"unknown game 'chess' \(registered: notld"):
        G.get_game("chess")
    with pytest.raises(G.UnknownGame, match="short string"):
        G.get_game("x" * 500)


def test_a_broken_entry_point_is_reported_and_hides_nothing(monkeypatch):
    def boom():
        raise ImportError("no module named 'nowhere'")

    monkeypatch.setattr(registry, "_entry_points",
                        lambda: [("broken", "nowhere:GAME", boom), ("wrong", "x:Y", lambda: object())])
    try:
        names = G.games(refresh=True)
        assert "notld" in names and "broken" not in names
        errs = G.load_errors()
        assert "ImportError" in errs["broken"] and "not a nollab.games.GameSpec" in errs["wrong"]
        with pytest.raises(G.UnknownGame, match="registered but does not load"):
            G.get_game("broken")
    finally:
        monkeypatch.undo()
        G.games(refresh=True)


def test_runtime_registration(escape):
    assert G.get_game("escape") is escape
    with pytest.raises(ValueError, match="already registered"):
        G.register(escape)
    with pytest.raises(TypeError):
        G.register(object())


# ---- NOTLD through the seam: the same game, step for step ----------------------------------------
@pytest.mark.parametrize("scene,seed", [("S1", 3), ("S4", 1), ("S7", 2)])
def test_notld_adapter_plays_exactly_the_engine_game(scene, seed):
    direct = Game.new(scene, seed=seed, history=False)
    direct.run_until("end", make_policy("random", seed), max_rounds=12)
    spec = G.get_game("notld")
    match = spec.new(seed=seed, setup=scene, history=False)
    assert isinstance(match, G.Match)
    match.run_until("end", spec.make_policy("random", seed), max_rounds=12)
    assert match.state_hash() == direct.state_hash()
    assert match.summary() == direct.summary()
    assert [str(e) for e in match.events] == [str(e) for e in direct.events]


def test_notld_adapter_history_json_and_pictures():
    spec = G.get_game("notld")
    m = spec.new(seed=5, setup="S1")
    assert m.needs() == "action" and m.chance() is None and m.round == 1 and m.result is None
    e = spec.new(seed=5, setup="S1")
    e.game.set_explicit_chance(True)
    for _ in range(400):  # play until the engine stands before a roll or a draw
        if e.needs() == "chance":
            break
        e.step(spec.make_policy("random", 5))
    node = e.chance()
    assert e.needs() == "chance" and node is not None and node.total > 0
    assert sum(node.probs().values()) == 1
    e.resolve_chance(node.outcomes[0])
    assert e.game.log[-1]["t"] == "chance"
    m.run_until("round", spec.make_policy("random", 5))
    h = m.state_hash()
    assert m.replay().state_hash() == h
    assert spec.from_json(m.to_json()).state_hash() == h
    before = m.state_hash()
    m.step(spec.make_policy("random", 5))
    m.undo()
    assert m.state_hash() == before
    assert m.display_list() == display_list(m.game, game_overlay(m.game))
    assert m.view()["scene"] == "S1" and m.view()["round"] == m.round
    acts = m.legal_actions() or spec.new(seed=5, setup="S1").legal_actions()
    # a player's label: the Survivor's card name, then the action (not the engine's repr)
    assert m.describe(acts[0]).split(": ")[0] == m.game.content.survivors[acts[0].survivor].name
    assert "<svg" in to_svg(m.display_list())
    with pytest.raises(ValueError):
        m.resolve_chance(3)  # nothing to roll now: IllegalAction, a ValueError


def test_cli_play_notld_through_the_registry_matches_the_engine(capsys):
    from nollab.cli import main
    assert main(["play", "--game", "notld", "--scene", "S1", "--seed", "3", "--policy", "random", "--rounds", "8",
                 "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    g = Game.new("S1", seed=3, history=False)
    g.run_until("end", make_policy("random", 3), max_rounds=8)
    want = g.summary()
    want["rounds"] = min(want["rounds"], 8)
    want["policy"] = "random"
    assert got == json.loads(json.dumps(want, sort_keys=True))


@pytest.mark.parametrize("argv,needle", [
    (["play", "--game", "go"], "--game: unknown game 'go'"),
    (["play", "--policy", "nope"], "--policy must be one of"),
    (["play", "--rounds", "0"], "--rounds must be 1..10000"),
    (["play", "--scene", "S99"], "--scene S99"),
    (["play", "--players", "3"], "--players: notld has no players"),
    (["simulate", "--game", "go"], "--game: unknown game 'go'"),
])
def test_cli_bad_game_input_is_one_line_and_exit_2(argv, needle):
    r = subprocess.run([sys.executable, "-m", "nollab.cli", *argv], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2, r.stderr
    assert needle in r.stderr and len(r.stderr.strip().splitlines()) == 1


# ---- a game nollab never ships: play, simulate, replay ------------------------------------------
def test_play_match_and_explicit_chance_for_a_runtime_game(escape):
    m, summary = G.play_match("escape", seed=4)
    assert summary["result"] in ("won", "lost")
    assert m.replay().state_hash() == m.state_hash()
    m2 = escape.new(seed=4)
    m2.apply("walk")
    ch = m2.chance()
    assert ch.total == 6 and ch.prob(1) == ch.prob(6) == Fraction(1, 6) and ch.prob(7) == 0
    m2.resolve_chance(2)
    assert m2.view()["bites"] == 1


def test_simulate_runs_any_registered_game(escape):
    from nollab.sim.runner import run
    r = run(None, "walker", games=12, seed=3, workers=1, game="escape")
    assert len(r) == 12 and r.meta["game"] == "escape" and r.meta["kill_types"] == ["zombie"]
    assert {row["result"] for row in r} <= {"won", "lost"}
    again = run(None, "walker", games=12, seed=3, workers=1, game="escape")
    assert again == r
    s = r.summary()
    assert s["wins"] + s["losses"] == 12 and s["kills_by_type"] == {"zombie": 0}
    assert r.text().startswith("escape (standard) with walker: 12 games") and "mean XP" not in r.text()
    with pytest.raises(ValueError, match="unknown setup"):
        run("hard", "walker", games=1, workers=1, game="escape")
    with pytest.raises(ValueError, match="unknown policy"):
        run(None, "nobody", games=1, workers=1, game="escape")
