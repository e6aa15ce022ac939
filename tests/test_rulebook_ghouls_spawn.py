"""Independent audit of the Spawn step (P. 24-25) and Tuning the difficulty (P. 32).

Cards used (rulebook card art, P. 24-25 and notld-data §3.3): #1 Walkers 1/3/5/7, #7 Breakers
1/1/5/7, #12 Fatties 1/1/5/7 (Blue/Yellow/Orange/Red), #43 Barricade & Door Opening — Walkers.
``ghoul_deck`` lists cards bottom-to-top: the last number is drawn first.
Ghoul tuples are (Walkers, Breakers, Fatties, Relatives).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from nollab.board import board_from_grid
from nollab.rules.engine.actions import Action
from nollab.rules.game import Game
from nollab.rules.sandbox import sandbox
from nollab.rules.engine.tasks import Task

EXT = "exterior"
ROW = board_from_grid("abcd", {k: EXT for k in "abcd"})
LONG = board_from_grid("abcdefgh", {k: EXT for k in "abcdefgh"})


def end_turns(g):
    while g.needs() == "action":
        g.apply(Action("do_nothing", g.state.active))


def run_round(g):
    end_turns(g)
    r = g.state.round
    while g.state.round == r and not g.over:
        g.step()


def spawn_only(g):
    """Play just the Spawn step of a Ghouls' Phase (no activation before it)."""
    g.state.phase = "ghouls"
    g.state.queue = [Task("spawn_step")]
    while g.state.queue and not g.over:
        g.step()


def test_p24_white_spawn_zone_first_then_clockwise():
    """P. 24: "The white Spawn Zone is always the first one to spawn Ghouls ... Repeat this for each
    Spawn Zone, one after the other, going clockwise from the white Spawn Zone." The clockwise ring
    is c, a, b with white on a: cards go to a, then b, then c."""
    g = sandbox(LONG, {"tom": "T:h"}, spawns=[("T:c", "red"), ("T:a", "white"), ("T:b", "red")],
                ghoul_deck=[12, 7, 1])
    spawn_only(g)
    assert g.state.ghouls == {"T:a": (1, 0, 0, 0), "T:b": (0, 1, 0, 0), "T:c": (0, 0, 1, 0)}


def test_p24_one_card_per_spawn_token_in_a_zone():
    """P. 24: "It is possible to have multiple Spawn tokens in a Zone. Draw a Ghoul card for each Spawn
    token in that Zone." """
    g = sandbox(LONG, {"tom": "T:h"}, spawns=[("T:a", "white"), ("T:a", "red")], ghoul_deck=[12, 1])
    spawn_only(g)
    assert g.state.ghouls == {"T:a": (1, 0, 1, 0)}
    assert g.state.ghoul_deck == []


def test_p24_read_the_line_of_the_most_experienced_survivor():
    """P. 24: "Tom has 5 XP, placing him in the Blue Danger Level. Judy has 12, which puts her in
    Yellow ... read the Yellow line". Card #1 at Yellow: 3 Walkers (P. 25 example)."""
    g = sandbox(LONG, {"tom": "T:h", "judy": "T:h"}, xp={"tom": 5, "judy": 12}, spawns=[("T:a", "white")],
                ghoul_deck=[1])
    spawn_only(g)
    assert g.state.ghouls == {"T:a": (3, 0, 0, 0)}


@pytest.mark.parametrize("xp,n", [(0, 1), (6, 1), (7, 3), (18, 3), (19, 5), (42, 5), (43, 7)])
def test_p24_danger_level_lines_of_card_1(xp, n):
    """P. 24 / P. 14: Blue 0-6, Yellow 7-18, Orange 19-42, Red 43+; card #1 reads 1/3/5/7 Walkers."""
    g = sandbox(LONG, {"tom": "T:h"}, xp={"tom": xp}, spawns=[("T:a", "white")], ghoul_deck=[1])
    spawn_only(g)
    assert g.state.on_board("walker") == n


