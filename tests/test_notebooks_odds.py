"""The odds notebooks execute headless, and the odds widgets compute exact values, quickly, in the kernel.

Notebooks (nbclient, kernel ``python3``): ``02-combat-odds``, ``03-spawn-odds`` and ``dashboard``.
Widgets (``OddsPanel``, ``SpawnPanel``, ``odds_dashboard``) are driven in-process, the way a browser
drives them (setting widget values), and every number is compared with a brute-force enumeration of dice
faces or card draws written here (P. 24-28, P. 46), never with ``nollab.prob``. The ``nollab dashboard``
command's argument handling is tested here; serving for real is in ``test_browser_odds.py``.
"""
from __future__ import annotations

import itertools
import socket
from fractions import Fraction

import pytest

from browser_support import NOTEBOOKS, notebook_text_outputs, run_notebook

from nollab.content import load_content

CONTENT = load_content()


# -- notebooks ------------------------------------------------------------------------------------------
@pytest.mark.notebook
def test_combat_odds_notebook_runs_and_names_the_best_weapon():
    """02: closed forms agree with the engine (asserted in the notebook); the Fatty + 2 Walkers ranking."""
    nb = run_notebook(NOTEBOOKS / "02-combat-odds.ipynb")
    text = notebook_text_outputs(nb)
    assert "2^{- n} \\left(2^{n} - n - 1\\right)" in text  # P(clear 2 Walkers) at 4+, sympy LaTeX
    # Ma's Shotgun fired Dual: 4 dice at 3+, Damage 2, needs 3 hits: P = 1 - P(<= 2 hits) by brute force
    faces = list(itertools.product(range(1, 7), repeat=4))
    p = Fraction(sum(sum(f >= 3 for f in fs) >= 3 for fs in faces), len(faces))
    assert f"Best single Action: Ma's Shotgun (ranged) ×2**, clearing the Zone with probability " \
           f"{p.numerator}/{p.denominator}" in text


@pytest.mark.notebook
def test_spawn_odds_notebook_runs():
    """03: the hypergeometric closed form is checked against the engine inside the notebook (P. 24)."""
    nb = run_notebook(NOTEBOOKS / "03-spawn-odds.ipynb")
    text = notebook_text_outputs(nb)
    assert "46 cards in the full deck" in text
    relatives = [c.number for c in CONTENT.ghoul_deck if c.kind == "spawn" and c.ghoul == "relative"]
    assert f"Relative cards: {relatives}" in text
    assert "after all are discarded 0" in text


@pytest.mark.notebook
def test_dashboard_notebook_runs_and_shows_widgets():
    nb = run_notebook(NOTEBOOKS / "dashboard.ipynb")
    mimes = [m for cell in nb.cells for out in cell.get("outputs", []) for m in out.get("data", {})]
    assert "application/vnd.jupyter.widget-view+json" in mimes


# -- independent oracles ----------------------------------------------------------------------------------
def faces(n: int):
    return itertools.product(range(1, 7), repeat=n)


def hits_of(fs, accuracy: int, plus_roll: int = 0) -> int:
    """P. 26 / P. 46: a die hits when min(face + plus_roll, 6) >= Accuracy."""
    return sum(min(f + plus_roll, 6) >= accuracy for f in fs)


def ranged_clear(h: int, damage: int, zone: dict) -> bool:
    """P. 27 Targeting Priority Order: Fatties first; Damage 1 is wasted on a Fatty."""
    fat = zone.get("fatty", 0)
    rest = sum(zone.values()) - fat
    if fat and damage < 2:
        return False
    return h >= fat + rest


def melee_kills(h: int, damage: int, zone: dict) -> int:
    """P. 26: the player divides the hits freely; a Fatty needs Damage 2."""
    killable = sum(c for t, c in zone.items() if t != "fatty" or damage >= 2)
    return min(h, killable)


# -- OddsPanel ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def odds():
    from nollab.widgets.odds_panel import OddsPanel

    return OddsPanel(CONTENT)


