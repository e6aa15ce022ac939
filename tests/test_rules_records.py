"""Typed records in the engine (issue 13): the queued steps (``Task``) and what they and the pending
decisions carry (``combat.tally.Attack``) are immutable, clone without copying, and save as the JSON
of the earlier saves. Rules checked on the way: allocating hits (P. 26), re-rolls (P. 12).
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from nollab.board import board_from_grid
from nollab.rules.combat.tally import Attack
from nollab.rules.engine.actions import Action
from nollab.rules.engine.tasks import Task
from nollab.rules.game import Game
from nollab.rules.sandbox import rig_dice, sandbox
from nollab.sim.policy import make_policy

ROW = board_from_grid("abcde", {k: "exterior" for k in "abcde"})

#: the keys an attack waiting on a re-roll decision always had in a save (nollab-game/1)
SAVED_SPEC_KEYS = {"by", "kind", "zone", "weapon", "dice", "accuracy", "plus", "damage", "free", "ff", "kills",
                   "sniper", "reroll", "faces", "rolled"}


def _melee_at_a_target_choice() -> Game:
    """Tom's Katana (2 dice, Damage 1) rolls two 6s in a Zone of 2 Walkers and 2 Breakers: the
    player divides the hits (P. 26), so a ``target`` decision waits with the attack under way."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 2, "breaker": 2}}, inventory={"tom": ["katana"]})
    rig_dice(g, [6, 6])
    g.apply(Action("melee", "tom", ((0,), False)))
    assert g.pending.kind == "target" and sorted(g.pending.options) == ["breaker", "walker"]
    return g


def test_forks_of_a_pending_target_decision_do_not_share_the_attack_p26():
    """Both hits land whichever Ghoul each fork picks first: 2 Ghouls left, 2 XP (P. 17, P. 26).
    When the attack was a dict changed in place, the second fork found the first fork's hits spent
    and eliminated a single Ghoul."""
    g = _melee_at_a_target_choice()
    for first in ("walker", "breaker"):
        f = g.fork()
        f.choose(first)
        while f.pending is not None and f.pending.kind == "target":
            f.choose(f.pending.options[0])
        assert sum(f.state.ghouls["T:a"]) == 2 and f.state.survivors["tom"].xp_total == 2, first
    assert sum(g.state.ghouls["T:a"]) == 4 and g.pending.data["spec"].hits == 2  # the parent untouched


def test_an_attack_waiting_on_a_reroll_saves_as_before_and_plays_on_identically_p12():
    """A save in the middle of an attack writes the attack as the same JSON object as the earlier
    saves; loaded, it is an :class:`Attack` again and the game goes on exactly as the original."""
    g = sandbox(ROW, {"ben": "T:a"}, ghouls={"T:b": {"walker": 3}}, inventory={"ben": ["uzi", "plenty_of_bullets"]})
    rig_dice(g, [6, 1, 1, 1, 1, 5])
    g.apply(Action("ranged", "ben", ((0,), "T:b")))
    assert g.pending.kind == "reroll"
    saved = json.loads(g.to_json())
    spec = saved["state"]["pending"]["data"]["spec"]
    assert set(spec) == SAVED_SPEC_KEYS and spec["faces"] == [6, 1, 1] and spec["rolled"] == 1
    h = Game.from_json(g.to_json())
    assert isinstance(h.pending.data["spec"], Attack) and h.pending.data["spec"] == g.pending.data["spec"]
    assert h.state_hash() == g.state_hash()
    for x in (g, h):
        x.choose("reroll")
    assert h.state_hash() == g.state_hash() and g.state.ghouls["T:b"] == (2, 0, 0, 0)


def test_a_queued_attack_step_is_shared_by_a_fork_and_saved_as_name_and_args():
    """The roll waits as ``Task("roll", (Attack,))``: a fork shares the record (nothing to copy), the
    save writes ``["roll", {...}]`` and reading it back gives the same record."""
    g = sandbox(ROW, {"tom": "T:a"}, ghouls={"T:a": {"walker": 1}}, inventory={"tom": ["katana"]})
    g.set_explicit_chance(True)
    g.apply(Action("melee", "tom", ((0,), False)))
    t = g.state.queue[0]
    assert g.needs() == "chance" and t.name == "roll" and isinstance(t.args[0], Attack)
    assert g.fork().state.queue[0] is t
    raw = t.to_json()
    assert raw[0] == "roll" and raw[1]["dice"] == 2 and raw[1]["kills"] == 0 and "faces" not in raw[1]
    assert Task.of(json.loads(json.dumps(raw))) == t


