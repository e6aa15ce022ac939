"""One registry each (issue 19): policies, Scene hooks (a user's hook module too), the engine's
steps; one run-until loop for every caller; one definition of the Ghoul types; no subcommand
hidden behind an ImportError."""
from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from nollab.cli import COMMANDS, build_parser, main
from nollab.content_model import GHOUL_TYPES, ghoul_label, ghoul_plural, ghoul_type_key
from nollab.rules.engine.policies import FirstPolicy, RandomPolicy
from nollab.rules.engine.run import TARGETS, run_until
from nollab.rules.game import Game
from nollab.rules.scenes.hooks import HOOKS, Hook, register_hooks, scene_hook
from nollab.rules.scenes.scene import load_scene
from nollab.sim import policy as policies
from nollab.sim.policy import POLICIES, make_policy, register_policy
from nollab.widgets.game_driver import Driver

ROOT = Path(__file__).resolve().parents[1]
S2 = (ROOT / "nollab" / "data" / "scenes" / "S2.toml").read_text()


# ------------------------------------------------------------------------------ policies
class Cautious:
    name = "cautious"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose_action(self, game, actions):
        return next((a for a in actions if a.kind == "do_nothing"), actions[0])

    def choose_option(self, game, choice):
        return choice.options[choice.default]


@pytest.fixture
def cautious():
    register_policy("cautious", Cautious)
    yield
    POLICIES.pop("cautious", None)


def test_one_policy_registry_for_runs_the_cli_and_the_game_player(cautious):
    assert {"first", "random", "heuristic", "fighter", "idle"} <= set(POLICIES)
    p = make_policy("cautious", 5)
    assert isinstance(p, Cautious) and p.seed == 5
    d = Driver("S1", 2)
    assert isinstance(d.policy("cautious"), Cautious)  # the GamePlayer reads the same registry
    d.advance("round", "cautious")
    assert not any(e["t"] == "action" and e["action"]["kind"] not in ("activate", "do_nothing")
                   for e in d.game.log)
    assert type(make_policy("first")) is FirstPolicy and type(make_policy("random", 1)) is RandomPolicy


def test_register_policy_refuses_bad_input_and_changes_nothing():
    before = dict(POLICIES)
    with pytest.raises(ValueError, match="built-in"):
        register_policy("random", Cautious)
    with pytest.raises(ValueError, match="name must be"):
        register_policy("two words", Cautious)
    with pytest.raises(ValueError, match="not a class or factory"):
        register_policy("thing", 42)
    assert POLICIES == before


def test_cli_play_takes_every_registered_policy(capsys):
    assert main(["play", "--scene", "S1", "--seed", "1", "--policy", "fighter", "--rounds", "2", "--json"]) == 0
    assert '"policy": "fighter"' in capsys.readouterr().out
    assert main(["play", "--policy", "nope"]) == 2
    err = capsys.readouterr().err
    assert "--policy must be one of" in err and "heuristic" in err


# ------------------------------------------------------------------------------ one run-until
def test_run_until_step_takes_exactly_one_step():
    g = Game.new("S1", seed=4)
    n = len(g.log)
    assert run_until(g, "step", FirstPolicy()) == 1 and len(g.log) == n + 1


def test_without_players_the_loop_stops_before_every_player_decision():
    g = Game.new("S1", seed=4)
    assert g.needs() in ("action", "choice")
    h = g.state_hash()
    assert g.run_until("round", players=False) == 0 and g.state_hash() == h
    g.run_until("phase", FirstPolicy())  # to the Ghouls' Phase: engine steps only until the next decision
    assert g.state.phase == "ghouls"
    steps = g.run_until("round", players=False)
    assert steps > 0 and g.needs() in ("action", "choice", "over")


def test_the_game_player_runs_on_the_engine_loop():
    """Driver.advance and Game.run_until are one loop: same start, same policy, same end."""
    d = Driver("S1", 8)
    g = Game.new("S1", seed=8)
    d.advance("phase", "first")
    g.run_until("phase", make_policy("first", 8))
    assert d.game.state_hash() == g.state_hash()
    with pytest.raises(ValueError, match="what must be"):
        g.run_until("turn")
    assert set(TARGETS) == {"step", "action", "choice", "phase", "round", "end"}


# ------------------------------------------------------------------------------ scene hooks
USER_HOOKS = '''
from nollab.rules.scenes.hooks import Hook, scene_hook


@scene_hook("lights_out")
class LightsOut(Hook):
    """A user's rule: announce it at setup; win once any Survivor stands in the starting Zone of
    the lights (a [scene.rules] parameter)."""

    def on_setup(self, ctx):
        ctx.emit("scene", "house rule", "Lights out: the power is cut")

    def check(self, ctx):
        zone = self.scene.data.get("rules", {}).get("lights_zone")
        if any(s.zone == zone for s in ctx.st.survivors.values()):
            ctx.win("someone reached the fuse box", "house rule")
'''


@pytest.fixture(scope="module")
def box(tmp_path_factory) -> Path:
    """A user's folder with one hook file (one file per hook name: two files may not both define
    "lights_out")."""
    d = tmp_path_factory.mktemp("box")
    (d / "scenes").mkdir()
    (d / "scenes" / "house_rules.py").write_text(USER_HOOKS)
    return d


