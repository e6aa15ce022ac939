"""Game flow around the state: undo/copy/JSON of travelling Scenes (P. 39, P. 41), sandbox save and
load, user tile folders, the Jupyter picture, and event wording."""
from __future__ import annotations

from pathlib import Path

import pytest

from nollab.board.quick import board_from_grid
from nollab.rules.engine.actions import Action
from nollab.rules.engine.events import IllegalAction
from nollab.rules.game import Game
from nollab.rules.engine.policies import FirstPolicy
from nollab.sim.policy import make_policy
from nollab.rules.sandbox import sandbox
from nollab.rules.scenes.handmade import board_from_dict, board_to_dict
from nollab.rules.engine.state import GameState
from nollab.rules.engine.tasks import Task

from support import user_tile_9x

ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})
HOUSE = board_from_grid("aKL", {"a": "exterior", "K": "interior", "L": "interior"},
                        openings=[("dK", "r1c1-r1c2", "door", False), ("dL", "r1c2-r1c3", "door", True)])


def _tiles(g: Game) -> set[str]:
    return {p.tile for p in g.board.tiles}


def _travelled_game() -> tuple[Game, int, int]:
    """S8 seed 4, heuristic policy (it walks the posse onto the newest tile): tiles are added (at
    setup and when entered), then one leaves the board in an End Phase (P. 41). Returns the game
    and the history length just before the first tile was added by a move and just before the
    removal."""
    g = Game.new("S8", seed=4)
    p = make_policy("heuristic", 4)
    before_add = before_remove = None
    while before_remove is None:
        assert not g.over and g.state.round < 10, "the scripted S8 game no longer removes a tile"
        n_hist, n_ev = len(g._history), len(g.events)
        g.step(p)
        kinds = {e.kind for e in g.events[n_ev:]}
        if "tile_added" in kinds and before_add is None:
            before_add = n_hist
        if "tile_removed" in kinds:
            before_remove = n_hist
    assert before_add is not None
    return g, before_add, before_remove


def _same_future(a: Game, b: Game, steps: int = 60) -> None:
    """Both games list the same actions and reach the same state hashes, step by step."""
    pa, pb = make_policy("random", 9), make_policy("random", 9)
    for _ in range(steps):
        if a.over:
            break
        assert a.state_hash() == b.state_hash()
        assert _tiles(a) == _tiles(b)
        assert a.legal_actions() == b.legal_actions()
        a.step(pa)
        b.step(pb)
    assert a.state_hash() == b.state_hash()


def test_undo_restores_the_travelling_board_p41():
    """Undo past a tile removal (and past a tile placement) puts the tile back on the Board, not
    only in the state: the Board equals the one of a replay of the same decisions."""
    g, before_add, before_remove = _travelled_game()
    after = _tiles(g)
    while len(g._history) > before_remove:
        g.undo()
    assert _tiles(g) != after
    ref = g.replay()
    assert ref.state_hash() == g.state_hash()
    assert _tiles(g) == _tiles(ref)
    assert set(g.board.zones) == set(ref.board.zones)
    assert g.legal_actions() == ref.legal_actions()
    while len(g._history) > before_add:
        g.undo()
    ref = g.replay()
    assert _tiles(g) == _tiles(ref)
    _same_future(g, ref)


def _s6_with_6r() -> Game:
    """S6 seed 28, random policy, until tile 6R is set next to 2V (P. 39)."""
    g = Game.new("S6", seed=28)
    p = make_policy("random", 28)
    while not any(e.kind == "tile_added" for e in g.events):
        assert not g.over and g.state.round < 10, "the scripted S6 game no longer adds a tile"
        g.step(p)
    assert "6R" in _tiles(g)
    return g


def test_s6_copy_json_and_undo_carry_the_new_tile_p39():
    g = _s6_with_6r()
    j = Game.from_json(g.to_json())
    assert _tiles(j) == _tiles(g) and j.state_hash() == g.state_hash()
    _same_future(j, g.copy())
    g.undo()
    assert "6R" not in _tiles(g) and _tiles(g) == _tiles(g.replay())


def test_copy_and_json_round_trip_carry_the_travelling_board_p41():
    g, _a, _r = _travelled_game()
    c = g.copy()
    j = Game.from_json(g.to_json())
    assert _tiles(c) == _tiles(g) == _tiles(j)
    assert j.state_hash() == g.state_hash()
    assert j.legal_actions() == g.legal_actions()
    _same_future(j, c)


