"""GamePlayer, its Driver and SurvivorPanel without a browser (the browser test drives the page).

Expected outcomes are checked against the engine's own state (zones, rounds, state hashes), never
against values the widget computed.
"""
from __future__ import annotations

import pytest

from nollab.rules import Game
from nollab.widgets.game_driver import POLICIES, Driver
from nollab.widgets.game_player import GamePlayer
from nollab.widgets.survivor_panel import SurvivorPanel, SurvivorView, danger_level, survivor_html


@pytest.fixture
def player():
    return GamePlayer(scene="S1", seed=3)


def test_driver_stops_at_the_requested_boundary():
    d = Driver("S1", 5)
    st = d.state
    assert (st.round, st.phase) == (1, "players")
    d.advance("phase", "random")
    assert d.state.phase != "players" or d.state.round != 1
    r = d.state.round
    d.advance("round", "random")
    assert d.over() or d.state.round == r + 1


def test_next_action_applies_exactly_one_player_action():
    d = Driver("S1", 5)
    log0 = list(d.game.log)
    d.advance("action", "first")
    new = d.game.log[len(log0):]
    assert [e["t"] for e in new].count("action") == 1


def test_without_the_policy_the_driver_waits_for_the_player():
    d = Driver("S1", 5)
    before = d.game.state_hash()
    assert d.waiting()
    assert d.advance("round", "random", policy_plays=False) == 0
    assert d.game.state_hash() == before


def test_policies_are_seeded_so_auto_play_replays():
    a, b = Driver("S1", 9), Driver("S1", 9)
    for d in (a, b):
        for _ in range(3):
            d.advance("round", "fighter")
    assert a.game.state_hash() == b.game.state_hash()
    assert set(POLICIES) >= {"random", "first", "fighter"}
    with pytest.raises(ValueError, match="policy must be one of"):
        a.advance("step", "clever")
    with pytest.raises(ValueError, match="target must be"):
        a.advance("turn", "random")


def test_clicking_a_legal_move_zone_moves_the_active_survivor(player):
    """P. 18: a Move to an adjacent Zone; the board click is the Move."""
    game = player.driver.game
    sid = game.state.active
    moves = [a for a in game.legal_actions() if a.kind == "move"]
    assert moves
    target = moves[0].params[0]
    cells = game.board.zone(target).cells
    r, c = cells[0]
    player.board.click((c + 0.5) * player.cell, (r + 0.5) * player.cell)
    assert player.driver.game.state.survivors[sid].zone == target
    assert any(e.kind == "move" for e in player.driver.game.events[-3:])


def test_clicking_another_zone_selects_it_and_draws_its_line_of_sight(player):
    game = player.driver.game
    zone = next(t.zone for t in game.scene.tokens.spawns if t.colour == "white")
    r, c = game.board.zone(zone).cells[0]
    before = game.state_hash()
    player.board.click((c + 0.5) * player.cell, (r + 0.5) * player.cell)
    assert player.selected == zone and game.state_hash() == before
    dl = player.board.display_list
    assert dl.tagged("select") and len(dl.tagged("sight:ray")) == len(game.board.line_of_sight(zone)) - 1
    player.board.click((c + 0.5) * player.cell, (r + 0.5) * player.cell)  # click again: deselect
    assert player.selected is None and not player.board.display_list.tagged("select")


def test_buttons_step_undo_and_the_log_with_pages(player):
    game = player.driver.game
    h0 = game.state_hash()
    n0 = len(game.events)
    player.step_button.click()
    assert player.driver.game.state_hash() != h0
    assert len(player.driver.game.events) > n0
    assert "(P. " in player.event_log.value
    player.undo_button.click()
    assert player.driver.game.state_hash() == h0
    player.round_button.click()
    assert player.driver.game.state.round == 2 or player.driver.over()
    assert player.driver.error == ""


def test_engine_errors_show_in_the_status_line_and_change_nothing(player):
    player.undo_button.click()  # nothing to undo yet
    assert "nothing to undo" in player.status.value
    h = player.driver.game.state_hash()
    player.new_game("S99", 1)
    assert "cannot start S99" in player.status.value
    assert player.driver.game.state_hash() == h


def test_pending_choice_shows_buttons_and_a_click_answers_it():
    """P. 18: after a Search the player keeps or discards the card: one button per option."""
    player = GamePlayer(scene="S1", seed=7)
    d = player.driver
    for _ in range(200):
        if d.pending() is not None:
            break
        search = [a for a in d.legal_actions() if a.kind == "search"]
        if search:
            player._apply(search[0])
        else:
            player._run("step")
    choice = d.pending()
    assert choice is not None
    buttons = player.choice_box.children[1].children
    assert [b.description for b in buttons] == [str(x) for x in choice.labels]
    buttons[-1].click()
    assert d.pending() is None or d.pending() is not choice


def test_action_buttons_list_the_active_survivors_legal_actions(player):
    legal = player.driver.legal_actions()
    labels = [b.description for b in player.actions_box.children]
    assert len(labels) == min(len(legal), 36)
    name = player.driver.survivor_name(player.driver.game.state.active)
    assert all(label.startswith(name) for label in labels)
    player.actions_box.children[0].click()
    assert player.driver.game.log[-1]["t"] == "action"


def test_auto_play_tick_advances_and_stops_when_over(player):
    h = player.driver.game.state_hash()
    player.play.value += 1  # a counter change while paused (the stop button rewinds it) is no step
    assert player.driver.game.state_hash() == h
    player.play.playing = True
    player.play.value += 1
    assert player.driver.game.state_hash() != h
    player.play.playing = False
    assert "auto-play stopped" in player.status.value
    for _ in range(60):
        player.driver.advance("round", "random")
        if player.driver.over():
            break
    if player.driver.over():
        player.play.playing = True
        player.play.value += 1
        assert player.play.playing is False