def test_odds_panel_melee_free_allocation_matches_brute_force(odds):
    """P. 26: a Torch (2 dice, 3+, Damage 2) in Melee against a Fatty and a Walker."""
    odds.set_weapon("torch:melee")
    odds.set_target(fatty=1, walker=1, friends=1)
    zone = {"fatty": 1, "walker": 1}
    rolls = list(faces(2))
    want_clear = Fraction(sum(melee_kills(hits_of(fs, 3), 2, zone) == 2 for fs in rolls), len(rolls))
    want_kills = Fraction(sum(melee_kills(hits_of(fs, 3), 2, zone) for fs in rolls), len(rolls))
    assert odds.p_clear == want_clear
    assert odds.result.expected_kills == want_kills
    assert "nollab-odds-no-ff" in odds.out_ff.value  # Melee: no Friendly Fire (P. 28)
    assert f"data-value='{want_clear.numerator}/{want_clear.denominator}'" in odds.out_summary.value


def test_odds_panel_plus_one_to_roll_and_reroll_match_brute_force(odds):
    """P. 46 +1 to dice roll; Plenty of Shells: the whole roll re-rolled once when it did not clear."""
    odds.set_weapon("ithaca_m37:ranged")
    odds.set_target(walker=1, fatty=1, friends=0)
    odds.w_skills.value = ("+1 to dice roll: Combat",)
    odds.w_plenty.value = True
    odds.w_reroll.value = "optimal"
    zone = {"walker": 1, "fatty": 1}
    rolls = list(faces(2))
    good = [ranged_clear(hits_of(fs, 4, 1), 2, zone) for fs in rolls]
    p1 = Fraction(sum(good), len(rolls))
    # optimal for "clear": keep a clearing roll, re-roll any other (enumerate both rolls)
    both = sum(1 for a in good for b in good if a or b)
    assert odds.p_clear == Fraction(both, len(rolls) ** 2) == 1 - (1 - p1) ** 2
    odds.w_plenty.value = False
    assert odds.p_clear == p1
    odds.w_skills.value = ()


def test_odds_panel_friendly_fire_and_hand_edited_dice(odds):
    """P. 28: every miss of a Ranged attack wounds the friends' Zone by the weapon's Damage."""
    odds.set_weapon("sawed_off:ranged")
    odds.set_target(walker=2, friends=2)
    odds.w_dice.value = 3  # hand-edited: the weapon becomes an ad-hoc one
    assert odds.w_weapon.value == "custom"
    rolls = list(faces(3))
    p_ff = Fraction(sum(hits_of(fs, 3) < 3 for fs in rolls), len(rolls))
    e_wounds = Fraction(sum(3 - hits_of(fs, 3) for fs in rolls), len(rolls))
    assert odds.result.friendly_wounds.p(lambda w: w > 0) == p_ff
    assert odds.result.friendly_wounds.mean() == e_wounds
    assert 'class="nollab-chart ff"' in odds.out_ff.value and "Friendly Fire Wounds" in odds.out_ff.value


def test_odds_panel_bad_input_shows_error_and_keeps_the_odds(odds):
    odds.set_weapon("sawed_off:ranged")
    odds.set_target(walker=1)
    before = odds.p_clear
    odds.w_dual.value = True  # the Sawed-Off has no Dual symbol (P. 26)
    assert "Dual" in odds.out_error.value
    assert odds.p_clear == before
    odds.w_dual.value = False
    assert odds.out_error.value == ""
    with pytest.raises(ValueError, match="target: unknown ghoul type 'zombie'"):
        odds.set_target(zombie=1)
    with pytest.raises(ValueError, match="weapon: unknown weapon line"):
        odds.set_weapon("bazooka:ranged")


def test_odds_panel_input_to_chart_under_100_ms(odds):
    """Issue 6: input to redrawn chart under 100 ms (kernel side; the browser side is in bench/)."""
    worst = 0.0
    for weapon, target in [("chainsaw:melee", {"walker": 6, "fatty": 3, "breaker": 2, "relative": 1}),
                           ("uzi:ranged", {"walker": 8, "fatty": 2}), ("car:car", {"walker": 5, "fatty": 2}),
                           ("mas_shotgun:ranged", {"walker": 4, "fatty": 2})]:
        odds.set_weapon(weapon)
        odds.set_target(**target, friends=1)
        odds.w_plenty.value = weapon != "chainsaw:melee" and weapon != "car:car"
        odds.w_actions.value = 4
        worst = max(worst, odds.last_update_ms)
    odds.w_actions.value = 1
    odds.w_plenty.value = False
    assert worst < 100, f"slowest redraw {worst:.1f} ms"


