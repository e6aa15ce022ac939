"""The shipped content matches the rulebook's component list and recovered card values.

Expected numbers are typed in from the rulebook (page cited) or from the reference file
``../shared/reference/notld-data.md``, never computed with the loader under test.
"""
from __future__ import annotations

import json
import tomllib
from collections import Counter
from pathlib import Path

import pytest

from nollab.cli import main as cli_main
from nollab.content import DATA_DIR, load_content, provenance_summary
from nollab.content_model import DangerLevel

OK = Path(__file__).parent / "data" / "content_ok"


@pytest.fixture(scope="module")
def content():
    with pytest.MonkeyPatch.context() as mp:
        mp.delenv("NOLLAB_CONTENT", raising=False)
        return load_content(None)


@pytest.fixture(autouse=True)
def _no_user_env(monkeypatch):
    monkeypatch.delenv("NOLLAB_CONTENT", raising=False)


def test_equipment_deck_sizes_match_component_list_p3(content) -> None:
    """P. 3: 7 Starting, 11 Ranged, 11 Melee, 24 House, 11 Special cards (+ the Car card)."""
    sizes = {d: len(content.deck(d)) for d in ("starting", "ranged", "melee", "house", "special")}
    assert sizes == {"starting": 7, "ranged": 11, "melee": 11, "house": 24, "special": 11}
    assert len(content.equipment) == 26
    assert sum(c.count for c in content.equipment.values()) == 64  # 65 Equipment cards incl. the Car card


@pytest.mark.parametrize("card, decks", [
    ("winchester_94", {"starting": 1, "ranged": 1}), ("table_leg", {"starting": 3}), ("sawed_off", {"ranged": 4}),
    ("machete", {"melee": 4}), ("boards", {"house": 6}), ("karen_poor_baby", {"house": 4}),
    ("mas_shotgun", {"special": 4}), ("torch", {"special": 3}), ("axe", {"melee": 1}),
])
def test_card_counts_p3(content, card, decks) -> None:
    assert dict(content.equipment[card].decks) == decks


@pytest.mark.parametrize("card, action, stats", [
    ("claw_hammer", "melee", (0, 0, 1, 4, 1)), ("tire_iron", "melee", (0, 0, 1, 4, 1)),
    ("winchester_94", "ranged", (1, 3, 1, 3, 1)), ("ithaca_m37", "ranged", (0, 1, 2, 4, 2)),
    ("sawed_off", "ranged", (0, 1, 2, 3, 1)), ("sw_model_10", "ranged", (0, 1, 1, 3, 1)),
    ("uzi", "ranged", (0, 1, 3, 5, 1)), ("baseball_bat", "melee", (0, 0, 1, 3, 1)),
    ("katana", "melee", (0, 0, 2, 4, 1)), ("torch", "melee", (0, 0, 2, 3, 2)),
    ("scoped_winchester", "ranged", (1, 3, 1, 3, 1)), ("mas_shotgun", "ranged", (0, 1, 2, 3, 2)),
])
def test_recovered_weapon_stats(content, card, action, stats) -> None:
    """Range min/max, Dice, Accuracy, Damage as decoded in notld-data §2.2 (P. 12-13, 26-30)."""
    p = getattr(content.equipment[card], action)
    assert (p.range_min, p.range_max, p.dice, p.accuracy, p.damage) == stats


def test_weapon_traits(content) -> None:
    eq = content.equipment
    assert eq["uzi"].dual and eq["mas_shotgun"].dual  # P. 26, P. 29
    assert eq["sawed_off"].ranged.reload and eq["mas_shotgun"].ranged.reload  # P. 28-29
    assert not eq["mas_shotgun"].melee.reload  # Reload on its Ranged Action only (P. 29)
    assert eq["mas_shotgun"].zombicide_only  # P. 29
    assert eq["scoped_winchester"].sniper  # P. 28-29
    assert {c.id for c in eq.values() if c.opens_barricades} == {"claw_hammer", "tire_iron"}  # P. 13
    assert {c.id for c in eq.values() if c.backpack} == {
        "flammable_fluid", "mason_jar", "plenty_of_bullets", "plenty_of_shells", "scope"}


def test_combinations_p29_30(content) -> None:
    combos = {c.output: c for c in content.combinations}
    assert set(combos) == {"mas_shotgun", "molotov", "scoped_winchester", "torch"}
    assert set(combos["torch"].inputs) == {"table_leg", "flammable_fluid"}
    assert combos["torch"].keeps == ("flammable_fluid",)  # P. 30: the Flammable Fluid is kept
    assert combos["molotov"].keeps == ()


