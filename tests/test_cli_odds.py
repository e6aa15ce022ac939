"""``nollab odds`` / ``nollab spawn``: the JSON contract of issue 3, text output, and one-line errors."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from math import comb

import pytest

from nollab.cli import main

FRAC = re.compile(r"^(\d+)/(\d+)$")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def frac(s: str) -> Fraction:
    m = FRAC.match(s)
    assert m, f"not p/q: {s!r}"
    p, q = int(m.group(1)), int(m.group(2))
    assert Fraction(p, q).numerator == p and Fraction(p, q).denominator == q, f"{s} not in lowest terms"
    return Fraction(p, q)


def dist_ok(d: dict) -> dict:
    probs = {k: frac(v) for k, v in d.items()}
    assert sum(probs.values()) == 1
    return probs


def odds_json(capsys, *argv):
    code, out, err = run(capsys, "odds", *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    for key in ("hits", "kills", "friendly_wounds"):
        dist_ok(data[key])
    frac(data["p_clear"])
    frac(data["expected_kills"])
    return data


def test_odds_json_keys_and_exact_values_for_dual_uzis(capsys):
    """P. 26: two Uzis, 6 dice at 5+, against 3 Walkers with Harry standing there."""
    data = odds_json(capsys, "--weapon", "Uzi", "--dual", "--target", "walker=3", "--friends", "1")
    assert set(data) >= {"hits", "kills", "friendly_wounds", "p_clear", "expected_kills"}
    p_hit = Fraction(1, 3)
    want_clear = sum(comb(6, k) * p_hit**k * (1 - p_hit) ** (6 - k) for k in range(3, 7))
    assert frac(data["p_clear"]) == want_clear
    assert frac(data["hits"]["0"]) == Fraction(2, 3) ** 6
    assert frac(data["kills"]["walker=3"]) == want_clear
    assert frac(data["friendly_wounds"]["6"]) == Fraction(2, 3) ** 6


def test_odds_ithaca_kills_keys_p27(capsys):
    data = odds_json(capsys, "--weapon", "Ithaca M37", "--target", "walker=2,fatty=1,relative=1")
    kills = dist_ok(data["kills"])
    assert kills == {"none": Fraction(1, 4), "fatty=1": Fraction(1, 2), "fatty=1,relative=1": Fraction(1, 4)}


def test_odds_ad_hoc_melee_goal_and_reroll(capsys):
    data = odds_json(capsys, "--dice", "2", "--accuracy", "4", "--damage", "1", "--melee", "--target",
                     "fatty=1,breaker=1,walker=1", "--goal", "kill:breaker")
    assert set(dist_ok(data["kills"])) == {"none", "breaker=1", "walker=1,breaker=1"}
    assert dist_ok(data["friendly_wounds"]) == {"0": 1}
    plain = odds_json(capsys, "--weapon", "Sawed-Off", "--target", "walker=2")
    best = odds_json(capsys, "--weapon", "Sawed-Off", "--target", "walker=2", "--plenty", "--reroll", "optimal")
    p = Fraction(4, 9)
    assert frac(plain["p_clear"]) == p and frac(best["p_clear"]) == p + (1 - p) * p


def test_odds_actions_with_reload(capsys):
    one = odds_json(capsys, "--weapon", "Sawed-Off", "--target", "walker=2", "--actions", "2")
    three = odds_json(capsys, "--weapon", "Sawed-Off", "--target", "walker=2", "--actions", "3")
    assert frac(one["p_clear"]) == Fraction(4, 9)  # the 2nd Action reloads (P. 28)
    assert frac(three["p_clear"]) > Fraction(4, 9)


def test_odds_skills_molotov_and_car(capsys):
    a = odds_json(capsys, "--weapon", "Katana", "--skill", "+1 die: Melee", "--skill", "Ambidextrous",
                  "--dual", "--target", "walker=6")
    assert max(int(h) for h in a["hits"]) == 6
    m = odds_json(capsys, "--weapon", "Molotov", "--target", "walker=4,fatty=2")
    assert m["p_clear"] == "1/1" and m["kills"] == {"fatty=2,walker=4": "1/1"}
    c = odds_json(capsys, "--weapon", "car", "--target", "fatty=1")
    assert frac(c["p_clear"]) == 1 - Fraction(1, 2) ** 3


def test_odds_text_has_table_and_bars(capsys):
    code, out, _ = run(capsys, "odds", "--dice", "3", "--accuracy", "4", "--damage", "1", "--target", "walker=2")
    assert code == 0 and "hits" in out and "#" in out and "P(clear) = 1/2" in out


@pytest.mark.parametrize("argv,arg", [
    (["--weapon", "Lightsaber"], "--weapon"),
    (["--dice", "2", "--accuracy", "7", "--damage", "1"], "--accuracy"),
    (["--dice", "-1", "--accuracy", "4", "--damage", "1"], "--dice"),
    (["--dice", "2", "--accuracy", "4", "--damage", "1", "--target", "walker:2"], "--target"),
    (["--dice", "2", "--accuracy", "4", "--damage", "1", "--target", "zombie=2"], "--target"),
    (["--dice", "2", "--accuracy", "4", "--damage", "1", "--skill", "Flying"], "--skill"),
    (["--dice", "2", "--accuracy", "4", "--damage", "1", "--goal", "win"], "--goal"),
    (["--weapon", "Katana", "--dual"], "--dual"),
    (["--weapon", "Katana", "--reroll", "optimal"], "--reroll"),
    (["--weapon", "Katana", "--ranged"], "--ranged"),
    (["--weapon", "Uzi", "--melee"], "--melee"),
    (["--weapon", "car", "--plenty"], "--plenty"),
    (["--dice", "2", "--accuracy", "4", "--damage", "1", "--game", "chess"], "--game"),
])
def test_bad_input_is_one_line_naming_the_argument_exit_2(capsys, argv, arg):
    code, out, err = run(capsys, "odds", *argv)
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and arg in lines[0]


def spawn_json(capsys, *argv):
    code, out, err = run(capsys, "spawn", *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    dist_ok(data["ghouls"])
    frac(data["p_relative"])
    frac(data["p_opening"])
    return data


def test_spawn_json_contract_and_p_opening(capsys):
    data = spawn_json(capsys, "--level", "yellow", "--zones", "2")
    assert set(data) >= {"ghouls", "p_relative", "p_opening", "expected"}
    assert frac(data["p_opening"]) == 1 - Fraction(comb(42, 2), comb(46, 2))
    assert set(data["expected"]) >= {"walker", "breaker", "fatty", "relative"}
    blue = spawn_json(capsys, "--level", "blue", "--zones", "3")
    assert blue["p_opening"] == "0/1"


def test_spawn_deck_file_yellow_example(capsys, tmp_path):
    """P. 25 example as a user's deck: 3 cards at Yellow = 3 Walkers, 1 Fatty, an opening card."""
    f = tmp_path / "deck.toml"
    f.write_text('cards = [\n { number = 1, kind = "spawn", ghoul = "walker", counts = [1, 3, 5, 7] },\n'
                 ' { number = 12, kind = "spawn", ghoul = "fatty", counts = [1, 1, 5, 7] },\n'
                 ' { number = 43, kind = "opening", ghoul = "walker" },\n]\n')
    data = spawn_json(capsys, "--level", "yellow", "--zones", "3", "--deck-file", str(f))
    assert data["ghouls"] == {"walker=3,fatty=1": "1/1"} and data["p_opening"] == "1/1"


