"""Chance as explicit engine steps (OpenSpiel's chance nodes): the outcomes of a roll or a draw with
exact integer weights, a chosen outcome resolved and logged, the seeded generator still the default.

Every weight is checked against an independent count: all 6**n faces of a roll enumerated die by die,
the Ghoul cards of the pile read one by one off the content (P. 24-25), the Equipment cards of a deck.
"""
from __future__ import annotations

import itertools
import json
from collections import Counter
from fractions import Fraction

import pytest

from nollab.board import board_from_grid
from nollab.rules import Game, IllegalAction
from nollab.rules.engine.actions import Action
from nollab.rules.sandbox import rig_dice, sandbox

ROW = board_from_grid("abcd", {k: "exterior" for k in "abcd"})
HOUSE = board_from_grid("aK", {"a": "exterior", "K": "interior"}, openings=[("dK", "r1c1-r1c2", "door", True)])


def shot(ghouls=None, inv=("sawed_off",), who="helen"):
    return sandbox(ROW, {who: "T:a"}, ghouls=ghouls or {"T:b": {"walker": 2}}, inventory={who: list(inv)})


def faces_hist(n: int, accuracy: int, plus: int = 0) -> Counter:
    """Hits of every one of the 6**n rolls, die by die (P. 26, P. 46): the independent count."""
    return Counter(sum(1 for f in roll if min(6, f + plus) >= accuracy)
                   for roll in itertools.product(range(1, 7), repeat=n))


def test_default_games_roll_at_once_and_replay_identically():
    g = shot()
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert g.needs() != "chance"  # the seeded generator rolled inside apply, as before
    assert any(e.kind == "roll" for e in g.events)
    assert g.replay().state_hash() == g.state_hash()


def test_roll_outcomes_are_hits_weighted_like_every_face_enumerated():
    g = shot()
    g.set_explicit_chance(True)
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert g.needs() == "chance"
    node = g.chance_outcomes()
    assert node.kind == "dice" and node.page == "P. 26"
    ref = faces_hist(2, 3)  # Sawed-Off: 2 dice, 3+ (P. 28)
    assert dict(node.items()) == dict(ref)
    assert node.prob(2) == Fraction(ref[2], 36)


def test_plus_one_to_the_roll_changes_the_weights():
    g = shot(inv=("sawed_off",))
    g.state.survivors["helen"].extra_skills.append("plus_1_to_dice_roll_ranged")
    g.touch()
    g.set_explicit_chance(True)
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert dict(g.chance_outcomes().items()) == dict(faces_hist(2, 3, plus=1))


def test_chosen_hits_are_resolved_logged_and_replayed():
    g = shot()
    g.set_explicit_chance(True)
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    g.apply_chance(2)
    assert g.state.ghouls_in("T:b") == (0, 0, 0, 0)
    assert {"t": "chance", "outcome": 2} in g.log
    assert any("Roll (chosen): 2 hits" in e.text for e in g.events)
    r = g.replay()
    assert r.state_hash() == g.state_hash() and r.explicit_chance


def test_chosen_faces_are_shown_in_the_log():
    g = shot()
    g.set_explicit_chance(True)
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    g.apply_chance([6, 1])
    assert g.state.ghouls_in("T:b") == (1, 0, 0, 0)
    assert any(e.kind == "roll" and e.text.startswith("Roll [6, 1]: 1 hit") for e in g.events)


@pytest.mark.parametrize("bad", [3, -1, [6], [7, 1], "two", True])
def test_an_impossible_outcome_is_refused_and_changes_nothing(bad):
    g = shot()
    g.set_explicit_chance(True)
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    before = g.to_json()
    with pytest.raises(IllegalAction, match="P. 26"):
        g.apply_chance(bad)
    assert g.to_json() == before


def test_no_chance_pending_is_refused():
    g = shot()
    with pytest.raises(IllegalAction, match="no roll or draw"):
        g.apply_chance(1)
    assert g.chance_outcomes() is None


def test_step_at_a_chance_node_uses_the_seeded_generator_like_a_default_game():
    a, b = shot(), shot()
    b.set_explicit_chance(True)
    act = Action("ranged", "helen", ((0,), "T:b"))
    a.apply(act)
    b.apply(act)
    b.step()
    assert [e.text for e in a.events] == [e.text for e in b.events]
    assert b.replay().state_hash() == b.state_hash()


def test_rigged_dice_are_logged_and_replayed():
    g = shot()
    rig_dice(g, [6, 6])
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    assert g.state.ghouls_in("T:b") == (0, 0, 0, 0)
    assert {"t": "rig", "faces": [6, 6]} in g.log
    assert g.replay().state_hash() == g.state_hash()
    with pytest.raises(ValueError, match="1..6"):
        rig_dice(g, [0])