def test_car_reference_card(content) -> None:
    car = content.car
    assert (car.attack.action, car.attack.range_min, car.attack.range_max, car.attack.accuracy) == ("car", 0, 0, 4)
    assert (car.passengers, car.drive_min, car.drive_max) == (5, 1, 2)  # P. 20-21
    assert car.provenance["attack.dice"].reconstructed and not car.provenance["attack.accuracy"].reconstructed


def test_ghoul_types_p17_p27(content) -> None:
    g = content.ghoul_types
    assert {k: (v.pool, v.wounds, v.min_damage, v.priority, v.xp) for k, v in g.items()} == {
        "walker": (28, 1, 1, 2, 1), "breaker": (12, 1, 1, 2, 1), "fatty": (12, 2, 2, 1, 1), "relative": (2, 1, 1, 2, 1)}


def test_ghoul_deck_structure_p32(content) -> None:
    """46 cards numbered 1..46; #1-42 spawn, #43-46 Barricade & Door Opening (P. 32)."""
    deck = content.ghoul_deck
    assert [c.number for c in deck] == list(range(1, 47))
    assert all(c.kind == "spawn" for c in deck[:42]) and all(c.kind == "opening" for c in deck[42:])
    assert {c.ghoul for c in deck[42:]} == {"walker", "breaker", "fatty", "relative"}


def test_ghoul_deck_easy_then_hard_p32(content) -> None:
    """#1-21 have fewer Breakers/Relatives than #22-42; #22-42 more Ghouls at low levels (P. 32)."""
    easy, hard = content.ghoul_deck[:21], content.ghoul_deck[21:42]
    rare = lambda cards: sum(c.ghoul in ("breaker", "relative") for c in cards)  # noqa: E731
    assert rare(easy) < rare(hard)
    for level in (DangerLevel.BLUE, DangerLevel.YELLOW):
        assert sum(c.at(level) for c in easy) < sum(c.at(level) for c in hard)


def test_relatives_rarer_in_the_easy_half_p32(content) -> None:
    """P. 32: in #1-21 "Ghouls appear with a limited number of Breakers and Relatives" (FR l.3026-3028:
    "Les Casseurs et les Proches apparaissent moins souvent"): #22-42 hold more Relative cards than
    #1-21 (the reconstruction had one in each half)."""
    easy, hard = content.ghoul_deck[:21], content.ghoul_deck[21:42]
    relatives = lambda cards: sum(c.ghoul == "relative" for c in cards)  # noqa: E731
    assert relatives(easy) < relatives(hard)


def test_no_nothing_at_blue_in_the_hard_half_p32(content) -> None:
    """P. 32: #22-42 "Ghouls come in greater numbers, especially at low Danger Levels": reading, no card
    of the hard half reads NOTHING! at Blue (the reconstruction's #31 copied #16's Blue line)."""
    assert [c.number for c in content.ghoul_deck[21:42] if c.at(DangerLevel.BLUE) == 0] == []


@pytest.mark.parametrize("number", [31, 35])
def test_hard_half_relative_cards_are_reconstructed(content, number) -> None:
    """#31 and #35: 1 Relative at every Danger Level, marked reconstructed with the P. 32 reason."""
    card = content.ghoul_deck[number - 1]
    assert (card.kind, card.ghoul, card.counts) == ("spawn", "relative", (1, 1, 1, 1))
    assert card.provenance.reconstructed and "P. 32" in card.provenance.note
    assert card.field_provenance["counts"].reconstructed


@pytest.mark.parametrize("number, ghoul, counts", [
    (1, "walker", (1, 3, 5, 7)), (7, "breaker", (1, 1, 5, 7)), (12, "fatty", (1, 1, 5, 7))])
def test_recovered_ghoul_cards(content, number, ghoul, counts) -> None:
    """Cards read from the card art (P. 24-25, P. 32; FR l.2229-2264, l.181-201)."""
    card = content.ghoul_deck[number - 1]
    assert (card.number, card.kind, card.ghoul, card.counts) == (number, "spawn", ghoul, counts)
    assert card.provenance.source == "rulebook"
    assert card.at(DangerLevel.YELLOW) == counts[1]


def test_relative_and_opening_cards(content) -> None:
    c16, c43 = content.ghoul_deck[15], content.ghoul_deck[42]
    assert (c16.ghoul, c16.counts[0]) == ("relative", 0)  # "NOTHING!" at Blue (reading, P. 32)
    assert c16.field_provenance["ghoul"].source == "rulebook" and c16.provenance.reconstructed
    assert (c43.kind, c43.ghoul, c43.provenance.source) == ("opening", "walker", "rulebook")


