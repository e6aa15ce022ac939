"""Dead Panic, the whole game: Set Up (p. 2), the round (p. 2), explicit chance, replay, JSON, undo,
the end (p. 11), and the done-when check -- 50 seeds end in a win or a loss, deterministically."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from dp_support import act, force, position
from nollab.games import Match, get_game
from nollab.packs.dead_panic.engine.game import Game, IllegalAction
from nollab.packs.dead_panic.engine.policy import DeadPanicBot


def test_setup_p2_zombies_one_per_arc_then_survivors_in_the_bag():
    """p. 2 Set Up 4-5: 6 Zombies drawn, 1 in the Woods of each arc from arc 1; then the 3 Survivors."""
    g = Game.new(seed=11)
    st = g.state
    assert sorted(z.space for z in st.zombies.values()) == [f"{a}:woods" for a in range(1, 7)]
    assert sum(v for k, v in st.bag.items() if k != "survivor") == 24 - 6 and st.bag["survivor"] == 3
    assert all(z.health == g.box.zombies[z.kind].health for z in st.zombies.values())
    assert all(p.space.endswith(":cabin") for p in st.players)  # "roll to place the Character ... in the Cabin"
    assert set(st.walls.values()) == {"standing"}
    assert sum(st.cabin.values()) == 29 and sum(st.events_deck.values()) == 23  # p. 1
    assert st.phase == "actions" and st.round == 1 and g.acting() == st.players[st.bait].id


def test_setup_chance_is_explicit_with_exact_weights():
    """Every die and draw is a chance node (OpenSpiel's chance outcomes) with integer weights."""
    raw = Game.new(seed=0, setup="al,ray", roll_setup=False)
    ch = raw.chance()
    assert ch.kind == "d6" and ch.outcomes == (1, 2, 3, 4, 5, 6) and ch.page == "p. 2"
    raw.resolve_chance(4)
    raw.resolve_chance(2)
    assert raw.state.player("al").space == "4:cabin" and raw.state.player("ray").space == "2:cabin"
    bag = raw.chance()
    assert bag.kind == "bag" and dict(zip(bag.outcomes, bag.weights)) == \
        {"creeper": 3, "shambler": 10, "sprinter": 4, "brawler": 4, "brute": 3}  # p. 1 counts
    assert bag.prob("shambler") == Fraction(10, 24)
    for kind in ("brute", "brute", "brute", "shambler", "creeper", "sprinter"):
        raw.resolve_chance(kind)
    assert raw.state.bag["brute"] == 0
    first = raw.chance()
    assert first.kind == "first_player" and first.outcomes == (0, 1) and first.weights == (1, 1)
    raw.resolve_chance(1)
    assert raw.needs() == "step"  # the round starts at the next step
    raw.step()
    assert raw.state.bait == 1 and raw.acting() == "ray"


def test_round_p2_actions_then_event_move_fight_bait():
    """p. 2: Perform Actions (2 each, from the Bait holder clockwise) -> Event -> Move -> Fight -> Pass Bait."""
    g = position(["al", "ray", "sandra"], bait="ray", turn="ray")
    order = []
    while g.acting():
        order.append(g.acting())
        act(g, "pass")
    assert order == ["ray", "sandra", "al"]
    phases = []
    for _ in range(200):
        if g.state.round == 2:
            break
        if g.phase not in phases:
            phases.append(g.phase)
        g.step() if g.needs() != "choice" else g.choose(g.pending.options[g.pending.default])
    assert phases == ["actions", "event", "move", "fight", "bait"]
    assert g.state.bait == g.state.player("sandra").seat  # "the Bait Token is passed to the left" (p. 11)


def test_two_actions_each_p2_and_a_move_costs_one():
    g = position(["al", "ray"], turn="al")
    act(g, "move", "1:yard")
    assert g.acting() == "al" and g.view().actions_left == 1
    act(g, "move", "1:clearing")
    assert g.acting() == "ray"


def test_illegal_action_changes_nothing():
    g = position(["al", "ray"], turn="al")
    before = g.state_hash()
    with pytest.raises(IllegalAction, match="it is al's action"):
        g.apply({"kind": "pass", "player": "ray", "params": []})
    with pytest.raises(IllegalAction, match="not possible now"):
        g.apply({"kind": "call", "player": "al", "params": []})
    with pytest.raises(IllegalAction, match="not legal here"):
        g.apply({"kind": "move", "player": "al", "params": ["4:woods"]})
    with pytest.raises(IllegalAction):
        g.apply({"kind": "move", "player": "al", "params": [["nested"]]})
    with pytest.raises(IllegalAction, match="no decision"):
        g.choose("x")
    with pytest.raises(IllegalAction, match="no chance"):
        g.resolve_chance(3)
    assert g.state_hash() == before and not g.log


def test_game_end_p11_won_when_anyone_is_in_the_van():
    """p. 11: the game ends when every Character is a Zombie or in the van; those in the van win."""
    g = position(["al", "ray"], at={"al": "3:woods"}, van="3:woods", in_van=["ray"], turn="al")
    act(g, "enter_van")
    assert g.over and g.result == "won" and set(g.summary()["saved"]) == {"al", "ray"}
    g2 = position(["al", "ray"], injuries={"al": 3}, zombies=[("brute", "1:cabin")], at={"al": "1:cabin"},
                  in_van=["ray"], van="2:woods", phase="fight")
    force(g2, 2, choose=lambda c: ["z1", 0, "unarmed"] if c.kind == "fight" else None)
    assert g2.over and g2.result == "won" and g2.summary()["characters"]["al"]["status"] == "down"
    g3 = position(["al", "ray"], injuries={"al": 3, "ray": 3}, zombies=[("brute", "1:cabin"), ("brute", "1:cabin")],
                  at={"al": "1:cabin", "ray": "1:cabin"}, phase="fight")
    force(g3, 2, 2)
    assert g3.over and g3.result == "lost" and "Zombie" in g3.state.reason


def test_replay_json_and_undo_reproduce_the_game():
    g = Game.new(seed=5)
    g.run_until("end", DeadPanicBot(5), max_rounds=6)
    h = g.state_hash()
    assert g.replay().state_hash() == h
    assert Game.from_json(g.to_json()).state_hash() == h
    steps = len(g.log)
    g.undo()
    assert len(g.log) == steps - 1
    g2 = g.copy()
    assert g2.state_hash() == g.state_hash() and g2 is not g
    with pytest.raises(ValueError, match="not a saved Dead Panic game"):
        Game.from_json('{"format": "nollab-game/1"}')
    bad = json.loads(g.to_json())
    bad["state_hash"] = "0" * 16
    with pytest.raises(ValueError, match="does not replay"):
        Game.from_json(json.dumps(bad))


def test_forced_chance_replays_and_differs_from_the_seeded_draw():
    g = position(["al", "ray"], phase="move", zombies=[("creeper", "1:yard")])
    force(g, 6)  # "Creepers move 1 space only on a die roll of 4 or more" (p. 6)
    assert g.state.zombies[1].space == "1:cabin"
    assert g.replay().state_hash() == g.state_hash()
    assert {"t": "chance", "o": 6} in g.log


def test_seeded_games_are_deterministic():
    a = Game.new(seed=21)
    b = Game.new(seed=21)
    a.run_until("end", DeadPanicBot(21), max_rounds=100)
    b.run_until("end", DeadPanicBot(21), max_rounds=100)
    assert a.state_hash() == b.state_hash() and a.log == b.log


def test_dead_panic_is_a_registered_match():
    spec = get_game("dead-panic")
    m = spec.new(seed=2, setup="al,maria,ray")
    assert isinstance(m, Match) and [p.id for p in m.state.players] == ["al", "maria", "ray"]
    with pytest.raises(ValueError, match="2 to 6 players"):
        spec.new(setup="7")
    with pytest.raises(ValueError, match="unknown character 'bob'"):
        spec.new(setup="al,bob")
    with pytest.raises(ValueError, match="plays once"):
        spec.new(setup="al,al")


@pytest.mark.parametrize("seed", range(50))
def test_done_when_50_seeds_end_in_a_win_or_a_loss(seed):
    """Issue 17: ``nollab play --game dead-panic --seed N --json`` ends in a win or a loss, deterministically."""
    from nollab.cli import main
    import contextlib
    import io
    outs = []
    for _ in range(2):
        buf = io.StringIO()
        with contextlib.redirect_stdout(buf):
            assert main(["play", "--game", "dead-panic", "--seed", str(seed), "--json"]) == 0
        outs.append(buf.getvalue())
    assert outs[0] == outs[1]
    d = json.loads(outs[0])
    assert d["result"] in ("won", "lost") and d["game"] == "dead-panic"