def test_p24_spawn_happens_after_all_ghouls_acted():
    """P. 8: "Once all Ghouls have performed their Actions, new Ghouls appear" — the Walkers placed
    this phase do not move until the next Ghouls' Phase."""
    g = sandbox(LONG, {"tom": "T:a"}, spawns=[("T:h", "white")], ghoul_deck=[1, 1])
    run_round(g)
    assert g.state.ghouls == {"T:h": (1, 0, 0, 0)}
    run_round(g)
    assert g.state.ghouls == {"T:g": (1, 0, 0, 0), "T:h": (1, 0, 0, 0)}


@pytest.mark.parametrize("colour", ["yellow", "violet"])
def test_p24_coloured_spawn_zones_are_inactive(colour):
    """P. 24: "Unless otherwise stated, such Spawn Zones don't spawn Ghouls until a specific event
    happens, which then activates them." No card is drawn for them."""
    g = sandbox(LONG, {"tom": "T:h"}, spawns=[("T:a", "white"), ("T:c", colour)], ghoul_deck=[12, 1])
    spawn_only(g)
    assert g.state.ghouls == {"T:a": (1, 0, 0, 0)}
    assert g.state.ghoul_deck == [12]


def test_p24_deck_reshuffles_discards_when_it_runs_out():
    """P. 24: "When the Ghoul deck runs out, reshuffle all the discarded Ghoul cards to make a new
    deck." A 1-card deck and 2 Spawn Zones: the second Zone draws the reshuffled card #1 again."""
    g = sandbox(LONG, {"tom": "T:h"}, spawns=[("T:a", "white"), ("T:b", "red")], ghoul_deck=[1])
    spawn_only(g)
    assert g.state.ghouls == {"T:a": (1, 0, 0, 0), "T:b": (1, 0, 0, 0)}


HOUSE = board_from_grid("KabL", {"K": "interior", "L": "interior", "a": EXT, "b": EXT},
                        openings=[("dK", "r1c1-r1c2", "door", False), ("bL", "r1c3-r1c4", "barricade", False)])


def test_p25_opening_card_has_no_effect_at_blue():
    """P. 25: "Notice that these cards have no effect at the Blue Danger Level!" """
    g = sandbox(HOUSE, {"tom": "T:K"}, ghouls={"T:a": {"walker": 1}}, spawns=[("T:b", "white")],
                ghoul_deck=[43])
    spawn_only(g)
    assert g.state.opening_open == {"dK": False, "bL": False}
    assert g.state.ghouls == {"T:a": (1, 0, 0, 0)}


def test_p25_opening_card_opens_every_door_and_barricade_of_zones_with_that_type():
    """P. 25: "No Ghouls appear in the designated Spawn Zone when a Barricade and Door Opening card is
    revealed. Instead, open all Barricades and Doors in the Zones where Ghouls of the indicated type
    are." #43 names Walkers: the door of a (Walkers) opens, the barricade of b (a Fatty only) stays."""
    g = sandbox(HOUSE, {"tom": "T:K", "judy": "T:L"}, xp={"tom": 7}, ghouls={"T:a": {"walker": 1}, "T:b": {"fatty": 1}},
                spawns=[("T:b", "white")], ghoul_deck=[43])
    spawn_only(g)
    assert g.state.opening_open == {"dK": True, "bL": False}
    assert g.state.ghouls == {"T:a": (1, 0, 0, 0), "T:b": (0, 0, 1, 0)}