def test_skills_p46(content) -> None:
    names = {s.name for s in content.skills.values()}
    assert len(content.skills) == 21
    assert {"+1 Action", "+1 die: Combat", "+1 die: Melee", "+1 die: Ranged", "+1 free Search Action",
            "+1 to dice roll: Ranged", "Ambidextrous", "Barbarian", "Bloodlust: Melee", "Hawk-eye", "Hit & Run",
            "Shove", "Slippery", "Sniper", "Taunt"} <= names
    assert content.skill("Hawk-eye").name_fr == "Œil de lynx"
    assert all(not p.reconstructed for s in content.skills.values() for p in s.provenance.values())


def test_survivor_trees_follow_p14(content) -> None:
    """Romero 0/1/1/1, Zombicide 1 / +1 Action / 2 / 3 (P. 14); every P. 46 skill is on some card."""
    assert set(content.survivors) == {"barbra", "ben", "harry", "helen", "judy", "tom"}
    used = set()
    for s in content.survivors.values():
        assert [len(s.romero.at(lv)) for lv in DangerLevel] == [0, 1, 1, 1]
        assert [len(s.zombicide.at(lv)) for lv in DangerLevel] == [1, 1, 2, 3]
        assert s.zombicide.at(DangerLevel.YELLOW) == ("plus_1_action",)
        used |= {sid for lv in DangerLevel for sid in s.zombicide.at(lv) + s.romero.at(lv)}
    assert used == set(content.skills)


def test_barbra_recovered_tree(content) -> None:
    """Barbra's Zombicide side (P. 32 Ultrared example; FR l.2982-3006)."""
    b = content.survivors["barbra"].tree("zombicide")
    assert b.levels == (("slippery",), ("plus_1_action",),
                        ("plus_1_free_move_action", "plus_1_free_combat_action"),
                        ("barbarian", "plus_1_die_combat", "plus_1_free_move_action"))
    assert content.survivors["barbra"].romero.at(DangerLevel.ORANGE) == ("plus_1_action",)


@pytest.mark.parametrize("xp, level", [(0, "BLUE"), (6, "BLUE"), (7, "YELLOW"), (18, "YELLOW"),
                                       (19, "ORANGE"), (42, "ORANGE"), (43, "RED"), (120, "RED")])
def test_danger_level_boundaries_p14(content, xp, level) -> None:
    assert content.danger_level(xp) is DangerLevel[level]


def test_every_value_has_provenance(content) -> None:
    """Reconstructed values always say why; the known gaps are marked reconstructed."""
    eq = content.equipment
    for card in eq.values():
        assert card.provenance, card.id
        assert all(p.note for p in card.provenance.values())
    assert eq["crowbar"].provenance["melee.dice"].reconstructed
    assert eq["chainsaw"].provenance["melee.accuracy"].reconstructed
    assert eq["flashlight"].provenance["effect"].reconstructed
    assert eq["machete"].provenance["melee.dice"].reconstructed
    assert not eq["machete"].provenance["melee.accuracy"].reconstructed
    assert not eq["claw_hammer"].provenance["opens_barricades"].reconstructed
    assert content.survivors["harry"].provenance["zombicide.red"].reconstructed
    assert not content.survivors["barbra"].provenance["zombicide.red"].reconstructed


def test_provenance_summary_counts(content) -> None:
    """Skill values counted straight from skills.toml; totals are the sum of the categories."""
    raw = tomllib.loads((DATA_DIR / "skills.toml").read_text(encoding="utf-8"))["skill"]
    skill_values = sum(len([k for k in s if k != "provenance"]) for s in raw.values())
    summary = provenance_summary(content)
    assert summary["skills"] == {"rulebook": skill_values, "reconstructed": 0}
    assert summary["danger"] == {"rulebook": 4, "reconstructed": 0}
    assert summary["ghoul_types"] == {"rulebook": 4 * 8, "reconstructed": 0}
    cats = [v for k, v in summary.items() if k != "total"]
    assert summary["total"]["rulebook"] == sum(c["rulebook"] for c in cats)
    assert summary["total"]["reconstructed"] == sum(c["reconstructed"] for c in cats) > 0


