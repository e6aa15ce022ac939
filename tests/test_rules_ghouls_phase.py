"""Ghouls' Phase driven by the engine (P. 22-25) and the end of a round (P. 8, 28)."""
from __future__ import annotations

from nollab.board import board_from_grid
from nollab.rules.engine.actions import Action
from nollab.rules.sandbox import sandbox
from nollab.rules.survivors.skills import active_skills, effective_mode
from nollab.rules.engine.tasks import Task

ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})
HOUSE = board_from_grid("aKL", {"a": "exterior", "K": "interior", "L": "interior"},
                        openings=[("dK", "r1c1-r1c2", "door", False), ("dL", "r1c2-r1c3", "door", True)])


def end_turns(g):
    while g.needs() == "action":
        g.apply(Action("do_nothing", g.state.active))


def run_phase(g):
    """Play the Ghouls' Phase with the default choices until the next round starts."""
    end_turns(g)
    r = g.state.round
    while g.state.round == r and not g.over:
        g.step()


def test_one_survivor_takes_every_attack_fatty_deals_two():
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 1, "fatty": 1}})
    end_turns(g)
    while g.state.phase != "end" and not g.over:
        g.step()
    assert g.over and g.state.result == "lost"  # 1 + 2 = 3 Wounds: eliminated, game lost (P. 22, P. 8)


def test_survivors_in_the_zone_split_the_attacks_by_choice():
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:a"}, ghouls={"T:a": {"walker": 2}})
    end_turns(g)
    while g.pending is None:
        g.step()
    ch = g.pending
    assert ch.kind == "wounds"
    dealt = [sorted(tuple(x) for x in o) for o in ch.options]
    assert sorted(dealt) == sorted([[("judy", 0), ("tom", 2)], [("judy", 1), ("tom", 1)], [("judy", 2), ("tom", 0)]])
    assert sorted(tuple(x) for x in ch.options[ch.default]) == [("judy", 1), ("tom", 1)]  # "spread" default
    g.choose(ch.options[ch.default])
    assert g.state.survivors["tom"].wounds == 1 and g.state.survivors["judy"].wounds == 1


def test_breakers_open_the_closed_door_and_spend_their_action_others_walk_through():
    g = sandbox(HOUSE, {"tom": "T:K"}, ghouls={"T:a": {"breaker": 1, "walker": 1}}, spawns=[])
    run_phase(g)
    assert g.state.opening_open["dK"] is True
    assert g.state.ghouls == {"T:a": (0, 1, 0, 0), "T:K": (1, 0, 0, 0)}


def test_ghouls_go_for_most_survivors_in_sight_not_the_nearest():
    """P. 23: "distance doesn't matter"."""
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:d", "ben": "T:d"}, ghouls={"T:b": {"walker": 1}})
    run_phase(g)
    assert g.state.ghouls == {"T:c": (1, 0, 0, 0)}


def test_a_lone_ghoul_between_two_equal_targets_is_a_player_decision():
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:c"}, ghouls={"T:b": {"walker": 1}})
    end_turns(g)
    while g.pending is None:
        g.step()
    assert g.pending.kind == "ghoul_split"
    assert sorted(g.pending.options) == [["T:a"], ["T:c"]]
    g.choose(["T:c"])
    while g.state.phase == "ghouls":
        g.step()
    assert g.state.ghouls == {"T:c": (1, 0, 0, 0)}


def test_two_walkers_split_evenly_over_equal_targets():
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:c"}, ghouls={"T:b": {"walker": 2}})
    run_phase(g)
    assert g.state.ghouls == {"T:a": (1, 0, 0, 0), "T:c": (1, 0, 0, 0)}


def test_running_out_of_walkers_places_the_rest_then_an_extra_activation():
    """P. 25: 27 Walkers on the board, a card asks 3: 1 is placed, then every Walker activates."""
    g = sandbox(ROW, {"tom": "T:a"}, xp={"tom": 7}, ghouls={"T:c": {"walker": 27}}, spawns=[("T:d", "white")],
                ghoul_deck=[1])
    g.state.phase = "ghouls"
    g.state.queue = [Task("spawn_step")]
    while g.state.queue and not g.over:
        g.step()
    assert g.state.on_board("walker") == 28
    assert g.state.ghouls == {"T:b": (27, 0, 0, 0), "T:c": (1, 0, 0, 0)}
    assert any(e.kind == "activation" for e in g.events)


def test_a_relative_on_the_board_forces_romero_skills():
    g = sandbox(ROW, {"barbra": "T:a"}, modes={"barbra": "zombicide"}, ghouls={"T:d": {"relative": 1}})
    b = g.state.survivors["barbra"]
    assert effective_mode(g.state, b) == "romero"
    assert active_skills(g.content, g.state, b) == []  # Romero side: no Skill at Blue (P. 14)
    g.state.ghouls.clear()
    assert active_skills(g.content, g.state, b) == ["slippery"]


def test_end_phase_reloads_and_passes_the_first_player_token():
    g = sandbox(ROW, {"tom": "T:a", "judy": "T:a"})
    g.state.fired.append(1)
    run_phase(g)
    assert g.state.fired == []
    assert g.state.first_player == 1 and g.state.round == 2
    assert g.state.active == "judy"
