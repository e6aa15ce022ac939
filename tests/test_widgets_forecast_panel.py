"""The Forecast panel (and its place in the GamePlayer): exact numbers of the rest of the round, worked
out by hand here for a small position (P. 22, 26-28)."""
from __future__ import annotations

import re
from fractions import Fraction

from nollab.board import board_from_grid
from nollab.rules.sandbox import sandbox
from nollab.widgets.forecast_panel import ForecastPanel

ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})


def position(tom_wounds=2):
    """Helen (Winchester 94: 1 die, 3+) in a; Tom in b with 2 Walkers; no Spawn Zone."""
    g = sandbox(ROW, {"helen": "T:a", "tom": "T:b"}, ghouls={"T:b": {"walker": 2}},
                inventory={"helen": ["winchester_94"]})
    g.state.survivors["tom"].wounds = tom_wounds
    g.touch()
    return g


def value(html, css):
    m = re.search(rf"class='{css}' data-value='([0-9/]+)'", html)
    assert m, f"{css} not in the panel"
    return Fraction(m.group(1))


def test_panel_numbers_p22_p28():
    """If everyone ends their Turn, the 2 Walkers attack Tom: with 2 Wounds he dies (P. 22); with none he
    lives. Helen's best plan to clear b: 2 hits before any miss (a miss wounds Tom, P. 28): 4/9."""
    panel = ForecastPanel(background=False)
    panel.update(position(2))
    html = panel.body.value
    assert value(html, "nollab-forecast-p-dies") == 1
    assert value(html, "nollab-forecast-p-lost") == 1
    assert value(html, "nollab-forecast-p-house") == 0
    assert value(html, "nollab-forecast-plan-p") == Fraction(4, 9)
    assert "helen: ranged" in html
    panel.update(position(0))
    assert value(panel.body.value, "nollab-forecast-p-dies") == 0


def test_bound_is_reported_not_a_number():
    panel = ForecastPanel(max_states=1, plan_states=1, background=False)
    # 27 of the 28 Walkers on the board: Walker cards run short, so the round takes more than one
    # position even with the Spawn Step's cards counted as one product (nollab.prob.spawn_block)
    g = sandbox(ROW, {"helen": "T:a"}, ghouls={"T:b": {"walker": 2}, "T:d": {"walker": 25}},
                inventory={"helen": ["winchester_94"]}, spawns=[("T:d", "white"), ("T:c", "red")])
    panel.update(g)
    assert "nollab-forecast-p-dies" not in panel.body.value
    assert "more than 1 positions" in panel.body.value


def test_a_newer_position_cancels_the_older_search():
    panel = ForecastPanel()
    panel.update(position(0))
    panel.update(position(2))
    panel.wait(60)
    assert value(panel.body.value, "nollab-forecast-p-dies") == 1


def test_game_player_refreshes_the_panel_on_every_step():
    from nollab.widgets.game_player import GamePlayer

    player = GamePlayer(scene="S1", seed=3, game_factory=lambda scene, seed: position(2))
    player.forecast_panel.wait(60)
    assert value(player.forecast_panel.body.value, "nollab-forecast-p-dies") == 1
    player._run("step")
    player.forecast_panel.wait(60)
    assert player.forecast_panel.result is not None


def test_spawn_panel_shows_placed_and_extra_activations_p25():
    """The Spawn panel on a live game: 27 Walkers on the board (box 28), 2 cards from [1, 2, 12, 16, 43]
    at Blue (Walker cards 1 and 1): the first Walker card places the last miniature, a second one is
    short (1 extra Activation) -- by hand over the 20 ordered draws."""
    import itertools

    from nollab.widgets.spawn_panel import SpawnPanel

    g = sandbox(ROW, {"helen": "T:a"}, ghouls={"T:d": {"walker": 27}},
                spawns=[("T:c", "white"), ("T:b", "red")], ghoul_deck=[1, 2, 12, 16, 43])
    panel = SpawnPanel()
    panel.set_from_game(g)
    html = panel.out_summary.value
    orders = list(itertools.permutations([1, 2, 12, 16, 43], 2))
    placed = Fraction(sum(min(1, sum(c in (1, 2) for c in o)) for o in orders), len(orders))
    extra = Fraction(sum(max(0, sum(c in (1, 2) for c in o) - 1) for o in orders), len(orders))
    assert value(html, "nollab-spawn-expected-walker") == placed
    assert value(html, "nollab-spawn-extra-walker") == extra