def test_every_state_of_random_games_round_trips_through_json_and_plays_on_identically():
    """Every state of random S1/S9 games and of a melee (attacks, queued decisions, Ghoul Activations) writes
    the same JSON after a load; from a state holding records, the loaded game and the original take
    the same next 12 steps (same state hashes) under the same seeded policy."""
    from nollab.rules.engine.state import GameState

    checked = set()
    for seed, g in enumerate((Game.new("S1", seed=1, history=False), Game.new("S9", seed=2, history=False),
                              _melee_at_a_target_choice())):
        pol = make_policy("random", seed)
        for _ in range(1500):
            if g.over:
                break
            text = g.state.to_json()
            assert GameState.from_dict(json.loads(text)).to_json() == text
            names = {t.name for t in g.state.queue} | ({"pending:" + g.pending.kind} if g.pending else set())
            fresh = names - checked
            if fresh & {"ask", "allocate", "roll", "hits", "breakers", "ghoul_moves", "ghoul_move_zone",
                        "pending:target", "pending:reroll", "pending:friendly_fire", "pending:ghoul_split"}:
                checked |= fresh
                h = Game.from_json(g.to_json())
                a, b = g.fork(), h.fork()
                pa, pb = make_policy("random", 99), make_policy("random", 99)
                for _ in range(12):
                    if a.over:
                        break
                    a.step(pa)
                    b.step(pb)
                    assert a.state_hash() == b.state_hash()
            g.step(pol)
    assert {"ask", "breakers", "ghoul_move_zone", "pending:target", "pending:ghoul_split"} <= checked


OLD_SAVES = sorted((Path(__file__).parent / "data" / "saves_before_typed").glob("*.json"))


@pytest.mark.parametrize("path", OLD_SAVES, ids=lambda p: p.stem)
def test_saves_written_before_the_typed_records_load_and_play_on_identically(path):
    """Saves written by the engine before tasks, attacks, Taunts and decisions were records (main at
    99b88d3: a melee waiting on its target, a queued decision, a Breakers step, Ghoul moves, a split,
    a Trade) load, and 40 random steps from them reach the state hash that engine reached (two of them
    re-derived for the Ghoul deck correction of issue 16: see the next test)."""
    d = json.loads(path.read_text())
    g = Game.from_json(json.dumps(d["save"]))
    pol = make_policy("random", 5)
    for _ in range(40):
        if g.over:
            break
        g.step(pol)
    assert g.state_hash() == d["hash_after_40_random_steps"]


OLD_DECK = Path(__file__).parent / "data" / "content_ok" / "ghoul_deck_before_issue16"
REDERIVED = [p for p in OLD_SAVES if "hash_with_the_ghoul_deck_before_issue16" in json.loads(p.read_text())]


@pytest.mark.parametrize("path", REDERIVED, ids=lambda p: p.stem)
def test_saves_rederived_for_the_deck_correction_reach_their_recorded_hash_with_the_old_deck(path, monkeypatch):
    """Two saves draw card #35 within their 40 random steps; the Ghoul deck correction of issue 16 made
    it a Relative card (P. 32, docs/rulings.md), so their hash was re-derived. With the deck they were
    recorded with, given as a player's own box (the two old cards), they reach the recorded hash again:
    the engine did not change, only the card did."""
    assert {p.stem for p in REDERIVED} == {"ghoul_move_zone", "pending_ghoul_split"}
    monkeypatch.setenv("NOLLAB_CONTENT", str(OLD_DECK))
    d = json.loads(path.read_text())
    g = Game.from_json(json.dumps(d["save"]))
    assert g.content.ghoul_deck[34].ghoul == "walker"
    pol = make_policy("random", 5)
    for _ in range(40):
        if g.over:
            break
        g.step(pol)
    assert g.state_hash() == d["hash_with_the_ghoul_deck_before_issue16"] != d["hash_after_40_random_steps"]