def test_p25_running_out_places_the_rest_then_extra_activation_of_that_type():
    """P. 25: "the remaining Ghoul miniatures are placed (if there are any). Then, all the Ghouls of
    the indicated type immediately resolve an extra Activation". 27 of 28 Walkers out, card #1 at
    Yellow asks 3: 1 is placed, then every Walker (the new one too) moves; the Fatty does not."""
    g = sandbox(LONG, {"tom": "T:a"}, xp={"tom": 7}, ghouls={"T:e": {"walker": 27, "fatty": 1}},
                spawns=[("T:h", "white")], ghoul_deck=[1])
    spawn_only(g)
    assert g.state.on_board("walker") == 28
    assert g.state.ghouls == {"T:d": (27, 0, 0, 0), "T:e": (0, 0, 1, 0), "T:g": (1, 0, 0, 0)}


def test_p25_extra_activation_is_immediate_before_the_next_spawn_card():
    """P. 25: "immediately resolve an extra Activation" — before the next Spawn Zone's card. The
    Fatty of the second card (clockwise after white) is placed after the Walkers moved, so it stays."""
    g = sandbox(LONG, {"tom": "T:a"}, xp={"tom": 7}, ghouls={"T:e": {"walker": 28}},
                spawns=[("T:h", "white"), ("T:g", "red")], ghoul_deck=[12, 1])
    spawn_only(g)
    assert g.state.ghouls == {"T:d": (28, 0, 0, 0), "T:g": (0, 0, 1, 0)}


def test_p25_multiple_extra_activations_in_a_row():
    """P. 25: "Multiple extra Activations may occur in a row." All 28 Walkers out, two Walker cards:
    two extra Activations, the Walkers move 2 Zones."""
    g = sandbox(LONG, {"tom": "T:a"}, xp={"tom": 7}, ghouls={"T:f": {"walker": 28}},
                spawns=[("T:h", "white"), ("T:h", "red")], ghoul_deck=[1, 1])
    spawn_only(g)
    assert g.state.ghouls == {"T:d": (28, 0, 0, 0)}
    assert sum(1 for e in g.events if e.kind == "activation") == 2


def test_p25_extra_activation_attacks_too():
    """P. 25: an extra Activation is a full Activation (see P. 22): Walkers with a Survivor attack."""
    g = sandbox(LONG, {"tom": "T:a", "judy": "T:h"}, xp={"tom": 7},
                ghouls={"T:a": {"walker": 2}, "T:e": {"walker": 26}}, spawns=[("T:c", "white")], ghoul_deck=[1])
    spawn_only(g)
    assert g.state.survivors["tom"].wounds == 2


# ----------------------------------------------------------------------------- P. 32 tuning
def _deck(g):
    return sorted(g.state.ghoul_deck)


def test_p32_full_deck_is_cards_1_to_46():
    """P. 32: Ghoul cards #1-#21, #22-#42 and #43-#46 (Barricades and Doors Opening)."""
    g = Game.new("S2", seed=1)
    assert _deck(g) == list(range(1, 47))
    assert {g.scene.ghoul_card(n).kind for n in range(43, 47)} == {"opening"}
    assert {g.scene.ghoul_card(n).kind for n in range(1, 43)} == {"spawn"}


def test_p32_easier_part_only():
    """P. 32: "Ghoul cards #1 to #21 form the easier part of a Ghoul invasion." """
    g = Game.new("S2", seed=1, options={"ghoul_cards": list(range(1, 22))})
    assert _deck(g) == list(range(1, 22))


def test_p32_harder_part_with_opening_cards():
    """P. 32: "#22 to #42 are harder ... #43 to #46 ... Add or remove them accordingly"."""
    g = Game.new("S2", seed=1, options={"ghoul_cards": list(range(22, 47))})
    assert _deck(g) == list(range(22, 47))


def _scene_copy(tmp_path: Path, scene: str, old: str, new: str) -> str:
    src = Path(__file__).resolve().parent.parent / "nollab" / "data" / "scenes" / f"{scene}.toml"
    text = src.read_text()
    assert old in text
    p = tmp_path / f"{scene}.toml"
    p.write_text(text.replace(old, new))
    return str(p)