def test_spawn_counts_what_is_placed_p25(capsys):
    """The box is out of Walkers (28 on the board): a Walker card places none and gives an extra
    Activation; the cards' totals stay under ``requested``."""
    import tomllib
    from pathlib import Path

    import nollab

    raw = tomllib.loads((Path(nollab.__file__).parent / "data" / "ghoul_deck.toml").read_text())["cards"]
    walker_cards = sum(1 for c in raw if c.get("kind", "spawn") == "spawn" and c["ghoul"] == "walker"
                       and c["counts"][3] > 0)
    data = spawn_json(capsys, "--level", "red", "--on-board", "walker=28")
    assert data["expected"]["walker"] == "0/1"
    assert frac(data["extra_activations"]["walker=1"]) == Fraction(walker_cards, len(raw))
    assert frac(data["p_run_out"]["walker"]) == Fraction(walker_cards, len(raw))
    assert sum(frac(v) for k, v in data["requested"].items() if k.startswith("walker=")) == Fraction(
        walker_cards, len(raw))


@pytest.mark.parametrize("argv,arg", [
    (["--on-board", "walker=29"], "--on-board"),
    (["--level", "purple"], "--level"),
    (["--zones", "-2"], "--zones"),
    (["--deck", "medium"], "--deck"),
    (["--discarded", "1,x"], "--discarded"),
    (["--discarded", "99"], "--discarded"),
    (["--deck-file", "/nonexistent.toml"], "--deck-file"),
])
def test_spawn_bad_input(capsys, argv, arg):
    code, out, err = run(capsys, "spawn", *argv)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and arg in lines[0]


def test_console_script_runs_in_a_fresh_process():
    p = subprocess.run([sys.executable, "-m", "nollab.cli", "odds", "--dice", "1", "--accuracy", "4",
                        "--damage", "1", "--target", "walker=1", "--json"], capture_output=True, text=True)
    assert p.returncode == 0 and json.loads(p.stdout)["p_clear"] == "1/2"


def test_game_option_dispatches_to_the_packs(capsys, monkeypatch):
    """``--game`` other than notld goes to nollab.packs.cli.run_pack (owned by the packs)."""
    from nollab.cli import odds_cmd

    seen = {}

    def fake_run_pack(args):
        seen["game"] = args.game
        print("pack answered")
        return 0

    monkeypatch.setattr(odds_cmd, "run_pack", fake_run_pack)
    code, out, _ = run(capsys, "odds", "--game", "zpocalypse")
    assert code == 0 and seen == {"game": "zpocalypse"} and "pack answered" in out
    code, out, _ = run(capsys, "odds", "--game", "notld", "--dice", "1", "--accuracy", "6", "--damage", "1",
                       "--target", "walker=1", "--json")
    assert code == 0 and json.loads(out)["p_clear"] == "1/6"
