"""S3 setup (P. 35): "Spread Survivors in any way you see fit among the Survivor Starting Zones,
with at least 1 Survivor per Zone." -- one ``scene:start_zone`` Choice per Survivor (hook
``spread_survivors``, nollab/rules/scenes/spread.py)."""
from __future__ import annotations

import itertools

import pytest

from nollab.rules.engine.events import IllegalAction
from nollab.rules.game import Game
from nollab.rules.sandbox import sandbox
from nollab.rules.scenes.spread import allowed_zones

ALL = ["barbra", "ben", "harry", "helen", "judy", "tom"]
LIVING, KITCHEN = "1R:L", "2R:K"  # S3's Survivor Starting Areas #1 and #2 ([map] starting_areas)
#: the split S3.toml's ``[scene] start`` gives (the default of every Choice)
FILE_SPLIT = {"barbra": LIVING, "ben": LIVING, "harry": LIVING, "helen": KITCHEN, "judy": KITCHEN, "tom": KITCHEN}


def zones(g: Game) -> dict[str, str]:
    return {x: s.zone for x, s in g.state.survivors.items()}


def splits_offered(g: Game) -> set[tuple[str, ...]]:
    """Every final split reachable by answering the spread Choices in every possible way."""
    if g.pending is None or g.pending.kind != "scene:start_zone":
        return {tuple(zones(g)[x] for x in ALL)}
    out = set()
    for opt in g.pending.options:
        f = g.fork()
        f.choose(opt)
        out |= splits_offered(f)
    return out


def test_every_split_offered_keeps_a_survivor_in_each_starting_zone_and_all_such_splits_are_offered():
    """P. 35 "at least 1 Survivor per Zone": the reachable splits are exactly the 2^6 - 2 ways to
    put 6 Survivors in 2 Zones with neither empty (brute force over all 64 assignments)."""
    g = Game.new("S3", seed=1)
    assert g.pending.kind == "scene:start_zone" and g.pending.survivor == "barbra"
    assert "at least 1 per Zone" in g.pending.prompt
    brute = {a for a in itertools.product((LIVING, KITCHEN), repeat=6) if len(set(a)) == 2}
    assert len(brute) == 62
    assert splits_offered(g) == brute


def test_a_zone_left_empty_is_not_offered_and_the_prompt_says_why():
    """Five Survivors in the living room: Tom has no choice but the kitchen (never asked); four
    there and Judy is asked: both Zones (Tom can still fill the kitchen)."""
    g = Game.new("S3", seed=1)
    for _ in range(4):
        assert sorted(g.pending.options) == sorted([LIVING, KITCHEN])
        g.choose(LIVING)
    assert g.pending.survivor == "judy" and sorted(g.pending.options) == sorted([LIVING, KITCHEN])
    g.choose(LIVING)
    assert g.pending is None or g.pending.kind != "scene:start_zone"
    assert zones(g)["tom"] == KITCHEN
    assert any("only Starting Zone left" in e.text for e in g.events if e.kind == "setup")


def test_fewer_survivors_than_zones_left_only_the_empty_zones_are_offered():
    """Ben and Harry (both Starting Area #1 in the Scene file): Ben may take either Zone, Harry
    then must take the other -- today's file split would leave the kitchen empty (P. 35)."""
    g = Game.new("S3", seed=1, survivors=["ben", "harry"])
    assert g.pending.survivor == "ben" and g.pending.options[g.pending.default] == LIVING
    g.choose(g.pending.options[g.pending.default])
    assert zones(g) == {"ben": LIVING, "harry": KITCHEN}


@pytest.mark.parametrize("zones_n,placed,left", [(3, [], 3), (3, ["a"], 2), (3, ["a", "a"], 1), (3, [], 4),
                                                 (3, ["a", "b"], 2), (2, [], 1), (3, ["a"], 4)])
def test_allowed_zones_matches_brute_force(zones_n, placed, left):
    """A Zone is offered iff some way of placing the others after it covers as many Starting Zones
    as can be covered (all of them with enough Survivors) -- checked over every completion."""
    zs = ["a", "b", "c"][:zones_n]
    best = min(len(zs), len(set(placed)) + left)

    def ok(z):
        return any(len(set(placed) | {z} | set(rest)) >= best for rest in itertools.product(zs, repeat=left - 1))
    assert allowed_zones(zs, placed, left) == [z for z in zs if ok(z)]