def test_p32_opening_cards_off_removes_43_to_46(tmp_path):
    """P. 32: "#43 to #46 are Barricades and Doors Opening ... Add or remove them" — ``opening_cards =
    false`` in the Scene options."""
    path = _scene_copy(tmp_path, "S2", "opening_cards = true", "opening_cards = false")
    g = Game.new(path, seed=1)
    assert _deck(g) == list(range(1, 43))


def test_p32_card_ranges_mix(tmp_path):
    """P. 32: "These elements can be mixed in any way you see fit" — "1-21, 43-46"."""
    path = _scene_copy(tmp_path, "S2", 'ghoul_cards = "1-46"', 'ghoul_cards = "1-21, 43-46"')
    g = Game.new(path, seed=1)
    assert _deck(g) == list(range(1, 22)) + list(range(43, 47))


EXAMPLE = board_from_grid("KWRXL", {"K": "interior", "W": EXT, "R": EXT, "X": EXT, "L": "interior"},
                          openings=[("dK", "r1c1-r1c2", "door", False), ("dL", "r1c4-r1c5", "door", False)])


def test_p25_spawn_step_example_at_yellow():
    """P. 25 example: "Resolving the Spawn Step, at Yellow Danger Level. Spawns begin at the starting
    Spawn Zone, colored white. A Ghoul card is drawn, and read at Yellow Level: 3 Walkers ... A second
    Ghoul card is drawn, revealing 1 Fatty. The third and final Ghoul card is drawn for this Spawn Zone.
    Open all Barricade and Doors on every Zone featuring Walkers! Both Survivors' shelters are
    compromised." Two Survivors shelter behind closed Doors: K next to the white Zone, L next to X where
    a Walker already stands; the second Spawn Zone R holds 2 tokens."""
    g = sandbox(EXAMPLE, {"tom": "T:K", "judy": "T:L"}, xp={"judy": 12}, ghouls={"T:X": {"walker": 1}},
                spawns=[("T:W", "white"), ("T:R", "red"), ("T:R", "red")], ghoul_deck=[43, 12, 1])
    spawn_only(g)
    assert g.state.ghouls == {"T:W": (3, 0, 0, 0), "T:R": (0, 0, 1, 0), "T:X": (1, 0, 0, 0)}
    assert g.state.opening_open == {"dK": True, "dL": True}


def test_p22_s9_ghouls_revealed_by_a_breaker_do_not_move_in_the_same_activation():
    """P. 8: "All Ghouls on the board activate"; P. 22: "Attacks ... are resolved first, then all the
    Moves."; S9 (P. 42): "Opening a closed house for the first time reveals all the Ghouls inside all
    rooms of the house ... draw a Ghoul card for each Zone." A Breaker at the end of 5V's dirt road
    breaks the closed study door of the 3R-4R house (every closed opening of its Zone, ruling) during
    the Activation: the Walker revealed in each of its four rooms (card #1 at Blue) was not on the
    board when the Activation began, so it stays in its room until the next Activation."""
    g = Game.new("S9", seed=1)
    while g.pending is not None and g.pending.kind.startswith("scene:"):
        g.choose(g.pending.options[g.pending.default])
    st = g.state
    st.ghouls.clear()
    st.add_ghouls("5V:h", "breaker", 1)  # outside the closed study door 4R:dn4
    st.ghoul_deck = [1] * 10  # Walker cards: 1 Walker per room at Blue
    g.touch()
    end_turns(g)
    r = st.round
    while st.round == r and not g.over:
        if g.pending is not None:
            g.choose(g.pending.options[g.pending.default])
        else:
            g.step()
    assert st.opening_open["4R:dn4"] is True
    rooms = {z: st.ghouls_in(z)[0] for z in ("3R:H", "3R:S", "3R:U", "4R:S")}
    assert rooms == {"3R:H": 1, "3R:S": 1, "3R:U": 1, "4R:S": 1}, rooms
