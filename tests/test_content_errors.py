"""Malformed content files raise one ContentError naming file, entry and field, and load nothing.

Each fixture folder under ``tests/data/content/`` is a player's content folder with one
mistake in it. The expected fragments were written by hand from the fixture, not computed.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import nollab.content as content_mod
from nollab.content import ContentError, load_content

FIXTURES = Path(__file__).parent / "data" / "content"

# case -> (file, entry, field, a word of the reason)
CASES = {
    "unknown_field": ("equipment.toml", "[crowbar]", "field 'weight'", "unknown field"),
    "wrong_type": ("equipment.toml", "[sawed_off]", "field 'ranged.dice'", "non-negative integer, got 'two'"),
    "negative_count": ("equipment.toml", "[uzi]", "field 'decks.ranged'", "got -1"),
    "accuracy_out_of_range": ("equipment.toml", "[katana]", "field 'melee.accuracy'", "2..6"),
    "range_min_above_max": ("equipment.toml", "[uzi]", "field 'ranged.range_min'", "range_min 2 > range_max 1"),
    "equipment_deck_size": ("equipment.toml", "[decks]", "field 'melee'", "has 12 cards"),
    "ghoul_deck_size": ("ghoul_deck.toml", "[cards]", "field 'number'", "46 cards"),
    "ghoul_deck_duplicate": ("ghoul_deck.toml", "[card 12]", "field 'number'", "duplicate"),
    "unknown_ghoul_type": ("ghoul_deck.toml", "[card 2]", "field 'ghoul'", "'runner'"),
    "ghoul_counts_shape": ("ghoul_deck.toml", "[card 3]", "field 'counts'", "4 non-negative integers"),
    "unknown_skill": ("survivors.toml", "[tom]", "field 'zombicide.red'", "unknown skill 'lucky'"),
    "zombicide_skill_count": ("survivors.toml", "[judy]", "field 'zombicide.orange'", "2 skill(s)"),
    "romero_skill_count": ("survivors.toml", "[ben]", "field 'romero.blue'", "0 skill(s)"),
    "zombicide_yellow": ("survivors.toml", "[helen]", "field 'zombicide.yellow'", "+1 Action"),
    "unknown_combination_card": ("equipment.toml", "[combination mas_shotgun]", "field 'inputs'", "'duct_tape'"),
    "duplicate_name": ("equipment.toml", "[katana_2]", "field 'name'", "duplicate"),
    "provenance_source": ("equipment.toml", "[crowbar]", "field 'provenance.melee'", "'guess'"),
    "missing_required": ("skills.toml", "[lucky]", "field 'kind'", "missing required field"),
    "unknown_file": ("weapons.toml", "[weapons]", "field 'weapons.toml'", "unknown content file"),
    "danger_order": ("danger.toml", "[orange]", "field 'xp'", "increase"),
    "negative_pool": ("ghouls.toml", "[walker]", "field 'pool'", "got -3"),
    "unknown_note": ("ghoul_deck.toml", "[card 5]", "field 'provenance.default'", "'@nope'"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bad_content_names_file_entry_and_field(case: str) -> None:
    """Every malformed file names the file, the entry and the field (issue 2, item 4)."""
    fname, entry, field, reason = CASES[case]
    with pytest.raises(ContentError) as info:
        load_content(FIXTURES / case)
    msg = str(info.value)
    assert msg.startswith(str(FIXTURES / case / fname) + ": "), msg
    for part in (entry, field, reason):
        assert part in msg, (part, msg)
    assert "\n" not in msg


@pytest.mark.parametrize("case, line", [("toml_syntax", "line 2"), ("duplicate_table", "line 4")])
def test_toml_syntax_error_names_file_line_and_column(case: str, line: str) -> None:
    """A TOML syntax error (including a card table declared twice) gives file, line and column."""
    with pytest.raises(ContentError) as info:
        load_content(FIXTURES / case)
    msg = str(info.value)
    assert msg.startswith(str(FIXTURES / case / "equipment.toml") + ": TOML syntax error"), msg
    assert line in msg and "column" in msg


def test_content_error_is_a_value_error() -> None:
    assert issubclass(ContentError, ValueError)


def test_missing_user_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="not found"):
        load_content(tmp_path / "nope")


def test_nothing_is_loaded_partially() -> None:
    """A folder with one good file (Crowbar) and one bad file (Fatty wounds) loads nothing:
    the error is raised and the shipped content is unchanged afterwards."""
    before = load_content(None)
    with pytest.raises(ContentError, match=r"ghouls\.toml: \[fatty\] field 'wounds'"):
        load_content(FIXTURES / "partial_load")
    after = load_content(None)
    assert after.equipment["crowbar"].melee == before.equipment["crowbar"].melee
    assert after.equipment["crowbar"].melee.dice == 1  # shipped placeholder, not the good file's 2
    assert after.ghoul_types["fatty"].wounds == 2


def test_shipped_value_without_provenance_is_an_error(tmp_path: Path, monkeypatch) -> None:
    """A shipped value must carry a provenance: remove Scope's and loading fails naming it."""
    data = tmp_path / "data"
    shutil.copytree(content_mod.DATA_DIR, data)
    path = data / "equipment.toml"
    text = path.read_text(encoding="utf-8")
    block = '[card.scope.provenance]\ndefault = "rulebook: P. 3 (count), P. 29, FR l.2786-2788 text"\n'
    assert block in text
    path.write_text(text.replace(block, ""), encoding="utf-8")
    monkeypatch.setattr(content_mod, "DATA_DIR", data)
    with pytest.raises(ContentError) as info:
        load_content(None)
    msg = str(info.value)
    assert msg.startswith("equipment.toml: [scope] field '") and "no provenance" in msg, msg


def test_reconstructed_without_reason_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "equipment.toml").write_text(
        '[card.axe.melee]\ndice = 2\n[card.axe.provenance]\n"melee.dice" = "reconstructed:"\n', encoding="utf-8")
    with pytest.raises(ContentError, match=r"\[axe\] field 'provenance\.melee\.dice'.*reason"):
        load_content(tmp_path)
