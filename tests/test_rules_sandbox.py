"""The sandbox API (nollab.rules.sandbox): every field of a position, card copies by name, deck order,
Scene hooks set up as in a new game; bad input = one ValueError naming the field, nothing built."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from nollab.rules import Action, Game
from nollab.rules.position.cards import CardNames, card_name, card_uid
from nollab.rules.sandbox import sandbox

DATA = Path(__file__).resolve().parents[1] / "nollab" / "data"


def test_card_copies_are_named_by_deck_p7():
    """P. 7: the Starting-deck Winchester 94 is dealt at setup; another copy is in the Ranged deck.
    The two copies get distinct names whose deck is the one each card belongs to (read from the
    data file, not from the code under test)."""
    decks = tomllib.loads((DATA / "equipment.toml").read_text())["card"]["winchester_94"]["decks"]
    g = sandbox("S1", {"ben": "1R:c"})
    for deck in decks:
        u = card_uid(g, f"winchester_94~{deck}")
        assert g.state.cards[u] == "winchester_94" and g.state.origin[u] == deck
        assert card_name(g, u) == f"winchester_94~{deck}"
    with pytest.raises(ValueError, match="winchester_94~ranged, winchester_94~starting|winchester_94~starting, "):
        card_uid(g, "winchester_94")
    names = CardNames.of(g)
    assert len(set(names.names)) == len(g.state.cards)  # every copy has its own name
    assert names.uids("machete") == [card_uid(g, f"machete~{k}") for k in range(1, 5)]


def test_every_field_is_set_p14_p16_p28():
    """Wounds, XP with named Skills (P. 14), Equipment by copy (P. 16), fired Reload weapon (P. 28),
    carried Barricade tokens (P. 33), car seats (P. 20), round, first player."""
    g = sandbox("S4", {"barbra": "1R:c", "ben": "1R:c", "tom": "1R:c"},
                inventory={"ben": ["winchester_94~ranged", "sawed_off~2", "katana~1"]},
                skills={"ben": ["plus_1_action"]}, xp={"ben": 8}, wounds={"barbra": 2},
                fired=["sawed_off~2"], round=3, first_player="tom", carried_barricades={"barbra": 2},
                car="1R:c", car_seats={"tom": "driver", "barbra": "passenger"})
    st = g.state
    ben = st.survivors["ben"]
    assert [g.state.cards[u] for u in ben.inventory()] == ["winchester_94", "sawed_off", "katana"]
    assert ben.hands == [card_uid(g, "winchester_94~ranged"), card_uid(g, "sawed_off~2")]
    assert ben.backpack == [card_uid(g, "katana~1")]
    assert ben.xp == 8 and ben.slots == [[0, 0], [1, 0]]  # Ben's Zombicide Yellow: +1 Action (P. 14)
    assert st.survivors["barbra"].wounds == 2 and st.survivors["barbra"].barricades == 2
    assert st.fired == [card_uid(g, "sawed_off~2")]
    assert st.round == 3
    assert st.active == "tom"  # the First Player starts the round (P. 8)
    assert st.survivors["tom"].driver and st.survivors["barbra"].in_car and not st.survivors["barbra"].driver


def test_deck_top_is_the_last_card_listed_p18():
    """Search (P. 18) draws the top card: the sandbox lists piles bottom to top, so the last named
    card is the one drawn."""
    g = sandbox("S1", {"ben": "2R:K"}, decks={"house": ["boards~3", "scope~2"]})
    g.apply(Action("search", "ben", ("house",)))
    assert g.pending is not None and g.pending.kind == "keep"
    g.choose(["keep"])
    assert g.state.survivors["ben"].inventory() == [card_uid(g, "scope~2")]
    assert g.state.decks["house"][-1] == card_uid(g, "boards~3")  # next one down


def test_doors_barricades_spawns_ghouls_p18_p19_p24():
    g = sandbox("S1", {"ben": "2R:K"}, doors={"2R:dbk": True}, barricades=["2R:dps"],
                ghouls={"2R:S": {"walker": 2, "fatty": 1}}, spawns=[("4R:e", "white")])
    st = g.state
    assert st.opening_open["2R:dbk"] is True
    assert st.opening_kind["2R:dps"] == "barricade" and st.opening_open["2R:dps"] is False
    assert st.ghouls["2R:S"] == (2, 0, 1, 0)  # walker, breaker, fatty, relative (P. 17)
    assert st.spawns == [["4R:e", "white"]]


def test_scene_hooks_are_set_up_p42():
    """S9 "Spawning in houses" (P. 42) arms in a sandbox too: the closed houses are recorded, so
    opening one draws Ghoul cards; S9 starts in the Car, so who drives is asked."""
    g = sandbox("S9", {"barbra": "1V:t", "ben": "1V:t"})
    assert g.state.flags.get("closed_houses")
    assert g.pending is not None and g.pending.kind == "scene:driver"


def test_scene_sandbox_saves_loads_and_replays():
    g = sandbox("S1", {"ben": "1R:c"}, ghouls={"1R:c": {"walker": 1}}, inventory={"ben": ["katana~2"]})
    g.run_until("round", max_steps=400)
    assert Game.from_json(g.to_json()).state_hash() == g.state_hash()
    assert g.replay().state_hash() == g.state_hash()


@pytest.mark.parametrize("kw, field", [
    (dict(wounds={"ben": 3}), "wounds"),
    (dict(wounds={"tom": 1}), "wounds"),
    (dict(xp={"ben": -1}), "xp"),
    (dict(skills={"ben": ["barbarian"]}), "skills"),
    (dict(skills={"ben": ["no_such_skill"]}), "skills"),
    (dict(inventory={"ben": ["winchester_94"] * 3}), "inventory"),
    (dict(inventory={"ben": ["katana~9"]}), "inventory"),
    (dict(inventory={"ben": ["katana"] * 6}), "inventory"),
    (dict(fired=["katana~1"]), "fired"),
    (dict(round=0), "round"),
    (dict(round=10 ** 9), "round"),
    (dict(first_player="tom"), "first_player"),
    (dict(decks={"melee": ["uzi~1"]}), "decks"),
    (dict(decks={"bag": []}), "decks"),
    (dict(ghouls={"9Z:a": {"walker": 1}}), "ghouls"),
    (dict(ghouls={"1R:c": {"walker": 10 ** 6}}), "ghouls"),
    (dict(ghouls={"1R:c": {"zombie": 1}}), "ghouls"),
    (dict(doors={"nope": True}), "doors"),
    (dict(doors={"2R:dbk": "open"}), "doors"),
    (dict(barricades=["nope"]), "barricades"),
    (dict(spawns=[("1R:c", "green")]), "spawns"),
    (dict(car_seats={"ben": "driver"}), "car_seats"),
    (dict(modes={"ben": "fast"}), "modes"),
    (dict(ghoul_deck=[999]), "ghoul_deck"),
    (dict(carried_barricades={"ben": 51}), "carried_barricades"),
    (dict(flags={"x": object()}), "flags"),
])
def test_bad_input_names_the_field(kw, field):
    with pytest.raises(ValueError) as e:
        sandbox("S1", {"ben": "1R:c"}, **kw)
    msg = str(e.value)
    assert msg.startswith(field) and "\n" not in msg
