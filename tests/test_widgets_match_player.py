"""The game-agnostic MatchPlayer and the play dashboard's game picker, driven as plain Python.

What is checked against something the player does not compute:
* a toy third game (tests/toy_game.py, registered at run time) is played through the same widget
  as Dead Panic, so the player needs nothing of a particular game;
* the chance buttons of Dead Panic's Cabin search show the deck's share of each card counted from the
  box's own card list (p. 3: "draw 1 Cabin card"), and forcing one puts that card in the hand;
* "policy plays" off stops at every decision and changes nothing; Undo gives back the same state hash;
* a click on a space with one legal Move goes there (p. 3: Move 1 space), an illegal action is
  refused with its rule and the state is unchanged.
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

pytest.importorskip("ipywidgets")

from nollab.games import register, unregister
from nollab.packs.dead_panic.engine.core import Action
from nollab.widgets.match_driver import MatchDriver
from nollab.widgets.match_player import MatchPlayer, _pct
from nollab.widgets.play_dashboard import PlayDashboard
from toy_game import SPEC as ESCAPE


@pytest.fixture
def escape():
    register(ESCAPE, replace=True)
    yield ESCAPE
    unregister(ESCAPE.name)


def _to(player: MatchPlayer, need: str, limit: int = 2000) -> None:
    for _ in range(limit):
        if player.driver.needs() == need:
            return
        player.run("step")
    raise AssertionError(f"never reached a {need!r} in {limit} steps")


def test_a_toy_game_plays_to_its_end_through_the_same_player(escape):
    p = MatchPlayer("escape", seed=4)
    assert p.driver.needs() == "action"
    assert [b.description for b in p.actions_box.children] == ["walk", "hide"]
    p.run("step")  # the walker bot walks
    assert p.driver.needs() == "chance"
    buttons = p.chance_box.children[1].children
    assert [b.description for b in buttons] == [f"{f} · 16.7 %" for f in range(1, 7)]
    buttons[0].click()  # force a 1: a walker is bitten on 1-2 (the toy's rule 1)
    assert p.driver.match.state["bites"] == 1
    p.run("end")
    assert p.driver.over() and p.driver.match.result in ("won", "lost")
    assert p.step_button.disabled and ("WON" in p.status.value or "LOST" in p.status.value)


def test_policy_off_stops_at_each_decision_and_changes_nothing():
    p = MatchPlayer("dead-panic", seed=2)
    p.policy_plays.value = False
    assert p.driver.needs() == "action"
    h = p.driver.match.state_hash()
    for target in ("step", "decision", "phase", "round"):
        p.run(target)
        assert p.driver.match.state_hash() == h, target
    assert not p.driver.error


def test_next_decision_runs_the_bot_to_the_next_decision():
    d = MatchDriver("dead-panic", seed=5)
    n = d.advance("decision", "bot", True)
    assert n >= 1 and d.needs() in ("action", "choice")
    r0 = d.match.round
    d.advance("round", "bot", True)
    assert d.match.round == r0 + 1 or d.over()


def test_cabin_search_chance_matches_the_deck_and_forcing_draws_that_card():
    """p. 3: "Search: draw 1 Cabin card" -- each card's chance is its count in what is left of the deck."""
    p = MatchPlayer("dead-panic", seed=1)
    me = p.driver.match.acting()
    search = next(a for a in p.driver.legal_actions() if a.kind == "draw")
    p.apply(search)
    assert p.driver.needs() == "chance"
    st = p.driver.match.state
    # independent count: the box's Cabin cards minus what the Set Up dealt (every hand)
    box = p.driver.match.box
    left = Counter({cid: card.count for cid, card in box.cabin.items()})
    for pl in st.players:
        for c in pl.hand:
            if c.card in box.cabin:
                left[c.card] -= 1
    left = +left
    total = sum(left.values())
    rows = p.driver.chance_rows()
    names = {box.cabin[cid].name: Fraction(n, total) for cid, n in left.items()}
    got: dict[str, Fraction] = {}
    for label, _w, prob in rows:
        got[label] = got.get(label, 0) + prob
    assert got == names
    buttons = p.chance_box.children[1].children
    i = next(i for i, b in enumerate(buttons) if b.description.startswith("Pistol"))
    assert buttons[i].description == f"Pistol · {_pct(names['Pistol'])}"
    before = Counter(c.card for c in st.player(me).hand)
    buttons[i].click()
    after = Counter(c.card for c in p.driver.match.state.player(me).hand)
    assert sum((after - before).values()) == 1
    (drawn,) = (after - before)
    assert box.cabin[drawn].name == "Pistol"


def test_undo_gives_back_the_same_state():
    p = MatchPlayer("dead-panic", seed=3)
    h0, n0 = p.driver.match.state_hash(), len(p.driver.events())
    p.run("step")
    assert p.driver.match.state_hash() != h0
    p.undo_button.click()
    assert p.driver.match.state_hash() == h0 and len(p.driver.events()) == n0
    assert p.event_log.value.count("nollab-event") == n0


def test_a_click_on_a_space_moves_there_and_an_illegal_action_is_refused():
    p = MatchPlayer("dead-panic", seed=1)
    me = p.driver.match.acting()
    dest = next(a.params[0] for a in p.driver.legal_actions() if a.kind == "move")
    assert p.board.display_list.tooltip(dest)
    p._on_space(dest)
    assert p.driver.match.state.player(me).space == dest
    h = p.driver.match.state_hash()
    p.apply(Action("move", me, ("99:yard",)))
    assert "IllegalAction" in p.status.value and p.driver.match.state_hash() == h


def test_a_bad_seed_or_setup_keeps_the_old_game():
    p = MatchPlayer("dead-panic", seed=1)
    h = p.driver.match.state_hash()
    p.new_game(setup="9")
    assert "cannot start setup '9'" in p.driver.error and "2 to 6 players" in p.status.value and p.driver.match.state_hash() == h
    with pytest.raises(ValueError, match="seed"):
        p.driver.new(-1)


def test_the_play_dashboard_picks_any_registered_game(escape):
    made = []

    def make(name, seed):
        made.append(name)
        if name == "notld":
            return MatchPlayer("escape", seed)  # stands in for the GamePlayer: quicker, same role
        return MatchPlayer(name, seed)

    dash = PlayDashboard(make=make)
    names = [v for _, v in dash.picker.options]
    assert names[:2] == ["notld", "dead-panic"] and "escape" in names
    dash.picker.value = "dead-panic"
    assert isinstance(dash.player, MatchPlayer) and dash.player.driver.spec.name == "dead-panic"
    dash.player.run("round")
    h = dash.player.driver.match.state_hash()
    dash.picker.value = "escape"
    dash.picker.value = "dead-panic"  # kept where it was left
    assert dash.player.driver.match.state_hash() == h
    assert made == ["notld", "dead-panic", "escape"]


def test_a_game_that_cannot_be_built_says_why_in_its_place(escape):
    def make(name, seed):
        raise RuntimeError("no board for " + name)

    dash = PlayDashboard(game="escape", make=make)
    assert "no board for escape" in dash.player.value


def test_auto_play_steps_only_while_playing():
    """A tick of the Auto-play counter is one step while playing; the stop button rewinds the
    counter, which must not play a step behind the player's back."""
    player = MatchPlayer("dead-panic", seed=3)
    h = player.driver.match.state_hash()
    player.play.value += 1
    assert player.driver.match.state_hash() == h
    player.play.playing = True
    player.play.value += 1
    assert player.driver.match.state_hash() != h
    player.play.playing = False
    h = player.driver.match.state_hash()
    player.play.value = 0
    assert player.driver.match.state_hash() == h
