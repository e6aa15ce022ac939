"""Dead Panic's box as data (reconstructed values marked, a player's box overrides them, errors name the
file, entry and field) and the command line (play, simulate, bad input)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from nollab.packs.content import PackContentError
from nollab.packs.dead_panic.engine.box import load_box
from nollab.packs.dead_panic.engine.game import Game


def test_shipped_box_marks_what_the_transcription_lacks():
    box = load_box()
    assert set(box.characters) == {"al", "barbara", "david", "michael", "julie", "maria", "ray", "sandra"}  # p. 5
    assert box.characters["barbara"].hand_limit == 6 and box.characters["al"].hand_limit == 5  # p. 3, p. 5
    assert sum(c.count for c in box.cabin.values()) == 29 and sum(e.count for e in box.events.values()) == 23  # p. 1
    assert box.events["gunfire"].skip_bait and box.events["shh"].skip_bait  # p. 11
    assert box.cabin["ak47"].damage == 4 and box.cabin["cross_bow"].range == "pistol"  # p. 4
    assert box.cabin["shotgun"].provenance.source == "reconstructed" and box.cabin["shotgun"].provenance.note
    assert box.rules.provenance.source == "reconstructed" and box.rules.actions == 2
    counts = box.provenance_counts()
    assert counts["reconstructed"] > 0 and counts["rulebook"] > 0


def test_a_players_box_overrides_field_by_field(tmp_path):
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "dead_panic.toml").write_text(
        "[rules]\nsurvivor_health = 2\n[cabin.shotgun]\nshots = 3\nsource = \"rulebook\"\n"
        "[characters.al]\ninjuries = 5\n")
    box = load_box(tmp_path)
    assert box.rules.survivor_health == 2 and box.cabin["shotgun"].shots == 3
    assert box.cabin["shotgun"].provenance.source == "rulebook" and box.characters["al"].injuries == 5
    assert box.cabin["pistol"].shots == load_box().cabin["pistol"].shots
    g = Game.new(seed=1, box=box)
    assert g.box.rules.survivor_health == 2


@pytest.mark.parametrize("text,needle", [
    ("[cabin.shotgun]\ncount = 5\n", "the Cabin deck holds 29 cards (p. 1), the counts add up to 30"),
    ("[events.two]\ndraw = \"lots\"\n", "field 'draw' must be"),
    ("[cabin.rifle]\nrange = \"cannon\"\n", "field 'range' must be one of"),
    ("[characters.al]\nability = \"flight\"\n", "field 'ability' must be one of"),
    ("[rules]\nliving_room_arc = 9\n", "field 'living_room_arc' must be 1..6"),
    ("[cabin.shotgun]\nshotz = 3\n", "unknown field(s) ['shotz']"),
    ("[rules]\nhand_limit = true\n", "must be an integer"),
    ("[characters.al]\ncolour = \"red\"\n", "must look like #a1b2c3"),
])
def test_bad_box_files_name_the_file_entry_and_field(tmp_path, text, needle):
    (tmp_path / "packs").mkdir()
    f = tmp_path / "packs" / "dead_panic.toml"
    f.write_text(text)
    with pytest.raises(PackContentError) as exc:
        load_box(tmp_path)
    assert needle in str(exc.value) and str(f) in str(exc.value)


def test_a_new_card_from_a_players_box_plays(tmp_path):
    (tmp_path / "packs").mkdir()
    (tmp_path / "packs" / "dead_panic.toml").write_text(
        "[cabin.machete]\nname = \"Machete\"\nkind = \"melee\"\ncount = 1\ndamage = 2\n"
        "[cabin.rope]\ncount = 1\n")
    box = load_box(tmp_path)
    from nollab.packs.dead_panic.engine.sandbox import position
    g = position(["al", "ray"], at={"al": "1:yard"}, zombies=[("brute", "1:yard")], hands={"al": ["machete"]},
                 turn="al", box=box)
    m = g.state.player("al").hand[0]
    g.apply(next(a for a in g.legal_actions() if a.kind == "melee" and a.params[1] == m.uid))
    g.resolve_chance(12)
    assert g.state.zombies[1].health == 1  # "Some melee weapons provide for 2 points of damage" (p. 9)


def run(*argv):
    return subprocess.run([sys.executable, "-m", "nollab.cli", *argv], capture_output=True, text=True, timeout=300)


def test_cli_play_dead_panic_text_json_and_log():
    r = run("play", "--game", "dead-panic", "--seed", "4", "--players", "3")
    assert r.returncode == 0 and r.stdout.startswith("Dead Panic (3) seed 4 policy bot:")
    assert "state hash" in r.stdout
    r = run("play", "--game", "dead-panic", "--seed", "4", "--characters", "julie,ray", "--policy", "random",
            "--json", "--log")
    assert r.returncode == 0
    lines = r.stdout.strip().splitlines()
    d = json.loads(lines[-1])
    assert d["setup"] == "julie,ray" and d["policy"] == "random" and d["result"] in ("won", "lost")
    assert any("(p. 2)" in line for line in lines[:-1])


@pytest.mark.parametrize("argv,needle", [
    (["play", "--game", "dead-panic", "--players", "9"], "--players 9: Dead Panic is for 2 to 6 players"),
    (["play", "--game", "dead-panic", "--characters", "al,zed"], "unknown character 'zed'"),
    (["play", "--game", "dead-panic", "--players", "3", "--characters", "al,ray"], "cannot be combined"),
    (["play", "--game", "dead-panic", "--policy", "heuristic"], "--policy must be one of first, random, bot"),
    (["simulate", "--game", "dead-panic", "--team", "al"], "--team/--team-size: NOTLD only"),
    (["simulate", "--game", "dead-panic", "--setup", "1"], "2 to 6 players"),
])
def test_cli_bad_input_one_line_exit_2(argv, needle):
    r = run(*argv)
    assert r.returncode == 2 and needle in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_cli_simulate_dead_panic_is_reproducible_across_workers():
    a = run("simulate", "--game", "dead-panic", "--games", "6", "--seed", "3", "--workers", "1", "--json")
    b = run("simulate", "--game", "dead-panic", "--games", "6", "--seed", "3", "--workers", "2", "--json")
    assert a.returncode == 0 and b.returncode == 0, a.stderr + b.stderr
    da, db = json.loads(a.stdout), json.loads(b.stdout)
    assert da["rows"] == db["rows"] and da["meta"]["game"] == "dead-panic"
    assert {r["result"] for r in da["rows"]} <= {"won", "lost"}
    assert set(da["summary"]["kills_by_type"]) == {"creeper", "shambler", "sprinter", "brawler", "brute",
                                                   "survivor_zombie"}
    t = run("simulate", "--game", "dead-panic", "--games", "4", "--workers", "1")
    assert t.returncode == 0 and t.stdout.startswith("dead-panic (4) with bot: 4 games") and "mean XP" not in t.stdout