def test_plenty_reroll_is_a_second_chance_step():
    g = shot(inv=("sawed_off", "plenty_of_shells"))
    g.set_explicit_chance(True)
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    g.apply_chance(0)
    assert g.pending.kind == "reroll"
    g.choose("reroll")
    assert g.needs() == "chance" and g.state.queue[0].name == "reroll"
    g.apply_chance([3, 4])
    assert g.state.ghouls_in("T:b") == (0, 0, 0, 0)
    assert any(e.kind == "reroll" and "-> [3, 4]" in e.text for e in g.events)


def _spawn_game(level_xp: int = 8, seed: int = 5):
    """S1 before its first Spawn card, Tom's XP set by hand (so not replayable from the log)."""
    g = Game.new("S1", seed=seed)
    g.state.survivors["tom"].xp = g.state.survivors["tom"].xp_total = level_xp
    g.touch()
    while g.needs() != "chance":
        g.step()
    return g


def test_a_spawn_card_is_a_visible_chance_step_grouped_by_what_it_does_now():
    g = _spawn_game(level_xp=8)  # Yellow (P. 14)
    assert g.state.queue[0].name == "spawn_card"
    node = g.chance_outcomes()
    # independent: read each card of the pile off the content, at Yellow (index 1)
    cards = {c.number: c for c in g.content.ghoul_deck}
    ref = Counter()
    for n in g.state.ghoul_deck:
        c = cards[n]
        if c.kind == "opening":
            ref[f"open:{c.ghoul}"] += 1
        elif c.counts[1]:
            ref[f"{c.ghoul}:{c.counts[1]}"] += 1
        else:
            ref["nothing"] += 1
    assert dict(node.items()) == dict(ref)
    assert node.total == len(g.state.ghoul_deck)


def test_openings_do_nothing_at_blue_and_group_with_nothing():
    g = _spawn_game(level_xp=0)
    keys = g.chance_outcomes().outcomes
    assert not any(k.startswith("open:") for k in keys)


def test_a_chosen_spawn_group_places_its_ghouls_and_takes_the_topmost_such_card():
    g = _spawn_game()
    zone = g.state.queue[0].args[0]
    before = g.state.ghouls_in(zone)
    cards = {c.number: c for c in g.content.ghoul_deck}
    pile = list(g.state.ghoul_deck)
    top_w2 = next(n for n in reversed(pile) if cards[n].kind == "spawn" and cards[n].ghoul == "walker"
                  and cards[n].counts[1] == 2)
    g.apply_chance("walker:2")
    assert g.state.ghouls_in(zone)[0] == before[0] + 2
    assert g.state.ghoul_discard[-1] == top_w2


def test_a_chosen_spawn_card_replays():
    g = Game.new("S1", seed=5)
    while g.needs() != "chance":
        g.step()
    g.apply_chance(g.chance_outcomes().outcomes[-1])
    g.run_until("round")
    assert g.replay().state_hash() == g.state_hash()


def test_a_chosen_card_number():
    g = _spawn_game()
    n = g.state.ghoul_deck[0]  # the bottom card
    g.apply_chance(n)
    assert g.state.ghoul_discard[-1] == n and n not in g.state.ghoul_deck
    with pytest.raises(IllegalAction, match="not in the pile"):
        g2 = _spawn_game()
        g2.apply_chance(999)


def test_search_draw_lists_card_types_weighted_by_copies():
    g = sandbox(HOUSE, {"ben": "T:K"})
    g.set_explicit_chance(True)
    g.apply(Action("search", "ben", ("house",)))
    node = g.chance_outcomes()
    assert node.kind == "equipment_card"
    ref = Counter(g.state.cards[u] for u in g.state.decks["house"])
    assert dict(node.items()) == dict(ref)
    uid = g.state.decks["house"][0]
    g.apply_chance(uid)
    assert g.pending.kind == "keep" and g.pending.data["card"] == uid
    assert g.replay().state_hash() == g.state_hash()


def test_json_round_trip_keeps_the_mode_and_the_pending_chance():
    g = shot()
    g.set_explicit_chance(True)
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    h = Game.from_json(g.to_json())
    assert h.explicit_chance and h.needs() == "chance"
    h.apply_chance(1)
    g.apply_chance(1)
    assert h.state_hash() == g.state_hash()
    assert json.loads(g.to_json())["explicit_chance"] is True


def test_switching_back_resolves_a_pending_roll_with_the_generator():
    g = shot()
    g.set_explicit_chance(True)
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    g.set_explicit_chance(False)
    assert g.needs() == "action"
    assert g.replay().state_hash() == g.state_hash()


def test_undo_a_chosen_outcome():
    g = shot()
    g.set_explicit_chance(True)
    g.apply(Action("ranged", "helen", ((0,), "T:b")))
    h = g.state_hash()
    g.apply_chance(2)
    g.undo()
    assert g.state_hash() == h and g.needs() == "chance"