def _state(**kw):
    from nollab.rules.engine.state import GameState, SurvivorState

    st = GameState(scene="S1", seed=1, rng=0, cards=["ithaca_m37", "table_leg"], origin=["ranged", "starting"])
    st.survivors = {"ben": SurvivorState(id="ben", zone="z1", hands=[0, None], xp=8),
                    "judy": SurvivorState(id="judy", zone="z4"), "tom": SurvivorState(id="tom", zone="z4")}
    st.active = "ben"
    for k, v in kw.items():
        setattr(st, k, v)
    return st


def test_odds_panel_takes_zone_and_weapon_from_a_live_game(odds):
    """Clicking a Zone loads its Ghouls, the friends standing there and the active Survivor's weapon."""
    st = _state(ghouls={"z4": (1, 0, 1, 0)})

    class Board:  # the BoardView contract: on_zone_click(callback(zone_id))
        callbacks: list = []

        def on_zone_click(self, cb):
            self.callbacks.append(cb)

    board = Board()
    odds.follow(board, st)
    board.callbacks[0]("z4")
    assert odds.w_weapon.value == "ithaca_m37:ranged"
    assert {t: w.value for t, w in odds.w_target.items()} == {"walker": 1, "breaker": 0, "fatty": 1, "relative": 0}
    assert odds.w_friends.value == 2
    rolls = list(faces(2))
    want = Fraction(sum(ranged_clear(hits_of(fs, 4), 2, {"walker": 1, "fatty": 1}) for fs in rolls), len(rolls))
    assert odds.p_clear == want
    assert "live: Zone z4" in odds.w_source.value


# -- SpawnPanel ---------------------------------------------------------------------------------------------
def brute_spawn(numbers, discarded, zones: int, level: int):
    """Every hand of ``zones`` cards from the live deck: P(>=1 Relative), E[Walkers] (P. 24-25)."""
    cards = [c for c in CONTENT.ghoul_deck if c.number in numbers and c.number not in discarded]
    n = rel = walkers = 0
    for hand in itertools.combinations(cards, zones):
        n += 1
        rel += any(c.kind == "spawn" and c.ghoul == "relative" and c.counts[level] for c in hand)
        walkers += sum(c.counts[level] for c in hand if c.kind == "spawn" and c.ghoul == "walker")
    return Fraction(rel, n), Fraction(walkers, n)


def test_spawn_panel_presets_match_brute_force():
    """P. 32 presets: easy = #1-21 (+ #43-46), hard = #22-42; one card per Spawn Zone, no replacement."""
    from nollab.widgets.spawn_panel import SpawnPanel

    panel = SpawnPanel(CONTENT)
    panel.w_deck.value = "easy"
    panel.w_level.value = "orange"
    panel.w_zones.value = 2
    rel, walkers = brute_spawn(set(range(1, 22)) | {43, 44, 45, 46}, (), 2, 2)
    assert panel.result.p_relative == rel
    assert panel.result.expected["walker"] == walkers
    panel.w_openings.value = False
    rel, walkers = brute_spawn(set(range(1, 22)), (), 2, 2)
    assert (panel.result.p_relative, panel.result.expected["walker"]) == (rel, walkers)
    assert panel.last_update_ms < 100
    panel.w_discarded.value = "3, x"
    assert "discarded: 'x' is not a card number" in panel.out_error.value
    assert panel.result.expected["walker"] == walkers  # nothing changed


def test_spawn_panel_reads_a_live_game():
    """The highest Danger Level among Survivors (P. 24), its Spawn Zones, deck and discards."""
    from nollab.widgets.spawn_panel import SpawnPanel

    relatives = [c.number for c in CONTENT.ghoul_deck if c.kind == "spawn" and c.ghoul == "relative"]
    discard = relatives + [5]  # every Relative spawn card is in the discard pile: none can come
    deck = [n for n in range(1, 47) if n not in discard]
    st = _state(ghoul_deck=deck, ghoul_discard=discard, spawns=[["z1", "white"], ["z9", "red"]],
                ghouls={"z4": (3, 0, 1, 0)})
    panel = SpawnPanel(CONTENT)
    panel.set_from_game(st)
    assert panel.w_level.value == "yellow"  # Ben has 8 XP: Yellow is 7-18 (P. 14)
    assert panel.w_zones.value == 2
    assert panel.w_on_board["walker"].value == 3
    rel, walkers = brute_spawn(set(range(1, 47)), set(discard), 2, 1)
    assert rel == 0 and panel.result.p_relative == 0
    assert panel.result.expected["walker"] == walkers