def test_a_bad_option_is_refused_in_one_line_with_no_state_change():
    g = Game.new("S3", seed=1)
    h, pending = g.state_hash(), g.pending
    for bad in ("4R:e", "1R:P", 3, None):
        with pytest.raises(IllegalAction) as e:
            g.choose(bad)
        assert "\n" not in str(e.value) and "scene:start_zone" in str(e.value)
        assert g.state_hash() == h and g.pending is pending


def test_the_chosen_split_is_where_the_survivors_stand_at_round_1():
    """Choose Tom alone in the living room, everyone else in the kitchen: round 1's first Turn
    finds them there (P. 35, P. 8)."""
    want = {x: KITCHEN for x in ALL} | {"tom": LIVING}
    g = Game.new("S3", seed=4)
    while g.pending is not None and g.pending.kind == "scene:start_zone":
        g.choose(want[g.pending.survivor])
    while g.needs() not in ("action", "over"):
        g.step() if g.pending is None else g.choose(g.pending.options[g.pending.default])
    assert g.state.round == 1 and g.needs() == "action"
    assert zones(g) == want


def test_defaults_are_the_scene_file_split():
    """Guard: bots and run_until take the defaults, which stand exactly where S3.toml puts them."""
    g = Game.new("S3", seed=2)
    asked = 0
    while g.pending is not None and g.pending.kind == "scene:start_zone":
        assert g.pending.options[g.pending.default] == FILE_SPLIT[g.pending.survivor]
        g.choose(g.pending.options[g.pending.default])
        asked += 1
    assert asked == 6 and zones(g) == FILE_SPLIT


def test_save_and_load_in_the_middle_of_the_spread():
    """A save (JSON), a position text and a replay taken between two spread Choices go on alike."""
    g = Game.new("S3", seed=5)
    g.choose(KITCHEN)
    g.choose(KITCHEN)
    g2 = Game.from_json(g.to_json())
    g3 = Game.from_position(g.position())  # the position text (docs/position.md) carries it too
    assert g3.pending.to_dict() == g.pending.to_dict()
    assert g2.pending.kind == "scene:start_zone" and g2.pending.survivor == "harry"
    assert g2.pending.options == g.pending.options and g2.state_hash() == g.state_hash()
    for x in (g, g2, g3):
        for z in (KITCHEN, KITCHEN, KITCHEN):  # Tom is then placed in the empty living room, unasked
            x.choose(z)
    assert g2.state_hash() == g.state_hash() and zones(g3) == zones(g)
    assert g.replay().state_hash() == g.state_hash()  # the decision log re-applied from Game.new
    assert zones(g2) == {"barbra": KITCHEN, "ben": KITCHEN, "harry": KITCHEN, "helen": KITCHEN,
                         "judy": KITCHEN, "tom": LIVING}


def test_a_hand_placed_position_outside_the_starting_zones_is_not_spread():
    """Sandbox: a Survivor placed elsewhere by hand says where everyone stands: nothing asked."""
    g = sandbox("S3", {"ben": "3R:U", "judy": KITCHEN})
    assert g.pending is None or g.pending.kind != "scene:start_zone"
    assert zones(g) == {"ben": "3R:U", "judy": KITCHEN}


def test_the_play_dashboard_shows_the_spread_choice_suggests_the_default_and_a_click_answers_it():
    """GamePlayer (real ipywidgets, no browser): S3 opens on Barbra's Starting Zone decision, one
    button per offered Zone; Suggest names the bot's answer (the Scene file's split) and changes
    nothing; clicking the kitchen puts her there and asks Ben next."""
    import html

    from nollab.widgets.game_player import GamePlayer
    player = GamePlayer(scene="S3", seed=3)
    g = player.driver.game
    choice = g.pending
    assert choice.kind == "scene:start_zone" and choice.survivor == "barbra"
    prompt, box = player.choice_box.children
    assert "where does Barbra start?" in html.unescape(prompt.value)
    assert [b.description for b in box.children] == choice.labels
    h = g.state_hash()
    player.suggest_button.click()
    assert g.state_hash() == h
    lit = [b.description for b in player.choice_box.children[1].children if "nollab-suggested" in b._dom_classes]
    assert lit == [choice.labels[choice.options.index(LIVING)]]
    kitchen = player.choice_box.children[1].children[choice.options.index(KITCHEN)]
    assert "kitchen" in kitchen.description
    kitchen.click()
    g = player.driver.game
    assert g.state.survivors["barbra"].zone == KITCHEN
    assert g.pending.kind == "scene:start_zone" and g.pending.survivor == "ben"