def test_a_copy_does_not_share_the_travelling_board():
    """Playing on a copy (tiles come and go) leaves the original game's Board alone."""
    g = Game.new("S8", seed=4)
    board0, tiles0 = g.board, _tiles(g)
    c = g.copy()
    assert c.scene is not g.scene
    p = make_policy("random", 4)
    while not c.over and not any(e.kind in ("tile_added", "tile_removed") for e in c.events[len(g.events):]):
        c.step(p)
    assert _tiles(c) != tiles0
    assert g.board is board0 and _tiles(g) == tiles0
    g.run_until("action", FirstPolicy())
    assert g.legal_actions()


def test_forget_openings_drops_their_state_and_the_closed_cache():
    st = GameState(scene="x", seed=0, rng=0, cards=[], origin=[])
    st.set_open("6V:d", False)
    st.set_open("5R:d", False)
    st.opening_kind["6V:d"] = "barricade"
    assert st.closed() == {"6V:d", "5R:d"}
    st.forget_openings(["6V:d"])
    assert "6V:d" not in st.opening_open and "6V:d" not in st.opening_kind
    assert st.closed() == {"5R:d"}


# ------------------------------------------------------------------------------ user tiles folder
USER_TILE = user_tile_9x('r = { kind = "exterior", label = "road (south)" }')


def test_travelling_tiles_dir_is_relative_to_the_users_scene_file(tmp_path, monkeypatch):
    """``[scene.rules] tiles_dir = "../tiles"`` finds the user's travelling tile whatever the
    working directory (the scene file's folder is kept in ``Scene.file``)."""
    (tmp_path / "tiles").mkdir()
    (tmp_path / "scenes").mkdir()
    (tmp_path / "tiles" / "9X.toml").write_text(USER_TILE)
    text = (Path(__file__).parent.parent / "nollab" / "data" / "scenes" / "S8.toml").read_text()
    text = text.replace('pile = ["1V", "2V", "3V", "4V"]', 'pile = ["9X"]').replace("shuffle = true", "shuffle = false")
    text = text.replace('final = "6V"', 'final = ""').replace('final_car = "6V:C"', "")
    text = text.replace("[scene.travel]", '[scene.rules]\ntiles_dir = "../tiles"\n\n[scene.travel]')
    p = tmp_path / "scenes" / "MY8.toml"
    p.write_text(text)
    monkeypatch.chdir(Path(__file__).parent)
    g = Game.new(str(p), seed=1)
    while g.pending is not None and g.pending.kind == "scene:place_tile":
        g.choose(g.pending.options[0])
    assert "9X" in _tiles(g)
    assert Path(g.scene.file) == p
    with pytest.raises(ValueError, match="NOLLAB_CONTENT"):  # a save never names a path (issue 12)
        g.to_json()
    monkeypatch.setenv("NOLLAB_CONTENT", str(tmp_path))  # the content folder: saved by id, found again
    j = Game.from_json(g.to_json())  # the user's file is found again, not nollab/data/scenes/MY8.toml
    assert _tiles(j) == _tiles(g) and j.state_hash() == g.state_hash()


# ------------------------------------------------------------------------------ sandbox save/load
def test_board_dict_round_trip():
    b = board_from_dict(board_to_dict(HOUSE))
    assert board_to_dict(b) == board_to_dict(HOUSE)
    assert set(b.zones) == {"T:a", "T:K", "T:L"}
    assert b.openings["dK"].initially_open is False


def test_sandbox_games_save_load_and_replay():
    """A sandbox position (hand-made board, Ghouls, Spawn tokens) round-trips through JSON, plays
    on identically, spawns from its Spawn tokens (P. 24), and replays from its log."""
    g = sandbox(HOUSE, {"helen": "T:K", "tom": "T:a"}, ghouls={"T:L": {"walker": 1}}, inventory={"helen": ["katana"]},
                spawns=[("T:a", "white")], seed=3)
    g.run_until("round", FirstPolicy())
    assert any(e.kind == "spawn_card" for e in g.events)
    j = Game.from_json(g.to_json())
    assert j.state_hash() == g.state_hash()
    assert j.legal_actions() == g.legal_actions()
    _same_future(j, g.copy())
    r = j.replay()
    assert r.state_hash() == j.state_hash()