def test_odds_dashboard_tabs():
    from nollab.widgets.dashboards import odds_dashboard

    tab = odds_dashboard(CONTENT)
    titles = [tab.get_title(i) for i in range(len(tab.children))]
    assert titles[:2] == ["Combat odds", "Spawn odds"]
    assert tab.odds.p_clear is not None and tab.spawn.result is not None


# -- nollab dashboard (arguments; serving is in test_browser_odds.py) ------------------------------------
def test_dashboard_cli_prints_urls(capsys):
    from nollab.cli import main

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["dashboard", "--port", str(port), "--print-only"]) == 0
    out = capsys.readouterr().out
    assert f"http://127.0.0.1:{port}/voila/render/dashboard.ipynb" in out
    assert "--no-browser" in out and '"ip": "127.0.0.1"' in out and '"template": "nollab"' in out


def test_dashboard_cli_bad_input_exits_2(capsys, tmp_path):
    from nollab.cli import main

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        busy = s.getsockname()[1]
        assert main(["dashboard", "--port", str(busy), "--print-only"]) == 2
    assert f"--port {busy} is already in use" in capsys.readouterr().err
    assert main(["dashboard", "--port", "x"]) == 2
    assert "--port must be an integer" in capsys.readouterr().err
    assert main(["dashboard", "--notebooks", str(tmp_path), "--print-only"]) == 2
    assert "--notebooks: no dashboard.ipynb" in capsys.readouterr().err


def test_panels_read_a_real_scene_1_game():
    """A real ``Game.new("S1")``: a Zone's Ghouls and friends, and the spawn step of its 4 Spawn Zones."""
    from nollab.rules.game import Game
    from nollab.widgets.odds_panel import OddsPanel
    from nollab.widgets.spawn_panel import SpawnPanel

    game = Game.new("S1", seed=1)
    st = game.state
    zone = st.survivors[st.active].zone
    st.add_ghouls(zone, "walker", 2)
    st.add_ghouls(zone, "fatty", 1)
    game.touch()
    odds = OddsPanel(game.content)
    odds.set_from_zone(game, zone)
    assert {t: w.value for t, w in odds.w_target.items()} == {"walker": 2, "breaker": 0, "fatty": 1, "relative": 0}
    assert odds.w_friends.value == len(st.survivors_in(zone)) - 1  # the attacker is not a friend
    card = game.content.equipment[st.cards[st.survivors[st.active].hands[0]]]
    assert odds.w_weapon.value.split(":")[0] == card.id

    spawn = SpawnPanel(game.content)
    spawn.set_from_game(game)
    assert spawn.w_zones.value == len(st.spawns) == 4
    level = ("blue", "yellow", "orange", "red").index(spawn.w_level.value)
    rel, walkers = brute_spawn(set(st.ghoul_deck) | set(st.ghoul_discard), set(st.ghoul_discard), 4, level)
    assert (spawn.result.p_relative, spawn.result.expected["walker"]) == (rel, walkers)


def test_odds_panel_explains_the_fatty_shield():
    """P. 27: Fatties first and immune to Damage 1, so they shield the others from a Sawed-Off."""
    from nollab.widgets.odds_panel import OddsPanel

    panel = OddsPanel(weapon="sawed_off:ranged")
    panel.set_target(fatty=1, walker=2)
    assert "shield" in panel.out_summary.value and "P. 27" in panel.out_summary.value
    panel.set_target(fatty=0, walker=2)
    assert "shield" not in panel.out_summary.value


def test_other_games_tabs_are_built_when_opened():
    """The odds dashboard holds the other games' panels only once their tab is opened (a lighter
    page for each visitor); opening one builds it once, and the others stay place holders."""
    from nollab.widgets.dashboards import LazyTab, odds_dashboard
    from nollab.widgets.packs_panel import PANELS

    tab = odds_dashboard(CONTENT)
    lazy = [c for c in tab.children if isinstance(c, LazyTab)]
    assert [c.title for c in lazy] == list(PANELS) and all(c.panel is None for c in lazy)
    i = next(i for i in range(len(tab.children)) if tab.get_title(i) == "Dead Panic")
    tab.selected_index = i
    panel = tab.children[i].panel
    assert isinstance(panel, PANELS["Dead Panic"]) and tab.children[i].children == (panel,)
    tab.selected_index = 0
    tab.selected_index = i
    assert tab.children[i].panel is panel
    assert sum(c.panel is not None for c in lazy) == 1