def test_override_one_card_field_by_field(content) -> None:
    """A user file with two numbers of the Crowbar replaces just those, and nothing else."""
    mine = load_content(OK / "one_card")
    crowbar = mine.equipment["crowbar"]
    assert (crowbar.melee.dice, crowbar.melee.accuracy) == (2, 3)
    assert crowbar.melee.damage == content.equipment["crowbar"].melee.damage
    assert crowbar.provenance["melee.dice"].source == "rulebook" and "own box" in crowbar.provenance["melee.dice"].note
    assert crowbar.provenance["melee.damage"].reconstructed
    assert {k: v for k, v in mine.equipment.items() if k != "crowbar"} == \
           {k: v for k, v in content.equipment.items() if k != "crowbar"}
    assert mine.ghoul_deck == content.ghoul_deck
    assert mine.sources[-1].endswith("one_card/equipment.toml")


def test_override_one_ghoul_card_via_env(monkeypatch, content) -> None:
    monkeypatch.setenv("NOLLAB_CONTENT", str(OK / "one_ghoul_card"))
    mine = load_content()
    card = mine.ghoul_deck[1]
    assert (card.number, card.ghoul, card.counts) == (2, "breaker", (0, 2, 4, 6))
    assert card.provenance.note == "my copy, card #2"
    assert mine.ghoul_deck[:1] == content.ghoul_deck[:1] and mine.ghoul_deck[2:] == content.ghoul_deck[2:]


def test_default_content_is_cached() -> None:
    assert load_content() is load_content(None)


def test_cli_content_json(capsys) -> None:
    assert cli_main(["content", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["equipment"]["decks"] == {"starting": 7, "ranged": 11, "melee": 11, "house": 24, "special": 11}
    assert data["ghoul_deck"]["size"] == 46
    comp = data["ghoul_deck"]["composition"]
    assert sum(comp["spawn"].values()) == 42 and sum(comp["opening"].values()) == 4
    assert set(data["survivors"]) == {"barbra", "ben", "harry", "helen", "judy", "tom"}
    assert data["survivors"]["barbra"]["zombicide"]["blue"] == ["slippery"]
    assert data["danger_thresholds"] == {"blue": 0, "yellow": 7, "orange": 19, "red": 43}
    assert data["skills"] == 21 and data["car"]["passengers"] == 5
    assert set(data["provenance"]["total"]) == {"rulebook", "reconstructed"}


def test_cli_content_table_and_override(capsys) -> None:
    assert cli_main(["content", "--content", str(OK / "one_card")]) == 0
    out = capsys.readouterr().out
    assert "starting   7 cards" in out and "Ghoul deck: 46 cards" in out and "Provenance:" in out


def test_cli_bad_content_is_one_line_exit_2(capsys) -> None:
    bad = Path(__file__).parent / "data" / "content" / "wrong_type"
    assert cli_main(["content", "--json", "--content", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("nollab content: error: ") and "[sawed_off] field 'ranged.dice'" in err
    assert "\n" not in err


def test_ghoul_deck_composition(content) -> None:
    """Every card names a Ghoul type of the box (P. 17); the reconstructed deck has 3 Relative spawn cards
    (#16 recovered, #31 and #35 reconstructed, docs/rulings.md) and 22 Walker spawn cards."""
    kinds = Counter((c.kind, c.ghoul) for c in content.ghoul_deck)
    assert {g for _, g in kinds} == set(content.ghoul_types)
    assert kinds[("spawn", "relative")] == 3 and kinds[("spawn", "walker")] == 22


def test_override_with_own_provenance(tmp_path: Path) -> None:
    """A player's provenance for a sub-table covers the fields they set in it."""
    (tmp_path / "equipment.toml").write_text(
        '[card.axe.melee]\ndice = 2\ndamage = 2\n[card.axe.provenance]\nmelee = "reconstructed: friend\'s memory"\n',
        encoding="utf-8")
    axe = load_content(tmp_path).equipment["axe"]
    assert axe.melee.dice == 2
    assert axe.provenance["melee.dice"] == axe.provenance["melee.damage"]
    assert axe.provenance["melee.dice"].note == "friend's memory"
    assert axe.provenance["name"].source == "rulebook"


def test_weapon_lookup_by_unique_prefix_and_ambiguity():
    """Players type the name they read on the card: a unique prefix is enough."""
    import pytest

    from nollab.content import load_content

    c = load_content()
    assert c.weapon("Ithaca").id == "ithaca_m37"
    assert c.weapon("  sawed-off ").id == "sawed_off"
    assert c.weapon("scoped").id == "scoped_winchester"
    with pytest.raises(KeyError, match="ambiguous"):
        c.weapon("t")  # Table Leg, Tire Iron, Torch
    with pytest.raises(KeyError, match="unknown"):
        c.weapon("Bazooka")
