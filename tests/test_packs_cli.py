"""``nollab odds --game dead-panic|zombie-slayer|zpocalypse``: options, JSON conventions, errors."""
from __future__ import annotations

import argparse
import json
from fractions import Fraction

import pytest

from nollab.cli import UsageError, main
from nollab.packs.cli import add_pack_arguments, run_pack

NOTLD_OPTIONS = ["--game", "--json", "--dice", "--accuracy", "--damage", "--weapon", "--target", "--actions",
                 "--skill", "--reroll", "--goal", "--friends", "--dual", "--melee", "--ranged", "--range",
                 "--plenty", "--reload", "--car"]


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser()
    p.add_argument("--game")
    p.add_argument("--json", action="store_true")
    p.add_argument("--dice")
    add_pack_arguments(p)
    return p


def run(capsys, *argv) -> dict:
    assert run_pack(parser().parse_args(list(argv) + ["--json"])) == 0
    return json.loads(capsys.readouterr().out)


def test_pack_options_do_not_clash_with_notld_options():
    p = argparse.ArgumentParser()
    for opt in NOTLD_OPTIONS:
        p.add_argument(opt)
    add_pack_arguments(p)  # raises argparse.ArgumentError on a clash


def sums_to_one(d: dict) -> bool:
    return sum(Fraction(v) for v in d.values()) == 1


@pytest.mark.parametrize("zombie,flags,expect", [
    ("brawler", ["--grip-tape"], ("5/12", "0/1", "7/12")),
    ("brawler", ["--pipe-wrench"], ("5/18", "5/36", "7/12")),
    ("shambler", [], ("5/12", "1/6", "5/12")),
    ("creeper", ["--unarmed"], ("7/12", "5/36", "5/18")),
    ("brute", ["--grip-tape", "--pipe-wrench"], ("5/12", "0/1", "7/12")),
])
def test_dead_panic_melee_json(capsys, zombie, flags, expect):
    """P. 9 (Dead Panic): keys win, tie, lose as lowest-terms p/q."""
    out = run(capsys, "--game", "dead-panic", "--zombie", zombie, *flags)
    assert list(out) == ["win", "tie", "lose"] and tuple(out.values()) == expect and sums_to_one(out)


@pytest.mark.parametrize("argv", [
    ["--game", "dead-panic", "--query", "group", "--zombies", "shambler,brawler", "--on-loss", "drop"],
    ["--game", "dead-panic", "--query", "deliberate", "--zombie", "brute", "--attacks", "3"],
    ["--game", "dead-panic", "--query", "bag", "--draw", "3"],
    ["--game", "dead-panic", "--query", "arrivals", "--draw", "3", "--window", "3"],
    ["--game", "dead-panic", "--query", "wave", "--zombies", "sprinter@clearing,brute@woods", "--rounds", "3"],
    ["--game", "dead-panic", "--query", "creeper", "--rounds", "5"],
    ["--game", "zombie-slayer", "--zombie", "violet", "--luck", "1", "--hand", "2"],
    ["--game", "zombie-slayer", "--zombie", "blue", "--slayer-skill", "assault", "--holy", "0,0,0,0,1,1"],
    ["--game", "zombie-slayer", "--query", "defend", "--zombie", "green", "--potion"],
    ["--game", "zombie-slayer", "--query", "spawn", "--tiles", "sample,temple"],
    ["--game", "zombie-slayer", "--query", "search"],
    ["--game", "zpocalypse", "--red", "4", "--singles", "1", "--doubles", "1", "--knockdown", "--firearms", "2"],
    ["--game", "zpocalypse", "--query", "defend", "--singles", "2", "--doubles", "1", "--survivors", "2",
     "--armor", "1", "--night", "2", "--hp", "8"],
    ["--game", "zpocalypse", "--query", "smarts", "--smarts", "2"],
    ["--game", "zpocalypse", "--query", "ammo", "--firearms", "3"],
    ["--game", "zpocalypse", "--query", "throw", "--range-dice", "2"],
])
def test_every_query_prints_distributions_summing_to_one(capsys, argv):
    out = run(capsys, *argv)

    def check(v):
        if isinstance(v, dict) and v and all(isinstance(x, str) and "/" in x for x in v.values()):
            if all(k.lstrip("-").isdigit() or k in ("dropped", "standing", "cracked", "destroyed", "nothing",
                                                        "blue", "brown", "red") for k in v):
                assert sums_to_one(v), v
        elif isinstance(v, dict):
            for x in v.values():
                check(x)
        elif isinstance(v, str) and "/" in v:
            f = Fraction(v)
            assert 0 <= f and f"{f.numerator}/{f.denominator}" == v

    check(out)


def test_text_output_is_readable(capsys):
    assert run_pack(parser().parse_args(["--game", "dead-panic", "--zombie", "brute"])) == 0
    text = capsys.readouterr().out
    assert "2d6+0 vs Brute (fight 9)" in text and "13/18" in text and "reconstructed" in text


@pytest.mark.parametrize("argv,needle", [
    (["--game", "dead-panic"], "--zombie"),
    (["--game", "dead-panic", "--zombie", "ghoul"], "--zombie"),
    (["--game", "dead-panic", "--zombie", "brute", "--unarmed", "--grip-tape"], "--unarmed"),
    (["--game", "dead-panic", "--query", "fly"], "--query"),
    (["--game", "dead-panic", "--query", "bag", "--bag", "shambler=x"], "--bag"),
    (["--game", "dead-panic", "--query", "wave", "--wall", "gone"], "--wall"),
    (["--game", "zombie-slayer", "--zombie", "violet", "--luck", "9"], "--luck"),
    (["--game", "zombie-slayer", "--zombie", "pink"], "--zombie"),
    (["--game", "zombie-slayer", "--zombie", "blue", "--slayer-skill", "fly"], "--slayer-skill"),
    (["--game", "zombie-slayer", "--zombie", "blue", "--slayer-skill", "aimed-shot"], "--attack-kind"),
    (["--game", "zombie-slayer", "--zombie", "blue", "--holy", "1,2"], "--holy"),
    (["--game", "zombie-slayer", "--zombie", "necromancer", "--luck", "2"], "--luck"),
    (["--game", "zombie-slayer", "--query", "spawn", "--tiles", "moon"], "--tiles"),
    (["--game", "zpocalypse", "--red", "9"], "--red"),
    (["--game", "zpocalypse", "--query", "defend", "--night", "5", "--singles", "1"], "--night"),
    (["--game", "chess"], "--game"),
    (["--game", "zpocalypse", "--pack-content", "/nonexistent/box"], "--pack-content"),
])
def test_bad_input_raises_usage_error_naming_the_option(argv, needle):
    with pytest.raises(UsageError, match=needle.replace("-", r"\-")):
        run_pack(parser().parse_args(argv))


def test_through_nollab_odds(capsys):
    """The real command: ``nollab odds --game dead-panic --zombie brawler --grip-tape --json``."""
    assert main(["odds", "--game", "dead-panic", "--zombie", "brawler", "--grip-tape", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"win": "5/12", "tie": "0/1", "lose": "7/12"}
    assert main(["odds", "--game", "zpocalypse", "--dice", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["kills"] == {"0": "4/9", "1": "4/9", "2": "1/9"}
    assert main(["odds", "--game", "dead-panic", "--zombie", "nobody"]) == 2
    assert "--zombie" in capsys.readouterr().err