def test_a_broken_sandbox_spec_is_refused_clearly():
    g = sandbox(ROW, {"helen": "T:a"})
    bad = g.to_json().replace('"nollab-sandbox/1"', '"nope"')
    with pytest.raises(ValueError, match="sandbox"):
        Game.from_json(bad)


# ------------------------------------------------------------------------------ picture, words
def test_game_shows_inline_as_svg():
    g = sandbox(ROW, {"helen": "T:a"}, ghouls={"T:d": {"walker": 1}})
    svg = g._repr_svg_()
    assert svg.lstrip().startswith("<svg") and "</svg>" in svg


def test_opening_cards_name_the_ghoul_type_properly_p25():
    """Event texts say "Fatties", never "fattys" (P. 25 Barricade & Door Opening cards)."""
    g = sandbox(ROW, {"helen": "T:a"}, spawns=[("T:d", "white")], ghoul_deck=[45])
    g.state.phase = "ghouls"
    g.state.queue = [Task("spawn_step"), Task("end_phase")]
    g.run_until("round", FirstPolicy())
    texts = " ".join(e.text for e in g.events if e.kind == "spawn_card")
    assert "Barricade & Door Opening (Fatties)" in texts
    assert "fattys" not in texts.lower() and "(breakers)" not in texts and "(walkers)" not in texts


# ------------------------------------------------------------------------------ free discards
def test_any_survivor_discards_for_free_at_any_time_p16():
    """P. 16: "discard ... at any time, for free (even during another player's Turn)"."""
    g = Game.new("S1", seed=5)
    g.run_until("action", FirstPolicy())
    st = g.state
    other = next(s for s in st.survivors.values() if s.id != st.active and s.inventory())
    uid = other.inventory()[0]
    deck = st.origin[uid]
    assert all(a.survivor == st.active for a in g.legal_actions())  # the Turn is someone else's
    assert Action("discard", other.id, (uid,)) in g.free_discards()
    h0, active = g.state_hash(), st.active
    g.discard(other.id, uid)
    assert uid not in g.state.survivors[other.id].inventory()
    assert uid in g.state.discards[deck] or uid in g.state.supply.get(g.state.cards[uid], [])
    assert g.state.active == active and g.events[-1].kind == "discard"
    assert g.replay().state_hash() == g.state_hash()
    j = Game.from_json(g.to_json())
    assert j.replay().state_hash() == g.state_hash()
    g.undo()
    assert g.state_hash() == h0
    with pytest.raises(IllegalAction, match="P. 16"):
        g.discard(other.id, 10_000)


def test_free_discard_during_a_pending_decision_p16():
    """While a decision waits, Survivors may still discard, except cards that decision is about."""
    g = sandbox(ROW, {"helen": "T:a", "tom": "T:a", "ben": "T:b"}, ghouls={"T:a": {"walker": 2}},
                inventory={"helen": ["katana"], "tom": ["baseball_bat"], "ben": ["axe"]})
    g.state.phase = "ghouls"
    g.state.active = None
    g.state.queue = [Task("ghoul_attack", ("T:a", None, None))]
    g.touch()
    g.step(FirstPolicy())
    assert g.pending is not None and g.pending.kind == "wounds"
    assert {a.survivor for a in g.free_discards()} == {"helen", "tom", "ben"}
    ben_axe = g.state.survivors["ben"].hands[0]
    g.discard("ben", ben_axe)
    assert g.pending is not None and g.pending.kind == "wounds"
    g.choose(g.pending.options[0])


def test_no_free_discard_of_cards_a_pending_trade_is_about():
    g = sandbox(ROW, {"helen": "T:a", "tom": "T:a", "ben": "T:b"},
                inventory={"helen": ["katana"], "tom": ["baseball_bat"], "ben": ["axe"]})
    assert g.needs() == "action"
    sid = g.state.active
    trade = next(a for a in g.legal_actions() if a.kind == "trade")
    g.apply(trade)
    assert g.pending is not None and g.pending.kind == "trade"
    who = {a.survivor for a in g.free_discards()}
    assert sid not in who and trade.params[0] not in who and "ben" in who
    with pytest.raises(IllegalAction, match="pending 'trade'"):
        g.discard(sid, g.state.survivors[sid].inventory()[0])
