"""Engine properties: invariants under random legal play (hypothesis), legality is generated
(every listed action applies, unlisted candidates are refused without a change), determinism
under a perturbed global ``random``, JSON round-trip, undo, and the CLI."""
from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings, strategies as hs

from nollab.rules import IllegalAction
from nollab.rules.engine.actions import Action
from nollab.rules.game import Game
from nollab.rules.engine.policies import FirstPolicy, RandomPolicy
from nollab.rules.engine.state import GHOUL_TYPES
from nollab.rules.engine.tasks import Task


def card_places(g) -> list[int]:
    st = g.state
    out = []
    for s in st.survivors.values():
        out += s.inventory()
    for pile in list(st.decks.values()) + list(st.discards.values()) + list(st.supply.values()) + list(st.aside.values()):
        out += pile
    if st.pending is not None and st.pending.kind == "keep":
        out.append(st.pending.data["card"])
    if st.pending is not None and st.pending.kind == "flashlight":
        out += st.pending.options
    return out


def check_invariants(g, xp_before: dict) -> dict:
    st = g.state
    for i, gt in enumerate(GHOUL_TYPES):
        assert st.on_board(gt) <= g.content.ghoul_types[gt].pool, f"too many {gt}"
        assert all(c[i] >= 0 for c in st.ghouls.values())
    places = card_places(g)
    assert sorted(places) == list(range(len(st.cards))), "every Equipment card in exactly one place"
    for s in st.survivors.values():
        assert 0 <= s.wounds <= 3
        assert s.xp_total >= xp_before.get(s.id, 0), "XP is monotone"
        assert len(s.backpack) <= 3 and len(s.hands) == 2
    assert sum(s.barricades for s in st.survivors.values()) >= 0
    if st.pending is not None:
        assert st.pending.options and st.pending.default == 0  # the named default is listed first
        assert len(st.pending.labels) == len(st.pending.options)
    return {s.id: s.xp_total for s in st.survivors.values()}


@settings(max_examples=20, deadline=None)
@given(seed=hs.integers(0, 10**6))
def test_random_play_keeps_invariants(seed):
    g = Game.new("S1", seed=seed, history=False)
    pol = RandomPolicy(seed)
    xp = check_invariants(g, {})
    for _ in range(500):
        if g.over:
            break
        g.step(pol)
        xp = check_invariants(g, xp)


def candidates(g) -> list[Action]:
    """Plausible actions, legal or not: every kind for every survivor with sample params."""
    st = g.state
    zones = sorted(g.board.zones)[:12]
    out = []
    for sid in st.survivors:
        out += [Action("move", sid, (z,)) for z in zones]
        out += [Action("search", sid, (d,)) for d in ("house", "melee", "ranged")]
        out += [Action("melee", sid, ((0,), False)), Action("ranged", sid, ((0,), zones[0])), Action("do_nothing", sid)]
        out += [Action("door", sid, (o, how)) for o in sorted(g.board.openings)[:5] for how in ("open", "close")]
        out += [Action("reload", sid, ((0,),)), Action("trade", sid, ("ben",)), Action("taunt", sid, (zones[0],))]
    return out


@settings(max_examples=6, deadline=None)
@given(seed=hs.integers(0, 10**6))
def test_listed_actions_apply_and_unlisted_are_refused_unchanged(seed):
    g = Game.new("S1", seed=seed, history=False)
    pol = RandomPolicy(seed + 1)
    for i in range(250):
        if g.over:
            break
        if g.needs() == "action" and i % 5 == 0:
            legal = g.legal_actions()
            for a in legal:
                g.copy().apply(a)  # must not raise
            before = g.state.to_json()
            for a in candidates(g):
                if a not in legal:
                    with pytest.raises(IllegalAction) as exc:
                        g.apply(a)
                    assert "P. " in str(exc.value) or "decision" in str(exc.value)
                    assert g.state.to_json() == before
        g.step(pol)


def _play(seed: int, n: int, perturb: bool) -> Game:
    g = Game.new("S1", seed=seed, history=False)
    pol = RandomPolicy(seed)
    for _ in range(n):
        if perturb:
            random.seed(random.random() * 1e9)
            random.random()
        if g.over:
            break
        g.step(pol)
    return g


def test_same_seed_and_log_give_the_same_state_hash_despite_global_random():
    a = _play(7, 300, perturb=False)
    random.seed(12345)
    b = _play(7, 300, perturb=True)
    assert a.state_hash() == b.state_hash()
    random.seed(999)
    c = a.replay()
    assert c.state_hash() == a.state_hash()
    assert [e.text for e in c.events] == [e.text for e in a.events]


def test_a_different_seed_gives_a_different_game():
    assert _play(1, 100, False).state_hash() != _play(2, 100, False).state_hash()