def _user_scene(tmp_path: Path, hooks_line: str, extra: str = "", name: str = "MY2") -> Path:
    (tmp_path / "scenes").mkdir(exist_ok=True)
    text = re.sub(r'hooks = \[', f'{hooks_line}\nhooks = ["lights_out", ', S2, count=1)
    p = tmp_path / "scenes" / f"{name}.toml"
    p.write_text(text + extra)
    return p


def test_a_scene_file_names_a_users_hook_module(box, monkeypatch):
    p = _user_scene(box, 'hook_modules = ["house_rules.py"]')
    g = Game.new(str(p), seed=3)
    assert "lights_out" in HOOKS and any(e.text == "Lights out: the power is cut" for e in g.events)
    monkeypatch.setenv("NOLLAB_CONTENT", str(box))  # a save names a content-folder Scene by id (issue 12)
    j = Game.from_json(g.to_json())  # the saved game finds the user's hooks again
    assert j.state_hash() == g.state_hash()
    assert type(load_scene(str(p)).hooks[0]).__name__ == "LightsOut"


def test_a_users_hook_wins_the_game(box):
    start = Game.new("S2", seed=3)
    zone = next(iter(start.state.survivors.values())).zone
    p = _user_scene(box, 'hook_modules = ["house_rules.py"]', f'\n[scene.rules]\nlights_zone = "{zone}"\n', "WIN")
    g = Game.new(str(p), seed=3)
    g.run_until("action", FirstPolicy())
    assert g.state.result == "won" and "fuse box" in g.state.reason


def test_bad_hook_modules_are_one_line_errors_naming_the_entry(tmp_path, box):
    p = _user_scene(tmp_path, 'hook_modules = ["missing.py"]')
    with pytest.raises(ValueError, match=r"MY2.toml: \[scene\] hook_modules\[0\]: no hook file"):
        Game.new(str(p), seed=1)
    p = _user_scene(tmp_path, 'hook_modules = ["no_such_package.hooks"]')
    with pytest.raises(ValueError, match=r"hook_modules\[0\]: hook module 'no_such_package.hooks' cannot be imported"):
        Game.new(str(p), seed=1)
    (tmp_path / "scenes" / "broken.py").write_text("raise RuntimeError('oops')\n")
    p = _user_scene(tmp_path, 'hook_modules = ["broken.py"]')
    with pytest.raises(ValueError, match="hook file .*broken.py: RuntimeError: oops"):
        Game.new(str(p), seed=1)
    p = _user_scene(tmp_path, "hook_modules = 7")
    with pytest.raises(ValueError, match="a list of .py files or module names"):
        Game.new(str(p), seed=1)
    p = _user_scene(tmp_path, f'hook_modules = ["{box / "scenes" / "house_rules.py"}", ""]')
    with pytest.raises(ValueError, match="a list of .py files or module names"):
        Game.new(str(p), seed=1)


def test_register_hooks_by_module_name_and_no_silent_double_names(tmp_path, monkeypatch):
    pkg = tmp_path / "mybox"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "hooks.py").write_text(textwrap.dedent('''
        from nollab.rules.scenes.hooks import Hook, scene_hook

        @scene_hook("mybox_rule")
        class MyboxRule(Hook):
            pass
    '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    mod = register_hooks("mybox.hooks")
    assert HOOKS["mybox_rule"] is mod.MyboxRule
    with pytest.raises(ValueError, match="registered twice"):
        @scene_hook("mybox_rule")
        class Other(Hook):
            pass
    assert HOOKS["mybox_rule"] is mod.MyboxRule


# ------------------------------------------------------------------------------ Ghoul types
def test_one_definition_of_the_ghoul_types():
    """The list of the four types is written in one place (nollab/ghoul_types.py, importable without
    the content model for a cold odds query; content_model re-exports it) and their names in one
    (content_model);
    everything else reads GHOUL_TYPES / ghoul_label / ghoul_plural. (Per-type data such as the
    Targeting Priority preference or default wounds are values, not the list of types.)"""
    listing = re.compile(r'"walker",\s*"breaker",\s*"fatty",\s*"relative"')
    names = re.compile(r'"(Walkers|Breakers|Fatties|Relatives)"')
    found = []
    for p in list((ROOT / "nollab").rglob("*.py")) + list((ROOT / "widgets").rglob("*.py")):
        for i, line in enumerate(p.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            if listing.search(code) or names.search(code):
                found.append(f"{p.relative_to(ROOT)}:{i}")
    lists = [f for f in found if not f.startswith("nollab/content_model.py:")]
    assert len(lists) == 1 and lists[0].startswith("nollab/ghoul_types.py:"), found
    assert GHOUL_TYPES == ("walker", "breaker", "fatty", "relative")  # P. 17, the state's tuple order
    assert [ghoul_label("fatty", 2), ghoul_label("walker"), ghoul_plural("relative")] == ["2 Fatties", "1 Walker",
                                                                                          "Relatives"]
    assert sorted(["relative", "zombie", "walker", "fatty"], key=ghoul_type_key) == ["walker", "fatty", "relative",
                                                                                    "zombie"]


# ------------------------------------------------------------------------------ CLI
def test_every_subcommand_is_listed_and_an_import_failure_is_not_hidden(monkeypatch):
    help_text = build_parser().format_help()
    assert all(name in help_text for name in COMMANDS)
    monkeypatch.setitem(COMMANDS, "broken", "no_such_module_cmd")
    with pytest.raises(ModuleNotFoundError):
        build_parser()


def test_policy_module_is_the_registry_and_not_a_copy():
    from nollab.widgets import game_driver
    assert game_driver.POLICIES is policies.POLICIES
