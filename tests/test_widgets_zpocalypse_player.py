"""Zpocalypse in the game-agnostic MatchPlayer and the play dashboard's picker, driven as plain Python.

Checked against things the player does not compute: the Scavenge draw's buttons show the deck's share of
each card counted from the box's own Scavenge counts ("Draw Scavenge Cards"); a click on a square the
squad can reach with one legal move goes there (Movement: "Move a number of squares up to your Move
stat"); Undo gives back the same state hash; the dashboard's picker offers Zpocalypse.
"""
from __future__ import annotations

from fractions import Fraction

import pytest

pytest.importorskip("ipywidgets")

from nollab.packs.zpocalypse.box import load_box
from nollab.widgets.match_player import MatchPlayer
from nollab.widgets.play_dashboard import PlayDashboard


def _to(p: MatchPlayer, pred, limit: int = 3000) -> None:
    for _ in range(limit):
        if pred(p.driver):
            return
        p.run("step")
    raise AssertionError("never reached the wanted point")


def test_scavenge_draw_odds_in_the_chance_buttons():
    p = MatchPlayer("zpocalypse", seed=3, setup="1")
    _to(p, lambda d: d.chance() is not None and d.chance().kind == "draw:scavenge")
    counts = {k: v.count for k, v in load_box().scavenge.items() if v.count}
    rows = p.driver.chance_rows()
    total = sum(counts.values())
    assert {lab: pr for lab, _, pr in rows} == {load_box().scavenge[k].name: Fraction(n, total) for k, n in counts.items()}
    buttons = p.chance_box.children[1].children
    buttons[0].click()  # forcing a card draws that card
    assert p.driver.match.events[-1].text.endswith(rows[0][0])


def test_click_a_square_moves_the_squad_and_undo_restores():
    p = MatchPlayer("zpocalypse", seed=3, setup="1")
    _to(p, lambda d: d.needs() == "action" and any(a.kind == "move" for a in d.legal_actions()))
    h = p.driver.match.state_hash()
    moves = [a for a in p.driver.legal_actions() if a.kind == "move"]
    target = next(a for a in moves if len(p.driver.moves_to(a.params[0])) == 1)
    p._on_space(target.params[0])
    s = p.driver.match.state.squad(target.player)
    assert f"{s.pos[0]},{s.pos[1]}" == target.params[0]
    p.undo()
    assert p.driver.match.state_hash() == h


def test_the_play_dashboard_picks_zpocalypse_and_it_plays_to_its_end():
    d = PlayDashboard()
    assert "zpocalypse" in [v for _, v in d.picker.options]
    d.pick("zpocalypse")
    player = d.holder.children[0]
    player.run("end")
    assert player.driver.over() and player.driver.match.result in ("won", "lost")