def test_json_round_trip_is_exact_and_play_continues_identically():
    g = _play(11, 150, False)
    text = g.to_json()
    h = Game.from_json(text)
    assert h.to_json() == text
    assert h.state_hash() == g.state_hash()
    p1, p2 = RandomPolicy(5), RandomPolicy(5)
    for _ in range(100):
        if g.over:
            break
        g.step(p1)
        h.step(p2)
    assert h.state_hash() == g.state_hash()


def test_clone_is_independent():
    g = Game.new("S1", seed=3)
    c = g.state.clone()
    g.run_until("round", FirstPolicy())
    assert c.to_json() != g.state.to_json()
    assert c.round == 1 and c.steps < g.state.steps


def test_undo_restores_the_previous_state_exactly():
    g = Game.new("S1", seed=4)
    before = g.state.to_json()
    n_events = len(g.events)
    g.step(FirstPolicy())
    assert g.state.to_json() != before
    g.undo()
    assert g.state.to_json() == before
    assert len(g.events) == n_events
    with pytest.raises(IllegalAction):
        Game.new("S1", seed=4).undo()


def test_choose_refuses_an_option_not_offered():
    g = Game.new("S1", seed=5)
    with pytest.raises(IllegalAction):
        g.choose("anything")  # nothing pending


def test_first_policy_plays_many_rounds_to_an_end():
    for seed in range(3):
        g = Game.new("S1", seed=seed, history=False)
        g.run_until("end", FirstPolicy(), max_rounds=40)
        assert g.over or g.state.round > 40
        assert g.state.round >= 2


def test_setup_deals_one_starting_card_each_and_sets_the_w94_aside_in_s1():
    """P. 7 + S1: 6 Starting cards (W94 replaced by the third Table Leg), one each; the W94 waits
    in its Zone; the first player is the survivor dealt the replacement Table Leg."""
    g = Game.new("S1", seed=8)
    st = g.state
    counts = sorted(len(s.inventory()) for s in st.survivors.values())
    assert counts == [1] * 6
    dealt = sorted(st.cards[u] for s in st.survivors.values() for u in s.inventory())
    assert dealt == sorted(["claw_hammer", "crowbar", "table_leg", "table_leg", "table_leg", "tire_iron"])
    assert [st.cards[u] for u in st.aside["w94"]] == ["winchester_94"]
    first = st.players[st.first_player][0]
    assert st.cards[st.survivors[first].inventory()[0]] == "table_leg"
    assert all(s.mode == "romero" for s in st.survivors.values())


def test_cli_play_is_reproducible_json():
    cmd = [sys.executable, "-m", "nollab.cli", "play", "--scene", "S1", "--seed", "3", "--policy", "random",
           "--rounds", "6", "--json"]
    a = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    b = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert a.returncode == 0, a.stderr
    assert a.stdout == b.stdout
    d = json.loads(a.stdout)
    assert set(d) >= {"rounds", "result", "kills", "survivors", "state_hash"}
    bad = subprocess.run([sys.executable, "-m", "nollab.cli", "play", "--policy", "nope"], capture_output=True,
                         text=True, timeout=120)
    assert bad.returncode == 2 and "--policy" in bad.stderr


def test_start_xp_option_places_the_skill_trackers_at_setup():
    """S10 starts at Yellow (P. 44): 7 XP each, the Yellow tracker placed before round 1."""
    g = Game.new("S1", seed=1, options={"start_xp": 7})
    for s in g.state.survivors.values():
        assert s.xp_total == 7 and [1, 0] in s.slots
    with pytest.raises(ValueError, match="unknown option"):
        Game.new("S1", seed=1, options={"startxp": 7})


def test_a_second_decision_raised_while_one_is_pending_is_asked_right_after():
    from nollab.board import board_from_grid
    from nollab.rules.sandbox import sandbox
    from nollab.rules.engine.state import Choice

    g = sandbox(board_from_grid("ab", {"a": "exterior", "b": "exterior"}), {"tom": "T:a"})
    ctx = g._ctx()
    for k in ("sniper", "shove"):
        ctx.ask(Choice("ultrared_pick", "tom", "pick", "P. 32", options=[k], labels=[k], data={"level": 2}))
    g.choose("sniper")
    assert g.pending is not None and g.pending.options == ["shove"]
    g.choose("shove")
    assert g.state.survivors["tom"].extra_skills == ["sniper", "shove"]


def test_scene_tasks_run_as_queued_engine_steps():
    from nollab.board import board_from_grid
    from nollab.rules.sandbox import sandbox
    from nollab.rules.engine.tasks import task as scene_task

    @scene_task("test_place_walker")
    def place(ctx, zone):
        ctx.place_ghouls(zone, "walker", 1)

    g = sandbox(board_from_grid("ab", {"a": "exterior", "b": "exterior"}), {"tom": "T:a"})
    g.state.queue.insert(0, Task("test_place_walker", ("T:b",)))
    assert g.needs() == "step"
    g.step()
    assert g.state.ghouls == {"T:b": (1, 0, 0, 0)}
