"""One change to a position at a time (nollab.rules.position.edit, what the editor widget calls):
each returns a new game checked like a typed position; a bad change is one line, the game kept."""
from __future__ import annotations

import pytest

from nollab.rules import Game
from nollab.rules.position import edit as E
from nollab.rules.position.cards import card_uid


@pytest.fixture(scope="module")
def s1():
    return Game.new("S1", seed=2)


def test_ghouls_by_type_p17(s1):
    g = E.add_ghouls(E.add_ghouls(s1, "1R:c", "fatty", 2), "1R:c", "walker")
    assert g.state.ghouls["1R:c"] == (1, 0, 2, 0)  # walker, breaker, fatty, relative
    g = E.add_ghouls(g, "1R:c", "fatty", -2)
    assert g.state.ghouls["1R:c"] == (1, 0, 0, 0)
    assert "1R:c" not in s1.state.ghouls  # the game given is not changed
    with pytest.raises(ValueError, match="^ghouls: 1 walker"):
        E.add_ghouls(g, "1R:c", "walker", -2)


def test_survivor_fields_p14_p16_p17(s1):
    g = E.move_survivor(s1, "ben", "1R:c")
    g = E.set_wounds(g, "ben", 2)
    g = E.set_xp(g, "ben", 20)  # Orange (P. 14: 19-42 XP)
    g = E.set_skills(g, "ben", ["plus_1_action", "plus_1_die_ranged"])
    g = E.set_mode(g, "ben", "zombicide")
    g = E.set_equipment(g, "ben", ["winchester_94~ranged", "katana", "molotov"])
    s = g.state.survivors["ben"]
    assert (s.zone, s.wounds, s.xp, s.mode) == ("1R:c", 2, 20, "zombicide")
    assert s.lap_level == 2 and E.skills_of(g, "ben") == ["plus_1_action", "plus_1_die_ranged"]
    assert s.hands == [card_uid(g, "winchester_94~ranged"), card_uid(g, "katana~1")]
    assert [g.state.cards[u] for u in s.backpack] == ["molotov"]
    old = s1.state.survivors["ben"].inventory()
    assert all(u not in s.inventory() for u in old)  # his old card went back to its pile
    assert card_uid(g, "molotov~1") not in g.state.supply["molotov"]
    assert Game.from_position(g.position()).state_hash() == g.state_hash()
    with pytest.raises(ValueError, match="^wounds"):
        E.set_wounds(g, "ben", 3)
    t = E.set_equipment(g, "tom", ["winchester_94~ranged"])  # a named copy is taken from wherever it is
    assert t.state.survivors["tom"].hands[0] == card_uid(g, "winchester_94~ranged")
    assert card_uid(g, "winchester_94~ranged") not in t.state.survivors["ben"].inventory()
    with pytest.raises(ValueError, match="^equipment"):
        E.set_equipment(g, "tom", ["katana~1", "katana~1"])
    with pytest.raises(ValueError, match="^equipment"):
        E.set_equipment(g, "tom", ["no_such_card"])


def test_doors_barricades_spawns_p18_p19_p24(s1):
    g = E.set_door(s1, "2R:dbk", True)
    assert g.state.opening_open["2R:dbk"] is True
    g = E.set_barricade(g, "1R:wn1")
    assert g.state.opening_kind["1R:wn1"] == "barricade" and g.state.opening_open["1R:wn1"] is False
    g = E.set_barricade(g, "1R:wn1", False)
    assert "1R:wn1" not in g.state.opening_kind
    g = E.add_spawn(g, "1R:c", "yellow")  # a Scene colour (P. 24)
    assert ["1R:c", "yellow"] in g.state.spawns
    with pytest.raises(ValueError, match="white Spawn token"):
        E.add_spawn(g, "1R:c", "white")
    g = E.remove_spawn(g, "1R:c")
    assert all(z != "1R:c" for z, _c in g.state.spawns)