def test_survivor_panels_follow_the_game(player):
    game = player.driver.game
    assert set(player.panels) == set(game.state.survivors)
    active = game.state.active
    assert "#0a84ff" in player.panels[active].value  # the active Survivor's frame


def test_danger_levels_from_the_rulebook_thresholds():
    """P. 14: Blue 0-6 XP, Yellow 7-18, Orange 19-42, Red 43+."""
    assert [danger_level(x) for x in (0, 6, 7, 18, 19, 42, 43, 80)] == [0, 0, 1, 1, 2, 2, 3, 3]


def test_survivor_html_shows_mode_wounds_slots_and_skills():
    v = SurvivorView(id="ben", name="Ben", colour="#123456", mode="zombicide", xp=8, wounds=2,
                     hands=("Sawed-Off", None), backpack=("Scope",), skills=("+1 Action",),
                     zone="hall", active=True, barricades=1)
    text = survivor_html(v)
    assert "Zombicide" in text and "Yellow" in text and "XP 8" in text
    assert text.count("#c0392b") == 2  # two filled wound boxes of three (P. 22)
    assert text.count("nollab-slot-hand") == 2 and text.count("nollab-slot-pack") == 3  # P. 16
    assert "Sawed-Off" in text and "Scope" in text and "+1 Action" in text and "1 Barricade token" in text
    panel = SurvivorPanel(v)
    assert panel.update(v) is False and panel.update(SurvivorView(**{**v.__dict__, "wounds": 3})) is True
    assert "&lt;" in survivor_html(SurvivorView(**{**v.__dict__, "name": "<b>"}))


def test_game_player_accepts_a_game_factory():
    made = []

    def factory(scene, seed):
        made.append((scene, seed))
        return Game.new(scene=scene, seed=seed)

    p = GamePlayer("S1", 4, game_factory=factory)
    p.new_game("S1", 8)
    assert made == [("S1", 4), ("S1", 8)]


# ----------------------------------------------------------------------------- controls (issue 14)
def test_the_default_stepping_policy_is_the_heuristic_bot(player):
    assert player.policy.value == "heuristic"


def test_undo_takes_back_the_last_decision_and_what_followed():
    """One Undo = back to the previous decision (the game waits for it again); with "undo single
    steps" ticked, one engine event."""
    player = GamePlayer(scene="S1", seed=3)
    g = player.driver.game
    h0, log0 = g.state_hash(), len(g.log)
    player.actions_box.children[0].click()  # a decision
    for _ in range(3):
        if g.needs() == "step":
            player.step_button.click()  # engine steps after it
    assert len(player.driver.game.log) > log0
    player.undo_button.click()
    assert player.driver.game.state_hash() == h0 and len(player.driver.game.log) == log0
    assert "took back the last decision" in player.status.value
    player.action_button.click()
    player.step_button.click()
    n = len(player.driver.game.log)
    player.undo_steps.value = True
    player.undo_button.click()
    assert len(player.driver.game.log) == n - 1


def test_suggest_names_the_bots_choice_highlights_it_and_changes_nothing(player):
    g = player.driver.game
    h = g.state_hash()
    player.suggest_button.click()
    assert g.state_hash() == h
    labels = [a.label for a in g.view().actions]
    assert player.driver.suggester() == "planner"  # the search bot (issue 16) answers Suggest once registered
    said = player.status.value.split("Suggest (planner): ")[1].split("</div>")[0]
    import html as _html
    assert _html.unescape(said) in labels
    lit = [b for b in player.actions_box.children if "nollab-suggested" in b._dom_classes]
    assert [b.description for b in lit] == [_html.unescape(said)]


def test_picking_a_scene_starts_it_at_once(player):
    player.scene_picker.value = "S2"
    assert player.driver.game.state.scene == "S2" and "new game: S2" in player.status.value


def test_without_the_policy_next_action_and_end_of_round_say_why_they_stop(player):
    player.policy_plays.value = False
    h = player.driver.game.state_hash()
    for button in (player.action_button, player.round_button):
        button.click()
        assert player.driver.game.state_hash() == h
        assert "must choose an action" in player.status.value
        assert "policy plays the survivors" in player.status.value


def test_at_the_end_a_banner_and_the_buttons_say_the_game_is_over(player):
    g = player.driver.game
    g.state.result, g.state.reason = "lost", "every Survivor is eliminated"  # as Ctx.lose writes it
    g.touch()
    player.step_button.click()
    assert "the game is over" in player.status.value
    assert "Scene lost" in player.scoreboard.value and "every Survivor is eliminated" in player.scoreboard.value
    assert player.board.display_list.tagged("banner:lost") and not player.board.display_list.tagged("banner:won")
    player.suggest_button.click()
    assert "the game is over" in player.status.value


def test_clicking_a_zone_that_is_no_move_says_so(player):
    game = player.driver.game
    zone = next(t.zone for t in game.scene.tokens.spawns if t.colour == "white")
    r, c = game.board.zone(zone).cells[0]
    player.board.click((c + 0.5) * player.cell, (r + 0.5) * player.cell)
    assert "selected" in player.status.value and "cannot Move there" in player.status.value


def test_settings_that_act_later_say_so(player):
    h = player.driver.game.state_hash()
    player.seed_box.value = 9
    assert "seed 9: used by the next New game" in player.status.value
    player.policy.value = "fighter"
    assert "policy fighter" in player.status.value
    player.policy_plays.value = False
    assert "run buttons stop at every decision" in player.status.value
    assert player.driver.game.state_hash() == h
