"""Zombie Slayer in the game-agnostic MatchPlayer, driven as plain Python (the browser test checks pixels).

* a click on a free square next to the Slayer moves him there (ch. Creating a Slayer: "Move 1 square");
* a click on a Zombie next to him selects its square and the action list names the attacks on it
  (ch. Fighting Zombies: "the defender has to be in one of the 8 squares surrounding the attacker");
* the pending Hand is shown as one chance node whose weights add up to 6^k; Undo gives the state back.
"""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from nollab.widgets.match_player import MatchPlayer


def test_click_moves_and_selects_in_the_village():
    p = MatchPlayer("zombie-slayer", seed=1)
    m = p.driver.match
    assert m.needs() == "action" and len(m.state.tiles) == 5   # Setup is done when the game is made
    dest = next(a.params[0] for a in m.legal_actions() if a.kind == "move")
    assert dest in dict(m.display_list().tooltips) or m.display_list().grid.cells_of(dest)
    p._on_space(dest)
    assert m.state.slayer["sq"] == dest
    # a Zombie next to the Slayer: its square is selected, the attacks on it are listed
    x, y = (int(v) for v in dest.split(","))
    free = next(s for s in (f"{x + dx},{y + dy}" for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
                if any(a.kind == "move" and a.params[0] == s for a in m.legal_actions()))
    uid = m.state.uid()
    m.state.zombies[uid] = {"kind": "violet", "sq": free, "life": 1}
    m._legal_key = None
    p.refresh()
    p._on_space(free)
    assert p.selected == free
    # after a move, the free Dragon Dung and torch also name the square (ch. Items)
    assert {a.kind for a in p.driver.actions_at(free)} == {"attack", "skill", "drop_dung", "throw_torch"}
    h = m.state_hash()
    p.apply(next(a for a in p.driver.actions_at(free) if a.kind == "attack"))
    c = m.chance()
    assert c is not None and c.total == 6 ** (m.state.slayer["life"])
    p.undo()
    assert p.driver.match.state_hash() == h
